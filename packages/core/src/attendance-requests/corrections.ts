import { type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  addDays,
  refuseOutsideRequestWindow,
  removeTimesheetOverrides,
  setTimesheetOverrides,
  type TimesheetOverride,
  type TimesheetRow,
} from '../attendance/index';
import { audit } from '../audit/service';
import type { Actor } from '../permissions/actor';
import { mayDecideSql } from '../permissions/duties';
import { type Grant, hasPermission } from '../permissions/grant';
import { scopeSql } from '../permissions/scope';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, invalid } from '../shared/errors';
import { likePattern } from '../shared/sql';
import type { Page, In } from '../shared/zod';
import {
  ATTENDANCE_REQUEST_STATUS as S,
  ATTENDANCE_REQUEST_STATUS_LABELS,
  type AttendanceRequestStatus,
  type AttendanceAwaiting,
  type AttendanceBulkResult,
  attendanceBulkInput,
  attendanceAwaitingInput,
  CORRECTION_TYPE,
  CORRECTION_TYPE_LABELS,
  type CorrectionDay,
  type CorrectionDetail,
  type CorrectionRow,
  type CorrectionType,
  correctionDayInput,
  createCorrectionInput,
  attendanceDecideInput,
  listCorrectionsInput,
  myCorrectionsInput,
  myCorrectionDayInput,
  attendanceRequestIdInput,
  updateCorrectionInput,
} from './schema';
import {
  addHistory,
  bulk,
  ddmmyyyy,
  hhmm,
  historyOf,
  lockEmployee,
  mayDecide,
  ownEmployeeId,
  ownSql,
  passesDuties,
  personName,
  assertMayDecideRequest,
  timesheetDay,
  todayOf,
  visibleSql,
} from './shared';

type View = Grant<'attendance.view'>;
type Approve = Grant<'attendance.approve'>;
type Personal = Grant<'personal.access'>;

/** Override source and priority of approved corrections (manual edits use 100, so they stay on top). */
export const CORRECTION_SOURCE = 'correction';
export const CORRECTION_PRIORITY = 50;

const notFound = () => new AppError('NOT_FOUND', 'Correction not found');
const decidedMeanwhile = () => new AppError('CONFLICT', 'This correction has been decided already; reload to see its status');

// ---------------------------------------------------------------------------------------------
// Reads

interface RawCorrection {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  date: string;
  type: number;
  startTime: string | null;
  endTime: string | null;
  reason: string;
  status: number;
  requestedBy: string;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  createdAt: Date;
  requesterUserId: number;
}

const select = sql`c.id, e.id as "employeeId", e.employee_number as "employeeNumber",
  trim(e.given_name || ' ' || e.surname) as "employeeName", d.name as department,
  to_char(c.work_date, 'YYYY-MM-DD') as date, c.type, to_char(c.start_time, 'HH24:MI') as "startTime",
  to_char(c.end_time, 'HH24:MI') as "endTime", c.reason, c.status,
  ${personName('ru', 're')} as "requestedBy",
  case when du.id is null then null else ${personName('du', 'de')} end as "decidedBy",
  c.decided_at as "decidedAt", c.decision_note as "decisionNote", c.created_at as "createdAt",
  c.requester_user_id as "requesterUserId"`;

const from = sql`attendance_corrections c
  join employees e on e.id = c.employee_id
  left join departments d on d.id = e.department_id
  join users ru on ru.id = c.requester_user_id
  left join employees re on re.id = ru.employee_id
  left join users du on du.id = c.decided_by_user_id
  left join employees de on de.id = du.employee_id`;

const toRow = ({ requesterUserId: _r, ...r }: RawCorrection): CorrectionRow => ({
  ...r,
  type: r.type as CorrectionType,
  typeLabel: CORRECTION_TYPE_LABELS[r.type as CorrectionType],
  status: r.status as AttendanceRequestStatus,
  statusLabel: ATTENDANCE_REQUEST_STATUS_LABELS[r.status as AttendanceRequestStatus],
});

interface Filter {
  status?: number | undefined;
  type?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  companyOfficeId?: number | undefined;
  departmentId?: number | undefined;
  employeeId?: number | undefined;
  search?: string | undefined;
}

function whereOf(visible: RawBuilder<SqlBool>, f: Filter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`c.deleted_at is null`, visible];
  if (f.status) parts.push(sql<SqlBool>`c.status = ${f.status}`);
  if (f.type) parts.push(sql<SqlBool>`c.type = ${f.type}`);
  if (f.from) parts.push(sql<SqlBool>`c.work_date >= ${f.from}::date`);
  if (f.to) parts.push(sql<SqlBool>`c.work_date <= ${f.to}::date`);
  if (f.companyOfficeId) parts.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) parts.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  if (f.employeeId) parts.push(sql<SqlBool>`e.id = ${f.employeeId}`);
  if (f.search) {
    const like = likePattern(f.search);
    parts.push(
      sql<SqlBool>`(trim(e.given_name || ' ' || e.surname) ilike ${like} or e.employee_number ilike ${like} or c.reason ilike ${like})`,
    );
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

async function page(
  db: Db,
  where: RawBuilder<SqlBool>,
  p: { page: number; pageSize: number },
  order = sql`c.work_date desc, c.id desc`,
): Promise<Page<CorrectionRow>> {
  const r = await sql<RawCorrection & { total: number }>`
    select ${select}, (count(*) over ())::int as total from ${from}
    where ${where} order by ${order}
    limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}`.execute(db);
  let total = r.rows[0]?.total ?? 0;
  if (r.rows.length === 0 && p.page > 1) {
    const c = await sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`.execute(db);
    total = c.rows[0]?.n ?? 0;
  }
  return { rows: r.rows.map(({ total: _t, ...row }) => toRow(row)), total, page: p.page, pageSize: p.pageSize };
}

/** Corrections of the employees in the caller's scope (spec /attendance/timesheet/correction), filtered, paginated. */
export async function listCorrections(ctx: Ctx, grant: View, raw: In<typeof listCorrectionsInput>): Promise<Page<CorrectionRow>> {
  const f = listCorrectionsInput.parse(raw);
  return page(ctx.db, whereOf(scopeSql(grant.scope, 'e'), f), f);
}

/** The caller's own corrections (spec /personal/attendance/correction). */
export async function myCorrections(ctx: Ctx, grant: Personal, raw: In<typeof myCorrectionsInput>): Promise<Page<CorrectionRow>> {
  const f = myCorrectionsInput.parse(raw);
  ownEmployeeId(grant.actor);
  return page(ctx.db, whereOf(ownSql(grant.actor), f), f);
}

/** Pending corrections the caller may decide, oldest first (home dashboard widget). */
export async function correctionsAwaitingMe(
  ctx: Ctx,
  grant: Approve,
  raw: In<typeof attendanceAwaitingInput>,
): Promise<AttendanceAwaiting<CorrectionRow>> {
  const { limit } = attendanceAwaitingInput.parse(raw);
  // Only what the duty rules let the caller decide (docs/security.md §1.3).
  const decidable = mayDecideSql(grant.actor, {
    requestedBy: sql.ref('c.requester_user_id'),
    subjectEmployeeId: sql.ref('c.employee_id'),
    filedAt: sql.ref('c.created_at'),
  });
  const where = sql<SqlBool>`${whereOf(scopeSql(grant.scope, 'e'), { status: S.Pending })} and ${decidable}`;
  const p = await page(ctx.db, where, { page: 1, pageSize: limit }, sql`c.created_at, c.id`);
  return { rows: p.rows, total: p.total };
}

async function visibleCorrection(db: Db, actor: Actor, id: number, lock = false): Promise<RawCorrection> {
  const r = await sql<RawCorrection>`select ${select} from ${from}
    where c.id = ${id} and c.deleted_at is null and ${visibleSql(actor)}
    ${lock ? sql`for update of c` : sql``}`.execute(db);
  const row = r.rows[0];
  if (!row) throw notFound();
  return row;
}

const toDay = (r: TimesheetRow | null): CorrectionDay | null =>
  r && {
    date: r.date,
    dayType: r.dayType,
    shift: r.shift,
    status: r.status,
    statusLabel: r.statusLabel,
    firstIn: r.firstIn,
    lastOut: r.lastOut,
    lateMinutes: r.lateMinutes,
    earlyMinutes: r.earlyMinutes,
    workedMinutes: r.workedMinutes,
    manual: r.manual,
  };

/** One correction with its history, the day's timesheet row now, and what the caller may do. */
export async function getCorrection(
  ctx: Ctx,
  grant: Personal,
  raw: In<typeof attendanceRequestIdInput>,
): Promise<CorrectionDetail> {
  const { id } = attendanceRequestIdInput.parse(raw);
  return detail(ctx, grant.actor, id);
}

async function detail(ctx: Ctx, actor: Actor, id: number): Promise<CorrectionDetail> {
  const c = await visibleCorrection(ctx.db, actor, id);
  const [history, day] = await Promise.all([
    historyOf(ctx.db, 'correction', id),
    timesheetDay(ctx, actor, c.employeeId, c.date).catch(() => null),
  ]);
  const pending = c.status === S.Pending;
  const mine = actor.employeeId === c.employeeId;
  const decide = mayDecide(actor, c.employeeId);
  const decideNow = pending && decide && (await passesDuties(ctx.db, actor, 'correction', id));
  return {
    ...toRow(c),
    history,
    day: toDay(day),
    can: {
      update: pending && (mine || decide),
      approve: decideNow,
      disapprove: decideNow,
      cancel: (pending && mine) || (decide && (pending || c.status === S.Approved)),
      delete: decide,
    },
  };
}

/** The timesheet row of an employee's day (HR screens: what a correction would change). */
export async function correctionDay(ctx: Ctx, grant: View, raw: In<typeof correctionDayInput>): Promise<CorrectionDay | null> {
  const input = correctionDayInput.parse(raw);
  return toDay(await timesheetDay(ctx, grant.actor, input.employeeId, input.date));
}

/** The caller's own timesheet row of a day (shown on the request form when a date is picked). */
export async function myCorrectionDay(
  ctx: Ctx,
  grant: Personal,
  raw: In<typeof myCorrectionDayInput>,
): Promise<CorrectionDay | null> {
  const input = myCorrectionDayInput.parse(raw);
  return toDay(await timesheetDay(ctx, grant.actor, ownEmployeeId(grant.actor), input.date));
}

// ---------------------------------------------------------------------------------------------
// Timesheet effect

/**
 * Rewrites the 'correction' override of one employee-day from every approved correction of that
 * day, and recomputes the day (docs/attendance-requests.md):
 * - Late Clock-In and Short Leave excuse the late minutes (0); Leave Early and Short Leave the
 *   early minutes (0);
 * - a Shift Correction replaces the clock-in and/or clock-out (the latest approved one per field);
 *   late, early and worked minutes then follow from the corrected times;
 * - the status is derived with the engine's rule from the corrected day (No Clock-In, No
 *   Clock-Out, Late Clock-In, Early Clock-Out, else Valid), so an excused day reads Valid.
 * No approved correction left: the override is removed and the day is computed from punches again.
 * Runs inside the caller's transaction, under the employee's lock.
 */
async function applyCorrectionsOfDay(ctx: Ctx, trx: Db, actor: Actor, employeeId: number, date: string): Promise<void> {
  const tctx: Ctx = { ...ctx, db: trx };
  const approved = await trx
    .selectFrom('attendance_corrections')
    .select(['id', 'type', 'start_time', 'end_time'])
    .where('employee_id', '=', employeeId)
    .where('work_date', '=', date)
    .where('status', '=', S.Approved)
    .where('deleted_at', 'is', null)
    .orderBy('decided_at')
    .orderBy('id')
    .execute();
  if (approved.length === 0) {
    await removeTimesheetOverrides(trx, [{ employeeId, date, source: CORRECTION_SOURCE }]);
    return;
  }
  const excuseLate = approved.some((c) => c.type === CORRECTION_TYPE.LateClockIn || c.type === CORRECTION_TYPE.ShortLeave);
  const excuseEarly = approved.some((c) => c.type === CORRECTION_TYPE.LeaveEarly || c.type === CORRECTION_TYPE.ShortLeave);
  const shifts = approved.filter((c) => c.type === CORRECTION_TYPE.ShiftCorrection);
  const inTime = hhmm(shifts.findLast((c) => c.start_time)?.start_time ?? null);
  const outTime = hhmm(shifts.findLast((c) => c.end_time)?.end_time ?? null);

  const before = await timesheetDay(tctx, actor, employeeId, date);
  const firstIn = inTime ? `${date}T${inTime}:00` : null;
  let lastOut = outTime ? `${date}T${outTime}:00` : null;
  // An out at or before the in is the next morning (overnight shift); the in is the corrected
  // one, else the day's computed clock-in.
  const inAt = firstIn ?? (before?.firstIn ? `${before.firstIn.replace(' ', 'T')}:00` : null);
  if (lastOut && inAt && lastOut <= inAt) lastOut = `${addDays(date, 1)}${lastOut.slice(10)}`;

  const override: TimesheetOverride = {
    employeeId,
    date,
    source: CORRECTION_SOURCE,
    priority: CORRECTION_PRIORITY,
    status: null, // derived by the engine (deriveStatus)
    firstIn,
    lastOut,
    lateMinutes: excuseLate ? 0 : null,
    earlyMinutes: excuseEarly ? 0 : null,
    refId: approved.at(-1)!.id,
    note: `Approved corrections ${approved.map((c) => `#${c.id}`).join(', ')}`,
    // The engine derives the status from the corrected times and excused minutes on every recompute,
    // so a punch arriving after the approval still moves it (a manual edit, priority 100, still wins).
    deriveStatus: true,
  };
  await setTimesheetOverrides(trx, [override], actor.userId);
}

// ---------------------------------------------------------------------------------------------
// Writes

const duplicate = (type: number, date: string) => () =>
  new AppError(
    'CONFLICT',
    `A ${CORRECTION_TYPE_LABELS[type as CorrectionType]} correction for ${ddmmyyyy(date)} is already pending or approved`,
    {
      fields: [{ param: 'type', msg: 'is already requested for this date' }],
    },
  );

function refuseFuture(ctx: Ctx, date: string): void {
  if (date > todayOf(ctx))
    throw invalid([{ param: 'date', msg: 'must not be in the future' }], 'A correction is for a day that has begun');
  refuseOutsideRequestWindow(todayOf(ctx), [{ param: 'date', date }]);
}

const timeOrNull = (t: string | undefined) => (t ? `${t}:00` : null);

/** The employee requests a correction of one of their own days (Pending). */
export async function requestCorrection(
  ctx: Ctx,
  grant: Personal,
  raw: In<typeof createCorrectionInput>,
): Promise<CorrectionDetail> {
  const input = createCorrectionInput.parse(raw);
  const employeeId = ownEmployeeId(grant.actor);
  refuseFuture(ctx, input.date);
  const id = await inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('attendance_corrections')
          .values({
            employee_id: employeeId,
            work_date: input.date,
            type: input.type,
            start_time: timeOrNull(input.startTime),
            end_time: timeOrNull(input.endTime),
            reason: input.reason,
            requester_user_id: grant.actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { attendance_corrections_live_uq: duplicate(input.type, input.date) } },
    );
    await addHistory(trx, {
      kind: 'correction',
      requestId: row.id,
      action: 'requested',
      from: null,
      to: S.Pending,
      actorUserId: grant.actor.userId,
    });
    await audit(ctx, trx, {
      action: 'attendance.correction.request',
      entity: 'attendance_corrections',
      entityId: row.id,
      after: input,
    });
    return row.id;
  });
  return getCorrection(ctx, grant, { id });
}

/**
 * Updates a pending correction (spec §4 "update"): its employee, or an approver with the employee
 * in scope. Guarded: only while Pending.
 */
export async function updateCorrection(
  ctx: Ctx,
  grant: Personal,
  raw: In<typeof updateCorrectionInput>,
): Promise<CorrectionDetail> {
  const input = updateCorrectionInput.parse(raw);
  const actor = grant.actor;
  refuseFuture(ctx, input.date);
  await inTransaction(ctx, async (trx) => {
    const c = await visibleCorrection(trx, actor, input.id);
    if (actor.employeeId !== c.employeeId && !mayDecide(actor, c.employeeId))
      throw new AppError('FORBIDDEN', 'Only the employee or an approver can change this correction');
    const updated = await dbWrite(
      () =>
        trx
          .updateTable('attendance_corrections')
          .set({
            work_date: input.date,
            type: input.type,
            start_time: timeOrNull(input.startTime),
            end_time: timeOrNull(input.endTime),
            reason: input.reason,
            updated_at: sql`now()`,
          })
          .where('id', '=', c.id)
          .where('status', '=', S.Pending)
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst(),
      { unique: { attendance_corrections_live_uq: duplicate(input.type, input.date) } },
    );
    if (!updated) throw new AppError('CONFLICT', 'Only a pending correction can be changed');
    await addHistory(trx, {
      kind: 'correction',
      requestId: c.id,
      action: 'updated',
      from: S.Pending,
      to: S.Pending,
      actorUserId: actor.userId,
    });
    await audit(ctx, trx, {
      action: 'attendance.correction.update',
      entity: 'attendance_corrections',
      entityId: c.id,
      before: { date: c.date, type: c.type, startTime: c.startTime, endTime: c.endTime, reason: c.reason },
      after: input,
    });
  });
  return getCorrection(ctx, grant, { id: input.id });
}

type Transition = 'approve' | 'disapprove' | 'cancel' | 'delete';

/**
 * One guarded transition of one correction in its own transaction. Approve and disapprove only
 * from Pending; cancel from Pending (the employee or an approver) or Approved (an approver: the
 * timesheet is restored); delete (an approver) from any status, soft, restoring the timesheet of
 * an approved one. The update carries the expected status in its WHERE, so of two concurrent
 * decisions exactly one changes the row and the other gets a clear refusal.
 */
async function transition(ctx: Ctx, actor: Actor, id: number, action: Transition, note?: string): Promise<CorrectionRow> {
  return inTransaction(ctx, async (trx) => {
    const seen = await visibleCorrection(trx, actor, id);
    // Every transition of one employee's corrections runs under this lock, so the re-read below
    // is the row's current state (the guarded update still refuses anything else).
    await lockEmployee(trx, 'correction', seen.employeeId);
    const c = await visibleCorrection(trx, actor, id, true);
    const mine = actor.employeeId === c.employeeId;
    const approver = hasPermission(actor, 'attendance.approve');
    if (action === 'approve' || action === 'disapprove') {
      if (!approver) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
      await assertMayDecideRequest(trx, actor, 'correction', c.id);
    } else if (action === 'cancel') {
      if (!(mine && c.status === S.Pending) && !(approver && !mine))
        throw new AppError(
          'FORBIDDEN',
          mine ? 'Only a pending correction can be cancelled by its employee' : 'You cannot cancel this correction',
        );
    } else if (!approver || mine) {
      throw new AppError('FORBIDDEN', 'You cannot delete this correction');
    }
    const fromStatuses: number[] =
      action === 'approve' || action === 'disapprove'
        ? [S.Pending]
        : action === 'cancel'
          ? mine
            ? [S.Pending]
            : [S.Pending, S.Approved]
          : [S.Approved, S.Disapproved, S.Pending, S.Cancel];
    const to =
      action === 'approve' ? S.Approved : action === 'disapprove' ? S.Disapproved : action === 'cancel' ? S.Cancel : null;
    let q = trx.updateTable('attendance_corrections').set({ updated_at: sql`now()` });
    if (to === null) q = q.set({ deleted_at: sql`now()`, deleted_by_user_id: actor.userId });
    else if (action === 'cancel' && mine) q = q.set({ status: to });
    else q = q.set({ status: to, decided_by_user_id: actor.userId, decided_at: sql`now()`, decision_note: note ?? null });
    const updated = await q
      .where('id', '=', c.id)
      .where('deleted_at', 'is', null)
      .where('status', 'in', fromStatuses)
      .returning(['id', 'status'])
      .executeTakeFirst();
    if (!updated) {
      const now = await trx
        .selectFrom('attendance_corrections')
        .select(['status', 'deleted_at'])
        .where('id', '=', c.id)
        .executeTakeFirst();
      if (!now || now.deleted_at) throw notFound();
      if (c.status === now.status && action === 'cancel')
        throw new AppError(
          'CONFLICT',
          `A correction that is ${ATTENDANCE_REQUEST_STATUS_LABELS[now.status as AttendanceRequestStatus]} cannot be cancelled`,
        );
      throw decidedMeanwhile();
    }
    const fromStatus = c.status;
    if (action === 'approve' || fromStatus === S.Approved) await applyCorrectionsOfDay(ctx, trx, actor, c.employeeId, c.date);
    await addHistory(trx, {
      kind: 'correction',
      requestId: c.id,
      action:
        action === 'approve'
          ? 'approved'
          : action === 'disapprove'
            ? 'disapproved'
            : action === 'cancel'
              ? 'cancelled'
              : 'deleted',
      from: fromStatus,
      to: to ?? fromStatus,
      note,
      actorUserId: actor.userId,
    });
    await audit(ctx, trx, {
      action: `attendance.correction.${action}`,
      entity: 'attendance_corrections',
      entityId: c.id,
      before: { status: fromStatus },
      after: to === null ? { deleted: true } : { status: to, note },
    });
    return toRow({ ...c, status: to ?? fromStatus });
  });
}

/** Approves a pending correction; the day's timesheet row changes (see applyCorrectionsOfDay). */
export async function approveCorrection(
  ctx: Ctx,
  grant: Approve,
  raw: In<typeof attendanceDecideInput>,
): Promise<CorrectionDetail> {
  const input = attendanceDecideInput.parse(raw);
  await transition(ctx, grant.actor, input.id, 'approve', input.note);
  return detail(ctx, grant.actor, input.id);
}

/** Disapproves a pending correction (the timesheet is not touched). */
export async function disapproveCorrection(
  ctx: Ctx,
  grant: Approve,
  raw: In<typeof attendanceDecideInput>,
): Promise<CorrectionDetail> {
  const input = attendanceDecideInput.parse(raw);
  await transition(ctx, grant.actor, input.id, 'disapprove', input.note);
  return detail(ctx, grant.actor, input.id);
}

/** The employee cancels their own pending correction (status Cancel, 4). */
export async function cancelMyCorrection(
  ctx: Ctx,
  grant: Personal,
  raw: In<typeof attendanceDecideInput>,
): Promise<CorrectionDetail> {
  const input = attendanceDecideInput.parse(raw);
  const c = await visibleCorrection(ctx.db, grant.actor, input.id);
  if (grant.actor.employeeId !== c.employeeId) throw notFound();
  await transition(ctx, grant.actor, input.id, 'cancel', input.note);
  return getCorrection(ctx, grant, { id: input.id });
}

const bulkOf =
  (action: Transition) =>
  async (ctx: Ctx, grant: Approve, raw: In<typeof attendanceBulkInput>): Promise<AttendanceBulkResult> => {
    const input = attendanceBulkInput.parse(raw);
    return bulk(input.ids, async (id) => {
      const r = await transition(ctx, grant.actor, id, action, input.note);
      return action === 'delete' ? 'Deleted' : r.statusLabel;
    });
  };

/** Bulk approve (spec §4): each correction separately, with its own result. */
export const bulkApproveCorrections = bulkOf('approve');
/** Bulk disapprove (spec §4). */
export const bulkDisapproveCorrections = bulkOf('disapprove');
/** Bulk cancel (spec §4): pending or approved ones; an approved one's timesheet day is restored. */
export const bulkCancelCorrections = bulkOf('cancel');
/** Bulk delete (spec §4): soft; an approved one's timesheet day is restored first. */
export const bulkDeleteCorrections = bulkOf('delete');
