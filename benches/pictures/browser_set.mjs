// A second test set for the picture reader, drawn by another renderer: each
// picture is an HTML page (a table or a grid of tiles styled with CSS, the
// test half of the fonts through fontconfig) that headless Chromium renders
// and screenshots. Nothing here shares code with make_set.py (which draws with
// Pillow): other anti-aliasing, hinting, sub-pixel placement, CSS borders,
// device pixel ratios, and for the photo-like pictures CSS perspective, blur,
// a light gradient, noise and JPEG. The reader was never tuned to it.
//
//   node benches/pictures/browser_set.mjs --out target/pictures/browser --seed 1 --count 200
//   # each puzzle given one solution, as printed ones have (make_set.py's --unique)
//   node benches/pictures/browser_set.mjs --out target/pictures/unique-browser13 --seed 13 --count 200 \
//     --unique target/release/bitsudoku
//   cargo run --release --example read_accuracy -- target/pictures/browser --by-side
//
// Writes DIR/NNNN-CATEGORY-SIDE.{png,jpg} and DIR/truth.tsv in make_set.py's
// format (README.md). The fonts are make_set.py's test half (its
// --list-fonts), so the venv of README.md must exist. Picture i draws from
// its own generator seeded by (seed, i); the same Chromium and fonts give
// the same pictures.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, ROOT } from '../../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const OUT = option('--out');
const SEED = Number(option('--seed', 1));
const COUNT = Number(option('--count', 200));
// Givens added until each puzzle has one solution, checked by this
// bitsudoku binary (see makeUnique).
const UNIQUE = option('--unique');
if (!OUT) {
  console.error('usage: browser_set.mjs --out DIR [--seed N] [--count N] [--unique BITSUDOKU]');
  process.exit(2);
}

// ------------------------------------------------------------ randomness

function generator(seed, index) {
  // mulberry32 over a seed mixed from both numbers.
  let a = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return rng;
}

// ------------------------------------------------------------ fonts

function testFonts() {
  const venv = join(ROOT, 'target/pictures-venv/bin/python');
  const text = execFileSync(venv, [join(ROOT, 'benches/pictures/make_set.py'), '--out', OUT, '--list-fonts'], {
    encoding: 'utf8',
  });
  const fonts = [];
  let half = '';
  for (const line of text.split('\n')) {
    const head = /^(test|train):/.exec(line);
    if (head) half = head[1];
    const row = /^ {2}(.+?)\s{2,}\S+\s+(\d+) regular, (\d+) bold/.exec(line);
    if (row && half === 'test') fonts.push({ family: row[1], bold: Number(row[3]) > 0 });
  }
  return fonts;
}

// ------------------------------------------------------------ puzzles

const ALPHABETS = {
  4: ['digits'],
  6: ['digits'],
  9: ['digits'],
  12: ['digits-letters', 'numbers'],
  16: ['letters', 'hex', 'digits-letters', 'numbers'],
  25: ['letters', 'numbers'],
};
const BOXES = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] };

function symbol(v, alphabet) {
  if (alphabet === 'digits' || alphabet === 'numbers') return String(v);
  if (alphabet === 'letters') return String.fromCharCode(64 + v);
  if (alphabet === 'hex') return '0123456789ABCDEF'[v - 1];
  return '123456789ABCDEFGHIJKLMNOP'[v - 1];
}

// Regions of a jigsaw: grown from n random seeds, the smallest region
// taking a free neighbouring cell each turn, redrawn until all n fill up.
function jigsawRegions(rng, n) {
  for (;;) {
    const region = new Array(n * n).fill(0);
    const sizes = new Array(n + 1).fill(0);
    const seeds = rng.shuffle([...Array(n * n).keys()]).slice(0, n);
    seeds.forEach((c, i) => {
      region[c] = i + 1;
      sizes[i + 1] = 1;
    });
    const neighbours = (c) => {
      const [r, k] = [Math.floor(c / n), c % n];
      return [
        [r - 1, k],
        [r + 1, k],
        [r, k - 1],
        [r, k + 1],
      ]
        .filter(([a, b]) => a >= 0 && a < n && b >= 0 && b < n)
        .map(([a, b]) => a * n + b);
    };
    let stuck = false;
    for (let placed = n; placed < n * n && !stuck; placed++) {
      const order = [...Array(n).keys()].map((i) => i + 1).sort((a, b) => sizes[a] - sizes[b] || rng.next() - 0.5);
      stuck = true;
      for (const g of order) {
        if (sizes[g] >= n) continue;
        const free = [];
        region.forEach((x, c) => {
          if (x === g) for (const m of neighbours(c)) if (!region[m]) free.push(m);
        });
        if (!free.length) continue;
        const c = rng.pick(free);
        region[c] = g;
        sizes[g]++;
        stuck = false;
        break;
      }
    }
    if (!stuck) {
      const ids = new Map();
      return region.map((g) => (ids.has(g) ? ids.get(g) : (ids.set(g, ids.size + 1), ids.size)));
    }
  }
}

// What the picture shows: values (0 empty) with no repeat in a house, and
// each filled cell's kind (given or entered); pencil marks on a few empty
// cells (they count as empty).
function puzzle(rng, side, jigsaw) {
  const n = side;
  let regions;
  const solution = new Array(n * n).fill(0);
  if (jigsaw) {
    regions = jigsawRegions(rng, n);
    const used = new Set();
    for (const c of rng.shuffle([...Array(n * n).keys()])) {
      const [r, k] = [Math.floor(c / n), c % n];
      const ok = [];
      for (let v = 1; v <= n; v++) {
        if (!used.has(`r${r}:${v}`) && !used.has(`c${k}:${v}`) && !used.has(`g${regions[c]}:${v}`)) ok.push(v);
      }
      if (!ok.length) continue;
      const v = rng.pick(ok);
      ['r' + r, 'c' + k, 'g' + regions[c]].forEach((h) => used.add(`${h}:${v}`));
      solution[c] = v;
    }
  } else {
    const [br, bc] = BOXES[n];
    regions = [...Array(n * n).keys()].map(
      (c) => Math.floor(Math.floor(c / n) / br) * (n / bc) + Math.floor((c % n) / bc) + 1,
    );
    // A full grid from the pattern, shuffled by its symmetries.
    const rows = rng
      .shuffle([...Array(n / br).keys()])
      .flatMap((b) => rng.shuffle([...Array(br).keys()]).map((i) => b * br + i));
    const cols = rng
      .shuffle([...Array(n / bc).keys()])
      .flatMap((s) => rng.shuffle([...Array(bc).keys()]).map((j) => s * bc + j));
    const digits = rng.shuffle([...Array(n).keys()].map((d) => d + 1));
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const [rr, cc] = [rows[r], cols[c]];
        solution[r * n + c] = digits[(bc * (rr % br) + Math.floor(rr / br) + cc) % n];
      }
    }
  }
  const values = new Array(n * n).fill(0);
  const kind = new Array(n * n).fill('');
  const known = [...Array(n * n).keys()].filter((c) => solution[c]);
  const share = rng.uniform(0.25, 0.45);
  for (const c of rng.shuffle(known).slice(0, Math.round(share * n * n))) {
    values[c] = solution[c];
    kind[c] = 'given';
  }
  const entered = rng.chance(0.3) ? rng.uniform(0.03, 0.15) : 0;
  for (const c of rng.shuffle(known.filter((c) => !values[c])).slice(0, Math.round(entered * n * n))) {
    values[c] = solution[c];
    kind[c] = 'entered';
  }
  const pencil = new Map();
  if (n <= 16 && rng.chance(0.15)) {
    for (const c of known.filter((c) => !values[c])) {
      if (!rng.chance(0.3)) continue;
      const marks = rng.shuffle([...Array(n).keys()].map((d) => d + 1)).slice(0, rng.int(1, Math.min(4, n - 1)));
      pencil.set(
        c,
        marks.sort((a, b) => a - b),
      );
    }
  }
  return { n, regions, values, kind, pencil, jigsaw, solution };
}

// Givens added to p from its solution until the puzzle shown has one
// solution, as printed puzzles have (`solver`: the bitsudoku binary); the
// puzzles drawn otherwise take their givens at random and most have several.
// Each step asks the solver for solutions of the puzzle with its symbols
// renamed six ways and gives one cell, at random, where one of them differs
// from p's: few givens are added. When none differs, `count --limit 2` has
// the last word. A jigsaw whose greedy grid is not whole (most) first gets
// a whole grid for its regions from the solver, its symbols shuffled, the
// cells shown kept; a layout of regions with no solution is left as it is.
function makeUnique(p, rng, solver) {
  // The output lines, whatever the exit status (1 where some puzzle has
  // no solution).
  const ask = (args, lines) => {
    const input = lines.join('\n') + '\n';
    try {
      return execFileSync(solver, args, { input, encoding: 'utf8', maxBuffer: 1 << 26, stdio: 'pipe' }).split('\n');
    } catch (e) {
      return (e.stdout || '').split('\n');
    }
  };
  const n = p.n;
  const letters = p.regions.map((r) => String.fromCharCode(64 + r)).join('');
  const line = (values) =>
    p.jigsaw
      ? `jigsaw ${values.map((v) => (v ? String(v) : '.')).join('')} ${letters}`
      : `${shapeField(p)} ${values.join(',')}`;
  // A solution printed back: numbers with commas, or one digit a cell.
  const cells = (out) => {
    const text = out.split(/\s+/)[1] || '';
    return (text.includes(',') ? text.split(',') : [...text]).map(Number);
  };
  const shuffled = () => [0, ...rng.shuffle([...Array(n).keys()].map((d) => d + 1))];
  if (p.solution.some((v) => !v)) {
    if (!p.jigsaw) return;
    const whole = cells(ask(['solve', '--first'], [`jigsaw ${'.'.repeat(n * n)} ${letters}`])[0]);
    if (whole.length !== n * n) return;
    const relabel = shuffled();
    p.solution = whole.map((v) => relabel[v]);
    p.values = p.values.map((v, c) => (v ? p.solution[c] : 0));
  }
  for (let step = 0; step < n * n; step++) {
    const names = Array.from({ length: 6 }, shuffled);
    const found = ask(
      ['solve', '--first'],
      names.map((name) => line(p.values.map((v) => name[v]))),
    );
    const differ = new Set();
    names.forEach((name, k) => {
      const back = new Map(name.map((w, v) => [w, v]));
      cells(found[k] || '').forEach((w, c) => {
        if (back.get(w) !== p.solution[c]) differ.add(c);
      });
    });
    if (!differ.size) {
      if (ask(['count', '--limit', '2'], [line(p.values)])[0].endsWith('\tunique')) return;
      p.values.forEach((v, c) => v || differ.add(c));
    }
    const choices = [...differ].sort((a, b) => a - b);
    const c = choices[Math.floor(rng.next() * choices.length)];
    p.values[c] = p.solution[c];
    p.kind[c] = 'given';
    p.pencil.delete(c);
  }
}

function shapeField(p) {
  if (!p.jigsaw) return `box=${BOXES[p.n][0]}x${BOXES[p.n][1]}`;
  return 'jigsaw=' + p.regions.map((r) => r.toString(36).toUpperCase()).join('');
}

// ------------------------------------------------------------ pages

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// A style: colours, lines, type. `print` is black on paper for photos.
function style(rng, theme, print) {
  const dark = theme === 'dark';
  const hue = rng.int(0, 359);
  return {
    page: print
      ? '#fff'
      : dark
        ? rng.pick(['#121212', '#1e1e24', '#20232a', '#0d1117'])
        : rng.pick(['#fff', '#f6f7f9', '#fafaf5', `hsl(${hue} 30% 96%)`]),
    cell: print
      ? rng.pick(['#fff', '#fdfcf7', '#f8f6ee'])
      : dark
        ? rng.pick(['#1c1c1c', '#26262e', '#2b2f38', '#161b22'])
        : rng.pick(['#fff', '#fff', '#fdfdfb']),
    thin: print
      ? rng.pick(['#000', '#444', '#777'])
      : dark
        ? rng.pick(['#555', '#666', '#4a5060'])
        : rng.pick(['#bbb', '#999', '#ccc', `hsl(${hue} 25% 70%)`]),
    thick: print
      ? '#000'
      : dark
        ? rng.pick(['#ccc', '#aaa', '#ddd'])
        : rng.pick(['#000', '#333', `hsl(${hue} 45% 30%)`]),
    given: print ? '#000' : dark ? rng.pick(['#eee', '#ddd', '#fff']) : rng.pick(['#000', '#222', '#333']),
    entered: dark ? rng.pick(['#7ab7ff', '#8fd3a4', '#ffcc66']) : rng.pick(['#1565c0', '#2962ff', '#00796b', '#555']),
    shaded: dark ? '#2e3440' : rng.pick([`hsl(${hue} 40% 93%)`, '#eee', '#f2f2f2']),
    select: dark ? '#3b4252' : rng.pick([`hsl(${hue} 70% 88%)`, '#fff3b0', '#dbeafe']),
  };
}

// The grid as HTML: a collapsed-border table, or tiles on a background
// whose gaps are the lines.
function gridHtml(rng, p, colours, font, cellPx, { tiles, shadedBoxes, selected, photo }) {
  const n = p.n;
  const thin = photo ? rng.pick([1, 1, 1.5]) : rng.pick([1, 1, 1, 2]);
  const thick = Math.max(thin + 1, rng.pick([2, 2, 3, 3, 4]));
  const weight = font.bold && rng.chance(0.3) ? 700 : rng.pick([400, 400, 500]);
  const numbers = p.alphabet === 'numbers' && p.n >= 10;
  const scale = rng.uniform(0.5, 0.75) * (numbers ? 0.8 : 1);
  const [sr, sc] = [Math.floor(selected / n), selected % n];
  const cells = [];
  for (let c = 0; c < n * n; c++) {
    const [r, k] = [Math.floor(c / n), c % n];
    let bg = colours.cell;
    if (shadedBoxes && p.regions[c] % 2 === 0 && !p.jigsaw) bg = colours.shaded;
    if (selected >= 0 && (r === sr || k === sc || p.regions[c] === p.regions[selected])) bg = colours.select;
    if (c === selected) bg = colours.shaded;
    let inner = '';
    if (p.values[c]) {
      const colour = p.kind[c] === 'given' ? colours.given : colours.entered;
      inner = `<span style="color:${colour};font-weight:${p.kind[c] === 'given' ? weight : 400}">${esc(symbol(p.values[c], p.alphabet))}</span>`;
    } else if (p.pencil.has(c)) {
      const b = Math.ceil(Math.sqrt(n));
      inner = `<div class="pm" style="grid-template-columns:repeat(${b},1fr)">${[...Array(n).keys()]
        .map((d) => `<i>${p.pencil.get(c).includes(d + 1) ? esc(symbol(d + 1, p.alphabet)) : ''}</i>`)
        .join('')}</div>`;
    }
    const right = k === n - 1 || p.regions[c] !== p.regions[c + 1] ? thick : thin;
    const down = r === n - 1 || p.regions[c] !== p.regions[c + n] ? thick : thin;
    const left = k === 0 ? thick : 0;
    const up = r === 0 ? thick : 0;
    if (tiles) {
      cells.push(
        `<div class="t" style="grid-row:${2 * r + 1};grid-column:${2 * k + 1};background:${bg};border-radius:${rng.pick([0, 2, 4])}px">${inner}</div>`,
      );
    } else {
      const lc = (w) => (w >= thick ? colours.thick : colours.thin);
      cells.push(
        `<td style="background:${bg};border-right:${right}px solid ${lc(right)};border-bottom:${down}px solid ${lc(down)};` +
          `${left ? `border-left:${left}px solid ${colours.thick};` : ''}${up ? `border-top:${up}px solid ${colours.thick};` : ''}">${inner}</td>`,
      );
    }
  }
  const type = `font-family:'${font.family}';font-size:${(cellPx * scale).toFixed(1)}px;`;
  if (tiles) {
    // Gaps as tracks of their own: thin between cells, thick between boxes.
    const [br, bc] = BOXES[n];
    const track = (count, box) =>
      [...Array(count).keys()]
        .map((i) => `${cellPx}px${i < count - 1 ? ` ${(i + 1) % box ? thin : thick}px` : ''}`)
        .join(' ');
    return `<div class="grid tiles" style="${type}display:grid;grid-template-columns:${track(n, bc)};grid-template-rows:${track(n, br)};background:${colours.thick};padding:${thick}px;">${cells.join('')}</div>`;
  }
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(`<tr>${cells.slice(r * n, (r + 1) * n).join('')}</tr>`);
  return `<table class="grid" style="${type}">${rows.join('')}</table>`;
}

function page(rng, p, font, opts) {
  const { cellPx, colours, photo } = opts;
  const grid = gridHtml(rng, p, colours, font, cellPx, opts);
  const uiFont = rng.pick(['sans-serif', 'serif', `'${font.family}'`]);
  const chrome = !photo && rng.chance(0.7);
  const buttons = chrome
    ? `<div class="bar">${['New', 'Check', 'Hint', 'Undo', 'Solve']
        .slice(0, rng.int(2, 5))
        .map((b) => `<button>${b}</button>`)
        .join('')}</div>`
    : '';
  const pad =
    chrome && p.n <= 9 && rng.chance(0.5)
      ? `<div class="pad">${[...Array(p.n).keys()].map((d) => `<button>${symbol(d + 1, p.alphabet)}</button>`).join('')}</div>`
      : '';
  const text = photo
    ? `<p class="col">${'Solve the puzzle so that every row, column and box contains each symbol exactly once. '.repeat(rng.int(1, 3))}</p>`
    : '';
  const title =
    chrome || photo
      ? `<h1>${rng.pick(['Sudoku', 'Daily puzzle', `Puzzle #${rng.int(1, 999)}`, 'Sudoku 16', 'Hard'])}</h1>`
      : '';
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;background:${photo ? rng.pick(['#6b5a45', '#8a7b6a', '#3d4a55', '#a9a49a']) : colours.page};}
body{font-family:${uiFont};color:${colours.given};}
.sheet{display:inline-block;padding:${rng.int(12, 40)}px;background:${colours.page};}
h1{font-size:${rng.int(16, 30)}px;margin:0 0 ${rng.int(6, 16)}px}
.bar,.pad{display:flex;gap:6px;margin:10px 0;flex-wrap:wrap;max-width:${cellPx * p.n}px}
button{font:inherit;font-size:14px;padding:6px 12px;border-radius:6px;border:1px solid ${colours.thin};background:${colours.cell};color:${colours.given}}
.grid{border-collapse:collapse;line-height:1;}
table.grid td{width:${cellPx}px;height:${cellPx}px;padding:0;text-align:center;vertical-align:middle;box-sizing:border-box;overflow:hidden}
.tiles .t{display:flex;align-items:center;justify-content:center;overflow:hidden}
.pm{display:grid;width:100%;height:100%;font-size:${(cellPx / (Math.ceil(Math.sqrt(p.n)) + 1.5)).toFixed(1)}px;color:${colours.thin};font-family:sans-serif}
.pm i{font-style:normal;display:flex;align-items:center;justify-content:center}
.col{max-width:${cellPx * p.n}px;font-size:13px;margin:8px 0 0}
.wrap{padding:${rng.int(20, 80)}px ${rng.int(20, 120)}px}
</style></head><body><div class="wrap"><div class="sheet" id="sheet">${title}${buttons}${grid}${pad}${text}</div></div>${photo ? '<div id="light"></div><canvas id="noise"></canvas>' : ''}</body></html>`;
}

// No Sudoku: a calendar, a crossword, a chessboard, a table of numbers, an
// empty square grid, a word search.
function nonePage(rng) {
  const kind = rng.pick(['calendar', 'crossword', 'chess', 'table', 'graph', 'words']);
  const cell = rng.int(26, 48);
  const td = (s, bg = '#fff', extra = '') =>
    `<td style="width:${cell}px;height:${cell}px;border:1px solid #444;background:${bg};text-align:center;font-size:${Math.round(cell * 0.45)}px;${extra}">${s}</td>`;
  let body = '';
  if (kind === 'calendar') {
    const start = rng.int(0, 6);
    const days = rng.int(28, 31);
    body = '<tr>' + ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => td(d, '#eee')).join('') + '</tr>';
    for (let w = 0; w < 6; w++) {
      body +=
        '<tr>' +
        [...Array(7).keys()]
          .map((i) => td(w * 7 + i - start + 1 >= 1 && w * 7 + i - start + 1 <= days ? w * 7 + i - start + 1 : ''))
          .join('') +
        '</tr>';
    }
  } else if (kind === 'crossword') {
    const n = rng.pick([9, 13, 15]);
    let k = 1;
    for (let r = 0; r < n; r++) {
      body += '<tr>';
      for (let c = 0; c < n; c++) {
        const black = rng.chance(0.18);
        body += black
          ? td('', '#000')
          : td(
              rng.chance(0.25)
                ? `<sup style="font-size:${Math.round(cell * 0.28)}px;position:relative;top:-30%;left:-30%">${k++}</sup>`
                : '',
            );
      }
      body += '</tr>';
    }
  } else if (kind === 'chess') {
    for (let r = 0; r < 8; r++)
      body += '<tr>' + [...Array(8).keys()].map((c) => td('', (r + c) % 2 ? '#769656' : '#eeeed2')).join('') + '</tr>';
  } else if (kind === 'table') {
    const [rows, cols] = [rng.int(6, 14), rng.int(4, 9)];
    for (let r = 0; r < rows; r++)
      body +=
        '<tr>' +
        [...Array(cols).keys()].map(() => td(String(rng.int(0, 999)), '#fff', 'width:auto;padding:0 8px')).join('') +
        '</tr>';
  } else if (kind === 'graph') {
    const n = rng.pick([8, 9, 10, 12, 16]);
    for (let r = 0; r < n; r++) body += '<tr>' + [...Array(n).keys()].map(() => td('')).join('') + '</tr>';
  } else {
    const n = rng.int(10, 15);
    for (let r = 0; r < n; r++)
      body +=
        '<tr>' +
        [...Array(n).keys()].map(() => td(String.fromCharCode(65 + rng.int(0, 25)), '#fff', 'border:none')).join('') +
        '</tr>';
  }
  return `<!doctype html><html><body style="margin:0;background:#fff;font-family:sans-serif"><div style="padding:${rng.int(20, 100)}px"><h2>${kind}</h2><table style="border-collapse:collapse">${body}</table></div></body></html>`;
}

// ------------------------------------------------------------ the set

const SIDES = [
  [9, 45],
  [16, 25],
  [4, 6],
  [6, 8],
  [12, 6],
  [25, 10],
];

function pickSide(rng) {
  let x = rng.next() * SIDES.reduce((a, [, w]) => a + w, 0);
  for (const [side, w] of SIDES) if ((x -= w) < 0) return side;
  return 9;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const fonts = testFonts();
  if (!fonts.length) throw new Error('no test fonts listed by make_set.py --list-fonts');
  const browser = await launch();
  const truth = ['file\tcategory\tside\tshape\talphabet\tcells\tfont'];
  try {
    for (let i = 0; i < COUNT; i++) {
      const rng = generator(SEED, i);
      const roll = rng.next();
      const category = roll < 0.55 ? 'screen' : roll < 0.9 ? 'photo' : 'none';
      if (category === 'none') {
        const context = await browser.newContext({
          viewport: { width: rng.int(700, 1200), height: rng.int(600, 900) },
        });
        const tab = await context.newPage();
        await tab.setContent(nonePage(rng));
        const file = `${String(i).padStart(4, '0')}-none.png`;
        await tab.screenshot({ path: join(OUT, file) });
        await context.close();
        truth.push([file, 'none', '-', '-', '-', '-', '-'].join('\t'));
        continue;
      }
      const side = pickSide(rng);
      const jigsaw = side === 9 && rng.chance(1 / 6);
      const p = puzzle(rng, side, jigsaw);
      // (A stream of its own: the rest of the picture draws as without it.)
      if (UNIQUE) makeUnique(p, generator(SEED ^ 0x5bd1e995, i), UNIQUE);
      p.alphabet = rng.pick(ALPHABETS[side]);
      const font = rng.pick(fonts);
      const photo = category === 'photo';
      const theme = !photo && rng.chance(0.3) ? 'dark' : 'light';
      const colours = style(rng, theme, photo);
      const cellPx = Math.round(
        {
          4: rng.uniform(44, 80),
          6: rng.uniform(40, 70),
          9: rng.uniform(30, 58),
          12: rng.uniform(28, 46),
          16: rng.uniform(24, 42),
          25: rng.uniform(20, 32),
        }[side],
      );
      const opts = {
        cellPx,
        colours,
        photo,
        tiles: !photo && !jigsaw && rng.chance(0.15),
        shadedBoxes: !jigsaw && rng.chance(0.2),
        selected: !photo && rng.chance(0.35) ? rng.int(0, side * side - 1) : -1,
      };
      const html = page(rng, p, font, opts);
      // Photos: the page's long side 1200–1800 pixels (a phone's photo
      // scaled down), by the device pixel ratio; the layout is the same at
      // any ratio, so it is measured once at 1.
      let scale = rng.pick([1, 1, 1.25, 1.5, 2]);
      let margins = null;
      if (photo) {
        const measure = await browser.newContext({ viewport: { width: 1600, height: 1400 } });
        const tab = await measure.newPage();
        await tab.setContent(html);
        await tab.evaluate(() => document.fonts.ready);
        const { width, height } = await tab.locator('#sheet').boundingBox();
        await measure.close();
        margins = { x: rng.int(60, 200), y: rng.int(60, 200) };
        const long = Math.max(width + 2 * margins.x, height + 2 * margins.y);
        scale = rng.uniform(1200, 1800) / long;
      }
      const context = await browser.newContext({
        viewport: { width: 1600, height: 1400 },
        deviceScaleFactor: scale,
      });
      const tab = await context.newPage();
      await tab.setContent(html);
      await tab.evaluate(() => document.fonts.ready);
      const box = await tab.locator('#sheet').boundingBox();
      const file = `${String(i).padStart(4, '0')}-${category}-${side}.${photo ? 'jpg' : 'png'}`;
      if (photo) {
        // A printed page photographed: tilt, turn, blur, light, noise.
        const tilt = { x: rng.uniform(-14, 14), y: rng.uniform(-12, 12), z: rng.uniform(-5, 5) };
        const blur = rng.uniform(0, 1.6);
        const shade = rng.uniform(0.35, 0.8);
        const noise = rng.uniform(0.04, 0.14);
        const noiseSeed = rng.int(1, 1e9);
        const light = { x: rng.int(0, 100), y: rng.int(0, 100) };
        const frame = { width: Math.round(box.width + 2 * margins.x), height: Math.round(box.height + 2 * margins.y) };
        await tab.evaluate(
          ({ tilt, blur, shade, noise, noiseSeed, light, frame }) => {
            const sheet = document.getElementById('sheet');
            sheet.parentElement.style.cssText = `width:${frame.width}px;height:${frame.height}px;display:flex;align-items:center;justify-content:center;perspective:${900 + Math.abs(tilt.x) * 20}px;padding:0`;
            sheet.style.transform = `rotateX(${tilt.x}deg) rotateY(${tilt.y}deg) rotateZ(${tilt.z}deg)`;
            sheet.style.filter = `blur(${blur}px)`;
            sheet.style.boxShadow = '0 4px 20px rgba(0,0,0,.5)';
            const lightDiv = document.getElementById('light');
            lightDiv.style.cssText = `position:fixed;left:0;top:0;width:${frame.width}px;height:${frame.height}px;pointer-events:none;mix-blend-mode:multiply;background:radial-gradient(circle at ${light.x}% ${light.y}%, #fff 0%, rgb(${Math.round(255 * shade)},${Math.round(250 * shade)},${Math.round(240 * shade)}) 100%)`;
            const canvas = document.getElementById('noise');
            canvas.width = frame.width;
            canvas.height = frame.height;
            canvas.style.cssText = `position:fixed;left:0;top:0;pointer-events:none;mix-blend-mode:overlay;opacity:${noise * 4}`;
            const g = canvas.getContext('2d');
            const data = g.createImageData(frame.width, frame.height);
            let s = noiseSeed >>> 0;
            for (let i = 0; i < data.data.length; i += 4) {
              s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
              const v = s >>> 24;
              data.data[i] = data.data[i + 1] = data.data[i + 2] = v;
              data.data[i + 3] = 255;
            }
            g.putImageData(data, 0, 0);
          },
          { tilt, blur, shade, noise, noiseSeed, light, frame },
        );
        await tab.screenshot({
          path: join(OUT, file),
          type: 'jpeg',
          quality: rng.int(45, 85),
          clip: { x: 0, y: 0, width: frame.width, height: frame.height },
        });
      } else {
        // A screenshot of the window around the grid.
        const margin = { l: rng.int(0, 200), t: rng.int(0, 150), r: rng.int(0, 200), b: rng.int(0, 150) };
        const x = Math.max(0, box.x - margin.l);
        const y = Math.max(0, box.y - margin.t);
        await tab.screenshot({
          path: join(OUT, file),
          clip: { x, y, width: box.x + box.width + margin.r - x, height: box.y + box.height + margin.b - y },
        });
      }
      await context.close();
      truth.push([file, category, side, shapeField(p), p.alphabet, p.values.join(','), font.family].join('\t'));
    }
  } finally {
    await browser.close();
  }
  writeFileSync(join(OUT, 'truth.tsv'), truth.join('\n') + '\n');
  console.log(`${COUNT} pictures in ${OUT}`);
}

await main();
