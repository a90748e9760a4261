import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 4 });

/*
 * Issue 20 item 3 over REST: an employment record is corrected or deleted at
 * `/v2/h/employee/record/{id}/update` and `…/delete`, a pending resignation at
 * `/v2/h/employee/resignation/{id}/update` (HR) and `…/resignation/request/{id}/update` (the employee).
 */

let admin: Headers;
let ids: number[];
let levels: { junior: number; senior: number };
const post = t.postAs;
/** The answer's status and its first error (`code`, `msg`, `attributes`). */
const answer = (res: { statusCode: number; json(): { errors?: object[] } }) => ({
  status: res.statusCode,
  ...res.json().errors?.[0],
});
const levelOf = async (id: number) =>
  (await t.tdb.db.selectFrom('employees').select('job_level_id').where('id', '=', id).executeTakeFirstOrThrow()).job_level_id;
const dayOffset = (days: number) => new Date(Date.now() + 7 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  admin = await t.bearer(t.admin);
  ids = await t.employeeIds();
  const level = async (name: string, rank: number) =>
    (await post('/v2/h/component/jobLevel', admin, { name, rank })).json().result.id as number;
  levels = { junior: await level('Junior R', 1), senior: await level('Senior R', 2) };
  await t.tdb.db.updateTable('employees').set({ job_level_id: levels.junior, first_join_date: '2020-01-01' }).execute();
});

describe('POST /v2/h/employee/record/{id}/update and /delete', () => {
  it('corrects and deletes a record; the placement follows; GL0001 names the field', async () => {
    const emp = ids[1]!;
    const created = await post('/v2/h/employee/record', admin, {
      employeeId: emp,
      changeType: 1,
      effectiveDate: '2025-02-01',
      jobLevelId: levels.senior,
      divisionId: null,
    });
    // A mutation that changes nothing but the level is refused; as a promotion it is fine.
    expect(answer(created)).toMatchObject({ status: 400, code: 'GL0001', attributes: [{ param: 'departmentId' }] });
    const promo = await post('/v2/h/employee/record', admin, {
      employeeId: emp,
      changeType: 2,
      effectiveDate: '2025-02-01',
      jobLevelId: levels.senior,
    });
    expect(promo.statusCode).toBe(200);
    const id = promo.json().result.id as number;
    expect(await levelOf(emp)).toBe(levels.senior);

    const bad = await post(`/v2/h/employee/record/${id}/update`, admin, { jobLevelId: levels.junior });
    expect(answer(bad)).toMatchObject({
      status: 400,
      code: 'GL0001',
      attributes: [{ param: 'jobLevelId', msg: 'must be above the current job level' }],
    });
    const ok = await post(`/v2/h/employee/record/${id}/update`, admin, { effectiveDate: '2025-03-01', reason: 'Corrected date' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toEqual({ id });
    const got = (await t.call('GET', `/v2/h/employee/record/${id}`, admin)).json().result;
    expect(got).toMatchObject({ effectiveDate: '2025-03-01', reason: 'Corrected date', toIds: { jobLevelId: levels.senior } });

    const del = await post(`/v2/h/employee/record/${id}/delete`, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json().result).toEqual({ ok: true });
    expect(await levelOf(emp)).toBe(levels.junior);
    expect(answer(await post(`/v2/h/employee/record/${id}/delete`, admin)).status).toBe(404);
  });

  it('403 without employee.update or on one’s own record; 404 for a record outside the caller’s scope', async () => {
    const promo = await post('/v2/h/employee/record', admin, {
      employeeId: ids[2]!,
      changeType: 2,
      effectiveDate: '2025-02-01',
      jobLevelId: levels.senior,
    });
    const id = promo.json().result.id as number;
    const worker = await t.userFor(['employee'], 4, { email: 'worker.rc@test.co.id', password: 'worker-pass-rc1' });
    expect(answer(await post(`/v2/h/employee/record/${id}/update`, worker.headers, { reason: 'x' }))).toMatchObject({
      status: 403,
      code: 'PM0001',
      msg: 'You do not have permission to do this',
    });
    expect(answer(await post(`/v2/h/employee/record/${id}/delete`, worker.headers)).status).toBe(403);

    // The subject themselves, holding the permission (HC), is refused too.
    const self = await t.userFor(['human-capital'], 3, { email: 'self.rc@test.co.id', password: 'self-pass-rc12' });
    expect(answer(await post(`/v2/h/employee/record/${id}/update`, self.headers, { reason: 'mine' }))).toMatchObject({
      status: 403,
      msg: 'You cannot change your own employment record',
    });

    // A department head of another department who may update employees does not see the record.
    await t.addDepartment('Elsewhere', [ids[0]!]);
    await t.tdb.db.updateTable('employees').set({ division_id: null }).where('id', '=', ids[0]!).execute();
    const head = await t.userFor(['department-head'], 1, { email: 'head.rc@test.co.id', password: 'head-pass-rc12' });
    await t.grantPermission(head.employeeId, 'employee.update', head.userId);
    const headHeaders = await t.bearer({ email: 'head.rc@test.co.id', password: 'head-pass-rc12' });
    expect(answer(await post(`/v2/h/employee/record/${id}/update`, headHeaders, { reason: 'x' }))).toMatchObject({ status: 404 });
    expect(answer(await post(`/v2/h/employee/record/${id}/delete`, headHeaders)).status).toBe(404);
    expect(await levelOf(ids[2]!)).toBe(levels.senior);
  });
});

describe('POST /v2/h/employee/resignation/{id}/update and …/request/{id}/update', () => {
  it('corrects a pending resignation; a decided one is 409; without the permission 403', async () => {
    const me = await t.userFor(['employee'], 2, { email: 'leaver.rc@test.co.id', password: 'leaver-pass-rc1' });
    const filed = await post('/v2/h/employee/resignation/request', me.headers, {
      lastWorkingDay: dayOffset(30),
      reason: 'Studies',
    });
    const id = filed.json().result.id as number;
    const own = await post(`/v2/h/employee/resignation/request/${id}/update`, me.headers, { lastWorkingDay: dayOffset(40) });
    expect(own.statusCode).toBe(200);
    expect(answer(await post(`/v2/h/employee/resignation/${id}/update`, me.headers, { reason: 'x' })).status).toBe(403);
    const hr = await post(`/v2/h/employee/resignation/${id}/update`, admin, { reason: 'Studies abroad' });
    expect(hr.statusCode).toBe(200);
    const got = (await t.call('GET', `/v2/h/employee/resignation/${id}`, admin)).json().result;
    expect(got).toMatchObject({ lastWorkingDay: dayOffset(40), reason: 'Studies abroad', status: 3 });
    const past = await post(`/v2/h/employee/resignation/${id}/update`, admin, { lastWorkingDay: dayOffset(-5) });
    expect(answer(past)).toMatchObject({ status: 400, code: 'GL0001', attributes: [{ param: 'lastWorkingDay' }] });

    expect((await post(`/v2/h/employee/resignation/${id}/approve`, admin)).statusCode).toBe(200);
    const late = await post(`/v2/h/employee/resignation/${id}/update`, admin, { reason: 'Too late' });
    expect(answer(late)).toMatchObject({
      status: 409,
      msg: 'This resignation has already been decided and can no longer be changed',
    });
    expect(answer(await post(`/v2/h/employee/resignation/request/${id}/update`, me.headers, { reason: 'Too late' })).status).toBe(
      409,
    );
    expect(answer(await post('/v2/h/employee/resignation/999999/update', admin, { reason: 'x' })).status).toBe(404);
  });
});
