// Offline support. On install it stores every file of every page the site
// ships (the solver page and the embedding example); then it answers from
// the network when it can (so an online visit is always fresh) and from the
// store when it cannot. The store holds one build whole: files are stored
// all together, never one at a time. Paths are relative to this file, so
// the site works under any sub-path. The picture reader is stored only once
// a picture has been opened (a first visit downloads none of it); from then
// on it goes with every batch.
const CACHE = 'bitsudoku-v6';
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
  'www/preload.js',
  'www/bitsudoku-api.js',
  'www/api-core.js',
  'www/solver-worker.js',
  'www/solver-wasm.js',
  'examples/embed.html',
  'examples/embed.js',
  'examples/embed.css',
  'www/pkg/bitsudoku.js',
  // Both builds: which one this browser runs is decided by the page.
  'www/pkg/bitsudoku_bg.wasm',
  'www/pkg/bitsudoku_simd_bg.wasm',
  // The embedding example's API runs the solver-only module.
  'www/pkg/bitsudoku_solver.js',
  'www/pkg/bitsudoku_solver_bg.wasm',
  'www/pkg/bitsudoku_solver_simd_bg.wasm',
  // The jobs module: a first visit does not load it, but offline it must
  // be there for the first count, generation or collection.
  'www/jobs-wasm.js',
  'www/page-solver.js',
  'www/jobs-worker.js',
  'www/pkg/bitsudoku_jobs.js',
  'www/pkg/bitsudoku_jobs_bg.wasm',
  'www/pkg/bitsudoku_jobs_simd_bg.wasm',
];

// The picture reader: its script, its worker and its module (one build).
const PICTURE = [
  'www/picture.js',
  'www/picture-worker.js',
  'www/pkg/bitsudoku_picture.js',
  'www/pkg/bitsudoku_picture_bg.wasm',
];
const PICTURE_URLS = PICTURE.map((f) => new URL(f, self.registration.scope).href);

// The site's files as requests: past the HTTP cache at install ('reload'),
// revalidated later ('no-cache': cheap when a file has not changed).
const requests = (cache, files = FILES) =>
  files.map((f) => new Request(new URL(f, self.registration.scope), { cache }));

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
// pages of one build and scripts of the next. The picture reader's files
// join the batch once the store holds them, or once a picture is opened.
let refreshing = null;
function refresh() {
  refreshing ??= caches
    .open(CACHE)
    .then(async (cache) => {
      const picture = (await cache.match(PICTURE_URLS[0])) !== undefined;
      return cache.addAll(requests('no-cache', picture ? [...FILES, ...PICTURE] : FILES));
    })
    .catch(() => {}) // offline again, or a file missing mid-deploy: the store keeps its build
    .finally(() => (refreshing = null));
  return refreshing;
}

// The first picture opened: the store takes the reader along with the rest,
// in one batch, after any batch under way.
function storePicture() {
  return (refreshing ?? Promise.resolve())
    .then(() => caches.open(CACHE))
    .then((cache) => cache.addAll(requests('no-cache', [...FILES, ...PICTURE])))
    .catch(() => {});
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
        // The module, the last of the reader's files a picture asks for.
        if (response.ok && request.url === PICTURE_URLS.at(-1)) {
          event.waitUntil(caches.match(request.url).then((hit) => hit ?? storePicture()));
        }
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
