import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Actor } from '../access/index';
import { hasPermission, scopeOf } from '../access/index';
import type { Decision } from '../access/index';
import { scopeSql } from '../access/index';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';
import {
  type RawMember,
  type RawWithdrawal,
  memberBase,
  memberColumns,
  toMember,
  withdrawalBase,
  withdrawalColumns,
} from './rows';
import { type CooperativeMemberRow, WITHDRAWAL_STATUS } from './schema';

// ---------------------------------------------------------------------------------------------
// Visibility (spec §6): a member sees their own; cooperative.manage sees the members whose
// employee is in the caller's data scope. Anything else is NOT_FOUND.

const memberNotFound = () => new AppError('NOT_FOUND', 'Cooperative member not found');
const withdrawalNotFound = () => new AppError('NOT_FOUND', 'Withdrawal not found');

/** SQL on alias `e`: the employee is in the caller's data scope. */
export function inScope(actor: Actor): RawBuilder<SqlBool> {
  return scopeSql(scopeOf(actor), 'e');
}

const own = (actor: Actor): RawBuilder<SqlBool> =>
  actor.employeeId === null ? sql<SqlBool>`false` : sql<SqlBool>`m.employee_id = ${actor.employeeId}`;

export const isManager = (actor: Actor) => hasPermission(actor, 'cooperative.manage');

/** SQL on aliases `m` (member) and `e` (employee): the caller may see this member's data. */
export function memberVisible(actor: Actor): RawBuilder<SqlBool> {
  if (isManager(actor)) return sql<SqlBool>`(${own(actor)} or ${inScope(actor)})`;
  return own(actor);
}

/** A member the caller may see; NOT_FOUND otherwise. */
export async function visibleMember(db: Db, actor: Actor, id: number): Promise<CooperativeMemberRow> {
  const row = await memberBase(db).where('m.id', '=', id).where(memberVisible(actor)).select(memberColumns).executeTakeFirst();
  if (!row) throw memberNotFound();
  return toMember(row as RawMember);
}

/** A withdrawal of a member the caller may see (locked for a change when `lock`); NOT_FOUND otherwise. */
export async function visibleWithdrawal(db: Db, actor: Actor, id: number, lock = false): Promise<RawWithdrawal> {
  let q = withdrawalBase(db).where('w.id', '=', id).where(memberVisible(actor)).select(withdrawalColumns);
  if (lock) q = q.forUpdate('w');
  const row = await q.executeTakeFirst();
  if (!row) throw withdrawalNotFound();
  return row as RawWithdrawal;
}

/**
 * Segregation of duties (docs/security.md), as the approval kit's duty check takes it: never one's
 * own withdrawal, never both steps of a two-step chain (nor disapproving after approving the first
 * step), never after the actor's manager relation to the member changed after it was filed.
 */
export const withdrawalDecision = (w: RawWithdrawal): Decision => ({
  what: 'withdrawal',
  requestedByUserId: w.requesterUserId,
  subjectEmployeeId: w.employeeId,
  filedAt: w.createdAt,
  priorDeciderUserIds: [w.firstApproverUserId],
});

/**
 * Who may change a withdrawal's files: the requester while it is pending, or cooperative.manage —
 * but a manager's own withdrawal only as its requester (its evidence is not theirs to rewrite later).
 */
export function refuseFileEdit(actor: Actor, w: RawWithdrawal): void {
  const mine = actor.employeeId !== null && actor.employeeId === w.employeeId;
  if (isManager(actor) && !mine) return;
  if (!mine) throw new AppError('FORBIDDEN', 'You cannot change the files of this withdrawal');
  if (w.status !== WITHDRAWAL_STATUS.Pending)
    throw new AppError('CONFLICT', 'The files of a decided withdrawal can no longer be changed');
}
