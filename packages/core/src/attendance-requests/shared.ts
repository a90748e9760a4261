import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { myShifts, myTimesheet, listSchedules, listTimesheets, type ScheduleRow, type TimesheetRow } from '../attendance/index';
import type { Actor } from '../permissions/actor';
import { assertMayDecide, decisionRefusal } from '../permissions/duties';
import { hasPermission, requirePermission, scopeOf } from '../permissions/grant';
import { scopeSql } from '../permissions/scope';
import type { Ctx, Db } from '../shared/context';
import { AppError } from '../shared/errors';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import type { AttendanceBulkItem, AttendanceBulkResult, AttendanceRequestHistoryRow } from './schema';

/** The company's calendar date now, 'yyyy-mm-dd'. */
export const todayOf = (ctx: Ctx): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE }).format(ctx.clock());

/** 'yyyy-mm-dd' → 'dd/mm/yyyy' (spec §9 date format) for messages. */
export const ddmmyyyy = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** 'hh:mm:ss' → 'hh:mm'. */
export const hhmm = (t: string | null): string | null => (t ? t.slice(0, 5) : null);

/** A person's display name on users alias `u` + employees alias `x`: the employee name or the e-mail. */
export const personName = (u: string, x: string) =>
  sql<string>`coalesce(nullif(trim(${sql.ref(`${x}.given_name`)} || ' ' || ${sql.ref(`${x}.surname`)}), ''), ${sql.ref(`${u}.email`)})`;

/** The caller's own requests: alias `e` is the employee of the request. */
export const ownSql = (actor: Actor): RawBuilder<SqlBool> =>
  actor.employeeId === null ? sql<SqlBool>`false` : sql<SqlBool>`e.id = ${actor.employeeId}`;

/**
 * Who sees a request (spec §6): its employee, and anyone with attendance.view whose data scope
 * covers the employee. Anything else is NOT_FOUND.
 */
export function visibleSql(actor: Actor): RawBuilder<SqlBool> {
  if (hasPermission(actor, 'attendance.view')) return sql<SqlBool>`(${ownSql(actor)} or ${scopeSql(scopeOf(actor), 'e')})`;
  return ownSql(actor);
}

/** Who may decide a request: attendance.approve with the employee in scope, never one's own. */
export const mayDecide = (actor: Actor, employeeId: number): boolean =>
  hasPermission(actor, 'attendance.approve') && actor.employeeId !== employeeId;

/**
 * Segregation of duties (docs/security.md) before a decision on a correction or overtime request:
 * never one's own (filed by the caller, or about their own record), never after the caller's
 * manager relation to the employee was made or changed after filing. Read inside the decision's
 * transaction, before its guarded update.
 */
export async function assertMayDecideRequest(trx: Db, actor: Actor, kind: 'correction' | 'overtime', id: number): Promise<void> {
  const cols = ['requester_user_id', 'employee_id', 'created_at'] as const;
  const r =
    kind === 'correction'
      ? await trx.selectFrom('attendance_corrections').select(cols).where('id', '=', id).executeTakeFirst()
      : await trx.selectFrom('attendance_overtimes').select(cols).where('id', '=', id).executeTakeFirst();
  if (!r) return;
  await assertMayDecide(trx, actor, {
    what: kind === 'correction' ? 'correction' : 'overtime request',
    requestedByUserId: r.requester_user_id,
    subjectEmployeeId: r.employee_id,
    filedAt: r.created_at,
  });
}

/** Whether {@link assertMayDecideRequest} would let the caller decide (the screens' approve buttons). */
export async function passesDuties(db: Db, actor: Actor, kind: 'correction' | 'overtime', id: number): Promise<boolean> {
  return (await decisionRefusal(assertMayDecideRequest(db, actor, kind, id))) === null;
}

export function ownEmployeeId(actor: Actor): number {
  if (actor.employeeId === null) throw new AppError('NOT_FOUND', 'Employee record of this login not found');
  return actor.employeeId;
}

/**
 * Serialises the requests of one employee inside the caller's transaction (approvals that merge
 * several corrections of a day, or add up overtime hours of a week). Released at commit.
 */
export async function lockEmployee(trx: Db, kind: 'correction' | 'overtime', employeeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${kind === 'correction' ? 7201 : 7202}, ${employeeId})`.execute(trx);
}

export async function addHistory(
  trx: Db,
  row: {
    kind: 'correction' | 'overtime';
    requestId: number;
    action: AttendanceRequestHistoryRow['action'];
    from: number | null;
    to: number | null;
    note?: string | null | undefined;
    actorUserId: number;
  },
): Promise<void> {
  await trx
    .insertInto('attendance_request_history')
    .values({
      kind: row.kind,
      request_id: row.requestId,
      action: row.action,
      from_status: row.from,
      to_status: row.to,
      note: row.note ?? null,
      actor_user_id: row.actorUserId,
    })
    .execute();
}

export async function historyOf(
  db: Db,
  kind: 'correction' | 'overtime',
  requestId: number,
): Promise<AttendanceRequestHistoryRow[]> {
  const r = await sql<AttendanceRequestHistoryRow>`
    select h.action, h.from_status as "fromStatus", h.to_status as "toStatus", h.note,
      ${personName('u', 'x')} as actor, h.created_at as at
    from attendance_request_history h
    join users u on u.id = h.actor_user_id
    left join employees x on x.id = u.employee_id
    where h.kind = ${kind} and h.request_id = ${requestId}
    order by h.id`.execute(db);
  return r.rows;
}

/**
 * The day's timesheet row through the attendance module's own reads: the caller's own day with
 * personal.access, anyone else's with attendance.view (scoped). Null when not computed.
 */
export async function timesheetDay(ctx: Ctx, actor: Actor, employeeId: number, date: string): Promise<TimesheetRow | null> {
  if (actor.employeeId === employeeId && hasPermission(actor, 'personal.access')) {
    const page = await myTimesheet(ctx, requirePermission(actor, 'personal.access'), { from: date, to: date, pageSize: 1 });
    return page.rows[0] ?? null;
  }
  const page = await listTimesheets(ctx, requirePermission(actor, 'attendance.view'), {
    employeeId,
    from: date,
    to: date,
    pageSize: 1,
  });
  return page.rows[0] ?? null;
}

/** The day's plan (roster or default shift, holiday) through the attendance module's reads. */
export async function scheduleDay(ctx: Ctx, actor: Actor, employeeId: number, date: string): Promise<ScheduleRow | null> {
  if (actor.employeeId === employeeId && hasPermission(actor, 'personal.access')) {
    const page = await myShifts(ctx, requirePermission(actor, 'personal.access'), { from: date, to: date, pageSize: 1 });
    return page.rows[0] ?? null;
  }
  const page = await listSchedules(ctx, requirePermission(actor, 'attendance.view'), {
    employeeId,
    from: date,
    to: date,
    pageSize: 1,
  });
  return page.rows[0] ?? null;
}

/** Whether an employee exists, works here and is in the actor's scope (for create on behalf). */
export async function employeeInScope(db: Db, actor: Actor, employeeId: number): Promise<boolean> {
  const r = await sql<{ id: number }>`select e.id from employees e
    where e.id = ${employeeId} and e.resigned = 0 and ${scopeSql(scopeOf(actor), 'e')}`.execute(db);
  return r.rows.length > 0;
}

/** Message of an error for a bulk item (AppError messages are meant for users; others are hidden). */
export const messageOf = (err: unknown): string =>
  err instanceof AppError ? err.message : 'Unexpected error; nothing was changed for this item';

/** Runs one action per id, each in its own transaction: one refusal never undoes the others. */
export async function bulk(ids: readonly number[], one: (id: number) => Promise<string>): Promise<AttendanceBulkResult> {
  const items: AttendanceBulkItem[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      items.push({ id, ok: true, message: await one(id) });
    } catch (err) {
      items.push({ id, ok: false, message: messageOf(err) });
    }
  }
  const done = items.filter((i) => i.ok).length;
  return { done, failed: items.length - done, items };
}
