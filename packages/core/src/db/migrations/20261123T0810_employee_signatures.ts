import type { Kysely } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

export async function up(_db: Kysely<unknown>): Promise<void> {}
