/**
 * `pnpm bench timesheet`: the timesheet engine on PostgreSQL — a month for 10,000 employees.
 *
 * Creates a database of its own on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
 * dropped afterwards), migrates, and generates with set-based SQL (generate_series, no JS loops):
 * 10,000 employees in 4 offices and 20 departments, an office shift (08:00–17:00) and a night shift
 * (22:00–06:00, a fifth of the staff), a roster of six days on and one off (staggered per
 * employee), one company-wide holiday, the PIN mapping, and the month's punches: clock-in and
 * clock-out on every rostered day with realistic scatter (some late, some early, ~2% forgotten
 * punches) plus a second read seconds later for about one punch in seven — about 600,000 punches.
 * The tables are VACUUMed and ANALYZEd, as autovacuum would do after such a load.
 *
 * Timed: one `computeTimesheets` over the month for everyone (MERGE statements over chunks of 5,000
 * employees, two at once). Also reported on stderr: a second run over unchanged data (no row rewritten) and an
 * ingest of one late batch of 1,000 punches with its incremental recompute.
 *
 * Then its floor (bench/lib/floor.ts): PostgreSQL writing as many timesheet rows of the same width in one
 * INSERT … SELECT generate_series. BENCH_EMPLOYEES sets the size.
 *
 * Last line: {"employees", "punches", "seconds", "floorSeconds", "peakRssMb"}. Progress goes to stderr.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { computeTimesheets, storePunches } from '@hr/core/attendance';
import { createServices } from '@hr/core/services';
import { sql } from 'kysely';
import { floorSeconds, peakRssMb } from './lib/floor';
import { type BenchDb, withScratchDatabase } from './lib/scratch-db';
import { seedOfficesAndDepartments } from './lib/seed';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const FROM = '2026-10-01';
const TO = '2026-10-31';

const log = (...a: unknown[]) => console.error('[bench timesheet]', ...a);
const secondsSince = (t0: number) => Math.round((performance.now() - t0) / 10) / 100;

type Db = BenchDb;

/** utime + stime of the local PostgreSQL server's processes in seconds (null when PostgreSQL runs elsewhere). */
function databaseCpuSeconds(): number | null {
  let ticks = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      // Fields 14 and 15 of proc(5), counted after the command name: utime, stime in clock ticks (100/s).
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? ticks / 100 : null;
}

async function seed(db: Db): Promise<void> {
  await seedOfficesAndDepartments(db);
  await sql`insert into employees (employee_number, given_name, surname, email, gender, birth_date, religion_id,
      education_level_id, marital_status_id, company_office_id, department_id, contract_type)
    select 'B-' || lpad(i::text, 6, '0'), 'Given' || i, 'Surname' || (i % 997), 'e' || i || '@bench.co.id',
      case when i % 2 = 0 then 'Male' else 'Female' end, date '1990-01-01', 1, 1, 1,
      d.company_office_id, d.id, 5
    from generate_series(1, ${EMPLOYEES}) i
    join lateral (select id, company_office_id from departments order by id offset (i % 20) limit 1) d on true`.execute(db);
  await sql`insert into shifts (name, start_time, end_time, break_minutes, late_grace_minutes, early_grace_minutes)
    values ('Office', '08:00', '17:00', 60, 10, 5), ('Night', '22:00', '06:00', 30, 10, 5)`.execute(db);
  await sql`update attendance_settings set default_shift_id = (select id from shifts where name = 'Office')`.execute(db);
  await sql`insert into holidays (holiday_date, name, kind) values (date '2026-10-20', 'Company day', 'company')`.execute(db);
  await sql`insert into attendance_pins (pin, employee_id) select id::text, id from employees`.execute(db);
  // Six days on, one off, staggered; every fifth employee on nights.
  await sql`insert into schedules (employee_id, work_date, shift_id)
    select e.id, d::date,
      case when (d::date - ${FROM}::date + e.id) % 7 = 6 then null
           when e.id % 5 = 0 then (select id from shifts where name = 'Night')
           else (select id from shifts where name = 'Office') end
    from employees e cross join generate_series(${FROM}::date, ${TO}::date, interval '1 day') d`.execute(db);
  await sql`select setseed(0.42)`.execute(db);
  // Clock-in: 20 min early to 20 min late (a quarter of them late past the grace); clock-out: 10 min
  // early to 40 min late; 2% of either forgotten.
  await sql`insert into punches (device_serial, pin, local_time, state, verify_type, source, employee_id)
    select 'SN-' || (e.company_office_id * 10 + e.id % 3), e.id::text, v.t, v.state, 1, 'device', e.id
    from schedules s
    join employees e on e.id = s.employee_id
    join shifts sh on sh.id = s.shift_id
    cross join lateral (values
      (date_trunc('second', s.work_date + sh.start_time + (random() * 40 - 20) * interval '1 minute'), 0),
      (date_trunc('second', s.work_date + sh.end_time + case when sh.overnight then interval '1 day' else interval '0' end
        + (random() * 50 - 10) * interval '1 minute'), 1)
    ) as v(t, state)
    where random() > 0.02
    on conflict do nothing`.execute(db);
  // A second read seconds later (a finger held on the terminal) for about one punch in seven.
  await sql`insert into punches (device_serial, pin, local_time, state, verify_type, source, employee_id)
    select device_serial, pin, local_time + interval '7 seconds', state, verify_type, source, employee_id
    from punches where random() < 0.15
    on conflict do nothing`.execute(db);
  // What autovacuum does after such a load (PostgreSQL 13+ vacuums insert-only tables too): statistics, and the
  // visibility map that lets the engine read punches from their index alone.
  await sql`vacuum analyze`.execute(db);
}

async function main(): Promise<void> {
  await withScratchDatabase('hr_bench_ts', log, async (db) => {
    let t0 = performance.now();
    await seed(db);
    const punches = Number((await sql<{ n: string }>`select count(*)::text as n from punches`.execute(db)).rows[0]?.n ?? 0);
    log(`generated ${EMPLOYEES} employees, ${punches} punches in ${secondsSince(t0)} s`);

    // Timed: the month, as `POST …/timesheet/recompute` runs it (chunks of employees, two at once). The database
    // server's CPU time is logged too (when PostgreSQL runs on this machine): on a shared machine it varies much
    // less than wall time.
    const before = databaseCpuSeconds();
    t0 = performance.now();
    const rows = await computeTimesheets(db, { kind: 'range', from: FROM, to: TO, employees: sql<boolean>`true` });
    const after = databaseCpuSeconds();
    const cpu = before !== null && after !== null ? Math.round((after - before) * 100) / 100 : null;
    const seconds = secondsSince(t0);
    log(`computed ${rows} timesheet rows in ${seconds} s${cpu === null ? '' : ` (${cpu} s of database CPU)`}`);
    const byStatus = await sql<{ status: number | null; n: number }>`
      select status, count(*)::int as n from timesheets group by status order by status nulls first`.execute(db);
    log('rows by status', JSON.stringify(byStatus.rows));

    t0 = performance.now();
    const unchanged = await computeTimesheets(db, { kind: 'range', from: FROM, to: TO, employees: sql<boolean>`true` });
    log(`recompute over unchanged data: ${unchanged} rows rewritten in ${secondsSince(t0)} s`);

    // A late batch: 1,000 clock-outs of 1,000 employees on the 15th, re-uploaded after a terminal outage.
    const late = await sql<{ pin: string }>`select id::text as pin from employees order by id limit 1000`.execute(db);
    const services = createServices(db, { clock: () => new Date('2026-11-02T03:00:00Z') });
    t0 = performance.now();
    const r = await storePunches(
      services.ctx(null),
      late.rows.map((e) => ({ deviceSerial: 'SN-LATE', pin: e.pin, localTime: '2026-10-15T19:45:00', state: 1, verifyType: 1 })),
      { source: 'device', agent: 'bench' },
    );
    log(
      `late batch of ${r.items.length} punches (${r.items.filter((i) => i.status === 'inserted').length} inserted) with incremental recompute in ${secondsSince(t0)} s`,
    );

    const peak = peakRssMb();
    const floor = await floorSeconds(
      db as never,
      'timesheets',
      [
        'employee_id',
        'work_date',
        'day_type',
        'shift_id',
        'scheduled_in',
        'scheduled_out',
        'status',
        'first_in',
        'last_out',
        'punch_count',
        'late_minutes',
        'early_minutes',
        'worked_minutes',
      ],
      sql`select e, d::date, 'workday', 1, d + time '08:00', d + time '17:00', 1, d + time '07:58', d + time '17:04', 2, 0, 0, 540
        from generate_series(1, ${EMPLOYEES}) e cross join generate_series(${FROM}::date, ${FROM}::date + ${Math.ceil(rows / EMPLOYEES) - 1}::int, interval '1 day') d`,
    );
    log(
      `floor: ${rows} timesheet rows written by one INSERT … SELECT in ${floor} s (${Math.round((seconds / floor) * 10) / 10}× the floor)`,
    );
    console.log(JSON.stringify({ employees: EMPLOYEES, punches, seconds, floorSeconds: floor, peakRssMb: peak }));
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
