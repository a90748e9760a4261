import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { FormulaField } from './FormulaField';
import { SalaryFormDialog, SalaryListTable, useSalaryForm, useSalaryRows, useSalarySave } from './salary-crud';
import { COMPONENT_KINDS_UI, type ComponentRow, serverFields } from './salary-shared';
import './texts';
import { fieldBinder } from '../../lib/field-binder';
import { linkColumn } from '../../ui/link-column';
import { CheckboxField } from '../../ui/CheckboxField';

/** The "Components" tab of /salary/setting: salary components with their optional formulas (salary.formula.*). */
export function ComponentsTab() {
  const { t } = useTranslation();
  const list = trpc.salary.formula.list.useQuery();
  const edit = useSalaryRows<ComponentRow>({
    api: trpc.salary.formula,
    deleteName: (r) => r.name,
    dialog: (row, onClose) => <ComponentDialog row={row} onClose={onClose} />,
  });
  const columns: Column<ComponentRow>[] = [
    linkColumn(
      'name',
      t('salaryData.name'),
      (r) => `/salary/employeeComponent/${r.id}/detail`,
      (r) => r.name,
    ),
    { key: 'kind', header: t('salaryData.kind'), cell: (r) => t(`salaryData.kinds.${r.kind}`) },
    { key: 'taxable', header: t('salaryData.taxable'), cell: (r) => (r.taxable ? t('salaryData.yes') : t('salaryData.no')) },
    { key: 'formula', header: t('salaryData.formula'), cell: (r) => <code className="text-xs">{r.formula ?? '-'}</code> },
    { key: 'everyone', header: t('salaryData.everyone'), cell: (r) => (r.everyone ? t('salaryData.yes') : t('salaryData.no')) },
    ...edit.actions,
  ];
  return (
    <SalaryListTable
      query={list}
      columns={columns}
      empty={t('salaryData.noComponents')}
      addLabel={t('salaryData.addComponent')}
      edit={edit}
    />
  );
}

/** Add / edit one salary component; the formula is checked live and again on save. */
function ComponentDialog({ row, onClose }: { row: ComponentRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(row?.name ?? '');
  const [kind, setKind] = useState<string>(row?.kind ?? 'fixed-allowance');
  const [taxable, setTaxable] = useState(row?.taxable ?? true);
  const [everyone, setEveryone] = useState(row?.everyone ?? false);
  const [formula, setFormula] = useState(row?.formula ?? '');
  const { save: saveRow, pending } = useSalarySave(trpc.salary.formula);
  const { errors, submit } = useSalaryForm('cmp', ['name']);
  const field = fieldBinder('cmp', { name: t('salaryData.name') }, errors);
  const check = (): Record<string, string> => (name.trim() ? {} : { name: requiredNotice(t('salaryData.name')) });
  const save = () => {
    const values = { name: name.trim(), kind: kind as ComponentRow['kind'], taxable, everyone, formula: formula.trim() || null };
    return saveRow(row, values);
  };
  return (
    <SalaryFormDialog
      prefix="cmp"
      title={row ? t('salaryData.editComponent') : t('salaryData.addComponent')}
      pending={pending}
      onClose={onClose}
      onSubmit={submit(check, save, onClose, serverFields)}
    >
      <TextField {...field('name')} required maxLength={100} value={name} onValue={setName} />
      <Field label={t('salaryData.kind')} htmlFor="cmp-kind" error={errors.kind}>
        <Select
          id="cmp-kind"
          value={kind}
          onChange={setKind}
          options={COMPONENT_KINDS_UI.map((k) => ({ value: k, label: t(`salaryData.kinds.${k}`) }))}
        />
      </Field>
      <CheckboxField label={t('salaryData.taxable')} checked={taxable} onChange={setTaxable} />
      <CheckboxField label={t('salaryData.everyone')} checked={everyone} onChange={setEveryone} />
      <FormulaField
        id="cmp-formula"
        label={t('salaryData.formula')}
        value={formula}
        onChange={setFormula}
        error={errors.formula}
      />
    </SalaryFormDialog>
  );
}
