/**
 * The permission model every module checks against: the registry of permission keys, roles, the actor (who is
 * calling, with their effective permissions), grants and their scope, and the rules between permissions (duties).
 * It imports no other module, so every module, auth included, may depend on it (issue 17: the permissions ⇄ auth
 * cycle ended here; permissions/ keeps the administration of grants).
 */
export {
  type Actor,
  effectiveAccess,
  type GrantedKey,
  ownEmployeeId,
  ownEmployeeRecordId,
  PERSONAL_ID_MISSING,
} from './actor';
export {
  assertMayDecide,
  type Decision,
  decisionRefusal,
  mayChangePay,
  mayDecideSql,
  ownRecordError,
  refuseOwn,
  refuseOwnLogin,
  requirePayPermission,
} from './duties';
export { type Grant, hasPermission, requirePermission, type Scope, scopeOf } from './grant';
export { isPermissionKey, PERMISSION_KEYS, PERMISSIONS, type PermissionKey } from './registry';
export { isRoleKey, permissionsOfRoles, ROLE_KEYS, ROLES, type RoleKey } from './roles';
export { employeeInScope, scopeSql } from './scope';
export * from './approval';
