import type { Insertable, Selectable, Updateable } from 'kysely';
import { audit } from '../audit/index';
import type { Database } from '../db/database';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { camelRow, dbWrite, refuseIfUsed, type Use } from '../shared/db-errors';
import { AppError, notFound } from '../shared/errors';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { idInput } from './schema';

/*
 * What every org record (office, department, division, section, job position, job level, ID
 * index) shares: locking a row for a change, refusing to delete one still in use, auditing a
 * write, and the CONFLICT messages of a write the database refused.
 */

type OrgTable = 'company_offices' | 'departments' | 'divisions' | 'sections' | 'job_positions' | 'job_levels' | 'id_indexes';
/** The org tables whose rows carry a `name` (every one but the ID index). */
type NamedOrgTable = Exclude<OrgTable, 'id_indexes'>;

export type OrgRow<T extends OrgTable> = Selectable<Database[T]>;

export const stillInUse = (what: string) => () =>
  new AppError('CONFLICT', `${what} is still in use`, { detail: 'Move or delete what uses it first.' });
export const changedMeanwhile = () =>
  new AppError('CONFLICT', 'A parent was deleted meanwhile; reload and try again', { detail: 'Reload the page.' });
export const nameTaken = (message: string) => () =>
  new AppError('CONFLICT', message, { fields: [{ param: 'name', msg: 'is already used' }] });

/** Row `id` of an org table, locked for the change; NOT_FOUND naming `label` ("Department") when there is none. */
export async function lockedRow<T extends OrgTable>(trx: Db, table: T, id: number, label: string): Promise<OrgRow<T>> {
  const row = await trx
    .selectFrom(table as OrgTable)
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(label);
  return row as OrgRow<T>;
}

/** Inserts a row into an org table and returns it as written; `refusals` as for `updateRow`. */
export function insertRow<T extends OrgTable>(
  trx: Db,
  table: T,
  values: Insertable<Database[T]>,
  refusals: Parameters<typeof dbWrite>[1],
): Promise<OrgRow<T>> {
  return dbWrite(
    () =>
      trx
        .insertInto(table as OrgTable)
        .values(values as never)
        .returningAll()
        .executeTakeFirstOrThrow() as Promise<OrgRow<T>>,
    refusals,
  );
}

/**
 * Updates row `id` of an org table with `set` and returns it as written; `refusals` turns what the
 * database refuses (a name taken, a parent deleted meanwhile) into its CONFLICT.
 */
export function updateRow<T extends OrgTable>(
  trx: Db,
  table: T,
  id: number,
  set: Updateable<Database[T]>,
  refusals: Parameters<typeof dbWrite>[1],
): Promise<OrgRow<T>> {
  return dbWrite(
    () =>
      trx
        .updateTable(table as OrgTable)
        .set(set as never)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow() as Promise<OrgRow<T>>,
    refusals,
  );
}

/**
 * Audits a created row (`<entity>.create`) or, given the row before, an updated one
 * (`<entity>.update`), and returns the row in camelCase.
 */
export async function auditRow(ctx: Ctx, trx: Db, entity: string, row: { id: number }, before?: object) {
  const after = camelRow(row);
  await audit(
    ctx,
    trx,
    before
      ? { action: `${entity}.update`, entity, entityId: row.id, before: camelRow(before), after }
      : { action: `${entity}.create`, entity, entityId: row.id, after },
  );
  return after as { id: number };
}

/**
 * Deletes the named org record `id` that nothing uses any more ("Department Finance is used by 12
 * employees"); a use added meanwhile is a CONFLICT too. Audited as `<entity>.delete` with the row
 * (and `auditBefore`'s extra keys) as it was.
 */
export async function deleteUnused<T extends NamedOrgTable>(
  ctx: Ctx,
  trx: Db,
  table: T,
  id: number,
  opts: {
    entity: string;
    label: string;
    uses: (before: OrgRow<T>) => Promise<readonly Use[]>;
    auditBefore?: (before: OrgRow<T>) => Promise<Record<string, unknown>>;
  },
): Promise<{ ok: true }> {
  const before = await lockedRow(trx, table, id, opts.label);
  const what = `${opts.label} ${(before as { name: string }).name}`;
  refuseIfUsed(what, await opts.uses(before));
  const extra = opts.auditBefore ? await opts.auditBefore(before) : {};
  await dbWrite(
    () =>
      trx
        .deleteFrom(table as NamedOrgTable)
        .where('id', '=', id)
        .execute(),
    { onForeignKey: stillInUse(what) },
  );
  await audit(ctx, trx, {
    action: `${opts.entity}.delete`,
    entity: opts.entity,
    entityId: id,
    before: { ...camelRow(before), ...extra },
  });
  return { ok: true as const };
}

/**
 * The delete procedure of a named org record (`POST …/delete`): `deleteUnused` on the row of the
 * given id, in one transaction; `uses` counts what still points at it.
 */
export function deleteProcedure<T extends NamedOrgTable>(
  table: T,
  opts: {
    entity: string;
    label: string;
    uses: (trx: Db, id: number) => Promise<readonly Use[]>;
    auditBefore?: (trx: Db, id: number) => Promise<Record<string, unknown>>;
  },
) {
  const { uses, auditBefore } = opts;
  return async (ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> => {
    const { id } = idInput.parse(raw);
    return inTransaction(ctx, (trx) =>
      deleteUnused(ctx, trx, table, id, {
        entity: opts.entity,
        label: opts.label,
        uses: () => uses(trx, id),
        ...(auditBefore ? { auditBefore: () => auditBefore(trx, id) } : {}),
      }),
    );
  };
}
