// The picture reader's worker: it loads the picture module (only now, when a
// picture is opened: a first visit downloads none of it), reads the pixels
// it is sent, and counts the solutions of a corrected reading. A reading is
// one call that cannot be interrupted: the page cancels by ending the worker.
import init, { readPicture, solve } from './pkg/bitsudoku_picture.js';

// Nodes the check of a corrected reading may search (as the reader's own).
const BUDGET = 200_000;

// The solver's outcome as the reader's verdict.
const VERDICT = { unique: 'unique', several: 'several', none: 'broken', conflict: 'broken' };

// Baseline only: reading a picture gains nothing from SIMD.
const ready = init({ module_or_path: new URL('./pkg/bitsudoku_picture_bg.wasm', import.meta.url) });

/** A PictureReading as a plain object that can cross postMessage, the wasm side freed. */
function plain(r) {
  const out = {
    found: r.found,
    reason: r.reason,
    shape: r.shape,
    side: r.side,
    alphabet: r.alphabet,
    puzzle: r.puzzle,
    cells: r.cells,
    confidence: r.confidence,
    doubtful: r.doubtful,
    status: r.status,
    suggestion: r.suggestion,
    corners: r.corners,
  };
  r.free();
  return out;
}

self.onmessage = async ({ data: msg }) => {
  try {
    await ready;
    if (msg.type === 'read') {
      const reading = plain(readPicture(new Uint8Array(msg.rgba), msg.width, msg.height));
      self.postMessage({ type: 'read', id: msg.id, reading });
    } else if (msg.type === 'check') {
      const s = solve(Uint8Array.from(msg.cells), msg.shape, 2, BUDGET);
      const status = VERDICT[s.outcome] ?? 'unknown';
      s.free();
      self.postMessage({ type: 'checked', id: msg.id, status });
    }
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: String(err?.message ?? err) });
  }
};
