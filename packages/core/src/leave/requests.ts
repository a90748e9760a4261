import { employeeSearch } from '../shared/employee-sql';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../access/index';
import { decisionRefusal } from '../access/index';
import { checkDuties } from '../access/index';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';
import { pageOffset, pageTotal } from '../shared/page';
import type { Ctx } from '../shared/context';
import type { In, Page } from '../shared/zod';
import { isApprover, isOwn, leaveDecision, visible, visibleRequest, type Who } from './access';
import { mayDecideStep, stepsOf } from './approvals';
import type { Personal, View } from './grants';
import { type RawRow, requestBase, requestColumns, toRow } from './request-rows';
import {
  LEAVE_STATUS,
  type LeaveAttachment,
  type LeaveDetail,
  type LeaveRow,
  leaveIdInput,
  listLeaveInput,
  listMyLeaveInput,
} from './schema';
import { fileDownload } from '../shared/file-download';

// Requests: reading

export async function detailOf(db: Db, actor: Actor, id: number, who: Who): Promise<LeaveDetail> {
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
    (await decisionRefusal(checkDuties(db, actor, await leaveDecision(db, row)))) === null;
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
  if (f.search) out = out.where(employeeSearch(f.search, ['r.reason'])) as Q;
  return out;
}

/**
 * One page, newest start first, and the total as a second statement only when the page does not tell it (issue 22):
 * a window count made the database build and sort every matching request in full for each page.
 */
async function page(q: ReturnType<typeof requestBase>, pageNo: number, pageSize: number): Promise<Page<LeaveRow>> {
  const rows = await q
    .select(requestColumns)
    .orderBy('r.start_date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset(pageOffset({ page: pageNo, pageSize }))
    .execute();
  const total = await pageTotal(rows.length, { page: pageNo, pageSize }, async () => {
    const c = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
    return c?.n ?? 0;
  });
  return { rows: rows.map((r) => toRow(r as RawRow)), total, page: pageNo, pageSize };
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
  return fileDownload(f.attachment_name, f.attachment_mime, f.attachment);
}

/** The attachment of a request in scope. */
export const getLeaveAttachment = (ctx: Ctx, grant: View, raw: In<typeof leaveIdInput>) =>
  attachmentOf(ctx.db, grant.actor, leaveIdInput.parse(raw).id, 'scope');
/** The attachment of one of the caller's requests. */
export const getMyLeaveAttachment = (ctx: Ctx, grant: Personal, raw: In<typeof leaveIdInput>) =>
  attachmentOf(ctx.db, grant.actor, leaveIdInput.parse(raw).id, 'own');
