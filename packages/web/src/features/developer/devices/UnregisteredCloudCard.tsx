import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import { DEFAULT_PORT } from './shared';
import './texts';

type Seen = RouterOutputs['deviceCloud']['unregistered'][number];

/**
 * "Seen, not registered" for Fingerspot.io: cloud ids whose webhooks arrived without a registered
 * cloud terminal. Register makes one (driver fingerspot-cloud, that cloud id) and opens its edit
 * form to set its serial, name and office.
 */
export function UnregisteredCloudCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const seen = trpc.deviceCloud.unregistered.useQuery();
  const register = trpc.device.create.useMutation({
    meta: { successMessage: () => t('devCloud.registered') },
    onSuccess: (d) => {
      void utils.device.list.invalidate();
      void utils.deviceCloud.unregistered.invalidate();
      void navigate(`/developer/fingerspot/${d.id}/edit`);
    },
  });
  const rows = seen.data ?? [];
  if (!seen.isError && rows.length === 0) return null;
  const columns: Column<Seen>[] = [
    { key: 'cloudId', header: t('devCloud.cloudId'), cell: (r) => <code className="font-mono text-xs">{r.cloudId}</code> },
    { key: 'ip', header: t('devCloud.lastFrom'), cell: (r) => r.lastIp ?? '–' },
    { key: 'first', header: t('devCloud.firstSeen'), cell: (r) => formatDateTime(r.firstSeenAt), className: 'whitespace-nowrap' },
    { key: 'last', header: t('devCloud.lastSeen'), cell: (r) => formatDateTime(r.lastSeenAt), className: 'whitespace-nowrap' },
    { key: 'calls', header: t('devCloud.calls'), cell: (r) => r.requests.toLocaleString('id-ID') },
    { key: 'refused', header: t('devCloud.scansRefused'), cell: (r) => r.rowsRefused.toLocaleString('id-ID') },
    {
      key: 'register',
      header: '',
      cell: (r) => (
        <Button
          size="sm"
          disabled={register.isPending}
          onClick={() =>
            register.mutate({
              name: `Fingerspot ${r.cloudId}`,
              driver: 'fingerspot-cloud',
              address: 'developer.fingerspot.io',
              port: DEFAULT_PORT['fingerspot-cloud'] ?? 443,
              serial: r.cloudId,
              cloudId: r.cloudId,
              companyOfficeId: null,
              timeZone: 'Asia/Jakarta',
              active: true,
            })
          }
        >
          {t('devCloud.register')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('devCloud.unregisteredTitle', { count: rows.length })} className="mb-4">
      <p className="mb-2 text-xs text-slate-500">{t('devCloud.unregisteredIntro')}</p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.cloudId}
        loading={seen.isFetching}
        failed={seen.isError && !seen.data}
        onRetry={() => void seen.refetch()}
        empty=""
      />
    </Card>
  );
}
