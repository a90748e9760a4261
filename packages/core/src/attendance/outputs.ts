/*
 * Output schemas of the attendance procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { employeeInDepartmentShape, employeeRefShape, nullableNamedRefs, okOutput, pageOutput } from '../shared/outputs';

const punchRowShape = z.object({
  id: z.string(),
  deviceSerial: z.string(),
  pin: z.string(),
  localTime: z.string(),
  state: z.number(),
  verifyType: z.number(),
  source: z.string(),
  receivedAt: z.string(),
  employeeId: z.number().nullable(),
  employeeName: z.string().nullable(),
});
const pinRowShape = z.object({
  id: z.number(),
  pin: z.string(),
  deviceSerial: z.string().nullable(),
  ...employeeRefShape,
});
/** A timesheet day's figures: status, first and last punch, minutes late, early and worked, manual edit or not. */
export const timesheetDayFiguresShape = {
  status: z.number().nullable(),
  statusLabel: z.string().nullable(),
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  lateMinutes: z.number(),
  earlyMinutes: z.number(),
  workedMinutes: z.number(),
  manual: z.boolean(),
};
const timesheetRowShape = z.object({
  ...employeeInDepartmentShape,
  date: z.string(),
  dayType: z.enum(['workday', 'holiday', 'dayoff', 'leave']),
  ...nullableNamedRefs('shift'),
  ...timesheetDayFiguresShape,
});
const summaryRowShape = z.object({
  ...employeeInDepartmentShape,
  days: z.number(),
  workdays: z.number(),
  valid: z.number(),
  noClockIn: z.number(),
  noClockOut: z.number(),
  late: z.number(),
  early: z.number(),
  manual: z.number(),
  lateMinutes: z.number(),
  earlyMinutes: z.number(),
  workedMinutes: z.number(),
  workedHours: z.string(),
});
const reportTotalsShape = z.object({
  days: z.number(),
  workdays: z.number(),
  present: z.number(),
  absent: z.number(),
  late: z.number(),
  lateMinutes: z.number(),
  early: z.number(),
  earlyMinutes: z.number(),
  leave: z.number(),
  holidays: z.number(),
  failed: z.number(),
  workedMinutes: z.number(),
  workedHours: z.string(),
});
const employeeReportShape = z.object({
  from: z.string(),
  to: z.string(),
  employee: z.object({
    id: z.number(),
    employeeNumber: z.string(),
    name: z.string(),
    department: z.string().nullable(),
    companyOffice: z.string().nullable(),
    jobPosition: z.string().nullable(),
  }),
  totals: reportTotalsShape,
  days: z.array(timesheetRowShape),
});
const shiftRowShape = z.object({
  id: z.number(),
  name: z.string(),
  label: z.string(),
  ...nullableNamedRefs('companyOffice'),
  startTime: z.string(),
  endTime: z.string(),
  breakMinutes: z.number(),
  lateGraceMinutes: z.number(),
  earlyGraceMinutes: z.number(),
  overnight: z.boolean(),
});
const scheduleRowShape = z.object({
  ...employeeRefShape,
  date: z.string(),
  ...nullableNamedRefs('shift'),
  rostered: z.boolean(),
  holiday: z.string().nullable(),
});
const holidayRowShape = z.object({
  id: z.number(),
  date: z.string(),
  name: z.string(),
  kind: z.enum(['national', 'religious', 'company']),
  religiousHoliday: z.number().nullable(),
  ...nullableNamedRefs('companyOffice'),
});
const attendanceSettingsShape = z.object({
  ...nullableNamedRefs('defaultShift'),
  workdays: z.array(z.number()),
  windowBeforeMinutes: z.number(),
  windowAfterMinutes: z.number(),
  duplicateSeconds: z.number(),
  timeZone: z.string(),
});
const reportRowShape = z.object({
  ...employeeInDepartmentShape,
  companyOffice: z.string().nullable(),
  ...reportTotalsShape.shape,
});
const dailyPresenceShape = z.object({
  date: z.string(),
  employees: z.number(),
  present: z.number(),
  late: z.number(),
  absent: z.number(),
  leave: z.number(),
});

export const listPunchesOutput = pageOutput(punchRowShape);
export const listPinsOutput = pageOutput(pinRowShape);
export const assignPinOutput = z.object({
  resolvedPunches: z.number(),
  ...pinRowShape.omit({ employeeName: true, employeeNumber: true }).shape,
});
export const removePinOutput = okOutput;
/** A timesheet list page; `totalCapped`: more rows match than `total` says (the count stops at 10,000). */
export const listTimesheetsOutput = pageOutput(timesheetRowShape).extend({ totalCapped: z.boolean() });
export const listFailedTimesheetsOutput = listTimesheetsOutput;
export const timesheetSummaryOutput = pageOutput(summaryRowShape);
export const employeeAttendanceReportOutput = employeeReportShape;
export const editTimesheetOutput = timesheetRowShape;
export const clearTimesheetEditOutput = timesheetRowShape.nullable();
export const recomputeTimesheetsOutput = z.object({ from: z.string(), to: z.string(), changed: z.number() });
export const listShiftsOutput = pageOutput(shiftRowShape);
export const shiftLookupOutput = z.array(
  z.object({ id: z.number(), name: z.string(), startTime: z.string(), endTime: z.string() }),
);
export const getShiftOutput = shiftRowShape;
export const createShiftOutput = shiftRowShape;
export const updateShiftOutput = shiftRowShape;
export const deleteShiftOutput = okOutput;
export const listSchedulesOutput = pageOutput(scheduleRowShape);
export const assignScheduleOutput = z.object({ employees: z.number(), days: z.number(), rosterDays: z.number() });
export const listHolidaysOutput = pageOutput(holidayRowShape);
export const createHolidayOutput = holidayRowShape;
export const updateHolidayOutput = holidayRowShape;
export const deleteHolidayOutput = okOutput;
export const getAttendanceSettingsOutput = attendanceSettingsShape;
export const updateAttendanceSettingsOutput = attendanceSettingsShape;
export const attendanceReportOutput = pageOutput(reportRowShape);
export const attendanceDailyOutput = z.object({ from: z.string(), to: z.string(), days: z.array(dailyPresenceShape) });
export const myTimesheetOutput = pageOutput(timesheetRowShape);
/** My summary is my row of the summary (null before any timesheet). */
export const mySummaryOutput = z.object({ from: z.string(), to: z.string(), summary: summaryRowShape.nullable() });
export const myAttendanceReportOutput = employeeReportShape;
export const myShiftsOutput = pageOutput(scheduleRowShape);
