// The service worker of offline reading: pages a reader has visited, and the app shell, open
// without a network. The build writes it as `sw.js` at the site root, filling in the build's id
// and its hashed assets (crates/pipeline/src/service_worker.rs); a new build is a new file, so
// the browser installs it, and it deletes the caches of the build before.
//
// - Pages (HTML) and page data: network first, so an online reader never sees an old page
//   after a deploy; the cache answers only when the network does not.
// - Hashed assets (`assets/`): cache first; their names change with their contents.
// - Images and fonts: network first, like pages.
// Everything else (search index, feeds, other hosts) goes to the network untouched.

const BUILD = '__DOCSITE_BUILD_ID__';
/** The app shell: every hashed asset of the build, relative to the scope. */
const PRECACHE = ['__DOCSITE_PRECACHE__'];

const scope = new URL(self.registration.scope);
// Cache names carry the scope: two sites on one origin (under different base URLs) keep theirs.
const PREFIX = `docsite ${scope.pathname} `;
const SHELL = `${PREFIX}shell ${BUILD}`;
const PAGES = `${PREFIX}pages ${BUILD}`;
const ASSETS = `${scope.pathname}assets/`;
const PAGE_DATA = `${scope.pathname}page-data/`;

self.addEventListener('install', (event) => {
  const urls = PRECACHE.map((path) => new URL(path, scope).href);
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(urls))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const old = (name) => name.startsWith(PREFIX) && name !== SHELL && name !== PAGES;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Whether a response may be kept: a whole, plain answer of this origin. */
const keepable = (res) => res.ok && res.status === 200 && res.type === 'basic' && !res.redirected;

async function networkFirst(event, options) {
  const req = event.request;
  try {
    const res = await fetch(req);
    if (keepable(res)) {
      const copy = res.clone();
      event.waitUntil(caches.open(PAGES).then((cache) => cache.put(req, copy)));
    }
    return res;
  } catch (offline) {
    const pages = await caches.open(PAGES);
    const hit = (await pages.match(req, options)) ?? (await (await caches.open(SHELL)).match(req, options));
    if (hit) return hit;
    throw offline;
  }
}

async function cacheFirst(event) {
  const req = event.request;
  const shell = await caches.open(SHELL);
  const hit = await shell.match(req, {ignoreVary: true});
  if (hit) return hit;
  const res = await fetch(req);
  if (keepable(res)) {
    const copy = res.clone();
    event.waitUntil(shell.put(req, copy));
  }
  return res;
}

/** Keeps pages the reader saw without the worker fetching them: the first page (loaded before
 * the worker ran) and pages reached by client-side navigation (which fetch only their data). */
async function keep(urls) {
  const pages = await caches.open(PAGES);
  for (const href of urls) {
    const url = new URL(href, scope);
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) continue;
    url.hash = '';
    if (await pages.match(url.href, {ignoreVary: true, ignoreSearch: true})) continue;
    try {
      const res = await fetch(url.href);
      if (keepable(res)) await pages.put(url.href, res);
    } catch {
      // Offline already: nothing to keep.
    }
  }
}

self.addEventListener('message', (event) => {
  const urls = event.data?.keep;
  if (Array.isArray(urls)) event.waitUntil(keep(urls));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || req.headers.has('range')) return;
  const url = new URL(req.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  if (url.pathname.startsWith(ASSETS)) {
    event.respondWith(cacheFirst(event));
  } else if (req.mode === 'navigate') {
    // A page opened with `?q=…` offline still finds the page it cached without it.
    event.respondWith(networkFirst(event, {ignoreVary: true, ignoreSearch: true}));
  } else if (url.pathname.startsWith(PAGE_DATA) || req.destination === 'image' || req.destination === 'font') {
    event.respondWith(networkFirst(event, {ignoreVary: true}));
  }
});
