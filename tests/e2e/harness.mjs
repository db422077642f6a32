// Shared pieces of the browser tests: a static server for the built site
// (mountable under a sub-path), Chromium from Debian driven by Playwright,
// and pages that fail the test on any console error or uncaught exception.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeOf } from '../../scripts/content-types.mjs';
import { encoded } from '../../scripts/compress.mjs';
import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHOTS = join(ROOT, 'test-results');

/**
 * Serves `root` (the repository by default) under `prefix` ("/" or "/a/b/"). Resolves to { url, close }.
 * Files go with Last-Modified and an ETag (a matching If-None-Match gets 304) and with `cacheControl`
 * ('no-store' by default). `cacheControl: null` sends none, like Python's http.server: the browser
 * then keeps files and reuses them by its own heuristics, without asking. `cors`: let any origin load them.
 * `compress`: Brotli or gzip, as `make serve` and most hosts send them (scripts/compress.mjs).
 */
export async function serve(
  prefix = '/',
  root = ROOT,
  { cacheControl = 'no-store', cors = false, compress = false } = {},
) {
  root = root.endsWith(sep) ? root : root + sep;
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('outside the site');
      return;
    }
    let file = normalize(join(root, path.slice(prefix.length)));
    if (!file.startsWith(root) || file.split(sep).includes('node_modules')) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const [info, raw] = await Promise.all([stat(file), readFile(file)]);
      const type = typeOf(extname(file));
      const version = `"${info.size}-${Math.floor(info.mtimeMs)}"`;
      const sent = compress
        ? await encoded(file, raw, type, version, req.headers['accept-encoding'])
        : { body: raw, etag: version, headers: {} };
      const { body, etag } = sent;
      const headers = {
        ...sent.headers,
        'content-type': type,
        'last-modified': info.mtime.toUTCString(),
        etag,
        ...(cacheControl === null ? {} : { 'cache-control': cacheControl }),
        // As npm CDNs do, so pages on other origins may load the files.
        ...(cors ? { 'access-control-allow-origin': '*' } : {}),
      };
      if (req.headers['if-none-match'] === etag) res.writeHead(304, headers).end();
      else res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const close = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections(); // a browser's idle keep-alive ones too: the host is gone at once
    });
  return { url: `http://127.0.0.1:${port}${prefix}`, close };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context and page at `url`, ready once the app has booted. Console
 * errors and uncaught exceptions are collected in `page.problems`.
 */
export async function open(browser, url, { init, ...options } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1200 }, ...options });
  // Content-Security-Policy violations, as the page sees them.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  page.on('dialog', (d) => {
    page.problems.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return { context, page };
}

/** Everything that went wrong in the page: console errors, exceptions, CSP violations. */
export async function problems(page) {
  const csp = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
  return [...page.problems, ...csp.map((v) => `CSP violation: ${v}`)];
}

/** The symbols shown in the grid, row-major ('' for empty cells). */
export function cellTexts(page) {
  return page.$$eval('#grid [data-cell]', (cells) => cells.map((c) => c.textContent));
}

/** Per cell: 'given', 'entry', 'filled' or '', then 'conflict' and 'wrong' when marked. */
export function cellMarks(page) {
  return page.$$eval('#grid [data-cell]', (cells) =>
    cells.map((c) =>
      ['given', 'entry', 'filled', 'conflict', 'wrong'].filter((k) => c.classList.contains(k)).join(' '),
    ),
  );
}

export async function status(page) {
  return (await page.textContent('#status')).trim();
}

/** Waits until the status shows a finished solve (not "Solving…"). */
export async function solved(page, timeout = 20000) {
  await page.waitForFunction(
    () => {
      const s = document.querySelector('#status');
      return (
        s.dataset.kind === 'ok' ||
        s.dataset.kind === 'error' ||
        (s.dataset.kind === 'warn' && !s.textContent.startsWith('Solving'))
      );
    },
    null,
    { timeout },
  );
  return status(page);
}

/** Dispatches a paste of `text` on the document, as Ctrl+V would. */
export function pasteText(page, text) {
  return page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/**
 * Runs `fn(page, context)` on a fresh page at `url`, then (unless
 * `checkProblems` is false) asserts that nothing went wrong in the page.
 */
export async function inPage(browser, url, fn, { checkProblems = true, ...options } = {}) {
  const { context, page } = await open(browser, url, options);
  try {
    await fn(page, context);
    if (checkProblems) {
      const seen = await problems(page);
      if (seen.length > 0) throw new Error(`problems in the page:\n${seen.join('\n')}`);
    }
  } finally {
    await context.close();
  }
}
