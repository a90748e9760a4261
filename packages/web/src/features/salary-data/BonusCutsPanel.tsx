import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { SearchableSelect } from '../../ui/Combobox';
import { Field } from '../../ui/Field';
import { MonthPicker } from '../../ui/MonthPicker';
import { TextField } from '../../ui/TextField';
import { fieldBinder } from '../../lib/field-binder';
import { BonusCutKindSelect } from './BonusCutTypesTab';
import { thisMonth } from './EmployeeComponentDialog';
import { labelledServerFields, SalaryFormDialog, useSalaryForm, useSalaryRows, useSalarySave } from './salary-crud';
import { type BonusCutRow, MoneyInput, monthText, rp } from './salary-shared';
import './texts';
import { ControlField } from '../../ui/ControlField';
import { CheckboxField } from '../../ui/CheckboxField';

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
      <DataTable columns={columns} rows={sorted} empty={t('salaryData.noBonusCuts')} />
      {edit.dialogs}
    </>
  );
}

const ORDER = ['typeId', 'period', 'kind', 'name', 'amount'] as const;
/** The dropdown's value for a free-text one-off. */
const OTHER = 'other';

/**
 * Add / edit one bonus/cut: a type of the catalogue (Salary → Setting → Bonus / cuts; its name, kind and taxable
 * flag are fixed, its default amount filled in and changeable) or "Other (one-off)" with free text.
 */
function BonusCutDialog({ employeeId, row, onClose }: { employeeId: number; row: BonusCutRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lookup = trpc.salary.bonusCut.lookup.useQuery({ employeeId });
  const types = lookup.data ?? [];
  const [typeId, setTypeId] = useState(row ? (row.typeId ? String(row.typeId) : OTHER) : '');
  const [period, setPeriod] = useState(row?.period ?? thisMonth());
  const [kind, setKind] = useState<string>(row?.kind ?? 'bonus');
  const [name, setName] = useState(row?.name ?? '');
  const [amount, setAmount] = useState(row?.amount ?? '');
  const [taxable, setTaxable] = useState(row?.taxable ?? true);
  const { create, update, pending } = useSalarySave(trpc.salary.bonusCut);
  const fromType = typeId !== '' && typeId !== OTHER;
  const labels: Record<(typeof ORDER)[number], string> = {
    typeId: t('salaryData.bonusCutType'),
    period: t('salaryData.period'),
    kind: t('salaryData.kind'),
    name: t('salaryData.name'),
    amount: t('salaryData.amount'),
  };
  const options = [
    ...types.map((x) => ({
      value: String(x.id),
      label: `${x.name} (${t(`salaryData.${x.kind}`)})${x.selected ? ` · ${t('salaryData.alreadyEntered')}` : ''}`,
    })),
    // The row's own type when it is no longer active (the lookup lists active ones).
    ...(row?.typeId && !types.some((x) => x.id === row.typeId) ? [{ value: String(row.typeId), label: row.name }] : []),
    { value: OTHER, label: t('salaryData.otherOneOff') },
  ];
  const pick = (value: string) => {
    setTypeId(value);
    const type = types.find((x) => String(x.id) === value);
    if (!type) return;
    setKind(type.kind);
    setName(type.name);
    setTaxable(type.taxable);
    if (type.defaultAmount) setAmount(type.defaultAmount);
  };
  const { errors, submit } = useSalaryForm('bc', ORDER);
  const field = fieldBinder('bc', labels, errors);
  const check = () => {
    const next: Record<string, string> = {};
    if (!typeId) next.typeId = requiredNotice(labels.typeId);
    if (!period) next.period = requiredNotice(labels.period);
    if (!fromType && !name.trim()) next.name = requiredNotice(labels.name);
    if (!amount) next.amount = requiredNotice(labels.amount);
    else if (!/[1-9]/.test(amount)) next.amount = `${labels.amount} must be more than 0`;
    return next;
  };
  const save = () => {
    if (fromType) {
      const values = { period, typeId: Number(typeId), amount };
      return row ? update({ id: row.id, ...values }) : create({ employeeId, ...values });
    }
    const values = { period, kind: kind as BonusCutRow['kind'], name: name.trim(), amount, taxable };
    return row ? update({ id: row.id, ...values, ...(row.typeId ? { typeId: null } : {}) }) : create({ employeeId, ...values });
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
      <div className="sm:col-span-2">
        <Field
          label={labels.typeId}
          htmlFor="bc-typeId"
          required
          error={errors.typeId}
          hint={fromType ? t('salaryData.fromType') : undefined}
        >
          <SearchableSelect
            id="bc-typeId"
            value={typeId}
            onChange={pick}
            options={options}
            placeholder={t('salaryData.pickBonusCutType')}
            loading={lookup.isLoading}
            invalid={Boolean(errors.typeId)}
          />
        </Field>
      </div>
      <ControlField as={MonthPicker} {...field('period')} required value={period} onChange={setPeriod} />
      <Field label={labels.kind} htmlFor="bc-kind" required error={errors.kind}>
        <BonusCutKindSelect id="bc-kind" value={kind} onChange={setKind} disabled={fromType} />
      </Field>
      <TextField {...field('name')} required maxLength={100} value={name} disabled={fromType} onValue={setName} />
      <ControlField as={MoneyInput} {...field('amount')} required value={amount} onChange={setAmount} />
      <CheckboxField
        label={t('salaryData.taxable')}
        checked={taxable}
        disabled={fromType}
        onChange={setTaxable}
        className="sm:col-span-2"
      />
    </SalaryFormDialog>
  );
}
