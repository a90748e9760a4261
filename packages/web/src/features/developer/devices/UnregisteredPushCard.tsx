import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import type { Column } from '../../../ui/DataTable';
import { DEFAULT_PORT } from './shared';
import { UnregisteredTerminalsCard } from './UnregisteredTerminalsCard';
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
  const seen = trpc.devicePush.unregistered.useQuery();
  const columns: Column<Seen>[] = [
    { key: 'serial', header: t('devTerm.serial'), cell: (r) => <code className="font-mono text-xs">{r.serial}</code> },
    { key: 'ip', header: t('devTerm.unregistered.callsFrom'), cell: (r) => r.lastIp ?? '–' },
    { key: 'version', header: t('devTerm.pushVersion'), cell: (r) => r.pushVersion ?? '–' },
    { key: 'first', header: t('devTerm.firstSeen'), cell: (r) => formatDateTime(r.firstSeenAt), className: 'whitespace-nowrap' },
    { key: 'last', header: t('devTerm.lastSeen'), cell: (r) => formatDateTime(r.lastSeenAt), className: 'whitespace-nowrap' },
    { key: 'requests', header: t('devTerm.unregistered.requests'), cell: (r) => r.requests.toLocaleString('id-ID') },
    { key: 'refused', header: t('devTerm.scansRefused'), cell: (r) => r.rowsRefused.toLocaleString('id-ID') },
  ];
  return (
    <UnregisteredTerminalsCard
      seen={seen}
      invalidate={() => utils.devicePush.unregistered.invalidate()}
      columns={columns}
      rowKey={(r) => r.serial}
      terminalOf={(r) => ({
        name: `Push terminal ${r.serial}`, // stored data, not a text on screen: the same in every language
        driver: 'adms',
        address: r.lastIp ?? 'push-terminal',
        port: DEFAULT_PORT.adms ?? 8081,
        serial: r.serial,
        companyOfficeId: null,
        timeZone: 'Asia/Jakarta',
        active: true,
      })}
      title={t('devTerm.unregistered.title', { count: seen.data?.length ?? 0 })}
      intro={t('devTerm.unregistered.intro')}
      empty={t('devTerm.unregistered.empty')}
      registerLabel={t('devTerm.register')}
    />
  );
}
