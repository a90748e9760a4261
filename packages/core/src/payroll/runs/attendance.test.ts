import { describe, expect, it } from 'vitest';
import { attendanceFromTimesheets } from './attendance';
import type { TimesheetFigures } from './queries';

const none: TimesheetFigures = {
  employeeId: 1,
  from: '2026-11-01',
  to: '2026-11-30',
  rows: 0,
  scheduledMonth: 0,
  weekdayRowsMonth: 0,
  scheduledEmployed: 0,
  weekdayRowsEmployed: 0,
  present: 0,
  absent: 0,
  lateMinutes: 0,
};

describe('attendance figures from timesheet counts (November 2026: 21 weekdays)', () => {
  it('no timesheet row: the full month stands', () => {
    expect(attendanceFromTimesheets(none, '2026-11', 5, 0)).toEqual({
      attendanceDays: 21,
      workDays: 21,
      employedWorkDays: 21,
      absentDays: 0,
      lateMinutes: 0,
      unpaidLeaveDays: 0,
      fromTimesheets: false,
      overtime: [],
    });
  });

  it('only two leave rows (a company without terminals that approves leave): 19 attended, no absence', () => {
    const t = { ...none, rows: 2, scheduledMonth: 2, weekdayRowsMonth: 2, scheduledEmployed: 2, weekdayRowsEmployed: 2 };
    expect(attendanceFromTimesheets(t, '2026-11', 5, 2)).toMatchObject({
      attendanceDays: 19,
      workDays: 21,
      absentDays: 0,
      unpaidLeaveDays: 2,
      fromTimesheets: true,
    });
  });

  it('a full month of rows with a holiday and absences; a joiner counts only from the entry date', () => {
    // 30 rows: 21 weekdays of which 1 holiday, 2 absent, 18 present; 9 weekend days off.
    const month = {
      ...none,
      rows: 30,
      scheduledMonth: 20,
      weekdayRowsMonth: 21,
      scheduledEmployed: 20,
      weekdayRowsEmployed: 21,
      present: 18,
      absent: 2,
      lateMinutes: 25,
    };
    expect(attendanceFromTimesheets(month, '2026-11', 5, 0)).toMatchObject({
      attendanceDays: 18,
      workDays: 20,
      employedWorkDays: 20,
      absentDays: 2,
      lateMinutes: 25,
    });
    // Joined Monday 16 November, rows only from the 20th: 16–19 count by the work week (attended).
    const joiner = {
      ...none,
      from: '2026-11-16',
      rows: 11,
      scheduledMonth: 7,
      weekdayRowsMonth: 7,
      scheduledEmployed: 7,
      weekdayRowsEmployed: 7,
      present: 7,
    };
    expect(attendanceFromTimesheets(joiner, '2026-11', 5, 0)).toMatchObject({
      attendanceDays: 11,
      workDays: 21,
      employedWorkDays: 11,
    });
  });
});
