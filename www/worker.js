// The solving worker (a dedicated module worker). Loads the WebAssembly once,
// then solves in slices of search nodes, reporting progress between them.
// The page cancels a solve by terminating this worker and starting another.
import init, { SolveJob } from './pkg/bitsudoku.js';

const SLICE_NODES = 20000;
const PROGRESS_EVERY_MS = 100;

const ready = init();
ready.then(
  () => self.postMessage({ type: 'ready' }),
  (err) => self.postMessage({ type: 'error', id: null, message: `could not load the solver: ${err}` }),
);

self.onmessage = async ({ data: msg }) => {
  if (msg?.type !== 'solve') return;
  let job;
  try {
    await ready;
    job = new SolveJob(msg.cells, msg.side, msg.limit, msg.alphabet ?? '');
    let last = performance.now();
    while (!job.run(SLICE_NODES)) {
      const now = performance.now();
      if (now - last >= PROGRESS_EVERY_MS) {
        self.postMessage({ type: 'progress', id: msg.id, nodes: job.nodes });
        last = now;
      }
    }
    const r = job.result();
    self.postMessage({
      type: 'result',
      id: msg.id,
      outcome: r.outcome,
      cells: r.cells ?? null,
      count: r.count,
      message: r.message,
      guesses: r.guesses,
      nodes: r.nodes,
      micros: r.micros,
    });
    r.free();
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
  } finally {
    job?.free();
  }
};
