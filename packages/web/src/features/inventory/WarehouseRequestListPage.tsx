import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { Tabs, urlTab } from '../../ui/Tabs';
import { ItemsPanel, ServicesPanel, UnitsPanel, WarehousesPanel } from './CataloguePanels';
import { idOrUndefined } from './InventorySelects';
import { RequestTeamPage, type RequestView, RequestViewList } from './request-pages';
import { RequestPageTitle, useRequestLeadColumns } from './request-parts';
import { MovementsPanel, StockPanel } from './StockPanels';
import { REQUEST_STATUS_OPTIONS } from '../shared/approvals/request-status';
import './texts';
import { enumLabel } from '../../lib/enum-labels';

type Row = RouterOutputs['inventory']['warehouseRequest']['list']['rows'][number];

const STATUSES = REQUEST_STATUS_OPTIONS;

function WarehouseRequestList({ view }: { view: RequestView }) {
  const { t } = useTranslation();
  const columns: Column<Row>[] = [
    ...useRequestLeadColumns<Row>('warehouseRequest'),
    { key: 'lines', header: t('inv.lines'), cell: (r) => r.lines },
    { key: 'status', header: t('inv.status'), cell: (r) => enumLabel('requestStatus', r.status, r.statusLabel) },
    { key: 'issued', header: t('inv.issued'), cell: (r) => r.fulfilmentLabel },
    { key: 'createdAt', header: t('inv.createdAt'), cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <RequestViewList<number, Row>
      procs={trpc.inventory.warehouseRequest}
      view={view}
      status={idOrUndefined}
      statuses={STATUSES}
      allTitle={t('inv.warehouseQueue')}
      columns={columns}
    />
  );
}

const TABS = ['requests', 'queue', 'stock', 'movements', 'items', 'units', 'services', 'warehouses'] as const;
type Tab = (typeof TABS)[number];

/**
 * /inventory/warehouseRequest: the caller's own requests. The spec lists no route for the
 * catalogue or the stock, so the warehouse's screens are tabs here (kept in `?tab=`): the
 * warehouse queue (inventory.manage), stock on hand with adjustments, the stock ledger, items with
 * warehouse variants, units, services and warehouses (inventory.view; editing needs inventory.manage).
 */
export function WarehouseRequestListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const manage = useCan('inventory.manage');
  const view = useCan('inventory.view');
  const allowed = TABS.filter((tab) => tab === 'requests' || (tab === 'queue' ? manage : view));
  const active = urlTab(params, allowed, 'requests');
  const go = (tab: Tab, extra: Record<string, string> = {}) => setParams(tab === 'requests' ? {} : { tab, ...extra });
  return (
    <>
      <RequestPageTitle kind="warehouseRequest" />
      {allowed.length > 1 ? (
        <Tabs
          label={t('inv.tabs')}
          tabs={allowed.map((id) => ({ id, label: t(`inv.tab.${id}`) }))}
          active={active}
          onChange={(tab) => go(tab)}
        />
      ) : null}
      {active === 'requests' ? <WarehouseRequestList view="own" /> : null}
      {active === 'queue' ? <WarehouseRequestList view="all" /> : null}
      {active === 'stock' ? (
        <StockPanel
          onLedger={(variantId, warehouseId) =>
            go('movements', { variantId: String(variantId), warehouseId: String(warehouseId) })
          }
        />
      ) : null}
      {active === 'movements' ? (
        <MovementsPanel
          key={params.toString()}
          initial={{ variantId: params.get('variantId') ?? '', warehouseId: params.get('warehouseId') ?? '' }}
        />
      ) : null}
      {active === 'items' ? <ItemsPanel /> : null}
      {active === 'units' ? <UnitsPanel /> : null}
      {active === 'services' ? <ServicesPanel /> : null}
      {active === 'warehouses' ? <WarehousesPanel /> : null}
    </>
  );
}

/** /inventory/warehouseRequest/team: requests of the people in the caller's scope. */
export const WarehouseRequestTeamPage = () => <RequestTeamPage kind="warehouseRequest" List={WarehouseRequestList} />;
