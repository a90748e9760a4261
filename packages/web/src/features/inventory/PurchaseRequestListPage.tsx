import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { useListState } from '../../lib/use-list-state';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { formatRupiah } from './InventorySelects';
import { RequestTeamPage, type RequestView, RequestViewList } from './request-pages';
import { RequestPageTitle, useRequestLeadColumns } from './request-parts';
import './texts';
import { enumLabel, enumOptionsNow } from '../../lib/enum-labels';

type Row = RouterOutputs['inventory']['purchaseRequest']['list']['rows'][number];
type Tier = 'managerial' | 'warehouse' | 'coo';
type Status = NonNullable<Row['status']>;

const STATUSES = enumOptionsNow('purchaseRequestStatus');
const TIER_PERMISSION = {
  managerial: 'inventory.approve.managerial',
  warehouse: 'inventory.approve.warehouse',
  coo: 'inventory.approve.coo',
} as const;

function useColumns(): Column<Row>[] {
  const { t } = useTranslation();
  return [
    ...useRequestLeadColumns<Row>('purchaseRequest'),
    { key: 'total', header: t('inv.total'), cell: (r) => formatRupiah(r.estimatedTotal), className: 'text-right' },
    { key: 'status', header: t('inv.status'), cell: (r) => enumLabel('purchaseRequestStatus', r.status, r.statusLabel) },
    { key: 'createdAt', header: t('inv.createdAt'), cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
  ];
}

function PurchaseRequestList({ view }: { view: RequestView }) {
  const { t } = useTranslation();
  return (
    <RequestViewList<Status, Row>
      procs={trpc.inventory.purchaseRequest}
      view={view}
      status={(s) => (s === '' ? undefined : (s as Status))}
      statuses={STATUSES}
      allTitle={t('inv.allPurchaseRequests')}
      columns={useColumns()}
    />
  );
}

/** Requests waiting for one tier the caller holds (shown only to holders of that tier). */
function ApprovalList({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  const list = useListState(10);
  const query = trpc.inventory.purchaseRequest.approvals.useQuery({ ...list.query, tier }, { placeholderData: keepPreviousData });
  return (
    <div className="mt-4">
      <SearchListCard
        title={t('inv.waitingFor', { tier: t(`inv.tier.${tier}`) })}
        list={list}
        query={query}
        columns={useColumns()}
        empty={t('inv.empty')}
      />
    </div>
  );
}

/** /inventory/purchaseRequest: own requests, and the approval queues of the tiers the caller holds. */
export function PurchaseRequestListPage() {
  const held: Record<Tier, boolean> = {
    managerial: useCan(TIER_PERMISSION.managerial),
    warehouse: useCan(TIER_PERMISSION.warehouse),
    coo: useCan(TIER_PERMISSION.coo),
  };
  const tiers = (['managerial', 'warehouse', 'coo'] as const).filter((tier) => held[tier]);
  // The warehouse staff's list of every request (to place orders from approved ones).
  const manage = useCan('inventory.manage');
  return (
    <>
      <RequestPageTitle kind="purchaseRequest" />
      <PurchaseRequestList view="own" />
      {tiers.map((tier) => (
        <ApprovalList key={tier} tier={tier} />
      ))}
      {manage ? (
        <div className="mt-4">
          <PurchaseRequestList view="all" />
        </div>
      ) : null}
    </>
  );
}

/** /inventory/purchaseRequest/team */
export const PurchaseRequestTeamPage = () => <RequestTeamPage kind="purchaseRequest" List={PurchaseRequestList} />;
