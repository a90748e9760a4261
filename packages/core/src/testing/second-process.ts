import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database';
import { openDb } from '../db/index';

/**
 * "Process B" for tests of per-process caches: a second database handle with caches of its own. On PostgreSQL
 * it is a second connection pool on the test's database, as a second server process has; on the embedded
 * database (one process by design) a second Kysely instance over the same data. Call at the top of a test
 * file after the hook that opens `db()`; read `.db` inside hooks and tests only.
 */
export function useSecondProcess(db: () => Kysely<Database>): { db: Kysely<Database> } {
  const other = {} as { db: Kysely<Database> };
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (base) {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
      const url = new URL(base);
      url.pathname = `/${rows[0]!.name}`;
      const h = await openDb({ databaseUrl: url.toString(), poolSize: 3 });
      other.db = h.db;
      close = h.close;
    } else {
      other.db = db().withSchema('public');
    }
  });
  afterAll(() => close());
  return other;
}
