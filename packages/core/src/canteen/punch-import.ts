import { sql } from 'kysely';
import { audit } from '../audit/index';
import { type Ctx, inTransaction } from '../shared/context';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { type ImportCanteenPunchesResult, importCanteenPunchesInput } from './schema';

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
