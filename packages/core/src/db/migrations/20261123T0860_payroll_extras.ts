import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Payroll extras (issue 5):
 * - employer-borne PPh 21 (gross-up, tunjangan pajak): a company default on `payroll_settings` and a
 *   per-employee override (`employee_payroll_options.tax_borne_by`, null = the company default);
 * - a previous employer's income in the same tax year (1721-A1 lines 13 and 18) for employees who joined
 *   mid-year: one row per employee and year;
 * - piece / unit work of a period (units × rate per entry), paid by the monthly run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payroll_settings
      add column tax_borne_by text not null default 'employee' check (tax_borne_by in ('employee', 'employer'))`.execute(db);
  await sql`
    create table employee_payroll_options (
      employee_id integer primary key references employees (id) on delete cascade,
      tax_borne_by text check (tax_borne_by in ('employee', 'employer')),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table employee_previous_income (
      id serial primary key,
      employee_id integer not null references employees (id) on delete cascade,
      tax_year smallint not null check (tax_year between 2000 and 2100),
      employer_name text not null check (length(employer_name) between 1 and 200),
      employer_tax_id text check (employer_tax_id is null or length(employer_tax_id) <= 30),
      net_income bigint not null check (net_income >= 0),
      tax_withheld bigint not null check (tax_withheld >= 0),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint employee_previous_income_year_uq unique (employee_id, tax_year)
    )`.execute(db);
  await sql`
    create table salary_piece_entries (
      id serial primary key,
      employee_id integer not null references employees (id) on delete cascade,
      period text not null check (period ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$'),
      description text not null check (length(description) between 1 and 200),
      units numeric(12, 2) not null check (units > 0),
      rate bigint not null check (rate > 0),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index salary_piece_entries_period_idx on salary_piece_entries (period, employee_id)`.execute(db);
}
