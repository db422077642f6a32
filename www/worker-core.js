// The solving worker's work, shared by worker.js (the page's module) and
// solver-worker.js (the solver-only module the promise API loads). It loads
// the WebAssembly once, then solves in time slices. Between slices it takes
// messages, so a Cancel (or a newer solve) stops the current one within a
// slice, without killing the worker.
import {
  checkPuzzle,
  countResult,
  estimateResult,
  generated,
  nextSolution,
  possibleResult,
  runSliced,
  solveResult,
} from './jobs.js';

const SLICE_MS = 20;

/**
 * Answers the solver's messages in this worker with `glue` (a wasm-bindgen
 * module's exports: SolveJob, GenerateJob, CheckJob) once `load(build)` has
 * instantiated it. The first message may be { type: 'init', build, handed }:
 * the build its creator runs (without it the worker detects its own), and
 * whether the creator hands over that module compiled (`load(build, module)`).
 * `announceLoading`: a request that reports progress while the module is
 * still loading hears "Loading…" first (for a worker started on demand).
 */
export function serve(glue, load, { announceLoading = false } = {}) {
  const { CheckJob, CountJob, EstimateJob, GenerateJob, PossibleJob, SolutionsJob, SolveJob } = glue;
  // The solutions being browsed: one search, kept across requests for the
  // same puzzle (the page's module only).
  let browse = null; // { key, job }

  /** Runs a job with runFor in slices: `finish(job, msg)`, or null when no longer wanted. */
  const sliced = (finish) => async (job, options, msg) => ((await runSliced(job, options)) ? finish(job, msg) : null);

  // Each request that works in slices: how its job starts, runs and answers.
  // Between slices the worker takes a Cancel (or a newer request).
  const SLICED = {
    solve: {
      start: (m) => new SolveJob(m.cells, m.side, m.limit, m.alphabet ?? ''),
      run: sliced(solveResult),
      progress: true,
    },
    generate: {
      start: (m) => new GenerateJob(m.side, m.seed, m.symmetric, m.level ?? ''),
      run: sliced((job) => generated(job.result())),
      reply: 'generated',
    },
    count: {
      start: (m) => new CountJob(m.cells, m.side, m.limit),
      run: sliced(countResult),
      progress: true,
    },
    estimate: {
      start: (m) => new EstimateJob(m.cells, m.side, m.probes, m.seed),
      run: sliced((job, m) => estimateResult(job, m.atLeast)),
      progress: true,
    },
    possible: {
      start: (m) => new PossibleJob(m.cells, m.side),
      run: sliced(possibleResult),
      progress: true,
    },
    'next-solution': {
      start: (m) => {
        const key = `${m.side}:${m.cells.join(',')}`;
        if (browse?.key !== key) {
          browse?.job.free();
          browse = { key, job: new SolutionsJob(m.cells, m.side) };
        }
        return browse.job;
      },
      run: nextSolution,
      keep: true,
    },
  };
  let ready = null;
  let loaded = false;
  let receive = null; // takes the module the creator hands over
  const start = (build, module = null) => {
    if (ready) return;
    ready = Promise.resolve(module).then((compiled) => load(build, compiled));
    ready.then(
      () => {
        loaded = true;
        self.postMessage({ type: 'ready' });
      },
      (err) => self.postMessage({ type: 'error', id: null, message: `could not load the solver: ${err}` }),
    );
  };
  // The request allowed to run; a cancel or a newer request changes it.
  let current = null;

  self.onmessage = async ({ data: msg }) => {
    if (msg?.type === 'init') {
      // `handed`: the creator compiled the module and hands it over next
      // ({ type: 'module' }; null if it could not), so the worker neither
      // asks for the file again nor compiles it.
      start(msg.build, msg.handed ? new Promise((resolve) => (receive = resolve)) : null);
      return;
    }
    if (msg?.type === 'module') {
      receive?.(msg.module);
      return;
    }
    start();
    if (msg?.type === 'cancel') {
      if (current === msg.id) current = null;
      return;
    }
    if (msg?.type === 'check') {
      // A batch of a collection (collection.js). Checked straight through:
      // the panel cancels by ending its workers.
      try {
        await ready;
        const rows = msg.puzzles.map((p) => {
          const job = new CheckJob(
            p.cells,
            p.shape || p.side,
            p.alphabet,
            p.blank,
            p.index,
            p.line,
            msg.limit,
            msg.maxNodes,
          );
          try {
            job.runFor(Infinity);
            return checkPuzzle(job);
          } finally {
            job.free();
          }
        });
        self.postMessage({ type: 'checked', id: msg.id, rows });
      } catch (err) {
        self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
      }
      return;
    }
    const kind = SLICED[msg?.type];
    if (!kind) return;
    current = msg.id;
    let job;
    try {
      // A worker started for this request (the page's jobs worker) still
      // fetching its module: say so, rather than nothing, on a slow network.
      if (announceLoading && !loaded && kind.progress) {
        self.postMessage({ type: 'progress', id: msg.id, message: 'Loading…' });
      }
      await ready;
      job = kind.start(msg);
      const wanted = () => current === msg.id;
      const onProgress = kind.progress
        ? (progress) => self.postMessage({ type: 'progress', id: msg.id, ...progress })
        : null;
      const result = await kind.run(job, { sliceMs: SLICE_MS, onProgress, wanted }, msg);
      if (result === null) {
        self.postMessage({ type: 'cancelled', id: msg.id });
        return;
      }
      self.postMessage({ type: kind.reply ?? 'result', id: msg.id, ...result });
    } catch (err) {
      self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
    } finally {
      if (!kind.keep) job?.free();
      if (current === msg.id) current = null;
    }
  };
}
