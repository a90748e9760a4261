import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Page } from './zod';

/** Which page of a list: pages count from 1. */
export interface PageArgs {
  page: number;
  pageSize: number;
}

/** The OFFSET of the page's first row. */
export const pageOffset = (f: PageArgs): number => (f.page - 1) * f.pageSize;

/** The page as SQL, for lists written as raw SQL: `limit <pageSize> offset <pageOffset>`. */
export const pageLimit = (f: PageArgs): RawBuilder<unknown> => sql`limit ${f.pageSize} offset ${pageOffset(f)}`;

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
 * A page of ids, each carrying the list's `total` (a `count(*) over ()` window), as the rows `load`
 * reads for them (in the page's order). An empty page has total 0.
 */
export async function pageOfIds<R>(
  found: readonly { id: number; total: number }[],
  f: PageArgs,
  load: (ids: number[]) => Promise<R[]>,
): Promise<Page<R>> {
  return { rows: await load(found.map((r) => r.id)), total: found[0]?.total ?? 0, page: f.page, pageSize: f.pageSize };
}

/**
 * Rows that carry the list's `total` (a `count(*) over ()` window) as one page, each row mapped
 * without it. An empty page past the first asks `countAll` for the total (the page may lie past
 * the end of a non-empty list); an empty first page has total 0.
 */
export async function windowedPage<T extends { total: number }, R>(
  rows: readonly T[],
  f: PageArgs,
  countAll: () => Promise<number>,
  map: (row: Omit<T, 'total'>) => R,
): Promise<Page<R>> {
  const total = rows[0]?.total ?? (f.page > 1 ? await countAll() : 0);
  return { rows: rows.map(({ total: _t, ...r }) => map(r)), total, page: f.page, pageSize: f.pageSize };
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

/**
 * The total of a list from its page when the page tells it, else from `countAll` (issue 22: lists no longer carry
 * a `count(*) over ()` window, which made the database build and sort every matching row for each page). A page
 * that is neither full nor empty past the first is the list's end, so it tells the total; a full page, or an empty
 * one past the first (the list may end before it), asks for the count.
 */
export async function pageTotal(rowsOnPage: number, f: PageArgs, countAll: () => Promise<number>): Promise<number> {
  const end = rowsOnPage < f.pageSize && (rowsOnPage > 0 || f.page === 1);
  return end ? pageOffset(f) + rowsOnPage : countAll();
}
