import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { fieldErrorOf } from '../../lib/errors';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { PayPreview } from './PayPreview';
import { Fact } from '../shared/approvals/Fact';
import { decisionText, HistorySection, RequestModalFooter, StatusFact, decisionOptions } from './detail-parts';
import { timesOf } from './shared';
import './texts';
import { TextField } from '../../ui/TextField';

/**
 * One overtime request: planned, actual (per punches) and approved hours, the day type, the
 * history; approvers approve the planned hours or fewer, with a pay preview for salary viewers.
 */
export function OvertimeDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const canPreview = useCan('salary.view');
  const [note, setNote] = useState('');
  const [hours, setHours] = useState('');
  const [hoursError, setHoursError] = useState<string | undefined>();
  const detail = trpc.attendanceRequest.overtime.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const o = detail.data;
  useEffect(() => {
    setHours(o?.hours ?? '');
    setHoursError(undefined);
  }, [o?.hours]);
  const opts = decisionOptions(() => {
    void utils.attendanceRequest.overtime.invalidate();
    setNote('');
  });
  const approve = trpc.attendanceRequest.overtime.approve.useMutation({
    ...opts,
    onError: (err) => setHoursError(fieldErrorOf(err, 'hours')),
  });
  const disapprove = trpc.attendanceRequest.overtime.disapprove.useMutation(opts);
  const cancel = trpc.attendanceRequest.overtime.cancel.useMutation(opts);
  const busy = approve.isPending || disapprove.isPending || cancel.isPending;
  const approveHours = Number(hours.replace(',', '.'));
  const doApprove = () => {
    if (!o) return;
    if (!(approveHours > 0) || !Number.isInteger(approveHours * 4) || approveHours > Number(o.hours)) {
      setHoursError(`${t('attreq.hours')} ${t('attreq.hoursHint')} ≤ ${o.hours}`);
      document.getElementById('ot-approve-hours')?.focus();
      return;
    }
    approve.mutate({ id: o.id, hours: approveHours, note: note.trim() || undefined });
  };
  const fact = (label: string, value: string, testId?: string) => (
    <Fact label={label} valueClassName="font-medium tabular-nums" {...(testId ? { testId } : {})}>
      {value}
    </Fact>
  );
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      title={o ? `#${o.id} ${t('attreq.overtime')}` : t('attreq.details')}
      footer={
        <RequestModalFooter
          busy={busy}
          onCancel={o?.can.cancel ? () => cancel.mutate({ id: o.id }) : null}
          onApprove={o?.can.approve ? doApprove : null}
          onDisapprove={() => o && disapprove.mutate({ id: o.id, note: note.trim() || undefined })}
          onClose={onClose}
        />
      }
    >
      {!o ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            {fact(t('attreq.employee'), `${o.employeeNumber} ${o.employeeName}`)}
            <StatusFact status={o.status} label={o.statusLabel} testId="overtime-status" />
            {fact(t('attreq.date'), formatIsoDate(o.date))}
            {fact(t('attreq.dayType'), o.dayTypeLabel)}
            {fact(t('attreq.times'), timesOf(o) || '-')}
            {fact(t('attreq.plannedHours'), o.hours)}
            {fact(t('attreq.actualHours'), o.actualHoursNow ?? t('attreq.notChecked'), 'ot-actual')}
            {fact(t('attreq.approvedHours'), o.approvedHours ?? '-')}
            {fact(t('attreq.requestedBy'), o.requestedBy)}
          </dl>
          <p className="text-sm">
            <span className="text-xs text-slate-500">{t('attreq.reason')}: </span>
            {o.reason}
          </p>
          {o.decidedBy ? (
            <p className="text-sm">
              {t('attreq.decidedBy')}: {decisionText(o)}
            </p>
          ) : null}
          {o.can.approve ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('attreq.approveHours')} htmlFor="ot-approve-hours" error={hoursError}>
                <TextInput
                  id="ot-approve-hours"
                  inputMode="decimal"
                  maxLength={5}
                  value={hours}
                  invalid={Boolean(hoursError)}
                  onChange={(e) => setHours(e.target.value)}
                />
              </Field>
              <TextField id="ot-note" label={t('attreq.note')} maxLength={500} value={note} onValue={setNote} />
            </div>
          ) : null}
          {canPreview ? (
            <PayPreview
              employeeId={o.employeeId}
              dayType={o.dayType}
              date={o.date}
              hours={Number(o.approvedHours ?? (approveHours > 0 && Number.isInteger(approveHours * 4) ? approveHours : o.hours))}
            />
          ) : null}
          <HistorySection rows={o.history} />
        </div>
      )}
    </Modal>
  );
}
