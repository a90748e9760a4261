import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

// Runs the real `hr` as a child process, exactly as `pnpm hr …` does (test helper).

const root = path.resolve(import.meta.dirname, '../../../..');
export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function hr(args: string[], env: Record<string, string | undefined>): Promise<Result> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, ...env };
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  return runHr(args, childEnv);
}

/** Runs `hr <args>` with exactly `env`; `stdin`, when given, is written to its standard input. */
export function runHr(args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/main.ts', ...args], {
      cwd: root,
      env,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => {
      stdout += d;
    });
    child.stderr!.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

/**
 * Runs `hr <args>` inside the test process: the same command tree (`buildProgram`) and exit codes as
 * the binary, minus the process start (tsx compiling the CLI takes seconds per call on a loaded 2-core
 * machine). `env` as for {@link hr}; what the commands print is returned, as from the binary.
 */
export async function hrInProcess(args: string[], env: Record<string, string | undefined>, stdin?: string): Promise<Result> {
  const { run } = await import('../program');
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, ...env };
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  let stdout = '';
  let stderr = '';
  const code = await run(args, childEnv, {
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
    ...(stdin === undefined ? {} : { readInput: async () => stdin }),
  });
  return { code, stdout, stderr };
}

/**
 * Fills `dataDir` with an embedded database already migrated, copied from the test run's migrated
 * template (db/testing.ts) instead of migrating 40-odd migrations in a child process.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const [{ openDb }, { createTestDb }] = await Promise.all([import('@hr/core/db'), import('@hr/core/testing')]);
  const template = await createTestDb();
  const dump = (await template.pglite!.dumpDataDir('none')) as Blob;
  await template.destroy();
  const h = await openDb({ dataDir, loadDataDir: dump });
  await h.close();
}

type Handle = Awaited<ReturnType<typeof import('@hr/core/db').openDb>>;

/**
 * A PostgreSQL database of its own, `hr_cli_<label>_…`, on the server of `adminUrl` (TEST_DATABASE_URL):
 * its URL, and `drop` to remove it (and close the admin connection) after the tests.
 */
export async function scratchDatabase(adminUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const [{ openDb }, { sql }] = await Promise.all([import('@hr/core/db'), import('kysely')]);
  const name = `hr_cli_${label}_${Date.now().toString(36)}_${process.pid}`;
  const admin = await openDb({ databaseUrl: adminUrl, poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}

/**
 * The database of one CLI test file, set up before its tests: with TEST_DATABASE_URL a PostgreSQL
 * database of its own (migrated by `hr db migrate`, dropped afterwards), otherwise an embedded one in a
 * temporary DATA_DIR copied from the migrated test template. `env` is what the commands get;
 * `withDb` opens it for the test's own reads and writes between commands.
 */
export function cliDatabase(label: string): {
  dataDir: string;
  readonly env: Record<string, string | undefined>;
  withDb: <T>(fn: (h: Handle) => Promise<T>) => Promise<T>;
} {
  const dataDir = tempDir();
  let env: Record<string, string | undefined> = { DATA_DIR: dataDir };
  let drop: (() => Promise<void>) | undefined;
  const open = async () => (await import('@hr/core/db')).openDb({ databaseUrl: env.DATABASE_URL, dataDir });
  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return migratedDataDir(dataDir);
    const scratch = await scratchDatabase(adminUrl, label);
    env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
    drop = scratch.drop;
    const m = await hrInProcess(['db', 'migrate'], env);
    if (m.code !== 0) throw new Error(`hr db migrate failed: ${m.stderr}`);
  });
  afterAll(async () => {
    await drop?.();
  });
  return {
    dataDir,
    get env() {
      return env;
    },
    withDb: async (fn) => {
      const h = await open();
      try {
        return await fn(h);
      } finally {
        await h.close();
      }
    },
  };
}

const temps: string[] = [];
export const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'hr-cli-test-'));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/**
 * A temporary DATA_DIR that a live process "owns" for the suite, recorded the way packages/core/src/db/lock.ts
 * does (a server on port 3999): the holder starts before the suite's tests and is killed after them.
 */
export function dataDirHeldByServer(): { dataDir: string; readonly pid: number | undefined } {
  const dataDir = tempDir();
  let holder: ChildProcess | undefined;
  beforeAll(() => {
    holder = spawn('sleep', ['120'], { stdio: 'ignore' });
    writeFileSync(
      path.join(dataDir, 'owner.lock'),
      JSON.stringify({ pid: holder.pid, owner: 'server', port: 3999, since: new Date().toISOString() }),
    );
  });
  afterAll(() => {
    holder?.kill();
  });
  return {
    dataDir,
    get pid() {
      return holder?.pid;
    },
  };
}
