import { TER_ROUNDINGS } from '@hr/core/browser';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../ui/DatePicker';
import { type CalcResult, CalcCard, CalcField, CheckBox, EnumBox, NumberBox } from './calc-shared';
import { digitsOnly } from './salary-shared';
import type { CalcTextKey } from './texts';
import './texts';
import { TextArea } from '../../ui/TextArea';

/** One input of a calculator form; its value is the text typed or chosen. */
export type CalcInput<K extends string> = { key: K; id: string; label: CalcTextKey } & (
  | { kind: 'number'; initial?: () => string /** Keeps only digits (rupiah amounts). */; digits?: boolean }
  | { kind: 'enum'; initial: string; options: readonly (string | number)[] }
  | { kind: 'date'; initial?: () => string }
  /** A text area across the whole form (one value a line). */
  | { kind: 'lines' }
);

/** The tax-year input of the PPh 21 calculators: this year unless the user types another. */
export const taxYearInput = (id: string): CalcInput<'taxYear'> => ({
  key: 'taxYear',
  id,
  label: 'taxYear',
  kind: 'number',
  initial: () => String(new Date().getFullYear()),
});

/** The TER rounding input of the PPh 21 calculators (floor unless chosen otherwise). */
export const terRoundingInput = (id: string): CalcInput<'terRounding'> => ({
  key: 'terRounding',
  id,
  label: 'terRounding',
  kind: 'enum',
  initial: 'floor',
  options: TER_ROUNDINGS,
});

/** The calculator's texts for its result view: `c` reads `salaryData.calc.<key>`. */
export interface CalcTexts {
  c: (k: CalcTextKey) => string;
  t: TFunction;
}

/**
 * What makes one calculator: its inputs (then its checkboxes), the JSON object `hr calc <cli>` reads
 * built from them, the run (schema + pure function, see calc-shared) and the result view.
 */
export interface CalculatorSpec<K extends string, B extends string, T> {
  id: string;
  title: CalcTextKey;
  cli: string;
  fields: readonly CalcInput<K>[];
  checks?: readonly { key: B; label: CalcTextKey; initial: boolean }[];
  input: (values: Record<K, string>, checked: Record<B, boolean>) => Record<string, unknown>;
  run: (input: Record<string, unknown>) => CalcResult<T>;
  output: (out: T, texts: CalcTexts) => ReactNode;
}

const initialOf = <K extends string>(f: CalcInput<K>) =>
  ('initial' in f ? (typeof f.initial === 'function' ? f.initial() : f.initial) : '') ?? '';

/** A calculator drawn from its spec; `children` are inputs of its own (kept in the caller's state) after the checkboxes. */
export function Calculator<K extends string, B extends string, T>({
  spec,
  children,
}: {
  spec: CalculatorSpec<K, B, T>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const c = (k: CalcTextKey) => t(`salaryData.calc.${k}`);
  const [values, setValues] = useState(
    () => Object.fromEntries(spec.fields.map((f) => [f.key, initialOf(f)])) as Record<K, string>,
  );
  const [checked, setChecked] = useState(
    () => Object.fromEntries((spec.checks ?? []).map((b) => [b.key, b.initial])) as Record<B, boolean>,
  );
  const [result, setResult] = useState<CalcResult<T>>(null);
  const set = (key: K, v: string) => setValues((vs) => ({ ...vs, [key]: v }));
  const control = (f: CalcInput<K>) => {
    const value = values[f.key];
    switch (f.kind) {
      case 'number':
        return <NumberBox id={f.id} value={value} onChange={(v) => set(f.key, f.digits ? digitsOnly(v) : v)} />;
      case 'enum':
        return <EnumBox id={f.id} value={value} onChange={(v) => set(f.key, v)} options={f.options} />;
      case 'date':
        return <DatePicker id={f.id} ariaLabel={c(f.label)} value={value} onChange={(v) => set(f.key, v)} />;
      case 'lines':
        return <TextArea id={f.id} rows={4} value={value} onValue={(v) => set(f.key, v)} />;
    }
  };
  return (
    <CalcCard
      id={spec.id}
      title={c(spec.title)}
      cli={spec.cli}
      onSubmit={() => setResult(spec.run(spec.input(values, checked)))}
      result={result}
      output={result?.ok ? spec.output(result.output, { c, t }) : null}
    >
      {spec.fields.map((f) => {
        const field = (
          <CalcField key={f.key} id={f.id} label={c(f.label)}>
            {control(f)}
          </CalcField>
        );
        return f.kind === 'lines' ? (
          <div key={f.key} className="sm:col-span-3">
            {field}
          </div>
        ) : (
          field
        );
      })}
      {(spec.checks ?? []).map((b) => (
        <CheckBox
          key={b.key}
          label={c(b.label)}
          checked={checked[b.key]}
          onChange={(v) => setChecked((cs) => ({ ...cs, [b.key]: v }))}
        />
      ))}
      {children}
    </CalcCard>
  );
}
