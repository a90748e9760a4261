import { createUser } from '@hr/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 4 });

/*
 * Issue 16 over REST: nobody acts on their own employment record, placement, resignation or data
 * update request; a placement that widens someone's permissions waits for a second person holding
 * permission.approve; dates are checked on submit with the rule the approval applies.
 */

const who = {
  hcstaff: { email: 'hcstaff@test.co.id', password: 'hcstaff-pass-1' },
  hc: { email: 'hc@test.co.id', password: 'hc-pass-12345' },
  worker: { email: 'worker@test.co.id', password: 'worker-pass-1' },
};
let hcstaff: Headers;
let hc: Headers;
let ids: { hcstaff: number; hc: number; worker: number; other: number };
let levels: { junior: number; senior: number };
let plainPosition: number;
let powerPosition: number;
let dept: number;

const bearer = t.bearer;
const { postAs: post, getAs: get } = t;
const refusal = (res: { statusCode: number; json(): unknown }) => {
  const body = res.json() as { errors: { code: string; msg: string; attributes?: { param: string; msg: string }[] }[] };
  return {
    status: res.statusCode,
    code: body.errors?.[0]?.code,
    msg: body.errors?.[0]?.msg,
    attributes: body.errors?.[0]?.attributes,
  };
};
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const employeeRow = (id: number) =>
  t.tdb.db.selectFrom('employees').select(['job_position_id', 'job_level_id']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  const emps = await t.tdb.db.selectFrom('employees').select(['id', 'department_id']).orderBy('id').execute();
  ids = { hcstaff: emps[0]!.id, hc: emps[1]!.id, worker: emps[2]!.id, other: emps[3]!.id };
  dept = emps[0]!.department_id!;
  const ctx = t.services.ctx(null);
  await createUser(ctx, { ...who.hcstaff, roles: ['human-capital-staff'], employeeId: ids.hcstaff, active: true });
  await createUser(ctx, { ...who.hc, roles: ['human-capital'], employeeId: ids.hc, active: true });
  await createUser(ctx, { ...who.worker, roles: ['employee'], employeeId: ids.worker, active: true });
  const l = await t.tdb.db
    .insertInto('job_levels')
    .values([
      { name: 'Junior D', rank: 1 },
      { name: 'Senior D', rank: 2 },
    ])
    .returning('id')
    .execute();
  levels = { junior: l[0]!.id, senior: l[1]!.id };
  [plainPosition, powerPosition] = (await t.addJobPositions(['Clerk', 'Payroll Head'], dept)) as [number, number];
  // Approved (by a second person, earlier) grants to the position: whoever holds it gets them.
  await t.grantToPosition(powerPosition, ['salary.update', 'permission.approve']);
  await t.tdb.db.updateTable('employees').set({ job_level_id: levels.junior }).execute();
  hcstaff = await bearer(who.hcstaff);
  hc = await bearer(who.hc);
});

describe('no one acts on their own employment record or placement', () => {
  it('POST /v2/h/employee/record: a self-made promotion is refused with 403; the same promotion by another person works', async () => {
    const promotion = { changeType: 2, effectiveDate: today(), jobLevelId: levels.senior, reason: 'Deserved' };
    const own = await post('/v2/h/employee/record', hcstaff, { ...promotion, employeeId: ids.hcstaff });
    expect(refusal(own)).toMatchObject({ status: 403, code: 'PM0001', msg: 'You cannot change your own employment record' });
    expect((await employeeRow(ids.hcstaff)).job_level_id).toBe(levels.junior);
    // hc is no exception for itself either.
    expect((await post('/v2/h/employee/record', hc, { ...promotion, employeeId: ids.hc })).statusCode).toBe(403);

    const byOther = await post('/v2/h/employee/record', hc, { ...promotion, employeeId: ids.hcstaff });
    expect(byOther.statusCode).toBe(200);
    expect((await employeeRow(ids.hcstaff)).job_level_id).toBe(levels.senior);
  });

  it('own placement through the employment section and the job position assign endpoint is refused', async () => {
    const upd = await post('/v2/h/employee/update/employment', hcstaff, { id: ids.hcstaff, jobPositionId: plainPosition });
    expect(refusal(upd)).toMatchObject({ status: 403, msg: 'You cannot change your own employment details' });
    const assign = await post(`/v2/h/component/jobPosition/${plainPosition}/assign`, hc, { employeeId: ids.hc });
    expect(refusal(assign)).toMatchObject({ status: 403, msg: 'You cannot change your own placement' });
    expect((await employeeRow(ids.hc)).job_position_id).toBeNull();
    expect((await employeeRow(ids.hcstaff)).job_position_id).toBeNull();
  });
});

describe('moving a job position moves its holders', () => {
  it('moving the position one holds into a section is moving oneself: refused', async () => {
    const office = await t.tdb.db.selectFrom('company_offices').select('id').executeTakeFirstOrThrow();
    const div = await t.tdb.db
      .insertInto('divisions')
      .values({ company_office_id: office.id, department_id: dept, name: 'Payroll' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sec = await t.tdb.db
      .insertInto('sections')
      .values({ company_office_id: office.id, department_id: dept, division_id: div.id, name: 'Salaries' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [heldId] = (await t.addJobPositions(['HC Lead'], dept)) as [number];
    const held = { id: heldId };
    await t.tdb.db.updateTable('employees').set({ job_position_id: held.id }).where('id', '=', ids.hc).execute();
    const res = await post(`/v2/h/component/sectionDepartment/${sec.id}/assign`, hc, { jobPositionId: held.id });
    expect(refusal(res)).toMatchObject({ status: 403, msg: 'You cannot change your own placement' });
    const pos = await t.tdb.db
      .selectFrom('job_positions')
      .select('section_id')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(pos.section_id).toBeNull();
    await t.tdb.db.updateTable('employees').set({ job_position_id: null }).where('id', '=', ids.hc).execute();
  });
});

describe('a placement that widens permissions waits for a second person holding permission.approve', () => {
  const confirmation = (employeeId: number) =>
    t.tdb.db
      .selectFrom('placement_confirmations')
      .select(['id', 'status'])
      .where('employee_id', '=', employeeId)
      .orderBy('id', 'desc')
      .executeTakeFirst();

  it('hcstaff (no permission.approve) may move someone into a position whose grants widen their permissions; it waits', async () => {
    const viaRecord = await post('/v2/h/employee/record', hcstaff, {
      employeeId: ids.worker,
      changeType: 1,
      effectiveDate: today(),
      jobPositionId: powerPosition,
    });
    expect(viaRecord.statusCode).toBe(200);
    expect((await employeeRow(ids.worker)).job_position_id).toBe(powerPosition);
    expect(await confirmation(ids.worker)).toMatchObject({ status: 'pending' });
    // A position without grants is an ordinary move, and it ends the wait of the earlier one.
    expect(
      (await post('/v2/h/employee/update/employment', hcstaff, { id: ids.worker, jobPositionId: plainPosition })).statusCode,
    ).toBe(200);
    expect(await confirmation(ids.worker)).toMatchObject({ status: 'cancelled' });
  });

  it('hc may too: the widening is audited, the subject signs in again, and gets the grants once a second person approves', async () => {
    const worker = await bearer(who.worker);
    expect((await get('/v2/h/auth/me', worker)).statusCode).toBe(200);
    const res = await post(`/v2/h/component/jobPosition/${powerPosition}/assign`, hc, { employeeId: ids.worker });
    expect(res.statusCode).toBe(200);
    const entry = await t.tdb.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'employee.assignJobPosition')
      .where('entity_id', '=', String(ids.worker))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.after).toMatchObject({ permissionsAdded: ['permission.approve', 'salary.update'] });
    // The old session no longer works; a new one waits for the confirmation, then carries them.
    expect((await get('/v2/h/auth/me', worker)).statusCode).toBe(401);
    const waiting = await get('/v2/h/auth/me', await bearer(who.worker));
    expect(waiting.json().result.permissions).not.toContain('salary.update');
    const pending = await confirmation(ids.worker);
    const admin = await bearer(t.admin);
    expect((await post(`/v2/h/permission/placement/${pending!.id}/approve`, admin)).statusCode).toBe(200);
    const again = await get('/v2/h/auth/me', await bearer(who.worker));
    expect(again.json().result.permissions).toContain('salary.update');
  });
});

describe('deciding one’s own request is refused', () => {
  it('filing one’s own resignation is allowed; deciding it is not, and a second person decides it', async () => {
    const lastWorkingDay = new Date(Date.now() + 7 * 3600_000 + 30 * 86400_000).toISOString().slice(0, 10);
    const filed = await post('/v2/h/employee/resignation/request', hcstaff, { lastWorkingDay, reason: 'New job' });
    expect(filed.statusCode).toBe(200);
    const id = filed.json().result.id as number;
    const own = await post(`/v2/h/employee/resignation/${id}/approve`, hcstaff);
    expect(refusal(own)).toMatchObject({ status: 403, code: 'PM0001', msg: 'You cannot decide your own resignation' });
    expect(refusal(await post(`/v2/h/employee/resignation/${id}/disapprove`, hcstaff)).status).toBe(403);
    expect((await post(`/v2/h/employee/resignation/${id}/approve`, hc)).statusCode).toBe(200);

    // One that hc filed for someone else is decided by another person too.
    const other = await post('/v2/h/employee/resignation', hc, { employeeId: ids.other, lastWorkingDay, reason: 'Contract end' });
    const oid = other.json().result.id as number;
    expect(refusal(await post(`/v2/h/employee/resignation/${oid}/approve`, hc)).status).toBe(403);
    expect((await post(`/v2/h/employee/resignation/${oid}/approve`, hcstaff)).statusCode).toBe(200);
  });

  it('a data update request about one’s own record is decided by someone else', async () => {
    const filed = await post('/v2/h/employee/update/request', hc, { section: 'contact', changes: { city: 'Bandung' } });
    expect(filed.statusCode).toBe(200);
    const id = filed.json().result.id as number;
    const own = await post(`/v2/h/employee/update/request/${id}/approve`, hc);
    expect(refusal(own)).toMatchObject({ status: 403, msg: 'You cannot decide your own data update request' });
    expect(refusal(await post(`/v2/h/employee/update/request/${id}/disapprove`, hc)).status).toBe(403);
  });
});

describe('dates are checked on submit with the rule the approval applies', () => {
  it('a data update request with a future birth date is refused on submit, naming the field', async () => {
    const res = await post('/v2/h/employee/update/request', hcstaff, {
      section: 'personal',
      changes: { birthDate: '2099-01-01' },
    });
    expect(refusal(res)).toMatchObject({
      status: 400,
      code: 'GL0001',
      attributes: [{ param: 'changes.birthDate', msg: expect.stringMatching(/^must be between .* \(age 15 to 100\)$/) }],
    });
    expect((await get('/v2/h/employee/update/request/mine', hcstaff)).json().results.total).toBe(0);
  });

  it('implausible record dates are refused with the documented range', async () => {
    const birth = await post('/v2/h/employee/update/personal', hc, { id: ids.other, birthDate: '1901-01-01' });
    expect(refusal(birth)).toMatchObject({ status: 400, code: 'GL0001', attributes: [{ param: 'birthDate' }] });
    const entry = await post('/v2/h/employee/update/employment', hc, { id: ids.other, entryDate: '1901-01-01' });
    expect(refusal(entry).attributes).toEqual([
      { param: 'entryDate', msg: expect.stringMatching(/^must be between \d\d\/\d\d\/\d{4} and /) },
    ]);
    const sibling = await post('/v2/h/employee/update/sibling', hc, {
      id: ids.other,
      siblings: [{ name: 'Adik', gender: 'Male', birthDate: '2099-05-05' }],
    });
    expect(refusal(sibling).attributes).toEqual([{ param: 'siblings.0.birthDate', msg: 'must not be in the future' }]);
  });
});
