import { createDepartmentInput, type DepartmentRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { AssignPositionsDialog } from './AssignPositionsDialog';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { FormDialog } from '../../ui/FormDialog';
import { ListCard, RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, useSchemaForm } from '../../lib/use-schema-form';
import { useRefreshOrg } from './use-refresh';

type Key = 'companyOfficeId' | 'name';

function DepartmentDialog({
  department,
  officeId,
  onClose,
}: {
  department: DepartmentRow | null;
  officeId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const opts = { meta: { successMessage: () => t('org.saved') }, onSuccess: () => void refresh.department() };
  const create = trpc.org.department.create.useMutation(opts);
  const update = trpc.org.department.update.useMutation(opts);
  const form = useSchemaForm({
    idPrefix: 'department',
    fields: [
      { key: 'companyOfficeId', label: t('org.fields.companyOffice'), required: true },
      { key: 'name', label: t('org.fields.name'), required: true },
    ] satisfies FormFieldDef<Key>[],
    initial: { companyOfficeId: String(department?.companyOfficeId ?? officeId), name: department?.name ?? '' },
    schema: createDepartmentInput,
    toInput: (v) => ({ companyOfficeId: toId(v.companyOfficeId) as number, name: v.name }),
  });
  return (
    <FormDialog
      title={department ? t('org.editWhat', { name: department.name }) : t('org.addWhat', { what: t('org.entity.department') })}
      form={form}
      views={[
        { key: 'companyOfficeId', render: (p) => <CompanyOfficeSelect {...p} /> },
        { key: 'name', maxLength: 100 },
      ]}
      pending={create.isPending || update.isPending}
      save={(input) => (department ? update.mutateAsync({ id: department.id, ...input }) : create.mutateAsync(input))}
      onClose={onClose}
    />
  );
}

export function DepartmentsTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const list = useListState();
  const query = trpc.org.department.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId) },
    { placeholderData: keepPreviousData },
  );
  const refresh = useRefreshOrg();
  const remove = trpc.org.department.delete.useMutation({
    meta: { silent: true, successMessage: () => t('org.deleted') },
    onSuccess: () => void refresh.department(),
  });
  const [editing, setEditing] = useState<DepartmentRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DepartmentRow | null>(null);
  const [positionsOf, setPositionsOf] = useState<DepartmentRow | null>(null);
  const columns: Column<DepartmentRow>[] = [
    { key: 'name', header: t('org.fields.name'), cell: (r) => r.name },
    { key: 'office', header: t('org.fields.companyOffice'), cell: (r) => r.companyOffice },
    { key: 'divisions', header: t('org.fields.divisions'), cell: (r) => r.divisions },
    { key: 'employees', header: t('org.fields.employees'), cell: (r) => r.employees },
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
        title={t('org.tabs.departments')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        filters={
          <CompanyOfficeSelect
            aria-label={t('org.fields.companyOffice')}
            placeholder={t('org.allOffices')}
            value={officeId}
            onChange={list.filter(setOfficeId)}
          />
        }
        onAdd={canManage ? () => setEditing('new') : undefined}
        empty={t('org.empty')}
      />
      {editing ? (
        <DepartmentDialog department={editing === 'new' ? null : editing} officeId={officeId} onClose={() => setEditing(null)} />
      ) : null}
      {positionsOf ? (
        <AssignPositionsDialog
          parent="department"
          id={positionsOf.id}
          name={positionsOf.name}
          onClose={() => setPositionsOf(null)}
        />
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
