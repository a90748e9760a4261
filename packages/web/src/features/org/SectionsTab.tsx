import { createSectionInput, type SectionRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { CompanyOfficeSelect, DepartmentSelect, DivisionSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { SectionRolesDialog } from '../permissions/SectionRolesDialog';
import { AssignPositionsDialog } from './AssignPositionsDialog';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { FormDialog } from '../../ui/FormDialog';
import { ListCard, RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, useSchemaForm } from '../../lib/use-schema-form';
import { useRefreshOrg } from './use-refresh';

type Key = 'companyOfficeId' | 'departmentId' | 'divisionId' | 'name';

function SectionDialog({ section, officeId, onClose }: { section: SectionRow | null; officeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const opts = { meta: { successMessage: () => t('org.saved') }, onSuccess: () => void refresh.section() };
  const create = trpc.org.section.create.useMutation(opts);
  const update = trpc.org.section.update.useMutation(opts);
  const form = useSchemaForm({
    idPrefix: 'section',
    fields: [
      { key: 'companyOfficeId', label: t('org.fields.companyOffice'), required: true, resets: ['departmentId', 'divisionId'] },
      { key: 'departmentId', label: t('org.fields.department'), required: true, resets: ['divisionId'] },
      { key: 'divisionId', label: t('org.fields.division'), required: true },
      { key: 'name', label: t('org.fields.name'), required: true },
    ] satisfies FormFieldDef<Key>[],
    initial: {
      companyOfficeId: String(section?.companyOfficeId ?? officeId),
      departmentId: section ? String(section.departmentId) : '',
      divisionId: section ? String(section.divisionId) : '',
      name: section?.name ?? '',
    },
    schema: createSectionInput,
    toInput: (v) => ({
      companyOfficeId: toId(v.companyOfficeId),
      departmentId: toId(v.departmentId),
      divisionId: toId(v.divisionId) as number,
      name: v.name,
    }),
  });
  return (
    <FormDialog
      title={section ? t('org.editWhat', { name: section.name }) : t('org.addWhat', { what: t('org.entity.section') })}
      form={form}
      views={[
        { key: 'companyOfficeId', render: (p) => <CompanyOfficeSelect {...p} /> },
        {
          key: 'departmentId',
          render: (p, values) => <DepartmentSelect {...p} requireParent companyOfficeId={toId(values.companyOfficeId)} />,
        },
        {
          key: 'divisionId',
          render: (p, values) => (
            <DivisionSelect
              {...p}
              requireParent
              companyOfficeId={toId(values.companyOfficeId)}
              departmentId={toId(values.departmentId)}
            />
          ),
        },
        { key: 'name', maxLength: 100 },
      ]}
      pending={create.isPending || update.isPending}
      save={(input) => (section ? update.mutateAsync({ id: section.id, ...input }) : create.mutateAsync(input))}
      onClose={onClose}
    />
  );
}

export function SectionsTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const canSeeRoles = useCan('permission.view');
  const list = useListState();
  const [departmentId, setDepartmentId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  const query = trpc.org.section.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId), departmentId: toId(departmentId), divisionId: toId(divisionId) },
    { placeholderData: keepPreviousData },
  );
  const refresh = useRefreshOrg();
  const remove = trpc.org.section.delete.useMutation({
    meta: { silent: true, successMessage: () => t('org.deleted') },
    onSuccess: () => void refresh.section(),
  });
  const [editing, setEditing] = useState<SectionRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SectionRow | null>(null);
  const [positionsOf, setPositionsOf] = useState<SectionRow | null>(null);
  const [rolesOf, setRolesOf] = useState<SectionRow | null>(null);
  const columns: Column<SectionRow>[] = [
    { key: 'name', header: t('org.fields.name'), cell: (r) => r.name },
    { key: 'division', header: t('org.fields.division'), cell: (r) => r.division },
    { key: 'department', header: t('org.fields.department'), cell: (r) => r.department },
    { key: 'office', header: t('org.fields.companyOffice'), cell: (r) => r.companyOffice },
    { key: 'jobPositions', header: t('org.fields.jobPositions'), cell: (r) => r.jobPositions },
    { key: 'employees', header: t('org.fields.employees'), cell: (r) => r.employees },
  ];
  if (canManage || canSeeRoles) {
    columns.push({
      key: 'actions',
      header: t('app.actions'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <RowActions
          {...(canSeeRoles ? { onRoles: () => setRolesOf(r) } : {})}
          {...(canManage
            ? { onPositions: () => setPositionsOf(r), onEdit: () => setEditing(r), onDelete: () => setDeleting(r) }
            : {})}
        />
      ),
    });
  }
  return (
    <>
      <ListCard
        title={t('org.tabs.sections')}
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
              onChange={list.filter(setOfficeId, setDepartmentId, setDivisionId)}
            />
            <DepartmentSelect
              aria-label={t('org.fields.department')}
              placeholder={t('org.allDepartments')}
              companyOfficeId={toId(officeId)}
              value={departmentId}
              onChange={list.filter(setDepartmentId, setDivisionId)}
            />
            <DivisionSelect
              aria-label={t('org.fields.division')}
              placeholder={t('org.allDivisions')}
              companyOfficeId={toId(officeId)}
              departmentId={toId(departmentId)}
              value={divisionId}
              onChange={list.filter(setDivisionId)}
            />
          </>
        }
        onAdd={canManage ? () => setEditing('new') : undefined}
        empty={t('org.empty')}
      />
      {editing ? (
        <SectionDialog section={editing === 'new' ? null : editing} officeId={officeId} onClose={() => setEditing(null)} />
      ) : null}
      {positionsOf ? (
        <AssignPositionsDialog
          parent="section"
          id={positionsOf.id}
          name={positionsOf.name}
          onClose={() => setPositionsOf(null)}
        />
      ) : null}
      <SectionRolesDialog section={rolesOf} onClose={() => setRolesOf(null)} />
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
