export { annualEntitlement, carryOver, entitlementDateOf } from './rules';
export * from './schema';
export * from './service';
export type { LeaveTables } from './tables';
export {
  adjustLeaveBalance,
  createLeaveApprovalRule,
  deleteLeaveApprovalRule,
  listLeaveApprovalRules,
  updateLeaveApprovalRule,
} from './approvals';
