import { createPogInvoiceInput } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { SearchableSelect } from '../../ui/Combobox';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { MonthPicker } from '../../ui/MonthPicker';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { formatRp } from './shared';
import './texts';

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
    meta: { successMessage: () => t('pog.saved') },
    onSuccess: (inv) => {
      void utils.purchaseOfGood.invalidate();
      onClose();
      void navigate(`/purchaseOfGood/invoice/${inv.id}/detail`);
    },
    onError: (err) => {
      const next: Record<string, string> = {};
      for (const f of fieldsOf(err)) next[f.param] ??= f.msg;
      setErrors(next);
    },
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
      ...(invoiceNumber.trim() ? { invoiceNumber: invoiceNumber.trim() } : {}),
      invoiceDate,
      months: Number(months),
      startPeriod,
      ...(note.trim() ? { note: note.trim() } : {}),
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
  return (
    <Modal
      open
      onClose={onClose}
      title={t('pog.newInvoice')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button onClick={submit} disabled={create.isPending}>
            {t('pog.create')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={labels.employeeId!} htmlFor="pog-employeeId" required error={errors.employeeId} className="sm:col-span-2">
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
        <Field label={labels.typeId!} htmlFor="pog-typeId" required error={errors.typeId}>
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
        <Field
          label={labels.invoiceNumber!}
          htmlFor="pog-invoiceNumber"
          error={errors.invoiceNumber}
          hint={t('pog.invoiceNumberHint')}
        >
          <TextInput
            id="pog-invoiceNumber"
            maxLength={40}
            value={invoiceNumber}
            onChange={(e) => setInvoiceNumber(e.target.value)}
          />
        </Field>
        <Field label={labels.invoiceDate!} htmlFor="pog-invoiceDate" required error={errors.invoiceDate}>
          <DatePicker id="pog-invoiceDate" value={invoiceDate} onChange={setInvoiceDate} invalid={Boolean(errors.invoiceDate)} />
        </Field>
        <Field label={labels.months!} htmlFor="pog-months" required error={errors.months}>
          <TextInput
            id="pog-months"
            inputMode="numeric"
            maxLength={2}
            value={months}
            invalid={Boolean(errors.months)}
            onChange={(e) => setMonths(e.target.value)}
          />
        </Field>
        <Field label={labels.startPeriod!} htmlFor="pog-startPeriod" required error={errors.startPeriod}>
          <MonthPicker id="pog-startPeriod" value={startPeriod} onChange={setStartPeriod} invalid={Boolean(errors.startPeriod)} />
        </Field>
        <Field label={t('pog.note')} htmlFor="pog-note">
          <TextInput id="pog-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">{t('pog.lines')}</legend>
        {errors.lines ? <p className="text-sm text-red-700">{errors.lines}</p> : null}
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity before they are saved
          <div key={i} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-2">
            <Field label={labels.goods!} htmlFor={`pog-lines-${i}-goods`} required error={errors[`lines.${i}.goods`]}>
              <TextInput
                id={`pog-lines-${i}-goods`}
                maxLength={200}
                value={l.goods}
                onChange={(e) => setLine(i, { goods: e.target.value })}
              />
            </Field>
            <Field
              label={labels.categoryId!}
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
            <Field label={labels.quantity!} htmlFor={`pog-lines-${i}-quantity`} error={errors[`lines.${i}.quantity`]}>
              <TextInput
                id={`pog-lines-${i}-quantity`}
                inputMode="numeric"
                maxLength={6}
                value={l.quantity}
                onChange={(e) => setLine(i, { quantity: e.target.value })}
              />
            </Field>
            <Field label={labels.unitPrice!} htmlFor={`pog-lines-${i}-unitPrice`} required error={errors[`lines.${i}.unitPrice`]}>
              <TextInput
                id={`pog-lines-${i}-unitPrice`}
                inputMode="numeric"
                maxLength={15}
                value={l.unitPrice}
                onChange={(e) => setLine(i, { unitPrice: e.target.value })}
              />
            </Field>
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
    </Modal>
  );
}
