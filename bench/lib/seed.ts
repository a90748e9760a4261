import { ensureReferenceData } from '@hr/core/seed';
import { type Kysely, sql } from 'kysely';

/* Set-based seed pieces several benchmarks share (no JS loops over rows). */

// biome-ignore lint/suspicious/noExplicitAny: the benchmarks' database handles differ only in their typing
type AnyDb = Kysely<any>;

/** Reference data, 4 offices and 5 departments in each (20 departments). */
export async function seedOfficesAndDepartments(db: AnyDb): Promise<void> {
  await ensureReferenceData(db as never);
  await sql`insert into company_offices (code, name, city)
    select 'OF' || i, 'Office ' || i, 'City ' || i from generate_series(1, 4) i`.execute(db);
  await sql`insert into departments (company_office_id, name)
    select o.id, 'Department ' || o.id || '-' || i from company_offices o cross join generate_series(1, 5) i`.execute(db);
}

/**
 * One timesheet row per employee and day from `from` to `to`, as the attendance engine writes them: weekends off,
 * a leave day on the 10th for every 11th employee, two days without clock-in for every 7th, a late day on the 2nd
 * for every 3rd. `workedMinutes`: 480 on weekdays (else 0, which payroll does not read).
 */
export async function seedMonthTimesheets(db: AnyDb, from: string, to: string, opts: { workedMinutes?: boolean } = {}) {
  await sql`
    insert into timesheets (employee_id, work_date, day_type, status, first_in, last_out, late_minutes, worked_minutes)
    select e.id, d::date,
      case when extract(isodow from d) > 5 then 'dayoff'
           when e.id % 11 = 0 and extract(day from d) = 10 then 'leave' else 'workday' end,
      case when extract(isodow from d) > 5 or (e.id % 11 = 0 and extract(day from d) = 10) then null
           when e.id % 7 = 0 and extract(day from d) in (4, 5) then 2
           when e.id % 3 = 0 and extract(day from d) = 2 then 4 else 1 end,
      case when extract(isodow from d) <= 5 and not (e.id % 7 = 0 and extract(day from d) in (4, 5))
             and not (e.id % 11 = 0 and extract(day from d) = 10)
           then d + interval '8 hours' + case when e.id % 3 = 0 and extract(day from d) = 2 then interval '12 minutes' else interval '0' end end,
      case when extract(isodow from d) <= 5 and not (e.id % 7 = 0 and extract(day from d) in (4, 5))
             and not (e.id % 11 = 0 and extract(day from d) = 10)
           then d + interval '17 hours' end,
      case when e.id % 3 = 0 and extract(day from d) = 2 then 12 else 0 end,
      case when ${opts.workedMinutes ?? false} and extract(isodow from d) <= 5 then 480 else 0 end
    from employees e cross join generate_series(${from}::date, ${to}::date, interval '1 day') d`.execute(db);
}
