import type { RoleKey } from '@hr/core/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 6 });

const A = '/v2/h/attendance/leave';
const P = '/v2/h/personal/leave';
const T = '/v2/h/component/attendance/leave/type';

let hr: Headers;
let worker: Headers;
let otherDeptSupervisor: Headers;
let workerEmployee: number;
/** A second HR person (hr.all) who also becomes a manager of employees. */
let hrBoss: Headers;
/** An employee of Operations managed by the Operations supervisor. */
let worker2: Headers;
/** A superadmin login with its own employee record. */
let superWithRecord: Headers;
const employeeIds: Record<number, number> = {};
const userIds: Record<number, number> = {};

async function userFor(roles: RoleKey[], n: number, departmentId?: number): Promise<Headers> {
  const emp = { id: await t.employeeId(n) };
  await t.tdb.db
    .updateTable('employees')
    .set({ annual_leave_date: '2025-01-01', ...(departmentId ? { department_id: departmentId } : {}) })
    .where('id', '=', emp.id)
    .execute();
  const u = await t.signUp({ email: `leave${n}@test.co.id`, password: 'leave-pass-123' }, roles, emp.id);
  employeeIds[n] = emp.id;
  userIds[n] = u.userId;
  if (n === 2) workerEmployee = emp.id;
  return u.headers;
}

beforeAll(async () => {
  const opsId = await t.addDepartment('Operations');
  hr = await userFor(['human-capital-staff'], 1);
  worker = await userFor(['employee'], 2);
  otherDeptSupervisor = await userFor(['supervisor'], 3, opsId);
  hrBoss = await userFor(['human-capital-staff'], 4);
  worker2 = await userFor(['employee'], 5, opsId);
  superWithRecord = await userFor(['superadmin'], 6);
});

const call = t.call;

const PDF_B64 = Buffer.from('%PDF-1.4\n%%EOF').toString('base64');

/** The worker asks for leave of one type over a period (dates 'yyyy-mm-dd'). */
const askLeave = (leaveTypeId: number, startDate: string, endDate: string, reason: string, extra: Record<string, unknown> = {}) =>
  call('POST', P, worker, { leaveTypeId, startDate, endDate, reason, ...extra });

describe('leave over REST (spec §7 attendance/leave, component/attendance/leave/type, personal/annualBalance)', () => {
  let annualId: number;
  let sickId: number;
  let requestId: number;

  it('leave types: HR creates them (GL0001 names bad fields); every signed-in user lists them; employees may not create', async () => {
    const bad = await call('POST', T, hr, { code: '', name: 'X', paid: 'maybe', maxDays: 0.3 });
    expect(refusedParams(bad)).toEqual(expect.arrayContaining(['code', 'maxDays', 'paid']));
    const annual = await call('POST', T, hr, {
      code: 'AL',
      name: 'Annual Leave',
      paid: true,
      countsAnnual: true,
      needsAttachment: false,
      allowHalfDay: true,
    });
    expect(annual.json()).toMatchObject({ status: 'success', success: 'Leave type created', result: { code: 'AL' } });
    annualId = annual.json().result.id;
    const sick = await call('POST', T, hr, {
      code: 'SL',
      name: 'Sick Leave',
      paid: true,
      countsAnnual: false,
      maxDays: 3,
      needsAttachment: true,
      allowHalfDay: false,
    });
    sickId = sick.json().result.id;
    const list = await call('GET', T, worker);
    expect(list.json().results.map((r: { code: string }) => r.code)).toEqual(['AL', 'SL']);
    const denied = await call('POST', T, worker, { code: 'X', name: 'X', paid: true, countsAnnual: false });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('PM0001');
  });

  it('the employee requests leave; the balance holds the days; a sick leave needs its attachment', async () => {
    const created = await askLeave(annualId, '2026-12-07', '2026-12-09', 'Family visit');
    expect(created.json()).toMatchObject({
      status: 'success',
      success: 'Leave requested',
      result: { status: 3, statusLabel: 'Pending', days: 3, employeeId: workerEmployee },
    });
    requestId = created.json().result.id;
    const bal = await call('GET', '/v2/h/personal/annualBalance?year=2026', worker);
    expect(bal.json().result).toMatchObject({ entitled: 12, reserved: 3, remaining: 9 });
    const noFile = await askLeave(sickId, '2026-12-14', '2026-12-14', 'Flu');
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0].attributes).toEqual([{ param: 'attachment', msg: 'is required for this leave type' }]);
    const sick = await askLeave(sickId, '2026-12-14', '2026-12-14', 'Flu', {
      attachment: { name: 'note.pdf', mime: 'application/pdf', contentBase64: PDF_B64 },
    });
    expect(sick.json().result).toMatchObject({ attachmentName: 'note.pdf', days: 1 });
    const file = await call('GET', `${P}/${sick.json().result.id}/attachment`, worker);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(Buffer.from(PDF_B64, 'base64'))).toBe(true);
    const overlap = await askLeave(annualId, '2026-12-09', '2026-12-10', 'Again');
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().errors[0].msg ?? overlap.json().errors[0].message).toMatch(/^Overlaps leave request #/);
    const list = await call('GET', `${P}?status=3`, worker);
    expect(list.json().results.total).toBe(2);
  });

  it('HR approves; the employee may not; a second decision is refused; out of scope is 404', async () => {
    expect((await call('POST', `${A}/${requestId}/approve`, worker)).statusCode).toBe(403);
    expect((await call('GET', `${A}/${requestId}`, otherDeptSupervisor)).statusCode).toBe(404);
    expect((await call('POST', `${A}/${requestId}/approve`, otherDeptSupervisor)).statusCode).toBe(404);
    const awaiting = await call('GET', `${A}/awaiting?limit=5`, hr);
    expect(awaiting.json().results.map((r: { id: number }) => r.id)).toContain(requestId);
    const listed = await call('GET', `${A}?status=3&search=Person002`, hr);
    expect(listed.json().results.rows.map((r: { id: number }) => r.id)).toContain(requestId);
    const ok = await call('POST', `${A}/${requestId}/approve`, hr, { note: 'Enjoy' });
    expect(ok.json()).toMatchObject({ success: 'Leave approved', result: { status: 1, statusLabel: 'Approved' } });
    const again = await call('POST', `${A}/${requestId}/disapprove`, hr);
    expect(again.statusCode).toBe(409);
    const bal = await call('GET', '/v2/h/personal/annualBalance?year=2026', worker);
    expect(bal.json().result).toMatchObject({ used: 3, reserved: 0, remaining: 9 });
    const hrView = await call('GET', `${A}/balance?employeeId=${workerEmployee}&year=2026`, hr);
    expect(hrView.json().result.remaining).toBe(9);
  });

  it('bulk disapprove reports per item; schedule and report show the approved days', async () => {
    const pending = (await call('GET', `${A}?status=3`, hr)).json().results.rows.map((r: { id: number }) => r.id);
    const bulk = await call('POST', `${A}/disapprove`, hr, { ids: [...pending, requestId] });
    expect(bulk.json()).toMatchObject({
      success: 'Leave requests disapproved',
      result: { succeeded: pending.length, failed: 1 },
    });
    expect(bulk.json().result.items.at(-1)).toEqual({
      id: requestId,
      ok: false,
      message: 'This leave request has been decided already; reload to see its status',
    });
    const badBulk = await call('POST', `${A}/approve`, hr, { ids: [] });
    expect(badBulk.statusCode).toBe(400);
    expect(badBulk.json().errors[0].attributes[0].param).toBe('ids');
    const sched = await call('GET', `${A}/schedule?month=2026-12`, hr);
    expect(sched.json().results.rows).toEqual([expect.objectContaining({ employeeId: workerEmployee, totalDays: 3 })]);
    const rep = await call('GET', `${A}/report?year=2026`, hr);
    expect(rep.json().result.totals).toEqual([{ leaveTypeId: annualId, leaveType: 'Annual Leave', requests: 1, days: 3 }]);
    const cancelled = await call('POST', `${A}/${requestId}/cancel`, hr, { note: 'Needed at work' });
    expect(cancelled.json().result).toMatchObject({ status: 4, statusLabel: 'Cancel' });
    expect((await call('GET', '/v2/h/personal/annualBalance?year=2026', worker)).json().result.remaining).toBe(12);
  });
});

describe('approval rules and balance adjustments over REST (spec §7 component/attendance/leave/approval)', () => {
  const R = '/v2/h/component/attendance/leave/approval';

  it('HR configures an HR-only step; the employee may not; a request then waits for HR', async () => {
    const types = (await call('GET', T, worker)).json().results as { id: number; code: string }[];
    const annualId = types.find((x) => x.code === 'AL')!.id;
    const bad = await call('POST', R, hr, { leaveTypeId: annualId, steps: [{ kind: 'boss' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].attributes[0].param).toMatch(/^steps/);
    expect((await call('POST', R, worker, { steps: [{ kind: 'hr' }] })).statusCode).toBe(403);
    const rule = await call('POST', R, hr, { leaveTypeId: annualId, steps: [{ kind: 'hr' }] });
    expect(rule.json()).toMatchObject({
      success: 'Approval rule created',
      result: { steps: [{ step: 1, kind: 'hr', label: 'HR' }] },
    });
    const req = await askLeave(annualId, '2026-12-21', '2026-12-21', 'Trip');
    expect(req.json().result).toMatchObject({ approvalSteps: 1, steps: [{ label: 'HR', status: 'pending' }] });
    const ok = await call('POST', `${A}/${req.json().result.id}/approve`, hr);
    expect(ok.json().result).toMatchObject({ status: 1, steps: [{ status: 'approved' }] });
    expect((await call('GET', R, hr)).json().results).toHaveLength(1);
    const gone = await call('POST', `${R}/${rule.json().result.id}/delete`, hr);
    expect(gone.json().result).toEqual({ id: rule.json().result.id });
  });

  it('HR adjusts a balance with a reason; it shows in personal/annualBalance; never below 0', async () => {
    const before = (await call('GET', '/v2/h/personal/annualBalance?year=2026', worker)).json().result;
    const adj = await call('POST', `${A}/balance/adjust`, hr, {
      employeeId: workerEmployee,
      year: 2026,
      days: -0.5,
      reason: 'Late return',
    });
    expect(adj.json()).toMatchObject({
      success: 'Leave balance adjusted',
      result: { adjustment: -0.5, remaining: before.remaining - 0.5 },
    });
    const mine = (await call('GET', '/v2/h/personal/annualBalance?year=2026', worker)).json().result;
    expect(mine.adjustments).toEqual([expect.objectContaining({ days: -0.5, reason: 'Late return' })]);
    const neg = await call('POST', `${A}/balance/adjust`, hr, { employeeId: workerEmployee, year: 2026, days: -60, reason: 'x' });
    expect(neg.statusCode).toBe(409);
    expect(neg.json().errors[0].attributes).toEqual([{ param: 'days', msg: 'would make the balance negative' }]);
    expect(
      (await call('POST', `${A}/balance/adjust`, worker, { employeeId: workerEmployee, year: 2026, days: 5, reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('segregation of duties over REST (issue 16: own records, one step per person, route changes)', () => {
  const R = '/v2/h/component/attendance/leave/approval';
  const msg = (r: { json(): { errors: { msg?: string; message?: string }[] } }) =>
    r.json().errors[0]!.msg ?? r.json().errors[0]!.message;
  let annualId: number;
  let ruleId: number;

  const fileLeave = async (who: Headers, startDate: string) => {
    const r = await call('POST', P, who, { leaveTypeId: annualId, startDate, endDate: startDate, reason: 'Trip' });
    expect(r.statusCode).toBe(200);
    return r.json().result.id as number;
  };
  const awaiting = async (who: Headers) =>
    ((await call('GET', `${A}/awaiting?limit=50`, who)).json().results as { id: number }[]).map((r) => r.id);
  const link = (employee: number, manager: number, by: number) =>
    t.tdb.db
      .insertInto('employee_managers')
      .values({ employee_id: employeeIds[employee]!, manager_employee_id: employeeIds[manager]!, created_by: userIds[by]! })
      .execute();

  beforeAll(async () => {
    const types = (await call('GET', T, worker)).json().results as { id: number; code: string }[];
    annualId = types.find((x) => x.code === 'AL')!.id;
    const rule = await call('POST', R, hr, { leaveTypeId: annualId, steps: [{ kind: 'manager' }, { kind: 'hr' }] });
    ruleId = rule.json().result.id;
    // HR person 4 is the worker's manager from before any request; the supervisor manages worker2.
    await link(2, 4, 1);
    await link(5, 3, 1);
  });
  afterAll(async () => {
    await call('POST', `${R}/${ruleId}/delete`, hr);
  });

  it('nobody adjusts their own leave balance, superadmin included', async () => {
    const own = await call('POST', `${A}/balance/adjust`, hr, { employeeId: employeeIds[1], year: 2026, days: 30, reason: 'x' });
    expect(own.statusCode).toBe(403);
    expect(msg(own)).toBe('You cannot change your own leave balance');
    const sup = await call('POST', `${A}/balance/adjust`, superWithRecord, {
      employeeId: employeeIds[6],
      year: 2026,
      days: 30,
      reason: 'x',
    });
    expect(sup.statusCode).toBe(403);
    expect(msg(sup)).toBe('You cannot change your own leave balance');
    expect((await call('GET', '/v2/h/personal/annualBalance?year=2026', superWithRecord)).json().result.adjustment).toBe(0);
  });

  it('a two-step leave: the manager who is also HR decides one step only; a second person decides the other', async () => {
    const id = await fileLeave(worker, '2026-12-28');
    const one = await call('POST', `${A}/${id}/approve`, hrBoss);
    expect(one.json()).toMatchObject({ status: 'success', result: { status: 3, approvedSteps: 1 } });
    expect((await call('GET', `${A}/${id}`, hrBoss)).json().result.can.approve).toBe(false);
    // "Awaiting me" lists only what the caller may decide: not for hrBoss now, still for HR.
    expect(await awaiting(hrBoss)).not.toContain(id);
    expect(await awaiting(hr)).toContain(id);
    const two = await call('POST', `${A}/${id}/approve`, hrBoss);
    expect(two.statusCode).toBe(403);
    expect(msg(two)).toBe(
      'You already decided an earlier step of this leave request; each step must be decided by a different person',
    );
    const bulk = await call('POST', `${A}/approve`, hrBoss, { ids: [id] });
    expect(bulk.json().result).toMatchObject({ succeeded: 0, failed: 1 });
    const ok = await call('POST', `${A}/${id}/approve`, hr);
    expect(ok.json().result).toMatchObject({ status: 1, approvedSteps: 2 });
  });

  it('one who made itself the manager after the request was filed may decide no step of it', async () => {
    const id = await fileLeave(worker2, '2026-12-29');
    await link(5, 4, 4);
    const step1 = await call('POST', `${A}/${id}/approve`, hrBoss);
    expect(step1.statusCode).toBe(403);
    expect(msg(step1)).toBe(
      "You cannot decide this leave request: its approval route (the requester's manager) was changed after it was filed",
    );
    // The manager linked before the request was filed still decides step 1; HR 4 still not step 2.
    expect((await call('POST', `${A}/${id}/approve`, otherDeptSupervisor)).json().result.approvedSteps).toBe(1);
    expect((await call('POST', `${A}/${id}/disapprove`, hrBoss)).statusCode).toBe(403);
    expect((await call('POST', `${A}/${id}/approve`, hr)).json().result.status).toBe(1);
  });

  it('nobody decides their own leave request, nor one they filed for someone else', async () => {
    const mine = await fileLeave(hrBoss, '2026-12-30');
    const refused = await call('POST', `${A}/${mine}/approve`, hrBoss);
    expect(refused.statusCode).toBe(403);
    expect(msg(refused)).toBe('You cannot decide your own leave request');
    const filed = await call('POST', A, hr, {
      employeeId: workerEmployee,
      leaveTypeId: annualId,
      startDate: '2026-12-31',
      endDate: '2026-12-31',
      reason: 'Filed by HR',
    });
    expect(filed.statusCode).toBe(200);
    const id = filed.json().result.id as number;
    expect((await call('POST', `${A}/${id}/approve`, hrBoss)).json().result.approvedSteps).toBe(1);
    expect(await awaiting(hr)).not.toContain(id);
    const byFiler = await call('POST', `${A}/${id}/approve`, hr);
    expect(byFiler.statusCode).toBe(403);
    expect(msg(byFiler)).toBe('You filed this leave request, so another person must decide it');
  });

  it('dates far from today are refused with the range, naming the field', async () => {
    const r = await askLeave(annualId, '2099-01-05', '2099-01-05', 'x');
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].code).toBe('GL0001');
    const attrs = r.json().errors[0].attributes as { param: string; msg: string }[];
    expect(attrs.map((a) => a.param)).toEqual(['startDate', 'endDate']);
    expect(attrs[0]!.msg).toMatch(/^must be between \d\d\/\d\d\/\d{4} and \d\d\/\d\d\/\d{4}$/);
  });
});
