// The solving worker's work, shared by worker.js (the page's module) and
// solver-worker.js (the solver-only module the promise API loads). It loads
// the WebAssembly once, then solves in time slices. Between slices it takes
// messages, so a Cancel (or a newer solve) stops the current one within a
// slice, without killing the worker.
import { checkPuzzle, countResult, estimateResult, generated, nextSolution, runSliced, solveResult } from './jobs.js';

const SLICE_MS = 20;

/**
 * Answers the solver's messages in this worker with `glue` (a wasm-bindgen
 * module's exports: SolveJob, GenerateJob, CheckJob) once `load(build)` has
 * instantiated it. The first message may be { type: 'init', build }: the
 * build its creator runs; without it the worker detects its own.
 */
export function serve(glue, load) {
  const { CheckJob, CountJob, EstimateJob, GenerateJob, SolutionsJob, SolveJob } = glue;
  // The solutions being browsed: one search, kept across requests for the
  // same puzzle (the page's module only).
  let browse = null; // { key, job }
  let ready = null;
  const start = (build) => {
    if (ready) return;
    ready = load(build);
    ready.then(
      () => self.postMessage({ type: 'ready' }),
      (err) => self.postMessage({ type: 'error', id: null, message: `could not load the solver: ${err}` }),
    );
  };
  // The solve allowed to run; a cancel or a newer solve changes it.
  let current = null;

  self.onmessage = async ({ data: msg }) => {
    if (msg?.type === 'init') {
      start(msg.build);
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
          const job = new CheckJob(p.cells, p.side, p.alphabet, p.blank, p.index, p.line, msg.limit, msg.maxNodes);
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
    if (msg?.type === 'generate') {
      current = msg.id;
      let job;
      try {
        await ready;
        job = new GenerateJob(msg.side, msg.seed, msg.symmetric, msg.level ?? '');
        // In slices like a solve, so a Cancel is confirmed within one.
        if (!(await runSliced(job, { sliceMs: SLICE_MS, wanted: () => current === msg.id }))) {
          self.postMessage({ type: 'cancelled', id: msg.id });
          return;
        }
        self.postMessage({ type: 'generated', id: msg.id, ...generated(job.result()) });
      } catch (err) {
        self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
      } finally {
        job?.free();
        if (current === msg.id) current = null;
      }
      return;
    }
    if (msg?.type === 'count' || msg?.type === 'estimate') {
      // Counting and estimating (the page's module), in slices like a solve.
      current = msg.id;
      let job;
      try {
        await ready;
        job =
          msg.type === 'count'
            ? new CountJob(msg.cells, msg.side, msg.limit)
            : new EstimateJob(msg.cells, msg.side, msg.probes, msg.seed);
        const done = await runSliced(job, {
          sliceMs: SLICE_MS,
          onProgress: (progress) => self.postMessage({ type: 'progress', id: msg.id, ...progress }),
          wanted: () => current === msg.id,
        });
        if (!done) {
          self.postMessage({ type: 'cancelled', id: msg.id });
          return;
        }
        const result = msg.type === 'count' ? countResult(job) : estimateResult(job, msg.atLeast);
        self.postMessage({ type: 'result', id: msg.id, ...result });
      } catch (err) {
        self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
      } finally {
        job?.free();
        if (current === msg.id) current = null;
      }
      return;
    }
    if (msg?.type === 'next-solution') {
      current = msg.id;
      try {
        await ready;
        const key = `${msg.side}:${msg.cells.join(',')}`;
        if (browse?.key !== key) {
          browse?.job.free();
          browse = { key, job: new SolutionsJob(msg.cells, msg.side) };
        }
        const next = await nextSolution(browse.job, { sliceMs: SLICE_MS, wanted: () => current === msg.id });
        if (!next) {
          self.postMessage({ type: 'cancelled', id: msg.id });
          return;
        }
        self.postMessage({ type: 'result', id: msg.id, ...next });
      } catch (err) {
        self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
      } finally {
        if (current === msg.id) current = null;
      }
      return;
    }
    if (msg?.type !== 'solve') return;
    current = msg.id;
    let job;
    try {
      await ready;
      job = new SolveJob(msg.cells, msg.side, msg.limit, msg.alphabet ?? '');
      const done = await runSliced(job, {
        sliceMs: SLICE_MS,
        onProgress: (progress) => self.postMessage({ type: 'progress', id: msg.id, ...progress }),
        wanted: () => current === msg.id,
      });
      if (!done) {
        self.postMessage({ type: 'cancelled', id: msg.id });
        return;
      }
      self.postMessage({ type: 'result', id: msg.id, ...solveResult(job) });
    } catch (err) {
      self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
    } finally {
      job?.free();
      if (current === msg.id) current = null;
    }
  };
}
