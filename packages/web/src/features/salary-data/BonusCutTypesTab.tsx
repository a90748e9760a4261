import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import {
  labelledServerFields,
  SalaryFormDialog,
  SalaryListTable,
  useSalaryForm,
  useSalaryRows,
  useSalarySave,
} from './salary-crud';
import { MoneyInput, rp } from './salary-shared';
import './texts';
import { CheckboxField } from '../../ui/CheckboxField';

export type BonusCutTypeRow = RouterOutputs['salary']['bonusCut']['types']['list'][number];

/**
 * The "Bonus / cuts" tab of /salary/setting (issue 20 item 2): the catalogue of named bonus and cut types picked
 * in an employee's bonus/cut dialog. Kept by salary.setting holders; a type used by finalised payroll cannot be
 * deleted (the server's 409 says to deactivate it).
 */
export function BonusCutTypesTab() {
  const { t } = useTranslation();
  const list = trpc.salary.bonusCut.types.list.useQuery();
  const edit = useSalaryRows<BonusCutTypeRow>({
    api: trpc.salary.bonusCut.types,
    permission: 'salary.setting',
    deleteName: (r) => r.name,
    dialog: (row, onClose) => <BonusCutTypeDialog row={row} onClose={onClose} />,
    closeOnRefusal: true,
  });
  const yesNo = (v: boolean) => (v ? t('salaryData.yes') : t('salaryData.no'));
  const columns: Column<BonusCutTypeRow>[] = [
    { key: 'name', header: t('salaryData.name'), cell: (r) => r.name },
    { key: 'kind', header: t('salaryData.kind'), cell: (r) => t(`salaryData.${r.kind}`) },
    { key: 'taxable', header: t('salaryData.taxable'), cell: (r) => yesNo(r.taxable) },
    {
      key: 'defaultAmount',
      header: t('salaryData.defaultAmount'),
      cell: (r) => rp(r.defaultAmount),
      className: 'text-right tabular-nums',
    },
    { key: 'active', header: t('salaryData.active'), cell: (r) => yesNo(r.active) },
    ...edit.actions,
  ];
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{t('salaryData.bonusCutTypesIntro')}</p>
      <SalaryListTable
        query={list}
        columns={columns}
        empty={t('salaryData.noBonusCutTypes')}
        addLabel={t('salaryData.addBonusCutType')}
        edit={edit}
      />
    </>
  );
}

const ORDER = ['name', 'kind', 'defaultAmount'] as const;

function BonusCutTypeDialog({ row, onClose }: { row: BonusCutTypeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(row?.name ?? '');
  const [kind, setKind] = useState<string>(row?.kind ?? 'bonus');
  const [taxable, setTaxable] = useState(row?.taxable ?? true);
  const [defaultAmount, setDefaultAmount] = useState(row?.defaultAmount ?? '');
  const [active, setActive] = useState(row?.active ?? true);
  const { save: saveRow, pending } = useSalarySave(trpc.salary.bonusCut.types);
  const labels: Record<string, string> = {
    name: t('salaryData.name'),
    kind: t('salaryData.kind'),
    taxable: t('salaryData.taxable'),
    defaultAmount: t('salaryData.defaultAmount'),
  };
  const { errors, submit } = useSalaryForm('bct', ORDER);
  const check = (): Record<string, string> => (name.trim() ? {} : { name: requiredNotice(labels.name!) });
  const save = () => {
    // A cut is never taxable income: the flag is sent for bonuses only.
    const values = {
      name: name.trim(),
      kind: kind as BonusCutTypeRow['kind'],
      taxable: kind === 'bonus' && taxable,
      defaultAmount: defaultAmount || null,
      active,
    };
    return saveRow(row, values);
  };
  return (
    <SalaryFormDialog
      prefix="bct"
      title={row ? t('salaryData.editBonusCutType') : t('salaryData.addBonusCutType')}
      pending={pending}
      onClose={onClose}
      onSubmit={submit(check, save, onClose, (err) => labelledServerFields(err, labels))}
    >
      <TextField id="bct-name" label={labels.name!} required error={errors.name} maxLength={100} value={name} onValue={setName} />
      <Field label={labels.kind!} htmlFor="bct-kind" required error={errors.kind}>
        <BonusCutKindSelect id="bct-kind" value={kind} onChange={setKind} />
      </Field>
      <Field
        label={labels.defaultAmount!}
        htmlFor="bct-defaultAmount"
        error={errors.defaultAmount}
        hint={t('salaryData.defaultAmountHint')}
      >
        <MoneyInput
          id="bct-defaultAmount"
          value={defaultAmount}
          onChange={setDefaultAmount}
          invalid={Boolean(errors.defaultAmount)}
        />
      </Field>
      {kind === 'bonus' ? (
        <CheckboxField label={labels.taxable} checked={taxable} onChange={setTaxable} />
      ) : (
        <p className="text-sm text-slate-600">{t('salaryData.cutNeverTaxable')}</p>
      )}
      <CheckboxField label={t('salaryData.active')} checked={active} onChange={setActive} />
      {errors.taxable ? (
        <p className="text-sm text-red-600" role="alert">
          {errors.taxable}
        </p>
      ) : null}
    </SalaryFormDialog>
  );
}

/** Bonus or cut, for the catalogue's dialog and the employee's bonus/cut dialog. */
export function BonusCutKindSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (kind: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={[
        { value: 'bonus', label: t('salaryData.bonus') },
        { value: 'cut', label: t('salaryData.cut') },
      ]}
    />
  );
}
