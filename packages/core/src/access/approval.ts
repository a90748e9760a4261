import type { Kysely, RawBuilder, Selectable, SqlBool, UpdateObject } from 'kysely';
import type { Database } from '../db/database';
import type { Actor } from './actor';
import { assertMayDecide, type Decision } from './duties';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';

/**
 * The approval kit (issue 17): what every request flow does when a request is decided, written
 * once. The flows keep their own SQL for reading a request in scope, their own history table, audit
 * entries and messages; the kit holds the shape they share:
 *
 * 1. the duty check ({@link checkDuties}): the rules between permissions live in
 *    `access/duties.ts` (`assertMayDecide`, its SQL twin `mayDecideSql`, `decisionRefusal`);
 *    the kit calls them inside the decision's transaction, before the guarded update;
 * 2. the guarded transition ({@link guardedUpdate}, {@link transition}): one
 *    `UPDATE … WHERE id = ? AND status IN (expected) [AND …] RETURNING …`, so of two concurrent
 *    decisions exactly one changes the row; zero rows is the flow's refusal ({@link refusal}:
 *    NOT_FOUND when the row is gone or out of scope, else the flow's CONFLICT); a request deleted
 *    outright is guarded the same way ({@link guardedDelete});
 * 3. the step advance of multi-step routes ({@link approvalRoute}: which step a status waits for,
 *    where an approval at a step leads);
 * 4. bulk decisions ({@link bulkEach}): one transaction per item with a result per item, so one
 *    refusal never undoes the others.
 * Each flow writes its history step (attendance_request_history, inventory_purchase_request_history,
 * cooperative_withdrawal_history, leave_request_approvals, recruitment_notes) and its audit entry
 * right after the guarded update, in the same transaction. Routes whose steps are counted on the
 * request row under one pending status (leave's `approved_steps`, a withdrawal's `approvals`) add
 * the count seen to the guard (`and`), so two approvals of one step never both pass.
 *
 * Used by: attendance corrections and overtime (`attendance-requests/`), purchase requests (three
 * tiers) and warehouse requests (`inventory/`), employee data-update requests and resignations
 * (`employees/requests.ts`), hiring (`employees/recruitment.ts`), registrations (`registration/`),
 * permission grants and placement confirmations (`permissions/`), leave decisions with their
 * approval-rule steps (`leave/decisions.ts`) and cooperative withdrawals, one or two steps
 * (`cooperative/withdrawal-decisions.ts`).
 */

type Table = keyof Database & string;
type Column<T extends Table> = keyof Selectable<Database[T]> & string;
type Row<T extends Table> = Selectable<Database[T]>;
/** The kit's one untyped view of the database: every call into it is typed by the generics above. */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The duty check hook: {@link assertMayDecide} for each decision (a request raised for another one,
 * such as a purchase request for a warehouse request, names both requesters). Nothing to check when
 * the request is not there (null): the guarded update then answers NOT_FOUND or CONFLICT.
 */
export async function checkDuties(
  trx: Db,
  actor: Actor,
  decisions: Decision | readonly Decision[] | null | undefined,
): Promise<void> {
  if (!decisions) return;
  for (const d of Array.isArray(decisions) ? (decisions as readonly Decision[]) : [decisions as Decision]) {
    await assertMayDecide(trx, actor, d);
  }
}

/** One guarded transition of one row, as {@link guardedUpdate} takes it. */
export interface Guard<T extends Table, K extends Column<T>, S extends Column<T>> {
  /** The row's id (the value of `key`). */
  id: number;
  /** The column `id` names (default `id`; a step row names its request, and `and` its step). */
  key?: Column<T>;
  /** The column the transition moves (default `status`). */
  column?: S;
  /** The value (or values) the row must hold now: the expected current status or step. */
  from: Row<T>[S] | readonly Row<T>[S][];
  /** What the transition writes (the new status, who decided, when, …). */
  set: UpdateObject<Database, T>;
  /** More conditions of the guard on the table's columns (not deleted, not the actor's own, in scope). */
  and?: readonly RawBuilder<SqlBool>[];
  /** The columns the caller needs of the changed row (default: all of them). */
  returning?: readonly K[];
}

/**
 * `UPDATE <table> SET … WHERE id = ? AND <column> IN (from) [AND …] RETURNING …`: the row as it is
 * after the update, or undefined when no row matched (decided meanwhile, gone, out of scope).
 * Runs in the caller's transaction.
 */
export async function guardedUpdate<T extends Table, K extends Column<T> = Column<T>, S extends Column<T> = 'status' & Column<T>>(
  trx: Db,
  table: T,
  g: Guard<T, K, S>,
): Promise<Pick<Row<T>, K> | undefined> {
  const from = (Array.isArray(g.from) ? g.from : [g.from]) as unknown[];
  let q = (trx as unknown as AnyDb)
    .updateTable(table as string)
    .set(g.set as Record<string, unknown>)
    .where(g.key ?? 'id', '=', g.id)
    .where(g.column ?? 'status', 'in', from);
  for (const c of g.and ?? []) q = q.where(c);
  const row = await (g.returning ? q.returning([...g.returning]) : q.returningAll()).executeTakeFirst();
  return row as Pick<Row<T>, K> | undefined;
}

/**
 * `DELETE FROM <table> WHERE id = ? AND status IN (from) [AND …]`: whether the row went (a request
 * deleted outright, not decided meanwhile). Runs in the caller's transaction.
 */
export async function guardedDelete<T extends Table>(
  trx: Db,
  table: T,
  g: {
    id: number;
    from: Row<T>['status' & Column<T>] | readonly Row<T>['status' & Column<T>][];
    and?: readonly RawBuilder<SqlBool>[];
  },
): Promise<boolean> {
  const from = (Array.isArray(g.from) ? g.from : [g.from]) as unknown[];
  let q = (trx as unknown as AnyDb)
    .deleteFrom(table as string)
    .where('id', '=', g.id)
    .where('status', 'in', from);
  for (const c of g.and ?? []) q = q.where(c);
  return (await q.returning('id').executeTakeFirst()) !== undefined;
}

/**
 * One decision inside the caller's transaction: the duty check (when `duties` is given), then the
 * guarded update; zero rows throws what `refuse` says (read in the same transaction).
 */
export async function transition<T extends Table, K extends Column<T> = Column<T>, S extends Column<T> = 'status' & Column<T>>(
  trx: Db,
  table: T,
  t: Guard<T, K, S> & {
    /** Who decides and the request's duty facts: checked before the update. */
    duties?: { actor: Actor; decisions: Decision | readonly Decision[] | null };
    /** Zero rows: the flow's refusal (see {@link refusal}). */
    refuse: (trx: Db) => AppError | Promise<AppError>;
  },
): Promise<Pick<Row<T>, K>> {
  if (t.duties) await checkDuties(trx, t.duties.actor, t.duties.decisions);
  const row = await guardedUpdate<T, K, S>(trx, table, t);
  if (!row) throw await t.refuse(trx);
  return row;
}

/**
 * Why a guarded update changed no row, from the row as it is now (read by the caller, in scope):
 * not there, NOT_FOUND; else the flow's CONFLICT (or whatever the present state explains).
 */
export async function refusal<R>(
  now: R | undefined | null | Promise<R | undefined | null>,
  notFound: () => AppError,
  conflict: (now: R) => AppError,
): Promise<AppError> {
  const row = await now;
  return row == null ? notFound() : conflict(row);
}

/**
 * A multi-step route (managerial → warehouse → COO): each step's pending status, in order; an
 * approval at a step leads to the next step's pending status, the last to `done`.
 */
export function approvalRoute<Step extends string, Status extends string>(
  steps: readonly Step[],
  pending: Readonly<Record<Step, Status>>,
  done: Status,
) {
  return {
    /** The status a request waits in for `step`. */
    pending: (step: Step): Status => pending[step],
    /** Where an approval at `step` leads. */
    next: (step: Step): Status => {
      const following = steps[steps.indexOf(step) + 1];
      return following === undefined ? done : pending[following];
    },
    /** The step a request in `status` waits for, or null when it waits for none. */
    stepOf: (status: string): Step | null => steps.find((s) => pending[s] === status) ?? null,
  };
}

/** One item's result of a bulk decision. */
export interface BulkItem {
  id: number;
  ok: boolean;
  /** The new status label, or the refusal. */
  message: string;
}

/** A message for a bulk item: AppError messages are meant for users; anything else is hidden. */
export const bulkMessageOf = (err: unknown): string =>
  err instanceof AppError ? err.message : 'Unexpected error; nothing was changed for this item';

/**
 * Runs one decision per distinct id, in order, each in its own transaction (`one` opens it): one
 * refusal never undoes the others. `unexpected: 'report'` turns any error into the item's refusal
 * ({@link bulkMessageOf}); `'throw'` reports only AppErrors and lets anything else end the run.
 */
export async function bulkEach(
  ids: readonly number[],
  one: (id: number) => Promise<string>,
  unexpected: 'report' | 'throw' = 'report',
): Promise<{ items: BulkItem[]; succeeded: number; failed: number }> {
  const items: BulkItem[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      items.push({ id, ok: true, message: await one(id) });
    } catch (err) {
      if (unexpected === 'throw' && !(err instanceof AppError)) throw err;
      items.push({ id, ok: false, message: bulkMessageOf(err) });
    }
  }
  const succeeded = items.filter((i) => i.ok).length;
  return { items, succeeded, failed: items.length - succeeded };
}
