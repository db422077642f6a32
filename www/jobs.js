// What the page, the widget, the worker and the in-page solver share: the
// paste limit, the time-slicing loop, and wasm results as plain objects
// (that can cross postMessage), freeing the wasm side.

/** The error a cancelled request rejects with. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

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
    channel.port1.onmessage = () => {
      channel.port1.close(); // an open port would keep Node running
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Resolves after the next frame (or 50 ms, when a hidden page draws none).
 * On the page's own thread, back-to-back tasks can starve rendering, and
 * with it the input Chrome delivers at frames: a click on Cancel would wait
 * until the work was done.
 */
export const nextFrame = () =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });

const PROGRESS_EVERY_MS = 100;

/**
 * A SolveJob's progress: { nodes, engine, message } (`engine` is `learn`
 * once a hard puzzle has been handed to the learning engine; `message` says
 * what the solve is doing, for the status line).
 */
export function progressOf(job) {
  return { nodes: job.nodes, engine: job.engine, message: job.progressMessage, details: job.progressDetails ?? '' };
}

/** A finished PossibleJob: { masks }, per cell the values some solution holds. */
export function possibleResult(job) {
  return { masks: job.masks() };
}

/** A finished CountJob: { found, more, outcome, message, tone }. */
export function countResult(job) {
  return { found: job.found, more: job.more, outcome: job.outcome, message: job.message, tone: job.tone };
}

/** A finished EstimateJob, after an exact count stopped at `atLeast`: { exact, text, message }. */
export function estimateResult(job, atLeast) {
  const e = job.result();
  const out = { exact: e.exact ?? null, text: e.text, message: e.message(atLeast) };
  e.free();
  return out;
}

/**
 * The next solution of a SolutionsJob, searched for in slices like a solve:
 * { cells (or null when there are no more), handed, exhausted }, or null
 * when `wanted()` said stop.
 */
export async function nextSolution(job, { sliceMs, wanted = () => true, frameEveryMs = null }) {
  let frame = performance.now();
  for (;;) {
    const cells = job.nextFor(sliceMs);
    if (cells || job.exhausted) return { cells: cells ?? null, handed: job.handed, exhausted: job.exhausted };
    if (frameEveryMs !== null && performance.now() - frame >= frameEveryMs) {
      await nextFrame();
      frame = performance.now();
    } else {
      await nextTask();
    }
    if (!wanted()) return null;
  }
}

/**
 * Runs a SolveJob in slices of `sliceMs`, yielding between them. Reports
 * progress (see progressOf) about every 100 ms; stops early, returning
 * false, as soon as `wanted()` says the run is no longer wanted. Returns
 * true once the job is done. `frameEveryMs`: on a page's thread, let a
 * frame through at least this often (see nextFrame).
 */
export async function runSliced(job, { sliceMs, onProgress = null, wanted = () => true, frameEveryMs = null }) {
  let last = performance.now();
  let frame = last;
  while (!job.runFor(sliceMs)) {
    const now = performance.now();
    if (now - last >= PROGRESS_EVERY_MS) {
      onProgress?.(progressOf(job));
      last = now;
    }
    if (frameEveryMs === null) {
      await nextTask();
    } else if (now - frame >= frameEveryMs) {
      await nextFrame();
      frame = performance.now();
    } else {
      // A timer, not a message: Chrome runs queued messages ahead of timers
      // that are already due, such as a page's own setTimeout.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (!wanted()) return false;
  }
  return true;
}

/**
 * A SolveJob's result: { outcome, cells, count, more, message, tone,
 * details, guesses, nodes, conflicts, engine, micros }.
 */
export function solveResult(job) {
  const r = job.result();
  const out = {
    outcome: r.outcome,
    cells: r.cells ?? null,
    count: r.count,
    more: r.more,
    message: r.message,
    tone: r.tone,
    details: r.details,
    guesses: r.guesses,
    nodes: r.nodes,
    conflicts: r.conflicts,
    engine: r.engine,
    micros: r.micros,
  };
  r.free();
  return out;
}

/**
 * A generated puzzle: { side, shape (its shape line), cells, solution, givens, grade, gradeId (the
 * level), technique, steps, guesses, matched (of the level asked for) }.
 */
export function generated(g) {
  const cells = g.cells;
  const out = {
    side: g.side,
    shape: g.shape,
    cells,
    solution: g.solution ?? null,
    givens: cells.reduce((k, d) => k + (d !== 0), 0),
    grade: g.grade,
    gradeId: g.gradeId,
    technique: g.technique,
    steps: g.steps,
    guesses: g.guesses,
    matched: g.matched,
  };
  g.free();
  return out;
}

/** A finished CheckJob's result: { row, micros }, row being the CLI's TSV row. */
export function checkPuzzle(job) {
  const r = job.result();
  const out = { row: r.row, micros: r.micros };
  r.free();
  return out;
}
