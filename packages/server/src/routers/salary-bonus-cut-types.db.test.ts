import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

/* The bonus/cut catalogue over REST (issue 20 item 2): /v2/h/salary/bonusCut/type… and the component/bonusCut lookup. */

const t = useTestApp({ employees: 3 });

const T = '/v2/h/salary/bonusCut/type';
const LOOKUP = '/v2/h/component/bonusCut';
let admin: Headers;
let staff: Headers; // role employee: no salary permission
let hcStaff: Headers; // human-capital-staff: salary.view, not salary.setting
let scoped: Headers; // salary.view by a grant, own department only
let ids: number[];

const call = t.call;

beforeAll(async () => {
  ids = await t.employeeIds();
  const db = t.tdb.db;
  await t.addContracts(ids.slice(0, 2), () => 7_000_000);
  await db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  // The second employee moves to a new department of its office: out of the scoped user's data scope.
  await sql`
    with d as (
      insert into departments (company_office_id, name)
      select company_office_id, 'Warehouse' from employees where id = ${ids[1]!} returning id
    )
    update employees set department_id = (select id from d) where id = ${ids[1]!}`.execute(db);
  [admin, staff] = await t.bearers(t.admin, t.staff);
  hcStaff = (await t.signUp({ email: 'hcstaff@test.co.id', password: 'bonus-type-pass-1' }, ['human-capital-staff'])).headers;
  const viewer = await t.userFor(['employee'], 3, { email: 'bcview@test.co.id', password: 'bonus-type-pass-2' });
  await t.grantPermission(viewer.employeeId, 'salary.view', viewer.userId);
  scoped = viewer.headers;
}, 60_000);

describe('bonus/cut catalogue over REST', () => {
  let transportId: number;
  let loanId: number;

  it('create, list, update, delete at /v2/h/salary/bonusCut/type…; GL0001 names the field; CONFLICT on a taken name', async () => {
    const c = await call('POST', T, admin, { name: 'Transport bonus', kind: 'bonus', taxable: true, defaultAmount: 500000 });
    expect(c.statusCode).toBe(200);
    expect(c.json()).toMatchObject({
      status: 'success',
      success: 'Bonus/cut type created',
      result: { name: 'Transport bonus', kind: 'bonus', taxable: true, defaultAmount: '500000', active: true },
    });
    transportId = c.json().result.id;
    loanId = (await call('POST', T, admin, { name: 'Loan repayment', kind: 'cut' })).json().result.id;

    const bad = await call('POST', T, admin, { name: 'Fine', kind: 'cut', taxable: true, defaultAmount: '-5' });
    // Both fields are named at once: the amount's format and the cut's taxable flag.
    expect([bad.statusCode, bad.json().errors[0]]).toMatchObject([
      400,
      { code: 'GL0001', attributes: [{ param: 'defaultAmount' }, { param: 'taxable' }] },
    ]);
    const dup = await call('POST', T, admin, { name: 'loan REPAYMENT', kind: 'cut' });
    expect(dup.statusCode).toBe(409);

    const u = await call('POST', `${T}/${loanId}/update`, admin, { defaultAmount: '250000' });
    expect(u.json()).toMatchObject({ success: 'Bonus/cut type updated', result: { defaultAmount: '250000' } });
    const list = await call('GET', `${T}/list`, hcStaff);
    expect(list.json()).toMatchObject({ status: 'success', success: 'Bonus/cut types' });
    expect(list.json().results.map((r: { name: string }) => r.name)).toEqual(['Transport bonus', 'Loan repayment']);

    const spare = (await call('POST', T, admin, { name: 'Spare', kind: 'bonus' })).json().result.id;
    expect((await call('POST', `${T}/${spare}/delete`, admin)).json()).toMatchObject({
      success: 'Bonus/cut type deleted',
      result: { id: spare },
    });
    expect((await call('POST', `${T}/${spare}/delete`, admin)).statusCode).toBe(404);
  });

  it('writes need salary.setting (403 PM0001); reading needs salary.view', async () => {
    for (const [method, url, body] of [
      ['POST', T, { name: 'X', kind: 'bonus' }],
      ['POST', `${T}/${transportId}/update`, { name: 'Y' }],
      ['POST', `${T}/${transportId}/delete`, undefined],
    ] as const) {
      const r = await call(method, url, hcStaff, body);
      expect(r.statusCode).toBe(403);
      expect(r.json().errors[0].code).toBe('PM0001');
    }
    expect((await call('GET', `${T}/list`, staff)).statusCode).toBe(403);
    expect((await call('GET', `${LOOKUP}?employeeId=${ids[0]}`, staff)).statusCode).toBe(403);
    expect((await call('GET', LOOKUP, {})).statusCode).toBe(401);
  });

  it("the bonus/cut dialog enters from a type; the lookup marks the employee's current ones selected (1), others 0", async () => {
    const fromType = await call('POST', '/v2/h/salary/bonusCut', admin, {
      employeeId: ids[0],
      period: '2026-11',
      typeId: transportId,
    });
    expect(fromType.json().result).toMatchObject({
      name: 'Transport bonus',
      amount: '500000',
      taxable: true,
      typeId: transportId,
    });
    const oneOff = await call('POST', '/v2/h/salary/bonusCut', admin, {
      employeeId: ids[0],
      period: '2026-11',
      kind: 'cut',
      name: 'Broken helmet',
      amount: 75000,
    });
    expect(oneOff.json().result).toMatchObject({ name: 'Broken helmet', typeId: null });

    const r = await call('GET', `${LOOKUP}?employeeId=${ids[0]}`, admin);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'success', success: 'Bonus/cuts' });
    expect(r.json().results).toEqual([
      { id: transportId, name: 'Transport bonus', kind: 'bonus', taxable: true, defaultAmount: '500000', selected: 1 },
      { id: loanId, name: 'Loan repayment', kind: 'cut', taxable: false, defaultAmount: '250000', selected: 0 },
    ]);
    const none = await call('GET', LOOKUP, hcStaff);
    expect(none.json().results.map((x: { selected: number }) => x.selected)).toEqual([0, 0]);
  });

  it('an employee outside the caller’s data scope is NOT_FOUND (404); inside it answers', async () => {
    const out = await call('GET', `${LOOKUP}?employeeId=${ids[1]}`, scoped);
    expect(out.statusCode).toBe(404);
    expect((await call('GET', `${LOOKUP}?employeeId=${ids[0]}`, scoped)).statusCode).toBe(200);
  });

  it('delete refuses (409) a type finalised payroll used; deactivating hides it from the lookup', async () => {
    const run = (await call('POST', '/v2/h/salary/report/generate', admin, { period: '2026-11' })).json().result.runId;
    expect((await call('POST', `/v2/h/salary/report/${run}/finalise`, admin)).statusCode).toBe(200);
    const refused = await call('POST', `${T}/${transportId}/delete`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message ?? JSON.stringify(refused.json())).toMatch(/deactivate/);
    await call('POST', `${T}/${transportId}/update`, admin, { active: false });
    const r = await call('GET', `${LOOKUP}?employeeId=${ids[0]}`, admin);
    expect(r.json().results.map((x: { name: string }) => x.name)).toEqual(['Loan repayment']);
  });
});
