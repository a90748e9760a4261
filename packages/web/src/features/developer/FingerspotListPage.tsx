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
import { DRIVER_OPTIONS, formatSkew, SKEW_WARNING_MS } from './devices/shared';
import { UnregisteredCloudCard } from './devices/UnregisteredCloudCard';
import { UnregisteredPushCard } from './devices/UnregisteredPushCard';

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
  const remove = trpc.device.delete.useMutation({
    meta: { successMessage: () => 'Fingerprint device deleted' },
    onSuccess: () => {
      setDeleting(null);
      void utils.device.list.invalidate();
    },
  });

  const columns: Column<DeviceRow>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (r) => (
        <Link className={linkClass} to={`/developer/fingerspot/${r.id}/detail`}>
          {r.name}
        </Link>
      ),
    },
    { key: 'driver', header: 'Driver', cell: (r) => DRIVER_OPTIONS.find((d) => d.value === r.driver)?.label ?? r.driver },
    { key: 'address', header: 'Address', cell: (r) => <code className="font-mono text-xs">{`${r.address}:${r.port}`}</code> },
    { key: 'serial', header: 'Serial', cell: (r) => <code className="font-mono text-xs">{r.serial}</code> },
    { key: 'office', header: 'Office', cell: (r) => r.companyOffice ?? '' },
    { key: 'timeZone', header: 'Time zone', cell: (r) => r.timeZone },
    {
      key: 'lastSeen',
      header: 'Last seen',
      cell: (r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt) : <span className="text-slate-500">Never</span>),
      className: 'whitespace-nowrap',
    },
    {
      key: 'skew',
      header: 'Clock skew',
      cell: (r) => (
        <span className={r.skewMs !== null && Math.abs(r.skewMs) > SKEW_WARNING_MS ? 'font-medium text-red-700' : ''}>
          {formatSkew(r.skewMs)}
        </span>
      ),
    },
    { key: 'punches', header: 'Scans', cell: (r) => r.punches.toLocaleString('id-ID') },
    {
      key: 'active',
      header: 'Status',
      cell: (r) => (r.active ? <span className="text-green-700">Active</span> : <span className="text-slate-500">Inactive</span>),
    },
    {
      key: 'actions',
      header: t('app.actions'),
      cell: (r) => (
        <div className="flex gap-2">
          <Link className={linkClass} to={`/developer/fingerspot/${r.id}/edit`}>
            Edit
          </Link>
          <Button size="sm" variant="danger" onClick={() => setDeleting(r)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageTitle actions={<LinkButton to="/developer/fingerspot/add">Add device</LinkButton>}>
        {t('routes.developer.fingerspot')}
      </PageTitle>
      <UnregisteredPushCard />
      <UnregisteredCloudCard />
      <Card>
        <div className="mb-3 max-w-sm">
          <TextInput
            aria-label="Search"
            placeholder="Search name, serial or address"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              paging.setPage(1);
            }}
          />
        </div>
        <PagedTable columns={columns} query={list} paging={paging} rowKey={(r) => r.id} empty="No fingerprint devices yet." />
      </Card>
      {deleting ? (
        <ActionModal
          variant="danger"
          title={`Delete ${deleting.name}?`}
          actionLabel="Delete"
          busy={remove.isPending}
          onAction={() => remove.mutate({ id: deleting.id })}
          onClose={() => setDeleting(null)}
        >
          <p className="text-sm text-slate-700">
            The registration is removed. Scans already received from serial {deleting.serial} stay in the attendance record.
          </p>
        </ActionModal>
      ) : null}
    </>
  );
}
