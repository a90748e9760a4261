import { attendanceAwaitingInput, correctionsAwaitingMe } from '@hr/core/attendance-requests';
import { awaitingMeInput, leaveAwaitingMe, leaveReport } from '@hr/core/leave';
import { COMPANY_TIME_ZONE } from '@hr/core/shared';
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

const thisYear = (now: Date) =>
  Number(new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric' }).format(now));

export const dashboardRouter = router({
  attendanceCorrection: permissionProcedure('attendance.approve')
    .meta({ rest: { method: 'GET', path: `${D}/attendanceCorrection`, message: 'Corrections awaiting me', results: true } })
    .input(attendanceAwaitingInput)
    .output(returns(correctionsAwaitingMeOutput))
    .query(({ ctx, input }) => correctionsAwaitingMe(ctx.svc, ctx.grant, input)),
  leaveRequest: permissionProcedure('attendance.approve')
    .meta({ rest: { method: 'GET', path: `${D}/leaveRequest`, message: 'Leave requests awaiting me', results: true } })
    .input(awaitingMeInput)
    .output(returns(leaveAwaitingMeOutput))
    .query(({ ctx, input }) => leaveAwaitingMe(ctx.svc, ctx.grant, input)),
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
  expireContract: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: `${D}/expireContract`, message: 'Expiring contracts', results: true } })
    .input(expiringContractsInput)
    .output(returns(expiringContractsOutput))
    .query(({ ctx, input }) => expiringContracts(ctx.svc, ctx.grant, input)),
  liveTimesheet: permissionProcedure('attendance.view')
    .meta({ rest: { method: 'GET', path: `${D}/liveTimesheet`, message: 'Live timesheet' } })
    .input(liveTimesheetInput)
    .output(returns(liveTimesheetOutput))
    .query(({ ctx, input }) => liveTimesheet(ctx.svc, ctx.grant, input)),
  todayShift: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: `${D}/todayShift`, message: "Today's shift" } })
    .output(returns(todayShiftOutput))
    .query(({ ctx }) => todayShift(ctx.svc, ctx.actor)),
  regulations: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: `${D}/regulations`, message: 'Regulations', results: true } })
    .input(latestRegulationsInput)
    .output(returns(myRegulationsOutput))
    .query(({ ctx, input }) => myRegulations(ctx.svc, ctx.actor, input)),
});
