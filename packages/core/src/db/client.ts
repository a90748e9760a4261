import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PostgresDialect } from 'kysely';
import type { Database } from './database';
import { gatedDialect } from './embedded-gate';

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** The PGlite instance when embedded (for dumps in tests); undefined on PostgreSQL. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** postgres://… uses PostgreSQL with a pool; absent uses embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Embedded database folder; `memory://` for an in-memory database. Default ./data */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump (tarball) to start from, for fast test databases. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** PostgreSQL: run parameterised statements as named prepared statements (default on; HR_PG_PREPARE=0 turns it off). */
  prepareStatements?: boolean;
}

/** How many distinct statements one connection prepares; beyond, statements run unnamed (planned each time). */
export const PREPARED_PER_CONNECTION = 1000;

/**
 * Makes the connection run each distinct parameterised statement as a named prepared statement (issue 22): the
 * database parses and plans it once per connection and, after five runs, may keep a generic plan, instead of
 * planning every request's joins anew (the employee list's seven-table join spent more time being planned than run).
 * Only statements with parameters are named (a parameterless text may hold several statements, which a prepared
 * statement cannot), and none with an array parameter (planned for its list each time); at most PREPARED_PER_CONNECTION per connection, so texts built from a varying number of
 * values cannot grow the server's memory without bound. A statement the database refuses to re-run as prepared
 * (its result shape changed under it: a migration while the server runs, "cached plan must not change result
 * type") runs unnamed from then on.
 */
function prepareStatements(client: pg.PoolClient): void {
  const names = new Map<string, string | null>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      callback !== undefined ||
      // A list of ids (one array parameter, issue 22) may hold one id or 5,000: no one plan serves both, and a
      // generic plan kept from earlier runs made a payroll chunk's input query run for minutes instead of 0.5 s.
      values.some(Array.isArray)
    ) {
      return callback === undefined ? query(text, values) : query(text, values, callback);
    }
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_PER_CONNECTION) {
      name = `hr${names.size}`;
      names.set(text, name);
    }
    if (!name) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((err: { code?: string }) => {
      if (err?.code === '0A000') names.set(text, null);
      throw err;
    });
  };
}

/**
 * A `copy … from stdin` statement with one parameter runs as COPY, the parameter being its data in the format the
 * statement names (text as a string, or bytes: a payroll run's rows are COPY's binary format, runs/engine-batch.ts)
 * (issue 22: a payroll run writes 100,000 payslips with their lines; COPY takes them in half the database time of
 * unpacking a JSON document with json_to_recordset). The parameter's placeholder stands in a comment
 * after the statement (`copy t (a, b) from stdin /* $1 *\/`), so the text is a valid statement as it is. Kysely
 * sees an ordinary result with the rows copied. PostgreSQL only (PGlite writes the JSON form: runs/queries.ts).
 */
const COPY_FROM_STDIN = /^\s*copy\s[^;]*\sfrom\s+stdin\b/i;
function copyFromStdin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (
      callback === undefined &&
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length === 1 &&
      (typeof values[0] === 'string' || values[0] instanceof Uint8Array) &&
      COPY_FROM_STDIN.test(text)
    ) {
      const v = values[0];
      // Text, or bytes as they came (a worker thread's payslip rows: runs/engine-batch.ts).
      const data = typeof v === 'string' ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      return new Promise((resolve, reject) => {
        const stream = query(copyFrom(text)) as ReturnType<typeof copyFrom>;
        stream.on('error', reject);
        stream.on('finish', () => resolve({ command: 'COPY', rowCount: stream.rowCount, rows: [], fields: [] }));
        stream.end(data);
      });
    }
    return callback === undefined ? query(text, values) : query(text, values, callback);
  };
}

// Same value shapes on both backends: `date` as 'yyyy-mm-dd', int8/numeric as strings
// (never JS floats for money; callers convert with BigInt or the decimal helpers).
const OID_INT8 = 20;
const OID_NUMERIC = 1700;
const OID_DATE = 1082;
const identity = (v: string): string => v;

/** Opens the database named by the options: PostgreSQL when databaseUrl is set, else PGlite. */
export async function openDb(opts: OpenDbOptions = {}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === OID_INT8 || oid === OID_NUMERIC || oid === OID_DATE ? identity : pg.types.getTypeParser(oid, format as 'text'),
    };
    // JIT compilation off for every connection: an interactive query whose row estimate is poor (a date series is
    // guessed at 1,000 rows) can cross jit_above_cost and spend 0.25 s compiling what runs in 10 ms (issue 22).
    // Batch statements that could gain from it already turn it off for themselves (the timesheet engine).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      types: types as never,
      options: '-c jit=off',
    });
    // A connection the database drops (restart, admin shutdown 57P01) must not crash the process:
    // the pool reports idle ones here; checked-out ones fail their query, which the caller sees,
    // and their 'error' event needs a listener too or Node throws it as unhandled.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      if (opts.prepareStatements ?? process.env.HR_PG_PREPARE !== '0') prepareStatements(client);
      copyFromStdin(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = opts.dataDir ?? './data';
  let dir: string | undefined;
  if (dataDir !== 'memory://') {
    dir = path.resolve(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [OID_INT8]: identity, [OID_NUMERIC]: identity, [OID_DATE]: identity },
  });
  // One connection: a long transaction answers other requests "busy" instead of stalling them (embedded-gate.ts).
  const db = new Kysely<Database>({ dialect: gatedDialect(new PGliteDialect(pglite)) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
