import ExcelJS from 'exceljs';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { audit } from '../audit/service';
import type { Grant } from '../permissions/grant';
import { scopeSql } from '../permissions/scope';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite, refuseIfUsed, taken } from '../shared/db-errors';
import { AppError, type ErrorCode } from '../shared/errors';
import { likePattern } from '../shared/sql';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import type { Page, In } from '../shared/zod';
import {
  type AssignMealScheduleResult,
  assignMealScheduleInput,
  type Canteen,
  type CanteenFileDownload,
  type CanteenMeal,
  canteenIdInput,
  canteenSettingInput,
  fingerprintPresenceInput,
  type ImportCanteenPunchesResult,
  importCanteenPunchesInput,
  listMealCostsInput,
  listMealScheduleEmployeesInput,
  listMealSchedulesInput,
  listPresencesInput,
  MEAL_KIND_LABELS,
  type MealCost,
  type MealCostPage,
  type MealCostRow,
  type MealKind,
  type MealScheduleEmployeeRow,
  type MealScheduleRow,
  MENU_PREFERENCE_LABELS,
  MENU_PREFERENCES,
  type MenuPreference,
  PREFERENCE_REPORT_FILE,
  PRESENCE_SOURCE_LABELS,
  type PresenceRefusal,
  type PresenceResult,
  type PresenceRow,
  type PresenceSource,
  preferenceReportInput,
  presenceIdInput,
  type RemoveMealScheduleResult,
  removeMealScheduleInput,
  saveCanteenInput,
  scanPresenceInput,
  setMenuPreferenceInput,
} from './schema';

type View = Grant<'canteen.view'>;
type Manage = Grant<'canteen.manage'>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const canteenNotFound = () => new AppError('NOT_FOUND', 'Canteen not found');
const mealNotFound = () => new AppError('NOT_FOUND', 'Meal not found');
const employeeName = sql<string>`trim(e.given_name || ' ' || e.surname)`;
const hhmm = (t: string) => t.slice(0, 5);
const ddmmyyyy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const ids = (list: readonly number[]) => sql.join(list.map((i) => sql`${i}`));

/** The company's local calendar date and time of an instant: { date: 'yyyy-mm-dd', time: 'hh:mm:ss' }. */
export function canteenLocalTime(at: Date): { date: string; time: string } {
  const s = new Intl.DateTimeFormat('sv-SE', {
    timeZone: COMPANY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { date: s.slice(0, 10), time: s.slice(11, 19) };
}

/** A refusal at the kiosk: a clear message, and the reason for machines (REST internalMsg). */
function refusal(code: ErrorCode, reason: PresenceRefusal, message: string, employee?: string): AppError {
  return new AppError(code, message, { detail: employee ? { reason, employee } : { reason } });
}

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
        [
          [uses.schedules, 'meal schedule', 'meal schedules'],
          [uses.presences, 'presence', 'presences'],
        ],
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
    refuseIfUsed(
      `Canteen ${c.name}`,
      [
        [uses.schedules, 'meal schedule', 'meal schedules'],
        [uses.presences, 'presence', 'presences'],
      ],
      'Set it inactive instead.',
    );
    await trx.deleteFrom('canteens').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'canteen.setting.delete', entity: 'canteens', entityId: id, before });
  });
  return { id };
}

// ---------------------------------------------------------------------------------------------
// Meal schedules

/** The working employees of a selection, in the caller's scope (SQL on alias e). */
function selectionSql(
  scope: Grant['scope'],
  s: {
    companyOfficeId?: number | undefined;
    departmentId?: number | undefined;
    divisionId?: number | undefined;
    employeeIds?: number[] | undefined;
  },
): RawBuilder<SqlBool> {
  const conds: RawBuilder<SqlBool>[] = [sql<SqlBool>`e.resigned = 0`, scopeSql(scope, 'e')];
  if (s.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${s.companyOfficeId}`);
  if (s.departmentId) conds.push(sql<SqlBool>`e.department_id = ${s.departmentId}`);
  if (s.divisionId) conds.push(sql<SqlBool>`e.division_id = ${s.divisionId}`);
  if (s.employeeIds && s.employeeIds.length > 0) conds.push(sql<SqlBool>`e.id in (${ids(s.employeeIds)})`);
  return sql.join(conds, sql` and `) as RawBuilder<SqlBool>;
}

async function mealOf(db: Db, mealId: number) {
  const m = await db
    .selectFrom('canteen_meals as m')
    .innerJoin('canteens as c', 'c.id', 'm.canteen_id')
    .select(['m.id', 'm.kind', 'm.active', 'c.name as canteen', 'c.active as canteenActive'])
    .where('m.id', '=', mealId)
    .executeTakeFirst();
  if (!m) throw mealNotFound();
  return m;
}

/**
 * Schedules a meal in bulk: every working employee of the selection (in the caller's scope) on
 * every day of the range, or only on the days their roster gives a shift. The roster is read
 * from the attendance tables (read-only): a day's schedule row decides (a null shift is a day
 * off); without one, the default shift on a workday of the attendance settings; holidays of the
 * employee's office or the whole company are skipped. One set-based upsert: an employee scheduled
 * for the same kind of meal at another canteen that day is moved here, unless they took it already.
 */
export async function assignMealSchedule(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof assignMealScheduleInput>,
): Promise<AssignMealScheduleResult> {
  const input = assignMealScheduleInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const meal = await mealOf(trx, input.mealId);
    if (!meal.active || !meal.canteenActive)
      throw new AppError('PRECONDITION_FAILED', `${MEAL_KIND_LABELS[meal.kind]} at ${meal.canteen} is inactive`, {
        fields: [{ param: 'mealId', msg: 'is inactive' }],
      });
    const where = selectionSql(grant.scope, input);
    const matched = await sql<{ n: number }>`select count(*)::int as n from employees e where ${where}`.execute(trx);
    if ((matched.rows[0]?.n ?? 0) === 0) {
      throw new AppError('VALIDATION', 'No working employee matches this selection', {
        fields: [{ param: input.employeeIds?.length ? 'employeeIds' : 'companyOfficeId', msg: 'matches no working employee' }],
      });
    }
    const rostered = input.onlyRosteredDays
      ? sql<SqlBool>`(
          case
            when sc.employee_id is not null then sc.shift_id is not null
            else st.default_shift_id is not null and (st.workday_mask >> extract(isodow from d.day)::int) & 1 = 1
          end
          and not exists (select 1 from holidays h where h.holiday_date = d.day
            and (h.company_office_id is null or h.company_office_id = e.company_office_id)))`
      : sql<SqlBool>`true`;
    const r = await sql<{ added: number; moved: number; unchanged: number; taken: number }>`
      with days as (
        select g::date as day from generate_series(${input.from}::date, ${input.to}::date, interval '1 day') g
      ),
      st as (select default_shift_id, workday_mask from attendance_settings where id = 1),
      want as (
        select e.id as employee_id, d.day
        from employees e cross join days d
        left join st on true
        left join schedules sc on sc.employee_id = e.id and sc.work_date = d.day
        where ${where} and ${rostered}
      ),
      classified as (
        select w.employee_id, w.day, s.meal_id as current_meal,
          exists (select 1 from canteen_presences p where p.employee_id = w.employee_id and p.meal_date = w.day
            and p.meal_kind = ${meal.kind}) as is_taken
        from want w
        left join canteen_meal_schedules s on s.employee_id = w.employee_id and s.meal_date = w.day and s.meal_kind = ${meal.kind}
      ),
      up as (
        insert into canteen_meal_schedules (employee_id, meal_date, meal_kind, meal_id, created_by_user_id)
        select employee_id, day, ${meal.kind}, ${meal.id}, ${grant.actor.userId} from classified
        where current_meal is null or (current_meal <> ${meal.id} and not is_taken)
        on conflict (employee_id, meal_date, meal_kind) do update set meal_id = excluded.meal_id,
          created_by_user_id = excluded.created_by_user_id, created_at = now()
        returning 1
      )
      select
        (select count(*)::int from classified where current_meal is null) as added,
        (select count(*)::int from classified where current_meal <> ${meal.id} and not is_taken) as moved,
        (select count(*)::int from classified where current_meal = ${meal.id}) as unchanged,
        (select count(*)::int from classified where current_meal <> ${meal.id} and is_taken) as taken,
        (select count(*)::int from up) as written`.execute(trx);
    const { added, moved, unchanged, taken: takenElsewhere } = r.rows[0]!;
    await audit(ctx, trx, {
      action: 'canteen.schedule.assign',
      entity: 'canteen_meal_schedules',
      entityId: meal.id,
      after: { ...input, added, moved, unchanged, taken: takenElsewhere },
    });
    return { added, moved, unchanged, taken: takenElsewhere };
  });
}

/** Removes a meal's schedules of a selection and date range; a meal already taken keeps its schedule. */
export async function removeMealSchedule(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof removeMealScheduleInput>,
): Promise<RemoveMealScheduleResult> {
  const input = removeMealScheduleInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const meal = await mealOf(trx, input.mealId);
    const where = selectionSql(grant.scope, input);
    const r = await sql<{ removed: number; kept: number }>`
      with target as (
        select s.employee_id, s.meal_date,
          exists (select 1 from canteen_presences p where p.employee_id = s.employee_id and p.meal_date = s.meal_date
            and p.meal_kind = s.meal_kind) as is_taken
        from canteen_meal_schedules s join employees e on e.id = s.employee_id
        where s.meal_id = ${meal.id} and s.meal_date between ${input.from}::date and ${input.to}::date and ${where}
      ),
      del as (
        delete from canteen_meal_schedules s using target t
        where s.employee_id = t.employee_id and s.meal_date = t.meal_date and s.meal_kind = ${meal.kind} and not t.is_taken
        returning 1
      )
      select (select count(*)::int from del) as removed, (select count(*)::int from target where is_taken) as kept`.execute(trx);
    const { removed, kept } = r.rows[0]!;
    await audit(ctx, trx, {
      action: 'canteen.schedule.remove',
      entity: 'canteen_meal_schedules',
      entityId: meal.id,
      after: { ...input, removed, kept },
    });
    return { removed, kept };
  });
}

/** Spec §7 "Get meal schedule": per meal and day (earliest first), how many are scheduled (in scope) and how many took it. */
export async function listMealSchedules(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listMealSchedulesInput>,
): Promise<Page<MealScheduleRow>> {
  const f = listMealSchedulesInput.parse(raw);
  const conds: RawBuilder<SqlBool>[] = [scopeSql(grant.scope, 'e')];
  if (f.from) conds.push(sql<SqlBool>`s.meal_date >= ${f.from}::date`);
  if (f.to) conds.push(sql<SqlBool>`s.meal_date <= ${f.to}::date`);
  if (f.canteenId) conds.push(sql<SqlBool>`c.id = ${f.canteenId}`);
  if (f.companyOfficeId) conds.push(sql<SqlBool>`c.company_office_id = ${f.companyOfficeId}`);
  if (f.mealKind) conds.push(sql<SqlBool>`s.meal_kind = ${f.mealKind}`);
  const rows = await sql<MealScheduleRow & { total: number }>`
    select s.meal_date as date, m.id as "mealId", m.kind as "mealKind", c.id as "canteenId", c.name as canteen,
      o.name as "companyOffice", to_char(m.start_time, 'HH24:MI') as "startTime", to_char(m.end_time, 'HH24:MI') as "endTime",
      m.quota, count(*)::int as scheduled, count(p.id)::int as taken, (count(*) over ())::int as total
    from canteen_meal_schedules s
    join canteen_meals m on m.id = s.meal_id
    join canteens c on c.id = m.canteen_id
    join company_offices o on o.id = c.company_office_id
    join employees e on e.id = s.employee_id
    left join canteen_presences p on p.employee_id = s.employee_id and p.meal_date = s.meal_date and p.meal_id = s.meal_id
    where ${sql.join(conds, sql` and `)}
    group by s.meal_date, m.id, c.id, o.name
    order by s.meal_date, m.start_time, c.name
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`.execute(ctx.db);
  return {
    rows: rows.rows.map(({ total: _t, ...r }) => ({ ...r, mealLabel: MEAL_KIND_LABELS[r.mealKind] })),
    total: rows.rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

const preferenceOf = (p: string | null): MenuPreference =>
  p && (MENU_PREFERENCES as readonly string[]).includes(p) ? (p as MenuPreference) : 'regular';

/** Spec §7 "Meal-schedule employee list": who is scheduled (in scope), with preference and whether they ate. */
export async function listMealScheduleEmployees(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listMealScheduleEmployeesInput>,
): Promise<Page<MealScheduleEmployeeRow>> {
  const f = listMealScheduleEmployeesInput.parse(raw);
  const conds: RawBuilder<SqlBool>[] = [scopeSql(grant.scope, 'e')];
  if (f.date) conds.push(sql<SqlBool>`s.meal_date = ${f.date}::date`);
  if (f.from) conds.push(sql<SqlBool>`s.meal_date >= ${f.from}::date`);
  if (f.to) conds.push(sql<SqlBool>`s.meal_date <= ${f.to}::date`);
  if (f.mealId) conds.push(sql<SqlBool>`s.meal_id = ${f.mealId}`);
  if (f.canteenId) conds.push(sql<SqlBool>`c.id = ${f.canteenId}`);
  if (f.mealKind) conds.push(sql<SqlBool>`s.meal_kind = ${f.mealKind}`);
  if (f.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  if (f.divisionId) conds.push(sql<SqlBool>`e.division_id = ${f.divisionId}`);
  if (f.preference) conds.push(sql<SqlBool>`coalesce(cp.preference, 'regular') = ${f.preference}`);
  if (f.taken !== undefined) conds.push(f.taken ? sql<SqlBool>`p.id is not null` : sql<SqlBool>`p.id is null`);
  if (f.search) {
    const like = likePattern(f.search);
    conds.push(sql<SqlBool>`(${employeeName} ilike ${like} or e.employee_number ilike ${like})`);
  }
  const rows = await sql<
    Omit<MealScheduleEmployeeRow, 'mealLabel' | 'preferenceLabel' | 'preference'> & { preference: string | null; total: number }
  >`
    select e.id as "employeeId", e.employee_number as "employeeNumber", ${employeeName} as name, o.name as "companyOffice",
      d.name as department, v.name as division, s.meal_date as date, s.meal_id as "mealId", s.meal_kind as "mealKind",
      c.name as canteen, cp.preference, cp.note as "preferenceNote", (p.id is not null) as taken, p.taken_at as "takenAt",
      (count(*) over ())::int as total
    from canteen_meal_schedules s
    join canteen_meals m on m.id = s.meal_id
    join canteens c on c.id = m.canteen_id
    join employees e on e.id = s.employee_id
    join company_offices o on o.id = e.company_office_id
    left join departments d on d.id = e.department_id
    left join divisions v on v.id = e.division_id
    left join canteen_preferences cp on cp.employee_id = e.id
    left join canteen_presences p on p.employee_id = s.employee_id and p.meal_date = s.meal_date and p.meal_kind = s.meal_kind
    where ${sql.join(conds, sql` and `)}
    order by s.meal_date, m.start_time, c.name, e.employee_number
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`.execute(ctx.db);
  return {
    rows: rows.rows.map(({ total: _t, ...r }) => {
      const preference = preferenceOf(r.preference);
      return {
        ...r,
        mealLabel: MEAL_KIND_LABELS[r.mealKind],
        preference,
        preferenceLabel: MENU_PREFERENCE_LABELS[preference],
      };
    }),
    total: rows.rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** Sets the menu preference (and a note for the kitchen) of employees in the caller's scope. */
export async function setMenuPreference(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof setMenuPreferenceInput>,
): Promise<{ updated: number }> {
  const input = setMenuPreferenceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const visible = await sql<{ id: number }>`
      select e.id from employees e where e.id in (${ids(input.employeeIds)}) and ${scopeSql(grant.scope, 'e')}`.execute(trx);
    if (visible.rows.length !== new Set(input.employeeIds).size) throw new AppError('NOT_FOUND', 'Employee not found');
    await trx
      .insertInto('canteen_preferences')
      .values(
        visible.rows.map((r) => ({
          employee_id: r.id,
          preference: input.preference,
          note: input.note || null,
          updated_by_user_id: grant.actor.userId,
        })),
      )
      .onConflict((oc) =>
        oc.column('employee_id').doUpdateSet({
          preference: input.preference,
          note: input.note || null,
          updated_by_user_id: grant.actor.userId,
          updated_at: sql`now()`,
        }),
      )
      .execute();
    await audit(ctx, trx, {
      action: 'canteen.preference.set',
      entity: 'canteen_preferences',
      after: { employeeIds: input.employeeIds, preference: input.preference, note: input.note ?? null },
    });
    return { updated: visible.rows.length };
  });
}

// ---------------------------------------------------------------------------------------------
// Presence

interface Eater {
  id: number;
  employeeNumber: string;
  name: string;
}

const eaterLabel = (e: Eater) => `${e.employeeNumber} ${e.name}`;

/**
 * Records one presence at a canteen at a local date/time: the meal is the canteen's active meal
 * whose serving window holds the time (to the minute, both ends included; when windows overlap,
 * the one the employee is scheduled for). Refused — with a clear message — when outside every
 * window, already taken that day (any canteen), not scheduled for it here, or the day's quota is
 * reached. The meal row is locked while checking, so concurrent scans of one meal are serialised;
 * the unique index (employee, day, kind) is the last word.
 */
async function recordPresence(
  ctx: Ctx,
  grant: Manage,
  who: Eater,
  at: { canteenId: number; date: string; time: string; takenAt: Date; source: PresenceSource; serial: string | null },
): Promise<PresenceResult> {
  const emp = eaterLabel(who);
  const presenceId = await inTransaction(ctx, async (trx) => {
    const canteen = await trx
      .selectFrom('canteens')
      .select(['id', 'name', 'active'])
      .where('id', '=', at.canteenId)
      .executeTakeFirst();
    if (!canteen) throw canteenNotFound();
    const meals = await trx
      .selectFrom('canteen_meals')
      .selectAll()
      .where('canteen_id', '=', canteen.id)
      .where('active', '=', true)
      .orderBy('start_time')
      .execute();
    const minute = `${at.time.slice(0, 5)}:00`;
    const open = canteen.active ? meals.filter((m) => m.start_time <= minute && minute <= m.end_time) : [];
    if (open.length === 0) {
      const windows = meals.map((m) => `${MEAL_KIND_LABELS[m.kind]} ${hhmm(m.start_time)}–${hhmm(m.end_time)}`).join(', ');
      throw refusal(
        'PRECONDITION_FAILED',
        'outside_window',
        !canteen.active || meals.length === 0
          ? `Outside serving window: ${canteen.name} serves no meals`
          : `Outside serving window (${hhmm(at.time)}): ${canteen.name} serves ${windows}`,
        emp,
      );
    }
    const schedules = await trx
      .selectFrom('canteen_meal_schedules as s')
      .innerJoin('canteen_meals as m', 'm.id', 's.meal_id')
      .innerJoin('canteens as c', 'c.id', 'm.canteen_id')
      .select(['s.meal_kind', 's.meal_id', 'c.name as canteen'])
      .where('s.employee_id', '=', who.id)
      .where('s.meal_date', '=', at.date)
      .execute();
    const meal = open.find((m) => schedules.some((s) => s.meal_id === m.id)) ?? open[0]!;
    const label = MEAL_KIND_LABELS[meal.kind];
    await trx.selectFrom('canteen_meals').select('id').where('id', '=', meal.id).forUpdate().execute();

    const alreadyTaken = (time?: string, where?: string) =>
      refusal(
        'CONFLICT',
        'already_taken',
        time
          ? `${who.name} already took ${label} on ${ddmmyyyy(at.date)} at ${time} (${where})`
          : `${who.name} already took ${label}`,
        emp,
      );
    const prior = await trx
      .selectFrom('canteen_presences as p')
      .innerJoin('canteens as c', 'c.id', 'p.canteen_id')
      .select(['p.taken_at', 'c.name'])
      .where('p.employee_id', '=', who.id)
      .where('p.meal_date', '=', at.date)
      .where('p.meal_kind', '=', meal.kind)
      .executeTakeFirst();
    if (prior) throw alreadyTaken(canteenLocalTime(prior.taken_at).time.slice(0, 5), prior.name);

    const mine = schedules.find((s) => s.meal_kind === meal.kind);
    if (!mine)
      throw refusal(
        'PRECONDITION_FAILED',
        'not_scheduled',
        `${who.name} is not scheduled for ${label} on ${ddmmyyyy(at.date)}`,
        emp,
      );
    if (mine.meal_id !== meal.id)
      throw refusal(
        'PRECONDITION_FAILED',
        'not_scheduled',
        `${who.name} is scheduled for ${label} at ${mine.canteen}, not at ${canteen.name}`,
        emp,
      );
    if (meal.quota !== null) {
      const n = await trx
        .selectFrom('canteen_presences')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('meal_id', '=', meal.id)
        .where('meal_date', '=', at.date)
        .executeTakeFirstOrThrow();
      if (n.n >= meal.quota)
        throw refusal('CONFLICT', 'quota_reached', `${label} quota reached: ${n.n} of ${meal.quota} meals served`, emp);
    }
    const pref = await trx
      .selectFrom('canteen_preferences')
      .select('preference')
      .where('employee_id', '=', who.id)
      .executeTakeFirst();
    const row = await dbWrite(
      () =>
        trx
          .insertInto('canteen_presences')
          .values({
            employee_id: who.id,
            meal_date: at.date,
            meal_kind: meal.kind,
            meal_id: meal.id,
            canteen_id: canteen.id,
            taken_at: at.takenAt,
            source: at.source,
            device_serial: at.serial,
            preference: preferenceOf(pref?.preference ?? null),
            employee_price: meal.employee_price,
            subsidy: meal.subsidy,
            recorded_by_user_id: grant.actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { canteen_presences_once_uq: () => alreadyTaken() } },
    );
    await audit(ctx, trx, {
      action: 'canteen.presence.record',
      entity: 'canteen_presences',
      entityId: row.id,
      after: { employeeId: who.id, date: at.date, meal: meal.kind, canteenId: canteen.id, source: at.source, serial: at.serial },
    });
    return row.id;
  });
  return presenceResult(ctx.db, presenceId);
}

async function presenceResult(db: Db, id: string): Promise<PresenceResult> {
  const r = await db
    .selectFrom('canteen_presences as p')
    .innerJoin('employees as e', 'e.id', 'p.employee_id')
    .innerJoin('canteens as c', 'c.id', 'p.canteen_id')
    .select([
      'p.id',
      'p.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      employeeName.as('name'),
      'p.canteen_id as canteenId',
      'c.name as canteen',
      'p.meal_kind as mealKind',
      'p.meal_date as mealDate',
      'p.taken_at as takenAt',
      'p.preference',
      'p.employee_price as employeePrice',
      'p.source',
    ])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  const preference = preferenceOf(r.preference);
  return { ...r, mealLabel: MEAL_KIND_LABELS[r.mealKind], preference, preferenceLabel: MENU_PREFERENCE_LABELS[preference] };
}

/** The card / QR value: an employee number, or "EMP:<employee number>". */
export function cardEmployeeNumber(code: string): string {
  return code.trim().replace(/^emp:\s*/i, '');
}

/**
 * A card / QR scan at the kiosk of a canteen, now (ctx clock, local time). The kiosk serves every
 * working employee of the company; it shows only the name and number of the one scanned.
 */
export async function scanPresence(ctx: Ctx, grant: Manage, raw: In<typeof scanPresenceInput>): Promise<PresenceResult> {
  const input = scanPresenceInput.parse(raw);
  const number = cardEmployeeNumber(input.code);
  const e = await ctx.db
    .selectFrom('employees as e')
    .select(['e.id', 'e.employee_number as employeeNumber', employeeName.as('name')])
    .where(sql<SqlBool>`lower(e.employee_number) = lower(${number})`)
    .where('e.resigned', '=', 0)
    .executeTakeFirst();
  if (!e) throw refusal('NOT_FOUND', 'unknown_card', `Unknown card: ${number.slice(0, 50) || input.code.slice(0, 50)}`);
  const now = ctx.clock();
  const local = canteenLocalTime(now);
  return recordPresence(ctx, grant, e, {
    canteenId: input.canteenId,
    date: local.date,
    time: local.time,
    takenAt: now,
    source: 'card',
    serial: null,
  });
}

/** The canteen a terminal belongs to, or a clear refusal. */
async function terminalCanteen(db: Db, serial: string): Promise<number> {
  const t = await db.selectFrom('canteen_terminals').select('canteen_id').where('device_serial', '=', serial).executeTakeFirst();
  if (!t) throw refusal('NOT_FOUND', 'unknown_terminal', `Terminal ${serial} is not a canteen terminal`);
  return t.canteen_id;
}

/**
 * A punch at a canteen fingerprint terminal (serial + PIN + the terminal's local time). The PIN is
 * resolved through the attendance PIN mappings (read-only): a mapping for this terminal first,
 * then a mapping for every terminal.
 */
export async function recordFingerprintPresence(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof fingerprintPresenceInput>,
): Promise<PresenceResult> {
  const input = fingerprintPresenceInput.parse(raw);
  const canteenId = await terminalCanteen(ctx.db, input.serial);
  const e = await ctx.db
    .selectFrom('attendance_pins as m')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .select(['e.id', 'e.employee_number as employeeNumber', employeeName.as('name')])
    .where('m.pin', '=', input.pin)
    .where((eb) => eb.or([eb('m.device_serial', '=', input.serial), eb('m.device_serial', 'is', null)]))
    .where('e.resigned', '=', 0)
    .orderBy(sql`m.device_serial is null`)
    .limit(1)
    .executeTakeFirst();
  if (!e) throw refusal('NOT_FOUND', 'unknown_card', `Unknown fingerprint: PIN ${input.pin} on terminal ${input.serial}`);
  const date = input.time.slice(0, 10);
  const time = input.time.slice(11).padEnd(8, ':00').slice(0, 8);
  return recordPresence(ctx, grant, e, {
    canteenId,
    date,
    time,
    takenAt: new Date(`${date}T${time}+07:00`),
    source: 'fingerprint',
    serial: input.serial,
  });
}

/**
 * Takes the punches of canteen terminals (read-only from the attendance punch table) for a date
 * range and records presences, set-based: per employee, day and kind of meal the first punch in a
 * serving window of that terminal's canteen. The same rules as a scan apply (scheduled here, once
 * per meal and day, the quota in punch order); running it again records nothing twice.
 */
export async function importCanteenPunches(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof importCanteenPunchesInput>,
): Promise<ImportCanteenPunchesResult> {
  const input = importCanteenPunchesInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    // Serialise with scans: lock the meals of every canteen that has a terminal.
    await sql`select m.id from canteen_meals m where m.canteen_id in (select canteen_id from canteen_terminals)
      order by m.id for update`.execute(trx);
    const r = await sql<ImportCanteenPunchesResult>`
      with pun as (
        select p.employee_id, p.device_serial, p.local_time, p.local_time::date as day,
          date_trunc('minute', p.local_time)::time as tm, t.canteen_id
        from punches p
        join canteen_terminals t on t.device_serial = p.device_serial
        join canteens c on c.id = t.canteen_id and c.active
        where p.local_time >= ${input.from}::date and p.local_time < ${input.to}::date + 1
      ),
      hit as (
        select pun.*, m.id as meal_id, m.kind, m.quota, m.employee_price, m.subsidy
        from pun join canteen_meals m on m.canteen_id = pun.canteen_id and m.active and pun.tm between m.start_time and m.end_time
      ),
      firsts as (
        select distinct on (h.employee_id, h.day, h.kind) h.*
        from hit h where h.employee_id is not null
        order by h.employee_id, h.day, h.kind, (exists (select 1 from canteen_meal_schedules s
          where s.employee_id = h.employee_id and s.meal_date = h.day and s.meal_id = h.meal_id)) desc, h.local_time
      ),
      judged as (
        select f.*,
          exists (select 1 from canteen_presences p where p.employee_id = f.employee_id and p.meal_date = f.day
            and p.meal_kind = f.kind) as is_taken,
          exists (select 1 from canteen_meal_schedules s where s.employee_id = f.employee_id and s.meal_date = f.day
            and s.meal_id = f.meal_id) as is_scheduled,
          (select count(*) from canteen_presences p where p.meal_id = f.meal_id and p.meal_date = f.day) as served
        from firsts f
      ),
      ranked as (
        select j.*, row_number() over (partition by j.meal_id, j.day order by j.local_time, j.employee_id) as n
        from judged j where j.is_scheduled and not j.is_taken
      ),
      ok as (select * from ranked where quota is null or served + n <= quota),
      ins as (
        insert into canteen_presences (employee_id, meal_date, meal_kind, meal_id, canteen_id, taken_at, source,
          device_serial, preference, employee_price, subsidy, recorded_by_user_id)
        select ok.employee_id, ok.day, ok.kind, ok.meal_id, ok.canteen_id, ok.local_time at time zone ${COMPANY_TIME_ZONE}, 'fingerprint',
          ok.device_serial, coalesce(cp.preference, 'regular'), ok.employee_price, ok.subsidy, ${grant.actor.userId}
        from ok left join canteen_preferences cp on cp.employee_id = ok.employee_id
        on conflict (employee_id, meal_date, meal_kind) do nothing
        returning 1
      )
      select
        (select count(*)::int from ins) as recorded,
        (select count(*)::int from judged where is_taken) as "alreadyTaken",
        (select count(*)::int from judged where not is_taken and not is_scheduled) as "notScheduled",
        (select count(*)::int from ranked r where not (r.quota is null or r.served + r.n <= r.quota)) as "quotaReached",
        (select count(*)::int from pun where employee_id is not null and not exists (select 1 from hit
          where hit.device_serial = pun.device_serial and hit.local_time = pun.local_time and hit.employee_id = pun.employee_id)) as "outsideWindow",
        (select count(*)::int from pun where employee_id is null) as "unknownPin"`.execute(trx);
    const result = r.rows[0]!;
    await audit(ctx, trx, { action: 'canteen.presence.import', entity: 'canteen_presences', after: { ...input, ...result } });
    return result;
  });
}

/** Spec §7 "Presence (taking-food) list": presences of employees in the caller's scope, newest first. */
export async function listPresences(ctx: Ctx, grant: View, raw: In<typeof listPresencesInput>): Promise<Page<PresenceRow>> {
  const f = listPresencesInput.parse(raw);
  const conds: RawBuilder<SqlBool>[] = [scopeSql(grant.scope, 'e')];
  if (f.from) conds.push(sql<SqlBool>`p.meal_date >= ${f.from}::date`);
  if (f.to) conds.push(sql<SqlBool>`p.meal_date <= ${f.to}::date`);
  if (f.mealKind) conds.push(sql<SqlBool>`p.meal_kind = ${f.mealKind}`);
  if (f.canteenId) conds.push(sql<SqlBool>`p.canteen_id = ${f.canteenId}`);
  if (f.companyOfficeId) conds.push(sql<SqlBool>`c.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  if (f.source) conds.push(sql<SqlBool>`p.source = ${f.source}`);
  if (f.search) {
    const like = likePattern(f.search);
    conds.push(sql<SqlBool>`(${employeeName} ilike ${like} or e.employee_number ilike ${like})`);
  }
  const rows = await sql<Omit<PresenceRow, 'mealLabel' | 'preferenceLabel' | 'sourceLabel'> & { total: number }>`
    select p.id::text as id, p.taken_at as "takenAt", p.meal_date as "mealDate", p.meal_kind as "mealKind",
      p.canteen_id as "canteenId", c.name as canteen, o.name as "companyOffice", e.id as "employeeId",
      e.employee_number as "employeeNumber", ${employeeName} as name, d.name as department, p.preference,
      p.source, p.device_serial as "deviceSerial", p.employee_price::text as "employeePrice", p.subsidy::text as subsidy,
      (count(*) over ())::int as total
    from canteen_presences p
    join canteens c on c.id = p.canteen_id
    join company_offices o on o.id = c.company_office_id
    join employees e on e.id = p.employee_id
    left join departments d on d.id = e.department_id
    where ${sql.join(conds, sql` and `)}
    order by p.taken_at desc, p.id desc
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`.execute(ctx.db);
  return {
    rows: rows.rows.map(({ total: _t, ...r }) => {
      const preference = preferenceOf(r.preference);
      return {
        ...r,
        takenAt: new Date(r.takenAt),
        preference,
        mealLabel: MEAL_KIND_LABELS[r.mealKind],
        preferenceLabel: MENU_PREFERENCE_LABELS[preference],
        sourceLabel: PRESENCE_SOURCE_LABELS[r.source],
      };
    }),
    total: rows.rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** Deletes a presence recorded by mistake (in the caller's scope); the meal can then be taken again. */
export async function deletePresence(ctx: Ctx, grant: Manage, raw: In<typeof presenceIdInput>): Promise<{ id: number }> {
  const { id } = presenceIdInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    const before = await sql<{ id: string; employee_id: number; meal_date: string; meal_kind: string; canteen_id: number }>`
      select p.id::text as id, p.employee_id, p.meal_date, p.meal_kind, p.canteen_id
      from canteen_presences p join employees e on e.id = p.employee_id
      where p.id = ${id} and ${scopeSql(grant.scope, 'e')}`.execute(trx);
    if (before.rows.length === 0) throw new AppError('NOT_FOUND', 'Presence not found');
    await trx.deleteFrom('canteen_presences').where('id', '=', String(id)).execute();
    await audit(ctx, trx, {
      action: 'canteen.presence.delete',
      entity: 'canteen_presences',
      entityId: id,
      before: before.rows[0],
    });
  });
  return { id };
}

// ---------------------------------------------------------------------------------------------
// Preference report and meal costs

/**
 * The preference report `preference-report.xlsx` (spec §7): sheet "Summary" with, per day, canteen
 * and meal, the scheduled and taken counts and the count per preference; sheet "Employees" with
 * every scheduled employee (in the caller's scope), their preference and note, and whether they ate.
 */
export async function downloadPreferenceReport(
  ctx: Ctx,
  grant: View,
  raw: In<typeof preferenceReportInput>,
): Promise<CanteenFileDownload> {
  const f = preferenceReportInput.parse(raw);
  const conds: RawBuilder<SqlBool>[] = [
    scopeSql(grant.scope, 'e'),
    sql<SqlBool>`s.meal_date between ${f.from}::date and ${f.to}::date`,
  ];
  if (f.canteenId) conds.push(sql<SqlBool>`c.id = ${f.canteenId}`);
  if (f.companyOfficeId) conds.push(sql<SqlBool>`c.company_office_id = ${f.companyOfficeId}`);
  if (f.mealKind) conds.push(sql<SqlBool>`s.meal_kind = ${f.mealKind}`);
  const rows = await sql<{
    date: string;
    canteen: string;
    mealKind: MealKind;
    startTime: string;
    employeeNumber: string;
    name: string;
    department: string | null;
    preference: string | null;
    note: string | null;
    takenAt: Date | null;
  }>`
    select s.meal_date as date, c.name as canteen, s.meal_kind as "mealKind", m.start_time as "startTime",
      e.employee_number as "employeeNumber", ${employeeName} as name, d.name as department, cp.preference, cp.note,
      p.taken_at as "takenAt"
    from canteen_meal_schedules s
    join canteen_meals m on m.id = s.meal_id
    join canteens c on c.id = m.canteen_id
    join employees e on e.id = s.employee_id
    left join departments d on d.id = e.department_id
    left join canteen_preferences cp on cp.employee_id = e.id
    left join canteen_presences p on p.employee_id = s.employee_id and p.meal_date = s.meal_date and p.meal_id = s.meal_id
    where ${sql.join(conds, sql` and `)}
    order by s.meal_date, m.start_time, c.name, e.employee_number`.execute(ctx.db);

  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const summary = wb.addWorksheet('Summary');
  summary.addRow(['Canteen preference report']).font = { bold: true };
  summary.addRow(['Period', `${ddmmyyyy(f.from)} – ${ddmmyyyy(f.to)}`]);
  summary.addRow([]);
  const prefLabels = MENU_PREFERENCES.map((p) => MENU_PREFERENCE_LABELS[p]);
  summary.addRow(['Date', 'Canteen', 'Meal', 'Scheduled', 'Taken', ...prefLabels]).font = { bold: true };
  const groups = new Map<
    string,
    { date: string; canteen: string; meal: string; scheduled: number; taken: number; counts: number[] }
  >();
  for (const r of rows.rows) {
    const key = `${r.date}\u0000${r.canteen}\u0000${r.mealKind}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        date: r.date,
        canteen: r.canteen,
        meal: MEAL_KIND_LABELS[r.mealKind],
        scheduled: 0,
        taken: 0,
        counts: MENU_PREFERENCES.map(() => 0),
      };
      groups.set(key, g);
    }
    g.scheduled += 1;
    if (r.takenAt) g.taken += 1;
    const i = MENU_PREFERENCES.indexOf(preferenceOf(r.preference));
    g.counts[i] = (g.counts[i] ?? 0) + 1;
  }
  for (const g of groups.values()) summary.addRow([ddmmyyyy(g.date), g.canteen, g.meal, g.scheduled, g.taken, ...g.counts]);
  if (groups.size === 0) summary.addRow(['No meals scheduled in this period']);

  const list = wb.addWorksheet('Employees');
  list.addRow(['Date', 'Canteen', 'Meal', 'Employee No.', 'Name', 'Department', 'Preference', 'Note', 'Taken', 'Taken at']).font =
    {
      bold: true,
    };
  for (const r of rows.rows) {
    list.addRow([
      ddmmyyyy(r.date),
      r.canteen,
      MEAL_KIND_LABELS[r.mealKind],
      r.employeeNumber,
      r.name,
      r.department ?? '',
      MENU_PREFERENCE_LABELS[preferenceOf(r.preference)],
      r.note ?? '',
      r.takenAt ? 'Yes' : 'No',
      r.takenAt ? canteenLocalTime(new Date(r.takenAt)).time.slice(0, 5) : '',
    ]);
  }
  for (const ws of [summary, list]) for (const c of ws.columns) c.width = 16;
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: PREFERENCE_REPORT_FILE, contentType: XLSX_TYPE, base64: buf.toString('base64') };
}

/**
 * Meals taken per employee in a date range, for payroll: the number of meals and the sums of the
 * employee prices (what payroll deducts) and of the company subsidies, integer rupiah as digit
 * strings, using the prices of the moment each meal was taken. Employees without meals are left
 * out. No permission check: payroll calls it inside its own (already permitted) run.
 */
export async function canteenMealCosts(
  db: Db,
  q: { from: string; to: string; employeeIds?: readonly number[] | undefined },
): Promise<MealCost[]> {
  if (q.employeeIds && q.employeeIds.length === 0) return [];
  const only = q.employeeIds ? sql`and p.employee_id in (${ids(q.employeeIds)})` : sql``;
  const r = await sql<MealCost>`
    select p.employee_id as "employeeId", count(*)::int as meals, sum(p.employee_price)::text as "employeePaid",
      sum(p.subsidy)::text as subsidy
    from canteen_presences p
    where p.meal_date between ${q.from}::date and ${q.to}::date ${only}
    group by p.employee_id
    order by p.employee_id`.execute(db);
  return r.rows;
}

/** The month's meal costs per employee (in the caller's scope), with totals over all matching employees. */
export async function listMealCosts(ctx: Ctx, grant: View, raw: In<typeof listMealCostsInput>): Promise<MealCostPage> {
  const f = listMealCostsInput.parse(raw);
  const [y, m] = f.month.split('-').map(Number) as [number, number];
  const from = `${f.month}-01`;
  const to = `${f.month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const conds: RawBuilder<SqlBool>[] = [scopeSql(grant.scope, 'e')];
  if (f.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  if (f.search) {
    const like = likePattern(f.search);
    conds.push(sql<SqlBool>`(${employeeName} ilike ${like} or e.employee_number ilike ${like})`);
  }
  const rows = await sql<MealCostRow & { total: number; allMeals: number; allPaid: string; allSubsidy: string }>`
    with costs as (
      select p.employee_id, count(*)::int as meals, sum(p.employee_price) as paid, sum(p.subsidy) as subsidy
      from canteen_presences p where p.meal_date between ${from}::date and ${to}::date
      group by p.employee_id
    )
    select e.id as "employeeId", e.employee_number as "employeeNumber", ${employeeName} as name, o.name as "companyOffice",
      d.name as department, k.meals, k.paid::text as "employeePaid", k.subsidy::text as subsidy,
      (count(*) over ())::int as total, (sum(k.meals) over ())::int as "allMeals",
      (sum(k.paid) over ())::text as "allPaid", (sum(k.subsidy) over ())::text as "allSubsidy"
    from costs k
    join employees e on e.id = k.employee_id
    join company_offices o on o.id = e.company_office_id
    left join departments d on d.id = e.department_id
    where ${sql.join(conds, sql` and `)}
    order by e.employee_number
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`.execute(ctx.db);
  const first = rows.rows[0];
  return {
    rows: rows.rows.map(({ total: _t, allMeals: _m, allPaid: _p, allSubsidy: _s, ...r }) => r),
    total: first?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
    from,
    to,
    totals: { meals: first?.allMeals ?? 0, employeePaid: first?.allPaid ?? '0', subsidy: first?.allSubsidy ?? '0' },
  };
}
