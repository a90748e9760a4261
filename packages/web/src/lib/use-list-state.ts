import { PAGE_SIZES } from '../ui/Pagination';
import { useDebouncedValue } from './use-debounced-value';
import { positiveInt, useUrlParams } from './use-url-state';

/** Typing in a search box queries the server once it has paused this long. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The URL names of a list's state; `scope` tells apart two lists on one screen ("summary" gives
 * `summary.q`, `summary.page`, …).
 */
export const listParamKey = (scope: string, key: string) => (scope ? `${scope}.${key}` : key);

/** A page size from the URL: one the pager offers (or the list's own default), else the default. */
export function pageSizeParam(raw: string | null, initial: number): number {
  const n = positiveInt(raw, initial);
  return n === initial || (PAGE_SIZES as readonly number[]).includes(n) ? n : initial;
}

/**
 * Search text (debounced), page and page size of a server-paginated list, kept in the URL (`q`,
 * `page`, `size`) so that Back returns to the list as it was; a new search or filter goes back to
 * page 1. The list's filters join it with `param` (or `useListFilter`).
 */
export function useListState(initialPageSize = 25, scope = '') {
  const { params, write } = useUrlParams();
  const k = (key: string) => listParamKey(scope, key);
  const search = params.get(k('q')) ?? '';
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const page = positiveInt(params.get(k('page')), 1);
  const pageSize = pageSizeParam(params.get(k('size')), initialPageSize);
  const setPage = (n: number) => write({ [k('page')]: n > 1 ? String(n) : null });
  /** A filter kept in the URL under `key` (within this list's scope); `initial` when the URL has none. */
  const param = (key: string, initial = '') => ({
    value: params.get(k(key)) ?? initial,
    set: (v: string) => write({ [k(key)]: v === initial ? null : v, [k('page')]: null }),
  });
  return {
    search,
    setSearch: (v: string) => write({ [k('q')]: v === '' ? null : v, [k('page')]: null }),
    page,
    setPage,
    pageSize,
    setPageSize: (n: number) => write({ [k('size')]: n === initialPageSize ? null : String(n), [k('page')]: null }),
    /** The part of a list query's input this state owns. */
    query: { search: debounced || undefined, page, pageSize },
    param,
    /** Wraps a filter setter: changing a filter clears the filters that depend on it and returns to page 1. */
    filter:
      (setter: (v: string) => void, ...resets: ((v: string) => void)[]) =>
      (v: string) => {
        setter(v);
        for (const r of resets) r('');
        setPage(1);
      },
  };
}

export type ListState = ReturnType<typeof useListState>;
