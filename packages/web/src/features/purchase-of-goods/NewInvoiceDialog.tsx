import { createPogInvoiceInput } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { fieldBinder, labelBinder } from '../../lib/field-binder';
import { ActionModal } from '../../ui/ActionModal';
import { Button } from '../../ui/Button';
import { SearchableSelect } from '../../ui/Combobox';
import { ControlField } from '../../ui/ControlField';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { MonthPicker } from '../../ui/MonthPicker';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { formatRp } from './shared';
import './texts';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

interface Line {
  goods: string;
  categoryId: string;
  quantity: string;
  unitPrice: string;
}
const emptyLine = (): Line => ({ goods: '', categoryId: '', quantity: '1', unitPrice: '' });

/** Creates one invoice: buyer, type, date, lines, months and the first payroll period. */
export function NewInvoiceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const employees = trpc.purchaseOfGood.employees.useQuery({});
  const types = trpc.purchaseOfGood.type.list.useQuery();
  const categories = trpc.purchaseOfGood.category.list.useQuery();
  const [employeeId, setEmployeeId] = useState('');
  const [typeId, setTypeId] = useState('');
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const [months, setMonths] = useState('1');
  const [startPeriod, setStartPeriod] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.purchaseOfGood.create.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: (inv) => {
      void utils.purchaseOfGood.invalidate();
      onClose();
      void navigate(`/purchaseOfGood/invoice/${inv.id}/detail`);
    },
    onError: (err) => setErrors(errorsOf(err)),
  });
  const labels: Record<string, string> = {
    employeeId: t('pog.employee'),
    typeId: t('pog.type'),
    invoiceNumber: t('pog.invoiceNumber'),
    invoiceDate: t('pog.invoiceDate'),
    months: t('pog.months'),
    startPeriod: t('pog.startPeriod'),
    lines: t('pog.lines'),
    goods: t('pog.goods'),
    categoryId: t('pog.category'),
    quantity: t('pog.quantity'),
    unitPrice: t('pog.unitPrice'),
  };
  const total = lines.reduce(
    (s, l) => (/^\d+$/.test(l.quantity) && /^\d{1,15}$/.test(l.unitPrice) ? s + BigInt(l.quantity) * BigInt(l.unitPrice) : s),
    0n,
  );
  const setLine = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const order = ['employeeId', 'typeId', 'invoiceNumber', 'invoiceDate', 'months', 'startPeriod'];

  const submit = () => {
    const next: Record<string, string> = {};
    const req: [string, string][] = [
      ['employeeId', employeeId],
      ['typeId', typeId],
      ['invoiceDate', invoiceDate],
      ['months', months],
      ['startPeriod', startPeriod],
    ];
    for (const [k, v] of req) if (!v.trim()) next[k] = requiredNotice(labels[k]!);
    lines.forEach((l, i) => {
      if (!l.goods.trim()) next[`lines.${i}.goods`] = requiredNotice(labels.goods!);
      if (!l.categoryId) next[`lines.${i}.categoryId`] = requiredNotice(labels.categoryId!);
      if (!l.unitPrice.trim()) next[`lines.${i}.unitPrice`] = requiredNotice(labels.unitPrice!);
    });
    const input = {
      employeeId: Number(employeeId),
      typeId: Number(typeId),
      ...trimmedOrOmitted('invoiceNumber', invoiceNumber),
      invoiceDate,
      months: Number(months),
      startPeriod,
      ...trimmedOrOmitted('note', note),
      lines: lines.map((l) => ({
        goods: l.goods.trim(),
        categoryId: Number(l.categoryId),
        quantity: Number(l.quantity),
        unitPrice: l.unitPrice.trim(),
      })),
    };
    const parsed = createPogInvoiceInput.safeParse(input);
    if (!parsed.success)
      for (const i of parsed.error.issues) {
        const key = i.path.join('.');
        const last = String(i.path.at(-1) ?? key);
        next[key] ??= `${labels[last] ?? labels[key] ?? key} ${i.message}`;
      }
    setErrors(next);
    const first = [...order, ...Object.keys(next).filter((k) => k.startsWith('lines'))].find((k) => next[k]);
    if (first) {
      document.getElementById(`pog-${first.replace(/\./g, '-')}`)?.focus();
      return;
    }
    create.mutate(input);
  };

  const catOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const field = fieldBinder('pog', labels, errors);
  const fieldLabel = labelBinder('pog', labels, errors);
  const lineField = (i: number, key: keyof Line) => ({
    id: `pog-lines-${i}-${key}`,
    label: labels[key],
    error: errors[`lines.${i}.${key}`],
  });
  return (
    <ActionModal
      onClose={onClose}
      title={t('pog.newInvoice')}
      actionLabel={t('pog.create')}
      busy={create.isPending}
      onAction={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field {...fieldLabel('employeeId')} required className="sm:col-span-2">
          <SearchableSelect
            id="pog-employeeId"
            value={employeeId}
            onChange={setEmployeeId}
            loading={employees.isLoading}
            invalid={Boolean(errors.employeeId)}
            placeholder={t('pog.selectEmployee')}
            options={(employees.data ?? []).map((e) => ({ value: e.id, label: `${e.employeeNumber} ${e.name}` }))}
          />
        </Field>
        <Field {...fieldLabel('typeId')} required>
          <Select
            id="pog-typeId"
            value={typeId}
            onChange={setTypeId}
            placeholder={t('pog.selectType')}
            loading={types.isLoading}
            invalid={Boolean(errors.typeId)}
            options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Field>
        <TextField
          {...field('invoiceNumber')}
          hint={t('pog.invoiceNumberHint')}
          maxLength={40}
          value={invoiceNumber}
          onValue={setInvoiceNumber}
        />
        <ControlField as={DatePicker} {...field('invoiceDate')} required value={invoiceDate} onChange={setInvoiceDate} />
        <TextField {...field('months')} required inputMode="numeric" maxLength={2} value={months} onValue={setMonths} />
        <ControlField as={MonthPicker} {...field('startPeriod')} required value={startPeriod} onChange={setStartPeriod} />
        <TextField id="pog-note" label={t('pog.note')} maxLength={500} value={note} onValue={setNote} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">{t('pog.lines')}</legend>
        {errors.lines ? <p className="text-sm text-red-700">{errors.lines}</p> : null}
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity before they are saved
          <div key={i} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-2">
            <TextField
              {...lineField(i, 'goods')}
              required
              maxLength={200}
              value={l.goods}
              onValue={(v) => setLine(i, { goods: v })}
            />
            <Field
              label={labels.categoryId}
              htmlFor={`pog-lines-${i}-categoryId`}
              required
              error={errors[`lines.${i}.categoryId`]}
            >
              <Select
                id={`pog-lines-${i}-categoryId`}
                value={l.categoryId}
                onChange={(v) => setLine(i, { categoryId: v })}
                placeholder={t('pog.selectCategory')}
                options={catOptions}
              />
            </Field>
            <TextField
              {...lineField(i, 'quantity')}
              inputMode="numeric"
              maxLength={6}
              value={l.quantity}
              onValue={(v) => setLine(i, { quantity: v })}
            />
            <TextField
              {...lineField(i, 'unitPrice')}
              required
              inputMode="numeric"
              maxLength={15}
              value={l.unitPrice}
              onValue={(v) => setLine(i, { unitPrice: v })}
            />
            {lines.length > 1 ? (
              <div className="sm:col-span-2">
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                >
                  {t('pog.removeLine')}
                </Button>
              </div>
            ) : null}
          </div>
        ))}
        <div className="flex items-center justify-between">
          <Button size="sm" variant="secondary" onClick={() => setLines((ls) => [...ls, emptyLine()])}>
            {t('pog.addLine')}
          </Button>
          <span className="text-sm text-slate-700">
            {t('pog.total')}: <strong data-testid="pog-form-total">{formatRp(total.toString())}</strong>
          </span>
        </div>
      </fieldset>
    </ActionModal>
  );
}
