import type { PermissionKey } from './registry';
import { isPermissionKey } from './registry';
import { isRoleKey, permissionsOfRoles } from './roles';

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
