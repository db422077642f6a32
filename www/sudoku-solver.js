// <sudoku-solver>: the solver as a custom element, for any page.
//
//   <script type="module" src="…/www/sudoku-solver.js"></script>   (npm: bitsudoku/element)
//   <sudoku-solver size="9" puzzle="4.....8.5.3…"></sudoku-solver>
//
// Attributes: size (4, 9, 16, 25), puzzle (any text the parser reads),
// readonly, pad (show the symbol pad on any screen; touch screens always
// get it). A puzzle decides the size: when `size` says otherwise, the
// attribute is set to the puzzle's and the status says so. Events: `change`
// (the grid changed), `solved` (detail: outcome, message, solution text).
// Methods: solve() (on an element in the document), getGrid(). Each element has its own grid and its own
// worker, so several on a page work independently. Keys, pointer and pad go
// through the same grid controller as the page's.
import { GridView } from './pkg/bitsudoku.js';
import { compileWasm, loadWasm, wasmBuild } from './wasm.js';
import { Cancelled, SolverClient, pageWorker } from './solver-client.js';
import { bindGrid, padButtons, pasteInto } from './grid-controller.js';

/**
 * What `solve()` resolves with and the `solved` event carries.
 * @typedef {object} SolvedDetail
 * @property {'unique' | 'solved' | 'several' | 'none' | 'conflict'} outcome
 * @property {string} message The sentence the element shows.
 * @property {string | null} solution The filled grid as text, in the puzzle's own symbols.
 */

/**
 * The grid as `getGrid()` gives it, and the `change` event carries.
 * @typedef {object} GridState
 * @property {number} side From 4 to 25.
 * @property {string} shape The shape line: the side alone for its usual boxes, else `box=2x6`,
 *   `box=3x3+x`, `box=3x3+hyper` or `jigsaw AAAB…` (the regions).
 * @property {number[]} givens The givens row by row, 0 for empty.
 * @property {number[]} entries Digits entered or shown as the solution, 0 for none.
 * @property {string} text The grid as text, in the puzzle's own symbols.
 */

// Compiled once for the elements and handed to their workers, which then
// neither ask for the file again nor compile it.
const compiled = compileWasm();
const wasmReady = loadWasm(wasmBuild, compiled);
const solvingWorker = () => pageWorker(compiled);
const GRID_CSS = new URL('./grid.css', import.meta.url).href;
const WIDGET_CSS = new URL('./widget.css', import.meta.url).href;
const SIDES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25];

export class SudokuSolver extends HTMLElement {
  static observedAttributes = ['size', 'shape', 'puzzle', 'readonly'];

  #view = null;
  #client = null;
  #parts;
  #ready;
  #syncing = false; // while the element itself sets its size attribute
  #solving = 0; // the latest solve(): an older one no longer speaks
  #active = 0; // the solve() waiting for the worker, or 0
  #superseded = false; // its puzzle was replaced: it starts again

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const css = (href) => Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    const grid = document.createElement('div');
    grid.className = 'sudoku-grid';
    grid.style.setProperty('--side', String(this.#sideAttribute() ?? 9));
    const button = Object.assign(document.createElement('button'), {
      type: 'button',
      textContent: 'Solve',
      disabled: true,
    });
    const status = document.createElement('p');
    status.className = 'status';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    status.textContent = 'Loading the solver…';
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.append(button, status);
    // A cell is a div, which opens no keyboard on a phone: the pad types.
    const pad = document.createElement('div');
    pad.className = 'pad';
    pad.setAttribute('role', 'group');
    pad.setAttribute('aria-label', 'Symbol pad');
    root.append(css(GRID_CSS), css(WIDGET_CSS), grid, pad, bar);
    this.#parts = { grid, button, status, pad };
    this.#ready = wasmReady.then(() => this.#setup());
  }

  /**
   * Resolves once the element can be used.
   * @returns {Promise<void>}
   */
  get ready() {
    return this.#ready;
  }

  /** The `size` attribute as a side, or null when absent or not a size. */
  #sideAttribute() {
    const side = Number(this.getAttribute('size'));
    return SIDES.includes(side) ? side : null;
  }

  /**
   * Applies the `shape` attribute (a shape line: `box=2x3`, `9+x`, `9+hyper`,
   * `jigsaw 9` for new regions, `jigsaw AAAB…`); returns a message when it
   * names no shape, or ''.
   */
  #applyShape() {
    const shape = this.getAttribute('shape');
    if (shape === null) return '';
    try {
      this.#view.resize(shape);
      return '';
    } catch (err) {
      return `shape="${shape}" is not a shape (${err.message}). The grid is unchanged.`;
    }
  }

  #setup() {
    const { grid, button } = this.#parts;
    const asked = this.getAttribute('size');
    this.#view = new GridView(grid, this.#sideAttribute() ?? 9);
    this.#view.setReadonly(this.hasAttribute('readonly'));
    const shapeProblem = this.#applyShape();
    if (shapeProblem) {
      this.#say(shapeProblem);
    } else if (asked !== null && this.#sideAttribute() === null) {
      this.#say(`size="${asked}" is not a size: use one of ${SIDES.join(', ')}. Showing a 9×9 grid.`);
    } else {
      this.#say('');
    }
    this.#applyPuzzle();
    this.#syncPad();
    bindGrid({
      view: this.#view,
      grid,
      pad: this.#parts.pad,
      onFeedback: (f) => {
        if (f.tone !== 'keep') this.#say(f.tone === 'clear' ? '' : f.message);
        if (f.changed) this.#changed();
      },
      onCommand: (command) => {
        if (command === 'solve') this.solve().catch(() => {});
        else if (command === 'leave') button.focus();
      },
      onPaste: (text) => {
        if (!this.hasAttribute('readonly')) this.#load(text);
      },
    });
    button.disabled = false;
    button.addEventListener('click', () => this.solve().catch(() => {}));
  }

  connectedCallback() {
    this.#client ??= new SolverClient(solvingWorker);
  }

  disconnectedCallback() {
    this.#client?.close();
    this.#client = null;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.#view || before === after || this.#syncing) return;
    if (name === 'readonly') this.#view.setReadonly(after !== null);
    else if (name === 'size') {
      const side = this.#sideAttribute();
      if (side === null) {
        this.#say(`size="${after}" is not a size: use one of ${SIDES.join(', ')}. The grid is unchanged.`);
      } else if (side !== this.#view.side) {
        this.#view.resize(side);
        this.#syncPad();
        this.#restartSolve();
        this.#say('');
        this.#changed();
      }
    } else if (name === 'shape' && after !== null) {
      const problem = this.#applyShape();
      this.#say(problem);
      if (!problem) {
        this.#syncPad();
        this.#restartSolve();
        this.#changed();
      }
    } else if (name === 'puzzle') this.#applyPuzzle();
  }

  /**
   * Solves the givens; resolves with { outcome, message, solution } and fires `solved`.
   * A puzzle changed while it runs is solved afresh (the status says so); a
   * newer solve() takes over, and this one rejects with a Cancelled error.
   * @returns {Promise<SolvedDetail>}
   */
  async solve() {
    await this.#ready;
    // A worker belongs to an element on a page: one made for a detached
    // element would never be closed (disconnectedCallback does that).
    if (!this.isConnected) throw new Error('this <sudoku-solver> is not on the page: add it before solving');
    this.#client ??= new SolverClient(solvingWorker);
    const run = ++this.#solving;
    const latest = () => run === this.#solving;
    const view = this.#view;
    this.#parts.button.disabled = true;
    try {
      let changed = false;
      for (;;) {
        const clash = view.givensConflict;
        if (clash) {
          this.#say(clash);
          throw new Error(clash);
        }
        const givens = view.givens();
        this.#say(changed ? 'The puzzle changed while solving; solving the new one…' : 'Solving…');
        let r;
        this.#active = run;
        try {
          r = await this.#client.solve(givens, view.shape, { alphabet: view.alphabet });
        } catch (err) {
          if (!(err instanceof Cancelled && this.#superseded && latest())) throw err;
          this.#superseded = false;
          changed = true;
          continue;
        } finally {
          if (this.#active === run) this.#active = 0;
        }
        const now = view.givens();
        if (now.length !== givens.length || now.some((d, i) => d !== givens[i])) {
          changed = true;
          continue;
        }
        let message = r.message;
        if (r.cells) {
          const f = view.showSolution(r.cells);
          if (f.message) message = `${message} ${f.message}`;
        }
        this.#say(message);
        /** @type {SolvedDetail} */
        const detail = { outcome: r.outcome, message, solution: r.cells ? view.text() : null };
        this.dispatchEvent(new CustomEvent('solved', { detail, bubbles: true, composed: true }));
        return detail;
      }
    } catch (err) {
      if (latest()) this.#say(err instanceof Cancelled ? 'Cancelled.' : `The solver failed: ${err.message}`);
      throw err;
    } finally {
      if (latest()) this.#parts.button.disabled = false;
    }
  }

  /**
   * The grid: { side, shape, givens, entries, text } (text in the puzzle's own symbols; shape as the
   * `shape` attribute takes it); null until ready.
   * @returns {GridState | null}
   */
  getGrid() {
    const view = this.#view;
    if (!view) return null;
    return {
      side: view.side,
      shape: view.shape,
      givens: Array.from(view.givens()),
      entries: Array.from(view.entries()),
      text: view.text(),
    };
  }

  #applyPuzzle() {
    const text = this.getAttribute('puzzle');
    if (text) this.#load(text);
  }

  #load(text) {
    const asked = this.#sideAttribute();
    const f = pasteInto(this.#view, text);
    let message = f.message;
    if (f.kind === 'loaded') {
      const side = this.#view.side;
      if (this.hasAttribute('size') && asked !== side) {
        // The puzzle decides the size; the attribute follows, and says so.
        message = `${message} (size="${this.getAttribute('size')}" was replaced by ${side}: the puzzle is ${side}×${side}.)`;
        this.#syncing = true;
        this.setAttribute('size', String(side));
        this.#syncing = false;
      }
    }
    this.#say(message);
    if (f.kind === 'loaded') {
      this.#syncPad();
      this.#restartSolve();
    }
    if (f.changed) this.#changed();
  }

  /** A new puzzle while solve() runs: the search for the old one stops, and solve() starts again. */
  #restartSolve() {
    if (this.#active === 0) return;
    this.#superseded = true;
    this.#client?.cancel();
  }

  /** The pad's keys for the grid's symbols. */
  #syncPad() {
    this.#parts.pad.replaceChildren(...padButtons(this.#view, document));
    this.#parts.pad.dataset.wide = String(this.#view.alphabet === 'numbers');
  }

  #changed() {
    this.dispatchEvent(new CustomEvent('change', { detail: this.getGrid(), bubbles: true, composed: true }));
  }

  #say(message) {
    this.#parts.status.textContent = message;
  }
}

if (!customElements.get('sudoku-solver')) customElements.define('sudoku-solver', SudokuSolver);
