import { sql } from 'kysely';
import { type Ctx, inTransaction } from '../shared/context';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import { canteenLocalTime } from './format';

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo canteens: one per company office ("<office> Canteen", terminal CNT-<office code>-01) with
 * breakfast and lunch; lunch from yesterday to a week ahead for the first 15 working employees of
 * each office (breakfast for the first 5), a few menu preferences, and yesterday's presences for
 * some of them (card scans and fingerprint punches). Does nothing when a canteen exists; returns
 * whether it seeded. Call after the employees exist (the end of the demo seed).
 */
export async function seedCanteenDemo(ctx: Ctx): Promise<boolean> {
  return inTransaction(ctx, async (db) => {
    const any = await db.selectFrom('canteens').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    const offices = await db.selectFrom('company_offices').select(['id', 'code', 'name']).orderBy('id').execute();
    if (offices.length === 0) return false;
    const canteens = await db
      .insertInto('canteens')
      .values(offices.map((o) => ({ company_office_id: o.id, name: `${o.name} Canteen`, location: 'Ground floor' })))
      .returning(['id', 'company_office_id'])
      .execute();
    await db
      .insertInto('canteen_terminals')
      .values(
        canteens.map((c) => ({
          device_serial: `CNT-${offices.find((o) => o.id === c.company_office_id)!.code}-01`,
          canteen_id: c.id,
        })),
      )
      .execute();
    await db
      .insertInto('canteen_meals')
      .values(
        canteens.flatMap((c) => [
          {
            canteen_id: c.id,
            kind: 'breakfast' as const,
            start_time: '06:30:00',
            end_time: '08:30:00',
            quota: null,
            subsidy: '8000',
            employee_price: '4000',
          },
          {
            canteen_id: c.id,
            kind: 'lunch' as const,
            start_time: '11:30:00',
            end_time: '13:30:00',
            quota: 300,
            subsidy: '15000',
            employee_price: '10000',
          },
        ]),
      )
      .execute();

    const today = canteenLocalTime(ctx.clock()).date;
    const yesterday = addDays(today, -1);
    // The first working employees of each office, numbered per office (n = 1, 2, …).
    const eaters = sql`
      select e.id, e.company_office_id, row_number() over (partition by e.company_office_id order by e.id) as n
      from employees e where e.resigned = 0`;
    await sql`
      insert into canteen_meal_schedules (employee_id, meal_date, meal_kind, meal_id)
      select x.id, d::date, m.kind, m.id
      from (${eaters}) x
      join canteens c on c.company_office_id = x.company_office_id
      join canteen_meals m on m.canteen_id = c.id
      cross join generate_series(${yesterday}::date, ${addDays(today, 6)}::date, interval '1 day') d
      where (m.kind = 'lunch' and x.n <= 15) or (m.kind = 'breakfast' and x.n <= 5)`.execute(db);
    await sql`
      insert into canteen_preferences (employee_id, preference, note)
      select x.id,
        case when x.n % 5 = 0 then 'vegetarian' when x.n % 7 = 0 then 'no_spicy' else 'no_seafood' end,
        case when x.n % 7 = 0 then 'Allergic to peanuts' else null end
      from (${eaters}) x
      where x.n <= 15 and (x.n % 5 = 0 or x.n % 7 = 0 or x.n = 3)`.execute(db);
    // Yesterday: lunch for the first 10 of each office (every third by fingerprint), breakfast for the first 3.
    await sql`
      insert into canteen_presences (employee_id, meal_date, meal_kind, meal_id, canteen_id, taken_at, source,
        device_serial, preference, employee_price, subsidy)
      select s.employee_id, s.meal_date, s.meal_kind, m.id, c.id,
        (s.meal_date + m.start_time + make_interval(mins => (x.n * 3)::int)) at time zone ${COMPANY_TIME_ZONE},
        case when x.n % 3 = 0 then 'fingerprint' else 'card' end,
        case when x.n % 3 = 0 then t.device_serial end,
        coalesce(cp.preference, 'regular'), m.employee_price, m.subsidy
      from canteen_meal_schedules s
      join (${eaters}) x on x.id = s.employee_id
      join canteen_meals m on m.id = s.meal_id
      join canteens c on c.id = m.canteen_id
      join canteen_terminals t on t.canteen_id = c.id
      left join canteen_preferences cp on cp.employee_id = s.employee_id
      where s.meal_date = ${yesterday}::date and ((s.meal_kind = 'lunch' and x.n <= 10) or (s.meal_kind = 'breakfast' and x.n <= 3))`.execute(
      db,
    );
    return true;
  });
}
