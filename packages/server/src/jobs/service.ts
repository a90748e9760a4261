import type { Actor } from '@hr/core/access';
import { AppError, type Ctx } from '@hr/core/shared';
import { actorForUser } from '@hr/core/auth';
import { type Database, withoutDatabaseWaitLimit } from '@hr/core/db';
import type { Services } from '@hr/core/services';
import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';

/*
 * Background jobs (docs/jobs.md; ARCHITECTURE "Work that takes time"). The `jobs` table is the truth
 * users read (status, done of total, result, error). Who runs a job:
 * - PostgreSQL (`start({ databaseUrl })`): pg-boss carries "run job N" to exactly one worker of any
 *   server process; the claim `queued → running` is guarded in SQL besides. Progress is written on a
 *   connection of its own (never the run's transaction), at most every 250 ms, so every process sees it
 *   while the run is still uncommitted. The worker holds a session advisory lock on the job; a sweep
 *   (at start, then every 10 s) re-queues a `running` job whose lock is free: its process died.
 * - PGlite (embedded, one process per data dir) and test apps: in-process, one job at a time. PGlite
 *   has one connection, busy with the run's transaction, so progress is kept in memory (job.get reads
 *   it) and written at the end. At start, jobs a crash left queued or running are run again.
 * A run completes or leaves nothing: payroll and THR generations are one transaction each.
 */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobView {
  id: number;
  kind: string;
  status: JobStatus;
  done: number;
  total: number;
  result: unknown;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A kind of job: runs with a service context of the user who started it, reports progress, returns the result. */
export interface JobKind {
  run(ctx: Ctx, input: unknown, progress: (done: number, total: number) => void): Promise<unknown>;
}

export interface JobServiceOptions {
  /** Minimum time between two progress writes of one job (default 250 ms). */
  progressIntervalMs?: number;
  /** How often a PostgreSQL worker looks for jobs whose process died (default 10 s). */
  recoverIntervalMs?: number;
  log?: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

const QUEUE = 'hr-jobs';
/** First key of the session advisory lock a PostgreSQL worker holds on a running job (second: the job id). */
const LOCK_SPACE = 727100;

type DbConn = Kysely<Database>;

export class JobService {
  private readonly kinds = new Map<string, JobKind>();
  private readonly live = new Map<number, { done: number; total: number }>();
  private boss: PgBoss | undefined;
  private workerId: string | undefined;
  private chain: Promise<void> = Promise.resolve();
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly progressIntervalMs: number;
  private readonly recoverIntervalMs: number;

  constructor(
    private readonly services: Services,
    private readonly opts: JobServiceOptions = {},
  ) {
    this.progressIntervalMs = opts.progressIntervalMs ?? 250;
    this.recoverIntervalMs = opts.recoverIntervalMs ?? 10_000;
  }

  register(kind: string, handler: JobKind): this {
    this.kinds.set(kind, handler);
    return this;
  }

  get mode(): 'pg-boss' | 'in-process' {
    return this.boss ? 'pg-boss' : 'in-process';
  }

  /**
   * Starts the worker. With a PostgreSQL URL: pg-boss (its schema `pgboss`) and the crash sweep.
   * Without: in-process, after re-queuing what a crash of this data dir's previous process left.
   */
  async start(opts: { databaseUrl?: string | undefined } = {}): Promise<void> {
    if (opts.databaseUrl) {
      const boss = new PgBoss({ connectionString: opts.databaseUrl, max: 3, schema: 'pgboss' });
      boss.on('error', (err) => this.opts.log?.error({ err }, 'pg-boss error'));
      await boss.start();
      // Our handler records every failure itself: pg-boss never retries, the crash sweep does. Processes
      // starting together create the queue one at a time (pg-boss 10's create_queue can deadlock otherwise).
      if (!(await boss.getQueue(QUEUE)))
        await this.services.db.connection().execute(async (conn) => {
          await sql`select pg_advisory_lock(${LOCK_SPACE}, 0)`.execute(conn);
          try {
            if (!(await boss.getQueue(QUEUE)))
              await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 0, expireInSeconds: 6 * 3600 });
          } finally {
            await sql`select pg_advisory_unlock(${LOCK_SPACE}, 0)`.execute(conn);
          }
        });
      this.boss = boss; // before the first job arrives: execute() then takes the PostgreSQL path (lock, progress writes)
      this.workerId = await boss.work<{ jobId: number }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await this.execute(job.data.jobId);
        // pg-boss 10 waits out the polling interval even after a job; a busy queue is fetched again at once.
        if (this.workerId) boss.notifyWorker(this.workerId);
      });
      await this.recover();
      this.sweepTimer = setInterval(() => void this.recover().catch(() => undefined), this.recoverIntervalMs);
      this.sweepTimer.unref();
      return;
    }
    const orphans = await this.services.db
      .updateTable('jobs')
      .set({ status: 'queued' })
      .where('status', 'in', ['queued', 'running'])
      .returning('id')
      .execute();
    for (const o of orphans.sort((a, b) => a.id - b.id)) this.schedule(o.id);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.boss?.stop({ graceful: true, timeout: 5000, close: true, wait: true });
    await this.chain;
  }

  /** Resolves when this process has no in-process job left to run (tests). */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Records a job for `actor` and hands it to a worker; returns its id at once. */
  async enqueue(kind: string, input: unknown, actor: Actor): Promise<{ jobId: number }> {
    if (!this.kinds.has(kind)) throw new Error(`Unknown job kind ${kind}`);
    const row = await this.services.db
      .insertInto('jobs')
      .values({
        kind,
        input: JSON.stringify({ input, actorKind: actor.kind }),
        created_by: actor.userId,
        result: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (this.boss) {
      try {
        await this.boss.send(QUEUE, { jobId: row.id });
        if (this.workerId) this.boss.notifyWorker(this.workerId);
      } catch (err) {
        await this.finish(row.id, 'failed', null, 'The job could not be queued; try again');
        throw err;
      }
    } else this.schedule(row.id);
    return { jobId: row.id };
  }

  /** A job as its owner (or a superadmin) sees it; anyone else gets NOT_FOUND. */
  async get(id: number, actor: Actor): Promise<JobView> {
    let q = this.services.db
      .selectFrom('jobs')
      .select([
        'id',
        'kind',
        'status',
        'done',
        'total',
        'result',
        'error',
        'created_at as createdAt',
        'started_at as startedAt',
        'finished_at as finishedAt',
      ])
      .where('id', '=', id);
    if (!actor.roles.includes('superadmin')) q = q.where('created_by', '=', actor.userId);
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Job not found');
    const live = row.status === 'running' ? this.live.get(id) : undefined;
    const result = typeof row.result === 'string' ? JSON.parse(row.result) : row.result;
    return { ...row, ...(live && live.done >= row.done ? live : {}), result: result ?? null };
  }

  private schedule(id: number): void {
    // A job scheduled by a request does not inherit the request's "busy" wait limit (core db/embedded-gate.ts).
    this.chain = this.chain.then(() => withoutDatabaseWaitLimit(() => this.execute(id))).catch(() => undefined);
  }

  private async finish(id: number, status: 'succeeded' | 'failed', result: unknown, error: string | null, progress?: object) {
    await this.services.db
      .updateTable('jobs')
      .set({
        status,
        result: result === null || result === undefined ? null : JSON.stringify(result),
        error,
        finished_at: new Date(),
        ...progress,
      })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  /** Runs one job if it is still queued (guarded in SQL: of two workers exactly one claims it). */
  async execute(id: number): Promise<void> {
    if (this.stopped) return;
    if (this.boss) {
      // A connection of its own: holds the job's session lock (released if this process dies) and
      // carries the progress writes, outside the run's transaction.
      await this.services.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(${LOCK_SPACE}, ${id})`.execute(conn);
        try {
          await this.claimAndRun(id, conn);
        } finally {
          await sql`select pg_advisory_unlock(${LOCK_SPACE}, ${id})`.execute(conn);
        }
      });
    } else await this.claimAndRun(id, undefined);
  }

  private async claimAndRun(id: number, progressDb: DbConn | undefined): Promise<void> {
    const job = await this.services.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        started_at: new Date(),
        attempts: eb('attempts', '+', 1),
        done: 0,
        total: 0,
        error: null,
      }))
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .returning(['kind', 'input', 'created_by'])
      .executeTakeFirst();
    if (!job) return;
    const progress = { done: 0, total: 0 };
    this.live.set(id, progress);
    const writer = progressDb ? throttledWriter(progressDb, id, this.progressIntervalMs) : undefined;
    const report = (done: number, total: number) => {
      progress.done = done;
      progress.total = total;
      writer?.push(done, total);
    };
    try {
      const stored = (typeof job.input === 'string' ? JSON.parse(job.input) : job.input) as {
        input: unknown;
        actorKind: 'user' | 'oauth';
      };
      const kind = this.kinds.get(job.kind);
      if (!kind) throw new AppError('PRECONDITION_FAILED', `This server cannot run jobs of kind ${job.kind}`);
      if (job.created_by === null) throw new AppError('PRECONDITION_FAILED', 'The user who started this job no longer exists');
      const actor = await actorForUser(this.services.db, job.created_by, stored.actorKind ?? 'user');
      if (!actor) throw new AppError('PRECONDITION_FAILED', 'The user who started this job can no longer sign in');
      const result = await kind.run(this.services.ctx(actor, `job-${id}`), stored.input, report);
      await writer?.close();
      await this.finish(id, 'succeeded', result, null, progress);
    } catch (err) {
      await writer?.close().catch(() => undefined);
      const message = err instanceof AppError ? err.message : 'The job failed unexpectedly; the server log has the details';
      if (!(err instanceof AppError)) this.opts.log?.error({ err, jobId: id }, 'job failed');
      await this.finish(id, 'failed', null, message, progress).catch(() => undefined);
    } finally {
      this.live.delete(id);
    }
  }

  /**
   * PostgreSQL: a `running` job whose session lock nobody holds lost its process (killed, crashed):
   * back to `queued` and sent again. Its run's transaction died with the process, so nothing of it remains.
   */
  async recover(): Promise<number[]> {
    if (!this.boss || this.stopped) return [];
    const boss = this.boss;
    const running = await this.services.db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
    if (running.length === 0) return [];
    const requeued: number[] = [];
    await this.services.db.connection().execute(async (conn) => {
      for (const { id } of running) {
        const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_SPACE}, ${id}) as ok`.execute(conn);
        if (!got.rows[0]?.ok) continue;
        try {
          const res = await conn
            .updateTable('jobs')
            .set({ status: 'queued' })
            .where('id', '=', id)
            .where('status', '=', 'running')
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) === 1) requeued.push(id);
        } finally {
          await sql`select pg_advisory_unlock(${LOCK_SPACE}, ${id})`.execute(conn);
        }
      }
    });
    for (const id of requeued) {
      this.opts.log?.info({ jobId: id }, 'job lost its worker; queued again');
      await boss.send(QUEUE, { jobId: id });
    }
    if (requeued.length && this.workerId) boss.notifyWorker(this.workerId);
    return requeued;
  }
}

/** Writes the latest progress at most every `intervalMs`, one write at a time, never awaited by the run. */
function throttledWriter(db: DbConn, id: number, intervalMs: number) {
  let latest: { done: number; total: number } | undefined;
  let last = 0;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    const p = latest;
    if (!p) return;
    latest = undefined;
    last = Date.now();
    inFlight = inFlight
      .then(() =>
        db
          .updateTable('jobs')
          .set({ done: p.done, total: p.total })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .execute(),
      )
      .then(
        () => undefined,
        () => undefined,
      );
  };
  return {
    push(done: number, total: number) {
      latest = { done, total };
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) write();
      else timer = setTimeout(write, wait);
    },
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      latest = undefined;
      await inFlight;
    },
  };
}

const registry = new WeakMap<Services, JobService>();

/**
 * The job service of a set of services: the one main.ts started, or else (test apps, scripts) an
 * in-process one made on first use, with the application's job kinds.
 */
export function jobsFor(services: Services, make: (s: Services) => JobService): JobService {
  let s = registry.get(services);
  if (!s) {
    s = make(services);
    registry.set(services, s);
  }
  return s;
}

export function attachJobs(services: Services, jobs: JobService): void {
  registry.set(services, jobs);
}
