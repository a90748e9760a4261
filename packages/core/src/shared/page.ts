import type { SelectQueryBuilder } from 'kysely';
import type { Page } from './zod';

/** Which page of a list: pages count from 1. */
export interface PageArgs {
  page: number;
  pageSize: number;
}

/** The OFFSET of the page's first row. */
export const pageOffset = (f: PageArgs): number => (f.page - 1) * f.pageSize;

/**
 * Rows that carry the list's `total` (a `count(*) over ()` window) as one page, each row mapped
 * without it. An empty page (none matched, or a page past the end) has total 0.
 */
export function pageOf<T extends { total: number }, R>(
  rows: readonly T[],
  f: PageArgs,
  map: (row: Omit<T, 'total'>) => R,
): Page<R> {
  return {
    rows: rows.map(({ total: _t, ...r }) => map(r)),
    total: rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/**
 * One page of the rows of `q` in the order `order` gives, with the count of all of them (a second
 * query beside the page, so a page past the end still tells the total).
 */
export async function countedPage<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  f: PageArgs,
  order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): Promise<Page<O>> {
  const [rows, count] = await Promise.all([
    order(q).limit(f.pageSize).offset(pageOffset(f)).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow() as Promise<{ n: string }>,
  ]);
  return { rows: rows as O[], total: Number(count.n), page: f.page, pageSize: f.pageSize };
}
