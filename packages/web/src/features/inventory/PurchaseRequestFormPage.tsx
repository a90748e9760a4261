import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { AttachmentsCard } from './AttachmentsCard';
import { ServiceSelect, UnitSelect } from './InventorySelects';
import { isValidQuantity, LineEditorForm, LineItemSelect, LineQuantityInput, RequestHeaderFields } from './line-editor';
import { EditRequestFrame, useEditableRequest, useRequestId, useSaveAndOpen } from './request-parts';
import './texts';

export interface PrLine {
  kind: 'item' | 'service';
  variantId: string;
  serviceId: string;
  unitId: string;
  quantity: string;
  estimatedPrice: string;
  neededBy: string;
  reason: string;
}
const blankLine = (): PrLine => ({
  kind: 'item',
  variantId: '',
  serviceId: '',
  unitId: '',
  quantity: '1',
  estimatedPrice: '',
  neededBy: '',
  reason: '',
});

/** The id of the first empty or malformed field, in form order (it gets the focus). */
export function firstInvalidPurchaseRequestField(warehouseId: string, lines: PrLine[]): string | null {
  if (!warehouseId) return 'pr-warehouse';
  for (const [i, l] of lines.entries()) {
    if (l.kind === 'item' && !l.variantId) return `pr-line-${i}-variant`;
    if (l.kind === 'service' && !l.serviceId) return `pr-line-${i}-service`;
    if (!l.unitId) return `pr-line-${i}-unit`;
    if (!isValidQuantity(l.quantity)) return `pr-line-${i}-quantity`;
    if (!/^\d{1,15}$/.test(l.estimatedPrice)) return `pr-line-${i}-price`;
    if (!l.neededBy) return `pr-line-${i}-needed`;
    if (l.reason.trim() === '') return `pr-line-${i}-reason`;
  }
  return null;
}

function toInput(lines: PrLine[]) {
  return lines.map((l) => ({
    kind: l.kind,
    ...(l.kind === 'item' ? { variantId: Number(l.variantId) } : { serviceId: Number(l.serviceId) }),
    unitId: Number(l.unitId),
    quantity: Number(l.quantity),
    estimatedPrice: l.estimatedPrice,
    neededBy: l.neededBy,
    reason: l.reason.trim(),
  }));
}

function PurchaseRequestForm({
  initial,
  onSave,
  pending,
}: {
  initial: { warehouseId: string; note: string; lines: PrLine[] };
  onSave: (v: { warehouseId: number; note: string; lines: ReturnType<typeof toInput> }) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [warehouseId, setWarehouseId] = useState(initial.warehouseId);
  const [note, setNote] = useState(initial.note);
  return (
    <LineEditorForm
      initialLines={initial.lines}
      blankLine={blankLine}
      pending={pending}
      firstInvalid={(lines) => firstInvalidPurchaseRequestField(warehouseId, lines)}
      onValid={(lines) => onSave({ warehouseId: Number(warehouseId), note, lines: toInput(lines) })}
      header={(bad) => (
        <RequestHeaderFields
          prefix="pr"
          className="grid gap-4 sm:grid-cols-2"
          warehouse={[warehouseId, setWarehouseId]}
          note={[note, setNote]}
          bad={bad}
        />
      )}
      lineAs="fieldset"
      lineClassName="mb-3 grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-4"
      renderLine={(l, i, setLine, bad) => (
        <>
          <Select
            aria-label={t('inv.kind')}
            value={l.kind}
            onChange={(v) => setLine({ kind: v === 'service' ? 'service' : 'item' })}
            options={[
              { value: 'item', label: t('inv.item') },
              { value: 'service', label: t('inv.service') },
            ]}
          />
          {l.kind === 'item' ? (
            <LineItemSelect
              id={`pr-line-${i}-variant`}
              value={l.variantId}
              onChange={(v) => setLine({ variantId: v })}
              bad={bad}
            />
          ) : (
            <ServiceSelect
              id={`pr-line-${i}-service`}
              aria-label={t('inv.service')}
              value={l.serviceId}
              onChange={(v) => setLine({ serviceId: v })}
              invalid={bad(`pr-line-${i}-service`)}
            />
          )}
          <UnitSelect
            id={`pr-line-${i}-unit`}
            aria-label={t('inv.unit')}
            value={l.unitId}
            onChange={(v) => setLine({ unitId: v })}
            invalid={bad(`pr-line-${i}-unit`)}
          />
          <LineQuantityInput
            id={`pr-line-${i}-quantity`}
            value={l.quantity}
            onChange={(v) => setLine({ quantity: v })}
            bad={bad}
          />
          <TextInput
            id={`pr-line-${i}-price`}
            aria-label={t('inv.estimatedPrice')}
            placeholder={t('inv.estimatedPrice')}
            inputMode="numeric"
            value={l.estimatedPrice}
            onChange={(e) => setLine({ estimatedPrice: e.target.value.replace(/\D/g, '') })}
            invalid={bad(`pr-line-${i}-price`)}
          />
          <DatePicker
            id={`pr-line-${i}-needed`}
            ariaLabel={t('inv.neededBy')}
            value={l.neededBy}
            onChange={(v) => setLine({ neededBy: v })}
            invalid={bad(`pr-line-${i}-needed`)}
          />
          <TextInput
            id={`pr-line-${i}-reason`}
            aria-label={t('inv.reason')}
            placeholder={t('inv.reason')}
            value={l.reason}
            maxLength={500}
            onChange={(e) => setLine({ reason: e.target.value })}
            invalid={bad(`pr-line-${i}-reason`)}
          />
        </>
      )}
    />
  );
}

/**
 * /inventory/purchaseRequest/add. With `?warehouseRequestId=N` (from a warehouse request's detail)
 * the warehouse raises a purchase request linked to that request, prefilled with its shortage.
 */
export function PurchaseRequestAddPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wrId = Number(params.get('warehouseRequestId'));
  const linked = Number.isInteger(wrId) && wrId > 0;
  const wr = trpc.inventory.warehouseRequest.get.useQuery({ id: wrId }, { enabled: linked });
  const done = useSaveAndOpen('purchaseRequest', 'all');
  const create = trpc.inventory.purchaseRequest.create.useMutation(done);
  const raise = trpc.inventory.warehouseRequest.raisePurchaseRequest.useMutation(done);
  if (linked && !wr.data) return wr.isError ? null : <Spinner label={t('app.loading')} />;
  const initial = wr.data
    ? {
        warehouseId: String(wr.data.warehouseId),
        note: wr.data.number,
        lines: wr.data.lineItems
          // The shortage not on order yet (a purchase request raised before covers its part).
          .filter((l) => l.shortage > l.onOrder)
          .map((l) => ({
            ...blankLine(),
            variantId: String(l.variantId),
            unitId: String(l.unitId),
            quantity: String(l.shortage - l.onOrder),
            neededBy: wr.data?.neededDate ?? '',
            reason: wr.data?.number ?? '',
          })),
      }
    : { warehouseId: '', note: '', lines: [blankLine()] };
  if (initial.lines.length === 0) initial.lines = [blankLine()];
  return (
    <>
      <PageTitle>
        {t('routes.inventory.purchaseRequestAdd')}
        {wr.data ? ` · ${wr.data.number}` : ''}
      </PageTitle>
      <PurchaseRequestForm
        initial={initial}
        pending={create.isPending || raise.isPending}
        onSave={(v) => (linked ? raise.mutate({ id: wrId, ...v }) : create.mutate(v))}
      />
    </>
  );
}

/** /inventory/purchaseRequest/{id}/edit: only before the first approval. */
export function PurchaseRequestEditPage() {
  const { id, valid } = useRequestId();
  const d = trpc.inventory.purchaseRequest.get.useQuery({ id }, { enabled: valid }).data;
  const update = trpc.inventory.purchaseRequest.update.useMutation(useEditableRequest('purchaseRequest', id, d));
  return (
    <EditRequestFrame kind="purchaseRequest" request={d}>
      {(r) => (
        <>
          <PurchaseRequestForm
            initial={{
              warehouseId: String(r.warehouseId),
              note: r.note ?? '',
              lines: r.lineItems.map((l) => ({
                kind: l.kind,
                variantId: l.variantId === null ? '' : String(l.variantId),
                serviceId: l.serviceId === null ? '' : String(l.serviceId),
                unitId: String(l.unitId),
                quantity: String(l.quantity),
                estimatedPrice: l.estimatedPrice,
                neededBy: l.neededBy,
                reason: l.reason,
              })),
            }}
            pending={update.isPending}
            onSave={(v) => update.mutate({ id, ...v })}
          />
          <AttachmentsCard requestId={r.id} rows={r.attachments} editable={r.can.attach} />
        </>
      )}
    </EditRequestFrame>
  );
}
