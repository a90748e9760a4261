import { z } from 'zod';
import { isoDate } from '../shared/zod';
import { overtimeDayProblem } from './formulas/overtime-rules';

// Payroll enums and the input schemas of the public calculators (`hr calc …`, issue 5).
// Browser-safe: zod only.

/** PTKP statuses used for withholding (PMK 101/2016; payroll-id.md §1.4). K/I/x is for the annual return only. */
export const PTKP_STATUSES = ['TK/0', 'TK/1', 'TK/2', 'TK/3', 'K/0', 'K/1', 'K/2', 'K/3'] as const;
export type PtkpStatus = (typeof PTKP_STATUSES)[number];
export const TER_CATEGORIES = ['A', 'B', 'C'] as const;
export type TerCategory = (typeof TER_CATEGORIES)[number];
export const PPH21_EMPLOYEE_TYPES = ['permanent', 'pensioner', 'non-permanent-monthly'] as const;
export type Pph21EmployeeType = (typeof PPH21_EMPLOYEE_TYPES)[number];
/** How a TER amount with a fraction of a rupiah becomes whole rupiah (payroll-id.md §1.9: truncate recommended). */
export const TER_ROUNDINGS = ['floor', 'half-up'] as const;
export type TerRounding = (typeof TER_ROUNDINGS)[number];
/** Part-year biaya jabatan cap (payroll-id.md §5 contradiction): aggregate n × 500,000 (recommended) or each month capped. */
export const BIAYA_JABATAN_CAPS = ['aggregate', 'per-month'] as const;
export type BiayaJabatanCap = (typeof BIAYA_JABATAN_CAPS)[number];
export const WORK_WEEKS = [5, 6] as const;
export type WorkWeek = (typeof WORK_WEEKS)[number];
export const OVERTIME_DAY_TYPES = ['workday', 'restday', 'holiday-shortest-workday'] as const;
export type OvertimeDayType = (typeof OVERTIME_DAY_TYPES)[number];
/**
 * How pay follows the contract type (spec §3; runs/compute.ts employmentTypeOf): `permanent` and
 * `non-permanent-monthly` are paid a monthly salary, `daily` (Freelance) the basic salary per attendance day.
 */
export const EMPLOYMENT_TYPES = ['permanent', 'non-permanent-monthly', 'daily'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const HOURLY_WAGE_ROUNDINGS = ['none', 'floor'] as const;
export type HourlyWageRounding = (typeof HOURLY_WAGE_ROUNDINGS)[number];
/** THR months of service: completed calendar months (recommended) or completed months plus the started month's share. */
export const THR_MONTH_COUNTINGS = ['completed', 'fractional'] as const;
export type ThrMonthCounting = (typeof THR_MONTH_COUNTINGS)[number];
/** JKK rates by risk class, % of monthly wage (PP 44/2015 Pasal 16(2)), and the 50% relief rates (PP 7/2025, PP 36/2025). */
export const JKK_RATES_PERCENT = ['0.24', '0.54', '0.89', '1.27', '1.74'] as const;
export const JKK_RELIEF_RATES_PERCENT = ['0.12', '0.27', '0.445', '0.635', '0.87'] as const;

const oneOf = (values: readonly (string | number)[]) => `must be one of ${values.join(', ')}`;

/** Whole rupiah, 0 … 10,000,000,000,000 (far above any wage; keeps every sum a safe integer). */
const rupiah = z
  .number({ error: 'must be a whole number of rupiah' })
  .int('must be a whole number of rupiah')
  .min(0, 'must not be negative')
  .max(10_000_000_000_000, 'is too large');
const positiveRupiah = rupiah.refine((n) => n > 0, 'must be more than 0');

const taxYear = z
  .number({ error: 'must be a year' })
  .int('must be a year')
  .min(2024, 'must be 2024 or later: the TER method applies from 1 January 2024 (PP 58/2023)')
  .max(2100, 'must be 2100 or earlier');
const month = z
  .number({ error: 'must be a month 1–12' })
  .int('must be a month 1–12')
  .min(1, 'must be a month 1–12')
  .max(12, 'must be a month 1–12');
const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** A JSON number with at most `places` decimals, positive. */
const decimalNumber = (places: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .refine((n) => Number.isFinite(n) && n > 0, 'must be more than 0')
    .refine((n) => n <= max, `must be at most ${max}`)
    .refine((n) => {
      const s = String(n);
      return !s.includes('e') && (s.split('.')[1]?.length ?? 0) <= places;
    }, `must have at most ${places} decimals`);

export const pph21MonthInput = z.strictObject({
  month,
  gross: rupiah,
  annualDeductions: rupiah.default(0),
});

export const pph21Input = z
  .strictObject({
    taxYear,
    ptkpStatus: z.enum(PTKP_STATUSES, { error: `${oneOf(PTKP_STATUSES)} (K/I/x is for the annual return only)` }),
    employeeType: z.enum(PPH21_EMPLOYEE_TYPES, { error: oneOf(PPH21_EMPLOYEE_TYPES) }).default('permanent'),
    lastTaxPeriod: month.default(12),
    annualise: bool('annualise').default(false),
    grossUp: bool('grossUp').default(false),
    months: z
      .array(pph21MonthInput, { error: 'must be a list of months' })
      .min(1, 'must list at least one month')
      .max(12, 'must list at most 12 months'),
    /** The employee has an NPWP or an NIK activated as NPWP (payroll-id.md §1.10). */
    taxIdValid: bool('taxIdValid').default(true),
    /** Company switch: apply the 120% rate when taxIdValid is false (UU PPh Pasal 21(5a); UNCONFIRMED since 2024). */
    noTaxIdSurcharge: bool('noTaxIdSurcharge').default(true),
    terRounding: z.enum(TER_ROUNDINGS, { error: oneOf(TER_ROUNDINGS) }).default('floor'),
    biayaJabatanCap: z.enum(BIAYA_JABATAN_CAPS, { error: oneOf(BIAYA_JABATAN_CAPS) }).default('aggregate'),
    /**
     * A previous employer's slip of the same year (1721-A1 lines 13 and 18; PMK 168/2023 example I.2.2.2b): its
     * net income is added to the net income of the last period and its withheld tax is credited.
     */
    previousEmployer: z
      .strictObject({ netIncome: rupiah, taxWithheld: rupiah }, { error: 'must be { netIncome, taxWithheld }' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.months.forEach((m, i) => {
      if (seen.has(m.month))
        ctx.addIssue({ code: 'custom', path: ['months', i, 'month'], message: `month ${m.month} is listed twice` });
      seen.add(m.month);
      if (m.month > v.lastTaxPeriod) {
        ctx.addIssue({
          code: 'custom',
          path: ['months', i, 'month'],
          message: `must not be after lastTaxPeriod (${v.lastTaxPeriod})`,
        });
      }
    });
  });
export type Pph21Input = z.input<typeof pph21Input>;
export type Pph21ParsedInput = z.output<typeof pph21Input>;

export const pph21DailyInput = z.strictObject({
  taxYear,
  dailyGross: z
    .array(rupiah, { error: 'must be a list of daily amounts' })
    .min(1, 'must list at least one day')
    .max(366, 'must list at most 366 days'),
  terRounding: z.enum(TER_ROUNDINGS, { error: oneOf(TER_ROUNDINGS) }).default('floor'),
});
export type Pph21DailyInput = z.input<typeof pph21DailyInput>;

/** Fields that describe the wage instead of giving `monthlyWage` (overtimeWageBase computes the monthly wage). */
const OVERTIME_WAGE_FIELDS = ['employmentType', 'fixedAllowances', 'nonFixedAllowances'] as const;

/**
 * `hr calc overtime` (and the payroll run and the pay preview): either the monthly wage itself, or the wage as the
 * payslip knows it (basic salary or daily rate, employment type, fixed and non-fixed allowances), from which
 * overtimeWageBase computes the monthly wage (PP 35/2021 Pasal 32–33).
 */
export const overtimeInput = z
  .strictObject({
    /** The monthly wage overtime is based on, whole rupiah; or give basicSalary instead. */
    monthlyWage: positiveRupiah.optional(),
    /** Monthly basic salary; for employmentType `daily` the daily rate (the contract's basic salary). */
    basicSalary: rupiah.optional(),
    employmentType: z.enum(EMPLOYMENT_TYPES, { error: oneOf(EMPLOYMENT_TYPES) }).optional(),
    /** Σ fixed allowances of the month, whole rupiah (not prorated). */
    fixedAllowances: rupiah.optional(),
    /** Σ non-fixed allowances of the month: only for the 75% rule (PP 35/2021 Pasal 32; payroll-id.md §3). */
    nonFixedAllowances: rupiah.optional(),
    /** Regional minimum wage: the monthly wage is never below it (payroll-id.md §3). */
    minimumWage: rupiah.optional(),
    workWeek: z.union([z.literal(5), z.literal(6)], { error: oneOf(WORK_WEEKS) }),
    dayType: z.enum(OVERTIME_DAY_TYPES, { error: oneOf(OVERTIME_DAY_TYPES) }),
    hours: decimalNumber(4, 24),
    hourlyWageRounding: z.enum(HOURLY_WAGE_ROUNDINGS, { error: oneOf(HOURLY_WAGE_ROUNDINGS) }).default('none'),
  })
  .superRefine((v, ctx) => {
    if (v.monthlyWage === undefined && v.basicSalary === undefined)
      ctx.addIssue({ code: 'custom', path: ['monthlyWage'], message: 'is required (or give basicSalary)' });
    if (v.monthlyWage !== undefined && v.basicSalary !== undefined)
      ctx.addIssue({ code: 'custom', path: ['basicSalary'], message: 'give either monthlyWage or basicSalary, not both' });
    if (v.monthlyWage !== undefined)
      for (const f of OVERTIME_WAGE_FIELDS)
        if (v[f] !== undefined) ctx.addIssue({ code: 'custom', path: [f], message: 'only with basicSalary' });
    const problem = overtimeDayProblem(v.workWeek, v.dayType, v.hours);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type OvertimeInput = z.input<typeof overtimeInput>;
export type OvertimeParsedInput = z.output<typeof overtimeInput>;

export const thrInput = z.strictObject({
  monthlyWage: rupiah,
  joinDate: isoDate,
  holidayDate: isoDate,
  monthCounting: z.enum(THR_MONTH_COUNTINGS, { error: oneOf(THR_MONTH_COUNTINGS) }).default('completed'),
});
export type ThrInput = z.input<typeof thrInput>;

export const bpjsInput = z.strictObject({
  salary: rupiah,
  payDate: isoDate.refine((d) => d >= '2023-03-01', 'must be 2023-03-01 or later (the earliest JP wage cap on record)'),
  /**
   * Any JKK rate from 0 to 10% (an official worked example uses 0.5%); a rate that is none of the PP 44/2015 groups
   * (JKK_RATES_PERCENT) nor their relief halves is computed as given with a warning (issue 18 §4).
   */
  jkkRatePercent: z
    .number({ error: 'must be a number from 0 to 10 (% of monthly wage)' })
    .min(0, 'must be from 0 to 10 (% of monthly wage)')
    .max(10, 'must be from 0 to 10 (% of monthly wage)')
    .refine((n) => {
      const t = String(n);
      return !t.includes('e') && (t.split('.')[1]?.length ?? 0) <= 4;
    }, 'must have at most 4 decimals'),
  extraFamilyMembers: z
    .number({ error: 'must be a whole number 0–20' })
    .int('must be a whole number 0–20')
    .min(0, 'must be a whole number 0–20')
    .max(20, 'must be a whole number 0–20')
    .default(0),
  /** Regional minimum wage: the BPJS Kesehatan base is never below it (Perpres 82/2018 Pasal 32). */
  minimumWage: rupiah.optional(),
  /** False once the worker has reached pension age: JP contributions stop (PP 45/2015). */
  jpApplies: bool('jpApplies').default(true),
});
export type BpjsInput = z.input<typeof bpjsInput>;
