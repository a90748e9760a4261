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
import { call, writeProcedures } from '../trpc/crud';

/*
 * Attendance (issue 4; spec §7 "attendance/timesheet (with failed, summary, …), /setting, /schedule,
 * /shift, /holiday" and "personal/timesheet, /shift"). The device agent's upload is
 * POST /v2/h/attendance/punch/ingest (permission device.ingest), a fixed contract.
 */
const A = '/v2/h/attendance';
const P = '/v2/h/personal';
const view = () => permissionProcedure('attendance.view');
const manage = () => permissionProcedure('attendance.manage');
const personal = () => permissionProcedure('personal.access');

export const attendanceRouter = router({
  punch: router({
    ingest: permissionProcedure('device.ingest')
      .meta({ rest: { method: 'POST', path: `${A}/punch/ingest`, message: 'Punches received' } })
      .input(ingestPunchesInput)
      .output(returns(ingestFromAgentOutput))
      // Through devices: terminal binding of the client, and the office-network flag (issue 6).
      .mutation(({ ctx, input }) => ingestFromAgent(ctx.svc, ctx.grant, input, { ip: ctx.ip })),
    list: view()
      .meta({ rest: { method: 'GET', path: `${A}/punch`, message: 'Punches', results: true } })
      .input(listPunchesInput)
      .output(returns(listPunchesOutput))
      .query(({ ctx, input }) => listPunches(ctx.svc, ctx.grant, input)),
  }),
  pin: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${A}/pin`, message: 'PIN mappings', results: true } })
      .input(listPinsInput)
      .output(returns(listPinsOutput))
      .query(({ ctx, input }) => listPins(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${A}/pin`, message: 'PIN mapped' } })
      .input(pinInput)
      .output(returns(assignPinOutput))
      .mutation(({ ctx, input }) => assignPin(ctx.svc, ctx.grant, input)),
    remove: manage()
      .meta({ rest: { method: 'POST', path: `${A}/pin/{id}/delete`, message: 'PIN mapping deleted' } })
      .input(attendanceIdInput)
      .output(returns(removePinOutput))
      .mutation(({ ctx, input }) => removePin(ctx.svc, ctx.grant, input)),
  }),
  timesheet: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${A}/timesheet`, message: 'Timesheets', results: true } })
      .input(listTimesheetsInput)
      .output(returns(listTimesheetsOutput))
      .query(({ ctx, input }) => listTimesheets(ctx.svc, ctx.grant, input)),
    failed: view()
      .meta({ rest: { method: 'GET', path: `${A}/timesheet/failed`, message: 'Failed timesheets', results: true } })
      .input(listTimesheetsInput)
      .output(returns(listFailedTimesheetsOutput))
      .query(({ ctx, input }) => listFailedTimesheets(ctx.svc, ctx.grant, input)),
    summary: view()
      .meta({ rest: { method: 'GET', path: `${A}/timesheet/summary`, message: 'Timesheet summary', results: true } })
      .input(summaryInput)
      .output(returns(timesheetSummaryOutput))
      .query(({ ctx, input }) => timesheetSummary(ctx.svc, ctx.grant, input)),
    download: view()
      .meta({ rest: { method: 'GET', path: `${A}/timesheet/download`, message: 'Timesheet download', download: true } })
      .input(downloadTimesheetsInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => downloadTimesheets(ctx.svc, ctx.grant, input)),
    /** Employees × days grid with codes and totals (spec: timesheet recap excel). */
    recap: view()
      .meta({ rest: { method: 'GET', path: `${A}/timesheet/recap`, message: 'Timesheet recap', download: true } })
      .input(recapInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => recapTimesheets(ctx.svc, ctx.grant, input)),
    /** One employee's numbers and days over a period (spec: timesheet report). */
    report: view()
      .meta({ rest: { method: 'GET', path: `${A}/timesheet/report`, message: 'Employee attendance report' } })
      .input(employeeReportInput)
      .output(returns(employeeAttendanceReportOutput))
      .query(({ ctx, input }) => employeeAttendanceReport(ctx.svc, ctx.grant, input)),
    /** The same as a PDF (spec: timesheet PDF). */
    pdf: view()
      .meta({ rest: { method: 'GET', path: `${A}/timesheet/pdf`, message: 'Attendance PDF', download: true } })
      .input(employeeReportInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => employeeAttendancePdf(ctx.svc, ctx.grant, input)),
    edit: manage()
      .meta({ rest: { method: 'POST', path: `${A}/timesheet/update`, message: 'Timesheet updated' } })
      .input(manualEditInput)
      .output(returns(editTimesheetOutput))
      .mutation(({ ctx, input }) => editTimesheet(ctx.svc, ctx.grant, input)),
    clearEdit: manage()
      .meta({ rest: { method: 'POST', path: `${A}/timesheet/update/delete`, message: 'Manual edit removed' } })
      .input(clearManualInput)
      .output(returns(clearTimesheetEditOutput))
      .mutation(({ ctx, input }) => clearTimesheetEdit(ctx.svc, ctx.grant, input)),
    recompute: manage()
      .meta({ rest: { method: 'POST', path: `${A}/timesheet/recompute`, message: 'Timesheets recomputed' } })
      .input(recomputeInput)
      .output(returns(recomputeTimesheetsOutput))
      .mutation(({ ctx, input }) => recomputeTimesheets(ctx.svc, ctx.grant, input)),
  }),
  shift: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${A}/shift`, message: 'Shifts', results: true } })
      .input(listShiftsInput)
      .output(returns(listShiftsOutput))
      .query(({ ctx, input }) => listShifts(ctx.svc, ctx.grant, input)),
    /** Selector list (spec §3 lookup "shifts", by companyOfficeId): id, "name (start - end)", times. */
    lookup: authedProcedure
      .meta({ rest: { method: 'GET', path: `${A}/shift/lookup`, message: 'Shifts', results: true } })
      .input(z.object({ companyOfficeId: listShiftsInput.shape.companyOfficeId }))
      .output(returns(shiftLookupOutput))
      .query(({ ctx, input }) => shiftLookup(ctx.svc, input)),
    get: view()
      .meta({ rest: { method: 'GET', path: `${A}/shift/{id}`, message: 'Shift' } })
      .input(attendanceIdInput)
      .output(returns(getShiftOutput))
      .query(({ ctx, input }) => getShift(ctx.svc, ctx.grant, input)),
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
    list: view()
      .meta({ rest: { method: 'GET', path: `${A}/schedule`, message: 'Schedules', results: true } })
      .input(listSchedulesInput)
      .output(returns(listSchedulesOutput))
      .query(({ ctx, input }) => listSchedules(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${A}/schedule/assign`, message: 'Schedule assigned' } })
      .input(assignScheduleInput)
      .output(returns(assignScheduleOutput))
      .mutation(({ ctx, input }) => assignSchedule(ctx.svc, ctx.grant, input)),
  }),
  holiday: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${A}/holiday`, message: 'Holidays', results: true } })
      .input(listHolidaysInput)
      .output(returns(listHolidaysOutput))
      .query(({ ctx, input }) => listHolidays(ctx.svc, ctx.grant, input)),
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
    get: view()
      .meta({ rest: { method: 'GET', path: `${A}/setting`, message: 'Attendance settings' } })
      .output(returns(getAttendanceSettingsOutput))
      .query(({ ctx }) => getAttendanceSettings(ctx.svc, ctx.grant)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${A}/setting/update`, message: 'Attendance settings updated' } })
      .input(updateSettingsInput)
      .output(returns(updateAttendanceSettingsOutput))
      .mutation(({ ctx, input }) => updateAttendanceSettings(ctx.svc, ctx.grant, input)),
  }),
  /** The attendance report (spec /attendance/report): per employee, and the daily presence of its chart. */
  report: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${A}/report`, message: 'Attendance report', results: true } })
      .input(reportInput)
      .output(returns(attendanceReportOutput))
      .query(({ ctx, input }) => attendanceReport(ctx.svc, ctx.grant, input)),
    daily: view()
      .meta({ rest: { method: 'GET', path: `${A}/report/daily`, message: 'Daily presence' } })
      .input(reportDailyInput)
      .output(returns(attendanceDailyOutput))
      .query(({ ctx, input }) => attendanceDaily(ctx.svc, ctx.grant, input)),
  }),
  /** The caller's own attendance (spec /personal/attendance, /personal/shift). */
  personal: router({
    timesheet: personal()
      .meta({ rest: { method: 'GET', path: `${P}/timesheet`, message: 'My timesheet', results: true } })
      .input(personalPeriodInput)
      .output(returns(myTimesheetOutput))
      .query(({ ctx, input }) => myTimesheet(ctx.svc, ctx.grant, input)),
    failed: personal()
      .meta({ rest: { method: 'GET', path: `${P}/timesheet/failed`, message: 'My failed timesheets', results: true } })
      .input(personalPeriodInput)
      .output(returns(myTimesheetOutput))
      .query(({ ctx, input }) => myTimesheet(ctx.svc, ctx.grant, input, { failedOnly: true })),
    summary: personal()
      .meta({ rest: { method: 'GET', path: `${P}/timesheet/summary`, message: 'My timesheet summary' } })
      .input(personalPeriodInput.pick({ from: true, to: true }))
      .output(returns(mySummaryOutput))
      .query(({ ctx, input }) => mySummary(ctx.svc, ctx.grant, input)),
    /** The caller's own month: numbers and days (spec /personal/attendance/mypdf preview). */
    report: personal()
      .meta({ rest: { method: 'GET', path: `${P}/timesheet/report`, message: 'My attendance report' } })
      .input(monthReportInput)
      .output(returns(myAttendanceReportOutput))
      .query(({ ctx, input }) => myAttendanceReport(ctx.svc, ctx.grant, input)),
    /** The caller's own month as a PDF (spec /personal/attendance/mypdf). */
    pdf: personal()
      .meta({ rest: { method: 'GET', path: `${P}/timesheet/pdf`, message: 'My attendance PDF', download: true } })
      .input(monthReportInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => myAttendancePdf(ctx.svc, ctx.grant, input)),
    shift: personal()
      .meta({ rest: { method: 'GET', path: `${P}/shift`, message: 'My shifts', results: true } })
      .input(personalPeriodInput)
      .output(returns(myShiftsOutput))
      .query(({ ctx, input }) => myShifts(ctx.svc, ctx.grant, input)),
  }),
});
