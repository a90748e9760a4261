import { sql } from 'kysely';
import type { Grant, Scope } from '../../access/index';
import { employeeInScope } from '../../access/index';
import type { Db } from '../../shared/context';
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

/** A run covers employees the caller may not see unless the caller's scope is the whole company. */
export function requireCompanyScope(grant: Grant): void {
  if (grant.scope.kind !== 'all') throw forbidden('Payroll runs need access to every employee (superadmin or HR wildcard)');
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

/** The lock that serialises generating, finalising and cancelling runs of one period (issue 16 item 12). */
export const lockPeriod = (trx: Db, period: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`payroll:${period}`}))`.execute(trx);
