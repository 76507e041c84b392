// The service worker (shell §4, §7), registered at the site root by sw/register.ts. The build
// (sw/vite-plugin.ts) fills in VERSION (a hash of the build's files, so every deploy is a new
// worker the browser installs) and SHELL (index.html, the entry script and its styles).
//
// - Pages: network first; with no network the cached shell (index.html), so the app starts and
//   shows 'You are offline'. A page answer is never stored (a blog page carries its post).
// - Hashed assets (/assets/…, /tutorials/… whose names carry their hash): cache first, stored as
//   they are loaded, so the screens opened online open again offline.
// - /api/… and everything else: the network only. API answers and user data are never cached.
// - An installed update takes over at once (skipWaiting + clients.claim); the page reloads on
//   `controllerchange` (register.ts). Old caches go on activation.
const VERSION = '__SW_VERSION__';
const SHELL = __SW_SHELL__;
const CACHE = `sheetboard-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('sheetboard-shell-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** Hashed, immutable files: safe to keep until the next version. */
function isHashedAsset(url) {
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/tutorials/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE }).then((shell) => shell || Response.error())),
    );
    return;
  }
  // Video players ask for byte ranges; those go to the network as they are.
  if (!isHashedAsset(url) || request.headers.has('range')) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok && response.type === 'basic') cache.put(request, response.clone());
            return response;
          }),
      ),
    ),
  );
});
