export { explainInput, explainPermission, type PermissionExplanation, type PermissionSource } from './explain';
export {
  approvePlacement,
  listPlacementConfirmations,
  placementWithheld,
  rejectPlacement,
} from './placement-confirmations';
export * from './schema';
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
export {
  approveEmployeeRole,
  assignEmployeeRole,
  cancelEmployeeRole,
  listEmployeeRoles,
  unassignEmployeeRole,
} from './employee-roles';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { confirmNewPlacement, guardPlacementChange, renewSessionsAfterPlacement } from './placement';
export type { GrantPlacement, PlacementChange } from './placement';
