import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * The employee list's search and default order at 20,000 employees (`pnpm bench employees`):
 * a trigram index answers `ilike '%term%'` on the name, the employee number and the e-mail
 * (pg_trgm is created by migrate.ts before any migration), and a b-tree on the name expression
 * lets the first page sorted by name stop after 25 rows instead of sorting everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index employees_search_trgm on employees using gin (
    (given_name || ' ' || surname) gin_trgm_ops, employee_number gin_trgm_ops, email gin_trgm_ops)`.execute(db);
  await sql`create index employees_name_order_idx on employees ((given_name || ' ' || surname), id)`.execute(db);
}
