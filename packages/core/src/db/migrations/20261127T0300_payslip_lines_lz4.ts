import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * A payslip's lines (a JSON array with a trace per line, ~3.5 KB) are compressed with lz4 instead of pglz where the
 * server has it (Debian's PostgreSQL does): a payroll run of 100,000 employees writes 350 MB of lines, and lz4
 * compresses them in about a third of pglz's time (issue 22); reading a payslip decompresses faster too. Only the
 * column's method for new values changes; existing rows stay as they are. A server built without lz4 (PGlite)
 * keeps pglz.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      alter table payslips alter column lines set compression lz4;
    exception when feature_not_supported then
      null;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
