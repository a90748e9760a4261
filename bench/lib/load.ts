import { spawn } from 'node:child_process';
import path from 'node:path';

export interface LoadResult {
  /** Mean requests per second over the per-second samples. */
  rps: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  connections?: number;
  /** Seconds. */
  duration?: number;
}

const child = path.join(import.meta.dirname, 'autocannon-child.mjs');

/** One autocannon run in a child process; throws if any response was not 2xx (the figure would be meaningless). */
export function load(opts: LoadOptions): Promise<LoadResult> {
  const args = JSON.stringify({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers ?? {},
    ...(opts.body ? { body: opts.body } : {}),
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 6,
  });
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadResult;
      if (r.non2xx > 0 || r.errors > 0) {
        return reject(new Error(`${opts.url}: ${r.non2xx} non-2xx responses, ${r.errors} errors of ${r.total}`));
      }
      resolve(r);
    });
  });
}
