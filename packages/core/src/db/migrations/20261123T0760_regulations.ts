import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Company regulations (peraturan perusahaan, spec §7 component/regulations): a title, the date
 * it takes effect, the offices it applies to (none = every office) and the document itself,
 * stored as bytea so a backup holds everything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table regulations (
    id serial primary key,
    title text not null,
    description text,
    effective_date date not null,
    company_office_id int references company_offices(id),
    file_name text not null,
    mime text not null,
    size int not null check (size > 0),
    content bytea not null,
    created_by int references users(id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index regulations_effective_idx on regulations (effective_date desc, id desc)`.execute(db);
}
