// The service worker of Vecinos (docs/adr/0030). The build (pwa/plugin.ts) writes it to dist/sw.js with
// the list of files to precache and a version that changes with any of them.
//
// - The app shell and the static assets come from the cache, so the app opens offline: the first screen's
//   files are precached, the other screens' chunks kept when first used.
// - The API is never cached: /api, /files and /dev go to the network untouched (the live stream, uploads
//   and downloads included), and so does any Range request. Offline, the app says so and shows only what
//   it has already loaded in this visit: nothing stale passes for current.
// - A new version installs beside the running one and waits; the app offers 'Nueva versión disponible'
//   and its reload button posts 'skipWaiting'.
// - Web push (RFC 8030): the payload is the JSON of domain.PushPayload.
const VERSION = self.__VERSION__
const PRECACHE = self.__PRECACHE__
const CACHE = 'vecinos-shell-' + VERSION
const SHELL = '/index.html'

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('vecinos-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting()
  // The page lists the chunks it loaded before this worker controlled it (the first visit): keep them.
  if (event.data && event.data.type === 'keep' && Array.isArray(event.data.urls)) {
    const urls = event.data.urls.filter((u) => new URL(u, self.location.origin).pathname.startsWith('/assets/'))
    event.waitUntil(
      caches.open(CACHE).then((cache) =>
        Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined)))),
      ),
    )
  }
})

function passThrough(request, url) {
  return (
    request.method !== 'GET' ||
    url.origin !== self.location.origin ||
    request.headers.has('range') ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/files/') ||
    url.pathname.startsWith('/dev/') ||
    url.pathname === '/healthz' ||
    url.pathname === '/readyz'
  )
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (passThrough(request, url)) return // the browser fetches it as if there were no service worker
  if (request.mode === 'navigate') {
    // Network first: a deploy reaches everyone at once; the cached shell only when the network fails.
    event.respondWith(fetch(request).catch(() => caches.match(SHELL, { cacheName: CACHE })))
    return
  }
  // Assets: from the cache; a chunk not precached (another screen, another language) is kept when first
  // fetched, so a screen visited once opens offline too. Their names are content-hashed: never stale.
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok && url.pathname.startsWith('/assets/')) cache.put(request, response.clone())
            return response
          }),
      ),
    ),
  )
})

self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { title: 'Vecinos', body: event.data ? event.data.text() : '' }
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Vecinos', {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/dashboard' },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/dashboard', self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if ('focus' in w) return w.navigate(target).then((c) => (c || w).focus())
      }
      return self.clients.openWindow(target)
    }),
  )
})
