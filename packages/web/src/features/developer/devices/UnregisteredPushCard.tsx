import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import { DEFAULT_PORT } from './shared';
import './terminal-texts';

type Seen = RouterOutputs['devicePush']['unregistered'][number];

/**
 * "Seen, not registered": serials that called /iclock without being registered as push terminals.
 * Register makes one in a click (driver adms, the address it called from) and opens its edit form to
 * name it and pick its office.
 */
export function UnregisteredPushCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const seen = trpc.devicePush.unregistered.useQuery();
  const register = trpc.device.create.useMutation({
    meta: { successMessage: () => t('devTerm.unregistered.registered') },
    onSuccess: (d) => {
      void utils.device.list.invalidate();
      void utils.devicePush.unregistered.invalidate();
      void navigate(`/developer/fingerspot/${d.id}/edit`);
    },
  });
  const rows = seen.data ?? [];
  if (!seen.isError && rows.length === 0) return null;
  const columns: Column<Seen>[] = [
    { key: 'serial', header: t('devTerm.serial'), cell: (r) => <code className="font-mono text-xs">{r.serial}</code> },
    { key: 'ip', header: t('devTerm.unregistered.callsFrom'), cell: (r) => r.lastIp ?? '–' },
    { key: 'version', header: t('devTerm.pushVersion'), cell: (r) => r.pushVersion ?? '–' },
    { key: 'first', header: t('devTerm.firstSeen'), cell: (r) => formatDateTime(r.firstSeenAt), className: 'whitespace-nowrap' },
    { key: 'last', header: t('devTerm.lastSeen'), cell: (r) => formatDateTime(r.lastSeenAt), className: 'whitespace-nowrap' },
    { key: 'requests', header: t('devTerm.unregistered.requests'), cell: (r) => r.requests.toLocaleString('id-ID') },
    { key: 'refused', header: t('devTerm.scansRefused'), cell: (r) => r.rowsRefused.toLocaleString('id-ID') },
    {
      key: 'register',
      header: '',
      cell: (r) => (
        <Button
          size="sm"
          disabled={register.isPending}
          onClick={() =>
            register.mutate({
              name: `Push terminal ${r.serial}`, // stored data, not a text on screen: the same in every language
              driver: 'adms',
              address: r.lastIp ?? 'push-terminal',
              port: DEFAULT_PORT.adms ?? 8081,
              serial: r.serial,
              companyOfficeId: null,
              timeZone: 'Asia/Jakarta',
              active: true,
            })
          }
        >
          {t('devTerm.register')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('devTerm.unregistered.title', { count: rows.length })} className="mb-4">
      <p className="mb-2 text-xs text-slate-500">{t('devTerm.unregistered.intro')}</p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.serial}
        loading={seen.isFetching}
        failed={seen.isError && !seen.data}
        onRetry={() => void seen.refetch()}
        empty={t('devTerm.unregistered.empty')}
      />
    </Card>
  );
}
