import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Fingerspot.io cloud webhooks and refused ingest (issue 21 part 3, issue 19 item 18):
 * - `fingerspot-cloud` joins the terminal drivers: such a terminal's punches arrive from the
 *   Fingerspot.io cloud as webhooks (`{type:"attlog", cloud_id, data:{…}}`), matched by its cloud
 *   id. Each cloud terminal has its own webhook secret, stored as its SHA-256 only.
 * - Cloud ids that called the webhook without being registered ("seen, not registered"); nothing
 *   they send is stored.
 * - Refusals per terminal: punches refused at ingest because the uploading credential is bound to
 *   another terminal, and webhooks refused for a wrong secret, counted per source, so that the
 *   terminal's page shows them.
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
    check (driver in ('zk', 'easylink', 'adms', 'fingerspot-cloud'));
  alter table fingerspot_devices add column cloud_id text check (cloud_id is null or length(cloud_id) between 1 and 64);
  create unique index fingerspot_devices_cloud_id_uq on fingerspot_devices (cloud_id) where cloud_id is not null;
  alter table fingerspot_devices add column cloud_secret_hash text
    check (cloud_secret_hash is null or cloud_secret_hash ~ '^[0-9a-f]{64}$');
  alter table fingerspot_devices add column cloud_secret_set_at timestamptz;

  create table device_cloud_unregistered (
    cloud_id text primary key check (length(cloud_id) between 1 and 64),
    first_seen_at timestamptz not null,
    last_seen_at timestamptz not null,
    last_ip inet,
    requests bigint not null default 0,
    rows_refused bigint not null default 0
  );

  create table device_refusals (
    id bigserial primary key,
    device_serial text not null check (length(device_serial) between 1 and 64),
    kind text not null check (kind in ('credential-bound-elsewhere', 'webhook-secret', 'webhook-inactive')),
    source text not null check (length(source) between 1 and 200),
    bound_serial text check (bound_serial is null or length(bound_serial) between 1 and 64),
    first_at timestamptz not null,
    last_at timestamptz not null,
    times bigint not null default 0,
    punches bigint not null default 0,
    last_message text check (last_message is null or length(last_message) <= 300)
  );
  create unique index device_refusals_uq on device_refusals (device_serial, kind, source);
  create index device_refusals_bound_idx on device_refusals (bound_serial) where bound_serial is not null;
`;
