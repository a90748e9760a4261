import { sql } from 'kysely';
import type { Grant, Scope } from '../../access/index';
import { employeeInScope, requirePayPermission } from '../../access/index';
import type { Ctx, Db } from '../../shared/context';
import { AppError, forbidden, notFound } from '../../shared/errors';

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

/** CONFLICT when the employee's payroll of the period is finalised (locked). */
export async function assertPeriodOpen(db: Db, employeeId: number, period: string): Promise<void> {
  const locked = await db
    .selectFrom('payslips as s')
    .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
    .select('s.id')
    .where('s.employee_id', '=', employeeId)
    .where('s.period', '=', period)
    .where('r.status', '=', 'finalised')
    .executeTakeFirst();
  if (locked) throw new AppError('CONFLICT', `Payroll for ${period} is finalised and locked`);
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
