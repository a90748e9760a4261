import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';
import type { Actor } from './actor';
import { type Grant, requirePermission } from './grant';

/**
 * Segregation of duties (issue 16; docs/security.md): the rules between permissions, written once
 * and called by every flow. Holding a permission is necessary, never sufficient:
 *
 * 1. Pay is changed only with `salary.update` ({@link requirePayPermission}).
 * 2. Nobody acts on their own record where it matters ({@link refuseOwn}, {@link refuseOwnLogin}).
 *    Superadmin is not exempt.
 * 3. A person decides at most one step of a request, never their own request, and never a request
 *    whose approval route (the requester's manager relation) changed in their favour after it was
 *    filed ({@link assertMayDecide}).
 *
 * Every refusal is FORBIDDEN (HTTP 403, REST PM0001) with a message that says why.
 */

/** The refusal of an action on one's own record: "You cannot change your own <what>". */
export function ownRecordError(what: string, verb = 'change'): AppError {
  return new AppError('FORBIDDEN', `You cannot ${verb} your own ${what}`);
}

/**
 * Refuses when the subject employee is the actor's own employee record (rule 2). `what` names the
 * record in the message ("contract", "leave balance", "timesheet", …); `verb` defaults to "change".
 */
export function refuseOwn(actor: Actor, subjectEmployeeId: number | null | undefined, what: string, verb = 'change'): void {
  if (subjectEmployeeId != null && actor.employeeId !== null && actor.employeeId === subjectEmployeeId) {
    throw ownRecordError(what, verb);
  }
}

/** Rule 2 for a login (user id): nobody deactivates, resets or re-roles their own login through admin screens. */
export function refuseOwnLogin(actor: Actor, subjectUserId: number | null | undefined, what = 'login', verb = 'change'): void {
  if (subjectUserId != null && actor.userId === subjectUserId) throw ownRecordError(what, verb);
}

/**
 * Rule 1: every field that changes pay (basic salary, salary components, bonus/cuts, piece work,
 * overtime pay settings, tax status) needs `salary.update`, whatever other permission opened the
 * form. Returns the grant as proof. Also refuses the actor's own pay (rule 2) when a subject is given.
 */
export function requirePayPermission(actor: Actor, subjectEmployeeId?: number | null, what = 'pay'): Grant<'salary.update'> {
  if (!actor.permissions.has('salary.update')) {
    throw new AppError('FORBIDDEN', `Changing ${what} needs the salary.update permission`);
  }
  refuseOwn(actor, subjectEmployeeId, what);
  return requirePermission(actor, 'salary.update');
}

/** Whether the actor holds `salary.update` (the contract form shows its salary part only then). */
export const mayChangePay = (actor: Actor | null): boolean => !!actor?.permissions.has('salary.update');

/** A request about to be decided, as {@link assertMayDecide} needs it. */
export interface Decision {
  /** What is decided, for messages: "leave request", "purchase request", "withdrawal", … */
  what: string;
  /** The login that filed the request (null when filed by the system). */
  requestedByUserId?: number | null;
  /** The employee the request is for or about (the requester's own employee record, usually). */
  subjectEmployeeId?: number | null;
  /** When it was filed: manager relations made after this do not qualify their manager. */
  filedAt?: Date | string | null;
  /** Logins that already decided an earlier step of this request. */
  priorDeciderUserIds?: readonly (number | null)[];
}

/**
 * Rule 3, the one approval helper every flow calls inside its transaction, before its guarded
 * update: throws FORBIDDEN when
 * - the actor filed the request, or it is about the actor's own employee record;
 * - the actor already decided an earlier step of it (one person, one step);
 * - the actor's manager relation to the subject was made or reactivated after the request was
 *   filed, or the actor changed the subject's manager relations after it was filed (a route
 *   changed in one's own favour does not qualify).
 * The concurrent case (two decisions at once) stays with each flow's guarded SQL update.
 */
export async function assertMayDecide(db: Db, actor: Actor, d: Decision): Promise<void> {
  const aboutMe = d.subjectEmployeeId != null && actor.employeeId !== null && d.subjectEmployeeId === actor.employeeId;
  if (aboutMe) throw new AppError('FORBIDDEN', `You cannot decide your own ${d.what}`);
  if (d.requestedByUserId != null && d.requestedByUserId === actor.userId) {
    // Filed by the actor for someone else (HR files a resignation, a manager orders overtime).
    throw new AppError('FORBIDDEN', `You filed this ${d.what}, so another person must decide it`);
  }
  if (d.priorDeciderUserIds?.some((u) => u !== null && u === actor.userId)) {
    throw new AppError(
      'FORBIDDEN',
      `You already decided an earlier step of this ${d.what}; each step must be decided by a different person`,
    );
  }
  if (d.subjectEmployeeId != null && d.filedAt != null) {
    const filedAt = d.filedAt instanceof Date ? d.filedAt : new Date(d.filedAt);
    const me = actor.employeeId ?? -1;
    // `filedAt` came through a JS Date (milliseconds) while the database keeps microseconds: a relation made in
    // the same millisecond just before the filing would otherwise count as "after". Both sides are compared in
    // milliseconds, here and in mayDecideSql.
    const r = await sql<{ changed: boolean }>`select exists (
        select 1 from employee_managers mg
        where mg.employee_id = ${d.subjectEmployeeId}
          and (mg.manager_employee_id = ${me} or mg.created_by = ${actor.userId})
          and date_trunc('milliseconds', greatest(mg.created_at, mg.updated_at)) > ${filedAt}
      ) as changed`.execute(db);
    if (r.rows[0]?.changed) {
      throw new AppError(
        'FORBIDDEN',
        `You cannot decide this ${d.what}: its approval route (the requester's manager) was changed after it was filed`,
      );
    }
  }
}

/**
 * The SQL twin of {@link assertMayDecide}, for lists of what the actor may decide ("awaiting me"):
 * true when no duty rule refuses the row. The references are SQL expressions on the query's
 * aliases: who filed it, whose it is, when it was filed, and (multi-step flows) whether the actor
 * decided an earlier step. Keep the two in step: a row this lists must pass assertMayDecide.
 */
export function mayDecideSql(
  actor: Actor,
  c: {
    requestedBy: RawBuilder<unknown>;
    subjectEmployeeId: RawBuilder<unknown>;
    filedAt: RawBuilder<unknown>;
    decidedEarlierStep?: RawBuilder<SqlBool>;
  },
): RawBuilder<SqlBool> {
  const me = actor.employeeId ?? -1;
  return sql<SqlBool>`(${c.subjectEmployeeId} is distinct from ${me}
    and ${c.requestedBy} is distinct from ${actor.userId}
    ${c.decidedEarlierStep ? sql`and not ${c.decidedEarlierStep}` : sql``}
    and not exists (select 1 from employee_managers mg
      where mg.employee_id = ${c.subjectEmployeeId}
        and (mg.manager_employee_id = ${me} or mg.created_by = ${actor.userId})
        and date_trunc('milliseconds', greatest(mg.created_at, mg.updated_at)) > date_trunc('milliseconds', ${c.filedAt})))`;
}

/**
 * The refusal message of a segregation-of-duties check (this file), or null when it passes: detail
 * screens hide the decision buttons and say why. Other errors propagate.
 */
export async function decisionRefusal(check: Promise<void>): Promise<string | null> {
  try {
    await check;
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'FORBIDDEN') return err.message;
    throw err;
  }
}
