import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { RowLink } from '../../ui/link-column';
import { AttachmentsCard } from './AttachmentsCard';
import { formatRupiah } from './InventorySelects';
import { PurchaseOrderDialog } from './PurchaseOrderDialog';
import { ReceiveDialog } from './ReceiveDialog';
import { RequestDetailFrame } from './RequestDetailFrame';
import { type RequestTypes, useRequestDetail } from './request-pages';
import { Info, OrderDownloadButton, TableCard, useDetailActions } from './request-parts';
import './texts';
import { enumLabel } from '../../lib/enum-labels';

type T = RequestTypes<'purchaseRequest'>;

/**
 * /inventory/purchaseRequest/{id}/detail: lines, the three approval tiers and the history. The
 * approve / reject buttons show only for the tier the request waits for, and only to a holder of
 * that tier who may act on it (the server checks again).
 */
export function PurchaseRequestDetailPage() {
  const { t } = useTranslation();
  const { detail, orders, receives } = useRequestDetail<'purchaseRequest'>(trpc.inventory.purchaseRequest);
  const [ordering, setOrdering] = useState(false);
  const [receiving, setReceiving] = useState<T['Order'] | null>(null);
  const { refreshed, decided, ...decision } = useDetailActions();
  const managerial = trpc.inventory.purchaseRequest.approveManagerial.useMutation(decided);
  const warehouse = trpc.inventory.purchaseRequest.approveWarehouse.useMutation(decided);
  const coo = trpc.inventory.purchaseRequest.approveCoo.useMutation(decided);
  const cancel = trpc.inventory.purchaseRequest.cancel.useMutation(refreshed);

  const d = detail.data;
  if (!d) return detail.isError ? null : <Spinner label={t('app.loading')} />;
  const tier = d.can.approve;
  const step = tier === 'managerial' ? managerial : tier === 'warehouse' ? warehouse : coo;

  const lineColumns: Column<T['Line']>[] = [
    { key: 'kind', header: t('inv.kind'), cell: (l) => (l.kind === 'item' ? t('inv.item') : t('inv.service')) },
    { key: 'name', header: t('inv.item'), cell: (l) => l.name },
    { key: 'quantity', header: t('inv.quantity'), cell: (l) => `${l.quantity} ${l.unit}` },
    { key: 'price', header: t('inv.estimatedPrice'), cell: (l) => formatRupiah(l.estimatedPrice), className: 'text-right' },
    { key: 'amount', header: t('inv.amount'), cell: (l) => formatRupiah(l.estimatedAmount), className: 'text-right' },
    { key: 'neededBy', header: t('inv.neededBy'), cell: (l) => formatIsoDate(l.neededBy) },
    { key: 'reason', header: t('inv.reason'), cell: (l) => l.reason },
    { key: 'ordered', header: t('inv.ordered'), cell: (l) => `${l.orderedQuantity} / ${l.quantity}` },
  ];
  const historyColumns: Column<T['Detail']['history'][number]>[] = [
    {
      key: 'step',
      header: t('inv.step'),
      cell: (h) => `${t(`inv.action.${h.action}`)}${h.tier ? ` (${t(`inv.tier.${h.tier}`)})` : ''}`,
    },
    { key: 'by', header: t('inv.by'), cell: (h) => h.actor },
    { key: 'at', header: t('inv.at'), cell: (h) => formatDateTime(h.at), className: 'whitespace-nowrap' },
    { key: 'note', header: t('inv.note'), cell: (h) => h.note ?? t('app.none') },
  ];
  const orderColumns: Column<T['Order']>[] = [
    { key: 'orderDate', header: t('inv.orderDate'), cell: (o) => formatIsoDate(o.orderDate) },
    { key: 'deliveryDate', header: t('inv.deliveryDate'), cell: (o) => formatIsoDate(o.deliveryDate) || t('app.none') },
    {
      key: 'lines',
      header: t('inv.lines'),
      cell: (o) => o.lines.map((l) => `${l.name}: ${l.receivedQuantity}/${l.quantity} ${l.unit}`).join(', '),
    },
    { key: 'total', header: t('inv.orderTotal'), cell: (o) => formatRupiah(o.total), className: 'text-right' },
    { key: 'received', header: t('inv.received'), cell: (o) => o.receiveLabel },
    {
      key: 'actions',
      header: '',
      cell: (o) => (
        <div className="flex justify-end gap-1">
          <OrderDownloadButton order={o} />
          {d.can.receive && o.fulfilment !== 'full' ? (
            <Button size="sm" onClick={() => setReceiving(o)}>
              {t('inv.receive')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const receiveColumns: Column<T['Receive']>[] = [{ key: 'by', header: t('inv.by'), cell: (r) => r.receivedBy }];

  return (
    <RequestDetailFrame
      kind="purchaseRequest"
      request={d}
      cancel={cancel}
      first={d.can.order ? <Button onClick={() => setOrdering(true)}>{t('inv.placeOrder')}</Button> : null}
      decision={{
        allowed: tier !== null,
        refusal: d.can.approveRefusal,
        suffix: tier ? ` (${t(`inv.tier.${tier}`)})` : '',
        state: decision,
        pending: step.isPending,
        onConfirm: (choice, note) => step.mutate({ id: d.id, decision: choice, note }),
      }}
      summary={
        <>
          <Info label={t('inv.status')} value={enumLabel('purchaseRequestStatus', d.status, d.statusLabel)} />
          <Info label={t('inv.total')} value={formatRupiah(d.estimatedTotal)} />
          <Info label={t('inv.note')} value={d.note ?? t('app.none')} />
          <Info
            label={t('inv.approvalTiers')}
            value={(['managerial', 'warehouse', 'coo'] as const)
              .map((k) => `${t(`inv.tier.${k}`)}: ${t(`inv.tierStatus.${d.approval[k]}`)}`)
              .join(' · ')}
          />
        </>
      }
      summaryAfter={
        d.warehouseRequestId ? (
          <p className="mt-3 text-sm">
            <RowLink to={`/inventory/warehouseRequest/${d.warehouseRequestId}/detail`}>{d.warehouseRequestNumber}</RowLink>
          </p>
        ) : null
      }
      lineColumns={lineColumns}
      orders={orders}
      orderColumns={orderColumns}
      receives={receives}
      receiveColumns={receiveColumns}
      dialogs={
        <>
          {ordering ? <PurchaseOrderDialog request={d} onClose={() => setOrdering(false)} /> : null}
          {receiving ? <ReceiveDialog order={receiving} onClose={() => setReceiving(null)} /> : null}
        </>
      }
    >
      <AttachmentsCard requestId={d.id} rows={d.attachments} editable={d.can.attach} />
      <TableCard title={t('inv.history')} columns={historyColumns} rows={d.history} />
    </RequestDetailFrame>
  );
}
