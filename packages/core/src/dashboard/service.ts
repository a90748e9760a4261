import { sql } from 'kysely';
import { shiftLabel } from '../attendance/index';
import type { Actor } from '../access/index';
import { type Grant, hasPermission, scopeOf } from '../access/index';
import { scopeSql } from '../access/index';
import type { Ctx } from '../shared/context';
import { todayOf } from '../shared/date-ranges';
import { employeeName } from '../shared/employee-sql';
import type { In } from '../shared/zod';
import {
  type BirthdayRow,
  type ExpiringContractRow,
  expiringContractsInput,
  type LiveTimesheet,
  liveTimesheetInput,
  type TodayShift,
  upcomingBirthdaysInput,
} from './schema';

/**
 * Active employees whose birthday falls in the next `days` days. With employee.view the data
 * scope decides whom; without it, colleagues of the same office (a birthday list is shared
 * office-wide in the legacy app). 29 February counts as 28 February in a common year.
 * Privacy (issue 16 item 8): the age turned (so the birth year) is given only for people the
 * caller may view (employee.view over them, in scope); for others `turns` is null: day and month only.
 */
export async function upcomingBirthdays(ctx: Ctx, actor: Actor, raw: In<typeof upcomingBirthdaysInput>): Promise<BirthdayRow[]> {
  const input = upcomingBirthdaysInput.parse(raw);
  const today = todayOf(ctx);
  const viewer = hasPermission(actor, 'employee.view');
  const cond = viewer
    ? scopeSql(scopeOf(actor), 'e')
    : actor.companyOfficeId === null
      ? sql<boolean>`false`
      : sql<boolean>`e.company_office_id = ${actor.companyOfficeId}`;
  const mayView = viewer ? scopeSql(scopeOf(actor), 'b') : sql<boolean>`false`;
  // Only people born on a month-day of the window are looked at (employees_birthday_md_idx); the next
  // birthday below still decides exactly, 29 February included.
  const monthDays = monthDaysFrom(today, input.days);
  const r = await sql<BirthdayRow>`
    with t as (select ${today}::date as d),
    b as (
      select e.*, y.yr,
        case when extract(month from e.birth_date) = 2 and extract(day from e.birth_date) = 29
               and not (y.yr % 4 = 0 and (y.yr % 100 <> 0 or y.yr % 400 = 0))
             then make_date(y.yr, 2, 28)
             else make_date(y.yr, extract(month from e.birth_date)::int, extract(day from e.birth_date)::int) end as next_date
      from employees e, t,
        lateral (values (extract(year from t.d)::int), (extract(year from t.d)::int + 1)) y(yr)
      where e.resigned = 0 and e.birth_date is not null and ${cond}
        and ((extract(month from e.birth_date) * 100 + extract(day from e.birth_date))::int) = any(${monthDays}::int[])
    )
    select b.id as "employeeId", b.employee_number as "employeeNumber",
      trim(b.given_name || ' ' || b.surname) as "employeeName", dp.name as department,
      to_char(b.next_date, 'YYYY-MM-DD') as date, (b.next_date - t.d)::int as "inDays",
      case when ${mayView} then (b.yr - extract(year from b.birth_date))::int end as turns
    from b cross join t
    left join departments dp on dp.id = b.department_id
    where b.next_date >= t.d and b.next_date < t.d + ${input.days}::int
    order by b.next_date, b.given_name, b.id
    limit ${input.limit}`.execute(ctx.db);
  return r.rows;
}

/**
 * The birthdays (month × 100 + day) that fall in `days` days from `today` (yyyy-mm-dd), today included: 29 February
 * whenever 28 February is in the window (it is celebrated then in a common year, and is a day of its own in a leap year).
 */
export function monthDaysFrom(today: string, days: number): number[] {
  const out = new Set<number>();
  const d = new Date(`${today}T00:00:00Z`);
  for (let i = 0; i < days; i++, d.setUTCDate(d.getUTCDate() + 1)) {
    const md = (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    out.add(md);
    if (md === 228) out.add(229);
  }
  return [...out];
}

/**
 * Contracts of active employees in scope that end within `days` days and are not followed by a
 * later contract already on file: the ones HR must renew or let end.
 */
export async function expiringContracts(
  ctx: Ctx,
  grant: Grant<'employee.view'>,
  raw: In<typeof expiringContractsInput>,
): Promise<ExpiringContractRow[]> {
  const input = expiringContractsInput.parse(raw);
  const today = todayOf(ctx);
  const r = await sql<ExpiringContractRow>`
    select e.id as "employeeId", e.employee_number as "employeeNumber", ${employeeName} as "employeeName",
      dp.name as department, c.id as "contractId", c.contract_number as "contractNumber",
      c.contract_type as "contractType", to_char(c.end_date, 'YYYY-MM-DD') as "endDate",
      (c.end_date - ${today}::date)::int as "inDays"
    from employee_contracts c
    join employees e on e.id = c.employee_id
    left join departments dp on dp.id = e.department_id
    where e.resigned = 0 and ${scopeSql(grant.scope, 'e')}
      and c.end_date >= ${today}::date and c.end_date < ${today}::date + ${input.days}::int
      and not exists (select 1 from employee_contracts n where n.employee_id = c.employee_id and n.start_date > c.end_date)
    order by c.end_date, e.given_name, e.id
    limit ${input.limit}`.execute(ctx.db);
  return r.rows;
}

/** Today's attendance in scope: who has a shift, who clocked in (late or not), who is still out. */
export async function liveTimesheet(
  ctx: Ctx,
  grant: Grant<'attendance.view'>,
  raw: In<typeof liveTimesheetInput>,
): Promise<LiveTimesheet> {
  const input = liveTimesheetInput.parse(raw);
  const today = todayOf(ctx);
  const base = sql`
    with st as (select * from attendance_settings where id = 1),
    day as (
      select e.id, ${employeeName} as name, dp.name as department,
        case when sc.employee_id is not null then sc.shift_id
             when (st.workday_mask >> extract(isodow from ${today}::date)::int) & 1 = 1 then st.default_shift_id end as shift_id,
        exists (select 1 from holidays h where h.holiday_date = ${today}::date
          and (h.company_office_id is null or h.company_office_id = e.company_office_id)) as holiday,
        ts.first_in, ts.status, ts.day_type
      from employees e cross join st
      left join departments dp on dp.id = e.department_id
      left join schedules sc on sc.employee_id = e.id and sc.work_date = ${today}::date
      left join timesheets ts on ts.employee_id = e.id and ts.work_date = ${today}::date
      where e.resigned = 0 and ${scopeSql(grant.scope, 'e')}
    ),
    working as (select * from day where shift_id is not null and not holiday)`;
  const [counts, latest] = await Promise.all([
    sql<{ scheduled: number; clockedIn: number; late: number; notYetIn: number; onLeave: number }>`${base}
      select count(*) filter (where day_type is distinct from 'leave')::int as scheduled,
        count(*) filter (where first_in is not null)::int as "clockedIn",
        count(*) filter (where status = 4)::int as late,
        count(*) filter (where first_in is null and day_type is distinct from 'leave')::int as "notYetIn",
        count(*) filter (where day_type = 'leave')::int as "onLeave"
      from working`.execute(ctx.db),
    sql<{ employeeId: number; employeeName: string; department: string | null; firstIn: string; late: boolean }>`${base}
      select id as "employeeId", name as "employeeName", department,
        to_char(first_in, 'HH24:MI') as "firstIn", coalesce(status = 4, false) as late
      from day where first_in is not null
      order by first_in desc, id limit ${input.limit}`.execute(ctx.db),
  ]);
  const c = counts.rows[0] ?? { scheduled: 0, clockedIn: 0, late: 0, notYetIn: 0, onLeave: 0 };
  return { date: today, ...c, latest: latest.rows };
}

/** The signed-in employee's shift today and their timesheet so far. */
export async function todayShift(ctx: Ctx, actor: Actor): Promise<TodayShift> {
  const today = todayOf(ctx);
  if (actor.employeeId === null) return { date: today, shift: null, holiday: null, firstIn: null, lastOut: null, status: null };
  const r = await sql<{
    name: string | null;
    start: string | null;
    end: string | null;
    holiday: string | null;
    firstIn: string | null;
    lastOut: string | null;
    status: number | null;
  }>`
    with st as (select * from attendance_settings where id = 1)
    select s.name, to_char(s.start_time, 'HH24:MI') as start, to_char(s.end_time, 'HH24:MI') as "end",
      (select h.name from holidays h where h.holiday_date = ${today}::date
        and (h.company_office_id is null or h.company_office_id = e.company_office_id)
        order by h.company_office_id nulls last limit 1) as holiday,
      to_char(ts.first_in, 'HH24:MI') as "firstIn", to_char(ts.last_out, 'HH24:MI') as "lastOut", ts.status
    from employees e cross join st
    left join schedules sc on sc.employee_id = e.id and sc.work_date = ${today}::date
    left join shifts s on s.id = case when sc.employee_id is not null then sc.shift_id
           when (st.workday_mask >> extract(isodow from ${today}::date)::int) & 1 = 1 then st.default_shift_id end
    left join timesheets ts on ts.employee_id = e.id and ts.work_date = ${today}::date
    where e.id = ${actor.employeeId}`.execute(ctx.db);
  const row = r.rows[0];
  return {
    date: today,
    shift: row?.name && row.start && row.end ? shiftLabel(row.name, row.start, row.end) : null,
    holiday: row?.holiday ?? null,
    firstIn: row?.firstIn ?? null,
    lastOut: row?.lastOut ?? null,
    status: row?.status ?? null,
  };
}
