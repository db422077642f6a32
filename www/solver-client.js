// Owns a solving worker: one request at a time. Cancel asks the worker to
// stop (it checks between time slices); a worker that does not confirm
// within CANCEL_GRACE_MS, or that fails, is terminated and replaced. Every
// request ends, resolved or rejected: a request sent to a worker that is then
// replaced is sent again to the new one.

import { wasmBuild } from './wasm-build.js';
import { Cancelled } from './jobs.js';

export { Cancelled };

const CANCEL_GRACE_MS = 300;

/**
 * Starts a module worker from `url`, told the build its creator runs.
 * `direct` makes it the usual way (each caller writes
 * `new Worker(new URL('./….js', import.meta.url), …)` in full, the form
 * bundlers follow). A page may not start a worker from another origin, such
 * as a CDN serving this package: then a same-origin blob module that
 * imports it does the same. `module`: a promise of the worker's module,
 * compiled, to hand over (see below).
 * @param {URL} url
 * @param {() => Worker} direct
 * @param {Promise<WebAssembly.Module> | null} [module]
 * @returns {Worker}
 */
export function startWorker(url, direct, module = null) {
  let worker;
  // Only an http(s) URL tells the origin: a bundler may turn the bare
  // `new URL(…)` into a data: URL (Vite inlines small files) while it
  // rewrites `direct`'s to its own same-origin chunk.
  const elsewhere = /^https?:$/.test(url.protocol) && url.origin !== globalThis.location?.origin;
  if (globalThis.location && elsewhere) {
    const source = `import ${JSON.stringify(url.href)};`;
    const blob = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    worker = new Worker(blob, { type: 'module' });
    URL.revokeObjectURL(blob);
  } else {
    worker = direct();
  }
  // Handed the module its creator compiled (when it comes: the worker waits
  // for it), the worker neither asks for the file again nor compiles it;
  // without it (or should compiling fail) it loads its own.
  worker.postMessage({ type: 'init', build: wasmBuild, handed: module !== null });
  module?.then(
    (compiled) => worker.postMessage({ type: 'module', module: compiled }),
    () => worker.postMessage({ type: 'module', module: null }),
  );
  return worker;
}

/**
 * The page's solving worker (worker.js: the page's module); `module`: a
 * promise of that module compiled, to hand over (wasm.js's compileWasm);
 * `started`: that worker, started already (preload.js), or null.
 */
export function pageWorker(module = null, started = null) {
  return startWorker(
    new URL('./worker.js', import.meta.url),
    () => started ?? new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }),
    module,
  );
}

export class SolverClient {
  #start;
  #worker = null;
  #pending = null; // { id, resolve, reject, onProgress, message }
  #stopping = null; // { id, timer }: a cancel the worker has not confirmed yet
  #nextId = 1;

  /**
   * `worker`: what starts the worker — a function returning one (the page's
   * by default), or the URL of a module worker script.
   * @param {(() => Worker) | URL} [worker]
   */
  constructor(worker = pageWorker) {
    this.#start =
      worker instanceof URL ? () => startWorker(worker, () => new Worker(worker, { type: 'module' })) : worker;
    this.#spawn();
  }

  get busy() {
    return this.#pending !== null;
  }

  /**
   * Solves `cells` (Uint8Array, 0 = empty) of a `side`×`side` grid.
   * Resolves with { outcome, cells, count, message, guesses, nodes,
   * conflicts, engine, micros }; `onProgress` gets { nodes, engine, message }
   * about every 100 ms;
   * rejects with Cancelled when cancelled, or an Error when the worker failed.
   */
  solve(cells, side, { limit = 2, alphabet = '', onProgress = null } = {}) {
    if (this.#pending) this.cancel();
    if (!this.#worker) this.#spawn();
    const id = this.#nextId++;
    return this.#send({ type: 'solve', id, cells, side, limit, alphabet }, onProgress);
  }

  /**
   * Makes a puzzle with one solution, of `level` (`easy` … `beyond`, or
   * `''` for any). Resolves with jobs.js's `generated`.
   */
  generate(side, seed, symmetric = false, level = '') {
    if (this.#pending) this.cancel();
    if (!this.#worker) this.#spawn();
    const id = this.#nextId++;
    return this.#send({ type: 'generate', id, side, seed, symmetric, level }, null);
  }

  /**
   * Counts the solutions of `cells` up to `limit`. Resolves with { found,
   * more, outcome, message, tone }; `onProgress` gets { nodes, message }.
   */
  count(cells, side, limit, onProgress = null) {
    return this.#request({ type: 'count', cells, side, limit }, onProgress);
  }

  /**
   * Estimates the solutions of `cells` from `probes` random probes, after a
   * count that stopped at `atLeast`. Resolves with { exact, text, message }.
   */
  estimate(cells, side, probes, seed, atLeast, onProgress = null) {
    return this.#request({ type: 'estimate', cells, side, probes, seed, atLeast }, onProgress);
  }

  /**
   * Every value some solution of `cells` holds, per cell (the jobs module's
   * worker only). Resolves with { masks }; `onProgress` gets { message }.
   */
  possible(cells, side, onProgress = null) {
    return this.#request({ type: 'possible', cells, side }, onProgress);
  }

  /**
   * The next solution of `cells` (the worker keeps the search across calls
   * for the same puzzle). Resolves with { cells (null when there are no
   * more), handed, exhausted }.
   */
  nextSolution(cells, side) {
    return this.#request({ type: 'next-solution', cells, side }, null);
  }

  #request(message, onProgress) {
    if (this.#pending) this.cancel();
    if (!this.#worker) this.#spawn();
    return this.#send({ ...message, id: this.#nextId++ }, onProgress);
  }

  /**
   * Checks a batch of puzzles (as the Collection panel sends them: cells,
   * side, alphabet, blank, index, line). Resolves with [{ row, micros }].
   */
  check(puzzles, limit, maxNodes) {
    if (this.#pending) this.cancel();
    if (!this.#worker) this.#spawn();
    const id = this.#nextId++;
    return this.#send({ type: 'check', id, puzzles, limit, maxNodes }, null).then((msg) => msg.rows);
  }

  #send(message, onProgress) {
    return new Promise((resolve, reject) => {
      this.#pending = { id: message.id, resolve, reject, onProgress, message };
      this.#worker.postMessage(message);
    });
  }

  /** Ends the worker for good (a widget leaving the page). */
  close() {
    this.cancel();
    clearTimeout(this.#stopping?.timer);
    this.#stopping = null;
    this.#worker?.terminate();
    this.#worker = null;
  }

  /** Stops the running solve; the caller sees Cancelled at once. */
  cancel() {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    this.#worker.postMessage({ type: 'cancel', id: pending.id });
    clearTimeout(this.#stopping?.timer);
    const worker = this.#worker;
    this.#stopping = {
      id: pending.id,
      timer: setTimeout(() => {
        // No confirmation: the worker is stuck in a long slice. Replace it;
        // a newer request it was holding goes to the new worker.
        if (this.#worker === worker) this.#replace();
      }, CANCEL_GRACE_MS),
    };
    pending.reject(new Cancelled());
  }

  #spawn() {
    this.#worker = this.#start();
    this.#worker.onmessage = ({ data }) => this.#receive(data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(`the solver stopped: ${event.message || 'worker error'}`);
    };
  }

  #replace() {
    clearTimeout(this.#stopping?.timer);
    this.#stopping = null;
    this.#worker?.terminate();
    this.#worker = null;
    this.#spawn();
    if (this.#pending) this.#worker.postMessage(this.#pending.message);
  }

  #receive(msg) {
    if (this.#stopping && msg.id === this.#stopping.id && msg.type !== 'progress') {
      // The cancelled solve has stopped (or finished just before).
      clearTimeout(this.#stopping.timer);
      this.#stopping = null;
      return;
    }
    if (msg.type === 'error' && msg.id === null) {
      // The worker could not load the solver: drop it; the next solve
      // starts a new one rather than looping on a broken load.
      this.#fail(msg.message, false);
      return;
    }
    const pending = this.#pending;
    if (!pending || msg.id !== pending.id) return;
    if (msg.type === 'progress') {
      const { nodes, engine, message, details } = msg;
      pending.onProgress?.({ nodes, engine, message, details });
    } else if (msg.type === 'result' || msg.type === 'generated' || msg.type === 'checked') {
      this.#pending = null;
      pending.resolve(msg);
    } else if (msg.type === 'error') {
      // A failed solve may leave the module in a bad state: start afresh.
      this.#fail(msg.message);
    }
  }

  // The solve the worker held fails with the reason; the worker is replaced.
  #fail(message, respawn = true) {
    const pending = this.#pending;
    this.#pending = null;
    clearTimeout(this.#stopping?.timer);
    this.#stopping = null;
    this.#worker?.terminate();
    this.#worker = null;
    if (respawn) this.#spawn();
    pending?.reject(new Error(message));
  }
}
