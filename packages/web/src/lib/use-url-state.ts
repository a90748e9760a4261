import { type Location, useLocation, useSearchParams } from 'react-router';

/**
 * The last write not yet rendered, with the location it was made on. The router renders a write later (in a
 * transition), so until it does, the page's handlers still hold the old parameters: several setters called by one
 * change (a filter, the filters it clears, the page), or a second filter changed right after a first one, each start
 * from what the previous one wrote, so none is lost. Only handlers of that very location object use it: once the
 * router shows the write's own location, its parameters hold the write, and after any other navigation (or in
 * another router) it is stale. (Not its `key`: every router's first location is keyed "default".)
 */
let pending: { location: Location; params: URLSearchParams } | null = null;

/**
 * The state of a list (filters, sort, page, page size) kept in the URL's search parameters, so that
 * Back (or a reload, or a shared link) shows the list as the user left it. Writes replace the
 * current history entry: typing in a search box does not add a step to Back.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  /** Sets each key to its value; `null` removes it. */
  const write = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(pending?.location === location ? pending.params : params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    pending = { location, params: next };
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { params, write };
}

/**
 * One text value kept in the URL under `key`; `initial` when the URL does not name it. Setting it
 * back to `initial` removes it from the URL (an explicit "" is kept when `initial` is not empty).
 */
export function useUrlParam(key: string, initial = ''): [string, (value: string) => void] {
  const { params, write } = useUrlParams();
  const value = params.get(key) ?? initial;
  return [value, (v: string) => write({ [key]: v === initial ? null : v })];
}

/** A positive whole number from the URL (a page, a page size); `fallback` when missing or malformed. */
export function positiveInt(raw: string | null, fallback: number, max = 10_000): number {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}
