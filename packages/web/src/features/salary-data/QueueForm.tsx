import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredNotice } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import { EmployeePicker, MoneyInput, serverFields } from './salary-shared';
import './texts';

export interface QueueValues {
  employeeId: number;
  effectiveDate: string;
  basicSalary: string;
  note: string | null;
}

const ORDER = ['employeeId', 'basicSalary', 'effectiveDate', 'note'] as const;

/**
 * A salary change: employee (when adding), new basic salary, effective date, note. Empty fields
 * are named and the first is focused; the server's field errors show at their fields.
 */
export function QueueForm({
  initial,
  employee,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<QueueValues>;
  /** The employee of an existing change (read-only); the picker is shown when absent. */
  employee?: ReactNode;
  pending: boolean;
  onSubmit: (v: QueueValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [employeeId, setEmployeeId] = useState(initial?.employeeId ? String(initial.employeeId) : '');
  const [basicSalary, setBasicSalary] = useState(initial?.basicSalary ?? '');
  const [effectiveDate, setEffectiveDate] = useState(initial?.effectiveDate ?? '');
  const [note, setNote] = useState(initial?.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels: Record<(typeof ORDER)[number], string> = {
    employeeId: t('salaryData.employee'),
    basicSalary: t('salaryData.newBasicSalary'),
    effectiveDate: t('salaryData.effectiveDate'),
    note: t('salaryData.note'),
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!employee && !employeeId) next.employeeId = requiredNotice(labels.employeeId);
    if (!basicSalary) next.basicSalary = requiredNotice(labels.basicSalary);
    else if (!/[1-9]/.test(basicSalary)) next.basicSalary = `${labels.basicSalary} must be more than 0`;
    if (!effectiveDate) next.effectiveDate = requiredNotice(labels.effectiveDate);
    setErrors(next);
    const first = ORDER.find((k) => next[k]);
    if (first) {
      document.getElementById(`q-${first}`)?.focus();
      return;
    }
    try {
      await onSubmit({ employeeId: Number(employeeId), basicSalary, effectiveDate, note: note.trim() || null });
    } catch (err) {
      const f = serverFields(err);
      setErrors(Object.fromEntries(Object.entries(f).map(([k, m]) => [k, `${labels[k as keyof typeof labels] ?? k} ${m}`])));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label={labels.employeeId} htmlFor="q-employeeId" required error={errors.employeeId} className="sm:col-span-2">
        {employee ?? (
          <EmployeePicker id="q-employeeId" value={employeeId} onChange={setEmployeeId} invalid={Boolean(errors.employeeId)} />
        )}
      </Field>
      <Field label={labels.basicSalary} htmlFor="q-basicSalary" required error={errors.basicSalary}>
        <MoneyInput id="q-basicSalary" value={basicSalary} onChange={setBasicSalary} invalid={Boolean(errors.basicSalary)} />
      </Field>
      <Field label={labels.effectiveDate} htmlFor="q-effectiveDate" required error={errors.effectiveDate}>
        <DatePicker
          id="q-effectiveDate"
          value={effectiveDate}
          onChange={setEffectiveDate}
          invalid={Boolean(errors.effectiveDate)}
        />
      </Field>
      <Field label={labels.note} htmlFor="q-note" error={errors.note} className="sm:col-span-2">
        <TextInput id="q-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('app.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {t('salaryData.save')}
        </Button>
      </div>
    </form>
  );
}
