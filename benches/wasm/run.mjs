// Native vs WebAssembly, both builds (SIMD and baseline), in Node and in
// headless Chromium, on the same puzzle files in one run on one machine.
// Every answer is checked by the verifier.
//
//   node benches/wasm/run.mjs [--seconds S] [--rounds R] [--limit 1|2] [--json] FILE...
//
// Needs `scripts/build-web.sh --bench` (the modules with the benchmark
// export, in benches/wasm/pkg/) and `cargo build --release` (the CLI, for
// the native figure). For each set and build: the engine timed inside the module
// (the library's harness, as `bitsudoku bench` natively), then the cost of
// one JS call per puzzle. Ratios are wasm time ÷ native time (1.00 = as
// fast as native). Each round measures everything back to back; the ratios
// shown are the medians over the rounds (this machine's speed drifts by
// ±20% between runs, so only ratios taken close together mean much).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { launch, open, ROOT, serve } from '../../tests/e2e/harness.mjs';
import { runSet } from './bench-core.mjs';

const args = process.argv.slice(2);
let seconds = 2;
let rounds = 3;
let limit = 2;
let json = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seconds') seconds = Number(args[++i]);
  else if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--limit') limit = Number(args[++i]);
  else if (args[i] === '--json') json = true;
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node benches/wasm/run.mjs [--seconds S] [--rounds R] [--limit 1|2] [--json] FILE...');
  process.exit(2);
}

const BUILDS = { simd: 'bitsudoku_simd_bg.wasm', baseline: 'bitsudoku_bg.wasm' };
// Node: one instance of the glue per build (a fresh module each, by a query).
const node = {};
for (const [build, file] of Object.entries(BUILDS)) {
  const glue = await import(`./pkg/bitsudoku.js?build=${build}`);
  glue.initSync({ module: readFileSync(join(ROOT, 'benches/wasm/pkg', file)) });
  node[build] = glue;
}

const browser = await launch();
const site = await serve('/');
const pages = {};
for (const build of Object.keys(BUILDS)) {
  pages[build] = await open(browser, `${site.url}benches/wasm/bench.html?wasm=${build}`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
try {
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const ratios = {}; // key → wasm time ÷ native time, one per round
    const natives = [];
    const add = (key, native, wasm) => (ratios[key] ??= []).push(native / wasm);
    for (let round = 0; round < rounds; round++) {
      const out = execFileSync(
        join(ROOT, 'target/release/bitsudoku'),
        // One thread, as the module runs: `--jobs 1` leaves out the batch
        // speed-up row that `bench` adds on a machine of several cores.
        ['bench', '--json', '--jobs', '1', '--seconds', String(seconds), '--limit', String(limit), file],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const rows = out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const native = rows.find((r) => r.puzzles_per_second !== undefined).puzzles_per_second;
      natives.push(native);
      for (const build of Object.keys(BUILDS)) {
        const n = runSet(node[build], text, { seconds, limit });
        const c = await pages[build].page.evaluate(([t, o]) => window.runBench(t, o), [text, { seconds, limit }]);
        add(`${build} node`, native, n.engine.puzzlesPerSecond);
        add(`${build} chromium`, native, c.engine.puzzlesPerSecond);
        add(`${build} node per call`, native, n.api.puzzlesPerSecond);
        add(`${build} chromium per call`, native, c.api.puzzlesPerSecond);
      }
    }
    const row = { set: basename(file), limit, rounds, native: median(natives), ratios: {} };
    for (const [key, values] of Object.entries(ratios)) row.ratios[key] = { median: median(values), rounds: values };
    rows.push(row);
    if (!json) {
      const f = (key) => row.ratios[key].median.toFixed(2);
      console.log(
        `${row.set.padEnd(34)} native ${row.native.toFixed(0).padStart(8)}/s | ` +
          Object.keys(BUILDS)
            .map(
              (b) =>
                `${b}: node ${f(`${b} node`)} chromium ${f(`${b} chromium`)}` +
                ` (per call ${f(`${b} node per call`)} / ${f(`${b} chromium per call`)})`,
            )
            .join(' | '),
      );
    }
  }
} finally {
  for (const p of Object.values(pages)) await p.context.close();
  await browser.close();
  await site.close();
}
if (json) console.log(JSON.stringify(rows));
