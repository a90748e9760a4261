/**
 * `pnpm bench payroll`: a full monthly payroll run for 10,000 employees, computed and persisted on PostgreSQL.
 *
 * Creates a database of its own on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; dropped
 * afterwards), migrates, seeds 10,000 employees with contracts, PTKP statuses, a fixed allowance per employee,
 * a formula component for everyone (meal = attendanceDays × 25,000), a bonus for every 10th employee, a
 * 3-hour workday overtime for every 5th, November's timesheets for everyone (300,000 rows: 2 absent days for
 * every 7th, a leave day for every 11th, late minutes for every 3rd), a joiner on the 16th for every 50th, a
 * leaver on the 13th for every 100th and a Freelance (daily) worker for every 20th (set-based SQL), then times
 * `runPayroll` for 2026-11: load inputs (timesheet figures: one set-based query), engine (proration, cuts,
 * components, overtime, BPJS, PPh 21 TER / daily TER / leaving-month reconciliation, traces), persist (run row,
 * payslips and lines with traces, batched multi-row inserts, one transaction).
 *
 * Then its floor (bench/lib/floor.ts): PostgreSQL writing as many payslip rows with lines of the same size (a
 * sample of 1,000 of the run's own `lines`) in one INSERT … SELECT generate_series. BENCH_EMPLOYEES sets the size.
 *
 * The engine runs in one worker thread per core from 4,000 employees (engine-pool.ts); BENCH_ENGINE_THREADS=0 keeps
 * it on the main thread (for comparison).
 *
 * Last line: {"employees", "seconds", "engineSeconds", "persistSeconds", "floorSeconds", "peakRssMb", "engineThreads"}.
 * engineSeconds is the engine's own time: its batches' CPU time summed over the threads that computed them and divided
 * by their number (what it takes of the run when each thread has its core); engineSeconds / employees is the goal's
 * "µs per employee". The log line also gives the CPU time per employee on one core.
 * Progress goes to stderr.
 */
import { randomBytes } from 'node:crypto';
import { type AttendanceInput, type AttendanceSource, PAYSLIP_COPY_COLUMNS, runPayroll } from '@hr/core/payroll';
import { ensureReferenceData } from '@hr/core/seed';
import { migrateToLatest, openDb } from '@hr/core/db';
import { createServices } from '@hr/core/services';
import { timesheetAttendanceSource } from '@hr/core/attendance-requests';
import { sql } from 'kysely';
import { floorSeconds, peakRssMb } from './lib/floor';
import { seedMonthTimesheets } from './lib/seed';

process.env.NODE_ENV ??= 'production';
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const log = (...a: unknown[]) => console.error('[bench payroll]', ...a);
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

async function seed(db: Awaited<ReturnType<typeof openDb>>['db']): Promise<void> {
  await ensureReferenceData(db);
  const office = await db
    .insertInto('company_offices')
    .values({ code: 'JKT', name: 'Jakarta', address: null, city: 'Jakarta' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into employees (employee_number, given_name, surname, email, gender, birth_date, religion_id, education_level_id,
      marital_status_id, ptkp_status_id, company_office_id, entry_date)
    select 'JKT-' || lpad(g::text, 6, '0'), 'Given' || g, 'Surname' || (g * 7919 % 1000), 'employee' || g || '@bench.co.id',
      case when g % 2 = 0 then 'Male' else 'Female' end, '1990-01-01', 1, 1, 1,
      (select id from ptkp_statuses order by id offset (g % 8) limit 1), ${office.id}, '2024-01-01'
    from generate_series(1, ${EMPLOYEES}) g`.execute(db);
  // Basic salaries 4.5M–40M (above the BPJS and JP caps for the top ones).
  await sql`
    insert into employee_contracts (employee_id, contract_number, contract_type, start_date, basic_salary)
    select id, 'K-' || id, 5, '2025-01-01', 4500000 + (id % 100) * 355000 from employees`.execute(db);
  const [transport, meal] = await db
    .insertInto('salary_components')
    .values([
      { name: 'Transport', kind: 'fixed-allowance', taxable: true, formula: null, everyone: false, updated_at: new Date() },
      {
        name: 'Meal',
        kind: 'non-fixed-allowance',
        taxable: true,
        formula: 'attendanceDays * 25000',
        everyone: true,
        updated_at: new Date(),
      },
    ])
    .returning('id')
    .execute();
  void meal;
  await sql`
    insert into employee_salary_components (employee_id, component_id, amount, start_month, updated_at)
    select id, ${transport!.id}, 500000 + (id % 5) * 100000, '2026-01', now() from employees`.execute(db);
  await sql`
    insert into salary_bonus_cuts (employee_id, period, kind, name, amount, taxable, updated_at)
    select id, '2026-11', 'bonus', 'Target bonus', 1000000, true, now() from employees where id % 10 = 0`.execute(db);
  // Joiners (entry on Monday 16 November), leavers (last working day Friday 13 November), daily workers.
  await sql`update employees set entry_date = '2026-11-16' where id % 50 = 0`.execute(db);
  await sql`
    insert into employee_resignations (employee_id, request_date, last_working_day, reason, status)
    select id, '2026-10-15', '2026-11-13', 'Bench', 1 from employees where id % 100 = 1`.execute(db);
  await sql`
    update employee_contracts set contract_type = 3, end_date = '2027-12-31', basic_salary = 250000 + (employee_id % 10) * 50000
    where employee_id % 20 = 3`.execute(db);
  // November's timesheets as the attendance engine writes them: one row per employee and day.
  await seedMonthTimesheets(db, '2026-11-01', '2026-11-30');
  await sql`analyze`.execute(db);
}

/** The run's attendance from the timesheets; every 5th employee also worked 3 hours over time on a workday. */
const attendanceOf =
  (db: Awaited<ReturnType<typeof openDb>>['db']): AttendanceSource =>
  async (ids, period, settings) => {
    const t0 = performance.now();
    const out: Map<number, AttendanceInput> = await timesheetAttendanceSource(db)(ids, period, settings);
    log(`attendance (timesheet figures + unpaid leave) loaded in ${round((performance.now() - t0) / 1000)} s`);
    for (const id of ids) {
      const a = out.get(id);
      if (a && id % 5 === 0) out.set(id, { ...a, overtime: [{ dayType: 'workday', hours: 3 }] });
    }
    return out;
  };

async function main(): Promise<void> {
  const dbName = `hr_bench_payroll_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = (await openDb({ databaseUrl: BASE_URL, poolSize: 1 })).db;
  await sql`create database ${sql.id(dbName)}`.execute(admin);
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  log(`database ${dbName}`);
  let handle: Awaited<ReturnType<typeof openDb>> | undefined;
  const cleanup = async () => {
    await handle?.close().catch(() => undefined);
    await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin);
    await admin.destroy();
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 4 });
    await migrateToLatest(handle.db);
    const s0 = performance.now();
    await seed(handle.db);
    log(`seeded ${EMPLOYEES} employees in ${round((performance.now() - s0) / 1000, 2)} s`);
    const services = createServices(handle.db);
    const t0 = performance.now();
    const r = await runPayroll(services.ctx(null, 'bench payroll'), {
      period: '2026-11',
      attendance: attendanceOf(handle.db),
      ...(process.env.BENCH_ENGINE_THREADS ? { engineThreads: Number(process.env.BENCH_ENGINE_THREADS) } : {}),
    });
    const seconds = (performance.now() - t0) / 1000;
    const lines = await sql<{ n: string }>`select sum(json_array_length(lines))::int as n from payslips`.execute(handle.db);
    log(
      `run #${r.runId}: ${r.employees} payslips, ${lines.rows[0]!.n} lines; gross ${r.gross}, tax ${r.tax}, net ${r.net}; ` +
        `load ${round(r.timings.loadSeconds)} s, engine ${round(r.timings.engineSeconds)} s (${r.timings.engineThreads} worker threads` +
        `${r.timings.engineCpuSeconds === null ? '' : `, ${Math.round((r.timings.engineCpuSeconds * 1e6) / r.employees)} µs of one core per employee`}), ` +
        `persist ${round(r.timings.persistSeconds)} s`,
    );
    if (r.employees !== EMPLOYEES) throw new Error(`expected ${EMPLOYEES} payslips, got ${r.employees}`);
    const peak = peakRssMb();
    await sql`create table bench_sample as select row_number() over (order by id) - 1 as i, lines from payslips order by id limit 1000`.execute(
      handle.db,
    );
    const floor = await floorSeconds(
      handle.db as never,
      'payslips',
      // The columns a run writes (the COPY form's: run and period, then each payslip's own).
      ['run_id', 'period', ...PAYSLIP_COPY_COLUMNS],
      sql`select ${r.runId}, '2026-11', g, 'TK/0', 7500000, 9100000, 9100000, 412000, 125000, 8563000, 0, 10250000, s.lines
        from generate_series(1, ${r.employees}) g join bench_sample s on s.i = g % (select count(*) from bench_sample)`,
    );
    log(
      `floor: ${r.employees} payslip rows with their lines written by one INSERT … SELECT in ${floor} s (${round(seconds / floor, 1)}× the floor)`,
    );
    console.log(
      JSON.stringify({
        employees: r.employees,
        seconds: round(seconds),
        engineSeconds: round(r.timings.engineSeconds),
        persistSeconds: round(r.timings.persistSeconds),
        floorSeconds: floor,
        peakRssMb: peak,
        engineThreads: r.timings.engineThreads,
      }),
    );
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
