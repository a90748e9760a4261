import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { toId } from '../shared/use-lookups';
import { fieldErrors, minutesError, NumberField } from './shared';
import './texts';
import { fieldBinder, labelBinder } from '../../lib/field-binder';
import { SubmitCell } from '../../ui/FormButtons';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const ISO_KEYS = ['', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const NUMBERS = ['windowBeforeMinutes', 'windowAfterMinutes', 'duplicateSeconds'] as const;
const MAX: Record<(typeof NUMBERS)[number], number> = {
  windowBeforeMinutes: 720,
  windowAfterMinutes: 720,
  duplicateSeconds: 3600,
};

/** The attendance settings: default shift, workdays, punch windows, duplicate seconds, time zone. */
export function SettingsTab() {
  const { t } = useTranslation();
  const canManage = useCan('attendance.manage');
  const settings = trpc.attendance.setting.get.useQuery();
  const shifts = trpc.attendance.shift.lookup.useQuery({});
  const [defaultShiftId, setDefaultShiftId] = useState('');
  const [workdays, setWorkdays] = useState<number[]>([]);
  const [numbers, setNumbers] = useState<Record<(typeof NUMBERS)[number], string>>({
    windowBeforeMinutes: '',
    windowAfterMinutes: '',
    duplicateSeconds: '',
  });
  const [timeZone, setTimeZone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setDefaultShiftId(s.defaultShiftId ? String(s.defaultShiftId) : '');
    setWorkdays(s.workdays);
    setNumbers({
      windowBeforeMinutes: String(s.windowBeforeMinutes),
      windowAfterMinutes: String(s.windowAfterMinutes),
      duplicateSeconds: String(s.duplicateSeconds),
    });
    setTimeZone(s.timeZone);
  }, [settings.data]);
  const labels: Record<string, string> = {
    defaultShiftId: t('att.defaultShift'),
    workdays: t('att.workdaysLabel'),
    windowBeforeMinutes: t('att.windowBefore'),
    windowAfterMinutes: t('att.windowAfter'),
    duplicateSeconds: t('att.duplicateSeconds'),
    timeZone: t('att.timeZone'),
  };
  const field = fieldBinder('set', labels, errors);
  const labelled = labelBinder('set', labels, errors);
  const setNumber = (k: (typeof NUMBERS)[number]) => (v: string) => setNumbers({ ...numbers, [k]: v });
  const utils = trpc.useUtils();
  const save = trpc.attendance.setting.update.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: () => void utils.attendance.setting.invalidate(),
    onError: (err) => setErrors(fieldErrors(err, labels)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const k of NUMBERS) {
      const error = minutesError(t, labels[k]!, numbers[k], MAX[k]);
      if (error) next[k] = error;
    }
    if (!timeZone.trim()) next.timeZone = `${labels.timeZone} ${t('att.isRequired')}`;
    setErrors(next);
    const first = [...NUMBERS, 'timeZone'].find((k) => next[k]);
    if (first) {
      document.getElementById(`set-${first}`)?.focus();
      return;
    }
    save.mutate({
      defaultShiftId: toId(defaultShiftId) ?? null,
      workdays,
      windowBeforeMinutes: Number(numbers.windowBeforeMinutes),
      windowAfterMinutes: Number(numbers.windowAfterMinutes),
      duplicateSeconds: Number(numbers.duplicateSeconds),
      timeZone: timeZone.trim(),
    });
  };
  if (!settings.data) {
    return (
      <Card title={t('att.tabs.settings')}>
        <p className="text-sm text-slate-500">{settings.isError ? t('table.loadError') : t('app.loading')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('att.tabs.settings')}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t('att.tabs.settings')}>
        <fieldset disabled={!canManage} className="contents">
          <Field {...labelled('defaultShiftId')} hint={t('att.defaultShiftHint')}>
            <Select
              id="set-defaultShiftId"
              placeholder={t('att.noDefaultShift')}
              value={defaultShiftId}
              onChange={setDefaultShiftId}
              options={(shifts.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              loading={shifts.isFetching}
            />
          </Field>
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700">{labels.workdays}</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAYS.map((d) => (
                <label key={d} className="inline-flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={workdays.includes(d)}
                    onChange={(e) =>
                      setWorkdays(e.target.checked ? [...workdays, d].sort((a, b) => a - b) : workdays.filter((x) => x !== d))
                    }
                  />
                  {t(`att.weekday.${ISO_KEYS[d]}`)}
                </label>
              ))}
            </div>
            {errors.workdays ? <p className="mt-1 text-sm text-red-700">{errors.workdays}</p> : null}
          </fieldset>
          {NUMBERS.map((k) => (
            <NumberField
              key={k}
              {...field(k)}
              hint={t(`att.hint.${k}`)}
              maxLength={4}
              value={numbers[k]}
              onValue={setNumber(k)}
            />
          ))}
          <TextField {...field('timeZone')} maxLength={60} value={timeZone} onValue={setTimeZone} />
          <p className="text-xs text-slate-500 sm:col-span-2">{t('att.settingsHint')}</p>
          {canManage ? (
            <SubmitCell className="flex justify-end sm:col-span-2" pending={save.isPending}>
              {t('app.save')}
            </SubmitCell>
          ) : null}
        </fieldset>
      </form>
    </Card>
  );
}
