/*
 * Output schemas of the payroll/income-tax procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { pageOutput } from '../../shared/outputs';

/** One employee's year-end tax figures: the list row, the detail and the payslip summary all carry them. */
const incomeTaxSummaryShape = z.object({
  employeeId: z.number(),
  year: z.number(),
  basis: z.enum(['final', 'left', 'projection']),
  ptkpStatus: z.string(),
  firstMonth: z.number(),
  lastMonth: z.number(),
  taxableGross: z.string(),
  totalWithheld: z.string(),
  annualTaxDue: z.string(),
  debt: z.string(),
});
/** Who a row is about. */
const incomeTaxEmployeeFields = {
  employeeNumber: z.string(),
  name: z.string(),
  companyOffice: z.string().nullable(),
};
const incomeTaxRowShape = z.object({
  ...incomeTaxEmployeeFields,
  months: z.array(z.string().nullable()),
  monthTaxableGross: z.string().nullable(),
  monthPph21: z.string().nullable(),
  ...incomeTaxSummaryShape.shape,
});
const incomeTaxMonthShape = z.object({
  month: z.number(),
  period: z.string(),
  payslipId: z.number(),
  runId: z.number(),
  ptkpStatus: z.string(),
  taxableGross: z.string(),
  annualDeductions: z.string(),
  pph21: z.string(),
});
const a1LineShape = z.object({ no: z.number(), label: z.string(), amount: z.string() });
const incomeTaxDetailShape = z.object({
  ...incomeTaxEmployeeFields,
  taxId: z.string().nullable(),
  nationalId: z.string().nullable(),
  months: z.array(incomeTaxMonthShape),
  a1: z.array(a1LineShape),
  ...incomeTaxSummaryShape.shape,
});
const previousIncomeRowShape = z.object({
  employeeId: z.number(),
  year: z.number(),
  employerName: z.string(),
  employerTaxId: z.string().nullable(),
  netIncome: z.string(),
  taxWithheld: z.string(),
  updatedAt: z.date(),
});
const reportBonusPeriodRowShape = z.object({
  id: z.number(),
  period: z.string(),
  employees: z.number(),
  lines: z.number(),
  total: z.string(),
  taxableTotal: z.string(),
});
const reportBonusLineRowShape = z.object({
  payslipId: z.number(),
  position: z.number(),
  runId: z.number(),
  period: z.string(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  bonusName: z.string(),
  kind: z.enum(['bonus', 'thr']),
  amount: z.string(),
  taxable: z.boolean(),
});

export const listIncomeTaxOutput = pageOutput(incomeTaxRowShape);
export const getIncomeTaxOutput = incomeTaxDetailShape;
export const incomeTaxSummaryOutput = incomeTaxSummaryShape.nullable();
export const listPreviousIncomeOutput = z.array(previousIncomeRowShape);
export const savePreviousIncomeOutput = previousIncomeRowShape;
export const deletePreviousIncomeOutput = z.object({ id: z.number(), year: z.number() });
export const setTaxBorneByOutput = z.object({ id: z.number(), taxBorneBy: z.enum(['employee', 'employer']).nullable() });
export const listReportBonusOutput = pageOutput(reportBonusPeriodRowShape);
export const getReportBonusOutput = z.object({
  id: z.number(),
  period: z.string(),
  total: z.string(),
  lines: pageOutput(reportBonusLineRowShape),
});
