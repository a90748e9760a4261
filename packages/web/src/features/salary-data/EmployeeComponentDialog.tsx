import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Field } from '../../ui/Field';
import { MonthPicker } from '../../ui/MonthPicker';
import { Select } from '../../ui/Select';
import { FormulaField } from './FormulaField';
import { labelledServerFields, SalaryFormDialog, useSalaryForm, useSalarySave } from './salary-crud';
import { EmployeePicker, type EmployeeComponentRow, MoneyInput } from './salary-shared';
import './texts';
import { ControlField } from '../../ui/ControlField';
import { fieldBinder } from '../../lib/field-binder';

/** This month as 'yyyy-mm' (local time): the default first month of a new entry. */
export function thisMonth(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const ORDER = ['employeeId', 'componentId', 'amount', 'formula', 'startMonth', 'endMonth'] as const;

/**
 * Add / edit one employee component: an amount, or a formula (own; empty uses the component's),
 * from a month to an optional month. The formula is checked live and again by the server on save.
 */
export function EmployeeComponentDialog({
  row,
  employeeId: fixedEmployee,
  componentId: fixedComponent,
  onClose,
}: {
  row: EmployeeComponentRow | null;
  /** Adding for this employee (their salary page); the picker is shown when absent. */
  employeeId?: number | undefined;
  /** Adding for this component (its detail page). */
  componentId?: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const components = trpc.salary.formula.list.useQuery();
  const [employeeId, setEmployeeId] = useState(String(row?.employeeId ?? fixedEmployee ?? ''));
  const [componentId, setComponentId] = useState(String(row?.componentId ?? fixedComponent ?? ''));
  const [amount, setAmount] = useState(row?.amount ?? '');
  const [formula, setFormula] = useState(row?.formula ?? '');
  const [startMonth, setStartMonth] = useState(row?.startMonth ?? thisMonth());
  const [endMonth, setEndMonth] = useState(row?.endMonth ?? '');
  const { create, update, pending } = useSalarySave(trpc.salary.employeeComponent);
  const labels: Record<(typeof ORDER)[number], string> = {
    employeeId: t('salaryData.employee'),
    componentId: t('salaryData.component'),
    amount: t('salaryData.amount'),
    formula: t('salaryData.formula'),
    startMonth: t('salaryData.startMonth'),
    endMonth: t('salaryData.endMonth'),
  };
  const { errors, submit } = useSalaryForm('ec', ORDER);
  const field = fieldBinder('ec', labels, errors);
  const check = () => {
    const next: Record<string, string> = {};
    if (!row && !employeeId) next.employeeId = requiredNotice(labels.employeeId);
    if (!row && !componentId) next.componentId = requiredNotice(labels.componentId);
    if (!startMonth) next.startMonth = requiredNotice(labels.startMonth);
    if (endMonth && startMonth && endMonth < startMonth)
      next.endMonth = `${labels.endMonth} must not be before ${labels.startMonth}`;
    return next;
  };
  const save = () => {
    const values = { amount: amount || null, formula: formula.trim() || null, startMonth, endMonth: endMonth || null };
    return row
      ? update({ id: row.id, ...values })
      : create({ employeeId: Number(employeeId), componentId: Number(componentId), ...values });
  };
  return (
    <SalaryFormDialog
      prefix="ec"
      title={row ? t('salaryData.editEmployeeComponent') : t('salaryData.addEmployeeComponent')}
      pending={pending}
      onClose={onClose}
      onSubmit={submit(check, save, onClose, (err) => labelledServerFields(err, labels, ['formula']))}
    >
      {row ? (
        <p className="text-sm font-medium">
          {row.employeeNumber} {row.employeeName} · {row.component}
        </p>
      ) : (
        <>
          {fixedEmployee ? null : (
            <ControlField as={EmployeePicker} {...field('employeeId')} required value={employeeId} onChange={setEmployeeId} />
          )}
          <Field label={labels.componentId} htmlFor="ec-componentId" required error={errors.componentId}>
            <Select
              id="ec-componentId"
              value={componentId}
              onChange={setComponentId}
              invalid={Boolean(errors.componentId)}
              disabled={Boolean(fixedComponent)}
              placeholder={t('salaryData.selectComponent')}
              loading={components.isFetching && !components.data}
              options={(components.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Field>
        </>
      )}
      <ControlField
        as={MoneyInput}
        {...field('amount')}
        hint={t('salaryData.amountOrFormula')}
        value={amount}
        onChange={setAmount}
      />
      <FormulaField id="ec-formula" label={labels.formula} value={formula} onChange={setFormula} error={errors.formula} />
      <div className="grid gap-3 sm:grid-cols-2">
        <ControlField as={MonthPicker} {...field('startMonth')} required value={startMonth} onChange={setStartMonth} />
        <ControlField as={MonthPicker} {...field('endMonth')} value={endMonth} onChange={setEndMonth} />
      </div>
    </SalaryFormDialog>
  );
}
