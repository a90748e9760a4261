import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { AttachmentsCard } from './AttachmentsCard';
import { ServiceSelect, UnitSelect } from './InventorySelects';
import { isValidQuantity, LineItemSelect, LineQuantityInput, LineTextInput, RequestLineForm } from './line-editor';
import type { RequestFormProps } from './line-editor';
import { RequestEditPage } from './request-pages';
import { useSaveAndOpen } from './request-parts';
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

type Detail = RouterOutputs['inventory']['purchaseRequest']['get'];
type FormValues = { warehouseId: number; note: string; lines: ReturnType<typeof toInput> };

/** A saved request as the form's values. */
const formOf = (r: Detail) => ({
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
});

function PurchaseRequestForm({ onSave, ...form }: RequestFormProps<PrLine, FormValues>) {
  const { t } = useTranslation();
  return (
    <RequestLineForm
      {...form}
      prefix="pr"
      headerClassName="grid gap-4 sm:grid-cols-2"
      blankLine={blankLine}
      firstInvalid={firstInvalidPurchaseRequestField}
      onValid={(header, lines) => onSave({ ...header, lines: toInput(lines) })}
      lineAs="fieldset"
      lineClassName="mb-3 grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-4"
      renderLine={(l, i, setLine, bad) => {
        /** The element id of the line's field `name`, and whether that field is the invalid one. */
        const at = (name: string) => ({ id: `pr-line-${i}-${name}`, invalid: bad(`pr-line-${i}-${name}`) });
        return (
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
              <LineItemSelect id={at('variant').id} value={l.variantId} onChange={(v) => setLine({ variantId: v })} bad={bad} />
            ) : (
              <ServiceSelect
                {...at('service')}
                aria-label={t('inv.service')}
                value={l.serviceId}
                onChange={(v) => setLine({ serviceId: v })}
              />
            )}
            <UnitSelect {...at('unit')} aria-label={t('inv.unit')} value={l.unitId} onChange={(v) => setLine({ unitId: v })} />
            <LineQuantityInput id={at('quantity').id} value={l.quantity} onChange={(v) => setLine({ quantity: v })} bad={bad} />
            <TextInput
              {...at('price')}
              aria-label={t('inv.estimatedPrice')}
              placeholder={t('inv.estimatedPrice')}
              inputMode="numeric"
              value={l.estimatedPrice}
              onChange={(e) => setLine({ estimatedPrice: e.target.value.replace(/\D/g, '') })}
            />
            <DatePicker
              {...at('needed')}
              ariaLabel={t('inv.neededBy')}
              value={l.neededBy}
              onChange={(v) => setLine({ neededBy: v })}
            />
            <LineTextInput
              {...at('reason')}
              label={t('inv.reason')}
              placeholder={t('inv.reason')}
              value={l.reason}
              onChange={(v) => setLine({ reason: v })}
            />
          </>
        );
      }}
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
  return (
    <RequestEditPage<Detail, FormValues> kind="purchaseRequest" procs={trpc.inventory.purchaseRequest}>
      {(r, form) => (
        <>
          <PurchaseRequestForm initial={formOf(r)} {...form} />
          <AttachmentsCard requestId={r.id} rows={r.attachments} editable={r.can.attach} />
        </>
      )}
    </RequestEditPage>
  );
}
