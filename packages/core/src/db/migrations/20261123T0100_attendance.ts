import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Attendance (issue 4, first half): raw punches, the PIN → employee mapping, shifts, the roster
 * (schedules), holidays, the attendance settings and the computed timesheets, with the override
 * table through which manual edits, approved leave and corrections replace a computed day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A terminal's user PIN → employee. device_serial null: the PIN means this employee on every
  // terminal; a row with a serial wins over the company-wide one for that terminal.
  await sql`create table attendance_pins (
    id serial primary key,
    pin text not null check (length(pin) between 1 and 32),
    device_serial text check (device_serial is null or length(device_serial) between 1 and 64),
    employee_id integer not null references employees(id) on delete cascade,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index attendance_pins_pin_uq on attendance_pins (coalesce(device_serial, ''), pin)`.execute(db);
  await sql`create index attendance_pins_employee_idx on attendance_pins (employee_id)`.execute(db);
  await sql`create index attendance_pins_lookup_idx on attendance_pins (pin)`.execute(db);

  // Raw punches exactly as the terminal reported them (local wall-clock time, no zone). Unknown
  // PINs are kept with employee_id null and resolved when the PIN is mapped.
  await sql`create table punches (
    id bigserial primary key,
    device_serial text not null,
    pin text not null,
    local_time timestamp(0) not null,
    state smallint not null default 0,
    verify_type smallint not null default 0,
    source text not null default 'device' check (source in ('device', 'import', 'manual')),
    agent text,
    received_at timestamptz not null default now(),
    employee_id integer references employees(id) on delete set null,
    constraint punches_device_pin_time_uq unique (device_serial, pin, local_time)
  )`.execute(db);
  await sql`create index punches_employee_time_idx on punches (employee_id, local_time)`.execute(db);
  await sql`create index punches_unmapped_idx on punches (pin) where employee_id is null`.execute(db);

  // Times of day; a shift whose end is before its start runs past midnight (overnight).
  await sql`create table shifts (
    id serial primary key,
    name text not null,
    company_office_id integer references company_offices(id) on delete cascade,
    start_time time(0) not null,
    end_time time(0) not null,
    break_minutes integer not null default 0 check (break_minutes between 0 and 720),
    late_grace_minutes integer not null default 0 check (late_grace_minutes between 0 and 240),
    early_grace_minutes integer not null default 0 check (early_grace_minutes between 0 and 240),
    overnight boolean generated always as (end_time < start_time) stored,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint shifts_times_ck check (end_time <> start_time)
  )`.execute(db);
  await sql`create unique index shifts_name_uq on shifts (coalesce(company_office_id, 0), lower(name))`.execute(db);

  // The roster: one row per employee per day; shift_id null = day off.
  await sql`create table schedules (
    employee_id integer not null references employees(id) on delete cascade,
    work_date date not null,
    shift_id integer references shifts(id) on delete restrict,
    updated_at timestamptz not null default now(),
    primary key (employee_id, work_date)
  )`.execute(db);
  await sql`create index schedules_shift_idx on schedules (shift_id)`.execute(db);

  // National (incl. religious, spec §3 holiday enum in religious_holiday) and company days off;
  // company_office_id null = company-wide.
  await sql`create table holidays (
    id serial primary key,
    holiday_date date not null,
    name text not null,
    kind text not null check (kind in ('national', 'religious', 'company')),
    religious_holiday smallint check (religious_holiday between 1 and 4),
    company_office_id integer references company_offices(id) on delete cascade,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index holidays_date_office_uq on holidays (holiday_date, coalesce(company_office_id, 0))`.execute(db);

  // One row. workday_mask: bit n set = ISO weekday n (1 Monday … 7 Sunday) is a workday when the
  // roster has no row for the day; 62 = Monday to Friday.
  await sql`create table attendance_settings (
    id integer primary key default 1 check (id = 1),
    default_shift_id integer references shifts(id) on delete set null,
    workday_mask smallint not null default 62 check (workday_mask between 0 and 254),
    window_before_minutes integer not null default 240 check (window_before_minutes between 0 and 720),
    window_after_minutes integer not null default 480 check (window_after_minutes between 0 and 720),
    duplicate_seconds integer not null default 60 check (duplicate_seconds between 0 and 3600),
    time_zone text not null default 'Asia/Jakarta',
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into attendance_settings (id) values (1)`.execute(db);

  // The engine's output: one row per employee per day. Derived data, rewritten in bulk (300,000
  // rows a month for 10,000 employees): no foreign keys, whose per-row checks would cost more than
  // the computation; lists join employees and shifts, so a row of a deleted employee is never shown.
  await sql`create table timesheets (
    employee_id integer not null,
    work_date date not null,
    day_type text not null check (day_type in ('workday', 'dayoff', 'holiday', 'leave')),
    shift_id integer,
    scheduled_in timestamp(0),
    scheduled_out timestamp(0),
    status smallint check (status in (1, 2, 3, 4, 5, 98)),
    first_in timestamp(0),
    last_out timestamp(0),
    punch_count integer not null default 0,
    late_minutes integer not null default 0,
    early_minutes integer not null default 0,
    worked_minutes integer not null default 0,
    override_source text,
    computed_at timestamptz not null default now(),
    -- Date first: lists read a period of many employees; one employee's month is still a short
    -- index range (the employee is checked inside the index). One index only: every index costs
    -- on the month's rewrite.
    primary key (work_date, employee_id)
  )`.execute(db);

  // The hook for manual edits, approved leave and approved corrections: a row here replaces the
  // computed values of its day (non-null columns only); the highest priority wins.
  await sql`create table timesheet_overrides (
    employee_id integer not null references employees(id) on delete cascade,
    work_date date not null,
    source text not null check (length(source) between 1 and 40),
    priority smallint not null default 0,
    status smallint check (status in (1, 2, 3, 4, 5, 98)),
    day_type text check (day_type in ('workday', 'dayoff', 'holiday', 'leave')),
    first_in timestamp(0),
    last_out timestamp(0),
    late_minutes integer,
    early_minutes integer,
    worked_minutes integer,
    ref_id integer,
    note text,
    created_by integer,
    created_at timestamptz not null default now(),
    primary key (employee_id, work_date, source)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'timesheet_overrides',
    'timesheets',
    'attendance_settings',
    'holidays',
    'schedules',
    'shifts',
    'punches',
    'attendance_pins',
  ]) {
    await sql`drop table if exists ${sql.id(t)}`.execute(db);
  }
}
