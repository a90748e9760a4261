import type { Kysely } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/** Placeholder created for this session's work (payroll_extras); filled in by its owner. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
