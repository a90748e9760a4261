import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferenceData, seedDemo } from '../seed/index';
import { createServices } from '../services';
import { backupDatabase, detectBackupKind, RestoreTargetHasData, restoreDatabase, type TableStat, tableStats } from './backup';
import { type DbHandle, openDb, type OpenDbOptions } from './client';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

const adminUrl = process.env.TEST_DATABASE_URL;
// One temporary folder per run, made in a hook (not while collecting) and always removed.
let root = '';
const tempDir = (name: string) => {
  const d = path.join(root, name);
  mkdirSync(d);
  return d;
};
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'hr-backup-test-'));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

async function withDb<T>(opts: OpenDbOptions, fn: (h: DbHandle) => Promise<T>): Promise<T> {
  const h = await openDb({ ...opts, poolSize: 2 });
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
}

/** Migrates, loads the reference lists and a small demo company; returns every table's rows and checksum. */
const seed = (opts: OpenDbOptions) =>
  withDb(opts, async (h) => {
    await migrateToLatest(h.db);
    await ensureReferenceData(h.db);
    await seedDemo(createServices(h.db).ctx(null, 'test:backup'), { employees: 20 });
    return tableStats(h.db, { checksum: true });
  });
const fingerprint = (opts: OpenDbOptions) => withDb(opts, (h) => tableStats(h.db, { checksum: true }));
const rowsOf = (stats: TableStat[]) => stats.reduce((n, s) => n + s.rows, 0);

// The embedded tests run in the PGlite run; with TEST_DATABASE_URL (CI's PostgreSQL run) the PostgreSQL ones do.
// The embedded database round trip needs nothing but a temp dir: it runs in both test modes.
describe('backup and restore of the embedded database', () => {
  let dir: string;
  let source: string;
  let file: string;
  let before: TableStat[];

  beforeAll(async () => {
    dir = tempDir('embedded');
    source = path.join(dir, 'source');
    file = path.join(dir, 'nightly.tar.gz');
    before = await seed({ dataDir: source });
  }, 120_000);

  it('backs up to a tar.gz and restores it into a new data dir with every row of every table', async () => {
    expect(before.length).toBeGreaterThan(10);
    expect(before.find((t) => t.table === 'employees')?.rows).toBe(20);

    const backup = await backupDatabase({ dataDir: source }, file);
    expect(backup).toEqual({
      kind: 'pglite',
      file,
      bytes: statSync(file).size,
      tables: before.length,
      rows: rowsOf(before),
    });
    expect(detectBackupKind(readFileSync(file).subarray(0, 8))).toBe('pglite');
    expect(readdirSync(dir).sort()).toEqual(['nightly.tar.gz', 'source']); // no temp file left beside it

    const target = path.join(dir, 'target');
    const restored = await restoreDatabase({ dataDir: target }, file);
    expect(restored).toMatchObject({ kind: 'pglite', tables: before.length, rows: rowsOf(before), migrations: [] });
    expect(readdirSync(target)).toEqual(['pgdata']); // the work folder is gone
    expect(await fingerprint({ dataDir: target })).toEqual(before);
  }, 90_000);

  it('refuses to restore over data without replace; a damaged file leaves the database as it was', async () => {
    const target = path.join(dir, 'target');
    const err = await restoreDatabase({ dataDir: target }, file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreTargetHasData);
    expect((err as RestoreTargetHasData).rows).toBe(rowsOf(before.filter((t) => !t.table.startsWith('kysely_'))));

    const truncated = path.join(dir, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(file).subarray(0, 100_000));
    await expect(restoreDatabase({ dataDir: target }, truncated, { replace: true })).rejects.toThrow(
      `${truncated} is damaged: its gzip data cannot be read`,
    );
    // Valid gzip holding a broken data folder: fails only when PGlite opens it, after the work folder exists.
    const broken = path.join(dir, 'broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'PG_VERSION'), '17\n');
    spawnSync('tar', ['czf', path.join(dir, 'broken.tar.gz'), '-C', broken, 'PG_VERSION']);
    await expect(restoreDatabase({ dataDir: target }, path.join(dir, 'broken.tar.gz'), { replace: true })).rejects.toThrow(
      'could not be opened as an embedded database',
    );
    expect(readdirSync(target)).toEqual(['pgdata']);

    // Any gzip that is not a data folder, and a pg_dump archive, are refused by their contents.
    writeFileSync(path.join(dir, 'notes.gz'), gzipSync('hello'));
    await expect(restoreDatabase({ dataDir: target }, path.join(dir, 'notes.gz'), { replace: true })).rejects.toThrow(
      'is a gzip file but not an embedded-database backup',
    );
    writeFileSync(path.join(dir, 'pg.dump'), 'PGDMP\u0001\u000e\u0000');
    await expect(restoreDatabase({ dataDir: target }, path.join(dir, 'pg.dump'), { replace: true })).rejects.toThrow(
      'is a PostgreSQL backup (pg_dump custom format); it cannot be restored into the embedded database',
    );

    // With replace it goes through, over the existing database.
    const again = await restoreDatabase({ dataDir: target }, file, { replace: true });
    expect(again.rows).toBe(rowsOf(before));
    expect(await fingerprint({ dataDir: target })).toEqual(before);
  }, 90_000);

  it('brings a backup from an older version up to date by running the pending migrations', async () => {
    // "Older version": a database whose migration history has none of today's migrations.
    const oldFile = path.join(dir, 'old.tar.gz');
    await withDb({ dataDir: 'memory://' }, async (h) => {
      await new Migrator({ db: h.db, provider: { getMigrations: async () => ({}) } }).migrateToLatest();
      writeFileSync(oldFile, Buffer.from(await (await h.pglite!.dumpDataDir('gzip')).arrayBuffer()));
    });
    const target = path.join(dir, 'from-old');
    const restored = await restoreDatabase({ dataDir: target }, oldFile);
    expect(restored.migrations).toEqual(Object.keys(migrations));
    expect(restored.tables).toBe(before.length); // the schema of today's version
  }, 90_000);

  it('refuses to back up a data dir without a database', async () => {
    const empty = tempDir('empty');
    await expect(backupDatabase({ dataDir: empty }, path.join(empty, 'x.tar.gz'))).rejects.toThrow(
      `There is no embedded database in ${empty} to back up.`,
    );
    await expect(backupDatabase({ dataDir: source }, path.join(empty, 'missing', 'x.tar.gz'))).rejects.toThrow('the folder');
  });
});

// The PostgreSQL round trip runs in the PostgreSQL test mode (TEST_DATABASE_URL), where a server is given.
const describeOnPostgres = adminUrl ? describe : () => undefined;
describeOnPostgres('backup and restore of PostgreSQL (pg_dump custom format)', () => {
  let dir: string;
  let file: string;
  const names = ['a', 'b'].map((s) => `hr_backup_test_${s}_${Date.now().toString(36)}_${process.pid}`);
  const urlOf = (name: string) => {
    const u = new URL(adminUrl ?? 'postgres://unused');
    u.pathname = `/${name}`;
    return u.toString();
  };
  const [source, target] = names.map(urlOf) as [string, string];
  let before: TableStat[];

  beforeAll(async () => {
    dir = tempDir('postgres');
    file = path.join(dir, 'nightly.dump');
    await withDb({ databaseUrl: adminUrl }, async (h) => {
      for (const name of names) await sql`create database ${sql.id(name)}`.execute(h.db);
    });
    before = await seed({ databaseUrl: source });
  }, 120_000);
  afterAll(async () => {
    await withDb({ databaseUrl: adminUrl }, async (h) => {
      for (const name of names) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(h.db);
    });
  });

  it('dumps and restores into a second database with every row of every table', async () => {
    const backup = await backupDatabase({ databaseUrl: source, dataDir: dir }, file);
    expect(backup).toMatchObject({ kind: 'postgres', file, tables: before.length, rows: rowsOf(before) });
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restored = await restoreDatabase({ databaseUrl: target, dataDir: dir }, file);
    expect(restored).toMatchObject({ kind: 'postgres', tables: before.length, rows: rowsOf(before), migrations: [] });
    expect(await fingerprint({ databaseUrl: target })).toEqual(before);
  });

  it('refuses over data without replace, rolls back a restore that fails midway, and refuses a PGlite file', async () => {
    await expect(restoreDatabase({ databaseUrl: target, dataDir: dir }, file)).rejects.toBeInstanceOf(RestoreTargetHasData);

    // The table of contents (at the start of a custom-format archive, however many tables there
    // are) is intact but the last data block is cut off: pg_restore fails after psql began.
    const truncated = path.join(dir, 'truncated.dump');
    const bytes = readFileSync(file);
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 8));
    await expect(restoreDatabase({ databaseUrl: target, dataDir: dir }, truncated, { replace: true })).rejects.toThrow(
      'Restore failed, nothing was changed: pg_restore: error: could not read from input file: end of file',
    );
    expect(await fingerprint({ databaseUrl: target })).toEqual(before);

    writeFileSync(path.join(dir, 'embedded.tar.gz'), gzipSync('x'));
    await expect(
      restoreDatabase({ databaseUrl: target, dataDir: dir }, path.join(dir, 'embedded.tar.gz'), { replace: true }),
    ).rejects.toThrow('is an embedded-database backup (PGlite data folder, tar.gz); it cannot be restored into PostgreSQL');

    const again = await restoreDatabase({ databaseUrl: target, dataDir: dir }, file, { replace: true });
    expect(again.rows).toBe(rowsOf(before));
    expect(await fingerprint({ databaseUrl: target })).toEqual(before);
  });
});
