import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type DbHandle, openDb } from './client';
import type { Database } from './database';
import { migrateToLatest } from './migrate';

/**
 * A fresh, migrated database for one test file. With TEST_DATABASE_URL (CI's PostgreSQL
 * run) it creates and later drops a database of its own; otherwise an in-memory PGlite
 * started from a migrated dump made once per process.
 */
let template: Promise<Blob> | undefined;

async function pgliteTemplate(): Promise<Blob> {
  const h = await openDb({ dataDir: 'memory://' });
  await migrateToLatest(h.db);
  const dump = (await h.pglite!.dumpDataDir('none')) as Blob;
  await h.close();
  return dump;
}

export interface TestDb extends DbHandle {
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  destroy(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `hr_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const h = await openDb({ databaseUrl: u.toString(), poolSize: 5 });
    await migrateToLatest(h.db);
    return {
      ...h,
      destroy: async () => {
        await h.close();
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
        await admin.destroy();
      },
    };
  }
  template ??= pgliteTemplate();
  const h = await openDb({ dataDir: 'memory://', loadDataDir: await template });
  return { ...h, destroy: () => h.close() };
}

export type { Database };
export { pdfPageCount, pdfText } from '../testing/pdf';
