// The gate's service worker (decision 0054), registered by /staff/gate with that page as its scope: the
// gate opens and scans without the network. It keeps the gate page (the last one loaded online) and the
// build's static files. It never keeps an API answer: the day's ticket list lives in the page's own store
// (IndexedDB), and every /api/ call goes to the network as it is.
const CACHE = 'skypass-gate-v1';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('skypass-gate-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page: from the network, kept for later; the kept one when the network fails. */
async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
    if (kept) return kept;
    throw error;
  }
}

/** A build file: its name changes with its content, so the kept copy is always right. */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/_next/static/') || url.pathname === '/favicon.svg' || url.pathname === '/gate.webmanifest') event.respondWith(asset(request));
});
