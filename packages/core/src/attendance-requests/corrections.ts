import { type SqlBool, sql } from 'kysely';
import {
  addDays,
  refuseOutsideRequestWindow,
  removeTimesheetOverrides,
  setTimesheetOverrides,
  type TimesheetOverride,
  type TimesheetRow,
} from '../attendance/index';
import type { Actor } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, invalid } from '../shared/errors';
import type { In } from '../shared/zod';
import {
  ATTENDANCE_REQUEST_STATUS as S,
  ATTENDANCE_REQUEST_STATUS_LABELS,
  type AttendanceRequestStatus,
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
import { bulkOf, ddmmyyyy, hhmm, ownEmployeeId, requestKind, timesheetDay, todayOf } from './shared';
import type { Approve, Personal, RawRequest, Transition, View } from './shared';

/** Override source and priority of approved corrections (manual edits use 100, so they stay on top). */
export const CORRECTION_SOURCE = 'correction';
export const CORRECTION_PRIORITY = 50;

const notFound = () => new AppError('NOT_FOUND', 'Correction not found');
const decidedMeanwhile = () => new AppError('CONFLICT', 'This correction has been decided already; reload to see its status');

// ---------------------------------------------------------------------------------------------
// Reads

interface RawCorrection extends RawRequest {
  type: number;
  startTime: string | null;
  endTime: string | null;
}

const toRow = ({ requesterUserId: _r, ...r }: RawCorrection): CorrectionRow => ({
  ...r,
  type: r.type as CorrectionType,
  typeLabel: CORRECTION_TYPE_LABELS[r.type as CorrectionType],
  status: r.status as AttendanceRequestStatus,
  statusLabel: ATTENDANCE_REQUEST_STATUS_LABELS[r.status as AttendanceRequestStatus],
});

const requests = requestKind(
  'correction',
  sql`r.type, to_char(r.start_time, 'HH24:MI') as "startTime", to_char(r.end_time, 'HH24:MI') as "endTime"`,
  toRow,
  notFound,
);
const typeIs = (type: number | undefined) => (type ? [sql<SqlBool>`r.type = ${type}`] : []);

/** Corrections of the employees in the caller's scope (spec /attendance/timesheet/correction), filtered, paginated. */
export const listCorrections = requests.scopedList(listCorrectionsInput, (f) => typeIs(f.type));

/** The caller's own corrections (spec /personal/attendance/correction). */
export const myCorrections = requests.ownList(myCorrectionsInput, (f) => typeIs(f.type));

/** Pending corrections the caller may decide, oldest first (home dashboard widget). */
export const correctionsAwaitingMe = requests.awaitingMe;

const visibleCorrection = requests.visible;

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
    requests.history(ctx.db, id),
    timesheetDay(ctx, actor, c.employeeId, c.date).catch(() => null),
  ]);
  const can = await requests.can(
    ctx.db,
    actor,
    c,
    ({ pending, mine, decide }) => (pending && mine) || (decide && (pending || c.status === S.Approved)),
  );
  return { ...toRow(c), history, day: toDay(day), can };
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
    await requests.record(ctx, trx, grant.actor, row.id, 'request', { from: null, to: S.Pending, after: input });
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
    requests.refuseUnlessMayUpdate(actor, c.employeeId);
    await requests.updatePending(ctx, trx, actor, c.id, {
      set: {
        work_date: input.date,
        type: input.type,
        start_time: timeOrNull(input.startTime),
        end_time: timeOrNull(input.endTime),
        reason: input.reason,
      },
      unique: { attendance_corrections_live_uq: duplicate(input.type, input.date) },
      before: { date: c.date, type: c.type, startTime: c.startTime, endTime: c.endTime, reason: c.reason },
      after: input,
    });
  });
  return getCorrection(ctx, grant, { id: input.id });
}

/**
 * One guarded transition of one correction in its own transaction (shared.ts transitionRequest).
 * Approve and disapprove only from Pending; cancel from Pending (the employee or an approver) or
 * Approved (an approver: the timesheet is restored); delete (an approver) from any status, soft,
 * restoring the timesheet of an approved one. Of two concurrent decisions exactly one changes the
 * row and the other gets a clear refusal.
 */
async function transition(ctx: Ctx, actor: Actor, id: number, action: Transition, note?: string): Promise<CorrectionRow> {
  return inTransaction(ctx, async (trx) => {
    const seen = await visibleCorrection(trx, actor, id);
    // Every transition of one employee's corrections runs under this lock, so the re-read below
    // is the row's current state (the guarded update still refuses anything else).
    await requests.lock(trx, seen.employeeId);
    const c = await visibleCorrection(trx, actor, id, true);
    const to = await requests.transition(ctx, trx, actor, c, action, {
      note,
      cancel: (mine, approver) => {
        if (!(mine && c.status === S.Pending) && !(approver && !mine))
          throw new AppError(
            'FORBIDDEN',
            mine ? 'Only a pending correction can be cancelled by its employee' : 'You cannot cancel this correction',
          );
        return { from: mine ? [S.Pending] : [S.Pending, S.Approved], byEmployee: mine };
      },
      refuse: async (trx) => {
        const now = await trx
          .selectFrom('attendance_corrections')
          .select(['status', 'deleted_at'])
          .where('id', '=', c.id)
          .executeTakeFirst();
        if (!now || now.deleted_at) return notFound();
        if (c.status === now.status && action === 'cancel')
          return new AppError(
            'CONFLICT',
            `A correction that is ${ATTENDANCE_REQUEST_STATUS_LABELS[now.status as AttendanceRequestStatus]} cannot be cancelled`,
          );
        return decidedMeanwhile();
      },
      // The day's timesheet follows the approved corrections of the day.
      changed: async () => {
        if (action === 'approve' || c.status === S.Approved) await applyCorrectionsOfDay(ctx, trx, actor, c.employeeId, c.date);
      },
    });
    return toRow({ ...c, status: to });
  });
}

/** An approver's decision on one correction, then the correction as the approver sees it. */
const decide =
  (action: 'approve' | 'disapprove') =>
  async (ctx: Ctx, grant: Approve, raw: In<typeof attendanceDecideInput>): Promise<CorrectionDetail> => {
    const input = attendanceDecideInput.parse(raw);
    await transition(ctx, grant.actor, input.id, action, input.note);
    return detail(ctx, grant.actor, input.id);
  };

/** Approves a pending correction; the day's timesheet row changes (see applyCorrectionsOfDay). */
export const approveCorrection = decide('approve');

/** Disapproves a pending correction (the timesheet is not touched). */
export const disapproveCorrection = decide('disapprove');

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

const bulk = bulkOf((ctx, actor, id, action: Transition, note) => transition(ctx, actor, id, action, note));

/** Bulk approve (spec §4): each correction separately, with its own result. */
export const bulkApproveCorrections = bulk('approve');
/** Bulk disapprove (spec §4). */
export const bulkDisapproveCorrections = bulk('disapprove');
/** Bulk cancel (spec §4): pending or approved ones; an approved one's timesheet day is restored. */
export const bulkCancelCorrections = bulk('cancel');
/** Bulk delete (spec §4): soft; an approved one's timesheet day is restored first. */
export const bulkDeleteCorrections = bulk('delete');
