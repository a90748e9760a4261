import { EMPLOYEE_IMPORT_MAX_BYTES } from '@hr/core/browser';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './import-texts';
import { formatIsoDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { saveBase64 } from '../../lib/save-file';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { type Column, DataTable } from '../../ui/DataTable';
import { CancelButton } from '../../ui/ActionModal';
import { Modal } from '../../ui/Modal';
import { fileToBase64 } from '../../lib/read-file';
import { FileField } from '../../ui/FileField';
import { CheckboxField } from '../../ui/CheckboxField';

/** The server's limit: the file travels base64 in a JSON body of at most 1 MiB. */
const MAX_BYTES = EMPLOYEE_IMPORT_MAX_BYTES;

type Report = RouterOutputs['employee']['import']['dryRun'];
type ErrorRow = Report['errors'][number];
type PreviewRow = Report['preview'][number];

/**
 * Employee list → Import: download the template, choose a file (checked at once by a dry run that
 * lists every bad row with its column), then import: all rows, or the valid ones when asked.
 */
export function ImportEmployeesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ fileName: string; base64: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const check = trpc.employee.import.dryRun.useMutation({ meta: { silent: true } });
  const run = trpc.employee.import.commit.useMutation({
    meta: { silent: true },
    onSuccess: (r) => {
      notifySuccess(t('employeeImport.imported', { count: r.imported }));
      void utils.employee.list.invalidate();
      onClose();
    },
  });
  const report = check.data;

  const download = async () => {
    try {
      saveBase64(await utils.employee.import.template.fetch());
    } catch (err) {
      notifyError(err, 'query');
    }
  };
  const pick = async (f: File | undefined) => {
    check.reset();
    run.reset();
    setFile(null);
    setSkipInvalid(false);
    if (!f) return;
    if (!/\.(csv|xlsx)$/i.test(f.name) || f.size === 0 || f.size > MAX_BYTES) {
      setFileError(t('employeeImport.badFile'));
      return;
    }
    setFileError(null);
    const picked = { fileName: f.name, base64: await fileToBase64(f) };
    setFile(picked);
    check.mutate(picked);
  };

  const errorColumns: Column<ErrorRow>[] = [
    { key: 'row', header: t('employeeImport.row'), cell: (e) => e.row, className: 'text-right' },
    { key: 'column', header: t('employeeImport.column'), cell: (e) => e.column },
    { key: 'message', header: t('employeeImport.message'), cell: (e) => e.message },
  ];
  const previewColumns: Column<PreviewRow>[] = [
    { key: 'row', header: t('employeeImport.row'), cell: (r) => r.row, className: 'text-right' },
    {
      key: 'number',
      header: t('employeeImport.number'),
      cell: (r) => r.employeeNumber ?? <span className="text-slate-500">{t('employeeImport.numberAuto')}</span>,
    },
    { key: 'name', header: t('employeeImport.name'), cell: (r) => r.name },
    { key: 'email', header: t('employeeImport.email'), cell: (r) => r.email },
    { key: 'department', header: t('employeeImport.department'), cell: (r) => r.department ?? t('app.none') },
    { key: 'entryDate', header: t('employeeImport.entryDate'), cell: (r) => formatIsoDate(r.entryDate) },
  ];
  const canImport = !!file && !!report && report.valid > 0 && (report.invalid === 0 || skipInvalid) && !run.isPending;
  const failure = check.error?.message ?? run.error?.message ?? null;

  return (
    <Modal
      open
      onClose={onClose}
      title={t('employeeImport.title')}
      footer={
        <>
          <CancelButton onCancel={onClose}>{t('employeeImport.cancel')}</CancelButton>
          <Button disabled={!canImport} onClick={() => file && run.mutate({ ...file, skipInvalid })}>
            {run.isPending
              ? t('employeeImport.importing')
              : report
                ? t('employeeImport.import', { count: skipInvalid ? report.valid : report.rows })
                : t('employeeImport.button')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{t('employeeImport.intro')}</p>
      <Button variant="secondary" onClick={() => void download()}>
        {t('employeeImport.template')}
      </Button>
      <FileField
        id="employee-import-file"
        label={t('employeeImport.file')}
        error={fileError}
        hint={t('employeeImport.fileHint')}
        inputRef={picker}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onFiles={([f]) => void pick(f)}
      />
      {check.isPending ? <p className="text-sm text-slate-600">{t('employeeImport.checking')}</p> : null}
      {failure ? (
        <p className="text-sm text-red-600" role="alert">
          {failure}
        </p>
      ) : null}
      {report ? (
        <div className="space-y-3" data-testid="employee-import-report">
          <p className="text-sm font-medium text-slate-800">
            {t('employeeImport.summary', { rows: report.rows, valid: report.valid, invalid: report.invalid })}
          </p>
          {report.errors.length ? (
            <div className="max-h-64 overflow-auto" data-testid="employee-import-errors">
              <DataTable
                caption={t('employeeImport.errors')}
                columns={errorColumns}
                rows={report.errors}
                rowKey={(e) => `${e.row}-${e.column}`}
                empty=""
              />
              <p className="mt-1 text-xs text-slate-500">{t('employeeImport.fixHint')}</p>
            </div>
          ) : null}
          {report.invalid > 0 && report.valid > 0 ? (
            <CheckboxField label={t('employeeImport.skipInvalid')} checked={skipInvalid} onChange={setSkipInvalid} />
          ) : null}
          {report.preview.length ? (
            <div className="max-h-64 overflow-auto">
              <DataTable
                caption={t('employeeImport.preview')}
                columns={previewColumns}
                rows={report.preview}
                rowKey={(r) => r.row}
                empty=""
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
