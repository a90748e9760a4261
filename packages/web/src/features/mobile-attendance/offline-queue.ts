/**
 * Clock-ins kept on the phone while it has no signal (issue 21 part 2). Each is stored in IndexedDB
 * with the id generated on the phone and the time it was taken, and flagged `offline`; the page (on
 * `online`, on load, every 30 s) and the service worker (Background Sync, public/sw.js) send them.
 * The server stores one punch per id, so two senders racing, or a retry after a lost answer, never
 * store it twice. The database and store names are shared with public/sw.js.
 */

export const QUEUE_DB = 'hr-mobile-attendance';
export const QUEUE_STORE = 'queue';
export const SYNC_TAG = 'hr-clock-queue';
export const CLOCK_URL = '/trpc/mobileAttendance.clock';

export interface ClockPayload {
  clientId: string;
  kind: 'in' | 'out';
  latitude: number;
  longitude: number;
  accuracyM: number;
  takenAt: string;
  offline: boolean;
  selfie: { contentType: 'image/jpeg'; contentBase64: string };
}

/** What the server answered for one clock-in (tRPC's `result.data`). */
export interface ClockAnswer {
  clientId: string;
  kind: 'in' | 'out';
  localTime: string;
  status: 'accepted' | 'pending' | 'approved' | 'rejected';
  inside: boolean;
  distanceM: number | null;
  offline: boolean;
  duplicate: boolean;
  fence: string | null;
  companyOffice: string | null;
}

export type SendOutcome = { kind: 'stored'; answer: ClockAnswer } | { kind: 'refused'; message: string } | { kind: 'network' };

function openQueue(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(QUEUE_DB, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(QUEUE_STORE)) req.result.createObjectStore(QUEUE_STORE, { keyPath: 'clientId' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openQueue();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(QUEUE_STORE, mode);
      const req = fn(tx.objectStore(QUEUE_STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const queueClock = (p: ClockPayload) => withStore('readwrite', (s) => s.put({ ...p, offline: true }));
export const queuedClocks = () => withStore<ClockPayload[]>('readonly', (s) => s.getAll() as IDBRequest<ClockPayload[]>);
const unqueue = (clientId: string) => withStore('readwrite', (s) => s.delete(clientId));

/** A random v4 UUID (crypto.randomUUID exists only in secure contexts; getRandomValues everywhere). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Sends one clock-in; a network failure (no signal) is told apart from the server's refusal. */
export async function sendClock(p: ClockPayload): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetch(CLOCK_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-hr-csrf': '1' },
      body: JSON.stringify(p),
    });
  } catch {
    return { kind: 'network' };
  }
  const body = (await res.json().catch(() => null)) as {
    result?: { data?: ClockAnswer };
    error?: { message?: string; json?: { message?: string } };
  } | null;
  if (res.ok && body?.result?.data) return { kind: 'stored', answer: body.result.data };
  // 5xx from a proxy while the server restarts: try again later, like no signal.
  if (res.status >= 500 || !body) return { kind: 'network' };
  return {
    kind: 'refused',
    message: body.error?.message ?? body.error?.json?.message ?? `Request failed with status code ${res.status}`,
  };
}

/**
 * Sends every queued clock-in, oldest first; stops at the first network failure. Each stored or
 * refused one leaves the queue (a refusal will not change by sending again) and is reported.
 */
export async function flushQueue(
  report: (p: ClockPayload, o: Exclude<SendOutcome, { kind: 'network' }>) => void,
): Promise<number> {
  const items = (await queuedClocks()).sort((a, b) => a.takenAt.localeCompare(b.takenAt));
  let sent = 0;
  for (const p of items) {
    const o = await sendClock(p);
    if (o.kind === 'network') break;
    await unqueue(p.clientId);
    report(p, o);
    sent++;
  }
  return sent;
}

/** Asks the service worker to send the queue when the phone is back online, even with the page closed. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const reg = (await navigator.serviceWorker?.ready) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    await reg?.sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, iOS Safari): the page sends the queue when it is open and online.
  }
}

/** Registers the service worker (offline app shell and background sending). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
