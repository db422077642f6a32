// Wires a grid view (painted by Rust) to its element, for the page and the
// <sudoku-solver> widget alike: keys, pointer, the symbol pad and pasting
// into the grid. Every key and click goes to the view, which answers with a
// Feedback (kind, cells, message, tone, command); `onFeedback` shows it.
import { pasteRefusal } from './jobs.js';

/**
 * `view`: a GridView; `grid`: its element; `pad`: an element of buttons
 * carrying `data-digit` (optional); `onFeedback(feedback)`; `onCommand(name)`
 * for `solve` (Ctrl+Enter) and `leave` (Escape); `onPaste(text)` for text
 * pasted into the grid (optional: the page takes pastes anywhere itself).
 */
export function bindGrid({ view, grid, pad = null, onFeedback, onCommand, onPaste = null }) {
  let pending = null;
  /** A first digit that may still become a number is marked; unmark it once its time is up. */
  const answer = (f) => {
    clearTimeout(pending);
    if (f.pendingMs > 0) pending = setTimeout(() => view.refreshPending(), f.pendingMs + 20);
    onFeedback(f);
    showCursor(grid);
  };

  grid.addEventListener('keydown', (e) => {
    if (e.altKey) return;
    const f = view.key(e.key, e.code ?? '', e.ctrlKey || e.metaKey, e.shiftKey);
    if (f.handled) e.preventDefault();
    if (f.command) onCommand(f.command, e);
    else answer(f);
  });

  grid.addEventListener('pointerdown', (e) => {
    const cell = e.target.closest('[data-cell]');
    if (!cell) return;
    e.preventDefault();
    view.select(Number(cell.dataset.cell), true);
  });

  pad?.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-digit]');
    if (!button) return;
    answer(view.putDigit(Number(button.dataset.digit)));
    view.focus();
  });

  if (onPaste) {
    grid.addEventListener('paste', (e) => {
      e.preventDefault();
      e.stopPropagation();
      onPaste(e.clipboardData?.getData('text/plain') ?? '');
    });
  }
}

/** In a zoomed grid (larger than its frame), keeps the cursor cell in sight. */
export function showCursor(grid) {
  if (grid.parentElement?.dataset.zoom !== 'true') return;
  grid.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * Reads pasted or typed-in text into the view: a single symbol types it,
 * anything longer loads a puzzle. Returns a Feedback-like object when the
 * text is refused before reaching the view (too long).
 */
export function pasteInto(view, text, alphabet = '') {
  const refusal = pasteRefusal(text);
  if (refusal) return { kind: 'refused', message: refusal, tone: 'error', changed: false, cells: [] };
  const trimmed = text.trim();
  if ([...trimmed].length === 1) return view.key(trimmed, '', false, false);
  return view.loadText(text, alphabet);
}

/**
 * The pad's buttons for the view's symbols, and one that empties. They stay
 * out of the Tab order: the keyboard types symbols itself, and 17 to 26
 * stops between the controls would only be in its way.
 */
export function padButtons(view, document) {
  const button = (digit, label, name) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = name;
    b.tabIndex = -1;
    b.setAttribute('aria-label', name);
    b.dataset.digit = String(digit);
    return b;
  };
  return [
    ...view.symbols().map((symbol, i) => button(i + 1, symbol, `Enter ${symbol}`)),
    button(0, '⌫', 'Empty the cell'),
  ];
}
