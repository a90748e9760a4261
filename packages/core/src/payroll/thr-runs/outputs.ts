/*
 * Output schemas of the payroll/thr-runs procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { pageOutput } from '../../shared/outputs';

const thrHolidayOutput = z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]);
/** The counts and money totals of a THR run, its dry run and its generation result. */
const thrTotalsFields = {
  employees: z.number(),
  notEligible: z.number(),
  total: z.string(),
  pph21Estimate: z.string(),
};
const thrRunRowShape = z.object({
  id: z.number(),
  holiday: thrHolidayOutput,
  holidayName: z.string(),
  year: z.number(),
  holidayDate: z.string(),
  payDate: z.string(),
  companyOfficeId: z.number().nullable(),
  companyOffice: z.string().nullable(),
  status: z.enum(['cancelled', 'draft', 'finalised']),
  ...thrTotalsFields,
  createdAt: z.date(),
  finalisedAt: z.date().nullable(),
});
const thrGenerateResultShape = z.object({
  runId: z.number(),
  holiday: thrHolidayOutput,
  year: z.number(),
  companyOfficeId: z.number().nullable(),
  ...thrTotalsFields,
  replacedRunId: z.number().nullable(),
});
const thrLineShape = z.object({
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  religion: z.string(),
  joinDate: z.string(),
  eligible: z.boolean(),
  reason: z.string().nullable(),
  monthsOfService: z.string(),
  monthlyWage: z.string().nullable(),
  amount: z.string(),
  pph21Estimate: z.string().nullable(),
  trace: z.unknown(),
});
const thrDryRunResultShape = z.object({
  holiday: thrHolidayOutput,
  year: z.number(),
  ...thrTotalsFields,
  lines: z.array(thrLineShape),
});
const thrLineRowShape = z.object({
  id: z.number(),
  ...thrLineShape.shape,
});
const thrRunDetailShape = z.object({
  monthCounting: z.string(),
  payOtherReligions: z.boolean(),
  lines: pageOutput(thrLineRowShape),
  ...thrRunRowShape.shape,
});

export const listThrRunsOutput = pageOutput(thrRunRowShape);
export const generateThrOutput = thrGenerateResultShape;
export const dryRunThrOutput = thrDryRunResultShape;
export const getThrRunOutput = thrRunDetailShape;
export const finaliseThrOutput = thrRunRowShape;
export const cancelThrOutput = thrRunRowShape;

/** `salary.holidayAllowance.dates`: the holiday date and default pay date from the holiday calendar. */
export const thrDatesOutput = z.object({ holidayDate: z.string().nullable(), payDate: z.string().nullable() });
