import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../shared/errors';
import { type DbKind, openDb } from './client';
import { migrateToLatest } from './migrate';

/*
 * Backup and restore of the whole database, on both backends:
 * - embedded (PGlite in `<dataDir>/pgdata`): the file is PGlite's data-dir dump, a tar.gz;
 * - PostgreSQL (`databaseUrl`): a pg_dump custom-format archive (`pg_dump -Fc`), restored
 *   with pg_restore piped into one psql transaction.
 * For the embedded database the caller must own the data dir (hold its lock, see lock.ts):
 * PGlite is single-process, so backup and restore never run beside a server.
 */

export interface BackupTarget {
  /** postgres://…: that PostgreSQL database, through the PostgreSQL client tools. */
  databaseUrl?: string | undefined;
  /** Otherwise the embedded database in this folder (DATA_DIR; PGlite lives in `<dataDir>/pgdata`). */
  dataDir: string;
}

export interface BackupSummary {
  kind: DbKind;
  /** Absolute path of the backup file. */
  file: string;
  /** Size of the backup file in bytes. */
  bytes: number;
  /** Tables of the `public` schema, and their rows in total. */
  tables: number;
  rows: number;
}

export interface RestoreSummary extends BackupSummary {
  /** Migrations applied after the restore (the backup came from an older version of the app). */
  migrations: string[];
}

export interface TableStat {
  table: string;
  rows: number;
  /** md5 over every row's text in a stable order; only when asked for. */
  checksum?: string;
}

/** A restore without `replace` into a database that already has rows (beyond migration bookkeeping). */
export class RestoreTargetHasData extends AppError {
  /** Tables and rows found in the target; -1 when the existing database could not be read. */
  readonly tables: number;
  readonly rows: number;
  constructor(tables: number, rows: number) {
    super(
      'CONFLICT',
      rows < 0
        ? 'The target already holds a database (it could not be read); a restore replaces it.'
        : `The target already has data (${rows} rows in ${tables} tables); a restore replaces all of it.`,
    );
    this.tables = tables;
    this.rows = rows;
  }
}

/** Kysely's bookkeeping: a migrated but otherwise empty database has rows only here. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
const PGDATA = 'pgdata';
const MAGIC: Record<DbKind, number[]> = {
  pglite: [0x1f, 0x8b], // gzip
  postgres: [...Buffer.from('PGDMP')], // pg_dump custom format
};

/** The kind of backup a file is, from its first bytes; null when it is neither. */
export function detectBackupKind(head: Uint8Array): DbKind | null {
  for (const kind of ['postgres', 'pglite'] as const) {
    if (MAGIC[kind].every((b, i) => head[i] === b)) return kind;
  }
  return null;
}

/** Every table of the `public` schema with its row count (and, if asked, a content checksum), by name. */
export async function tableStats<DB>(db: Kysely<DB>, opts: { checksum?: boolean } = {}): Promise<TableStat[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  if (tables.length === 0) return [];
  const checksum = opts.checksum ? sql`md5(coalesce(string_agg(t::text, ',' order by t::text), ''))` : sql`null::text`;
  const { rows } = await sql<{ name: string; rows: string; checksum: string | null }>`${sql.join(
    tables.map(
      ({ name }) =>
        sql`select ${name}::text as name, count(*)::int8 as rows, ${checksum} as checksum from ${sql.table(`public.${name}`)} as t`,
    ),
    sql` union all `,
  )}`.execute(db);
  const byName = new Map(rows.map((r) => [r.name, r]));
  return tables.map(({ name }) => {
    const r = byName.get(name)!;
    return { table: name, rows: Number(r.rows), ...(opts.checksum ? { checksum: r.checksum ?? '' } : {}) };
  });
}

const totals = (stats: TableStat[]) => ({ tables: stats.length, rows: stats.reduce((n, s) => n + s.rows, 0) });
const dataTotals = (stats: TableStat[]) => totals(stats.filter((s) => !MIGRATION_TABLES.has(s.table)));

/** Backs up the target database into `file`, atomically (temp file beside it, then rename). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<BackupSummary> {
  const out = path.resolve(file);
  const dir = path.dirname(out);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new AppError('PRECONDITION_FAILED', `Cannot write ${out}: the folder ${dir} does not exist.`);
  }
  if (existsSync(out) && statSync(out).isDirectory()) {
    throw new AppError('PRECONDITION_FAILED', `Cannot write ${out}: it is a folder.`);
  }
  return target.databaseUrl ? backupPostgres(target.databaseUrl, out) : backupPglite(target.dataDir, out);
}

/**
 * Restores `file` into the target database, then applies pending migrations. Refuses with
 * RestoreTargetHasData when the target has rows, unless `replace`. The restore either
 * completes or leaves the target as it was.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  opts: { replace?: boolean } = {},
): Promise<RestoreSummary> {
  const src = path.resolve(file);
  const kind = detectBackupKind(readHead(src));
  if (kind === null) {
    throw new AppError(
      'VALIDATION',
      `${src} is not a backup made by \`hr db backup\` (neither an embedded-database tar.gz nor a pg_dump custom-format archive).`,
    );
  }
  const into: DbKind = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== into) {
    throw new AppError(
      'VALIDATION',
      kind === 'postgres'
        ? `${src} is a PostgreSQL backup (pg_dump custom format); it cannot be restored into the embedded database. Set DATABASE_URL to restore it into PostgreSQL.`
        : `${src} is an embedded-database backup (PGlite data folder, tar.gz); it cannot be restored into PostgreSQL. Unset DATABASE_URL to restore it into the embedded database in DATA_DIR.`,
    );
  }
  const replace = opts.replace ?? false;
  return target.databaseUrl ? restorePostgres(target.databaseUrl, src, replace) : restorePglite(target.dataDir, src, replace);
}

function readHead(file: string): Buffer {
  let fd: number;
  try {
    if (statSync(file).isDirectory()) throw new AppError('VALIDATION', `${file} is a folder, not a backup file.`);
    fd = openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND', `Backup file ${file} not found.`);
    throw e;
  }
  try {
    const head = Buffer.alloc(8);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

// ---- files ----

/** An empty temp file beside `file`, readable by the owner only (backups hold salaries and password hashes). */
function createTemp(file: string): string {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  closeSync(openSync(tmp, 'wx', 0o600));
  return tmp;
}

/** Flushes the finished temp file to disk and moves it over `file` (rename is atomic within a folder). */
function commitTemp(tmp: string, file: string): number {
  const fd = openSync(tmp, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  try {
    const dirFd = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    /* not every platform can fsync a folder; the rename itself is still atomic */
  }
  return statSync(file).size;
}

/** Writes `file` through a temp file: a crash never leaves a half-written backup under its name. */
async function writeAtomically(file: string, fill: (tmp: string) => Promise<void>): Promise<number> {
  const tmp = createTemp(file);
  try {
    await fill(tmp);
    return commitTemp(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

// ---- embedded (PGlite) ----

const hasPgData = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

async function backupPglite(dataDir: string, out: string): Promise<BackupSummary> {
  if (!hasPgData(path.join(dataDir, PGDATA))) {
    throw new AppError('NOT_FOUND', `There is no embedded database in ${path.resolve(dataDir)} to back up.`);
  }
  const h = await openDb({ dataDir });
  let stats: TableStat[];
  let dump: Blob;
  try {
    stats = await tableStats(h.db);
    dump = await h.pglite!.dumpDataDir('gzip');
  } finally {
    await h.close();
  }
  const bytes = Buffer.from(await dump.arrayBuffer());
  const size = await writeAtomically(out, async (tmp) => {
    const fd = openSync(tmp, 'w');
    try {
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off);
    } finally {
      closeSync(fd);
    }
  });
  return { kind: 'pglite', file: out, bytes: size, ...totals(stats) };
}

/** Whether an uncompressed tar holds `name` (at its root). */
function tarHas(tar: Buffer, name: string): boolean {
  for (let off = 0; off + 512 <= tar.length; ) {
    const header = tar.subarray(off, off + 512);
    if (header.every((b) => b === 0)) return false; // end of archive
    const field = (from: number, to: number) => header.subarray(from, to).toString('utf8').split('\0')[0]!;
    const prefix = field(257, 262) === 'ustar' ? field(345, 500) : '';
    const entry = (prefix ? `${prefix}/` : '') + field(0, 100);
    if (entry.replace(/^\.?\/+/, '') === name) return true;
    const size = Number.parseInt(field(124, 136).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) return false;
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

async function restorePglite(dataDir: string, src: string, replace: boolean): Promise<RestoreSummary> {
  const bytes = readFileSync(src);
  let tar: Buffer;
  try {
    // Unpacked here, not by PGlite: a damaged gzip must fail as an error, not crash the process.
    tar = gunzipSync(bytes);
  } catch (e) {
    throw new AppError('VALIDATION', `${src} is damaged: its gzip data cannot be read (${(e as Error).message}).`);
  }
  if (!tarHas(tar, 'PG_VERSION')) {
    throw new AppError('VALIDATION', `${src} is a gzip file but not an embedded-database backup (it holds no database folder).`);
  }

  const live = path.join(dataDir, PGDATA);
  if (!replace && hasPgData(live)) {
    let found: { tables: number; rows: number };
    try {
      const h = await openDb({ dataDir });
      try {
        found = dataTotals(await tableStats(h.db));
      } finally {
        await h.close();
      }
    } catch {
      throw new RestoreTargetHasData(-1, -1);
    }
    if (found.rows > 0) throw new RestoreTargetHasData(found.tables, found.rows);
  }

  // Build the new data folder beside the live one; the live one is only touched by the final renames.
  mkdirSync(dataDir, { recursive: true });
  const work = mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    let h: Awaited<ReturnType<typeof openDb>>;
    try {
      h = await openDb({ dataDir: work, loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }) });
    } catch (e) {
      throw new AppError('VALIDATION', `${src} could not be opened as an embedded database: ${(e as Error).message}`);
    }
    let stats: TableStat[];
    let migrations: string[];
    try {
      const { rows } = await sql<{ ok: boolean }>`select to_regclass('public.kysely_migration') is not null as ok`.execute(h.db);
      if (!rows[0]?.ok) {
        throw new AppError('VALIDATION', `${src} is not a backup of this application's database (it has no migrations table).`);
      }
      // Migrate before the swap: a failing migration leaves the live database as it was.
      migrations = await migrateToLatest(h.db);
      stats = await tableStats(h.db);
    } finally {
      await h.close();
    }
    const old = path.join(work, 'previous');
    const hadLive = existsSync(live);
    if (hadLive) renameSync(live, old);
    try {
      renameSync(path.join(work, PGDATA), live);
    } catch (e) {
      if (hadLive) renameSync(old, live);
      throw e;
    }
    return { kind: 'pglite', file: src, bytes: bytes.length, ...totals(stats), migrations };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// ---- PostgreSQL (client tools) ----

const CLIENT_PACKAGE = 'postgresql-client';

/** The path of a PostgreSQL client tool on PATH, or a clear error naming the package that provides it. */
function findTool(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not here */
    }
  }
  throw new AppError(
    'PRECONDITION_FAILED',
    `${name} was not found on PATH. Backup and restore of PostgreSQL use the PostgreSQL client tools (pg_dump, pg_restore, psql) ` +
      `of the server's major version or newer; on Debian or Ubuntu install the package ${CLIENT_PACKAGE} (apt-get install ${CLIENT_PACKAGE}).`,
  );
}

/** The URL for libpq without its password, which goes in PGPASSWORD instead (not visible in `ps`). */
function libpq(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

const oneLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ')
    .slice(0, 1000);

/** Runs a client tool to completion; rejects with its stderr on one line. Resolves with its stdout. */
function runTool(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(oneLine(stderr) || `${path.basename(cmd)} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

async function backupPostgres(databaseUrl: string, out: string): Promise<BackupSummary> {
  const pgDump = findTool('pg_dump');
  const conn = libpq(databaseUrl);
  const h = await openDb({ databaseUrl, poolSize: 1 });
  try {
    let stats: TableStat[] = [];
    const size = await writeAtomically(out, (tmp) =>
      h.db.connection().execute(async (c) => {
        // pg_dump reads the snapshot this transaction exports, so the counts describe exactly what is dumped.
        await sql`begin isolation level repeatable read read only`.execute(c);
        try {
          const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(c);
          stats = await tableStats(c);
          await runTool(
            pgDump,
            ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${tmp}`, `--dbname=${conn.dbname}`],
            conn.env,
          ).catch((e: Error) => {
            throw new AppError('INTERNAL', `Backup failed: ${e.message}`);
          });
        } finally {
          await sql`rollback`.execute(c);
        }
      }),
    );
    return { kind: 'postgres', file: out, bytes: size, ...totals(stats) };
  } finally {
    await h.close();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function restorePostgres(databaseUrl: string, src: string, replace: boolean): Promise<RestoreSummary> {
  const pgRestore = findTool('pg_restore');
  const psql = findTool('psql');
  const conn = libpq(databaseUrl);

  // The archive's table of contents: proves the file is readable before anything is dropped.
  const toc = await runTool(pgRestore, ['--list', src], process.env).catch((e: Error) => {
    throw new AppError('VALIDATION', `${src} is not a readable pg_dump archive: ${e.message}`);
  });
  if (!/^\d+; \d+ \d+ TABLE public kysely_migration /m.test(toc)) {
    throw new AppError('VALIDATION', `${src} is not a backup of this application's database (it has no migrations table).`);
  }
  // Schemas the archive creates besides public (e.g. a job queue's) are replaced too.
  const schemas = [...toc.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1]!).filter((s) => s !== 'public');

  const h = await openDb({ databaseUrl, poolSize: 1 });
  try {
    if (!replace) {
      const found = dataTotals(await tableStats(h.db));
      if (found.rows > 0) throw new RestoreTargetHasData(found.tables, found.rows);
    }
    await pipeRestore(pgRestore, psql, src, conn, [
      'set client_min_messages = warning',
      'drop schema if exists public cascade',
      'create schema public',
      ...schemas.map((s) => `drop schema if exists ${quoteIdent(s)} cascade`),
    ]);
    const migrations = await migrateToLatest(h.db);
    const stats = await tableStats(h.db);
    return { kind: 'postgres', file: src, bytes: statSync(src).size, ...totals(stats), migrations };
  } finally {
    await h.close();
  }
}

/**
 * `pg_restore -f - FILE | psql --single-transaction` with `prelude` first: the old schema is
 * dropped and the archive loaded in one transaction, so any failure rolls everything back.
 * psql's input is only closed (which commits) once pg_restore has succeeded; otherwise psql
 * is killed mid-transaction and PostgreSQL rolls it back.
 */
function pipeRestore(
  pgRestore: string,
  psql: string,
  src: string,
  conn: { dbname: string; env: NodeJS.ProcessEnv },
  prelude: string[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const reader = spawn(pgRestore, ['--no-owner', '--no-privileges', '--file=-', src], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const writer = spawn(
      psql,
      [
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        `--dbname=${conn.dbname}`,
        ...prelude.flatMap((s) => ['--command', s]),
        '--file=-',
      ],
      { env: conn.env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let readerErr = '';
    let writerErr = '';
    reader.stderr.on('data', (d) => {
      readerErr += d;
    });
    writer.stderr.on('data', (d) => {
      writerErr += d;
    });
    writer.stdin.on('error', () => undefined); // EPIPE when psql stops early; its exit code tells why
    reader.stdout.pipe(writer.stdin, { end: false });

    let failed: Error | undefined;
    const fail = (e: Error) => {
      failed ??= e;
      reader.kill('SIGKILL');
      writer.kill('SIGKILL');
    };
    reader.on('error', fail);
    writer.on('error', fail);
    reader.on('close', (code) => {
      if (code === 0 && !failed) writer.stdin.end();
      else
        fail(
          new AppError(
            'INTERNAL',
            `Restore failed, nothing was changed: ${oneLine(readerErr) || `pg_restore exit code ${code}`}`,
          ),
        );
    });
    writer.on('close', (code) => {
      if (failed) reject(failed);
      else if (code === 0) resolve();
      else {
        reader.kill('SIGKILL');
        reject(
          new AppError('INTERNAL', `Restore failed, nothing was changed: ${oneLine(writerErr) || `psql exit code ${code}`}`),
        );
      }
    });
  });
}
