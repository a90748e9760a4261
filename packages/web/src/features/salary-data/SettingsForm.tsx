import { JKK_RATES_PERCENT, JKK_RELIEF_RATES_PERCENT, RUPIAH_ROUNDINGS, TER_ROUNDINGS, WORK_WEEKS } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { type RouterInputs, type RouterOutputs, trpc } from '../../lib/trpc';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { serverFields } from './salary-shared';
import type { SettingsTextKey } from './texts';
import './texts';
import { SubmitCell } from '../../ui/FormButtons';
import { toastThen } from '../../lib/toast-then';

type SettingsInput = RouterInputs['salary']['setting']['update'];
type Settings = RouterOutputs['salary']['setting']['get'];
type Key = keyof SettingsInput;

type FieldSpec =
  | { kind: 'number'; min: number; max: number; hint?: SettingsTextKey }
  | { kind: 'select'; options: readonly (string | number)[]; numeric?: boolean }
  | { kind: 'toggle' }
  | { kind: 'text'; maxLength: number; hint: SettingsTextKey };

/*
 * Option lists of core's ABSENCE_CUT_BASES / PRORATION_BASES (payroll/runs/schema.ts, not on the browser
 * surface); the checks below keep them equal to the server's types.
 */
const ABSENCE_CUT_BASES_UI = ['workdays', 'fixed-divisor'] as const;
const PRORATION_BASES_UI = ['workdays', 'calendar-days'] as const;
const TAX_BORNE_BY_UI = ['employee', 'employer'] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const SETTING_OPTIONS_MATCH: [
  Same<(typeof ABSENCE_CUT_BASES_UI)[number], Settings['absenceCutBasis']>,
  Same<(typeof PRORATION_BASES_UI)[number], Settings['prorationBasis']>,
  Same<(typeof TAX_BORNE_BY_UI)[number], Settings['taxBorneBy']>,
] = [true, true, true];

/**
 * One entry per field of `updatePayrollSettingsInput` (core payroll/runs/schema.ts). The `satisfies`
 * makes a field added to that schema a type error here until it is described, so the form always
 * covers the whole schema.
 */
const FIELDS = {
  companyName: { kind: 'text', maxLength: 150, hint: 'companyNameHint' },
  cutOffDay: { kind: 'number', min: 1, max: 31, hint: 'dayHint' },
  payDay: { kind: 'number', min: 1, max: 31, hint: 'dayHint' },
  jkkRatePercent: { kind: 'select', options: [...JKK_RATES_PERCENT, ...JKK_RELIEF_RATES_PERCENT] },
  terRounding: { kind: 'select', options: TER_ROUNDINGS },
  componentRounding: { kind: 'select', options: RUPIAH_ROUNDINGS },
  workWeek: { kind: 'select', options: WORK_WEEKS, numeric: true },
  bpjsEnabled: { kind: 'toggle' },
  absenceCutBasis: { kind: 'select', options: ABSENCE_CUT_BASES_UI },
  absenceCutDivisor: { kind: 'number', min: 1, max: 31, hint: 'divisorHint' },
  absenceCutFixedAllowances: { kind: 'toggle' },
  prorationBasis: { kind: 'select', options: PRORATION_BASES_UI },
  taxBorneBy: { kind: 'select', options: TAX_BORNE_BY_UI },
  pph21DtpEligible: { kind: 'toggle' },
  pph21DtpKlu: { kind: 'text', maxLength: 200, hint: 'dtpKluHint' },
  minimumWageRegion: { kind: 'text', maxLength: 60, hint: 'regionHint' },
} satisfies { [K in Key]-?: FieldSpec };

const KEYS = Object.keys(FIELDS) as Key[];
type Values = Record<Key, string | boolean>;

const toValues = (s: Settings): Values =>
  Object.fromEntries(
    KEYS.map((k) => {
      const v = (s as Record<Key, unknown>)[k];
      return [k, FIELDS[k].kind === 'toggle' ? Boolean(v) : String(v ?? '')];
    }),
  ) as Values;

function toInput(v: Values): SettingsInput {
  const out: Record<string, unknown> = {};
  for (const k of KEYS) {
    const spec: FieldSpec = FIELDS[k];
    const raw = v[k];
    if (spec.kind === 'toggle') out[k] = raw === true;
    else if (spec.kind === 'text') out[k] = raw === '' ? null : raw;
    else if (raw === '') continue;
    else out[k] = spec.kind === 'number' || (spec.kind === 'select' && spec.numeric) ? Number(raw) : raw;
  }
  return out as SettingsInput;
}

/** The "Settings" tab of /salary/setting: company payroll settings; editable with salary.setting. */
export function SettingsForm() {
  const settings = trpc.salary.setting.get.useQuery();
  if (!settings.data) return <Spinner />;
  return <SettingsEditor initial={settings.data} />;
}

function SettingsEditor({ initial }: { initial: Settings }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const editable = useCan('salary.setting');
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = trpc.salary.setting.update.useMutation(
    toastThen((s) => {
      setValues(toValues(s));
      utils.salary.setting.get.setData(undefined, s);
    }),
  );
  const label = (k: Key) => t(`salaryData.settings.${k}`);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const k of KEYS) {
      const spec: FieldSpec = FIELDS[k];
      if (spec.kind !== 'number') continue;
      const n = Number(values[k]);
      if (values[k] === '' || !Number.isInteger(n) || n < spec.min || n > spec.max)
        next[k] = `${label(k)} must be ${spec.min} to ${spec.max}`;
    }
    setErrors(next);
    const first = KEYS.find((k) => next[k]);
    if (first) {
      document.getElementById(`set-${first}`)?.focus();
      return;
    }
    try {
      await save.mutateAsync(toInput(values));
    } catch (err) {
      const f = serverFields(err);
      setErrors(Object.fromEntries(Object.entries(f).map(([k, m]) => [k, `${label(k as Key)} ${m}`])));
    }
  };
  const set = (k: Key, v: string | boolean) => setValues((s) => ({ ...s, [k]: v }));
  const relief = new Set<string>(JKK_RELIEF_RATES_PERCENT);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-3xl gap-4 sm:grid-cols-2">
      {KEYS.map((k) => {
        const spec: FieldSpec = FIELDS[k];
        const id = `set-${k}`;
        if (spec.kind === 'toggle')
          return (
            <label key={k} className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                id={id}
                type="checkbox"
                disabled={!editable}
                checked={values[k] === true}
                onChange={(e) => set(k, e.target.checked)}
              />
              {label(k)}
            </label>
          );
        const hint =
          (spec.kind === 'number' || spec.kind === 'text') && spec.hint
            ? t(`salaryData.settings.${spec.hint}`)
            : k === 'jkkRatePercent'
              ? t('salaryData.settings.jkkHint')
              : undefined;
        return (
          <Field key={k} label={label(k)} htmlFor={id} error={errors[k]} hint={hint}>
            {spec.kind === 'text' ? (
              <TextInput
                id={id}
                maxLength={spec.maxLength}
                disabled={!editable}
                invalid={Boolean(errors[k])}
                value={String(values[k])}
                onChange={(e) => set(k, e.target.value)}
              />
            ) : spec.kind === 'number' ? (
              <TextInput
                id={id}
                type="number"
                min={spec.min}
                max={spec.max}
                disabled={!editable}
                invalid={Boolean(errors[k])}
                value={String(values[k])}
                onChange={(e) => set(k, e.target.value)}
              />
            ) : (
              <Select
                id={id}
                disabled={!editable}
                invalid={Boolean(errors[k])}
                value={String(values[k])}
                onChange={(v) => set(k, v)}
                options={spec.options.map((o) => ({
                  value: String(o),
                  label:
                    relief.has(String(o)) && k === 'jkkRatePercent' ? `${o} (${t('salaryData.settings.relief')})` : String(o),
                }))}
              />
            )}
          </Field>
        );
      })}
      {editable ? (
        <SubmitCell className="flex justify-end sm:col-span-2" pending={save.isPending}>
          {t('salaryData.save')}
        </SubmitCell>
      ) : null}
    </form>
  );
}
