import { sql } from 'kysely';
import type { Db } from './context';
import { COMPANY_TIME_ZONE } from './time-zone';

/**
 * What a request may serve from a per-process cache (issue 22: the 08:00 rush), read by one statement that
 * starts after the request asked, so it sees every change committed before then:
 *
 * - `stamp`: the permissions version (auth_version, migration 20261126T1050) and the company's date: a resolved
 *   session is reused only while both are the ones it was built at (auth/session-cache.ts);
 * - `live`: for each session token asked about, whether its session is neither revoked nor expired;
 * - `versions`: the data versions (migration 20261127T1300) under which cached reads are kept ({@link readThrough}).
 *
 * **Coalesced.** Requests that ask while the previous probe is on its way share the next one: one statement,
 * the asked tokens as one array parameter, answers them all. At 50 concurrent requests that is one round trip to
 * the database for many requests instead of one each (a round trip costs the server ~100 µs of CPU on these
 * machines: `bench api` profile, the socket writes alone 18 %). No caller is answered by a statement that
 * started before it asked: a caller joins only a probe not yet sent, so a logout, a revocation or a change
 * committed by any process before a request arrives holds for that request, as before.
 *
 * Inside a transaction the probe runs on the transaction itself, alone (it must see the transaction's own writes).
 */
export interface Freshness {
  /** Which probe this is (1, 2, …, per process): a later probe has a larger number. */
  probe: number;
  /** When the probe was sent (`performance.now()`). */
  sentAt: number;
  stamp: string;
  versions: ReadonlyMap<string, string>;
}

interface Asker {
  tokenHash: string | null;
  at: Date | null;
  resolve: (r: { fresh: Freshness; live: boolean }) => void;
  reject: (e: unknown) => void;
}

interface Prober {
  /** The probe being gathered, not yet sent; callers join it. */
  gathering: Asker[] | null;
  /** Whether a probe is on its way (the next one is sent when it returns). */
  sending: boolean;
}

/** How many probes were sent and how many callers they answered (tests and benchmarks read them). */
export const probeCounters = { probes: 0, askers: 0 };

const probers = new WeakMap<object, Prober>();

/** At most this many askers share one probe (its array parameter stays small). */
const MAX_ASKERS = 500;

async function runProbe(db: Db, askers: readonly Asker[]): Promise<void> {
  const probe = ++probeCounters.probes;
  const sentAt = performance.now();
  probeCounters.askers += askers.length;
  try {
    const hashes = askers.map((a) => a.tokenHash ?? '');
    const ats = askers.map((a) => (a.at ?? new Date(0)).toISOString());
    const { rows } = await sql<{ stamp: string; versions: Record<string, string> | null; live: number[] | null }>`
      select
        coalesce((select v from auth_version), 0) || '|' || ((now() at time zone ${COMPANY_TIME_ZONE})::date)::text as stamp,
        (select json_object_agg(name, v::text) from data_versions) as versions,
        (select array_agg(t.i::int) from unnest(${hashes}::text[], ${ats}::timestamptz[]) with ordinality as t(h, at, i)
          where t.h <> '' and exists (
            select 1 from sessions s where s.token_hash = t.h and s.revoked_at is null and s.expires_at > t.at)) as live`.execute(
      db,
    );
    const row = rows[0]!;
    const fresh: Freshness = { probe, sentAt, stamp: row.stamp, versions: new Map(Object.entries(row.versions ?? {})) };
    const live = new Set(row.live ?? []);
    askers.forEach((a, i) => {
      a.resolve({ fresh, live: live.has(i + 1) });
    });
  } catch (e) {
    for (const a of askers) a.reject(e);
  }
}

function proberOf(db: Db): Prober {
  let p = probers.get(db);
  if (!p) {
    p = { gathering: null, sending: false };
    probers.set(db, p);
  }
  return p;
}

function send(db: Db, p: Prober): void {
  const askers = p.gathering;
  if (!askers || p.sending) return;
  p.gathering = null;
  p.sending = true;
  void runProbe(db, askers).finally(() => {
    p.sending = false;
    send(db, p);
  });
}

/**
 * The freshness a request may rely on, and whether the session of `tokenHash` (if given) is live at `at`:
 * read by a statement that starts after this call.
 */
export function probeFreshness(
  db: Db,
  tokenHash: string | null = null,
  at: Date | null = null,
): Promise<{ fresh: Freshness; live: boolean }> {
  return new Promise((resolve, reject) => {
    const asker: Asker = { tokenHash, at, resolve, reject };
    if (db.isTransaction) {
      void runProbe(db, [asker]);
      return;
    }
    const p = proberOf(db);
    if (p.gathering && p.gathering.length < MAX_ASKERS) {
      p.gathering.push(asker);
      return;
    }
    if (p.gathering) {
      // A full probe is sent at once; this caller starts the next one (sent when the probe on its way returns,
      // or at the end of this turn of the event loop).
      const full = p.gathering;
      p.gathering = [asker];
      void runProbe(db, full);
      return;
    }
    p.gathering = [asker];
    // Callers of the same turn of the event loop join before it is sent (unless one is already on its way).
    setImmediate(() => send(db, p));
  });
}

interface Entry {
  version: string;
  value: unknown;
  weight: number;
}

/**
 * What one database's cache holds at most, in weight (a list page weighs its rows + 1: at most ~20,000 rows, a few
 * tens of MB); the oldest entries go first (a Map keeps insertion order).
 */
const MAX_WEIGHT = 20_000;
interface ReadCache {
  entries: Map<string, Entry>;
  weight: number;
  /** Loads on their way, by key and version: requests that miss together wait for one load. */
  loading: Map<string, Promise<unknown>>;
}
const caches = new WeakMap<object, ReadCache>();
/** Databases whose reads are never cached (`bench api` measures a list with and without). */
const uncached = new WeakSet<object>();

/** Values {@link readThrough} serves to many requests: deeply frozen, so nothing can change them. */
const shared = new WeakSet<object>();

/**
 * Whether `v` is a value {@link readThrough} serves to many requests. Such a value never changes (it is frozen),
 * so what is derived from it alone, its check against an output schema or its JSON text, can be kept with it
 * (server trpc/output.ts, rest/envelope.ts).
 */
export function isSharedValue(v: unknown): v is object {
  return typeof v === 'object' && v !== null && shared.has(v);
}

const derived = new WeakMap<object, Map<unknown, unknown>>();

/**
 * What `derive` makes of a shared value ({@link isSharedValue}), made once per value and `kind` (any object or
 * string naming the derivation); for any other value, made each time.
 */
export function derivedOnce<T>(value: unknown, kind: unknown, derive: () => T): T {
  if (!isSharedValue(value)) return derive();
  let m = derived.get(value);
  if (!m) {
    m = new Map();
    derived.set(value, m);
  }
  if (m.has(kind)) return m.get(kind) as T;
  const out = derive();
  m.set(kind, out);
  return out;
}

function deepFreeze(v: unknown): void {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}

/** How long a request's own probe (`ctx.fresh`) serves its cached reads. */
const REQUEST_FRESHNESS_MS = 1_000;

/** How often a cached read was served and how often it was read from the database. */
export const readCacheCounters = { hits: 0, loads: 0 };

/** Turns {@link readThrough}'s cache off (or on again) for one database handle. */
export function setReadCache(db: Db, on: boolean): void {
  if (on) uncached.delete(db);
  else uncached.add(db);
}

/**
 * A read served from this process's cache while the data version `name` is the one a probe that started after
 * this call reads (so never older than the request), and read with `load` otherwise. `key` must name everything
 * the result depends on besides the data under that version (the input, the caller's scope). The value is shared
 * between callers and frozen: nothing may change it. Inside a transaction the cache is not used (it may hold uncommitted rows).
 */
export async function readThrough<T>(
  ctx: { db: Db; fresh?: Freshness },
  name: string,
  key: string,
  load: () => Promise<T>,
  weigh: (value: T) => number = () => 1,
): Promise<T> {
  const db = ctx.db;
  if (db.isTransaction || uncached.has(db)) return load();
  // The request's session check read the versions after it arrived: enough, and one round trip fewer. A request
  // that lasts (a stream) asks again after a second.
  const fresh =
    ctx.fresh && performance.now() - ctx.fresh.sentAt < REQUEST_FRESHNESS_MS ? ctx.fresh : (await probeFreshness(db)).fresh;
  // Before the first change the version is absent: nothing to key on, so nothing is cached.
  const version = fresh.versions.get(name);
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), weight: 0, loading: new Map() };
    caches.set(db, cache);
  }
  const k = `${name}\u0000${key}`;
  const hit = cache.entries.get(k);
  if (version !== undefined && hit && hit.version === version) {
    readCacheCounters.hits++;
    return hit.value as T;
  }
  if (version === undefined) {
    readCacheCounters.loads++;
    return load();
  }
  // Requests that miss the same page under the same version (the first requests after a change) share one load:
  // it started after that version was read, so it is as fresh as each of them needs.
  const loadingKey = `${k}\u0000${version}`;
  const onItsWay = cache.loading.get(loadingKey);
  if (onItsWay) {
    readCacheCounters.hits++;
    return onItsWay as Promise<T>;
  }
  readCacheCounters.loads++;
  const loading = loadAndKeep(cache, k, version, load, weigh);
  cache.loading.set(loadingKey, loading);
  try {
    return await loading;
  } finally {
    cache.loading.delete(loadingKey);
  }
}

/**
 * Loads a value and keeps it under the version read before the load: the load's own snapshot is the same or
 * newer, so a later request that still reads this version is never served anything older than it would read itself.
 */
async function loadAndKeep<T>(
  cache: ReadCache,
  k: string,
  version: string,
  load: () => Promise<T>,
  weigh: (value: T) => number,
): Promise<T> {
  const value = await load();
  const weight = weigh(value);
  deepFreeze(value);
  if (typeof value === 'object' && value !== null) shared.add(value);
  if (weight > MAX_WEIGHT) return value;
  const drop = (key: string) => {
    cache.weight -= cache.entries.get(key)?.weight ?? 0;
    cache.entries.delete(key);
  };
  drop(k);
  while (cache.weight + weight > MAX_WEIGHT) drop(cache.entries.keys().next().value as string);
  cache.entries.set(k, { version, value, weight });
  cache.weight += weight;
  return value;
}
