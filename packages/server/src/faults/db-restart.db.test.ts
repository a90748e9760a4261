import { createServices } from '@hr/core/services';
import { createUser } from '@hr/core/auth';
import { ensureReferenceData, seedDemo } from '@hr/core/seed';
import { migrateToLatest, openDb, type DbHandle } from '@hr/core/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres';

// The database restarting under load: requests fail cleanly with a retryable error (503 GL0503,
// never a 500 or a hang) and the server recovers by itself, without a restart. Also: two server
// processes on one PostgreSQL share sessions (nothing per-process holds them).
let pg: PrivatePostgres;
let handles: DbHandle[] = [];
let apps: FastifyInstance[] = [];
let token: string;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  const first = await openDb({ databaseUrl: pg.url, poolSize: 4 });
  await migrateToLatest(first.db);
  await ensureReferenceData(first.db);
  const services = createServices(first.db);
  await seedDemo(services.ctx(null), { employees: 20 });
  await createUser(services.ctx(null), { email: 'ops@test.co.id', password: 'ops-password-1', roles: ['superadmin'] });
  const second = await openDb({ databaseUrl: pg.url, poolSize: 4 });
  handles = [first, second];
  const config = loadConfig({}, { webDist: '/nonexistent' });
  apps = await Promise.all(handles.map((h) => buildApp({ services: createServices(h.db), config, logger: false })));
  const login = await apps[0]!.inject({
    method: 'POST',
    url: '/v2/h/auth/login',
    payload: { email: 'ops@test.co.id', password: 'ops-password-1' },
  });
  token = login.json().result.token;
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(handles.map((h) => h.close()));
  pg?.destroy();
});

let n = 0;
// Alternates the REST twin and the tRPC door of the same procedure.
const list = (app: FastifyInstance) =>
  app.inject({
    method: 'GET',
    url: n++ % 2 ? '/v2/h/employee/all?pageSize=5' : `/trpc/employee.list?input=${encodeURIComponent('{"pageSize":5}')}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('two server processes on one PostgreSQL', () => {
  it('a session made on one is valid on the other, and a logout on one holds on both', async () => {
    const other = await apps[1]!.inject({
      method: 'POST',
      url: '/v2/h/auth/login',
      payload: { email: 'ops@test.co.id', password: 'ops-password-1' },
    });
    const t2 = other.json().result.token as string;
    const me = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/v2/h/auth/me', headers: { authorization: `Bearer ${t2}` } });
    expect((await me(apps[0]!)).statusCode).toBe(200);
    expect(
      (await apps[1]!.inject({ method: 'POST', url: '/v2/h/auth/logout', headers: { authorization: `Bearer ${t2}` } }))
        .statusCode,
    ).toBe(200);
    expect((await me(apps[0]!)).statusCode).toBe(401);
    expect((await me(apps[1]!)).statusCode).toBe(401);
  });

  it("nothing cached serves one user's data to another: interleaved calls on both processes answer each caller", async () => {
    const emp = await handles[0]!.db
      .selectFrom('employees as e')
      .select('e.id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.employee_id', '=', 'e.id'))))
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    await createUser(createServices(handles[0]!.db).ctx(null), {
      email: 'staff@test.co.id',
      password: 'staff-password-1',
      roles: ['employee'],
      employeeId: emp.id,
    });
    const staff = (
      await apps[1]!.inject({
        method: 'POST',
        url: '/v2/h/auth/login',
        payload: { email: 'staff@test.co.id', password: 'staff-password-1' },
      })
    ).json().result.token as string;
    const as = (app: FastifyInstance, bearer: string, url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
    for (let round = 0; round < 6; round++) {
      for (const app of apps) {
        const [opsMe, staffMe, opsList, staffList] = await Promise.all([
          as(app, token, '/v2/h/auth/me'),
          as(app, staff, '/v2/h/auth/me'),
          as(app, token, '/v2/h/employee/all?pageSize=5'),
          as(app, staff, '/v2/h/employee/all?pageSize=5'),
        ]);
        expect(opsMe.json().result.email).toBe('ops@test.co.id');
        expect(staffMe.json().result.email).toBe('staff@test.co.id');
        expect(opsList.statusCode).toBe(200);
        expect(opsList.json().results.total).toBeGreaterThanOrEqual(20);
        expect(staffList.statusCode).toBe(403);
        for (const r of [opsMe, staffMe, opsList, staffList]) expect(r.headers['cache-control']).toBe('no-store');
      }
    }
  });
});

describe('the database restarting under load', () => {
  it('answers 503 GL0503 while it is away and recovers without a server restart', async () => {
    expect((await list(apps[0]!)).statusCode).toBe(200);
    const seen = new Map<number, number>();
    const bodies: string[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const res = await list(apps[0]!);
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode !== 200) bodies.push(res.body);
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 500));
    pg.stop();
    await new Promise((r) => setTimeout(r, 1500));
    pg.start();
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await Promise.all(workers);

    // Only success or the retryable envelope; never a 500, never a stack trace.
    expect([...seen.keys()].sort()).toEqual([200, 503]);
    for (const b of bodies) {
      const body = JSON.parse(b);
      if (body.error) expect(body.error.data).toMatchObject({ httpStatus: 503, appCode: 'GL0503' });
      else expect(body).toMatchObject({ status: 'error', errors: [{ code: 'GL0503' }] });
      expect(b).not.toMatch(/\n\s+at |node_modules/);
    }
    // Recovered: every request now succeeds on both processes.
    for (let i = 0; i < 10; i++) {
      expect((await list(apps[0]!)).statusCode).toBe(200);
      expect((await list(apps[1]!)).statusCode).toBe(200);
    }
  }, 60_000);
});
