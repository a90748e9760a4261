import { z } from 'zod';
import { rupiah } from '../../reference/index';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../../shared/zod';
import { optionalText } from '../../shared/zod-optional';
import { RUPIAH_ROUNDINGS } from '../money';
import { JKK_RATES_PERCENT, JKK_RELIEF_RATES_PERCENT, TER_ROUNDINGS } from '../schema';

/*
 * Salary data and payroll runs (issue 5 part 2; spec §7 salary/... families, §6 salary permissions).
 * Browser-safe: the web forms validate with these same schemas. Money is integer rupiah carried as
 * a string of digits; a period is a calendar month 'yyyy-mm'.
 */

export const COMPONENT_KINDS = ['fixed-allowance', 'non-fixed-allowance', 'deduction'] as const;
export const BONUS_CUT_KINDS = ['bonus', 'cut'] as const;
export const RUN_STATUSES = ['draft', 'finalised', 'cancelled'] as const;

/** A calendar month 'yyyy-mm' (2000–2099). */
export const payrollPeriod = z
  .string({ message: 'must be a month yyyy-mm' })
  .trim()
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'must be a month yyyy-mm');

const positiveRupiah = rupiah.refine((s) => /[1-9]/.test(s), 'must be more than 0');
const formula = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), text(2000).nullable().optional());

// ---------------------------------------------------------------------------------------------
// Settings (salary/setting)

/** JKK rates by risk class (PP 44/2015), and the 50% relief rates (PP 7/2025). */
export const JKK_SETTING_RATES = [...JKK_RATES_PERCENT, ...JKK_RELIEF_RATES_PERCENT] as const;

/** How the per-day rate of an absence / unpaid-leave cut is found (docs/payroll-runs.md, "Attendance, cuts and proration"). */
export const ABSENCE_CUT_BASES = ['workdays', 'fixed-divisor'] as const;
/** How a joiner's or leaver's month is prorated. */
export const PRORATION_BASES = ['workdays', 'calendar-days'] as const;
/** Who bears PPh 21: the employee (withheld from pay) or the employer (a tax allowance equal to the tax, gross-up). */
export const TAX_BORNE_BY = ['employee', 'employer'] as const;

export const updatePayrollSettingsInput = z.strictObject({
  /** The company's legal name (e.g. "PT Nusantara Demo Sejahtera"), printed on payslips; '' clears it. */
  companyName: z.preprocess(
    (v) => (v === null ? '' : v),
    z.string({ message: 'must be text' }).trim().max(150, 'must be at most 150 characters').optional(),
  ),
  cutOffDay: z.coerce.number().int().min(1, 'must be 1 to 31').max(31, 'must be 1 to 31').optional(),
  payDay: z.coerce.number().int().min(1, 'must be 1 to 31').max(31, 'must be 1 to 31').optional(),
  jkkRatePercent: z.enum(JKK_SETTING_RATES, { message: `must be one of ${JKK_SETTING_RATES.join(', ')}` }).optional(),
  terRounding: z.enum(TER_ROUNDINGS).optional(),
  componentRounding: z.enum(RUPIAH_ROUNDINGS).optional(),
  workWeek: z.union([z.literal(5), z.literal(6)], { message: 'must be 5 or 6' }).optional(),
  bpjsEnabled: z.boolean().optional(),
  /** Per-day rate of the absence / unpaid-leave cut: wage ÷ scheduled work days of the month, or ÷ absenceCutDivisor. */
  absenceCutBasis: z.enum(ABSENCE_CUT_BASES, { message: `must be one of ${ABSENCE_CUT_BASES.join(', ')}` }).optional(),
  /** The fixed divisor (e.g. 21, 25 or 30) when absenceCutBasis is 'fixed-divisor'. */
  absenceCutDivisor: z.coerce.number().int().min(1, 'must be 1 to 31').max(31, 'must be 1 to 31').optional(),
  /** The cut's wage includes the fixed allowances (else basic salary only). */
  absenceCutFixedAllowances: z.boolean().optional(),
  /** Proration of joiners and leavers: scheduled work days employed ÷ of the month, or calendar days. */
  prorationBasis: z.enum(PRORATION_BASES, { message: `must be one of ${PRORATION_BASES.join(', ')}` }).optional(),
  /** Company default of who bears PPh 21 ('employer': tax allowance by gross-up, payroll-id.md §1.11); employees may override. */
  taxBorneBy: z.enum(TAX_BORNE_BY, { message: `must be one of ${TAX_BORNE_BY.join(', ')}` }).optional(),
  /** The company's KLU is in a PPh 21 DTP sector (PMK 10/2025 for 2025, PMK 105/2025 for 2026; years from the legal table). */
  pph21DtpEligible: z.boolean().optional(),
  /** The eligible KLU code(s) or description (e.g. "15201 footwear"), shown in the DTP trace. */
  pph21DtpKlu: z.preprocess((v) => (v === '' ? null : v), text(200).nullable().optional()),
  /** The minimum-wage region of the legal table (e.g. kota-surabaya): the BPJS Kesehatan base is never below it. */
  minimumWageRegion: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a region of the legal table (e.g. kota-surabaya)')
      .max(60)
      .nullable()
      .optional(),
  ),
});

export interface PayrollSettings {
  cutOffDay: number;
  payDay: number;
  /** Percent as a decimal string ('0.24'). */
  jkkRatePercent: string;
  terRounding: (typeof TER_ROUNDINGS)[number];
  componentRounding: (typeof RUPIAH_ROUNDINGS)[number];
  workWeek: 5 | 6;
  bpjsEnabled: boolean;
  absenceCutBasis: (typeof ABSENCE_CUT_BASES)[number];
  absenceCutDivisor: number;
  absenceCutFixedAllowances: boolean;
  prorationBasis: (typeof PRORATION_BASES)[number];
  taxBorneBy: (typeof TAX_BORNE_BY)[number];
  /** PPh 21 DTP (PMK 10/2025, PMK 105/2025): the company's KLU is in an eligible sector. Default false. */
  pph21DtpEligible?: boolean;
  /** The KLU code(s) / text that make the company eligible, shown in the DTP trace. */
  pph21DtpKlu?: string | null;
  /** The legal table's minimum-wage region of the company (BPJS Kesehatan base floor); null: none. */
  minimumWageRegion?: string | null;
  /** The company's legal name printed on documents (the payslip PDF's "Company"); '' until set. */
  companyName?: string;
}

// ---------------------------------------------------------------------------------------------
// Components (salary/formula) and employee components (salary/employeeComponent)

export const createComponentInput = z.strictObject({
  name: requiredText(100),
  kind: z.enum(COMPONENT_KINDS),
  taxable: z.boolean().default(true),
  /** Optional formula in the payroll formula language (docs/payroll.md); refused on save with its position. */
  formula,
  /** Applies to every employee without an own entry (needs a formula). */
  everyone: z.boolean().default(false),
});
export const updateComponentInput = z.strictObject({
  id,
  name: requiredText(100).optional(),
  kind: z.enum(COMPONENT_KINDS).optional(),
  taxable: z.boolean().optional(),
  formula,
  everyone: z.boolean().optional(),
});
export const salaryIdInput = z.object({ id });

export interface ComponentRow {
  id: number;
  name: string;
  kind: (typeof COMPONENT_KINDS)[number];
  taxable: boolean;
  formula: string | null;
  everyone: boolean;
}

export const validateFormulaInput = z.strictObject({ formula: text(2000) });

const monthRange = {
  startMonth: payrollPeriod,
  endMonth: z.preprocess((v) => (v === '' ? null : v), payrollPeriod.nullable().optional()),
};
const checkMonths = (v: { startMonth?: string | undefined; endMonth?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.startMonth && v.endMonth && v.endMonth < v.startMonth)
    ctx.addIssue({ code: 'custom', path: ['endMonth'], message: 'must not be before startMonth' });
};
export const createEmployeeComponentInput = z
  .strictObject({
    employeeId: id,
    componentId: id,
    /** Fixed amount for this employee; leave out to use the formula (own or the component's). */
    amount: rupiah.nullable().optional(),
    formula,
    ...monthRange,
  })
  .superRefine(checkMonths);
export const updateEmployeeComponentInput = z
  .strictObject({
    id,
    amount: rupiah.nullable().optional(),
    formula,
    startMonth: payrollPeriod.optional(),
    endMonth: monthRange.endMonth,
  })
  .superRefine(checkMonths);
export const listEmployeeComponentsInput = pageInput.extend({ employeeId: id.optional(), componentId: id.optional() });

export interface EmployeeComponentRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  componentId: number;
  component: string;
  kind: (typeof COMPONENT_KINDS)[number];
  amount: string | null;
  formula: string | null;
  startMonth: string;
  endMonth: string | null;
}

// ---------------------------------------------------------------------------------------------
// Bonus/cuts (salary/bonusCut)

/**
 * Either a catalogue type (`typeId`: name, kind and taxable come from it, the amount defaults to its default
 * amount) or a free-text one-off (kind, name and amount required, taxable defaults to true as before).
 */
export const createBonusCutInput = z
  .strictObject({
    employeeId: id,
    period: payrollPeriod,
    typeId: id.optional(),
    kind: z.enum(BONUS_CUT_KINDS).optional(),
    name: requiredText(100).optional(),
    amount: positiveRupiah.optional(),
    taxable: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.typeId === undefined) {
      if (v.kind === undefined) issue('kind', 'is required (or pick a bonus/cut type)');
      if (v.name === undefined) issue('name', 'is required (or pick a bonus/cut type)');
      if (v.amount === undefined) issue('amount', 'is required (or pick a bonus/cut type)');
      return;
    }
    for (const key of ['kind', 'name', 'taxable'] as const)
      if (v[key] !== undefined) issue(key, 'comes from the bonus/cut type; leave it out or enter a one-off');
  });
/** `typeId` re-applies a type's name, kind and taxable flag; null makes the entry a one-off. */
export const updateBonusCutInput = z.strictObject({
  id,
  period: payrollPeriod.optional(),
  typeId: id.nullable().optional(),
  kind: z.enum(BONUS_CUT_KINDS).optional(),
  name: requiredText(100).optional(),
  amount: positiveRupiah.optional(),
  taxable: z.boolean().optional(),
});
export const listBonusCutsInput = pageInput.extend({ employeeId: id.optional(), period: payrollPeriod.optional() });

export interface BonusCutRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  period: string;
  kind: (typeof BONUS_CUT_KINDS)[number];
  name: string;
  amount: string;
  taxable: boolean;
  /** The catalogue type it was entered from; null for a free-text one-off. */
  typeId: number | null;
}

// ---------------------------------------------------------------------------------------------
// Bonus/cut catalogue (salary/bonusCut/type; lookup component/bonusCut), issue 20 item 2

/** A cut is never taxable income: `taxable` is for bonuses only. */
const cutUntaxed = (v: { kind?: string; taxable?: boolean }, ctx: z.RefinementCtx) => {
  if (v.kind === 'cut' && v.taxable)
    ctx.addIssue({ code: 'custom', path: ['taxable'], message: 'a cut is never taxable income' });
};
const defaultAmount = z.preprocess((v) => (v === '' ? null : v), positiveRupiah.nullable().optional());
export const createBonusCutTypeInput = z
  .strictObject({
    name: requiredText(100),
    kind: z.enum(BONUS_CUT_KINDS, { message: 'must be bonus or cut' }),
    taxable: z.boolean().default(false),
    defaultAmount,
    active: z.boolean().default(true),
  })
  .superRefine(cutUntaxed);
export const updateBonusCutTypeInput = z.strictObject({
  id,
  name: requiredText(100).optional(),
  kind: z.enum(BONUS_CUT_KINDS, { message: 'must be bonus or cut' }).optional(),
  taxable: z.boolean().optional(),
  defaultAmount,
  active: z.boolean().optional(),
});
export const listBonusCutTypesInput = z.object({ kind: z.enum(BONUS_CUT_KINDS).optional() }).optional();
/** The lookup: active types; with employeeId, `selected` 1 marks those the employee has in an open period. */
export const bonusCutLookupInput = z.object({ employeeId: optionalId, period: payrollPeriod.optional() }).optional();

export interface BonusCutTypeRow {
  id: number;
  name: string;
  kind: (typeof BONUS_CUT_KINDS)[number];
  taxable: boolean;
  /** Integer rupiah as digits; null = no default. */
  defaultAmount: string | null;
  active: boolean;
}
export interface BonusCutLookupRow {
  id: number;
  name: string;
  kind: (typeof BONUS_CUT_KINDS)[number];
  taxable: boolean;
  defaultAmount: string | null;
  /** spec §7 bonusCuts: a 0/1 flag; 1 = the employee has one of this type in a period not yet finalised. */
  selected: 0 | 1;
}

// ---------------------------------------------------------------------------------------------
// Salary queue (salary/queue)

export const createQueueInput = z.strictObject({
  employeeId: id,
  effectiveDate: isoDate,
  basicSalary: positiveRupiah,
  note: optionalText(500),
});
export const updateQueueInput = z.strictObject({
  id,
  effectiveDate: isoDate.optional(),
  basicSalary: positiveRupiah.optional(),
  note: optionalText(500),
});
export const listQueueInput = pageInput.extend({ employeeId: id.optional(), status: z.enum(['pending', 'applied']).optional() });

export interface QueueRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  effectiveDate: string;
  basicSalary: string;
  note: string | null;
  status: 'pending' | 'applied';
  appliedRunId: number | null;
}

// ---------------------------------------------------------------------------------------------
// Runs (salary/report) and payslips

export const generateRunInput = z.strictObject({
  period: payrollPeriod,
  companyOfficeId: id.optional(),
  /**
   * Generating a month that has not started yet is refused unless this is true (issue 19 item 17): the answer
   * (GL0001 on this field) is the warning the screen shows before asking to confirm.
   */
  confirmFuturePeriod: z.boolean().optional(),
});
/** HR reopens a finalised run (issue 19 item 17): why, for the audit log. */
export const reopenRunInput = z.strictObject({ id, reason: z.string().trim().min(1, 'is required').max(500) });
export const listRunsInput = pageInput.extend({
  period: payrollPeriod.optional(),
  status: z.enum(RUN_STATUSES).optional(),
  /** Runs of this office (the whole-company runs cover it too). */
  companyOfficeId: id.optional(),
});
/** `search` narrows the payslip page by employee number or name; the run's totals stay the whole run's. */
export const runDetailInput = pageInput.extend({ id, search: text(100).optional() });
export const payslipInput = z.object({ id });

export interface RunRow {
  id: number;
  period: string;
  companyOfficeId: number | null;
  companyOffice: string | null;
  status: (typeof RUN_STATUSES)[number];
  /** Totals over the payslips the caller may see. */
  employees: number;
  gross: string;
  tax: string;
  net: string;
  createdAt: Date;
  finalisedAt: Date | null;
}

export interface PayslipSummary {
  id: number;
  runId: number;
  period: string;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  ptkpStatus: string;
  basicSalary: string;
  gross: string;
  taxableGross: string;
  totalDeductions: string;
  pph21: string;
  net: string;
  employerCost: string;
}
export interface PayslipLineRow {
  position: number;
  code: string;
  name: string;
  kind: 'earning' | 'deduction' | 'employer';
  amount: string;
  trace: unknown;
}
export interface PayslipDetail extends PayslipSummary {
  status: (typeof RUN_STATUSES)[number];
  lines: PayslipLineRow[];
}

/** An employee a run skipped (or would skip), named by number and name so the list reads without a lookup. */
export interface SkippedEmployee {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  reason: string;
}

export interface GenerateResult {
  runId: number;
  period: string;
  companyOfficeId: number | null;
  employees: number;
  gross: string;
  tax: string;
  net: string;
  skipped: SkippedEmployee[];
  /** Draft run this one replaced, if any. */
  replacedRunId: number | null;
}

export interface DryRunRow {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  gross: string;
  pph21: string;
  net: string;
  previousNet: string | null;
  /** net − previous finalised net (null when there is none). */
  difference: string | null;
}
export interface DryRunResult {
  period: string;
  previousPeriod: string;
  employees: number;
  gross: string;
  tax: string;
  net: string;
  skipped: SkippedEmployee[];
  rows: DryRunRow[];
}

// ---------------------------------------------------------------------------------------------
// Employee salary (salary/employee)

export const listSalaryEmployeesInput = pageInput.extend({ search: text(100).optional(), companyOfficeId: id.optional() });
export const salaryEmployeeInput = z.object({ id });

export interface SalaryEmployeeRow {
  id: number;
  employeeNumber: string;
  name: string;
  companyOfficeId: number;
  /** Basic salary in force this month (queue or contract), or null. */
  basicSalary: string | null;
  /** Net of the latest finalised payslip. */
  lastNet: string | null;
  lastPeriod: string | null;
}

export const personalSalaryInput = pageInput.extend({ year: z.coerce.number().int().min(2000).max(2099).optional() });

// ---------------------------------------------------------------------------------------------
// Piece / unit work (salary/piece)

/** Units of piece work: a positive number with at most 2 decimals (e.g. 120, 12.5). */
const pieceUnits = z
  .union([z.string(), z.number()], { message: 'must be a number of units' })
  .transform((v) => String(v).trim())
  .refine((s) => /^\d{1,10}(\.\d{1,2})?$/.test(s) && /[1-9]/.test(s), 'must be more than 0 with at most 2 decimals');

export const createPieceEntryInput = z.strictObject({
  employeeId: id,
  period: payrollPeriod,
  description: requiredText(200),
  units: pieceUnits,
  /** Rupiah per unit. */
  rate: positiveRupiah,
});
export const listPieceEntriesInput = pageInput.extend({ employeeId: id.optional(), period: payrollPeriod.optional() });
export interface PieceEntryRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  period: string;
  description: string;
  units: string;
  rate: string;
  /** round half up(units × rate). */
  amount: string;
}
