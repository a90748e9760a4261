import type { PermissionKey } from './registry';
import { isPermissionKey } from './registry';
import { isRoleKey, permissionsOfRoles } from './roles';
import { AppError, notFound } from '../shared/errors';

/** The signed-in person (or machine client) on whose behalf a service runs. */
export interface Actor {
  userId: number;
  email: string;
  employeeId: number | null;
  companyOfficeId: number | null;
  departmentId: number | null;
  divisionId: number | null;
  roles: string[];
  permissions: ReadonlySet<PermissionKey>;
  kind: 'user' | 'oauth';
  /**
   * For an OAuth client token: its scopes and terminal binding (auth/service.ts resolveToken).
   * A client without the `full` scope holds only the ingest permission (see auth/scopes.ts).
   */
  client?: { id: number; scopes: readonly string[]; deviceSerial: string | null };
}

/** One approved grant as it reaches a user: a permission key or a role key (spec §6). */
export interface GrantedKey {
  kind: string;
  key: string;
}

/**
 * The roles and permissions that a user's account roles plus their approved grants (own and their
 * job position's) add up to: the union of every role's keys and every granted key. Every source
 * adds, none removes, so "which source gives permission P" is this function applied to one source.
 * Unknown keys are ignored.
 */
export function effectiveAccess(
  userRoles: readonly string[],
  grants: readonly GrantedKey[],
): { roles: string[]; permissions: Set<PermissionKey> } {
  const roles = new Set<string>(userRoles);
  const extra: PermissionKey[] = [];
  for (const g of grants) {
    if (g.kind === 'role' && isRoleKey(g.key)) roles.add(g.key);
    if (g.kind === 'permission' && isPermissionKey(g.key)) extra.push(g.key);
  }
  const permissions = permissionsOfRoles([...roles]);
  for (const k of extra) permissions.add(k);
  return { roles: [...roles], permissions };
}

/**
 * The signed-in person's own employee id, for the screens that act on "my" record (leave, overtime,
 * corrections, data-update requests, signature, payslips). A login without an employee record gets the
 * spec's notice (spec §2 General forms: "Your ID Personal not available, please reload page").
 */
export function ownEmployeeId(actor: Pick<Actor, 'employeeId'>): number {
  if (actor.employeeId === null) throw new AppError('PRECONDITION_FAILED', PERSONAL_ID_MISSING);
  return actor.employeeId;
}
export const PERSONAL_ID_MISSING = 'Your ID Personal not available, please reload page';

/**
 * As {@link ownEmployeeId}, for the personal reads that answer a login without an employee record with NOT_FOUND
 * "Employee record of this login not found" (own roster, timesheet and attendance report, payslips, payslip PDF password).
 */
export function ownEmployeeRecordId(actor: Pick<Actor, 'employeeId'>): number {
  if (!actor.employeeId) throw notFound('Employee record of this login');
  return actor.employeeId;
}
