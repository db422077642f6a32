// The solver on the page's own thread, for the single-file build (opened
// from file://, where module workers cannot start). Same interface as
// SolverClient; it solves in short time slices and yields between them, so
// the page keeps answering and Cancel stops it at the next slice.
import { GenerateJob, SolveJob } from './pkg/bitsudoku.js';
import { Cancelled } from './solver-client.js';
import { generated, nextFrame, runSliced, solveResult } from './jobs.js';

const SLICE_MS = 12;
// A frame at least this often, so clicks and the status get through.
const FRAME_EVERY_MS = 40;

export class InlineSolver {
  #token = 0; // the current run; a newer run or a cancel changes it
  #active = false;

  get busy() {
    return this.#active;
  }

  async solve(cells, side, { limit = 2, alphabet = '', onProgress = null } = {}) {
    const run = this.#start();
    const job = new SolveJob(cells, side, limit, alphabet);
    try {
      const done = await runSliced(job, {
        sliceMs: SLICE_MS,
        frameEveryMs: FRAME_EVERY_MS,
        onProgress,
        wanted: () => run === this.#token,
      });
      if (!done) throw new Cancelled();
      return solveResult(job);
    } finally {
      job.free();
      if (run === this.#token) this.#active = false;
    }
  }

  async generate(side, seed, symmetric = false) {
    const run = this.#start();
    const job = new GenerateJob(side, seed, symmetric);
    try {
      const done = await runSliced(job, {
        sliceMs: SLICE_MS,
        frameEveryMs: FRAME_EVERY_MS,
        wanted: () => run === this.#token,
      });
      if (!done) throw new Cancelled();
      // Grading the puzzle is one call (60–100 ms for 25×25): a click made
      // meanwhile waits in the queue, so let it run before answering.
      const puzzle = generated(job.result());
      await nextFrame();
      if (run !== this.#token) throw new Cancelled();
      return puzzle;
    } finally {
      job.free();
      if (run === this.#token) this.#active = false;
    }
  }

  cancel() {
    if (this.#active) {
      this.#token += 1;
      this.#active = false;
    }
  }

  #start() {
    this.#token += 1; // ends any older run
    this.#active = true;
    return this.#token;
  }
}
