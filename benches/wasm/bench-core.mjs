// The wasm benchmark, shared by the Node runner and the Chromium page. Two
// measurements per set:
// - `engine`: the library's own harness run inside the module (benchSet):
//   the engine in WebAssembly, every answer checked by the verifier, the same
//   protocol as `bitsudoku bench` natively;
// - `api`: one exported solve() call per puzzle from JS, timed over whole
//   passes: what a page pays per puzzle, call and copying included.

export function runSet(
  wasm,
  text,
  { seconds = 2, limit = 2, warmupSeconds = 0.5, now = () => performance.now() } = {},
) {
  const row = wasm.benchSet(text, limit, seconds);
  const engine = { puzzles: row.puzzles, puzzlesPerSecond: row.puzzlesPerSecond, medianMicros: row.medianMicros };
  row.free();
  return { engine, api: runApi(wasm, text, { seconds, limit, warmupSeconds, now }) };
}

function runApi(wasm, text, { seconds, limit, warmupSeconds, now }) {
  const puzzles = wasm.parseAll(text, 0, undefined);
  const cells = puzzles.map((p) => p.cells);
  const sides = puzzles.map((p) => p.side);
  puzzles.forEach((p) => p.free());
  const warmEnd = now() + warmupSeconds * 1000;
  for (let i = 0; i < cells.length && now() < warmEnd; i++) wasm.solve(cells[i], sides[i], limit, 0).free();
  let solves = 0;
  let elapsed = 0;
  let answers = null;
  do {
    const pass = new Array(cells.length);
    const start = now();
    for (let i = 0; i < cells.length; i++) {
      const r = wasm.solve(cells[i], sides[i], limit, 0);
      pass[i] = r.cells;
      r.free();
    }
    elapsed += now() - start;
    solves += cells.length;
    answers ??= pass;
  } while (elapsed < seconds * 1000);
  answers.forEach((answer, i) => {
    if (!answer) throw new Error(`puzzle ${i + 1}: no solution reported`);
    try {
      wasm.verifySolution(cells[i], answer, sides[i]);
    } catch (err) {
      throw new Error(`puzzle ${i + 1}: wrong answer: ${err.message}`);
    }
  });
  return { puzzles: cells.length, puzzlesPerSecond: solves / (elapsed / 1000) };
}
