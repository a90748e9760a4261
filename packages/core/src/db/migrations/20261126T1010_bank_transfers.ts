import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Issue 18 §2: bank salary transfer files. `bank_transfer_templates` holds the templates admins add (the
 * built-in ones are code constants); `definition` is the template as JSON, validated by the application.
 * `bank_transfer_exports` records every file made from a finalised payroll run: what was in it, what was
 * left out and why (`excluded`, `zero_net`), its totals and the file itself (ASCII text, small).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bank_transfer_templates (
    id serial primary key,
    code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9_-]{1,39}$'),
    name text not null,
    definition jsonb not null,
    created_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table bank_transfer_exports (
    id serial primary key,
    run_id integer not null references payroll_runs(id),
    template_code text not null,
    template_name text not null,
    file_name text not null,
    effective_date date not null,
    row_count integer not null check (row_count >= 0),
    total bigint not null,
    run_net bigint not null,
    excluded_count integer not null,
    excluded_total bigint not null,
    excluded jsonb not null,
    zero_net jsonb not null,
    checksum text,
    sha256 text not null,
    content text not null,
    created_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    -- what the file pays plus what was left out is the run's net pay, to the rupiah (issue 18 §2)
    check (total + excluded_total = run_net)
  )`.execute(db);
  await sql`create index bank_transfer_exports_run_idx on bank_transfer_exports (run_id, id)`.execute(db);
}
