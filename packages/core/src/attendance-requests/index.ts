export * from './schema';
export type { AttendanceRequestTables } from './tables';
export {
  approveCorrection,
  bulkApproveCorrections,
  bulkCancelCorrections,
  bulkDeleteCorrections,
  bulkDisapproveCorrections,
  cancelMyCorrection,
  CORRECTION_PRIORITY,
  CORRECTION_SOURCE,
  correctionDay,
  correctionsAwaitingMe,
  disapproveCorrection,
  getCorrection,
  listCorrections,
  myCorrectionDay,
  myCorrections,
  requestCorrection,
  updateCorrection,
} from './corrections';
export {
  approveOvertime,
  bulkApproveOvertime,
  bulkDeleteOvertime,
  bulkDisapproveOvertime,
  cancelMyOvertime,
  createOvertime,
  createOvertimeBulk,
  deleteOvertime,
  disapproveOvertime,
  getOvertime,
  listOvertime,
  myOvertime,
  OVERTIME_REGIME,
  overtimeAwaitingMe,
  overtimePayPreview,
  overtimePlan,
  payrollDayTypeOf,
  requestOvertime,
  updateOvertime,
} from './overtime';
export {
  type ApprovedOvertimeDay,
  approvedOvertimeFor,
  attendanceSourceWithOvertime,
  payrollAttendanceFeed,
  timesheetAttendanceSource,
} from './payroll-feed';
export { seedAttendanceRequestsDemo } from './seed';
export * from './outputs';
