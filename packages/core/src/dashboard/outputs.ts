/*
 * Output schemas of the dashboard procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { employeeInDepartmentShape } from '../shared/outputs';

const birthdayRowShape = z.object({
  ...employeeInDepartmentShape,
  date: z.string(),
  inDays: z.number(),
  turns: z.number().nullable(),
});
const expiringContractRowShape = z.object({
  ...employeeInDepartmentShape,
  contractId: z.number(),
  contractNumber: z.string(),
  contractType: z.number(),
  endDate: z.string(),
  inDays: z.number(),
});
const liveTimesheetShape = z.object({
  date: z.string(),
  scheduled: z.number(),
  clockedIn: z.number(),
  late: z.number(),
  notYetIn: z.number(),
  onLeave: z.number(),
  latest: z.array(
    z.object({
      employeeId: z.number(),
      employeeName: z.string(),
      department: z.string().nullable(),
      firstIn: z.string(),
      late: z.boolean(),
    }),
  ),
});
const todayShiftShape = z.object({
  date: z.string(),
  shift: z.string().nullable(),
  holiday: z.string().nullable(),
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  status: z.number().nullable(),
});

export const upcomingBirthdaysOutput = z.array(birthdayRowShape);
export const expiringContractsOutput = z.array(expiringContractRowShape);
export const liveTimesheetOutput = liveTimesheetShape;
export const todayShiftOutput = todayShiftShape;
