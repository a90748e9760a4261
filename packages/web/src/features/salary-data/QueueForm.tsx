import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredNotice } from '../../lib/format';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { FormButtons } from '../../ui/FormButtons';
import { TextField } from '../../ui/TextField';
import { EmployeePicker, MoneyInput, serverFields } from './salary-shared';
import './texts';
import { ControlField } from '../../ui/ControlField';
import { fieldBinder } from '../../lib/field-binder';

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
  const field = fieldBinder('q', labels, errors);
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
      <ControlField as={MoneyInput} {...field('basicSalary')} required value={basicSalary} onChange={setBasicSalary} />
      <ControlField as={DatePicker} {...field('effectiveDate')} required value={effectiveDate} onChange={setEffectiveDate} />
      <TextField
        id="q-note"
        label={labels.note}
        error={errors.note}
        invalid={false}
        fieldClassName="sm:col-span-2"
        maxLength={500}
        value={note}
        onValue={setNote}
      />
      <FormButtons className="sm:col-span-2" onCancel={onCancel} pending={pending} label={t('salaryData.save')} />
    </form>
  );
}
