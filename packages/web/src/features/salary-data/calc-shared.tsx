import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import './texts';
import { CheckboxField } from '../../ui/CheckboxField';

/*
 * Pieces shared by the five calculators of /salary/setting → Calculators. Each calculator builds the
 * same JSON object `hr calc <name>` reads on stdin, parses it with the same zod schema and calls the
 * same pure function from @hr/core/browser (packages/cli/src/commands/calc.ts), so web and CLI give
 * the same numbers for the same input.
 */

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** The zod issues as "field: message" lines, worded like the CLI's (a missing value "is required"). */
export function issueLines(issues: readonly z.core.$ZodIssue[], input: unknown): string[] {
  return issues.map((i) => {
    const where = i.path.map(String).join('.');
    const msg = i.code !== 'custom' && valueAt(input, i.path) === undefined ? 'is required' : i.message;
    return `${where || 'input'}: ${msg}`;
  });
}

/** A typed number: '' → undefined (so the schema says "is required"), else Number(text) like JSON would. */
export function num(v: string): number | undefined {
  const s = v.trim();
  return s === '' ? undefined : Number(s);
}

export type CalcResult<T> = { ok: true; output: T } | { ok: false; errors: string[] } | null;

/** Parses `input` with the calculator's schema and runs it; errors are the field lines above. */
export function runCalc<S extends z.ZodType, T>(
  schema: S,
  fn: (input: z.output<S>) => { output: T },
  input: Record<string, unknown>,
): CalcResult<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: issueLines(parsed.error.issues, input) };
  return { ok: true, output: fn(parsed.data).output };
}

/** One calculator: its form, the Calculate button, the errors or the result. */
export function CalcCard({
  id,
  title,
  cli,
  onSubmit,
  result,
  output,
  children,
}: {
  id: string;
  title: string;
  cli: string;
  onSubmit: () => void;
  result: CalcResult<unknown>;
  /** The result view, shown when the calculation succeeded. */
  output: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Card title={title}>
      <form onSubmit={submit} noValidate aria-label={title} className="space-y-4" data-testid={`calc-${id}`}>
        <p className="text-xs text-slate-500">{t('salaryData.calc.sameAsCli', { name: cli })}</p>
        <div className="grid gap-3 sm:grid-cols-3">{children}</div>
        <Button type="submit">{t('salaryData.calc.calculate')}</Button>
        {result && !result.ok ? (
          <ul className="list-disc pl-5 text-sm text-red-600" role="alert">
            {result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
        {result?.ok ? output : null}
      </form>
    </Card>
  );
}

/** A labelled control of a calculator form. */
export function CalcField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export function NumberBox({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return <TextInput id={id} inputMode="decimal" value={value} maxLength={20} onChange={(e) => onChange(e.target.value)} />;
}

export function EnumBox({
  id,
  value,
  onChange,
  options,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly (string | number)[];
}) {
  return (
    <Select id={id} value={value} onChange={onChange} options={options.map((o) => ({ value: String(o), label: String(o) }))} />
  );
}

export function CheckBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return <CheckboxField label={label} checked={checked} onChange={onChange} className="self-end pb-2" />;
}

/** A result table: a header row (distinct headers) and cells; each cell may carry a test id ("bpjs-jp-base"). */
export function ResultTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: (string | { text: string; testId: string })[] }[];
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-800">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            {headers.map((h) => (
              <th key={h} className="px-2 py-1 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100">
              {headers.map((h, i) => {
                const c = r.cells[i] ?? '';
                return typeof c === 'string' ? (
                  <td key={h} className={i === 0 ? 'px-2 py-1' : 'px-2 py-1 text-right tabular-nums'}>
                    {c}
                  </td>
                ) : (
                  <td key={h} className="px-2 py-1 text-right tabular-nums" data-testid={c.testId}>
                    {c.text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
