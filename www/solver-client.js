// Owns the solving worker: one solve at a time, cancel by terminating the
// worker (immediate, whatever the solver is doing) and starting a fresh one.

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export class SolverClient {
  #url;
  #worker = null;
  #pending = null; // { id, resolve, reject, onProgress }
  #nextId = 1;

  constructor(url = new URL('./worker.js', import.meta.url)) {
    this.#url = url;
    this.#spawn();
  }

  get busy() {
    return this.#pending !== null;
  }

  /**
   * Solves `cells` (Uint8Array, 0 = empty) of a `side`×`side` grid.
   * Resolves with { outcome, cells, count, message, guesses, nodes, micros };
   * rejects with Cancelled when cancelled, or an Error when the worker failed.
   */
  solve(cells, side, { limit = 2, alphabet = '', onProgress = null } = {}) {
    if (this.#pending) this.cancel();
    if (!this.#worker) this.#spawn();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending = { id, resolve, reject, onProgress };
      this.#worker.postMessage({ type: 'solve', id, cells, side, limit, alphabet });
    });
  }

  /** Stops the running solve at once. */
  cancel() {
    const pending = this.#pending;
    this.#pending = null;
    this.#worker?.terminate();
    this.#spawn();
    pending?.reject(new Cancelled());
  }

  #spawn() {
    this.#worker = new Worker(this.#url, { type: 'module' });
    this.#worker.onmessage = ({ data }) => this.#receive(data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(`the solver stopped: ${event.message || 'worker error'}`);
    };
  }

  #receive(msg) {
    const pending = this.#pending;
    if (msg.type === 'error' && msg.id === null) {
      // The worker could not load the solver: drop it; the next solve
      // starts a new one rather than looping on a broken load.
      this.#fail(msg.message, false);
      return;
    }
    if (!pending || msg.id !== pending.id) return;
    if (msg.type === 'progress') {
      pending.onProgress?.(msg.nodes);
    } else if (msg.type === 'result') {
      this.#pending = null;
      pending.resolve(msg);
    } else if (msg.type === 'error') {
      this.#pending = null;
      pending.reject(new Error(msg.message));
    }
  }

  // A broken worker is replaced, and the solve it held fails with the reason.
  #fail(message, respawn = true) {
    const pending = this.#pending;
    this.#pending = null;
    this.#worker?.terminate();
    this.#worker = null;
    if (respawn) this.#spawn();
    pending?.reject(new Error(message));
  }
}
