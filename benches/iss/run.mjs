// bitsudoku (WebAssembly, SIMD build) beside sigh's Interactive Sudoku Solver
// (ISS, JavaScript: https://github.com/sigh/Interactive-Sudoku-Solver), both in
// this one Node process, puzzle by puzzle, on the shapes both know: classic
// square boxes, X-Sudoku (both diagonals), windoku (9×9: the four windows at
// rows and columns 2–4 and 6–8) and jigsaw.
//
//   scripts/build-web.sh --bench        # benches/wasm/pkg/ (or pass --pkg DIR)
//   git clone https://github.com/sigh/Interactive-Sudoku-Solver ISS_CHECKOUT
//   node benches/iss/run.mjs --iss ISS_CHECKOUT [--rounds R] [--min-ms M] [--warmup S] \
//     [--max N] [--pkg DIR] [--json] FILE...
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
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let issDir = null;
let pkgDir = join(HERE, '../wasm/pkg');
let rounds = 3;
let minMs = 2;
let warmup = 1;
let max = Infinity;
let json = false;
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
  else if (a.startsWith('--')) usage(`unknown option ${a}`);
  else files.push(a);
}
if (!issDir || files.length === 0) usage();

function usage(why) {
  if (why) console.error(why);
  console.error(
    'usage: node benches/iss/run.mjs --iss DIR [--rounds R] [--min-ms M] [--warmup S] [--max N] [--pkg DIR] [--json] FILE...',
  );
  process.exit(2);
}

// --- ISS, from its checkout (its modules read `self` and `self.VERSION_PARAM`)
globalThis.self ??= globalThis;
globalThis.VERSION_PARAM ??= '';
const iss = (path) => import(pathToFileURL(join(issDir, path)).href);
const { SudokuParser } = await iss('js/sudoku_parser.js');
const { SudokuBuilder } = await iss('js/solver/sudoku_builder.js');
const { CellGeometry } = await iss('js/cell_geometry.js');
let issCommit = 'unknown';
try {
  issCommit = execFileSync('git', ['-C', issDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {}

// --- bitsudoku, the SIMD build of the benchmark module
const glue = await import(pathToFileURL(join(pkgDir, 'bitsudoku.js')).href);
glue.initSync({ module: readFileSync(join(pkgDir, 'bitsudoku_simd_bg.wasm')) });

// bitsudoku's shape line → ISS's constraints (without the givens). Only what
// both solvers mean the same way; anything else is refused.
function issShape(spec, side) {
  const [kind, regions] = spec.split(/\s+/);
  const [head, ...extras] = kind.split('+');
  const out = [];
  if (side !== 9) out.push(`.Shape~${side}x${side}`);
  const sq = Math.round(Math.sqrt(side));
  if (head === 'jigsaw') {
    out.push(`.Jigsaw~${regions}.NoBoxes`);
  } else if (!(head === String(side) || head === `box=${sq}x${sq}`) || sq * sq !== side) {
    throw new Error(`shape '${spec}': only square boxes and jigsaws are mapped to ISS`);
  }
  for (const e of extras) {
    if (e === 'x') out.push('.Diagonal~1.Diagonal~-1');
    else if (e === 'hyper' && side === 9) out.push('.Windoku');
    else throw new Error(`shape '${spec}': '+${e}' is not mapped to ISS`);
  }
  return out.join('');
}

function issConstraint(spec, side, cells) {
  const geometry = CellGeometry.fromGridSize(side);
  const givens = [];
  cells.forEach((v, i) => v && givens.push(geometry.makeValueId(i, v)));
  return `${issShape(spec, side)}.~${givens.join('~')}`;
}

// One ISS call: setup and search to a second solution. Returns its times.
function issSolve(text) {
  const t0 = performance.now();
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(text)));
  const t1 = performance.now();
  const first = solver.nthSolution(0);
  const second = first && solver.nthSolution(1);
  const t2 = performance.now();
  return { first, second, setup: t1 - t0, total: t2 - t0, solver };
}

// One bitsudoku call.
function bitSolve(cells, spec, withStats = false) {
  const r = glue.solve(cells, spec, 2, 0);
  const outcome = r.outcome;
  const solution = r.cells;
  const stats = withStats ? { guesses: r.guesses, engine: r.engine } : null;
  r.free();
  return { outcome, solution, stats };
}

function check(p, i) {
  const a = issSolve(p.iss);
  const b = bitSolve(p.cells, p.spec, true);
  p.issGuesses = a.solver._internalSolver?.counters?.guesses;
  p.bitGuesses = b.stats.guesses;
  p.bitEngine = b.stats.engine;
  const where = `puzzle ${i + 1} (${p.spec.split(/\s+/)[0]})`;
  if (!a.first) throw new Error(`${where}: ISS finds no solution`);
  if (a.second) throw new Error(`${where}: ISS finds two solutions`);
  if (b.outcome !== 'unique') throw new Error(`${where}: bitsudoku says ${b.outcome}`);
  const issCells = Uint8Array.from(a.first);
  if (issCells.length !== b.solution.length || issCells.some((v, k) => v !== b.solution[k])) {
    throw new Error(`${where}: the solutions differ`);
  }
  glue.verifySolution(p.cells, b.solution, p.spec); // throws with the reason
}

// Calls `f` back to back for at least minMs (at least once): ms per call.
function timeCalls(f) {
  let calls = 0;
  const start = performance.now();
  let now = start;
  do {
    f();
    calls++;
    now = performance.now();
  } while (now - start < minMs);
  return (now - start) / calls;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
};

const rows = [];
for (const file of files) {
  const parsed = glue.parseAll(readFileSync(file, 'utf8'), 0, undefined);
  const puzzles = parsed.slice(0, max).map((p) => {
    const spec = p.shape;
    const side = p.side;
    const cells = p.cells;
    return { spec, side, cells, iss: issConstraint(spec, side, cells) };
  });
  parsed.forEach((p) => p.free());

  // Check and warm up: one untimed checking pass, then more untimed passes of
  // both solvers until `warmup` seconds have passed.
  const warmEnd = performance.now() + warmup * 1000;
  puzzles.forEach(check);
  while (performance.now() < warmEnd) {
    puzzles.forEach((p) => {
      issSolve(p.iss);
      bitSolve(p.cells, p.spec);
    });
  }

  const issMs = puzzles.map(() => []);
  const issSetupMs = puzzles.map(() => []);
  const bitMs = puzzles.map(() => []);
  for (let round = 0; round < rounds; round++) {
    puzzles.forEach((p, i) => {
      const runIss = () => {
        let setup = 0;
        let n = 0;
        issMs[i].push(
          timeCalls(() => {
            const r = issSolve(p.iss);
            if (!r.first || r.second) throw new Error(`puzzle ${i + 1}: ISS changed its answer`);
            setup += r.setup;
            n++;
          }),
        );
        issSetupMs[i].push(setup / n);
      };
      const runBit = () =>
        bitMs[i].push(
          timeCalls(() => {
            if (bitSolve(p.cells, p.spec).outcome !== 'unique') {
              throw new Error(`puzzle ${i + 1}: bitsudoku changed its answer`);
            }
          }),
        );
      if (round % 2 === 0) {
        runIss();
        runBit();
      } else {
        runBit();
        runIss();
      }
    });
  }
  const issT = issMs.map(median);
  const bitT = bitMs.map(median);
  const ratios = issT.map((t, i) => t / bitT[i]);
  // ISS without its setup: the search alone (for the caveat, not the target).
  const searchRatios = issMs.map((ms, i) => median(ms.map((t, k) => t - issSetupMs[i][k])) / bitT[i]);
  const row = {
    set: basename(file),
    puzzles: puzzles.length,
    issMedianMs: median(issT),
    issSetupMedianMs: median(issSetupMs.map(median)),
    bitMedianMs: median(bitT),
    ratioMedian: median(ratios),
    ratioMin: Math.min(...ratios),
    ratioMax: Math.max(...ratios),
    ratioP10: quantile(ratios, 0.1),
    ratioP90: quantile(ratios, 0.9),
    bitFaster: ratios.filter((r) => r > 1).length,
    atLeast10x: ratios.filter((r) => r >= 10).length,
    searchRatioMedian: median(searchRatios),
    ratioOfTotals: issT.reduce((a, b) => a + b, 0) / bitT.reduce((a, b) => a + b, 0),
    perPuzzle: puzzles.map((_, i) => ({ issMs: issT[i], bitMs: bitT[i], ratio: ratios[i] })),
  };
  rows.push(row);
  row.perPuzzle.forEach((q, i) => {
    q.issGuesses = puzzles[i].issGuesses;
    q.bitGuesses = puzzles[i].bitGuesses;
    q.bitEngine = puzzles[i].bitEngine;
  });
}

const f = (x, d = 2) => x.toFixed(d);
if (!json) {
  console.log(`ISS ${issCommit} (${issDir}); bitsudoku SIMD build (${pkgDir}); Node ${process.version}`);
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
if (json) console.log(JSON.stringify({ issCommit, node: process.version, rounds, minMs, rows }));
