import {
  CONTRACT_FILE_MAX_BYTES,
  CONTRACT_FILE_TYPES,
  CONTRACT_TYPES,
  type ContractRow,
  createContractInput,
  createSecondContractInput,
  createRecordInput,
  type CreateRecordInput,
  type EmployeeDetail,
  EMPLOYMENT_CHANGE_TYPES,
  type Placement,
  type RecordRow,
  type UpdateRecordInput,
  updateRecordInput,
} from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useSession } from '../../../lib/can';
import { formatIsoDate, formatNumber } from '../../../lib/format';
import { saveBase64 } from '../../../lib/save-file';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog';
import { Select } from '../../../ui/Select';
import { FormDialog } from '../../../ui/FormDialog';
import type { ControlProps, FieldView } from '../../../ui/FormFields';
import { type FormFieldDef, formFieldDefs, useSchemaForm } from '../../../lib/use-schema-form';
import { FixedSelect } from '../../shared/FixedSelect';
import { dateView, PLACEMENT_RESETS, placementViews } from '../../shared/placement-views';
import { toId } from '../../shared/use-lookups';
import { readUpload } from '../read-upload';
import './contract-texts';
import '../correction-texts';
import type { EmployeeField } from '../text-keys';
import { enumLabel } from '../../../lib/enum-labels';
import { toastThen } from '../../../lib/toast-then';
import { RowActionButton } from '../../../ui/RowActionButton';

const nameOf = (rec: Record<string, number>, v: number) => Object.entries(rec).find(([, n]) => n === v)?.[0] ?? String(v);
const rupiah = (s: string) => `Rp ${formatNumber(Number(s))}`;

function useRefresh(d: EmployeeDetail) {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.employee.detail.invalidate({ id: d.id }),
      utils.employee.contract.list.invalidate({ employeeId: d.id }),
      utils.employee.record.list.invalidate({ employeeId: d.id }),
    ]);
}

type ContractKind = 'main' | 'second';

/** The contract's file: download link, and (for editors) upload or replace. */
function ContractFileCell({ kind, k, canEdit }: { kind: ContractKind; k: ContractRow; canEdit: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [bad, setBad] = useState(false);
  const api = kind === 'main' ? trpc.employee.contract : trpc.employee.secondContract;
  const upload = api.uploadFile.useMutation(
    toastThen(
      () =>
        void (kind === 'main'
          ? utils.employee.contract.list.invalidate({ employeeId: k.employeeId })
          : utils.employee.secondContract.list.invalidate({ employeeId: k.employeeId })),
    ),
  );
  const download = async () =>
    saveBase64(
      kind === 'main'
        ? await utils.employee.contract.file.fetch({ id: k.id })
        : await utils.employee.secondContract.file.fetch({ id: k.id }),
    );
  const choose = async (f: File | undefined) => {
    if (!f) return;
    const file = await readUpload(f, CONTRACT_FILE_TYPES, CONTRACT_FILE_MAX_BYTES);
    setBad(!file);
    if (file) upload.mutate({ id: k.id, ...file });
  };
  const inputId = `${kind}-contract-file-${k.id}`;
  return (
    <div className="flex flex-col gap-1">
      {k.fileName ? (
        <button type="button" className="text-left text-sky-700 hover:underline" onClick={() => void download()}>
          {k.fileName}
        </button>
      ) : null}
      {canEdit ? (
        <label htmlFor={inputId} className="cursor-pointer text-xs text-sky-700 hover:underline" title={t('contractFiles.hint')}>
          {k.fileName ? t('contractFiles.replace') : t('contractFiles.upload')}
          <input
            id={inputId}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            className="sr-only"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
      ) : null}
      {bad ? (
        <span role="alert" className="text-xs text-red-600">
          {t('contractFiles.bad')}
        </span>
      ) : null}
    </div>
  );
}

/** Contracts with their salary: the salary history of the employee, newest first. */
export function ContractsCard({ d, kind = 'main' }: { d: EmployeeDetail; kind?: ContractKind }) {
  const { t } = useTranslation();
  const canEdit = useCan('employee.update');
  const [adding, setAdding] = useState(false);
  const main = trpc.employee.contract.list.useQuery({ employeeId: d.id, pageSize: 100 }, { enabled: kind === 'main' });
  const second = trpc.employee.secondContract.list.useQuery({ employeeId: d.id, pageSize: 100 }, { enabled: kind === 'second' });
  const q = kind === 'main' ? main : second;
  const rows: (ContractRow & { secondCompany?: string })[] = q.data?.rows ?? [];
  return (
    <Card
      title={kind === 'main' ? t('employeeDetail.sections.contracts') : t('contractFiles.secondTitle')}
      actions={
        canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            {kind === 'main' ? t('employeeDetail.addContract') : t('contractFiles.addSecond')}
          </Button>
        ) : null
      }
    >
      {rows.length > 0 ? (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1 pr-2">{t('employeeDetail.fields.contractNumber')}</th>
              {kind === 'second' ? <th className="py-1 pr-2">{t('contractFiles.secondCompany')}</th> : null}
              <th className="py-1 pr-2">{t('employeeDetail.fields.contractType')}</th>
              <th className="py-1 pr-2">{t('employeeDetail.fields.period')}</th>
              <th className="py-1 pr-2 text-right">{t('employeeDetail.fields.basicSalary')}</th>
              <th className="py-1 pr-2">{t('contractFiles.file')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((k) => (
              <tr key={k.id}>
                <td className="py-1 pr-2">{k.contractNumber}</td>
                {kind === 'second' ? <td className="py-1 pr-2">{k.secondCompany}</td> : null}
                <td className="py-1 pr-2">
                  {k.contractType == null ? nameOf(CONTRACT_TYPES, k.contractType) : enumLabel('contractType', k.contractType)}
                </td>
                <td className="py-1 pr-2">
                  {formatIsoDate(k.startDate)} – {k.endDate ? formatIsoDate(k.endDate) : '…'}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {rupiah(k.basicSalary)}
                  {k.salaryChange && k.salaryChange !== '0' ? (
                    <span className={Number(k.salaryChange) > 0 ? 'ml-1 text-emerald-700' : 'ml-1 text-red-700'}>
                      ({Number(k.salaryChange) > 0 ? '+' : '−'}
                      {formatNumber(Math.abs(Number(k.salaryChange)))})
                    </span>
                  ) : null}
                </td>
                <td className="py-1 pr-2">
                  <ContractFileCell kind={kind} k={k} canEdit={canEdit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-500">{q.isLoading ? t('app.loading') : t('employeeDetail.noRows')}</p>
      )}
      {adding ? <ContractDialog d={d} kind={kind} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

function SecondCompanySelect(p: ControlProps) {
  const q = trpc.reference.companySecond.lookup.useQuery();
  const options = ((q.data ?? []) as { id: number; name: string }[]).map((c) => ({ value: c.id, label: c.name }));
  return <Select {...p} options={options} loading={q.isFetching} placeholder="" />;
}

function ContractDialog({ d, kind, onClose }: { d: EmployeeDetail; kind: ContractKind; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(d);
  const utils = trpc.useUtils();
  const f = (k: EmployeeField) => t(`employeeDetail.fields.${k}`);
  const done = toastThen(
    () => void Promise.all([refresh(), utils.employee.secondContract.list.invalidate({ employeeId: d.id })]),
  );
  const saveMain = trpc.employee.contract.create.useMutation(done);
  const saveSecond = trpc.employee.secondContract.create.useMutation(done);
  // The salary part only for salary.update (issue 16 item 1); without it the contract carries the last salary.
  const canPay = useCan('salary.update');
  const fields: FormFieldDef<string>[] = [
    ...(kind === 'second' ? [{ key: 'secondCompanyId', label: t('contractFiles.secondCompany'), required: true }] : []),
    { key: 'contractNumber', label: f('contractNumber'), required: true },
    { key: 'contractType', label: f('contractType'), required: true },
    { key: 'startDate', label: f('startDate'), required: true },
    { key: 'endDate', label: f('endDate') },
    ...(canPay ? [{ key: 'basicSalary', label: f('basicSalary'), required: true }] : []),
    { key: 'notes', label: f('notes') },
  ];
  const form = useSchemaForm({
    idPrefix: kind === 'main' ? 'contract' : 'second-contract',
    fields,
    initial: {
      secondCompanyId: '',
      contractNumber: '',
      contractType: String(d.employment.contractType ?? ''),
      startDate: '',
      endDate: '',
      basicSalary: '',
      notes: '',
    },
    schema: kind === 'main' ? createContractInput : createSecondContractInput,
    toInput: (v) => ({
      employeeId: d.id,
      ...(kind === 'second' ? { secondCompanyId: toId(v.secondCompanyId ?? '') as number } : {}),
      contractNumber: v.contractNumber ?? '',
      contractType: Number(v.contractType),
      startDate: v.startDate ?? '',
      endDate: v.endDate || null,
      ...(canPay ? { basicSalary: (v.basicSalary ?? '').replace(/[.\s]/g, '') as unknown as number } : {}),
      notes: v.notes,
    }),
  });
  const views: FieldView<string>[] = [
    { key: 'secondCompanyId', render: (p) => <SecondCompanySelect {...p} /> },
    { key: 'contractNumber', maxLength: 60 },
    { key: 'contractType', render: (p) => <FixedSelect {...p} list="contractStatus" /> },
    dateView('startDate'),
    { ...dateView('endDate'), hint: t('employeeDetail.endDateHint') },
    ...(canPay
      ? [{ key: 'basicSalary', inputMode: 'numeric' as const, maxLength: 16, hint: t('employeeDetail.rupiahHint') }]
      : []),
    { key: 'notes', maxLength: 500 },
  ];
  return (
    <FormDialog
      title={kind === 'main' ? t('employeeDetail.addContract') : t('contractFiles.addSecond')}
      form={form}
      views={views}
      save={(input) =>
        kind === 'main'
          ? saveMain.mutateAsync(input)
          : saveSecond.mutateAsync(input as typeof input & { secondCompanyId: number })
      }
      pending={saveMain.isPending || saveSecond.isPending}
      onClose={onClose}
    />
  );
}

function PlacementText({ p }: { p: Placement }) {
  return <>{[p.companyOffice, p.department, p.division, p.section, p.jobPosition, p.jobLevel].filter(Boolean).join(' · ')}</>;
}

/**
 * Mutations, promotions, demotions and relocations, newest first, each with where from and where to;
 * editors correct or delete one (not on their own record: the server refuses that too).
 */
export function RecordsCard({ d }: { d: EmployeeDetail }) {
  const { t } = useTranslation();
  const canEdit = useCan('employee.update');
  const me = useSession();
  const canCorrect = canEdit && me.employeeId !== d.id;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RecordRow | null>(null);
  const [deleting, setDeleting] = useState<RecordRow | null>(null);
  const refresh = useRefresh(d);
  const remove = trpc.employee.record.delete.useMutation(toastThen(() => void refresh()));
  const q = trpc.employee.record.list.useQuery({ employeeId: d.id, pageSize: 100 });
  const nameOfRecord = (r: RecordRow) =>
    t('corrections.recordName', { type: nameOf(EMPLOYMENT_CHANGE_TYPES, r.changeType), date: formatIsoDate(r.effectiveDate) });
  return (
    <Card
      title={t('employeeDetail.sections.records')}
      actions={
        canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            {t('employeeDetail.addRecord')}
          </Button>
        ) : null
      }
    >
      {q.data && q.data.rows.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {q.data.rows.map((r) => (
            <li key={r.id} className="flex items-start justify-between gap-2 py-2 text-sm" data-testid="employment-record">
              <div>
                <div className="font-medium text-slate-900">
                  {nameOf(EMPLOYMENT_CHANGE_TYPES, r.changeType)} · {formatIsoDate(r.effectiveDate)}
                </div>
                <div className="text-slate-600">
                  <PlacementText p={r.from} /> → <PlacementText p={r.to} />
                </div>
                {r.reason ? <div className="text-slate-500">{r.reason}</div> : null}
              </div>
              {canCorrect ? (
                <div className="flex shrink-0 gap-1">
                  <RowActionButton
                    label={t('corrections.edit')}
                    of={nameOfRecord(r)}
                    variant="secondary"
                    onClick={() => setEditing(r)}
                  />
                  <RowActionButton
                    label={t('corrections.delete')}
                    of={nameOfRecord(r)}
                    variant="secondary"
                    onClick={() => setDeleting(r)}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{q.isLoading ? t('app.loading') : t('employeeDetail.noRows')}</p>
      )}
      {adding ? <RecordDialog d={d} onClose={() => setAdding(false)} /> : null}
      {editing ? <RecordDialog d={d} record={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          name={nameOfRecord(deleting)}
          onConfirm={() => remove.mutateAsync({ id: deleting.id })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Card>
  );
}

const CHANGE_OPTIONS = Object.entries(EMPLOYMENT_CHANGE_TYPES).map(([label, value]) => ({ value, label }));

/** A new record, or (given `record`) the correction of one: the same fields and rules. */
function RecordDialog({ d, record, onClose }: { d: EmployeeDetail; record?: RecordRow; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(d);
  const f = (k: EmployeeField) => t(`employeeDetail.fields.${k}`);
  const save = trpc.employee.record.create.useMutation(toastThen(() => void refresh()));
  const update = trpc.employee.record.update.useMutation(toastThen(() => void refresh()));
  const e = d.employment;
  const str = (n: number | null | undefined) => (n == null ? '' : String(n));
  const at = record?.toIds;
  const fields: FormFieldDef<string>[] = [
    { key: 'changeType', label: f('changeType'), required: true },
    { key: 'effectiveDate', label: f('effectiveDate'), required: true },
    ...formFieldDefs(['companyOfficeId', 'departmentId', 'divisionId', 'sectionId', 'jobPositionId', 'jobLevelId'], f, {
      resets: PLACEMENT_RESETS,
    }),
    { key: 'reason', label: f('reason') },
  ];
  const form = useSchemaForm({
    idPrefix: 'record',
    fields,
    initial: {
      changeType: str(record?.changeType),
      effectiveDate: record?.effectiveDate ?? '',
      companyOfficeId: str(at ? at.companyOfficeId : e.companyOffice.id),
      departmentId: str(at ? at.departmentId : e.department?.id),
      divisionId: str(at ? at.divisionId : e.division?.id),
      sectionId: str(at ? at.sectionId : e.section?.id),
      jobPositionId: str(at ? at.jobPositionId : e.jobPosition?.id),
      jobLevelId: str(at ? at.jobLevelId : e.jobLevel?.id),
      reason: record?.reason ?? '',
    },
    schema: record ? updateRecordInput : createRecordInput,
    toInput: (v) => ({
      ...(record ? { id: record.id } : { employeeId: d.id }),
      changeType: Number(v.changeType) || (v.changeType as unknown as number),
      effectiveDate: v.effectiveDate ?? '',
      companyOfficeId: toId(v.companyOfficeId ?? ''),
      departmentId: toId(v.departmentId ?? '') ?? null,
      divisionId: toId(v.divisionId ?? '') ?? null,
      sectionId: toId(v.sectionId ?? '') ?? null,
      jobPositionId: toId(v.jobPositionId ?? '') ?? null,
      jobLevelId: toId(v.jobLevelId ?? '') ?? null,
      reason: v.reason,
    }),
  });
  const views: FieldView<string>[] = [
    { key: 'changeType', render: (p) => <Select {...p} options={CHANGE_OPTIONS} placeholder={t('select.option')} /> },
    { ...dateView('effectiveDate'), hint: t('employeeDetail.effectiveHint') },
    ...placementViews,
    { key: 'reason', maxLength: 500 },
  ];
  return (
    <FormDialog
      title={record ? t('corrections.editRecord') : t('employeeDetail.addRecord')}
      intro={record ? <p className="text-sm text-slate-600">{t('corrections.recordHint')}</p> : null}
      form={form}
      views={views}
      save={(input) =>
        record ? update.mutateAsync(input as UpdateRecordInput & { id: number }) : save.mutateAsync(input as CreateRecordInput)
      }
      pending={save.isPending || update.isPending}
      onClose={onClose}
    />
  );
}
