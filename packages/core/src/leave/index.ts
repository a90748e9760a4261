export { annualEntitlement, carryOver, entitlementDateOf } from './rules';
export * from './schema';
export * from './settings';
export * from './types';
export {
  getLeave,
  getLeaveAttachment,
  getMyLeave,
  getMyLeaveAttachment,
  listLeave,
  listMyLeave,
} from './requests';
export * from './balances';
export * from './filing';
export * from './decisions';
export * from './reports';
export type { LeaveTables } from './tables';
export {
  adjustLeaveBalance,
  createLeaveApprovalRule,
  deleteLeaveApprovalRule,
  listLeaveApprovalRules,
  updateLeaveApprovalRule,
} from './approvals';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { seedLeaveDemo } from './seed';
