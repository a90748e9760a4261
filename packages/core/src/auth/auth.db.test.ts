import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/testing';
import { clientToken } from '../testing/client-token';
import { makeOrg, makeUser, type Org } from '../testing/fixtures';
import { createServices, type Services } from '../services';
import { AppError } from '../shared/errors';
import { changePassword, createCredential, login, logout, resolveToken, sessionUser } from './service';
import { requirePermission } from '../access/grant';

let tdb: TestDb;
let services: Services;
let org: Org;
let now = new Date('2026-11-22T08:00:00Z');
const meta = { ip: '10.0.0.1', userAgent: 'vitest' };

beforeAll(async () => {
  tdb = await createTestDb();
  services = createServices(tdb.db, { clock: () => now });
  org = await makeOrg(tdb.db);
});
afterAll(() => tdb.destroy());

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('login', () => {
  it('issues a token that resolves to the user with their role permissions and org placement', async () => {
    const u = await makeUser(services, org, ['manager'], { dept: 1 });
    const r = await login(services.ctx(null), services.auth, { email: u.email.toUpperCase(), password: u.password }, meta);
    expect(r.token).toMatch(/^hrs_/);
    expect(r.user.roles).toEqual(['manager']);
    expect(r.user.departmentId).toBe(org.dept[1]);
    const actor = await resolveToken(services.ctx(null), r.token);
    expect(actor?.permissions.has('employee.view')).toBe(true);
    expect(actor?.permissions.has('salary.view')).toBe(false);
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const u = await makeUser(services, org, ['employee']);
    const a = login(services.ctx(null), services.auth, { email: u.email, password: 'wrong password' }, meta);
    await expect(a).rejects.toThrow('Incorrect e-mail or password');
    const b = login(services.ctx(null), services.auth, { email: 'nobody@test.co.id', password: 'whatever1' }, meta);
    await expect(b).rejects.toThrow('Incorrect e-mail or password');
  });

  it('refuses an inactive account with a clear message', async () => {
    const u = await makeUser(services, org, ['employee'], { active: false });
    await expect(login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta)).rejects.toThrow(
      /not active yet/,
    );
  });

  it('locks an e-mail after 5 failures, even with the right password, until the window passes', async () => {
    const u = await makeUser(services, org, ['employee']);
    for (let i = 0; i < 5; i++) {
      expect(
        await codeOf(
          login(
            services.ctx(null),
            services.auth,
            { email: u.email, password: 'nope-nope' },
            { ip: `10.1.0.${i}`, userAgent: null },
          ),
        ),
      ).toBe('INVALID_CREDENTIALS');
    }
    await expect(login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta)).rejects.toThrow(
      /Too many failed login attempts\. Please try again in 15 minutes\./,
    );
    now = new Date(now.getTime() + 16 * 60_000);
    expect(await codeOf(login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta))).toBe('ok');
  });
});

describe('session user (GET /v2/h/auth/me)', () => {
  it("gives the employee's name, own office only, cooperative member id and password flag; a superadmin every office", async () => {
    const other = await tdb.db
      .insertInto('company_offices')
      .values({ code: 'AAA', name: 'Aaa Branch', address: null, city: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const u = await makeUser(services, org, ['employee']);
    const emp = await tdb.db
      .selectFrom('employees')
      .select(['given_name', 'surname'])
      .where('id', '=', u.employeeId!)
      .executeTakeFirstOrThrow();
    const member = await tdb.db
      .insertInto('cooperative_members')
      .values({ employee_id: u.employeeId!, join_date: '2026-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staff = (await resolveToken(services.ctx(null), (await login(services.ctx(null), services.auth, u, meta)).token))!;
    expect(await sessionUser(tdb.db, staff)).toMatchObject({
      name: `${emp.given_name} ${emp.surname}`.trim(),
      companyOffices: [{ id: org.officeId, name: 'Test Office' }],
      mandatorySavingId: member.id,
      mustChangePassword: false,
    });
    const root = await makeUser(services, null, ['superadmin']);
    const admin = (await resolveToken(services.ctx(null), (await login(services.ctx(null), services.auth, root, meta)).token))!;
    const seen = await sessionUser(tdb.db, admin);
    expect(seen).toMatchObject({ name: root.email, mandatorySavingId: null });
    expect(seen.companyOffices.map((o) => o.name)).toEqual(['Aaa Branch', 'Test Office']);
    expect(seen.companyOffices[0]!.id).toBe(other.id);
  });
});

describe('sessions', () => {
  it('expire after the session lifetime', async () => {
    const u = await makeUser(services, org, ['employee']);
    const r = await login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta);
    expect(await resolveToken(services.ctx(null), r.token)).not.toBeNull();
    const later = createServices(tdb.db, { clock: () => new Date(now.getTime() + services.auth.sessionTtlMs + 1000) });
    expect(await resolveToken(later.ctx(null), r.token)).toBeNull();
  });

  it('are revoked by logout and by a password change (other sessions only)', async () => {
    const u = await makeUser(services, org, ['employee']);
    const a = await login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta);
    const b = await login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta);
    const c = await login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta);
    await logout(services.ctx(null), a.token);
    expect(await resolveToken(services.ctx(null), a.token)).toBeNull();
    const actor = (await resolveToken(services.ctx(null), b.token))!;
    await changePassword(services.ctx(actor), actor, { oldPassword: u.password, newPassword: 'a brand new one' }, b.token);
    expect(await resolveToken(services.ctx(null), b.token)).not.toBeNull();
    expect(await resolveToken(services.ctx(null), c.token)).toBeNull();
    expect(await codeOf(login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta))).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(await codeOf(login(services.ctx(null), services.auth, { email: u.email, password: 'a brand new one' }, meta))).toBe(
      'ok',
    );
  });

  it('change password refuses a wrong old password naming the field', async () => {
    const u = await makeUser(services, org, ['employee']);
    const r = await login(services.ctx(null), services.auth, { email: u.email, password: u.password }, meta);
    const actor = (await resolveToken(services.ctx(null), r.token))!;
    const err = await changePassword(
      services.ctx(actor),
      actor,
      { oldPassword: 'not it!!', newPassword: 'another one 2' },
      r.token,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).fields).toEqual([{ param: 'oldPassword', msg: 'is incorrect' }]);
  });
});

describe('OAuth2 client credentials', () => {
  it('issues a token for a valid client and refuses a wrong secret; the secret is stored hashed', async () => {
    const dev = await makeUser(services, org, ['superadmin']);
    const r = await login(services.ctx(null), services.auth, { email: dev.email, password: dev.password }, meta);
    const actor = (await resolveToken(services.ctx(null), r.token))!;
    const cred = await createCredential(services.ctx(actor), requirePermission(actor, 'developer.access'), { name: 'agent' });
    const stored = await tdb.db
      .selectFrom('oauth_clients')
      .select('secret_hash')
      .where('id', '=', cred.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(cred.clientSecret);
    const tok = await clientToken(services, cred);
    expect(tok.token_type).toBe('Bearer');
    const machine = await resolveToken(services.ctx(null), tok.access_token);
    expect(machine?.kind).toBe('oauth');
    expect(await codeOf(clientToken(services, { ...cred, clientSecret: 'x' }))).toBe('INVALID_CREDENTIALS');
  });
});
