import { STORAGE_SERVER_STATUS_LABELS, STORAGE_SERVER_STATUSES } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { ActionModal } from '../../ui/ActionModal';
import { Select } from '../../ui/Select';
import { ListCard } from '../../ui/ListCard';
import { LinkButton } from '../../ui/LinkButton';
import { useListState } from '../../lib/use-list-state';
import './texts';

type Row = RouterOutputs['storageServer']['list']['rows'][number];

export const STATUS_OPTIONS = STORAGE_SERVER_STATUSES.map((s) => ({ value: s, label: STORAGE_SERVER_STATUS_LABELS[s] }));

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
  const [typeId, setTypeId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<Row | null>(null);
  const types = trpc.storageServer.types.useQuery();
  const categories = trpc.storageServer.categories.useQuery();
  const query = trpc.storageServer.list.useQuery(
    {
      ...list.query,
      ...(typeId ? { typeId: Number(typeId) } : {}),
      ...(categoryId ? { categoryId: Number(categoryId) } : {}),
      ...(status ? { status: status as Row['status'] } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.storageServer.delete.useMutation({
    meta: { successMessage: () => t('srv.deleted') },
    onSuccess: () => {
      setDeleting(null);
      void utils.storageServer.invalidate();
    },
  });
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('srv.name'),
      cell: (r) => (
        <Link to={`/personal/server/${r.id}/edit`} className="text-sky-700 hover:underline">
          {r.name}
        </Link>
      ),
    },
    { key: 'type', header: t('srv.type'), cell: (r) => r.typeName },
    { key: 'category', header: t('srv.category'), cell: (r) => r.categoryName },
    { key: 'location', header: t('srv.location'), cell: (r) => r.location },
    { key: 'usage', header: t('srv.used'), cell: (r) => <Usage row={r} /> },
    { key: 'owner', header: t('srv.owner'), cell: (r) => `${r.ownerNumber} ${r.ownerName}` },
    { key: 'status', header: t('srv.status'), cell: (r) => r.statusLabel },
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(`/personal/server/${r.id}/edit`)}>
            {t('srv.edit')}
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setDeleting(r)}>
            {t('srv.delete')}
          </Button>
        </div>
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
        rowKey={(r) => r.id}
        searchPlaceholder={t('srv.searchPlaceholder')}
        filters={
          <>
            <Select
              aria-label={t('srv.type')}
              placeholder={t('srv.allTypes')}
              loading={types.isLoading}
              value={typeId}
              onChange={list.filter(setTypeId)}
              options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
            <Select
              aria-label={t('srv.category')}
              placeholder={t('srv.allCategories')}
              loading={categories.isLoading}
              value={categoryId}
              onChange={list.filter(setCategoryId)}
              options={(categories.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
            <Select
              aria-label={t('srv.status')}
              placeholder={t('srv.allStatuses')}
              value={status}
              onChange={list.filter(setStatus)}
              options={STATUS_OPTIONS}
            />
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
