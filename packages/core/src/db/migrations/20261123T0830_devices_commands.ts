import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Fingerprint terminals, server-side leftovers (issue 6):
 * - OAuth client scopes (`full`: everything the acting user may do; `ingest`: only the agent
 *   endpoints) and an optional terminal binding. Existing clients keep `full`.
 * - Punches recorded from outside every office network (`network/hotspot`) are flagged at
 *   ingest, with the uploader's address.
 * - `punches (received_at)` for /developer/logs.
 * - Commands queued for a terminal's agent (upload users, back up users) and their results.
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
  alter table oauth_clients add column scopes text[] not null default '{full}'
    check (cardinality(scopes) between 1 and 2 and scopes <@ array['full', 'ingest']::text[]);
  alter table oauth_clients add column device_id integer references fingerspot_devices(id);
  alter table oauth_clients add column updated_at timestamptz;
  create index oauth_clients_device_idx on oauth_clients (device_id) where device_id is not null;

  alter table punches add column outside_network boolean not null default false;
  alter table punches add column ingest_ip inet;
  create index punches_outside_network_idx on punches (device_serial, local_time) where outside_network;
  create index punches_received_at_idx on punches (received_at);

  create table device_commands (
    id serial primary key,
    device_id integer not null references fingerspot_devices(id) on delete cascade,
    kind text not null check (kind in ('upload-users', 'backup-users')),
    payload jsonb not null default '{}'::jsonb,
    status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
    result jsonb,
    error text,
    created_by integer references users(id),
    created_at timestamptz not null default now(),
    fetched_at timestamptz,
    finished_at timestamptz
  );
  create unique index device_commands_pending_uq on device_commands (device_id, kind) where status = 'pending';
  create index device_commands_device_idx on device_commands (device_id, created_at desc);
`;
