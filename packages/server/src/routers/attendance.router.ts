import {
  assignPin,
  assignSchedule,
  attendanceDaily,
  attendanceReport,
  assignScheduleInput,
  attendanceIdInput,
  clearManualInput,
  clearTimesheetEdit,
  createHoliday,
  createHolidayInput,
  createShift,
  createShiftInput,
  deleteHoliday,
  deleteShift,
  downloadTimesheets,
  downloadTimesheetsInput,
  editTimesheet,
  employeeAttendancePdf,
  employeeAttendanceReport,
  employeeReportInput,
  getAttendanceSettings,
  getShift,
  ingestPunchesInput,
  listFailedTimesheets,
  listHolidays,
  listHolidaysInput,
  listPins,
  listPinsInput,
  listPunches,
  listPunchesInput,
  listSchedules,
  listSchedulesInput,
  listShifts,
  listShiftsInput,
  listTimesheets,
  listTimesheetsInput,
  manualEditInput,
  monthReportInput,
  myAttendancePdf,
  myAttendanceReport,
  mySummary,
  myShifts,
  myTimesheet,
  personalPeriodInput,
  pinInput,
  recomputeInput,
  recapInput,
  recapTimesheets,
  recomputeTimesheets,
  removePin,
  reportDailyInput,
  reportInput,
  shiftLookup,
  summaryInput,
  timesheetSummary,
  updateAttendanceSettings,
  updateHoliday,
  updateHolidayInput,
  updateSettingsInput,
  updateShift,
  updateShiftInput,
} from '@hr/core/attendance';
import type { Grant } from '@hr/core/access';
import { ingestFromAgent } from '@hr/core/devices';
import { z } from 'zod';
import { authedProcedure, permissionProcedure, router } from '../trpc/procedures';
import {
  assignPinOutput,
  assignScheduleOutput,
  attendanceDailyOutput,
  attendanceReportOutput,
  clearTimesheetEditOutput,
  createHolidayOutput,
  createShiftOutput,
  deleteHolidayOutput,
  deleteShiftOutput,
  editTimesheetOutput,
  employeeAttendanceReportOutput,
  getAttendanceSettingsOutput,
  getShiftOutput,
  listFailedTimesheetsOutput,
  listHolidaysOutput,
  listPinsOutput,
  listPunchesOutput,
  listSchedulesOutput,
  listShiftsOutput,
  listTimesheetsOutput,
  myAttendanceReportOutput,
  myShiftsOutput,
  mySummaryOutput,
  myTimesheetOutput,
  recomputeTimesheetsOutput,
  removePinOutput,
  shiftLookupOutput,
  timesheetSummaryOutput,
  updateAttendanceSettingsOutput,
  updateHolidayOutput,
  updateShiftOutput,
} from '@hr/core/attendance';
import { ingestFromAgentOutput } from '@hr/core/devices';
import { fileResult, returns } from '../trpc/output';
import { call, gate, noInput, writeProcedures } from '../trpc/crud';

/*
 * Attendance (issue 4; spec §7 "attendance/timesheet (with failed, summary, …), /setting, /schedule,
 * /shift, /holiday" and "personal/timesheet, /shift"). The device agent's upload is
 * POST /v2/h/attendance/punch/ingest (permission device.ingest), a fixed contract.
 */
const A = '/v2/h/attendance';
const P = '/v2/h/personal';

const view = gate('attendance.view');
const manage = gate('attendance.manage');
const personalAccess = gate('personal.access');

export const attendanceRouter = router({
  punch: router({
    ingest: permissionProcedure('device.ingest')
      .meta({ rest: { method: 'POST', path: `${A}/punch/ingest`, message: 'Punches received' } })
      .input(ingestPunchesInput)
      .output(returns(ingestFromAgentOutput))
      // Through devices: terminal binding of the client, and the office-network flag (issue 6).
      .mutation(({ ctx, input }) => ingestFromAgent(ctx.svc, ctx.grant, input, { ip: ctx.ip })),
    list: view.list(`${A}/punch`, 'Punches', call(listPunchesInput, listPunches, listPunchesOutput)),
  }),
  pin: router({
    list: view.list(`${A}/pin`, 'PIN mappings', call(listPinsInput, listPins, listPinsOutput)),
    assign: manage.post(`${A}/pin`, 'PIN mapped', call(pinInput, assignPin, assignPinOutput)),
    remove: manage.post(`${A}/pin/{id}/delete`, 'PIN mapping deleted', call(attendanceIdInput, removePin, removePinOutput)),
  }),
  timesheet: router({
    list: view.list(`${A}/timesheet`, 'Timesheets', call(listTimesheetsInput, listTimesheets, listTimesheetsOutput)),
    failed: view.list(
      `${A}/timesheet/failed`,
      'Failed timesheets',
      call(listTimesheetsInput, listFailedTimesheets, listFailedTimesheetsOutput),
    ),
    summary: view.list(
      `${A}/timesheet/summary`,
      'Timesheet summary',
      call(summaryInput, timesheetSummary, timesheetSummaryOutput),
    ),
    download: view.file(
      `${A}/timesheet/download`,
      'Timesheet download',
      call(downloadTimesheetsInput, downloadTimesheets, fileResult),
    ),
    /** Employees × days grid with codes and totals (spec: timesheet recap excel). */
    recap: view.file(`${A}/timesheet/recap`, 'Timesheet recap', call(recapInput, recapTimesheets, fileResult)),
    /** One employee's numbers and days over a period (spec: timesheet report). */
    report: view.get(
      `${A}/timesheet/report`,
      'Employee attendance report',
      call(employeeReportInput, employeeAttendanceReport, employeeAttendanceReportOutput),
    ),
    /** The same as a PDF (spec: timesheet PDF). */
    pdf: view.file(`${A}/timesheet/pdf`, 'Attendance PDF', call(employeeReportInput, employeeAttendancePdf, fileResult)),
    edit: manage.post(`${A}/timesheet/update`, 'Timesheet updated', call(manualEditInput, editTimesheet, editTimesheetOutput)),
    clearEdit: manage.post(
      `${A}/timesheet/update/delete`,
      'Manual edit removed',
      call(clearManualInput, clearTimesheetEdit, clearTimesheetEditOutput),
    ),
    recompute: manage.post(
      `${A}/timesheet/recompute`,
      'Timesheets recomputed',
      call(recomputeInput, recomputeTimesheets, recomputeTimesheetsOutput),
    ),
  }),
  shift: router({
    list: view.list(`${A}/shift`, 'Shifts', call(listShiftsInput, listShifts, listShiftsOutput)),
    /** Selector list (spec §3 lookup "shifts", by companyOfficeId): id, "name (start - end)", times. */
    lookup: authedProcedure
      .meta({ rest: { method: 'GET', path: `${A}/shift/lookup`, message: 'Shifts', results: true } })
      .input(z.object({ companyOfficeId: listShiftsInput.shape.companyOfficeId }))
      .output(returns(shiftLookupOutput))
      .query(({ ctx, input }) => shiftLookup(ctx.svc, input)),
    get: view.get(`${A}/shift/{id}`, 'Shift', call(attendanceIdInput, getShift, getShiftOutput)),
    ...writeProcedures(
      'attendance.manage',
      { path: `${A}/shift`, noun: 'Shift' },
      {
        create: call(createShiftInput, createShift, createShiftOutput),
        update: call(updateShiftInput, updateShift, updateShiftOutput),
        delete: call(attendanceIdInput, deleteShift, deleteShiftOutput),
      },
    ),
  }),
  schedule: router({
    list: view.list(`${A}/schedule`, 'Schedules', call(listSchedulesInput, listSchedules, listSchedulesOutput)),
    assign: manage.post(
      `${A}/schedule/assign`,
      'Schedule assigned',
      call(assignScheduleInput, assignSchedule, assignScheduleOutput),
    ),
  }),
  holiday: router({
    list: view.list(`${A}/holiday`, 'Holidays', call(listHolidaysInput, listHolidays, listHolidaysOutput)),
    ...writeProcedures(
      'attendance.manage',
      { path: `${A}/holiday`, noun: 'Holiday' },
      {
        create: call(createHolidayInput, createHoliday, createHolidayOutput),
        update: call(updateHolidayInput, updateHoliday, updateHolidayOutput),
        delete: call(attendanceIdInput, deleteHoliday, deleteHolidayOutput),
      },
    ),
  }),
  setting: router({
    get: view.get(`${A}/setting`, 'Attendance settings', noInput(getAttendanceSettings, getAttendanceSettingsOutput)),
    update: manage.post(
      `${A}/setting/update`,
      'Attendance settings updated',
      call(updateSettingsInput, updateAttendanceSettings, updateAttendanceSettingsOutput),
    ),
  }),
  /** The attendance report (spec /attendance/report): per employee, and the daily presence of its chart. */
  report: router({
    list: view.list(`${A}/report`, 'Attendance report', call(reportInput, attendanceReport, attendanceReportOutput)),
    daily: view.get(`${A}/report/daily`, 'Daily presence', call(reportDailyInput, attendanceDaily, attendanceDailyOutput)),
  }),
  /** The caller's own attendance (spec /personal/attendance, /personal/shift). */
  personal: router({
    timesheet: personalAccess.list(`${P}/timesheet`, 'My timesheet', call(personalPeriodInput, myTimesheet, myTimesheetOutput)),
    failed: personalAccess.list(
      `${P}/timesheet/failed`,
      'My failed timesheets',
      call(
        personalPeriodInput,
        (ctx, grant: Grant<'personal.access'>, input) => myTimesheet(ctx, grant, input, { failedOnly: true }),
        myTimesheetOutput,
      ),
    ),
    summary: personalAccess.get(
      `${P}/timesheet/summary`,
      'My timesheet summary',
      call(personalPeriodInput.pick({ from: true, to: true }), mySummary, mySummaryOutput),
    ),
    /** The caller's own month: numbers and days (spec /personal/attendance/mypdf preview). */
    report: personalAccess.get(
      `${P}/timesheet/report`,
      'My attendance report',
      call(monthReportInput, myAttendanceReport, myAttendanceReportOutput),
    ),
    /** The caller's own month as a PDF (spec /personal/attendance/mypdf). */
    pdf: personalAccess.file(`${P}/timesheet/pdf`, 'My attendance PDF', call(monthReportInput, myAttendancePdf, fileResult)),
    shift: personalAccess.list(`${P}/shift`, 'My shifts', call(personalPeriodInput, myShifts, myShiftsOutput)),
  }),
});
