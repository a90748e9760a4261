import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DecisionButtons } from '../shared/approvals/DecisionButtons';
import { Fact } from '../shared/approvals/Fact';
import { HistoryTable, StatusBadge } from './shared';
import './texts';

/** Options of a decision mutation: the server's toast naming the request ("Overtime approved") and what follows it. */
export function decisionOptions(onSuccess: () => void) {
  return { meta: { successMessage: 'server' }, onSuccess } as const;
}

/** A request modal's buttons: the employee's cancel, the approver's disapprove / approve, close. */
export function RequestModalFooter({
  busy,
  onCancel,
  onApprove,
  onDisapprove,
  onClose,
}: {
  busy: boolean;
  /** Shown when set. */
  onCancel: (() => void) | null;
  /** Both shown when set. */
  onApprove: (() => void) | null;
  onDisapprove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onCancel ? (
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t('attreq.cancel')}
        </Button>
      ) : null}
      {onApprove ? (
        <DecisionButtons
          busy={busy}
          approveLabel={t('attreq.approve')}
          rejectLabel={t('attreq.disapprove')}
          onApprove={onApprove}
          onReject={onDisapprove}
        />
      ) : null}
      <Button variant="ghost" onClick={onClose}>
        {t('attreq.close')}
      </Button>
    </>
  );
}

/** The status fact of a request modal (its badge carries a test id). */
export function StatusFact({ status, label, testId }: { status: number; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Fact label={t('attreq.status')} valueClassName="">
      <StatusBadge status={status} label={label} testId={testId} />
    </Fact>
  );
}

/** "Alice, 01/02/2026 10:00 — note" of a decided request. */
export const decisionText = (r: { decidedBy: string | null; decidedAt: string | Date | null; decisionNote: string | null }) =>
  `${r.decidedBy}, ${formatDateTime(r.decidedAt)}${r.decisionNote ? ` — ${r.decisionNote}` : ''}`;

/** The request's history under its heading. */
export function HistorySection({ rows }: { rows: Parameters<typeof HistoryTable>[0]['rows'] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('attreq.history')}</h3>
      <HistoryTable rows={rows} />
    </div>
  );
}
