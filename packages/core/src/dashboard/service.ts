import { sql } from 'kysely';
import { addDays, shiftLabel } from '../attendance/index';
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
  const mayView = viewer ? scopeSql(scopeOf(actor), 'e') : sql<boolean>`false`;
  // The window's birthdays as (month × 100 + day, the date it is celebrated on): only people born on one of those
  // month-days are read (employees_birthday_md_idx), and their date comes with the key instead of being worked out
  // per person in SQL. The first days are asked first: in a large office they already hold the list, and only a
  // short list reads the rest of the window (issue 22: over 20,000 people the whole window cost 15–25 ms per
  // dashboard). Every date of the rest is later than the first days', so the lists simply follow each other.
  const read = async (from: string, days: number, limit: number) => {
    const window = birthdaysFrom(from, days);
    const r = await sql<BirthdayRow>`
      with k as (select * from unnest(${window.monthDays}::int[], ${window.dates}::date[]) as k(md, d))
      select e.id as "employeeId", e.employee_number as "employeeNumber",
        ${employeeName} as "employeeName", dp.name as department,
        to_char(k.d, 'YYYY-MM-DD') as date, (k.d - ${today}::date)::int as "inDays",
        case when ${mayView} then (extract(year from k.d) - extract(year from e.birth_date))::int end as turns
      from employees e
      join k on k.md = ((extract(month from e.birth_date) * 100 + extract(day from e.birth_date))::int)
      left join departments dp on dp.id = e.department_id
      where e.resigned = 0 and e.birth_date is not null and ${cond}
        and ((extract(month from e.birth_date) * 100 + extract(day from e.birth_date))::int) = any(${window.monthDays}::int[])
      order by k.d, e.given_name, e.id
      limit ${limit}`.execute(ctx.db);
    return r.rows;
  };
  const firstDays = Math.min(FIRST_BIRTHDAY_DAYS, input.days);
  const rows = await read(today, firstDays, input.limit);
  if (rows.length < input.limit && input.days > firstDays)
    rows.push(...(await read(addDays(today, firstDays), input.days - firstDays, input.limit - rows.length)));
  return rows;
}

/** Days of the birthday window read first (upcomingBirthdays). */
const FIRST_BIRTHDAY_DAYS = 3;

/**
 * The birthdays that fall in `days` days from `today` (yyyy-mm-dd), today included, in date order: each as its
 * month × 100 + day and the date it is celebrated on. 29 February is celebrated on 28 February in a common year, and
 * on its own day in a leap year. A window is at most 60 days, so no month-day comes twice.
 */
export function birthdaysFrom(today: string, days: number): { monthDays: number[]; dates: string[] } {
  const monthDays: number[] = [];
  const dates: string[] = [];
  const d = new Date(`${today}T00:00:00Z`);
  for (let i = 0; i < days; i++, d.setUTCDate(d.getUTCDate() + 1)) {
    const md = (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    const date = d.toISOString().slice(0, 10);
    monthDays.push(md);
    dates.push(date);
    const year = d.getUTCFullYear();
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    if (md === 228 && !leap) {
      monthDays.push(229);
      dates.push(date);
    }
  }
  return { monthDays, dates };
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
