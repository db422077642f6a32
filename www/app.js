// The page: loads the WebAssembly, binds the grid view (rendered by Rust),
// wires events to it, owns the worker client and saves the grid locally.
// No Sudoku rule lives here: keys, parsing, conflicts and checks are Rust's.
import init, { GridView, alphabets, alphabetName } from './pkg/bitsudoku.js';
import { Cancelled, SolverClient } from './solver-client.js';
import { EXAMPLES } from './examples.js';

const STORE_KEY = 'bitsudoku:v1';
const DEFAULT_SIDE = 16;
// Pasted text beyond this is refused before it reaches the solver: a puzzle
// is at most a few kilobytes, and a huge paste would only freeze the page.
const MAX_PASTE_CHARS = 100_000;

const $ = (id) => document.getElementById(id);
const ui = {
  grid: $('grid'),
  size: $('size'),
  alphabet: $('alphabet'),
  examples: $('examples'),
  solve: $('solve'),
  cancel: $('cancel'),
  reset: $('reset'),
  clear: $('clear'),
  copy: $('copy'),
  pad: $('pad'),
  status: $('status'),
  note: $('note'),
  paste: $('paste-text'),
  load: $('load'),
};

function say(message, kind = 'info') {
  ui.status.textContent = message;
  ui.status.dataset.kind = kind;
}

await init();
const view = new GridView(ui.grid, DEFAULT_SIDE);
const solver = new SolverClient();
let solving = null; // { givens: Uint8Array } while a solve runs

// ---- saving: one grid per size, so switching size loses nothing ----------

function loadStore() {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    const store = raw ? JSON.parse(raw) : null;
    return store && typeof store === 'object' && store.grids ? store : { side: DEFAULT_SIDE, grids: {} };
  } catch {
    return { side: DEFAULT_SIDE, grids: {} };
  }
}

const store = loadStore();

function save() {
  store.side = view.side;
  store.grids[view.side] = { alphabet: view.alphabet, layout: view.layout, cells: Array.from(view.givens()) };
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
    ui.note.hidden = true;
  } catch (err) {
    // A lasting note, not a status that the next message replaces.
    ui.note.textContent = `This browser did not save the grid (${err.name}); it stays on the page until you leave.`;
    ui.note.hidden = false;
  }
}

/** Shows the saved grid of `side` (or an empty one). Returns whether one was restored. */
function restore(side) {
  const saved = store.grids[side];
  view.resize(side);
  if (!saved) return false;
  try {
    view.setAlphabet(saved.alphabet);
    view.setLayout(saved.layout);
    view.setGivens(Uint8Array.from(saved.cells));
    return true;
  } catch (err) {
    view.resize(side);
    say(`The saved ${side}×${side} grid could not be restored: ${err.message}`, 'warn');
    return false;
  }
}

// ---- controls that follow the grid ----------------------------------------

function syncControls() {
  ui.size.value = String(view.side);
  ui.alphabet.replaceChildren(...alphabets(view.side).map((id) => new Option(alphabetName(view.side, id), id)));
  ui.alphabet.value = view.alphabet;
  ui.pad.replaceChildren(
    ...view.symbols().map((symbol) => padButton(symbol, symbol, `Enter ${symbol}`)),
    padButton('Delete', '⌫', 'Empty the cell'),
  );
  ui.solve.disabled = solving !== null;
  ui.cancel.disabled = solving === null;
  ui.reset.disabled = !view.hasSolution;
}

function padButton(key, label, title) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.title = title;
  b.dataset.key = key;
  return b;
}

function showConflicts() {
  const message = view.conflictMessage;
  if (message) say(message, 'error');
  return Boolean(message);
}

/** After any edit: save, drop stale results, report conflicts. */
function edited() {
  save();
  ui.reset.disabled = !view.hasSolution;
  if (!showConflicts() && ui.status.dataset.kind === 'error') say('');
}

// ---- keyboard, mouse, pad --------------------------------------------------

function press(key, shift = false) {
  const r = view.key(key, shift);
  if (r.changed) edited();
  // A key's hint ("'Z' is not a symbol…") lasts until the next good key.
  if (r.message) say(r.message, 'hint');
  else if (r.handled && ui.status.dataset.kind === 'hint') say('');
  return r.handled;
}

ui.grid.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (press(e.key, e.shiftKey)) e.preventDefault();
});

ui.grid.addEventListener('pointerdown', (e) => {
  const cell = e.target.closest('[data-cell]');
  if (!cell) return;
  e.preventDefault();
  view.select(Number(cell.dataset.cell), true);
});

ui.pad.addEventListener('click', (e) => {
  const button = e.target.closest('button[data-key]');
  if (button) press(button.dataset.key);
});

// ---- paste: anywhere on the page, or the text box --------------------------

function loadText(text) {
  if (text.length > MAX_PASTE_CHARS) {
    const kb = Math.round(text.length / 1000);
    say(`That text is ${kb} kB; the page reads up to ${MAX_PASTE_CHARS / 1000} kB. Your grid is unchanged.`, 'error');
    return false;
  }
  try {
    const message = view.loadText(text, ui.alphabet.value);
    syncControls();
    edited();
    if (!showConflicts()) say(message);
    return true;
  } catch (err) {
    say(`Could not read the puzzle: ${err.message}. Your grid is unchanged.`, 'error');
    return false;
  }
}

document.addEventListener('paste', (e) => {
  if (e.target.closest?.('textarea, input')) return;
  const text = e.clipboardData?.getData('text/plain') ?? '';
  e.preventDefault();
  const trimmed = text.length > MAX_PASTE_CHARS ? text : text.trim();
  if (trimmed.length <= 2 && [...trimmed].length === 1) press(trimmed);
  else if (trimmed) loadText(text);
});

ui.load.addEventListener('click', () => loadText(ui.paste.value));

// ---- size, alphabet, examples ----------------------------------------------

ui.size.addEventListener('change', () => {
  cancelSolve();
  save();
  restore(Number(ui.size.value));
  syncControls();
  save();
  say(`${view.side}×${view.side} grid.`);
});

ui.alphabet.addEventListener('change', () => {
  view.setAlphabet(ui.alphabet.value);
  syncControls();
  save();
});

ui.examples.replaceChildren(new Option('Examples…', ''), ...EXAMPLES.map((ex, i) => new Option(ex.name, String(i))));
ui.examples.addEventListener('change', () => {
  const ex = EXAMPLES[Number(ui.examples.value)];
  ui.examples.value = '';
  if (ex) {
    cancelSolve();
    loadText(ex.text);
  }
});

// ---- solving ---------------------------------------------------------------

function cancelSolve() {
  if (solving) solver.cancel();
}

ui.solve.addEventListener('click', async () => {
  if (showConflicts()) return;
  const givens = view.givens();
  solving = { givens };
  syncControls();
  say('Solving…');
  try {
    const r = await solver.solve(givens, view.side, {
      alphabet: view.alphabet,
      onProgress: (nodes) => say(`Solving… ${nodes.toLocaleString()} positions tried.`),
    });
    const current = view.givens();
    if (current.length !== givens.length || current.some((d, i) => d !== givens[i])) {
      say('The grid changed while solving; press Solve again.', 'warn');
    } else if (r.cells) {
      view.showSolution(r.cells);
      say(r.message, r.outcome === 'several' ? 'warn' : 'ok');
    } else {
      say(r.message, 'error');
    }
  } catch (err) {
    if (err instanceof Cancelled) say('Cancelled. Your grid is unchanged.');
    else say(`The solver failed: ${err.message}. Your grid is unchanged.`, 'error');
  } finally {
    solving = null;
    syncControls();
  }
});

ui.cancel.addEventListener('click', cancelSolve);

ui.reset.addEventListener('click', () => {
  view.clearSolution();
  syncControls();
  say('Solution removed; your givens are kept.');
  view.focus();
});

ui.clear.addEventListener('click', () => {
  cancelSolve();
  view.clear();
  edited();
  syncControls();
  say('Grid cleared.');
  view.focus();
});

ui.copy.addEventListener('click', async () => {
  const text = view.text();
  const what = view.hasSolution ? 'The solution' : 'The grid';
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} is copied as text (${alphabetName(view.side, view.alphabet)}).`);
  } catch {
    // No clipboard access (e.g. plain http): hand the text over for Ctrl+C.
    ui.paste.value = text;
    ui.paste.closest('details').open = true;
    ui.paste.select();
    say(`${what} is in the text box below: press Ctrl+C to copy it.`, 'warn');
  }
});

// ---- start -----------------------------------------------------------------

const restored = restore(Number(store.side) || DEFAULT_SIDE);
syncControls();
if (!showConflicts() && restored) say('Your last grid is restored.');
document.body.dataset.ready = 'true';
