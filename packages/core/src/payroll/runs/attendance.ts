import { approvedUnpaidLeaveDays } from '../../leave/index';
import type { Db } from '../../shared/context';
import { type AttendanceInput, periodDates, workDaysBetween, workDaysIn } from './compute';
import { queryTimesheetFigures, type TimesheetFigures } from './queries';
import type { PayrollSettings } from './schema';

/*
 * A run's attendance figures from the attendance module's timesheets and the leave module's unpaid leave
 * (docs/payroll-runs.md, "Attendance, cuts and proration"). Two set-based queries for all employees of a run.
 *
 * Rule: a day with a timesheet row counts as the row says (scheduled = day type workday or leave; present =
 * a clock-in, clock-out or manual input; absent = a workday not present; holidays and days off are not
 * scheduled). A day WITHOUT a row counts by the payroll work week (Mon–Fri or Mon–Sat) as scheduled and
 * attended: only a recorded day can be an absence. So an employee without any timesheet row in the period
 * (attendance not used) keeps the full month, as before timesheets were read.
 */

/** The figures of one employee from their timesheet counts (pure; exported for tests). */
export function attendanceFromTimesheets(
  t: TimesheetFigures,
  period: string,
  workWeek: 5 | 6,
  unpaidLeaveDays: number,
): AttendanceInput {
  const missingMonth = workDaysIn(period, workWeek) - t.weekdayRowsMonth;
  const missingEmployed = workDaysBetween(t.from, t.to, workWeek) - t.weekdayRowsEmployed;
  return {
    attendanceDays: t.present + missingEmployed,
    workDays: t.scheduledMonth + missingMonth,
    employedWorkDays: t.scheduledEmployed + missingEmployed,
    absentDays: t.absent,
    lateMinutes: t.lateMinutes,
    unpaidLeaveDays,
    fromTimesheets: t.rows > 0,
    overtime: [],
  };
}

/** AttendanceSource reading the period's timesheets and approved unpaid leave (no overtime: payroll-feed adds it). */
export function timesheetAttendanceSource(db: Db) {
  return async (
    employeeIds: readonly number[],
    period: string,
    settings: PayrollSettings,
  ): Promise<Map<number, AttendanceInput>> => {
    const { start, end } = periodDates(period, settings.payDay);
    const [figures, unpaid] = await Promise.all([
      queryTimesheetFigures(db, employeeIds, { start, end, workWeek: settings.workWeek }),
      approvedUnpaidLeaveDays(db, { employeeIds, from: start, to: end }),
    ]);
    const leave = new Map(unpaid.map((u) => [u.employeeId, Number(u.days)]));
    return new Map(
      figures.map((f) => [f.employeeId, attendanceFromTimesheets(f, period, settings.workWeek, leave.get(f.employeeId) ?? 0)]),
    );
  };
}
