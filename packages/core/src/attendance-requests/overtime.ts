import { type SqlBool, sql } from 'kysely';
import { refuseOutsideRequestWindow } from '../attendance/index';
import {
  calculateOvertime,
  checkOvertimeLimits,
  type OvertimeDayType,
  type OvertimeEntry,
  OVERTIME_LIMITS,
  overtimeMaxPayableHours,
  overtimeWageBase,
} from '../payroll/index';
import { overtimeWageForPeriod, queryPayrollSettings } from '../payroll/index';
import type { Actor } from '../access/index';
import { type Grant, hasPermission } from '../access/index';
import { scopeOf, scopeSql } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import type { In } from '../shared/zod';
import {
  approveOvertimeInput,
  ATTENDANCE_REQUEST_STATUS as S,
  ATTENDANCE_REQUEST_STATUS_LABELS,
  type AttendanceRequestStatus,
  createMyOvertimeInput,
  createOvertimeBulkInput,
  createOvertimeInput,
  attendanceDecideInput,
  hoursOf,
  listOvertimeInput,
  myOvertimeInput,
  OVERTIME_DAY_KIND_LABELS,
  OVERTIME_STEP_MINUTES,
  type OvertimeDayKind,
  type OvertimeDetail,
  type OvertimePayPreview,
  type OvertimePlan,
  type OvertimeRow,
  overtimeMinutesOf,
  overtimePayPreviewInput,
  overtimePlanInput,
  attendanceRequestIdInput,
  updateOvertimeInput,
} from './schema';
import { bulkOf, ddmmyyyy, employeeInScope, ownEmployeeId, requestKind, scheduleDay, timesheetDay, todayOf } from './shared';
import type { Approve, Personal, RawRequest, Transition } from './shared';
import { anyId } from '../shared/sql';
import { employeeName } from '../shared/employee-sql';

/** Legal limits applied (PP 35/2021 Pasal 26: 4 h a day, 18 h a week on workdays). */
export const OVERTIME_REGIME = 'pp35-2021' as const;

const notFound = () => new AppError('NOT_FOUND', 'Overtime request not found');
const decidedMeanwhile = () =>
  new AppError('CONFLICT', 'This overtime request has been decided already; reload to see its status');

// ---------------------------------------------------------------------------------------------
// Day types and limits

/** ISO weekday, 1 Monday … 7 Sunday. */
const isoDow = (date: string): number => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};
const mondayOf = (date: string): string => {
  const t = Date.parse(`${date}T00:00:00Z`) - (isoDow(date) - 1) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
};
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The payroll multiplier table for a recorded day type (PP 35/2021 Pasal 31; payroll-id.md §3):
 * a public holiday in a 6-day week that falls on the shortest workday (Saturday, the 5-hour day
 * of a 7-7-7-7-7-5 week) uses its own table; every other holiday uses the rest-day table.
 */
export function payrollDayTypeOf(kind: OvertimeDayKind, date: string, workWeek: 5 | 6): OvertimeDayType {
  if (kind === 'workday') return 'workday';
  if (kind === 'holiday' && workWeek === 6 && isoDow(date) === 6) return 'holiday-shortest-workday';
  return 'restday';
}

/** The day type of an employee's day from the roster (or default shift) and the holidays. */
async function dayKindOf(
  ctx: Ctx,
  actor: Actor,
  employeeId: number,
  date: string,
): Promise<{ kind: OvertimeDayKind; holiday: string | null; shift: string | null }> {
  const plan = await scheduleDay(ctx, actor, employeeId, date);
  if (!plan) throw notFound();
  const kind: OvertimeDayKind = plan.holiday ? 'holiday' : plan.shiftId === null ? 'restday' : 'workday';
  return { kind, holiday: plan.holiday, shift: plan.shift };
}

/** Live (pending and approved) overtime of the employee's ISO week, as the limit check's entries. */
async function weekEntries(db: Db, employeeId: number, date: string, excludeId: number | null, statuses: number[]) {
  const monday = mondayOf(date);
  const rows = await db
    .selectFrom('attendance_overtimes')
    .select(['work_date', 'day_type', 'status', 'minutes', 'approved_minutes'])
    .where('employee_id', '=', employeeId)
    .where('work_date', '>=', monday)
    .where('work_date', '<=', plusDays(monday, 6))
    .where('status', 'in', statuses)
    .where('deleted_at', 'is', null)
    .where('id', '<>', excludeId ?? 0)
    .execute();
  return rows.map(
    (r): OvertimeEntry => ({
      date: r.work_date,
      // Quarter hours are exact binary fractions: no float error in these sums.
      hours: (r.status === S.Approved ? (r.approved_minutes ?? r.minutes) : r.minutes) / 60,
      dayType: r.day_type === 'workday' ? 'workday' : 'restday',
    }),
  );
}

/**
 * Refuses overtime beyond the legal limits (payroll's checkOvertimeLimits, PP 35/2021 Pasal 26:
 * workday overtime at most 4 h a day and 18 h a week; rest days and holidays do not count) and
 * beyond what the multiplier table covers on a rest day or holiday (Pasal 31).
 */
async function checkLimits(
  db: Db,
  r: { employeeId: number; date: string; kind: OvertimeDayKind; minutes: number; excludeId: number | null },
  statuses: number[],
  code: 'VALIDATION' | 'CONFLICT',
): Promise<void> {
  const { workWeek } = await queryPayrollSettings(db);
  const hours = r.minutes / 60;
  const payrollType = payrollDayTypeOf(r.kind, r.date, workWeek);
  const max = overtimeMaxPayableHours(workWeek, payrollType);
  const limits = OVERTIME_LIMITS[OVERTIME_REGIME];
  if (r.kind !== 'workday' && max !== null && hours > max) {
    throw new AppError(
      code,
      `Overtime on a ${OVERTIME_DAY_KIND_LABELS[r.kind].toLowerCase()} may be at most ${max} hours in a ${workWeek}-day week (PP 35/2021 Pasal 31)`,
      { fields: [{ param: 'hours', msg: `must be at most ${max}` }] },
    );
  }
  const entries = await weekEntries(db, r.employeeId, r.date, r.excludeId, statuses);
  const mine: OvertimeEntry = { date: r.date, hours, dayType: r.kind === 'workday' ? 'workday' : 'restday' };
  const violation = checkOvertimeLimits([...entries, mine], OVERTIME_REGIME).find(
    (v) => (v.kind === 'day' && v.date === r.date) || (v.kind === 'week' && v.date === mondayOf(r.date)),
  );
  if (!violation) return;
  const message =
    violation.kind === 'day'
      ? `Overtime on a workday may be at most ${limits.maxHoursPerDay} hours a day (PP 35/2021 Pasal 26); ${ddmmyyyy(r.date)} would have ${violation.hours} hours`
      : `Overtime on workdays may be at most ${limits.maxHoursPerWeek} hours a week (PP 35/2021 Pasal 26); the week of ${ddmmyyyy(violation.date)} would have ${violation.hours} hours`;
  throw new AppError(code, message, {
    fields: [
      {
        param: 'hours',
        msg:
          violation.kind === 'day'
            ? `exceeds ${limits.maxHoursPerDay} hours a day`
            : `exceeds ${limits.maxHoursPerWeek} hours a week`,
      },
    ],
  });
}

/** The day type, the shift and the workday overtime already planned in the week (form hints). */
export async function overtimePlan(ctx: Ctx, grant: Personal, raw: In<typeof overtimePlanInput>): Promise<OvertimePlan> {
  const input = overtimePlanInput.parse(raw);
  const actor = grant.actor;
  if (
    actor.employeeId !== input.employeeId &&
    !(hasPermission(actor, 'attendance.view') && (await employeeInScope(ctx.db, actor, input.employeeId)))
  )
    throw new AppError('NOT_FOUND', 'Employee not found');
  const day = await dayKindOf(ctx, actor, input.employeeId, input.date);
  const entries = await weekEntries(ctx.db, input.employeeId, input.date, null, [S.Pending, S.Approved]);
  const week = entries.filter((e) => e.dayType === 'workday').reduce((s, e) => s + e.hours, 0);
  const limits = OVERTIME_LIMITS[OVERTIME_REGIME];
  return {
    employeeId: input.employeeId,
    date: input.date,
    dayType: day.kind,
    dayTypeLabel: OVERTIME_DAY_KIND_LABELS[day.kind],
    holiday: day.holiday,
    shift: day.shift,
    weekHours: String(week),
    limits: { maxHoursPerDay: limits.maxHoursPerDay, maxHoursPerWeek: limits.maxHoursPerWeek, source: limits.source },
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

interface RawOvertime extends RawRequest {
  startTime: string | null;
  endTime: string | null;
  minutes: number;
  approvedMinutes: number | null;
  actualMinutes: number | null;
  dayType: OvertimeDayKind;
}

const toRow = ({ minutes, approvedMinutes, actualMinutes, requesterUserId: _r, ...r }: RawOvertime): OvertimeRow => ({
  ...r,
  hours: hoursOf(minutes),
  approvedHours: approvedMinutes === null ? null : hoursOf(approvedMinutes),
  actualHours: actualMinutes === null ? null : hoursOf(actualMinutes),
  dayTypeLabel: OVERTIME_DAY_KIND_LABELS[r.dayType],
  status: r.status as AttendanceRequestStatus,
  statusLabel: ATTENDANCE_REQUEST_STATUS_LABELS[r.status as AttendanceRequestStatus],
});

const requests = requestKind(
  'overtime',
  sql`to_char(r.start_time, 'HH24:MI') as "startTime", to_char(r.end_time, 'HH24:MI') as "endTime",
  r.minutes, r.approved_minutes as "approvedMinutes", r.actual_minutes as "actualMinutes", r.day_type as "dayType"`,
  toRow,
  notFound,
);
const dayTypeIs = (dayType: OvertimeDayKind | undefined) => (dayType ? [sql<SqlBool>`r.day_type = ${dayType}`] : []);

/** Overtime of the employees in the caller's scope (spec /attendance/overtime), filtered, paginated. */
export const listOvertime = requests.scopedList(listOvertimeInput, (f) => dayTypeIs(f.dayType));

/** The caller's own overtime (spec /personal/overtime). */
export const myOvertime = requests.ownList(myOvertimeInput);

/** Pending overtime the caller may decide, oldest first (home dashboard widget). */
export const overtimeAwaitingMe = requests.awaitingMe;

const visibleOvertime = requests.visible;

/**
 * Hours worked inside the planned window per the day's timesheet (the overlap of clock-in..clock-out
 * with the planned start..end), in quarter hours rounded down. Without times: on a rest day or
 * holiday the day's worked minutes; on a workday it cannot be told apart from the shift (null).
 * Null too for a day not over yet or without both punches.
 */
async function actualMinutesOf(ctx: Ctx, actor: Actor, o: RawOvertime): Promise<number | null> {
  if (o.date >= todayOf(ctx)) return null;
  const day = await timesheetDay(ctx, actor, o.employeeId, o.date).catch(() => null);
  if (!day?.firstIn || !day.lastOut) return null;
  const floor = (m: number) => Math.max(0, Math.floor(m / OVERTIME_STEP_MINUTES) * OVERTIME_STEP_MINUTES);
  if (!o.startTime || !o.endTime) return o.dayType === 'workday' ? null : floor(Math.min(day.workedMinutes, o.minutes));
  const at = (s: string) => Date.parse(`${s.replace(' ', 'T')}:00Z`);
  const start = at(`${o.date} ${o.startTime}`);
  let end = at(`${o.date} ${o.endTime}`);
  if (end <= start) end += 86_400_000;
  const overlap = Math.min(end, at(day.lastOut)) - Math.max(start, at(day.firstIn));
  return floor(Math.min(overlap / 60_000, o.minutes));
}

async function detail(ctx: Ctx, actor: Actor, id: number): Promise<OvertimeDetail> {
  const o = await visibleOvertime(ctx.db, actor, id);
  const [history, actual] = await Promise.all([requests.history(ctx.db, id), actualMinutesOf(ctx, actor, o)]);
  const can = await requests.can(ctx.db, actor, o, ({ pending, mine }) => pending && mine);
  return { ...toRow(o), history, actualHoursNow: actual === null ? null : hoursOf(actual), can };
}

/** One overtime request with its history, the actual hours per punches, and what the caller may do. */
export async function getOvertime(ctx: Ctx, grant: Personal, raw: In<typeof attendanceRequestIdInput>): Promise<OvertimeDetail> {
  const { id } = attendanceRequestIdInput.parse(raw);
  return detail(ctx, grant.actor, id);
}

// ---------------------------------------------------------------------------------------------
// Writes

const minutesOf = (v: { startTime?: string | undefined; endTime?: string | undefined; hours?: number | undefined }) =>
  v.startTime && v.endTime ? overtimeMinutesOf(v.startTime, v.endTime) : Math.round((v.hours ?? 0) * 60);

const duplicate = (date: string) => () =>
  new AppError('CONFLICT', `An overtime request for ${ddmmyyyy(date)} is already pending or approved`, {
    fields: [{ param: 'date', msg: 'already has an overtime request' }],
  });

/** The same day's live request is refused first (its message is clearer than a limit's). */
async function refuseDuplicate(db: Db, employeeId: number, date: string, excludeId: number | null): Promise<void> {
  const live = await db
    .selectFrom('attendance_overtimes')
    .select('id')
    .where('employee_id', '=', employeeId)
    .where('work_date', '=', date)
    .where('status', 'in', [S.Pending, S.Approved])
    .where('deleted_at', 'is', null)
    .where('id', '<>', excludeId ?? 0)
    .executeTakeFirst();
  if (live) throw duplicate(date)();
}

type OvertimeTimes = {
  date: string;
  startTime?: string | undefined;
  endTime?: string | undefined;
  hours?: number | undefined;
  reason: string;
};

async function insertOvertime(ctx: Ctx, actor: Actor, employeeId: number, input: OvertimeTimes): Promise<number> {
  refuseOutsideRequestWindow(todayOf(ctx), [{ param: 'date', date: input.date }]);
  const minutes = minutesOf(input);
  const day = await dayKindOf(ctx, actor, employeeId, input.date);
  return inTransaction(ctx, (trx) => insertOvertimeIn(ctx, trx, actor, { employeeId, input, minutes, kind: day.kind }));
}

/** One request inside the caller's transaction: the employee locked, duplicates and limits refused, the step recorded. */
async function insertOvertimeIn(
  ctx: Ctx,
  trx: Db,
  actor: Actor,
  r: { employeeId: number; input: OvertimeTimes; minutes: number; kind: OvertimeDayKind },
): Promise<number> {
  const { employeeId, input, minutes, kind } = r;
  await requests.lock(trx, employeeId);
  await refuseDuplicate(trx, employeeId, input.date, null);
  await checkLimits(trx, { employeeId, date: input.date, kind, minutes, excludeId: null }, [S.Pending, S.Approved], 'VALIDATION');
  const row = await dbWrite(
    () =>
      trx
        .insertInto('attendance_overtimes')
        .values({
          employee_id: employeeId,
          work_date: input.date,
          start_time: input.startTime ? `${input.startTime}:00` : null,
          end_time: input.endTime ? `${input.endTime}:00` : null,
          minutes,
          day_type: kind,
          reason: input.reason,
          requester_user_id: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { unique: { attendance_overtimes_live_uq: duplicate(input.date) } },
  );
  await requests.record(ctx, trx, actor, row.id, 'request', {
    from: null,
    to: S.Pending,
    after: { employeeId, ...input, minutes, dayType: kind },
  });
  return row.id;
}

/** The employee requests overtime for one of their days (spec /personal/overtime/add). */
export async function requestOvertime(ctx: Ctx, grant: Personal, raw: In<typeof createMyOvertimeInput>): Promise<OvertimeDetail> {
  const input = createMyOvertimeInput.parse(raw);
  const id = await insertOvertime(ctx, grant.actor, ownEmployeeId(grant.actor), input);
  return detail(ctx, grant.actor, id);
}

/** HR or a manager orders overtime for an employee in scope (spec /attendance/overtime/add); Pending until approved. */
export async function createOvertime(ctx: Ctx, grant: Approve, raw: In<typeof createOvertimeInput>): Promise<OvertimeDetail> {
  const input = createOvertimeInput.parse(raw);
  if (!(await employeeInScope(ctx.db, grant.actor, input.employeeId)))
    throw new AppError('NOT_FOUND', 'Employee not found', { fields: [{ param: 'employeeId', msg: 'not found' }] });
  const id = await insertOvertime(ctx, grant.actor, input.employeeId, input);
  return detail(ctx, grant.actor, id);
}

/**
 * Overtime in bulk (spec §4 "each also in bulk", issue 20 item 1): the same hours for several employees on
 * every date of a range, all or nothing. Every employee-day is checked as a single request is (scope,
 * request window, one live request a day, the PP 35/2021 limits); when any fails, nothing is filed and
 * the refusal lists each failing employee-day under `employeeIds.<i>`.
 */
export async function createOvertimeBulk(
  ctx: Ctx,
  grant: Approve,
  raw: In<typeof createOvertimeBulkInput>,
): Promise<{ created: number; ids: number[] }> {
  const input = createOvertimeBulkInput.parse(raw);
  const actor = grant.actor;
  const dates: string[] = [];
  for (let d = input.dateFrom; d <= input.dateTo; d = plusDays(d, 1)) dates.push(d);
  refuseOutsideRequestWindow(todayOf(ctx), [
    { param: 'dateFrom', date: input.dateFrom },
    { param: 'dateTo', date: input.dateTo },
  ]);
  const people = await ctx.db
    .selectFrom('employees as e')
    .select(['e.id', 'e.employee_number', employeeName.as('name')])
    .where(anyId('e.id', input.employeeIds))
    .where('e.resigned', '=', 0)
    .where(scopeSql(scopeOf(actor), 'e'))
    .execute();
  const byId = new Map(people.map((p) => [p.id, p]));
  const missing = input.employeeIds.flatMap((employeeId, i) =>
    byId.has(employeeId) ? [] : [{ param: `employeeIds.${i}`, msg: 'not found' }],
  );
  if (missing.length) throw new AppError('NOT_FOUND', 'Employee not found', { fields: missing });
  const minutes = minutesOf(input);
  const plans: { i: number; employeeId: number; date: string; kind: OvertimeDayKind }[] = [];
  for (const [i, employeeId] of input.employeeIds.entries())
    for (const date of dates) plans.push({ i, employeeId, date, kind: (await dayKindOf(ctx, actor, employeeId, date)).kind });
  return inTransaction(ctx, async (trx) => {
    const failures: { param: string; msg: string }[] = [];
    const ids: number[] = [];
    for (const p of plans) {
      try {
        const times = { startTime: input.startTime, endTime: input.endTime, hours: input.hours, reason: input.reason };
        ids.push(
          await insertOvertimeIn(ctx, trx, actor, {
            employeeId: p.employeeId,
            input: { ...times, date: p.date },
            minutes,
            kind: p.kind,
          }),
        );
      } catch (e) {
        if (!(e instanceof AppError) || e.code === 'INTERNAL') throw e;
        const who = byId.get(p.employeeId);
        failures.push({
          param: `employeeIds.${p.i}`,
          msg: `${who?.name} (${who?.employee_number}) ${ddmmyyyy(p.date)}: ${e.message}`,
        });
      }
    }
    if (failures.length)
      throw new AppError(
        'VALIDATION',
        `No overtime was filed: ${failures.length} of ${plans.length} employee-days cannot be requested`,
        {
          fields: failures,
        },
      );
    return { created: ids.length, ids };
  });
}

/** Updates a pending request (its employee, or an approver in scope); the limits are checked again. */
export async function updateOvertime(ctx: Ctx, grant: Personal, raw: In<typeof updateOvertimeInput>): Promise<OvertimeDetail> {
  const input = updateOvertimeInput.parse(raw);
  const actor = grant.actor;
  const seen = await visibleOvertime(ctx.db, actor, input.id);
  requests.refuseUnlessMayUpdate(actor, seen.employeeId);
  refuseOutsideRequestWindow(todayOf(ctx), [{ param: 'date', date: input.date }]);
  const minutes = minutesOf(input);
  const day = await dayKindOf(ctx, actor, seen.employeeId, input.date);
  await inTransaction(ctx, async (trx) => {
    await requests.lock(trx, seen.employeeId);
    await refuseDuplicate(trx, seen.employeeId, input.date, seen.id);
    await checkLimits(
      trx,
      { employeeId: seen.employeeId, date: input.date, kind: day.kind, minutes, excludeId: seen.id },
      [S.Pending, S.Approved],
      'VALIDATION',
    );
    await requests.updatePending(ctx, trx, actor, seen.id, {
      set: {
        work_date: input.date,
        start_time: input.startTime ? `${input.startTime}:00` : null,
        end_time: input.endTime ? `${input.endTime}:00` : null,
        minutes,
        day_type: day.kind,
        reason: input.reason,
      },
      unique: { attendance_overtimes_live_uq: duplicate(input.date) },
      before: { date: seen.date, startTime: seen.startTime, endTime: seen.endTime, minutes: seen.minutes, reason: seen.reason },
      after: { ...input, minutes, dayType: day.kind },
    });
  });
  return detail(ctx, actor, input.id);
}

/**
 * One guarded transition in its own transaction (shared.ts transitionRequest, the same rules as
 * corrections): approve and disapprove from Pending (never one's own); cancel by the employee from
 * Pending; delete (soft) by an approver from any status — a deleted approved request no longer
 * feeds payroll. Approval re-checks the weekly limit against the approved overtime under the
 * employee's lock and pays the given hours (default the planned ones, at most those).
 */
async function transition(
  ctx: Ctx,
  actor: Actor,
  id: number,
  action: Transition,
  opts: { note?: string | undefined; hours?: number | undefined } = {},
): Promise<OvertimeRow> {
  const seen = await visibleOvertime(ctx.db, actor, id);
  const actual = action === 'approve' || action === 'disapprove' ? await actualMinutesOf(ctx, actor, seen) : null;
  return inTransaction(ctx, async (trx) => {
    await requests.lock(trx, seen.employeeId);
    const o = await visibleOvertime(trx, actor, id, true);
    let approvedMinutes: number | null = null;
    const to = await requests.transition(ctx, trx, actor, o, action, {
      note: opts.note,
      cancel: (mine) => {
        if (!mine) throw new AppError('FORBIDDEN', 'Only the employee can cancel an overtime request');
        return { from: [S.Pending], byEmployee: true };
      },
      decide: async () => {
        if (action !== 'approve') return;
        approvedMinutes = opts.hours === undefined ? o.minutes : Math.round(opts.hours * 60);
        if (approvedMinutes > o.minutes)
          throw new AppError('VALIDATION', `At most the planned ${hoursOf(o.minutes)} hours can be approved`, {
            fields: [{ param: 'hours', msg: `must be at most ${hoursOf(o.minutes)}` }],
          });
        if (o.status === S.Pending)
          await checkLimits(
            trx,
            { employeeId: o.employeeId, date: o.date, kind: o.dayType, minutes: approvedMinutes, excludeId: o.id },
            [S.Approved],
            'CONFLICT',
          );
      },
      decided: () => ({ approved_minutes: approvedMinutes, actual_minutes: actual }),
      auditAfter: (to) => ({ status: to, approvedMinutes, actualMinutes: actual, note: opts.note }),
      refuse: async () =>
        action === 'cancel' && o.status !== S.Pending
          ? new AppError(
              'CONFLICT',
              `An overtime request that is ${ATTENDANCE_REQUEST_STATUS_LABELS[o.status as AttendanceRequestStatus]} cannot be cancelled`,
            )
          : decidedMeanwhile(),
    });
    return toRow({ ...o, status: to, approvedMinutes: approvedMinutes ?? o.approvedMinutes });
  });
}

/** Approves a pending overtime request (optionally fewer hours than planned). */
export async function approveOvertime(ctx: Ctx, grant: Approve, raw: In<typeof approveOvertimeInput>): Promise<OvertimeDetail> {
  const input = approveOvertimeInput.parse(raw);
  await transition(ctx, grant.actor, input.id, 'approve', { note: input.note, hours: input.hours });
  return detail(ctx, grant.actor, input.id);
}

/** One transition with the caller's note, then the request as the caller sees it. */
const withNote =
  (action: 'disapprove' | 'cancel') =>
  async (ctx: Ctx, grant: Approve | Personal, raw: In<typeof attendanceDecideInput>): Promise<OvertimeDetail> => {
    const input = attendanceDecideInput.parse(raw);
    await transition(ctx, grant.actor, input.id, action, { note: input.note });
    return detail(ctx, grant.actor, input.id);
  };

/** Disapproves a pending overtime request. */
export const disapproveOvertime: (ctx: Ctx, grant: Approve, raw: In<typeof attendanceDecideInput>) => Promise<OvertimeDetail> =
  withNote('disapprove');

/** The employee cancels their own pending request (status Cancel, 4). */
export const cancelMyOvertime: (ctx: Ctx, grant: Personal, raw: In<typeof attendanceDecideInput>) => Promise<OvertimeDetail> =
  withNote('cancel');

const bulk = bulkOf((ctx, actor, id, action: Exclude<Transition, 'cancel'>, note) =>
  transition(ctx, actor, id, action, { note }),
);

/** Bulk approve (spec §4): each request separately at its planned hours, with its own result. */
export const bulkApproveOvertime = bulk('approve');
export const bulkDisapproveOvertime = bulk('disapprove');
/** Bulk delete (spec §4), soft. */
export const bulkDeleteOvertime = bulk('delete');

/** One request deleted (soft), `POST attendance/overtime/{id}/delete` beside the bulk one (issue 20 item 1). */
export async function deleteOvertime(ctx: Ctx, grant: Approve, raw: In<typeof attendanceDecideInput>): Promise<{ id: number }> {
  const input = attendanceDecideInput.parse(raw);
  await transition(ctx, grant.actor, input.id, 'delete', { note: input.note });
  return { id: input.id };
}

// ---------------------------------------------------------------------------------------------
// Pay preview (payroll engine, read-only)

/**
 * What the overtime would pay, exactly as the payslip of its month will (docs/payroll.md, overtime): the month's
 * wage description from payroll (overtimeWageForPeriod: contract type, basic salary or daily rate, fixed
 * allowances) and the same calculateOvertime call the run makes, so the monthly wage is overtimeWageBase's
 * (a daily worker's daily rate × 21 or 25, PP 35/2021 Pasal 32), hourly wage = wage / 173, multipliers by the
 * day's table (Pasal 31), one rounding half up. Needs salary.view.
 */
export async function overtimePayPreview(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof overtimePayPreviewInput>,
): Promise<OvertimePayPreview> {
  const input = overtimePayPreviewInput.parse(raw);
  const wage = await overtimeWageForPeriod(ctx, grant, { employeeId: input.employeeId, period: input.date.slice(0, 7) });
  if (!wage || (wage.basicSalary === 0 && wage.fixedAllowances === 0))
    throw new AppError(
      'PRECONDITION_FAILED',
      'No basic salary is recorded for this employee, so overtime pay cannot be previewed',
    );
  const { workWeek } = wage;
  const payrollDayType = payrollDayTypeOf(input.dayType, input.date, workWeek);
  const max = overtimeMaxPayableHours(workWeek, payrollDayType);
  if (max !== null && input.hours > max)
    throw new AppError('VALIDATION', `At most ${max} hours are payable on this day type`, {
      fields: [{ param: 'hours', msg: `must be at most ${max}` }],
    });
  const r = calculateOvertime({ ...wage, dayType: payrollDayType, hours: input.hours });
  return {
    employeeId: input.employeeId,
    monthlyWage: String(r.output.monthlyWage),
    workWeek,
    payrollDayType,
    hours: String(input.hours),
    hourlyWage: overtimeWageBase(wage).hourlyWage.toFixed(6),
    lines: r.output.hours.map((h) => ({ hour: h.hour, multiplier: String(h.multiplier), pay: String(h.pay) })),
    pay: String(r.output.pay),
    source: `PP 35/2021 Pasal 31–32: ${r.trace.monthlyWage?.formula ?? 'monthly wage'} (payroll overtimeWageBase, calculateOvertime)`,
  };
}
