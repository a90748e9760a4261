import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** Typing in a search box queries the server once it has paused this long. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Search text (debounced), page and page size of a server-paginated list; a new search or filter goes back to page 1. */
export function useListState(initialPageSize = 25) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    setLastSearch(debounced);
    setPage(1);
  }
  return {
    search,
    setSearch,
    page,
    setPage,
    pageSize,
    setPageSize: (n: number) => {
      setPageSize(n);
      setPage(1);
    },
    /** The part of a list query's input this state owns. */
    query: { search: debounced || undefined, page, pageSize },
    /** Wraps a filter setter: changing a filter returns to page 1. */
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
