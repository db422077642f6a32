// <sudoku-solver>: the solver as a custom element, for any page.
//
//   <script type="module" src="…/www/sudoku-solver.js"></script>
//   <sudoku-solver size="9" puzzle="4.....8.5.3…"></sudoku-solver>
//
// Attributes: size (4, 9, 16, 25), puzzle (any text the parser reads),
// readonly. Events: `change` (the grid changed), `solved` (detail: outcome,
// message, solution text). Methods: solve(), getGrid(). Each element has its
// own grid and its own worker, so several on a page work independently.
import { GridView } from './pkg/bitsudoku.js';
import { loadWasm } from './wasm.js';
import { Cancelled, SolverClient } from './solver-client.js';

const wasmReady = loadWasm();
const GRID_CSS = new URL('./grid.css', import.meta.url).href;
const WIDGET_CSS = new URL('./widget.css', import.meta.url).href;

export class SudokuSolver extends HTMLElement {
  static observedAttributes = ['size', 'puzzle', 'readonly'];

  #view = null;
  #client = null;
  #parts;
  #ready;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const css = (href) => Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    const grid = document.createElement('div');
    grid.className = 'sudoku-grid';
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Solve' });
    const status = document.createElement('p');
    status.className = 'status';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.append(button, status);
    root.append(css(GRID_CSS), css(WIDGET_CSS), grid, bar);
    this.#parts = { grid, button, status };
    this.#ready = wasmReady.then(() => this.#setup());
  }

  /** Resolves once the element can be used. */
  get ready() {
    return this.#ready;
  }

  #setup() {
    const { grid, button } = this.#parts;
    this.#view = new GridView(grid, Number(this.getAttribute('size')) || 9);
    this.#applyPuzzle();
    this.#view.setReadonly(this.hasAttribute('readonly'));
    grid.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const r = this.#view.key(e.key, e.shiftKey);
      if (r.handled) e.preventDefault();
      if (r.message) this.#say(r.message);
      if (r.changed) this.#changed();
    });
    grid.addEventListener('pointerdown', (e) => {
      const cell = e.target.closest('[data-cell]');
      if (!cell) return;
      e.preventDefault();
      this.#view.select(Number(cell.dataset.cell), true);
    });
    grid.addEventListener('paste', (e) => {
      const text = e.clipboardData?.getData('text/plain') ?? '';
      if (this.hasAttribute('readonly') || text.length > 100_000) return;
      e.preventDefault();
      this.#load(text);
    });
    button.addEventListener('click', () => this.solve().catch(() => {}));
  }

  connectedCallback() {
    this.#client ??= new SolverClient();
  }

  disconnectedCallback() {
    this.#client?.close();
    this.#client = null;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.#view || before === after) return;
    if (name === 'readonly') this.#view.setReadonly(after !== null);
    else if (name === 'size') {
      this.#view.resize(Number(after) || 9);
      this.#changed();
    } else if (name === 'puzzle') this.#applyPuzzle();
  }

  /** Solves the givens; resolves with { outcome, message, solution } and fires `solved`. */
  async solve() {
    await this.#ready;
    this.#client ??= new SolverClient();
    const view = this.#view;
    const clash = view.givensConflict;
    if (clash) {
      this.#say(clash);
      throw new Error(clash);
    }
    this.#parts.button.disabled = true;
    this.#say('Solving…');
    try {
      const r = await this.#client.solve(view.givens(), view.side, { alphabet: view.alphabet });
      if (r.cells) view.showSolution(r.cells);
      this.#say(r.message);
      const detail = { outcome: r.outcome, message: r.message, solution: r.cells ? view.text() : null };
      this.dispatchEvent(new CustomEvent('solved', { detail, bubbles: true, composed: true }));
      return detail;
    } catch (err) {
      this.#say(err instanceof Cancelled ? 'Cancelled.' : `The solver failed: ${err.message}`);
      throw err;
    } finally {
      this.#parts.button.disabled = false;
    }
  }

  /** The grid: { side, givens, entries, text } (text in the puzzle's own symbols). */
  getGrid() {
    const view = this.#view;
    if (!view) return null;
    return {
      side: view.side,
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
    try {
      this.#say(this.#view.loadText(text, ''));
      if (this.hasAttribute('size')) {
        // The puzzle decides the size; keep the attribute truthful.
        const side = String(this.#view.side);
        if (this.getAttribute('size') !== side) this.setAttribute('size', side);
      }
      this.#changed();
    } catch (err) {
      this.#say(`Could not read the puzzle: ${err.message}`);
    }
  }

  #changed() {
    this.dispatchEvent(new CustomEvent('change', { detail: this.getGrid(), bubbles: true, composed: true }));
  }

  #say(message) {
    this.#parts.status.textContent = message;
  }
}

if (!customElements.get('sudoku-solver')) customElements.define('sudoku-solver', SudokuSolver);
