import { attendanceAwaitingInput, correctionsAwaitingMe } from '@hr/core/attendance-requests';
import { awaitingMeInput, leaveAwaitingMe, leaveReport } from '@hr/core/leave';
import { companyYear } from '@hr/core/shared';
import {
  dashboardLeaveReportInput,
  expiringContracts,
  expiringContractsInput,
  liveTimesheet,
  liveTimesheetInput,
  todayShift,
  upcomingBirthdays,
  upcomingBirthdaysInput,
} from '@hr/core/dashboard';
import { latestRegulationsInput, myRegulations } from '@hr/core/regulations';
import { authedProcedure, permissionProcedure, router } from '../trpc/procedures';
import { byActor, call, gate, noInput } from '../trpc/crud';
import { correctionsAwaitingMeOutput } from '@hr/core/attendance-requests';
import { expiringContractsOutput, liveTimesheetOutput, todayShiftOutput, upcomingBirthdaysOutput } from '@hr/core/dashboard';
import { leaveAwaitingMeOutput, leaveReportOutput } from '@hr/core/leave';
import { myRegulationsOutput } from '@hr/core/regulations';
import { returns } from '../trpc/output';

/*
 * Home dashboard widgets (issue 8; spec §7 dashboard/…). Each widget is its own procedure with
 * the permission of the data it shows, so the web app shows exactly the widgets the user may see.
 */
const D = '/v2/h/dashboard';

const thisYear = (now: Date) => companyYear(now);

const approve = gate('attendance.approve');
const view = gate('employee.view');
const attendanceView = gate('attendance.view');
const personal = gate('personal.access');

export const dashboardRouter = router({
  attendanceCorrection: approve.list(
    `${D}/attendanceCorrection`,
    'Corrections awaiting me',
    call(attendanceAwaitingInput, correctionsAwaitingMe, correctionsAwaitingMeOutput),
  ),
  leaveRequest: approve.list(
    `${D}/leaveRequest`,
    'Leave requests awaiting me',
    call(awaitingMeInput, leaveAwaitingMe, leaveAwaitingMeOutput),
  ),
  leaveReport: permissionProcedure('attendance.view')
    .meta({ rest: { method: 'GET', path: `${D}/leaveReport`, message: 'Leave report' } })
    .input(dashboardLeaveReportInput)
    .output(returns(leaveReportOutput))
    .query(({ ctx, input }) => {
      const c = ctx.svc;
      return leaveReport(c, ctx.grant, { ...input, year: input.year ?? thisYear(c.clock()) });
    }),
  upcomingBirthday: authedProcedure
    .meta({ rest: { method: 'GET', path: `${D}/upcomingBirthday`, message: 'Upcoming birthdays', results: true } })
    .input(upcomingBirthdaysInput)
    .output(returns(upcomingBirthdaysOutput))
    .query(({ ctx, input }) => upcomingBirthdays(ctx.svc, ctx.actor, input)),
  expireContract: view.list(
    `${D}/expireContract`,
    'Expiring contracts',
    call(expiringContractsInput, expiringContracts, expiringContractsOutput),
  ),
  liveTimesheet: attendanceView.get(
    `${D}/liveTimesheet`,
    'Live timesheet',
    call(liveTimesheetInput, liveTimesheet, liveTimesheetOutput),
  ),
  todayShift: personal.get(`${D}/todayShift`, "Today's shift", noInput(byActor(todayShift), todayShiftOutput)),
  regulations: personal.list(
    `${D}/regulations`,
    'Regulations',
    call(latestRegulationsInput, byActor(myRegulations), myRegulationsOutput),
  ),
});
