import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * An override may leave the status to the engine (issue 4, corrections): with `derive_status` the
 * day's status follows from the overridden clock-in/out and minutes every time the day is
 * recomputed, so a punch arriving after an approved correction still moves the status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table timesheet_overrides add column derive_status boolean not null default false`.execute(db);
}
