import { legalValuesOn } from '../../legal-tables/index';
import { type FinalisedThr, queryFinalisedThr } from '../thr-runs/queries';
import { thrHolidayName } from '../thr-runs/schema';
import type { Ctx, Db } from '../../shared/context';
import { AppError } from '../../shared/errors';
import {
  type ComputedPayslip,
  type EmployeeRunInput,
  type EmploymentType,
  type FormulaCache,
  fullMonthAttendance,
  overtimeWageOfMonth,
  PayslipComputeError,
  periodDates,
} from './compute';
import {
  computeSlips,
  type EngineFailure,
  type EngineJob,
  type PayslipRows,
  payslipRowsText,
  type RowsFormat,
  type SlipTotals,
  slipTotals,
} from './engine-batch';
import { measured } from '../../shared/thread-cpu';
import { defaultEngineThreads, EnginePool } from './engine-pool';
import {
  type BasicSalary,
  queryBasicSalaries,
  queryEarlierMonths,
  queryRunBonusCuts,
  queryRunComponents,
  queryRunEmployees,
  querySettings,
  queryPreviousIncome,
  queryRunPieces,
  queryTaxBorneBy,
  type RunEmployee,
} from './queries';
import type { PayrollSettings, SkippedEmployee } from './schema';

import type { AttendanceSource, PayrollFeeds } from '../ports';
import { queryExternalDeductions } from './deductions';
import { assertEmployeeVisible, type View } from './access';

/* Computing a run: load every input set-based (payroll data + the feeds of payroll/ports.ts), run the engine. */

export interface ComputedRun {
  period: string;
  settings: PayrollSettings;
  employees: RunEmployee[];
  slips: ComputedPayslip[];
  skipped: SkippedEmployee[];
  queueIds: number[];
  /** Seconds spent loading inputs and in the engine. */
  loadSeconds: number;
  engineSeconds: number;
}

/** Whole months from the join date to the period's end ('yyyy-mm-dd', read by position: asked of every employee). */
function tenureMonths(joinDate: string, periodEnd: string): number {
  const years = Number(periodEnd.slice(0, 4)) - Number(joinDate.slice(0, 4));
  const months = years * 12 + Number(periodEnd.slice(5, 7)) - Number(joinDate.slice(5, 7));
  return Math.max(0, months - (Number(periodEnd.slice(8, 10)) < Number(joinDate.slice(8, 10)) ? 1 : 0));
}

function thrInput(t: FinalisedThr | undefined): EmployeeRunInput['thr'] {
  return t && { amount: String(t.amount), name: `THR ${thrHolidayName(t.holiday)}`, trace: t.trace };
}

/** The run's inputs of one employee that come from the employee row and the basic salary in force. */
type LoadedRunInput = Omit<
  EmployeeRunInput,
  'employeeId' | 'ptkpStatus' | 'basicSalary' | 'basicSource' | 'jobLevel' | 'tenureMonths' | 'employment' | 'contractType'
>;

/** One employee's run input (the run and the overtime pay preview build it alike). */
function runInputOf(e: RunEmployee, basic: BasicSalary, periodEnd: string, loaded: LoadedRunInput): EmployeeRunInput {
  // Every field named, in one order: a run builds 100,000 of these, and a spread made each one a slow copy.
  return {
    components: loaded.components,
    bonusCuts: loaded.bonusCuts,
    thr: loaded.thr,
    externalDeductions: loaded.externalDeductions ?? [],
    attendance: loaded.attendance,
    earlier: loaded.earlier,
    previousEmployer: loaded.previousEmployer,
    pieces: loaded.pieces,
    taxBorneBy: loaded.taxBorneBy,
    employeeId: e.id,
    ptkpStatus: e.ptkp,
    basicSalary: basic.amount,
    basicSource: basic.source,
    jobLevel: Number(e.jobLevel),
    tenureMonths: tenureMonths(e.joinDate, periodEnd),
    employment: { entryDate: e.entryDate, lastWorkingDay: e.lastWorkingDay },
    contractType: basic.contractType ?? e.contractType,
  };
}

/**
 * The overtime wage description of an employee's month exactly as that month's payslip uses it (contract type,
 * basic salary in force at the period's end, the period's fixed allowances evaluated like the run does), for the
 * overtime pay preview; pass it to calculateOvertime. Formula allowances see a full month of attendance (the
 * month's timesheets are not complete when overtime is planned). Null when the run would skip the employee (not
 * employed in the period, or no basic salary by its end). NOT_FOUND outside the caller's scope.
 */
export async function overtimeWageForPeriod(
  ctx: Ctx,
  grant: View,
  opts: { employeeId: number; period: string },
): Promise<{ employmentType: EmploymentType; basicSalary: number; fixedAllowances: number; workWeek: 5 | 6 } | null> {
  await assertEmployeeVisible(ctx.db, grant.scope, opts.employeeId);
  const settings = await querySettings(ctx.db);
  const dates = periodDates(opts.period, settings.payDay);
  const ids = [opts.employeeId];
  const [employees, basics, components] = await Promise.all([
    queryRunEmployees(ctx.db, { periodStart: dates.start, periodEnd: dates.end, employeeIds: ids }),
    queryBasicSalaries(ctx.db, ids, dates.end),
    queryRunComponents(ctx.db, ids, opts.period),
  ]);
  const e = employees[0];
  const basic = basics.get(opts.employeeId);
  if (!e || !basic) return null;
  const input = runInputOf(e, basic, dates.end, {
    components: components.get(e.id) ?? [],
    bonusCuts: [],
    attendance: fullMonthAttendance(opts.period, settings.workWeek),
    earlier: [],
  });
  try {
    return overtimeWageOfMonth(opts.period, settings, input);
  } catch (err) {
    if (err instanceof PayslipComputeError)
      throw new AppError('PRECONDITION_FAILED', `Employee ${e.employeeNumber} (${e.name}): ${err.message}`);
    throw err;
  }
}

/** Employees whose inputs a run loads at once (computePayrollRun). */
const LOAD_CHUNK_EMPLOYEES = 5_000;

/** What a run reads from: the database (or the run's transaction) and the feeds of payroll/ports.ts. */
export type PayrollRunCtx = Pick<Ctx, 'db' | 'payrollFeeds'>;

/** The feeds `createServices()` wired into the context; a context built without them cannot run payroll. */
export function payrollFeedsOf(ctx: PayrollRunCtx): PayrollFeeds {
  if (!ctx.payrollFeeds)
    throw new Error('Payroll feeds are not wired into this service context: build it with createServices().ctx()');
  return ctx.payrollFeeds;
}

/**
 * Every per-employee input of a run, each read set-based for all `ids` at once (one array parameter per
 * query, so a run of 100,000 employees stays within PostgreSQL's 65,535 parameters per statement).
 * `lastPeriodIds`: the employees whose run is their last tax period (earlier months and previous income).
 */
export async function loadRunInputs(
  ctx: PayrollRunCtx,
  opts: {
    ids: readonly number[];
    lastPeriodIds: readonly number[];
    period: string;
    settings: PayrollSettings;
    attendance?: AttendanceSource | undefined;
  },
) {
  const { db } = ctx;
  const { ids, lastPeriodIds, period, settings } = opts;
  const feeds = payrollFeedsOf(ctx);
  const dates = periodDates(period, settings.payDay);
  const [basics, components, bonusCuts, earlier, attendance, external, thr, taxBorneBy, previousIncome, pieces] =
    await Promise.all([
      queryBasicSalaries(db, ids, dates.end),
      queryRunComponents(db, ids, period),
      queryRunBonusCuts(db, ids, period),
      lastPeriodIds.length ? queryEarlierMonths(db, lastPeriodIds, period) : Promise.resolve(new Map()),
      (opts.attendance ?? feeds.attendance(db))(ids, period, settings),
      queryExternalDeductions(db, feeds.deductions, ids, period, dates),
      queryFinalisedThr(db, ids, period),
      queryTaxBorneBy(db, ids),
      queryPreviousIncome(db, lastPeriodIds, dates.year),
      queryRunPieces(db, ids, period),
    ]);
  return { basics, components, bonusCuts, earlier, attendance, external, thr, taxBorneBy, previousIncome, pieces };
}

/** One batch of a run's payslips as the engine hands it on, in employee order. */
export interface PayslipBatch {
  totals: SlipTotals[];
  /** The payslips, when computed on this thread; null when a worker thread sent only their rows. */
  slips: ComputedPayslip[] | null;
  /** The rows in the run's `rowsFormat` (insertPayslipRows), when a worker thread computed them. */
  rows: PayslipRows | null;
  /** Milliseconds the engine took for this batch (on whichever thread computed it), and that thread's CPU time. */
  computeMs: number;
  computeCpuMs: number | null;
}

/** A batch's rows as the text insertPayslipRows writes in `format` (the run's `rowsFormat`). */
export const payslipRowsOf = (b: PayslipBatch, format: RowsFormat): PayslipRows => b.rows ?? payslipRowsText(b.slips!, format);

export interface StreamedRun {
  period: string;
  settings: PayrollSettings;
  employees: RunEmployee[];
  skipped: SkippedEmployee[];
  queueIds: number[];
  /**
   * Seconds spent waiting for inputs; and the engine's own time: its batches' CPU time (their wall time where the
   * platform does not give a thread's CPU time) summed and divided by the threads that computed them side by side
   * (the run's own thread counts as one). On a machine whose cores are also busy with the database, wall time
   * would count the time other work had the core.
   */
  loadSeconds: number;
  engineSeconds: number;
  /** The engine's CPU time over all its threads (null where the platform does not say). */
  engineCpuSeconds: number | null;
  /** Worker threads that computed the payslips (0: the caller's thread). */
  engineThreads: number;
  /** Why the worker threads failed, when they did and the run computed on its own thread instead; else null. */
  engineThreadFailure: string | null;
}

export interface StreamRunOpts {
  period: string;
  companyOfficeId?: number | undefined;
  attendance?: AttendanceSource | undefined;
  /** Receives the payslips in batches of up to 1,000, in employee order; the next batch is computed meanwhile. */
  onBatch: (batch: PayslipBatch) => Promise<void>;
  /** Told how many of the run's employees are computed so far (after each batch and at the end), for a progress bar. */
  onProgress?: ((done: number, total: number) => void) | undefined;
  /** Employees whose inputs are loaded at once (default 5,000; tests use small chunks). */
  loadChunkEmployees?: number | undefined;
  /**
   * Where the inputs are read when not from `ctx.db`: a run writing in its own transaction reads on another
   * connection, so that reading the next chunk and writing the last one proceed side by side (PostgreSQL only).
   */
  readDb?: Db | undefined;
  /** Worker threads for the engine (engine-pool.ts); default: one per core from 4,000 employees, else none. */
  engineThreads?: number | undefined;
  /** The text worker threads turn each batch's rows into (default JSON): the form the run's writer takes. */
  rowsFormat?: RowsFormat | undefined;
  /** The engine threads' code (default engine-worker.mjs; tests pass one that fails). */
  engineScript?: URL | undefined;
}

/** Payslips handed on at once (one INSERT each when written). */
const BATCH_EMPLOYEES = 1_000;

/** The 412 that names the employee an engine failure belongs to (issue 16 item 12), never a 500. */
function engineFailureError(f: EngineFailure, e: RunEmployee): Error {
  if (f.kind === 'compute' && f.outOfRange)
    return new AppError(
      'PRECONDITION_FAILED',
      `Component ${f.outOfRange.component} gives ${f.outOfRange.value} for ${e.name} (${e.employeeNumber}): out of range`,
    );
  if (f.kind === 'compute') return new AppError('PRECONDITION_FAILED', `Employee ${e.employeeNumber} (${e.name}): ${f.message}`);
  if (f.kind === 'range')
    return new AppError(
      'PRECONDITION_FAILED',
      `The payslip of ${e.name} (${e.employeeNumber}) is out of range (${f.message}); check the salary and components`,
    );
  return new Error(`payroll engine failed for employee ${e.employeeNumber}: ${f.message}`);
}

/**
 * Loads every input of a run (set-based, in chunks of employees) and computes each employee's payslip, handing
 * the payslips on in batches (`onBatch`) as they are ready. Writes nothing itself. Employees without a basic
 * salary (no contract or queued change by the period's end) are skipped and listed. Attendance (with approved
 * overtime) and other modules' deductions come from the context's feeds (payroll/ports.ts); `opts.attendance`
 * replaces the attendance feed (benchmarks, tests). A large run computes in worker threads (engine-pool.ts),
 * a small one on this thread: the same engine function either way (engine-batch.ts).
 */
export async function streamPayrollRun(ctx: PayrollRunCtx, opts: StreamRunOpts): Promise<StreamedRun> {
  const t0 = performance.now();
  const { db } = ctx;
  const settings = await querySettings(db);
  const dates = periodDates(opts.period, settings.payDay);
  // The legal values in force on the pay date (BPJS caps and rates, DTP window), read once per run.
  const legal = await legalValuesOn(db, dates.payDate, settings.minimumWageRegion ?? null).catch((err: unknown) => {
    if (err instanceof RangeError)
      throw new AppError('PRECONDITION_FAILED', `${err.message}: add the value on Salary → Legal tables`);
    throw err;
  });
  const employees = await queryRunEmployees(db, {
    periodStart: dates.start,
    periodEnd: dates.end,
    companyOfficeId: opts.companyOfficeId,
  });
  // The last tax period needs the earlier months: December for everyone, the month of leaving for leavers.
  const lastPeriod = (e: RunEmployee) => dates.month === 12 || Boolean(e.lastWorkingDay);
  // Inputs are loaded in chunks of employees, the next chunk while the engine computes this one: PostgreSQL
  // works in its own process meanwhile, and only one chunk's inputs are held in memory (issue 22).
  const load = (chunk: readonly RunEmployee[]) => {
    const loading = loadRunInputs(opts.readDb ? { ...ctx, db: opts.readDb } : ctx, {
      ids: chunk.map((e) => e.id),
      lastPeriodIds: chunk.filter(lastPeriod).map((e) => e.id),
      period: opts.period,
      settings,
      attendance: opts.attendance,
    });
    loading.catch(() => undefined); // awaited below; avoids an unhandled rejection meanwhile
    return loading;
  };
  const chunks: RunEmployee[][] = [];
  const size = opts.loadChunkEmployees ?? LOAD_CHUNK_EMPLOYEES;
  for (let i = 0; i < employees.length; i += size) chunks.push(employees.slice(i, i + size));
  const threads = opts.engineThreads ?? defaultEngineThreads(employees.length);
  const rowsFormat: RowsFormat = opts.rowsFormat ?? { kind: 'json' };
  const pool = threads > 0 ? new EnginePool(threads, opts.engineScript) : null;
  const cache: FormulaCache = new Map();
  const here = (job: EngineJob): PayslipBatch | EngineFailure => {
    const { value: r, ms, cpuMs } = measured(() => computeSlips(job, cache));
    if (!r.ok) return r.failure;
    return { totals: r.slips.map(slipTotals), slips: r.slips, rows: null, computeMs: ms, computeCpuMs: cpuMs };
  };
  let threadFailure: string | null = null;
  const compute = (job: EngineJob): Promise<PayslipBatch | EngineFailure> => {
    if (!pool || threadFailure !== null) return Promise.resolve(here(job));
    return pool.compute(job).then(
      (b) => (b.ok ? { totals: b.totals, slips: null, rows: b.rows, computeMs: b.ms, computeCpuMs: b.cpuMs } : b.failure),
      // A thread that cannot start or dies (not an employee's error: those come back as data) must not cost the
      // run: its batches, and every later one, are computed on this thread instead, slower but the same.
      (err: unknown) => {
        threadFailure ??= err instanceof Error ? err.message : String(err);
        return here(job);
      },
    );
  };
  const fullMonth = fullMonthAttendance(opts.period, settings.workWeek);
  const skipped: SkippedEmployee[] = [];
  const queueIds: number[] = [];
  // Batches dispatched and not yet handed on, in employee order (at most about two chunks' worth).
  const queue: { employees: RunEmployee[]; result: Promise<PayslipBatch | EngineFailure> }[] = [];
  const setupMs = performance.now() - t0;
  let loadWaitMs = 0;
  let computeMs = 0;
  let computeCpuMs: number | null = 0;
  let done = 0;
  const handOn = async () => {
    const { employees: batchEmployees, result } = queue.shift()!;
    const r = await result;
    if (!('totals' in r)) throw engineFailureError(r, batchEmployees[r.index]!);
    computeMs += r.computeMs;
    computeCpuMs = computeCpuMs === null || r.computeCpuMs === null ? null : computeCpuMs + r.computeCpuMs;
    await opts.onBatch(r);
    done += r.totals.length;
    opts.onProgress?.(done + skipped.length, employees.length);
  };
  try {
    let next = chunks.length ? load(chunks[0]!) : null;
    for (const [k, chunk] of chunks.entries()) {
      const waited = performance.now();
      const { basics, components, bonusCuts, earlier, attendance, external, thr, taxBorneBy, previousIncome, pieces } =
        await next!;
      next = k + 1 < chunks.length ? load(chunks[k + 1]!) : null;
      loadWaitMs += performance.now() - waited;
      let batch: { employees: RunEmployee[]; inputs: EmployeeRunInput[] } = { employees: [], inputs: [] };
      const dispatch = () => {
        if (!batch.inputs.length) return;
        const result = compute({ period: opts.period, settings, legal, inputs: batch.inputs, rowsFormat });
        result.catch(() => undefined); // awaited in handOn; avoids an unhandled rejection meanwhile
        queue.push({ employees: batch.employees, result });
        batch = { employees: [], inputs: [] };
      };
      for (const e of chunk) {
        const basic = basics.get(e.id);
        if (!basic) {
          skipped.push({
            employeeId: e.id,
            employeeNumber: e.employeeNumber,
            employeeName: e.name,
            reason: `no contract or salary change by ${dates.end}`,
          });
          continue;
        }
        if (basic.queueId) queueIds.push(basic.queueId);
        batch.employees.push(e);
        batch.inputs.push(
          runInputOf(e, basic, dates.end, {
            components: components.get(e.id) ?? [],
            bonusCuts: bonusCuts.get(e.id) ?? [],
            externalDeductions: external.get(e.id) ?? [],
            thr: thrInput(thr.get(e.id)),
            attendance: attendance.get(e.id) ?? fullMonth,
            earlier: earlier.get(e.id) ?? [],
            taxBorneBy: taxBorneBy.get(e.id),
            previousEmployer: previousIncome.get(e.id),
            pieces: pieces.get(e.id),
          }),
        );
        if (batch.inputs.length >= BATCH_EMPLOYEES) {
          dispatch();
          // On this thread, hand each batch on at once (its write proceeds while the next is computed); with
          // worker threads, keep up to about a chunk and a half in flight so that no thread waits for inputs.
          while (queue.length > (pool ? Math.ceil((1.5 * size) / BATCH_EMPLOYEES) : 0)) await handOn();
        }
      }
      dispatch();
      if (!pool) while (queue.length) await handOn();
    }
    while (queue.length) await handOn();
  } finally {
    await pool?.close();
  }
  opts.onProgress?.(done + skipped.length, employees.length);
  const engineThreads = threadFailure === null ? threads : 0;
  return {
    period: opts.period,
    settings,
    employees,
    skipped,
    queueIds,
    loadSeconds: (setupMs + loadWaitMs) / 1000,
    engineSeconds: (computeCpuMs ?? computeMs) / Math.max(1, engineThreads) / 1000,
    engineCpuSeconds: computeCpuMs === null ? null : computeCpuMs / 1000,
    engineThreads,
    engineThreadFailure: threadFailure,
  };
}

/**
 * A run computed on this thread with every payslip kept (the CLI's calculation, tests): streamPayrollRun without
 * worker threads, collecting the batches. Writes nothing.
 */
export async function computePayrollRun(
  ctx: PayrollRunCtx,
  opts: Omit<StreamRunOpts, 'onBatch' | 'engineThreads' | 'readDb' | 'rowsFormat'>,
): Promise<ComputedRun> {
  const slips: ComputedPayslip[] = [];
  const run = await streamPayrollRun(ctx, {
    ...opts,
    engineThreads: 0,
    onBatch: async (b) => {
      slips.push(...b.slips!);
    },
  });
  const { engineThreads: _t, engineThreadFailure: _f, ...rest } = run;
  return { ...rest, slips };
}
