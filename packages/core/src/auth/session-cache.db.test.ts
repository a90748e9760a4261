import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDb, type TestDb } from '../db/testing';
import { createServices, type Services } from '../services';
import { makeOrg, makeUser, type Org } from '../testing/fixtures';
import { insertPermissionGrant } from '../testing/grants';
import { useSecondProcess } from '../testing/second-process';
import { login, resolveToken } from './service';
import { sessionCacheCounters } from './session-cache';

const t = {} as { tdb: TestDb; db: Kysely<Database>; services: Services; org: Org };
beforeAll(async () => {
  t.tdb = await createTestDb();
  t.db = t.tdb.db;
  t.services = createServices(t.db);
  t.org = await makeOrg(t.db);
});
afterAll(() => t.tdb.destroy());
const meta = { ip: '10.9.0.2', userAgent: 'vitest' };

const other = useSecondProcess(() => t.db);

const onA = (token: string) => resolveToken(t.services.ctx(null), token);
async function signedIn(roles: Parameters<typeof makeUser>[2] = ['employee']) {
  const u = await makeUser(t.services, t.org, roles);
  const { token } = await login(t.services.ctx(null), t.services.auth, u, meta);
  return { ...u, token };
}

describe('the per-process session cache (issue 22)', () => {
  it('builds the actor once per session and reuses it while nothing changes, sign-ins of others included', async () => {
    const u = await signedIn();
    const colleague = await makeUser(t.services, t.org, ['employee']);
    await onA(u.token);
    const before = { ...sessionCacheCounters };
    expect((await onA(u.token))?.userId).toBe(u.userId);
    expect((await onA(u.token))?.userId).toBe(u.userId);
    // Another person signing in (users.last_login_at, a new session row) changes nothing of u's.
    await login(t.services.ctx(null), t.services.auth, colleague, meta);
    expect((await onA(u.token))?.roles).toEqual(['employee']);
    expect(sessionCacheCounters.hits - before.hits).toBe(3);
    expect(sessionCacheCounters.loads - before.loads).toBe(0);
  });

  it("another process's role change, deactivation and placement change hold at this process's next request", async () => {
    const u = await signedIn();
    expect((await onA(u.token))?.permissions.has('salary.view')).toBe(false);

    await other.db.insertInto('user_roles').values({ user_id: u.userId, role: 'human-capital' }).execute();
    expect((await onA(u.token))?.permissions.has('salary.view')).toBe(true);

    await other.db.deleteFrom('user_roles').where('user_id', '=', u.userId).where('role', '=', 'human-capital').execute();
    expect((await onA(u.token))?.permissions.has('salary.view')).toBe(false);

    await other.db.updateTable('employees').set({ department_id: t.org.dept[1] }).where('id', '=', u.employeeId!).execute();
    expect((await onA(u.token))?.departmentId).toBe(t.org.dept[1]);

    await other.db.updateTable('users').set({ active: false }).where('id', '=', u.userId).execute();
    expect(await onA(u.token)).toBeNull();
  });

  it('a revoked or expired session is refused at once although its actor was cached', async () => {
    const u = await signedIn();
    const v = await signedIn();
    expect(await onA(u.token)).not.toBeNull();
    expect(await onA(v.token)).not.toBeNull();
    await other.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', u.userId).execute();
    await other.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', v.userId)
      .execute();
    expect(await onA(u.token)).toBeNull();
    expect(await onA(v.token)).toBeNull();
  });

  it('a grant approved by another process is seen at the next request', async () => {
    const u = await signedIn();
    expect((await onA(u.token))?.permissions.has('inventory.view')).toBe(false);
    await insertPermissionGrant(other.db, { type: 'employee', id: u.employeeId! }, 'inventory.view', u.userId, { status: 1 });
    expect((await onA(u.token))?.permissions.has('inventory.view')).toBe(true);
  });
});
