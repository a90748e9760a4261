import type { Ctx } from '../shared/context';
import type { LookupItem } from './schema';

type RefTable = 'religions' | 'education_levels' | 'marital_statuses' | 'banks' | 'countries';

/** A reference list ordered by id (the spec's codes are ids, e.g. marital status 1–5). */
export async function listReference(ctx: Ctx, table: RefTable): Promise<LookupItem[]> {
  return ctx.db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
}

export async function listPtkp(ctx: Ctx): Promise<(LookupItem & { code: string; yearlyAmount: string })[]> {
  return ctx.db
    .selectFrom('ptkp_statuses')
    .select(['id', 'name', 'code', 'yearly_amount as yearlyAmount'])
    .orderBy('id')
    .execute();
}

/** Which of the given reference ids exist, for validating foreign keys with a clear message. */
export async function referenceExists(ctx: Ctx, table: RefTable, id: number): Promise<boolean> {
  const r = await ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return !!r;
}
