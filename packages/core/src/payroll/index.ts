export * from './pure';
// Used by other modules (their deep imports moved here, issue 17).
export type { PayrollTables } from './runs/tables';
export type { ThrRunTables } from './thr-runs/tables';
export { trace } from './ports';
export type { AttendanceFeed, AttendanceInput, AttendanceSource, DeductionSource, PayrollFeeds } from './ports';
export {
  attendanceFromTimesheets,
  fullMonthAttendance,
  overtimeWageForPeriod,
  periodDates,
  queryPayrollSettings,
  queryTimesheetFigures,
} from './runs/index';

// The payroll module's public surface (`@hr/core/payroll`) includes its sub-modules.
export * from './runs/index';
export * from './thr-runs/index';
export * from './income-tax/index';
export * from './payslip-documents/index';
