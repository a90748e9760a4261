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
 * How a batch's rows are written: one JSON array for json_to_recordset (PGlite), or COPY's binary format (PostgreSQL,
 * db/client.ts), each row starting with the run's id and period.
 */
export type RowsFormat = { kind: 'json' } | { kind: 'copy'; runId: number; period: string };

/** The columns of a COPY row after the run's id and period, in order (runs/queries.ts insertPayslipRows). */
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
 * A batch's rows as insertPayslipRows writes them: text (the JSON form) or, for COPY, its binary format. A worker
 * thread writes the bytes itself and hands them over without a copy (engine-worker.ts): 100,000 payslips are about
 * 350 MB of lines, which the run's own thread would otherwise copy from the worker and encode.
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

/** A batch's payslips as insertPayslipRows writes them in `format`. */
export function payslipRowsText(slips: readonly ComputedPayslip[], format: RowsFormat): PayslipRows {
  if (format.kind === 'json') return JSON.stringify(slips.map(payslipRow));
  if (!slips.length) return new Uint8Array(0);
  const out = new CopyBytes(format, slips.length * COPY_ROW_BYTES);
  for (const s of slips) out.row(s, JSON.stringify(s.lines));
  return out.end();
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

/** COPY's binary signature, flags and header extension length (PostgreSQL documentation, COPY, "Binary Format"). */
const COPY_BINARY_HEADER = new Uint8Array([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** Fields of a payslip row: run id, period, then PAYSLIP_COPY_COLUMNS. */
const COPY_FIELDS = 2 + PAYSLIP_COPY_COLUMNS.length;
/** About how many bytes a payslip's row takes (12 lines with their traces: ~3.5 KB). */
const COPY_ROW_BYTES = 4096;

/**
 * Payslips written as COPY's binary format into one growing buffer, a payslip at a time. Binary, not text: PostgreSQL
 * reads each field by its length instead of scanning 350 MB of lines for tabs and backslashes (the COPY of 100,000
 * payslips: 2.5-3.0 → 2.1 s). A payslip at a time: its objects then die young instead of living until the batch is done,
 * which made a worker's every young-generation scavenge copy the whole batch (issue 22). The bytes are handed over as
 * they are (engine-worker.ts transfers their buffer).
 * Fields: run_id int4, period text, employee_id int4, ptkp_status text, eight bigint amounts, lines json (its text).
 */
class CopyBytes {
  private buf: Uint8Array;
  private view: DataView;
  private len = 0;
  private readonly period: string;
  private readonly runId: number;
  /** Wall milliseconds spent writing bytes (transport, not engine: computeBatch leaves it out of the engine's time). */
  writeMs = 0;
  constructor(format: { runId: number; period: string }, estimate: number) {
    this.buf = new Uint8Array(Math.max(1024, estimate));
    this.view = new DataView(this.buf.buffer);
    this.runId = format.runId;
    this.period = format.period;
    this.buf.set(COPY_BINARY_HEADER);
    this.len = COPY_BINARY_HEADER.length;
  }
  private room(bytes: number): void {
    const need = this.len + bytes;
    if (need <= this.buf.length) return;
    const next = new Uint8Array(Math.max(need, this.buf.length * 2));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  private int4(n: number): void {
    this.view.setInt32(this.len, 4);
    this.view.setInt32(this.len + 4, n);
    this.len += 8;
  }
  /** A whole rupiah amount as int8 (a safe integer: high and low 32 bits, two's complement). */
  private int8(n: number): void {
    // Text COPY refused a fraction; bytes would cut it silently (the run then fails as out of range, a 412).
    if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${n} is not a whole number of rupiah`);
    const high = Math.floor(n / 2 ** 32);
    this.view.setInt32(this.len, 8);
    this.view.setInt32(this.len + 4, high);
    this.view.setUint32(this.len + 8, n - high * 2 ** 32);
    this.len += 12;
  }
  /** Text (and json, whose binary form is its text) as UTF-8 after its length. */
  private text(s: string): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    this.room(4 + s.length * 3);
    const written = utf8.encodeInto(s, this.buf.subarray(this.len + 4)).written;
    this.view.setInt32(this.len, written);
    this.len += 4 + written;
  }
  row(s: ComputedPayslip, lines: string): void {
    const t0 = performance.now();
    this.room(2 + 8 + 4 + 8 + 4 + 8 * 12);
    this.view.setInt16(this.len, COPY_FIELDS);
    this.len += 2;
    this.int4(this.runId);
    this.text(this.period);
    this.room(8 + 4 + 8 * 12);
    this.int4(s.employeeId);
    this.text(s.ptkpStatus);
    this.room(8 * 12);
    for (const n of [
      s.basicSalary,
      s.gross,
      s.taxableGross,
      s.totalDeductions,
      s.pph21,
      s.net,
      s.annualDeductions,
      s.employerCost,
    ])
      this.int8(n);
    this.text(lines);
    this.writeMs += performance.now() - t0;
  }
  /** The rows with COPY's end marker (a field count of -1). */
  end(): Uint8Array {
    this.room(2);
    this.view.setInt16(this.len, -1);
    this.len += 2;
    return this.buf.subarray(0, this.len);
  }
}

/**
 * A batch computed into its rows and totals (the form a worker thread sends back). `ms` / `cpuMs` time the engine:
 * the payslips and their lines' JSON; writing COPY's bytes is transport, not engine, and is left out.
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
  const out = new CopyBytes(format, job.inputs.length * COPY_ROW_BYTES);
  const totals: SlipTotals[] = [];
  const {
    value: failure,
    ms,
    cpuMs,
  } = measured((): EngineFailure | null => {
    for (const [i, input] of job.inputs.entries()) {
      try {
        const slip = computeEmployeePayslip(job.period, job.settings, input, cache, job.legal);
        // The lines' JSON is the engine's (as it was when rows were text); writing the row's bytes is transport.
        // An amount the row cannot hold fails as this employee's (a RangeError: out of range, a 412).
        out.row(slip, JSON.stringify(slip.lines));
        totals.push(slipTotals(slip));
      } catch (err) {
        return engineFailureOf(err, i);
      }
    }
    return null;
  });
  if (failure) return { ok: false, failure };
  const transport = out.writeMs;
  return {
    ok: true,
    totals,
    rows: out.end(),
    ms: Math.max(0, ms - transport),
    cpuMs: cpuMs === null ? null : Math.max(0, cpuMs - transport),
  };
}
