// The promise API, for sites that bring their own UI:
//
//   import { solve } from 'bitsudoku';          // or …/www/bitsudoku-api.js
//   const r = await solve('4.....8.5.3…');      // { outcome, message, solution, … }
//
// Text in, text out, in the puzzle's own layout and symbols. It loads the
// solver-only WebAssembly module on first use, and the jobs module (the
// generator, collections) on the first generate or check; solving,
// counting, generating and checking run in Web Workers, one request after
// another.
// Bad arguments and parse errors reject with a message that says what and
// where. In Node the package's `node` entry (bitsudoku-node.js) gives the
// same functions.
import * as glue from './pkg/bitsudoku_solver.js';
import { compileSolverWasm, loadSolverWasm } from './solver-wasm.js';
import { SolverClient, startWorker } from './solver-client.js';
import { createApi } from './api-core.js';

/** @typedef {import('./api-core.js').SolveOptions} SolveOptions */
/** @typedef {import('./api-core.js').SolveResult} SolveResult */
/** @typedef {import('./api-core.js').CountOptions} CountOptions */
/** @typedef {import('./api-core.js').CountResult} CountResult */
/** @typedef {import('./api-core.js').GenerateOptions} GenerateOptions */
/** @typedef {import('./api-core.js').Generated} Generated */
/** @typedef {import('./api-core.js').CheckOptions} CheckOptions */
/** @typedef {import('./api-core.js').Verdict} Verdict */

// The module is compiled once, here, and handed to the worker: it neither
// asks for the file again nor compiles it.
const solverWorker = () =>
  startWorker(
    new URL('./solver-worker.js', import.meta.url),
    () => new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' }),
    compileSolverWasm(),
  );

// Generating and checking: the jobs module, on the page (to read
// collections) and handed to a worker of its own, loaded on first use.
// (Written out as page-solver.js does for the page, not shared through
// solver-client.js: bundlers would then ship the jobs files with every
// site that uses the element alone.)
const jobsWorker = (module) =>
  startWorker(
    new URL('./jobs-worker.js', import.meta.url),
    () => new Worker(new URL('./jobs-worker.js', import.meta.url), { type: 'module' }),
    module,
  );
let tools = null;
const loadTools = () => {
  tools ??= import('./jobs-wasm.js').then(async (jobs) => ({
    glue: await jobs.loadJobs(),
    solver: new SolverClient(() => jobsWorker(jobs.compileJobsWasm())),
  }));
  // A failed load (the network) is tried again on the next call.
  tools.catch(() => (tools = null));
  return tools;
};

const api = createApi({
  ready: () => loadSolverWasm(undefined, compileSolverWasm()),
  glue,
  newSolver: () => new SolverClient(solverWorker),
  tools: loadTools,
});

/**
 * Solves the first puzzle in `text` (any size, layout and alphabet the
 * parser reads) and proves the solution unique unless `limit` is 1.
 * @param {string} text
 * @param {SolveOptions} [options]
 * @returns {Promise<SolveResult>}
 */
export function solve(text, options = {}) {
  return api.solve(text, options);
}

/**
 * Counts the solutions of the first puzzle in `text`, up to `limit`.
 * @param {string} text
 * @param {CountOptions} [options]
 * @returns {Promise<CountResult>}
 */
export function count(text, options = {}) {
  return api.count(text, options);
}

/**
 * A new puzzle with exactly one solution. The same seed gives the same
 * puzzle everywhere. A 25×25 takes a tenth of a second or more.
 * @param {GenerateOptions} [options]
 * @returns {Promise<Generated>}
 */
export function generate(options = {}) {
  return api.generate(options);
}

/**
 * Checks every puzzle in `text` (a collection, one puzzle per line or in
 * blocks): one verdict per puzzle, in order, unreadable ones included.
 * @param {string} text
 * @param {CheckOptions} [options]
 * @returns {Promise<Verdict[]>}
 */
export function check(text, options = {}) {
  return api.check(text, options);
}
