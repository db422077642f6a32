// Drawing a jigsaw's regions on the grid, as a person copies them from a
// newspaper: pick a region (its key, or its letter on the keyboard), then
// click or drag over its cells, or move with the arrows and type the letter.
// The drawing lives here, on the cells' data-region attributes, until it is
// used; only then does the grid change shape (the givens and entries stay).
// A region may be in pieces: the solver takes any regions of n cells.

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXY';

/** Region r's hue: the golden angle apart, so regions next in order (often next on the grid) differ most. */
const hue = (r) => String(Math.round(20 + r * 137.508) % 360);

/** The cell elements of `grid`, row-major. */
const cellsOf = (grid) => [...grid.querySelectorAll('[data-cell]')];

/**
 * The regions the grid shows, read from its thick borders (flood fill
 * across the thin ones): region index per cell, in order of first cell.
 */
export function regionsShown(grid, n) {
  const cells = cellsOf(grid);
  const region = new Array(n * n).fill(-1);
  let next = 0;
  for (let start = 0; start < n * n; start++) {
    if (region[start] !== -1) continue;
    const stack = [start];
    region[start] = next;
    while (stack.length) {
      const c = stack.pop();
      const [r, k] = [Math.floor(c / n), c % n];
      const right = !cells[c].classList.contains('box-right');
      const down = !cells[c].classList.contains('box-bottom');
      const left = k > 0 && !cells[c - 1].classList.contains('box-right');
      const up = r > 0 && !cells[c - n].classList.contains('box-bottom');
      for (const [ok, d] of [
        [k + 1 < n && right, c + 1],
        [r + 1 < n && down, c + n],
        [left, c - 1],
        [up, c - n],
      ]) {
        if (ok && region[d] === -1) {
          region[d] = next;
          stack.push(d);
        }
      }
    }
    next += 1;
  }
  return region;
}

/** What is wrong with `region` (index per cell) as n regions of n cells, in words; '' when nothing. */
export function regionProblems(region, n) {
  const sizes = new Array(n).fill(0);
  for (const r of region) sizes[r] += 1;
  const off = sizes.flatMap((s, r) => (s === n ? [] : [`${LABELS[r]} has ${s}`]));
  if (off.length === 0) return '';
  return `Each region needs ${n} cells: ${off.join(', ')}.`;
}

/**
 * Starts drawing on `grid` (side `n`) from the regions it shows. `bar` is
 * the element that takes the region keys; `say(text, kind)` reports;
 * `use(labels)` gets the regions as a string of letters when the person
 * finishes, and returns true if they were taken. Returns `stop()`, which
 * ends the drawing and puts the grid back as it was.
 */
export function startDrawing({ grid, n, bar, say, use }) {
  const cells = cellsOf(grid);
  const region = regionsShown(grid, n);
  let current = 0;
  let dragging = false;
  const keys = [];

  const paint = () => {
    cells.forEach((el, c) => {
      el.dataset.region = String(region[c]);
      el.style.setProperty('--region-hue', hue(region[c]));
      const [r, k] = [Math.floor(c / n), c % n];
      el.classList.toggle('region-right', k + 1 < n && region[c + 1] !== region[c]);
      el.classList.toggle('region-bottom', r + 1 < n && region[c + n] !== region[c]);
    });
    const sizes = new Array(n).fill(0);
    for (const r of region) sizes[r] += 1;
    keys.forEach((b, r) => {
      b.setAttribute('aria-pressed', String(r === current));
      b.querySelector('.count').textContent = String(sizes[r]);
      b.dataset.full = String(sizes[r] === n);
    });
    const problem = regionProblems(region, n);
    const doing = `Region ${LABELS[current]}: click or drag over its cells (or type a letter).`;
    say(`${doing} ${problem || 'Every region is whole: use them when they are right.'}`, problem ? 'info' : 'ok');
  };

  const choose = (r) => {
    current = r;
    paint();
  };

  for (let r = 0; r < n; r++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'region-key';
    b.style.setProperty('--region-hue', hue(r));
    b.title = `Region ${LABELS[r]} (key ${LABELS[r]})`;
    const label = document.createElement('span');
    label.textContent = LABELS[r];
    const count = document.createElement('span');
    count.className = 'count';
    b.append(label, count);
    b.addEventListener('click', () => choose(r));
    keys.push(b);
  }
  const keyBox = bar.querySelector('.region-keys');
  keyBox.replaceChildren(...keys);

  const cellAt = (target) => target?.closest?.('[data-cell]');
  const set = (el) => {
    const c = Number(el.dataset.cell);
    if (region[c] !== current) {
      region[c] = current;
      paint();
    }
  };
  // Capturing on the grid: the view never sees a press or a symbol while
  // the regions are drawn (arrows, Tab and Escape still reach it).
  const down = (e) => {
    const el = cellAt(e.target);
    if (!el) return;
    e.preventDefault();
    e.stopPropagation();
    el.focus();
    dragging = true;
    set(el);
  };
  const over = (e) => {
    if (!dragging) return;
    // Touch keeps its events on the first cell: find the cell under the finger.
    const el = cellAt(document.elementFromPoint(e.clientX, e.clientY));
    if (el && grid.contains(el)) set(el);
  };
  const up = () => {
    dragging = false;
  };
  const swallow = (e) => {
    if (cellAt(e.target)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const key = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
    e.preventDefault();
    e.stopPropagation();
    const r = LABELS.indexOf(e.key.toUpperCase());
    if (r < 0 || r >= n) {
      say(`Regions here are ${LABELS[0]} to ${LABELS[n - 1]}; '${e.key}' is none of them.`, 'warn');
      return;
    }
    current = r;
    const el = cellAt(document.activeElement);
    if (el && grid.contains(el)) set(el);
    else paint();
  };
  grid.addEventListener('pointerdown', down, true);
  grid.addEventListener('pointermove', over, true);
  grid.addEventListener('click', swallow, true);
  grid.addEventListener('keydown', key, true);
  window.addEventListener('pointerup', up);
  grid.dataset.drawing = 'true';
  bar.hidden = false;

  const stop = () => {
    grid.removeEventListener('pointerdown', down, true);
    grid.removeEventListener('pointermove', over, true);
    grid.removeEventListener('click', swallow, true);
    grid.removeEventListener('keydown', key, true);
    window.removeEventListener('pointerup', up);
    delete grid.dataset.drawing;
    for (const el of cells) {
      delete el.dataset.region;
      el.style.removeProperty('--region-hue');
      el.classList.remove('region-right', 'region-bottom');
    }
    keyBox.replaceChildren();
    bar.hidden = true;
  };

  const finish = () => {
    const problem = regionProblems(region, n);
    if (problem) {
      say(`Not yet: ${problem}`, 'warn');
      return false;
    }
    const labels = region.map((r) => LABELS[r]).join('');
    // Taken: the grid is redrawn in its new shape. Refused: drawing goes on.
    if (!use(labels)) return false;
    stop();
    return true;
  };

  paint();
  return { stop, finish, choose };
}
