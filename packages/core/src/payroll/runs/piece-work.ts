import { sql } from 'kysely';
import { audit } from '../../audit/index';
import type { Grant, Scope } from '../../access/index';
import { employeeInScope } from '../../access/index';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { countedPage } from '../../shared/page';
import type { Page, In } from '../../shared/zod';
import { salaryIdInput } from './schema';
import { createPieceEntryInput, listPieceEntriesInput, type PieceEntryRow } from './schema';
import { assertPayChangeable, assertPayEntryAllowed } from './access';
import { employeeRefColumns } from '../employee-columns';

/*
 * Piece / unit work (issue 5; docs/payroll-runs.md "Piece and unit work"): HR enters, per employee and period,
 * units × rate; the period's run pays each entry as a taxable `piece-<n>` earning. A Freelance (daily) worker's
 * PPh 21 is the daily TER on the average per day, 50% × Article 17 above the daily band (payroll-id.md §1.6).
 * Entries of a finalised period are locked.
 */

const amountSql = sql<string>`round(p.units * p.rate)::bigint::text`;

function pieceQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('salary_piece_entries as p')
    .innerJoin('employees as e', 'e.id', 'p.employee_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      'p.id',
      'p.employee_id as employeeId',
      ...employeeRefColumns,
      'p.period',
      'p.description',
      sql<string>`p.units::text`.as('units'),
      sql<string>`p.rate::text`.as('rate'),
      amountSql.as('amount'),
    ]);
}

export async function listPieceEntries(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof listPieceEntriesInput>,
): Promise<Page<PieceEntryRow>> {
  const input = listPieceEntriesInput.parse(raw);
  let q = pieceQuery(ctx.db, grant.scope);
  if (input.employeeId) q = q.where('p.employee_id', '=', input.employeeId);
  if (input.period) q = q.where('p.period', '=', input.period);
  return countedPage(q, input, (q) => q.orderBy('p.period', 'desc').orderBy('e.employee_number').orderBy('p.id'));
}

export async function createPieceEntry(
  ctx: Ctx,
  grant: Grant<'salary.update'>,
  raw: In<typeof createPieceEntryInput>,
): Promise<PieceEntryRow> {
  const input = createPieceEntryInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await assertPayEntryAllowed(trx, grant, input, 'piece work');
    const { id } = await trx
      .insertInto('salary_piece_entries')
      .values({
        employee_id: input.employeeId,
        period: input.period,
        description: input.description,
        units: input.units,
        rate: input.rate,
        created_by: ctx.actor?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await pieceQuery(trx, grant.scope).where('p.id', '=', id).executeTakeFirstOrThrow();
    await audit(ctx, trx, { action: 'create', entity: 'salary_piece_entry', entityId: id, after: row });
    return row;
  });
}

export async function deletePieceEntry(
  ctx: Ctx,
  grant: Grant<'salary.update'>,
  raw: In<typeof salaryIdInput>,
): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await pieceQuery(trx, grant.scope).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Piece work entry');
    await assertPayChangeable(trx, grant, row, 'piece work');
    await trx.deleteFrom('salary_piece_entries').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'delete', entity: 'salary_piece_entry', entityId: id, before: row });
    return { id };
  });
}
