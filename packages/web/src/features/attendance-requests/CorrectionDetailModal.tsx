import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { DayRowView, HistoryTable, StatusBadge, timesOf } from './shared';
import './texts';

/**
 * One correction: the request, the day's timesheet row now, the history, and the decisions the
 * caller may take (approve / disapprove with a note; the employee's cancel).
 */
export function CorrectionDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const detail = trpc.attendanceRequest.correction.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const done = () => {
    void utils.attendanceRequest.correction.invalidate();
    setNote('');
  };
  const approve = trpc.attendanceRequest.correction.approve.useMutation({
    meta: { successMessage: () => t('attreq.action.approved') },
    onSuccess: done,
  });
  const disapprove = trpc.attendanceRequest.correction.disapprove.useMutation({
    meta: { successMessage: () => t('attreq.action.disapproved') },
    onSuccess: done,
  });
  const cancel = trpc.attendanceRequest.correction.cancel.useMutation({
    meta: { successMessage: () => t('attreq.action.cancelled') },
    onSuccess: done,
  });
  const c = detail.data;
  const busy = approve.isPending || disapprove.isPending || cancel.isPending;
  const decide = c && (c.can.approve || c.can.disapprove);
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      title={c ? `#${c.id} ${c.typeLabel}` : t('attreq.details')}
      footer={
        <>
          {c?.can.cancel && c.status === 3 && !decide ? (
            <Button variant="secondary" disabled={busy} onClick={() => cancel.mutate({ id: c.id })}>
              {t('attreq.cancel')}
            </Button>
          ) : null}
          {decide ? (
            <>
              <Button
                variant="danger"
                disabled={busy}
                onClick={() => disapprove.mutate({ id: c.id, note: note.trim() || undefined })}
              >
                {t('attreq.disapprove')}
              </Button>
              <Button disabled={busy} onClick={() => approve.mutate({ id: c.id, note: note.trim() || undefined })}>
                {t('attreq.approve')}
              </Button>
            </>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            {t('attreq.close')}
          </Button>
        </>
      }
    >
      {!c ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">{t('attreq.employee')}</dt>
              <dd className="font-medium">
                {c.employeeNumber} {c.employeeName}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('attreq.status')}</dt>
              <dd>
                <StatusBadge status={c.status} label={c.statusLabel} testId="correction-status" />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('attreq.date')}</dt>
              <dd className="font-medium">{formatIsoDate(c.date)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('attreq.times')}</dt>
              <dd className="font-medium">{timesOf(c) || '-'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-xs text-slate-500">{t('attreq.reason')}</dt>
              <dd>{c.reason}</dd>
            </div>
            {c.decidedBy ? (
              <div className="sm:col-span-2">
                <dt className="text-xs text-slate-500">{t('attreq.decidedBy')}</dt>
                <dd>
                  {c.decidedBy}, {formatDateTime(c.decidedAt)}
                  {c.decisionNote ? ` — ${c.decisionNote}` : ''}
                </dd>
              </div>
            ) : null}
          </dl>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('attreq.dayRow')}</h3>
            <DayRowView day={c.day} />
          </div>
          {decide ? (
            <Field label={t('attreq.note')} htmlFor="corr-note">
              <TextInput id="corr-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </Field>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('attreq.history')}</h3>
            <HistoryTable rows={c.history} />
          </div>
        </div>
      )}
    </Modal>
  );
}
