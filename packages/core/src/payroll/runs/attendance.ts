import { type AttendanceInput, workDaysBetween, workDaysIn } from './compute';
import type { TimesheetFigures } from './queries';

/*
 * A run's attendance figures from the attendance module's timesheets and the leave module's unpaid leave
 * (docs/payroll-runs.md, "Attendance, cuts and proration"). Two set-based queries for all employees of a run; the
 * attendance feed (attendance-requests/payroll-feed.ts, through payroll/ports.ts) runs them and calls this rule.
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
