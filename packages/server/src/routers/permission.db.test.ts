import { createUser } from '@hr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startTestApp, type TestApp } from '../rest/test-harness';

const E = '/v2/h/permission/employee';
const X = '/v2/h/permission/explain';

let t: TestApp;
type Headers = Record<string, string>;
let admin: Headers;
let hc: Headers;
let grantee: { email: string; password: string };
let granteeEmployee: number;

const bearer = async (who: { email: string; password: string }): Promise<Headers> => ({
  authorization: `Bearer ${await loginToken(t.app, who)}`,
});

beforeAll(async () => {
  t = await startTestApp({ employees: 3 });
  const emps = await t.tdb.db.selectFrom('employees').select('id').orderBy('id').execute();
  granteeEmployee = emps[0]!.id;
  grantee = { email: 'grantee@test.co.id', password: 'grantee-pass-123' };
  const hcUser = { email: 'hc@test.co.id', password: 'hc-pass-12345' };
  await createUser(t.services.ctx(null), { ...grantee, roles: ['employee'], employeeId: granteeEmployee });
  await createUser(t.services.ctx(null), { ...hcUser, roles: ['human-capital'], employeeId: emps[1]!.id });
  admin = await bearer(t.admin);
  hc = await bearer(hcUser);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

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
    expect(own.json().errors[0].message).toMatch(/someone other than/);

    expect((await call('POST', `${E}/${id}/approve`, hc)).statusCode).toBe(200);
    expect((await call('POST', `${E}/${id}/approve`, hc)).statusCode).toBe(409);

    const list = await call('GET', `${E}?subjectId=${granteeEmployee}`, hc);
    expect(list.json().results.rows).toMatchObject([
      { id, key: 'canteen.view', kind: 'permission', status: 1, requestedBy: t.admin.email, decidedBy: 'hc@test.co.id' },
    ]);

    const after = await call('GET', '/v2/h/auth/me', await bearer(grantee));
    expect(after.json().result.permissions).toContain('canteen.view');

    const why = await call('GET', `${X}?employeeId=${granteeEmployee}&permission=canteen.view`, admin);
    expect(why.statusCode).toBe(200);
    expect(why.json().result).toMatchObject({
      has: true,
      account: 'active',
      email: grantee.email,
      sources: [{ kind: 'employee', grantId: id, grantKind: 'permission', key: 'canteen.view', approvedBy: 'hc@test.co.id' }],
      pending: [],
    });
  });

  it('explain validates its input (GL0001), needs permission.view and hides unknown employees', async () => {
    const bad = await call('GET', `${X}?employeeId=${granteeEmployee}&permission=no.such.key`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001' });
    expect(bad.json().errors[0].attributes.map((a: { param: string }) => a.param)).toContain('permission');

    const staff = await call('GET', `${X}?employeeId=${granteeEmployee}&permission=canteen.view`, await bearer(grantee));
    expect(staff.statusCode).toBe(403);

    const missing = await call('GET', `${X}?employeeId=999999&permission=canteen.view`, admin);
    expect(missing.statusCode).toBe(404);
  });
});
