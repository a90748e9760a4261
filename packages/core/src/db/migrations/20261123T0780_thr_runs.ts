import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * THR (holiday allowance) runs (issue 5): one run per holiday (spec enum Holidays: 1 Hari Raya Natal,
 * 2 Idul Fitri, 3 Waisak, 4 Nyepi), year and scope (an office or the whole company), with one line per
 * employee considered: eligible ones with the amount, the others with the reason, each with its trace.
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
    create table thr_runs (
      id serial primary key,
      holiday smallint not null check (holiday between 1 and 4),
      year integer not null check (year between 2000 and 2100),
      holiday_date date not null,
      pay_date date not null,
      company_office_id integer references company_offices(id),
      month_counting text not null default 'completed' check (month_counting in ('completed', 'fractional')),
      pay_other_religions boolean not null default false,
      status text not null default 'draft' check (status in ('draft', 'finalised', 'cancelled')),
      employees integer not null default 0,
      not_eligible integer not null default 0,
      total bigint not null default 0,
      pph21_estimate bigint not null default 0,
      created_by integer references users(id),
      created_at timestamptz not null default now(),
      finalised_by integer references users(id),
      finalised_at timestamptz,
      cancelled_at timestamptz,
      check (extract(year from holiday_date) = year),
      check (pay_date <= holiday_date)
    );
    -- One live (draft or finalised) run per holiday, year and scope (whole company = office 0).
    create unique index thr_runs_live_uq on thr_runs (holiday, year, coalesce(company_office_id, 0)) where status in ('draft', 'finalised');
    create index thr_runs_pay_date_idx on thr_runs (pay_date) where status = 'finalised';

    create table thr_run_lines (
      id serial primary key,
      run_id integer not null references thr_runs(id) on delete cascade,
      employee_id integer not null references employees(id),
      religion text not null,
      join_date date not null,
      eligible boolean not null,
      reason text,
      months_of_service numeric(10,4) not null default 0,
      monthly_wage bigint,
      amount bigint not null default 0 check (amount >= 0),
      pph21_estimate bigint,
      trace json not null,
      unique (run_id, employee_id),
      check (eligible or amount = 0),
      check (eligible = (reason is null))
    );
    create index thr_run_lines_employee_idx on thr_run_lines (employee_id);
`;
