// The measuring half of benches/iss/run.mjs (its header gives the protocol),
// shared by the runs in Node and in headless Chromium: nothing here touches
// the file system, so a page can import it as it is.

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

function issConstraint({ CellGeometry }, spec, side, cells) {
  const geometry = CellGeometry.fromGridSize(side);
  const givens = [];
  cells.forEach((v, i) => v && givens.push(geometry.makeValueId(i, v)));
  return `${issShape(spec, side)}.~${givens.join('~')}`;
}

// One ISS call: setup and search to a second solution. Returns its times.
function issSolve({ SudokuParser, SudokuBuilder }, text) {
  const t0 = performance.now();
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(text)));
  const t1 = performance.now();
  const first = solver.nthSolution(0);
  const second = first && solver.nthSolution(1);
  const t2 = performance.now();
  return { first, second, setup: t1 - t0, total: t2 - t0, solver };
}

// One bitsudoku call.
function bitSolve(glue, cells, spec, withStats = false) {
  const r = glue.solve(cells, spec, 2, 0);
  const outcome = r.outcome;
  const solution = r.cells;
  const stats = withStats ? { guesses: r.guesses, engine: r.engine } : null;
  r.free();
  return { outcome, solution, stats };
}

function check(iss, glue, p, i) {
  const a = issSolve(iss, p.iss);
  const b = bitSolve(glue, p.cells, p.spec, true);
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
function timeCalls(f, minMs) {
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

/**
 * Measures every set ({ name, text }) as the protocol in run.mjs says: `iss` holds ISS's
 * SudokuParser, SudokuBuilder and CellGeometry, `glue` bitsudoku's initialised benchmark
 * module. Returns one row per set, per-puzzle figures included.
 */
export function measure(iss, glue, sets, { rounds = 3, minMs = 2, warmup = 1, max = Infinity } = {}) {
  const rows = [];
  for (const { name, text } of sets) {
    const parsed = glue.parseAll(text, 0, undefined);
    const puzzles = parsed.slice(0, max).map((p) => {
      const spec = p.shape;
      const side = p.side;
      const cells = p.cells;
      return { spec, side, cells, iss: issConstraint(iss, spec, side, cells) };
    });
    parsed.forEach((p) => p.free());

    // Check and warm up: one untimed checking pass, then more untimed passes of
    // both solvers until `warmup` seconds have passed.
    const warmEnd = performance.now() + warmup * 1000;
    puzzles.forEach((p, i) => check(iss, glue, p, i));
    while (performance.now() < warmEnd) {
      puzzles.forEach((p) => {
        issSolve(iss, p.iss);
        bitSolve(glue, p.cells, p.spec);
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
              const r = issSolve(iss, p.iss);
              if (!r.first || r.second) throw new Error(`puzzle ${i + 1}: ISS changed its answer`);
              setup += r.setup;
              n++;
            }, minMs),
          );
          issSetupMs[i].push(setup / n);
        };
        const runBit = () =>
          bitMs[i].push(
            timeCalls(() => {
              if (bitSolve(glue, p.cells, p.spec).outcome !== 'unique') {
                throw new Error(`puzzle ${i + 1}: bitsudoku changed its answer`);
              }
            }, minMs),
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
      set: name,
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
  return rows;
}
