import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { type Column, DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { FormulaField } from './FormulaField';
import { COMPONENT_KINDS_UI, type ComponentRow, ConfirmDelete, serverFields, SaveFooter } from './salary-shared';
import { RowActions } from '../../ui/ListCard';
import './texts';

/** The "Components" tab of /salary/setting: salary components with their optional formulas (salary.formula.*). */
export function ComponentsTab() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const editor = useCan('salary.update');
  const list = trpc.salary.formula.list.useQuery();
  const [editing, setEditing] = useState<ComponentRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ComponentRow | null>(null);
  const remove = trpc.salary.formula.delete.useMutation({
    meta: { successMessage: () => t('salaryData.deleted') },
    onSuccess: () => {
      setDeleting(null);
      void utils.salary.invalidate();
    },
  });
  const columns: Column<ComponentRow>[] = [
    {
      key: 'name',
      header: t('salaryData.name'),
      cell: (r) => (
        <Link to={`/salary/employeeComponent/${r.id}/detail`} className="text-sky-700 hover:underline">
          {r.name}
        </Link>
      ),
    },
    { key: 'kind', header: t('salaryData.kind'), cell: (r) => t(`salaryData.kinds.${r.kind}`) },
    { key: 'taxable', header: t('salaryData.taxable'), cell: (r) => (r.taxable ? t('salaryData.yes') : t('salaryData.no')) },
    { key: 'formula', header: t('salaryData.formula'), cell: (r) => <code className="text-xs">{r.formula ?? '-'}</code> },
    { key: 'everyone', header: t('salaryData.everyone'), cell: (r) => (r.everyone ? t('salaryData.yes') : t('salaryData.no')) },
    ...(editor
      ? [
          {
            key: 'actions',
            header: t('app.actions'),
            cell: (r: ComponentRow) => <RowActions onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />,
          },
        ]
      : []),
  ];
  return (
    <>
      {editor ? (
        <div className="mb-3 flex justify-end">
          <Button onClick={() => setEditing('new')}>{t('salaryData.addComponent')}</Button>
        </div>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        failed={list.isError && !list.data}
        onRetry={() => void list.refetch()}
        empty={t('salaryData.noComponents')}
      />
      {editing ? <ComponentDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        what={deleting?.name ?? null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
}

/** Add / edit one salary component; the formula is checked live and again on save. */
function ComponentDialog({ row, onClose }: { row: ComponentRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [name, setName] = useState(row?.name ?? '');
  const [kind, setKind] = useState<string>(row?.kind ?? 'fixed-allowance');
  const [taxable, setTaxable] = useState(row?.taxable ?? true);
  const [everyone, setEveryone] = useState(row?.everyone ?? false);
  const [formula, setFormula] = useState(row?.formula ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = {
    meta: { successMessage: () => t('salaryData.saved') },
    onSuccess: () => {
      void utils.salary.invalidate();
      onClose();
    },
  };
  const create = trpc.salary.formula.create.useMutation(done);
  const update = trpc.salary.formula.update.useMutation(done);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: requiredNotice(t('salaryData.name')) });
      document.getElementById('cmp-name')?.focus();
      return;
    }
    const values = { name: name.trim(), kind: kind as ComponentRow['kind'], taxable, everyone, formula: formula.trim() || null };
    try {
      if (row) await update.mutateAsync({ id: row.id, ...values });
      else await create.mutateAsync(values);
    } catch (err) {
      setErrors(serverFields(err));
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={row ? t('salaryData.editComponent') : t('salaryData.addComponent')}
      footer={<SaveFooter formId="cmp-form" pending={create.isPending || update.isPending} onClose={onClose} />}
    >
      <form id="cmp-form" onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <Field label={t('salaryData.name')} htmlFor="cmp-name" required error={errors.name}>
          <TextInput
            id="cmp-name"
            maxLength={100}
            value={name}
            invalid={Boolean(errors.name)}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label={t('salaryData.kind')} htmlFor="cmp-kind" error={errors.kind}>
          <Select
            id="cmp-kind"
            value={kind}
            onChange={setKind}
            options={COMPONENT_KINDS_UI.map((k) => ({ value: k, label: t(`salaryData.kinds.${k}`) }))}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={taxable} onChange={(e) => setTaxable(e.target.checked)} />
          {t('salaryData.taxable')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} />
          {t('salaryData.everyone')}
        </label>
        <FormulaField
          id="cmp-formula"
          label={t('salaryData.formula')}
          value={formula}
          onChange={setFormula}
          error={errors.formula}
        />
      </form>
    </Modal>
  );
}
