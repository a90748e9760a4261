import type { Db } from '../shared/context';
import { type Freshness, probeFreshness } from '../shared/freshness';

/**
 * The per-process cache of resolved sessions (issue 22: the 08:00 rush). Resolving a session's actor
 * (login, placement, roles, grants, withheld placements, resignations, OAuth scopes: auth/service.ts
 * actorQuery) is the largest query of every request; it now runs once per session and permissions
 * version instead of on every request.
 *
 * Every request still has its session row looked up (so logout, expiry and revocation hold at once), by a
 * statement that starts after the request asked and is shared with the requests that ask meanwhile
 * (shared/freshness.ts, one statement per wave instead of one per request), which also reads the *stamp*:
 * the permissions version that database triggers bump in the same transaction as any change to what a login
 * may do (migration 20261126T1050_auth_version), and the company's date (an approved resignation ends a login after the last working day, a change of
 * date rather than of data). A cached actor is used only while the stamp is the one it was built at,
 * so a revocation committed by any server process holds at the next request on every process.
 */
export interface Stamped<T> {
  value: T;
  stamp: string;
}

/** How often a request found its actor cached, and how often it was built (tests and benchmarks read them). */
export const sessionCacheCounters = { hits: 0, loads: 0 };

/** Entries kept per database at most; the oldest go first (a Map keeps insertion order). */
const MAX_ENTRIES = 20_000;
const caches = new WeakMap<object, Map<string, Stamped<unknown>>>();

function cacheOf(db: Db): Map<string, Stamped<unknown>> {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

/**
 * The session's value (null when the session is unknown, revoked or expired): the cached one if it was built at
 * the stamp read now, built by `load` otherwise; with what the probe read, for the request's cached reads.
 */
export async function cachedSession<T>(
  db: Db,
  tokenHash: string,
  now: Date,
  load: () => Promise<T | null>,
): Promise<{ value: T; fresh: Freshness } | null> {
  const cache = cacheOf(db);
  // One statement for every request that asks meanwhile, started after this one asked (shared/freshness.ts).
  const { fresh, live } = await probeFreshness(db, tokenHash, now);
  if (!live) {
    cache.delete(tokenHash);
    return null;
  }
  const hit = cache.get(tokenHash);
  if (hit && hit.stamp === fresh.stamp) {
    sessionCacheCounters.hits++;
    return { value: hit.value as T, fresh };
  }
  sessionCacheCounters.loads++;
  const value = await load();
  cache.delete(tokenHash);
  if (value === null) return null;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(tokenHash, { value, stamp: fresh.stamp });
  return { value, fresh };
}
