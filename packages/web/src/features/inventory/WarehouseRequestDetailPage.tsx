import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { LinkButton } from '../../ui/LinkButton';
import { Spinner } from '../../ui/Spinner';
import { formatRupiah } from './InventorySelects';
import { IssuePanel } from './IssuePanel';
import { RequestDetailFrame } from './RequestDetailFrame';
import { type RequestTypes, useRequestDetail } from './request-pages';
import { Info, OrderDownloadButton, TableCard, useDetailActions } from './request-parts';
import './texts';
import { linkColumn } from '../../ui/link-column';
import { enumLabel } from '../../lib/enum-labels';

type T = RequestTypes<'warehouseRequest'>;

/** /inventory/warehouseRequest/{id}/detail: lines with stock, the decision, issuing and linked purchasing. */
export function WarehouseRequestDetailPage() {
  const { t } = useTranslation();
  const { detail, orders, receives } = useRequestDetail<'warehouseRequest'>(trpc.inventory.warehouseRequest);
  const { refreshed, decided, ...decision } = useDetailActions();
  const decide = trpc.inventory.warehouseRequest.decide.useMutation(decided);
  const [issuing, setIssuing] = useState(false);
  const cancel = trpc.inventory.warehouseRequest.cancel.useMutation(refreshed);

  const d = detail.data;
  if (!d) return detail.isError ? null : <Spinner label={t('app.loading')} />;

  const lineColumns: Column<T['Line']>[] = [
    { key: 'item', header: t('inv.item'), cell: (l) => `${l.item} (${l.variant})` },
    { key: 'unit', header: t('inv.unit'), cell: (l) => l.unit },
    { key: 'quantity', header: t('inv.quantity'), cell: (l) => l.quantity },
    { key: 'issued', header: t('inv.issuedQty'), cell: (l) => l.issuedQuantity },
    { key: 'onHand', header: t('inv.onHand'), cell: (l) => l.onHand },
    {
      key: 'shortage',
      header: t('inv.shortage'),
      cell: (l) => (l.shortage > 0 ? <span className="text-red-700">{l.shortage}</span> : 0),
    },
    { key: 'onOrder', header: t('inv.onOrder'), cell: (l) => l.onOrder },
    { key: 'note', header: t('inv.note'), cell: (l) => l.note ?? t('app.none') },
  ];
  const prColumns: Column<T['Detail']['purchaseRequests'][number]>[] = [
    linkColumn(
      'number',
      t('inv.number'),
      (p) => `/inventory/purchaseRequest/${p.id}/detail`,
      (p) => p.number,
    ),
    { key: 'status', header: t('inv.status'), cell: (p) => enumLabel('purchaseRequestStatus', p.status, p.statusLabel) },
    { key: 'total', header: t('inv.total'), cell: (p) => formatRupiah(p.estimatedTotal) },
  ];
  const orderColumns: Column<T['Order']>[] = [
    { key: 'total', header: t('inv.total'), cell: (o) => formatRupiah(o.total) },
    { key: 'received', header: t('inv.received'), cell: (o) => o.receiveLabel },
    {
      key: 'pdf',
      header: '',
      cell: (o) => <OrderDownloadButton order={o} />,
    },
  ];

  return (
    <RequestDetailFrame
      kind="warehouseRequest"
      request={d}
      cancel={cancel}
      decision={{
        allowed: d.can.decide,
        refusal: d.can.decideRefusal,
        suffix: '',
        state: decision,
        pending: decide.isPending,
        onConfirm: (choice, note) => decide.mutate({ id: d.id, decision: choice, note }),
      }}
      actions={
        <>
          {/* Offered only for a shortage that is not on order yet (the server's can.raisePurchaseRequest). */}
          {d.can.raisePurchaseRequest ? (
            <LinkButton to={`/inventory/purchaseRequest/add?warehouseRequestId=${d.id}`} variant="secondary">
              {t('inv.raisePurchaseRequest')}
            </LinkButton>
          ) : null}
          {d.can.issue && !issuing ? <Button onClick={() => setIssuing(true)}>{t('inv.issue')}</Button> : null}
        </>
      }
      summary={
        <>
          <Info
            label={t('inv.status')}
            value={`${enumLabel('requestStatus', d.status, d.statusLabel)} · ${enumLabel('fulfilment', d.fulfilment, d.fulfilmentLabel)}`}
          />
          <Info label={t('inv.neededDate')} value={d.neededDate ? formatIsoDate(d.neededDate) : t('app.none')} />
          <Info label={t('inv.note')} value={d.note ?? t('app.none')} />
          <Info
            label={t('inv.decidedBy')}
            value={
              d.decidedBy
                ? `${d.decidedBy} · ${formatDateTime(d.decidedAt)}${d.decisionNote ? ` · ${d.decisionNote}` : ''}`
                : t('app.none')
            }
          />
        </>
      }
      lineColumns={lineColumns}
      orders={orders}
      orderColumns={orderColumns}
      receives={receives}
    >
      {issuing && d.can.issue ? <IssuePanel request={d} onClose={() => setIssuing(false)} /> : null}
      <TableCard title={t('inv.linkedPurchaseRequests')} columns={prColumns} rows={d.purchaseRequests} />
    </RequestDetailFrame>
  );
}
