// The Collection panel's throughput beside the CLI's, on the same file:
//
//   make dist && cargo build --release
//   node benches/collection-page.mjs FILE [PUZZLES]
//
// FILE's puzzles are repeated up to PUZZLES (default 10,000) into a scratch
// file, which the page checks in headless Chromium (dist/, one worker per
// core) and `bitsudoku check --format tsv` checks with --jobs 1 and with
// every core. Prints puzzles per second for each, the page's largest JS
// heap while it ran, and whether the download equals the CLI's report.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ROOT, launch, open, serve } from '../tests/e2e/harness.mjs';

const [file, wanted = '10000'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node benches/collection-page.mjs FILE [PUZZLES]');
  process.exit(2);
}
const count = Number(wanted);
const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim() && !l.startsWith('#'));
const scratch = await mkdtemp(join(tmpdir(), 'bitsudoku-bench-'));
const path = join(scratch, 'puzzles.txt');
await writeFile(path, `${Array.from({ length: count }, (_, i) => lines[i % lines.length]).join('\n')}\n`);

function cli(jobs) {
  const started = performance.now();
  let out;
  try {
    out = execFileSync(join(ROOT, 'target/release/bitsudoku'), ['check', '--format', 'tsv', '-j', String(jobs), path], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (e) {
    if (e.status !== 1) throw e;
    out = e.stdout;
  }
  return { seconds: (performance.now() - started) / 1000, out };
}

const one = cli(1);
const all = cli(availableParallelism());

const browser = await launch();
const site = await serve('/app/', join(ROOT, 'dist'));
try {
  const { page } = await open(browser, site.url, { viewport: { width: 1280, height: 800 } });
  const client = await page.context().newCDPSession(page);
  await client.send('Performance.enable');
  let heap = 0;
  const sample = setInterval(async () => {
    const { metrics } = await client.send('Performance.getMetrics').catch(() => ({ metrics: [] }));
    heap = Math.max(heap, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
  }, 100);
  const started = performance.now();
  await page.setInputFiles('#collection-file', path);
  await page.waitForFunction(() => document.getElementById('collection').dataset.busy === 'false', null, {
    timeout: 30 * 60_000,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sample);
  const workers = await page.evaluate(() => Math.min(navigator.hardwareConcurrency, 16));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#collection-download')]);
  const same = (await readFile(await download.path(), 'utf8')) === one.out && one.out === all.out;
  const rate = (s) => Math.round(count / s).toLocaleString('en');
  console.log(`${basename(file)} × ${count.toLocaleString('en')} puzzles`);
  console.log(`  CLI check --jobs 1           ${rate(one.seconds).padStart(9)} puzzles/s`);
  console.log(`  CLI check --jobs ${availableParallelism()}           ${rate(all.seconds).padStart(9)} puzzles/s`);
  console.log(`  page, ${workers} workers (Chromium)  ${rate(seconds).padStart(9)} puzzles/s`);
  console.log(`  page's largest JS heap: ${(heap / 1e6).toFixed(1)} MB; download equals the CLI's report: ${same}`);
} finally {
  await browser.close();
  await site.close();
  await rm(scratch, { recursive: true, force: true });
}
