import { type EmployeeRunInput, fullMonthAttendance } from '../payroll/runs/compute';
import type { PayrollSettings } from '../payroll/runs/schema';

/** The payroll engine's settings as a fresh database holds them (the migrations' defaults): what payroll tests start from. */
export const DEFAULT_ENGINE_SETTINGS = {
  cutOffDay: 25,
  payDay: 25,
  jkkRatePercent: '0.24',
  terRounding: 'floor',
  componentRounding: 'half-up',
  workWeek: 5,
  bpjsEnabled: true,
  absenceCutBasis: 'workdays',
  absenceCutDivisor: 21,
  absenceCutFixedAllowances: false,
  prorationBasis: 'workdays',
  taxBorneBy: 'employee',
} as const satisfies PayrollSettings;

/** One permanent employee's run input for November 2026 with a full month of attendance: what engine tests start from. */
export const employeeRunInput = (over: Partial<EmployeeRunInput> = {}): EmployeeRunInput => ({
  employeeId: 1,
  ptkpStatus: 'TK/0',
  basicSalary: '8000000',
  basicSource: 'contract K-1',
  components: [],
  bonusCuts: [],
  attendance: fullMonthAttendance('2026-11', 5),
  jobLevel: 2,
  tenureMonths: 30,
  earlier: [],
  ...over,
});
