import { acquireDataDirLock, type DataDirLock, type DbHandle, openDb } from '@hr/core/db';
import { AppError } from '@hr/core/shared';
import { createServices, type Services } from '@hr/core/services';
import type { CliConfig } from './config';
import { CliError, EXIT } from './errors';

/** What a command prints through (stdout and stderr), so the program can run in-process too. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** Standard input as text (the process's stdin when absent; tests running `hr` in-process pass their own). */
  readInput?(): Promise<string>;
}

/**
 * Takes the embedded database's data-dir lock (PGlite has one owner process). A running
 * server or another `hr` holds it: refuse with the lock's message and exit code 2, before
 * anything in the data dir is opened or changed. PostgreSQL needs no lock.
 */
export function lockDataDir(cfg: CliConfig): DataDirLock | undefined {
  if (cfg.databaseUrl) return undefined;
  try {
    return acquireDataDirLock(cfg.dataDir, 'hr cli');
  } catch (e) {
    if (e instanceof AppError && e.code === 'CONFLICT') throw new CliError(e.message, EXIT.locked);
    throw e;
  }
}

/** Opens the configured database (under the data-dir lock when embedded), runs fn, then closes and unlocks. */
export async function withDatabase<T>(
  cfg: CliConfig,
  fn: (handle: DbHandle, services: Services) => Promise<T>,
  opts: { beforeOpen?: () => void } = {},
): Promise<T> {
  const lock = lockDataDir(cfg);
  try {
    opts.beforeOpen?.();
    const handle = await openDb({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, poolSize: 2 });
    try {
      return await fn(handle, createServices(handle.db));
    } finally {
      await handle.close();
    }
  } finally {
    lock?.release();
  }
}
