import { beforeAll, describe, expect, it } from 'vitest';
import { listTimesheets } from '../attendance/index';
import type { Actor } from '../access/actor';
import type { AppError } from '../shared/errors';
import { auditsOf } from '../testing/audit';
import { failure } from '../testing/expect';
import { leaveTestKit } from './test-kit';
import {
  adjustLeaveBalance,
  approveLeave,
  bulkApproveLeave,
  createLeaveApprovalRule,
  deleteLeaveApprovalRule,
  disapproveLeave,
  getLeave,
  leaveAwaitingMe,
  listLeaveApprovalRules,
  myLeaveBalance,
  updateLeaveApprovalRule,
  updateMyLeave,
} from './index';

// "Now": Friday 20 Nov 2026 in Jakarta.
const NOW = new Date('2026-11-20T10:00:00Z');

/** HR (hr.all): two of them for the race. */
let hr: Actor;
let hr2: Actor;
/** Employee of department 0, managed by `mgr`. */
let emp: Actor;
/** Employee of department 0 without a manager. */
let lone: Actor;
/** Manager of `emp` (department 1: sees `emp` only through employee_managers). */
let mgr: Actor;
/** Department head of department 0. */
let head: Actor;
/** A supervisor of department 0: an approver in scope who qualifies for no step. */
let sup: Actor;
/** A supervisor of department 1 named as a specific approver. */
let named: Actor;
let annual: number;
let unpaid: number;

const { env, actor, ctx, approve, view, personal, manage, officeWeek, leaveType, ask } = leaveTestKit({ clock: () => NOW });

beforeAll(async () => {
  hr = await actor(['human-capital-staff'], 1);
  hr2 = await actor(['human-capital-staff'], 1);
  emp = await actor(['employee'], 0);
  lone = await actor(['employee'], 0);
  mgr = await actor(['manager'], 1);
  head = await actor(['department-head'], 0);
  sup = await actor(['supervisor'], 0);
  named = await actor(['supervisor'], 1);
  for (const a of [emp, lone])
    await env.db.updateTable('employees').set({ annual_leave_date: '2025-01-01' }).where('id', '=', a.employeeId!).execute();
  await env.db
    .insertInto('employee_managers')
    .values({ employee_id: emp.employeeId!, manager_employee_id: mgr.employeeId! })
    .execute();
  await officeWeek(hr);
  annual = await leaveType(hr, 'AL', 'Annual Leave', { paid: true, countsAnnual: true });
  unpaid = await leaveType(hr, 'UL', 'Unpaid Leave', { paid: false, countsAnnual: false });
});

describe('approval rules', () => {
  it('without a rule a request keeps the single decision', async () => {
    const r = await ask(emp, annual, '2026-11-02');
    expect(r).toMatchObject({ approvalSteps: 0, approvedSteps: 0, steps: [] });
    expect((await approveLeave(ctx(sup), approve(sup), { id: r.id })).status).toBe(1);
  });

  it('validates rules: distinct steps, a named employee, one rule per type, office and department', async () => {
    await expect(
      createLeaveApprovalRule(ctx(hr), manage(hr), { leaveTypeId: annual, steps: [{ kind: 'hr' }, { kind: 'hr' }] }),
    ).rejects.toThrow(/is already a step of this rule/);
    await expect(createLeaveApprovalRule(ctx(hr), manage(hr), { steps: [{ kind: 'employee' }] })).rejects.toThrow(
      /choose the approving employee/,
    );
    const rule = await createLeaveApprovalRule(ctx(hr), manage(hr), {
      leaveTypeId: annual,
      steps: [{ kind: 'hr' }],
    });
    const again = await failure(
      createLeaveApprovalRule(ctx(hr), manage(hr), { leaveTypeId: annual, steps: [{ kind: 'manager' }] }),
    );
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe('A rule for this leave type, office and department exists already');
    const updated = await updateLeaveApprovalRule(ctx(hr), manage(hr), {
      id: rule.id,
      leaveTypeId: annual,
      steps: [{ kind: 'manager' }, { kind: 'hr' }],
    });
    expect(updated).toMatchObject({
      leaveType: 'Annual Leave',
      companyOffice: null,
      steps: [
        { step: 1, kind: 'manager', label: 'Manager' },
        { step: 2, kind: 'hr', label: 'HR' },
      ],
    });
    expect(await listLeaveApprovalRules(ctx(hr), view(hr))).toHaveLength(1);
  });

  it('manager then HR: pending until the last step, each step only by its approver, balance on final approval', async () => {
    const r = await ask(emp, annual, '2026-11-16', '2026-11-17');
    expect(r).toMatchObject({ status: 3, approvalSteps: 2, approvedSteps: 0 });
    expect(r.steps.map((s) => [s.step, s.label, s.status])).toEqual([
      [1, 'Manager', 'pending'],
      [2, 'HR', 'pending'],
    ]);
    // HR and an in-scope supervisor do not qualify for step 1.
    const early = await failure(approveLeave(ctx(hr), approve(hr), { id: r.id }));
    expect(early.code).toBe('FORBIDDEN');
    expect(early.message).toBe("Step 1 of 2 of this leave request must be decided by the employee's manager");
    expect((await failure(disapproveLeave(ctx(sup), approve(sup), { id: r.id }))).code).toBe('FORBIDDEN');
    expect((await getLeave(ctx(hr), view(hr), { id: r.id })).can.approve).toBe(false);
    expect((await leaveAwaitingMe(ctx(mgr), approve(mgr))).map((x) => x.id)).toContain(r.id);
    expect((await leaveAwaitingMe(ctx(hr), approve(hr))).map((x) => x.id)).not.toContain(r.id);

    const one = await approveLeave(ctx(mgr), approve(mgr), { id: r.id, note: 'OK from me' });
    expect(one).toMatchObject({ status: 3, statusLabel: 'Pending', approvedSteps: 1 });
    expect(one.steps[0]).toMatchObject({ status: 'approved', note: 'OK from me', decidedBy: expect.any(String) });
    expect(one.steps[0]!.decidedAt).toBeInstanceOf(Date);
    expect(await myLeaveBalance(ctx(emp), personal(emp))).toMatchObject({ used: 1, reserved: 2 });
    const twice = await failure(approveLeave(ctx(mgr), approve(mgr), { id: r.id }));
    expect(twice.message).toBe(
      'You already decided an earlier step of this leave request; each step must be decided by a different person',
    );

    // Two HR approvals of step 2 at once: exactly one wins.
    const results = await Promise.allSettled([
      approveLeave(env.services.ctx(hr), approve(hr), { id: r.id }),
      approveLeave(env.services.ctx(hr2), approve(hr2), { id: r.id }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as AppError).code).toBe('CONFLICT');
    const done = await getLeave(ctx(hr), view(hr), { id: r.id });
    expect(done).toMatchObject({ status: 1, approvedSteps: 2 });
    expect(done.steps.map((s) => s.status)).toEqual(['approved', 'approved']);
    expect(await myLeaveBalance(ctx(emp), personal(emp))).toMatchObject({ used: 3, reserved: 0 });
    const ts = await listTimesheets(ctx(hr), view(hr), { from: '2026-11-16', to: '2026-11-17', employeeId: emp.employeeId! });
    expect(ts.rows.map((x) => x.dayType)).toEqual(['leave', 'leave']);
  });

  it('any step can disapprove; bulk approve advances only the steps the caller may approve', async () => {
    const a = await ask(emp, annual, '2026-11-18');
    const b = await ask(emp, annual, '2026-11-19');
    await approveLeave(ctx(mgr), approve(mgr), { id: b.id });
    const res = await bulkApproveLeave(ctx(hr), approve(hr), { ids: [a.id, b.id] });
    expect(res).toMatchObject({ succeeded: 1, failed: 1 });
    expect(res.items).toEqual([
      { id: a.id, ok: false, message: "Step 1 of 2 of this leave request must be decided by the employee's manager" },
      { id: b.id, ok: true, message: 'Done' },
    ]);
    const step = await bulkApproveLeave(ctx(mgr), approve(mgr), { ids: [a.id] });
    expect(step.items).toEqual([{ id: a.id, ok: true, message: 'Step 1 of 2 approved' }]);
    const no = await disapproveLeave(ctx(hr), approve(hr), { id: a.id, note: 'Busy week' });
    expect(no).toMatchObject({ status: 2, approvedSteps: 1 });
    expect(no.steps.map((s) => s.status)).toEqual(['approved', 'disapproved']);
    expect(await myLeaveBalance(ctx(emp), personal(emp))).toMatchObject({ used: 4, reserved: 0 });
  });

  it('a manager step is left out without a manager; an edit restarts the steps', async () => {
    const r = await ask(lone, annual, '2026-11-27');
    expect(r.steps.map((s) => s.kind)).toEqual(['hr']);
    const e = await ask(emp, annual, '2026-11-30');
    await approveLeave(ctx(mgr), approve(mgr), { id: e.id });
    const edited = await updateMyLeave(ctx(emp), personal(emp), {
      id: e.id,
      leaveTypeId: annual,
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      reason: 'Moved',
    });
    expect(edited).toMatchObject({ approvalSteps: 2, approvedSteps: 0 });
    expect(edited.steps.map((s) => s.status)).toEqual(['pending', 'pending']);
  });

  it('department head then a named employee (who sees the request outside their scope)', async () => {
    const rule = await createLeaveApprovalRule(ctx(hr), manage(hr), {
      departmentId: env.org.dept[0],
      steps: [{ kind: 'department_head' }, { kind: 'employee', employeeId: named.employeeId! }],
    });
    const r = await ask(emp, unpaid, '2026-12-02');
    expect(r.steps.map((s) => s.kind)).toEqual(['department_head', 'employee']);
    expect((await failure(approveLeave(ctx(named), approve(named), { id: r.id }))).message).toBe(
      "Step 1 of 2 of this leave request must be decided by the head of the employee's department",
    );
    await approveLeave(ctx(head), approve(head), { id: r.id });
    expect((await getLeave(ctx(named), view(named), { id: r.id })).can.approve).toBe(true);
    expect((await approveLeave(ctx(named), approve(named), { id: r.id })).status).toBe(1);
    // The more specific annual rule still wins for annual leave.
    expect((await ask(emp, annual, '2026-12-03')).steps.map((s) => s.kind)).toEqual(['manager', 'hr']);
    await deleteLeaveApprovalRule(ctx(hr), manage(hr), { id: rule.id });
    expect((await ask(emp, unpaid, '2026-12-04')).approvalSteps).toBe(0);
  });
});

describe('manual balance adjustments', () => {
  it('adds signed half days with a reason to the ledger, audited, never below 0', async () => {
    const before = await myLeaveBalance(ctx(lone), personal(lone));
    const b = await adjustLeaveBalance(ctx(hr), manage(hr), {
      employeeId: lone.employeeId!,
      year: 2026,
      days: 1.5,
      reason: 'Overtime compensation',
    });
    expect(b).toMatchObject({ adjustment: 1.5, remaining: before.remaining + 1.5 });
    expect(b.adjustments).toEqual([
      expect.objectContaining({ days: 1.5, reason: 'Overtime compensation', createdBy: expect.any(String) }),
    ]);
    const mine = await myLeaveBalance(ctx(lone), personal(lone));
    expect(mine.adjustments).toHaveLength(1);
    const tooMuch = await failure(
      adjustLeaveBalance(ctx(hr), manage(hr), {
        employeeId: lone.employeeId!,
        year: 2026,
        days: -(mine.remaining + 0.5),
        reason: 'Too much',
      }),
    );
    expect(tooMuch.code).toBe('CONFLICT');
    expect(tooMuch.message).toBe(
      `The balance cannot go below 0: ${mine.remaining} days left, ${mine.remaining + 0.5} days taken off`,
    );
    await expect(
      adjustLeaveBalance(ctx(hr), manage(hr), { employeeId: lone.employeeId!, year: 2026, days: 0.3, reason: 'x' }),
    ).rejects.toThrow(/whole or half days/);
    const down = await adjustLeaveBalance(ctx(hr), manage(hr), {
      employeeId: lone.employeeId!,
      year: 2026,
      days: -mine.remaining,
      reason: 'Correction',
    });
    expect(down.remaining).toBe(0);
    expect(await auditsOf(env.db, 'leave.balance.adjust')).toHaveLength(2);
  });
});
