import { randomBytes } from 'node:crypto';
import { migrateToLatest, openDb } from '@hr/core/db';
import { sql } from 'kysely';

export type BenchDb = Awaited<ReturnType<typeof openDb>>['db'];

/**
 * Runs a benchmark in a migrated PostgreSQL database of its own on DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards, also on Ctrl-C.
 * BENCH_KEEP=1 keeps it for EXPLAIN sessions (drop it yourself afterwards).
 */
export async function withScratchDatabase(
  prefix: string,
  log: (...a: unknown[]) => void,
  run: (db: BenchDb, databaseUrl: string) => Promise<void>,
  opts: { poolSize?: number } = {},
): Promise<void> {
  const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = await openDb({ databaseUrl: baseUrl, poolSize: 1 });
  await sql`create database ${sql.id(dbName)}`.execute(admin.db);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  log(`database ${dbName}`);
  let handle: Awaited<ReturnType<typeof openDb>> | undefined;
  const cleanup = async () => {
    await handle?.close().catch(() => undefined);
    if (process.env.BENCH_KEEP === '1') log(`kept database ${dbName}`);
    else await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin.db);
    await admin.close();
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    handle = await openDb({ databaseUrl: url.toString(), poolSize: opts.poolSize ?? 2 });
    await migrateToLatest(handle.db);
    await run(handle.db, url.toString());
  } finally {
    await cleanup();
  }
}
