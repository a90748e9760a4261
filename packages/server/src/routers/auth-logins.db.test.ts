import { createUser } from '@hr/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 3 });

/** Issue 16 items 5, 6, 7 and 12 (logins and passwords) through both doors, REST and tRPC. */
let admin: Headers;
let hc: Headers;
let emp: number[];
const root2 = { email: 'root2@test.co.id', password: 'root2-Pass-2026!' };
const clerk = { email: 'clerk@test.co.id', password: 'clerk-Pass-2026!' };

const bearer = t.bearer;
const call = t.call;
const trpcQuery = (path: string, headers: Headers, input: unknown = undefined) =>
  t.app.inject({
    method: 'GET',
    url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers,
  });
const trpcMutation = (path: string, headers: Headers, input: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });

beforeAll(async () => {
  emp = (await t.tdb.db.selectFrom('employees').select('id').orderBy('id').execute()).map((r) => r.id);
  const hcUser = { email: 'hc@test.co.id', password: 'hc-Pass-2026!x' };
  await createUser(t.services.ctx(null), { ...hcUser, roles: ['human-capital'], employeeId: emp[0]! });
  await createUser(t.services.ctx(null), { ...root2, roles: ['superadmin'], employeeId: emp[1]! });
  await createUser(t.services.ctx(null), { ...clerk, roles: ['human-capital-staff'], employeeId: emp[2]! });
  admin = await bearer(t.admin);
  hc = await bearer(hcUser);
});

describe('role hierarchy (item 5)', () => {
  it("human capital cannot deactivate or reset a superadmin's login, over REST and tRPC", async () => {
    const off = await call('POST', '/v2/h/employee/update/login', hc, { id: emp[1], active: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().errors[0]).toMatchObject({ code: 'PM0001' });
    expect(off.json().errors[0].message).toMatch(
      /^You cannot deactivate a login that holds powers you do not hold \(superadmin, developer\.access, device\.ingest, and \d+ more\)$/,
    );
    const reset = await trpcMutation('employee.update.loginPassword', hc, { id: emp[1] });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error.message).toMatch(/^You cannot reset the password of a login that holds powers you do not hold/);
    // Still works: the superadmin signs in with the same password.
    expect((await call('GET', '/v2/h/auth/me', await bearer(root2))).statusCode).toBe(200);
  });
});

describe('one-time password (item 6)', () => {
  it('after a reset only the password change, auth/me and logout work, with AU0010; then everything works again', async () => {
    const reset = await call('POST', '/v2/h/employee/update/login/password', admin, { id: emp[2] });
    expect(reset.statusCode).toBe(200);
    const temporaryPassword = reset.json().result.temporaryPassword as string;
    // The reset ended the old sessions and the old password.
    expect((await call('POST', '/v2/h/auth/login', {}, clerk)).statusCode).toBe(401);

    const temp = await bearer({ email: clerk.email, password: temporaryPassword });
    const rest = await call('GET', '/v2/h/employee/all', temp);
    expect(rest.statusCode).toBe(403);
    expect(rest.json().errors[0]).toMatchObject({ code: 'AU0010', message: expect.stringMatching(/one-time password/) });
    const trpc = await trpcQuery('employee.list', temp, {});
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.data).toMatchObject({ code: 'FORBIDDEN', appCode: 'AU0010' });
    const me = await call('GET', '/v2/h/auth/me', temp);
    expect(me.statusCode).toBe(200);
    expect(me.json().result.mustChangePassword).toBe(true);

    const weak = await call('POST', '/v2/h/employee/profile/changePassword', temp, {
      oldPassword: temporaryPassword,
      newPassword: 'Passw0rd!',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ code: 'GL0001' });
    expect(weak.json().errors[0].attributes).toEqual([
      { param: 'newPassword', msg: 'is too easy to guess: it is, or is close to, a commonly used password' },
    ]);
    const changed = await trpcMutation('auth.changePassword', temp, {
      oldPassword: temporaryPassword,
      newPassword: 'Kopi-Tubruk-Pagi-7',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/v2/h/employee/all', temp)).statusCode).toBe(200);
    expect((await trpcQuery('employee.list', temp, {})).statusCode).toBe(200);
  });

  it('after activating a registration, the new login gets AU0010 until it changes the password', async () => {
    const reg = await call(
      'POST',
      '/v2/h/employee/registration',
      {},
      {
        email: 'new.hire@test.co.id',
        givenName: 'Dewi',
        surname: 'Lestari',
        gender: 'Female',
        birthDate: '1996-05-01',
        religionId: 1,
        educationLevelId: 1,
        maritalStatusId: 1,
      },
    );
    expect(reg.statusCode).toBe(200);
    const office = await t.tdb.db.selectFrom('company_offices').select('id').executeTakeFirstOrThrow();
    const act = await call('POST', `/v2/h/employee/registration/${reg.json().result.id}/activate`, hc, {
      companyOfficeId: office.id,
    });
    expect(act.statusCode).toBe(200);
    // E-mailing the one-time password (issue 19): bad input is GL0001 per field; without SMTP it is refused (412),
    // since the password would stay in the outbox.
    const S = '/v2/h/employee/registration/sendPassword';
    expect(refusedParams(await call('POST', S, hc, {}))).toEqual(['employeeId', 'password']);
    const noSmtp = await call('POST', S, hc, {
      employeeId: act.json().result.employeeId,
      password: act.json().result.temporaryPassword,
    });
    expect(noSmtp.statusCode).toBe(412);
    expect(noSmtp.json().errors[0].code).toBe('GL0012');
    const temp = await bearer({ email: 'new.hire@test.co.id', password: act.json().result.temporaryPassword });
    const leave = await trpcQuery('auth.me', temp);
    expect(leave.statusCode).toBe(200);
    const refused = await call('GET', '/v2/h/employee/profile/personalInformation', temp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('AU0010');
    expect((await call('POST', '/v2/h/auth/logout', temp)).statusCode).toBe(200);
  });
});

describe('token endpoint and credential names (items 7 and 12)', () => {
  it('too many wrong client secrets answer 429 with a clear message', async () => {
    const cred = await call('POST', '/v2/h/oauth2/credential', admin, { name: 'agent' });
    const clientId = cred.json().result.clientId as string;
    const token = (secret: string) =>
      call('POST', '/v2/h/oauth2/token', {}, { grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
    for (let i = 0; i < 5; i++) expect((await token(`wrong-${i}`)).statusCode).toBe(401);
    const locked = await token(cred.json().result.clientSecret);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0]).toMatchObject({
      code: 'AU0004',
      message: 'Too many failed client credential attempts. Please try again in 15 minutes.',
    });
  });

  it('NUL and lone surrogates in a credential name are GL0001 naming the field', async () => {
    for (const body of ['{"name":"agent\\u0000x"}', '{"name":"agent\\ud800"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/h/oauth2/credential',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: body,
      });
      expect(refusedParams(res, body)).toEqual(['name']);
    }
  });
});
