// The Collection panel: checks every puzzle of a file or of pasted text, in
// one Web Worker per core (on the page's thread, in slices, in the single
// file) with the jobs module (www/jobs-wasm.js, loaded when a check starts),
// and shows a table with the failures first and a TSV to download: the rows
// `bitsudoku check --format tsv` prints for the same input.
//
// Memory stays bounded whatever the file's length: the text is read in
// pieces and cut into puzzles as it comes; only a window of batches is out
// at once; finished rows are written, in input order, into Blobs (which the
// browser may keep on disk); the table holds at most TABLE_FAILURES failures
// and TABLE_UNIQUE unique puzzles.
import { formatGrid } from './pkg/bitsudoku.js';
import { jobsWorker } from './page-solver.js';
import { checkPuzzle, nextFrame } from './jobs.js';

const BATCH = 64; // puzzles per message to a worker
const IN_FLIGHT_PER_LANE = 2; // batches queued per worker
const PIECE_CHARS = 1 << 16; // text handed to the reader at a time
const LIMIT = 2; // solutions counted: 2 proves uniqueness
// A puzzle that needs more positions is reported unfinished rather than
// holding a worker: open it in the grid to solve it alone.
const MAX_NODES = 1_000_000;
const TABLE_FAILURES = 1000;
const TABLE_UNIQUE = 300;
const BLOB_CHARS = 1 << 18;

export const TSV_HEADER = 'puzzle\tline\tsize\toutcome\tcount\tdifficulty\tsolution\treason';

// The CLI's difficulty column holds the level's id; the table shows it.
const DIFFICULTY = {
  easy: 'easy',
  medium: 'medium',
  hard: 'hard',
  expert: 'expert',
  beyond: 'beyond (guessing)',
};

/** One worker per core, each with up to IN_FLIGHT_PER_LANE batches. */
export class WorkerLanes {
  #workers = [];
  #load = [];
  #waiting = new Map(); // id -> { resolve, reject, lane }
  #nextId = 1;

  #start;

  /**
   * `count` workers started by `start` (the page's jobs worker by default;
   * the page hands each the jobs module it compiled).
   */
  constructor(count = navigator.hardwareConcurrency || 2, start = jobsWorker) {
    this.count = Math.max(1, Math.min(count, 16));
    this.#start = start;
  }

  get capacity() {
    return this.count * IN_FLIGHT_PER_LANE;
  }

  /** Checks a batch; resolves with [{ row, micros }] in the batch's order. */
  check(puzzles) {
    if (this.#workers.length === 0) this.#spawn();
    let lane = 0;
    for (let i = 1; i < this.count; i += 1) if (this.#load[i] < this.#load[lane]) lane = i;
    const id = this.#nextId++;
    this.#load[lane] += 1;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject, lane });
      this.#workers[lane].postMessage({ type: 'check', id, puzzles, limit: LIMIT, maxNodes: MAX_NODES });
    });
  }

  /** Ends every worker at once; what they were doing is dropped. */
  cancel() {
    for (const w of this.#workers) w.terminate();
    this.#workers = [];
    for (const { reject } of this.#waiting.values()) reject(new Error('cancelled'));
    this.#waiting.clear();
  }

  #spawn() {
    this.#load = new Array(this.count).fill(0);
    this.#workers = Array.from({ length: this.count }, () => {
      const worker = this.#start();
      worker.onmessage = ({ data }) => {
        const job = this.#waiting.get(data?.id);
        if (!job) return;
        this.#waiting.delete(data.id);
        this.#load[job.lane] -= 1;
        if (data.type === 'checked') job.resolve(data.rows);
        else job.reject(new Error(data.message ?? 'the worker failed'));
      };
      worker.onerror = (e) => {
        e.preventDefault?.();
        const failed = [...this.#waiting.values()];
        this.cancel();
        for (const { reject } of failed) reject(new Error(e.message || 'a worker failed'));
      };
      return worker;
    });
  }
}

/** The single file's lane: the page's own thread, in slices between frames. */
export class InlineLane {
  count = 1;
  capacity = 1;
  #token = 0;
  #jobs;

  /** `jobs`: an instantiated module's exports with CheckJob. */
  constructor(jobs) {
    this.#jobs = jobs;
  }

  async check(puzzles) {
    const token = this.#token;
    const rows = [];
    let frame = performance.now();
    for (const p of puzzles) {
      const job = new this.#jobs.CheckJob(
        p.cells,
        p.shape || p.side,
        p.alphabet,
        p.blank,
        p.index,
        p.line,
        LIMIT,
        MAX_NODES,
      );
      try {
        for (;;) {
          const done = job.runFor(12);
          if (performance.now() - frame > 40) {
            await nextFrame();
            frame = performance.now();
          }
          if (token !== this.#token) throw new Error('cancelled');
          if (done) break;
        }
        rows.push(checkPuzzle(job));
      } finally {
        job.free();
      }
    }
    return rows;
  }

  cancel() {
    this.#token += 1;
  }
}

/**
 * Pieces of a File, decoded as UTF-8 (as UTF-16 when it starts with that
 * byte order mark, as Windows PowerShell and Notepad save text), and how far
 * through it they are.
 */
async function* fileText(file) {
  const [a, b] = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const encoding = a === 0xff && b === 0xfe ? 'utf-16le' : a === 0xfe && b === 0xff ? 'utf-16be' : 'utf-8';
  const unit = encoding === 'utf-8' ? 1 : 2;
  const reader = file.stream().pipeThrough(new TextDecoderStream(encoding)).getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.length * unit;
    yield { text: value, fraction: file.size ? Math.min(1, read / file.size) : 1 };
  }
}

async function* stringText(text) {
  for (let at = 0; at < text.length; at += PIECE_CHARS) {
    yield { text: text.slice(at, at + PIECE_CHARS), fraction: Math.min(1, (at + PIECE_CHARS) / text.length) };
  }
}

/** The TSV row's fields. */
function fields(row) {
  const [index, line, size, outcome, count, difficulty, solution, reason] = row.split('\t');
  return { index: Number(index), line: Number(line), size, outcome, count, difficulty, solution, reason };
}

/**
 * Wires the panel. `makeLanes()` gives the workers (or the inline lane);
 * `open(text)` loads a puzzle into the grid and says whether it did;
 * `jobs()` resolves with the jobs module's exports (its CollectionReader).
 */
export function bindCollection({ document = globalThis.document, makeLanes, open, jobs }) {
  const $ = (id) => document.getElementById(id);
  const ui = {
    section: $('collection'),
    drop: $('collection-drop'),
    file: $('collection-file'),
    text: $('collection-text'),
    check: $('collection-check'),
    cancel: $('collection-cancel'),
    progress: $('collection-progress'),
    download: $('collection-download'),
    status: $('collection-status'),
    results: $('collection-results'),
    caption: $('collection-caption'),
    rows: $('collection-rows'),
  };
  let lanes = null;
  let run = null; // the check under way: { cancelled }
  let downloadUrl = null;

  function say(message, kind = 'info') {
    ui.status.textContent = message;
    ui.status.dataset.kind = kind;
  }

  function setBusy(busy) {
    ui.check.disabled = busy;
    ui.file.disabled = busy;
    ui.cancel.disabled = !busy;
    ui.section.dataset.busy = String(busy);
  }

  async function check(source, name) {
    if (run) return;
    lanes ??= makeLanes();
    const state = {
      cancelled: false,
      tally: { unique: 0, several: 0, none: 0, invalid: 0, unfinished: 0 },
      read: 0, // entries read so far
      done: 0, // entries with a row
      fraction: 0, // of the text read
      failures: [],
      unique: [],
      waiting: new Map(), // index -> row, until the rows before it are in
      next: 1, // the next index to write out
      chunk: '',
      parts: [],
      started: performance.now(),
      error: null,
    };
    run = state;
    setBusy(true);
    ui.download.hidden = true;
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    downloadUrl = null;
    ui.progress.hidden = false;
    ui.progress.value = 0;
    ui.results.hidden = true;
    ui.rows.replaceChildren();
    const lanesWord = lanes.count === 1 ? 'on this page' : `on ${lanes.count} workers`;
    say(`Reading ${name}…`);

    // Rows are kept, tallied and written in input order, as they complete it.
    const record = (row, micros, puzzle) => {
      state.done += 1;
      state.waiting.set(Number(row.slice(0, row.indexOf('\t'))), { row, micros, puzzle });
      for (let w = state.waiting.get(state.next); w; w = state.waiting.get(state.next)) {
        state.waiting.delete(state.next);
        state.next += 1;
        state.chunk += `${w.row}\n`;
        const f = fields(w.row);
        state.tally[f.outcome] += 1;
        const [keep, cap] = f.outcome === 'unique' ? [state.unique, TABLE_UNIQUE] : [state.failures, TABLE_FAILURES];
        if (keep.length < cap) keep.push({ ...f, micros: w.micros, puzzle: w.puzzle });
      }
      if (state.chunk.length > BLOB_CHARS) {
        state.parts.push(new Blob([state.chunk]));
        state.chunk = '';
      }
    };

    let lastPaint = 0;
    const paint = (final = false) => {
      const now = performance.now();
      if (!final && now - lastPaint < 250) return;
      lastPaint = now;
      const estimate = state.fraction > 0 ? Math.max(state.read, state.read / state.fraction) : state.read;
      ui.progress.value = estimate ? state.done / estimate : 0;
      const rate = state.done / Math.max(1e-3, (now - state.started) / 1000);
      if (!final) {
        const of =
          state.fraction < 1 ? `about ${Math.round(estimate).toLocaleString('en')}` : state.read.toLocaleString('en');
        say(
          `Checked ${state.done.toLocaleString('en')} of ${of} puzzles, ${Math.round(rate).toLocaleString('en')} a second, ${lanesWord}…`,
        );
      }
    };

    // Batches out at once; each settles into `record`.
    const inFlight = new Set();
    const send = (batch) => {
      const p = lanes.check(batch).then(
        (rows) => {
          rows.forEach((r, i) => record(r.row, r.micros, batch[i]));
          paint();
        },
        (err) => {
          if (!state.cancelled) state.error ??= err;
        },
      );
      inFlight.add(p);
      p.finally(() => inFlight.delete(p));
    };

    try {
      const { CollectionReader } = await jobs();
      const reader = new CollectionReader();
      let batch = [];
      const drain = async () => {
        for (let e = reader.next(); e; e = reader.next()) {
          state.read += 1;
          const row = e.row;
          if (row !== undefined) {
            record(row, 0, null);
          } else {
            batch.push({
              index: e.index,
              line: e.line,
              side: e.side,
              shape: e.shape,
              cells: e.cells,
              alphabet: e.alphabet,
              blank: e.blank,
            });
          }
          e.free();
          if (batch.length === BATCH) {
            while (inFlight.size >= lanes.capacity && !state.error) await Promise.race(inFlight);
            if (state.cancelled || state.error) return;
            send(batch);
            batch = [];
            paint();
          }
        }
      };
      try {
        for await (const { text, fraction } of source) {
          if (state.cancelled || state.error) break;
          reader.push(text);
          state.fraction = fraction;
          await drain();
          // Let the page breathe between pieces (the reader runs here).
          await nextFrame();
        }
        if (!state.cancelled && !state.error) {
          reader.finish();
          await drain();
          if (batch.length && !state.cancelled) send(batch);
        }
      } finally {
        reader.free();
      }
      while (inFlight.size && !state.cancelled) await Promise.race(inFlight);
      if (state.error) throw state.error;
    } catch (err) {
      if (!state.cancelled) say(`The check stopped: ${err?.message ?? err}`, 'error');
    } finally {
      finish(state);
    }
  }

  function finish(state) {
    run = null;
    setBusy(false);
    ui.progress.hidden = true;
    const t = state.tally;
    const seconds = (performance.now() - state.started) / 1000;
    const rate = Math.round(state.done / Math.max(seconds, 1e-3)).toLocaleString('en');
    const summary =
      `${state.done.toLocaleString('en')} puzzle${state.done === 1 ? '' : 's'}: ${t.unique} unique, ${t.several} several, ` +
      `${t.none} none, ${t.invalid} invalid, ${t.unfinished} unfinished`;
    if (state.cancelled) {
      say(`Cancelled. ${summary} so far; the results below are those puzzles.`, 'warn');
    } else if (ui.status.dataset.kind !== 'error') {
      const failures = state.done - t.unique;
      say(
        `${summary}, in ${seconds.toFixed(1)} s (${rate} a second).` +
          (failures ? ` The ${failures === 1 ? 'failure is' : `${failures} failures are`} listed first.` : ''),
        failures ? 'warn' : 'ok',
      );
    }
    const parts = state.chunk ? [...state.parts, new Blob([state.chunk])] : state.parts;
    if (state.done > 0) {
      downloadUrl = URL.createObjectURL(new Blob([`${TSV_HEADER}\n`, ...parts], { type: 'text/tab-separated-values' }));
      ui.download.href = downloadUrl;
      ui.download.hidden = false;
    }
    showTable(state);
  }

  function showTable(state) {
    const rows = [...state.failures, ...state.unique];
    ui.results.hidden = rows.length === 0;
    const shown = rows.length < state.done ? ` The table shows ${rows.length} of them; the download has all.` : '';
    ui.caption.textContent = `${state.done.toLocaleString('en')} puzzles checked, failures first.${shown}`;
    ui.rows.replaceChildren(...rows.map((r) => tableRow(r)));
  }

  function tableRow(r) {
    const tr = document.createElement('tr');
    tr.dataset.outcome = r.outcome;
    const cell = (text) => {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
      return td;
    };
    const first = document.createElement('th');
    first.scope = 'row';
    if (r.puzzle) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `Open #${r.index}`;
      button.title = `Open puzzle ${r.index} (line ${r.line}) in the grid`;
      button.setAttribute('aria-label', `Open puzzle ${r.index}, line ${r.line}, in the grid`);
      button.addEventListener('click', () => openRow(r));
      first.append(button);
    } else {
      first.textContent = `#${r.index}`;
    }
    tr.append(first);
    cell(r.size === '-' ? '–' : `${r.size}×${r.size}`);
    const count = r.outcome === 'several' ? ` (${r.count.replace('+', ' or more')} solutions)` : '';
    cell(`${r.outcome}${count}`);
    cell(DIFFICULTY[r.difficulty] ?? '–');
    // Browsers round the clock to 0.1 ms outside cross-origin isolation.
    const ms = r.micros / 1000;
    const time = !r.puzzle ? '–' : ms < 0.1 ? '< 0.1 ms' : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
    cell(time).className = 'time';
    cell(r.reason === '-' ? `line ${r.line}` : r.reason);
    return tr;
  }

  function openRow(r) {
    const p = r.puzzle;
    // The page's status says what was loaded; the panel keeps its summary.
    if (open(formatGrid(p.cells, p.shape || p.side, p.alphabet, 'line'))) {
      document.getElementById('grid')?.scrollIntoView({ block: 'nearest' });
    }
  }

  function cancel() {
    if (!run) return;
    run.cancelled = true;
    lanes?.cancel();
  }

  ui.file.addEventListener('change', () => {
    const file = ui.file.files?.[0];
    if (file) check(fileText(file), file.name);
  });
  ui.check.addEventListener('click', () => {
    const text = ui.text.value;
    if (!text.trim()) {
      say('Paste some puzzles into the box first, or choose a file.', 'warn');
      return;
    }
    check(stringText(text), 'the text');
  });
  ui.cancel.addEventListener('click', cancel);
  ui.drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    ui.drop.dataset.over = 'true';
  });
  ui.drop.addEventListener('dragleave', () => delete ui.drop.dataset.over);
  ui.drop.addEventListener('drop', (e) => {
    e.preventDefault();
    delete ui.drop.dataset.over;
    const file = e.dataTransfer?.files?.[0];
    if (file) check(fileText(file), file.name);
  });
  ui.check.disabled = false;
  return {
    cancel,
    get busy() {
      return run !== null;
    },
  };
}
