import type { AddressInfo } from 'node:net';
// The agent package does not depend on the server (it is installed on office PCs on its own),
// so the end-to-end tests reach the real server and core through the workspace by path.
import { actorForUser, createCredential, createUser } from '@hr/core/auth';
import { createServices, type Services } from '@hr/core/services';
import { ensureReferenceData } from '@hr/core/seed';
import { requirePermission } from '@hr/core/access';
import { createTestDb, type TestDb } from '../../../packages/core/src/db/testing';
import { buildApp } from '../../../packages/server/src/app';
import { loadConfig } from '../../../packages/server/src/config';

type FastifyInstance = Awaited<ReturnType<typeof buildApp>>;

/**
 * The REAL server (buildApp from @hr/server) on a migrated test database (PGlite, or its own
 * PostgreSQL database with TEST_DATABASE_URL), listening on a TCP port, with an OAuth client
 * whose user holds device.ingest. It can be stopped and started again on the same port while
 * the database lives on (the "server down for a while" case).
 */
export class RealServer {
  app: FastifyInstance | null = null;
  port = 0;
  clientId = '';
  clientSecret = '';

  private constructor(
    readonly tdb: TestDb,
    readonly services: Services,
  ) {}

  static async create(): Promise<RealServer> {
    const tdb = await createTestDb();
    await ensureReferenceData(tdb.db);
    const services = createServices(tdb.db);
    const s = new RealServer(tdb, services);
    // A user who may ingest (superadmin holds device.ingest and developer.access).
    const u = await createUser(services.ctx(null), {
      email: 'agent-owner@test.co.id',
      password: 'agent-owner-pass-1',
      roles: ['superadmin'],
    });
    const actor = (await actorForUser(tdb.db, u.id, 'user'))!;
    const cred = await createCredential(services.ctx(actor), requirePermission(actor, 'developer.access'), {
      name: 'e2e agent',
    });
    s.clientId = cred.clientId;
    s.clientSecret = cred.clientSecret;
    return s;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Builds the app and listens (on the previous port after a stop). */
  async start(): Promise<this> {
    const app = await buildApp({
      services: this.services,
      config: loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'silent' }),
      logger: false,
    });
    await app.listen({ port: this.port, host: '127.0.0.1' });
    this.port = (app.server.address() as AddressInfo).port;
    this.app = app;
    return this;
  }

  /** Stops listening; in-flight connections are cut. The database stays. */
  async stop(): Promise<void> {
    const app = this.app;
    this.app = null;
    if (!app) return;
    app.server.closeAllConnections();
    await app.close();
  }

  async destroy(): Promise<void> {
    await this.stop();
    await this.tdb.destroy();
  }

  /** Every stored punch as `serial|pin|localTime` → how many rows hold it. */
  async punchCounts(): Promise<Map<string, number>> {
    const rows = await this.tdb.db
      .selectFrom('punches')
      .select((eb) => [
        'device_serial',
        'pin',
        eb.fn<string>('to_char', ['local_time', eb.val('YYYY-MM-DD"T"HH24:MI:SS')]).as('t'),
      ])
      .execute();
    const out = new Map<string, number>();
    for (const r of rows) {
      const k = `${r.device_serial}|${r.pin}|${r.t}`;
      out.set(k, (out.get(k) ?? 0) + 1);
    }
    return out;
  }
}
