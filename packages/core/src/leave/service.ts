import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { refuseOutsideRequestWindow, removeTimesheetOverrides, setTimesheetOverrides } from '../attendance/index';
import { audit } from '../audit/service';
import type { Actor } from '../permissions/actor';
import { assertMayDecide, decisionRefusal, mayDecideSql, refuseOwn } from '../permissions/duties';
import { type Grant, hasPermission, scopeOf } from '../permissions/grant';
import { scopeSql } from '../permissions/scope';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import { likePattern } from '../shared/sql';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import type { Page, In } from '../shared/zod';
import { copyApprovalSteps, mayDecideStep, namedApproverOf, qualifiesForCurrentStep, refuseStep, stepsOf } from './approvals';
import { balanceOf, lockBalance, readLeaveSettings, reserveDays, shiftDays, workingDays } from './queries';
import {
  type BulkLeaveResult,
  awaitingMeInput,
  bulkLeaveInput,
  createLeaveInput,
  createMyLeaveInput,
  decideLeaveInput,
  type HalfDay,
  LEAVE_ATTACHMENT_MAX_BYTES,
  LEAVE_STATUS,
  LEAVE_STATUS_LABELS,
  type LeaveAttachment,
  type LeaveBalance,
  type LeaveDetail,
  type LeavePreview,
  type LeaveReport,
  type LeaveRow,
  type LeaveScheduleRow,
  type LeaveSettings,
  type LeaveStatus,
  type LeaveTypeRow,
  leaveBalanceInput,
  leaveIdInput,
  leaveReportInput,
  leaveScheduleInput,
  leaveSettingsInput,
  leaveTypeIdInput,
  leaveTypeInput,
  listLeaveInput,
  listLeaveTypesInput,
  listMyLeaveInput,
  myLeaveBalanceInput,
  previewLeaveInput,
  setBePaidInput,
  updateLeaveInput,
  updateLeaveTypeInput,
} from './schema';

type View = Grant<'attendance.view'>;
type Approve = Grant<'attendance.approve'>;
type Manage = Grant<'attendance.manage'>;
type Personal = Grant<'personal.access'>;

const todayOf = (ctx: Ctx): string => new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE }).format(ctx.clock());
const employeeName = sql<string>`trim(e.given_name || ' ' || e.surname)`;
const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const fmtDays = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

const requestNotFound = () => new AppError('NOT_FOUND', 'Leave request not found');
const typeNotFound = () => new AppError('NOT_FOUND', 'Leave type not found');
const decidedMeanwhile = () => new AppError('CONFLICT', 'This leave request has been decided already; reload to see its status');

// ---------------------------------------------------------------------------------------------
// Visibility (spec §6): approvers and viewers see requests of employees in their data scope; an
// employee sees their own. Anything else is NOT_FOUND.

type Who = 'scope' | 'own';

function visible(actor: Actor, who: Who): RawBuilder<SqlBool> {
  if (who === 'own') return actor.employeeId === null ? sql<SqlBool>`false` : sql<SqlBool>`e.id = ${actor.employeeId}`;
  // A specific approver named in a request's steps sees it even outside their data scope.
  return sql<SqlBool>`(${scopeSql(scopeOf(actor), 'e')} or ${namedApproverOf(actor)})`;
}

const isApprover = (actor: Actor) => hasPermission(actor, 'attendance.approve');
const isOwn = (actor: Actor, employeeId: number) => actor.employeeId !== null && actor.employeeId === employeeId;

// ---------------------------------------------------------------------------------------------
// Settings

/** Annual days, carry-over and first-year rule. */
export async function getLeaveSettings(ctx: Ctx, _grant: View | Personal): Promise<LeaveSettings> {
  return readLeaveSettings(ctx.db);
}

/**
 * Saves the leave settings. Balance rows already created keep their figures (a year's row is
 * created with the first request of that year); new rows use the new settings.
 */
export async function updateLeaveSettings(ctx: Ctx, grant: Manage, raw: In<typeof leaveSettingsInput>): Promise<LeaveSettings> {
  const input = leaveSettingsInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await readLeaveSettings(trx);
    await trx
      .updateTable('leave_settings')
      .set({
        annual_days: input.annualDays,
        carry_over_max_days: input.carryOverMaxDays,
        prorate_first_year: input.prorateFirstYear,
        updated_by_user_id: grant.actor.userId,
        updated_at: sql`now()`,
      })
      .where('id', '=', 1)
      .execute();
    const after = await readLeaveSettings(trx);
    await audit(ctx, trx, { action: 'leave.settings.update', entity: 'leave_settings', entityId: 1, before, after });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Leave types

const typeColumns = sql`t.id, t.code, t.name, t.paid, t.counts_annual as "countsAnnual", t.max_days::float8 as "maxDays",
  t.needs_attachment as "needsAttachment", t.allow_half_day as "allowHalfDay", t.active,
  (select count(*)::int from leave_requests r where r.leave_type_id = t.id) as requests`;

/** Leave types (the spec's `leaveTypes` lookup), active first, by name. */
export async function listLeaveTypes(ctx: Ctx, raw?: In<typeof listLeaveTypesInput>): Promise<LeaveTypeRow[]> {
  const f = listLeaveTypesInput.parse(raw);
  const r = await sql<LeaveTypeRow>`select ${typeColumns} from leave_types t
    where (${f?.activeOnly ?? false} = false or t.active) order by t.active desc, t.name, t.id`.execute(ctx.db);
  return r.rows;
}

async function typeById(db: Db, id: number): Promise<LeaveTypeRow> {
  const r = await sql<LeaveTypeRow>`select ${typeColumns} from leave_types t where t.id = ${id}`.execute(db);
  const row = r.rows[0];
  if (!row) throw typeNotFound();
  return row;
}

const codeTaken = () =>
  new AppError('CONFLICT', 'A leave type with this code exists already', {
    fields: [{ param: 'code', msg: 'is already used' }],
  });

/** Creates a leave type (code unique, case-insensitive). */
export async function createLeaveType(ctx: Ctx, _grant: Manage, raw: In<typeof leaveTypeInput>): Promise<LeaveTypeRow> {
  const input = leaveTypeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('leave_types')
          .values({
            code: input.code,
            name: input.name,
            paid: input.paid,
            counts_annual: input.countsAnnual,
            max_days: input.maxDays ?? null,
            needs_attachment: input.needsAttachment,
            allow_half_day: input.allowHalfDay,
            active: input.active,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { leave_types_code_uq: codeTaken } },
    );
    await audit(ctx, trx, { action: 'leave.type.create', entity: 'leave_types', entityId: row.id, after: input });
    return typeById(trx, row.id);
  });
}

/** Updates a leave type. Existing requests keep their days and balance treatment (snapshot). */
export async function updateLeaveType(ctx: Ctx, _grant: Manage, raw: In<typeof updateLeaveTypeInput>): Promise<LeaveTypeRow> {
  const input = updateLeaveTypeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await typeById(trx, input.id);
    await dbWrite(
      () =>
        trx
          .updateTable('leave_types')
          .set({
            code: input.code,
            name: input.name,
            paid: input.paid,
            counts_annual: input.countsAnnual,
            max_days: input.maxDays ?? null,
            needs_attachment: input.needsAttachment,
            allow_half_day: input.allowHalfDay,
            active: input.active,
            updated_at: sql`now()`,
          })
          .where('id', '=', input.id)
          .execute(),
      { unique: { leave_types_code_uq: codeTaken } },
    );
    const after = await typeById(trx, input.id);
    await audit(ctx, trx, { action: 'leave.type.update', entity: 'leave_types', entityId: input.id, before, after });
    return after;
  });
}

/** Deletes an unused leave type; a used one is refused (deactivate it instead). */
export async function deleteLeaveType(ctx: Ctx, _grant: Manage, raw: In<typeof leaveTypeIdInput>): Promise<{ id: number }> {
  const { id } = leaveTypeIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await typeById(trx, id);
    if (before.requests > 0)
      throw new AppError(
        'CONFLICT',
        `Leave type ${before.name} is used by ${before.requests} ${before.requests === 1 ? 'request' : 'requests'}; deactivate it instead`,
      );
    await dbWrite(() => trx.deleteFrom('leave_types').where('id', '=', id).execute(), {
      onForeignKey: () => new AppError('CONFLICT', `Leave type ${before.name} is in use; deactivate it instead`),
    });
    await audit(ctx, trx, { action: 'leave.type.delete', entity: 'leave_types', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Requests: reading

function requestBase(db: Db) {
  return db
    .selectFrom('leave_requests as r')
    .innerJoin('employees as e', 'e.id', 'r.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .innerJoin('leave_types as t', 't.id', 'r.leave_type_id')
    .leftJoin('users as du', 'du.id', 'r.decided_by_user_id')
    .leftJoin('employees as de', 'de.id', 'du.employee_id');
}

const requestColumns = [
  'r.id',
  'r.employee_id as employeeId',
  'e.employee_number as employeeNumber',
  employeeName.as('employeeName'),
  'o.name as companyOffice',
  'd.name as department',
  'r.leave_type_id as leaveTypeId',
  't.name as leaveType',
  't.code as leaveTypeCode',
  'r.start_date as startDate',
  'r.end_date as endDate',
  'r.half_day as halfDay',
  sql<number>`r.days::float8`.as('days'),
  'r.counts_annual as countsAnnual',
  'r.be_paid as bePaid',
  'r.reason',
  'r.status',
  'r.attachment_name as attachmentName',
  'r.created_at as createdAt',
  'r.decided_at as decidedAt',
  sql<string | null>`case when du.id is null then null
    else coalesce(nullif(trim(de.given_name || ' ' || de.surname), ''), du.email) end`.as('decidedBy'),
  'r.decision_note as decisionNote',
  'r.approval_steps as approvalSteps',
  'r.approved_steps as approvedSteps',
] as const;

type RawRow = Omit<LeaveRow, 'statusLabel' | 'status' | 'halfDay'> & { status: number; halfDay: string };
const toRow = (r: RawRow): LeaveRow => ({
  ...r,
  halfDay: r.halfDay as HalfDay,
  status: r.status as LeaveStatus,
  statusLabel: LEAVE_STATUS_LABELS[r.status as LeaveStatus],
});

async function visibleRequest(db: Db, actor: Actor, id: number, who: Who, lock = false): Promise<LeaveRow> {
  let q = requestBase(db).where('r.id', '=', id).where(visible(actor, who)).select(requestColumns);
  if (lock) q = q.forUpdate('r');
  const row = await q.executeTakeFirst();
  if (!row) throw requestNotFound();
  return toRow(row as RawRow);
}

async function detailOf(db: Db, actor: Actor, id: number, who: Who): Promise<LeaveDetail> {
  const row = await visibleRequest(db, actor, id, who);
  const dates = await db
    .selectFrom('leave_request_days')
    .select(['work_date as date', sql<number>`fraction::float8`.as('fraction')])
    .where('request_id', '=', id)
    .orderBy('work_date')
    .execute();
  const mine = isOwn(actor, row.employeeId);
  // The approver's powers need the employee in their scope (not only their own record).
  const approver = isApprover(actor) && (who === 'scope' || mine);
  const pending = row.status === LEAVE_STATUS.Pending;
  const decide =
    pending &&
    approver &&
    !mine &&
    (row.approvalSteps === 0 || (await mayDecideStep(db, actor, row.id))) &&
    (await decisionRefusal(assertMayDecideLeave(db, actor, row))) === null;
  return {
    ...row,
    dates,
    steps: await stepsOf(db, id),
    can: {
      edit: pending && (mine || approver),
      approve: decide,
      disapprove: decide,
      cancel: (pending && (mine || approver)) || (row.status === LEAVE_STATUS.Approved && approver && !mine),
      delete: approver && !mine && row.status !== LEAVE_STATUS.Approved,
      bePaid: approver && !mine,
    },
  };
}

function applyListFilters<Q extends ReturnType<typeof requestBase>>(q: Q, f: z.output<typeof listLeaveInput>): Q {
  let out = q;
  if (f.status) out = out.where('r.status', '=', f.status) as Q;
  if (f.leaveTypeId) out = out.where('r.leave_type_id', '=', f.leaveTypeId) as Q;
  if (f.companyOfficeId) out = out.where('e.company_office_id', '=', f.companyOfficeId) as Q;
  if (f.departmentId) out = out.where('e.department_id', '=', f.departmentId) as Q;
  if (f.employeeId) out = out.where('r.employee_id', '=', f.employeeId) as Q;
  if (f.from) out = out.where('r.end_date', '>=', f.from) as Q;
  if (f.to) out = out.where('r.start_date', '<=', f.to) as Q;
  if (f.search) {
    const like = likePattern(f.search);
    out = out.where((eb) =>
      eb.or([eb(employeeName, 'ilike', like), eb('e.employee_number', 'ilike', like), eb('r.reason', 'ilike', like)]),
    ) as Q;
  }
  return out;
}

async function page(q: ReturnType<typeof requestBase>, pageNo: number, pageSize: number): Promise<Page<LeaveRow>> {
  const rows = await q
    .select([...requestColumns, sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy('r.start_date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && pageNo > 1) {
    const c = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
    total = c?.n ?? 0;
  }
  return { rows: rows.map(({ total: _t, ...r }) => toRow(r as RawRow)), total, page: pageNo, pageSize };
}

/** /attendance/leave: requests of employees in the caller's scope, filtered, newest start first. */
export async function listLeave(ctx: Ctx, grant: View, raw: In<typeof listLeaveInput>): Promise<Page<LeaveRow>> {
  const f = listLeaveInput.parse(raw);
  const q = applyListFilters(requestBase(ctx.db).where(visible(grant.actor, 'scope')), f);
  return page(q, f.page, f.pageSize);
}

/** /personal/leave: the caller's own requests. */
export async function listMyLeave(ctx: Ctx, grant: Personal, raw: In<typeof listMyLeaveInput>): Promise<Page<LeaveRow>> {
  const f = listMyLeaveInput.parse(raw);
  let q = requestBase(ctx.db).where(visible(grant.actor, 'own'));
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.year) q = q.where(sql`date_part('year', r.start_date)`, '=', f.year);
  return page(q, f.page, f.pageSize);
}

/** One request in the caller's scope, with its days and what the caller may do. */
export async function getLeave(ctx: Ctx, grant: View, raw: In<typeof leaveIdInput>): Promise<LeaveDetail> {
  const { id } = leaveIdInput.parse(raw);
  return detailOf(ctx.db, grant.actor, id, 'scope');
}

/** One of the caller's own requests. */
export async function getMyLeave(ctx: Ctx, grant: Personal, raw: In<typeof leaveIdInput>): Promise<LeaveDetail> {
  const { id } = leaveIdInput.parse(raw);
  return detailOf(ctx.db, grant.actor, id, 'own');
}

async function attachmentOf(db: Db, actor: Actor, id: number, who: Who): Promise<LeaveAttachment> {
  await visibleRequest(db, actor, id, who);
  const f = await db
    .selectFrom('leave_requests')
    .select(['attachment_name', 'attachment_mime', 'attachment'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!f?.attachment || !f.attachment_name || !f.attachment_mime) throw new AppError('NOT_FOUND', 'Attachment not found');
  return { fileName: f.attachment_name, contentType: f.attachment_mime, base64: Buffer.from(f.attachment).toString('base64') };
}

/** The attachment of a request in scope. */
export const getLeaveAttachment = (ctx: Ctx, grant: View, raw: In<typeof leaveIdInput>) =>
  attachmentOf(ctx.db, grant.actor, leaveIdInput.parse(raw).id, 'scope');
/** The attachment of one of the caller's requests. */
export const getMyLeaveAttachment = (ctx: Ctx, grant: Personal, raw: In<typeof leaveIdInput>) =>
  attachmentOf(ctx.db, grant.actor, leaveIdInput.parse(raw).id, 'own');

// ---------------------------------------------------------------------------------------------
// Balances

async function employeeVisible(db: Db, actor: Actor, employeeId: number): Promise<void> {
  const row = await db
    .selectFrom('employees as e')
    .select('e.id')
    .where('e.id', '=', employeeId)
    .where(scopeSql(scopeOf(actor), 'e'))
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Employee not found');
}

/** An employee's annual-leave balance of a year (default: this year), in the caller's scope. */
export async function getLeaveBalance(ctx: Ctx, grant: View, raw: In<typeof leaveBalanceInput>): Promise<LeaveBalance> {
  const input = leaveBalanceInput.parse(raw);
  await employeeVisible(ctx.db, grant.actor, input.employeeId);
  return (await balanceOf(ctx.db, input.employeeId, input.year ?? Number(todayOf(ctx).slice(0, 4))))!;
}

/** The caller's own balance (spec §7 personal/annualBalance). */
export async function myLeaveBalance(ctx: Ctx, grant: Personal, raw?: In<typeof myLeaveBalanceInput>): Promise<LeaveBalance> {
  const input = myLeaveBalanceInput.parse(raw);
  const employeeId = grant.actor.employeeId;
  if (employeeId === null) throw new AppError('PRECONDITION_FAILED', 'Your ID Personal not available, please reload page');
  return (await balanceOf(ctx.db, employeeId, input?.year ?? Number(todayOf(ctx).slice(0, 4))))!;
}

// ---------------------------------------------------------------------------------------------
// Requests: writing

const PDF = [0x25, 0x50, 0x44, 0x46];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff];

function decodeAttachment(a: { name: string; mime: string; contentBase64: string }): Buffer {
  const buf = Buffer.from(a.contentBase64, 'base64');
  const field = (msg: string) => new AppError('VALIDATION', `Attachment ${msg}`, { fields: [{ param: 'attachment', msg }] });
  if (buf.length === 0) throw field('is empty');
  if (buf.length > LEAVE_ATTACHMENT_MAX_BYTES) throw field('must be at most 700 KB');
  const sig = a.mime === 'application/pdf' ? PDF : a.mime === 'image/png' ? PNG : JPG;
  if (!sig.every((x, i) => buf[i] === x)) throw field('content does not match the file type');
  return buf;
}

interface RequestFields {
  leaveTypeId: number;
  startDate: string;
  endDate: string;
  halfDay: HalfDay;
  reason: string;
  attachment?: { name: string; mime: string; contentBase64: string } | undefined;
}

interface TypeRule {
  id: number;
  name: string;
  paid: boolean;
  counts_annual: boolean;
  max_days: string | null;
  needs_attachment: boolean;
  allow_half_day: boolean;
}

/**
 * The checks of a new or edited request, under the lock of the employee's balance row: active
 * type, half day allowed, attachment when required, at least one working day, the type's maximum,
 * no overlap with a pending or approved request, entitlement date and balance (annual types).
 * Returns the covered days; reserves them on the balance for an annual type.
 */
async function checkAndReserve(
  trx: Db,
  employeeId: number,
  f: RequestFields,
  hasStoredAttachment: boolean,
  excludeRequestId: number | null,
): Promise<{ type: TypeRule; dates: { date: string; fraction: number }[]; days: number; year: number }> {
  const type = (await trx
    .selectFrom('leave_types')
    .select(['id', 'name', 'paid', 'counts_annual', 'max_days', 'needs_attachment', 'allow_half_day', 'active'])
    .where('id', '=', f.leaveTypeId)
    .executeTakeFirst()) as (TypeRule & { active: boolean }) | undefined;
  if (!type?.active)
    throw new AppError('VALIDATION', 'Choose an active leave type', {
      fields: [{ param: 'leaveTypeId', msg: 'is not an active leave type' }],
    });
  if (f.halfDay !== 'none' && !type.allow_half_day)
    throw new AppError('VALIDATION', `${type.name} cannot be taken as a half day`, {
      fields: [{ param: 'halfDay', msg: 'is not allowed for this leave type' }],
    });
  if (type.needs_attachment && !f.attachment && !hasStoredAttachment)
    throw new AppError('VALIDATION', `${type.name} needs an attachment`, {
      fields: [{ param: 'attachment', msg: 'is required for this leave type' }],
    });
  const year = Number(f.startDate.slice(0, 4));
  const balance = await lockBalance(trx, employeeId, year);
  const found = await workingDays(trx, employeeId, f.startDate, f.endDate);
  if (found.length === 0)
    throw new AppError('VALIDATION', 'The chosen dates contain no working day', {
      fields: [{ param: 'endDate', msg: 'the dates contain no working day' }],
    });
  const fraction = f.halfDay === 'none' ? 1 : 0.5;
  const dates = found.map((date) => ({ date, fraction }));
  const days = dates.length * fraction;
  const max = type.max_days === null ? null : Number(type.max_days);
  if (max !== null && days > max)
    throw new AppError('VALIDATION', `${type.name} allows at most ${fmtDays(max)} per request (${fmtDays(days)} chosen)`, {
      fields: [{ param: 'endDate', msg: `at most ${fmtDays(max)} per request` }],
    });
  const clash = await trx
    .selectFrom('leave_request_days as x')
    .innerJoin('leave_requests as r', 'r.id', 'x.request_id')
    .select(['r.id', 'r.start_date', 'r.end_date'])
    .where('r.employee_id', '=', employeeId)
    .where('r.status', 'in', [LEAVE_STATUS.Approved, LEAVE_STATUS.Pending])
    .where('x.work_date', 'in', found)
    .$if(excludeRequestId !== null, (q) => q.where('r.id', '<>', excludeRequestId!))
    .orderBy('r.start_date')
    .executeTakeFirst();
  if (clash)
    throw new AppError('CONFLICT', `Overlaps leave request #${clash.id} (${dmy(clash.start_date)} – ${dmy(clash.end_date)})`, {
      fields: [{ param: 'startDate', msg: 'overlaps another leave request' }],
    });
  if (type.counts_annual) {
    if (!balance.entitlementDate || f.startDate < balance.entitlementDate)
      throw new AppError(
        'CONFLICT',
        balance.entitlementDate
          ? `Not entitled to annual leave before ${dmy(balance.entitlementDate)}`
          : 'Not entitled to annual leave: the employee record has no annual-leave entitlement date',
        { fields: [{ param: 'startDate', msg: 'is before the annual-leave entitlement date' }] },
      );
    if (!(await reserveDays(trx, employeeId, year, days))) {
      const left = (await lockBalance(trx, employeeId, year)).remaining;
      throw new AppError('CONFLICT', `Not enough annual leave: ${fmtDays(left)} left, ${fmtDays(days)} requested`, {
        fields: [{ param: 'endDate', msg: 'exceeds the annual leave balance' }],
      });
    }
  }
  return { type, dates, days, year };
}

/** A request's dates lie within a year of today (GL0001 on startDate / endDate otherwise). */
function refuseRequestDates(ctx: Ctx, f: { startDate: string; endDate: string }): void {
  refuseOutsideRequestWindow(todayOf(ctx), [
    { param: 'startDate', date: f.startDate },
    { param: 'endDate', date: f.endDate },
  ]);
}

async function insertRequest(ctx: Ctx, actor: Actor, employeeId: number, f: RequestFields, trx: Db): Promise<number> {
  refuseRequestDates(ctx, f);
  const file = f.attachment ? decodeAttachment(f.attachment) : null;
  const { type, dates, days } = await checkAndReserve(trx, employeeId, f, false, null);
  const row = await trx
    .insertInto('leave_requests')
    .values({
      employee_id: employeeId,
      leave_type_id: type.id,
      start_date: f.startDate,
      end_date: f.endDate,
      half_day: f.halfDay,
      days,
      counts_annual: type.counts_annual,
      be_paid: type.paid,
      reason: f.reason,
      attachment_name: f.attachment?.name ?? null,
      attachment_mime: f.attachment?.mime ?? null,
      attachment: file,
      requested_by_user_id: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('leave_request_days')
    .values(dates.map((d) => ({ request_id: row.id, employee_id: employeeId, work_date: d.date, fraction: d.fraction })))
    .execute();
  const steps = await copyApprovalSteps(trx, row.id);
  await audit(ctx, trx, {
    action: 'leave.request',
    entity: 'leave_requests',
    entityId: row.id,
    after: { employeeId, leaveTypeId: type.id, startDate: f.startDate, endDate: f.endDate, halfDay: f.halfDay, days, steps },
  });
  return row.id;
}

/** The caller requests leave for themselves (Pending; annual days are held on the balance). */
export async function requestMyLeave(ctx: Ctx, grant: Personal, raw: In<typeof createMyLeaveInput>): Promise<LeaveDetail> {
  const input = createMyLeaveInput.parse(raw);
  const employeeId = grant.actor.employeeId;
  if (employeeId === null) throw new AppError('PRECONDITION_FAILED', 'Your ID Personal not available, please reload page');
  const id = await inTransaction(ctx, (trx) => insertRequest(ctx, grant.actor, employeeId, input, trx));
  return detailOf(ctx.db, grant.actor, id, 'own');
}

/** HR or a manager adds a request for an employee in their scope (Pending, like the employee's own). */
export async function createLeave(ctx: Ctx, grant: Approve, raw: In<typeof createLeaveInput>): Promise<LeaveDetail> {
  const input = createLeaveInput.parse(raw);
  const id = await inTransaction(ctx, async (trx) => {
    const emp = await trx
      .selectFrom('employees as e')
      .select(['e.id', 'e.resigned'])
      .where('e.id', '=', input.employeeId)
      .where(scopeSql(grant.scope, 'e'))
      .executeTakeFirst();
    if (!emp) throw new AppError('NOT_FOUND', 'Employee not found');
    if (emp.resigned !== 0)
      throw new AppError('VALIDATION', 'This employee has resigned', {
        fields: [{ param: 'employeeId', msg: 'has resigned' }],
      });
    return insertRequest(ctx, grant.actor, input.employeeId, input, trx);
  });
  return detailOf(ctx.db, grant.actor, id, 'scope');
}

async function editRequest(ctx: Ctx, actor: Actor, who: Who, raw: In<typeof updateLeaveInput>): Promise<LeaveDetail> {
  const input = updateLeaveInput.parse(raw);
  const file = input.attachment ? decodeAttachment(input.attachment) : null;
  refuseRequestDates(ctx, input);
  await inTransaction(ctx, async (trx) => {
    const before = await visibleRequest(trx, actor, input.id, who, true);
    if (who === 'scope' && !isApprover(actor)) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    if (before.status !== LEAVE_STATUS.Pending) throw new AppError('CONFLICT', 'Only a pending leave request can be changed');
    const oldYear = Number(before.startDate.slice(0, 4));
    const newYear = Number(input.startDate.slice(0, 4));
    // Lock both years' rows in ascending order (no deadlock against another edit), then give the
    // old reservation back before checking the new one.
    for (const y of [...new Set([oldYear, newYear])].sort()) await lockBalance(trx, before.employeeId, y);
    if (before.countsAnnual) await shiftDays(trx, before.employeeId, oldYear, { reserved: -before.days });
    const { type, dates, days } = await checkAndReserve(trx, before.employeeId, input, before.attachmentName !== null, before.id);
    const updated = await trx
      .updateTable('leave_requests')
      .set({
        leave_type_id: type.id,
        start_date: input.startDate,
        end_date: input.endDate,
        half_day: input.halfDay,
        days,
        counts_annual: type.counts_annual,
        be_paid: type.id === before.leaveTypeId ? before.bePaid : type.paid,
        reason: input.reason,
        ...(input.attachment
          ? { attachment_name: input.attachment.name, attachment_mime: input.attachment.mime, attachment: file }
          : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', before.id)
      .where('status', '=', LEAVE_STATUS.Pending)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw decidedMeanwhile();
    await trx.deleteFrom('leave_request_days').where('request_id', '=', before.id).execute();
    await trx
      .insertInto('leave_request_days')
      .values(
        dates.map((d) => ({ request_id: before.id, employee_id: before.employeeId, work_date: d.date, fraction: d.fraction })),
      )
      .execute();
    // A changed request starts its approval again, with the steps of the rule that matches it now.
    await copyApprovalSteps(trx, before.id);
    await audit(ctx, trx, {
      action: 'leave.update',
      entity: 'leave_requests',
      entityId: before.id,
      before: { leaveTypeId: before.leaveTypeId, startDate: before.startDate, endDate: before.endDate, days: before.days },
      after: { leaveTypeId: type.id, startDate: input.startDate, endDate: input.endDate, halfDay: input.halfDay, days },
    });
  });
  return detailOf(ctx.db, actor, input.id, who);
}

/** HR / manager edits a pending request of someone in scope. */
export const updateLeave = (ctx: Ctx, grant: Approve, raw: In<typeof updateLeaveInput>) =>
  editRequest(ctx, grant.actor, 'scope', raw);
/** The employee edits their own pending request. */
export const updateMyLeave = (ctx: Ctx, grant: Personal, raw: In<typeof updateLeaveInput>) =>
  editRequest(ctx, grant.actor, 'own', raw);

/** Writes the timesheet overrides of an approved request (attendance's override hook, source 'leave'). */
async function markTimesheet(trx: Db, requestId: number, employeeId: number, typeCode: string, actor: Actor) {
  const days = await trx.selectFrom('leave_request_days').select('work_date').where('request_id', '=', requestId).execute();
  await setTimesheetOverrides(
    trx,
    days.map((d) => ({
      employeeId,
      date: d.work_date,
      source: 'leave',
      priority: 10,
      status: null,
      dayType: 'leave' as const,
      refId: requestId,
      note: `Leave #${requestId} (${typeCode})`,
    })),
    actor.userId,
  );
}

async function unmarkTimesheet(trx: Db, requestId: number, employeeId: number) {
  const days = await trx.selectFrom('leave_request_days').select('work_date').where('request_id', '=', requestId).execute();
  await removeTimesheetOverrides(
    trx,
    days.map((d) => ({ employeeId, date: d.work_date, source: 'leave' })),
  );
}

/**
 * Segregation of duties (docs/security.md) for deciding request `r`: never one's own (filed by the
 * caller or about their own record), never a second step by the decider of an earlier one, never
 * after the caller's manager relation to the employee was made or changed after filing.
 */
async function assertMayDecideLeave(trx: Db, actor: Actor, r: LeaveRow): Promise<void> {
  const req = await trx
    .selectFrom('leave_requests')
    .select(['requested_by_user_id', 'created_at'])
    .where('id', '=', r.id)
    .executeTakeFirstOrThrow();
  const prior = await trx
    .selectFrom('leave_request_approvals')
    .select('decided_by_user_id')
    .where('request_id', '=', r.id)
    .where('status', '<>', 'pending')
    .execute();
  await assertMayDecide(trx, actor, {
    what: 'leave request',
    requestedByUserId: req.requested_by_user_id,
    subjectEmployeeId: r.employeeId,
    filedAt: req.created_at,
    priorDeciderUserIds: prior.map((p) => p.decided_by_user_id),
  });
}

/**
 * With approval steps: the caller must qualify for the current step (403 naming who must decide
 * it otherwise). Returns the step number being decided (0 without steps).
 */
async function checkStep(trx: Db, actor: Actor, r: LeaveRow): Promise<number> {
  if (r.approvalSteps === 0 || r.status !== LEAVE_STATUS.Pending) return 0;
  const step = r.approvedSteps + 1;
  if (!(await mayDecideStep(trx, actor, r.id))) {
    // A concurrent approval may have decided this step since r was read (PostgreSQL reads committed
    // rows statement by statement): that is a conflict, not a question of who may decide.
    const now = await trx
      .selectFrom('leave_requests')
      .select(['status', 'approved_steps'])
      .where('id', '=', r.id)
      .executeTakeFirst();
    if (!now || now.status !== LEAVE_STATUS.Pending || now.approved_steps !== r.approvedSteps) throw decidedMeanwhile();
    await refuseStep(trx, r.id, step, r.approvalSteps);
  }
  return step;
}

/** Marks a step decided (guarded: only a pending step; the request's own guard ran before). */
async function decideStep(trx: Db, actor: Actor, id: number, step: number, status: 'approved' | 'disapproved', note?: string) {
  if (step === 0) return;
  const done = await trx
    .updateTable('leave_request_approvals')
    .set({ status, decided_by_user_id: actor.userId, decided_at: sql`now()`, note: note ?? null })
    .where('request_id', '=', id)
    .where('step', '=', step)
    .where('status', '=', 'pending')
    .returning('step')
    .executeTakeFirst();
  if (!done) throw decidedMeanwhile();
}

/**
 * Approves the request, or its current step. Every step is one guarded update
 * (`where status = Pending and approved_steps = <seen>`): of two concurrent approvals of the same
 * step exactly one wins. The balance and the timesheet change only on the last step.
 */
async function approveOne(ctx: Ctx, actor: Actor, id: number, note: string | undefined): Promise<string> {
  return inTransaction(ctx, async (trx) => {
    const r = await visibleRequest(trx, actor, id, 'scope');
    await assertMayDecideLeave(trx, actor, r);
    const step = await checkStep(trx, actor, r);
    const final = step === 0 || step === r.approvalSteps;
    const updated = await trx
      .updateTable('leave_requests')
      .set(
        final
          ? {
              status: LEAVE_STATUS.Approved,
              approved_steps: r.approvalSteps,
              decided_by_user_id: actor.userId,
              decided_at: sql`now()`,
              decision_note: note ?? null,
            }
          : { approved_steps: step, updated_at: sql`now()` },
      )
      .where('id', '=', id)
      .where('status', '=', LEAVE_STATUS.Pending)
      .where('approved_steps', '=', r.approvedSteps)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw decidedMeanwhile();
    await decideStep(trx, actor, id, step, 'approved', note);
    if (!final) {
      await audit(ctx, trx, {
        action: 'leave.approve.step',
        entity: 'leave_requests',
        entityId: id,
        before: { status: r.status, approvedSteps: r.approvedSteps },
        after: { status: r.status, approvedSteps: step, note: note ?? null },
      });
      return `Step ${step} of ${r.approvalSteps} approved`;
    }
    if (r.countsAnnual) await shiftDays(trx, r.employeeId, Number(r.startDate.slice(0, 4)), { reserved: -r.days, used: r.days });
    await markTimesheet(trx, id, r.employeeId, r.leaveTypeCode, actor);
    await audit(ctx, trx, {
      action: 'leave.approve',
      entity: 'leave_requests',
      entityId: id,
      before: { status: r.status },
      after: { status: LEAVE_STATUS.Approved, note: note ?? null },
    });
    return 'Done';
  });
}

async function disapproveOne(ctx: Ctx, actor: Actor, id: number, note: string | undefined): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const r = await visibleRequest(trx, actor, id, 'scope');
    await assertMayDecideLeave(trx, actor, r);
    const step = await checkStep(trx, actor, r);
    const updated = await trx
      .updateTable('leave_requests')
      .set({
        status: LEAVE_STATUS.Disapproved,
        decided_by_user_id: actor.userId,
        decided_at: sql`now()`,
        decision_note: note ?? null,
      })
      .where('id', '=', id)
      .where('status', '=', LEAVE_STATUS.Pending)
      .where('approved_steps', '=', r.approvedSteps)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw decidedMeanwhile();
    await decideStep(trx, actor, id, step, 'disapproved', note);
    if (r.countsAnnual) await shiftDays(trx, r.employeeId, Number(r.startDate.slice(0, 4)), { reserved: -r.days });
    await audit(ctx, trx, {
      action: 'leave.disapprove',
      entity: 'leave_requests',
      entityId: id,
      before: { status: r.status },
      after: { status: LEAVE_STATUS.Disapproved, note: note ?? null },
    });
  });
}

/**
 * Cancels a request: a pending one gives its held days back; an approved one (approvers only)
 * gives its used days back and removes its timesheet overrides, which recomputes those days.
 */
async function cancelOne(ctx: Ctx, actor: Actor, id: number, who: Who, note: string | undefined): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const r = await visibleRequest(trx, actor, id, who);
    const approver = isApprover(actor) && who === 'scope';
    if (r.status === LEAVE_STATUS.Approved) {
      if (!approver || isOwn(actor, r.employeeId))
        throw new AppError('FORBIDDEN', 'An approved leave can only be cancelled by an approver');
    } else if (r.status !== LEAVE_STATUS.Pending) {
      throw new AppError('CONFLICT', `This leave request is ${LEAVE_STATUS_LABELS[r.status].toLowerCase()} already`);
    } else if (!approver && !isOwn(actor, r.employeeId)) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    }
    const updated = await trx
      .updateTable('leave_requests')
      .set({ status: LEAVE_STATUS.Cancel, decided_by_user_id: actor.userId, decided_at: sql`now()`, decision_note: note ?? null })
      .where('id', '=', id)
      .where('status', '=', r.status)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw decidedMeanwhile();
    const year = Number(r.startDate.slice(0, 4));
    if (r.status === LEAVE_STATUS.Approved) {
      if (r.countsAnnual) await shiftDays(trx, r.employeeId, year, { used: -r.days });
      await unmarkTimesheet(trx, id, r.employeeId);
    } else if (r.countsAnnual) {
      await shiftDays(trx, r.employeeId, year, { reserved: -r.days });
    }
    await audit(ctx, trx, {
      action: 'leave.cancel',
      entity: 'leave_requests',
      entityId: id,
      before: { status: r.status },
      after: { status: LEAVE_STATUS.Cancel, note: note ?? null },
    });
  });
}

/** Deletes a request that is not approved (cancel an approved one first); a pending one gives its days back. */
async function deleteOne(ctx: Ctx, actor: Actor, id: number): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const r = await visibleRequest(trx, actor, id, 'scope');
    refuseOwn(actor, r.employeeId, 'leave request', 'delete');
    if (r.status === LEAVE_STATUS.Approved)
      throw new AppError('CONFLICT', 'An approved leave cannot be deleted; cancel it first');
    const gone = await trx
      .deleteFrom('leave_requests')
      .where('id', '=', id)
      .where('status', '=', r.status)
      .returning('id')
      .executeTakeFirst();
    if (!gone) throw decidedMeanwhile();
    if (r.status === LEAVE_STATUS.Pending && r.countsAnnual)
      await shiftDays(trx, r.employeeId, Number(r.startDate.slice(0, 4)), { reserved: -r.days });
    await audit(ctx, trx, {
      action: 'leave.delete',
      entity: 'leave_requests',
      entityId: id,
      before: { employeeId: r.employeeId, startDate: r.startDate, endDate: r.endDate, status: r.status, days: r.days },
    });
  });
}

/** Approves a pending request (guarded: of two concurrent approvals one wins, the other is told it was decided). */
export async function approveLeave(ctx: Ctx, grant: Approve, raw: In<typeof decideLeaveInput>): Promise<LeaveDetail> {
  const input = decideLeaveInput.parse(raw);
  await approveOne(ctx, grant.actor, input.id, input.note);
  return detailOf(ctx.db, grant.actor, input.id, 'scope');
}

/** Disapproves a pending request; its held days go back to the balance. */
export async function disapproveLeave(ctx: Ctx, grant: Approve, raw: In<typeof decideLeaveInput>): Promise<LeaveDetail> {
  const input = decideLeaveInput.parse(raw);
  await disapproveOne(ctx, grant.actor, input.id, input.note);
  return detailOf(ctx.db, grant.actor, input.id, 'scope');
}

/** An approver cancels a pending or approved request (status Cancel 4). */
export async function cancelLeave(ctx: Ctx, grant: Approve, raw: In<typeof decideLeaveInput>): Promise<LeaveDetail> {
  const input = decideLeaveInput.parse(raw);
  await cancelOne(ctx, grant.actor, input.id, 'scope', input.note);
  return detailOf(ctx.db, grant.actor, input.id, 'scope');
}

/** The employee cancels their own pending request. */
export async function cancelMyLeave(ctx: Ctx, grant: Personal, raw: In<typeof decideLeaveInput>): Promise<LeaveDetail> {
  const input = decideLeaveInput.parse(raw);
  await cancelOne(ctx, grant.actor, input.id, 'own', input.note);
  return detailOf(ctx.db, grant.actor, input.id, 'own');
}

/** Deletes a pending, disapproved or cancelled request. */
export async function deleteLeave(ctx: Ctx, grant: Approve, raw: In<typeof leaveIdInput>): Promise<{ id: number }> {
  const { id } = leaveIdInput.parse(raw);
  await deleteOne(ctx, grant.actor, id);
  return { id };
}

/** Spec §4 "be-paid update": whether the leave is paid (payroll deducts unpaid leave days). */
export async function setLeaveBePaid(ctx: Ctx, grant: Approve, raw: In<typeof setBePaidInput>): Promise<LeaveDetail> {
  const input = setBePaidInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    const r = await visibleRequest(trx, grant.actor, input.id, 'scope', true);
    refuseOwn(grant.actor, r.employeeId, 'leave pay');
    await trx
      .updateTable('leave_requests')
      .set({ be_paid: input.bePaid, updated_at: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    await audit(ctx, trx, {
      action: 'leave.bePaid',
      entity: 'leave_requests',
      entityId: input.id,
      before: { bePaid: r.bePaid },
      after: { bePaid: input.bePaid },
    });
  });
  return detailOf(ctx.db, grant.actor, input.id, 'scope');
}

async function bulk(raw: In<typeof bulkLeaveInput>, one: (id: number, note: string | undefined) => Promise<unknown>) {
  const input = bulkLeaveInput.parse(raw);
  const items: BulkLeaveResult['items'] = [];
  for (const id of [...new Set(input.ids)]) {
    try {
      const message = await one(id, input.note);
      items.push({ id, ok: true, message: typeof message === 'string' ? message : 'Done' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      items.push({ id, ok: false, message: err.message });
    }
  }
  const succeeded = items.filter((i) => i.ok).length;
  return { items, succeeded, failed: items.length - succeeded };
}

/** Bulk approve: each request on its own (one transaction each), with a result per id. */
export const bulkApproveLeave = (ctx: Ctx, grant: Approve, raw: In<typeof bulkLeaveInput>): Promise<BulkLeaveResult> =>
  bulk(raw, (id, note) => approveOne(ctx, grant.actor, id, note));
/** Bulk disapprove, per-id results. */
export const bulkDisapproveLeave = (ctx: Ctx, grant: Approve, raw: In<typeof bulkLeaveInput>): Promise<BulkLeaveResult> =>
  bulk(raw, (id, note) => disapproveOne(ctx, grant.actor, id, note));
/** Bulk cancel, per-id results. */
export const bulkCancelLeave = (ctx: Ctx, grant: Approve, raw: In<typeof bulkLeaveInput>): Promise<BulkLeaveResult> =>
  bulk(raw, (id, note) => cancelOne(ctx, grant.actor, id, 'scope', note));
/** Bulk delete, per-id results. */
export const bulkDeleteLeave = (ctx: Ctx, grant: Approve, raw: In<typeof bulkLeaveInput>): Promise<BulkLeaveResult> =>
  bulk(raw, (id) => deleteOne(ctx, grant.actor, id));

// ---------------------------------------------------------------------------------------------
// Preview, schedule, report, dashboard, payroll

async function preview(db: Db, employeeId: number, raw: z.output<typeof previewLeaveInput>): Promise<LeavePreview> {
  const dates = await workingDays(db, employeeId, raw.startDate, raw.endDate);
  return { dates, days: dates.length * (raw.halfDay === 'none' ? 1 : 0.5) };
}

/** Working days a request would cover for an employee in scope (the add form shows it). */
export async function previewLeave(ctx: Ctx, grant: Approve, raw: In<typeof previewLeaveInput>): Promise<LeavePreview> {
  const input = previewLeaveInput.parse(raw);
  if (!input.employeeId)
    throw new AppError('VALIDATION', 'Choose an employee', { fields: [{ param: 'employeeId', msg: 'is required' }] });
  await employeeVisible(ctx.db, grant.actor, input.employeeId);
  return preview(ctx.db, input.employeeId, input);
}

/** Working days a request of the caller would cover. */
export async function previewMyLeave(ctx: Ctx, grant: Personal, raw: In<typeof previewLeaveInput>): Promise<LeavePreview> {
  const input = previewLeaveInput.parse(raw);
  if (grant.actor.employeeId === null)
    throw new AppError('PRECONDITION_FAILED', 'Your ID Personal not available, please reload page');
  return preview(ctx.db, grant.actor.employeeId, input);
}

const lastDayOfMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * /attendance/leave/schedule: who is away when. One row per employee in scope with leave in the
 * month (approved; pending too on request), with the days, ordered by department and name.
 */
export async function leaveSchedule(ctx: Ctx, grant: View, raw: In<typeof leaveScheduleInput>): Promise<Page<LeaveScheduleRow>> {
  const f = leaveScheduleInput.parse(raw);
  const from = `${f.month}-01`;
  const to = lastDayOfMonth(f.month);
  const statuses = f.includePending ? [LEAVE_STATUS.Approved, LEAVE_STATUS.Pending] : [LEAVE_STATUS.Approved];
  const conds: RawBuilder<SqlBool>[] = [scopeSql(grant.scope, 'e')];
  if (f.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  if (f.search) {
    const like = likePattern(f.search);
    conds.push(sql<SqlBool>`(trim(e.given_name || ' ' || e.surname) ilike ${like} or e.employee_number ilike ${like})`);
  }
  const r = await sql<Omit<LeaveScheduleRow, 'days'> & { days: string; total: number }>`
    with x as (
      select x.employee_id, x.work_date, x.fraction, r.id as request_id, t.code, r.status
      from leave_request_days x
      join leave_requests r on r.id = x.request_id
      join leave_types t on t.id = r.leave_type_id
      where x.work_date between ${from}::date and ${to}::date
        and r.status in (${sql.join(statuses.map((s) => sql`${s}`))})
    )
    select e.id as "employeeId", e.employee_number as "employeeNumber", ${employeeName} as "employeeName",
      d.name as department, sum(x.fraction)::float8 as "totalDays",
      json_agg(json_build_object('date', to_char(x.work_date, 'YYYY-MM-DD'), 'fraction', x.fraction::float8,
        'requestId', x.request_id, 'leaveTypeCode', x.code, 'status', x.status) order by x.work_date)::text as days,
      (count(*) over ())::int as total
    from x
    join employees e on e.id = x.employee_id
    left join departments d on d.id = e.department_id
    where ${sql.join(conds, sql` and `)}
    group by e.id, d.name
    order by d.name nulls last, ${employeeName}, e.id
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`.execute(ctx.db);
  return {
    rows: r.rows.map(({ total: _t, days, ...row }) => ({ ...row, days: JSON.parse(days) as LeaveScheduleRow['days'] })),
    total: r.rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/**
 * Approved leave of a year per type and month (requests touching the month, working days in it),
 * for employees in scope: the dashboard's leave report.
 */
export async function leaveReport(ctx: Ctx, grant: View, raw: In<typeof leaveReportInput>): Promise<LeaveReport> {
  const f = leaveReportInput.parse(raw);
  const conds: RawBuilder<SqlBool>[] = [scopeSql(grant.scope, 'e')];
  if (f.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  const r = await sql<{ leaveTypeId: number; leaveType: string; month: number; requests: number; days: number }>`
    select t.id as "leaveTypeId", t.name as "leaveType", date_part('month', x.work_date)::int as month,
      count(distinct r.id)::int as requests, sum(x.fraction)::float8 as days
    from leave_request_days x
    join leave_requests r on r.id = x.request_id
    join leave_types t on t.id = r.leave_type_id
    join employees e on e.id = r.employee_id
    where r.status = ${LEAVE_STATUS.Approved}
      and x.work_date between ${`${f.year}-01-01`}::date and ${`${f.year}-12-31`}::date
      and ${sql.join(conds, sql` and `)}
    group by t.id, t.name, 3
    order by t.name, t.id, 3`.execute(ctx.db);
  const totals = await sql<{ leaveTypeId: number; leaveType: string; requests: number; days: number }>`
    select t.id as "leaveTypeId", t.name as "leaveType", count(distinct r.id)::int as requests, sum(x.fraction)::float8 as days
    from leave_request_days x
    join leave_requests r on r.id = x.request_id
    join leave_types t on t.id = r.leave_type_id
    join employees e on e.id = r.employee_id
    where r.status = ${LEAVE_STATUS.Approved}
      and x.work_date between ${`${f.year}-01-01`}::date and ${`${f.year}-12-31`}::date
      and ${sql.join(conds, sql` and `)}
    group by t.id, t.name
    order by t.name, t.id`.execute(ctx.db);
  return { year: f.year, rows: r.rows, totals: totals.rows };
}

/**
 * Pending requests the caller may decide (employees in scope, not their own), newest first: the
 * dashboard's "leave requests" widget.
 */
export async function leaveAwaitingMe(ctx: Ctx, grant: Approve, raw?: In<typeof awaitingMeInput>): Promise<LeaveRow[]> {
  const f = awaitingMeInput.parse(raw);
  const actor = grant.actor;
  const q = requestBase(ctx.db)
    .where(visible(actor, 'scope'))
    .where('r.status', '=', LEAVE_STATUS.Pending)
    .where(sql<SqlBool>`(r.approval_steps = 0 or ${qualifiesForCurrentStep(actor)})`)
    // Only what the duty rules let the caller decide (docs/security.md §1.3).
    .where(
      mayDecideSql(actor, {
        requestedBy: sql.ref('r.requested_by_user_id'),
        subjectEmployeeId: sql.ref('r.employee_id'),
        filedAt: sql.ref('r.created_at'),
        decidedEarlierStep: sql<SqlBool>`exists (select 1 from leave_request_approvals da
          where da.request_id = r.id and da.decided_by_user_id = ${actor.userId})`,
      }),
    );
  const rows = await q
    .select(requestColumns)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(f?.limit ?? 10)
    .execute();
  return rows.map((r) => toRow(r as RawRow));
}

/**
 * For payroll: approved leave marked not paid (be-paid false), in working days per employee
 * between two dates (inclusive). Employees without such leave are left out.
 */
export async function approvedUnpaidLeaveDays(
  db: Db,
  opts: { employeeIds: readonly number[]; from: string; to: string },
): Promise<{ employeeId: number; days: number }[]> {
  if (opts.employeeIds.length === 0) return [];
  const r = await sql<{ employeeId: number; days: number }>`
    select r.employee_id as "employeeId", sum(x.fraction)::float8 as days
    from leave_request_days x
    join leave_requests r on r.id = x.request_id
    where r.status = ${LEAVE_STATUS.Approved} and not r.be_paid
      and x.work_date between ${opts.from}::date and ${opts.to}::date
      and r.employee_id in (select (jsonb_array_elements_text(${JSON.stringify(opts.employeeIds)}::jsonb))::int)
    group by r.employee_id
    order by r.employee_id`.execute(db);
  return r.rows;
}
