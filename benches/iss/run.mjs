// bitsudoku (WebAssembly, SIMD build) beside sigh's Interactive Sudoku Solver
// (ISS, JavaScript: https://github.com/sigh/Interactive-Sudoku-Solver), both in
// this one Node process, puzzle by puzzle, on the shapes both know: classic
// square boxes, X-Sudoku (both diagonals), windoku (9×9: the four windows at
// rows and columns 2–4 and 6–8) and jigsaw.
//
//   scripts/build-web.sh --bench        # benches/wasm/pkg/ (or pass --pkg DIR)
//   git clone https://github.com/sigh/Interactive-Sudoku-Solver ISS_CHECKOUT
//   node benches/iss/run.mjs --iss ISS_CHECKOUT [--chromium] [--rounds R] [--min-ms M] \
//     [--warmup S] [--max N] [--pkg DIR] [--json] FILE...
//
// In Node by default; `--chromium` runs the same measuring code (core.mjs)
// in a page of headless Chromium (the e2e tests' browser), ISS and the
// module served over HTTP as a site would serve them. A page's clock ticks
// in steps of about 0.1 ms there, so give it `--min-ms 10` or more.
//
// FILE is any file bitsudoku reads (`box=3x3+x CELLS`, `box=3x3+hyper CELLS`,
// `jigsaw CELLS REGIONS`, plain lines, …); `--max N` takes its first N puzzles.
// ISS is loaded from the checkout given by --iss; none of its code is copied
// here.
//
// Protocol ("limit 2": find a solution and prove it unique):
// - ISS, one call = what a caller of ISS does for a new puzzle: parse the
//   constraint string (`SudokuParser.parseText`), `resolveConstraint`,
//   `SudokuBuilder.build` (the solver's setup: handlers, optimizer), then
//   `nthSolution(0)` and `nthSolution(1)` — the search continued to a second
//   solution, as ISS's own `SimpleSolver.uniqueSolution`. (ISS's
//   `countSolutions(2)` counts to 2 as well but took about 1.4× as long on
//   these sets, so it is not used.) Setup is included in the time (and also
//   reported on its own).
//   Constraint strings: givens `.~R1C3_4~…`; X adds `.Diagonal~1.Diagonal~-1`;
//   windoku adds `.Windoku`; jigsaw is `.Jigsaw~LAYOUT.NoBoxes`; a side other
//   than 9 adds `.Shape~NxN`.
// - bitsudoku, one call = `solve(cells, shapeSpec, 2, 0)` from JS (the shape
//   line, jigsaw regions included, is read inside the call), reading the
//   outcome and the solution's cells, then freeing the result.
// - First an untimed pass over the whole set, which is also the check (then
//   more untimed passes of both until --warmup S seconds, default 1): ISS and
//   bitsudoku must both find exactly one solution, the same one, and
//   bitsudoku's verifier must accept it against the puzzle and its shape (so
//   the shape given to ISS is the same puzzle). Then R rounds (default 3): in
//   each, every puzzle in turn, each solver called back to back until at
//   least M ms (default 2) have passed, at least once; its time for the round
//   is the mean per call. Which solver goes first alternates by round. A
//   puzzle's time is the median over the rounds; its ratio is ISS ÷ bitsudoku
//   (above 1: bitsudoku faster). Every timed call is checked again (one
//   solution, not two).
// - Printed per set: puzzles, median ms of each solver (over puzzles), ISS's
//   median setup ms (part of its time), the median, minimum, 10th and 90th
//   percentile and maximum per-puzzle ratio, the ratio of the summed times
//   (a whole pass), how many puzzles bitsudoku was faster on and how many at
//   least 10× faster, and (for the record, not the protocol) the median
//   ratio with ISS's setup taken out of its time; then per set the puzzles
//   by ratio and the three lowest ratios with each solver's guesses (from the
//   checking pass).
// - Both run in one thread of one process; the machine's load moves both
//   (interleaving puzzle by puzzle keeps the ratios comparable). --json
//   prints every figure, per puzzle too.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { measure } from './core.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let issDir = null;
let pkgDir = join(HERE, '../wasm/pkg');
let rounds = 3;
let minMs = 2;
let warmup = 1;
let max = Infinity;
let json = false;
let chromium = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--iss') issDir = resolve(args[++i]);
  else if (a === '--pkg') pkgDir = resolve(args[++i]);
  else if (a === '--rounds') rounds = Number(args[++i]);
  else if (a === '--min-ms') minMs = Number(args[++i]);
  else if (a === '--max') max = Number(args[++i]);
  else if (a === '--warmup') warmup = Number(args[++i]);
  else if (a === '--json') json = true;
  else if (a === '--chromium') chromium = true;
  else if (a.startsWith('--')) usage(`unknown option ${a}`);
  else files.push(a);
}
if (!issDir || files.length === 0) usage();

function usage(why) {
  if (why) console.error(why);
  console.error(
    'usage: node benches/iss/run.mjs --iss DIR [--chromium] [--rounds R] [--min-ms M] [--warmup S] [--max N] [--pkg DIR] [--json] FILE...',
  );
  process.exit(2);
}

let issCommit = 'unknown';
try {
  issCommit = execFileSync('git', ['-C', issDir, 'rev-parse', 'HEAD'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
} catch {}
const sets = files.map((file) => ({ name: basename(file), text: readFileSync(file, 'utf8') }));
const options = { rounds, minMs, warmup, max };
let where = `Node ${process.version}`;
const rows = chromium ? await inChromium() : await inNode();

// ISS from its checkout (its modules read `self` and `self.VERSION_PARAM`);
// bitsudoku's SIMD build of the benchmark module.
async function inNode() {
  globalThis.self ??= globalThis;
  globalThis.VERSION_PARAM ??= '';
  const load = (path) => import(pathToFileURL(join(issDir, path)).href);
  const iss = {
    ...(await load('js/sudoku_parser.js')),
    ...(await load('js/solver/sudoku_builder.js')),
    ...(await load('js/cell_geometry.js')),
  };
  const glue = await import(pathToFileURL(join(pkgDir, 'bitsudoku.js')).href);
  glue.initSync({ module: readFileSync(join(pkgDir, 'bitsudoku_simd_bg.wasm')) });
  return measure(iss, glue, sets, options);
}

// The same in a page: the repository (this script, the module) and the ISS
// checkout each served by the e2e harness's server, the page on the first.
async function inChromium() {
  const { launch, open, serve, ROOT } = await import('../../tests/e2e/harness.mjs');
  const browser = await launch();
  const site = await serve('/', ROOT);
  const issSite = await serve('/', issDir, { cors: true });
  try {
    const { page, context } = await open(browser, `${site.url}benches/iss/page.html`);
    const urls = {
      iss: issSite.url,
      core: `${site.url}benches/iss/core.mjs`,
      pkg: `${site.url}${relative(ROOT, pkgDir).split('\\').join('/')}/`,
    };
    const out = await page.evaluate(
      async ({ urls, sets, options }) => {
        self.VERSION_PARAM = '';
        const load = (path) => import(urls.iss + path);
        const iss = {
          ...(await load('js/sudoku_parser.js')),
          ...(await load('js/solver/sudoku_builder.js')),
          ...(await load('js/cell_geometry.js')),
        };
        const glue = await import(`${urls.pkg}bitsudoku.js`);
        await glue.default({ module_or_path: `${urls.pkg}bitsudoku_simd_bg.wasm` });
        const { measure } = await import(urls.core);
        return { rows: measure(iss, glue, sets, options), agent: navigator.userAgent };
      },
      { urls, sets, options: { ...options, max: Number.isFinite(max) ? max : 1e9 } },
    );
    await context.close();
    where = out.agent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
    return out.rows;
  } finally {
    await browser.close();
    await site.close();
    await issSite.close();
  }
}

const f = (x, d = 2) => x.toFixed(d);
if (!json) {
  console.log(`ISS ${issCommit} (${issDir}); bitsudoku SIMD build (${pkgDir}); ${where}`);
  console.log(
    `limit 2; ${rounds} rounds; at least ${minMs} ms of calls per puzzle, solver and round; ratio = ISS ÷ bitsudoku`,
  );
  console.log();
  console.log(
    '| set | puzzles | ISS median ms | (of it setup) | bitsudoku median ms | ratio: median | min | p10 | p90 | max | of totals | bitsudoku faster | ≥ 10× | (ratio, ISS search only) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.set} | ${row.puzzles} | ${f(row.issMedianMs, 3)} | ${f(row.issSetupMedianMs, 3)} | ` +
        `${f(row.bitMedianMs, 4)} | **${f(row.ratioMedian, 1)}** | ${f(row.ratioMin, 2)} | ` +
        `${f(row.ratioP10, 1)} | ${f(row.ratioP90, 1)} | ${f(row.ratioMax, 1)} | ${f(row.ratioOfTotals, 1)} | ` +
        `${row.bitFaster}/${row.puzzles} | ${row.atLeast10x}/${row.puzzles} | (${f(row.searchRatioMedian, 1)}) |`,
    );
  }
  console.log();
  const bounds = [0, 1, 2, 5, 10, 20, 50, Infinity];
  for (const row of rows) {
    const r = row.perPuzzle.map((q) => q.ratio);
    const hist = bounds
      .slice(0, -1)
      .map(
        (lo, k) =>
          `${lo}–${bounds[k + 1] === Infinity ? '' : bounds[k + 1]}: ${r.filter((x) => x >= lo && x < bounds[k + 1]).length}`,
      );
    console.log(`${row.set}: puzzles by ratio  ${hist.join(', ')}`);
    const worst = row.perPuzzle
      .map((q, i) => ({ ...q, n: i + 1 }))
      .sort((a, b) => a.ratio - b.ratio)
      .slice(0, 3)
      .map(
        (q) =>
          `#${q.n} ${f(q.ratio, 2)} (ISS ${f(q.issMs, 2)} ms, ${q.issGuesses} guesses; ` +
          `bitsudoku ${f(q.bitMs, 3)} ms, ${q.bitGuesses} guesses${q.bitEngine === 'bitmask' ? '' : `, ${q.bitEngine}`})`,
      );
    console.log(`  lowest ratios: ${worst.join('; ')}`);
  }
}
if (json) console.log(JSON.stringify({ issCommit, where, rounds, minMs, rows }));
