import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, pastWeekday, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 4 });

const A = '/v2/h/attendance';
const P = '/v2/h/personal';

let hr: Headers;
let worker: Headers;
let other: Headers;
let workerEmployee: number;

const userFor = t.loginsFor('att', 'attendance-pass-1');

beforeAll(async () => {
  hr = (await userFor(['human-capital-staff'], 1)).headers;
  const w = await userFor(['employee'], 2);
  worker = w.headers;
  workerEmployee = w.employeeId;
  other = (await userFor(['employee'], 3)).headers;
});

const call = t.call;

describe('timesheet corrections over REST (spec §7 attendance/timesheet correction)', () => {
  let id: number;

  it('an employee requests a correction; bad input is GL0001 naming the fields', async () => {
    const bad = await call('POST', `${P}/timesheet/correction`, worker, { date: '2026-02-30', type: 9, reason: '' });
    expect(refusedParams(bad)).toEqual(['date', 'reason', 'type']);

    const date = pastWeekday(7);
    const res = await call('POST', `${P}/timesheet/correction`, worker, {
      date,
      type: 1,
      startTime: '09:10',
      reason: 'Flooded road',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      success: 'Correction requested',
      result: { status: 3, statusLabel: 'Pending', type: 1, typeLabel: 'Late Clock-In', date, startTime: '09:10' },
    });
    id = res.json().result.id;
    const mine = await call('GET', `${P}/timesheet/correction?status=3`, worker);
    expect(mine.json().results).toMatchObject({ total: 1, rows: [{ id }] });
  });

  it('HR lists in scope and approves; others get NOT_FOUND; employees cannot approve (PM0001)', async () => {
    const list = await call('GET', `${A}/timesheet/correction?status=3&search=Person002`, hr);
    expect(list.json().results).toMatchObject({ total: 1, rows: [{ id, employeeId: workerEmployee, statusLabel: 'Pending' }] });
    const awaiting = await call('GET', `${A}/timesheet/correction/awaiting?limit=5`, hr);
    expect(awaiting.json().results.rows.map((r: { id: number }) => r.id)).toContain(id);

    expect((await call('GET', `${A}/timesheet/correction/${id}`, other)).statusCode).toBe(404);
    const denied = await call('POST', `${A}/timesheet/correction/${id}/approve`, worker, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('PM0001');
    expect((await call('GET', `${A}/timesheet/correction`, worker)).statusCode).toBe(403);

    const ok = await call('POST', `${A}/timesheet/correction/${id}/approve`, hr, { note: 'Confirmed' });
    expect(ok.json()).toMatchObject({ success: 'Correction approved', result: { status: 1, statusLabel: 'Approved' } });
    const again = await call('POST', `${A}/timesheet/correction/${id}/approve`, hr, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].msg).toBe('This correction has been decided already; reload to see its status');

    const detail = await call('GET', `${A}/timesheet/correction/${id}`, worker);
    expect(detail.json().result).toMatchObject({ status: 1, decisionNote: 'Confirmed', can: { update: false, cancel: false } });
    expect(detail.json().result.history.map((h: { action: string }) => h.action)).toEqual(['requested', 'approved']);
  });

  it('bulk cancel and delete report per item', async () => {
    const date = pastWeekday(8);
    const second = await call('POST', `${P}/timesheet/correction`, worker, { date, type: 2, endTime: '15:00', reason: 'Doctor' });
    const secondId = second.json().result.id;
    const res = await call('POST', `${A}/timesheet/correction/cancel`, hr, { ids: [id, secondId, 999999] });
    expect(res.json()).toMatchObject({
      success: 'Corrections cancelled',
      result: {
        done: 2,
        failed: 1,
        items: [
          { id, ok: true, message: 'Cancel' },
          { id: secondId, ok: true, message: 'Cancel' },
          { id: 999999, ok: false, message: 'Correction not found' },
        ],
      },
    });
    const del = await call('POST', `${A}/timesheet/correction/delete`, hr, { ids: [secondId] });
    expect(del.json().result).toMatchObject({ done: 1, items: [{ ok: true, message: 'Deleted' }] });
    expect((await call('GET', `${A}/timesheet/correction/${secondId}`, hr)).statusCode).toBe(404);
  });
});

describe('overtime over REST (spec §7 attendance/overtime, personal/overtime)', () => {
  it('requests, the legal limit refusal, approval, and the salary-only pay preview', async () => {
    const date = pastWeekday(10);
    const tooMuch = await call('POST', `${P}/overtime`, worker, { date, hours: 13, reason: 'Inventory' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'hours' }] });

    const res = await call('POST', `${P}/overtime`, worker, { date, startTime: '18:00', endTime: '20:30', reason: 'Inventory' });
    expect(res.json()).toMatchObject({ success: 'Overtime requested', result: { hours: '2.5', status: 3, startTime: '18:00' } });
    const id = res.json().result.id;
    const plan = await call('GET', `${A}/overtime/plan?employeeId=${workerEmployee}&date=${date}`, worker);
    expect(plan.json().result).toMatchObject({ employeeId: workerEmployee, limits: { maxHoursPerDay: 4, maxHoursPerWeek: 18 } });

    const list = await call('GET', `${A}/overtime?status=3`, hr);
    expect(list.json().results.rows.map((r: { id: number }) => r.id)).toContain(id);
    const approved = await call('POST', `${A}/overtime/${id}/approve`, hr, { hours: 2 });
    expect(approved.json().result).toMatchObject({ status: 1, approvedHours: '2', hours: '2.5' });
    const mine = await call('GET', `${P}/overtime`, worker);
    expect(mine.json().results.rows[0]).toMatchObject({ id, statusLabel: 'Approved' });

    const preview = `${A}/overtime/payPreview?employeeId=${workerEmployee}&dayType=workday&date=${date}&hours=2`;
    expect((await call('GET', preview, worker)).statusCode).toBe(403);
    const noSalary = await call('GET', preview, hr);
    expect(noSalary.statusCode).toBe(412);

    const byHr = await call('POST', `${A}/overtime`, hr, {
      employeeId: workerEmployee,
      date: pastWeekday(11),
      hours: 1.5,
      reason: 'Audit',
    });
    expect(byHr.json().result).toMatchObject({ employeeId: workerEmployee, hours: '1.5', status: 3 });
    // HR ordered it, so another person decides it (issue 16); the approved one is no longer pending.
    const bulk = await call('POST', `${A}/overtime/disapprove`, hr, { ids: [byHr.json().result.id, id] });
    expect(bulk.json().result).toMatchObject({ done: 0, failed: 2 });
    expect(bulk.json().result.items[0]).toMatchObject({
      ok: false,
      message: 'You filed this overtime request, so another person must decide it',
    });
  });
});

describe('a login without an employee record (spec §2 General forms, issue 20 item 6)', () => {
  it('gets "Your ID Personal not available, please reload page" where a screen needs the own record', async () => {
    const { headers } = await t.signUp({ email: 'noperson@test.co.id', password: 'no-person-pass-1' }, ['employee']);
    const date = pastWeekday(3);
    for (const [url, body] of [
      [`${P}/timesheet/correction`, { date, type: 1, startTime: '09:10', reason: 'Flooded road' }],
      [`${P}/overtime`, { date, startTime: '18:00', endTime: '20:00', reason: 'Inventory' }],
      ['/v2/h/personal/leave', { leaveTypeId: 1, startDate: date, endDate: date, reason: 'Family' }],
    ] as const) {
      const r = await call('POST', url, headers, body);
      expect([r.statusCode, r.json().errors?.[0]?.message], url).toEqual([
        412,
        'Your ID Personal not available, please reload page',
      ]);
    }
  });
});

describe('overtime in bulk (spec §4 "each also in bulk", issue 20 item 1)', () => {
  it('HR files the same overtime for several employees on a range of dates, all or nothing; one request is deleted on its own path', async () => {
    const ids = (await t.employeeIds()).slice(1, 4);
    // Two consecutive workdays (Tuesday to Friday and the day before) a few weeks back.
    let back = 15;
    while (![2, 3, 4, 5].includes(new Date(`${pastWeekday(back)}T00:00:00Z`).getUTCDay())) back += 1;
    const dateTo = pastWeekday(back);
    const dateFrom = new Date(Date.parse(`${dateTo}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const body = { employeeIds: ids, dateFrom, dateTo, startTime: '08:00', endTime: '10:00', reason: 'Stock-taking' };

    const backwards = await call('POST', `${A}/overtime`, hr, { ...body, dateFrom: dateTo, dateTo: dateFrom });
    expect(backwards.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'dateTo' }] });

    // One of them already has overtime on the first day: nothing at all is filed, and the refusal names them.
    const clash = await call('POST', `${A}/overtime`, hr, { employeeId: ids[1], date: dateFrom, hours: 1, reason: 'Audit' });
    expect(clash.statusCode).toBe(200);
    const refused = await call('POST', `${A}/overtime`, hr, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].attributes).toEqual([
      expect.objectContaining({ param: 'employeeIds.1', msg: expect.stringContaining('already pending or approved') }),
    ]);
    const count = async () =>
      (await call('GET', `${A}/overtime?from=${dateFrom}&to=${dateTo}&pageSize=50`, hr)).json().results.total;
    expect(await count()).toBe(1);

    // Its own path deletes the single request; then the whole batch goes through.
    const gone = await call('POST', `${A}/overtime/${clash.json().result.id}/delete`, hr, {});
    expect([gone.statusCode, gone.json().result]).toEqual([200, { id: clash.json().result.id }]);
    const filed = await call('POST', `${A}/overtime`, hr, body);
    expect(filed.json()).toMatchObject({ success: 'Overtime requested', result: { created: 6 } });
    expect(await count()).toBe(6);

    const outside = await call('POST', `${A}/overtime`, worker, body);
    expect(outside.statusCode).toBe(403);
  });
});
