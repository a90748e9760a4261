import { legalValuesOn } from '../../legal-tables/index';
import { type FinalisedThr, queryFinalisedThr } from '../thr-runs/queries';
import { thrHolidayName } from '../thr-runs/schema';
import type { Ctx, Db } from '../../shared/context';
import { AppError } from '../../shared/errors';
import {
  type ComputedPayslip,
  computeEmployeePayslip,
  type EmployeeRunInput,
  type EmploymentType,
  type FormulaCache,
  fullMonthAttendance,
  overtimeWageOfMonth,
  PayslipComputeError,
  periodDates,
} from './compute';
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

function tenureMonths(joinDate: string, periodEnd: string): number {
  const [y1, m1, d1] = joinDate.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = periodEnd.split('-').map(Number) as [number, number, number];
  return Math.max(0, (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0));
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
  return {
    ...loaded,
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

/**
 * Loads every input of a run (set-based) and computes each employee's payslip. Writes nothing.
 * Employees without a basic salary (no contract or queued change by the period's end) are skipped and listed.
 * Attendance (with approved overtime) and other modules' deductions come from the context's feeds (payroll/ports.ts);
 * `opts.attendance` replaces the attendance feed (benchmarks, tests).
 */
export async function computePayrollRun(
  ctx: PayrollRunCtx,
  opts: {
    period: string;
    companyOfficeId?: number | undefined;
    attendance?: AttendanceSource;
    /** Receives the payslips in chunks of 1,000 as they are computed (a run persists while computing the next chunk). */
    sink?: (slips: ComputedPayslip[]) => Promise<void>;
    /** Told how many of the run's employees are computed so far (after each chunk and at the end), for a progress bar. */
    onProgress?: (done: number, total: number) => void;
    /** Employees whose inputs are loaded at once (default 5,000; tests use small chunks). */
    loadChunkEmployees?: number;
    /**
     * Where the inputs are read when not from `ctx.db`: a run writing in its own transaction reads on another
     * connection, so that reading the next chunk and writing the last one proceed side by side (PostgreSQL only).
     */
    readDb?: Db;
  },
): Promise<ComputedRun> {
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
  let loadMs = performance.now() - t0;
  const fullMonth = fullMonthAttendance(opts.period, settings.workWeek);
  const slips: ComputedPayslip[] = [];
  const skipped: SkippedEmployee[] = [];
  const queueIds: number[] = [];
  const formulaCache: FormulaCache = new Map();
  let engineMs = 0;
  let chunkStart = performance.now();
  let sent = 0;
  const flush = async () => {
    engineMs += performance.now() - chunkStart;
    if (opts.sink && sent < slips.length) await opts.sink(slips.slice(sent));
    sent = slips.length;
    opts.onProgress?.(slips.length + skipped.length, employees.length);
    chunkStart = performance.now();
  };
  let next = chunks.length ? load(chunks[0]!) : null;
  for (const [k, chunk] of chunks.entries()) {
    engineMs += performance.now() - chunkStart;
    const waited = performance.now();
    const { basics, components, bonusCuts, earlier, attendance, external, thr, taxBorneBy, previousIncome, pieces } = await next!;
    next = k + 1 < chunks.length ? load(chunks[k + 1]!) : null;
    chunkStart = performance.now();
    loadMs += chunkStart - waited;
    for (const e of chunk) {
      if (slips.length - sent >= 1000) await flush();
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
      const input = runInputOf(e, basic, dates.end, {
        components: components.get(e.id) ?? [],
        bonusCuts: bonusCuts.get(e.id) ?? [],
        externalDeductions: external.get(e.id) ?? [],
        thr: thrInput(thr.get(e.id)),
        attendance: attendance.get(e.id) ?? fullMonth,
        earlier: earlier.get(e.id) ?? [],
        taxBorneBy: taxBorneBy.get(e.id),
        previousEmployer: previousIncome.get(e.id),
        pieces: pieces.get(e.id),
      });
      try {
        slips.push(computeEmployeePayslip(opts.period, settings, input, formulaCache, legal));
      } catch (err) {
        // 412 naming the employee (and the component), never a 500 (issue 16 item 12).
        if (err instanceof PayslipComputeError && err.outOfRange)
          throw new AppError(
            'PRECONDITION_FAILED',
            `Component ${err.outOfRange.component} gives ${err.outOfRange.value} for ${e.name} (${e.employeeNumber}): out of range`,
          );
        if (err instanceof PayslipComputeError)
          throw new AppError('PRECONDITION_FAILED', `Employee ${e.employeeNumber} (${e.name}): ${err.message}`);
        if (err instanceof RangeError)
          throw new AppError(
            'PRECONDITION_FAILED',
            `The payslip of ${e.name} (${e.employeeNumber}) is out of range (${err.message}); check the salary and components`,
          );
        throw err;
      }
    }
  }
  await flush();
  return {
    period: opts.period,
    settings,
    employees,
    slips,
    skipped,
    queueIds,
    loadSeconds: loadMs / 1000,
    engineSeconds: engineMs / 1000,
  };
}
