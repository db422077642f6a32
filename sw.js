// Offline support. On install it stores every file of every page the site
// ships (the solver page and the embedding example); then it answers from
// the network when it can (so an online visit is always fresh) and from the
// store when it cannot. The store holds one build whole: files are stored
// all together, never one at a time. Paths are relative to this file, so
// the site works under any sub-path.
const CACHE = 'bitsudoku-v5';
const FILES = [
  './',
  'index.html',
  'manifest.webmanifest',
  'www/app.js',
  'www/page.js',
  'www/regions.js',
  'www/store.js',
  'www/collection.js',
  'www/solver-client.js',
  'www/worker.js',
  'www/worker-core.js',
  'www/jobs.js',
  'www/grid-controller.js',
  'www/examples.js',
  'www/grid.css',
  'www/style.css',
  'www/icon.svg',
  'www/wasm.js',
  'www/sudoku-solver.js',
  'www/widget.css',
  'www/wasm-build.js',
  'www/bitsudoku-api.js',
  'www/api-core.js',
  'www/solver-worker.js',
  'www/solver-wasm.js',
  'examples/embed.html',
  'examples/embed.js',
  'examples/embed.css',
  'www/pkg/bitsudoku.js',
  'www/pkg/wasm-feature-detect.js',
  // Both builds: which one this browser runs is decided by the page.
  'www/pkg/bitsudoku_bg.wasm',
  'www/pkg/bitsudoku_simd_bg.wasm',
  // The embedding example's API runs the solver-only module.
  'www/pkg/bitsudoku_solver.js',
  'www/pkg/bitsudoku_solver_bg.wasm',
  'www/pkg/bitsudoku_solver_simd_bg.wasm',
];

// The site's files as requests: past the HTTP cache at install ('reload'),
// revalidated later ('no-cache': cheap when a file has not changed).
const requests = (cache) => FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache }));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(requests('reload')))
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

// After each visit online the store takes every file again in one batch
// (addAll writes all or nothing), so it keeps the newest build seen whole.
// Storing files one by one as the page fetched them left the store with
// pages of one build and scripts of the next.
let refreshing = null;
function refresh() {
  refreshing ??= caches
    .open(CACHE)
    .then((cache) => cache.addAll(requests('no-cache')))
    .catch(() => {}) // offline again, or a file missing mid-deploy: the store keeps its build
    .finally(() => (refreshing = null));
  return refreshing;
}

// What the page gets, it must ask for again through this worker. The
// browser keeps a page's scripts in memory and reuses one it judges fresh
// without a fetch event (a host that sends no Cache-Control, or a max-age),
// so a reload would run the new index.html with the old scripts.
function askAgain(response) {
  if (!response.ok) return response;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-cache');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    fetch(request, { cache: 'no-cache' })
      .then((response) => {
        if (request.mode === 'navigate' && response.ok) event.waitUntil(refresh());
        return response;
      })
      .catch(() =>
        caches
          .match(request, { ignoreSearch: true })
          // Only a page may fall back to the solver page; a missing script
          // or module gets an honest error, not HTML.
          .then(
            (hit) =>
              hit ??
              (request.mode === 'navigate' ? caches.match(new URL('index.html', self.registration.scope)) : null),
          )
          .then((hit) => hit ?? Response.error()),
      )
      .then(askAgain),
  );
});
