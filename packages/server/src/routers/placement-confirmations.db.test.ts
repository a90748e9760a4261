import { createUser } from '@hr/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 5 });

/*
 * Issue 16 item 3 over REST: a placement that widens someone's permissions is applied, but the
 * new position's grants wait for a second person holding permission.approve — never the mover,
 * never the subject.
 */

const who = {
  hcstaff: { email: 'hcstaff@test.co.id', password: 'hcstaff-pass-1' },
  hc: { email: 'hc@test.co.id', password: 'hc-pass-12345' },
  worker: { email: 'worker@test.co.id', password: 'worker-pass-1' },
  lead: { email: 'lead@test.co.id', password: 'lead-pass-123' },
  third: { email: 'third@test.co.id', password: 'third-pass-12' },
};
let hcstaff: Headers;
let hc: Headers;
let admin: Headers;
let ids: { hcstaff: number; hc: number; worker: number; lead: number; third: number };
let powerPosition: number;
let devPosition: number;
let plainPosition: number;

const bearer = t.bearer;
const { postAs: post, getAs: get } = t;
const permissionsOf = async (w: { email: string; password: string }): Promise<string[]> =>
  (await get('/v2/h/auth/me', await bearer(w))).json().result.permissions;
const move = (by: Headers, employeeId: number, jobPositionId: number) =>
  post('/v2/h/employee/update/employment', by, { id: employeeId, jobPositionId });
type Row = { id: number; employeeId: number; status: string; approveRefusal: string | null } & Record<string, unknown>;
const listed = async (by: Headers, employeeId: number): Promise<Row | undefined> => {
  const res = await get('/v2/h/permission/placement?pageSize=100', by);
  expect(res.statusCode).toBe(200);
  return (res.json().results.rows as Row[]).find((r) => r.employeeId === employeeId);
};

beforeAll(async () => {
  const emps = await t.tdb.db.selectFrom('employees').select(['id', 'department_id']).orderBy('id').execute();
  ids = { hcstaff: emps[0]!.id, hc: emps[1]!.id, worker: emps[2]!.id, lead: emps[3]!.id, third: emps[4]!.id };
  const ctx = t.services.ctx(null);
  await createUser(ctx, { ...who.hcstaff, roles: ['human-capital-staff'], employeeId: ids.hcstaff, active: true });
  await createUser(ctx, { ...who.hc, roles: ['human-capital'], employeeId: ids.hc, active: true });
  await createUser(ctx, { ...who.worker, roles: ['employee'], employeeId: ids.worker, active: true });
  // The lead holds permission.approve by its login's role, so only the duty rule can stop it.
  await createUser(ctx, { ...who.lead, roles: ['human-capital'], employeeId: ids.lead, active: true });
  await createUser(ctx, { ...who.third, roles: ['employee'], employeeId: ids.third, active: true });
  [powerPosition, devPosition, plainPosition] = (await t.addJobPositions(
    ['Payroll Head', 'Developer Lead', 'Clerk'],
    emps[0]!.department_id!,
  )) as [number, number, number];
  // Grants approved earlier by a second person: whoever holds the position gets them.
  await t.grantToPosition(powerPosition, ['salary.update', 'permission.approve']);
  await t.grantToPosition(devPosition, ['developer.access']);
  hcstaff = await bearer(who.hcstaff);
  hc = await bearer(who.hc);
  admin = await bearer(t.admin);
});

describe('a placement that widens permissions waits for a second person', () => {
  it('hcstaff moves a worker into a privileged position: applied, withheld, approved by hc only', async () => {
    const oldWorker = await bearer(who.worker);
    expect((await move(hcstaff, ids.worker, powerPosition)).statusCode).toBe(200);
    const row = await t.tdb.db.selectFrom('employees').select('job_position_id').where('id', '=', ids.worker).executeTakeFirst();
    expect(row?.job_position_id).toBe(powerPosition);
    expect(await permissionsOf(who.worker)).not.toContain('salary.update');

    const pending = await listed(hc, ids.worker);
    expect(pending).toMatchObject({
      status: 'pending',
      employeeName: 'Person003 Test',
      employeeNumber: 'JKT-00003',
      jobPosition: 'Payroll Head',
      permissionsAdded: ['permission.approve', 'salary.update'],
      requestedBy: 'Person001 Test',
      approveRefusal: null,
    });
    const id = pending!.id;
    expect((await post(`/v2/h/permission/placement/${id}/approve`, hcstaff)).statusCode).toBe(403);
    expect((await post(`/v2/h/permission/placement/${id}/approve`, await bearer(who.worker))).statusCode).toBe(403);
    expect((await post(`/v2/h/permission/placement/${id}/approve`, hc)).statusCode).toBe(200);

    expect((await get('/v2/h/auth/me', oldWorker)).statusCode).toBe(401);
    expect(await permissionsOf(who.worker)).toContain('salary.update');
    expect((await listed(hc, ids.worker))?.status).toBe('approved');
    // Deciding it again is a conflict, not a second approval.
    expect((await post(`/v2/h/permission/placement/${id}/reject`, admin)).statusCode).toBe(409);
  });

  it('neither the mover nor the subject decides it, even holding permission.approve; a rejection keeps the grants withheld', async () => {
    expect((await move(hc, ids.lead, devPosition)).statusCode).toBe(200);
    const pending = await listed(hc, ids.lead);
    expect(pending?.approveRefusal).toBe('You filed this placement, so another person must decide it');
    const byMover = await post(`/v2/h/permission/placement/${pending!.id}/approve`, hc);
    expect(byMover.statusCode).toBe(403);
    expect(byMover.json().errors[0].msg).toBe('You filed this placement, so another person must decide it');
    const bySubject = await post(`/v2/h/permission/placement/${pending!.id}/approve`, await bearer(who.lead));
    expect(bySubject.statusCode).toBe(403);
    expect(bySubject.json().errors[0].msg).toBe('You cannot decide your own placement');

    expect((await post(`/v2/h/permission/placement/${pending!.id}/reject`, admin, { note: 'Not a developer' })).statusCode).toBe(
      200,
    );
    expect(await permissionsOf(who.lead)).not.toContain('developer.access');
    expect((await listed(hc, ids.lead))?.status).toBe('rejected');
    // "Why can this person …": the position's grant is shown as withheld by the rejected placement.
    const why = await get(`/v2/h/permission/explain?employeeId=${ids.lead}&permission=developer.access`, admin);
    expect(why.json().result).toMatchObject({
      has: false,
      sources: [],
      pending: [{ kind: 'jobPosition', withheldBy: { status: 'rejected' } }],
    });
    // Moving them out of the position ends it: a move that widens nothing needs no confirmation.
    expect((await move(hc, ids.lead, plainPosition)).statusCode).toBe(200);
    expect(await listed(hc, ids.lead)).toMatchObject({ status: 'rejected', withholding: false });
    expect(await permissionsOf(who.lead)).not.toContain('developer.access');
  });

  it('two concurrent approvals: one is accepted, the other is a conflict', async () => {
    expect((await move(hcstaff, ids.third, powerPosition)).statusCode).toBe(200);
    const id = (await listed(hc, ids.third))!.id;
    const answers = await Promise.all([
      post(`/v2/h/permission/placement/${id}/approve`, hc),
      post(`/v2/h/permission/placement/${id}/approve`, admin),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await permissionsOf(who.third)).toContain('salary.update');
  });

  it('one’s own placement is still refused', async () => {
    const res = await move(hcstaff, ids.hcstaff, powerPosition);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].msg).toBe('You cannot change your own employment details');
  });
});
