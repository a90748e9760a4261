/**
 * The payroll module's browser-safe surface: formulas, exact money, payslip shapes and input schemas (no database,
 * no Node-only imports). The web app reaches it through `@hr/core/browser`; `index.ts` adds the runs and documents.
 */
// Payroll engine: pure functions, exact money, no database and no node-only imports (also exported to the browser).
export * from './formula';
export {
  calculateBpjs,
  BPJS_JHT,
  BPJS_JKM,
  BPJS_JP,
  BPJS_KESEHATAN,
  type BpjsOutput,
  JP_WAGE_CAPS,
  jkkRatePercent,
  jpWageCapOn,
} from './formulas/bpjs';
export {
  type OvertimeEntry,
  type OvertimeLimitViolation,
  type OvertimeOutput,
  calculateOvertime,
  checkOvertimeLimits,
  NORMAL_WORKING_TIME,
  OVERTIME_HOURLY_DIVISOR,
  OVERTIME_LIMITS,
  OVERTIME_MULTIPLIERS,
  type OvertimeLimitRegime,
  overtimeHourlyWage,
  overtimeMaxPayableHours,
  type OvertimeWageBase,
  type OvertimeWageInput,
  overtimeWageBase,
  DAILY_WAGE_DAYS,
  overtimeMultiplier,
} from './formulas/overtime';
export {
  article17Tax,
  calculatePph21,
  calculatePph21Daily,
  dailyPph21,
  grossUpAllowance,
  monthlyTer,
  type Pph21DailyOutput,
  type Pph21LastPeriodOutput,
  type Pph21MonthOutput,
  type Pph21Output,
  ptkpAmount,
  surchargePercent,
  terCategoryFor,
  terMonthlyRatePercent,
} from './formulas/pph21';
export {
  ARTICLE_17_LAYERS,
  BIAYA_JABATAN,
  BIAYA_PENSIUN,
  DAILY_TER,
  PTKP_AMOUNT,
  TER_CATEGORY_BY_PTKP,
  TER_MONTHLY,
} from './formulas/tax-tables';
export {
  calculateThr,
  monthsOfService,
  type ThrEmploymentEnd,
  type ThrOutput,
  thrAmount,
  thrEntitledAfterLeaving,
} from './formulas/thr';
export {
  Dec,
  type DecInput,
  dec,
  floorThousand,
  percentOf,
  RUPIAH_ROUNDINGS,
  type RupiahRounding,
  sum as sumRupiah,
  toInt as toWholeRupiahNumber,
  toRupiah,
} from './money';
export * from './payslip';
/** Daily or monthly pay follows the contract type: a contract type change can change pay (issue 16 item 1). */
export { type EmploymentType, employmentTypeOf } from './runs/compute';
export * from './schema';
export type { Trace, TraceMap, TraceValue } from './trace';
