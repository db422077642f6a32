// The page's behaviour: binds the grid view (a session painted by Rust) to
// the controls, saves the grid locally, reads and writes share links.
// `boot` takes two solvers (worker clients on the web, in-page ones in the
// single-file build): `solver` for what the person asks for (Solve, Hint,
// Count…, with Cancel), `analyst` for what the page works out as they type
// (the answers line, every possible value), which the next edit cancels.
// `openPicture(file)`, where given (the site, not the single file), reads a
// puzzle from a picture (www/picture.js); without it the page offers none.
// No Sudoku rule and no sentence about the grid lives here: the view
// answers every action with its kind, cells, words and tone.
import { GridView, alphabets, alphabetName, browseMessage, formatGrid } from './pkg/bitsudoku.js';
import { Cancelled } from './solver-client.js';
import { EXAMPLES } from './examples.js';
import { bindGrid, padButtons, pasteInto, showCursor } from './grid-controller.js';
import { MAX_PASTE_CHARS } from './jobs.js';
import { DEFAULT_SIDE, STORE_KEY, readStore, saveGrid } from './store.js';
import { startDrawing } from './regions.js';

export { readStore };

// Solutions counted one by one before the page estimates instead.
const COUNT_LIMIT = 1_000_000;
// Random probes of an estimate (Knuth's), and their seed: the same puzzle
// gets the same estimate, here and from `bitsudoku count --estimate`.
const PROBES = 10_000;
const PROBE_SEED = 1;
// "Answers as you type" counts solutions up to this many.
const ANSWERS_LIMIT = 1000;
// …after this pause in typing, so a burst of keys starts one search.
const ANSWERS_PAUSE_MS = 150;

export function boot({
  solver,
  analyst,
  openPicture = null,
  document = globalThis.document,
  location = globalThis.location,
}) {
  const $ = (id) => document.getElementById(id);
  const ui = {
    grid: $('grid'),
    board: $('board'),
    size: $('size'),
    drawRegions: $('draw-regions'),
    regionsBar: $('regions-bar'),
    regionsUse: $('regions-use'),
    regionsCancel: $('regions-cancel'),
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
    notes: $('notes'),
    clearNotes: $('clear-notes'),
    zoom: $('zoom'),
    candidates: $('candidates'),
    possible: $('possible'),
    pad: $('pad'),
    typeRule: $('type-rule'),
    status: $('status'),
    statusMore: $('status-more'),
    statusDetails: $('status-details'),
    offer: $('offer'),
    answers: $('answers'),
    note: $('note'),
    paste: $('paste-text'),
    load: $('load'),
    pictureOpen: $('picture-open'),
    pictureFile: $('picture-file'),
    pictureHint: $('picture-hint'),
  };

  /**
   * Shows a message; `details` (the solver's numbers) go in the status's
   * Details. An error is brought into view where the person is.
   */
  function say(message, kind = 'info', details = '') {
    ui.status.textContent = message;
    ui.status.dataset.kind = kind;
    ui.statusDetails.textContent = details;
    ui.statusMore.hidden = !details;
    ui.offer.hidden = true;
    if (kind === 'error' || kind === 'warn') {
      const box = ui.status.getBoundingClientRect();
      if (box.top < 0 || box.bottom > (globalThis.innerHeight ?? 0)) ui.status.scrollIntoView({ block: 'nearest' });
    }
  }

  const view = new GridView(ui.grid, DEFAULT_SIDE);
  let busy = null; // what the solver works on: 'solve', 'generate', 'hint'…
  let loads = 0; // grids loaded so far: a job that finds a newer one drops its result
  let shownShape = null; // the shape the controls were last set for

  /** Shows a view's feedback: its words with their tone, saving when the grid changed. */
  function show(f) {
    if (view.shape !== shownShape) {
      // Undo or redo over a puzzle of another shape: what was asked about
      // the old grid is moot, and the controls follow the new one.
      cancelWork();
      loads += 1;
      syncControls();
    }
    if (f.changed) {
      save();
      answersSoon();
    }
    syncSteps();
    if (f.tone === 'keep') {
      // A cursor move ends a passing note about a key, nothing else.
      if (ui.status.dataset.kind === 'hint') say('');
    } else if (f.tone === 'clear') {
      say('');
    } else {
      say(f.message, f.tone);
    }
    if (f.offer) offerAlphabet(f.offer);
    if (!f.changed) refreshAnswers();
    syncButtons();
    return f;
  }

  // ---- saving: one grid per size, so switching size loses nothing --------

  const storage = (() => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null; // Storage forbidden: save() says so on the first edit.
    }
  })();

  function loadStore() {
    let raw = null;
    try {
      raw = storage?.getItem(STORE_KEY) ?? null;
    } catch {
      // As above.
    }
    const { store, problem } = readStore(raw);
    if (problem) showNote(`Your saved grids could not all be read (${problem}); what could not be read was set aside.`);
    return store;
  }

  function showNote(text) {
    ui.note.textContent = text;
    ui.note.hidden = false;
  }

  let store = loadStore();
  // Fields of a stored grid that fell back when restored (a newer build's
  // layout): the stored text is copied before the next save writes over it.
  const fellBack = {};

  /**
   * The store's slot of the grid shown, one per entry of the Size list: its
   * shape line, except that every jigsaw of a side and extras shares one
   * slot (`jigsaw 9`) whatever its regions.
   */
  function slotOf(spec = view.shape, side = view.side) {
    return spec.startsWith('jigsaw') ? `${spec.split(' ')[0]} ${side}` : spec;
  }

  function record() {
    return {
      shape: view.shape,
      side: view.side,
      alphabet: view.alphabet,
      layout: view.layout,
      mode: view.mode,
      cells: Array.from(view.givens()),
      entries: Array.from(view.entries()),
      notes: Array.from(view.notes()),
    };
  }

  function save() {
    const slot = slotOf();
    const mine = record();
    try {
      if (!storage) throw new DOMException('storage is not available', 'SecurityError');
      saveGrid(storage, slot, mine, fellBack[slot] ?? []);
      delete fellBack[slot];
      store.shown = slot;
      store.grids[slot] = mine;
      ui.note.hidden = true;
    } catch (err) {
      // A lasting note, not a status that the next message replaces.
      showNote(`This browser did not save the grid (${err.name}); it stays on the page until you leave.`);
    }
  }

  /** Shows the saved grid of `slot` (or an empty one). Returns whether one was restored. */
  function restore(slot) {
    const saved = store.grids[slot];
    // A shape this build cannot read falls back to the slot's own, like
    // any other setting below, and the cells stay.
    const missed = [];
    try {
      view.resize(saved?.shape ?? slot);
    } catch {
      missed.push('shape');
      view.resize(slot);
    }
    if (!saved) return false;
    const f = view.setPuzzle(Uint8Array.from(saved.cells), Uint8Array.from(saved.entries), view.shape);
    if (f.kind === 'refused') {
      view.resize(slot);
      say(`The saved ${view.shapeName} grid could not be restored: ${f.message}`, 'warn');
      return false;
    }
    // Each setting on its own: one this build cannot read falls back, and
    // the cells stay.
    const attempt = (name, value, apply) => {
      if (!value) return;
      try {
        apply(value);
      } catch {
        missed.push(name);
      }
    };
    attempt('notes', saved.notes, (n) => view.setNotes(Uint32Array.from(n)));
    attempt('alphabet', saved.alphabet, (a) => view.setAlphabet(a));
    attempt('layout', saved.layout, (l) => view.setLayout(l));
    view.setMode(saved.mode);
    if (missed.length > 0) {
      fellBack[slot] = missed;
      showNote(
        `Your saved ${view.shapeName} grid is back; its ${missed.join(' and ')} could not be read, so the page uses its own (the saved text is kept aside).`,
      );
    }
    return true;
  }

  // Another tab saved: a grid of the size shown here that differs from this
  // one is shown, and this tab's stays one Undo away.
  globalThis.addEventListener?.('storage', (e) => {
    if (e.key !== STORE_KEY || e.newValue === null) return;
    const { store: theirs } = readStore(e.newValue);
    const side = view.side;
    store.grids = { ...store.grids, ...theirs.grids };
    const g = theirs.grids[slotOf()];
    if (!g) return;
    const mine = record();
    const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
    const notes = g.notes ?? new Array(side * side).fill(0);
    if (same(g.cells, mine.cells) && same(g.entries, mine.entries) && same(notes, mine.notes)) return;
    cancelWork();
    loads += 1;
    view.setPuzzle(Uint8Array.from(g.cells), Uint8Array.from(g.entries), g.shape ?? view.shape);
    view.setNotes(Uint32Array.from(notes));
    if (view.shape !== shownShape) syncControls(); // a jigsaw in other regions
    syncSteps();
    syncButtons();
    answersSoon();
    say('This grid was changed in another tab, and is shown here as it is there. Undo brings back this tab’s.', 'warn');
  });

  // ---- controls that follow the grid -------------------------------------

  function syncControls() {
    // A grid redrawn (another size, a paste, a link) ends a drawing of regions.
    if (drawing) stopDrawing();
    shownShape = view.shape;
    const slot = slotOf();
    if (![...ui.size.options].some((o) => o.value === slot)) {
      // A shape that came in a paste, a file or a link gets its own entry.
      const loaded = ui.size.querySelector('optgroup[data-loaded]');
      loaded.hidden = false;
      loaded.append(new Option(view.shapeName, slot));
    }
    ui.size.value = slot;
    ui.alphabet.replaceChildren(...alphabets(view.side).map((id) => new Option(alphabetName(view.side, id), id)));
    ui.alphabet.value = view.alphabet;
    ui.pad.replaceChildren(...padButtons(view, document));
    ui.pad.dataset.wide = String(view.alphabet === 'numbers');
    ui.pad.style.setProperty('--symbols', String(view.side + 1));
    ui.typeRule.hidden = view.alphabet !== 'numbers';
    ui.board.dataset.side = String(view.side);
    document.body.dataset.side = String(view.side);
    if (view.side < 16) ui.board.dataset.zoom = 'false';
    syncButtons();
  }

  function syncButtons() {
    ui.solve.disabled = busy !== null;
    ui.generate.disabled = busy !== null;
    ui.count.disabled = busy !== null;
    ui.hint.disabled = busy !== null;
    ui.check.disabled = busy !== null;
    ui.nextSolution.disabled = busy !== null;
    ui.prevSolution.disabled = busy !== null || browsing().at <= 0;
    ui.cancel.disabled = busy === null;
    ui.reset.disabled = !view.hasSolution;
    ui.undo.disabled = !view.canUndo;
    ui.redo.disabled = !view.canRedo;
    const play = view.mode === 'play';
    ui.modeEdit.setAttribute('aria-checked', String(!play));
    ui.modePlay.setAttribute('aria-checked', String(play));
    ui.notes.setAttribute('aria-pressed', String(view.noting));
    document.body.dataset.mode = view.mode;
    document.body.dataset.noting = String(view.noting);
    // A grid replaced (another size, Generate, a solution shown) ends the
    // step-by-step path: its list must not stay beside another grid.
    if (view.walkAt === undefined) ui.steps.hidden = true;
  }

  function setMode(mode) {
    show(view.setMode(mode));
    save();
  }

  /** A key that is a symbol of another alphabet: a button offers the switch. */
  function offerAlphabet(id) {
    ui.offer.textContent = `Switch Symbols to ${alphabetName(view.side, id)}`;
    ui.offer.dataset.alphabet = id;
    ui.offer.hidden = false;
  }

  ui.offer.addEventListener('click', () => {
    const id = ui.offer.dataset.alphabet;
    if (!alphabets(view.side).includes(id)) return;
    view.setAlphabet(id);
    syncControls();
    save();
    say(`Symbols: ${alphabetName(view.side, id)}. Type your symbol again.`, 'info');
    view.focus();
  });

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

  // Undo and redo work outside the grid too, except in text fields (and
  // a dialog's own grid). A key the grid took is done (its cell may be gone:
  // undo over another shape redraws the grid).
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented) return;
    if (!(e.ctrlKey || e.metaKey) || e.target.closest?.('textarea, input, select, .sudoku-grid, dialog')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' || k === 'y') {
      e.preventDefault();
      if (k === 'y' || e.shiftKey) show(view.redo());
      else show(view.undo());
    }
  });

  // ---- answers as you type, and every possible value ----------------------

  let answersTimer = null;
  let analysing = null; // the grid the analyst works on, as a key

  /**
   * After a change: a search about an older grid stops at once, and one
   * about this grid starts after a pause (a change of notes alone leaves
   * the grid's search running).
   */
  function answersSoon() {
    const key = `${view.shape}:${view.current().join(',')}`;
    if (key === analysing) return;
    pauseAnswers();
    sayAnswers(view.answers);
    answersTimer = setTimeout(() => answer(key), ANSWERS_PAUSE_MS);
  }

  function pauseAnswers() {
    analysing = null;
    analyst.cancel();
    clearTimeout(answersTimer);
  }

  /** The answers line for the grid as shown (none while a solution is), unless a search about it is under way. */
  function refreshAnswers() {
    if (analysing === null) sayAnswers(view.answers);
  }

  function sayAnswers(answers, waiting = '') {
    const [message, tone] = answers ?? [waiting, 'info'];
    ui.answers.textContent = message;
    ui.answers.dataset.kind = tone;
  }

  /** Works out what the grid so far allows (and, when asked, every possible value), in the analyst. */
  async function answer(key) {
    const side = view.shape;
    analysing = key;
    try {
      const cells = view.answersNeeds();
      if (cells) {
        sayAnswers(null, 'Looking at the grid so far…');
        const r = await analyst.solve(cells, side, { limit: ANSWERS_LIMIT });
        const refused = view.learn(cells, r.outcome, r.count, r.more, r.cells);
        if (refused) throw new Error(refused);
      }
      sayAnswers(view.answers);
      if (!ui.possible.checked) return;
      const now = view.current();
      if (now.every((d) => d === 0)) return;
      const onProgress = (p) => sayAnswers(null, p.message);
      const { masks } = await analyst.possible(now, side, onProgress);
      const words = view.setPossible(now, Uint32Array.from(masks));
      if (words) sayAnswers(words);
    } catch (err) {
      // A newer edit cancelled this search: it answers for its own grid.
      if (!(err instanceof Cancelled)) sayAnswers([`Could not look at the grid: ${err.message}`, 'error']);
    } finally {
      if (analysing === key) analysing = null;
    }
  }

  ui.possible.addEventListener('change', () => {
    view.setShowPossible(ui.possible.checked);
    analysing = null;
    answersSoon();
  });

  // ---- paste: anywhere on the page, or the text box ----------------------

  // The text box's text when it was last loaded, or filled by the page: any
  // other text in it has not reached the grid.
  let boxText = '';

  function loadText(text) {
    const f = pasteInto(view, text, ui.alphabet.value);
    if (f.kind === 'loaded') {
      cancelWork();
      loads += 1;
    }
    show(f);
    if (f.kind === 'loaded') syncControls();
    return f.kind === 'loaded';
  }

  document.addEventListener('paste', (e) => {
    if (e.target.closest?.('textarea, input')) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    // Text first: a spreadsheet copies a picture of its cells beside them.
    const picture = text.trim() ? null : imageIn(e.clipboardData);
    if (picture && openPicture) {
      e.preventDefault();
      openPicture(picture);
      return;
    }
    // A dialog in front (the picture's review) keeps the grid behind it.
    if (document.querySelector('dialog[open]')) return;
    e.preventDefault();
    if (text.trim() || text.length > MAX_PASTE_CHARS) loadText(text);
  });

  ui.load.addEventListener('click', () => {
    boxText = ui.paste.value;
    loadText(ui.paste.value);
  });

  /**
   * Text in the box that has not reached the grid is loaded now: true when
   * it was, false when it could not be read (the status says why), null
   * when there was none.
   */
  function loadBox() {
    const text = ui.paste.value;
    if (!text.trim() || text === boxText) return null;
    boxText = text;
    return loadText(text);
  }

  // ---- size, alphabet, examples, modes, notes ----------------------------

  ui.size.addEventListener('change', () => {
    cancelWork();
    save();
    loads += 1;
    restore(ui.size.value);
    syncControls();
    save();
    answersSoon();
    say(`${view.shapeName} grid.`);
  });

  // ---- drawing a jigsaw's regions -----------------------------------------

  let drawing = null;

  function stopDrawing() {
    drawing?.stop();
    drawing = null;
    ui.drawRegions.setAttribute('aria-pressed', 'false');
  }

  ui.drawRegions.addEventListener('click', () => {
    if (drawing) {
      stopDrawing();
      say('Regions unchanged.');
      return;
    }
    cancelWork();
    ui.drawRegions.setAttribute('aria-pressed', 'true');
    drawing = startDrawing({
      grid: ui.grid,
      n: view.side,
      bar: ui.regionsBar,
      say,
      use: (labels) => {
        const f = view.setPuzzle(
          view.givens(),
          view.entries(),
          `${view.shape.startsWith('jigsaw+x') ? 'jigsaw+x' : 'jigsaw'} ${labels}`,
        );
        if (f.kind === 'refused') {
          say(`These regions cannot take the grid: ${f.message}`, 'warn');
          return false;
        }
        drawing = null;
        ui.drawRegions.setAttribute('aria-pressed', 'false');
        syncControls();
        save();
        answersSoon();
        say(`The grid is now a ${view.shapeName} with the regions you drew.`, 'ok');
        return true;
      },
    });
  });
  ui.regionsUse.addEventListener('click', () => drawing?.finish());
  ui.regionsCancel.addEventListener('click', () => {
    stopDrawing();
    say('Regions unchanged.');
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
    if (ex) loadText(ex.text);
  });

  ui.modeEdit.addEventListener('click', () => setMode('edit'));
  ui.modePlay.addEventListener('click', () => setMode('play'));
  ui.notes.addEventListener('click', () => {
    show(view.setNoting(!view.noting));
    view.focus();
  });
  ui.clearNotes.addEventListener('change', () => view.setClearNotes(ui.clearNotes.checked));

  ui.candidates.addEventListener('change', () => {
    view.setShowCandidates(ui.candidates.checked);
  });

  // On a phone, a 16×16 or 25×25 grid can be zoomed: larger cells, panned
  // by touch, the cursor kept in sight.
  ui.zoom.addEventListener('click', () => {
    const on = ui.board.dataset.zoom !== 'true';
    ui.board.dataset.zoom = String(on);
    ui.zoom.setAttribute('aria-pressed', String(on));
    showCursor(ui.grid);
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
    const key = `${view.shape}:${view.givens().join(',')}`;
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
    // The person's job gets the processor; the answers line waits for it.
    pauseAnswers();
    const started = loads;
    try {
      await work(view.givens(), view.shape);
    } catch (err) {
      // Cancelled by a load: the status tells of the new grid.
      if (err instanceof Cancelled) {
        if (loads === started) say('Cancelled. Your grid is unchanged.');
      } else {
        say(`${failure}: ${err.message}. Your grid is unchanged.`, 'error');
      }
    } finally {
      busy = null;
      syncButtons();
      answersSoon();
    }
  }

  /** While the solver works: its progress, the numbers in the details. */
  const progressSay = (p) => say(p.message, 'info', p.details);

  ui.count.addEventListener('click', () =>
    working('count', async (givens, side) => {
      say('…');
      const r = await solver.count(givens, side, COUNT_LIMIT, progressSay);
      say(r.message, r.tone);
      if (!r.more) browsing().known = r.found;
      if (r.more) {
        const e = await solver.estimate(givens, side, PROBES, PROBE_SEED, r.found, progressSay);
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
    refreshAnswers();
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

  const same = (a, b) => a.length === b.length && a.every((d, i) => d === b[i]);

  ui.solve.addEventListener('click', () => {
    // Text pasted into the box but not loaded is what the person means to solve.
    const fromBox = loadBox();
    if (fromBox === false) return;
    const first = fromBox ? 'Loaded the puzzle in the text box. ' : '';
    working('solve', async (givens, side) => {
      say(`${first}Solving…`);
      const r = await solver.solve(givens, side, { alphabet: view.alphabet, onProgress: progressSay });
      view.learn(givens, r.outcome, r.count, r.more, r.cells);
      if (!same(view.givens(), givens)) {
        say('The grid changed while solving; press Solve again.', 'warn');
      } else if (r.cells) {
        const f = view.showSolution(r.cells);
        refreshAnswers();
        if (f.kind === 'refused') say(f.message, f.tone);
        else say(`${first}${r.message}${f.message ? ` ${f.message}` : ''}`, r.tone, r.details);
      } else {
        say(`${first}${r.message}`, r.tone, r.details);
      }
    });
  });

  ui.generate.addEventListener('click', () =>
    working(
      'generate',
      async () => {
        const seed = Math.floor(Math.random() * 2 ** 32);
        const level = ui.level.value;
        const started = loads;
        const name = view.shapeName.replace(/^(\d+×\d+) jigsaw/, '$1 jigsaw (new regions)');
        say(`Making a ${level ? `${level} ` : ''}${name} puzzle with one solution…`);
        // A jigsaw gets new regions with each puzzle: the slot names its side.
        const g = await solver.generate(slotOf(), seed, ui.symmetric.checked, level);
        // A puzzle loaded meanwhile wins: the person chose it after Generate.
        if (loads !== started) return;
        // No grid gave that level (a 4×4 is always easy): the puzzle of the
        // last grid is still one to play, and the status says which it is.
        const instead = g.matched ? '' : ` No ${level} one came from this seed’s grids.`;
        loads += 1;
        view.setPuzzle(Uint8Array.from(g.cells), new Uint8Array(g.cells.length), g.shape);
        view.learn(Uint8Array.from(g.cells), 'unique', 1, false, Uint8Array.from(g.solution));
        view.setMode('play');
        syncControls();
        save();
        answersSoon();
        say(
          `A new ${g.gradeId} ${view.shapeName} puzzle with ${g.givens} givens (${g.grade}). Seed ${seed}.${instead}`,
          g.matched ? 'ok' : 'warn',
        );
        view.focus();
      },
      { onGivens: false, failure: 'Could not make a puzzle' },
    ),
  );

  ui.cancel.addEventListener('click', cancelWork);

  /**
   * Runs `then` once the searches `needs()` asks for are done: in the
   * solver's worker, in slices, with progress and Cancel, so the page never
   * waits on a search itself (a hard 25×25 takes seconds).
   */
  async function knowing(what, needs, then) {
    if (!needs()) {
      then();
      return;
    }
    await working(
      what,
      async (_, side) => {
        for (let cells = needs(), tries = 0; cells && tries < 3; cells = needs(), tries += 1) {
          say('Finding the solution first…');
          const r = await solver.solve(cells, side, { alphabet: view.alphabet, onProgress: progressSay });
          const refused = view.learn(cells, r.outcome, r.count, r.more, r.cells);
          if (refused) throw new Error(refused);
        }
      },
      { onGivens: false },
    );
    // Cancelled or failed: the status says so, and nothing more happens.
    if (!needs()) then();
  }

  ui.hint.addEventListener('click', () =>
    knowing(
      'hint',
      () => view.hintNeeds(),
      () => {
        show(view.hint());
        view.focus();
      },
    ),
  );

  ui.check.addEventListener('click', () =>
    knowing(
      'check',
      () => view.checkNeeds(),
      () => show(view.check()),
    ),
  );

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
      boxText = text;
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
  // back the newest work (autosaved), not the snapshot in the link. A page
  // opened as a file has no address anyone else can open: the puzzle goes
  // as text instead.
  ui.share.addEventListener('click', () => {
    if (location.protocol === 'file:') {
      const text = formatGrid(view.givens(), view.shape, view.alphabet, view.layout);
      copy(text, 'This page is a file on your computer, so a link would open only here. The puzzle as text');
      return;
    }
    const url = new URL(location.href);
    url.hash = view.shareText();
    copy(url.href, 'A link to this puzzle (with your entries and notes)');
  });

  // ---- a puzzle read from a picture --------------------------------------

  /**
   * Puts a puzzle read from a picture on the grid, in edit mode, as one
   * step that Undo takes back: `cells` (0 = empty), `shape` (a shape line)
   * and `alphabet` (an id). Returns whether it was taken.
   */
  function usePuzzle({ cells, shape, alphabet }) {
    const f = view.setPuzzle(Uint8Array.from(cells), new Uint8Array(cells.length), shape);
    if (f.kind === 'refused') {
      say(`The puzzle could not be put on the grid: ${f.message}`, 'error');
      return false;
    }
    cancelWork();
    loads += 1;
    if (alphabets(view.side).includes(alphabet)) view.setAlphabet(alphabet);
    view.setMode('edit');
    syncControls();
    save();
    answersSoon();
    const givens = cells.reduce((k, d) => k + (d !== 0), 0);
    say(
      `The ${view.shapeName} puzzle from the picture is on the grid, with ${givens} givens. Press Solve, or play it; Undo takes it back.`,
      'ok',
    );
    view.focus();
    return true;
  }

  if (openPicture) {
    ui.pictureOpen.hidden = false;
    ui.pictureHint.hidden = false;
    ui.pictureFile.addEventListener('change', () => {
      const file = ui.pictureFile.files?.[0];
      ui.pictureFile.value = ''; // the same file again is a change too
      if (file) openPicture(file);
    });
    // A picture dropped anywhere but on the Collection panel's own drop zone.
    const dropsPicture = (e) =>
      !e.target.closest?.('#collection-drop') &&
      [...(e.dataTransfer?.items ?? [])].some((i) => i.kind === 'file' && i.type.startsWith('image/'));
    document.addEventListener('dragover', (e) => {
      if (!dropsPicture(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      ui.board.dataset.over = 'true';
    });
    document.addEventListener('dragleave', (e) => {
      if (e.relatedTarget === null) delete ui.board.dataset.over;
    });
    document.addEventListener('drop', (e) => {
      delete ui.board.dataset.over;
      if (e.defaultPrevented || e.target.closest?.('#collection-drop')) return;
      const picture = imageIn(e.dataTransfer);
      if (!picture) return;
      e.preventDefault();
      openPicture(picture);
    });
  }

  // ---- links -------------------------------------------------------------

  /**
   * Opens the puzzle in the address bar's fragment, then takes it out of the
   * address bar. Returns whether there was one (opened, or said why not).
   */
  function openFragment() {
    if (location.hash.length <= 1) return false;
    const raw = location.hash.slice(1, MAX_PASTE_CHARS);
    // A link to a part of this page (#collection-title) is no puzzle.
    if (document.getElementById(raw)) return false;
    // Once read, the link leaves the address bar; the grid is autosaved from
    // here on, so a reload shows the newest work.
    history.replaceState(null, '', location.pathname + location.search);
    let text = raw;
    try {
      text = decodeURIComponent(raw);
    } catch {
      // Not percent-encoded after all: read it as it is.
    }
    // The link's puzzle goes over the person's saved grid of its slot, one
    // Undo away (the status says so), rather than over the grid shown.
    const target = view.linkShape(text);
    const slot = target && slotOf(target[0], Number(target[1]));
    if (slot && slot !== slotOf() && store.grids[slot]) {
      cancelWork();
      save();
      loads += 1;
      restore(slot);
    }
    const f = view.openLink(text);
    if (f.kind === 'opened') {
      cancelWork();
      loads += 1;
    }
    show(f);
    syncControls();
    return true;
  }

  globalThis.addEventListener?.('hashchange', () => openFragment());

  // ---- start -----------------------------------------------------------------

  const restored = restore(store.shown);
  syncControls();
  const stayDisabled = [ui.cancel, ui.reset, ui.undo, ui.redo, $('collection-cancel')];
  for (const control of document.querySelectorAll('button:disabled, select:disabled')) {
    if (!stayDisabled.includes(control)) control.disabled = false;
  }
  syncButtons();
  if (!openFragment()) {
    const conflicts = view.conflictMessage;
    if (conflicts) say(conflicts, 'error');
    else if (ui.status.dataset.kind !== 'warn')
      say(restored ? 'Your last grid is restored.' : 'Type or paste a puzzle, then press Solve.', 'info');
  }
  ui.candidates.checked = false;
  ui.possible.checked = false;
  ui.clearNotes.checked = true;
  answersSoon();
  document.body.dataset.ready = 'true';
  return { view, say, loadText, usePuzzle };
}

/** The first picture file in a paste's or a drop's data, or null. */
function imageIn(data) {
  return [...(data?.files ?? [])].find((f) => f.type.startsWith('image/')) ?? null;
}
