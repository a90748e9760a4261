import { describe, expect, it } from 'vitest';
import { requirePermission } from '../access/grant';
import { approveGrant, assignGrant, unassignGrant } from '../permissions/service';
import type { AppError } from '../shared/errors';
import { clientToken } from '../testing/client-token';
import { makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { createCredential, login, resolveToken } from './service';
import { logoutAll, revokeSessionsOfEmployee, revokeSessionsOfJobPosition, revokeSessionsOfUser } from './sessions';

const t = useOrgTestDb();
const meta = { ip: '10.9.0.1', userAgent: 'vitest' };

const signIn = (who: { email: string; password: string }, previousToken?: string | null) =>
  login(t.services.ctx(null), t.services.auth, { email: who.email, password: who.password }, { ...meta, previousToken });
const alive = async (token: string) => (await resolveToken(t.services.ctx(null), token)) !== null;

describe('session rotation on login', () => {
  it('a login issues a new token and revokes the session the browser already carried', async () => {
    const u = await makeUser(t.services, t.org, ['employee']);
    const first = await signIn(u);
    const second = await signIn(u, first.token);
    expect(second.token).not.toBe(first.token);
    expect(await alive(first.token)).toBe(false);
    expect(await alive(second.token)).toBe(true);
  });

  it("a planted cookie (someone else's session, or an unknown value) never survives the login", async () => {
    const attacker = await makeUser(t.services, t.org, ['employee']);
    const victim = await makeUser(t.services, t.org, ['employee']);
    const planted = await signIn(attacker);
    const v = await signIn(victim, planted.token);
    expect(await alive(planted.token)).toBe(false);
    expect((await resolveToken(t.services.ctx(null), v.token))?.userId).toBe(victim.userId);
    // An unknown or malformed previous token is simply ignored.
    expect(await alive((await signIn(victim, 'hrs_not-a-real-token')).token)).toBe(true);
  });

  it('a failed login leaves the current session alone', async () => {
    const u = await makeUser(t.services, t.org, ['employee']);
    const s = await signIn(u);
    await expect(signIn({ email: u.email, password: 'not the password' }, s.token)).rejects.toThrow(
      'Incorrect e-mail or password',
    );
    expect(await alive(s.token)).toBe(true);
  });
});

describe('log out everywhere', () => {
  it("revokes all of the user's login sessions, including the caller's, and nobody else's", async () => {
    const u = await makeUser(t.services, t.org, ['superadmin']);
    const other = await makeUser(t.services, t.org, ['employee']);
    const [a, b, c] = [await signIn(u), await signIn(u), await signIn(u)];
    const o = await signIn(other);
    const actor = (await resolveToken(t.services.ctx(null), a.token))!;
    // A machine client acting as the user keeps its token: credentials are revoked separately.
    const cred = await createCredential(t.services.ctx(actor), requirePermission(actor, 'developer.access'), { name: 'agent' });
    const machine = await clientToken(t.services, cred);

    expect(await logoutAll(t.services.ctx(actor), actor)).toEqual({ revoked: 3 });
    for (const s of [a, b, c]) expect(await alive(s.token)).toBe(false);
    expect(await alive(o.token)).toBe(true);
    expect(await alive(machine.access_token)).toBe(true);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('action', '=', 'session.revokeAll')
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(u.userId);
  });
});

describe('revocation on a privilege change', () => {
  it("approving or unassigning a grant ends the grantee's sessions; the next login carries the new privileges", async () => {
    const a = await t.newActor(['superadmin']);
    const b = await t.newActor(['superadmin']);
    const target = await makeUser(t.services, t.org, ['employee']);
    const s = await signIn(target);
    const g = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'employee', {
      subjectId: target.employeeId!,
      grant: { kind: 'permission', key: 'salary.view' },
    });
    await approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: g.id });
    expect(await resolveToken(t.services.ctx(null), s.token)).toBeNull();
    const s2 = await signIn(target);
    expect((await resolveToken(t.services.ctx(null), s2.token))?.permissions.has('salary.view')).toBe(true);
    await unassignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), { id: g.id });
    expect(await resolveToken(t.services.ctx(null), s2.token)).toBeNull();
    const s3 = await signIn(target);
    expect((await resolveToken(t.services.ctx(null), s3.token))?.permissions.has('salary.view')).toBe(false);
  });

  it("revokeSessionsOfEmployee ends that employee's sessions and machine tokens, nobody else's", async () => {
    const target = await makeUser(t.services, t.org, ['superadmin']);
    const bystander = await makeUser(t.services, t.org, ['employee']);
    const [t1, t2] = [await signIn(target), await signIn(target)];
    const keep = await signIn(bystander);
    const actor = (await resolveToken(t.services.ctx(null), t1.token))!;
    const cred = await createCredential(t.services.ctx(actor), requirePermission(actor, 'developer.access'), { name: 'x' });
    const machine = await clientToken(t.services, cred);

    await t.db.transaction().execute((trx) => revokeSessionsOfEmployee({ ...t.services.ctx(null), db: trx }, target.employeeId!));
    for (const token of [t1.token, t2.token, machine.access_token]) expect(await alive(token)).toBe(false);
    expect(await alive(keep.token)).toBe(true);
    // The next request must log in again, and gets the current privileges.
    expect(await alive((await signIn(target)).token)).toBe(true);
    // A new machine token comes from the secret, as after any expiry.
    const again = await clientToken(t.services, cred);
    expect(await alive(again.access_token)).toBe(true);
  });

  it('revokeSessionsOfJobPosition ends the sessions of everyone in the position only', async () => {
    const pos = await t.newJobPosition('Cashier');
    const [p1, p2, out] = [
      await makeUser(t.services, t.org, ['employee']),
      await makeUser(t.services, t.org, ['employee']),
      await makeUser(t.services, t.org, ['employee']),
    ];
    await t.db
      .updateTable('employees')
      .set({ job_position_id: pos.id })
      .where('id', 'in', [p1.employeeId!, p2.employeeId!])
      .execute();
    const [s1, s2, s3] = [await signIn(p1), await signIn(p2), await signIn(out)];
    expect(await revokeSessionsOfJobPosition(t.services.ctx(null), pos.id)).toBe(2);
    expect(await alive(s1.token)).toBe(false);
    expect(await alive(s2.token)).toBe(false);
    expect(await alive(s3.token)).toBe(true);
    expect(await revokeSessionsOfJobPosition(t.services.ctx(null), pos.id)).toBe(0);
  });

  it('revokeSessionsOfUser counts what it ended; an already revoked session is not counted again', async () => {
    const u = await makeUser(t.services, t.org, ['employee']);
    await signIn(u);
    await signIn(u);
    expect(await revokeSessionsOfUser(t.services.ctx(null), u.userId)).toBe(2);
    expect(await revokeSessionsOfUser(t.services.ctx(null), u.userId)).toBe(0);
    expect(
      await signIn(u).then(
        () => 'ok',
        (e: AppError) => e.code,
      ),
    ).toBe('ok');
  });
});
