import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createServices } from '@hr/core/services';
import { ensureReferenceData, seedDemo } from '@hr/core/seed';
import { migrateToLatest, type OpenDbOptions, openDb, tableStats } from '@hr/core/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hr, tempDir } from './testing/run-hr';

// `hr db backup` then `hr db restore --yes` into an empty database, as child processes. With
// TEST_DATABASE_URL (CI's PostgreSQL run) between two PostgreSQL databases of their own
// (pg_dump custom format); otherwise between two embedded databases in temporary DATA_DIRs.
const adminUrl = process.env.TEST_DATABASE_URL;

async function withDb<T>(opts: OpenDbOptions, fn: (h: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const h = await openDb({ ...opts, poolSize: 2 });
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
}
/** Every table of `public` with its row count and a checksum of its rows. */
const fingerprint = (opts: OpenDbOptions) => withDb(opts, (h) => tableStats(h.db, { checksum: true }));

describe('hr db backup and hr db restore round trip', () => {
  let files = '';
  let file = '';
  const source = { DATA_DIR: '', DATABASE_URL: undefined as string | undefined };
  const target = { DATA_DIR: '', DATABASE_URL: undefined as string | undefined };
  const dbOpts = (env: typeof source): OpenDbOptions => ({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  let before: Awaited<ReturnType<typeof fingerprint>>;
  const names = ['a', 'b'].map((s) => `hr_cli_backup_${s}_${Date.now().toString(36)}_${process.pid}`);

  beforeAll(async () => {
    files = tempDir();
    file = path.join(files, adminUrl ? 'nightly.dump' : 'nightly.tar.gz');
    source.DATA_DIR = tempDir();
    target.DATA_DIR = tempDir();
    if (adminUrl) {
      await withDb({ databaseUrl: adminUrl }, async (h) => {
        for (const name of names) await sql`create database ${sql.id(name)}`.execute(h.db);
      });
      [source.DATABASE_URL, target.DATABASE_URL] = names.map((name) => {
        const u = new URL(adminUrl);
        u.pathname = `/${name}`;
        return u.toString();
      });
    }
    await withDb(dbOpts(source), async (h) => {
      await migrateToLatest(h.db);
      await ensureReferenceData(h.db);
      await seedDemo(createServices(h.db).ctx(null, 'test:backup'), { employees: 20 });
      before = await tableStats(h.db, { checksum: true });
    });
  }, 120_000);
  afterAll(async () => {
    if (!adminUrl) return;
    await withDb({ databaseUrl: adminUrl }, async (h) => {
      for (const name of names) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(h.db);
    });
  });

  it('backs up, restores into an empty database with --yes, and every row of every table is there', async () => {
    const rows = before.reduce((n, t) => n + t.rows, 0);
    const where = adminUrl ? 'PostgreSQL 127\\.0\\.0\\.1:\\d+/hr_cli_backup_a_\\w+' : `embedded database in ${source.DATA_DIR}`;

    const backup = await hr(['db', 'backup', file], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`^Backed up the ${where} to ${file}: [\\d.]+ (kB|MB), ${before.length} tables, ${rows} rows\\.\\n$`),
    );
    expect(readdirSync(files)).toEqual([path.basename(file)]);

    const restore = await hr(['db', 'restore', file, '--yes'], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(
      new RegExp(`^Restored ${file} \\([\\d.]+ (kB|MB)\\) into the .+: ${before.length} tables, ${rows} rows\\.\\n$`),
    );
    expect(await fingerprint(dbOpts(target))).toEqual(before);

    // Now the target has data: without --yes it is left alone.
    const again = await hr(['db', 'restore', file], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^Refusing to restore into the .+ without --yes: it already has data \(\d+ rows in \d+ tables\), and the restore replaces all of it\.\n$/,
    );
  }, 180_000); // four PGlite starts in child processes
});
