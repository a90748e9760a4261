import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { actorForUser, createUser } from '@hr/core/auth';
import { createServices } from '@hr/core/services';
import { type DbHandle, migrateToLatest, openDb } from '@hr/core/db';
import { ensureReferenceData } from '@hr/core/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../faults/private-postgres';
import { createJobService } from './kinds';
import type { JobService } from './service';

// Jobs on PostgreSQL with pg-boss (docs/jobs.md): two server processes share one queue and every job runs
// exactly once; progress is visible to the other process while a run is still uncommitted; a payroll job
// whose server is killed half-way leaves nothing and is run again when a server starts. These need a
// PostgreSQL server, so they are registered in the PostgreSQL test mode (TEST_DATABASE_URL) only; they are
// part of jobs.db.test.ts (which imports this file), as a test file that registers no test fails.
const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl?.startsWith('postgres') ? describe : () => undefined;
const root = path.resolve(import.meta.dirname, '../../../..');

async function scratchDatabase(tag: string) {
  const name = `hr_jobs_${tag}_${Date.now().toString(36)}_${process.pid}`;
  const admin = await openDb({ databaseUrl: adminUrl, poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const u = new URL(adminUrl!);
  u.pathname = `/${name}`;
  const url = u.toString();
  const h = await openDb({ databaseUrl: url, poolSize: 4 });
  await migrateToLatest(h.db);
  await ensureReferenceData(h.db);
  return {
    url,
    h,
    drop: async () => {
      await h.close();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describeOnPostgres('two server processes on one PostgreSQL (pg-boss)', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let second: DbHandle;
  let workers: JobService[] = [];
  let userId: number;
  let release!: () => void;
  const gate = new Promise<void>((res) => {
    release = res;
  });

  beforeAll(async () => {
    db = await scratchDatabase('two');
    second = await openDb({ databaseUrl: db.url, poolSize: 4 });
    await sql`create table job_hits (job_id int not null, worker text not null)`.execute(db.h.db);
    userId = (
      await createUser(createServices(db.h.db).ctx(null), {
        email: 'ops@test.co.id',
        password: 'ops-pass-1234',
        roles: ['superadmin'],
      })
    ).id;
    workers = [db.h, second].map((h, i) =>
      createJobService(createServices(h.db))
        .register('test.count', {
          async run(ctx, input) {
            await sql`insert into job_hits (job_id, worker) values (${(input as { n: number }).n}, ${`w${i}`})`.execute(ctx.db);
            await sleep(60);
            return { worker: `w${i}` };
          },
        })
        .register('test.gated', {
          // Holds its transaction open until the test releases it: its progress must be visible meanwhile.
          run: (ctx, _input, progress) =>
            ctx.db.transaction().execute(async (trx) => {
              await sql`insert into job_hits (job_id, worker) values (-1, ${`w${i}`})`.execute(trx);
              progress(5, 10);
              await gate;
              progress(10, 10);
              return { worker: `w${i}` };
            }),
        }),
    );
    await Promise.all(workers.map((w) => w.start({ databaseUrl: db.url })));
  }, 60_000);

  afterAll(async () => {
    release?.();
    await Promise.all(workers.map((w) => w.stop()));
    await second?.close();
    await db?.drop();
  });

  it('N jobs enqueued on either process: each runs exactly once, and both processes work', async () => {
    const actor = (await actorForUser(db.h.db, userId, 'user'))!;
    const N = 40;
    const ids: number[] = [];
    for (let n = 1; n <= N; n++) ids.push((await workers[n % 2]!.enqueue('test.count', { n }, actor)).jobId);
    await until(
      'all jobs to finish',
      async () => {
        const r = await sql<{
          n: number;
        }>`select count(*)::int as n from jobs where status = 'succeeded' and kind = 'test.count'`.execute(db.h.db);
        return r.rows[0]!.n === N;
      },
      30_000,
    );
    const hits = await sql<{ job_id: number; n: number }>`select job_id, count(*)::int as n from job_hits where job_id > 0
      group by job_id order by job_id`.execute(db.h.db);
    expect(hits.rows).toEqual(Array.from({ length: N }, (_, i) => ({ job_id: i + 1, n: 1 })));
    const jobs = await db.h.db.selectFrom('jobs').select(['status', 'attempts']).where('id', 'in', ids).execute();
    expect(jobs.every((j) => j.status === 'succeeded' && j.attempts === 1)).toBe(true);
    const perWorker = await sql<{ worker: string }>`select distinct worker from job_hits`.execute(db.h.db);
    expect(perWorker.rows.map((r) => r.worker).sort()).toEqual(['w0', 'w1']);
  }, 40_000);

  it('progress is written outside the run, visible to the other process while the run is uncommitted', async () => {
    const actor = (await actorForUser(db.h.db, userId, 'user'))!;
    const { jobId } = await workers[0]!.enqueue('test.gated', {}, actor);
    await until(
      'progress in the jobs table',
      async () => {
        const row = await db.h.db
          .selectFrom('jobs')
          .select(['status', 'done', 'total'])
          .where('id', '=', jobId)
          .executeTakeFirst();
        return row?.status === 'running' && row.done === 5;
      },
      10_000,
    );
    for (const w of workers) expect(await w.get(jobId, actor)).toMatchObject({ status: 'running', done: 5, total: 10 });
    const uncommitted = await sql<{ n: number }>`select count(*)::int as n from job_hits where job_id = -1`.execute(db.h.db);
    expect(uncommitted.rows[0]!.n).toBe(0);
    release();
    const done = await until(
      'the job to succeed',
      async () => {
        const j = await workers[1]!.get(jobId, actor);
        return j.status === 'succeeded' && j;
      },
      10_000,
    );
    expect(done).toMatchObject({ done: 10, total: 10, result: { worker: expect.stringMatching(/^w[01]$/) } });
  }, 30_000);
});

describeOnPostgres('a payroll job whose server is killed half-way', () => {
  const EMPLOYEES = 8000;
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-jobs-kill-'));
  let child: ChildProcess | undefined;
  let port: number;

  /** The real server (`node --import tsx packages/server/src/main.ts`) on the scratch database. */
  async function startServer(): Promise<ChildProcess> {
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    };
    const proc = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (d) => {
      stderr += d;
    });
    await until(
      'the server to listen',
      async () => {
        if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
        return fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      30_000,
      100,
    );
    return proc;
  }

  const kill9 = (proc: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });

  beforeAll(async () => {
    db = await scratchDatabase('kill');
    const office = await db.h.db
      .insertInto('company_offices')
      .values({ code: 'SBY', name: 'Surabaya', address: null, city: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into employees (employee_number, given_name, surname, email, gender, birth_date, religion_id,
        education_level_id, marital_status_id, company_office_id, entry_date)
      select 'SBY-' || g, 'Worker', g::text, 'w' || g || '@test.co.id', 'Male', '1990-01-01', 1, 1, 1, ${office.id}, '2025-01-01'
      from generate_series(1, ${EMPLOYEES}::int) g`.execute(db.h.db);
    await sql`
      insert into employee_contracts (employee_id, contract_number, contract_type, start_date, basic_salary)
      select id, 'K-' || id, 5, '2025-01-01', 5000000 + 1000 * (id % 100) from employees`.execute(db.h.db);
    await createUser(createServices(db.h.db).ctx(null), {
      email: 'ops@test.co.id',
      password: 'ops-pass-1234',
      roles: ['superadmin'],
    });
  }, 60_000);

  afterAll(async () => {
    if (child) await kill9(child);
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no run or payslip of the period; the next server runs the job again and it succeeds', async () => {
    child = await startServer();
    const login = await fetch(`http://127.0.0.1:${port}/v2/h/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@test.co.id', password: 'ops-pass-1234' }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const started = await fetch(`http://127.0.0.1:${port}/v2/h/salary/report/generate/job`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ period: '2026-10' }),
    });
    expect(started.status).toBe(200);
    const { jobId } = ((await started.json()) as { result: { jobId: number } }).result;
    const job = () =>
      db.h.db
        .selectFrom('jobs')
        .select(['status', 'done', 'total', 'attempts', 'result', 'error'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
    // Half-way: the progress (written on its own connection) shows some of the employees, not all.
    const half = await until(
      'progress half-way',
      async () => {
        const j = await job();
        if (j.status !== 'running' && j.status !== 'queued') throw new Error(`job ended before the kill: ${j.status} ${j.error}`);
        return j.done > 0 && j.done < j.total && j;
      },
      30_000,
      20,
    );
    expect(half.total).toBe(EMPLOYEES);
    await kill9(child);
    child = undefined;
    const period = async () => {
      const runs = await sql<{ n: number }>`select count(*)::int as n from payroll_runs where period = '2026-10'`.execute(
        db.h.db,
      );
      const slips = await sql<{ n: number }>`select count(*)::int as n from payslips where period = '2026-10'`.execute(db.h.db);
      return { runs: runs.rows[0]!.n, payslips: slips.rows[0]!.n };
    };
    expect(await period()).toEqual({ runs: 0, payslips: 0 });
    expect((await job()).status).toBe('running'); // its worker is gone; nothing else touched it

    child = await startServer();
    const done = await until(
      'the job to be run again',
      async () => {
        const j = await job();
        return (j.status === 'succeeded' || j.status === 'failed') && j;
      },
      45_000,
      100,
    );
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, done: EMPLOYEES, total: EMPLOYEES, error: null });
    expect(done.result).toMatchObject({ period: '2026-10', employees: EMPLOYEES });
    expect(await period()).toEqual({ runs: 1, payslips: EMPLOYEES });
  }, 120_000);
});
