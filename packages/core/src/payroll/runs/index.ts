// Payroll runs and salary data (issue 5 part 2): settings, components, bonus/cuts, salary queue, runs, payslips.
export {
  type AttendanceInput,
  type ComponentInput,
  type ComputedPayslip,
  computeEmployeePayslip,
  type EmployeeRunInput,
  type EmploymentType,
  employmentTypeOf,
  fullMonthAttendance,
  PayslipComputeError,
  periodDates,
  previousPeriod,
  workDaysBetween,
  workDaysIn,
} from './compute';
export { attendanceFromTimesheets } from './attendance';
export {
  downloadPayrollRun,
  getSalaryEmployee,
  listSalaryEmployees,
  payrollWorkbook,
  type SalaryEmployeeDetail,
  XLSX_TYPE as PAYROLL_XLSX_TYPE,
} from './employee-salary';
export {
  insertPayslips,
  querySettings as queryPayrollSettings,
  queryTimesheetFigures,
  type TimesheetFigures,
} from './queries';
export * from './schema';
export type {
  AttendanceFeed,
  AttendanceSource,
  DeductionLineInput,
  DeductionSource,
  PayrollFeeds,
} from '../ports';
export { createBonusCut, deleteBonusCut, listBonusCuts, updateBonusCut } from './bonus-cuts';
export {
  bonusCutLookup,
  createBonusCutType,
  deleteBonusCutType,
  listBonusCutTypes,
  updateBonusCutType,
} from './bonus-cut-types';
export {
  checkSalaryFormula,
  createEmployeeComponent,
  createSalaryComponent,
  deleteEmployeeComponent,
  deleteSalaryComponent,
  listEmployeeComponents,
  listSalaryComponents,
  updateEmployeeComponent,
  updateSalaryComponent,
} from './components';
export { cancelPayroll, finalisePayroll, reopenPayroll } from './finalise';
export { getPayslip, myPayslips } from './payslips';
export {
  type ComputedRun,
  computePayrollRun,
  overtimeWageForPeriod,
  type PayrollRunCtx,
  type PayslipBatch,
  type StreamedRun,
  streamPayrollRun,
} from './run-compute';
export { PAYSLIP_COPY_COLUMNS, type SlipTotals } from './engine-batch';
export { dryRunPayroll, generatePayroll, runPayroll } from './run-generate';
export { getPayrollRun, listPayrollRuns } from './run-read';
export { createSalaryQueue, deleteSalaryQueue, listSalaryQueue, updateSalaryQueue } from './salary-queue';
export { getPayrollSettings, updatePayrollSettings } from './settings';
export type { BonusCutTypeTables, PayrollTables } from './tables';
export { createPieceEntry, deletePieceEntry, listPieceEntries } from './piece-work';
export * from './outputs';
// The period lock other modules respect (issue 19 item 17): decisions that change a finalised month's pay are refused.
export { assertPayDaysOpen, finaliseOpensOn, refuseUnconfirmedFuturePeriod } from './access';
