// The Collection panel in headless Chromium: a file of a few hundred mixed
// puzzles (bad ones included) is checked by the workers, and the download
// is byte for byte what `bitsudoku check --format tsv` prints for it; a row
// opens its puzzle in the grid; Cancel mid-way leaves the page usable; the
// single file and an offline visit check too. Screenshots of the panel go to
// test-results/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SHOTS, launch, serve, solved, inPage } from './harness.mjs';

let browser;
let dist;
let scratch;

before(async () => {
  await mkdir(SHOTS, { recursive: true });
  browser = await launch();
  dist = await serve('/app/', join(ROOT, 'dist'));
  scratch = await mkdtemp(join(tmpdir(), 'bitsudoku-collection-'));
});

after(async () => {
  await browser?.close();
  await dist?.close();
  await rm(scratch, { recursive: true, force: true });
});

const withPage = (fn, { url = dist.url, ...options } = {}) => inPage(browser, url, fn, options);

/** Puzzle lines of a data file (comments and expected answers dropped). */
async function lines(name, n) {
  const text = await readFile(join(ROOT, 'tests/data', name), 'utf8');
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .slice(0, n)
    .map((l) => l.split('\t')[0]);
}

// Every size, several solutions, none, conflicts, unreadable lines and a
// block in the judges' letters: a few hundred puzzles.
const UVA = (await readFile(join(ROOT, 'tests/data/judge/uva1309.in'), 'utf8')).trim().split(/\n\s*\n/)[0];
const MIXED = [
  ...(await lines('9x9_classic.txt', 60)),
  'abc',
  ...(await lines('4x4.txt', 40)),
  `11${'.'.repeat(79)}`,
  ...(await lines('9x9_several.txt', 40)),
  `12345678.........9${'.'.repeat(63)}`,
  ...(await lines('16x16_gecode.txt', 12)),
  '',
  UVA,
  '',
  ...(await lines('9x9_17clue.txt', 80)),
  '1234',
  ...(await lines('25x25_half.txt', 2)),
  ...(await lines('9x9_hardest.txt', 60)),
].join('\n');

/** What the CLI prints for the same text: the reference for the download. */
function cliCheck(path) {
  try {
    return execFileSync('cargo', ['run', '--quiet', '--', 'check', '--format', 'tsv', path], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (e) {
    // Exit status 1: not every puzzle is unique. The rows are still printed.
    if (e.status === 1) return e.stdout;
    throw e;
  }
}

/** Waits for the check under way to end; returns the panel's status. */
async function checked(page, timeout = 60_000) {
  await page.waitForFunction(() => document.getElementById('collection').dataset.busy === 'false', null, { timeout });
  return (await page.textContent('#collection-status')).trim();
}

async function downloaded(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#collection-download')]);
  return readFile(await download.path(), 'utf8');
}

test('a file of mixed puzzles: checked in parallel workers, failures first, the download is the CLI report', async () => {
  const path = join(scratch, 'mixed.txt');
  await writeFile(path, MIXED);
  const expected = cliCheck(path);
  const rows = expected.trim().split('\n').slice(1);
  assert.ok(rows.length > 250, `${rows.length} puzzles`);
  await withPage(
    async (page, context) => {
      // The grid's two clients (solver and analyst) start their workers at
      // boot, but Playwright may report them a moment later: wait for both
      // before counting, so that only the collection's workers are counted.
      const own = () => page.workers().filter((w) => w.url().includes('worker.js')).length;
      for (let i = 0; own() < 2 && i < 100; i += 1) await new Promise((r) => setTimeout(r, 50));
      assert.equal(own(), 2, 'the grid has its two workers');
      const workers = [];
      page.on('worker', (w) => workers.push(w.url()));
      // The jobs module, fetched by the page (not the service worker's copy).
      const jobsFetched = [];
      context.on('request', (r) => {
        if (/bitsudoku_jobs_.*\.wasm$/.test(r.url()) && !r.serviceWorker()) jobsFetched.push(r.url());
      });
      await page.setInputFiles('#collection-file', path);
      const said = await checked(page);
      const counts = { unique: 0, several: 0, none: 0, invalid: 0, unfinished: 0 };
      for (const r of rows) counts[r.split('\t')[3]] += 1;
      assert.match(
        said,
        new RegExp(
          `^${rows.length} puzzles: ${counts.unique} unique, ${counts.several} several, ${counts.none} none, ${counts.invalid} invalid, 0 unfinished, in `,
        ),
      );
      const poolWorkers = workers.filter((u) => u.includes('worker.js')).length;
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      // One per core for the collection, each handed the module the page compiled.
      assert.equal(poolWorkers, Math.min(cores, 16), `${workers}`);
      assert.equal(jobsFetched.length, 1, `the jobs module once: ${jobsFetched}`);
      assert.equal(await downloaded(page), expected, 'the download is the CLI report');

      // Failures first, then unique puzzles, each in input order.
      const table = await page.$$eval('#collection-rows tr', (trs) =>
        trs.map((tr) => ({
          outcome: tr.dataset.outcome,
          index: Number(tr.querySelector('th').textContent.replace(/^(Open )?#/, '')),
        })),
      );
      const failures = table.filter((r) => r.outcome !== 'unique');
      assert.equal(failures.length, rows.length - counts.unique);
      assert.deepEqual(table.slice(0, failures.length), failures, 'failures come first');
      assert.ok(failures.every((r, i) => i === 0 || r.index > failures[i - 1].index));
      assert.equal(table[failures.length].outcome, 'unique');

      // Choosing a row opens that puzzle in the grid: the 16×16 block.
      const row16 = rows.find((r) => r.split('\t')[2] === '16' && r.split('\t')[3] === 'unique');
      const index = Number(row16.split('\t')[0]);
      await page.click(`#collection-rows th button:text-is("Open #${index}")`);
      assert.equal(await page.$$eval('#grid [data-cell]', (c) => c.length), 256);
      assert.match(await page.textContent('#status'), /^Loaded a 16×16 puzzle/);
      assert.match(await page.textContent('#collection-status'), /^\d+ puzzles: /, 'the summary stays');
      // The grid solves it: the page is still itself.
      await page.click('#solve');
      assert.match(await solved(page), /unique|Solved/i);

      for (const [name, width, height] of [
        ['laptop-1280x800', 1280, 800],
        ['phone-390x844', 390, 844],
      ]) {
        for (const scheme of ['light', 'dark']) {
          await page.setViewportSize({ width, height });
          await page.emulateMedia({ colorScheme: scheme });
          await page.$eval('#collection', (el) => el.scrollIntoView());
          await page.$eval('#collection-results', (el) => el.scrollTo(0, 0));
          await page.screenshot({ path: join(SHOTS, `collection-${name}-${scheme}.png`) });
        }
      }
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('Cancel mid-way stops every worker and leaves the page usable; a dropped file is checked next', async () => {
  const hard = await lines('9x9_hardest.txt', 400);
  const many = Array.from({ length: 60 }, () => hard.join('\n')).join('\n');
  await withPage(async (page) => {
    // The page's own two workers (the solver and the analyst) stay; their
    // start may be reported after the page is open (on a loaded machine),
    // so they are waited for and left out, and only the check's are counted.
    for (let waited = 0; page.workers().length < 2 && waited < 5_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const own = new Set(page.workers());
    assert.equal(own.size, 2, "the page's solver and analyst");
    const pool = { started: 0, ended: 0 };
    page.on('worker', (w) => {
      if (own.has(w)) return;
      pool.started += 1;
      w.on('close', () => (pool.ended += 1));
    });
    // As a paste would put it there (fill() types 1.9 MB too slowly).
    await page.$eval('#collection-text', (el, text) => (el.value = text), many);
    await page.click('#collection-check');
    await page.waitForFunction(() => /^Checked [1-9]/.test(document.getElementById('collection-status').textContent));
    await page.click('#collection-cancel');
    const said = await checked(page, 5_000);
    assert.match(said, /^Cancelled\. [\d,]+ puzzles: /);
    // Each worker's close event comes a moment after the cancel (later on
    // a loaded machine): wait for it, up to 5 s.
    for (let waited = 0; pool.ended < pool.started && waited < 5_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(pool.started >= 1);
    assert.equal(pool.ended, pool.started, 'every worker of the check has ended');
    assert.equal(await page.isEnabled('#collection-check'), true);
    // The results so far can be downloaded, header first, in input order.
    const partial = (await downloaded(page)).trim().split('\n');
    assert.equal(partial[0].split('\t')[0], 'puzzle');
    partial.slice(1).forEach((r, i) => assert.equal(Number(r.split('\t')[0]), i + 1));
    // The grid still solves, and a new check completes.
    await page.click('#solve');
    assert.match(await solved(page), /./);
    // The second check comes as a file dropped on the panel.
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.txt', { type: 'text/plain' }));
      const zone = document.getElementById('collection-drop');
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, hard.slice(0, 50).join('\n'));
    assert.match(await checked(page), /^50 puzzles: 50 unique/);
  });
});

test('the single file checks on the page thread, and an offline visit checks with its workers', async () => {
  const path = join(scratch, 'small.txt');
  const small = MIXED.split('\n').slice(0, 150).join('\n');
  await writeFile(path, small);
  const expected = cliCheck(path);
  await withPage(
    async (page) => {
      await page.setInputFiles('#collection-file', path);
      await checked(page);
      assert.equal(await downloaded(page), expected);
    },
    { url: `file://${join(ROOT, 'dist/bitsudoku.html')}` },
  );
  await withPage(async (page, context) => {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.fill('#collection-text', small);
    await page.click('#collection-check');
    await checked(page);
    assert.equal(await downloaded(page), expected);
    await context.setOffline(false);
  });
});

test('a file saved as UTF-16 (Windows PowerShell, Notepad) is checked as its UTF-8 copy is, here and by the CLI', async () => {
  const small = MIXED.split('\n').slice(0, 40).join('\r\n');
  const utf8 = join(scratch, 'plain.txt');
  await writeFile(utf8, small);
  const expected = cliCheck(utf8);
  for (const [name, bytes] of [
    ['utf16le.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(small, 'utf16le')])],
    ['utf16be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(small, 'utf16le').swap16()])],
  ]) {
    const path = join(scratch, name);
    await writeFile(path, bytes);
    assert.equal(cliCheck(path), expected, name);
    await withPage(async (page) => {
      await page.setInputFiles('#collection-file', path);
      await checked(page);
      assert.equal(await downloaded(page), expected, name);
    });
  }
});
