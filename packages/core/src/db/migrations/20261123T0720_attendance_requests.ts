import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Attendance corrections and overtime (issue 4). Both are requests with the spec §3 "Request
 * status" (Approved 1, Disapproved 2, Pending 3, Cancel 4), decided by someone with
 * attendance.approve in scope; every transition is one guarded update and one history row.
 * Deleting is soft (deleted_at), so the history keeps who did what and when.
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
    -- type: spec §3 permit/request types 1 Late Clock In Permit, 2 Leave Early From Office Permit,
    -- 3 Short Leave Permit, 4 Shift Correction. start_time / end_time: wall-clock times of the day
    -- (arrival, leaving, the short leave's window, or the corrected clock-in / clock-out).
    create table attendance_corrections (
      id serial primary key,
      employee_id integer not null references employees(id),
      work_date date not null,
      type smallint not null check (type in (1, 2, 3, 4)),
      start_time time,
      end_time time,
      reason text not null,
      status smallint not null default 3 check (status in (1, 2, 3, 4)),
      requester_user_id integer not null references users(id),
      decided_by_user_id integer references users(id),
      decided_at timestamptz,
      decision_note text,
      deleted_at timestamptz,
      deleted_by_user_id integer references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    -- one live (pending or approved) correction of a type per employee and day
    create unique index attendance_corrections_live_uq on attendance_corrections (employee_id, work_date, type)
      where status in (1, 3) and deleted_at is null;
    create index attendance_corrections_employee_idx on attendance_corrections (employee_id, work_date);
    create index attendance_corrections_status_idx on attendance_corrections (status, work_date) where deleted_at is null;

    -- minutes: planned overtime in quarter hours; approved_minutes: what payroll pays (set on approval);
    -- actual_minutes: what the punches showed when it was decided (null: not checked).
    -- day_type: workday, restday or holiday, from the roster and the holidays (PP 35/2021 Pasal 31).
    create table attendance_overtimes (
      id serial primary key,
      employee_id integer not null references employees(id),
      work_date date not null,
      start_time time,
      end_time time,
      minutes integer not null check (minutes > 0 and minutes <= 1440 and minutes % 15 = 0),
      day_type text not null check (day_type in ('workday', 'restday', 'holiday')),
      reason text not null,
      status smallint not null default 3 check (status in (1, 2, 3, 4)),
      approved_minutes integer check (approved_minutes > 0 and approved_minutes <= minutes),
      actual_minutes integer check (actual_minutes >= 0),
      requester_user_id integer not null references users(id),
      decided_by_user_id integer references users(id),
      decided_at timestamptz,
      decision_note text,
      deleted_at timestamptz,
      deleted_by_user_id integer references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((start_time is null) = (end_time is null)),
      check ((status = 1) = (approved_minutes is not null))
    );
    -- one live (pending or approved) overtime request per employee and day
    create unique index attendance_overtimes_live_uq on attendance_overtimes (employee_id, work_date)
      where status in (1, 3) and deleted_at is null;
    create index attendance_overtimes_status_idx on attendance_overtimes (status, work_date) where deleted_at is null;

    create table attendance_request_history (
      id bigserial primary key,
      kind text not null check (kind in ('correction', 'overtime')),
      request_id integer not null,
      action text not null check (action in ('requested', 'updated', 'approved', 'disapproved', 'cancelled', 'deleted')),
      from_status smallint,
      to_status smallint,
      note text,
      actor_user_id integer not null references users(id),
      created_at timestamptz not null default now()
    );
    create index attendance_request_history_idx on attendance_request_history (kind, request_id, id)
`;
