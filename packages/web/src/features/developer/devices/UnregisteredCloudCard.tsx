import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import type { Column } from '../../../ui/DataTable';
import { DEFAULT_PORT } from './shared';
import { UnregisteredTerminalsCard } from './UnregisteredTerminalsCard';
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
  const seen = trpc.deviceCloud.unregistered.useQuery();
  const columns: Column<Seen>[] = [
    { key: 'cloudId', header: t('devCloud.cloudId'), cell: (r) => <code className="font-mono text-xs">{r.cloudId}</code> },
    { key: 'ip', header: t('devCloud.lastFrom'), cell: (r) => r.lastIp ?? '–' },
  ];
  return (
    <UnregisteredTerminalsCard
      seen={seen}
      invalidate={() => utils.deviceCloud.unregistered.invalidate()}
      columns={columns}
      seenHeaders={[t('devCloud.firstSeen'), t('devCloud.lastSeen'), t('devCloud.calls'), t('devCloud.scansRefused')]}
      rowKey={(r) => r.cloudId}
      terminalOf={(r) => ({
        name: `Fingerspot ${r.cloudId}`,
        driver: 'fingerspot-cloud',
        address: 'developer.fingerspot.io',
        port: DEFAULT_PORT['fingerspot-cloud'] ?? 443,
        serial: r.cloudId,
        cloudId: r.cloudId,
      })}
      title={t('devCloud.unregisteredTitle', { count: seen.data?.length ?? 0 })}
      intro={t('devCloud.unregisteredIntro')}
      empty=""
      registerLabel={t('devCloud.register')}
    />
  );
}
