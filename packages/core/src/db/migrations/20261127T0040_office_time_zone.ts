import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * An office's own time zone (IANA): a company with sites in Makassar (WITA) or Jayapura (WIT) records
 * their phone clock-ins in the site's local time, as their terminals already do. Null: the company's
 * time zone (WIB).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table company_offices add column time_zone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table company_offices drop column time_zone`.execute(db);
}
