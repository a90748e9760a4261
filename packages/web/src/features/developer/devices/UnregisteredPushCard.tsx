import { useTranslation } from 'react-i18next';
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
  ];
  return (
    <UnregisteredTerminalsCard
      seen={seen}
      invalidate={() => utils.devicePush.unregistered.invalidate()}
      columns={columns}
      seenHeaders={[t('devTerm.firstSeen'), t('devTerm.lastSeen'), t('devTerm.unregistered.requests'), t('devTerm.scansRefused')]}
      rowKey={(r) => r.serial}
      terminalOf={(r) => ({
        name: `Push terminal ${r.serial}`, // stored data, not a text on screen: the same in every language
        driver: 'adms',
        address: r.lastIp ?? 'push-terminal',
        port: DEFAULT_PORT.adms ?? 8081,
        serial: r.serial,
      })}
      title={t('devTerm.unregistered.title', { count: seen.data?.length ?? 0 })}
      intro={t('devTerm.unregistered.intro')}
      empty={t('devTerm.unregistered.empty')}
      registerLabel={t('devTerm.register')}
    />
  );
}
