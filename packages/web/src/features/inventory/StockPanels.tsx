import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { ActionModal } from '../../ui/ActionModal';
import { TextField } from '../../ui/TextField';
import { RowLink } from '../../ui/link-column';
import { useListState } from '../../lib/use-list-state';
import { idOrUndefined, ItemWarehouseSelect, WarehouseSelect } from './InventorySelects';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { useFieldNotice } from './request-parts';
import './texts';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { toastThen } from '../../lib/toast-then';

type StockRow = RouterOutputs['inventory']['stock']['list']['rows'][number];
type MovementRow = RouterOutputs['inventory']['stock']['movements']['rows'][number];
type Kind = MovementRow['kind'];

/** Stock on hand per item variant and warehouse; warehouse staff adjust it (counted corrections). */
export function StockPanel({ onLedger }: { onLedger: (variantId: number, warehouseId: number) => void }) {
  const { t } = useTranslation();
  const list = useListState();
  const { value: warehouseId, set: setWarehouseId } = list.param('warehouse');
  const [adjusting, setAdjusting] = useState<{ variantId: string; warehouseId: string } | null>(null);
  const manage = useCan('inventory.manage');
  const query = trpc.inventory.stock.list.useQuery(
    { ...list.query, warehouseId: idOrUndefined(warehouseId) },
    { placeholderData: keepPreviousData },
  );
  return (
    <>
      <SearchListCard
        title={t('inv.tab.stock')}
        list={list}
        query={query}
        rowKey={(r: StockRow) => r.variantId * 1_000_000 + r.warehouseId}
        onAdd={manage ? () => setAdjusting({ variantId: '', warehouseId }) : undefined}
        addLabel={t('inv.adjust')}
        filters={
          <WarehouseSelect
            aria-label={t('inv.warehouse')}
            placeholder={t('inv.allWarehouses')}
            value={warehouseId}
            onChange={list.filter(setWarehouseId)}
          />
        }
        columns={[
          { key: 'item', header: t('inv.item'), cell: (r) => `${r.item} (${r.variant})` },
          { key: 'warehouse', header: t('inv.warehouse'), cell: (r) => r.warehouse },
          { key: 'onHand', header: t('inv.onHand'), cell: (r) => `${r.onHand} ${r.unit}`, className: 'text-right' },
          {
            key: 'actions',
            header: '',
            cell: (r) => (
              <div className="flex justify-end gap-1">
                <Button size="sm" variant="ghost" onClick={() => onLedger(r.variantId, r.warehouseId)}>
                  {t('inv.tab.movements')}
                </Button>
                {manage ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setAdjusting({ variantId: String(r.variantId), warehouseId: String(r.warehouseId) })}
                  >
                    {t('inv.adjust')}
                  </Button>
                ) : null}
              </div>
            ),
          },
        ]}
        empty={t('inv.noStock')}
      />
      {adjusting ? <AdjustDialog initial={adjusting} onClose={() => setAdjusting(null)} /> : null}
    </>
  );
}

/** The stock adjustment form: item variant, warehouse, signed change and a reason. */
export function AdjustDialog({ initial, onClose }: { initial: { variantId: string; warehouseId: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [variantId, setVariantId] = useState(initial.variantId);
  const [warehouseId, setWarehouseId] = useState(initial.warehouseId);
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const { fail, clear, err } = useFieldNotice();
  const adjust = trpc.inventory.stock.adjust.useMutation(
    toastThen(() => {
      void utils.inventory.stock.invalidate();
      void utils.inventory.item.invalidate();
      onClose();
    }),
  );
  const submit = () => {
    if (!variantId) return fail('adj-variant', t('inv.required'));
    if (!warehouseId) return fail('adj-warehouse', t('inv.required'));
    if (!/^-?\d+$/.test(quantity.trim()) || Number(quantity) === 0) return fail('adj-qty', t('inv.wholeNumber'));
    if (note.trim() === '') return fail('adj-note', t('inv.required'));
    clear();
    adjust.mutate({
      variantId: Number(variantId),
      warehouseId: Number(warehouseId),
      quantity: Number(quantity),
      note: note.trim(),
    });
  };
  return (
    <ActionModal onClose={onClose} title={t('inv.adjust')} actionLabel={t('app.save')} busy={adjust.isPending} onAction={submit}>
      <Field label={t('inv.item')} htmlFor="adj-variant" required error={err('adj-variant')}>
        <ItemWarehouseSelect id="adj-variant" value={variantId} onChange={setVariantId} invalid={!!err('adj-variant')} />
      </Field>
      <Field label={t('inv.warehouse')} htmlFor="adj-warehouse" required error={err('adj-warehouse')}>
        <WarehouseSelect
          id="adj-warehouse"
          placeholder=""
          value={warehouseId}
          onChange={setWarehouseId}
          invalid={!!err('adj-warehouse')}
        />
      </Field>
      <TextField
        id="adj-qty"
        label={t('inv.adjustQty')}
        required
        error={err('adj-qty')}
        inputMode="numeric"
        value={quantity}
        onValue={(v) => setQuantity(v.replace(/[^\d-]/g, ''))}
      />
      <TextField
        id="adj-note"
        label={t('inv.adjustNote')}
        required
        error={err('adj-note')}
        value={note}
        maxLength={500}
        onValue={setNote}
      />
    </ActionModal>
  );
}

/** Where a ledger line came from: a link to the warehouse request, else the document number. */
function SourceCell({ m }: { m: MovementRow }) {
  if (m.sourceType === 'warehouse_request' && m.sourceId !== null)
    return <RowLink to={`/inventory/warehouseRequest/${m.sourceId}/detail`}>{m.sourceNumber}</RowLink>;
  return <>{m.sourceNumber ?? m.sourceType}</>;
}

/** The stock ledger: every receipt, issue and adjustment with its source document and the balance after. */
export function MovementsPanel({ initial }: { initial: { variantId: string; warehouseId: string } }) {
  const { t } = useTranslation();
  const list = useListState();
  const { value: variantId, set: setVariantId } = list.param('variant', initial.variantId);
  const { value: warehouseId, set: setWarehouseId } = list.param('warehouse', initial.warehouseId);
  const { value: kind, set: setKind } = list.param('kind');
  const { value: from, set: setFrom } = list.param('from');
  const { value: to, set: setTo } = list.param('to');
  const query = trpc.inventory.stock.movements.useQuery(
    {
      ...list.query,
      variantId: idOrUndefined(variantId),
      warehouseId: idOrUndefined(warehouseId),
      kind: kind === '' ? undefined : (kind as Kind),
      from: from || undefined,
      to: to && (!from || to >= from) ? to : undefined,
    },
    { placeholderData: keepPreviousData },
  );
  const kinds: Kind[] = ['receipt', 'issue', 'adjustment'];
  return (
    <SearchListCard
      title={t('inv.tab.movements')}
      list={list}
      query={query}
      rowKey={(m: MovementRow) => Number(m.id)}
      filters={
        <>
          <ItemWarehouseSelect aria-label={t('inv.item')} value={variantId} onChange={list.filter(setVariantId)} />
          <WarehouseSelect
            aria-label={t('inv.warehouse')}
            placeholder={t('inv.allWarehouses')}
            value={warehouseId}
            onChange={list.filter(setWarehouseId)}
          />
          <FilterSelect
            label={t('inv.kind')}
            all={t('inv.allKinds')}
            value={kind}
            onChange={list.filter(setKind)}
            options={kinds.map((k) => ({ value: k, label: t(`inv.movementKind.${k}`) }))}
          />
          <div className="flex gap-2">
            <DatePicker ariaLabel={t('inv.from')} placeholder={t('inv.from')} value={from} onChange={list.filter(setFrom)} />
            <DatePicker
              ariaLabel={t('inv.to')}
              placeholder={t('inv.to')}
              value={to}
              min={from || undefined}
              onChange={list.filter(setTo)}
            />
          </div>
        </>
      }
      columns={[
        { key: 'when', header: t('inv.when'), cell: (m) => formatDateTime(m.createdAt), className: 'whitespace-nowrap' },
        { key: 'kind', header: t('inv.kind'), cell: (m) => t(`inv.movementKind.${m.kind}`) },
        { key: 'item', header: t('inv.item'), cell: (m) => `${m.item} (${m.variant})` },
        { key: 'warehouse', header: t('inv.warehouse'), cell: (m) => m.warehouse },
        {
          key: 'change',
          header: t('inv.change'),
          cell: (m) => (m.quantity > 0 ? `+${m.quantity}` : String(m.quantity)),
          className: 'text-right',
        },
        { key: 'balance', header: t('inv.balanceAfter'), cell: (m) => m.balanceAfter, className: 'text-right' },
        { key: 'source', header: t('inv.source'), cell: (m) => <SourceCell m={m} /> },
        { key: 'note', header: t('inv.note'), cell: (m) => m.note ?? '' },
        { key: 'by', header: t('inv.by'), cell: (m) => m.actor ?? '' },
      ]}
      empty={t('inv.noMovements')}
    />
  );
}
