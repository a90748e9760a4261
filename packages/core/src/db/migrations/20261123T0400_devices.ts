import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Fingerprint terminals (issue 6, server side): the device registry, what agents last reported
 * about each terminal (keyed by serial, so a report for a terminal not registered yet is kept),
 * and the office networks from which attendance may be recorded.
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
  create table fingerspot_devices (
    id serial primary key,
    name text not null check (length(name) between 1 and 100),
    driver text not null check (driver in ('zk', 'easylink')),
    address text not null check (length(address) between 1 and 253),
    port integer not null check (port between 1 and 65535),
    serial text not null check (length(serial) between 1 and 64),
    company_office_id integer references company_offices(id),
    time_zone text not null default 'Asia/Jakarta',
    comm_key integer check (comm_key between 0 and 999999),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create unique index fingerspot_devices_serial_uq on fingerspot_devices (serial);
  create unique index fingerspot_devices_name_uq on fingerspot_devices (lower(name));
  create index fingerspot_devices_office_idx on fingerspot_devices (company_office_id);

  create table device_status (
    device_serial text primary key check (length(device_serial) between 1 and 64),
    agent text,
    last_seen_at timestamptz not null,
    skew_ms bigint,
    reports bigint not null default 0,
    punches_received bigint not null default 0
  );

  create table network_hotspots (
    id serial primary key,
    name text not null check (length(name) between 1 and 100),
    cidr cidr not null,
    company_office_id integer references company_offices(id),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create unique index network_hotspots_cidr_uq on network_hotspots (cidr);
  create index network_hotspots_office_idx on network_hotspots (company_office_id);
`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists network_hotspots, device_status, fingerspot_devices`.execute(db);
}
