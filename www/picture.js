// Reading a puzzle from a picture, for the page (app.js loads this file only
// when a picture is opened). The browser decodes the picture, shrunk so that
// its longest side is at most 2000 pixels; a worker of its own reads it with
// the picture module (picture-worker.js). A dialog then shows the picture
// with the grid found outlined, and the grid read, its doubtful cells
// marked, with the solver's verdict and the likeliest correction. The
// person corrects what was misread; "Use this puzzle" puts it on the page's
// grid as one step that Undo takes back. Cancel ends the worker, whatever it
// is doing: the page never waits on a reading.
import { GridView, alphabets } from './pkg/bitsudoku.js';
import { bindGrid } from './grid-controller.js';
import { Cancelled } from './jobs.js';

// The longest side sent to the reader (it reads at most this many pixels).
const MAX_SIDE = 2000;
// The picture in the dialog: at most this many CSS pixels a side, drawn at
// the screen's density.
const SHOWN_SIDE = 900;

/** The picture worker: requests answered by id; close() ends it at once. */
class Reader {
  #worker = new Worker(new URL('./picture-worker.js', import.meta.url), { type: 'module' });
  #waiting = new Map(); // id -> { resolve, reject }
  #next = 1;

  constructor() {
    this.#worker.onmessage = ({ data }) => {
      const asked = this.#waiting.get(data.id);
      if (!asked) return;
      this.#waiting.delete(data.id);
      if (data.type === 'error') asked.reject(new Error(data.message));
      else asked.resolve(data);
    };
    this.#worker.onerror = (e) => {
      e.preventDefault();
      this.#fail(new Error(e.message || 'the picture reader could not load'));
    };
  }

  /** Reads `rgba` (its buffer is handed over), `width` × `height` pixels: resolves with the reading. */
  read(rgba, width, height) {
    return this.#ask({ type: 'read', rgba: rgba.buffer, width, height }, [rgba.buffer]).then((m) => m.reading);
  }

  /** The verdict on `cells` of `shape`: 'unique', 'several', 'broken' or 'unknown'. */
  check(cells, shape) {
    return this.#ask({ type: 'check', cells: Array.from(cells), shape }).then((m) => m.status);
  }

  close() {
    this.#worker.terminate();
    this.#fail(new Cancelled());
  }

  #ask(message, transfer = []) {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }

  #fail(err) {
    for (const { reject } of this.#waiting.values()) reject(err);
    this.#waiting.clear();
  }
}

/** The picture's pixels, its longest side at most MAX_SIDE: { canvas, rgba, width, height }. */
async function decode(file) {
  // The way up it is shown: a phone stores a photo lying as its sensor lay
  // and says in the EXIF how to turn it ('from-image', the default in
  // current browsers; one that does not know the value throws, and gets the default).
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch((e) =>
    e instanceof TypeError ? createImageBitmap(file) : Promise.reject(e),
  );
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { canvas, width, height, rgba: context.getImageData(0, 0, width, height).data };
}

/** A cell in a player's words. */
function cellName(cell, side) {
  return `row ${Math.floor(cell / side) + 1}, column ${(cell % side) + 1}`;
}

/** "a; b and c" (a cell's name has a comma of its own). */
function listed(items) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join('; ')} and ${items.at(-1)}`;
}

let ui = null; // the dialog's elements, bound once
let shown = null; // the picture in the dialog: { page, opener, reader, view, reading, doubtful, edited, checks, used }

function bind() {
  if (ui) return;
  const $ = (id) => document.getElementById(id);
  ui = {
    dialog: $('picture'),
    shot: $('picture-shot'),
    review: $('picture-review'),
    grid: $('picture-grid'),
    legend: $('picture-legend'),
    progress: $('picture-progress'),
    status: $('picture-status'),
    offer: $('picture-offer'),
    offerText: $('picture-offer-text'),
    apply: $('picture-apply'),
    use: $('picture-use'),
    again: $('picture-again'),
    cancel: $('picture-cancel'),
  };
  ui.cancel.addEventListener('click', () => ui.dialog.close());
  ui.use.addEventListener('click', use);
  ui.apply.addEventListener('click', applySuggestion);
  ui.again.addEventListener('change', () => {
    const file = ui.again.files?.[0];
    ui.again.value = '';
    if (file && shown) openPicture(file, shown.page);
  });
  // Escape, Cancel or Use: the reading stops, the worker goes. The event
  // comes a moment after the dialog closes: a picture opened in that moment
  // (dropped at once) has reopened it and ended the last reading itself.
  ui.dialog.addEventListener('close', () => {
    if (ui.dialog.open) return;
    const s = shown;
    shown = null;
    delete ui.dialog.dataset.state;
    if (!s) return;
    end(s);
    if (s.used) s.page.view.focus();
    else s.opener?.focus?.();
  });
}

/** Ends a picture's reading: its worker and its review grid. */
function end(s) {
  s.reader?.close();
  s.view?.free();
  s.view = null;
}

function say(message, kind = 'info') {
  ui.status.textContent = message;
  ui.status.dataset.kind = kind;
}

/**
 * Opens `file` (a picture) in the dialog and reads it; `page` is what the
 * page's boot returned (its view, and usePuzzle).
 */
export async function openPicture(file, page) {
  bind();
  const opener = shown?.opener ?? document.activeElement;
  if (shown) end(shown);
  const s = { page, opener, reader: null, view: null, reading: null, doubtful: new Set(), edited: false, checks: 0 };
  shown = s;
  // A new grid element each time: the listeners of the last one go with it.
  const grid = ui.grid.cloneNode(false);
  ui.grid.replaceWith(grid);
  ui.grid = grid;
  ui.review.hidden = true;
  ui.legend.hidden = true;
  ui.offer.hidden = true;
  ui.use.hidden = false;
  ui.use.disabled = true;
  ui.cancel.textContent = 'Cancel';
  ui.progress.hidden = false;
  ui.dialog.dataset.state = 'reading';
  say('Reading the picture…');
  if (!ui.dialog.open) ui.dialog.showModal();
  ui.cancel.focus();

  let pixels;
  try {
    pixels = await decode(file);
  } catch (err) {
    if (shown === s) {
      // The browser's own words end with a full stop of their own.
      const why = String(err?.message ?? err).replace(/\.$/, '');
      fail(`This file could not be opened as a picture (${why}).`);
    }
    return;
  }
  if (shown !== s) return;
  draw(pixels, null);
  s.reader = new Reader();
  let reading;
  try {
    reading = await s.reader.read(pixels.rgba, pixels.width, pixels.height);
  } catch (err) {
    if (shown === s && !(err instanceof Cancelled)) fail(`The picture could not be read: ${err?.message ?? err}.`);
    return;
  }
  if (shown !== s) return;
  ui.progress.hidden = true;
  if (!reading.found) {
    fail(`No puzzle found in this picture: ${reading.reason}.`);
    return;
  }
  draw(pixels, reading.corners);
  review(s, reading);
}

/** Nothing to review: the reason, and the dialog's one way out. */
function fail(message) {
  ui.progress.hidden = true;
  ui.dialog.dataset.state = 'failed';
  ui.use.hidden = true;
  say(message, 'error');
  ui.cancel.textContent = 'Close';
  ui.cancel.focus();
}

/**
 * The picture, the grid found outlined and the rest dimmed; turned by
 * quarter turns the way the grid was read (a picture lying on its side is
 * shown upright, so that its cells compare with the grid read beside it).
 */
function draw({ canvas: picture, width, height }, corners) {
  const canvas = ui.shot;
  const fit = Math.min(1, (SHOWN_SIDE * (globalThis.devicePixelRatio || 1)) / Math.max(width, height));
  const [w, h] = [Math.max(1, Math.round(width * fit)), Math.max(1, Math.round(height * fit))];
  const found = corners && corners.length >= 8;
  // The grid's top edge (its first two corners), in quarter turns clockwise.
  const turn = found
    ? (Math.round(Math.atan2(corners[3] - corners[1], corners[2] - corners[0]) / (Math.PI / 2)) + 4) % 4
    : 0;
  [canvas.width, canvas.height] = turn % 2 ? [h, w] : [w, h];
  // (Sizing the canvas reset its transform.)
  const c = canvas.getContext('2d');
  c.translate(
    ...[
      [0, 0],
      [0, w],
      [w, h],
      [h, 0],
    ][turn],
  );
  c.rotate((-turn * Math.PI) / 2);
  c.drawImage(picture, 0, 0, w, h);
  if (!found) return;
  const quad = new Path2D();
  for (let i = 0; i < 4; i++) quad[i ? 'lineTo' : 'moveTo'](corners[2 * i] * fit, corners[2 * i + 1] * fit);
  quad.closePath();
  const outside = new Path2D();
  outside.rect(0, 0, w, h);
  outside.addPath(quad);
  c.fillStyle = 'rgba(0, 0, 0, 0.35)';
  c.fill(outside, 'evenodd');
  const line = Math.max(2, w / 250);
  c.lineJoin = 'round';
  c.lineWidth = line * 2.2;
  c.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  c.stroke(quad);
  c.lineWidth = line;
  c.strokeStyle = '#1d5fd0';
  c.stroke(quad);
}

/** Shows the grid read, for the person to check and correct. */
function review(s, reading) {
  s.reading = reading;
  ui.review.hidden = false;
  const view = new GridView(ui.grid, reading.shape);
  s.view = view;
  view.setPuzzle(Uint8Array.from(reading.cells), new Uint8Array(reading.cells.length), reading.shape);
  if (alphabets(view.side).includes(reading.alphabet)) view.setAlphabet(reading.alphabet);
  s.doubtful = new Set(reading.doubtful);
  bindGrid({
    view,
    grid: ui.grid,
    onFeedback: (f) => edited(s, f),
    onCommand: (command) => {
      if (command === 'solve') use();
    },
  });
  mark(s);
  const givens = reading.cells.reduce((k, d) => k + (d !== 0), 0);
  verdict(s, reading.status, `A ${view.shapeName} puzzle with ${givens} givens. `);
  const pairs = reading.suggestion;
  if (reading.status !== 'unique' && pairs.length > 0) {
    const symbols = view.symbols();
    const changes = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const value = pairs[i + 1];
      changes.push(`${cellName(pairs[i], view.side)} as ${value === 0 ? 'empty' : symbols[value - 1]}`);
    }
    ui.offerText.textContent = `Reading ${listed(changes)} gives one solution.`;
    ui.offer.hidden = false;
  }
  ui.use.disabled = false;
  ui.dialog.dataset.state = 'review';
  const first = reading.doubtful[0];
  if (first !== undefined) view.select(first, reading.status !== 'unique');
  if (reading.status === 'unique' || first === undefined) ui.use.focus();
}

/** Marks the doubtful cells and names them in the legend. */
function mark(s) {
  const side = s.view.side;
  for (const el of ui.grid.querySelectorAll('[data-cell]')) {
    el.classList.toggle('doubtful', s.doubtful.has(Number(el.dataset.cell)));
  }
  const names = [...s.doubtful].map((c) => cellName(c, side));
  ui.legend.hidden = names.length === 0;
  const swatch = document.createElement('span');
  swatch.className = 'swatch';
  swatch.setAttribute('aria-hidden', 'true');
  ui.legend.replaceChildren(swatch, ` Read with doubt, check against the picture: ${listed(names)}.`);
}

/** Says what the solver makes of the grid as it now stands. */
function verdict(s, status, first = '') {
  const subject = s.edited ? 'The puzzle now' : 'The puzzle read';
  const clash = s.view.conflictCells().length > 0;
  const marked = s.doubtful.size > 0;
  const [words, kind] = {
    unique: [`${subject} has one solution.`, 'ok'],
    several: [
      `${subject} has several solutions: ${marked ? 'check the marked cells; ' : ''}a given may be missing.`,
      'warn',
    ],
    broken: [
      `${subject} has no solution: ${
        clash
          ? 'equal symbols share a house (in red)'
          : marked
            ? 'check the marked cells'
            : 'check it against the picture'
      }.`,
      'error',
    ],
  }[status] ?? [`Could not tell in time whether ${subject.toLowerCase()} has one solution.`, 'warn'];
  say(first + words, kind);
}

/** After a key or a pad press in the review grid: a change is checked again. */
function edited(s, f) {
  if (!f.changed) {
    if (f.tone === 'error' || f.tone === 'warn') say(f.message, f.tone);
    return;
  }
  changed(s, f.cells);
}

/** Cells the person changed are checked by eye: their marks go; the verdict is worked out again. */
async function changed(s, cells) {
  s.edited = true;
  for (const c of cells) s.doubtful.delete(c);
  mark(s);
  ui.offer.hidden = true;
  const token = ++s.checks;
  try {
    const status = await s.reader.check(s.view.current(), s.view.shape);
    if (shown === s && token === s.checks) verdict(s, status);
  } catch (err) {
    if (shown === s && !(err instanceof Cancelled)) say(`Could not check the puzzle: ${err?.message ?? err}.`, 'error');
  }
}

function applySuggestion() {
  const s = shown;
  if (!s?.view) return;
  const cells = s.view.current();
  const pairs = s.reading.suggestion;
  const touched = [];
  for (let i = 0; i < pairs.length; i += 2) {
    cells[pairs[i]] = pairs[i + 1];
    touched.push(pairs[i]);
  }
  s.view.setPuzzle(cells, new Uint8Array(cells.length), s.view.shape);
  changed(s, touched);
  s.view.select(touched[0], true);
}

function use() {
  const s = shown;
  if (!s?.view) return;
  const { view } = s;
  s.used = s.page.usePuzzle({ cells: view.current(), shape: view.shape, alphabet: view.alphabet });
  if (s.used) ui.dialog.close();
}
