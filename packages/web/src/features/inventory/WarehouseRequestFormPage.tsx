import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouterInputs, type RouterOutputs, trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { isValidQuantity, LineItemSelect, LineQuantityInput, LineTextInput, RequestLineForm } from './line-editor';
import type { RequestFormProps } from './line-editor';
import { RequestEditPage } from './request-pages';
import { useSaveAndOpen } from './request-parts';
import './texts';

type Detail = RouterOutputs['inventory']['warehouseRequest']['get'];
type UpdateInput = RouterInputs['inventory']['warehouseRequest']['update'];
interface SaveValues {
  warehouseId: number;
  neededDate?: string;
  note: string;
  lines: { variantId: number; quantity: number; note: string }[];
}

interface Line {
  variantId: string;
  quantity: string;
  note: string;
}
const blankLine = (): Line => ({ variantId: '', quantity: '1', note: '' });

/** The first field that is empty or not a positive whole number, as an element id. */
export function firstInvalidWarehouseRequestField(warehouseId: string, lines: Line[]): string | null {
  if (!warehouseId) return 'wr-warehouse';
  for (const [i, l] of lines.entries()) {
    if (!l.variantId) return `wr-line-${i}-variant`;
    if (!isValidQuantity(l.quantity)) return `wr-line-${i}-quantity`;
  }
  return null;
}

function WarehouseRequestForm({ onSave, ...form }: RequestFormProps<Line, SaveValues, { neededDate: string }>) {
  const { t } = useTranslation();
  const [neededDate, setNeededDate] = useState(form.initial.neededDate);
  return (
    <RequestLineForm
      {...form}
      prefix="wr"
      headerClassName="grid gap-4 sm:grid-cols-3"
      headerFields={
        <Field label={t('inv.neededDate')} htmlFor="wr-needed">
          <DatePicker id="wr-needed" value={neededDate} onChange={setNeededDate} />
        </Field>
      }
      blankLine={blankLine}
      firstInvalid={firstInvalidWarehouseRequestField}
      onValid={(header, lines) =>
        onSave({
          ...header,
          ...(neededDate ? { neededDate } : {}),
          lines: lines.map((l) => ({ variantId: Number(l.variantId), quantity: Number(l.quantity), note: l.note })),
        })
      }
      lineClassName="mb-2 grid gap-2 sm:grid-cols-[2fr_1fr_2fr_auto]"
      renderLine={(l, i, setLine, bad) => (
        <>
          <LineItemSelect id={`wr-line-${i}-variant`} value={l.variantId} onChange={(v) => setLine({ variantId: v })} bad={bad} />
          <LineQuantityInput
            id={`wr-line-${i}-quantity`}
            value={l.quantity}
            onChange={(v) => setLine({ quantity: v })}
            bad={bad}
          />
          <LineTextInput label={t('inv.note')} value={l.note} onChange={(v) => setLine({ note: v })} />
        </>
      )}
    />
  );
}

/** /inventory/warehouseRequest/add */
export function WarehouseRequestAddPage() {
  const { t } = useTranslation();
  const create = trpc.inventory.warehouseRequest.create.useMutation(useSaveAndOpen('warehouseRequest'));
  return (
    <>
      <PageTitle>{t('routes.inventory.warehouseRequestAdd')}</PageTitle>
      <WarehouseRequestForm
        initial={{ warehouseId: '', neededDate: '', note: '', lines: [blankLine()] }}
        pending={create.isPending}
        onSave={(v) => create.mutate(v)}
      />
    </>
  );
}

/** /inventory/warehouseRequest/{id}/edit: the requester changes a pending request. */
export function WarehouseRequestEditPage() {
  return (
    <RequestEditPage<Detail, Omit<UpdateInput, 'id'>> kind="warehouseRequest" procs={trpc.inventory.warehouseRequest}>
      {(r, form) => (
        <WarehouseRequestForm
          initial={{
            warehouseId: String(r.warehouseId),
            neededDate: r.neededDate ?? '',
            note: r.note ?? '',
            lines: r.lineItems.map((l) => ({ variantId: String(l.variantId), quantity: String(l.quantity), note: l.note ?? '' })),
          }}
          pending={form.pending}
          onSave={(v) => form.onSave({ ...v, neededDate: v.neededDate ?? null })}
        />
      )}
    </RequestEditPage>
  );
}
