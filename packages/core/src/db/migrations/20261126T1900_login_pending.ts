import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * A login attempt is recorded before its password is checked; until the check ends its `success`
 * is null ("in flight"), then true or false. Before this, an attempt was stored as a failure
 * until proven right, so more than 30 sign-ins in flight from one address (a factory behind one
 * NAT at 08:00) locked the address although none had failed.
 * The index serves the per-address failure count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table login_attempts alter column success drop not null`.execute(db);
  await sql`create index login_attempts_ip_at_idx on login_attempts (ip, at desc) where success is not true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists login_attempts_ip_at_idx`.execute(db);
  await sql`update login_attempts set success = false where success is null`.execute(db);
  await sql`alter table login_attempts alter column success set not null`.execute(db);
}
