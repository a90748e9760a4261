import { createUser } from '@hr/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 3 });

const E = '/v2/h/permission/employee';
const X = '/v2/h/permission/explain';

let admin: Headers;
let hc: Headers;
let grantee: { email: string; password: string };
let granteeEmployee: number;
let hcEmployee: number;
const hcUser = { email: 'hc@test.co.id', password: 'hc-pass-12345' };
/** hc@'s name: decisions show the person, not the login's e-mail (issue 19 item 8). */
let hcName: string;
let hc2: Headers;

const bearer = t.bearer;

beforeAll(async () => {
  const emps = await t.tdb.db.selectFrom('employees').select('id').orderBy('id').execute();
  granteeEmployee = emps[0]!.id;
  grantee = { email: 'grantee@test.co.id', password: 'grantee-pass-123' };
  await createUser(t.services.ctx(null), { ...grantee, roles: ['employee'], employeeId: granteeEmployee });
  await createUser(t.services.ctx(null), { ...hcUser, roles: ['human-capital'], employeeId: emps[1]!.id });
  hcEmployee = emps[1]!.id;
  const hcPerson = await t.tdb.db
    .selectFrom('employees')
    .select(['given_name', 'surname'])
    .where('id', '=', hcEmployee)
    .executeTakeFirstOrThrow();
  hcName = `${hcPerson.given_name} ${hcPerson.surname}`.trim();
  const hc2User = { email: 'hc2@test.co.id', password: 'hc2-pass-12345' };
  await createUser(t.services.ctx(null), { ...hc2User, roles: ['human-capital'], employeeId: emps[2]!.id });
  admin = await bearer(t.admin);
  hc = await bearer(hcUser);
  hc2 = await bearer(hc2User);
});

const call = t.call;

/** A new job position `name` in the employee's own office and department, with the employee placed in it; returns its id. */
async function placeInNewPosition(employeeId: number, name: string): Promise<number> {
  const emp = await t.tdb.db
    .selectFrom('employees')
    .select(['company_office_id', 'department_id'])
    .where('id', '=', employeeId)
    .executeTakeFirstOrThrow();
  const position = await t.tdb.db
    .insertInto('job_positions')
    .values({ name, company_office_id: emp.company_office_id, department_id: emp.department_id! })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.tdb.db.updateTable('employees').set({ job_position_id: position.id }).where('id', '=', employeeId).execute();
  return position.id;
}

describe('permission grants and "why" over REST (issue 3)', () => {
  it('assign → the assigner cannot approve (403) → a second admin approves → the grantee holds it and explain names the grant', async () => {
    const me = await call('GET', '/v2/h/auth/me', await bearer(grantee));
    expect(me.json().result.permissions).not.toContain('canteen.view');

    const assigned = await call('POST', `${E}/assign`, admin, {
      subjectId: granteeEmployee,
      grant: { kind: 'permission', key: 'canteen.view' },
    });
    expect(assigned.statusCode).toBe(200);
    const id = assigned.json().result.id as number;

    const waiting = await call('GET', `${X}?employeeId=${granteeEmployee}&permission=canteen.view`, hc);
    expect(waiting.json().result).toMatchObject({ has: false, sources: [], pending: [{ grantId: id, kind: 'employee' }] });

    const own = await call('POST', `${E}/${id}/approve`, admin);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0].message).toBe('You filed this permission grant, so another person must decide it');

    expect((await call('POST', `${E}/${id}/approve`, hc)).statusCode).toBe(200);
    expect((await call('POST', `${E}/${id}/approve`, hc)).statusCode).toBe(409);

    const list = await call('GET', `${E}?subjectId=${granteeEmployee}`, hc);
    expect(list.json().results.rows).toMatchObject([
      { id, key: 'canteen.view', kind: 'permission', status: 1, requestedBy: t.admin.email, decidedBy: hcName },
    ]);

    const after = await call('GET', '/v2/h/auth/me', await bearer(grantee));
    expect(after.json().result.permissions).toContain('canteen.view');

    const why = await call('GET', `${X}?employeeId=${granteeEmployee}&permission=canteen.view`, admin);
    expect(why.statusCode).toBe(200);
    expect(why.json().result).toMatchObject({
      has: true,
      account: 'active',
      email: grantee.email,
      sources: [{ kind: 'employee', grantId: id, grantKind: 'permission', key: 'canteen.view', approvedBy: hcName }],
      pending: [],
    });
  });

  it('segregation of duties (issue 16): nobody assigns or approves a grant to themselves or their own job position', async () => {
    const canteen = { kind: 'permission', key: 'canteen.manage' };
    const self = await call('POST', `${E}/assign`, hc, { subjectId: hcEmployee, grant: canteen });
    expect([self.statusCode, self.json().errors[0].msg]).toEqual([403, 'You cannot assign your own permissions']);

    const id = (await call('POST', `${E}/assign`, admin, { subjectId: hcEmployee, grant: canteen })).json().result.id;
    const listed = await call('GET', `${E}?subjectId=${hcEmployee}`, hc);
    expect(listed.json().results.rows).toMatchObject([
      { id, status: 3, approveRefusal: 'You cannot approve your own permissions' },
    ]);
    const approve = await call('POST', `${E}/${id}/approve`, hc);
    expect([approve.statusCode, approve.json().errors[0].msg]).toEqual([403, 'You cannot approve your own permissions']);
    expect((await call('GET', `${E}?subjectId=${hcEmployee}`, hc2)).json().results.rows[0].approveRefusal).toBeNull();
    expect((await call('POST', `${E}/${id}/approve`, hc2)).statusCode).toBe(200);
    hc = await bearer(hcUser); // the approval renewed the grantee's sessions
    // Giving up one's own grant only narrows what one may do: allowed.
    expect((await call('POST', `${E}/${id}/unassign`, hc)).statusCode).toBe(200);

    // A grant to the job position one holds is one's own too.
    const positionId = await placeInNewPosition(hcEmployee, 'HC lead');
    hc = await bearer(hcUser);
    const J = '/v2/h/permission/jobPosition';
    const selfJob = await call('POST', `${J}/assign`, hc, { subjectId: positionId, grant: canteen });
    expect([selfJob.statusCode, selfJob.json().errors[0].msg]).toEqual([
      403,
      "You cannot assign your own job position's permissions",
    ]);
    const set = await call('POST', `${J}/create`, hc, { subjectId: positionId, grants: [canteen] });
    expect(set.statusCode).toBe(403);
    const jid = (await call('POST', `${J}/assign`, admin, { subjectId: positionId, grant: canteen })).json().result.id;
    const jApprove = await call('POST', `${J}/${jid}/approve`, hc);
    expect([jApprove.statusCode, jApprove.json().errors[0].msg]).toEqual([
      403,
      "You cannot approve your own job position's permissions",
    ]);
    expect((await call('POST', `${J}/${jid}/approve`, hc2)).statusCode).toBe(200);
  });

  it('explain validates its input (GL0001), needs permission.view and hides unknown employees', async () => {
    const bad = await call('GET', `${X}?employeeId=${granteeEmployee}&permission=no.such.key`, admin);
    expect(refusedParams(bad)).toContain('permission');

    const staff = await call('GET', `${X}?employeeId=${granteeEmployee}&permission=canteen.view`, await bearer(grantee));
    expect(staff.statusCode).toBe(403);

    const missing = await call('GET', `${X}?employeeId=999999&permission=canteen.view`, admin);
    expect(missing.statusCode).toBe(404);
  });
});

describe('role hierarchy on grants (issue 16 item 5)', () => {
  it('nobody demotes a login that holds powers they do not hold: revoking its grant is 403; a superadmin may', async () => {
    const hc2Employee = (
      await t.tdb.db.selectFrom('users').select('employee_id').where('email', '=', 'hc2@test.co.id').executeTakeFirstOrThrow()
    ).employee_id!;
    const assigned = await call('POST', `${E}/assign`, admin, {
      subjectId: hc2Employee,
      grant: { kind: 'permission', key: 'developer.access' },
    });
    const id = assigned.json().result.id as number;
    // A fresh session: the earlier tests changed hc's grants, which renewed its sessions.
    const hc = await bearer(hcUser);
    expect((await call('POST', `${E}/${id}/approve`, hc)).statusCode).toBe(200);
    // hc does not hold developer.access, which hc2 now does.
    const demote = await call('POST', `${E}/${id}/unassign`, hc);
    expect(demote.statusCode).toBe(403);
    expect(demote.json().errors[0].message).toBe(
      'You cannot revoke a grant of a login that holds powers you do not hold (developer.access)',
    );
    const still = await t.tdb.db
      .selectFrom('permission_grants')
      .select('revoked_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(still.revoked_at).toBeNull();
    expect((await call('POST', `${E}/${id}/unassign`, admin)).statusCode).toBe(200);
  });

  it('a job position grant counts for everyone placed there: hc cannot revoke what hc2 holds through it', async () => {
    const emp = await t.tdb.db
      .selectFrom('employees')
      .innerJoin('users', 'users.employee_id', 'employees.id')
      .select('employees.id')
      .where('users.email', '=', 'hc2@test.co.id')
      .executeTakeFirstOrThrow();
    const positionId = await placeInNewPosition(emp.id, 'Platform lead');
    const J = '/v2/h/permission/jobPosition';
    const hc = await bearer(hcUser);
    const id = (
      await call('POST', `${J}/assign`, admin, { subjectId: positionId, grant: { kind: 'permission', key: 'developer.access' } })
    ).json().result.id as number;
    expect((await call('POST', `${J}/${id}/approve`, hc)).statusCode).toBe(200);
    const demote = await call('POST', `${J}/${id}/unassign`, hc);
    expect([demote.statusCode, demote.json().errors[0].message]).toEqual([
      403,
      'You cannot revoke a grant of a login that holds powers you do not hold (developer.access)',
    ]);
    expect((await call('POST', `${J}/${id}/unassign`, admin)).statusCode).toBe(200);
  });
});

describe("the spec's /v2/h/role/employee (issue 20 item 4): an employee's roles, the same four-eyes grants", () => {
  const R = '/v2/h/role/employee';
  it('assign a role → pending; the assigner cannot approve; another approves → listed as a role only; unassign; a permission grant is NOT_FOUND there', async () => {
    const assigned = await call('POST', `${R}/assign`, admin, { subjectId: granteeEmployee, role: 'warehouse-manager' });
    expect([assigned.statusCode, assigned.json().success]).toEqual([200, 'Grant assigned; awaiting approval']);
    const id = assigned.json().result.id as number;
    expect((await call('POST', `${R}/${id}/approve`, admin)).statusCode).toBe(403);
    const hc = await bearer(hcUser);
    expect((await call('POST', `${R}/${id}/approve`, hc)).statusCode).toBe(200);
    const me = await call('GET', '/v2/h/auth/me', await bearer(grantee));
    expect(me.json().result.permissions).toContain('inventory.approve.warehouse');

    const roles = await call('GET', `${R}?subjectId=${granteeEmployee}`, hc);
    expect(roles.json().results.rows).toEqual([
      expect.objectContaining({ id, kind: 'role', key: 'warehouse-manager', status: 1, decidedBy: hcName }),
    ]);
    // The permission path lists both kinds; the role path never lists a permission grant.
    const permission = await call('POST', `${E}/assign`, admin, {
      subjectId: granteeEmployee,
      grant: { kind: 'permission', key: 'attendance.view' },
    });
    const all = await call('GET', `${E}?subjectId=${granteeEmployee}`, hc);
    expect(all.json().results.rows.map((r: { kind: string }) => r.kind)).toContain('permission');
    expect((await call('POST', `${R}/${permission.json().result.id}/unassign`, hc)).statusCode).toBe(404);
    expect((await call('GET', `${R}?subjectId=${granteeEmployee}`, hc)).json().results.rows).toHaveLength(1);

    const bad = await call('POST', `${R}/assign`, admin, { subjectId: granteeEmployee, role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [expect.objectContaining({ param: 'role' })] });

    // hc holds no warehouse powers, so only a superadmin may take the role away (issue 16 item 5).
    expect((await call('POST', `${R}/${id}/unassign`, hc)).statusCode).toBe(403);
    expect((await call('POST', `${R}/${id}/unassign`, admin)).statusCode).toBe(200);
    const gone = await call('GET', '/v2/h/auth/me', await bearer(grantee));
    expect(gone.json().result.permissions).not.toContain('inventory.approve.warehouse');
  });
});
