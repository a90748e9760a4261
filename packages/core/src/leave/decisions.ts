import { type SqlBool, sql } from 'kysely';
import { audit } from '../audit/index';
import { assertPayDaysOpen } from '../payroll/index';
import type { Actor } from '../access/index';
import { refuseOwn } from '../access/index';
import { bulkEach, checkDuties, guardedDelete, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import type { In } from '../shared/zod';
import { isApprover, isOwn, leaveDecision, visibleRequest, type Who } from './access';
import { mayDecideStep, refuseStep } from './approvals';
import { decidedMeanwhile, yearOf } from './format';
import type { Approve, Personal } from './grants';
import { shiftDays } from './queries';
import { detailOf } from './requests';
import {
  type BulkLeaveResult,
  bulkLeaveInput,
  decideLeaveInput,
  LEAVE_STATUS,
  LEAVE_STATUS_LABELS,
  type LeaveDetail,
  type LeaveRow,
  type LeaveStatus,
  leaveIdInput,
  setBePaidInput,
} from './schema';
import { markTimesheet, unmarkTimesheet } from './timesheet-marks';

// Decisions: approve (step by step), disapprove, cancel, delete, be-paid, and their bulk forms,
// through the approval kit (shared/approval.ts). A request counts its decided steps on its row
// (`approved_steps`) and stays Pending until the last one, so each decision's guard is the status
// and the count seen.

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
  await transition(trx, 'leave_request_approvals', {
    key: 'request_id',
    id,
    from: 'pending',
    and: [sql<SqlBool>`step = ${step}`],
    set: { status, decided_by_user_id: actor.userId, decided_at: sql<Date>`now()`, note: note ?? null },
    returning: ['step'],
    refuse: decidedMeanwhile,
  });
}

/**
 * The start of an approval or disapproval: the request in scope, the duty check, then the step the
 * caller must qualify for (0 without steps).
 */
async function decisionOf(trx: Db, actor: Actor, id: number): Promise<{ r: LeaveRow; step: number }> {
  const r = await visibleRequest(trx, actor, id, 'scope');
  await checkDuties(trx, actor, await leaveDecision(trx, r));
  return { r, step: await checkStep(trx, actor, r) };
}

/** The guarded update of a decision: only a pending request whose steps were not decided meanwhile. */
const decide = (trx: Db, r: LeaveRow, set: Parameters<typeof transition<'leave_requests'>>[2]['set']) =>
  transition(trx, 'leave_requests', {
    id: r.id,
    from: LEAVE_STATUS.Pending,
    and: [sql<SqlBool>`approved_steps = ${r.approvedSteps}`],
    set,
    returning: ['id'],
    refuse: decidedMeanwhile,
  });

/** What closing a request writes: its new status, who decided it, when, and the note. */
const closing = (status: LeaveStatus, actor: Actor, note: string | undefined) => ({
  status,
  decided_by_user_id: actor.userId,
  decided_at: sql<Date>`now()`,
  decision_note: note ?? null,
});

/** The audit entry of request `r` closed: from the status it was read with to status `after`, with the note. */
const auditClosing = (ctx: Ctx, trx: Db, action: string, r: LeaveRow, after: LeaveStatus, note: string | undefined) =>
  audit(ctx, trx, {
    action,
    entity: 'leave_requests',
    entityId: r.id,
    before: { status: r.status },
    after: { status: after, note: note ?? null },
  });

/**
 * Approves the request, or its current step. Every step is one guarded update
 * (`where status = Pending and approved_steps = <seen>`): of two concurrent approvals of the same
 * step exactly one wins. The balance and the timesheet change only on the last step.
 */
async function approveOne(ctx: Ctx, actor: Actor, id: number, note: string | undefined): Promise<string> {
  return inTransaction(ctx, async (trx) => {
    const { r, step } = await decisionOf(trx, actor, id);
    const final = step === 0 || step === r.approvalSteps;
    // The last step changes pay (unpaid days, timesheet): not inside a finalised payroll month (issue 19 item 17).
    if (final) await assertPayDaysOpen(trx, r.employeeId, { from: r.startDate, to: r.endDate }, 'leave');
    await decide(
      trx,
      r,
      final
        ? { ...closing(LEAVE_STATUS.Approved, actor, note), approved_steps: r.approvalSteps }
        : { approved_steps: step, updated_at: sql<Date>`now()` },
    );
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
    if (r.countsAnnual) await shiftDays(trx, r.employeeId, yearOf(r.startDate), { reserved: -r.days, used: r.days });
    await markTimesheet(trx, id, r.employeeId, r.leaveTypeCode, actor);
    await auditClosing(ctx, trx, 'leave.approve', r, LEAVE_STATUS.Approved, note);
    return 'Done';
  });
}

async function disapproveOne(ctx: Ctx, actor: Actor, id: number, note: string | undefined): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const { r, step } = await decisionOf(trx, actor, id);
    await decide(trx, r, closing(LEAVE_STATUS.Disapproved, actor, note));
    await decideStep(trx, actor, id, step, 'disapproved', note);
    if (r.countsAnnual) await shiftDays(trx, r.employeeId, yearOf(r.startDate), { reserved: -r.days });
    await auditClosing(ctx, trx, 'leave.disapprove', r, LEAVE_STATUS.Disapproved, note);
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
    // Undoing an approved leave changes the pay of its days: not inside a finalised payroll month (issue 19 item 17).
    if (r.status === LEAVE_STATUS.Approved)
      await assertPayDaysOpen(trx, r.employeeId, { from: r.startDate, to: r.endDate }, 'leave');
    await transition(trx, 'leave_requests', {
      id,
      from: r.status,
      set: closing(LEAVE_STATUS.Cancel, actor, note),
      returning: ['id'],
      refuse: decidedMeanwhile,
    });
    const year = yearOf(r.startDate);
    if (r.status === LEAVE_STATUS.Approved) {
      if (r.countsAnnual) await shiftDays(trx, r.employeeId, year, { used: -r.days });
      await unmarkTimesheet(trx, id, r.employeeId);
    } else if (r.countsAnnual) {
      await shiftDays(trx, r.employeeId, year, { reserved: -r.days });
    }
    await auditClosing(ctx, trx, 'leave.cancel', r, LEAVE_STATUS.Cancel, note);
  });
}

/** Deletes a request that is not approved (cancel an approved one first); a pending one gives its days back. */
async function deleteOne(ctx: Ctx, actor: Actor, id: number): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const r = await visibleRequest(trx, actor, id, 'scope');
    refuseOwn(actor, r.employeeId, 'leave request', 'delete');
    if (r.status === LEAVE_STATUS.Approved)
      throw new AppError('CONFLICT', 'An approved leave cannot be deleted; cancel it first');
    if (!(await guardedDelete(trx, 'leave_requests', { id, from: r.status }))) throw decidedMeanwhile();
    if (r.status === LEAVE_STATUS.Pending && r.countsAnnual)
      await shiftDays(trx, r.employeeId, yearOf(r.startDate), { reserved: -r.days });
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
    // Whether an approved leave is paid changes that month's pay: not once it is finalised (issue 19 item 17).
    if (r.status === LEAVE_STATUS.Approved)
      await assertPayDaysOpen(trx, r.employeeId, { from: r.startDate, to: r.endDate }, 'leave');
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

/**
 * Each id on its own (one transaction each, the approval kit's bulk runner), with a result per id:
 * a refusal is that item's result; an unexpected error ends the run.
 */
async function bulk(
  raw: In<typeof bulkLeaveInput>,
  one: (id: number, note: string | undefined) => Promise<unknown>,
): Promise<BulkLeaveResult> {
  const input = bulkLeaveInput.parse(raw);
  return bulkEach(
    input.ids,
    async (id) => {
      const message = await one(id, input.note);
      return typeof message === 'string' ? message : 'Done';
    },
    'throw',
  );
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
