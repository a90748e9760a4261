import type { RouterOutputs } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';

export type RunRow = RouterOutputs['salary']['report']['list']['rows'][number];
export type RunDetail = RouterOutputs['salary']['report']['detail'];
export type PayslipRow = RunDetail['payslips']['rows'][number];
export type PayslipDetail = RouterOutputs['salary']['report']['payslip'];
export type PayslipLine = PayslipDetail['lines'][number];
export type DryRunRow = RouterOutputs['salary']['report']['dryRun']['rows'][number];
export type RunStatus = RunRow['status'];

export const RUN_STATUS_VALUES: readonly RunStatus[] = ['draft', 'finalised', 'cancelled'];

/**
 * Integer rupiah sent as a string of digits (optionally negative) → "Rp 1.250.000" / "-Rp 1.250.000".
 * BigInt keeps amounts above 2^53 exact; no float conversion (ARCHITECTURE "Money").
 */
export function formatRupiah(digits: string | null | undefined): string {
  if (!digits || !/^-?\d+$/.test(digits)) return '-';
  const n = BigInt(digits);
  const body = `Rp ${(n < 0n ? -n : n).toLocaleString('id-ID')}`;
  return n < 0n ? `-${body}` : body;
}

/** A rupiah column, right-aligned (kept on one line when `nowrap`): `get` reads a row's amount (digits). */
export function moneyColumn<R>(key: string, header: string, get: (r: R) => string | null | undefined, nowrap = false): Column<R> {
  return {
    key,
    header,
    cell: (r) => formatRupiah(get(r)),
    className: nowrap ? 'whitespace-nowrap text-right tabular-nums' : 'text-right tabular-nums',
  };
}

/** 'yyyy-mm' → mm/yyyy (spec §9 month format). */
export function formatPeriod(p: string | null | undefined): string {
  return p && /^\d{4}-\d{2}$/.test(p) ? `${p.slice(5)}/${p.slice(0, 4)}` : '';
}

/**
 * A difference HR should look at: 10% or more of the previous finalised net, or any change when
 * the previous net was 0. Integer arithmetic on the digit strings.
 */
export function isBigDifference(difference: string | null, previousNet: string | null): boolean {
  if (difference === null || previousNet === null) return false;
  const d = BigInt(difference);
  const abs = d < 0n ? -d : d;
  const prev = BigInt(previousNet);
  if (prev === 0n) return abs > 0n;
  return abs * 10n >= (prev < 0n ? -prev : prev);
}

export interface TraceView {
  rule: string;
  formula: string;
  inputs: [string, string][];
  source: string;
}

/** The payroll engine's trace ({ rule, formula, inputs, source }) as display strings; null when there is none. */
export function traceOf(trace: unknown): TraceView | null {
  if (!trace || typeof trace !== 'object') return null;
  const t = trace as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
  const inputs =
    t.inputs && typeof t.inputs === 'object'
      ? Object.entries(t.inputs as Record<string, unknown>).map(([k, v]): [string, string] => [k, str(v)])
      : [];
  return { rule: str(t.rule), formula: str(t.formula), inputs, source: str(t.source) };
}

/** Years offered by the period selects: three back, one ahead. */
export function yearOptions(now = new Date()): { value: number; label: string }[] {
  const y = now.getFullYear();
  return [y + 1, y, y - 1, y - 2, y - 3].map((v) => ({ value: v, label: String(v) }));
}

/** A complete 'yyyy-mm' (the period selects may hold a half-chosen one). */
export const isPeriod = (v: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
