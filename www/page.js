// The page's behaviour: binds the grid view (rendered by Rust) and wires
// events to it, saves the grid locally, reads and writes share links.
// `boot` takes the solver (a worker client on the web, an in-page one in the
// single-file build). No Sudoku rule lives here: keys, parsing, conflicts,
// hints and checks are Rust's.
import { GridView, alphabets, alphabetName } from './pkg/bitsudoku.js';
import { Cancelled } from './solver-client.js';
import { EXAMPLES } from './examples.js';

const STORE_KEY = 'bitsudoku:v1';
const DEFAULT_SIDE = 16;
// Pasted text beyond this is refused before it reaches the solver: a puzzle
// is at most a few kilobytes, and a huge paste would only freeze the page.
const MAX_PASTE_CHARS = 100_000;

export function boot({ solver, document = globalThis.document, location = globalThis.location }) {
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
    generate: $('generate'),
    symmetric: $('symmetric'),
    hint: $('hint'),
    check: $('check'),
    undo: $('undo'),
    redo: $('redo'),
    share: $('share'),
    mode: $('mode'),
    candidates: $('candidates'),
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

  const view = new GridView(ui.grid, DEFAULT_SIDE);
  let busy = null; // 'solve' or 'generate' while the solver works

  // ---- saving: one grid per size, so switching size loses nothing --------

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
    store.grids[view.side] = {
      alphabet: view.alphabet,
      layout: view.layout,
      mode: view.mode,
      cells: Array.from(view.givens()),
      entries: Array.from(view.entries()),
    };
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
      view.setPuzzle(Uint8Array.from(saved.cells), Uint8Array.from(saved.entries ?? []));
      view.setMode(saved.mode ?? 'edit');
      return true;
    } catch (err) {
      view.resize(side);
      say(`The saved ${side}×${side} grid could not be restored: ${err.message}`, 'warn');
      return false;
    }
  }

  // ---- controls that follow the grid -------------------------------------

  function syncControls() {
    ui.size.value = String(view.side);
    ui.alphabet.replaceChildren(...alphabets(view.side).map((id) => new Option(alphabetName(view.side, id), id)));
    ui.alphabet.value = view.alphabet;
    ui.pad.replaceChildren(
      ...view.symbols().map((symbol) => padButton(symbol, symbol, `Enter ${symbol}`)),
      padButton('Delete', '⌫', 'Empty the cell'),
    );
    syncButtons();
  }

  function syncButtons() {
    ui.solve.disabled = busy !== null;
    ui.generate.disabled = busy !== null;
    ui.cancel.disabled = busy === null;
    ui.reset.disabled = !view.hasSolution;
    ui.undo.disabled = !view.canUndo;
    ui.redo.disabled = !view.canRedo;
    const play = view.mode === 'play';
    ui.mode.textContent = play ? 'Edit puzzle' : 'Play';
    ui.mode.title = play
      ? 'Typing now fills your entries; switch to change the givens'
      : 'Typing now sets givens; switch to fill in your answers';
    ui.mode.setAttribute('aria-pressed', String(play));
    document.body.dataset.mode = view.mode;
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
    syncButtons();
    if (!showConflicts() && ui.status.dataset.kind === 'error') say('');
  }

  // ---- keyboard, mouse, pad ----------------------------------------------

  function press(key, shift = false) {
    const r = view.key(key, shift);
    if (r.changed) edited();
    // A key's hint ("'Z' is not a symbol…") lasts until the next good key.
    if (r.message) say(r.message, 'hint');
    else if (r.handled && ui.status.dataset.kind === 'hint') say('');
    return r.handled;
  }

  function undoRedo(redo) {
    const done = redo ? view.redo() : view.undo();
    if (done) edited();
    else say(redo ? 'Nothing to redo.' : 'Nothing to undo.', 'hint');
  }

  ui.grid.addEventListener('keydown', (e) => {
    if (e.altKey || e.metaKey) return;
    if (e.ctrlKey) return; // handled at the document level
    if (press(e.key, e.shiftKey)) e.preventDefault();
  });

  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.closest?.('textarea, input, select')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' || k === 'y') {
      e.preventDefault();
      undoRedo(k === 'y' || e.shiftKey);
    }
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

  // ---- paste: anywhere on the page, or the text box ----------------------

  function loadText(text) {
    if (text.length > MAX_PASTE_CHARS) {
      const kb = Math.round(text.length / 1000);
      say(`That text is ${kb} kB; the page reads up to ${MAX_PASTE_CHARS / 1000} kB. Your grid is unchanged.`, 'error');
      return false;
    }
    try {
      const message = view.loadText(text, ui.alphabet.value);
      view.setMode('edit');
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

  // ---- size, alphabet, examples, modes -----------------------------------

  ui.size.addEventListener('change', () => {
    cancelWork();
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
      cancelWork();
      loadText(ex.text);
    }
  });

  ui.mode.addEventListener('click', () => {
    view.setMode(view.mode === 'play' ? 'edit' : 'play');
    save();
    syncButtons();
    say(
      view.mode === 'play'
        ? 'Play: typing fills your entries; the givens stay fixed.'
        : 'Edit puzzle: typing sets givens.',
    );
    view.focus();
  });

  ui.candidates.addEventListener('change', () => {
    view.setShowCandidates(ui.candidates.checked);
  });

  // ---- solving and generating ----------------------------------------------

  function cancelWork() {
    if (busy) solver.cancel();
  }

  ui.solve.addEventListener('click', async () => {
    const givensClash = view.givensConflict;
    if (givensClash) {
      say(givensClash, 'error');
      return;
    }
    const givens = view.givens();
    busy = 'solve';
    syncButtons();
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
      busy = null;
      syncButtons();
    }
  });

  ui.generate.addEventListener('click', async () => {
    busy = 'generate';
    syncButtons();
    const side = view.side;
    const seed = Math.floor(Math.random() * 2 ** 32);
    say(`Making a ${side}×${side} puzzle with one solution…`);
    try {
      const g = await solver.generate(side, seed, ui.symmetric.checked);
      view.setGivens(Uint8Array.from(g.cells));
      view.setMode('play');
      edited();
      say(`A new ${side}×${side} puzzle with ${g.givens} givens, ${g.grade}. Seed ${seed}.`, 'ok');
      view.focus();
    } catch (err) {
      if (err instanceof Cancelled) say('Cancelled. Your grid is unchanged.');
      else say(`Could not make a puzzle: ${err.message}. Your grid is unchanged.`, 'error');
    } finally {
      busy = null;
      syncButtons();
    }
  });

  ui.cancel.addEventListener('click', cancelWork);

  ui.hint.addEventListener('click', () => {
    say(view.hint(), 'info');
    view.focus();
  });

  ui.check.addEventListener('click', () => {
    const message = view.check();
    say(message, /wrong|Conflicting|no solution|several/.test(message) ? 'warn' : 'ok');
  });

  ui.undo.addEventListener('click', () => undoRedo(false));
  ui.redo.addEventListener('click', () => undoRedo(true));

  ui.reset.addEventListener('click', () => {
    view.clearSolution();
    syncButtons();
    say('Solution removed; your givens and entries are kept.');
    view.focus();
  });

  ui.clear.addEventListener('click', () => {
    cancelWork();
    view.clear();
    edited();
    syncControls();
    say('Grid cleared. Undo brings it back.');
    view.focus();
  });

  async function copy(text, what) {
    try {
      await navigator.clipboard.writeText(text);
      say(`${what} is copied.`);
    } catch {
      // No clipboard access (e.g. plain http): hand the text over for Ctrl+C.
      ui.paste.value = text;
      ui.paste.closest('details').open = true;
      ui.paste.select();
      say(`${what} is in the text box below: press Ctrl+C to copy it.`, 'warn');
    }
  }

  ui.copy.addEventListener('click', () => {
    const what = view.hasSolution ? 'The solution' : 'The grid';
    copy(view.text(), `${what} (${alphabetName(view.side, view.alphabet)})`);
  });

  ui.share.addEventListener('click', () => {
    const hash = `#${view.shareText()}`;
    history.replaceState(null, '', hash);
    copy(location.href, 'A link to this puzzle (with your entries)');
  });

  // ---- start -----------------------------------------------------------------

  let restored = restore(Number(store.side) || DEFAULT_SIDE);
  let opened = null;
  if (location.hash.length > 1) {
    try {
      const raw = location.hash.slice(1, MAX_PASTE_CHARS);
      let text = raw;
      try {
        text = decodeURIComponent(raw);
      } catch {
        // Not percent-encoded after all: read it as it is.
      }
      opened = view.loadShared(text);
      save();
    } catch (err) {
      say(`${err.message} Your saved grid is shown instead.`, 'error');
      restored = false;
    }
  }
  syncControls();
  if (opened) say(opened, 'ok');
  else if (!showConflicts() && restored) say('Your last grid is restored.');
  ui.candidates.checked = false;
  document.body.dataset.ready = 'true';
  return { view, say };
}
