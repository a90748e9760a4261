import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { requirePermission } from '../access/grant';
import { login } from '../auth/service';
import { hashToken } from '../auth/tokens';
import { listEmployees } from '../employees/service';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { useSecondProcess } from '../testing/second-process';
import { isSharedValue, probeCounters, probeFreshness, readCacheCounters, readThrough } from './freshness';

const t = useOrgTestDb();
const other = useSecondProcess(() => t.db);
const meta = { ip: '10.9.0.3', userAgent: 'vitest' };
const onPostgres = !!process.env.TEST_DATABASE_URL;

async function session() {
  const u = await makeUser(t.services, t.org, ['employee']);
  const { token } = await login(t.services.ctx(null), t.services.auth, u, meta);
  return { ...u, hash: hashToken(token) };
}
const revoke = (userId: number) =>
  other.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).execute();

describe('the freshness probe (issue 22)', () => {
  it('answers every request that asks together with one statement, each token with its own session', async () => {
    const [a, b, c] = [await session(), await session(), await session()];
    await revoke(b.userId);
    const now = new Date();
    const before = probeCounters.probes;
    const asked = [a.hash, b.hash, c.hash, 'no-such-token', null];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => probeFreshness(t.db, asked[i % 5]!, now)));
    expect(probeCounters.probes - before).toBe(1);
    expect(answers.slice(0, 5).map((r) => r.live)).toEqual([true, false, true, false, false]);
    expect(answers.slice(25).map((r) => r.live)).toEqual([true, false, true, false, false]);
    // An expired session is not live, judged at each caller's own time.
    const later = new Date(Date.now() + 400 * 24 * 3600_000);
    const [early, late] = await Promise.all([probeFreshness(t.db, a.hash, now), probeFreshness(t.db, a.hash, later)]);
    expect([early.live, late.live]).toEqual([true, false]);
  });

  it("sees another process's change committed before it was asked", async () => {
    for (let i = 0; i < 5; i++) {
      const u = await session();
      expect((await probeFreshness(t.db, u.hash, new Date())).live).toBe(true);
      await revoke(u.userId);
      expect((await probeFreshness(t.db, u.hash, new Date())).live).toBe(false);
    }
  });

  // Two transactions at once need two connections: PostgreSQL (the embedded database has one).
  describe.runIf(onPostgres)('on PostgreSQL, with other transactions at once', () => {
    it('never answers a request with a statement sent before it asked, although one is on its way', async () => {
      const u = await session();
      // A statement that reads data_versions waits while another transaction holds it: the first probe stays on its way.
      const holder = await other.db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        await sql`lock table data_versions in access exclusive mode`.execute(conn);
        const first = probeFreshness(t.db, u.hash, new Date());
        await new Promise((r) => setTimeout(r, 50));
        await revoke(u.userId);
        const asked = probeCounters.probes;
        const second = probeFreshness(t.db, u.hash, new Date());
        await sql`commit`.execute(conn);
        return { first: await first, second: await second, asked };
      });
      expect(holder.first.fresh.probe).toBeLessThanOrEqual(holder.asked);
      expect(holder.second.fresh.probe).toBeGreaterThan(holder.asked);
      expect(holder.second.live).toBe(false);
    });

    it('two transactions that change employees in turn do not deadlock on the version', async () => {
      const [a, b] = [await makeEmployee(t.db, t.org, { dept: 0 }), await makeEmployee(t.db, t.org, { dept: 0 })];
      const rename = (db: typeof t.db, id: number, name: string) =>
        db.updateTable('employees').set({ given_name: name }).where('id', '=', id).execute();
      const version = async () =>
        (await sql<{ v: string }>`select v from data_versions where name = 'employee_list'`.execute(t.db)).rows[0]?.v;
      const v0 = await version();
      await t.db.connection().execute(async (one) => {
        await other.db.connection().execute(async (two) => {
          await sql`begin`.execute(one);
          await sql`begin`.execute(two);
          await rename(one, a, 'First');
          await rename(two, b, 'Second');
          // Waits for the second transaction's row; with a version bumped per statement the second would
          // be waiting for the first's version row: a deadlock, and one of them rolled back.
          const waiting = rename(one, b, 'Third');
          await new Promise((r) => setTimeout(r, 50));
          await sql`commit`.execute(two);
          await waiting;
          await sql`commit`.execute(one);
        });
      });
      const names = await t.db.selectFrom('employees').select('given_name').where('id', 'in', [a, b]).orderBy('id').execute();
      expect(names.map((n) => n.given_name)).toEqual(['First', 'Third']);
      expect(BigInt((await version())!)).toBeGreaterThan(BigInt(v0!));
    });
  });
});

describe('the employee list served from the per-process cache (issue 22)', () => {
  const list = async (dept: 0 | 1 = 0, roles: Parameters<typeof t.newActor>[0] = ['supervisor']) => {
    const a = await t.newActor(roles, { dept });
    const g = requirePermission(a, 'employee.view');
    return (input: Parameters<typeof listEmployees>[2] = {}) => listEmployees(t.services.ctx(a), g, { pageSize: 100, ...input });
  };
  const names = (p: { rows: { name: string }[] }) => p.rows.map((r) => r.name);

  it('reads the page once while nothing it shows changes, and never shows one scope what another sees', async () => {
    await makeEmployee(t.db, t.org, { dept: 0 }, 'Lestari Cached');
    await makeEmployee(t.db, t.org, { dept: 1 }, 'Oka Elsewhere');
    const hr0 = await list(0);
    const first = await hr0();
    const before = { ...readCacheCounters };
    expect(await hr0()).toEqual(first);
    expect(readCacheCounters.hits - before.hits).toBe(1);
    expect(readCacheCounters.loads - before.loads).toBe(0);
    // Served to many requests, so nobody may change it.
    expect(isSharedValue(first)).toBe(true);
    expect(Object.isFrozen(first.rows[0])).toBe(true);
    // Unrelated writes (a punch, a sign-in) keep the page.
    await login(t.services.ctx(null), t.services.auth, await makeUser(t.services, t.org, ['employee']), meta);
    expect(names(first)).toContain('Lestari Cached');
    expect(names(first)).not.toContain('Oka Elsewhere');
    const hr1 = await list(1);
    expect(names(await hr1())).toContain('Oka Elsewhere');
    expect(names(await hr1())).not.toContain('Lestari Cached');
  });

  it("shows another process's change at the next request: names, placement, office, a new employee, a manager", async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 }, 'Sari Before');
    const hr0 = await list(0);
    const row = async () => (await hr0()).rows.find((r) => r.id === id);
    expect((await row())?.name).toBe('Sari Before');

    await other.db.updateTable('employees').set({ given_name: 'Sari', surname: 'After' }).where('id', '=', id).execute();
    expect((await row())?.name).toBe('Sari After');

    await other.db.updateTable('company_offices').set({ name: 'Renamed Office' }).where('id', '=', t.org.officeId).execute();
    expect((await row())?.companyOffice).toBe('Renamed Office');

    await other.db.updateTable('departments').set({ name: 'People' }).where('id', '=', t.org.dept[0]).execute();
    expect((await row())?.department).toBe('People');

    await other.db.updateTable('employees').set({ resigned: 1 }).where('id', '=', id).execute();
    expect((await row())?.resigned).toBe(1);

    const total = (await hr0()).total;
    await makeEmployee(other.db, t.org, { dept: 0 }, 'Nadia New');
    expect((await hr0()).total).toBe(total + 1);

    await other.db
      .updateTable('employees')
      .set({ department_id: t.org.dept[1], division_id: null })
      .where('id', '=', id)
      .execute();
    expect(await row()).toBeUndefined();

    // A manager sees the employees they manage, in any department: a new manager link shows them at once.
    const manager = await t.newActor(['supervisor'], { dept: 1 });
    const mine = async () => {
      const g = requirePermission(await t.actorOf(manager.userId), 'employee.view');
      return names(await listEmployees(t.services.ctx(g.actor), g, { pageSize: 100 }));
    };
    const managed = await makeEmployee(t.db, t.org, { dept: 0 }, 'Managed Person');
    expect(await mine()).not.toContain('Managed Person');
    await other.db
      .insertInto('employee_managers')
      .values({ employee_id: managed, manager_employee_id: manager.employeeId! })
      .execute();
    expect(await mine()).toContain('Managed Person');
  });

  it("inside a transaction reads the transaction's own rows and leaves the cache as it was", async () => {
    const a = await t.newActor(['supervisor'], { dept: 0 });
    const g = requirePermission(a, 'employee.view');
    const hr0 = await list(0);
    const outside = names(await hr0());
    await t.db
      .transaction()
      .execute(async (trx) => {
        await makeEmployee(trx as unknown as typeof t.db, t.org, { dept: 0 }, 'Uncommitted Person');
        expect(names(await listEmployees({ ...t.services.ctx(a), db: trx }, g, { pageSize: 100 }))).toContain(
          'Uncommitted Person',
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(names(await hr0())).toEqual(outside);
  });

  it("keeps at most 20,000 rows' weight per database, dropping the oldest first", async () => {
    await makeEmployee(t.db, t.org, { dept: 0 });
    let loads = 0;
    const read = (key: string) =>
      readThrough(
        { db: t.db },
        'employee_list',
        `weight-${key}`,
        async () => ({ key, n: ++loads }),
        () => 12_000,
      );
    expect((await read('a')).n).toBe(1);
    expect((await read('a')).n).toBe(1);
    expect((await read('b')).n).toBe(2);
    expect((await read('b')).n).toBe(2);
    expect((await read('a')).n).toBe(3);
    // Requests that miss the same page together (the first ones after a change) share one load, one value.
    const together = await Promise.all(Array.from({ length: 10 }, () => read('c')));
    expect(loads).toBe(4);
    expect(new Set(together).size).toBe(1);
    // Heavier than the whole cache: read each time, never kept.
    const huge = () =>
      readThrough(
        { db: t.db },
        'employee_list',
        'weight-huge',
        async () => ++loads,
        () => 20_001,
      );
    expect(await huge()).toBe(5);
    expect(await huge()).toBe(6);
  });
});
