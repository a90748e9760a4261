import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { DatePicker } from '../../ui/DatePicker';
import { ActionModal } from '../../ui/ActionModal';
import { ControlField } from '../../ui/ControlField';
import { Field } from '../../ui/Field';
import { TextField } from '../../ui/TextField';
import { todayWib } from '../../lib/company-date';
import { formatRupiah } from './InventorySelects';
import { useSaved } from './catalogue-parts';
import { DialogLinesTable, LineNumberInput, useFieldNotice } from './request-parts';
import './texts';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

type Detail = RouterOutputs['inventory']['purchaseRequest']['get'];

interface LineState {
  purchaseRequestLineId: number;
  name: string;
  unit: string;
  left: number;
  quantity: string;
  unitPrice: string;
}

/** Tax in percent as typed ("11", "2.5") → basis points, or null when malformed (no float arithmetic). */
export function percentToBp(v: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(v.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Σ quantity × unit price and tax half-up, in BigInt (integer rupiah). */
export function orderPreview(lines: { quantity: string; unitPrice: string }[], taxBp: number): [string, string, string] {
  const subtotal = lines.reduce(
    (s, l) => s + (/^\d+$/.test(l.quantity) && /^\d+$/.test(l.unitPrice) ? BigInt(l.quantity) * BigInt(l.unitPrice) : 0n),
    0n,
  );
  const tax = (subtotal * BigInt(taxBp) + 5000n) / 10000n;
  return [subtotal.toString(), tax.toString(), (subtotal + tax).toString()];
}

/**
 * Places a purchase order from an approved request: supplier, order and delivery dates, tax, and
 * per line the quantity (at most what is not ordered yet) and the unit price (prefilled with the
 * estimate). Lines left at 0 are not ordered; one request can become several orders.
 */
export function PurchaseOrderDialog({ request, onClose }: { request: Detail; onClose: () => void }) {
  const { t } = useTranslation();
  const [supplier, setSupplier] = useState('');
  const [orderDate, setOrderDate] = useState(todayWib());
  const [deliveryDate, setDeliveryDate] = useState('');
  const [tax, setTax] = useState('11');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<LineState[]>(
    request.lineItems
      .filter((l) => l.orderedQuantity < l.quantity)
      .map((l) => ({
        purchaseRequestLineId: l.id,
        name: l.name,
        unit: l.unit,
        left: l.quantity - l.orderedQuantity,
        quantity: String(l.quantity - l.orderedQuantity),
        unitPrice: l.estimatedPrice,
      })),
  );
  const { fail, clear, err } = useFieldNotice();
  const create = trpc.inventory.purchaseRequest.order.useMutation(useSaved(onClose));
  const taxBp = percentToBp(tax);
  const [subtotal, taxAmount, total] = orderPreview(lines, taxBp ?? 0);
  const setLine = (i: number, patch: Partial<LineState>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = () => {
    if (supplier.trim() === '') return fail('po-supplier', t('inv.required'));
    if (!orderDate) return fail('po-order-date', t('inv.required'));
    if (taxBp === null) return fail('po-tax', t('inv.wholeNumber'));
    for (const [i, l] of lines.entries()) {
      if (!/^\d+$/.test(l.quantity)) return fail(`po-line-${i}-qty`, t('inv.wholeNumber'));
      if (Number(l.quantity) > l.left) return fail(`po-line-${i}-qty`, t('inv.tooMany', { max: l.left }));
      if (Number(l.quantity) > 0 && !/^\d{1,15}$/.test(l.unitPrice)) return fail(`po-line-${i}-price`, t('inv.required'));
    }
    const chosen = lines.filter((l) => Number(l.quantity) > 0);
    if (chosen.length === 0) return fail('po-line-0-qty', t('inv.orderNone'));
    clear();
    create.mutate({
      id: request.id,
      supplier: supplier.trim(),
      orderDate,
      ...(deliveryDate ? { deliveryDate } : {}),
      taxRateBp: taxBp,
      ...trimmedOrOmitted('note', note),
      lines: chosen.map((l) => ({
        purchaseRequestLineId: l.purchaseRequestLineId,
        quantity: Number(l.quantity),
        unitPrice: l.unitPrice,
      })),
    });
  };

  return (
    <ActionModal
      onClose={onClose}
      title={`${t('inv.placeOrder')} · ${request.number}`}
      actionLabel={t('inv.placeOrder')}
      busy={create.isPending}
      onAction={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="po-supplier"
          label={t('inv.supplier')}
          required
          error={err('po-supplier')}
          value={supplier}
          maxLength={200}
          onValue={setSupplier}
        />
        <TextField
          id="po-tax"
          label={t('inv.taxRate')}
          required
          error={err('po-tax')}
          inputMode="decimal"
          value={tax}
          onValue={setTax}
        />
        <ControlField
          as={DatePicker}
          id="po-order-date"
          label={t('inv.orderDate')}
          required
          error={err('po-order-date')}
          value={orderDate}
          onChange={setOrderDate}
        />
        <Field label={t('inv.deliveryDate')} htmlFor="po-delivery-date">
          <DatePicker id="po-delivery-date" value={deliveryDate} min={orderDate || undefined} onChange={setDeliveryDate} />
        </Field>
      </div>
      <DialogLinesTable
        lines={lines}
        rowKey={(l) => l.purchaseRequestLineId}
        openHeader={t('inv.toOrder')}
        open={(l) => l.left}
        inputs={[
          {
            header: t('inv.orderQty'),
            cell: (l, i) => (
              <LineNumberInput
                id={`po-line-${i}-qty`}
                label={`${t('inv.orderQty')} ${l.name}`}
                value={l.quantity}
                invalid={!!err(`po-line-${i}-qty`)}
                message={err(`po-line-${i}-qty`)}
                onValue={(quantity) => setLine(i, { quantity })}
              />
            ),
          },
          {
            header: t('inv.unitPrice'),
            cell: (l, i) => {
              const id = `po-line-${i}-price`;
              return (
                <LineNumberInput
                  id={id}
                  label={`${t('inv.unitPrice')} ${l.name}`}
                  value={l.unitPrice}
                  invalid={!!err(id)}
                  onValue={(unitPrice) => setLine(i, { unitPrice })}
                />
              );
            },
          },
        ]}
      />
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">{t('inv.subtotal')}</dt>
          <dd className="font-medium">{formatRupiah(subtotal)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('inv.tax')}</dt>
          <dd className="font-medium">{formatRupiah(taxAmount)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('inv.orderTotal')}</dt>
          <dd className="font-medium" data-testid="po-total">
            {formatRupiah(total)}
          </dd>
        </div>
      </dl>
      <TextField id="po-note" label={t('inv.note')} value={note} maxLength={1000} onValue={setNote} />
    </ActionModal>
  );
}
