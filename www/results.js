// Wasm results as plain objects (that can cross postMessage), freeing the
// wasm side; shared by the worker and the in-page solver.

/** Time-slicing helper: resolves after the messages already queued. */
export const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });

/** A SolveJob's result: { outcome, cells, count, message, guesses, nodes, micros }. */
export function solveResult(job) {
  const r = job.result();
  const out = {
    outcome: r.outcome,
    cells: r.cells ?? null,
    count: r.count,
    message: r.message,
    guesses: r.guesses,
    nodes: r.nodes,
    micros: r.micros,
  };
  r.free();
  return out;
}

/** A generated puzzle: { side, cells, givens, grade, gradeId, guesses }. */
export function generated(g) {
  const cells = g.cells;
  const out = {
    side: g.side,
    cells,
    givens: cells.reduce((k, d) => k + (d !== 0), 0),
    grade: g.grade,
    gradeId: g.gradeId,
    guesses: g.guesses,
  };
  g.free();
  return out;
}
