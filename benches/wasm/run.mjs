// Native vs wasm (Node and headless Chromium) on the same puzzle files, in
// one run on one machine. Every wasm answer is checked by the verifier.
//
//   node benches/wasm/run.mjs [--seconds S] [--limit 1|2] FILE...
//
// Needs `make build` (www/pkg) and a release build of the CLI
// (target/release/bitsudoku). Prints a table, and JSON with --json.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { launch, open, ROOT, serve } from '../../tests/e2e/harness.mjs';
import { runSet } from './bench-core.mjs';

const args = process.argv.slice(2);
let seconds = 2;
let limit = 2;
let json = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seconds') seconds = Number(args[++i]);
  else if (args[i] === '--limit') limit = Number(args[++i]);
  else if (args[i] === '--json') json = true;
  else files.push(args[i]);
}

const wasm = await import('../../www/pkg/bitsudoku.js');
wasm.initSync({ module: readFileSync(join(ROOT, 'www/pkg/bitsudoku_bg.wasm')) });

const browser = await launch();
const site = await serve('/');
const { context, page } = await open(browser, `${site.url}benches/wasm/bench.html`);

const rows = [];
try {
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const nativeOut = execFileSync(
      join(ROOT, 'target/release/bitsudoku'),
      ['bench', '--json', '--seconds', String(seconds), '--limit', String(limit), file],
      { encoding: 'utf8' },
    );
    const native = JSON.parse(nativeOut.trim().split('\n').pop());
    const node = runSet(wasm, text, { seconds, limit });
    const chromium = await page.evaluate(([t, o]) => window.runBench(t, o), [text, { seconds, limit }]);
    rows.push({
      set: basename(file),
      limit,
      puzzles: node.puzzles,
      native: native.puzzles_per_second,
      node: node.puzzlesPerSecond,
      chromium: chromium.puzzlesPerSecond,
    });
    const r = rows.at(-1);
    if (!json) {
      console.log(
        `${r.set.padEnd(36)} limit ${limit}  native ${r.native.toFixed(0).padStart(8)}/s  ` +
          `node ${r.node.toFixed(0).padStart(8)}/s (${(r.native / r.node).toFixed(2)}× native time)  ` +
          `chromium ${r.chromium.toFixed(0).padStart(8)}/s (${(r.native / r.chromium).toFixed(2)}× native time)`,
      );
    }
  }
} finally {
  await context.close();
  await browser.close();
  await site.close();
}
if (json) console.log(JSON.stringify(rows));
