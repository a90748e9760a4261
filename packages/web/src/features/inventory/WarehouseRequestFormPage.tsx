import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import { isValidQuantity, LineEditorForm, LineItemSelect, LineQuantityInput, RequestHeaderFields } from './line-editor';
import { EditRequestFrame, useEditableRequest, useRequestId, useSaveAndOpen } from './request-parts';
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
    if (!isValidQuantity(l.quantity)) return `wr-line-${i}-quantity`;
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
        <RequestHeaderFields
          prefix="wr"
          className="grid gap-4 sm:grid-cols-3"
          warehouse={[warehouseId, setWarehouseId]}
          note={[note, setNote]}
          bad={bad}
        >
          <Field label={t('inv.neededDate')} htmlFor="wr-needed">
            <DatePicker id="wr-needed" value={neededDate} onChange={setNeededDate} />
          </Field>
        </RequestHeaderFields>
      )}
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
  const { id, valid } = useRequestId();
  const d = trpc.inventory.warehouseRequest.get.useQuery({ id }, { enabled: valid }).data;
  const update = trpc.inventory.warehouseRequest.update.useMutation(useEditableRequest('warehouseRequest', id, d));
  return (
    <EditRequestFrame kind="warehouseRequest" request={d}>
      {(r) => (
        <WarehouseRequestForm
          initial={{
            warehouseId: String(r.warehouseId),
            neededDate: r.neededDate ?? '',
            note: r.note ?? '',
            lines: r.lineItems.map((l) => ({ variantId: String(l.variantId), quantity: String(l.quantity), note: l.note ?? '' })),
          }}
          pending={update.isPending}
          onSave={(v) => update.mutate({ id, ...v, neededDate: v.neededDate ?? null })}
        />
      )}
    </EditRequestFrame>
  );
}
