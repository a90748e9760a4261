import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Storage servers (issue 7): a registry of storage servers with type and category (fixed lists
 * served by the API, spec §7 "statics for type and category"), location, address, capacity and
 * usage in GB (usage never above capacity), owner (an employee) and status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of SCHEMA.split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const SCHEMA = `
    create table storage_server_types (
      id serial primary key,
      name text not null unique
    );
    insert into storage_server_types (name) values
      ('NAS'), ('SAN'), ('File server'), ('Object storage'), ('Backup appliance');

    create table storage_server_categories (
      id serial primary key,
      name text not null unique
    );
    insert into storage_server_categories (name) values
      ('Production'), ('Backup'), ('Archive'), ('Development'), ('Disaster recovery');

    -- status: 'active', 'maintenance', 'inactive'
    create table storage_servers (
      id serial primary key,
      name text not null,
      type_id integer not null references storage_server_types(id),
      category_id integer not null references storage_server_categories(id),
      location text not null,
      address text not null,
      capacity_gb numeric(14, 2) not null check (capacity_gb > 0),
      usage_gb numeric(14, 2) not null default 0 check (usage_gb >= 0),
      owner_employee_id integer not null references employees(id),
      status text not null default 'active' check (status in ('active', 'maintenance', 'inactive')),
      created_by_user_id integer references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (usage_gb <= capacity_gb)
    );
    create unique index storage_servers_name_uq on storage_servers (lower(name));
    create index storage_servers_owner_idx on storage_servers (owner_employee_id)
`;
