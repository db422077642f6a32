// The solver on the calling thread, with the same interface as SolverClient:
// for the single-file build (opened from file://, where module workers
// cannot start) and for Node. It works in short time slices and yields
// between them, so the page (or Node's event loop) keeps answering and
// Cancel stops it at the next slice.
import {
  Cancelled,
  checkPuzzle,
  countResult,
  estimateResult,
  generated,
  nextFrame,
  nextSolution,
  nextTask,
  possibleResult,
  runSliced,
  solveResult,
} from './jobs.js';

const SLICE_MS = 12;
// On a page, a frame at least this often, so clicks and the status get through.
const FRAME_EVERY_MS = 40;

export class InlineSolver {
  #jobs;
  #frameEveryMs;
  #token = 0; // the current run; a newer run or a cancel changes it
  #active = false;
  #browse = null; // { key, job }: the solutions being browsed

  /**
   * `jobs`: an instantiated wasm-bindgen module's SolveJob, GenerateJob and
   * CheckJob. `frames`: on a page, let frames through (not in Node).
   */
  constructor(jobs, { frames = true } = {}) {
    this.#jobs = jobs;
    this.#frameEveryMs = frames ? FRAME_EVERY_MS : null;
  }

  get busy() {
    return this.#active;
  }

  async solve(cells, side, { limit = 2, alphabet = '', onProgress = null } = {}) {
    return this.#job(new this.#jobs.SolveJob(cells, side, limit, alphabet), onProgress, solveResult);
  }

  async count(cells, side, limit, onProgress = null) {
    return this.#job(new this.#jobs.CountJob(cells, side, limit), onProgress, countResult);
  }

  async possible(cells, side, onProgress = null) {
    return this.#job(new this.#jobs.PossibleJob(cells, side), onProgress, possibleResult);
  }

  /** Runs `job` in slices as the current run, answering with `result(job)`. */
  async #job(job, onProgress, result) {
    const run = this.#start();
    try {
      await this.#run(job, run, onProgress);
      return result(job);
    } finally {
      job.free();
      this.#end(run);
    }
  }

  async estimate(cells, side, probes, seed, atLeast, onProgress = null) {
    const job = new this.#jobs.EstimateJob(cells, side, probes, seed);
    return this.#job(job, onProgress, (j) => estimateResult(j, atLeast));
  }

  async nextSolution(cells, side) {
    const run = this.#start();
    try {
      const key = `${side}:${cells.join(',')}`;
      if (this.#browse?.key !== key) {
        this.#browse?.job.free();
        this.#browse = { key, job: new this.#jobs.SolutionsJob(cells, side) };
      }
      const next = await nextSolution(this.#browse.job, {
        sliceMs: SLICE_MS,
        frameEveryMs: this.#frameEveryMs,
        wanted: () => run === this.#token,
      });
      if (!next) throw new Cancelled();
      return next;
    } finally {
      this.#end(run);
    }
  }

  async generate(side, seed, symmetric = false, level = '') {
    const run = this.#start();
    const job = new this.#jobs.GenerateJob(side, seed, symmetric, level);
    try {
      await this.#run(job, run, null);
      // Grading the puzzle is one call (60–100 ms for 25×25): a click made
      // meanwhile waits in the queue, so let it run before answering.
      const puzzle = generated(job.result());
      await (this.#frameEveryMs === null ? nextTask() : nextFrame());
      if (run !== this.#token) throw new Cancelled();
      return puzzle;
    } finally {
      job.free();
      this.#end(run);
    }
  }

  /** Checks a batch of puzzles, as SolverClient.check. */
  async check(puzzles, limit, maxNodes) {
    const run = this.#start();
    try {
      const rows = [];
      for (const p of puzzles) {
        const job = new this.#jobs.CheckJob(
          p.cells,
          p.shape || p.side,
          p.alphabet,
          p.blank,
          p.index,
          p.line,
          limit,
          maxNodes,
        );
        try {
          await this.#run(job, run, null);
          rows.push(checkPuzzle(job));
        } finally {
          job.free();
        }
      }
      return rows;
    } finally {
      this.#end(run);
    }
  }

  cancel() {
    if (this.#active) {
      this.#token += 1;
      this.#active = false;
    }
  }

  /** Nothing to end: the solver has no worker. */
  close() {
    this.cancel();
  }

  async #run(job, run, onProgress) {
    const done = await runSliced(job, {
      sliceMs: SLICE_MS,
      frameEveryMs: this.#frameEveryMs,
      onProgress,
      wanted: () => run === this.#token,
    });
    if (!done) throw new Cancelled();
  }

  #start() {
    this.#token += 1; // ends any older run
    this.#active = true;
    return this.#token;
  }

  #end(run) {
    if (run === this.#token) this.#active = false;
  }
}
