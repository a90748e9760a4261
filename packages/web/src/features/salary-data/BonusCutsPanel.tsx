import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { messageOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { type Column, DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { MonthPicker } from '../../ui/MonthPicker';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { thisMonth } from './EmployeeComponentDialog';
import { type BonusCutRow, ConfirmDelete, MoneyInput, monthText, rp, serverFields, SaveFooter } from './salary-shared';
import { RowActions } from '../../ui/ListCard';
import './texts';

/**
 * Bonus/cuts tab of an employee's salary page, grouped by period (newest first). A finalised
 * period is locked by the server (CONFLICT "Payroll for … is finalised and locked"), shown as the
 * usual error notice.
 */
export function BonusCutsPanel({ employeeId, rows }: { employeeId: number; rows: BonusCutRow[] }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const editor = useCan('salary.update');
  const [editing, setEditing] = useState<BonusCutRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BonusCutRow | null>(null);
  const remove = trpc.salary.bonusCut.delete.useMutation({
    meta: { successMessage: () => t('salaryData.deleted') },
    onSuccess: () => void utils.salary.invalidate(),
    onSettled: () => setDeleting(null),
  });
  const sorted = [...rows].sort((a, b) => b.period.localeCompare(a.period) || a.id - b.id);
  const columns: Column<BonusCutRow>[] = [
    { key: 'period', header: t('salaryData.period'), cell: (r) => monthText(r.period) },
    { key: 'kind', header: t('salaryData.kind'), cell: (r) => t(`salaryData.${r.kind}`) },
    { key: 'name', header: t('salaryData.name'), cell: (r) => r.name },
    { key: 'amount', header: t('salaryData.amount'), cell: (r) => rp(r.amount), className: 'text-right tabular-nums' },
    { key: 'taxable', header: t('salaryData.taxable'), cell: (r) => (r.taxable ? t('salaryData.yes') : t('salaryData.no')) },
    ...(editor
      ? [
          {
            key: 'actions',
            header: t('app.actions'),
            cell: (r: BonusCutRow) => <RowActions onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />,
          },
        ]
      : []),
  ];
  return (
    <>
      {editor ? (
        <div className="mb-3 flex justify-end">
          <Button onClick={() => setEditing('new')}>{t('salaryData.addBonusCut')}</Button>
        </div>
      ) : null}
      <DataTable columns={columns} rows={sorted} rowKey={(r) => r.id} empty={t('salaryData.noBonusCuts')} />
      {editing ? (
        <BonusCutDialog employeeId={employeeId} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDelete
        what={deleting ? `${deleting.name} · ${monthText(deleting.period)}` : null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
}

const ORDER = ['period', 'kind', 'name', 'amount'] as const;

function BonusCutDialog({ employeeId, row, onClose }: { employeeId: number; row: BonusCutRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [period, setPeriod] = useState(row?.period ?? thisMonth());
  const [kind, setKind] = useState<string>(row?.kind ?? 'bonus');
  const [name, setName] = useState(row?.name ?? '');
  const [amount, setAmount] = useState(row?.amount ?? '');
  const [taxable, setTaxable] = useState(row?.taxable ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = {
    meta: { successMessage: () => t('salaryData.saved') },
    onSuccess: () => {
      void utils.salary.invalidate();
      onClose();
    },
  };
  const create = trpc.salary.bonusCut.create.useMutation(done);
  const update = trpc.salary.bonusCut.update.useMutation(done);
  const labels: Record<(typeof ORDER)[number], string> = {
    period: t('salaryData.period'),
    kind: t('salaryData.kind'),
    name: t('salaryData.name'),
    amount: t('salaryData.amount'),
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!period) next.period = requiredNotice(labels.period);
    if (!name.trim()) next.name = requiredNotice(labels.name);
    if (!amount) next.amount = requiredNotice(labels.amount);
    else if (!/[1-9]/.test(amount)) next.amount = `${labels.amount} must be more than 0`;
    setErrors(next);
    const first = ORDER.find((k) => next[k]);
    if (first) {
      document.getElementById(`bc-${first}`)?.focus();
      return;
    }
    const values = { period, kind: kind as BonusCutRow['kind'], name: name.trim(), amount, taxable };
    try {
      if (row) await update.mutateAsync({ id: row.id, ...values });
      else await create.mutateAsync({ employeeId, ...values });
    } catch (err) {
      const f = serverFields(err);
      const fields = Object.entries(f).map(([k, m]) => [k, `${labels[k as keyof typeof labels] ?? k} ${m}`]);
      // A refusal without fields (a finalised, locked period) is shown in the dialog as the server words it.
      setErrors(fields.length ? Object.fromEntries(fields) : { form: messageOf(err) ?? '' });
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={row ? t('salaryData.editBonusCut') : t('salaryData.addBonusCut')}
      footer={<SaveFooter formId="bc-form" pending={create.isPending || update.isPending} onClose={onClose} />}
    >
      <form id="bc-form" onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
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
      </form>
    </Modal>
  );
}
