import { z } from 'zod';
import { id, pageInput, text } from '../../shared/zod';

/*
 * Income tax per employee (monthly PPh 21 withheld, the annual reconciliation, the 1721-A1-style summary)
 * and the bonus report, read from FINALISED payslips (issue 5; docs/income-tax.md). Browser-safe.
 * Money is integer rupiah carried as a string of digits (negative allowed for refunds and over-withholding).
 */

/** A tax year (calendar year, PMK 168/2023 Pasal 15). */
export const taxYear = z.coerce
  .number({ message: 'must be a year' })
  .int('must be a year')
  .min(2000, 'must be 2000 to 2099')
  .max(2099, 'must be 2000 to 2099');

const month = z.coerce
  .number({ message: 'must be 1 to 12' })
  .int('must be 1 to 12')
  .min(1, 'must be 1 to 12')
  .max(12, 'must be 1 to 12');
const optionalMonth = z.preprocess((v) => (v === '' || v === null ? undefined : v), month.optional());
const optionalOffice = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
const optionalYear = z.preprocess((v) => (v === '' || v === null ? undefined : v), taxYear.optional());

export const incomeTaxFilter = z.object({
  year: taxYear,
  /** Only employees with a finalised payslip in this month; the row then also carries that month's figures. */
  month: optionalMonth,
  search: text(100).optional(),
  companyOfficeId: optionalOffice,
});
export const incomeTaxListInput = pageInput.extend(incomeTaxFilter.shape);
export const incomeTaxDownloadInput = incomeTaxFilter;
/** `id` is the employee id; `year` the tax year. */
export const incomeTaxDetailInput = z.object({ id, year: taxYear });
export const incomeTaxSummaryInput = z.object({ employeeId: id, year: taxYear });

/**
 * How the annual tax due was obtained:
 * - `final`: the year has its December payslip (the last tax period, PMK 168/2023 Pasal 15(1)b);
 * - `left`: no December payslip, but the employee resigned or the year is over: the last finalised month is
 *   the last tax period (actual months, not annualised; payroll-id.md §1.7 step 4);
 * - `projection`: the year is still running: Article 17 on the annualised year-to-date net, times n/12
 *   (PMK 168/2023 Pasal 15(3) method, used only as an estimate). Not a final figure.
 */
export const INCOME_TAX_BASES = ['final', 'left', 'projection'] as const;
export type IncomeTaxBasis = (typeof INCOME_TAX_BASES)[number];

export interface IncomeTaxSummary {
  employeeId: number;
  year: number;
  basis: IncomeTaxBasis;
  ptkpStatus: string;
  firstMonth: number;
  lastMonth: number;
  /** Σ taxable gross of the finalised payslips of the year (1721-A1 line 8). */
  taxableGross: string;
  /** Σ PPh 21 on the finalised payslips (a December refund counts negative; 1721-A1 line 20). */
  totalWithheld: string;
  /** Tax due for the months so far (1721-A1 line 19). */
  annualTaxDue: string;
  /** annualTaxDue − totalWithheld: positive = still owed (under-withheld), negative = over-withheld (refund). */
  debt: string;
}

export interface IncomeTaxRow extends IncomeTaxSummary {
  employeeNumber: string;
  name: string;
  companyOffice: string | null;
  /** PPh 21 withheld per month January…December; null where the month has no finalised payslip. */
  months: (string | null)[];
  /** With a month filter: that month's taxable gross and PPh 21. */
  monthTaxableGross: string | null;
  monthPph21: string | null;
}

export interface IncomeTaxMonth {
  month: number;
  period: string;
  payslipId: number;
  runId: number;
  ptkpStatus: string;
  taxableGross: string;
  /** Employee JHT + JP (deductible at the last tax period). */
  annualDeductions: string;
  pph21: string;
}

export interface A1Line {
  /** Line number of form 1721-A1 (docs/income-tax.md). */
  no: number;
  label: string;
  amount: string;
}

export interface IncomeTaxDetail extends IncomeTaxSummary {
  employeeNumber: string;
  name: string;
  companyOffice: string | null;
  taxId: string | null;
  nationalId: string | null;
  months: IncomeTaxMonth[];
  /** Lines 1–20 of the 1721-A1-style summary. */
  a1: A1Line[];
}

// ---------------------------------------------------------------------------------------------
// Report bonus (salary/reportBonus)

/**
 * A payroll period as the report's id: the number yyyymm (202611 = 2026-11), so it fits `{id}` in the
 * REST path like every other detail.
 */
export const bonusPeriodId = z.coerce
  .number({ message: 'must be a period yyyymm' })
  .int('must be a period yyyymm')
  .min(200001, 'must be a period yyyymm')
  .max(209912, 'must be a period yyyymm')
  .refine((n) => n % 100 >= 1 && n % 100 <= 12, 'must be a period yyyymm');

export const reportBonusListInput = pageInput.extend({ year: optionalYear });
export const reportBonusDetailInput = pageInput.extend({ id: bonusPeriodId, search: text(100).optional() });
export const reportBonusDownloadInput = z.object({
  year: optionalYear,
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), bonusPeriodId.optional()),
});

export interface ReportBonusPeriodRow {
  /** yyyymm */
  id: number;
  period: string;
  employees: number;
  lines: number;
  total: string;
  taxableTotal: string;
}

export interface ReportBonusLineRow {
  payslipId: number;
  /** The line's position on its payslip (1-based). */
  position: number;
  runId: number;
  period: string;
  employeeId: number;
  employeeNumber: string;
  name: string;
  bonusName: string;
  /** `bonus` (salary/bonusCut) or `thr` (a THR line on the payslip). */
  kind: 'bonus' | 'thr';
  amount: string;
  taxable: boolean;
}

/** 'yyyy-mm' ↔ yyyymm. */
export const periodOfBonusId = (n: number): string => `${Math.floor(n / 100)}-${String(n % 100).padStart(2, '0')}`;
export const bonusIdOfPeriod = (p: string): number => Number(p.replace('-', ''));

// ---------------------------------------------------------------------------------------------
// A previous employer's slip of the same year (1721-A1 lines 13 and 18) and who bears PPh 21

const digits = z
  .union([z.string(), z.number()], { message: 'must be a whole number of rupiah' })
  .transform((v) => String(v).trim())
  .refine((s) => /^\d{1,15}$/.test(s), 'must be a whole number of rupiah');

/** salary/incomeTax/{id}/previousIncome: `id` is the employee id. */
export const previousIncomeListInput = z.object({ id });
export const savePreviousIncomeInput = z.strictObject({
  id,
  year: taxYear,
  employerName: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  employerTaxId: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(30, 'must be at most 30 characters').nullable().optional(),
  ),
  /** 1721-A1 line 13: the previous employer's net income (its slip's line 12). */
  netIncome: digits,
  /** 1721-A1 line 18: PPh 21 the previous employer withheld (its slip's line 20). */
  taxWithheld: digits,
});
export const deletePreviousIncomeInput = z.strictObject({ id, year: taxYear });
export interface PreviousIncomeRow {
  employeeId: number;
  year: number;
  employerName: string;
  employerTaxId: string | null;
  netIncome: string;
  taxWithheld: string;
  updatedAt: Date;
}

export const TAX_BORNE_BY_OPTIONS = ['employee', 'employer'] as const;
/** salary/employee/{id}/taxBorneBy: null = follow the company setting. */
export const setTaxBorneByInput = z.strictObject({
  id,
  taxBorneBy: z.enum(TAX_BORNE_BY_OPTIONS, { message: 'must be employee, employer or null' }).nullable(),
});
