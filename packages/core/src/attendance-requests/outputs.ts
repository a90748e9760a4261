/*
 * Output schemas of the attendance-requests procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { timesheetDayFiguresShape } from '../attendance/index';
import { pageOutput } from '../shared/outputs';

/** The fields a correction and an overtime request both start with: whose request, for which day. */
const requestHeadShape = {
  id: z.number(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  department: z.string().nullable(),
  date: z.string(),
};
/** The fields a correction and an overtime request both end with: the reason, the status and who decided it. */
const requestTailShape = {
  reason: z.string(),
  status: z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]),
  statusLabel: z.string(),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.date().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.date(),
};
/** What the caller may do with a request now. */
const requestCanShape = z.object({
  update: z.boolean(),
  approve: z.boolean(),
  disapprove: z.boolean(),
  cancel: z.boolean(),
  delete: z.boolean(),
});
const correctionRowShape = z.object({
  ...requestHeadShape,
  type: z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]),
  typeLabel: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  ...requestTailShape,
});
const correctionDayShape = z.object({
  date: z.string(),
  dayType: z.string(),
  shift: z.string().nullable(),
  ...timesheetDayFiguresShape,
});
const attendanceRequestHistoryRowShape = z.object({
  action: z.enum(['cancelled', 'requested', 'updated', 'approved', 'disapproved', 'deleted']),
  fromStatus: z.number().nullable(),
  toStatus: z.number().nullable(),
  note: z.string().nullable(),
  actor: z.string(),
  at: z.date(),
});
const correctionDetailShape = z.object({
  history: z.array(attendanceRequestHistoryRowShape),
  day: correctionDayShape.nullable(),
  can: requestCanShape,
  ...correctionRowShape.shape,
});
const attendanceBulkItemShape = z.object({ id: z.number(), ok: z.boolean(), message: z.string() });
const attendanceBulkResultShape = z.object({ done: z.number(), failed: z.number(), items: z.array(attendanceBulkItemShape) });
const overtimeDayTypeShape = z.enum(['workday', 'restday', 'holiday']);
const overtimeRowShape = z.object({
  ...requestHeadShape,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  hours: z.string(),
  approvedHours: z.string().nullable(),
  actualHours: z.string().nullable(),
  dayType: overtimeDayTypeShape,
  dayTypeLabel: z.string(),
  ...requestTailShape,
});
const overtimePlanShape = z.object({
  employeeId: z.number(),
  date: z.string(),
  dayType: overtimeDayTypeShape,
  dayTypeLabel: z.string(),
  holiday: z.string().nullable(),
  shift: z.string().nullable(),
  weekHours: z.string(),
  limits: z.object({ maxHoursPerDay: z.number(), maxHoursPerWeek: z.number(), source: z.string() }),
});
const overtimePayPreviewShape = z.object({
  employeeId: z.number(),
  monthlyWage: z.string(),
  workWeek: z.union([z.literal(5), z.literal(6)]),
  payrollDayType: z.enum(['workday', 'restday', 'holiday-shortest-workday']),
  hours: z.string(),
  hourlyWage: z.string(),
  lines: z.array(z.object({ hour: z.number(), multiplier: z.string(), pay: z.string() })),
  pay: z.string(),
  source: z.string(),
});
const overtimeDetailShape = z.object({
  history: z.array(attendanceRequestHistoryRowShape),
  actualHoursNow: z.string().nullable(),
  can: requestCanShape,
  ...overtimeRowShape.shape,
});

/** What an "awaiting me" list answers: the rows and how many there are (no paging). */
const awaitingOutput = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });

export const correctionsAwaitingMeOutput = awaitingOutput(correctionRowShape);
export const listCorrectionsOutput = pageOutput(correctionRowShape);
export const correctionDayOutput = correctionDayShape.nullable();
export const getCorrectionOutput = correctionDetailShape;
export const updateCorrectionOutput = correctionDetailShape;
export const approveCorrectionOutput = correctionDetailShape;
export const disapproveCorrectionOutput = correctionDetailShape;
export const bulkApproveCorrectionsOutput = attendanceBulkResultShape;
export const bulkDisapproveCorrectionsOutput = attendanceBulkResultShape;
export const bulkCancelCorrectionsOutput = attendanceBulkResultShape;
export const bulkDeleteCorrectionsOutput = attendanceBulkResultShape;
export const myCorrectionsOutput = pageOutput(correctionRowShape);
export const myCorrectionDayOutput = correctionDayShape.nullable();
export const requestCorrectionOutput = correctionDetailShape;
export const cancelMyCorrectionOutput = correctionDetailShape;
export const listOvertimeOutput = pageOutput(overtimeRowShape);
export const overtimeAwaitingMeOutput = awaitingOutput(overtimeRowShape);
export const overtimePlanOutput = overtimePlanShape;
export const overtimePayPreviewOutput = overtimePayPreviewShape;
export const createOvertimeOutput = overtimeDetailShape;
/** The bulk form of `POST attendance/overtime`: how many requests were filed and their ids. */
export const createOvertimeBulkOutput = z.object({ created: z.number(), ids: z.array(z.number()) });
export const createOvertimeAnyOutput = z.union([overtimeDetailShape, createOvertimeBulkOutput]);
export const deleteOvertimeOutput = z.object({ id: z.number() });
export const getOvertimeOutput = overtimeDetailShape;
export const updateOvertimeOutput = overtimeDetailShape;
export const approveOvertimeOutput = overtimeDetailShape;
export const disapproveOvertimeOutput = overtimeDetailShape;
export const bulkApproveOvertimeOutput = attendanceBulkResultShape;
export const bulkDisapproveOvertimeOutput = attendanceBulkResultShape;
export const bulkDeleteOvertimeOutput = attendanceBulkResultShape;
export const myOvertimeOutput = pageOutput(overtimeRowShape);
export const requestOvertimeOutput = overtimeDetailShape;
export const cancelMyOvertimeOutput = overtimeDetailShape;
