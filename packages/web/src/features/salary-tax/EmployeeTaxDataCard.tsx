import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { MoneyInput, serverFields } from '../salary-data/salary-shared';
import { moneyColumn, yearOptions } from '../salary-runs/run-format';
import './texts';
import { SubmitCell } from '../../ui/FormButtons';
import { toastThen } from '../../lib/toast-then';

type Detail = RouterOutputs['salary']['employee']['detail'];
type Previous = Detail['previousIncome'][number];

/**
 * Tax data of one employee on /salary/employee/:id/detail: who bears PPh 21 (the company setting, the
 * employee, or the employer by a gross-up tax allowance) and a previous employer's slip of a year
 * (1721-A1 lines 13 and 18). Editable with salary.update.
 */
export function EmployeeTaxDataCard({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const editable = useCan('salary.update');
  const utils = trpc.useUtils();
  const refresh = () => utils.salary.employee.detail.invalidate({ id: detail.id });
  const bearer = trpc.salary.incomeTax.taxBorneBy.useMutation(toastThen(refresh));
  const save = trpc.salary.incomeTax.savePreviousIncome.useMutation(toastThen(refresh));
  const remove = trpc.salary.incomeTax.deletePreviousIncome.useMutation(toastThen(refresh));
  const [form, setForm] = useState({
    year: String(new Date().getFullYear()),
    employerName: '',
    employerTaxId: '',
    netIncome: '',
    taxWithheld: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof form, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const label = (k: keyof typeof form) => t(`salaryTax.${k}`);
  const isField = (k: string): k is keyof typeof form => Object.hasOwn(form, k);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = (['employerName', 'netIncome', 'taxWithheld'] as const).filter((k) => form[k].trim() === '');
    setErrors(Object.fromEntries(missing.map((k) => [k, t('salaryTax.fieldRequired', { field: label(k) })])));
    if (missing.length) return;
    try {
      await save.mutateAsync({ id: detail.id, ...form, year: Number(form.year) });
      setForm((f) => ({ ...f, employerName: '', employerTaxId: '', netIncome: '', taxWithheld: '' }));
    } catch (err) {
      const f = serverFields(err);
      setErrors(Object.fromEntries(Object.entries(f).map(([k, m]) => [k, `${isField(k) ? label(k) : k} ${m}`])));
    }
  };
  const columns: Column<Previous>[] = [
    { key: 'year', header: t('salaryTax.year'), cell: (r) => r.year },
    { key: 'employer', header: t('salaryTax.employerName'), cell: (r) => r.employerName },
    { key: 'taxId', header: t('salaryTax.employerTaxId'), cell: (r) => r.employerTaxId ?? '-' },
    moneyColumn('net', t('salaryTax.netIncome'), (r) => r.netIncome),
    moneyColumn('tax', t('salaryTax.taxWithheld'), (r) => r.taxWithheld),
    {
      key: 'actions',
      header: '',
      cell: (r) =>
        editable ? (
          <Button size="sm" variant="ghost" onClick={() => remove.mutate({ id: detail.id, year: r.year })}>
            {t('salaryTax.remove')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title={t('salaryTax.taxData')}>
      <div className="space-y-4">
        <Field label={t('salaryTax.taxBorneBy')} htmlFor="tax-borne-by" className="max-w-sm">
          <Select
            id="tax-borne-by"
            disabled={!editable || bearer.isPending}
            value={detail.taxBorneBy ?? ''}
            onChange={(v) => bearer.mutate({ id: detail.id, taxBorneBy: v === 'employee' || v === 'employer' ? v : null })}
            options={[
              { value: '', label: t('salaryTax.taxBorneBy_default') },
              { value: 'employee', label: t('salaryTax.taxBorneBy_employee') },
              { value: 'employer', label: t('salaryTax.taxBorneBy_employer') },
            ]}
          />
        </Field>
        <div>
          <h3 className="font-semibold text-slate-800">{t('salaryTax.previousIncome')}</h3>
          <p className="mb-2 text-xs text-slate-500">{t('salaryTax.previousIncomeHint')}</p>
          <DataTable
            columns={columns}
            rows={detail.previousIncome}
            rowKey={(r) => r.year}
            empty={t('salaryTax.noPreviousIncome')}
          />
          {editable ? (
            <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
              <Field label={t('salaryTax.year')} htmlFor="prev-year">
                <Select id="prev-year" value={form.year} onChange={(v) => set('year', v)} options={yearOptions()} />
              </Field>
              {(['employerName', 'employerTaxId'] as const).map((k) => (
                <TextField
                  key={k}
                  id={`prev-${k}`}
                  label={label(k)}
                  error={errors[k]}
                  value={form[k]}
                  onValue={(v) => set(k, v)}
                />
              ))}
              {(['netIncome', 'taxWithheld'] as const).map((k) => (
                <Field key={k} label={label(k)} htmlFor={`prev-${k}`} error={errors[k]}>
                  <MoneyInput id={`prev-${k}`} value={form[k]} invalid={!!errors[k]} onChange={(v) => set(k, v)} />
                </Field>
              ))}
              <SubmitCell className="flex items-end" pending={save.isPending}>
                {t('salaryTax.save')}
              </SubmitCell>
            </form>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
