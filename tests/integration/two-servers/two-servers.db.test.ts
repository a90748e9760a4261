import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServices } from '@hr/core/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, waitFor } from '../../../bench/lib/server-process';
import { createTestDb, type TestDb } from '../../../packages/core/src/db/testing';
import { makeEmployee, makeOrg, makeUser } from '../../../packages/core/src/testing/fixtures';

/**
 * Two real server processes (packages/server/src/main.ts) on one PostgreSQL database, as behind the balancer of
 * docs/deploy.md (issue 22). Each keeps its own caches of sessions and employee-list pages; a logout, a
 * deactivation or an employee's change committed anywhere holds at the other process's very next request. The
 * embedded database is one process by design, so this runs on PostgreSQL only.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('two server processes on one database (issue 22)', () => {
  let tdb: TestDb;
  const servers: ChildProcess[] = [];
  const dirs: string[] = [];
  let a = '';
  let b = '';
  let hr: { email: string; password: string; userId: number };
  let renamed = 0;

  beforeAll(async () => {
    tdb = await createTestDb();
    const services = createServices(tdb.db);
    const org = await makeOrg(tdb.db);
    renamed = await makeEmployee(tdb.db, org, { dept: 0 }, 'Aaron Before');
    hr = await makeUser(services, org, ['supervisor']);
    const { name } = await tdb.db
      .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
      .executeTakeFirstOrThrow();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const dir = mkdtempSync(path.join(tmpdir(), 'hr-two-servers-'));
      dirs.push(dir);
      servers.push(startServer(url.toString(), port, dir, { LOG_LEVEL: 'error' }));
    }
    [a, b] = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    await Promise.all([waitFor(`${a}/healthz`, servers[0]!, 'server A'), waitFor(`${b}/healthz`, servers[1]!, 'server B')]);
  }, 90_000);

  afterAll(async () => {
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((r) => s.once('exit', r)) : undefined)));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await tdb?.destroy();
  });

  const signIn = async (server: string) => {
    const res = await fetch(`${server}/v2/h/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: hr.email, password: hr.password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { result: { token: string } }).result.token;
  };
  const list = (server: string, token: string) =>
    fetch(`${server}/v2/h/employee/all?pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  const names = async (server: string, token: string) =>
    ((await (await list(server, token)).json()) as { results: { rows: { name: string }[] } }).results.rows.map((r) => r.name);

  it('a logout through one process ends the session at the other at once, however warm its cache', async () => {
    for (let i = 0; i < 5; i++) {
      const token = await signIn(i % 2 ? a : b);
      // Both processes have the session and the page cached.
      for (const server of [a, b, a, b]) expect((await list(server, token)).status).toBe(200);
      const out = await fetch(`${b}/v2/h/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(out.status).toBe(200);
      expect((await list(a, token)).status).toBe(401);
      expect((await list(b, token)).status).toBe(401);
    }
  });

  it("a deactivation and an employee's new name, committed elsewhere, hold at both processes' next request", async () => {
    const token = await signIn(a);
    for (const server of [a, b, a, b]) expect(await names(server, token)).toContain('Aaron Before');
    await tdb.db.updateTable('employees').set({ given_name: 'Aaron', surname: 'After' }).where('id', '=', renamed).execute();
    for (const server of [a, b]) {
      const now = await names(server, token);
      expect(now).toContain('Aaron After');
      expect(now).not.toContain('Aaron Before');
    }
    await tdb.db.updateTable('users').set({ active: false }).where('id', '=', hr.userId).execute();
    expect((await list(a, token)).status).toBe(401);
    expect((await list(b, token)).status).toBe(401);
  });
});
