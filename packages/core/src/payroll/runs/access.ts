import { sql } from 'kysely';
import type { Grant, Scope } from '../../access/index';
import { employeeInScope, requirePayPermission } from '../../access/index';
import type { Ctx, Db } from '../../shared/context';
import { AppError, forbidden, notFound } from '../../shared/errors';
import { ddmmyyyy, todayOf } from '../../shared/date-ranges';

/* Who and what a salary operation may touch: the caller's scope (spec §6: out-of-scope employees are NOT_FOUND),
 * runs need the whole company, and a finalised period is locked. */

export type View = Grant<'salary.view'>;
export type Update = Grant<'salary.update'>;

/** NOT_FOUND unless the employee is in the caller's scope. */
export async function assertEmployeeVisible(db: Db, scope: Scope, employeeId: number): Promise<void> {
  const row = await db
    .selectFrom('employees as e')
    .select('e.id')
    .where('e.id', '=', employeeId)
    .where((eb) => employeeInScope(eb, scope))
    .executeTakeFirst();
  if (!row) throw notFound('Employee');
}

/** A run (`what`: payroll or THR runs) covers employees the caller may not see unless the caller's scope is the whole company. */
export function requireCompanyScope(grant: Grant, what = 'Payroll runs'): void {
  if (grant.scope.kind !== 'all') throw forbidden(`${what} need access to every employee (superadmin or HR wildcard)`);
}

/** The first of `periods` ('yyyy-mm') in which the employee has a payslip of a finalised (locked) run, if any. */
async function firstLockedPeriod(db: Db, employeeId: number, periods: readonly string[]): Promise<string | undefined> {
  const locked = await db
    .selectFrom('payslips as s')
    .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
    .select('s.period')
    .where('s.employee_id', '=', employeeId)
    .where('s.period', 'in', periods)
    .where('r.status', '=', 'finalised')
    .orderBy('s.period')
    .executeTakeFirst();
  return locked?.period;
}

/** CONFLICT when the employee's payroll of the period is finalised (locked). */
export async function assertPeriodOpen(db: Db, employeeId: number, period: string): Promise<void> {
  if (await firstLockedPeriod(db, employeeId, [period]))
    throw new AppError('CONFLICT', `Payroll for ${period} is finalised and locked`);
}

/** Whose pay an entry changes and, for a monthly entry, the period it is paid in ('yyyy-mm'). */
export interface PayEntry {
  employeeId: number;
  period?: string;
}

/**
 * Before a change to one employee's pay data (`what` names it in the refusal): nobody changes their own pay
 * (FORBIDDEN, access/duties.ts) and, for a monthly entry, its period's payroll is not finalised (CONFLICT).
 */
export async function assertPayChangeable(db: Db, grant: Update, entry: PayEntry, what: string): Promise<void> {
  requirePayPermission(grant.actor, entry.employeeId, what);
  if (entry.period !== undefined) await assertPeriodOpen(db, entry.employeeId, entry.period);
}

/** Before a new pay entry: its employee is in the caller's scope (NOT_FOUND), then assertPayChangeable. */
export async function assertPayEntryAllowed(db: Db, grant: Update, entry: PayEntry, what: string): Promise<void> {
  await assertEmployeeVisible(db, grant.scope, entry.employeeId);
  await assertPayChangeable(db, grant, entry, what);
}

/** The lock that serialises generating, finalising and cancelling runs of one period (issue 16 item 12). */
export const lockPeriod = (trx: Db, period: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`payroll:${period}`}))`.execute(trx);

/**
 * What finalising or cancelling a draft run sets, for payroll and THR runs alike: the status, when and (on
 * finalising) by whom. The callers guard the update with `status = 'draft'`.
 */
export function draftTransition(ctx: Ctx, to: 'finalised' | 'cancelled') {
  return to === 'finalised'
    ? { status: 'finalised' as const, finalised_at: ctx.clock(), finalised_by: ctx.actor?.userId ?? null }
    : { status: 'cancelled' as const, cancelled_at: ctx.clock() };
}

/** 'yyyy-mm' → 'mm/yyyy' (spec's month display). */
export const mmyyyy = (period: string): string => `${period.slice(5, 7)}/${period.slice(0, 4)}`;

/** The months ('yyyy-mm') from the month of `from` to the month of `to` (dates 'yyyy-mm-dd'), in order. */
export function monthsCovering(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let n = 0; n < 1200; n++) {
    const p = `${y}-${String(m).padStart(2, '0')}`;
    if (p > last) break;
    out.push(p);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/**
 * Before a decision that changes an employee's pay of the days `from`..`to` (an approved attendance correction,
 * overtime or leave, or undoing one; issue 19 item 17): none of those months' payroll is finalised for the employee.
 * CONFLICT naming the month otherwise; HR reopens the month's run first (reopenPayroll). Holds a shared lock on each
 * month until the caller's transaction ends, so a finalisation (exclusive, `lockPeriod`) of the month waits for the
 * decision, and the decision for the finalisation: the check cannot go stale. Call inside the decision's transaction.
 */
export async function assertPayDaysOpen(
  db: Db,
  employeeId: number,
  days: { from: string; to: string },
  what: string,
): Promise<void> {
  const periods = monthsCovering(days.from, days.to);
  for (const p of periods) await sql`select pg_advisory_xact_lock_shared(hashtext(${`payroll:${p}`}))`.execute(db);
  const locked = await firstLockedPeriod(db, employeeId, periods);
  if (locked)
    throw new AppError(
      'CONFLICT',
      `The payroll of ${mmyyyy(locked)} is finalised and locked: this ${what} would change that month's pay. HR can reopen that month's payroll run first`,
    );
}

/** The first day of a month ('yyyy-mm-01'). */
const firstDayOf = (period: string) => `${period}-01`;

/**
 * Generating a month that has not started yet (company time zone) needs `confirmFuturePeriod` (issue 19 item 17:
 * a December payroll generated on 26 November by mistake): GL0001 on that field, the warning the screen shows.
 */
export function refuseUnconfirmedFuturePeriod(ctx: Ctx, input: { period: string; confirmFuturePeriod?: boolean | undefined }) {
  const today = todayOf(ctx);
  if (input.confirmFuturePeriod === true || firstDayOf(input.period) <= today) return;
  throw new AppError('VALIDATION', 'Invalid input', {
    fields: [
      {
        param: 'confirmFuturePeriod',
        msg: `${mmyyyy(input.period)} has not started yet (today is ${ddmmyyyy(today)}): confirm to generate a future month`,
      },
    ],
  });
}

/** Days before the pay date from which a month's run can be finalised. */
export const FINALISE_DAYS_BEFORE_PAY_DATE = 7;

/**
 * The first day a run of `period` may be finalised (issue 19 item 17): a week before its pay date (`payDate`,
 * 'yyyy-mm-dd'), so a pay date on a weekend or holiday can still be paid the working day before, and never before the
 * month begins. Before that the month's attendance, overtime and leave are still being decided.
 */
export function finaliseOpensOn(period: string, payDate: string): string {
  const week = new Date(Date.parse(`${payDate}T00:00:00Z`) - FINALISE_DAYS_BEFORE_PAY_DATE * 86_400_000)
    .toISOString()
    .slice(0, 10);
  // The later of two ISO dates (text compares as dates).
  return [firstDayOf(period), week].sort()[1]!;
}
