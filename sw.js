// Offline support. On install it stores every file of every page the site
// ships (the solver page and the embedding example); then it answers from
// the network when it can (so an online visit is always fresh) and from the
// store when it cannot. Paths are relative to this file, so the site works
// under any sub-path.
const CACHE = 'bitsudoku-v2';
const FILES = [
  './',
  'index.html',
  'manifest.webmanifest',
  'www/app.js',
  'www/page.js',
  'www/solver-client.js',
  'www/worker.js',
  'www/jobs.js',
  'www/grid-controller.js',
  'www/examples.js',
  'www/grid.css',
  'www/style.css',
  'www/icon.svg',
  'www/wasm.js',
  'www/sudoku-solver.js',
  'www/widget.css',
  'www/bitsudoku-api.js',
  'examples/embed.html',
  'examples/embed.js',
  'examples/embed.css',
  'www/pkg/bitsudoku.js',
  'www/pkg/wasm-feature-detect.js',
  // Both builds: which one this browser runs is decided by the page.
  'www/pkg/bitsudoku_bg.wasm',
  'www/pkg/bitsudoku_simd_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Past the HTTP cache, so the store never mixes files of two builds.
      .then((cache) =>
        cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: 'reload' }))),
      )
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

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    fetch(request, { cache: 'no-cache' })
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
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
      ),
  );
});
