import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/testing';
import { createServices, type Services } from '../services';
import { AppError } from '../shared/errors';
import { makeOrg, makeUser, type Org } from '../testing/fixtures';
import { consumeAttempt } from './attempt-limiter';
import { requirePermission } from '../access/grant';
import { actorForUser, createCredential, issueClientToken, limitRegistration, login } from './service';

let tdb: TestDb;
let services: Services;
let org: Org;
let now = new Date('2026-11-22T08:00:00Z');

beforeAll(async () => {
  tdb = await createTestDb();
  services = createServices(tdb.db, { clock: () => now });
  org = await makeOrg(tdb.db);
});
afterAll(() => tdb.destroy());

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );
const attempt = (email: string, password: string, ip: string | null) =>
  outcome(login(services.ctx(null), services.auth, { email, password }, { ip, userAgent: null }));
const minutes = (ms: number) => new Date(now.getTime() + ms * 60_000);

describe('login lockout', () => {
  it('concurrent guesses cannot slip past the limit: at most 5 are checked, the rest refused', async () => {
    const u = await makeUser(services, org, ['employee']);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(u.email, `guess-${i}`, `10.20.0.${i}`)));
    expect(results.filter((r) => r === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(results.filter((r) => r === 'RATE_LIMITED')).toHaveLength(15);
    // Refused attempts are not recorded: only the five checked failures count.
    const rows = await tdb.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5);
  });

  it('the retry time counts from the failure that ends the lock, and hammering does not extend it', async () => {
    const u = await makeUser(services, org, ['employee']);
    const start = now;
    for (let i = 0; i < 5; i++) {
      expect(await attempt(u.email, 'wrong one!', '10.21.0.1')).toBe('INVALID_CREDENTIALS');
      now = minutes(2); // failures at +0, +2, +4, +6, +8 minutes
    }
    // now = start + 10 min; the lock ends when the first failure (start) leaves the 15-minute window.
    const err = await login(
      services.ctx(null),
      services.auth,
      { email: u.email, password: u.password },
      { ip: null, userAgent: null },
    ).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('Too many failed login attempts. Please try again in 5 minutes.');
    for (let i = 0; i < 10; i++) expect(await attempt(u.email, 'still wrong', '10.21.0.1')).toBe('RATE_LIMITED');
    now = new Date(start.getTime() + 15 * 60_000 + 1000);
    expect(await attempt(u.email, u.password, '10.21.0.1')).toBe('ok');
  });

  it('an IP address with too many failures across e-mails is locked, with its own retry time', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => makeUser(services, org, ['employee'])));
    const ip = '10.22.0.1';
    for (let i = 0; i < 30; i++) {
      expect(await attempt(users[i % 8]!.email, 'wrong wrong', ip)).toBe('INVALID_CREDENTIALS');
    }
    const fresh = await makeUser(services, org, ['employee']);
    const err = await login(
      services.ctx(null),
      services.auth,
      { email: fresh.email, password: fresh.password },
      { ip, userAgent: null },
    ).catch((e: AppError) => e);
    expect((err as AppError).code).toBe('RATE_LIMITED');
    expect((err as AppError).message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    // Another address is not affected.
    expect(await attempt(fresh.email, fresh.password, '10.22.0.2')).toBe('ok');
    now = minutes(16);
  });

  it('sign-ins in flight from one address are not failures: a shift behind one NAT is not locked by its own rush', async () => {
    // The per-address limit lowered to 3 so that 8 concurrent sign-ins exceed it; the factory case is 300 over 30.
    const cfg = { ...services.auth, maxFailuresPerIp: 3 };
    const users = await Promise.all(Array.from({ length: 8 }, () => makeUser(services, org, ['employee'])));
    const ip = '10.24.0.1';
    const signIn = (u: (typeof users)[number], password: string) =>
      outcome(login(services.ctx(null), cfg, { email: u.email, password }, { ip, userAgent: null }));
    expect(await Promise.all(users.map((u) => signIn(u, u.password)))).toEqual(users.map(() => 'ok'));
    // Completed failures still lock the address, and a wrong guess after three is refused unchecked.
    for (let i = 0; i < 3; i++) expect(await signIn(users[i]!, 'wrong wrong')).toBe('INVALID_CREDENTIALS');
    expect(await signIn(users[4]!, users[4]!.password)).toBe('RATE_LIMITED');
    now = minutes(16);
  });

  it('an attempt left in flight (its process died mid-check) counts as a failure of the address after a minute', async () => {
    const cfg = { ...services.auth, maxFailuresPerIp: 3 };
    const u = await makeUser(services, org, ['employee']);
    const ip = '10.25.0.1';
    await tdb.db
      .insertInto('login_attempts')
      .values([0, 1, 2].map((i) => ({ email: `gone${i}@test.co.id`, ip, success: null, at: now })))
      .execute();
    const signIn = () =>
      outcome(login(services.ctx(null), cfg, { email: u.email, password: u.password }, { ip, userAgent: null }));
    expect(await signIn()).toBe('ok'); // three in flight: not failures (yet)
    now = minutes(2);
    expect(await signIn()).toBe('RATE_LIMITED'); // abandoned for two minutes: three failures
    now = minutes(16);
  });

  it('an unknown e-mail is locked the same way (the answers do not tell whether it exists)', async () => {
    const ghost = 'nobody.here@test.co.id';
    for (let i = 0; i < 5; i++) expect(await attempt(ghost, 'whatever-1', `10.23.0.${i}`)).toBe('INVALID_CREDENTIALS');
    expect(await attempt(ghost, 'whatever-1', '10.23.0.9')).toBe('RATE_LIMITED');
    now = minutes(16);
  });
});

describe('attempt limiter (registration)', () => {
  it('allows the configured number per IP and window, then refuses with a clear message', async () => {
    const ctx = services.ctx(null);
    const ip = '10.30.0.1';
    for (let i = 0; i < services.auth.maxRegistrationsPerIp; i++) {
      now = minutes(1);
      expect(await outcome(limitRegistration(ctx, services.auth, ip))).toBe('ok');
    }
    const err = await limitRegistration(ctx, services.auth, ip).catch((e: AppError) => e);
    expect((err as AppError).code).toBe('RATE_LIMITED');
    // Ten attempts one minute apart: the first leaves the 60-minute window in 51 minutes.
    expect((err as AppError).message).toBe('Too many registration attempts from your network. Please try again in 51 minutes.');
    // Refused attempts do not extend the lock; other addresses and callers without one are not limited.
    for (let i = 0; i < 5; i++) expect(await outcome(limitRegistration(ctx, services.auth, ip))).toBe('RATE_LIMITED');
    expect(await outcome(limitRegistration(ctx, services.auth, '10.30.0.2'))).toBe('ok');
    expect(await outcome(limitRegistration(ctx, services.auth, null))).toBe('ok');
    now = minutes(52);
    expect(await outcome(limitRegistration(ctx, services.auth, ip))).toBe('ok');
  });

  it('concurrent attempts cannot exceed the limit', async () => {
    const limit = { action: 'probe', key: '10.31.0.1', max: 3, windowMs: 60_000, message: 'Too many probes.' };
    const results = await Promise.all(Array.from({ length: 12 }, () => outcome(consumeAttempt(services.ctx(null), limit))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
  });

  it('registration attempts never count as failed logins of the address', async () => {
    const ip = '10.32.0.1';
    const limit = { action: 'registration', key: ip, max: 100, windowMs: 3_600_000, message: 'x' };
    for (let i = 0; i < 40; i++) await consumeAttempt(services.ctx(null), limit);
    const u = await makeUser(services, org, ['employee']);
    expect(await attempt(u.email, u.password, ip)).toBe('ok');
  });
});

describe('client-credentials token endpoint (issue 16 item 7)', () => {
  const token = (client_id: string, client_secret: string, ip: string | null) =>
    outcome(
      issueClientToken(services.ctx(null), services.auth, { grant_type: 'client_credentials', client_id, client_secret }, { ip }),
    );

  it('locks a client id after 5 wrong secrets, even with the right one, until the window passes', async () => {
    const dev = await makeUser(services, org, ['superadmin']);
    const actor = (await actorForUser(services.db, dev.userId, 'user'))!;
    const cred = await createCredential(services.ctx(actor), requirePermission(actor, 'developer.access'), { name: 'agent' });
    for (let i = 0; i < 5; i++) expect(await token(cred.clientId, `guess-${i}`, `10.40.0.${i}`)).toBe('INVALID_CREDENTIALS');
    const err = await issueClientToken(
      services.ctx(null),
      services.auth,
      { grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret },
      { ip: '10.40.0.99' },
    ).catch((e: AppError) => e);
    expect((err as AppError).code).toBe('RATE_LIMITED');
    expect((err as AppError).message).toBe('Too many failed client credential attempts. Please try again in 15 minutes.');
    now = minutes(16);
    expect(await token(cred.clientId, cred.clientSecret, '10.40.0.99')).toBe('ok');
  });

  it('locks an address that tries many client ids, without touching other addresses', async () => {
    const ip = '10.41.0.1';
    for (let i = 0; i < 30; i++) expect(await token(`cid_unknown_${i}`, 'nope', ip)).toBe('INVALID_CREDENTIALS');
    expect(await token('cid_unknown_x', 'nope', ip)).toBe('RATE_LIMITED');
    expect(await token('cid_unknown_x', 'nope', '10.41.0.2')).toBe('INVALID_CREDENTIALS');
    now = minutes(16);
  });
});
