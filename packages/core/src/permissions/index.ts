export { type Actor, effectiveAccess, type GrantedKey } from './actor';
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
export { explainInput, explainPermission, type PermissionExplanation, type PermissionSource } from './explain';
export { type Grant, hasPermission, requirePermission, type Scope, scopeOf } from './grant';
export {
  approvePlacement,
  listPlacementConfirmations,
  placementWithheld,
  rejectPlacement,
} from './placement-confirmations';
export { isPermissionKey, PERMISSION_KEYS, PERMISSIONS, type PermissionKey } from './registry';
export { isRoleKey, permissionsOfRoles, ROLE_KEYS, ROLES, type RoleKey } from './roles';
export * from './schema';
export { employeeInScope, scopeSql } from './scope';
export {
  approveGrant,
  assignGrant,
  cancelGrant,
  createGrantSet,
  deleteGrantSet,
  listGrants,
  unassignGrant,
} from './service';
export type { PermissionTables } from './tables';
