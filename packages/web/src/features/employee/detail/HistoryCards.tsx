import {
  CONTRACT_TYPES,
  type ContractRow,
  createContractInput,
  createRecordInput,
  type EmployeeDetail,
  EMPLOYMENT_CHANGE_TYPES,
  type Placement,
} from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { formatIsoDate, formatNumber } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Select } from '../../../ui/Select';
import { FormDialog } from '../../org/FormDialog';
import type { FieldView } from '../../org/OrgFormFields';
import { type FormFieldDef, useOrgForm } from '../../org/use-org-form';
import { FixedSelect } from '../../shared/FixedSelect';
import { dateView, PLACEMENT_RESETS, placementViews } from '../../shared/placement-views';
import { toId } from '../../shared/use-lookups';

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

/** Contracts with their salary: the salary history of the employee, newest first. */
export function ContractsCard({ d }: { d: EmployeeDetail }) {
  const { t } = useTranslation();
  const canEdit = useCan('employee.update');
  const [adding, setAdding] = useState(false);
  const q = trpc.employee.contract.list.useQuery({ employeeId: d.id, pageSize: 100 });
  return (
    <Card
      title={t('employeeDetail.sections.contracts')}
      actions={
        canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            {t('employeeDetail.addContract')}
          </Button>
        ) : null
      }
    >
      {q.data && q.data.rows.length > 0 ? (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1 pr-2">{t('employeeDetail.fields.contractNumber')}</th>
              <th className="py-1 pr-2">{t('employeeDetail.fields.contractType')}</th>
              <th className="py-1 pr-2">{t('employeeDetail.fields.period')}</th>
              <th className="py-1 pr-2 text-right">{t('employeeDetail.fields.basicSalary')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {q.data.rows.map((k: ContractRow) => (
              <tr key={k.id}>
                <td className="py-1 pr-2">{k.contractNumber}</td>
                <td className="py-1 pr-2">{nameOf(CONTRACT_TYPES, k.contractType)}</td>
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
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-500">{q.isLoading ? t('app.loading') : t('employeeDetail.noRows')}</p>
      )}
      {adding ? <ContractDialog d={d} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

function ContractDialog({ d, onClose }: { d: EmployeeDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(d);
  const f = (k: string) => t(`employeeDetail.fields.${k}` as never) as string;
  const save = trpc.employee.contract.create.useMutation({
    meta: { successMessage: () => t('employeeDetail.saved') },
    onSuccess: () => void refresh(),
  });
  const fields: FormFieldDef<string>[] = [
    { key: 'contractNumber', label: f('contractNumber'), required: true },
    { key: 'contractType', label: f('contractType'), required: true },
    { key: 'startDate', label: f('startDate'), required: true },
    { key: 'endDate', label: f('endDate') },
    { key: 'basicSalary', label: f('basicSalary'), required: true },
    { key: 'notes', label: f('notes') },
  ];
  const form = useOrgForm({
    idPrefix: 'contract',
    fields,
    initial: {
      contractNumber: '',
      contractType: String(d.employment.contractType ?? ''),
      startDate: '',
      endDate: '',
      basicSalary: '',
      notes: '',
    },
    schema: createContractInput,
    toInput: (v) => ({
      employeeId: d.id,
      contractNumber: v.contractNumber ?? '',
      contractType: Number(v.contractType),
      startDate: v.startDate ?? '',
      endDate: v.endDate || null,
      basicSalary: (v.basicSalary ?? '').replace(/[.\s]/g, '') as unknown as number,
      notes: v.notes,
    }),
  });
  const views: FieldView<string>[] = [
    { key: 'contractNumber', maxLength: 60 },
    { key: 'contractType', render: (p) => <FixedSelect {...p} list="contractStatus" /> },
    dateView('startDate'),
    { ...dateView('endDate'), hint: t('employeeDetail.endDateHint') },
    { key: 'basicSalary', inputMode: 'numeric', maxLength: 16, hint: t('employeeDetail.rupiahHint') },
    { key: 'notes', maxLength: 500 },
  ];
  return (
    <FormDialog
      title={t('employeeDetail.addContract')}
      form={form}
      views={views}
      save={(input) => save.mutateAsync(input)}
      pending={save.isPending}
      onClose={onClose}
    />
  );
}

function PlacementText({ p }: { p: Placement }) {
  return <>{[p.companyOffice, p.department, p.division, p.section, p.jobPosition, p.jobLevel].filter(Boolean).join(' · ')}</>;
}

/** Mutations, promotions, demotions and relocations, newest first, each with where from and where to. */
export function RecordsCard({ d }: { d: EmployeeDetail }) {
  const { t } = useTranslation();
  const canEdit = useCan('employee.update');
  const [adding, setAdding] = useState(false);
  const q = trpc.employee.record.list.useQuery({ employeeId: d.id, pageSize: 100 });
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
            <li key={r.id} className="py-2 text-sm" data-testid="employment-record">
              <div className="font-medium text-slate-900">
                {nameOf(EMPLOYMENT_CHANGE_TYPES, r.changeType)} · {formatIsoDate(r.effectiveDate)}
              </div>
              <div className="text-slate-600">
                <PlacementText p={r.from} /> → <PlacementText p={r.to} />
              </div>
              {r.reason ? <div className="text-slate-500">{r.reason}</div> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{q.isLoading ? t('app.loading') : t('employeeDetail.noRows')}</p>
      )}
      {adding ? <RecordDialog d={d} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

const CHANGE_OPTIONS = Object.entries(EMPLOYMENT_CHANGE_TYPES).map(([label, value]) => ({ value, label }));

function RecordDialog({ d, onClose }: { d: EmployeeDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh(d);
  const f = (k: string) => t(`employeeDetail.fields.${k}` as never) as string;
  const save = trpc.employee.record.create.useMutation({
    meta: { successMessage: () => t('employeeDetail.saved') },
    onSuccess: () => void refresh(),
  });
  const e = d.employment;
  const str = (n: number | undefined) => (n === undefined ? '' : String(n));
  const fields: FormFieldDef<string>[] = [
    { key: 'changeType', label: f('changeType'), required: true },
    { key: 'effectiveDate', label: f('effectiveDate'), required: true },
    ...['companyOfficeId', 'departmentId', 'divisionId', 'sectionId', 'jobPositionId', 'jobLevelId'].map((key) => ({
      key,
      label: f(key),
      ...(PLACEMENT_RESETS[key] ? { resets: PLACEMENT_RESETS[key] } : {}),
    })),
    { key: 'reason', label: f('reason') },
  ];
  const form = useOrgForm({
    idPrefix: 'record',
    fields,
    initial: {
      changeType: '',
      effectiveDate: '',
      companyOfficeId: str(e.companyOffice.id),
      departmentId: str(e.department?.id),
      divisionId: str(e.division?.id),
      sectionId: str(e.section?.id),
      jobPositionId: str(e.jobPosition?.id),
      jobLevelId: str(e.jobLevel?.id),
      reason: '',
    },
    schema: createRecordInput,
    toInput: (v) => ({
      employeeId: d.id,
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
      title={t('employeeDetail.addRecord')}
      form={form}
      views={views}
      save={(input) => save.mutateAsync(input)}
      pending={save.isPending}
      onClose={onClose}
    />
  );
}
