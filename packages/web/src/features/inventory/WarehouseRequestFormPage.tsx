import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { ItemWarehouseSelect, WarehouseSelect } from './InventorySelects';
import { LineEditorForm } from './line-editor';
import { EditPageTitle, useEditableRequest, useRequestId, useSaveAndOpen } from './request-parts';
import './texts';

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
    if (!/^\d+$/.test(l.quantity) || Number(l.quantity) < 1) return `wr-line-${i}-quantity`;
  }
  return null;
}

function WarehouseRequestForm({
  initial,
  onSave,
  pending,
}: {
  initial: { warehouseId: string; neededDate: string; note: string; lines: Line[] };
  onSave: (v: {
    warehouseId: number;
    neededDate?: string;
    note: string;
    lines: { variantId: number; quantity: number; note: string }[];
  }) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [warehouseId, setWarehouseId] = useState(initial.warehouseId);
  const [neededDate, setNeededDate] = useState(initial.neededDate);
  const [note, setNote] = useState(initial.note);
  return (
    <LineEditorForm
      initialLines={initial.lines}
      blankLine={blankLine}
      pending={pending}
      firstInvalid={(lines) => firstInvalidWarehouseRequestField(warehouseId, lines)}
      onValid={(lines) =>
        onSave({
          warehouseId: Number(warehouseId),
          ...(neededDate ? { neededDate } : {}),
          note,
          lines: lines.map((l) => ({ variantId: Number(l.variantId), quantity: Number(l.quantity), note: l.note })),
        })
      }
      header={(bad) => (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('inv.warehouse')} htmlFor="wr-warehouse" required>
            <WarehouseSelect
              id="wr-warehouse"
              placeholder=""
              value={warehouseId}
              onChange={setWarehouseId}
              invalid={bad('wr-warehouse')}
            />
          </Field>
          <Field label={t('inv.neededDate')} htmlFor="wr-needed">
            <DatePicker id="wr-needed" value={neededDate} onChange={setNeededDate} />
          </Field>
          <Field label={t('inv.note')} htmlFor="wr-note">
            <TextInput id="wr-note" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </Field>
        </div>
      )}
      lineClassName="mb-2 grid gap-2 sm:grid-cols-[2fr_1fr_2fr_auto]"
      renderLine={(l, i, setLine, bad) => (
        <>
          <ItemWarehouseSelect
            id={`wr-line-${i}-variant`}
            aria-label={t('inv.item')}
            value={l.variantId}
            onChange={(v) => setLine({ variantId: v })}
            invalid={bad(`wr-line-${i}-variant`)}
          />
          <TextInput
            id={`wr-line-${i}-quantity`}
            aria-label={t('inv.quantity')}
            inputMode="numeric"
            value={l.quantity}
            onChange={(e) => setLine({ quantity: e.target.value })}
            invalid={bad(`wr-line-${i}-quantity`)}
          />
          <TextInput
            aria-label={t('inv.note')}
            value={l.note}
            maxLength={500}
            onChange={(e) => setLine({ note: e.target.value })}
          />
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
  const { t } = useTranslation();
  const { id, valid } = useRequestId();
  const detail = trpc.inventory.warehouseRequest.get.useQuery({ id }, { enabled: valid });
  const d = detail.data;
  const update = trpc.inventory.warehouseRequest.update.useMutation(useEditableRequest('warehouseRequest', id, d));
  if (!d) return <Spinner label={t('app.loading')} />;
  return (
    <>
      <EditPageTitle kind="warehouseRequest" number={d.number} />
      <WarehouseRequestForm
        initial={{
          warehouseId: String(d.warehouseId),
          neededDate: d.neededDate ?? '',
          note: d.note ?? '',
          lines: d.lineItems.map((l) => ({ variantId: String(l.variantId), quantity: String(l.quantity), note: l.note ?? '' })),
        }}
        pending={update.isPending}
        onSave={(v) => update.mutate({ id, ...v, neededDate: v.neededDate ?? null })}
      />
    </>
  );
}
