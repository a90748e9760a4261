import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { messageOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { type Column, DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { MonthPicker } from '../../ui/MonthPicker';
import { TextField } from '../../ui/TextField';
import { thisMonth } from './EmployeeComponentDialog';
import { MoneyInput, monthText, rp, serverFields } from './salary-shared';
import './texts';
import { SubmitCell } from '../../ui/FormButtons';

type Piece = RouterOutputs['salary']['piece']['list']['rows'][number];

/**
 * Piece / unit work tab of an employee's salary page: units × rate per period, paid by that period's run
 * (a Freelance worker is taxed by daily TER). Entries of a finalised period are refused by the server.
 */
export function PieceWorkPanel({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const editable = useCan('salary.update');
  const utils = trpc.useUtils();
  const list = trpc.salary.piece.list.useQuery({ employeeId, pageSize: 100 });
  const refresh = () => utils.salary.piece.list.invalidate();
  const create = trpc.salary.piece.create.useMutation({ onSuccess: refresh });
  const remove = trpc.salary.piece.delete.useMutation({ onSuccess: refresh });
  const [form, setForm] = useState({ period: thisMonth(), description: '', units: '', rate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels = {
    period: t('salaryData.period'),
    description: t('salaryData.pieceDescription'),
    units: t('salaryData.pieceUnits'),
    rate: t('salaryData.pieceRate'),
  };
  /** A text field of the new entry: id `piece-<key>`. */
  const text = (k: 'description' | 'units') => ({
    id: `piece-${k}`,
    label: labels[k],
    error: errors[k],
    value: form[k],
    onValue: (v: string) => setForm((f) => ({ ...f, [k]: v })),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = (['period', 'description', 'units', 'rate'] as const).filter((k) => form[k].trim() === '');
    setErrors(Object.fromEntries(missing.map((k) => [k, requiredNotice(labels[k])])));
    if (missing.length) return;
    try {
      await create.mutateAsync({ employeeId, ...form });
      setForm((f) => ({ ...f, description: '', units: '', rate: '' }));
    } catch (err) {
      const f = Object.entries(serverFields(err)).map(([k, m]) => [k, `${labels[k as keyof typeof labels] ?? k} ${m}`]);
      setErrors(f.length ? Object.fromEntries(f) : { form: messageOf(err) ?? '' });
    }
  };
  const columns: Column<Piece>[] = [
    { key: 'period', header: labels.period, cell: (r) => monthText(r.period) },
    { key: 'description', header: labels.description, cell: (r) => r.description },
    { key: 'units', header: labels.units, cell: (r) => r.units, className: 'text-right tabular-nums' },
    { key: 'rate', header: labels.rate, cell: (r) => rp(r.rate), className: 'text-right tabular-nums' },
    { key: 'amount', header: t('salaryData.amount'), cell: (r) => rp(r.amount), className: 'text-right tabular-nums' },
    {
      key: 'actions',
      header: '',
      cell: (r) =>
        editable ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => remove.mutate({ id: r.id }, { onError: (err) => setErrors({ form: messageOf(err) ?? '' }) })}
          >
            {t('salaryData.delete')}
          </Button>
        ) : null,
    },
  ];
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500">{t('salaryData.pieceHint')}</p>
      {errors.form ? (
        <p className="text-sm text-red-600" role="alert" data-testid="piece-refused">
          {errors.form}
        </p>
      ) : null}
      <DataTable columns={columns} rows={list.data?.rows ?? []} loading={list.isLoading} empty={t('salaryData.noPieces')} />
      {editable ? (
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-5">
          <Field label={labels.period} htmlFor="piece-period" error={errors.period}>
            <MonthPicker id="piece-period" value={form.period} onChange={(v) => setForm((f) => ({ ...f, period: v }))} />
          </Field>
          <TextField {...text('description')} maxLength={200} />
          <TextField {...text('units')} inputMode="decimal" />
          <Field label={labels.rate} htmlFor="piece-rate" error={errors.rate}>
            <MoneyInput
              id="piece-rate"
              value={form.rate}
              invalid={!!errors.rate}
              onChange={(v) => setForm((f) => ({ ...f, rate: v }))}
            />
          </Field>
          <SubmitCell className="flex items-end" pending={create.isPending}>
            {t('salaryData.addPiece')}
          </SubmitCell>
        </form>
      ) : null}
    </div>
  );
}
