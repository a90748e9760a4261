import type { ExpressionBuilder } from 'kysely';
import { audit } from '../../audit/index';
import type { Grant } from '../../access/index';
import type { Database } from '../../db/database';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { dbWrite } from '../../shared/db-errors';
import { AppError, invalid, notFound } from '../../shared/errors';
import type { In } from '../../shared/zod';
import {
  type BonusCutLookupRow,
  bonusCutLookupInput,
  type BonusCutTypeRow,
  createBonusCutTypeInput,
  listBonusCutTypesInput,
  salaryIdInput,
  updateBonusCutTypeInput,
} from './schema';

import { assertEmployeeVisible, type View } from './access';

/*
 * The bonus/cut catalogue (issue 20 item 2; spec §2 dropdown "bonus/cuts", §7 bonusCuts lookup): named bonus and
 * cut types kept in the salary settings. Entering an employee's bonus/cut from a type copies its name, kind and
 * taxable flag (bonus-cuts.ts), so a later change to the type never rewrites a payslip.
 */

type Setting = Grant<'salary.setting'>;

const typeCols = ['t.id', 't.name', 't.kind', 't.taxable', 't.default_amount as defaultAmount', 't.active'] as const;
const nameTaken = () =>
  new AppError('CONFLICT', 'A bonus/cut type with this name exists', { fields: [{ param: 'name', msg: 'is already used' }] });
const cutTaxed = () => invalid([{ param: 'taxable', msg: 'a cut is never taxable income' }]);

/** The employee's bonus/cut `b` lies in a period whose payroll is finalised (locked). */
const inFinalisedPeriod = (eb: ExpressionBuilder<Database & { b: Database['salary_bonus_cuts'] }, 'b'>) =>
  eb.exists(
    eb
      .selectFrom('payslips as s')
      .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
      .select('s.id')
      .whereRef('s.employee_id', '=', 'b.employee_id')
      .whereRef('s.period', '=', 'b.period')
      .where('r.status', '=', 'finalised'),
  );

async function oneType(db: Db, id: number): Promise<BonusCutTypeRow> {
  const row = await db.selectFrom('salary_bonus_cut_types as t').select(typeCols).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Bonus/cut type');
  return row;
}

/** The type an employee's bonus/cut is entered from: VALIDATION on `typeId` when it is unknown or inactive. */
export async function typeForEntry(db: Db, typeId: number): Promise<BonusCutTypeRow> {
  const row = await db.selectFrom('salary_bonus_cut_types as t').select(typeCols).where('t.id', '=', typeId).executeTakeFirst();
  if (!row) throw invalid([{ param: 'typeId', msg: 'is not a bonus/cut type' }]);
  if (!row.active) throw invalid([{ param: 'typeId', msg: `${row.name} is inactive` }]);
  return row;
}

export async function listBonusCutTypes(
  ctx: Ctx,
  _grant: View,
  raw?: In<typeof listBonusCutTypesInput>,
): Promise<BonusCutTypeRow[]> {
  const input = listBonusCutTypesInput.parse(raw);
  let q = ctx.db.selectFrom('salary_bonus_cut_types as t').select(typeCols);
  if (input?.kind) q = q.where('t.kind', '=', input.kind);
  return q.orderBy('t.kind').orderBy('t.name').execute();
}

export async function createBonusCutType(
  ctx: Ctx,
  _grant: Setting,
  raw: In<typeof createBonusCutTypeInput>,
): Promise<BonusCutTypeRow> {
  const input = createBonusCutTypeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const { id } = await dbWrite(
      () =>
        trx
          .insertInto('salary_bonus_cut_types')
          .values({
            name: input.name,
            kind: input.kind,
            taxable: input.taxable,
            default_amount: input.defaultAmount ?? null,
            active: input.active,
            updated_at: ctx.clock(),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { salary_bonus_cut_types_name_uq: nameTaken } },
    );
    const row = await oneType(trx, id);
    await audit(ctx, trx, { action: 'create', entity: 'salary_bonus_cut_type', entityId: id, after: row });
    return row;
  });
}

export async function updateBonusCutType(
  ctx: Ctx,
  _grant: Setting,
  raw: In<typeof updateBonusCutTypeInput>,
): Promise<BonusCutTypeRow> {
  const input = updateBonusCutTypeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneType(trx, input.id);
    const kind = input.kind ?? before.kind;
    if (kind === 'cut' && input.taxable === true) throw cutTaxed();
    // Turning a taxable bonus into a cut clears the flag: a cut is never taxable income.
    const taxable = kind === 'cut' ? false : (input.taxable ?? before.taxable);
    await dbWrite(
      () =>
        trx
          .updateTable('salary_bonus_cut_types')
          .set({
            name: input.name ?? before.name,
            kind,
            taxable,
            default_amount: input.defaultAmount === undefined ? before.defaultAmount : input.defaultAmount,
            active: input.active ?? before.active,
            updated_at: ctx.clock(),
          })
          .where('id', '=', input.id)
          .execute(),
      { unique: { salary_bonus_cut_types_name_uq: nameTaken } },
    );
    const row = await oneType(trx, input.id);
    await audit(ctx, trx, { action: 'update', entity: 'salary_bonus_cut_type', entityId: input.id, before, after: row });
    return row;
  });
}

/**
 * Deletes a type nobody's finalised payroll used; CONFLICT (409) otherwise: deactivate it instead (update
 * `active: false`), so history keeps naming it. Bonus/cuts of open periods keep their copied name, kind, amount
 * and taxable flag and become one-offs (type_id set null).
 */
export async function deleteBonusCutType(ctx: Ctx, _grant: Setting, raw: In<typeof salaryIdInput>): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneType(trx, id);
    const used = await trx
      .selectFrom('salary_bonus_cuts as b')
      .select('b.period')
      .where('b.type_id', '=', id)
      .where(inFinalisedPeriod)
      .orderBy('b.period', 'desc')
      .executeTakeFirst();
    if (used)
      throw new AppError(
        'CONFLICT',
        `${before.name} is used by finalised payroll (${used.period}); deactivate it instead of deleting it`,
      );
    await trx.deleteFrom('salary_bonus_cut_types').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'delete', entity: 'salary_bonus_cut_type', entityId: id, before });
    return { id };
  });
}

/**
 * The bonusCuts lookup (spec §7): the active types, each with `selected` 1 when the employee has a bonus/cut of
 * that type in a period not yet finalised (optionally only `period`), else 0. An employee outside the caller's
 * scope is NOT_FOUND.
 */
export async function bonusCutLookup(ctx: Ctx, grant: View, raw?: In<typeof bonusCutLookupInput>): Promise<BonusCutLookupRow[]> {
  const input = bonusCutLookupInput.parse(raw) ?? {};
  const { employeeId, period } = input;
  if (employeeId !== undefined) await assertEmployeeVisible(ctx.db, grant.scope, employeeId);
  const rows = await ctx.db
    .selectFrom('salary_bonus_cut_types as t')
    .select(['t.id', 't.name', 't.kind', 't.taxable', 't.default_amount as defaultAmount'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('salary_bonus_cuts as b')
            .select('b.id')
            .whereRef('b.type_id', '=', 't.id')
            .where('b.employee_id', '=', employeeId ?? 0)
            .$if(period !== undefined, (q) => q.where('b.period', '=', period!))
            .where((b) => b.not(inFinalisedPeriod(b))),
        )
        .as('has'),
    )
    .where('t.active', '=', true)
    .orderBy('t.kind')
    .orderBy('t.name')
    .execute();
  return rows.map(({ has, ...r }) => ({ ...r, selected: has ? 1 : 0 }));
}
