import { requirePermission } from '@hr/core/access';
import { actorForUser, createUser } from '@hr/core/auth';
import { type DbHandle, migrateToLatest, openDb } from '@hr/core/db';
import { ensureReferenceData } from '@hr/core/seed';
import { createServices, type Services } from '@hr/core/services';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushTerminal } from '../../../device-agent/src/simulator/push/terminal';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { freePort, type PrivatePostgres, startPrivatePostgres } from '../faults/private-postgres';
import { registerPushTerminals } from './test-terminals';

// Push terminals while the database restarts mid-request and while the server process is replaced:
// the terminals see refusals (503, refused connections), re-send, and every punch ends stored once.
let pg: PrivatePostgres;
let handle: DbHandle;
let services: Services;
let app: FastifyInstance | undefined;
let port: number;
const serials = ['RESTART1', 'RESTART2'];

const config = loadConfig({}, { webDist: '/nonexistent', logLevel: 'silent' });
async function startServer(): Promise<void> {
  app = await buildApp({ services, config, logger: false });
  await app.listen({ host: '127.0.0.1', port });
}

beforeAll(async () => {
  pg = await startPrivatePostgres();
  handle = await openDb({ databaseUrl: pg.url, poolSize: 4 });
  await migrateToLatest(handle.db);
  await ensureReferenceData(handle.db);
  services = createServices(handle.db);
  const u = await createUser(services.ctx(null), { email: 'ops@test.co.id', password: 'ops-password-1', roles: ['superadmin'] });
  const actor = (await actorForUser(handle.db, u.id, 'user'))!;
  await registerPushTerminals(services.ctx(actor), requirePermission(actor, 'developer.access'), serials);
  port = await freePort();
  await startServer();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
  pg?.destroy();
});

describe('ADMS push across restarts', () => {
  it('the database restarting mid-request and the server replaced: each punch stored once', async () => {
    const terminals = serials.map(
      (serial, i) =>
        new PushTerminal({
          server: `http://127.0.0.1:${port}`,
          serial,
          records: 3000,
          batch: 50,
          users: 30,
          seed: 10 + i,
          faults: ['drop-ok', 'duplicate'],
          errorDelayMs: 50,
          maxFailures: 400,
          timeoutMs: 10_000,
        }),
    );
    const running = Promise.all(terminals.map((t) => t.run()));
    await new Promise((r) => setTimeout(r, 400));
    pg.stop();
    await new Promise((r) => setTimeout(r, 1000));
    pg.start();
    await new Promise((r) => setTimeout(r, 500));
    // The server process goes away (in-flight requests finish) and a new one takes its port.
    await app!.close();
    await new Promise((r) => setTimeout(r, 300));
    await startServer();
    const stats = await running;
    expect(stats.reduce((n, s) => n + s.retries, 0)).toBeGreaterThan(stats.reduce((n, s) => n + s.droppedOks, 0));
    const r = await sql<{ serial: string; n: number; keys: number }>`
      select device_serial as serial, count(*)::int as n, count(distinct (pin, local_time))::int as keys
      from punches group by device_serial order by device_serial`.execute(handle.db);
    expect(r.rows).toEqual(serials.map((s, i) => ({ serial: s, n: terminals[i]!.log.length, keys: terminals[i]!.log.length })));
  }, 120_000);
});
