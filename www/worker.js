// The solving worker (a dedicated module worker). Loads the WebAssembly once,
// then solves in time slices. Between slices it takes messages, so a Cancel
// (or a newer solve) stops the current one within a slice, without killing
// the worker.
import init, { SolveJob, generate } from './pkg/bitsudoku.js';

const SLICE_MS = 20;
const PROGRESS_EVERY_MS = 100;

const ready = init();
ready.then(
  () => self.postMessage({ type: 'ready' }),
  (err) => self.postMessage({ type: 'error', id: null, message: `could not load the solver: ${err}` }),
);

// The solve allowed to run; a cancel or a newer solve changes it.
let current = null;

// Resolves after the messages already queued have been handled.
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });

self.onmessage = async ({ data: msg }) => {
  if (msg?.type === 'cancel') {
    if (current === msg.id) current = null;
    return;
  }
  if (msg?.type === 'generate') {
    current = msg.id;
    try {
      await ready;
      const g = generate(msg.side, msg.seed, msg.symmetric);
      const cells = g.cells;
      self.postMessage({
        type: 'generated',
        id: msg.id,
        side: g.side,
        cells,
        givens: cells.reduce((k, d) => k + (d !== 0), 0),
        grade: g.grade,
        gradeId: g.gradeId,
        guesses: g.guesses,
      });
      g.free();
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
    let last = performance.now();
    while (!job.runFor(SLICE_MS)) {
      const now = performance.now();
      if (now - last >= PROGRESS_EVERY_MS) {
        self.postMessage({ type: 'progress', id: msg.id, nodes: job.nodes });
        last = now;
      }
      await nextTask();
      if (current !== msg.id) {
        self.postMessage({ type: 'cancelled', id: msg.id });
        return;
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
    if (current === msg.id) current = null;
  }
};
