// The page's solver: solving in the page's worker (worker.js, the module a
// first visit loads), and what a first visit does not need — counting,
// estimating, browsing solutions, every possible value, generating, checking
// collections — in a second worker with the jobs module (jobs-worker.js),
// started on the first such request. Only the page uses it; the promise API
// and <sudoku-solver> solve with a SolverClient alone.
import { SolverClient, pageWorker, startWorker } from './solver-client.js';

/**
 * The page's jobs worker (jobs-worker.js: counting, generating,
 * collections); `module`: a promise of the jobs module compiled, to hand
 * over (jobs-wasm.js's compileJobsWasm), or null: it loads its own.
 */
export function jobsWorker(module = null) {
  return startWorker(
    new URL('./jobs-worker.js', import.meta.url),
    () => new Worker(new URL('./jobs-worker.js', import.meta.url), { type: 'module' }),
    module,
  );
}

/**
 * The page's solver, with SolverClient's methods: solving in the page's
 * worker, which runs the module a first visit loads anyway; counting,
 * estimating, browsing solutions, every possible value, generating and
 * checking in a second worker with the jobs module, started on the first
 * such request. One request at a time across both, as with one client: a
 * new request cancels the other worker's.
 */
export class PageSolver {
  #solver;
  #jobs = null;
  #startJobs;

  constructor(solver = pageWorker, jobs = jobsWorker) {
    this.#solver = new SolverClient(solver);
    this.#startJobs = jobs;
  }

  get busy() {
    return this.#solver.busy || Boolean(this.#jobs?.busy);
  }

  solve(...args) {
    this.#jobs?.cancel();
    return this.#solver.solve(...args);
  }

  generate(...args) {
    return this.#tools().generate(...args);
  }

  count(...args) {
    return this.#tools().count(...args);
  }

  estimate(...args) {
    return this.#tools().estimate(...args);
  }

  possible(...args) {
    return this.#tools().possible(...args);
  }

  nextSolution(...args) {
    return this.#tools().nextSolution(...args);
  }

  check(...args) {
    return this.#tools().check(...args);
  }

  cancel() {
    this.#solver.cancel();
    this.#jobs?.cancel();
  }

  close() {
    this.#solver.close();
    this.#jobs?.close();
  }

  // The jobs worker's client, started on first use; the solver's request
  // (if any) is cancelled, one request at a time.
  #tools() {
    this.#solver.cancel();
    this.#jobs ??= new SolverClient(this.#startJobs);
    return this.#jobs;
  }
}
