import { sql } from 'kysely';
import type { Db } from '../shared/context';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';

/**
 * The per-process cache of resolved sessions (issue 22: the 08:00 rush). Resolving a session's actor
 * (login, placement, roles, grants, withheld placements, resignations, OAuth scopes: auth/service.ts
 * actorQuery) is the largest query of every request; it now runs once per session and permissions
 * version instead of on every request.
 *
 * Every request still makes one indexed lookup of its session row (so logout, expiry and revocation
 * hold at once) which also reads the *stamp*: the permissions version that database triggers bump in
 * the same transaction as any change to what a login may do (migration 20261126T1050_auth_version),
 * and the company's date (an approved resignation ends a login after the last working day, a change of
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
 * The live session's stamp (undefined when the session is unknown, revoked or expired), and the
 * cached value for that session if it was built at that stamp; `load` builds it otherwise.
 */
export async function cachedSession<T>(db: Db, tokenHash: string, now: Date, load: () => Promise<T | null>): Promise<T | null> {
  const cache = cacheOf(db);
  const live = await db
    .selectFrom('sessions')
    .select(
      sql<string>`coalesce((select v from auth_version), 0) || '|' || ((now() at time zone ${COMPANY_TIME_ZONE})::date)::text`.as(
        'stamp',
      ),
    )
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!live) {
    cache.delete(tokenHash);
    return null;
  }
  const hit = cache.get(tokenHash);
  if (hit && hit.stamp === live.stamp) {
    sessionCacheCounters.hits++;
    return hit.value as T;
  }
  sessionCacheCounters.loads++;
  const value = await load();
  cache.delete(tokenHash);
  if (value === null) return null;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(tokenHash, { value, stamp: live.stamp });
  return value;
}
