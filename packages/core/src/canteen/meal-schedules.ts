import { employeeName } from '../shared/employee-sql';
import { type SqlBool, sql } from 'kysely';
import { audit } from '../audit/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import { employeesInScope, inScope, selectionSql } from './access';
import { labelled } from './format';
import type { Manage, View } from './grants';
import { allOf, pageSql, pushEmployeeSearch } from './list-sql';
import { pageOf } from '../shared/page';
import {
  type AssignMealScheduleResult,
  assignMealScheduleInput,
  listMealScheduleEmployeesInput,
  listMealSchedulesInput,
  MEAL_KIND_LABELS,
  type MealScheduleEmployeeRow,
  type MealScheduleRow,
  type RemoveMealScheduleResult,
  removeMealScheduleInput,
  setMenuPreferenceInput,
} from './schema';

// Meal schedules

const mealNotFound = () => new AppError('NOT_FOUND', 'Meal not found');

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
 * A bulk change of one meal's schedules over a selection of employees (alias `e`, in the caller's
 * scope), in one transaction: `change` gets the meal and the selection and returns its counts,
 * audited as `canteen.schedule.<action>` on the meal with the input.
 */
async function changeSchedules<R extends Record<string, number>>(
  ctx: Ctx,
  grant: Manage,
  input: { mealId: number } & Parameters<typeof selectionSql>[1],
  action: 'assign' | 'remove',
  change: (trx: Db, meal: Awaited<ReturnType<typeof mealOf>>, where: ReturnType<typeof selectionSql>) => Promise<R>,
): Promise<R> {
  return inTransaction(ctx, async (trx) => {
    const meal = await mealOf(trx, input.mealId);
    const counts = await change(trx, meal, selectionSql(grant.scope, input));
    await audit(ctx, trx, {
      action: `canteen.schedule.${action}`,
      entity: 'canteen_meal_schedules',
      entityId: meal.id,
      after: { ...input, ...counts },
    });
    return counts;
  });
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
  return changeSchedules(ctx, grant, input, 'assign', async (trx, meal, where) => {
    if (!meal.active || !meal.canteenActive)
      throw new AppError('PRECONDITION_FAILED', `${MEAL_KIND_LABELS[meal.kind]} at ${meal.canteen} is inactive`, {
        fields: [{ param: 'mealId', msg: 'is inactive' }],
      });
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
    const { added, moved, unchanged, taken } = r.rows[0]!;
    return { added, moved, unchanged, taken };
  });
}

/** Removes a meal's schedules of a selection and date range; a meal already taken keeps its schedule. */
export async function removeMealSchedule(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof removeMealScheduleInput>,
): Promise<RemoveMealScheduleResult> {
  const input = removeMealScheduleInput.parse(raw);
  return changeSchedules(ctx, grant, input, 'remove', async (trx, meal, where) => {
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
  const conds = inScope(grant);
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
    where ${allOf(conds)}
    group by s.meal_date, m.id, c.id, o.name
    order by s.meal_date, m.start_time, c.name
    ${pageSql(f)}`.execute(ctx.db);
  return pageOf(rows.rows, f, (r) => ({ ...r, mealLabel: MEAL_KIND_LABELS[r.mealKind] }));
}

/** Spec §7 "Meal-schedule employee list": who is scheduled (in scope), with preference and whether they ate. */
export async function listMealScheduleEmployees(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listMealScheduleEmployeesInput>,
): Promise<Page<MealScheduleEmployeeRow>> {
  const f = listMealScheduleEmployeesInput.parse(raw);
  const conds = inScope(grant);
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
  pushEmployeeSearch(conds, f.search);
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
    where ${allOf(conds)}
    order by s.meal_date, m.start_time, c.name, e.employee_number
    ${pageSql(f)}`.execute(ctx.db);
  return pageOf(rows.rows, f, labelled);
}

/** Sets the menu preference (and a note for the kitchen) of employees in the caller's scope. */
export async function setMenuPreference(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof setMenuPreferenceInput>,
): Promise<{ updated: number }> {
  const input = setMenuPreferenceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const visible = await employeesInScope(trx, grant, input.employeeIds);
    await trx
      .insertInto('canteen_preferences')
      .values(
        visible.map((id) => ({
          employee_id: id,
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
    return { updated: visible.length };
  });
}
