import { audit } from '../audit/index';
import { type Ctx, inTransaction } from '../shared/context';
import { camelRow } from '../shared/db-errors';
import { AppError, invalid, notFound } from '../shared/errors';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { listProcedure, queryIdIndexes } from './queries';
import { auditRow, insertRow, changedMeanwhile, lockedRow } from './records';
import { createIdIndexInput, idInput, listIdIndexesInput, updateIdIndexInput } from './schema';

// ID index (employee-number scheme per office)

export const findIdIndexes = listProcedure(listIdIndexesInput, queryIdIndexes);

export async function createIdIndex(ctx: Ctx, _grant: Manage, raw: In<typeof createIdIndexInput>) {
  const input = createIdIndexInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const office = await trx
      .selectFrom('company_offices')
      .select(['id', 'name'])
      .where('id', '=', input.companyOfficeId)
      .executeTakeFirst();
    if (!office) {
      throw invalid([{ param: 'companyOfficeId', msg: 'is not a known company office' }]);
    }
    const row = await insertRow(
      trx,
      'id_indexes',
      { company_office_id: office.id, prefix: input.prefix, next_number: input.nextNumber, padding: input.padding },
      {
        unique: {
          id_indexes_company_office_id_key: () =>
            new AppError('CONFLICT', `${office.name} already has an ID index; edit that one`, {
              fields: [{ param: 'companyOfficeId', msg: 'already has an ID index' }],
            }),
        },
        onForeignKey: changedMeanwhile,
      },
    );
    return auditRow(ctx, trx, 'id_index', row);
  });
}

export async function updateIdIndex(ctx: Ctx, _grant: Manage, raw: In<typeof updateIdIndexInput>) {
  const { id, ...input } = updateIdIndexInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'id_indexes', id, 'ID index');
    const row = await trx
      .updateTable('id_indexes')
      .set({
        ...(input.prefix !== undefined ? { prefix: input.prefix } : {}),
        ...(input.nextNumber !== undefined ? { next_number: input.nextNumber } : {}),
        ...(input.padding !== undefined ? { padding: input.padding } : {}),
        updated_at: ctx.clock(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return auditRow(ctx, trx, 'id_index', row, before);
  });
}

/** Removes an office's ID index; its new employees are numbered `<office code>-NNNNN` again. */
export async function deleteIdIndex(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.deleteFrom('id_indexes').where('id', '=', id).returningAll().executeTakeFirst();
    if (!before) throw notFound('ID index');
    await audit(ctx, trx, { action: 'id_index.delete', entity: 'id_index', entityId: id, before: camelRow(before) });
    return { ok: true as const };
  });
}
