import { requirePermission } from '../access/grant';
import type { OrgTestDb } from '../testing/org-fixtures';

/** Setup for `useOrgTestDb`: a superadmin and its grants to view and to update employees. */
export async function employeeAdmin(t: OrgTestDb) {
  const admin = await t.newActor(['superadmin']);
  return { admin, view: requirePermission(admin, 'employee.view'), update: requirePermission(admin, 'employee.update') };
}

/** Setup for `useOrgTestDb`: a human-capital user (every employee in scope, `hr.all`). */
export async function humanCapital(t: OrgTestDb) {
  return { hc: await t.newActor(['human-capital']) };
}
