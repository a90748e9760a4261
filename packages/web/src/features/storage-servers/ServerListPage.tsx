import { enumLabel, enumOptionsNow } from '../../lib/enum-labels';
import { STORAGE_SERVER_STATUSES } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { ActionModal } from '../../ui/ActionModal';
import { ListCard } from '../../ui/ListCard';
import { LinkButton } from '../../ui/LinkButton';
import { useListState } from '../../lib/use-list-state';
import { EditDeleteButtons } from '../shared/approvals/EditDeleteButtons';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { LookupFilter, useListFilter } from '../shared/list-filters';
import './texts';
import { linkColumn } from '../../ui/link-column';
import { toastThen } from '../../lib/toast-then';

type Row = RouterOutputs['storageServer']['list']['rows'][number];

export const STATUS_OPTIONS = enumOptionsNow('storageServerStatus', STORAGE_SERVER_STATUSES);

/** Usage as "512.5 / 2048 GB" with a bar (percent of capacity). */
function Usage({ row }: { row: Row }) {
  const tone = row.usagePercent >= 90 ? 'bg-red-500' : row.usagePercent >= 75 ? 'bg-amber-500' : 'bg-emerald-500';
  return (
    <div className="min-w-36">
      <div className="text-sm tabular-nums">
        {row.usageGb} / {row.capacityGb} GB ({row.usagePercent}%)
      </div>
      <div className="mt-1 h-1.5 rounded bg-slate-200" aria-hidden="true">
        <div className={`h-1.5 rounded ${tone}`} style={{ width: `${Math.min(100, row.usagePercent)}%` }} />
      </div>
    </div>
  );
}

/** /personal/server: the storage servers the caller may manage (own ones; every one with hr.all). */
export function ServerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const list = useListState();
  const typeId = useListFilter(list, 'type');
  const categoryId = useListFilter(list, 'category');
  const status = useListFilter(list, 'status');
  const [deleting, setDeleting] = useState<Row | null>(null);
  const types = trpc.storageServer.types.useQuery();
  const categories = trpc.storageServer.categories.useQuery();
  const query = trpc.storageServer.list.useQuery(
    {
      ...list.query,
      ...(typeId.value ? { typeId: Number(typeId.value) } : {}),
      ...(categoryId.value ? { categoryId: Number(categoryId.value) } : {}),
      ...(status.value ? { status: status.value as Row['status'] } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.storageServer.delete.useMutation(
    toastThen(() => {
      setDeleting(null);
      void utils.storageServer.invalidate();
    }),
  );
  const columns: Column<Row>[] = [
    linkColumn(
      'name',
      t('srv.name'),
      (r) => `/personal/server/${r.id}/edit`,
      (r) => r.name,
    ),
    { key: 'type', header: t('srv.type'), cell: (r) => r.typeName },
    { key: 'category', header: t('srv.category'), cell: (r) => r.categoryName },
    { key: 'location', header: t('srv.location'), cell: (r) => r.location },
    { key: 'usage', header: t('srv.used'), cell: (r) => <Usage row={r} /> },
    { key: 'owner', header: t('srv.owner'), cell: (r) => `${r.ownerNumber} ${r.ownerName}` },
    { key: 'status', header: t('srv.status'), cell: (r) => enumLabel('storageServerStatus', r.status, r.statusLabel) },
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <EditDeleteButtons
          editLabel={t('srv.edit')}
          deleteLabel={t('srv.delete')}
          onEdit={() => void navigate(`/personal/server/${r.id}/edit`)}
          onDelete={() => setDeleting(r)}
        />
      ),
    },
  ];
  return (
    <>
      <PageTitle actions={<LinkButton to="/personal/server/add">{t('srv.add')}</LinkButton>}>
        {t('routes.personal.server')}
      </PageTitle>
      <ListCard
        title={t('srv.servers')}
        list={list}
        query={query}
        columns={columns}
        searchPlaceholder={t('srv.searchPlaceholder')}
        filters={
          <>
            <LookupFilter label={t('srv.type')} all={t('srv.allTypes')} lookup={types} {...typeId} />
            <LookupFilter label={t('srv.category')} all={t('srv.allCategories')} lookup={categories} {...categoryId} />
            <FilterSelect label={t('srv.status')} all={t('srv.allStatuses')} {...status} options={STATUS_OPTIONS} />
          </>
        }
        empty={t('srv.noServers')}
      />
      {deleting ? (
        <ActionModal
          variant="danger"
          title={t('srv.deleteTitle', { name: deleting.name })}
          actionLabel={t('srv.delete')}
          busy={remove.isPending}
          onAction={() => remove.mutate({ id: deleting.id })}
          onClose={() => setDeleting(null)}
        >
          <p className="text-sm text-slate-600">{t('srv.deleteHint')}</p>
        </ActionModal>
      ) : null}
    </>
  );
}
