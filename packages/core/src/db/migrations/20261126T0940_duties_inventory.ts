import type { Kysely } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/** Issue 16 (duties inventory): reserved for this session's schema changes; nothing yet. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
