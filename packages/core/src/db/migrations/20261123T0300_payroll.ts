import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Payroll runs and salary data (issue 5, part 2): company payroll settings (one row), salary
 * components, per-employee components, bonus/cuts per period, the salary queue (basic-salary changes
 * taking effect on a date), payroll runs with one payslip per employee whose lines (a JSON array) carry the
 * engine's trace. Money is integer rupiah (bigint); a period is 'yyyy-mm'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per execute: PGlite's extended protocol takes a single statement.
  for (const statement of SCHEMA.split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const SCHEMA = `
    create table payroll_settings (
      id smallint primary key default 1 check (id = 1),
      cut_off_day smallint not null default 25 check (cut_off_day between 1 and 31),
      pay_day smallint not null default 25 check (pay_day between 1 and 31),
      jkk_rate_percent numeric(6,3) not null default 0.24 check (jkk_rate_percent >= 0 and jkk_rate_percent <= 10),
      ter_rounding text not null default 'floor' check (ter_rounding in ('floor', 'half-up')),
      component_rounding text not null default 'half-up' check (component_rounding in ('half-up', 'floor', 'ceil')),
      work_week smallint not null default 5 check (work_week in (5, 6)),
      bpjs_enabled boolean not null default true,
      updated_at timestamptz not null default now()
    );
    insert into payroll_settings (id) values (1);

    create table salary_components (
      id serial primary key,
      name text not null,
      kind text not null check (kind in ('fixed-allowance', 'non-fixed-allowance', 'deduction')),
      taxable boolean not null default true,
      formula text,
      everyone boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint salary_components_everyone_formula check (not everyone or formula is not null)
    );
    create unique index salary_components_name_uq on salary_components (lower(name));

    create table employee_salary_components (
      id serial primary key,
      employee_id integer not null references employees(id),
      component_id integer not null references salary_components(id),
      amount bigint check (amount >= 0),
      formula text,
      start_month text not null check (start_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      end_month text check (end_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint employee_salary_components_months check (end_month is null or end_month >= start_month),
      constraint employee_salary_components_one check (amount is null or formula is null)
    );
    create index employee_salary_components_employee_idx on employee_salary_components (employee_id);
    create index employee_salary_components_component_idx on employee_salary_components (component_id);

    create table salary_bonus_cuts (
      id serial primary key,
      employee_id integer not null references employees(id),
      period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      kind text not null check (kind in ('bonus', 'cut')),
      name text not null,
      amount bigint not null check (amount > 0),
      taxable boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index salary_bonus_cuts_period_idx on salary_bonus_cuts (period, employee_id);
    create index salary_bonus_cuts_employee_idx on salary_bonus_cuts (employee_id);

    create table payroll_runs (
      id serial primary key,
      period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      company_office_id integer references company_offices(id),
      status text not null default 'draft' check (status in ('draft', 'finalised', 'cancelled')),
      employees integer not null default 0,
      gross bigint not null default 0,
      tax bigint not null default 0,
      net bigint not null default 0,
      skipped jsonb not null default '[]',
      created_by integer references users(id),
      created_at timestamptz not null default now(),
      finalised_by integer references users(id),
      finalised_at timestamptz,
      cancelled_at timestamptz
    );
    -- One live (draft or finalised) run per period and scope (whole company = office 0).
    create unique index payroll_runs_live_uq on payroll_runs (period, coalesce(company_office_id, 0)) where status in ('draft', 'finalised');
    create index payroll_runs_period_idx on payroll_runs (period);

    create table salary_queue (
      id serial primary key,
      employee_id integer not null references employees(id),
      effective_date date not null,
      basic_salary bigint not null check (basic_salary > 0),
      note text,
      applied_run_id integer references payroll_runs(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index salary_queue_employee_idx on salary_queue (employee_id, effective_date);

    create table payslips (
      id serial primary key,
      run_id integer not null references payroll_runs(id) on delete cascade,
      employee_id integer not null references employees(id),
      period text not null,
      ptkp_status text not null,
      basic_salary bigint not null,
      gross bigint not null,
      taxable_gross bigint not null,
      total_deductions bigint not null,
      pph21 bigint not null,
      net bigint not null,
      annual_deductions bigint not null,
      employer_cost bigint not null,
      -- The payslip's lines in order, each { code, name, kind: earning|deduction|employer, amount, trace }.
      -- Stored with the payslip (always read with it): a 10,000-employee run writes 10,000 rows, not 130,000.
      lines json not null
    );
    -- An employee is paid once per period: a second overlapping run is refused by the database.
    create unique index payslips_employee_period_uq on payslips (employee_id, period);
    create index payslips_run_idx on payslips (run_id)
`;
