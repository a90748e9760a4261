import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Actor } from '../access/index';
import type { Decision } from '../access/index';
import { type Grant, hasPermission, scopeOf } from '../access/index';
import { scopeSql } from '../access/index';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';
import { namedApproverOf } from './approvals';
import { type RawRow, requestBase, requestColumns, toRow } from './request-rows';
import type { LeaveRow } from './schema';

// ---------------------------------------------------------------------------------------------
// Visibility (spec §6): approvers and viewers see requests of employees in their data scope; an
// employee sees their own. Anything else is NOT_FOUND.

export type Who = 'scope' | 'own';

const requestNotFound = () => new AppError('NOT_FOUND', 'Leave request not found');
const employeeNotFound = () => new AppError('NOT_FOUND', 'Employee not found');

export function visible(actor: Actor, who: Who): RawBuilder<SqlBool> {
  if (who === 'own') return actor.employeeId === null ? sql<SqlBool>`false` : sql<SqlBool>`e.id = ${actor.employeeId}`;
  // A specific approver named in a request's steps sees it even outside their data scope.
  return sql<SqlBool>`(${scopeSql(scopeOf(actor), 'e')} or ${namedApproverOf(actor)})`;
}

export const isApprover = (actor: Actor) => hasPermission(actor, 'attendance.approve');
export const isOwn = (actor: Actor, employeeId: number) => actor.employeeId !== null && actor.employeeId === employeeId;

/** The caller's own employee id (a login without an employee record has no personal leave): access/actor.ts. */
export { ownEmployeeId } from '../access/index';

/** A request the caller may see (locked for a change when `lock`); NOT_FOUND otherwise. */
export async function visibleRequest(db: Db, actor: Actor, id: number, who: Who, lock = false): Promise<LeaveRow> {
  let q = requestBase(db).where('r.id', '=', id).where(visible(actor, who)).select(requestColumns);
  if (lock) q = q.forUpdate('r');
  const row = await q.executeTakeFirst();
  if (!row) throw requestNotFound();
  return toRow(row as RawRow);
}

/** An employee in the caller's data scope; NOT_FOUND otherwise. */
export async function employeeVisible(db: Db, actor: Actor, employeeId: number): Promise<void> {
  const row = await db
    .selectFrom('employees as e')
    .select('e.id')
    .where('e.id', '=', employeeId)
    .where(scopeSql(scopeOf(actor), 'e'))
    .executeTakeFirst();
  if (!row) throw employeeNotFound();
}

/** A working employee in the grant's scope to file leave for: NOT_FOUND outside it, GL0001 when resigned. */
export async function workingEmployeeInScope(db: Db, grant: Grant, employeeId: number): Promise<void> {
  const emp = await db
    .selectFrom('employees as e')
    .select(['e.id', 'e.resigned'])
    .where('e.id', '=', employeeId)
    .where(scopeSql(grant.scope, 'e'))
    .executeTakeFirst();
  if (!emp) throw employeeNotFound();
  if (emp.resigned !== 0)
    throw new AppError('VALIDATION', 'This employee has resigned', {
      fields: [{ param: 'employeeId', msg: 'has resigned' }],
    });
}

/**
 * Segregation of duties (docs/security.md) for deciding request `r`, as the approval kit's duty
 * check takes it: never one's own (filed by the caller or about their own record), never a second
 * step by the decider of an earlier one, never after the caller's manager relation to the employee
 * was made or changed after filing.
 */
export async function leaveDecision(db: Db, r: LeaveRow): Promise<Decision> {
  const req = await db
    .selectFrom('leave_requests')
    .select(['requested_by_user_id', 'created_at'])
    .where('id', '=', r.id)
    .executeTakeFirstOrThrow();
  const prior = await db
    .selectFrom('leave_request_approvals')
    .select('decided_by_user_id')
    .where('request_id', '=', r.id)
    .where('status', '<>', 'pending')
    .execute();
  return {
    what: 'leave request',
    requestedByUserId: req.requested_by_user_id,
    subjectEmployeeId: r.employeeId,
    filedAt: req.created_at,
    priorDeciderUserIds: prior.map((p) => p.decided_by_user_id),
  };
}

/** Employees in the grant's scope, of one office and department when the filter names them (alias e). */
export function employeesOf(
  grant: Grant,
  f: { companyOfficeId?: number | undefined; departmentId?: number | undefined },
): RawBuilder<SqlBool>[] {
  const conds: RawBuilder<SqlBool>[] = [scopeSql(grant.scope, 'e')];
  if (f.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  return conds;
}
