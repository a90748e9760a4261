import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { PayrollFeeds } from '../payroll/index';
import type { Actor } from '../access/index';
import type { Freshness } from './freshness';

export type Db = Kysely<Database> | Transaction<Database>;

/** What every service receives: the database (or a transaction), who acts, and the clock. */
export interface Ctx {
  db: Db;
  actor: Actor | null;
  clock: () => Date;
  /** Request id for audit entries and logs. */
  requestId?: string;
  /**
   * What feeds a payslip from the feature modules (attendance, deductions; payroll/ports.ts), wired by
   * `createServices()`. Payroll runs and finalising need it; other services ignore it.
   */
  payrollFeeds?: PayrollFeeds;
  /**
   * What the request's session check read, by a statement that started after the request arrived
   * (shared/freshness.ts): cached reads of the request check their data version against it instead of asking again.
   */
  fresh?: Freshness;
}

export const systemClock = (): Date => new Date();

/** Runs fn in a transaction, or in the caller's if ctx.db already is one. */
export async function inTransaction<T>(ctx: Ctx, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx.db);
  return (ctx.db as Kysely<Database>).transaction().execute((trx) => fn(trx));
}
