// What a person meets in the first minutes, in headless Chromium at real
// screen sizes: the page fits, rows stay square, work survives share links
// and reloads, the keyboard follows the ARIA grid pattern, numbers work for
// 16×16 and 25×25, marks match the state, modes and loading are visible, the
// widget refuses a size mismatch clearly, every page works offline, and the
// messages read well. Screenshots at each size, light and dark, go to
// test-results/ to be looked at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cellMarks, cellTexts, launch, pasteText, serve, solved, status, inPage } from './harness.mjs';

let browser;
let site;
let dist;

before(async () => {
  await mkdir(SHOTS, { recursive: true });
  browser = await launch();
  site = await serve('/');
  dist = await serve('/app/', join(ROOT, 'dist'));
});

after(async () => {
  await browser?.close();
  await site?.close();
  await dist?.close();
});

const withPage = (fn, { url = site.url, ...options } = {}) => inPage(browser, url, fn, options);

const SIZES = [
  { name: 'laptop-1280x800', width: 1280, height: 800 },
  { name: 'laptop-1366x768', width: 1366, height: 768 },
  { name: 'phone-390x844', width: 390, height: 844 },
];

const UVA = await readFile(join(ROOT, 'tests/data/judge/uva1309.in'), 'utf8');
const [UVA1] = UVA.trim().split(/\n\s*\n/);
const [UVA_OUT1] = (await readFile(join(ROOT, 'tests/data/judge/uva1309.out'), 'utf8')).trim().split(/\n\s*\n/);
const POJ = (await readFile(join(ROOT, 'tests/data/judge/poj3074.in'), 'utf8')).split('\n');
const POJ_OUT = (await readFile(join(ROOT, 'tests/data/judge/poj3074.out'), 'utf8')).split('\n');

/** Waits for a check's answer (the first may search in the worker); returns the status. */
async function checked(page) {
  await page.waitForFunction(() => !/^Finding/.test(document.querySelector('#status').textContent));
  return status(page);
}

/** The element's box, and whether all of it is inside the viewport. */
function inView(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return {
      box: { top: r.top, left: r.left, bottom: r.bottom, right: r.right },
      inside: r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1,
    };
  });
}

/** Switches to play (on the page before this redesign, its single Play toggle). */
async function play(page) {
  await page.click((await page.$('#mode-play')) ? '#mode-play' : '#mode');
}

async function loadText(page, text) {
  await page.$eval('details.paste', (d) => (d.open = true));
  await page.fill('#paste-text', text);
  await page.click('#load');
}

/** Each cell's width and height, in a grid of `root` (a selector, or a widget's shadow root). */
function cellBoxes(page, widget = null) {
  return page.evaluate((id) => {
    const root = id ? document.getElementById(id).shadowRoot : document;
    return [...root.querySelectorAll('[role=gridcell]')].map((c) => {
      const r = c.getBoundingClientRect();
      return { w: r.width, h: r.height, top: r.top };
    });
  }, widget);
}

function assertSquareRows(boxes, what) {
  const side = Math.round(Math.sqrt(boxes.length));
  const heights = boxes.map((b) => b.h);
  const widths = boxes.map((b) => b.w);
  const spread = (xs) => Math.max(...xs) - Math.min(...xs);
  // Box borders (2px) and the grid's rounding may differ by a pixel or two.
  assert.ok(
    spread(heights) <= 2.5,
    `${what}: every row the same height (${Math.min(...heights)}–${Math.max(...heights)})`,
  );
  assert.ok(spread(widths) <= 2.5, `${what}: every column the same width`);
  assert.ok(Math.abs(heights[0] - widths[0]) <= 2.5, `${what}: cells are square (${widths[0]}×${heights[0]})`);
  for (let r = 1; r < side; r++) {
    const gap = boxes[r * side].top - boxes[(r - 1) * side].top;
    assert.ok(Math.abs(gap - heights[0]) <= 2.5, `${what}: row ${r + 1} starts one cell below row ${r}`);
  }
}

test('1. the page fits the screen: grid, Solve and status visible at 1280×800, 1366×768 and 390×844, light and dark', async () => {
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      await withPage(
        async (page) => {
          await pasteText(page, UVA1);
          assert.match(await status(page), /^Loaded a 16×16 puzzle/);
          for (const sel of ['#grid', '#solve', '#status']) {
            const { inside, box } = await inView(page, sel);
            assert.ok(
              inside,
              `${size.name} ${colorScheme}: ${sel} is on screen without scrolling (${JSON.stringify(box)})`,
            );
          }
          if (size.width >= 1280) {
            // Controls beside the grid, not below it.
            const grid = (await inView(page, '#grid')).box;
            const solve = (await inView(page, '#solve')).box;
            assert.ok(solve.left >= grid.right, `${size.name}: Solve sits beside the grid`);
            assert.ok(
              grid.bottom - grid.top >= 600,
              `${size.name}: the grid uses the height (${grid.bottom - grid.top}px)`,
            );
          } else {
            const grid = (await inView(page, '#grid')).box;
            assert.ok(grid.right - grid.left >= size.width - 40, `${size.name}: the grid fills the width`);
          }
          await page.click('#solve');
          await solved(page);
          assert.ok((await inView(page, '#status')).inside, `${size.name}: the result is in view`);
          await page.screenshot({ path: join(SHOTS, `fit-${size.name}-${colorScheme}.png`) });
          // An error from a paste in the text box shows where the person is.
          await loadText(page, 'this is not a puzzle');
          assert.match(await status(page), /^Could not read the puzzle/);
          assert.ok((await inView(page, '#status')).inside, `${size.name}: the paste error is in view`);
        },
        { viewport: { width: size.width, height: size.height }, colorScheme },
      );
    }
  }
  // 25×25 fits too.
  await withPage(
    async (page) => {
      await page.selectOption('#examples', String(9));
      for (const sel of ['#grid', '#solve', '#status']) assert.ok((await inView(page, sel)).inside, `25×25: ${sel}`);
      await page.screenshot({ path: join(SHOTS, 'fit-25x25-1366x768.png') });
    },
    { viewport: { width: 1366, height: 768 } },
  );
});

test('2. rows are square whatever they hold: typed, generated, and in the widget', async () => {
  await withPage(
    async (page) => {
      assertSquareRows(await cellBoxes(page), 'empty 16×16');
      await page.click('#grid [data-cell="0"]');
      await page.keyboard.type('ABCDEFGHIJKLMNOP');
      assertSquareRows(await cellBoxes(page), '16×16 with one row typed');
      await page.selectOption('#size', '9');
      await page.click('#generate');
      await page.waitForFunction(() => /^A new \w+ 9×9/.test(document.querySelector('#status').textContent));
      assertSquareRows(await cellBoxes(page), 'generated 9×9');
      await page.click('#candidates');
      assertSquareRows(await cellBoxes(page), 'generated 9×9 with candidates');
    },
    { viewport: { width: 1280, height: 800 } },
  );
  await withPage(
    async (page) => {
      await page.evaluate(() => Promise.all([...document.querySelectorAll('sudoku-solver')].map((w) => w.ready)));
      assertSquareRows(await cellBoxes(page, 'nine'), 'widget 9×9');
      assertSquareRows(await cellBoxes(page, 'four'), 'widget 4×4');
    },
    { url: `${site.url}examples/embed.html` },
  );
});

test('3. a share link never overwrites newer work: share, edit, reload; open a link, edit, reload', async () => {
  await withPage(
    async (page) => {
      await loadText(page, POJ[0]);
      await play(page);
      const empties = [...POJ[0]].flatMap((ch, i) => (ch === '.' ? [i] : []));
      await page.click(`#grid [data-cell="${empties[0]}"]`);
      await page.keyboard.type(POJ_OUT[0][empties[0]]);
      await page.click('#share');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(link, /#1\.9\./);
      assert.equal(new URL(page.url()).hash, '', 'sharing leaves the address bar alone');
      // More work after sharing, then a reload.
      await page.click(`#grid [data-cell="${empties[1]}"]`);
      await page.keyboard.type(POJ_OUT[0][empties[1]]);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      let texts = await cellTexts(page);
      assert.equal(texts[empties[1]], POJ_OUT[0][empties[1]], 'the entry made after sharing survives the reload');

      // Opening the link: it loads, leaves the address bar, and newer work wins on reload.
      await page.goto(link);
      await page.waitForSelector('body[data-ready="true"]');
      // It went over newer work (an entry more), which Undo brings back.
      assert.match(
        await status(page),
        /^Opened a shared 9×9 puzzle with \d+ givens and 1 entry\. Undo brings back the grid you had\.$/,
      );
      assert.equal(new URL(page.url()).hash, '', 'the link leaves the address bar once loaded');
      await page.click(`#grid [data-cell="${empties[2]}"]`);
      await page.keyboard.type(POJ_OUT[0][empties[2]]);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      texts = await cellTexts(page);
      assert.equal(texts[empties[2]], POJ_OUT[0][empties[2]], 'the entry made after opening survives the reload');
      assert.equal(texts[empties[1]], '', 'the link’s snapshot, not the older page, was worked on');
      // A fragment changed in an open tab opens too.
      await page.evaluate((hash) => (location.hash = hash), new URL(link).hash);
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Opened'));
      assert.equal((await cellTexts(page))[empties[2]], '');
    },
    { permissions: ['clipboard-read', 'clipboard-write'] },
  );
});

test('4. the keyboard follows the ARIA grid pattern: one Tab stop, arrows inside, Escape out, Ctrl+Enter solves', async () => {
  await withPage(async (page) => {
    await pasteText(page, UVA1);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Tab');
    const inGrid = () => page.evaluate(() => Boolean(document.activeElement?.closest('#grid')));
    assert.ok(await inGrid(), 'the first Tab enters the grid');
    assert.equal(await page.$$eval('#grid [tabindex="0"]', (els) => els.length), 1, 'one cell in the tab order');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '17', 'arrows move inside');
    await page.keyboard.press('Tab');
    assert.ok(!(await inGrid()), 'the next Tab leaves the grid');
    await page.keyboard.press('Shift+Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement.dataset.cell),
      '17',
      'Shift+Tab comes back to the cursor',
    );
    await page.keyboard.press('Escape');
    assert.ok(!(await inGrid()), 'Escape leaves the grid');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'solve');
    await page.click('#grid [data-cell="0"]');
    await page.keyboard.press('Control+Enter');
    assert.match(await solved(page), /^Solved: the only solution/);
    assert.match(await page.textContent('details.help'), /Ctrl\s*\+\s*Enter\s*solves/);
  });
});

test('5. numbers as well as letters: rows of numbers paste, and 1 then 6 types 16', async () => {
  const letters = UVA1.split('\n').map((row) => [...row.trim()].map((ch) => (ch === '-' ? 0 : ch.charCodeAt(0) - 64)));
  await withPage(async (page) => {
    for (const sep of [' ', ', ']) {
      await pasteText(page, letters.map((row) => row.join(sep)).join('\n'));
      assert.match(await status(page), /^Loaded a 16×16 puzzle in numbers 1–16 with 94 givens\./);
      const texts = await cellTexts(page);
      assert.deepEqual(
        texts,
        letters.flat().map((d) => (d ? String(d) : '')),
        `separated by '${sep}': every number in its cell`,
      );
    }
    assert.equal(await page.$eval('#alphabet', (s) => s.value), 'numbers');
    // An empty cell whose answer has two digits: typed as two keys.
    const answer = UVA_OUT1.replace(/\s/g, '');
    const empty = letters.flat().findIndex((d, i) => d === 0 && answer.charCodeAt(i) - 64 >= 10);
    const number = String(answer.charCodeAt(empty) - 64);
    await play(page);
    await page.click(`#grid [data-cell="${empty}"]`);
    await page.keyboard.type(number);
    const texts = await cellTexts(page);
    assert.equal(texts[empty], number, `${number[0]} then ${number[1]} quickly is ${number}`);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), String(empty + 1));
    await page.click('#solve');
    assert.match(await solved(page), /^Solved/);
    await page.screenshot({ path: join(SHOTS, 'numbers-16x16.png') });
  });
});

test('6. marks match the state: after Solve no stale conflict or wrong marks, and entries keep their colour', async () => {
  await withPage(async (page) => {
    await loadText(page, POJ[0]);
    await play(page);
    const empties = [...POJ[0]].flatMap((ch, i) => (ch === '.' ? [i] : []));
    const [right, wrong] = empties;
    await page.click(`#grid [data-cell="${right}"]`);
    await page.keyboard.type(POJ_OUT[0][right]);
    // A wrong entry that repeats a given of its row: a conflict.
    const rowGiven = [...POJ[0].slice(Math.floor(wrong / 9) * 9, Math.floor(wrong / 9) * 9 + 9)].find(
      (ch) => ch !== '.',
    );
    await page.click(`#grid [data-cell="${wrong}"]`);
    await page.keyboard.type(rowGiven);
    await page.click('#check');
    let marks = await cellMarks(page);
    assert.ok(marks[wrong].includes('conflict') || marks[wrong].includes('wrong'), marks[wrong]);
    await page.click('#solve');
    assert.match(await solved(page), /^Solved: the only solution\. One of your entries differed from it/);
    marks = await cellMarks(page);
    assert.ok(
      marks.every((m) => !m.includes('conflict') && !m.includes('wrong')),
      'no stale marks',
    );
    assert.equal(marks[right], 'entry', 'the right entry keeps its own colour');
    assert.equal(marks[wrong], 'filled', 'the wrong entry shows the solution’s digit');
    assert.equal((await cellTexts(page))[wrong], POJ_OUT[0][wrong]);
    const colour = (cell) => page.$eval(`#grid [data-cell="${cell}"]`, (el) => getComputedStyle(el).color);
    assert.notEqual(await colour(right), await colour(wrong));
    // Hiding the solution brings the person's entries back, marks and all.
    await page.click('#reset');
    assert.equal((await cellTexts(page))[wrong], rowGiven);
    assert.ok((await cellMarks(page))[wrong].includes('conflict'));
  });
});

test('7. modes and loading are visible: a loading state with disabled buttons, and edit or play as a state', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const slow = await ctx.newPage();
    let release;
    const held = new Promise((r) => (release = r));
    await slow.route('**/*.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await slow.goto(site.url);
    await slow.waitForSelector('#status');
    assert.equal((await slow.textContent('#status')).trim(), 'Loading the solver…');
    for (const id of ['solve', 'generate', 'hint', 'check', 'mode-play', 'load']) {
      assert.ok(await slow.$eval(`#${id}`, (b) => b.disabled), `#${id} is disabled while loading`);
    }
    release();
    await slow.waitForSelector('body[data-ready="true"]');
    assert.ok(!(await slow.$eval('#solve', (b) => b.disabled)), 'Solve works once loaded');
    const checked = () => slow.$eval('[role=radio][aria-checked=true]', (b) => b.textContent.trim());
    assert.equal(await checked(), 'Edit puzzle');
    await slow.selectOption('#size', '4');
    await slow.click('#generate');
    await slow.waitForFunction(() => /^A new \w+ 4×4/.test(document.querySelector('#status').textContent));
    assert.equal(await checked(), 'Play', 'a generated puzzle is played, and the page shows it');
    await slow.click('#mode-edit');
    assert.equal(await checked(), 'Edit puzzle');
  } finally {
    await ctx.close();
  }
});

test('8. the widget follows the puzzle’s size and says so; a bad size keeps the grid', async () => {
  await withPage(
    async (page) => {
      const result = await page.evaluate(async (puzzle) => {
        const el = document.createElement('sudoku-solver');
        el.setAttribute('size', '16');
        el.setAttribute('puzzle', puzzle);
        document.body.append(el);
        await el.ready;
        const before = el.getGrid();
        const said = el.shadowRoot.querySelector('.status').textContent;
        const attr = el.getAttribute('size');
        const solvedWith = await el.solve();
        el.setAttribute('size', '1000');
        const afterBad = { grid: el.getGrid(), said: el.shadowRoot.querySelector('.status').textContent };
        return { before, said, attr, solvedWith, afterBad };
      }, POJ[0]);
      assert.equal(result.before.side, 9, 'the puzzle decides the size');
      assert.equal(result.attr, '9', 'the attribute follows');
      assert.match(result.said, /^Loaded a 9×9 puzzle .*size="16" was replaced by 9/);
      assert.equal(result.before.givens.filter((d) => d).length, [...POJ[0]].filter((c) => c !== '.').length);
      assert.equal(result.solvedWith.outcome, 'unique');
      assert.equal(result.solvedWith.solution.trim(), POJ_OUT[0]);
      assert.equal(result.afterBad.grid.side, 9, 'a bad size keeps the grid');
      assert.match(result.afterBad.said, /size="1000" is not a size/);
    },
    { url: `${site.url}examples/embed.html` },
  );
});

test('9. offline covers every page: the embedding example works with the network off after one visit', async () => {
  await withPage(
    async (page, context) => {
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      await page.goto(`${dist.url}examples/embed.html`);
      await page.waitForSelector('body[data-ready="true"]');
      const outcome = await page.evaluate(async () => {
        const el = document.getElementById('nine');
        await el.ready;
        return (await el.solve()).outcome;
      });
      assert.equal(outcome, 'unique');
      // A missing script is an honest error, not the page's HTML.
      const missing = await page.evaluate(async () => {
        try {
          const r = await fetch('../www/no-such-file.js');
          return `${r.status} ${r.headers.get('content-type')}`;
        } catch (e) {
          return 'network error';
        }
      });
      assert.equal(missing, 'network error');
      await context.setOffline(false);
    },
    // The missing file's failed load is logged, as it should be.
    { url: dist.url, checkProblems: false },
  );
});

test('10. messages read well: plurals, no zero times, no praise for no entries, no stale status, truthful examples', async () => {
  const { EXAMPLES } = await import('../../www/examples.js');
  await withPage(async (page) => {
    await loadText(page, POJ[0]);
    await page.click('#check');
    assert.match(await status(page), /^No entries to check yet; \d+ cells to go\.$/);
    await play(page);
    const empty = [...POJ[0]].indexOf('.');
    await page.click(`#grid [data-cell="${empty}"]`);
    await page.keyboard.type(POJ_OUT[0][empty]);
    await page.click('#check');
    assert.match(await checked(page), /^Your entry is right; \d+ cells to go\.$/);
    // Undo replaces the status: nothing about the old grid stays.
    await page.click('#undo');
    assert.equal(await status(page), 'Undone.');
    // A 4×4 solves in microseconds: never "0.00 ms".
    await loadText(page, '1.3...4...2.4...');
    await page.click('#solve');
    const message = await solved(page);
    assert.equal(message, 'Solved: the only solution.', 'in a player’s words');
    // The solver's numbers are in the details, for whoever opens them.
    const details = await page.textContent('#status-details');
    assert.doesNotMatch(details, /\b0\.00 ms/);
    assert.match(details, /^(\d+ µs|under 1 µs|[\d.]+ ms); \d+ guess(es)?, [\d,]+ positions? tried\.$/);
    assert.doesNotMatch(details, /\b1 guesses|\b1 positions/);
    // Example labels say what the solver finds.
    for (const [i, ex] of EXAMPLES.entries()) {
      if (!ex.logic && !ex.hard) continue;
      await page.selectOption('#examples', String(i));
      await page.click('#solve');
      await solved(page);
      const m = (await page.textContent('#status-details')).match(/(\d+) guess/);
      assert.ok(m, ex.name);
      if (ex.logic) assert.equal(Number(m[1]), 0, `${ex.name}: no guess`);
      else assert.ok(Number(m[1]) > 0, `${ex.name}: needs guessing`);
    }
    assert.ok(
      EXAMPLES.every((ex) => !/worst for backtracking/.test(ex.name)),
      'no label claims what the solver does not show',
    );
  });
});
