// The wasm benchmark loop, shared by the Node runner and the Chromium page:
// warm up, then time whole passes over the set until `seconds` have passed
// (at least one pass), then check every answer of the first pass with the
// independent verifier (exported from Rust). Times whole passes, so coarse
// browser clocks do not matter.

export function runSet(
  wasm,
  text,
  { seconds = 2, limit = 2, warmupSeconds = 0.5, now = () => performance.now() } = {},
) {
  const puzzles = wasm.parseAll(text, 0, undefined);
  const warmEnd = now() + warmupSeconds * 1000;
  for (const p of puzzles) {
    if (now() >= warmEnd) break;
    wasm.solve(p.cells, p.side, limit, 0).free();
  }
  const cells = puzzles.map((p) => p.cells);
  const sides = puzzles.map((p) => p.side);
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
  puzzles.forEach((p) => p.free());
  return { puzzles: cells.length, solves, seconds: elapsed / 1000, puzzlesPerSecond: solves / (elapsed / 1000) };
}
