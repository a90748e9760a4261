/*
 * Service worker of the HR web app (issue 21 part 2: live attendance as an installable PWA).
 * - App shell: the built assets (hashed, never change) are cached when first fetched; a page
 *   navigation goes to the network and falls back to the cached page without signal, so the clock
 *   page opens offline. API calls (/trpc, /v2, /iclock) are never cached.
 * - Clock-ins made without signal wait in IndexedDB (src/features/mobile-attendance/offline-queue.ts
 *   writes them; the names below are shared with it). On Background Sync (Chrome on Android) they are
 *   sent even with the page closed. The server stores one punch per client id, so the page and this
 *   worker sending the same one is harmless.
 */
const CACHE = 'hr-shell-v1';
const QUEUE_DB = 'hr-mobile-attendance';
const QUEUE_STORE = 'queue';
const SYNC_TAG = 'hr-clock-queue';
const CLOCK_URL = '/trpc/mobileAttendance.clock';
const SHELL = ['/personal/attendance/clock', '/manifest.webmanifest', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const isApi = (path) =>
  path.startsWith('/trpc') || path.startsWith('/v2/') || path.startsWith('/api/') || path.startsWith('/iclock');

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;
  if (req.mode === 'navigate') {
    // Network first: a new deployment is served at once; the cached page only without signal.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(CACHE).then((c) => c.put('/personal/attendance/clock', copy));
          }
          return res;
        })
        .catch(() => caches.match('/personal/attendance/clock').then((r) => r || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    // Hashed build files never change: cache first.
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              void caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});

function openQueue() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(QUEUE_DB, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(QUEUE_STORE)) req.result.createObjectStore(QUEUE_STORE, { keyPath: 'clientId' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function run(db, mode, fn) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(QUEUE_STORE, mode);
    const req = fn(tx.objectStore(QUEUE_STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
  });
}

/** Sends the queue oldest first; a network failure stops (Background Sync retries later). */
async function sendQueue() {
  const db = await openQueue();
  try {
    const items = (await run(db, 'readonly', (s) => s.getAll())).sort((a, b) => a.takenAt.localeCompare(b.takenAt));
    for (const item of items) {
      const res = await fetch(CLOCK_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-hr-csrf': '1' },
        body: JSON.stringify(item),
      });
      // 5xx (a restarting server): keep it for the next try. 2xx stored, 4xx refused: done with it.
      if (res.status >= 500) throw new Error(`server answered ${res.status}`);
      await run(db, 'readwrite', (s) => s.delete(item.clientId));
    }
  } finally {
    db.close();
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(sendQueue());
});
