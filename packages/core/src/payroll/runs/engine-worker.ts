import { parentPort } from 'node:worker_threads';
import type { FormulaCache } from './compute';
import { computeBatch, type EngineJob } from './engine-batch';

/* The body of a payroll engine worker thread (engine-pool.ts): computes the batches it is sent, in order. */

const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs as a worker thread (engine-pool.ts)');
// Formula results are pure: one cache per thread serves every batch of every run it computes.
const cache: FormulaCache = new Map();
port.on('message', (m: { id: number; job: EngineJob }) => {
  if (cache.size > 100_000) cache.clear();
  port.postMessage({ id: m.id, batch: computeBatch(m.job, cache) });
});
port.postMessage({ ready: true });
