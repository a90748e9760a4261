import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import { revokeSessionsOfEmployee } from '../auth/index';
import { type Decision, ownEmployeeId as ownEmployeeIdOf, refuseOwn } from '../access/index';
import type { Grant } from '../access/index';
import type { Personal } from './grants';
import { employeeInScope, scopeSql } from '../access/index';
import { REQUEST_STATUS } from '../reference/index';
import { refusal, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, invalid, notFound } from '../shared/errors';
import { employeeName, employeeSearch, userNameOf } from '../shared/employee-sql';
import { type PageArgs, pageOf, pageOffset } from '../shared/page';
import type { Page } from '../shared/zod';
import { dateIssues, sectionDateIssues, todayWib as wibDay } from './date-rules';
import { applyEmployeeSection, readEmployeeDetail, scopedEmployeeId, sectionValues } from './detail';
import { SECTION_INPUTS, SECTION_LABELS } from './detail-schema';
import {
  createResignationInput,
  decideRequestInput,
  type FieldChange,
  listResignationsInput,
  listUpdateRequestsInput,
  type RequestableSection,
  requestIdInput,
  requestResignationInput,
  type ResignationRow,
  submitUpdateRequestInput,
  type UpdateRequestRow,
  updateResignationInput,
} from './requests-schema';
import { anyId } from '../shared/sql';

type Approve = Grant<'employee.editRequest.approve'>;
type Manage = Grant<'employee.resignation.manage'>;

const { Approved, Disapproved, Pending, Cancel } = REQUEST_STATUS;
const iso = (col: string) => sql<string | null>`to_char(${sql.ref(col)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** Today in Indonesia's western time (WIB), where the company works. */
const todayWib = (ctx: Ctx) => wibDay(ctx.clock());

const ownEmployeeId = (grant: Grant): number => ownEmployeeIdOf(grant.actor);

/** After a refused guarded transition: NOT_FOUND when the row is not there (or not visible), else CONFLICT. */
const refuseTransition = (exists: Promise<unknown>, what: string, statusName: string): Promise<AppError> =>
  refusal(
    exists,
    () => notFound(what),
    () => new AppError('CONFLICT', `This ${what.toLowerCase()} is no longer ${statusName}; reload to see its status`),
  );

/**
 * The employee withdraws their own pending request (a data update request or a resignation): one
 * guarded transition Pending → Cancel on their own row; NOT_FOUND when it is not theirs, else CONFLICT.
 */
async function cancelOwn(
  ctx: Ctx,
  grant: Personal,
  table: 'employee_update_requests' | 'employee_resignations',
  what: string,
  id: number,
): Promise<{ id: number; status: typeof Cancel }> {
  const employeeId = ownEmployeeId(grant);
  await transition(ctx.db, table, {
    id,
    from: Pending,
    set: { status: Cancel, decided_by: grant.actor.userId, decided_at: sql<Date>`now()` },
    and: [sql<SqlBool>`employee_id = ${employeeId}`],
    returning: ['id'],
    refuse: (db) =>
      refuseTransition(
        db.selectFrom(table).select('id').where('id', '=', id).where('employee_id', '=', employeeId).executeTakeFirst(),
        what,
        'pending',
      ),
  });
  return { id, status: Cancel };
}

/** The caller's own record, every section (`employee/profile/personalInformation`). */
export async function getOwnEmployeeDetail(ctx: Ctx, grant: Personal) {
  return readEmployeeDetail(ctx, grant, { id: ownEmployeeId(grant) });
}

// ---------------------------------------------------------------------------------------------
// Data update requests.

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The employee proposes new values for one section of their own record (`employee/update/request`). */
export async function submitUpdateRequest(
  ctx: Ctx,
  grant: Personal,
  raw: z.input<typeof submitUpdateRequestInput>,
): Promise<{ id: number }> {
  const input = submitUpdateRequestInput.parse(raw);
  const employeeId = ownEmployeeId(grant);
  const checked = SECTION_INPUTS[input.section].safeParse({ ...input.changes, id: employeeId });
  if (!checked.success) {
    // Named under `changes` (the field the caller sent), like any other GL0001.
    throw new AppError('VALIDATION', 'Invalid input', {
      fields: checked.error.issues.flatMap((i) =>
        i.code === 'unrecognized_keys'
          ? i.keys.map((k) => ({ param: ['changes', ...i.path.map(String), k].join('.'), msg: 'is not a field of this section' }))
          : [{ param: ['changes', ...i.path.map(String)].join('.'), msg: i.message }],
      ),
    });
  }
  const { id: _id, ...parsed } = checked.data as Record<string, unknown> & { id: number };
  // Checked now with the rule the approval applies, so an accepted request can be approved.
  const dateFields = sectionDateIssues(input.section, parsed, todayWib(ctx), 'changes.');
  if (dateFields.length) throw invalid(dateFields);
  const current = sectionValues(await readEmployeeDetail(ctx, grant, { id: employeeId }), input.section);
  const payload: Record<string, unknown> = {};
  const snapshot: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (v === undefined || same(v, current[k])) continue;
    payload[k] = v;
    snapshot[k] = current[k] ?? null;
  }
  if (Object.keys(payload).length === 0) {
    throw new AppError('VALIDATION', 'Nothing to change: the values are the same as in your record', {
      fields: [{ param: 'changes', msg: 'must differ from the current values' }],
    });
  }
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('employee_update_requests')
          .values({
            employee_id: employeeId,
            section: input.section,
            payload: JSON.stringify(payload),
            snapshot: JSON.stringify(snapshot),
            requested_by: grant.actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      {
        unique: {
          employee_update_requests_pending_uq: () =>
            new AppError('CONFLICT', `You already have a pending request for ${SECTION_LABELS[input.section]}; cancel it first`),
        },
      },
    );
    await audit(ctx, trx, { action: 'employee.updateRequest.submit', entity: 'employee', entityId: employeeId, after: input });
    return { id: row.id };
  });
}

function updateRequestsQuery(db: Db) {
  return db
    .selectFrom('employee_update_requests as q')
    .innerJoin('employees as e', 'e.id', 'q.employee_id')
    .select([
      'q.id',
      'q.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      employeeName.as('employeeName'),
      'q.section',
      'q.status',
      'q.payload',
      'q.snapshot',
      'q.note',
      iso('q.created_at').as('requestedAt'),
      userNameOf('q.decided_by').as('decidedBy'),
      iso('q.decided_at').as('decidedAt'),
    ]);
}

type RequestQueryRow = Awaited<ReturnType<ReturnType<typeof updateRequestsQuery>['execute']>>[number];

const toRequestRow = ({ payload, snapshot, ...r }: RequestQueryRow): UpdateRequestRow => ({
  ...r,
  section: r.section as RequestableSection,
  requestedAt: r.requestedAt ?? '',
  changes: Object.keys(payload).map((field): FieldChange => ({ field, old: snapshot[field] ?? null, new: payload[field] })),
});

/** The caller's own update requests, newest first. */
export async function listMyUpdateRequests(
  ctx: Ctx,
  grant: Personal,
  raw: z.input<typeof listUpdateRequestsInput>,
): Promise<Page<UpdateRequestRow>> {
  const input = listUpdateRequestsInput.parse(raw);
  const employeeId = ownEmployeeId(grant);
  let q = updateRequestsQuery(ctx.db).where('q.employee_id', '=', employeeId);
  if (input.status) q = q.where('q.status', '=', input.status);
  return page(q, input);
}

/** One page of the requests `q` reads (alias `a`: update requests `q`, resignations `r`), newest first, each row mapped. */
async function newestFirst<O, R>(
  // biome-ignore lint/suspicious/noExplicitAny: a query over either request table, typed by its rows `O`
  q: SelectQueryBuilder<any, any, O>,
  a: 'q' | 'r',
  input: PageArgs,
  map: (row: O) => R,
): Promise<Page<R>> {
  const rows = await q
    .select(sql<number>`(count(*) over ())::int`.as('total'))
    .orderBy(sql.ref(`${a}.created_at`), 'desc')
    .orderBy(sql.ref(`${a}.id`), 'desc')
    .limit(input.pageSize)
    .offset(pageOffset(input))
    .execute();
  return pageOf(rows as (O & { total: number })[], input, (r) => map(r as O));
}

const page = (q: ReturnType<typeof updateRequestsQuery>, input: PageArgs): Promise<Page<UpdateRequestRow>> =>
  newestFirst(q, 'q', input, toRequestRow);

/** SQL (alias `e`): the employee is of the filter's office and department, and matches its search. */
function ofOfficeAndSearch(f: {
  companyOfficeId?: number | undefined;
  departmentId?: number | undefined;
  search?: string | undefined;
}) {
  const conds: RawBuilder<SqlBool>[] = [];
  if (f.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  if (f.search) conds.push(employeeSearch(f.search));
  return conds.length ? sql<SqlBool>`(${sql.join(conds, sql` and `)})` : sql<SqlBool>`true`;
}

/** Pending (or filtered) update requests of employees in the approver's scope, with old → new per field. */
export async function listUpdateRequests(
  ctx: Ctx,
  grant: Approve,
  raw: z.input<typeof listUpdateRequestsInput>,
): Promise<Page<UpdateRequestRow>> {
  const input = listUpdateRequestsInput.parse(raw);
  let q = updateRequestsQuery(ctx.db).where((eb) => employeeInScope(eb as never, grant.scope));
  q = q.where('q.status', '=', input.status ?? Pending);
  q = q.where(ofOfficeAndSearch(input));
  return page(q, input);
}

const inScopeRequest = (db: Db, grant: Grant, id: number) =>
  db
    .selectFrom('employee_update_requests as q')
    .innerJoin('employees as e', 'e.id', 'q.employee_id')
    .select('q.id')
    .where('q.id', '=', id)
    .where((eb) => employeeInScope(eb as never, grant.scope))
    .executeTakeFirst();

/**
 * The one approval rule (access/duties.ts), as the approval kit checks it: nobody decides a
 * request about their own record or one they filed, nor one whose approval route they changed after
 * it was filed. Nothing to check when the request is not there (null: the guarded update then
 * answers NOT_FOUND or CONFLICT).
 */
async function updateRequestDecision(trx: Db, id: number): Promise<Decision | null> {
  const q = await trx
    .selectFrom('employee_update_requests')
    .select(['employee_id', 'requested_by', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return q
    ? { what: 'data update request', requestedByUserId: q.requested_by, subjectEmployeeId: q.employee_id, filedAt: q.created_at }
    : null;
}

/**
 * Approves a pending request and applies its values to the record in the same transaction: the
 * status changes only from Pending (SQL-guarded, so two approvers cannot both win), and a change
 * that no longer fits (an e-mail taken meanwhile) rolls the approval back with the reason.
 */
export async function approveUpdateRequest(ctx: Ctx, grant: Approve, raw: z.input<typeof decideRequestInput>) {
  const input = decideRequestInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await transition(trx, 'employee_update_requests', {
      id: input.id,
      from: Pending,
      set: { status: Approved, decided_by: grant.actor.userId, decided_at: sql<Date>`now()`, note: input.note ?? null },
      and: [
        sql<SqlBool>`exists (select 1 from employees e
          where e.id = employee_update_requests.employee_id and ${scopeSql(grant.scope, 'e')})`,
      ],
      returning: ['employee_id', 'section', 'payload'],
      duties: { actor: grant.actor, decisions: await updateRequestDecision(trx, input.id) },
      refuse: (trx) => refuseTransition(inScopeRequest(trx, grant, input.id), 'Update request', 'pending'),
    });
    await applyEmployeeSection(
      { ...ctx, db: trx },
      grant,
      row.section as RequestableSection,
      {
        ...row.payload,
        id: row.employee_id,
      } as never,
    );
    await audit(ctx, trx, { action: 'employee.updateRequest.approve', entity: 'employee_update_request', entityId: input.id });
    return { id: input.id, status: Approved };
  });
}

export async function disapproveUpdateRequest(ctx: Ctx, grant: Approve, raw: z.input<typeof decideRequestInput>) {
  const input = decideRequestInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const found = await inScopeRequest(trx, grant, input.id);
    if (!found) throw notFound('Update request');
    await transition(trx, 'employee_update_requests', {
      id: input.id,
      from: Pending,
      set: { status: Disapproved, decided_by: grant.actor.userId, decided_at: sql<Date>`now()`, note: input.note ?? null },
      returning: ['id'],
      duties: { actor: grant.actor, decisions: await updateRequestDecision(trx, input.id) },
      refuse: () => refuseTransition(Promise.resolve(true), 'Update request', 'pending'),
    });
    await audit(ctx, trx, { action: 'employee.updateRequest.disapprove', entity: 'employee_update_request', entityId: input.id });
    return { id: input.id, status: Disapproved };
  });
}

/** The employee withdraws their own pending request. */
export async function cancelMyUpdateRequest(ctx: Ctx, grant: Personal, raw: z.input<typeof requestIdInput>) {
  const { id } = requestIdInput.parse(raw);
  return cancelOwn(ctx, grant, 'employee_update_requests', 'Update request', id);
}

/** Deletes a request (HR housekeeping); the audit log keeps what it was. */
export async function deleteUpdateRequest(ctx: Ctx, grant: Approve, raw: z.input<typeof requestIdInput>) {
  const { id } = requestIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    if (!(await inScopeRequest(trx, grant, id))) throw notFound('Update request');
    const before = await trx.selectFrom('employee_update_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await trx.deleteFrom('employee_update_requests').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'employee.updateRequest.delete', entity: 'employee_update_request', entityId: id, before });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Resignations.

function resignationsQuery(db: Db) {
  return db
    .selectFrom('employee_resignations as r')
    .innerJoin('employees as e', 'e.id', 'r.employee_id')
    .leftJoin('departments as dp', 'dp.id', 'e.department_id')
    .select([
      'r.id',
      'r.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      employeeName.as('employeeName'),
      'dp.name as department',
      'r.request_date as requestDate',
      'r.last_working_day as lastWorkingDay',
      'r.reason',
      'r.status',
      'r.decision_note as decisionNote',
      userNameOf('r.decided_by').as('decidedBy'),
      iso('r.decided_at').as('decidedAt'),
    ]);
}

const pageResignations = (q: ReturnType<typeof resignationsQuery>, input: PageArgs) =>
  newestFirst(q, 'r', input, (r) => r as ResignationRow);

async function insertResignation(
  ctx: Ctx,
  actorUserId: number,
  employeeId: number,
  input: { lastWorkingDay: string; reason: string },
): Promise<{ id: number }> {
  const today = todayWib(ctx);
  const fields = dateIssues(today, [['lastWorkingDay', 'leaving', input.lastWorkingDay]]);
  if (fields.length) throw invalid(fields);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('employee_resignations')
          .values({
            employee_id: employeeId,
            request_date: today,
            last_working_day: input.lastWorkingDay,
            reason: input.reason,
            created_by: actorUserId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      {
        unique: {
          employee_resignations_open_uq: () =>
            new AppError('CONFLICT', 'There is already a pending or approved resignation for this employee'),
        },
      },
    );
    await audit(ctx, trx, {
      action: 'employee.resignation.create',
      entity: 'employee_resignation',
      entityId: row.id,
      after: input,
    });
    return { id: row.id };
  });
}

/** The employee's own resignation request (`/employee/resignation/request`). */
export async function requestResignation(ctx: Ctx, grant: Personal, raw: z.input<typeof requestResignationInput>) {
  const input = requestResignationInput.parse(raw);
  return insertResignation(ctx, grant.actor.userId, ownEmployeeId(grant), input);
}

/** HR records a resignation for an employee in scope. */
export async function createResignation(ctx: Ctx, grant: Manage, raw: z.input<typeof createResignationInput>) {
  const input = createResignationInput.parse(raw);
  await scopedEmployeeId(ctx.db, grant, input.employeeId);
  return insertResignation(ctx, grant.actor.userId, input.employeeId, input);
}

export async function listResignations(ctx: Ctx, grant: Manage, raw: z.input<typeof listResignationsInput>) {
  const input = listResignationsInput.parse(raw);
  let q = resignationsQuery(ctx.db).where((eb) => employeeInScope(eb as never, grant.scope));
  if (input.status) q = q.where('r.status', '=', input.status);
  q = q.where(ofOfficeAndSearch(input));
  return pageResignations(q, input);
}

export async function listMyResignations(ctx: Ctx, grant: Personal, raw: z.input<typeof listResignationsInput>) {
  const input = listResignationsInput.parse(raw);
  return pageResignations(resignationsQuery(ctx.db).where('r.employee_id', '=', ownEmployeeId(grant)), input);
}

export async function getResignation(ctx: Ctx, grant: Manage, raw: z.input<typeof requestIdInput>): Promise<ResignationRow> {
  const { id } = requestIdInput.parse(raw);
  const row = await resignationsQuery(ctx.db)
    .where('r.id', '=', id)
    .where((eb) => employeeInScope(eb as never, grant.scope))
    .executeTakeFirst();
  if (!row) throw notFound('Resignation');
  return row as ResignationRow;
}

const resignationInScope = (db: Db, grant: Grant, id: number) =>
  db
    .selectFrom('employee_resignations as r')
    .innerJoin('employees as e', 'e.id', 'r.employee_id')
    .select(['r.id', 'r.employee_id', 'r.last_working_day', 'r.created_by', 'r.created_at'])
    .where('r.id', '=', id)
    .where((eb) => employeeInScope(eb as never, grant.scope))
    .executeTakeFirst();

/** One guarded status change of a resignation in scope; the reason names what went wrong. */
async function changeResignation(
  ctx: Ctx,
  grant: Grant,
  id: number,
  from: readonly number[],
  to: number,
  note: string | null,
  action: string,
  after?: (trx: Db, row: { employee_id: number; last_working_day: string }) => Promise<void>,
) {
  return inTransaction(ctx, async (trx) => {
    const found = await resignationInScope(trx, grant, id);
    if (!found) throw notFound('Resignation');
    const deciding = to === Approved || to === Disapproved;
    // HR's cancel is not for one's own resignation (cancel it as the employee, while pending).
    if (!deciding) refuseOwn(grant.actor, found.employee_id, 'resignation', 'cancel');
    await transition(trx, 'employee_resignations', {
      id,
      from,
      set: { status: to, decided_by: grant.actor.userId, decided_at: sql<Date>`now()`, decision_note: note },
      returning: ['id'],
      // Deciding: never one's own resignation, nor one filed by oneself (the one approval rule).
      duties: deciding
        ? {
            actor: grant.actor,
            decisions: {
              what: 'resignation',
              requestedByUserId: found.created_by,
              subjectEmployeeId: found.employee_id,
              filedAt: found.created_at,
            },
          }
        : undefined,
      refuse: () => new AppError('CONFLICT', 'This resignation has already been decided; reload to see its status'),
    });
    await after?.(trx, found);
    await audit(ctx, trx, { action, entity: 'employee_resignation', entityId: id, after: { status: to, note } });
    return { id, status: to };
  });
}

/**
 * Approves a pending resignation. Access ends after the last working day (checked on every
 * request, see auth/service.ts); when that day is already over the employee is marked resigned
 * and signed out at once.
 */
export async function approveResignation(ctx: Ctx, grant: Manage, raw: z.input<typeof decideRequestInput>) {
  const input = decideRequestInput.parse(raw);
  return changeResignation(
    ctx,
    grant,
    input.id,
    [Pending],
    Approved,
    input.note ?? null,
    'employee.resignation.approve',
    async (trx, row) => {
      if (row.last_working_day < todayWib(ctx)) await markResigned({ ...ctx, db: trx }, [row.employee_id]);
    },
  );
}

export async function disapproveResignation(ctx: Ctx, grant: Manage, raw: z.input<typeof decideRequestInput>) {
  const input = decideRequestInput.parse(raw);
  return changeResignation(ctx, grant, input.id, [Pending], Disapproved, input.note ?? null, 'employee.resignation.disapprove');
}

/** HR cancels a pending resignation, or an approved one before its last working day is over. */
export async function cancelResignation(ctx: Ctx, grant: Manage, raw: z.input<typeof decideRequestInput>) {
  const input = decideRequestInput.parse(raw);
  const found = await resignationInScope(ctx.db, grant, input.id);
  if (found && found.last_working_day < todayWib(ctx)) {
    throw new AppError('CONFLICT', 'The last working day is over; the employee has already left');
  }
  return changeResignation(ctx, grant, input.id, [Pending, Approved], Cancel, input.note ?? null, 'employee.resignation.cancel');
}

/** The employee withdraws their own pending resignation. */
export async function cancelMyResignation(ctx: Ctx, grant: Personal, raw: z.input<typeof requestIdInput>) {
  const { id } = requestIdInput.parse(raw);
  return cancelOwn(ctx, grant, 'employee_resignations', 'Resignation', id);
}

/**
 * Corrects a pending resignation (last working day, reason) in one guarded
 * `UPDATE … WHERE id = ? AND status = pending AND <whose>`: a decided (or cancelled) one is
 * CONFLICT, one that `whose` does not cover (not the caller's own, out of scope) NOT_FOUND. The
 * audit entry keeps the values before and after, and who changed them.
 */
async function revisePendingResignation(
  ctx: Ctx,
  input: z.output<typeof updateResignationInput>,
  whose: RawBuilder<SqlBool>,
  refuse?: (employeeId: number) => void,
): Promise<{ id: number }> {
  if (input.lastWorkingDay !== undefined) {
    const fields = dateIssues(todayWib(ctx), [['lastWorkingDay', 'leaving', input.lastWorkingDay]]);
    if (fields.length) throw invalid(fields);
  }
  const decided = () => new AppError('CONFLICT', 'This resignation has already been decided and can no longer be changed');
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('employee_resignations')
      .select(['employee_id', 'last_working_day', 'reason', 'status'])
      .where('id', '=', input.id)
      .where(whose)
      .executeTakeFirst();
    if (!before) throw notFound('Resignation');
    refuse?.(before.employee_id);
    const set = {
      ...(input.lastWorkingDay === undefined ? {} : { last_working_day: input.lastWorkingDay }),
      ...(input.reason === undefined ? {} : { reason: input.reason }),
    };
    const after = await transition(trx, 'employee_resignations', {
      id: input.id,
      from: Pending,
      set: Object.keys(set).length ? set : { status: Pending },
      and: [whose],
      returning: ['last_working_day', 'reason'],
      refuse: decided,
    });
    await audit(ctx, trx, {
      action: 'employee.resignation.update',
      entity: 'employee_resignation',
      entityId: input.id,
      before: { lastWorkingDay: before.last_working_day, reason: before.reason },
      after: { lastWorkingDay: after.last_working_day, reason: after.reason },
    });
    return { id: input.id };
  });
}

/** HR corrects a pending resignation of an employee in scope; not one's own (correct it as the employee). */
export async function updateResignation(ctx: Ctx, grant: Manage, raw: z.input<typeof updateResignationInput>) {
  const input = updateResignationInput.parse(raw);
  const inScope = sql<SqlBool>`exists (select 1 from employees e
    where e.id = employee_resignations.employee_id and ${scopeSql(grant.scope, 'e')})`;
  return revisePendingResignation(ctx, input, inScope, (employeeId) => refuseOwn(grant.actor, employeeId, 'resignation'));
}

/** The employee corrects their own pending resignation (`/employee/resignation/request/{id}/update`). */
export async function updateMyResignation(ctx: Ctx, grant: Personal, raw: z.input<typeof updateResignationInput>) {
  const input = updateResignationInput.parse(raw);
  return revisePendingResignation(ctx, input, sql<SqlBool>`employee_id = ${ownEmployeeId(grant)}`);
}

/** Deletes a resignation that is not in force (disapproved or cancelled); the audit log keeps it. */
export async function deleteResignation(ctx: Ctx, grant: Manage, raw: z.input<typeof requestIdInput>) {
  const { id } = requestIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    if (!(await resignationInScope(trx, grant, id))) throw notFound('Resignation');
    const before = await trx.selectFrom('employee_resignations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (before.status === Pending || before.status === Approved) {
      throw new AppError('CONFLICT', 'Only a disapproved or cancelled resignation can be deleted; cancel it first');
    }
    await trx.deleteFrom('employee_resignations').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'employee.resignation.delete', entity: 'employee_resignation', entityId: id, before });
    return { ok: true as const };
  });
}

/** Marks employees resigned and ends their sessions (inside the caller's transaction when given one). */
async function markResigned(ctx: Ctx, employeeIds: number[]): Promise<void> {
  if (employeeIds.length === 0) return;
  await ctx.db
    .updateTable('employees')
    .set({ resigned: 1, updated_at: sql`now()` } as never)
    .where(anyId('id', employeeIds))
    .execute();
  for (const id of employeeIds) await revokeSessionsOfEmployee(ctx, id);
}

/**
 * Marks as resigned every employee whose approved resignation's last working day is over. Access
 * already ends on that day without it (auth checks the resignation); this keeps the Resigned/Work
 * flag of lists and reports in step. Run at start and periodically by the server. Returns how many.
 */
export async function applyDueResignations(ctx: Ctx): Promise<number> {
  return inTransaction(ctx, async (trx) => {
    const due = await trx
      .selectFrom('employee_resignations as r')
      .innerJoin('employees as e', 'e.id', 'r.employee_id')
      .select('e.id')
      .where('r.status', '=', Approved)
      .where('r.last_working_day', '<', todayWib(ctx))
      .where('e.resigned', '=', 0)
      .forUpdate()
      .execute();
    await markResigned(
      { ...ctx, db: trx },
      due.map((d) => d.id),
    );
    return due.length;
  });
}
