import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { dropWorker, type PendingTask } from '../../shared/worker-tasks';
import type { EngineBatch, EngineJob } from './engine-batch';

/*
 * Worker threads for a large payroll run (issue 22: 100,000 employees). The engine is exact decimal arithmetic
 * with a trace per line, CPU-bound and independent per employee, so a run hands batches of employees to one
 * thread per core and keeps its own thread for loading inputs and writing payslips. Batches are answered as
 * rows' JSON plus totals (engine-batch.ts): the payslips' objects never cross back, which would cost the main
 * thread as much as computing them. The pool lives for one run: `close()` ends its threads.
 */

/** Runs smaller than this compute on the caller's thread (a worker's start costs about half a second). */
export const ENGINE_THREADS_FROM_EMPLOYEES = 4_000;

/** Threads for a run of `employees`: one per core (at most 4), none for a small run or a single core. */
export function defaultEngineThreads(employees: number): number {
  if (employees < ENGINE_THREADS_FROM_EMPLOYEES) return 0;
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(4, cores);
}

interface PoolThread {
  worker: Worker;
  queued: number;
  /** The thread's nice value once it is ready (null: the platform refused to lower it). */
  ready: Promise<number | null>;
}

export class EnginePool {
  private readonly threads: PoolThread[] = [];
  private readonly pending = new Map<number, PendingTask<PoolThread, EngineBatch>>();
  private nextId = 1;
  private closed = false;

  /** `script`: the worker's code (tests give one that fails, to show the run carries on without threads). */
  constructor(
    size: number,
    private readonly script: URL = new URL('./engine-worker.mjs', import.meta.url),
  ) {
    for (let i = 0; i < size; i++) this.threads.push(this.start());
  }

  /** Computes one batch on the least busy thread. */
  compute(job: EngineJob): Promise<EngineBatch> {
    if (this.closed || this.threads.length === 0)
      return Promise.reject(new Error('the payroll engine threads are closed or have failed'));
    const t = this.threads.reduce((a, b) => (b.queued < a.queued ? b : a));
    const id = this.nextId++;
    return new Promise<EngineBatch>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, on: t });
      t.queued++;
      t.worker.postMessage({ id, job });
    });
  }

  /** Each thread's nice value once it has started (engine-worker.ts lowers it to BATCH_THREAD_NICE). */
  priorities(): Promise<(number | null)[]> {
    return Promise.all(this.threads.map((t) => t.ready));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private start(): PoolThread {
    // The worker registers tsx itself (engine-worker.mjs); flags such as --import tsx are not passed twice.
    const worker = new Worker(this.script, { execArgv: [] });
    let ready: (nice: number | null) => void = () => undefined;
    const t: PoolThread = { worker, queued: 0, ready: new Promise((resolve) => (ready = resolve)) };
    worker.on('message', (m: { id?: number; batch?: EngineBatch; nice?: number | null }) => {
      if (m.id === undefined) return ready(m.nice ?? null); // the ready signal
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      t.queued--;
      p.resolve(m.batch!);
    });
    const fail = (err: Error) => dropWorker(this.threads, t, this.pending, err);
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`payroll engine worker exited with ${code}`));
    });
    return t;
  }
}
