// What a first visit downloads, each file gzipped (`gzip -9`, as
// `scripts/build-web.sh` counts a module) as a host would serve it:
//
//   make dist
//   node benches/load-size.mjs
//
// Two visits in headless Chromium with service workers blocked (they would
// precache files the visit itself never asks for): the page, opened and
// solving its first puzzle; and a blank page of the same origin that imports
// the promise API and solves one puzzle. Prints each visit's total and its
// files, largest first. Then, over a network throttled to Chrome's "Fast 3G"
// profile, the time to a usable grid (Solve enabled: the page's module
// loaded) and to the first answer (Solve pressed then: its worker ready too),
// the median of five first visits (each in a new context: an empty cache),
// with the files served as they are and compressed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launch, serve, solved } from '../tests/e2e/harness.mjs';

// As `make serve` and a static host answer: cacheable, revalidated on use
// (so the page's worker asks for the module its page fetched and gets a
// 304, as in a real first visit).
const site = await serve('/', ROOT, { cacheControl: 'no-cache' });
const browser = await launch();

async function visit(label, url, act) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const urls = new Set();
  context.on('request', (r) => urls.add(r.url()));
  const page = await context.newPage();
  await page.route(`${site.url}blank.html`, (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  );
  await page.goto(url);
  await act(page);
  const files = new Map();
  for (const u of urls) {
    if (!u.startsWith(site.url) || u.endsWith('blank.html')) continue;
    let path = decodeURIComponent(new URL(u).pathname);
    if (path.endsWith('/')) path += 'index.html';
    if (files.has(path)) continue;
    const bytes = readFileSync(join(ROOT, path));
    files.set(path, execFileSync('gzip', ['-9', '-c'], { input: bytes, maxBuffer: 1 << 26 }).length);
  }
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  console.log(`${label}: ${(total / 1000).toFixed(1)} KB gzipped in ${files.size} files`);
  for (const [path, size] of [...files].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(size / 1000).toFixed(1).padStart(7)} KB  ${path}`);
  }
  await context.close();
}

try {
  await visit('the page', site.url, async (page) => {
    await page.waitForSelector('#grid .cell');
    await page.click('#solve');
    console.log(`(the page says: ${await solved(page)})`);
  });
  await visit('the API alone', `${site.url}blank.html`, async (page) => {
    await page.evaluate(async () => {
      const api = await import('/www/bitsudoku-api.js');
      await api.solve('.'.repeat(81));
    });
  });
  // Chrome DevTools' "Fast 3G": 1.6 Mbit/s down and 750 kbit/s up at 90%,
  // 150 ms round trips times 3.75.
  const API_PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
  // Served as files (no compression: the figures above are what a host that
  // compresses would send) and compressed as `make serve` and most hosts
  // send them (Brotli or gzip, scripts/compress.mjs).
  const compressed = await serve('/', ROOT, { cacheControl: 'no-cache', compress: true });
  const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
  const secs = (ms) => (ms / 1000).toFixed(2);
  for (const [label, host] of [
    ['files as they are', site],
    ['compressed', compressed],
  ]) {
    // Each file compressed once before the timed visits (the server keeps them).
    const warm = await browser.newContext({ serviceWorkers: 'block' });
    const warmPage = await warm.newPage();
    await warmPage.goto(host.url);
    await warmPage.waitForFunction(() => !document.querySelector('#solve')?.disabled, null, { timeout: 120_000 });
    await warm.close();
    // Usable: Solve enabled (the page's module ready); answered: Solve pressed
    // at once and the answer shown (the solving worker ready too).
    const usable = [];
    const answered = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      const start = Date.now();
      await page.goto(host.url);
      await page.waitForFunction(() => !document.querySelector('#solve')?.disabled, null, { timeout: 120_000 });
      usable.push(Date.now() - start);
      await page.click('#solve');
      await solved(page, 120_000);
      answered.push(Date.now() - start);
      await context.close();
    }
    console.log(
      `over Fast 3G, ${label}: a usable grid in ${secs(median(usable))} s (${usable.map(secs).join(', ')}), ` +
        `the first answer in ${secs(median(answered))} s (${answered.map(secs).join(', ')})`,
    );
    // The promise API alone: a blank page imports it and solves a puzzle.
    const api = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.route(`${host.url}blank.html`, (r) =>
        r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
      );
      await page.goto(`${host.url}blank.html`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      api.push(
        await page.evaluate(async (puzzle) => {
          const start = performance.now();
          const { solve } = await import('/www/bitsudoku-api.js');
          const r = await solve(puzzle);
          if (r.outcome !== 'unique') throw new Error(`the API answered ${r.outcome}`);
          return performance.now() - start;
        }, API_PUZZLE),
      );
      await context.close();
    }
    console.log(`  the API's first answer (import to solution): ${secs(median(api))} s (${api.map(secs).join(', ')})`);
  }
  await compressed.close();
} finally {
  await browser.close();
  await site.close();
}
