import { scopeSql as sharedScopeSql } from '../access/index';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../access/index';
import type { Db } from '../shared/context';
import { notFound } from '../shared/errors';
import { likePattern } from '../shared/sql';
import type { AttendanceSettings } from './schema';
import { shiftLabel } from './schema';

/** Filters on the employees alias `e` (every attendance list and bulk action). */
export interface EmployeeFilter {
  companyOfficeId?: number | undefined;
  departmentId?: number | undefined;
  divisionId?: number | undefined;
  employeeId?: number | undefined;
  employeeIds?: readonly number[] | undefined;
  search?: string | undefined;
}

/** Spec §6 data scope as a raw condition on alias `e` (the one rule of permissions/scope.ts). */
export function scopeSql(scope: Scope): RawBuilder<boolean> {
  return sharedScopeSql(scope, 'e') as RawBuilder<boolean>;
}

/** Scope and filters as one raw condition on alias `e`. */
export function employeeCondition(scope: Scope, f: EmployeeFilter): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [scopeSql(scope)];
  if (f.companyOfficeId) parts.push(sql<boolean>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) parts.push(sql<boolean>`e.department_id = ${f.departmentId}`);
  if (f.divisionId) parts.push(sql<boolean>`e.division_id = ${f.divisionId}`);
  if (f.employeeId) parts.push(sql<boolean>`e.id = ${f.employeeId}`);
  if (f.employeeIds)
    parts.push(sql<boolean>`e.id in (select (jsonb_array_elements_text(${JSON.stringify(f.employeeIds)}::jsonb))::int)`);
  if (f.search) {
    const like = likePattern(f.search);
    parts.push(sql<boolean>`(e.given_name || ' ' || e.surname ilike ${like} or e.employee_number ilike ${like})`);
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** 'yyyy-mm-dd hh:mm' of a timestamp column (pg and PGlite parse timestamps differently; text is the same). */
export const fmtTs = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI')`;

export interface SettingsRow {
  default_shift_id: number | null;
  workday_mask: number;
  window_before_minutes: number;
  window_after_minutes: number;
  duplicate_seconds: number;
  time_zone: string;
  shift_name: string | null;
  start_time: string | null;
  end_time: string | null;
}

export async function querySettings(db: Db): Promise<AttendanceSettings> {
  const r = await db
    .selectFrom('attendance_settings as a')
    .leftJoin('shifts as s', 's.id', 'a.default_shift_id')
    .select([
      'a.default_shift_id',
      'a.workday_mask',
      'a.window_before_minutes',
      'a.window_after_minutes',
      'a.duplicate_seconds',
      'a.time_zone',
      's.name as shift_name',
      's.start_time',
      's.end_time',
    ])
    .where('a.id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    defaultShiftId: r.default_shift_id,
    defaultShift: r.shift_name && r.start_time && r.end_time ? shiftLabel(r.shift_name, r.start_time, r.end_time) : null,
    workdays: [1, 2, 3, 4, 5, 6, 7].filter((d) => (r.workday_mask >> d) & 1),
    windowBeforeMinutes: r.window_before_minutes,
    windowAfterMinutes: r.window_after_minutes,
    duplicateSeconds: r.duplicate_seconds,
    timeZone: r.time_zone,
  };
}

/** Employees of the scope matching the filter (the ids only). */
export async function employeeIdsIn(db: Db, cond: RawBuilder<boolean>): Promise<number[]> {
  const r = await sql<{ id: number }>`select e.id from employees e where e.resigned = 0 and ${cond}`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Whether the employee exists and is in the scope. */
export async function employeeVisible(db: Db, scope: Scope, employeeId: number): Promise<boolean> {
  const r = await sql<{ id: number }>`select e.id from employees e where e.id = ${employeeId} and ${scopeSql(scope)}`.execute(db);
  return r.rows.length > 0;
}

/**
 * NOT_FOUND when a filter names an employee (employeeId, or any of employeeIds) that does not
 * exist or is outside the scope (spec §6: existence never leaks; issue 16 item 14: a filtered
 * list, download or recap answers like the summary and the PDF, never an empty 200).
 */
export async function refuseEmployeesOutOfScope(db: Db, scope: Scope, f: EmployeeFilter): Promise<void> {
  const ids = [...new Set([...(f.employeeId ? [f.employeeId] : []), ...(f.employeeIds ?? [])])];
  if (ids.length === 0) return;
  const r = await sql<{ n: number }>`select count(*)::int as n from employees e
    where e.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int) and ${scopeSql(scope)}`.execute(db);
  if ((r.rows[0]?.n ?? 0) !== ids.length) throw notFound('Employee');
}

/** {@link employeeCondition} after {@link refuseEmployeesOutOfScope}: the condition of every scoped, filtered read. */
export async function scopedEmployeeCondition(db: Db, scope: Scope, f: EmployeeFilter): Promise<RawBuilder<boolean>> {
  await refuseEmployeesOutOfScope(db, scope, f);
  return employeeCondition(scope, f);
}
