/*
 * Output schemas of the payroll/thr-runs procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { pageOutput } from '../../shared/outputs';

const thrRunRowShape = z.object({
  id: z.number(),
  holiday: z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]),
  holidayName: z.string(),
  year: z.number(),
  holidayDate: z.string(),
  payDate: z.string(),
  companyOfficeId: z.number().nullable(),
  companyOffice: z.string().nullable(),
  status: z.enum(['cancelled', 'draft', 'finalised']),
  employees: z.number(),
  notEligible: z.number(),
  total: z.string(),
  pph21Estimate: z.string(),
  createdAt: z.date(),
  finalisedAt: z.date().nullable(),
});
const thrGenerateResultShape = z.object({
  runId: z.number(),
  holiday: z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]),
  year: z.number(),
  companyOfficeId: z.number().nullable(),
  employees: z.number(),
  notEligible: z.number(),
  total: z.string(),
  pph21Estimate: z.string(),
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
  holiday: z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]),
  year: z.number(),
  employees: z.number(),
  notEligible: z.number(),
  total: z.string(),
  pph21Estimate: z.string(),
  lines: z.array(thrLineShape),
});
const thrLineRowShape = z.object({
  id: z.number(),
  ...thrLineShape.shape,
});
const thrRunDetailShape = z.object({
  monthCounting: z.string(),
  payOtherReligions: z.boolean(),
  lines: z.object({ rows: z.array(thrLineRowShape), total: z.number(), page: z.number(), pageSize: z.number() }),
  ...thrRunRowShape.shape,
});

export const listThrRunsOutput = pageOutput(thrRunRowShape);
export const generateThrOutput = thrGenerateResultShape;
export const dryRunThrOutput = thrDryRunResultShape;
export const getThrRunOutput = thrRunDetailShape;
export const finaliseThrOutput = thrRunRowShape;
export const cancelThrOutput = thrRunRowShape;
