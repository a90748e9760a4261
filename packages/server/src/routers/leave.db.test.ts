import { createUser, type RoleKey } from '@hr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startTestApp, type TestApp } from '../rest/test-harness';

const A = '/v2/h/attendance/leave';
const P = '/v2/h/personal/leave';
const T = '/v2/h/component/attendance/leave/type';

let t: TestApp;
type Headers = Record<string, string>;
let hr: Headers;
let worker: Headers;
let otherDeptSupervisor: Headers;
let workerEmployee: number;

async function userFor(roles: RoleKey[], n: number, departmentId?: number): Promise<Headers> {
  const emp = await t.tdb.db
    .selectFrom('employees')
    .select('id')
    .where('employee_number', '=', `JKT-${String(n).padStart(5, '0')}`)
    .executeTakeFirstOrThrow();
  await t.tdb.db
    .updateTable('employees')
    .set({ annual_leave_date: '2025-01-01', ...(departmentId ? { department_id: departmentId } : {}) })
    .where('id', '=', emp.id)
    .execute();
  const who = { email: `leave${n}@test.co.id`, password: 'leave-pass-123' };
  await createUser(t.services.ctx(null), { ...who, roles, employeeId: emp.id });
  if (n === 2) workerEmployee = emp.id;
  return { authorization: `Bearer ${await loginToken(t.app, who)}` };
}

beforeAll(async () => {
  t = await startTestApp({ employees: 4 });
  const office = await t.tdb.db.selectFrom('company_offices').select('id').executeTakeFirstOrThrow();
  const ops = await t.tdb.db
    .insertInto('departments')
    .values({ company_office_id: office.id, name: 'Operations' })
    .returning('id')
    .executeTakeFirstOrThrow();
  hr = await userFor(['human-capital-staff'], 1);
  worker = await userFor(['employee'], 2);
  otherDeptSupervisor = await userFor(['supervisor'], 3, ops.id);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

const PDF_B64 = Buffer.from('%PDF-1.4\n%%EOF').toString('base64');

describe('leave over REST (spec §7 attendance/leave, component/attendance/leave/type, personal/annualBalance)', () => {
  let annualId: number;
  let sickId: number;
  let requestId: number;

  it('leave types: HR creates them (GL0001 names bad fields); every signed-in user lists them; employees may not create', async () => {
    const bad = await call('POST', T, hr, { code: '', name: 'X', paid: 'maybe', maxDays: 0.3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('GL0001');
    expect(
      bad
        .json()
        .errors[0].attributes.map((a: { param: string }) => a.param)
        .sort(),
    ).toEqual(expect.arrayContaining(['code', 'maxDays', 'paid']));
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
    const created = await call('POST', P, worker, {
      leaveTypeId: annualId,
      startDate: '2026-12-07',
      endDate: '2026-12-09',
      reason: 'Family visit',
    });
    expect(created.json()).toMatchObject({
      status: 'success',
      success: 'Leave requested',
      result: { status: 3, statusLabel: 'Pending', days: 3, employeeId: workerEmployee },
    });
    requestId = created.json().result.id;
    const bal = await call('GET', '/v2/h/personal/annualBalance?year=2026', worker);
    expect(bal.json().result).toMatchObject({ entitled: 12, reserved: 3, remaining: 9 });
    const noFile = await call('POST', P, worker, {
      leaveTypeId: sickId,
      startDate: '2026-12-14',
      endDate: '2026-12-14',
      reason: 'Flu',
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0].attributes).toEqual([{ param: 'attachment', msg: 'is required for this leave type' }]);
    const sick = await call('POST', P, worker, {
      leaveTypeId: sickId,
      startDate: '2026-12-14',
      endDate: '2026-12-14',
      reason: 'Flu',
      attachment: { name: 'note.pdf', mime: 'application/pdf', contentBase64: PDF_B64 },
    });
    expect(sick.json().result).toMatchObject({ attachmentName: 'note.pdf', days: 1 });
    const file = await call('GET', `${P}/${sick.json().result.id}/attachment`, worker);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(Buffer.from(PDF_B64, 'base64'))).toBe(true);
    const overlap = await call('POST', P, worker, {
      leaveTypeId: annualId,
      startDate: '2026-12-09',
      endDate: '2026-12-10',
      reason: 'Again',
    });
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
    const req = await call('POST', P, worker, {
      leaveTypeId: annualId,
      startDate: '2026-12-21',
      endDate: '2026-12-21',
      reason: 'Trip',
    });
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
