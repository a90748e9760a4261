import { createJobLevelInput, type JobLevelRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { AssignPositionsDialog } from './AssignPositionsDialog';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { FormDialog } from '../../ui/FormDialog';
import { ListCard, RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, numberOrUndefined, useSchemaForm } from '../../lib/use-schema-form';
import { useRefreshOrg } from './use-refresh';

type Key = 'name' | 'rank';

function JobLevelDialog({ level, onClose }: { level: JobLevelRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const opts = { meta: { successMessage: () => t('org.saved') }, onSuccess: () => void refresh.jobLevel() };
  const create = trpc.org.jobLevel.create.useMutation(opts);
  const update = trpc.org.jobLevel.update.useMutation(opts);
  const form = useSchemaForm({
    idPrefix: 'job-level',
    fields: [
      { key: 'name', label: t('org.fields.name'), required: true },
      { key: 'rank', label: t('org.fields.rank') },
    ] satisfies FormFieldDef<Key>[],
    initial: { name: level?.name ?? '', rank: String(level?.rank ?? '') },
    schema: createJobLevelInput,
    toInput: (v) => ({ name: v.name, rank: numberOrUndefined(v.rank) }),
  });
  return (
    <FormDialog
      title={level ? t('org.editWhat', { name: level.name }) : t('org.addWhat', { what: t('org.entity.jobLevel') })}
      form={form}
      views={[
        { key: 'name', maxLength: 100 },
        { key: 'rank', type: 'number', hint: t('org.hints.rank') },
      ]}
      pending={create.isPending || update.isPending}
      save={(input) => (level ? update.mutateAsync({ id: level.id, ...input }) : create.mutateAsync(input))}
      onClose={onClose}
    />
  );
}

export function JobLevelsTab() {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const list = useListState();
  const query = trpc.org.jobLevel.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const refresh = useRefreshOrg();
  const remove = trpc.org.jobLevel.delete.useMutation({
    meta: { silent: true, successMessage: () => t('org.deleted') },
    onSuccess: () => void refresh.jobLevel(),
  });
  const [editing, setEditing] = useState<JobLevelRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<JobLevelRow | null>(null);
  const [positionsOf, setPositionsOf] = useState<JobLevelRow | null>(null);
  const columns: Column<JobLevelRow>[] = [
    { key: 'rank', header: t('org.fields.rank'), cell: (r) => r.rank, className: 'w-20' },
    { key: 'name', header: t('org.fields.name'), cell: (r) => r.name },
    {
      key: 'jobPositions',
      header: t('org.fields.jobPositions'),
      cell: (r) => r.jobPositions,
    },
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
        title={t('org.tabs.jobLevels')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        filters={
          <Link to="/misc/jobPosition" className="self-center text-sm text-sky-700 hover:underline">
            {t('routes.misc.jobPosition')}
          </Link>
        }
        onAdd={canManage ? () => setEditing('new') : undefined}
        empty={t('org.empty')}
      />
      {editing ? <JobLevelDialog level={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {positionsOf ? (
        <AssignPositionsDialog
          parent="jobLevel"
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
