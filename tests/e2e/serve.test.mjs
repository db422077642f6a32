// The built site as `make serve` serves it (scripts/serve.mjs): dist/ and
// nothing else, every response with the security headers, and the page
// solving under them. Then the service worker on a host that sends no
// Cache-Control, whose files change between visits: a reload runs one build
// whole, the new one, and offline only a page falls back to the cached page.
//
// To check that the last test catches a service worker that mixes builds,
// run it with another sw.js in the served copy:
//   SW_UNDER_TEST=/tmp/old-sw.js node --test tests/e2e/serve.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cp, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launch, open, problems, serve, solved } from './harness.mjs';

const DIST = join(ROOT, 'dist');
const ADDED = "frame-ancestors 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";
const metaPolicy = (html) => /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)[1];
const SITE_POLICY = `${metaPolicy(await readFile(join(DIST, 'index.html'), 'utf8'))}; ${ADDED}`;

let browser;
let site; // scripts/serve.mjs, as `make serve` runs it: { url, child }

before(async () => {
  browser = await launch();
  // Port 0: the server picks a free one and prints its URL.
  const child = spawn(process.execPath, [join(ROOT, 'scripts/serve.mjs'), '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (m) resolve(m[0]);
    });
    child.on('exit', (code) => reject(new Error(`scripts/serve.mjs exited (${code}) before serving`)));
  });
  site = { url, child };
});

after(async () => {
  await browser?.close();
  site?.child.kill();
});

/** A raw request: the path goes out exactly as written (fetch and browsers would resolve ".."). */
function get(path, { method = 'GET', headers = {} } = {}) {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

function assertHeaders(r, what, policy = SITE_POLICY) {
  assert.equal(r.headers['content-security-policy'], policy, `${what}: Content-Security-Policy`);
  assert.equal(r.headers['x-content-type-options'], 'nosniff', `${what}: X-Content-Type-Options`);
  assert.equal(r.headers['referrer-policy'], 'no-referrer', `${what}: Referrer-Policy`);
  assert.equal(r.headers['cache-control'], 'no-cache', `${what}: Cache-Control`);
}

test('make serve sends the security headers and the right type with every file, GET and HEAD', async () => {
  for (const [path, file, type] of [
    ['/', 'index.html', 'text/html; charset=utf-8'],
    ['/www/app.js', 'www/app.js', 'text/javascript; charset=utf-8'],
    ['/www/worker.js?wasm=simd', 'www/worker.js', 'text/javascript; charset=utf-8'],
    ['/sw.js', 'sw.js', 'text/javascript; charset=utf-8'],
    ['/www/pkg/bitsudoku_simd_bg.wasm', 'www/pkg/bitsudoku_simd_bg.wasm', 'application/wasm'],
    ['/www/pkg/bitsudoku_bg.wasm', 'www/pkg/bitsudoku_bg.wasm', 'application/wasm'],
    ['/www/style.css', 'www/style.css', 'text/css; charset=utf-8'],
    ['/www/icon.svg', 'www/icon.svg', 'image/svg+xml'],
    ['/manifest.webmanifest', 'manifest.webmanifest', 'application/manifest+json'],
    ['/examples/embed.html', 'examples/embed.html', 'text/html; charset=utf-8'],
  ]) {
    const bytes = await readFile(join(DIST, file));
    const r = await get(path);
    assert.equal(r.status, 200, path);
    assert.equal(r.headers['content-type'], type, path);
    assert.ok(r.body.equals(bytes), `${path} is dist/${file}`);
    assertHeaders(r, path);
    const head = await get(path, { method: 'HEAD' });
    assert.equal(head.status, 200, `HEAD ${path}`);
    assert.equal(head.body.length, 0, `HEAD ${path}: no body`);
    assert.equal(Number(head.headers['content-length']), bytes.length, `HEAD ${path}: its length`);
    assertHeaders(head, `HEAD ${path}`);
    // "no-cache" means revalidate: an unchanged file costs a 304, with the same headers.
    const again = await get(path, { headers: { 'if-none-match': r.headers.etag } });
    assert.equal(again.status, 304, `${path} revalidated`);
    assertHeaders(again, `${path} revalidated`);
  }
  // The single file keeps its own policy (its inline code allowed by hash), with the same additions.
  const single = await get('/bitsudoku.html');
  assert.equal(single.status, 200);
  const own = metaPolicy(single.body.toString());
  assert.match(own, /^default-src 'none'; script-src 'sha256-/);
  assertHeaders(single, '/bitsudoku.html', `${own}; ${ADDED}`);
  // The README gives hosts the same header.
  assert.ok((await readFile(join(ROOT, 'README.md'), 'utf8')).includes(`Content-Security-Policy: ${SITE_POLICY}\n`));
});

test('make serve serves nothing outside dist/', async () => {
  for (const path of [
    '/.git/HEAD',
    '/.git/config',
    '/target/',
    '/Cargo.toml',
    '/README.md',
    '/src/main.rs',
    '/dist/index.html',
    '/node_modules/playwright-core/package.json',
    '/../Cargo.toml',
    '/www/../../Cargo.toml',
    '/%2e%2e/Cargo.toml',
    '/%2E%2E/%2E%2E/etc/passwd',
    '/www/..%2f..%2fCargo.toml',
    '/www%2f..%2f..%2fCargo.toml',
    '/..%5cCargo.toml',
    '/www/%00.js',
    '/%ZZ',
    '/etc/passwd',
    '//etc/passwd',
    'http://127.0.0.1/../Cargo.toml',
  ]) {
    const r = await get(path);
    assert.ok(r.status === 403 || r.status === 404, `${path}: ${r.status}`);
    assert.doesNotMatch(r.body.toString(), /\[package\]|root:|repositoryformatversion/, path);
    assertHeaders(r, path);
  }
  const post = await get('/', { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
  assertHeaders(post, 'POST /');
});

test('make serve compresses text and WebAssembly as the browser accepts, each encoding its own version', async () => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync };
  for (const [path, file] of [
    ['/www/pkg/bitsudoku_simd_bg.wasm', 'www/pkg/bitsudoku_simd_bg.wasm'],
    ['/www/app.js', 'www/app.js'],
    ['/', 'index.html'],
  ]) {
    const bytes = await readFile(join(DIST, file));
    const plain = await get(path);
    assert.equal(plain.headers['content-encoding'], undefined, `${path}: not compressed unasked`);
    assert.equal(plain.headers.vary, 'Accept-Encoding', `${path}: Vary`);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ]) {
      const r = await get(path, { headers: { 'accept-encoding': accept } });
      assert.equal(r.status, 200, `${path} (${accept})`);
      assert.equal(r.headers['content-encoding'], encoding, `${path} (${accept})`);
      assert.equal(Number(r.headers['content-length']), r.body.length, `${path} (${accept}): its length`);
      assert.ok(r.body.length < bytes.length, `${path} (${accept}): smaller`);
      assert.ok(decode[encoding](r.body).equals(bytes), `${path} (${accept}) decodes to dist/${file}`);
      assertHeaders(r, `${path} (${accept})`);
      assert.notEqual(r.headers.etag, plain.headers.etag, `${path}: a version per encoding`);
      const again = await get(path, { headers: { 'accept-encoding': accept, 'if-none-match': r.headers.etag } });
      assert.equal(again.status, 304, `${path} (${accept}) revalidated`);
      // The other encoding's version is not this one.
      const other = await get(path, { headers: { 'if-none-match': r.headers.etag } });
      assert.equal(other.status, 200, `${path}: the plain file is not the ${encoding} version`);
    }
  }
  // SVG is text (pictures of other kinds are compressed already).
  const icon = await get('/www/icon.svg', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(icon.headers['content-encoding'], 'gzip', 'SVG is compressed');
});

/** In the page's solving worker: does eval run? A worker's policy comes from its own script's headers. */
async function evalInWorker(page) {
  await page.waitForFunction(() => document.querySelector('#solve').disabled === false);
  const worker = page.workers().find((w) => w.url().includes('/www/worker.js'));
  // Later, not in the evaluation itself: DevTools lets its own evaluations eval.
  return worker.evaluate(
    () =>
      new Promise((resolve) =>
        setTimeout(() => {
          try {
            (0, eval)('1');
            resolve('eval ran');
          } catch {
            resolve('eval refused');
          }
        }),
      ),
  );
}

test('served so, the page boots and solves with no CSP violation or console error', async () => {
  const { context, page } = await open(browser, site.url);
  try {
    await page.selectOption('#examples', '5');
    await page.click('#solve');
    assert.match(await solved(page), /^Solved: the only solution/);
    assert.deepEqual(await problems(page), []);
    // The policy reaches the worker too: it runs the WebAssembly but refuses eval.
    assert.equal(await evalInWorker(page), 'eval refused');
  } finally {
    await context.close();
  }
});

test("without the header, the page's meta policy does not reach its worker", async () => {
  const plain = await serve('/', DIST);
  let context = null;
  try {
    const opened = await open(browser, plain.url);
    context = opened.context;
    assert.equal(await evalInWorker(opened.page), 'eval ran');
  } finally {
    await context?.close();
    await plain.close();
  }
});

test('another site cannot frame the page (frame-ancestors, which no meta tag can say)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bitsudoku-frame-'));
  const other = await serve('/', dir); // another port: another origin
  let page = null;
  try {
    await writeFile(join(dir, 'index.html'), `<!doctype html><iframe src="${site.url}"></iframe>`);
    page = await browser.newPage();
    const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await page.goto(other.url);
    await refused;
    const framed = page.frames().find((f) => f !== page.mainFrame());
    assert.equal(await framed.$('#grid').catch(() => null), null, 'the page did not load in the frame');
  } finally {
    await page?.close();
    await other.close();
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * Marks the served copy at `root` as build `name`: in index.html, in page.js
 * (a module of the page) and in worker.js (the solving worker's script).
 */
async function markBuild(root, name) {
  const html = join(root, 'index.html');
  await writeFile(
    html,
    (await readFile(html, 'utf8')).replace(/<html lang="en"[^>]*>/, `<html lang="en" data-build="${name}">`),
  );
  for (const file of ['www/page.js', 'www/worker.js']) {
    const js = join(root, file);
    const text = (await readFile(js, 'utf8')).replace(/\nglobalThis\.__build = .*\n$/, '\n');
    await writeFile(js, `${text}\nglobalThis.__build = '${name}';\n`);
  }
}

/** Which build the service worker's store holds, file by file. */
function storedBuild(page) {
  return page.evaluate(async () => {
    const build = async (url, pattern) => {
      const hit = await caches.match(url);
      return hit ? (pattern.exec(await hit.text())?.[1] ?? 'unmarked') : 'missing';
    };
    return {
      './': await build('./', /data-build="(\w+)"/),
      'index.html': await build('index.html', /data-build="(\w+)"/),
      'www/page.js': await build('www/page.js', /__build = '(\w+)'/),
      'www/worker.js': await build('www/worker.js', /__build = '(\w+)'/),
    };
  });
}

test('the service worker never runs the new page with the old scripts, on a host without Cache-Control', async () => {
  const root = await mkdtemp(join(tmpdir(), 'bitsudoku-sw-'));
  let host = null;
  let context = null;
  try {
    await cp(DIST, root, { recursive: true });
    if (process.env.SW_UNDER_TEST) await cp(process.env.SW_UNDER_TEST, join(root, 'sw.js'));
    await markBuild(root, 'one');
    // Ten days old: without Cache-Control, a browser may reuse such a file
    // for a tenth of its age (a day) without asking the server.
    const old = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    for (const entry of await readdir(root, { recursive: true })) await utimes(join(root, entry), old, old);
    host = await serve('/', root, { cacheControl: null });

    const opened = await open(browser, host.url);
    context = opened.context;
    const page = opened.page;
    const isSolver = (w) => w.url().includes('/www/worker.js');
    // The build each part runs: the HTML, a module of the page, the solving worker.
    const build = async (worker) => ({
      html: await page.evaluate(() => document.documentElement.dataset.build),
      page: await page.evaluate(() => globalThis.__build),
      worker: await worker.evaluate(
        () =>
          new Promise((resolve) => {
            const until = Date.now() + 5000;
            const look = () =>
              globalThis.__build || Date.now() > until ? resolve(globalThis.__build ?? 'none') : setTimeout(look, 20);
            look();
          }),
      ),
    });
    const visit = async (go) => {
      const worker = page.waitForEvent('worker', isSolver);
      await go();
      await page.waitForSelector('body[data-ready="true"]');
      return build(await worker);
    };
    const reload = () => visit(() => page.reload());
    const one = { html: 'one', page: 'one', worker: 'one' };
    const two = { html: 'two', page: 'two', worker: 'two' };
    // Installed and in control (bounded: a worker that fails to install never is).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    assert.deepEqual(await build(page.workers().find(isSolver)), one);
    // One visit under the worker, so that every file has been through it.
    assert.deepEqual(await reload(), one);

    // A new build is put on the host; a person reloads, and again.
    await markBuild(root, 'two');
    const visits = [await reload(), await reload()];
    assert.deepEqual(visits, [two, two]);
    await page.selectOption('#examples', '5');
    await page.click('#solve');
    assert.match(await solved(page), /^Solved: the only solution/);
    // The worker's store follows, whole (it refreshes after a visit, in the background).
    const want = { './': 'two', 'index.html': 'two', 'www/page.js': 'two', 'www/worker.js': 'two' };
    let stored;
    for (let tries = 0; tries < 50; tries++) {
      stored = await storedBuild(page);
      if (JSON.stringify(stored) === JSON.stringify(want)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(stored, want, 'the store holds the new build whole');

    // The host goes away: the page comes from the worker's store, the newest build whole.
    await host.close();
    host = null;
    assert.deepEqual(await reload(), two, 'offline');
    await page.selectOption('#examples', '3');
    await page.click('#solve');
    assert.match(await solved(page), /^Solved: the only solution/, 'offline');
    assert.deepEqual(await problems(page), []);

    // Offline, a file the store lacks is an error, not the page with 200.
    const answers = await page.evaluate(() =>
      Promise.all(
        ['www/missing.js', 'www/pkg/missing.wasm', 'missing.json'].map((url) =>
          fetch(url).then(
            (r) => `${r.status} ${r.headers.get('content-type')}`,
            () => 'network error',
          ),
        ),
      ),
    );
    assert.deepEqual(answers, ['network error', 'network error', 'network error']);
    // A page the store lacks falls back to the solver page.
    const fallback = await visit(() => page.goto(new URL('missing.html', page.url()).href));
    assert.deepEqual(fallback, two, 'offline, a page the store lacks');
  } finally {
    await context?.close();
    await host?.close();
    await rm(root, { recursive: true, force: true });
  }
});
