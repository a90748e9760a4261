import { revokeSessionsOfEmployee } from '../auth/index';
import type { Ctx, Db } from '../shared/context';
import { type Actor, effectiveAccess, type GrantedKey } from '../access/index';
import { refuseOwn } from '../access/index';
import { filePlacementConfirmation, placementWithheld } from './placement-confirmations';
import type { PermissionKey } from '../access/index';

/**
 * Placement and four-eyes (issue 16 item 3; docs/security.md). An employee's effective permissions
 * come from their login's roles, their own approved grants, their job position's approved grants
 * and their section's approved role grants (auth/service.ts actorQuery). Each grant needed a second
 * person's approval, but moving someone into a job position or section hands them that position's
 * grants at once: a placement change is therefore a permission change too. The rule, once:
 *
 * - nobody changes their own placement (job position, section, department, division, office);
 * - a change that would widen the subject's effective permissions (after ⊋ before) is applied, but
 *   the new job position's and section's grants are withheld from the subject until a second
 *   person confirms it (placement-confirmations.ts: anyone allowed to move people may move them;
 *   the widening waits), and the permissions it adds are written to the audit entry;
 * - whenever the job position or section changes, the subject's sessions are renewed (revoked), so
 *   no token obtained before the change carries the new privileges.
 */

/** The placement columns that carry grants (job position: any grant; section: role grants). */
export interface GrantPlacement {
  jobPositionId: number | null;
  sectionId: number | null;
}

const grantsOf = async (db: Db, employeeId: number | null, p: GrantPlacement): Promise<GrantedKey[]> => {
  const subjects: ['employee' | 'job_position' | 'section', number][] = [];
  if (employeeId !== null) subjects.push(['employee', employeeId]);
  if (p.jobPositionId !== null) subjects.push(['job_position', p.jobPositionId]);
  if (p.sectionId !== null) subjects.push(['section', p.sectionId]);
  if (subjects.length === 0) return [];
  const rows = await db
    .selectFrom('permission_grants')
    .select(['subject_type', 'grant_kind as kind', 'grant_key as key'])
    .where('status', '=', 1)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or(subjects.map(([type, id]) => eb.and([eb('subject_type', '=', type), eb('subject_id', '=', id)]))))
    .execute();
  // A section passes on role grants only (as actorQuery).
  return rows.filter((r) => r.subject_type !== 'section' || r.kind === 'role');
};

/** The roles of the employee's login (none when they have no login yet). */
const loginRolesOf = async (db: Db, employeeId: number | null): Promise<string[]> => {
  if (employeeId === null) return [];
  const rows = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.role')
    .where('u.employee_id', '=', employeeId)
    .execute();
  return rows.map((r) => r.role);
};

/**
 * The permissions an employee would gain by moving from one placement to another (empty when
 * none): effective permissions after minus before, by the one rule of {@link effectiveAccess}.
 * `employeeId` is null for a person not yet an employee (a registration being activated); then
 * `loginRoles` are the roles their new login will get.
 */
export async function placementWidening(
  db: Db,
  employeeId: number | null,
  before: GrantPlacement | null,
  after: GrantPlacement,
  loginRoles?: readonly string[],
): Promise<PermissionKey[]> {
  const roles = loginRoles ?? (await loginRolesOf(db, employeeId));
  const none: GrantPlacement = { jobPositionId: null, sectionId: null };
  const [was, will] = await Promise.all([grantsOf(db, employeeId, before ?? none), grantsOf(db, employeeId, after)]);
  const had = effectiveAccess(roles, was).permissions;
  return [...effectiveAccess(roles, will).permissions].filter((k) => !had.has(k)).sort();
}

/** Whether the job position or section (the placement columns that carry grants) changes. */
export const grantPlacementChanges = (before: GrantPlacement | null, after: GrantPlacement): boolean =>
  (before?.jobPositionId ?? null) !== after.jobPositionId || (before?.sectionId ?? null) !== after.sectionId;

/** A placement change about to be written, as {@link guardPlacementChange} needs it. */
export interface PlacementChange {
  /** The employee moved; null for a person who becomes an employee now. */
  employeeId: number | null;
  /** Their name, for messages. */
  name: string;
  before: GrantPlacement | null;
  after: GrantPlacement;
  /** Roles of the login a new employee gets (only when employeeId is null). */
  loginRoles?: readonly string[];
}

/**
 * The one check every placement path calls inside its transaction, before its update: refuses a
 * change of one's own placement; for an existing employee whose job position or section changes,
 * files a pending confirmation when the change widens their permissions (and closes any earlier
 * one), so the new grants wait for a second person. Returns the permissions the change adds (to
 * write into the audit entry; empty when none).
 *
 * A person who becomes an employee now (`employeeId` null) has no row to confirm yet: the caller
 * files it with {@link confirmNewPlacement} once the employee exists, in the same transaction.
 */
export async function guardPlacementChange(db: Db, actor: Actor, c: PlacementChange): Promise<PermissionKey[]> {
  refuseOwn(actor, c.employeeId, 'placement');
  if (!grantPlacementChanges(c.before, c.after)) return [];
  // Grants withheld now (an unconfirmed or rejected placement) are not held: the move is judged
  // against what the subject really holds, so it cannot launder a withheld widening.
  const withheld = c.employeeId !== null && (await placementWithheld(db, c.employeeId));
  const before = withheld ? { jobPositionId: null, sectionId: null } : c.before;
  const added = await placementWidening(db, c.employeeId, before, c.after, c.loginRoles);
  if (c.employeeId !== null) await filePlacementConfirmation(db, actor, c.employeeId, c.after, added);
  return added;
}

/**
 * For a person who became an employee in this transaction (new employee, import, registration,
 * hire): files the pending confirmation of the placement {@link guardPlacementChange} found
 * widening (`added`, its result), so the position's grants wait for a second person.
 */
export async function confirmNewPlacement(
  db: Db,
  actor: Actor,
  employeeId: number,
  after: GrantPlacement,
  added: readonly PermissionKey[],
): Promise<void> {
  if (added.length > 0) await filePlacementConfirmation(db, actor, employeeId, after, added);
}

/**
 * After the update: renews the subject's sessions when the job position or section changed (their
 * effective permissions may have changed). Call with the transaction: `{ ...ctx, db: trx }`.
 */
export async function renewSessionsAfterPlacement(ctx: Ctx, c: PlacementChange): Promise<void> {
  if (c.employeeId !== null && grantPlacementChanges(c.before, c.after)) await revokeSessionsOfEmployee(ctx, c.employeeId);
}
