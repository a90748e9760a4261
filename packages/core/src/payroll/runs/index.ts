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
export { attendanceFromTimesheets, timesheetAttendanceSource } from './attendance';
export {
  downloadPayrollRun,
  getSalaryEmployee,
  listSalaryEmployees,
  payrollWorkbook,
  type SalaryEmployeeDetail,
  XLSX_TYPE as PAYROLL_XLSX_TYPE,
} from './employee-salary';
export { insertPayslips, querySettings as queryPayrollSettings } from './queries';
export * from './schema';
export {
  type AttendanceSource,
  type ComputedRun,
  cancelPayroll,
  checkSalaryFormula,
  computePayrollRun,
  createBonusCut,
  createEmployeeComponent,
  createSalaryComponent,
  createSalaryQueue,
  deleteBonusCut,
  deleteEmployeeComponent,
  deleteSalaryComponent,
  deleteSalaryQueue,
  dryRunPayroll,
  finalisePayroll,
  generatePayroll,
  getPayrollRun,
  getPayrollSettings,
  getPayslip,
  listBonusCuts,
  listEmployeeComponents,
  listPayrollRuns,
  listSalaryComponents,
  listSalaryQueue,
  myPayslips,
  overtimeWageForPeriod,
  runPayroll,
  updateBonusCut,
  updateEmployeeComponent,
  updatePayrollSettings,
  updateSalaryComponent,
  updateSalaryQueue,
} from './service';
export type { PayrollTables } from './tables';
export { createPieceEntry, deletePieceEntry, listPieceEntries } from './piece-work';
