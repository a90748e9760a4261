/**
 * Lookup caching rule (spec §4 "Client-side loading", §9 "Lookups are loaded once per session"):
 * each lookup list is fetched on first use and kept for the whole session; dependent lists are
 * cached per parent key (the tRPC input is part of the query key). A cached list is refetched
 * only when it is empty.
 */
export function isEmptyList(data: unknown): boolean {
  return !Array.isArray(data) || data.length === 0;
}

/** react-query `staleTime`: an empty (or missing) list is stale at once, a non-empty one never. */
export function lookupStaleTime(query: { state: { data: unknown } }): number {
  return isEmptyList(query.state.data) ? 0 : Number.POSITIVE_INFINITY;
}

/** Options for every lookup query. The cache is cleared on logout, which ends the "session". */
export const LOOKUP_QUERY_OPTIONS = {
  staleTime: lookupStaleTime,
  gcTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
