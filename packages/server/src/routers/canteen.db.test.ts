import { canteenLocalTime } from '@hr/core/canteen';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 4 });

const C = '/v2/h/canteen';

let hc: Headers;
let staff: Headers;
let officeId: number;
let eater: { id: number; number: string };

const userFor = t.headersFor('canteen', 'canteen-pass-1');

beforeAll(async () => {
  hc = await userFor(['human-capital-staff'], 1);
  staff = await t.bearer(t.staff);
  officeId = (await t.tdb.db.selectFrom('company_offices').select('id').executeTakeFirstOrThrow()).id;
  eater = { id: await t.employeeId(2), number: 'JKT-00002' };
});

const call = t.call;

// The app runs on the real clock: the test canteen serves its overtime meal all day long.
const today = () => canteenLocalTime(new Date()).date;
const tomorrow = () => new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('canteen over REST (spec §7 canteen: setting, mealSchedule, presence)', () => {
  let canteenId: number;
  let mealId: number;

  it('setting: one save call with meals and terminals, read back; GL0001 names the fields; employees get PM0001', async () => {
    const bad = await call('POST', `${C}/setting`, hc, {
      companyOfficeId: officeId,
      name: '',
      meals: [{ kind: 'brunch', startTime: '25:00', endTime: '10:00', subsidy: '-1', employeePrice: '1.5' }],
    });
    expect(refusedParams(bad)).toEqual(['meals.0.employeePrice', 'meals.0.kind', 'meals.0.startTime', 'meals.0.subsidy', 'name']);

    const saved = await call('POST', `${C}/setting`, hc, {
      companyOfficeId: officeId,
      name: 'Jakarta Canteen',
      terminals: ['CNT-JKT-01'],
      meals: [
        { kind: 'overtime', startTime: '00:00', endTime: '23:59', quota: 10, subsidy: '12000', employeePrice: '8000' },
        { kind: 'lunch', startTime: '11:30', endTime: '13:00', quota: '', subsidy: 15000, employeePrice: 10000 },
      ],
    });
    expect(saved.json()).toMatchObject({
      status: 'success',
      success: 'Canteen setting saved',
      result: { name: 'Jakarta Canteen', terminals: ['CNT-JKT-01'] },
    });
    canteenId = saved.json().result.id;
    mealId = saved.json().result.meals.find((m: { kind: string }) => m.kind === 'overtime').id;
    const got = await call('GET', `${C}/setting`, hc);
    expect(got.json().results).toEqual([
      expect.objectContaining({
        id: canteenId,
        companyOffice: 'Jakarta',
        meals: [
          expect.objectContaining({ kind: 'overtime', label: 'Overtime meal', startTime: '00:00', endTime: '23:59', quota: 10 }),
          expect.objectContaining({ kind: 'lunch', quota: null, subsidy: '15000', employeePrice: '10000' }),
        ],
      }),
    ]);
    const denied = await call('GET', `${C}/setting`, staff);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('PM0001');
  });

  it('mealSchedule: bulk by office with counts, the employee list, a menu preference', async () => {
    const r = await call('POST', `${C}/mealSchedule`, hc, { mealId, from: today(), to: tomorrow(), companyOfficeId: officeId });
    expect(r.json()).toMatchObject({ success: 'Meal schedule saved', result: { added: 8, moved: 0, unchanged: 0, taken: 0 } });
    const pref = await call('PUT', `${C}/mealSchedule/preference`, hc, { employeeIds: [eater.id], preference: 'no_spicy' });
    expect(pref.json()).toMatchObject({ success: 'Menu preference saved', result: { updated: 1 } });
    const list = await call('GET', `${C}/mealSchedule/employee?date=${today()}&search=${eater.number}`, hc);
    expect(list.json().results).toMatchObject({
      total: 1,
      rows: [
        { employeeId: eater.id, mealLabel: 'Overtime meal', preference: 'no_spicy', preferenceLabel: 'No spicy', taken: false },
      ],
    });
    const summary = await call('GET', `${C}/mealSchedule?from=${today()}&to=${today()}`, hc);
    expect(summary.json().results.rows).toEqual([
      expect.objectContaining({ canteen: 'Jakarta Canteen', mealKind: 'overtime', scheduled: 4, taken: 0, quota: 10 }),
    ]);
  });

  it('presence: a scan records the meal; a second scan is refused with a clear message (409)', async () => {
    const bad = await call('POST', `${C}/presence`, hc, { code: '' });
    expect(refusedParams(bad)).toEqual(['canteenId', 'code']);

    const ok = await call('POST', `${C}/presence`, hc, { canteenId, code: eater.number });
    expect(ok.json()).toMatchObject({
      status: 'success',
      success: 'Enjoy your meal',
      result: { employeeId: eater.id, mealKind: 'overtime', preference: 'no_spicy', employeePrice: '8000', source: 'card' },
    });
    const again = await call('POST', `${C}/presence`, hc, { canteenId, code: `EMP:${eater.number}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].msg).toMatch(/^Person002 Test already took Overtime meal on /);
    expect(JSON.parse(again.json().errors[0].internalMsg)).toEqual({
      reason: 'already_taken',
      employee: `${eater.number} Person002 Test`,
    });
    const unknown = await call('POST', `${C}/presence`, hc, { canteenId, code: 'XYZ-1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].msg).toBe('Unknown card: XYZ-1');
    const terminal = await call('POST', `${C}/presence/fingerprint`, hc, {
      serial: 'GATE-1',
      pin: '7',
      time: `${today()}T12:00:00`,
    });
    expect(terminal.statusCode).toBe(404);
    expect(terminal.json().errors[0].msg).toBe('Terminal GATE-1 is not a canteen terminal');
    expect((await call('POST', `${C}/presence`, staff, { canteenId, code: eater.number })).statusCode).toBe(403);
  });

  it('presence list with filters, the preference-report.xlsx download, the meal cost per employee', async () => {
    const list = await call('GET', `${C}/presence?from=${today()}&to=${tomorrow()}&mealKind=overtime&search=Person002`, hc);
    expect(list.json().results).toMatchObject({
      total: 1,
      rows: [{ employeeId: eater.id, canteen: 'Jakarta Canteen', sourceLabel: 'Card / QR', employeePrice: '8000' }],
    });
    expect((await call('GET', `${C}/presence?mealKind=lunch`, hc)).json().results.total).toBe(0);
    const report = await call('GET', `${C}/presence/preferenceReport?from=${today()}&to=${tomorrow()}`, hc);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('preference-report.xlsx');
    // An XLSX is a zip (its content is checked in core's canteen.db.test.ts).
    expect(report.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const month = today().slice(0, 7);
    const cost = await call('GET', `${C}/presence/mealCost?month=${month}`, hc);
    expect(cost.json().results).toMatchObject({
      total: 1,
      rows: [{ employeeId: eater.id, meals: 1, employeePaid: '8000', subsidy: '12000' }],
      totals: { meals: 1, employeePaid: '8000' },
    });
    expect((await call('GET', `${C}/presence/mealCost?month=2026-13`, hc)).statusCode).toBe(400);
  });

  it('a presence can be deleted; a used canteen cannot', async () => {
    const row = (await call('GET', `${C}/presence?search=Person002`, hc)).json().results.rows[0];
    const used = await call('DELETE', `${C}/setting/${canteenId}`, hc);
    expect(used.statusCode).toBe(409);
    expect(used.json().errors[0].msg).toMatch(/^Canteen Jakarta Canteen is used by 8 meal schedules and 1 presence$/);
    const del = await call('DELETE', `${C}/presence/${row.id}`, hc);
    expect(del.json()).toMatchObject({ success: 'Presence deleted' });
    expect((await call('GET', `${C}/presence?search=Person002`, hc)).json().results.total).toBe(0);
  });
});
