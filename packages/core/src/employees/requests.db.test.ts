import { describe, expect, it } from 'vitest';
import { login, resolveToken } from '../auth/service';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { AppError } from '../shared/errors';
import { failure } from '../testing/expect';
import { auditActions } from '../testing/audit';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { getEmployeeDetail } from './detail';
import {
  applyDueResignations,
  approveResignation,
  approveUpdateRequest,
  cancelMyUpdateRequest,
  cancelResignation,
  createResignation,
  deleteResignation,
  disapproveUpdateRequest,
  listMyUpdateRequests,
  listResignations,
  listUpdateRequests,
  requestResignation,
  getResignation,
  submitUpdateRequest,
  updateMyResignation,
  updateResignation,
} from './requests';
import { humanCapital } from './test-kit';

const t = useOrgTestDb(humanCapital);

async function employee(dept: 0 | 1 = 0) {
  const u = await makeUser(t.services, t.org, ['employee'], { dept });
  const actor = await t.actorOf(u.userId);
  return { ...u, actor, grant: requirePermission(actor, 'personal.access'), ctx: t.services.ctx(actor) };
}

const hcCtx = () => t.services.ctx(t.hc);
const approver = () => requirePermission(t.hc, 'employee.editRequest.approve');
const manager = () => requirePermission(t.hc, 'employee.resignation.manage');
const dayOffset = (days: number) => new Date(Date.now() + 7 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

describe('data update requests', () => {
  it('employee proposes, HR sees old → new and approves, the record changes', async () => {
    const me = await employee();
    const { id } = await submitUpdateRequest(me.ctx, me.grant, {
      section: 'contact',
      changes: { city: 'Medan', postalCode: '20112' },
    });
    const pending = await listUpdateRequests(hcCtx(), approver(), {});
    const row = pending.rows.find((r) => r.id === id)!;
    expect(row.section).toBe('contact');
    expect(row.changes).toEqual([
      { field: 'city', old: null, new: 'Medan' },
      { field: 'postalCode', old: null, new: '20112' },
    ]);
    // A second pending request for the same section is refused with a clear message.
    const dup = await failure(submitUpdateRequest(me.ctx, me.grant, { section: 'contact', changes: { city: 'Binjai' } }));
    expect(dup.message).toBe('You already have a pending request for Contact; cancel it first');

    await approveUpdateRequest(hcCtx(), approver(), { id });
    const d = await getEmployeeDetail(hcCtx(), requirePermission(t.hc, 'employee.view'), { id: me.employeeId! });
    expect(d.contact).toMatchObject({ city: 'Medan', postalCode: '20112' });
    expect((await listMyUpdateRequests(me.ctx, me.grant, {})).rows[0]).toMatchObject({ id, status: 1 });
  });

  it('refuses a request that changes nothing or has invalid values', async () => {
    const me = await employee();
    const same = await failure(submitUpdateRequest(me.ctx, me.grant, { section: 'personal', changes: { gender: 'Female' } }));
    expect(same.fields).toEqual([{ param: 'changes', msg: 'must differ from the current values' }]);
    const bad = await failure(
      submitUpdateRequest(me.ctx, me.grant, { section: 'contact', changes: { postalCode: 'abc', hobby: 'x' } }),
    );
    expect([...bad.fields].sort((a, b) => a.param.localeCompare(b.param))).toEqual([
      { param: 'changes.hobby', msg: 'is not a field of this section' },
      { param: 'changes.postalCode', msg: 'must be 5 digits' },
    ]);
  });

  it('five concurrent approvals: exactly one wins, one audit entry, the others are told it was decided', async () => {
    const me = await employee();
    const { id } = await submitUpdateRequest(me.ctx, me.grant, { section: 'medical', changes: { bloodType: 'O' } });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => approveUpdateRequest(t.services.ctx(t.hc), approver(), { id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as AppError).code)).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT']);
    expect(await auditActions(t.db, 'employee_update_request', id)).toEqual(['employee.updateRequest.approve']);
  });

  it('a disapproved or cancelled request cannot be approved; out-of-scope approvers get NOT_FOUND', async () => {
    const me = await employee(1);
    const a = await submitUpdateRequest(me.ctx, me.grant, {
      section: 'bank',
      changes: { bankId: 1, bankAccountNumber: '1234567' },
    });
    await disapproveUpdateRequest(hcCtx(), approver(), { id: a.id, note: 'Send the bank book' });
    expect((await failure(approveUpdateRequest(hcCtx(), approver(), { id: a.id }))).code).toBe('CONFLICT');
    const b = await submitUpdateRequest(me.ctx, me.grant, {
      section: 'bank',
      changes: { bankId: 1, bankAccountNumber: '7654321' },
    });
    await cancelMyUpdateRequest(me.ctx, me.grant, { id: b.id });
    expect((await failure(approveUpdateRequest(hcCtx(), approver(), { id: b.id }))).code).toBe('CONFLICT');

    const c = await submitUpdateRequest(me.ctx, me.grant, { section: 'bank', changes: { bankAccountName: 'Me' } });
    const staff = await makeUser(t.services, t.org, ['employee'], { dept: 0 });
    const scoped: Actor = {
      ...(await t.actorOf(staff.userId)),
      permissions: new Set(['employee.editRequest.approve', 'personal.access']),
    };
    const g = requirePermission(scoped, 'employee.editRequest.approve');
    expect((await failure(approveUpdateRequest(t.services.ctx(scoped), g, { id: c.id }))).code).toBe('NOT_FOUND');
    expect((await listUpdateRequests(t.services.ctx(scoped), g, {})).rows.find((r) => r.id === c.id)).toBeUndefined();
  });
});

describe('resignations', () => {
  it('approved resignation ends access after the last working day, and the sweep marks the employee resigned', async () => {
    const me = await employee();
    const { id } = await requestResignation(me.ctx, me.grant, { lastWorkingDay: dayOffset(1), reason: 'Moving to Bali' });
    const session = await login(
      t.services.ctx(null),
      t.services.auth,
      { email: me.email, password: me.password },
      { ip: null, userAgent: null },
    );
    await approveResignation(hcCtx(), manager(), { id });
    // Before the last working day is over, the login still works.
    expect(await resolveToken(t.services.ctx(null), session.token)).not.toBeNull();
    expect(await applyDueResignations(t.services.ctx(null))).toBe(0);

    // The day passes.
    await t.db
      .updateTable('employee_resignations')
      .set({ request_date: dayOffset(-5), last_working_day: dayOffset(-1) })
      .where('id', '=', id)
      .execute();
    expect(await resolveToken(t.services.ctx(null), session.token)).toBeNull();
    const refused = await failure(
      login(t.services.ctx(null), t.services.auth, { email: me.email, password: me.password }, { ip: null, userAgent: null }),
    );
    expect(refused.message).toBe('Your employment has ended; this login no longer works.');
    expect(await applyDueResignations(t.services.ctx(null))).toBe(1);
    const d = await getEmployeeDetail(hcCtx(), requirePermission(t.hc, 'employee.view'), { id: me.employeeId! });
    expect(d.resigned).toBe(1);
  });

  it('one open resignation at a time, no past dates, cancel before the day, delete only when not in force', async () => {
    const me = await employee();
    expect(
      (await failure(requestResignation(me.ctx, me.grant, { lastWorkingDay: dayOffset(-2), reason: 'x' }))).fields[0]?.param,
    ).toBe('lastWorkingDay');
    const { id } = await requestResignation(me.ctx, me.grant, { lastWorkingDay: dayOffset(30), reason: 'Studies' });
    expect((await failure(requestResignation(me.ctx, me.grant, { lastWorkingDay: dayOffset(31), reason: 'Again' }))).code).toBe(
      'CONFLICT',
    );
    expect((await failure(deleteResignation(hcCtx(), manager(), { id }))).message).toMatch(/cancel it first/);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => approveResignation(t.services.ctx(t.hc), manager(), { id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await cancelResignation(hcCtx(), manager(), { id, note: 'Changed their mind' });
    await deleteResignation(hcCtx(), manager(), { id });
    expect((await listResignations(hcCtx(), manager(), {})).rows.find((r) => r.id === id)).toBeUndefined();
    // After a cancel, a new resignation can be filed.
    await requestResignation(me.ctx, me.grant, { lastWorkingDay: dayOffset(60), reason: 'Studies, for real' });
  });
});

describe('correcting a pending resignation (issue 20 item 3)', () => {
  it('HR and the employee correct a pending one; a decided one is CONFLICT; one’s own through HR is refused', async () => {
    const me = await employee();
    const { id } = await requestResignation(me.ctx, me.grant, { lastWorkingDay: dayOffset(30), reason: 'Studies' });

    await updateMyResignation(me.ctx, me.grant, { id, lastWorkingDay: dayOffset(45) });
    await updateResignation(hcCtx(), manager(), { id, reason: 'Studies abroad' });
    expect(await getResignation(hcCtx(), manager(), { id })).toMatchObject({
      lastWorkingDay: dayOffset(45),
      reason: 'Studies abroad',
    });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'before', 'after'])
      .where('action', '=', 'employee.resignation.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_user_id: t.hc.userId,
      before: { lastWorkingDay: dayOffset(45), reason: 'Studies' },
      after: { lastWorkingDay: dayOffset(45), reason: 'Studies abroad' },
    });
    const past = await failure(updateResignation(hcCtx(), manager(), { id, lastWorkingDay: dayOffset(-3) }));
    expect(past.fields[0]?.param).toBe('lastWorkingDay');

    // Someone else's resignation is not the employee's to correct.
    const stranger = await makeEmployee(t.db, t.org, { dept: 0 });
    const theirs = await createResignation(hcCtx(), manager(), {
      employeeId: stranger,
      lastWorkingDay: dayOffset(20),
      reason: 'x',
    });
    expect((await failure(updateMyResignation(me.ctx, me.grant, { id: theirs.id, reason: 'y' }))).code).toBe('NOT_FOUND');

    await approveResignation(hcCtx(), manager(), { id });
    const decided = await failure(updateResignation(hcCtx(), manager(), { id, reason: 'Too late' }));
    expect(decided).toMatchObject({
      code: 'CONFLICT',
      message: 'This resignation has already been decided and can no longer be changed',
    });
    expect((await failure(updateMyResignation(me.ctx, me.grant, { id, reason: 'Too late' }))).code).toBe('CONFLICT');
    expect((await getResignation(hcCtx(), manager(), { id })).reason).toBe('Studies abroad');

    const mine = await requestResignation(hcCtx(), requirePermission(t.hc, 'personal.access'), {
      lastWorkingDay: dayOffset(60),
      reason: 'Retiring',
    });
    const own = await failure(updateResignation(hcCtx(), manager(), { id: mine.id, reason: 'Changed' }));
    expect(own).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own resignation' });
  });
});
