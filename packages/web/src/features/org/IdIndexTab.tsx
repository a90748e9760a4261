import { createIdIndexInput, formatEmployeeNumber, type IdIndexRow, ID_INDEX_LIMITS } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { FormDialog } from '../../ui/FormDialog';
import { ListCard, RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, numberOrUndefined, useSchemaForm } from '../../lib/use-schema-form';
import { useRefreshOrg } from './use-refresh';

type Key = 'companyOfficeId' | 'prefix' | 'nextNumber' | 'padding';

function IdIndexDialog({ index, officeId, onClose }: { index: IdIndexRow | null; officeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const opts = { meta: { successMessage: () => t('org.saved') }, onSuccess: () => void refresh.idIndex() };
  const create = trpc.org.idIndex.create.useMutation(opts);
  const update = trpc.org.idIndex.update.useMutation(opts);
  const form = useSchemaForm({
    idPrefix: 'id-index',
    fields: [
      { key: 'companyOfficeId', label: t('org.fields.companyOffice'), required: true },
      { key: 'prefix', label: t('org.fields.prefix') },
      { key: 'nextNumber', label: t('org.fields.nextNumber'), required: true },
      { key: 'padding', label: t('org.fields.padding'), required: true },
    ] satisfies FormFieldDef<Key>[],
    initial: {
      companyOfficeId: String(index?.companyOfficeId ?? officeId),
      prefix: index?.prefix ?? '',
      nextNumber: String(index?.nextNumber ?? 1),
      padding: String(index?.padding ?? 5),
    },
    schema: createIdIndexInput,
    toInput: (v) => ({
      companyOfficeId: toId(v.companyOfficeId) as number,
      prefix: v.prefix,
      nextNumber: numberOrUndefined(v.nextNumber),
      padding: numberOrUndefined(v.padding),
    }),
  });
  const next = Number(form.values.nextNumber);
  const pad = Number(form.values.padding);
  const preview =
    Number.isInteger(next) &&
    next > 0 &&
    Number.isInteger(pad) &&
    pad >= ID_INDEX_LIMITS.paddingMin &&
    pad <= ID_INDEX_LIMITS.paddingMax
      ? formatEmployeeNumber(form.values.prefix.trim(), next, pad)
      : null;
  return (
    <FormDialog
      title={index ? t('org.editWhat', { name: index.companyOffice }) : t('org.addWhat', { what: t('org.entity.idIndex') })}
      intro={<p className="text-sm text-slate-600">{t('org.hints.idIndex')}</p>}
      form={form}
      views={[
        {
          key: 'companyOfficeId',
          // The office of an existing ID index does not change (delete it and create one for the other office).
          render: (p) => <CompanyOfficeSelect {...p} disabled={index !== null} />,
        },
        {
          key: 'prefix',
          maxLength: ID_INDEX_LIMITS.prefixMax,
          hint: preview ? t('org.idIndexPreview', { number: preview }) : t('org.hints.prefix'),
        },
        { key: 'nextNumber', type: 'number' },
        { key: 'padding', type: 'number', hint: t('org.hints.padding') },
      ]}
      pending={create.isPending || update.isPending}
      save={({ companyOfficeId: _office, ...rest }) =>
        index ? update.mutateAsync({ id: index.id, ...rest }) : create.mutateAsync({ companyOfficeId: _office, ...rest })
      }
      onClose={onClose}
    />
  );
}

/** The employee-number scheme per office; offices without one number `<office code>-NNNNN`. */
export function IdIndexTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const list = useListState();
  const query = trpc.org.idIndex.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId) },
    { placeholderData: keepPreviousData },
  );
  const refresh = useRefreshOrg();
  const remove = trpc.org.idIndex.delete.useMutation({
    meta: { silent: true, successMessage: () => t('org.deleted') },
    onSuccess: () => void refresh.idIndex(),
  });
  const [editing, setEditing] = useState<IdIndexRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<IdIndexRow | null>(null);
  const columns: Column<IdIndexRow>[] = [
    { key: 'office', header: t('org.fields.companyOffice'), cell: (r) => r.companyOffice },
    { key: 'prefix', header: t('org.fields.prefix'), cell: (r) => <code className="font-mono text-xs">{r.prefix}</code> },
    { key: 'nextNumber', header: t('org.fields.nextNumber'), cell: (r) => r.nextNumber },
    { key: 'padding', header: t('org.fields.padding'), cell: (r) => r.padding },
    {
      key: 'next',
      header: t('org.fields.nextEmployeeNumber'),
      cell: (r) => <code className="font-mono text-xs">{r.next}</code>,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('app.actions'),
      className: 'whitespace-nowrap',
      cell: (r) => <RowActions onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />,
    });
  }
  return (
    <>
      <ListCard
        title={t('org.tabs.idIndex')}
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
        empty={t('org.noIdIndex')}
        searchPlaceholder={t('org.searchOffice')}
      />
      {editing ? (
        <IdIndexDialog index={editing === 'new' ? null : editing} officeId={officeId} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          name={deleting.companyOffice}
          onConfirm={() => remove.mutateAsync({ id: deleting.id })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
