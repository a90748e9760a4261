import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { ActionModal } from '../../ui/ActionModal';
import type { Column } from '../../ui/DataTable';
import { TextInput } from '../../ui/TextInput';
import { LinkButton } from '../../ui/LinkButton';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { driverLabel, formatSkew, SKEW_WARNING_MS } from './devices/shared';
import './devices/terminal-texts';
import { UnregisteredCloudCard } from './devices/UnregisteredCloudCard';
import { UnregisteredPushCard } from './devices/UnregisteredPushCard';
import { toastThen } from '../../lib/toast-then';

type DeviceRow = RouterOutputs['device']['list']['rows'][number];

const linkClass = 'text-sky-700 underline hover:text-sky-900';

/** /developer/fingerspot: the registered fingerprint terminals with last seen and clock skew. */
export function FingerspotListPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const debounced = useDebouncedValue(search, 300);
  const list = trpc.device.list.useQuery({ page: paging.page, pageSize: paging.pageSize, search: debounced.trim() || undefined });
  const [deleting, setDeleting] = useState<DeviceRow | null>(null);
  const remove = trpc.device.delete.useMutation(
    toastThen(() => {
      setDeleting(null);
      void utils.device.list.invalidate();
    }),
  );

  const columns: Column<DeviceRow>[] = [
    {
      key: 'name',
      header: t('devTerm.name'),
      cell: (r) => (
        <Link className={linkClass} to={`/developer/fingerspot/${r.id}/detail`}>
          {r.name}
        </Link>
      ),
    },
    { key: 'driver', header: t('devTerm.driver'), cell: (r) => driverLabel(t, r.driver) },
    {
      key: 'address',
      header: t('devTerm.address'),
      cell: (r) => <code className="font-mono text-xs">{`${r.address}:${r.port}`}</code>,
    },
    { key: 'serial', header: t('devTerm.serial'), cell: (r) => <code className="font-mono text-xs">{r.serial}</code> },
    { key: 'office', header: t('devTerm.office'), cell: (r) => r.companyOffice ?? '' },
    { key: 'timeZone', header: t('devTerm.timeZone'), cell: (r) => r.timeZone },
    {
      key: 'lastSeen',
      header: t('devTerm.lastSeen'),
      cell: (r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt) : <span className="text-slate-500">{t('devTerm.never')}</span>),
      className: 'whitespace-nowrap',
    },
    {
      key: 'skew',
      header: t('devTerm.clockSkew'),
      cell: (r) => (
        <span className={r.skewMs !== null && Math.abs(r.skewMs) > SKEW_WARNING_MS ? 'font-medium text-red-700' : ''}>
          {formatSkew(r.skewMs)}
        </span>
      ),
    },
    { key: 'punches', header: t('devTerm.scans'), cell: (r) => r.punches.toLocaleString('id-ID') },
    {
      key: 'active',
      header: t('devTerm.status'),
      cell: (r) =>
        r.active ? (
          <span className="text-green-700">{t('devTerm.active')}</span>
        ) : (
          <span className="text-slate-500">{t('devTerm.inactive')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('app.actions'),
      cell: (r) => (
        <div className="flex gap-2">
          <Link className={linkClass} to={`/developer/fingerspot/${r.id}/edit`}>
            {t('devTerm.edit')}
          </Link>
          <Button size="sm" variant="danger" onClick={() => setDeleting(r)}>
            {t('devTerm.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageTitle actions={<LinkButton to="/developer/fingerspot/add">{t('devTerm.list.addDevice')}</LinkButton>}>
        {t('routes.developer.fingerspot')}
      </PageTitle>
      <UnregisteredPushCard />
      <UnregisteredCloudCard />
      <Card>
        <div className="mb-3 max-w-sm">
          <TextInput
            aria-label={t('devTerm.list.search')}
            placeholder={t('devTerm.list.searchPlaceholder')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              paging.setPage(1);
            }}
          />
        </div>
        <PagedTable columns={columns} query={list} paging={paging} empty={t('devTerm.list.empty')} />
      </Card>
      {deleting ? (
        <ActionModal
          variant="danger"
          title={t('devTerm.list.deleteTitle', { name: deleting.name })}
          actionLabel={t('devTerm.delete')}
          busy={remove.isPending}
          onAction={() => remove.mutate({ id: deleting.id })}
          onClose={() => setDeleting(null)}
        >
          <p className="text-sm text-slate-700">{t('devTerm.list.deleteBody', { serial: deleting.serial })}</p>
        </ActionModal>
      ) : null}
    </>
  );
}
