import type { z } from 'zod';
import { audit } from '../../audit/index';
import type { Scope } from '../../access/index';
import { employeeInScope } from '../../access/index';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { invalid, notFound } from '../../shared/errors';
import { countedPage } from '../../shared/page';
import type { Page, In } from '../../shared/zod';
import { type BonusCutRow, createBonusCutInput, salaryIdInput, listBonusCutsInput, updateBonusCutInput } from './schema';

import { assertPayChangeable, assertPayEntryAllowed, assertPeriodOpen, type Update, type View } from './access';
import { typeForEntry } from './bonus-cut-types';
import { employeeRefColumns } from '../employee-columns';

/* Bonus/cuts (salary/bonusCut): one-off earnings and cuts of a period; a finalised period is locked. */

function bonusCutQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('salary_bonus_cuts as b')
    .innerJoin('employees as e', 'e.id', 'b.employee_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      'b.id',
      'b.employee_id as employeeId',
      ...employeeRefColumns,
      'b.period',
      'b.kind',
      'b.name',
      'b.amount',
      'b.taxable',
      'b.type_id as typeId',
    ]);
}

export async function listBonusCuts(ctx: Ctx, grant: View, raw: In<typeof listBonusCutsInput>): Promise<Page<BonusCutRow>> {
  const input = listBonusCutsInput.parse(raw);
  let q = bonusCutQuery(ctx.db, grant.scope);
  if (input.employeeId) q = q.where('b.employee_id', '=', input.employeeId);
  if (input.period) q = q.where('b.period', '=', input.period);
  return countedPage(q, input, (q) => q.orderBy('b.period', 'desc').orderBy('e.employee_number').orderBy('b.id'));
}

async function oneBonusCut(db: Db, scope: Scope, id: number): Promise<BonusCutRow> {
  const row = await bonusCutQuery(db, scope).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Bonus/cut');
  return row;
}

type EntryValues = { kind: BonusCutRow['kind']; name: string; amount: string; taxable: boolean; type_id: number | null };

/** From a catalogue type (its name, kind and taxable flag; its default amount unless one is given) or free text. */
async function entryValues(db: Db, input: z.output<typeof createBonusCutInput>): Promise<EntryValues> {
  if (input.typeId === undefined) {
    // The schema requires kind, name and amount of a one-off; taxable defaults to true as it always did.
    return { kind: input.kind!, name: input.name!, amount: input.amount!, taxable: input.taxable ?? true, type_id: null };
  }
  const type = await typeForEntry(db, input.typeId);
  const amount = input.amount ?? type.defaultAmount;
  if (!amount) throw invalid([{ param: 'amount', msg: `is required (${type.name} has no default amount)` }]);
  return { kind: type.kind, name: type.name, amount, taxable: type.taxable, type_id: type.id };
}

/** typeId re-applies a type (keeping the entered amount unless one is given); null or an edited name, kind or taxable flag makes a one-off. */
async function updatedValues(db: Db, before: BonusCutRow, input: z.output<typeof updateBonusCutInput>): Promise<EntryValues> {
  if (input.typeId) {
    const type = await typeForEntry(db, input.typeId);
    return { kind: type.kind, name: type.name, amount: input.amount ?? before.amount, taxable: type.taxable, type_id: type.id };
  }
  const next = {
    kind: input.kind ?? before.kind,
    name: input.name ?? before.name,
    amount: input.amount ?? before.amount,
    taxable: input.taxable ?? before.taxable,
  };
  const edited = next.kind !== before.kind || next.name !== before.name || next.taxable !== before.taxable;
  return { ...next, type_id: input.typeId === null || edited ? null : before.typeId };
}

export async function createBonusCut(ctx: Ctx, grant: Update, raw: In<typeof createBonusCutInput>): Promise<BonusCutRow> {
  const input = createBonusCutInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await assertPayEntryAllowed(trx, grant, input, 'bonus/cuts');
    const { id } = await trx
      .insertInto('salary_bonus_cuts')
      .values({
        employee_id: input.employeeId,
        period: input.period,
        ...(await entryValues(trx, input)),
        updated_at: ctx.clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await oneBonusCut(trx, grant.scope, id);
    await audit(ctx, trx, { action: 'create', entity: 'salary_bonus_cut', entityId: id, after: row });
    return row;
  });
}

export async function updateBonusCut(ctx: Ctx, grant: Update, raw: In<typeof updateBonusCutInput>): Promise<BonusCutRow> {
  const input = updateBonusCutInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneBonusCut(trx, grant.scope, input.id);
    await assertPayChangeable(trx, grant, before, 'bonus/cuts');
    if (input.period) await assertPeriodOpen(trx, before.employeeId, input.period);
    await trx
      .updateTable('salary_bonus_cuts')
      .set({ period: input.period ?? before.period, ...(await updatedValues(trx, before, input)), updated_at: ctx.clock() })
      .where('id', '=', input.id)
      .execute();
    const row = await oneBonusCut(trx, grant.scope, input.id);
    await audit(ctx, trx, { action: 'update', entity: 'salary_bonus_cut', entityId: input.id, before, after: row });
    return row;
  });
}

export async function deleteBonusCut(ctx: Ctx, grant: Update, raw: In<typeof salaryIdInput>): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneBonusCut(trx, grant.scope, id);
    await assertPayChangeable(trx, grant, before, 'bonus/cuts');
    await trx.deleteFrom('salary_bonus_cuts').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'delete', entity: 'salary_bonus_cut', entityId: id, before });
    return { id };
  });
}
