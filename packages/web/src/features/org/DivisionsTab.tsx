import { createDivisionInput, type DivisionRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { CompanyOfficeSelect, DepartmentSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { AssignPositionsDialog } from './AssignPositionsDialog';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { FormDialog } from '../../ui/FormDialog';
import { ListCard, RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, useSchemaForm } from '../../lib/use-schema-form';
import { useRefreshOrg } from './use-refresh';

type Key = 'companyOfficeId' | 'departmentId' | 'name';

function DivisionDialog({
  division,
  officeId,
  onClose,
}: {
  division: DivisionRow | null;
  officeId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const opts = { meta: { successMessage: () => t('org.saved') }, onSuccess: () => void refresh.division() };
  const create = trpc.org.division.create.useMutation(opts);
  const update = trpc.org.division.update.useMutation(opts);
  const form = useSchemaForm({
    idPrefix: 'division',
    fields: [
      { key: 'companyOfficeId', label: t('org.fields.companyOffice'), required: true, resets: ['departmentId'] },
      { key: 'departmentId', label: t('org.fields.department'), required: true },
      { key: 'name', label: t('org.fields.name'), required: true },
    ] satisfies FormFieldDef<Key>[],
    initial: {
      companyOfficeId: String(division?.companyOfficeId ?? officeId),
      departmentId: division ? String(division.departmentId) : '',
      name: division?.name ?? '',
    },
    schema: createDivisionInput,
    toInput: (v) => ({
      companyOfficeId: toId(v.companyOfficeId),
      departmentId: toId(v.departmentId) as number,
      name: v.name,
    }),
  });
  return (
    <FormDialog
      title={division ? t('org.editWhat', { name: division.name }) : t('org.addWhat', { what: t('org.entity.division') })}
      form={form}
      views={[
        { key: 'companyOfficeId', render: (p) => <CompanyOfficeSelect {...p} /> },
        {
          key: 'departmentId',
          render: (p, values) => <DepartmentSelect {...p} requireParent companyOfficeId={toId(values.companyOfficeId)} />,
        },
        { key: 'name', maxLength: 100 },
      ]}
      pending={create.isPending || update.isPending}
      save={(input) => (division ? update.mutateAsync({ id: division.id, ...input }) : create.mutateAsync(input))}
      onClose={onClose}
    />
  );
}

export function DivisionsTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const list = useListState();
  const [departmentId, setDepartmentId] = useState('');
  const query = trpc.org.division.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId), departmentId: toId(departmentId) },
    { placeholderData: keepPreviousData },
  );
  const refresh = useRefreshOrg();
  const remove = trpc.org.division.delete.useMutation({
    meta: { silent: true, successMessage: () => t('org.deleted') },
    onSuccess: () => void refresh.division(),
  });
  const [editing, setEditing] = useState<DivisionRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DivisionRow | null>(null);
  const [positionsOf, setPositionsOf] = useState<DivisionRow | null>(null);
  const columns: Column<DivisionRow>[] = [
    { key: 'name', header: t('org.fields.name'), cell: (r) => r.name },
    { key: 'department', header: t('org.fields.department'), cell: (r) => r.department },
    { key: 'office', header: t('org.fields.companyOffice'), cell: (r) => r.companyOffice },
    { key: 'sections', header: t('org.fields.sections'), cell: (r) => r.sections },
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
        title={t('org.tabs.divisions')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        filters={
          <>
            <CompanyOfficeSelect
              aria-label={t('org.fields.companyOffice')}
              placeholder={t('org.allOffices')}
              value={officeId}
              onChange={list.filter(setOfficeId, setDepartmentId)}
            />
            <DepartmentSelect
              aria-label={t('org.fields.department')}
              placeholder={t('org.allDepartments')}
              companyOfficeId={toId(officeId)}
              value={departmentId}
              onChange={list.filter(setDepartmentId)}
            />
          </>
        }
        onAdd={canManage ? () => setEditing('new') : undefined}
        empty={t('org.empty')}
      />
      {editing ? (
        <DivisionDialog division={editing === 'new' ? null : editing} officeId={officeId} onClose={() => setEditing(null)} />
      ) : null}
      {positionsOf ? (
        <AssignPositionsDialog
          parent="division"
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
