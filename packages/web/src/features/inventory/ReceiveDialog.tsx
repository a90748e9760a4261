import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { DatePicker } from '../../ui/DatePicker';
import { ActionModal } from '../../ui/ActionModal';
import { ControlField } from '../../ui/ControlField';
import { TextField } from '../../ui/TextField';
import { todayWib } from '../../lib/company-date';
import { useSaved } from './catalogue-parts';
import { DialogLinesTable, LineNumberInput, useFieldNotice } from './request-parts';
import './texts';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

type Order = RouterOutputs['inventory']['purchaseRequest']['purchaseOrders'][number];

/**
 * Records a (partial) receipt against an order: per line the quantity received now, at most what
 * is still to receive (the server refuses more, naming the line). Items go into the warehouse.
 */
export function ReceiveDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const open = order.lines.filter((l) => l.receivedQuantity < l.quantity);
  const [date, setDate] = useState(todayWib());
  const [note, setNote] = useState('');
  const [qty, setQty] = useState<string[]>(open.map(() => ''));
  const { fail, clear, err } = useFieldNotice();
  const receive = trpc.inventory.purchaseOrder.receive.useMutation(useSaved(onClose));
  const submit = () => {
    if (!date) return fail('rc-date', t('inv.required'));
    for (const [i, l] of open.entries()) {
      const left = l.quantity - l.receivedQuantity;
      if (Number(qty[i] || 0) > left) return fail(`rc-line-${i}`, t('inv.tooMany', { max: left }));
    }
    const lines = open
      .map((l, i) => ({ purchaseOrderLineId: l.id, quantity: Number(qty[i] || 0) }))
      .filter((l) => l.quantity > 0);
    if (lines.length === 0) return fail('rc-line-0', t('inv.receiveNone'));
    clear();
    receive.mutate({ id: order.id, receivedDate: date, ...trimmedOrOmitted('note', note), lines });
  };
  return (
    <ActionModal
      onClose={onClose}
      title={t('inv.receiveTitle', { number: order.number })}
      actionLabel={t('inv.receive')}
      busy={receive.isPending}
      onAction={submit}
    >
      <ControlField
        as={DatePicker}
        id="rc-date"
        label={t('inv.receivedDate')}
        required
        error={err('rc-date')}
        value={date}
        onChange={setDate}
      />
      <DialogLinesTable
        lines={open}
        rowKey={(l) => l.id}
        openHeader={t('inv.toReceive')}
        open={(l) => l.quantity - l.receivedQuantity}
        inputs={[
          {
            header: t('inv.receiveQty'),
            cell: (l, i) => (
              <LineNumberInput
                id={`rc-line-${i}`}
                label={`${t('inv.receiveQty')} ${l.name}`}
                value={qty[i] ?? ''}
                invalid={!!err(`rc-line-${i}`)}
                message={err(`rc-line-${i}`)}
                onValue={(digits) => setQty((q) => q.map((v, j) => (j === i ? digits : v)))}
              />
            ),
          },
        ]}
      />
      <TextField id="rc-note" label={t('inv.note')} value={note} maxLength={1000} onValue={setNote} />
    </ActionModal>
  );
}
