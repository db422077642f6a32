// What the page, the widget, the worker and the in-page solver share: the
// paste limit, the time-slicing loop, and wasm results as plain objects
// (that can cross postMessage), freeing the wasm side.

// Pasted text beyond this is refused before it reaches the parser: a puzzle
// is at most a few kilobytes, and a huge paste would only freeze the page.
export const MAX_PASTE_CHARS = 100_000;

/** Why `text` is refused, or null when it may be read. */
export function pasteRefusal(text) {
  if (text.length <= MAX_PASTE_CHARS) return null;
  const kb = Math.round(text.length / 1000);
  return `That text is ${kb} kB; the page reads up to ${MAX_PASTE_CHARS / 1000} kB. Your grid is unchanged.`;
}

/** Resolves after the messages already queued (a macrotask, not a timer). */
export const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });

const PROGRESS_EVERY_MS = 100;

/**
 * Runs a SolveJob in slices of `sliceMs`, yielding between them. Reports
 * progress (positions tried) about every 100 ms; stops early, returning
 * false, as soon as `wanted()` says the run is no longer wanted. Returns
 * true once the job is done.
 */
export async function runSliced(job, { sliceMs, onProgress = null, wanted = () => true }) {
  let last = performance.now();
  while (!job.runFor(sliceMs)) {
    const now = performance.now();
    if (now - last >= PROGRESS_EVERY_MS) {
      onProgress?.(job.nodes);
      last = now;
    }
    await nextTask();
    if (!wanted()) return false;
  }
  return true;
}

/** A SolveJob's result: { outcome, cells, count, message, tone, guesses, nodes, micros }. */
export function solveResult(job) {
  const r = job.result();
  const out = {
    outcome: r.outcome,
    cells: r.cells ?? null,
    count: r.count,
    message: r.message,
    tone: r.tone,
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
