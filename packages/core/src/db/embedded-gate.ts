import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  sql,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './database';

/**
 * The embedded database (PGlite) has exactly one connection: a transaction holds it from begin to
 * commit, and every other query waits for it (kysely-pglite-dialect queues them without limit). A
 * long write, such as a 4,000-row employee import in one all-or-nothing transaction, therefore
 * stalled every other request for its whole duration (issue 16 item 11).
 *
 * Other requests cannot be let into an open transaction without breaking it (they would read its
 * uncommitted rows, and one failing statement would abort it), so the honest answer is a fast
 * refusal: a query made on behalf of an HTTP request (inside `withDatabaseWaitLimit`) that has
 * waited `limitMs` while one holder has kept the connection at least `limitMs` fails with
 * `DatabaseBusyError` (the server answers 503 GL0503 with Retry-After). Ordinary queueing behind
 * many short holders keeps waiting; background work (jobs, CLI) outside the wait limit waits as before.
 *
 * PGlite runs each statement inside the Node thread and resolves it without giving the event loop
 * a turn, so a transaction of thousands of statements also kept the server from reading any other
 * request at all. The gated connection therefore yields to the event loop (setImmediate) before a
 * statement once `YIELD_EVERY_MS` have passed since its last yield: other requests are read and
 * answered (served without the database, or "busy") while the long transaction goes on.
 */
export const DATABASE_BUSY_AFTER_MS = 1000;

/** Longest run of statements (ms) before the embedded connection lets the event loop in. */
const YIELD_EVERY_MS = 50;

/** Seconds a client is told to wait before retrying (the Retry-After header). */
export const DATABASE_BUSY_RETRY_AFTER_S = 5;

export const DATABASE_BUSY_MESSAGE =
  'The embedded database is busy with a long operation (such as an import or a payroll run); please retry in a few seconds';

/** SQLSTATE 57P03 (cannot_connect_now): the request may be retried as is. */
export class DatabaseBusyError extends Error {
  readonly code = '57P03';
  constructor() {
    super(DATABASE_BUSY_MESSAGE);
    this.name = 'DatabaseBusyError';
  }
}

/** True when `err` or one of its causes is a `DatabaseBusyError`. */
export function isDatabaseBusy(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseBusyError) return true;
  }
  return false;
}

const waitLimit = new AsyncLocalStorage<number>();

/*
 * Whether this process has an embedded database behind the gate (gatedDialect). Until it does, the wait limit is not
 * set at all: in Node 20 the first AsyncLocalStorage.run() turns on async hooks for every promise of the process,
 * which cost a server on PostgreSQL (where the limit has no effect) a few per cent of its CPU under load (issue 22).
 */
let gateInUse = false;

/**
 * Runs `fn` so that its queries on the embedded database give up with `DatabaseBusyError` when
 * another operation holds the database for longer than `limitMs` (default 1 s). No effect on PostgreSQL.
 */
export function withDatabaseWaitLimit<T>(fn: () => Promise<T>, limitMs: number = DATABASE_BUSY_AFTER_MS): Promise<T> {
  return gateInUse ? waitLimit.run(limitMs, fn) : fn();
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A connection of the inner driver that lets the event loop in between statements (see above). */
class YieldingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  #lastYield = Date.now();

  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }

  async #maybeYield(): Promise<void> {
    if (Date.now() - this.#lastYield < YIELD_EVERY_MS) return;
    await nextTurn();
    this.#lastYield = Date.now();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    await this.#maybeYield();
    return this.inner.executeQuery<R>(compiledQuery);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.#maybeYield();
    yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

const innerOf = (c: DatabaseConnection) => (c instanceof YieldingConnection ? c.inner : c);

/**
 * Runs `fn` without the request's wait limit: background work started from a request (an
 * in-process job) waits for the embedded database like any job, instead of failing "busy".
 */
export function withoutDatabaseWaitLimit<T>(fn: () => T): T {
  return waitLimit.exit(fn);
}

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Wraps the single-connection driver of the embedded dialect: one holder at a time, FIFO, with the
 * busy refusal above. The inner driver's own queue is then never used.
 */
class GatedDriver implements Driver {
  readonly #inner: Driver;
  #held = false;
  #heldSince = 0;
  readonly #queue: Waiter[] = [];

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await this.#wait(waitLimit.getStore());
    else {
      this.#held = true;
      this.#heldSince = Date.now();
    }
    try {
      return new YieldingConnection(await this.#inner.acquireConnection());
    } catch (e) {
      this.#handOff();
      throw e;
    }
  }

  #wait(limitMs: number | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, timer: undefined };
      if (limitMs !== undefined) {
        const check = () => {
          const heldFor = Date.now() - this.#heldSince;
          if (heldFor >= limitMs) {
            const i = this.#queue.indexOf(waiter);
            if (i >= 0) this.#queue.splice(i, 1);
            reject(new DatabaseBusyError());
          } else waiter.timer = setTimeout(check, limitMs - heldFor);
        };
        waiter.timer = setTimeout(check, limitMs);
      }
      this.#queue.push(waiter);
    });
  }

  #handOff(): void {
    const next = this.#queue.shift();
    if (!next) {
      this.#held = false;
      return;
    }
    clearTimeout(next.timer);
    this.#heldSince = Date.now();
    next.grant();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(innerOf(connection));
    } finally {
      this.#handOff();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** The embedded dialect with its single connection gated (see above). */
export function gatedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => {
      gateInUse = true;
      return new GatedDriver(inner.createDriver());
    },
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => inner.createIntrospector(db),
  };
}

/**
 * True when `db` (a database or a transaction) is the embedded PGlite, whose single connection a
 * long write holds against everyone: services use it to cap how much one call may write there.
 */
export async function isEmbeddedDatabase(db: Kysely<Database>): Promise<boolean> {
  const r = await sql<{ embedded: boolean }>`select version() like '%PGlite%' as embedded`.execute(db);
  return r.rows[0]?.embedded === true;
}
