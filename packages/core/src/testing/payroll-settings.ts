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
