import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * The home page's "upcoming birthdays" (every role's dashboard, issue 22) computed the next birthday of every
 * working employee on each load (50 ms at 20,000 employees). It now first picks the month-days of the window
 * through this index (month × 100 + day of the birth date), then computes only those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index employees_birthday_md_idx on employees
    (((extract(month from birth_date) * 100 + extract(day from birth_date))::int)) where resigned = 0`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
