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
// Read by bpjs-reports (issue 18 §3): payslips in the caller's scope, and their lines with traces.
export { linesOf as payslipLinesWithTraces, payslipQuery as scopedPayslipQuery } from './runs/payslips';
// Read by tax-reporting (issue 18 §1, Coretax e-Bupot): employees in scope with finalised payslips of a month, and those payslips with their lines.
export {
  queryTaxEmployees as queryFinalisedSlipEmployees,
  queryYearSlips as queryFinalisedYearSlips,
  type TaxEmployee as FinalisedSlipEmployee,
  type YearSlip as FinalisedYearSlip,
} from './income-tax/queries';

// The payroll module's public surface (`@hr/core/payroll`) includes its sub-modules.
export * from './runs/index';
export * from './thr-runs/index';
export * from './income-tax/index';
export * from './payslip-documents/index';
