import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * ZKTeco ADMS push (iclock) served by the server itself (issue 21 part 1):
 * - `adms` joins the terminal drivers: such a terminal pushes to /iclock/* instead of being polled.
 * - Per push terminal: the last ATTLOG/OPERLOG stamps it sent (answered back in its options block),
 *   and whether it may push only from an office network (`network_hotspots`).
 * - Serials that knocked on /iclock/* without being registered ("seen, not registered"), for the
 *   developer screen; nothing they send is stored.
 * - The terminal's users and fingerprint templates as its OPERLOG reports them (the backup).
 * - Protocol commands (`C:<id>:<cmd>` of /iclock/getrequest): one row per line, either expanded
 *   from a queued `device_commands` row (upload / back up users) or queued on their own
 *   (DATA QUERY ATTLOG, CHECK, REBOOT).
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
  alter table fingerspot_devices drop constraint if exists fingerspot_devices_driver_check;
  alter table fingerspot_devices add constraint fingerspot_devices_driver_check
    check (driver in ('zk', 'easylink', 'adms'));

  create table device_push_settings (
    device_id integer primary key references fingerspot_devices(id) on delete cascade,
    office_networks_only boolean not null default false,
    attlog_stamp text check (attlog_stamp is null or length(attlog_stamp) <= 32),
    operlog_stamp text check (operlog_stamp is null or length(operlog_stamp) <= 32),
    push_version text check (push_version is null or length(push_version) <= 32),
    rows_rejected bigint not null default 0,
    last_refusal text check (last_refusal is null or length(last_refusal) <= 300),
    last_refusal_at timestamptz,
    updated_at timestamptz not null default now()
  );

  create table device_push_unregistered (
    serial text primary key check (length(serial) between 1 and 64),
    first_seen_at timestamptz not null,
    last_seen_at timestamptz not null,
    last_ip inet,
    push_version text check (push_version is null or length(push_version) <= 32),
    requests bigint not null default 0,
    rows_refused bigint not null default 0
  );

  create table device_push_users (
    device_id integer not null references fingerspot_devices(id) on delete cascade,
    pin text not null check (length(pin) between 1 and 24),
    name text not null default '' check (length(name) <= 24),
    privilege smallint not null default 0 check (privilege between 0 and 255),
    password text not null default '' check (length(password) <= 8),
    card bigint not null default 0 check (card between 0 and 4294967295),
    templates jsonb not null default '[]'::jsonb,
    updated_at timestamptz not null default now(),
    primary key (device_id, pin)
  );

  create table device_push_commands (
    id bigserial primary key,
    device_id integer not null references fingerspot_devices(id) on delete cascade,
    command_id integer references device_commands(id) on delete cascade,
    seq integer not null default 0,
    kind text not null check (kind in ('upload-users', 'backup-users', 'query-attlog', 'check', 'reboot')),
    cmd text not null check (length(cmd) between 1 and 2000),
    status text not null default 'pending' check (status in ('pending', 'sent', 'done', 'failed')),
    return_code integer,
    created_by integer references users(id),
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    finished_at timestamptz
  );
  create unique index device_push_commands_expanded_uq on device_push_commands (command_id, seq) where command_id is not null;
  create index device_push_commands_open_idx on device_push_commands (device_id, id) where status in ('pending', 'sent');
`;
