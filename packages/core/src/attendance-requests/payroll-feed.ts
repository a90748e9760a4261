import { sql } from 'kysely';
import { approvedUnpaidLeaveDays } from '../leave/index';
import type { OvertimeDayType } from '../payroll/index';
import type { AttendanceFeed, AttendanceInput, AttendanceSource } from '../payroll/index';
import {
  attendanceFromTimesheets,
  fullMonthAttendance,
  periodDates,
  queryPayrollSettings,
  queryTimesheetFigures,
} from '../payroll/index';
import type { Db } from '../shared/context';
import { ATTENDANCE_REQUEST_STATUS } from './schema';
import type { OvertimeDayKind } from './schema';
import { payrollDayTypeOf } from './overtime';

/** One day of approved overtime as the payroll engine takes it (AttendanceInput.overtime). */
export interface ApprovedOvertimeDay {
  date: string;
  dayType: OvertimeDayType;
  /** Approved hours, quarter hours (exact; payroll takes up to 4 decimals). */
  hours: number;
}

/**
 * Approved overtime per employee between two dates (inclusive), one entry per day (one live
 * request per employee-day), with the payroll multiplier table of the day (a holiday on the
 * shortest workday of a 6-day week has its own). Deleted, pending, disapproved and cancelled
 * requests are left out. Set-based: one query for any number of employees.
 */
export async function approvedOvertimeFor(
  db: Db,
  opts: { employeeIds: readonly number[]; from: string; to: string; workWeek?: 5 | 6 },
): Promise<Map<number, ApprovedOvertimeDay[]>> {
  const out = new Map<number, ApprovedOvertimeDay[]>();
  if (opts.employeeIds.length === 0) return out;
  const workWeek = opts.workWeek ?? (await queryPayrollSettings(db)).workWeek;
  const rows = await sql<{ employee_id: number; date: string; day_type: OvertimeDayKind; minutes: number }>`
    select o.employee_id, to_char(o.work_date, 'YYYY-MM-DD') as date, o.day_type, o.approved_minutes as minutes
    from attendance_overtimes o
    where o.employee_id = any(${sql.val([...opts.employeeIds])}::int[])
      and o.work_date between ${opts.from}::date and ${opts.to}::date
      and o.status = ${ATTENDANCE_REQUEST_STATUS.Approved} and o.deleted_at is null
    order by o.employee_id, o.work_date`.execute(db);
  for (const r of rows.rows) {
    const list = out.get(r.employee_id) ?? [];
    list.push({ date: r.date, dayType: payrollDayTypeOf(r.day_type, r.date, workWeek), hours: r.minutes / 60 });
    out.set(r.employee_id, list);
  }
  return out;
}

/*
 * The attendance feed of payroll (payroll/ports.ts `AttendanceSource`): the period's timesheets and approved unpaid
 * leave, plus the approved overtime of attendance requests (folded into attendance, no separate overtime port).
 */

/** AttendanceSource reading the period's timesheets and approved unpaid leave (no overtime: see attendanceSourceWithOvertime). */
export function timesheetAttendanceSource(db: Db): AttendanceSource {
  return async (employeeIds, period, settings) => {
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

/**
 * The payroll engine's AttendanceSource with approved overtime of the period's calendar month:
 * each employee keeps the figures of `base` (or the engine's full-month default) and gets their
 * approved overtime days. Pass it as `attendance` to computePayrollRun / generatePayroll.
 */
export function attendanceSourceWithOvertime(db: Db, base?: AttendanceSource): AttendanceSource {
  return async (employeeIds, period, settings) => {
    const dates = periodDates(period, settings.payDay);
    const [baseMap, overtime] = await Promise.all([
      base ? base(employeeIds, period, settings) : Promise.resolve(new Map<number, AttendanceInput>()),
      approvedOvertimeFor(db, { employeeIds, from: dates.start, to: dates.end, workWeek: settings.workWeek }),
    ]);
    const out = new Map(baseMap);
    for (const [employeeId, days] of overtime) {
      const a = baseMap.get(employeeId) ?? fullMonthAttendance(period, settings.workWeek);
      out.set(employeeId, { ...a, overtime: days.map((d) => ({ dayType: d.dayType, hours: d.hours })) });
    }
    return out;
  };
}

/** The payroll attendance feed `createServices()` wires: timesheets and unpaid leave, plus approved overtime. */
export const payrollAttendanceFeed: AttendanceFeed = (db) => attendanceSourceWithOvertime(db, timesheetAttendanceSource(db));
