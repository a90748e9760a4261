import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Live attendance on the phone (issue 21 part 2):
 * - `mobile` joins the punch sources: a clock-in from the web app enters the same `punches` table.
 * - Geofences: a centre (WGS84 degrees) and a radius in metres, per office or per site of an office.
 * - Which offices a person may clock in at, per employee or per job position (the permission itself
 *   is `attendance.mobile`, granted like any other). Without a row: their own office.
 * - Settings (one row): what happens outside every fence (refuse | needs-approval), the worst GPS
 *   accuracy accepted and how many days selfies are kept.
 * - Mobile punches: one per (employee, client id) so an offline retry is stored once; the selfie is a
 *   file of its own row so the retention purge drops the bytes and keeps the punch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per execute: PGlite's extended protocol takes a single statement.
  for (const statement of SCHEMA.split(/;\s*\n/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const SCHEMA = `
  alter table punches drop constraint if exists punches_source_check;
  alter table punches add constraint punches_source_check check (source in ('device', 'import', 'manual', 'mobile'));

  create table mobile_attendance_settings (
    id smallint primary key default 1 check (id = 1),
    outside_policy text not null default 'refuse' check (outside_policy in ('refuse', 'needs-approval')),
    max_accuracy_m integer not null default 150 check (max_accuracy_m between 5 and 5000),
    selfie_retention_days integer not null default 90 check (selfie_retention_days between 1 and 3650),
    updated_by integer references users(id) on delete set null,
    updated_at timestamptz not null default now()
  );
  insert into mobile_attendance_settings (id) values (1);

  create table mobile_geofences (
    id serial primary key,
    company_office_id integer not null references company_offices(id) on delete cascade,
    name text not null check (length(name) between 1 and 100),
    latitude numeric(9, 6) not null check (latitude between -90 and 90),
    longitude numeric(9, 6) not null check (longitude between -180 and 180),
    radius_m integer not null check (radius_m between 10 and 50000),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index mobile_geofences_office_idx on mobile_geofences (company_office_id);

  create table mobile_allowed_offices (
    id serial primary key,
    subject_type text not null check (subject_type in ('employee', 'job_position')),
    subject_id integer not null,
    company_office_id integer not null references company_offices(id) on delete cascade,
    created_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    constraint mobile_allowed_offices_uq unique (subject_type, subject_id, company_office_id)
  );

  create table mobile_punches (
    id bigserial primary key,
    employee_id integer not null references employees(id) on delete cascade,
    client_id uuid not null,
    kind text not null check (kind in ('in', 'out')),
    taken_at timestamptz not null,
    local_time timestamp(0) not null,
    received_at timestamptz not null default now(),
    offline boolean not null default false,
    latitude numeric(9, 6) not null,
    longitude numeric(9, 6) not null,
    accuracy_m integer not null,
    company_office_id integer references company_offices(id) on delete set null,
    geofence_id integer references mobile_geofences(id) on delete set null,
    distance_m integer,
    inside boolean not null,
    status text not null check (status in ('accepted', 'pending', 'approved', 'rejected')),
    decided_by integer references users(id) on delete set null,
    decided_at timestamptz,
    decision_note text check (decision_note is null or length(decision_note) <= 500),
    selfie_bytes integer not null default 0,
    selfie_purged_at timestamptz,
    constraint mobile_punches_client_uq unique (employee_id, client_id)
  );
  create index mobile_punches_local_idx on mobile_punches (local_time);
  create index mobile_punches_pending_idx on mobile_punches (status) where status = 'pending';

  create table mobile_selfies (
    punch_id bigint primary key references mobile_punches(id) on delete cascade,
    content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
    content bytea not null
  )
`;
