import { POG_MAX_IMPORT_BYTES } from '@hr/core/browser';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { saveBase64 } from '../../lib/save-file';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { LookupCard } from './LookupCard';
import { fileToBase64 } from '../../lib/read-file';
import { formatPeriod, formatRp } from './shared';
import './texts';
import { FileField } from '../../ui/FileField';
import { LinkButton } from '../../ui/LinkButton';
import { RowLink } from '../../ui/link-column';

type Report = RouterOutputs['purchaseOfGood']['template']['import'];
type ErrorRow = Report['errors'][number];
type InvoiceRow = Report['invoices'][number];

/**
 * /purchaseOfGood/template: download the template, upload a filled one (checked by a dry run that
 * lists every bad row), import when clean (all or nothing); types and categories are managed here.
 */
export function TemplatePage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const picker = useRef<HTMLInputElement>(null);
  const [content, setContent] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const check = trpc.purchaseOfGood.template.import.useMutation({ onSuccess: setReport });
  const run = trpc.purchaseOfGood.template.import.useMutation({
    onSuccess: (r) => {
      notifySuccess(t('pog.imported', { count: r.invoiceIds.length }));
      setReport(r);
      setContent(null);
      if (picker.current) picker.current.value = '';
      void utils.purchaseOfGood.invalidate();
    },
  });
  const download = async () => saveBase64(await utils.purchaseOfGood.template.download.fetch());

  const pick = async (f: File | undefined) => {
    setReport(null);
    setContent(null);
    if (!f) return;
    if (!/\.xlsx$/i.test(f.name) || f.size === 0 || f.size > POG_MAX_IMPORT_BYTES) {
      setFileError(t('pog.badFile'));
      return;
    }
    setFileError(null);
    const b64 = await fileToBase64(f);
    setContent(b64);
    check.mutate({ contentBase64: b64, dryRun: true });
  };

  const errorColumns: Column<ErrorRow>[] = [
    { key: 'row', header: t('pog.row'), cell: (e) => e.row, className: 'text-right' },
    { key: 'column', header: t('pog.column'), cell: (e) => e.column || '-' },
    { key: 'message', header: t('pog.message'), cell: (e) => e.message },
  ];
  const imported = report?.imported ? report.invoiceIds : null;
  const invoiceColumns: Column<InvoiceRow>[] = [
    {
      key: 'number',
      header: t('pog.invoiceNumber'),
      cell: (r) => {
        const i = report?.invoices.indexOf(r) ?? -1;
        const invId = imported?.[i];
        return invId ? <RowLink to={`/purchaseOfGood/invoice/${invId}/detail`}>{r.invoiceNumber}</RowLink> : r.invoiceNumber;
      },
    },
    { key: 'employee', header: t('pog.employee'), cell: (r) => `${r.employeeNumber} ${r.employeeName}`.trim() },
    { key: 'type', header: t('pog.type'), cell: (r) => r.typeName },
    { key: 'date', header: t('pog.invoiceDate'), cell: (r) => formatIsoDate(r.invoiceDate) },
    { key: 'lines', header: t('pog.lines'), cell: (r) => r.lines, className: 'text-right' },
    { key: 'total', header: t('pog.total'), cell: (r) => formatRp(r.total), className: 'text-right tabular-nums' },
    { key: 'months', header: t('pog.months'), cell: (r) => r.months, className: 'text-right' },
    { key: 'start', header: t('pog.startPeriod'), cell: (r) => formatPeriod(r.startPeriod) },
  ];
  const clean = report && !report.imported && report.errors.length === 0 && report.invoices.length > 0;
  return (
    <>
      <PageTitle
        actions={
          <LinkButton to="/purchaseOfGood" variant="ghost">
            {t('pog.back')}
          </LinkButton>
        }
      >
        {t('routes.purchaseOfGood.template')}
      </PageTitle>
      <div className="space-y-4">
        <Card title={t('pog.template')}>
          <p className="mb-4 text-sm text-slate-600">{t('pog.templateIntro')}</p>
          <div className="flex flex-wrap items-end gap-4">
            <Button variant="secondary" onClick={() => void download()}>
              {t('pog.download')}
            </Button>
            <FileField
              id="pog-file"
              label={t('pog.file')}
              error={fileError}
              inputRef={picker}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onFiles={([f]) => void pick(f)}
            />
          </div>
          {check.isPending ? <p className="mt-4 text-sm text-slate-600">{t('pog.checking')}</p> : null}
          {report ? (
            <div className="mt-4 space-y-4" data-testid="pog-report">
              <p className="text-sm text-slate-700">
                {report.imported
                  ? t('pog.imported', { count: report.invoiceIds.length })
                  : t('pog.rowsRead', { rows: report.rows, invoices: report.invoices.length })}
              </p>
              {report.errors.length > 0 ? (
                <DataTable
                  caption={t('pog.errors')}
                  columns={errorColumns}
                  rows={report.errors}
                  rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
                  empty="-"
                />
              ) : !report.imported ? (
                <p className="text-sm text-emerald-700">{t('pog.noErrors')}</p>
              ) : null}
              {report.invoices.length > 0 ? (
                <DataTable
                  caption={t('pog.invoices')}
                  columns={invoiceColumns}
                  rows={report.invoices}
                  rowKey={(r) => r.invoiceNumber}
                  empty="-"
                />
              ) : null}
              {clean && content ? (
                <Button disabled={run.isPending} onClick={() => run.mutate({ contentBase64: content, dryRun: false })}>
                  {t('pog.importN', { count: report.invoices.length })}
                </Button>
              ) : null}
            </div>
          ) : null}
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          <LookupCard kind="type" />
          <LookupCard kind="category" />
        </div>
      </div>
    </>
  );
}
