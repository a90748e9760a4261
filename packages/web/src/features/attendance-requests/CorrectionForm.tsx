import { CORRECTION_TIME_LABELS, type CorrectionType, createCorrectionInput } from '@hr/core/browser';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TimeInput } from '../../ui/TimeInput';
import { FormButtons, ReasonField, useRequestErrors } from './request-form';
import { type CorrectionRow, DayRowView, TYPE_OPTIONS } from './shared';
import './texts';
import { todayWib } from '../../lib/company-date';

const ORDER = ['date', 'type', 'startTime', 'endTime', 'reason'] as const;
type Key = (typeof ORDER)[number];

/** Today in WIB ('yyyy-mm-dd'): a correction is for a day that has begun. */

/**
 * The employee's correction request (new, or a change of a pending one): the date shows that day's
 * timesheet row; the time fields follow the type (arrival, leaving, the short leave's window, the
 * corrected clock-in / clock-out). Validated with core's schema before sending; the first invalid
 * field is focused.
 */
export function CorrectionForm({ editing, onDone }: { editing: CorrectionRow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [date, setDate] = useState('');
  const [type, setType] = useState('');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [reason, setReason] = useState('');
  const { errors, setErrors, onError, check } = useRequestErrors(ORDER, 'corr');
  useEffect(() => {
    setDate(editing?.date ?? '');
    setType(editing ? String(editing.type) : '');
    setStartTime(editing?.startTime ?? '');
    setEndTime(editing?.endTime ?? '');
    setReason(editing?.reason ?? '');
    setErrors({});
  }, [editing, setErrors]);
  const day = trpc.attendanceRequest.correction.myDay.useQuery({ date }, { enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
  const typeNo = type ? (Number(type) as CorrectionType) : null;
  const timeLabels = typeNo ? CORRECTION_TIME_LABELS[typeNo] : { start: null, end: null };
  const labels: Record<Key, string> = {
    date: t('attreq.date'),
    type: t('attreq.type'),
    startTime: timeLabels.start ?? t('attreq.startTime'),
    endTime: timeLabels.end ?? t('attreq.endTime'),
    reason: t('attreq.reason'),
  };
  const finish = () => {
    void utils.attendanceRequest.correction.invalidate();
    onDone();
    setDate('');
    setType('');
    setStartTime('');
    setEndTime('');
    setReason('');
  };
  const create = trpc.attendanceRequest.correction.create.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: finish,
    onError: onError(labels),
  });
  const update = trpc.attendanceRequest.correction.update.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: finish,
    onError: onError(labels),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      date,
      type: typeNo ?? undefined,
      startTime: timeLabels.start ? startTime : '',
      endTime: timeLabels.end ? endTime : '',
      reason,
    };
    const next: Partial<Record<Key, string>> = {};
    if (!date) next.date = requiredNotice(labels.date);
    if (!type) next.type = requiredNotice(labels.type);
    if (!reason.trim()) next.reason = requiredNotice(labels.reason);
    if (date && date > todayWib()) next.date = `${labels.date} must not be in the future`;
    const parsed = createCorrectionInput.safeParse(values);
    if (!check(next, parsed, labels) || !parsed.success) return;
    if (editing) update.mutate({ id: editing.id, ...parsed.data });
    else create.mutate(parsed.data);
  };
  return (
    <Card title={editing ? t('attreq.editCorrection', { id: editing.id }) : t('attreq.newCorrection')}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label={labels.date} htmlFor="corr-date" required error={errors.date}>
          <DatePicker id="corr-date" value={date} max={todayWib()} invalid={Boolean(errors.date)} onChange={setDate} />
        </Field>
        <Field label={labels.type} htmlFor="corr-type" required error={errors.type}>
          <Select
            id="corr-type"
            placeholder={t('attreq.chooseType')}
            value={type}
            invalid={Boolean(errors.type)}
            onChange={setType}
            options={TYPE_OPTIONS}
          />
        </Field>
        <div className="sm:col-span-2 rounded-md bg-slate-50 p-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('attreq.dayRow')}</h3>
          {date ? (
            day.isSuccess ? (
              <DayRowView day={day.data} />
            ) : null
          ) : (
            <p className="text-sm text-slate-600">{t('attreq.pickDate')}</p>
          )}
        </div>
        {timeLabels.start ? (
          <Field label={labels.startTime} htmlFor="corr-startTime" required={typeNo === 3} error={errors.startTime}>
            <TimeInput id="corr-startTime" value={startTime} invalid={Boolean(errors.startTime)} onChange={setStartTime} />
          </Field>
        ) : null}
        {timeLabels.end ? (
          <Field label={labels.endTime} htmlFor="corr-endTime" required={typeNo === 3} error={errors.endTime}>
            <TimeInput id="corr-endTime" value={endTime} invalid={Boolean(errors.endTime)} onChange={setEndTime} />
          </Field>
        ) : null}
        <ReasonField id="corr-reason" label={labels.reason} error={errors.reason} value={reason} onChange={setReason} />
        <FormButtons
          onCancel={editing ? onDone : null}
          busy={create.isPending || update.isPending}
          submitLabel={editing ? t('attreq.save') : t('attreq.submit')}
        />
      </form>
    </Card>
  );
}
