import { sql } from 'kysely';
import { audit } from '../audit/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite, refuseIfUsed, taken, type Use } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import type { In } from '../shared/zod';
import { hhmm } from './format';
import type { Manage, View } from './grants';
import {
  type Canteen,
  type CanteenMeal,
  canteenIdInput,
  canteenSettingInput,
  MEAL_KIND_LABELS,
  type MealKind,
  saveCanteenInput,
} from './schema';

export const canteenNotFound = () => new AppError('NOT_FOUND', 'Canteen not found');

// ---------------------------------------------------------------------------------------------
// Settings

async function readCanteens(db: Db, where: { id?: number; companyOfficeId?: number | undefined }): Promise<Canteen[]> {
  let q = db
    .selectFrom('canteens as c')
    .innerJoin('company_offices as o', 'o.id', 'c.company_office_id')
    .select(['c.id', 'c.company_office_id as companyOfficeId', 'o.name as companyOffice', 'c.name', 'c.location', 'c.active']);
  if (where.id !== undefined) q = q.where('c.id', '=', where.id);
  if (where.companyOfficeId !== undefined) q = q.where('c.company_office_id', '=', where.companyOfficeId);
  const canteens = await q.orderBy('o.name').orderBy('c.name').execute();
  if (canteens.length === 0) return [];
  const canteenIds = canteens.map((c) => c.id);
  const [meals, terminals] = await Promise.all([
    db.selectFrom('canteen_meals').selectAll().where('canteen_id', 'in', canteenIds).orderBy('start_time').execute(),
    db.selectFrom('canteen_terminals').selectAll().where('canteen_id', 'in', canteenIds).orderBy('device_serial').execute(),
  ]);
  return canteens.map((c) => ({
    ...c,
    terminals: terminals.filter((t) => t.canteen_id === c.id).map((t) => t.device_serial),
    meals: meals
      .filter((m) => m.canteen_id === c.id)
      .map(
        (m): CanteenMeal => ({
          id: m.id,
          kind: m.kind,
          label: MEAL_KIND_LABELS[m.kind],
          startTime: hhmm(m.start_time),
          endTime: hhmm(m.end_time),
          quota: m.quota,
          subsidy: m.subsidy,
          employeePrice: m.employee_price,
          active: m.active,
        }),
      ),
  }));
}

/** Spec §7 "Get canteen setting": the canteens (optionally of one office) with their meals and terminals. */
export async function getCanteenSetting(ctx: Ctx, _grant: View, raw: In<typeof canteenSettingInput> = {}): Promise<Canteen[]> {
  const f = canteenSettingInput.parse(raw ?? {});
  return readCanteens(ctx.db, { companyOfficeId: f.companyOfficeId });
}

async function canteenUses(db: Db, where: { canteenId: number; kinds?: MealKind[] }) {
  const kinds = where.kinds;
  if (kinds && kinds.length === 0) return { schedules: 0, presences: 0 };
  const mealFilter = kinds ? sql`and m.kind in (${sql.join(kinds.map((k) => sql`${k}`))})` : sql``;
  const r = await sql<{ schedules: number; presences: number }>`
    select
      (select count(*)::int from canteen_meal_schedules s join canteen_meals m on m.id = s.meal_id
        where m.canteen_id = ${where.canteenId} ${mealFilter}) as schedules,
      (select count(*)::int from canteen_presences p join canteen_meals m on m.id = p.meal_id
        where m.canteen_id = ${where.canteenId} ${mealFilter}) as presences`.execute(db);
  return r.rows[0]!;
}

const mealUses = (u: { schedules: number; presences: number }): Use[] => [
  [u.schedules, 'meal schedule', 'meal schedules'],
  [u.presences, 'presence', 'presences'],
];

/**
 * Spec §7 "One save call": creates a canteen (no id) or replaces one (id) with its meals and
 * terminals. Meals are matched by kind; a kind left out is deleted, refused when it has schedules
 * or presences (set it inactive instead). A terminal belongs to one canteen only.
 */
export async function saveCanteen(ctx: Ctx, _grant: Manage, raw: In<typeof saveCanteenInput>): Promise<Canteen> {
  const input = saveCanteenInput.parse(raw);
  const id = await inTransaction(ctx, async (trx) => {
    const office = await trx
      .selectFrom('company_offices')
      .select('id')
      .where('id', '=', input.companyOfficeId)
      .executeTakeFirst();
    if (!office)
      throw new AppError('VALIDATION', 'Company office not found', {
        fields: [{ param: 'companyOfficeId', msg: 'does not exist' }],
      });
    let before: Canteen | null = null;
    let canteenId: number;
    const nameTaken = () => taken('name', 'A canteen with this name exists in this office already');
    if (input.id) {
      const locked = await trx.selectFrom('canteens').select('id').where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!locked) throw canteenNotFound();
      before = (await readCanteens(trx, { id: input.id }))[0] ?? null;
      canteenId = input.id;
      await dbWrite(
        () =>
          trx
            .updateTable('canteens')
            .set({
              company_office_id: input.companyOfficeId,
              name: input.name,
              location: input.location || null,
              active: input.active,
              updated_at: sql`now()`,
            })
            .where('id', '=', canteenId)
            .execute(),
        { unique: { canteens_office_name_uq: nameTaken } },
      );
    } else {
      const row = await dbWrite(
        () =>
          trx
            .insertInto('canteens')
            .values({
              company_office_id: input.companyOfficeId,
              name: input.name,
              location: input.location || null,
              active: input.active,
            })
            .returning('id')
            .executeTakeFirstOrThrow(),
        { unique: { canteens_office_name_uq: nameTaken } },
      );
      canteenId = row.id;
    }

    // Terminals: a serial of another canteen is refused, naming that canteen.
    if (input.terminals.length > 0) {
      const others = await trx
        .selectFrom('canteen_terminals as t')
        .innerJoin('canteens as c', 'c.id', 't.canteen_id')
        .select(['t.device_serial', 'c.name'])
        .where('t.device_serial', 'in', input.terminals)
        .where('t.canteen_id', '<>', canteenId)
        .execute();
      if (others.length > 0) {
        const o = others[0]!;
        throw new AppError('CONFLICT', `Terminal ${o.device_serial} belongs to canteen ${o.name}`, {
          fields: [{ param: `terminals.${input.terminals.indexOf(o.device_serial)}`, msg: `belongs to canteen ${o.name}` }],
        });
      }
    }
    let q = trx.deleteFrom('canteen_terminals').where('canteen_id', '=', canteenId);
    if (input.terminals.length > 0) q = q.where('device_serial', 'not in', input.terminals);
    await q.execute();
    if (input.terminals.length > 0)
      await dbWrite(() =>
        trx
          .insertInto('canteen_terminals')
          .values(input.terminals.map((s) => ({ device_serial: s, canteen_id: canteenId })))
          .onConflict((oc) => oc.column('device_serial').doNothing())
          .execute(),
      );

    // Meals: upsert by kind; kinds left out are deleted when unused.
    const existing = await trx.selectFrom('canteen_meals').select(['id', 'kind']).where('canteen_id', '=', canteenId).execute();
    const dropped = existing.filter((m) => !input.meals.some((x) => x.kind === m.kind)).map((m) => m.kind);
    if (dropped.length > 0) {
      const uses = await canteenUses(trx, { canteenId, kinds: dropped });
      refuseIfUsed(
        `${dropped.map((k) => MEAL_KIND_LABELS[k]).join(', ')} of this canteen`,
        mealUses(uses),
        'Set the meal inactive instead.',
      );
      await trx.deleteFrom('canteen_meals').where('canteen_id', '=', canteenId).where('kind', 'in', dropped).execute();
    }
    for (const m of input.meals) {
      const values = {
        start_time: `${m.startTime}:00`,
        end_time: `${m.endTime}:00`,
        quota: m.quota ?? null,
        subsidy: m.subsidy,
        employee_price: m.employeePrice,
        active: m.active,
      };
      await trx
        .insertInto('canteen_meals')
        .values({ canteen_id: canteenId, kind: m.kind, ...values })
        .onConflict((oc) => oc.columns(['canteen_id', 'kind']).doUpdateSet({ ...values, updated_at: sql`now()` }))
        .execute();
    }
    const after = (await readCanteens(trx, { id: canteenId }))[0]!;
    await audit(ctx, trx, {
      action: before ? 'canteen.setting.update' : 'canteen.setting.create',
      entity: 'canteens',
      entityId: canteenId,
      before,
      after,
    });
    return canteenId;
  });
  return (await readCanteens(ctx.db, { id }))[0]!;
}

/** Deletes a canteen with its meals and terminals; refused while it has schedules or presences. */
export async function deleteCanteen(ctx: Ctx, _grant: Manage, raw: In<typeof canteenIdInput>): Promise<{ id: number }> {
  const { id } = canteenIdInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    const c = await trx.selectFrom('canteens').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!c) throw canteenNotFound();
    const before = (await readCanteens(trx, { id }))[0];
    const uses = await canteenUses(trx, { canteenId: id });
    refuseIfUsed(`Canteen ${c.name}`, mealUses(uses), 'Set it inactive instead.');
    await trx.deleteFrom('canteens').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'canteen.setting.delete', entity: 'canteens', entityId: id, before });
  });
  return { id };
}
