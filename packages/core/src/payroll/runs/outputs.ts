/*
 * Output schemas of the payroll/runs procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { employeeRefShape, idOutput, pageOutput } from '../../shared/outputs';

/** The money totals of a run, its dry run and its generation result. */
const runTotalsFields = {
  employees: z.number(),
  gross: z.string(),
  tax: z.string(),
  net: z.string(),
};
const skippedOutput = z.array(
  z.object({ employeeId: z.number(), employeeNumber: z.string(), employeeName: z.string(), reason: z.string() }),
);
const runStatusOutput = z.enum(['cancelled', 'draft', 'finalised']);
const pieceEntryRowShape = z.object({
  id: z.number(),
  ...employeeRefShape,
  period: z.string(),
  description: z.string(),
  units: z.string(),
  rate: z.string(),
  amount: z.string(),
});
const payrollSettingsShape = z.object({
  cutOffDay: z.number(),
  payDay: z.number(),
  jkkRatePercent: z.string(),
  terRounding: z.enum(['floor', 'half-up']),
  componentRounding: z.enum(['floor', 'half-up', 'ceil']),
  workWeek: z.union([z.literal(5), z.literal(6)]),
  bpjsEnabled: z.boolean(),
  absenceCutBasis: z.enum(['workdays', 'fixed-divisor']),
  absenceCutDivisor: z.number(),
  absenceCutFixedAllowances: z.boolean(),
  prorationBasis: z.enum(['workdays', 'calendar-days']),
  taxBorneBy: z.enum(['employee', 'employer']),
  pph21DtpEligible: z.boolean().optional(),
  pph21DtpKlu: z.string().nullable().optional(),
  minimumWageRegion: z.string().nullable().optional(),
  companyName: z.string().optional(),
});
const componentRowShape = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['fixed-allowance', 'non-fixed-allowance', 'deduction']),
  taxable: z.boolean(),
  formula: z.string().nullable(),
  everyone: z.boolean(),
});
const formulaIssueShape = z.object({ message: z.string(), position: z.number() });
const employeeComponentRowShape = z.object({
  id: z.number(),
  ...employeeRefShape,
  componentId: z.number(),
  component: z.string(),
  kind: z.enum(['fixed-allowance', 'non-fixed-allowance', 'deduction']),
  amount: z.string().nullable(),
  formula: z.string().nullable(),
  startMonth: z.string(),
  endMonth: z.string().nullable(),
});
const bonusCutRowShape = z.object({
  id: z.number(),
  ...employeeRefShape,
  period: z.string(),
  kind: z.enum(['bonus', 'cut']),
  name: z.string(),
  amount: z.string(),
  taxable: z.boolean(),
  typeId: z.number().nullable(),
});
const queueRowShape = z.object({
  id: z.number(),
  ...employeeRefShape,
  effectiveDate: z.string(),
  basicSalary: z.string(),
  note: z.string().nullable(),
  status: z.enum(['pending', 'applied']),
  appliedRunId: z.number().nullable(),
});
const runRowShape = z.object({
  id: z.number(),
  period: z.string(),
  companyOfficeId: z.number().nullable(),
  companyOffice: z.string().nullable(),
  status: runStatusOutput,
  ...runTotalsFields,
  createdAt: z.date(),
  finalisedAt: z.date().nullable(),
});
const generateResultShape = z.object({
  runId: z.number(),
  period: z.string(),
  companyOfficeId: z.number().nullable(),
  ...runTotalsFields,
  skipped: skippedOutput,
  replacedRunId: z.number().nullable(),
});
const dryRunRowShape = z.object({
  ...employeeRefShape,
  gross: z.string(),
  pph21: z.string(),
  net: z.string(),
  previousNet: z.string().nullable(),
  difference: z.string().nullable(),
});
const dryRunResultShape = z.object({
  period: z.string(),
  previousPeriod: z.string(),
  ...runTotalsFields,
  skipped: skippedOutput,
  rows: z.array(dryRunRowShape),
});
const payslipSummaryShape = z.object({
  id: z.number(),
  runId: z.number(),
  period: z.string(),
  ...employeeRefShape,
  ptkpStatus: z.string(),
  basicSalary: z.string(),
  gross: z.string(),
  taxableGross: z.string(),
  totalDeductions: z.string(),
  pph21: z.string(),
  net: z.string(),
  employerCost: z.string(),
});
const payslipLineRowShape = z.object({
  position: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['employer', 'deduction', 'earning']),
  amount: z.string(),
  trace: z.unknown(),
});
const payslipDetailShape = z.object({
  status: runStatusOutput,
  lines: z.array(payslipLineRowShape),
  ...payslipSummaryShape.shape,
});
/** The employee a salary row or detail is about. */
const salaryEmployeeFields = {
  id: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
};
const salaryEmployeeRowShape = z.object({
  ...salaryEmployeeFields,
  companyOfficeId: z.number(),
  basicSalary: z.string().nullable(),
  lastNet: z.string().nullable(),
  lastPeriod: z.string().nullable(),
});
const salaryEmployeeDetailShape = z.object({
  ...salaryEmployeeFields,
  basicSalary: z.string().nullable(),
  basicSalarySource: z.string().nullable(),
  totalSalary: z.string().nullable(),
  components: z.array(employeeComponentRowShape),
  bonusCuts: z.array(bonusCutRowShape),
  queue: z.array(queueRowShape),
  history: z.array(
    z.object({ contractNumber: z.string(), startDate: z.string(), endDate: z.string().nullable(), basicSalary: z.string() }),
  ),
  payslips: z.array(z.object({ ...payslipSummaryShape.shape, status: z.string() })),
  taxBorneBy: z.enum(['employee', 'employer']).nullable(),
  previousIncome: z.array(
    z.object({
      year: z.number(),
      employerName: z.string(),
      employerTaxId: z.string().nullable(),
      netIncome: z.string(),
      taxWithheld: z.string(),
    }),
  ),
});

export const listPieceEntriesOutput = pageOutput(pieceEntryRowShape);
export const createPieceEntryOutput = pieceEntryRowShape;
export const deletePieceEntryOutput = idOutput;
export const getPayrollSettingsOutput = payrollSettingsShape;
export const updatePayrollSettingsOutput = payrollSettingsShape;
export const listSalaryComponentsOutput = z.array(componentRowShape);
export const checkSalaryFormulaOutput = z.object({
  valid: z.boolean(),
  issues: z.array(formulaIssueShape),
  variables: z.array(
    z.enum([
      'lateMinutes',
      'jobLevel',
      'basic',
      'fixedAllowances',
      'attendanceDays',
      'workDays',
      'absentDays',
      'overtimeHours',
      'tenureMonths',
      'dependants',
    ]),
  ),
});
export const createSalaryComponentOutput = componentRowShape;
export const updateSalaryComponentOutput = componentRowShape;
export const deleteSalaryComponentOutput = idOutput;
export const listEmployeeComponentsOutput = pageOutput(employeeComponentRowShape);
export const createEmployeeComponentOutput = employeeComponentRowShape;
export const updateEmployeeComponentOutput = employeeComponentRowShape;
export const deleteEmployeeComponentOutput = idOutput;
export const listBonusCutsOutput = pageOutput(bonusCutRowShape);
export const createBonusCutOutput = bonusCutRowShape;
export const updateBonusCutOutput = bonusCutRowShape;
export const deleteBonusCutOutput = idOutput;
const bonusCutTypeFields = {
  id: z.number(),
  name: z.string(),
  kind: z.enum(['bonus', 'cut']),
  taxable: z.boolean(),
  defaultAmount: z.string().nullable(),
};
const bonusCutTypeRowShape = z.object({ ...bonusCutTypeFields, active: z.boolean() });
export const listBonusCutTypesOutput = z.array(bonusCutTypeRowShape);
export const createBonusCutTypeOutput = bonusCutTypeRowShape;
export const updateBonusCutTypeOutput = bonusCutTypeRowShape;
export const deleteBonusCutTypeOutput = idOutput;
export const bonusCutLookupOutput = z.array(z.object({ ...bonusCutTypeFields, selected: z.union([z.literal(0), z.literal(1)]) }));
export const listSalaryQueueOutput = pageOutput(queueRowShape);
export const createSalaryQueueOutput = queueRowShape;
export const updateSalaryQueueOutput = queueRowShape;
export const deleteSalaryQueueOutput = idOutput;
export const listPayrollRunsOutput = pageOutput(runRowShape);
export const generatePayrollOutput = generateResultShape;
export const dryRunPayrollOutput = dryRunResultShape;
export const getPayrollRunOutput = z.object({
  ...runRowShape.shape,
  skipped: skippedOutput,
  payslips: pageOutput(payslipSummaryShape),
});
export const getPayslipOutput = payslipDetailShape;
export const finalisePayrollOutput = runRowShape;
export const cancelPayrollOutput = runRowShape;
export const listSalaryEmployeesOutput = pageOutput(salaryEmployeeRowShape);
export const getSalaryEmployeeOutput = salaryEmployeeDetailShape;
export const myPayslipsOutput = pageOutput(payslipDetailShape);
