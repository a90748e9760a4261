import { describe, expect, it } from 'vitest';
import { resetEmployeeLoginPassword, updateEmployeeLogin } from '../employees/index';
import { requirePermission } from '../access/index';
import { AppError } from '../shared/errors';
import { clientToken } from '../testing/client-token';
import { makeUser } from '../testing/fixtures';
import { insertPermissionGrant } from '../testing/grants';
import { useOrgTestDb } from '../testing/org-fixtures';
import { passwordWeakness } from './password-strength';
import { generatePassword } from './passwords';
import { changePassword, createCredential, createUser, login, resolveSession } from './service';

const t = useOrgTestDb();
const meta = { ip: null, userAgent: null };

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof AppError)) throw new Error(`expected an AppError, got ${String(e)}`);
  return { code: e.code, message: e.message, fields: e.fields };
};
const isActive = async (userId: number) =>
  (await t.db.selectFrom('users').select('active').where('id', '=', userId).executeTakeFirstOrThrow()).active;

describe('role hierarchy (issue 16 item 5)', () => {
  it('human capital cannot deactivate or reset the superadmin, naming what it lacks; a superadmin can', async () => {
    const root = await makeUser(t.services, t.org, ['superadmin']);
    const hc = await makeUser(t.services, t.org, ['human-capital']);
    const hcActor = await t.actorOf(hc.userId);
    const manage = requirePermission(hcActor, 'user.manage');

    const off = await refusal(updateEmployeeLogin(t.services.ctx(hcActor), manage, { id: root.employeeId!, active: false }));
    expect(off.code).toBe('FORBIDDEN');
    expect(off.message).toMatch(
      /^You cannot deactivate a login that holds powers you do not hold \(superadmin, developer\.access, device\.ingest, and \d+ more\)$/,
    );
    expect(await isActive(root.userId)).toBe(true);
    const reset = await refusal(resetEmployeeLoginPassword(t.services.ctx(hcActor), manage, { id: root.employeeId! }));
    expect(reset.message).toMatch(/^You cannot reset the password of a login that holds powers you do not hold \(superadmin, /);

    const rootActor = await t.actorOf(root.userId);
    await updateEmployeeLogin(t.services.ctx(rootActor), requirePermission(rootActor, 'user.manage'), {
      id: hc.employeeId!,
      active: false,
    });
    expect(await isActive(hc.userId)).toBe(false);
    // Re-activating a login gives its powers back: the same rule, loaded also for an inactive login.
    const root2 = await makeUser(t.services, t.org, ['superadmin']);
    await updateEmployeeLogin(t.services.ctx(rootActor), requirePermission(rootActor, 'user.manage'), {
      id: root2.employeeId!,
      active: false,
    });
    const on = await refusal(updateEmployeeLogin(t.services.ctx(hcActor), manage, { id: root2.employeeId!, active: true }));
    expect(on.message).toMatch(/^You cannot activate a login that holds powers you do not hold \(superadmin, /);
    expect(await isActive(root2.userId)).toBe(false);
  });

  it('an approved grant counts as a power of the target; equal powers may be managed', async () => {
    const hcA = await makeUser(t.services, t.org, ['human-capital']);
    const hcB = await makeUser(t.services, t.org, ['human-capital']);
    const a = await t.actorOf(hcA.userId);
    await insertPermissionGrant(t.db, { type: 'employee', id: hcB.employeeId! }, 'developer.access', hcA.userId, {
      status: 1,
      decided_by: null,
      decided_at: null,
      revoked_by: null,
      revoked_at: null,
    });
    const withGrant = await refusal(
      resetEmployeeLoginPassword(t.services.ctx(a), requirePermission(a, 'user.manage'), { id: hcB.employeeId! }),
    );
    expect(withGrant.message).toBe(
      'You cannot reset the password of a login that holds powers you do not hold (developer.access)',
    );
    const hcC = await makeUser(t.services, t.org, ['human-capital']);
    const r = await resetEmployeeLoginPassword(t.services.ctx(a), requirePermission(a, 'user.manage'), { id: hcC.employeeId! });
    expect(r.temporaryPassword).toHaveLength(14);
  });

  it('nobody resets or deactivates their own login through the admin screens', async () => {
    const root = await makeUser(t.services, t.org, ['superadmin']);
    const me = await t.actorOf(root.userId);
    const manage = requirePermission(me, 'user.manage');
    expect(await refusal(resetEmployeeLoginPassword(t.services.ctx(me), manage, { id: root.employeeId! }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot reset your own password',
    });
    expect(await refusal(updateEmployeeLogin(t.services.ctx(me), manage, { id: root.employeeId!, active: false }))).toMatchObject(
      {
        code: 'VALIDATION',
        message: 'You cannot deactivate your own login',
      },
    );
  });
});

describe('one-time passwords (issue 16 item 6)', () => {
  it('a reset ends the sessions; the new session must change the password before anything else', async () => {
    const root = await makeUser(t.services, t.org, ['superadmin']);
    const u = await makeUser(t.services, t.org, ['employee']);
    const before = await login(t.services.ctx(null), t.services.auth, { email: u.email, password: u.password }, meta);
    expect((await resolveSession(t.services.ctx(null), before.token))?.passwordChangeRequired).toBe(false);
    const rootActor = await t.actorOf(root.userId);
    const { temporaryPassword } = await resetEmployeeLoginPassword(
      t.services.ctx(rootActor),
      requirePermission(rootActor, 'user.manage'),
      { id: u.employeeId! },
    );
    expect(await resolveSession(t.services.ctx(null), before.token)).toBeNull();
    const s = await login(t.services.ctx(null), t.services.auth, { email: u.email, password: temporaryPassword }, meta);
    expect(s.user.mustChangePassword).toBe(true);
    const session = (await resolveSession(t.services.ctx(null), s.token))!;
    expect(session.passwordChangeRequired).toBe(true);
    await changePassword(
      t.services.ctx(session.actor),
      session.actor,
      { oldPassword: temporaryPassword, newPassword: 'Kopi-Tubruk-Pagi-7' },
      s.token,
    );
    expect((await resolveSession(t.services.ctx(null), s.token))?.passwordChangeRequired).toBe(false);
  });

  it('a machine client acting for such a login is not held back (it has no password to change)', async () => {
    const dev = await makeUser(t.services, t.org, ['superadmin']);
    const devActor = await t.actorOf(dev.userId);
    const cred = await createCredential(t.services.ctx(devActor), requirePermission(devActor, 'developer.access'), {
      name: 'agent',
      scopes: ['full'],
    });
    await t.db.updateTable('users').set({ must_change_password: true }).where('id', '=', dev.userId).execute();
    const tok = await clientToken(t.services, cred);
    expect((await resolveSession(t.services.ctx(null), tok.access_token))?.passwordChangeRequired).toBe(false);
  });

  it('generated one-time passwords pass the strength rule', async () => {
    for (let i = 0; i < 5; i++) expect(await passwordWeakness(generatePassword())).toBeNull();
  });
});

describe('passwords people choose (issue 16 item 7)', () => {
  it('change password refuses the e-mail name, the name and common passwords on newPassword, saying why', async () => {
    const employeeId = (await makeUser(t.services, t.org, ['employee'])).employeeId!;
    await t.db.updateTable('employees').set({ given_name: 'Wulan', surname: 'Sari' }).where('id', '=', employeeId).execute();
    await t.db.updateTable('users').set({ employee_id: null }).where('employee_id', '=', employeeId).execute();
    const u = await createUser(t.services.ctx(null), {
      email: 'wulan.kencana@test.co.id',
      password: 'first-Pass-2026!',
      roles: ['employee'],
      employeeId,
    });
    const actor = await t.actorOf(u.id);
    const change = (newPassword: string) =>
      refusal(changePassword(t.services.ctx(actor), actor, { oldPassword: 'first-Pass-2026!', newPassword }, null));
    expect(await change('kencana-2026!')).toEqual({
      code: 'VALIDATION',
      message: 'Password is too easy to guess: it contains your e-mail name',
      fields: [{ param: 'newPassword', msg: 'is too easy to guess: it contains your e-mail name' }],
    });
    expect((await change('Sari-Pagi-2026')).fields).toEqual([
      { param: 'newPassword', msg: 'is too easy to guess: it contains your name' },
    ]);
    for (const common of ['abcabcabc', '11111111a', 'Passw0rd!']) {
      const r = await change(common);
      expect(r.code, common).toBe('VALIDATION');
      expect(r.fields[0]?.param, common).toBe('newPassword');
      expect(r.message, common).toMatch(/^Password is too easy to guess: /);
    }
    await changePassword(
      t.services.ctx(actor),
      actor,
      { oldPassword: 'first-Pass-2026!', newPassword: 'Kopi-Tubruk-Pagi-7' },
      null,
    );
  });

  it('the CLI path (createUser with the check) refuses a weak password on the password field', async () => {
    const r = await refusal(
      createUser(t.services.ctx(null), {
        email: 'ops.lead@test.co.id',
        password: 'opslead2026',
        roles: ['employee'],
        checkPasswordStrength: true,
      }),
    );
    expect(r).toMatchObject({
      code: 'VALIDATION',
      fields: [{ param: 'password', msg: 'is too easy to guess: it contains your e-mail name' }],
    });
  });
});

describe('credential names (issue 16 item 12)', () => {
  it('NUL characters and lone surrogates are a validation error naming the field, not a server error', async () => {
    const dev = await makeUser(t.services, t.org, ['superadmin']);
    const a = await t.actorOf(dev.userId);
    for (const name of ['agent\u0000x', 'agent\ud800']) {
      const err = await createCredential(t.services.ctx(a), requirePermission(a, 'developer.access'), { name }).catch((e) => e);
      expect(err?.name, JSON.stringify(name)).toBe('ZodError');
      expect(err.issues[0].path).toEqual(['name']);
    }
  });
});
