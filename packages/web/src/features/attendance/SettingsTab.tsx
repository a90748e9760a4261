import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { toId } from '../shared/use-lookups';
import { fieldErrors } from './shared';
import './texts';

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
  const utils = trpc.useUtils();
  const save = trpc.attendance.setting.update.useMutation({
    meta: { successMessage: () => t('att.settingsSaved') },
    onSuccess: () => void utils.attendance.setting.invalidate(),
    onError: (err) => setErrors(fieldErrors(err, labels)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const k of NUMBERS) {
      if (!/^\d+$/.test(numbers[k]) || Number(numbers[k]) > MAX[k])
        next[k] = `${labels[k]} ${t('att.minutesRange', { max: MAX[k] })}`;
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
          <Field
            label={labels.defaultShiftId}
            htmlFor="set-defaultShiftId"
            error={errors.defaultShiftId}
            hint={t('att.defaultShiftHint')}
          >
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
            <Field key={k} label={labels[k]} htmlFor={`set-${k}`} error={errors[k]} hint={t(`att.hint.${k}`)}>
              <TextInput
                id={`set-${k}`}
                inputMode="numeric"
                maxLength={4}
                value={numbers[k]}
                invalid={Boolean(errors[k])}
                onChange={(e) => setNumbers({ ...numbers, [k]: e.target.value })}
              />
            </Field>
          ))}
          <Field label={labels.timeZone} htmlFor="set-timeZone" error={errors.timeZone}>
            <TextInput
              id="set-timeZone"
              maxLength={60}
              value={timeZone}
              invalid={Boolean(errors.timeZone)}
              onChange={(e) => setTimeZone(e.target.value)}
            />
          </Field>
          <p className="text-xs text-slate-500 sm:col-span-2">{t('att.settingsHint')}</p>
          {canManage ? (
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" disabled={save.isPending}>
                {t('app.save')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </form>
    </Card>
  );
}
