/// <reference path="../packages/device-agent/src/types/zk-clients.d.ts" />
/**
 * `pnpm bench ingest`: 100,000 punches from a simulated ZK terminal, read by the real hr-agent
 * (zk driver, durable outbox, batches of 1,000) and uploaded over HTTP to the real server
 * (OAuth client credentials, POST /v2/h/attendance/punch/ingest), into rows of PostgreSQL.
 *
 * Creates a database of its own on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * migrates it and drops it afterwards. The clock runs from the agent's first poll until its outbox
 * is empty; then the punches table is compared with the terminal's log.
 *
 * Options (environment): BENCH_PUNCHES (100000), BENCH_USERS (500), BENCH_BATCH (1000),
 * BENCH_MAPPED=1 maps every PIN to an employee first, so each batch also recomputes timesheets;
 * BENCH_JIT=off turns PostgreSQL's JIT off for the bench database (server default otherwise).
 *
 * Last line: {"punches", "seconds", "lost", "duplicated"}. Progress goes to stderr.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { actorForUser, createCredential, createUser } from '@hr/core/auth';
import { createServices } from '@hr/core/services';
import { ensureReferenceData } from '@hr/core/seed';
import { migrateToLatest, openDb } from '@hr/core/db';
import { requirePermission } from '@hr/core/access';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Agent, invalidReason } from '../packages/device-agent/src/agent/agent';
import { parseAgentConfig } from '../packages/device-agent/src/config';
import { naiveNowIn } from '../packages/device-agent/src/drivers/types';
import { formatNaive } from '../packages/device-agent/src/simulator/zk/protocol';
import { ZkSimulator } from '../packages/device-agent/src/simulator/zk/server';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';

process.env.NODE_ENV ??= 'production';

const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PUNCHES = Number(process.env.BENCH_PUNCHES ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 500);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const MAPPED = process.env.BENCH_MAPPED === '1';
const JIT_OFF = process.env.BENCH_JIT === 'off';
const SERIAL = 'BENCH000001';

type Logger = ConstructorParameters<typeof Agent>[0]['logger'];
/** The agent's logger, silenced (pino is the agent's dependency, not the bench's). */
const silentLogger: Logger = new Proxy({} as Logger, {
  get: (_t, prop) => (prop === 'child' ? () => silentLogger : prop === 'level' ? 'silent' : () => undefined),
});

const log = (...a: unknown[]) => console.error('[bench ingest]', ...a);

async function main(): Promise<void> {
  const dbName = `hr_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = (await openDb({ databaseUrl: BASE_URL, poolSize: 1 })).db;
  await sql`create database ${sql.id(dbName)}`.execute(admin);
  // BENCH_JIT=off: measure with PostgreSQL's JIT off for this database (see docs/devices-server.md).
  if (JIT_OFF) await sql`alter database ${sql.id(dbName)} set jit = off`.execute(admin);
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  log(`database ${dbName} (jit ${JIT_OFF ? 'off' : 'server default'})`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-ingest-'));
  let handle: Awaited<ReturnType<typeof openDb>> | undefined;
  let app: FastifyInstance | undefined;
  let sim: ZkSimulator | undefined;
  let agent: Agent | undefined;
  const cleanup = async () => {
    await agent?.stop().catch(() => undefined);
    await sim?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin);
    await admin.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    handle = await openDb({ databaseUrl: url.toString() });
    await migrateToLatest(handle.db);
    await ensureReferenceData(handle.db);
    const services = createServices(handle.db);
    const u = await createUser(services.ctx(null), {
      email: 'agent@bench.co.id',
      password: 'bench-agent-pass-1',
      roles: ['superadmin'],
    });
    const actor = (await actorForUser(handle.db, u.id, 'user'))!;
    const cred = await createCredential(services.ctx(actor), requirePermission(actor, 'developer.access'), {
      name: 'bench agent',
    });

    sim = await new ZkSimulator({ port: 0, records: PUNCHES, users: USERS, seed: 7, serial: SERIAL }).start();
    const now = naiveNowIn('Asia/Jakarta');
    const expected = new Set(
      sim.device.log.filter((r) => invalidReason(r, now) === null).map((r) => `${SERIAL}|${r.userId}|${formatNaive(r.time)}`),
    );
    if (MAPPED)
      await mapPins(
        handle.db,
        sim.device.users.map((x) => x.userId),
      );
    log(
      `terminal holds ${sim.device.log.length} records (${expected.size} distinct punches), ${USERS} users${MAPPED ? ', PINs mapped' : ''}`,
    );

    app = await buildApp({
      services,
      config: loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'silent' }),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;

    const { config } = parseAgentConfig({
      devices: [{ name: 'Bench gate', driver: 'zk', address: `127.0.0.1:${sim.port}`, serial: SERIAL, timeoutSeconds: 10 }],
      server: { url: `http://127.0.0.1:${port}` },
      oauth: { clientId: cred.clientId, clientSecret: cred.clientSecret },
      agent: { name: 'bench-agent', dataDir, batchSize: BATCH },
    });
    agent = new Agent({ config, logger: silentLogger, uploadBackoff: { baseMs: 50, maxMs: 1000 } });

    const t0 = performance.now();
    const polled = await agent.pollAll();
    const tRead = performance.now();
    if (!polled.every(Boolean)) throw new Error('the agent could not read the terminal');
    log(`read ${agent.outbox.size} punches into the outbox in ${((tRead - t0) / 1000).toFixed(2)} s`);
    for (let i = 0; agent.outbox.size > 0; i++) {
      const { retryMs } = await agent.drain();
      if (retryMs > 0) {
        if (i > 20) throw new Error('the upload keeps failing');
        await new Promise((r) => setTimeout(r, retryMs));
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    log(`uploaded in ${((performance.now() - tRead) / 1000).toFixed(2)} s`);

    // What reached the database.
    const rows = await sql<{ device_serial: string; pin: string; t: string }>`
      select device_serial, pin, to_char(local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as t from punches`.execute(handle.db);
    const seen = new Map<string, number>();
    for (const r of rows.rows) {
      const k = `${r.device_serial}|${r.pin}|${r.t}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    const lost = [...expected].filter((k) => !seen.has(k)).length;
    const extra = [...seen.keys()].filter((k) => !expected.has(k)).length;
    const duplicated = [...seen.values()].reduce((n, c) => n + (c - 1), 0) + extra;
    log(`${rows.rows.length} rows; lost ${lost}, duplicated ${duplicated}; ${Math.round(expected.size / seconds)} punches/s`);
    await cleanup();
    console.log(JSON.stringify({ punches: expected.size, seconds: Math.round(seconds * 100) / 100, lost, duplicated }));
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
}

/** One employee per PIN, mapped company-wide (so every batch also recomputes timesheets). */
async function mapPins(db: Awaited<ReturnType<typeof openDb>>['db'], pins: string[]): Promise<void> {
  const office = await db
    .insertInto('company_offices')
    .values({ code: 'JKT', name: 'Jakarta', address: null, city: 'Jakarta' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dept = await db
    .insertInto('departments')
    .values({ company_office_id: office.id, name: 'Operations' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const emps = await db
    .insertInto('employees')
    .values(
      pins.map((pin, i) => ({
        employee_number: `JKT-${String(i + 1).padStart(5, '0')}`,
        given_name: `Given${i + 1}`,
        surname: `Pin${pin}`,
        email: `pin${pin}@bench.co.id`,
        gender: i % 2 ? ('Male' as const) : ('Female' as const),
        birth_date: '1990-01-01',
        religion_id: 1,
        education_level_id: 1,
        marital_status_id: 1,
        ptkp_status_id: null,
        bank_id: null,
        bank_account_number: null,
        phone: null,
        company_office_id: office.id,
        department_id: dept.id,
        division_id: null,
        section_id: null,
        job_position_id: null,
        job_level_id: null,
        contract_type: null,
        first_join_date: null,
        contract_start_date: null,
        annual_leave_date: null,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('attendance_pins')
    .values(pins.map((pin, i) => ({ pin, device_serial: null, employee_id: emps[i]!.id })))
    .execute();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
