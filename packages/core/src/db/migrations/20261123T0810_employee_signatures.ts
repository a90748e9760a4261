import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * An employee's signature image and the token of their QR code (issue 3, spec §7 "signature
 * deletion, QRCode generate and download"). At most one of each per employee: a new upload
 * replaces the signature, a new QR code replaces the token (the old card no longer matches).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table employee_signatures (
      employee_id integer primary key references employees(id) on delete cascade,
      content bytea not null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg')),
      file_name text not null,
      size integer not null check (size > 0),
      uploaded_by integer references users(id) on delete set null,
      uploaded_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table employee_qr_codes (
      employee_id integer primary key references employees(id) on delete cascade,
      token text not null unique,
      generated_by integer references users(id) on delete set null,
      generated_at timestamptz not null default now()
    )
  `.execute(db);
}
