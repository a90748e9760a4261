/**
 * `pnpm bench push`: ZKTeco ADMS push terminals (hr-agent simulate --push) pushing their logs
 * concurrently into the real server's /iclock endpoints (buildApp), into PostgreSQL, with faults on:
 * lost OKs (the batch re-sent), duplicate batches and slow bodies.
 *
 * Creates a database of its own on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * migrates it and drops it afterwards (BENCH_KEEP=1 keeps it). The clock runs from the first
 * handshake until every terminal has had every batch acknowledged; then the punches table is
 * compared with the terminals' logs.
 *
 * Options (environment): BENCH_TERMINALS (50), BENCH_PUNCHES (200000 in total), BENCH_BATCH (500),
 * BENCH_FAULTS (drop-ok,duplicate,slow; "none" for none), BENCH_POOL (8 database connections).
 *
 * Last line: {"terminals", "punches", "seconds", "lost", "duplicated"}. Progress goes to stderr.
 */
import http from 'node:http';
import { requirePermission } from '@hr/core/access';
import { actorForUser, createUser } from '@hr/core/auth';
import { ensureReferenceData } from '@hr/core/seed';
import { createServices } from '@hr/core/services';
import { sql } from 'kysely';
import { PushTerminal, parsePushFaults } from '../packages/device-agent/src/simulator/push/terminal';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { registerPushTerminals } from '../packages/server/src/iclock/test-terminals';
import { type BenchDb, withScratchDatabase } from './lib/scratch-db';

process.env.NODE_ENV ??= 'production';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 50);
const PUNCHES = Number(process.env.BENCH_PUNCHES ?? 200_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const POOL = Number(process.env.BENCH_POOL ?? 8);
const FAULTS = process.env.BENCH_FAULTS === 'none' ? [] : parsePushFaults(process.env.BENCH_FAULTS ?? 'drop-ok,duplicate,slow');

const log = (...a: unknown[]) => console.error('[bench push]', ...a);

async function main(): Promise<void> {
  // A migrated database of its own, dropped afterwards (bench/lib/scratch-db.ts; BENCH_KEEP=1 keeps it).
  await withScratchDatabase('hr_bench_push', log, run, { poolSize: POOL });
}

async function run(db: BenchDb): Promise<void> {
  const handle = { db };
  const agent = new http.Agent({ keepAlive: true, maxSockets: TERMINALS * 2 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await ensureReferenceData(handle.db);
    const services = createServices(handle.db);
    const user = await createUser(services.ctx(null), {
      email: 'bench@push.test',
      password: 'bench-pass-123',
      roles: ['superadmin'],
    });
    const actor = (await actorForUser(handle.db, user.id, 'user'))!;
    const ctx = services.ctx(actor);
    const dev = requirePermission(actor, 'developer.access');
    const serials = Array.from({ length: TERMINALS }, (_, i) => `PUSH${String(i + 1).padStart(4, '0')}`);
    await registerPushTerminals(ctx, dev, serials);
    app = await buildApp({
      services,
      config: loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'silent' }),
      logger: false,
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const per = Math.floor(PUNCHES / TERMINALS);
    const terminals = serials.map(
      (serial, i) =>
        new PushTerminal({
          server: base,
          serial,
          records: per + (i < PUNCHES - per * TERMINALS ? 1 : 0),
          batch: BATCH,
          users: 100,
          seed: i + 1,
          faults: FAULTS,
          faultEvery: 3,
          errorDelayMs: 100,
          agent,
        }),
    );
    const expected = terminals.reduce((n, t) => n + t.log.length, 0);
    log(`${TERMINALS} terminals, ${expected} punches, batches of ${BATCH}, faults ${FAULTS.join(',') || 'none'}, pool ${POOL}`);
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const stats = await Promise.all(terminals.map((t) => t.run()));
    const seconds = Math.round(performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    log(`this process used ${Math.round((cpu.user + cpu.system) / 1e4) / 100} s of CPU (server and terminals)`);
    const sum = (k: 'posts' | 'retries' | 'droppedOks' | 'duplicateBatches') => stats.reduce((n, s) => n + s[k], 0);
    log(
      `pushed in ${seconds} s: ${sum('posts')} POSTs, ${sum('retries')} re-sent, ${sum('droppedOks')} OKs lost, ${sum('duplicateBatches')} duplicate batches`,
    );

    // Compare the table with the terminals' logs: each (serial, PIN, time) once, nothing else.
    let matched = 0;
    for (const t of terminals) {
      const keys = t.log.map((r) => ({ p: r.userId, t: new Date(r.time).toISOString().slice(0, 19) }));
      const r = await sql<{ n: number }>`
        select count(distinct (p.pin, p.local_time))::int as n
        from punches p join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(p text, t timestamp)
          on p.device_serial = ${t.serial} and p.pin = k.p and p.local_time = k.t`.execute(handle.db);
      matched += r.rows[0]!.n;
    }
    const stored = Number((await sql<{ n: number }>`select count(*)::int as n from punches`.execute(handle.db)).rows[0]!.n);
    const lost = expected - matched;
    const duplicated = stored - matched;
    log(`stored ${stored}, matched ${matched}`);
    console.log(JSON.stringify({ terminals: TERMINALS, punches: expected, seconds, lost, duplicated }));
  } finally {
    agent.destroy();
    await app?.close().catch(() => undefined);
  }
}

await main();
