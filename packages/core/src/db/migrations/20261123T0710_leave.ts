import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Leave (issue 4): settings (one row: annual days, carry-over), leave types, one annual-leave
 * balance row per employee and year, leave requests and the working days each request covers.
 *
 * Days are numeric(5,1): whole or half working days. The balance can never go negative: the
 * check `leave_balances_not_negative` holds under every write, and a reservation is one guarded
 * `update … where remaining >= days` on the (locked) balance row.
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
    create table leave_settings (
      id smallint primary key default 1 check (id = 1),
      -- UU 13/2003 art. 79(3): at least 12 working days after 12 months of continuous service
      annual_days numeric(5,1) not null default 12 check (annual_days between 0 and 60),
      -- unused days of a year that move to the next one (0 = none)
      carry_over_max_days numeric(5,1) not null default 0 check (carry_over_max_days between 0 and 60),
      -- in the year the entitlement starts: full annual days (false) or pro rata by month (true)
      prorate_first_year boolean not null default false,
      updated_by_user_id integer references users(id),
      updated_at timestamptz not null default now()
    );
    insert into leave_settings (id) values (1);

    create table leave_types (
      id serial primary key,
      code text not null check (length(code) between 1 and 20),
      name text not null check (length(name) between 1 and 100),
      paid boolean not null default true,
      -- taken from the employee's annual-leave balance
      counts_annual boolean not null default false,
      -- most working days one request may cover (null = no limit)
      max_days numeric(5,1) check (max_days is null or max_days > 0),
      needs_attachment boolean not null default false,
      allow_half_day boolean not null default true,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index leave_types_code_uq on leave_types (lower(code));

    create table leave_balances (
      employee_id integer not null references employees(id),
      year smallint not null check (year between 1900 and 2100),
      entitlement_date date,
      entitled numeric(5,1) not null check (entitled >= 0),
      carried numeric(5,1) not null default 0 check (carried >= 0),
      adjustment numeric(5,1) not null default 0,
      used numeric(5,1) not null default 0 check (used >= 0),
      -- days of pending requests (held until decided)
      reserved numeric(5,1) not null default 0 check (reserved >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (employee_id, year),
      constraint leave_balances_not_negative check (entitled + carried + adjustment - used - reserved >= 0)
    );

    create table leave_requests (
      id serial primary key,
      employee_id integer not null references employees(id),
      leave_type_id integer not null references leave_types(id),
      start_date date not null,
      end_date date not null,
      half_day text not null default 'none' check (half_day in ('none', 'morning', 'afternoon')),
      -- working days covered (sum of leave_request_days)
      days numeric(5,1) not null check (days > 0),
      -- snapshot of the type when requested: whether the annual balance carries these days
      counts_annual boolean not null,
      -- spec §3 "be-paid flag": paid leave (defaults from the type; HR may change it)
      be_paid boolean not null,
      reason text not null,
      -- spec §3 Request status: Approved 1, Disapproved 2, Pending 3, Cancel 4
      status smallint not null default 3 check (status in (1, 2, 3, 4)),
      attachment_name text,
      attachment_mime text check (attachment_mime is null or attachment_mime in ('application/pdf', 'image/jpeg', 'image/png')),
      attachment bytea,
      requested_by_user_id integer not null references users(id),
      decided_by_user_id integer references users(id),
      decided_at timestamptz,
      decision_note text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_date >= start_date),
      check (date_part('year', start_date) = date_part('year', end_date)),
      check (half_day = 'none' or start_date = end_date)
    );
    create index leave_requests_employee_idx on leave_requests (employee_id, start_date);
    create index leave_requests_status_idx on leave_requests (status, created_at);
    create index leave_requests_dates_idx on leave_requests (start_date, end_date);

    create table leave_request_days (
      request_id integer not null references leave_requests(id) on delete cascade,
      employee_id integer not null references employees(id),
      work_date date not null,
      fraction numeric(2,1) not null check (fraction in (0.5, 1)),
      primary key (request_id, work_date)
    );
    create index leave_request_days_employee_idx on leave_request_days (employee_id, work_date)
`;
