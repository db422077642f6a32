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
  grid.addEventListener('keydown', (e) => {
    if (e.altKey) return;
    const f = view.key(e.key, e.ctrlKey || e.metaKey, e.shiftKey);
    if (f.handled) e.preventDefault();
    if (f.command) onCommand(f.command, e);
    else onFeedback(f);
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
    onFeedback(view.putDigit(Number(button.dataset.digit)));
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

/**
 * Reads pasted or typed-in text into the view: a single symbol types it,
 * anything longer loads a puzzle. Returns a Feedback-like object when the
 * text is refused before reaching the view (too long).
 */
export function pasteInto(view, text, alphabet = '') {
  const refusal = pasteRefusal(text);
  if (refusal) return { kind: 'refused', message: refusal, tone: 'error', changed: false, cells: [] };
  const trimmed = text.trim();
  if ([...trimmed].length === 1) return view.key(trimmed, false, false);
  return view.loadText(text, alphabet);
}

/** The pad's buttons for the view's symbols, and one that empties. */
export function padButtons(view, document) {
  const button = (digit, label, title) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.dataset.digit = String(digit);
    return b;
  };
  return [
    ...view.symbols().map((symbol, i) => button(i + 1, symbol, `Enter ${symbol}`)),
    button(0, '⌫', 'Empty the cell'),
  ];
}
