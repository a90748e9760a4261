import { type SelectQueryBuilder, sql } from 'kysely';
import { type PageArgs, pageOf, pageOffset } from './page';
import type { Page } from './zod';

/** A query that selects the list's columns and its total. */
type Totalled<DB, TB extends keyof DB, O> = SelectQueryBuilder<DB, TB, O & { total: number }>;

/**
 * One page of `q` (the list's query with its columns selected) in the order `order` gives: each row
 * carries the list's total in a `count(*) over ()` window, and pageOf makes the page of them, each
 * row mapped by `map`.
 */
export async function windowPageOf<DB, TB extends keyof DB, O, R>(
  q: SelectQueryBuilder<DB, TB, O>,
  f: PageArgs,
  order: (q: Totalled<DB, TB, O>) => Totalled<DB, TB, O>,
  map: (row: O) => R,
): Promise<Page<R>> {
  const totalled = q.select(sql<number>`(count(*) over ())::int`.as('total') as never) as unknown as Totalled<DB, TB, O>;
  const rows = await order(totalled).limit(f.pageSize).offset(pageOffset(f)).execute();
  return pageOf(rows as (O & { total: number })[], f, (r) => map(r as O));
}
