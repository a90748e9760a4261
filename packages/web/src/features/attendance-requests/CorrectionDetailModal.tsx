import { useEnumLabel } from '../../lib/enum-labels';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { Fact } from '../shared/approvals/Fact';
import { decisionText, HistorySection, RequestModalFooter, StatusFact, decisionOptions } from './detail-parts';
import { DayRowView, timesOf } from './shared';
import './texts';
import { TextField } from '../../ui/TextField';

/**
 * One correction: the request, the day's timesheet row now, the history, and the decisions the
 * caller may take (approve / disapprove with a note; the employee's cancel).
 */
export function CorrectionDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const detail = trpc.attendanceRequest.correction.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const opts = decisionOptions(() => {
    void utils.attendanceRequest.correction.invalidate();
    setNote('');
  });
  const approve = trpc.attendanceRequest.correction.approve.useMutation(opts);
  const disapprove = trpc.attendanceRequest.correction.disapprove.useMutation(opts);
  const cancel = trpc.attendanceRequest.correction.cancel.useMutation(opts);
  const c = detail.data;
  const busy = approve.isPending || disapprove.isPending || cancel.isPending;
  const decide = c && (c.can.approve || c.can.disapprove);
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      title={c ? `#${c.id} ${enumLabel('permitType', c.type, c.typeLabel)}` : t('attreq.details')}
      footer={
        <RequestModalFooter
          busy={busy}
          onCancel={c?.can.cancel && c.status === 3 && !decide ? () => cancel.mutate({ id: c.id }) : null}
          onApprove={decide ? () => approve.mutate({ id: c.id, note: note.trim() || undefined }) : null}
          onDisapprove={() => c && disapprove.mutate({ id: c.id, note: note.trim() || undefined })}
          onClose={onClose}
        />
      }
    >
      {!c ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Fact label={t('attreq.employee')}>
              {c.employeeNumber} {c.employeeName}
            </Fact>
            <StatusFact status={c.status} label={c.statusLabel} testId="correction-status" />
            <Fact label={t('attreq.date')}>{formatIsoDate(c.date)}</Fact>
            <Fact label={t('attreq.times')}>{timesOf(c) || '-'}</Fact>
            <Fact label={t('attreq.reason')} className="sm:col-span-2" valueClassName="">
              {c.reason}
            </Fact>
            {c.decidedBy ? (
              <Fact label={t('attreq.decidedBy')} className="sm:col-span-2" valueClassName="">
                {decisionText(c)}
              </Fact>
            ) : null}
          </dl>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('attreq.dayRow')}</h3>
            <DayRowView day={c.day} />
          </div>
          {decide ? <TextField id="corr-note" label={t('attreq.note')} maxLength={500} value={note} onValue={setNote} /> : null}
          <HistorySection rows={c.history} />
        </div>
      )}
    </Modal>
  );
}
