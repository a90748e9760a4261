import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { MonthPicker } from '../../ui/MonthPicker';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { thisMonth } from './EmployeeComponentDialog';
import { labelledServerFields, SalaryFormDialog, useSalaryForm, useSalaryRows, useSalarySave } from './salary-crud';
import { type BonusCutRow, MoneyInput, monthText, rp } from './salary-shared';
import './texts';

/**
 * Bonus/cuts tab of an employee's salary page, grouped by period (newest first). A finalised
 * period is locked by the server (CONFLICT "Payroll for … is finalised and locked"), shown as the
 * usual error notice.
 */
export function BonusCutsPanel({ employeeId, rows }: { employeeId: number; rows: BonusCutRow[] }) {
  const { t } = useTranslation();
  const edit = useSalaryRows<BonusCutRow>({
    api: trpc.salary.bonusCut,
    deleteName: (r) => `${r.name} · ${monthText(r.period)}`,
    dialog: (row, onClose) => <BonusCutDialog employeeId={employeeId} row={row} onClose={onClose} />,
    closeOnRefusal: true,
  });
  const sorted = [...rows].sort((a, b) => b.period.localeCompare(a.period) || a.id - b.id);
  const columns: Column<BonusCutRow>[] = [
    { key: 'period', header: t('salaryData.period'), cell: (r) => monthText(r.period) },
    { key: 'kind', header: t('salaryData.kind'), cell: (r) => t(`salaryData.${r.kind}`) },
    { key: 'name', header: t('salaryData.name'), cell: (r) => r.name },
    { key: 'amount', header: t('salaryData.amount'), cell: (r) => rp(r.amount), className: 'text-right tabular-nums' },
    { key: 'taxable', header: t('salaryData.taxable'), cell: (r) => (r.taxable ? t('salaryData.yes') : t('salaryData.no')) },
    ...edit.actions,
  ];
  return (
    <>
      {edit.addButton(t('salaryData.addBonusCut'))}
      <DataTable columns={columns} rows={sorted} rowKey={(r) => r.id} empty={t('salaryData.noBonusCuts')} />
      {edit.dialogs}
    </>
  );
}

const ORDER = ['period', 'kind', 'name', 'amount'] as const;

function BonusCutDialog({ employeeId, row, onClose }: { employeeId: number; row: BonusCutRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(row?.period ?? thisMonth());
  const [kind, setKind] = useState<string>(row?.kind ?? 'bonus');
  const [name, setName] = useState(row?.name ?? '');
  const [amount, setAmount] = useState(row?.amount ?? '');
  const [taxable, setTaxable] = useState(row?.taxable ?? true);
  const { create, update, pending } = useSalarySave(trpc.salary.bonusCut);
  const labels: Record<(typeof ORDER)[number], string> = {
    period: t('salaryData.period'),
    kind: t('salaryData.kind'),
    name: t('salaryData.name'),
    amount: t('salaryData.amount'),
  };
  const { errors, submit } = useSalaryForm('bc', ORDER);
  const check = () => {
    const next: Record<string, string> = {};
    if (!period) next.period = requiredNotice(labels.period);
    if (!name.trim()) next.name = requiredNotice(labels.name);
    if (!amount) next.amount = requiredNotice(labels.amount);
    else if (!/[1-9]/.test(amount)) next.amount = `${labels.amount} must be more than 0`;
    return next;
  };
  const save = () => {
    const values = { period, kind: kind as BonusCutRow['kind'], name: name.trim(), amount, taxable };
    return row ? update({ id: row.id, ...values }) : create({ employeeId, ...values });
  };
  // A refusal without fields (a finalised, locked period) is shown in the dialog as the server words it.
  const refused = (err: unknown) => {
    const fields = labelledServerFields(err, labels);
    return Object.keys(fields).length ? fields : { form: messageOf(err) ?? '' };
  };
  return (
    <SalaryFormDialog
      prefix="bc"
      title={row ? t('salaryData.editBonusCut') : t('salaryData.addBonusCut')}
      pending={pending}
      onClose={onClose}
      onSubmit={submit(check, save, onClose, refused)}
      className="grid gap-4 sm:grid-cols-2"
    >
      {errors.form ? (
        <p className="text-sm text-red-600 sm:col-span-2" role="alert" data-testid="bonus-cut-refused">
          {errors.form}
        </p>
      ) : null}
      <Field label={labels.period} htmlFor="bc-period" required error={errors.period}>
        <MonthPicker id="bc-period" value={period} onChange={setPeriod} invalid={Boolean(errors.period)} />
      </Field>
      <Field label={labels.kind} htmlFor="bc-kind" required error={errors.kind}>
        <Select
          id="bc-kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'bonus', label: t('salaryData.bonus') },
            { value: 'cut', label: t('salaryData.cut') },
          ]}
        />
      </Field>
      <Field label={labels.name} htmlFor="bc-name" required error={errors.name}>
        <TextInput
          id="bc-name"
          maxLength={100}
          value={name}
          invalid={Boolean(errors.name)}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field label={labels.amount} htmlFor="bc-amount" required error={errors.amount}>
        <MoneyInput id="bc-amount" value={amount} onChange={setAmount} invalid={Boolean(errors.amount)} />
      </Field>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={taxable} onChange={(e) => setTaxable(e.target.checked)} />
        {t('salaryData.taxable')}
      </label>
    </SalaryFormDialog>
  );
}
