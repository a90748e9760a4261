import { createOfficeInput, type OfficeRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { AssignPositionsDialog } from './AssignPositionsDialog';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { FormDialog } from '../../ui/FormDialog';
import { ListCard, RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, useSchemaForm } from '../../lib/use-schema-form';
import { useRefreshOrg } from './use-refresh';

type Key = 'code' | 'name' | 'address' | 'city';

function OfficeDialog({ office, onClose }: { office: OfficeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const opts = { meta: { successMessage: () => t('org.saved') }, onSuccess: () => void refresh.office() };
  const create = trpc.org.office.create.useMutation(opts);
  const update = trpc.org.office.update.useMutation(opts);
  const form = useSchemaForm({
    idPrefix: 'office',
    fields: [
      { key: 'code', label: t('org.fields.code'), required: true },
      { key: 'name', label: t('org.fields.name'), required: true },
      { key: 'city', label: t('org.fields.city') },
      { key: 'address', label: t('org.fields.address') },
    ] satisfies FormFieldDef<Key>[],
    initial: {
      code: office?.code ?? '',
      name: office?.name ?? '',
      city: office?.city ?? '',
      address: office?.address ?? '',
    },
    schema: createOfficeInput,
    toInput: (v) => ({ code: v.code, name: v.name, city: v.city, address: v.address }),
  });
  return (
    <FormDialog
      title={office ? t('org.editWhat', { name: office.name }) : t('org.addWhat', { what: t('org.entity.office') })}
      form={form}
      views={[
        { key: 'code', maxLength: 10, hint: t('org.hints.officeCode') },
        { key: 'name', maxLength: 100 },
        { key: 'city', maxLength: 100 },
        { key: 'address', maxLength: 500 },
      ]}
      pending={create.isPending || update.isPending}
      save={(input) => (office ? update.mutateAsync({ id: office.id, ...input }) : create.mutateAsync(input))}
      onClose={onClose}
    />
  );
}

/** Company offices with their counts and ID index; a count opens the tab listing those items. */
export function OfficesTab({
  onShow,
}: {
  onShow: (tab: 'departments' | 'divisions' | 'sections' | 'idIndex', officeId: number) => void;
}) {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const list = useListState();
  const query = trpc.org.office.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const refresh = useRefreshOrg();
  const remove = trpc.org.office.delete.useMutation({
    meta: { silent: true, successMessage: () => t('org.deleted') },
    onSuccess: () => void refresh.office(),
  });
  const [editing, setEditing] = useState<OfficeRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OfficeRow | null>(null);
  const [positionsOf, setPositionsOf] = useState<OfficeRow | null>(null);

  const count = (n: number, tab: 'departments' | 'divisions' | 'sections', r: OfficeRow) => (
    <button type="button" className="text-sky-700 hover:underline" onClick={() => onShow(tab, r.id)}>
      {n}
    </button>
  );
  const columns: Column<OfficeRow>[] = [
    { key: 'code', header: t('org.fields.code'), cell: (r) => r.code, className: 'whitespace-nowrap' },
    { key: 'name', header: t('org.fields.name'), cell: (r) => r.name },
    { key: 'city', header: t('org.fields.city'), cell: (r) => r.city ?? t('app.none') },
    { key: 'departments', header: t('org.fields.departments'), cell: (r) => count(r.departments, 'departments', r) },
    { key: 'divisions', header: t('org.fields.divisions'), cell: (r) => count(r.divisions, 'divisions', r) },
    { key: 'sections', header: t('org.fields.sections'), cell: (r) => count(r.sections, 'sections', r) },
    { key: 'employees', header: t('org.fields.employees'), cell: (r) => r.employees },
    {
      key: 'idIndex',
      header: t('org.fields.nextEmployeeNumber'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <button type="button" className="font-mono text-xs text-sky-700 hover:underline" onClick={() => onShow('idIndex', r.id)}>
          {r.nextEmployeeNumber}
        </button>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('app.actions'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <RowActions onPositions={() => setPositionsOf(r)} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />
      ),
    });
  }
  return (
    <>
      <ListCard
        title={t('org.tabs.offices')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        onAdd={canManage ? () => setEditing('new') : undefined}
        empty={t('org.empty')}
        searchPlaceholder={t('org.searchOffice')}
      />
      {editing ? <OfficeDialog office={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {positionsOf ? (
        <AssignPositionsDialog parent="office" id={positionsOf.id} name={positionsOf.name} onClose={() => setPositionsOf(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          name={deleting.name}
          onConfirm={() => remove.mutateAsync({ id: deleting.id })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
