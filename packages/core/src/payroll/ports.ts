import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { AttendanceInput } from './runs/compute';
import type { PayrollSettings } from './runs/schema';
import type { Trace } from './trace';

/*
 * What feeds a payslip (ARCHITECTURE.md / STYLE.md "Features meet through ports"; docs/payroll.md "What feeds a
 * payslip (ports)"). Payroll computes from its own data (contracts and salary queue, components, bonus/cuts, piece
 * work, finalised THR, previous-employer income) plus what the feature modules report through the ports below.
 * Payroll imports no feature module: the features implement these interfaces and `createServices()` wires them into
 * every service context (`Ctx.payrollFeeds`, built by `defaultPayrollFeeds()` in `payroll-wiring.ts`).
 *
 * Every port takes the database handle of the call (a run reads and books inside its own transaction).
 */

/** The database or a transaction (the same type as shared/context's `Db`; declared here so the context can name the
 * feeds without an import cycle). */
type Db = Kysely<Database> | Transaction<Database>;

export { type Trace, trace } from './trace';
export type { AttendanceInput } from './runs/compute';
export type { PayrollSettings } from './runs/schema';

// ---------------------------------------------------------------------------------------------
// Attendance: timesheets, unpaid leave and approved overtime

/**
 * Supplies the attendance figures of a run's employees for a period (docs/payroll-runs.md "Attendance, cuts and
 * proration"): attendance and scheduled work days (proration of a partial month, absence cuts), late minutes,
 * approved unpaid leave days (leave module) and the approved overtime days with their day type (attendance requests;
 * paid per Kepmenakertrans 102/2004 and PP 35/2021 art. 31, see formulas/overtime.ts). An employee missing from the
 * map is paid a full month without overtime (`fullMonthAttendance`).
 *
 * Overtime is folded into attendance (no separate overtime port): the overtime feed decorates the timesheet feed.
 */
export type AttendanceSource = (
  employeeIds: readonly number[],
  period: string,
  settings: PayrollSettings,
) => Promise<Map<number, AttendanceInput>>;

/** Builds the AttendanceSource for one database handle (the run's transaction). */
export type AttendanceFeed = (db: Db) => AttendanceSource;

// ---------------------------------------------------------------------------------------------
// Deductions other modules ask payroll to make

/**
 * One deduction a feature asks of one employee's payslip. `amount` is integer rupiah as a decimal string (never a
 * JS float); zero or malformed amounts are left off the payslip.
 */
export interface DeductionLineInput {
  employeeId: number;
  amount: string;
  /** Why the amount is what it is (rule, formula, inputs, source screen), shown on the payslip line. */
  trace: Trace;
}

/**
 * A deduction fed by another module (issue 5 "cooperative deductions through an interface the cooperative module
 * will fill"; issue 7 purchase of goods; issue 8 canteen). They are after-tax deductions: they lower take-home pay,
 * not taxable income (PMK 168/2023 lists no such deduction from gross). Each payslip line names its source (`code`,
 * `name`) so HR can answer "why".
 *
 * A draft run (and a dry run) only reads them (`read`); finalising the run books what the payslips deducted back
 * into the feature (`book`: cooperative ledger, instalments paid) in the same transaction, idempotently per period.
 */
export interface DeductionSource {
  /** The payslip line code, stable: finalising finds the deducted amounts by it (e.g. 'cooperative-mandatory'). */
  code: string;
  /** The payslip line name ("Cooperative mandatory saving"). */
  name: string;
  /** The deductions of the period for (at most) these employees; `dates` is the payroll period (cut-off to cut-off). */
  read(
    db: Db,
    q: { employeeIds: readonly number[]; period: string; dates: { start: string; end: string } },
  ): Promise<DeductionLineInput[]>;
  /** Books what a finalised run deducted with this code (absent: nothing to book, e.g. canteen meals). */
  book?(db: Db, period: string, deducted: readonly { employeeId: number; amount: string }[]): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The whole set

/** Everything that feeds a payslip from outside payroll. Deductions appear on the payslip in this array's order. */
export interface PayrollFeeds {
  attendance: AttendanceFeed;
  deductions: readonly DeductionSource[];
}
