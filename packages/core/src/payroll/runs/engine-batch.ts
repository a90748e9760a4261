import type { LegalValues } from '../../legal-tables/schema';
import {
  type ComputedPayslip,
  computeEmployeePayslip,
  type EmployeeRunInput,
  type FormulaCache,
  PayslipComputeError,
} from './compute';
import type { PayrollSettings } from './schema';
import { measured } from '../../shared/thread-cpu';

/*
 * One batch of a run's employees through the engine, in a form that crosses a thread: plain inputs in, and out
 * either the payslips' rows as one text (what insertPayslipRows writes) with each payslip's totals,
 * or the failure of the first employee that cannot be computed. The run computes batches here on its own thread
 * (small runs, tests) or in engine-pool.ts's worker threads (large runs, issue 22): the same function either way.
 */

export interface EngineJob {
  period: string;
  settings: PayrollSettings;
  legal: LegalValues;
  inputs: readonly EmployeeRunInput[];
  rowsFormat: RowsFormat;
}

/**
 * How a batch's rows are written: one JSON array for json_to_recordset (PGlite), or COPY text lines (PostgreSQL,
 * db/client.ts), each line starting with `prefix` (the run's id and period, tab-separated).
 */
export type RowsFormat = { kind: 'json' } | { kind: 'copy'; prefix: string };

/** The columns of a COPY line after the prefix, in order (runs/queries.ts insertPayslipRows). */
export const PAYSLIP_COPY_COLUMNS = [
  'employee_id',
  'ptkp_status',
  'basic_salary',
  'gross',
  'taxable_gross',
  'total_deductions',
  'pph21',
  'net',
  'annual_deductions',
  'employer_cost',
  'lines',
] as const;

/** What the run keeps of each payslip (run totals, dry run rows), without its lines. */
export interface SlipTotals {
  employeeId: number;
  gross: number;
  pph21: number;
  net: number;
}

/** Why the employee at `index` of a batch could not be computed (an error made serialisable). */
export interface EngineFailure {
  index: number;
  kind: 'compute' | 'range' | 'other';
  message: string;
  outOfRange?: { component: string; value: string } | undefined;
}

/**
 * A computed batch; `ms`: how long the thread took to compute it, `cpuMs`: the thread's CPU time for it (null where
 * the platform does not say; shared/thread-cpu.ts). The run's engine time is made of these (run-compute.ts).
 */
export type EngineBatch =
  | { ok: true; totals: SlipTotals[]; rows: PayslipRows; ms: number; cpuMs: number | null }
  | { ok: false; failure: EngineFailure };

/**
 * A batch's rows as insertPayslipRows writes them: text (the JSON form) or, for COPY, the text's UTF-8 bytes. A worker
 * thread encodes them itself and hands the bytes over without a copy (engine-worker.ts): 100,000 payslips are about
 * 350 MB of lines, which the run's own thread would otherwise copy from the worker and encode again.
 */
export type PayslipRows = string | Uint8Array;

/** A payslip as a row of `payslips` (without run and period), the shape json_to_recordset reads. */
export function payslipRow(s: ComputedPayslip) {
  return {
    employee_id: s.employeeId,
    ptkp_status: s.ptkpStatus,
    basic_salary: s.basicSalary,
    gross: s.gross,
    taxable_gross: s.taxableGross,
    total_deductions: s.totalDeductions,
    pph21: s.pph21,
    net: s.net,
    annual_deductions: s.annualDeductions,
    employer_cost: s.employerCost,
    lines: s.lines,
  };
}

/*
 * COPY's text format: a backslash starts an escape, so each one is doubled; tab, newline and carriage return would
 * end a field or line, and JSON.stringify never leaves them raw (it writes \t, \n, \r), nor does a PTKP code.
 */
const copyText = (s: string) => (s.includes('\\') ? s.replaceAll('\\', '\\\\') : s);

/** A batch's payslips as the text insertPayslipRows writes in `format`. */
export function payslipRowsText(slips: readonly ComputedPayslip[], format: RowsFormat): string {
  if (format.kind === 'json') return JSON.stringify(slips.map(payslipRow));
  let out = '';
  for (const s of slips) out += copyLine(s, format.prefix);
  return out;
}

/** One payslip as a COPY text line (with its newline). */
function copyLine(s: ComputedPayslip, prefix: string): string {
  return (
    `${prefix}${s.employeeId}\t${copyText(s.ptkpStatus)}\t${s.basicSalary}\t${s.gross}\t${s.taxableGross}\t` +
    `${s.totalDeductions}\t${s.pph21}\t${s.net}\t${s.annualDeductions}\t${s.employerCost}\t${copyText(JSON.stringify(s.lines))}\n`
  );
}

export const slipTotals = (s: ComputedPayslip): SlipTotals => ({
  employeeId: s.employeeId,
  gross: s.gross,
  pph21: s.pph21,
  net: s.net,
});

/** An engine error as data: what the run needs to name the employee in its 412. */
export function engineFailureOf(err: unknown, index: number): EngineFailure {
  if (err instanceof PayslipComputeError) return { index, kind: 'compute', message: err.message, outOfRange: err.outOfRange };
  if (err instanceof RangeError) return { index, kind: 'range', message: err.message };
  return { index, kind: 'other', message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}

/** The payslips of a batch, or the first failure. */
export function computeSlips(
  job: EngineJob,
  cache: FormulaCache,
): { ok: true; slips: ComputedPayslip[] } | { ok: false; failure: EngineFailure } {
  const slips: ComputedPayslip[] = [];
  for (const [i, input] of job.inputs.entries()) {
    try {
      slips.push(computeEmployeePayslip(job.period, job.settings, input, cache, job.legal));
    } catch (err) {
      return { ok: false, failure: engineFailureOf(err, i) };
    }
  }
  return { ok: true, slips };
}

const utf8 = new TextEncoder();

/**
 * COPY lines written as UTF-8 into one growing buffer, a payslip at a time. Each payslip's objects then die young
 * instead of living until the batch is done: a worker's young generation was copying a whole batch of payslips at
 * every scavenge (issue 22). The bytes are handed over as they are (engine-worker.ts transfers their buffer).
 */
class CopyBytes {
  private buf: Uint8Array;
  private len = 0;
  /** Wall milliseconds spent encoding (transport, not engine: computeBatch leaves it out of the engine's time). */
  encodeMs = 0;
  constructor(estimate: number) {
    this.buf = new Uint8Array(Math.max(1024, estimate));
  }
  write(text: string): void {
    const t0 = performance.now();
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    const need = this.len + text.length * 3;
    if (need > this.buf.length) {
      const next = new Uint8Array(Math.max(need, this.buf.length * 2));
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
    }
    this.len += utf8.encodeInto(text, this.buf.subarray(this.len)).written;
    this.encodeMs += performance.now() - t0;
  }
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}

/** About how many bytes a payslip's COPY line takes (12 lines with their traces: ~3.5 KB). */
const COPY_LINE_BYTES = 4096;

/**
 * A batch computed into its rows and totals (the form a worker thread sends back). `ms` / `cpuMs` time the engine:
 * the payslips and their rows' text; the UTF-8 encoding of COPY rows is transport, not engine, and is left out.
 */
export function computeBatch(job: EngineJob, cache: FormulaCache): EngineBatch {
  const format = job.rowsFormat;
  if (format.kind === 'json') {
    const { value, ms, cpuMs } = measured(() => {
      const r = computeSlips(job, cache);
      return r.ok ? { ok: true as const, slips: r.slips, text: payslipRowsText(r.slips, format) } : r;
    });
    if (!value.ok) return value;
    return { ok: true, totals: value.slips.map(slipTotals), rows: value.text, ms, cpuMs };
  }
  const out = new CopyBytes(job.inputs.length * COPY_LINE_BYTES);
  const totals: SlipTotals[] = [];
  const {
    value: failure,
    ms,
    cpuMs,
  } = measured((): EngineFailure | null => {
    for (const [i, input] of job.inputs.entries()) {
      let slip: ComputedPayslip;
      try {
        slip = computeEmployeePayslip(job.period, job.settings, input, cache, job.legal);
      } catch (err) {
        return engineFailureOf(err, i);
      }
      totals.push(slipTotals(slip));
      out.write(copyLine(slip, format.prefix));
    }
    return null;
  });
  if (failure) return { ok: false, failure };
  return {
    ok: true,
    totals,
    rows: out.bytes(),
    ms: Math.max(0, ms - out.encodeMs),
    cpuMs: cpuMs === null ? null : Math.max(0, cpuMs - out.encodeMs),
  };
}
