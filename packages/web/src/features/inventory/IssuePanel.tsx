import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf, messageOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextInput } from '../../ui/TextInput';
import './texts';

type Detail = RouterOutputs['inventory']['warehouseRequest']['get'];
type Line = Detail['lineItems'][number];

/** What is issued of a line by default: everything outstanding, or what is on hand when that is less. */
const defaultQuantity = (l: Line) => Math.max(0, Math.min(l.outstanding, l.onHand));

/**
 * Issuing a warehouse request (issue 19 item 15): each outstanding line with the quantity to hand out, prefilled
 * with what is in stock; a line short of stock is issued in part and its remainder stays open. A quantity the
 * server refuses (more than outstanding or on hand) is shown under its line, not as a raw list in a toast.
 */
export function IssuePanel({ request, onClose }: { request: Detail; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const open = request.lineItems.filter((l) => l.outstanding > 0);
  const [qty, setQty] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, String(defaultQuantity(l))])),
  );
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const issue = trpc.inventory.warehouseRequest.issue.useMutation({
    // The panel shows the refusal itself: field messages under their lines, anything else above the buttons.
    meta: { silent: true, successMessage: 'server' },
    onSuccess: () => {
      void utils.inventory.invalidate();
      onClose();
    },
  });
  const parsed = open.map((l) => ({ line: l, value: qty[l.id] ?? '' }));
  const submit = () => {
    setLineErrors({});
    setMessage(null);
    const bad: Record<number, string> = {};
    for (const { line, value } of parsed)
      if (!/^\d{1,9}$/.test(value.trim())) bad[line.id] = t('inv.issueWholeNumber');
      else if (Number(value) > line.outstanding) bad[line.id] = t('inv.issueAtMost', { max: line.outstanding });
    if (Object.keys(bad).length) return setLineErrors(bad);
    const lines = parsed.filter((p) => Number(p.value) > 0).map((p) => ({ lineId: p.line.id, quantity: Number(p.value) }));
    if (lines.length === 0) return setMessage(t('inv.issueNothing'));
    issue.mutate(
      { id: request.id, lines },
      {
        onError: (err) => {
          const byLine: Record<number, string> = {};
          for (const f of fieldsOf(err)) {
            const m = /^lines\.(\d+)\.quantity$/.exec(f.param);
            const sent = m ? lines[Number(m[1])] : undefined;
            if (sent) byLine[sent.lineId] = f.msg;
          }
          setLineErrors(byLine);
          if (Object.keys(byLine).length === 0) setMessage(messageOf(err) ?? t('inv.issueFailed'));
        },
      },
    );
  };
  return (
    <Card title={t('inv.issue')} className="mt-4">
      <table className="w-full text-sm" data-testid="issue-panel">
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1 pr-3 font-medium">{t('inv.item')}</th>
            <th className="py-1 pr-3 font-medium">{t('inv.outstanding')}</th>
            <th className="py-1 pr-3 font-medium">{t('inv.onHand')}</th>
            <th className="py-1 pr-3 font-medium">{t('inv.issueQuantity')}</th>
          </tr>
        </thead>
        <tbody>
          {parsed.map(({ line, value }) => {
            const n = Number(value);
            const left = Number.isInteger(n) && n >= 0 && n <= line.outstanding ? line.outstanding - n : null;
            const inputId = `issue-line-${line.id}`;
            return (
              <tr key={line.id} className="align-top">
                <td className="py-1 pr-3">
                  <label htmlFor={inputId}>{`${line.item} (${line.variant})`}</label>
                </td>
                <td className="py-1 pr-3">{`${line.outstanding} ${line.unit}`}</td>
                <td className="py-1 pr-3">{line.onHand}</td>
                <td className="py-1 pr-3">
                  <TextInput
                    id={inputId}
                    inputMode="numeric"
                    className="w-24"
                    value={value}
                    invalid={!!lineErrors[line.id]}
                    aria-describedby={`${inputId}-note`}
                    onChange={(e) => setQty((q) => ({ ...q, [line.id]: e.target.value }))}
                  />
                  <p id={`${inputId}-note`} className="mt-1 text-xs">
                    {lineErrors[line.id] ? (
                      <span className="text-red-700">{lineErrors[line.id]}</span>
                    ) : left ? (
                      <span className="text-amber-700">{t('inv.staysOpen', { count: left })}</span>
                    ) : null}
                  </p>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {message ? (
        <Banner tone="error" className="mt-3">
          {message}
        </Banner>
      ) : null}
      <div className="mt-3 flex gap-2">
        <Button disabled={issue.isPending} onClick={submit}>
          {t('inv.issueConfirm')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('inv.close')}
        </Button>
      </div>
    </Card>
  );
}
