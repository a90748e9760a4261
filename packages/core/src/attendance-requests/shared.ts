import { type RawBuilder, type SqlBool, sql, type UpdateObject } from 'kysely';
import { statusChangeColumns } from '../shared/status-history';
import { myShifts, myTimesheet, listSchedules, listTimesheets, type ScheduleRow, type TimesheetRow } from '../attendance/index';
import { audit } from '../audit/index';
import { assertPayDaysOpen } from '../payroll/index';
import type { Actor } from '../access/index';
import { type Decision, decisionRefusal, mayDecideSql } from '../access/index';
import { type Grant, hasPermission, requirePermission, scopeOf } from '../access/index';
import { scopeSql } from '../access/index';
import { bulkEach, checkDuties, guardedUpdate, ownEmployeeId, transition } from '../access/index';
import type { Database } from '../db/database';
import type { Ctx, Db } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import { employeeName, userName } from '../shared/employee-sql';
import { countWhere, likePattern } from '../shared/sql';
import { pageLimit, windowedPage } from '../shared/page';
import type { z } from 'zod';
import type { In, Page } from '../shared/zod';
import {
  ATTENDANCE_REQUEST_STATUS as S,
  type AttendanceAwaiting,
  attendanceAwaitingInput,
  type AttendanceBulkResult,
  attendanceBulkInput,
  type AttendanceRequestHistoryRow,
  type RequestCan,
  type RequestRowBase,
} from './schema';

/** The grants the request procedures take: HR lists, deciding, and an employee's own requests. */
export type View = Grant<'attendance.view'>;
export type Approve = Grant<'attendance.approve'>;
export type Personal = Grant<'personal.access'>;

export { todayOf } from '../shared/date-ranges';

export { ddmmyyyy } from '../shared/date-ranges';

/** 'hh:mm:ss' → 'hh:mm'. */
export const hhmm = (t: string | null): string | null => (t ? t.slice(0, 5) : null);

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

export type RequestKind = 'correction' | 'overtime';
const TABLE = { correction: 'attendance_corrections', overtime: 'attendance_overtimes' } as const;
/** What a request is called in messages and duty refusals. */
const WHAT: Record<RequestKind, string> = { correction: 'correction', overtime: 'overtime request' };

/** What the duty rules need of a request: who filed it, whose it is, when. */
export interface RequestFacts {
  id: number;
  employeeId: number;
  requesterUserId: number;
  createdAt: Date;
  status: number;
}

/** The columns every request has, as {@link requestReads} selects them (the kind adds its own). */
export type RawRequest = RequestFacts & Omit<RequestRowBase, keyof RequestFacts | 'statusLabel'>;

/**
 * Segregation of duties (docs/security.md) before a decision on a correction or overtime request:
 * never one's own (filed by the caller, or about their own record), never after the caller's
 * manager relation to the employee was made or changed after filing.
 */
const decisionOf = (kind: RequestKind, r: RequestFacts): Decision => ({
  what: WHAT[kind],
  requestedByUserId: r.requesterUserId,
  subjectEmployeeId: r.employeeId,
  filedAt: r.createdAt,
});

/** Whether the duty rules let the caller decide the request (the screens' approve buttons). */
export async function passesDuties(db: Db, actor: Actor, kind: RequestKind, r: RequestFacts): Promise<boolean> {
  return (await decisionRefusal(checkDuties(db, actor, decisionOf(kind, r)))) === null;
}

export { ownEmployeeId } from '../access/index';

/**
 * The `can` of a request's detail: update while Pending by its employee or an approver; approve and
 * disapprove while Pending by an approver who passes the duty rules; delete by an approver; cancel as
 * the kind's rule says (`cancel`, from the same facts).
 */
async function requestCan(
  db: Db,
  actor: Actor,
  kind: RequestKind,
  r: RequestFacts,
  cancel: (f: { pending: boolean; mine: boolean; decide: boolean }) => boolean,
): Promise<RequestCan> {
  const pending = r.status === S.Pending;
  const mine = actor.employeeId === r.employeeId;
  const decide = mayDecide(actor, r.employeeId);
  const decideNow = pending && decide && (await passesDuties(db, actor, kind, r));
  return {
    update: pending && (mine || decide),
    approve: decideNow,
    disapprove: decideNow,
    cancel: cancel({ pending, mine, decide }),
    delete: decide,
  };
}

/** Only the request's employee or an approver with the employee in scope changes a pending request. */
function refuseUnlessMayUpdate(actor: Actor, kind: RequestKind, employeeId: number): void {
  if (actor.employeeId !== employeeId && !mayDecide(actor, employeeId))
    throw new AppError('FORBIDDEN', `Only the employee or an approver can change this ${WHAT[kind]}`);
}

/**
 * The update of a pending request (spec §4 "update") in the caller's transaction: one guarded
 * `UPDATE … WHERE status = Pending AND not deleted`, so a request decided meanwhile is refused
 * (CONFLICT); `unique` maps the kind's live-request constraint to its refusal. Then the history step
 * and the audit entry (`before`, `after`).
 */
async function updatePending<K extends RequestKind>(
  ctx: Ctx,
  trx: Db,
  actor: Actor,
  kind: K,
  id: number,
  p: {
    set: UpdateObject<Database, (typeof TABLE)[K]>;
    unique: Record<string, () => AppError>;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  const updated = await dbWrite(
    () =>
      // Both tables have the same guard columns; the caller's `set` is checked against its kind's table.
      guardedUpdate(trx, TABLE[kind] as 'attendance_corrections', {
        id,
        from: S.Pending,
        set: { ...(p.set as UpdateObject<Database, 'attendance_corrections'>), updated_at: sql<Date>`now()` },
        and: [sql<SqlBool>`deleted_at is null`],
        returning: ['id'],
      }),
    { unique: p.unique },
  );
  if (!updated) throw new AppError('CONFLICT', `Only a pending ${WHAT[kind]} can be changed`);
  await recordStep(ctx, trx, actor, kind, id, 'update', { from: S.Pending, to: S.Pending, before: p.before, after: p.after });
}

/**
 * Serialises the requests of one employee inside the caller's transaction (approvals that merge
 * several corrections of a day, or add up overtime hours of a week). Released at commit.
 */
async function lockEmployee(trx: Db, kind: RequestKind, employeeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${kind === 'correction' ? 7201 : 7202}, ${employeeId})`.execute(trx);
}

/** What a request went through, as its history step names it. */
export type Step = 'request' | 'update' | Transition;
const STEP_DONE: Record<Step, AttendanceRequestHistoryRow['action']> = {
  request: 'requested',
  update: 'updated',
  approve: 'approved',
  disapprove: 'disapproved',
  cancel: 'cancelled',
  delete: 'deleted',
};

/**
 * The history step (attendance_request_history) and the audit entry (`attendance.<kind>.<step>` on
 * the request's table) of one change of a request, in the caller's transaction.
 */
async function recordStep(
  ctx: Ctx,
  trx: Db,
  actor: Actor,
  kind: RequestKind,
  id: number,
  step: Step,
  r: { from: number | null; to: number | null; note?: string | null | undefined; before?: unknown; after?: unknown },
): Promise<void> {
  await trx
    .insertInto('attendance_request_history')
    .values({ kind, request_id: id, ...statusChangeColumns(actor.userId, { ...r, action: STEP_DONE[step] }) })
    .execute();
  await audit(ctx, trx, {
    action: `attendance.${kind}.${step}`,
    entity: TABLE[kind],
    entityId: id,
    ...(r.before === undefined ? {} : { before: r.before }),
    after: r.after,
  });
}

async function historyOf(db: Db, kind: RequestKind, requestId: number): Promise<AttendanceRequestHistoryRow[]> {
  const r = await sql<AttendanceRequestHistoryRow>`
    select h.action, h.from_status as "fromStatus", h.to_status as "toStatus", h.note,
      ${userName('u', 'x')} as actor, h.created_at as at
    from attendance_request_history h
    join users u on u.id = h.actor_user_id
    left join employees x on x.id = u.employee_id
    where h.kind = ${kind} and h.request_id = ${requestId}
    order by h.id`.execute(db);
  return r.rows;
}

// ---------------------------------------------------------------------------------------------
// Reads both kinds share

/** The list filters both kinds share; each kind adds its own (correction type, overtime day type). */
export interface RequestFilter {
  status?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  companyOfficeId?: number | undefined;
  departmentId?: number | undefined;
  employeeId?: number | undefined;
  search?: string | undefined;
}

/**
 * The reads of one request kind on alias `r` (the request) and `e` (its employee): the columns
 * every request has around the kind's own `columns`, the filters, a page, one visible request
 * (NOT_FOUND otherwise) and what awaits the caller's decision.
 */
function requestReads<Raw extends RawRequest, Row>(
  kind: RequestKind,
  columns: RawBuilder<unknown>,
  toRow: (r: Raw) => Row,
  notFound: () => AppError,
) {
  const select = sql`r.id, e.id as "employeeId", e.employee_number as "employeeNumber",
  ${employeeName} as "employeeName", d.name as department,
  to_char(r.work_date, 'YYYY-MM-DD') as date, ${columns}, r.reason, r.status,
  ${userName('ru', 're')} as "requestedBy",
  case when du.id is null then null else ${userName('du', 'de')} end as "decidedBy",
  r.decided_at as "decidedAt", r.decision_note as "decisionNote", r.created_at as "createdAt",
  r.requester_user_id as "requesterUserId"`;
  const from = sql`${sql.table(TABLE[kind])} r
  join employees e on e.id = r.employee_id
  left join departments d on d.id = e.department_id
  join users ru on ru.id = r.requester_user_id
  left join employees re on re.id = ru.employee_id
  left join users du on du.id = r.decided_by_user_id
  left join employees de on de.id = du.employee_id`;

  function where(visible: RawBuilder<SqlBool>, f: RequestFilter, own: RawBuilder<SqlBool>[] = []): RawBuilder<SqlBool> {
    const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`r.deleted_at is null`, visible];
    if (f.status) parts.push(sql<SqlBool>`r.status = ${f.status}`);
    parts.push(...own);
    if (f.from) parts.push(sql<SqlBool>`r.work_date >= ${f.from}::date`);
    if (f.to) parts.push(sql<SqlBool>`r.work_date <= ${f.to}::date`);
    if (f.companyOfficeId) parts.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
    if (f.departmentId) parts.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
    if (f.employeeId) parts.push(sql<SqlBool>`e.id = ${f.employeeId}`);
    if (f.search) {
      const like = likePattern(f.search);
      parts.push(sql<SqlBool>`(${employeeName} ilike ${like} or e.employee_number ilike ${like} or r.reason ilike ${like})`);
    }
    return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
  }

  async function page(
    db: Db,
    where: RawBuilder<SqlBool>,
    p: { page: number; pageSize: number },
    order = sql`r.work_date desc, r.id desc`,
  ): Promise<Page<Row>> {
    const r = await sql<Raw & { total: number }>`
    select ${select}, (count(*) over ())::int as total from ${from}
    where ${where} order by ${order}
    ${pageLimit(p)}`.execute(db);
    return windowedPage(
      r.rows,
      p,
      () => countWhere(db, from, where),
      (row) => toRow(row as unknown as Raw),
    );
  }

  type Filter = RequestFilter & { page: number; pageSize: number };
  type Own<S extends z.ZodType<Filter>> = (f: z.output<S>) => RawBuilder<SqlBool>[];
  return {
    /**
     * The list service of the requests of the employees in the grant's data scope: parses `input`,
     * filters (`own` adds the kind's filters), pages.
     */
    scopedList:
      <S extends z.ZodType<Filter>>(input: S, own?: Own<S>) =>
      async (ctx: Ctx, grant: View, raw: In<S>): Promise<Page<Row>> => {
        const f = input.parse(raw);
        return page(ctx.db, where(scopeSql(grant.scope, 'e'), f, own?.(f)), f);
      },

    /** The list service of the caller's own requests (refused without an employee record), as scopedList. */
    ownList:
      <S extends z.ZodType<Filter>>(input: S, own?: Own<S>) =>
      async (ctx: Ctx, grant: Personal, raw: In<S>): Promise<Page<Row>> => {
        const f = input.parse(raw);
        ownEmployeeId(grant.actor);
        return page(ctx.db, where(ownSql(grant.actor), f, own?.(f)), f);
      },

    /** Pending requests in the grant's scope that the duty rules let the caller decide, oldest first (home dashboard widget). */
    async awaitingMe(ctx: Ctx, grant: Approve, raw: In<typeof attendanceAwaitingInput>): Promise<AttendanceAwaiting<Row>> {
      const { limit } = attendanceAwaitingInput.parse(raw);
      const db = ctx.db;
      // Only what the duty rules let the caller decide (docs/security.md §1.3).
      const decidable = mayDecideSql(grant.actor, {
        requestedBy: sql.ref('r.requester_user_id'),
        subjectEmployeeId: sql.ref('r.employee_id'),
        filedAt: sql.ref('r.created_at'),
      });
      const w = sql<SqlBool>`${where(scopeSql(grant.scope, 'e'), { status: S.Pending })} and ${decidable}`;
      const p = await page(db, w, { page: 1, pageSize: limit }, sql`r.created_at, r.id`);
      return { rows: p.rows, total: p.total };
    },

    /** One request the actor sees (its employee, or attendance.view in scope); `lock` locks its row. */
    async visible(db: Db, actor: Actor, id: number, lock = false): Promise<Raw> {
      const r = await sql<Raw>`select ${select} from ${from}
    where r.id = ${id} and r.deleted_at is null and ${visibleSql(actor)}
    ${lock ? sql`for update of r` : sql``}`.execute(db);
      const row = r.rows[0];
      if (!row) throw notFound();
      return row;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Transitions both kinds share

export type Transition = 'approve' | 'disapprove' | 'cancel' | 'delete';
const TO: Record<Transition, number | null> = {
  approve: S.Approved,
  disapprove: S.Disapproved,
  cancel: S.Cancel,
  delete: null,
};

/**
 * One guarded transition of a request `r` (read in the caller's transaction under the employee's
 * lock), through the approval kit. Approve and disapprove only from Pending, by an approver who
 * passes the duty rules (checked before `decide`, the kind's own checks of a decision); delete
 * (soft) by an approver, never of one's own, from any status; cancel as the kind's `cancel` says
 * (it throws FORBIDDEN, or returns the statuses cancel leaves from and whether the employee cancels
 * their own). The update carries the expected status in its WHERE, so of two concurrent
 * transitions exactly one changes the row; `refuse` explains the other. Then the kind's effects of
 * the change (`changed`), the history step and the audit entry (`auditAfter`, default the new
 * status and note). Returns the new status.
 */
async function transitionRequest(
  ctx: Ctx,
  trx: Db,
  actor: Actor,
  kind: RequestKind,
  r: RequestFacts & { date: string },
  action: Transition,
  p: {
    note?: string | undefined;
    cancel: (mine: boolean, approver: boolean) => { from: readonly number[]; byEmployee: boolean };
    decide?: () => Promise<void>;
    decided?: () => Record<string, unknown>;
    refuse: (trx: Db) => Promise<AppError>;
    changed?: () => Promise<void>;
    auditAfter?: (to: number) => Record<string, unknown>;
  },
): Promise<number> {
  const mine = actor.employeeId === r.employeeId;
  const approver = hasPermission(actor, 'attendance.approve');
  // Approving changes the day's pay, and so does undoing an approved request (cancel, delete): refused once the
  // month's payroll is finalised (issue 19 item 17). Disapproving a pending one changes nothing.
  if (action === 'approve' || (r.status === S.Approved && (action === 'cancel' || action === 'delete')))
    await assertPayDaysOpen(trx, r.employeeId, { from: r.date, to: r.date }, WHAT[kind]);
  let from: readonly number[] = [S.Pending];
  let byEmployee = false;
  if (action === 'approve' || action === 'disapprove') {
    if (!approver) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    await checkDuties(trx, actor, decisionOf(kind, r));
    await p.decide?.();
  } else if (action === 'cancel') {
    ({ from, byEmployee } = p.cancel(mine, approver));
  } else if (!approver || mine) {
    throw new AppError('FORBIDDEN', `You cannot delete this ${WHAT[kind]}`);
  } else {
    from = [S.Approved, S.Disapproved, S.Pending, S.Cancel];
  }
  const to = TO[action];
  const set =
    to === null
      ? { deleted_at: sql<Date>`now()`, deleted_by_user_id: actor.userId }
      : byEmployee
        ? { status: to }
        : {
            status: to,
            ...p.decided?.(),
            decided_by_user_id: actor.userId,
            decided_at: sql<Date>`now()`,
            decision_note: p.note ?? null,
          };
  await transition(trx, TABLE[kind], {
    id: r.id,
    from,
    set: { updated_at: sql<Date>`now()`, ...set },
    and: [sql<SqlBool>`deleted_at is null`],
    returning: ['id'],
    refuse: p.refuse,
  });
  await p.changed?.();
  await recordStep(ctx, trx, actor, kind, r.id, action, {
    from: r.status,
    to: to ?? r.status,
    note: p.note,
    before: { status: r.status },
    after: to === null ? { deleted: true } : (p.auditAfter?.(to) ?? { status: to, note: p.note }),
  });
  return to ?? r.status;
}

/**
 * The bulk services of one kind (spec §4) from its single transition: each request in its own
 * transaction through the approval kit's bulk runner, with its own result (the new status label,
 * "Deleted", or the refusal); one refusal never undoes the others.
 */
export const bulkOf =
  <A extends Transition>(
    run: (ctx: Ctx, actor: Actor, id: number, action: A, note: string | undefined) => Promise<{ statusLabel: string }>,
  ) =>
  (action: A) =>
  async (ctx: Ctx, grant: Approve, raw: In<typeof attendanceBulkInput>): Promise<AttendanceBulkResult> => {
    const input = attendanceBulkInput.parse(raw);
    const { items, succeeded, failed } = await bulkEach(input.ids, async (id) => {
      const r = await run(ctx, grant.actor, id, action, input.note);
      return action === 'delete' ? 'Deleted' : r.statusLabel;
    });
    return { done: succeeded, failed, items };
  };

/**
 * Everything one request kind shares with the other, with the kind bound (each kind names itself
 * once): the reads of {@link requestReads}, its history, the employee lock, the history step and
 * audit entry, the `can` of a detail, the update of a pending request and the guarded transition.
 */
export function requestKind<K extends RequestKind, Raw extends RawRequest, Row>(
  kind: K,
  columns: RawBuilder<unknown>,
  toRow: (r: Raw) => Row,
  notFound: () => AppError,
) {
  type StepRecord = Parameters<typeof recordStep>[6];
  type Cancel = Parameters<typeof requestCan>[4];
  type PendingUpdate = Parameters<typeof updatePending<K>>[5];
  type Rules = Parameters<typeof transitionRequest>[6];
  return {
    ...requestReads<Raw, Row>(kind, columns, toRow, notFound),
    history: (db: Db, id: number) => historyOf(db, kind, id),
    lock: (trx: Db, employeeId: number) => lockEmployee(trx, kind, employeeId),
    record: (ctx: Ctx, trx: Db, actor: Actor, id: number, step: Step, r: StepRecord) =>
      recordStep(ctx, trx, actor, kind, id, step, r),
    can: (db: Db, actor: Actor, r: RequestFacts, cancel: Cancel) => requestCan(db, actor, kind, r, cancel),
    refuseUnlessMayUpdate: (actor: Actor, employeeId: number) => refuseUnlessMayUpdate(actor, kind, employeeId),
    updatePending: (ctx: Ctx, trx: Db, actor: Actor, id: number, p: PendingUpdate) => updatePending(ctx, trx, actor, kind, id, p),
    transition: (ctx: Ctx, trx: Db, actor: Actor, r: RequestFacts & { date: string }, action: Transition, p: Rules) =>
      transitionRequest(ctx, trx, actor, kind, r, action, p),
  };
}

/** A paged read of the attendance module over a period (its own employee's with personal.access, or filtered). */
type DayRead<G, F, Row> = (ctx: Ctx, grant: G, f: F & { from: string; to: string; pageSize: number }) => Promise<Page<Row>>;

/**
 * One employee's day through the attendance module's own reads: the caller's own day with personal.access
 * (`own`), anyone else's with attendance.view (`scoped`, which applies the caller's data scope). Null when
 * the read has no row for that day.
 */
async function oneDay<Row>(
  ctx: Ctx,
  actor: Actor,
  employeeId: number,
  date: string,
  own: DayRead<Personal, unknown, Row>,
  scoped: DayRead<View, { employeeId: number }, Row>,
): Promise<Row | null> {
  const day = { from: date, to: date, pageSize: 1 };
  const page =
    actor.employeeId === employeeId && hasPermission(actor, 'personal.access')
      ? await own(ctx, requirePermission(actor, 'personal.access'), day)
      : await scoped(ctx, requirePermission(actor, 'attendance.view'), { employeeId, ...day });
  return page.rows[0] ?? null;
}

/** The day's timesheet row (see oneDay for whose day is read with which permission). Null when not computed. */
export function timesheetDay(ctx: Ctx, actor: Actor, employeeId: number, date: string): Promise<TimesheetRow | null> {
  return oneDay(ctx, actor, employeeId, date, myTimesheet, listTimesheets);
}

/** The day's plan (roster or default shift, holiday), read like timesheetDay. */
export function scheduleDay(ctx: Ctx, actor: Actor, employeeId: number, date: string): Promise<ScheduleRow | null> {
  return oneDay(ctx, actor, employeeId, date, myShifts, listSchedules);
}

/** Whether an employee exists, works here and is in the actor's scope (for create on behalf). */
export async function employeeInScope(db: Db, actor: Actor, employeeId: number): Promise<boolean> {
  const r = await sql<{ id: number }>`select e.id from employees e
    where e.id = ${employeeId} and e.resigned = 0 and ${scopeSql(scopeOf(actor), 'e')}`.execute(db);
  return r.rows.length > 0;
}
