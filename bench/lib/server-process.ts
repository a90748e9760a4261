import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/* A real server process for the benchmarks that measure through HTTP (`bench load`, `bench web`). */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Waits (at most 60 s) until `url` answers 2xx; fails at once when `child` exits meanwhile. */
export async function waitFor(url: string, child: ChildProcess, what = 'the server'): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within 60 s`);
}

/**
 * `packages/server/src/main.ts` in production mode on `databaseUrl`, listening on 127.0.0.1:`port`, without the
 * demo seed; `env` adds or overrides variables (TRUST_PROXY, WEB_DIST …). BENCH_CPU_PROFILE=<dir>: the server
 * writes a V8 CPU profile there when it stops (where the time goes).
 */
export function startServer(databaseUrl: string, port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}
