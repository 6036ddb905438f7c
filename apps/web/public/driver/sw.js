/* global self, caches -- a service worker's own globals */
// The driver page's service worker (scope /driver/, decision 013). It keeps the page's shell, the HTML and
// the files it names, so the page opens on a phone without network; the trip itself comes from the copy
// the page keeps, and what the driver does waits in the page's own queue. API calls are never cached.
const CACHE = 'freightlane-driver-v1';
// Every /driver/… address answers the same page; it is kept once, under this key.
const SHELL = '/driver/';
const ASSET = /(?:src|href)="(\/assets\/[^"]+)"/g;

/** Keeps the page and the files it names, and lets go of the files of earlier builds. */
async function keepShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const files = [...html.matchAll(ASSET)].map((match) => match[1]);
  await cache.put(SHELL, response);
  await Promise.all(
    files.map(async (file) => {
      // Built files are named by their content: one already kept never changes.
      if (!(await cache.match(file))) await cache.add(file);
    }),
  );
  const wanted = new Set([SHELL, ...files].map((file) => new URL(file, self.location.origin).href));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL, { cache: 'no-cache' });
      if (response.ok) await keepShell(response);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The network first, so a new build reaches the driver at once; the kept page when there is none.
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok) event.waitUntil(keepShell(response.clone()).catch(() => undefined));
          return response;
        } catch {
          return (await caches.match(SHELL)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
  }
});
