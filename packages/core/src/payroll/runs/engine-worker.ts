import { parentPort } from 'node:worker_threads';
import type { FormulaCache } from './compute';
import { computeBatch, type EngineJob } from './engine-batch';
import { lowerThreadPriority } from '../../shared/thread-cpu';

/* The body of a payroll engine worker thread (engine-pool.ts): computes the batches it is sent, in order. */

const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs as a worker thread (engine-pool.ts)');
// Formula results are pure: one cache per thread serves every batch of every run it computes.
const cache: FormulaCache = new Map();
port.on('message', (m: { id: number; job: EngineJob }) => {
  if (cache.size > 100_000) cache.clear();
  const batch = computeBatch(m.job, cache);
  // COPY rows are bytes of their own: handed over, not copied (engine-batch.ts PayslipRows).
  const transfer = batch.ok && typeof batch.rows !== 'string' ? [batch.rows.buffer as ArrayBuffer] : [];
  port.postMessage({ id: m.id, batch }, transfer);
});
// Batch work: this thread yields the cores to the run's database writer and to requests (shared/thread-cpu.ts).
const nice = lowerThreadPriority();
port.postMessage({ ready: true, nice });
