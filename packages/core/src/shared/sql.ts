import { type RawBuilder, sql } from 'kysely';
import type { Db } from './context';

/** Where a LIKE pattern lets the escaped text sit: anywhere in the value, or at its start. */
export type LikeMatch = 'contains' | 'prefix';

/**
 * A user's search text as a LIKE / ILIKE pattern in which `%`, `_` and `\` match literally
 * (PostgreSQL's default escape character is `\`): `%text%` for 'contains', `text%` for 'prefix'.
 */
export function likePattern(search: string, match: LikeMatch = 'contains'): string {
  const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return match === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}

/**
 * `<column> = any($1::int[])`: membership in a list of ids as ONE array parameter. An `in (…)` list
 * binds one parameter per id and fails beyond PostgreSQL's 65,535 parameters per statement (a payroll
 * of 100,000 employees did), so every query that takes an id list of unbounded length uses this.
 */
export function anyId(column: string, ids: readonly number[]): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} = any(${sql.val(ids)}::int[])`;
}

/** `<expression> = any($1::text[])`: anyId for text values (e-mails, employee numbers, serials). */
export function anyText(expression: string | RawBuilder<unknown>, values: readonly string[]): RawBuilder<boolean> {
  const left = typeof expression === 'string' ? sql.ref(expression) : expression;
  return sql<boolean>`${left} = any(${sql.val(values)}::text[])`;
}

/** At most this many rows per multi-row INSERT: with up to 30 columns a statement stays under 65,535 parameters. */
export const INSERT_CHUNK = 2000;

/** `rows` in slices of `size` (for multi-row INSERTs that must stay under PostgreSQL's parameter limit). */
export function chunksOf<T>(rows: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** How many rows of `from` (a table and its alias, e.g. sql`punches p`) match `where`. */
export async function countWhere(db: Db, from: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
