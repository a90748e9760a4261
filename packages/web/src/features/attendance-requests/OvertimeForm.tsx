import { createMyOvertimeInput, overtimeMinutesOf } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan, useSession } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Card } from '../../ui/Card';
import { SearchableSelect } from '../../ui/Combobox';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import { TimeInput } from '../../ui/TimeInput';
import { PayPreview } from './PayPreview';
import { FormButtons, ReasonField, useRequestErrors } from './request-form';
import './texts';
import { SearchInput } from '../../ui/SearchInput';

/** Days from `from` to `to`, both included (ISO dates). */
const daysOf = (from: string, to: string): number => Math.max(1, (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1);

const ORDER = ['employeeId', 'date', 'dateTo', 'startTime', 'endTime', 'hours', 'reason'] as const;
type Key = (typeof ORDER)[number];

/**
 * Overtime request form: for oneself (/personal/overtime/add) or, for approvers, for an employee
 * in scope (/attendance/overtime/add). Start and end time, or a number of hours (quarter hours);
 * the day type and the week's workday overtime come from the server (roster, holidays, limits of
 * PP 35/2021), and with salary.view the pay is previewed with the payroll engine. Approvers may file
 * the same overtime for several employees over a range of days at once (all or nothing; the server
 * lists every employee-day it refuses).
 */
export function OvertimeForm({ forEmployee, back }: { forEmployee: boolean; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const session = useSession();
  const canPreview = useCan('salary.view');
  const [employeeId, setEmployeeId] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const [date, setDate] = useState('');
  const [bulk, setBulk] = useState(false);
  const [chosen, setChosen] = useState<{ id: number; label: string }[]>([]);
  const [dateTo, setDateTo] = useState('');
  const [refusals, setRefusals] = useState<string[]>([]);
  const [mode, setMode] = useState<'times' | 'hours'>('times');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [hours, setHours] = useState('');
  const [reason, setReason] = useState('');
  const { errors, onError, check } = useRequestErrors(ORDER, 'ot');
  const employees = trpc.employee.list.useQuery(
    { search: debounced || undefined, pageSize: 20, resigned: 0 },
    { enabled: forEmployee },
  );
  const who = forEmployee ? Number(employeeId) || 0 : (session.employeeId ?? 0);
  const plan = trpc.attendanceRequest.overtime.plan.useQuery(
    { employeeId: who, date },
    { enabled: who > 0 && /^\d{4}-\d{2}-\d{2}$/.test(date) },
  );
  const labels: Record<Key, string> = {
    employeeId: t('attreq.employee'),
    date: t('attreq.date'),
    dateTo: t('attreq.dateTo'),
    startTime: t('attreq.startTime'),
    endTime: t('attreq.endTime'),
    hours: t('attreq.hours'),
    reason: t('attreq.reason'),
  };
  const opts = {
    meta: {
      // All or nothing: a bulk request files every chosen employee on every day of the range.
      // The bulk toast counts the requests filed; one request shows the server's message.
      successMessage: bulk
        ? () => t('attreq.bulkFiled', { count: chosen.length * daysOf(date, dateTo || date) })
        : ('server' as const),
    },
    onSuccess: () => {
      void utils.attendanceRequest.overtime.invalidate();
      void navigate(back);
    },
    onError: (err: unknown) => {
      onError(labels)(err);
      setRefusals(fieldsOf(err).flatMap((f) => (f.param.startsWith('employeeIds') ? [f.msg] : [])));
    },
  };
  const createFor = trpc.attendanceRequest.overtime.create.useMutation(opts);
  const createMine = trpc.attendanceRequest.overtime.request.useMutation(opts);
  const values = {
    date,
    reason,
    ...(mode === 'times' ? { startTime, endTime } : { hours: hours.trim().replace(',', '.') }),
  };
  const parsed = createMyOvertimeInput.safeParse(values);
  const plannedHours = parsed.success
    ? parsed.data.startTime && parsed.data.endTime
      ? overtimeMinutesOf(parsed.data.startTime, parsed.data.endTime) / 60
      : (parsed.data.hours ?? 0)
    : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Key, string>> = {};
    if (forEmployee && (bulk ? chosen.length === 0 : !employeeId)) next.employeeId = requiredNotice(labels.employeeId);
    if (!date) next.date = requiredNotice(labels.date);
    if (mode === 'times') {
      if (!startTime) next.startTime = requiredNotice(labels.startTime);
      if (!endTime) next.endTime = requiredNotice(labels.endTime);
    } else if (!hours.trim()) next.hours = requiredNotice(labels.hours);
    if (!reason.trim()) next.reason = requiredNotice(labels.reason);
    if (!check(next, parsed, labels) || !parsed.success) return;
    setRefusals([]);
    if (forEmployee && bulk) {
      const { date: dateFrom, ...rest } = parsed.data;
      createFor.mutate({ employeeIds: chosen.map((c) => c.id), dateFrom, dateTo: dateTo || dateFrom, ...rest });
    } else if (forEmployee) createFor.mutate({ employeeId: Number(employeeId), ...parsed.data });
    else createMine.mutate(parsed.data);
  };
  const employeeOptions = (employees.data?.rows ?? []).map((e) => ({ value: e.id, label: `${e.employeeNumber} ${e.name}` }));
  const choose = (value: string) => {
    const option = employeeOptions.find((o) => String(o.value) === value);
    if (option && !chosen.some((c) => c.id === option.value)) setChosen([...chosen, { id: option.value, label: option.label }]);
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {forEmployee ? (
          <Field label={labels.employeeId} htmlFor="ot-employeeId" required error={errors.employeeId} className="sm:col-span-2">
            <div className="grid gap-2 sm:grid-cols-2">
              <SearchInput label={t('attreq.employeeSearch')} value={search} onValue={setSearch} />
              <SearchableSelect
                id="ot-employeeId"
                value={bulk ? '' : employeeId}
                onChange={bulk ? choose : setEmployeeId}
                options={employeeOptions}
                placeholder={t('attreq.employee')}
                loading={employees.isFetching}
                invalid={Boolean(errors.employeeId)}
              />
            </div>
            <label className="mt-2 inline-flex items-center gap-2 text-sm">
              <input type="checkbox" checked={bulk} onChange={(e) => setBulk(e.target.checked)} />
              {t('attreq.bulk')}
            </label>
            {bulk && chosen.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('attreq.chosenEmployees', { count: chosen.length })}>
                {chosen.map((c) => (
                  <li key={c.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm">
                    {c.label}
                    <button
                      type="button"
                      className="text-slate-500 hover:text-red-600"
                      aria-label={t('attreq.removeEmployee', { name: c.label })}
                      onClick={() => setChosen(chosen.filter((x) => x.id !== c.id))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </Field>
        ) : null}
        <Field label={labels.date} htmlFor="ot-date" required error={errors.date}>
          <DatePicker id="ot-date" value={date} invalid={Boolean(errors.date)} onChange={setDate} />
        </Field>
        {bulk ? (
          <Field label={labels.dateTo} htmlFor="ot-dateTo" error={errors.dateTo}>
            <DatePicker id="ot-dateTo" value={dateTo} invalid={Boolean(errors.dateTo)} onChange={setDateTo} />
          </Field>
        ) : null}
        {refusals.length > 0 ? (
          <div role="alert" className="sm:col-span-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{t('attreq.bulkRefused')}</p>
            <ul className="mt-1 list-disc pl-5">
              {refusals.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <fieldset className="text-sm">
          <legend className="mb-1 font-medium text-slate-700">{t('attreq.hours')}</legend>
          <label className="mr-4 inline-flex items-center gap-1">
            <input type="radio" name="ot-mode" checked={mode === 'times'} onChange={() => setMode('times')} />
            {t('attreq.byTimes')}
          </label>
          <label className="inline-flex items-center gap-1">
            <input type="radio" name="ot-mode" checked={mode === 'hours'} onChange={() => setMode('hours')} />
            {t('attreq.byHours')}
          </label>
        </fieldset>
        {plan.data && !bulk ? (
          <p className="sm:col-span-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="ot-plan">
            <strong>
              {t('attreq.dayType')}: {plan.data.dayTypeLabel}
            </strong>
            {plan.data.holiday ? ` (${plan.data.holiday})` : ''}
            {plan.data.shift ? ` · ${plan.data.shift}` : ''}
            <br />
            {t('attreq.weekUsed', {
              hours: plan.data.weekHours,
              max: plan.data.limits.maxHoursPerWeek,
              day: plan.data.limits.maxHoursPerDay,
              source: plan.data.limits.source,
            })}
          </p>
        ) : null}
        {mode === 'times' ? (
          <>
            <Field label={labels.startTime} htmlFor="ot-startTime" required error={errors.startTime}>
              <TimeInput id="ot-startTime" value={startTime} invalid={Boolean(errors.startTime)} onChange={setStartTime} />
            </Field>
            <Field label={labels.endTime} htmlFor="ot-endTime" required error={errors.endTime}>
              <TimeInput id="ot-endTime" value={endTime} invalid={Boolean(errors.endTime)} onChange={setEndTime} />
            </Field>
          </>
        ) : (
          <Field label={labels.hours} htmlFor="ot-hours" required error={errors.hours} hint={t('attreq.hoursHint')}>
            <TextInput
              id="ot-hours"
              inputMode="decimal"
              maxLength={5}
              value={hours}
              invalid={Boolean(errors.hours)}
              onChange={(e) => setHours(e.target.value)}
            />
          </Field>
        )}
        <ReasonField id="ot-reason" label={labels.reason} error={errors.reason} value={reason} onChange={setReason} />
        {canPreview && plan.data && !bulk && plannedHours > 0 ? (
          <div className="sm:col-span-2">
            <PayPreview employeeId={who} dayType={plan.data.dayType} date={date} hours={plannedHours} />
          </div>
        ) : null}
        <FormButtons
          onCancel={() => void navigate(back)}
          busy={createFor.isPending || createMine.isPending}
          submitLabel={t('attreq.submit')}
        />
      </form>
    </Card>
  );
}
