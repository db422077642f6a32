// The page's behaviour: binds the grid view (a session painted by Rust) to
// the controls, saves the grid locally, reads and writes share links.
// `boot` takes the solver (a worker client on the web, an in-page one in the
// single-file build). No Sudoku rule and no sentence about the grid lives
// here: the view answers every action with its kind, cells, words and tone.
import { GridView, alphabets, alphabetName, browseMessage } from './pkg/bitsudoku.js';
import { Cancelled } from './solver-client.js';
import { EXAMPLES } from './examples.js';
import { bindGrid, padButtons, pasteInto } from './grid-controller.js';
import { MAX_PASTE_CHARS } from './jobs.js';

const STORE_KEY = 'bitsudoku:v1';
// Solutions counted one by one before the page estimates instead.
const COUNT_LIMIT = 1_000_000;
// Random probes of an estimate (Knuth's), and their seed: the same puzzle
// gets the same estimate, here and from `bitsudoku count --estimate`.
const PROBES = 10_000;
const PROBE_SEED = 1;
const DEFAULT_SIDE = 16;
const SIDES = [4, 9, 16, 25];

/** The saved store, checked: anything malformed is dropped, with a reason. */
export function readStore(raw) {
  const empty = { side: DEFAULT_SIDE, grids: {} };
  if (raw == null) return { store: empty, problem: null };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { store: empty, problem: 'it is not JSON' };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { store: empty, problem: 'it is not an object' };
  const store = { side: SIDES.includes(data.side) ? data.side : DEFAULT_SIDE, grids: {} };
  const grids = data.grids && typeof data.grids === 'object' && !Array.isArray(data.grids) ? data.grids : {};
  let dropped = 0;
  for (const side of SIDES) {
    const g = grids[side];
    if (g === undefined) continue;
    const cells = side * side;
    const digits = (a) =>
      Array.isArray(a) && a.length === cells && a.every((d) => Number.isInteger(d) && d >= 0 && d <= side);
    if (g && typeof g === 'object' && digits(g.cells) && (g.entries === undefined || digits(g.entries))) {
      store.grids[side] = {
        cells: g.cells,
        entries: g.entries ?? new Array(cells).fill(0),
        alphabet: typeof g.alphabet === 'string' ? g.alphabet : '',
        layout: typeof g.layout === 'string' ? g.layout : '',
        mode: g.mode === 'play' ? 'play' : 'edit',
      };
    } else {
      dropped += 1;
    }
  }
  const badSide = data.side !== undefined && !SIDES.includes(data.side);
  const badGrids = data.grids !== undefined && grids !== data.grids;
  return { store, problem: dropped > 0 || badSide || badGrids ? 'part of it was damaged' : null };
}

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
    level: $('level'),
    hint: $('hint'),
    explain: $('explain'),
    steps: $('steps'),
    stepsList: $('steps-list'),
    stepsEnd: $('steps-end'),
    stepBack: $('step-back'),
    stepNext: $('step-next'),
    stepsClose: $('steps-close'),
    count: $('count'),
    prevSolution: $('prev-solution'),
    nextSolution: $('next-solution'),
    check: $('check'),
    undo: $('undo'),
    redo: $('redo'),
    share: $('share'),
    modeEdit: $('mode-edit'),
    modePlay: $('mode-play'),
    candidates: $('candidates'),
    pad: $('pad'),
    status: $('status'),
    note: $('note'),
    paste: $('paste-text'),
    load: $('load'),
  };

  /** Shows a message; an error is brought into view where the person is. */
  function say(message, kind = 'info') {
    ui.status.textContent = message;
    ui.status.dataset.kind = kind;
    if (kind === 'error' || kind === 'warn') {
      const box = ui.status.getBoundingClientRect();
      if (box.top < 0 || box.bottom > (globalThis.innerHeight ?? 0)) ui.status.scrollIntoView({ block: 'nearest' });
    }
  }

  const view = new GridView(ui.grid, DEFAULT_SIDE);
  let busy = null; // 'solve' or 'generate' while the solver works

  /** Shows a view's feedback: its words with their tone, saving when the grid changed. */
  function show(f) {
    if (f.changed) save();
    syncSteps();
    if (f.tone === 'keep') {
      // A cursor move ends a passing note about a key, nothing else.
      if (ui.status.dataset.kind === 'hint') say('');
    } else if (f.tone === 'clear') {
      say('');
    } else {
      say(f.message, f.tone);
    }
    syncButtons();
    return f;
  }

  // ---- saving: one grid per size, so switching size loses nothing --------

  function loadStore() {
    let raw = null;
    try {
      raw = localStorage.getItem(STORE_KEY);
    } catch {
      // Storage forbidden: start empty; save() says so on the first edit.
    }
    const { store, problem } = readStore(raw);
    if (problem) showNote(`Your saved grids could not all be read (${problem}); what could not be read was set aside.`);
    return store;
  }

  function showNote(text) {
    ui.note.textContent = text;
    ui.note.hidden = false;
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
      showNote(`This browser did not save the grid (${err.name}); it stays on the page until you leave.`);
    }
  }

  /** Shows the saved grid of `side` (or an empty one). Returns whether one was restored. */
  function restore(side) {
    const saved = store.grids[side];
    view.resize(side);
    if (!saved) return false;
    try {
      const f = view.setPuzzle(Uint8Array.from(saved.cells), Uint8Array.from(saved.entries));
      if (f.kind === 'refused') throw new Error(f.message);
      if (alphabets(side).includes(saved.alphabet)) view.setAlphabet(saved.alphabet);
      if (saved.layout) view.setLayout(saved.layout);
      view.setMode(saved.mode);
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
    ui.pad.replaceChildren(...padButtons(view, document));
    ui.pad.dataset.wide = String(view.alphabet === 'numbers');
    syncButtons();
  }

  function syncButtons() {
    ui.solve.disabled = busy !== null;
    ui.generate.disabled = busy !== null;
    ui.count.disabled = busy !== null;
    ui.nextSolution.disabled = busy !== null;
    ui.prevSolution.disabled = busy !== null || browsing().at <= 0;
    ui.cancel.disabled = busy === null;
    ui.reset.disabled = !view.hasSolution;
    ui.undo.disabled = !view.canUndo;
    ui.redo.disabled = !view.canRedo;
    const play = view.mode === 'play';
    ui.modeEdit.setAttribute('aria-checked', String(!play));
    ui.modePlay.setAttribute('aria-checked', String(play));
    document.body.dataset.mode = view.mode;
  }

  function setMode(mode) {
    show(view.setMode(mode));
    save();
  }

  bindGrid({
    view,
    grid: ui.grid,
    pad: ui.pad,
    onFeedback: show,
    onCommand: (command) => {
      if (command === 'solve') ui.solve.click();
      else if (command === 'leave') (ui.solve.disabled ? ui.cancel : ui.solve).focus();
    },
  });

  // Undo and redo work outside the grid too, except in text fields.
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.closest?.('textarea, input, select, .sudoku-grid')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' || k === 'y') {
      e.preventDefault();
      show(k === 'y' || e.shiftKey ? view.redo() : view.undo());
    }
  });

  // ---- paste: anywhere on the page, or the text box ----------------------

  function loadText(text) {
    const f = show(pasteInto(view, text, ui.alphabet.value));
    if (f.kind === 'loaded') syncControls();
    return f.kind === 'loaded';
  }

  document.addEventListener('paste', (e) => {
    if (e.target.closest?.('textarea, input')) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    e.preventDefault();
    if (text.trim() || text.length > MAX_PASTE_CHARS) loadText(text);
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

  ui.modeEdit.addEventListener('click', () => setMode('edit'));
  ui.modePlay.addEventListener('click', () => setMode('play'));

  ui.candidates.addEventListener('change', () => {
    view.setShowCandidates(ui.candidates.checked);
  });

  // ---- step by step: the logical path, painted by the view ---------------

  /** Fills the list of steps from the view (when a path is first shown). */
  function listSteps() {
    const items = view.walkSteps().map((line, i) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = line;
      button.addEventListener('click', () => show(view.walkTo(i)));
      li.append(button);
      return li;
    });
    ui.stepsList.replaceChildren(...items);
    ui.stepsEnd.textContent = view.walkEnd();
  }

  /** The panel follows the view: shown with the path, the current step marked. */
  function syncSteps() {
    const at = view.walkAt;
    ui.steps.hidden = at === undefined;
    if (at === undefined) return;
    const items = ui.stepsList.children;
    for (const [i, li] of Array.from(items).entries()) {
      if (i === at) {
        li.setAttribute('aria-current', 'step');
        li.scrollIntoView?.({ block: 'nearest' });
      } else {
        li.removeAttribute('aria-current');
      }
    }
    ui.stepBack.disabled = at === 0;
    ui.stepNext.disabled = at >= items.length;
  }

  ui.explain.addEventListener('click', () => {
    const f = view.explain();
    if (f.kind === 'walk') listSteps();
    show(f);
    if (f.kind === 'walk') ui.stepNext.focus();
  });
  ui.stepBack.addEventListener('click', () => show(view.walkBy(-1)));
  ui.stepNext.addEventListener('click', () => show(view.walkBy(1)));
  ui.stepsClose.addEventListener('click', () => {
    show(view.closeWalk());
    ui.explain.focus();
  });
  ui.steps.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      show(view.walkBy(e.key === 'ArrowLeft' ? -1 : 1));
    } else if (e.key === 'Escape') {
      ui.stepsClose.click();
    }
  });

  // ---- every solution: count (or estimate), and browse one by one ---------

  // The solutions shown so far, for the givens they belong to.
  // `known`: the exact count, once Count established it.
  let browse = { key: '', solutions: [], at: -1, handed: 0, exhausted: false, known: null };

  /** The browsing state of the grid's givens (reset when they changed). */
  function browsing() {
    const key = `${view.side}:${view.givens().join(',')}`;
    if (browse.key !== key) browse = { key, solutions: [], at: -1, handed: 0, exhausted: false, known: null };
    return browse;
  }

  /**
   * Runs `work` as the solver's job of kind `what`, with Cancel and the
   * status. A job on the grid's givens refuses clashing ones first;
   * `failure` starts the message when the job fails.
   */
  async function working(what, work, { onGivens = true, failure = 'The solver failed' } = {}) {
    const givensClash = onGivens && view.givensConflict;
    if (givensClash) {
      say(givensClash, 'error');
      return;
    }
    busy = what;
    syncButtons();
    try {
      await work(view.givens(), view.side);
    } catch (err) {
      if (err instanceof Cancelled) say('Cancelled. Your grid is unchanged.');
      else say(`${failure}: ${err.message}. Your grid is unchanged.`, 'error');
    } finally {
      busy = null;
      syncButtons();
    }
  }

  ui.count.addEventListener('click', () =>
    working('count', async (givens, side) => {
      say('…');
      const onProgress = (p) => say(p.message);
      const r = await solver.count(givens, side, COUNT_LIMIT, onProgress);
      say(r.message, r.tone);
      if (!r.more) browsing().known = r.found;
      if (r.more) {
        const e = await solver.estimate(givens, side, PROBES, PROBE_SEED, r.found, onProgress);
        say(e.message, 'warn');
      }
    }),
  );

  /** Says where the browsing is; `past`: one was asked for after the last. */
  function sayBrowsing(past = false) {
    const b = browsing();
    const [message, tone] =
      b.known === null
        ? browseMessage(b.at + 1, b.handed, b.exhausted, past)
        : browseMessage(b.at + 1, b.known, true, past);
    say(message, tone);
  }

  function showBrowsed() {
    const b = browsing();
    const f = view.showSolution(Uint8Array.from(b.solutions[b.at]));
    if (f.kind === 'refused') say(f.message, f.tone);
    else sayBrowsing();
    syncButtons();
  }

  ui.nextSolution.addEventListener('click', () =>
    working('browse', async (givens, side) => {
      const b = browsing();
      if (b.at + 1 < b.solutions.length) {
        b.at += 1;
        showBrowsed();
        return;
      }
      if (!b.exhausted) {
        say('…');
        const next = await solver.nextSolution(givens, side);
        b.handed = next.handed;
        b.exhausted = next.exhausted;
        if (next.cells) {
          b.solutions.push(next.cells);
          b.at = b.solutions.length - 1;
          showBrowsed();
          return;
        }
      }
      sayBrowsing(true);
    }),
  );

  ui.prevSolution.addEventListener('click', () => {
    const b = browsing();
    if (b.at > 0) {
      b.at -= 1;
      showBrowsed();
    }
  });

  // ---- solving and generating ----------------------------------------------

  function cancelWork() {
    if (busy) solver.cancel();
  }

  ui.solve.addEventListener('click', () =>
    working('solve', async (givens, side) => {
      say('Solving…');
      const r = await solver.solve(givens, side, {
        alphabet: view.alphabet,
        onProgress: (progress) => say(progress.message),
      });
      const current = view.givens();
      if (current.length !== givens.length || current.some((d, i) => d !== givens[i])) {
        say('The grid changed while solving; press Solve again.', 'warn');
      } else if (r.cells) {
        const f = view.showSolution(r.cells);
        if (f.kind === 'refused') say(f.message, f.tone);
        else say(f.message ? `${r.message} ${f.message}` : r.message, r.tone);
      } else {
        say(r.message, r.tone);
      }
    }),
  );

  ui.generate.addEventListener('click', () =>
    working(
      'generate',
      async (_, side) => {
        const seed = Math.floor(Math.random() * 2 ** 32);
        const level = ui.level.value;
        say(`Making a ${level ? `${level} ` : ''}${side}×${side} puzzle with one solution…`);
        const g = await solver.generate(side, seed, ui.symmetric.checked, level);
        if (!g.matched) {
          say(`No ${level} ${side}×${side} puzzle came from this seed's grids; press Generate again.`, 'warn');
          return;
        }
        view.setGivens(Uint8Array.from(g.cells));
        view.setMode('play');
        save();
        say(`A new ${side}×${side} puzzle with ${g.givens} givens, ${g.grade}. Seed ${seed}.`, 'ok');
        view.focus();
      },
      { onGivens: false, failure: 'Could not make a puzzle' },
    ),
  );

  ui.cancel.addEventListener('click', cancelWork);

  ui.hint.addEventListener('click', () => {
    show(view.hint());
    view.focus();
  });

  ui.check.addEventListener('click', () => show(view.check()));

  ui.undo.addEventListener('click', () => show(view.undo()));
  ui.redo.addEventListener('click', () => show(view.redo()));

  ui.reset.addEventListener('click', () => {
    show(view.clearSolution());
    view.focus();
  });

  ui.clear.addEventListener('click', () => {
    cancelWork();
    show(view.clear());
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

  // The link is copied, never put in the address bar: a reload must bring
  // back the newest work (autosaved), not the snapshot in the link.
  ui.share.addEventListener('click', () => {
    const url = new URL(location.href);
    url.hash = view.shareText();
    copy(url.href, 'A link to this puzzle (with your entries)');
  });

  // ---- links -------------------------------------------------------------

  /**
   * Opens the puzzle in the address bar's fragment, then takes it out of the
   * address bar. Returns whether there was one (opened, or said why not).
   */
  function openFragment() {
    if (location.hash.length <= 1) return false;
    const raw = location.hash.slice(1, MAX_PASTE_CHARS);
    // Once read, the link leaves the address bar; the grid is autosaved from
    // here on, so a reload shows the newest work.
    history.replaceState(null, '', location.pathname + location.search);
    let text = raw;
    try {
      text = decodeURIComponent(raw);
    } catch {
      // Not percent-encoded after all: read it as it is.
    }
    show(view.openLink(text));
    syncControls();
    return true;
  }

  globalThis.addEventListener?.('hashchange', () => {
    cancelWork();
    openFragment();
  });

  // ---- start -----------------------------------------------------------------

  const restored = restore(store.side);
  syncControls();
  for (const control of document.querySelectorAll('button:disabled, select:disabled')) {
    if (![ui.cancel, ui.reset, ui.undo, ui.redo].includes(control)) control.disabled = false;
  }
  syncButtons();
  if (!openFragment()) {
    const conflicts = view.conflictMessage;
    if (conflicts) say(conflicts, 'error');
    else if (ui.status.dataset.kind !== 'warn')
      say(restored ? 'Your last grid is restored.' : 'Type or paste a puzzle, then press Solve.', 'info');
  }
  ui.candidates.checked = false;
  document.body.dataset.ready = 'true';
  return { view, say, loadText };
}
