// What a person does on the page, in headless Chromium: type, paste, solve,
// see the filled cells marked, meet conflicts, cancel, reload, copy.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EXAMPLES } from '../../www/examples.js';
import { ROOT, SHOTS, cellMarks, cellTexts, launch, pasteText, serve, solved, status, inPage } from './harness.mjs';

const data = (name) => readFile(join(ROOT, 'tests/data', name), 'utf8');
/** Blank-line-separated cases of a judge file, each as its rows. */
const cases = (text) =>
  text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((l) => l.trim()));

let browser;
let site;

before(async () => {
  await mkdir(SHOTS, { recursive: true });
  browser = await launch();
  site = await serve('/');
});

after(async () => {
  await browser?.close();
  await site?.close();
});

const withPage = (t, fn, { url = site.url, ...options } = {}) => inPage(browser, url, fn, options);

function expectSolved(texts, marks, puzzleRows, solutionRows) {
  const puzzle = puzzleRows.join('');
  const solution = solutionRows.join('');
  assert.equal(texts.join(''), solution, 'every cell holds the expected solution');
  for (let i = 0; i < puzzle.length; i++) {
    const blank = puzzle[i] === '-' || puzzle[i] === '.';
    assert.equal(marks[i], blank ? 'filled' : 'given', `cell ${i}: ${blank ? 'filled by the solver' : 'a given'}`);
  }
}

test('typing a 16×16 puzzle cell by cell, then solving it, fills and marks exactly the empty cells', async (t) => {
  const [puzzle] = cases(await data('judge/acwing169.in'));
  const [solution] = cases(await data('judge/acwing169.out'));
  await withPage(t, async (page) => {
    assert.equal((await cellTexts(page)).length, 256, '16×16 by default');
    await page.click('#grid [data-cell="0"]');
    for (const row of puzzle) await page.keyboard.type(row);
    const typed = await cellTexts(page);
    assert.equal(typed.map((s) => s || '-').join(''), puzzle.join(''), 'the grid shows what was typed');

    await page.click('#solve');
    const message = await solved(page);
    assert.match(message, /^Solved( in [\d.]+ m?s)?: the only solution\.$/);
    assert.match(
      await page.textContent('#status-details'),
      /^[\d.]+ (ms|µs|s); \d+ guess(es)?, [\d,]+ positions? tried\.$/,
    );
    expectSolved(await cellTexts(page), await cellMarks(page), puzzle, solution);
    await page.screenshot({ path: join(SHOTS, 'solved-16x16.png'), fullPage: true });
  });
});

test('pasting with Ctrl+V anywhere and through the text box loads and solves', async (t) => {
  const uva = cases(await data('judge/uva1309.in'));
  const uvaOut = cases(await data('judge/uva1309.out'));
  const poj = (await data('judge/poj3074.in')).split('\n');
  const pojOut = (await data('judge/poj3074.out')).split('\n');
  await withPage(t, async (page) => {
    await page.click('#grid [data-cell="5"]');
    await pasteText(page, uva[1].join('\n') + '\n');
    assert.match(await status(page), /^Loaded a 16×16 puzzle in A–P with \d+ givens\.$/);
    await page.click('#solve');
    await solved(page);
    expectSolved(await cellTexts(page), await cellMarks(page), uva[1], uvaOut[1]);

    // The text box: a 9×9 on one line switches the grid to 9×9.
    await page.click('details.paste summary');
    await page.fill('#paste-text', poj[0]);
    await page.click('#load');
    assert.equal(await page.inputValue('#size'), '9');
    assert.equal((await cellTexts(page)).length, 81);
    await page.click('#solve');
    await solved(page);
    expectSolved(await cellTexts(page), await cellMarks(page), [poj[0]], [pojOut[0]]);

    // A bad paste names the line and column and keeps the grid.
    const before = await cellTexts(page);
    await pasteText(page, `${poj[1].slice(0, 10)}x${poj[1].slice(11)}\n`);
    assert.equal(
      await status(page),
      "Could not read the puzzle: line 1, column 11: unknown symbol 'x': a 9×9 puzzle uses 1–9 and . - _ * for empty cells. Your grid is unchanged.",
    );
    assert.deepEqual(await cellTexts(page), before);
  });
});

test('conflicting givens are both marked, explained, and unmarked when fixed', async (t) => {
  await withPage(t, async (page) => {
    await page.click('#grid [data-cell="0"]');
    await page.keyboard.type('AA');
    const marks = await cellMarks(page);
    assert.equal(marks[0], 'given conflict');
    assert.equal(marks[1], 'given conflict');
    assert.equal(await status(page), "Conflicting givens: row 1 holds 'A' twice, in columns 1 and 2.");
    await page.click('#solve');
    assert.equal(
      await status(page),
      "Conflicting givens: row 1 holds 'A' twice, in columns 1 and 2.",
      'no solve with a conflict',
    );
    await page.click('#grid [data-cell="1"]');
    await page.keyboard.press('Delete');
    assert.equal((await cellMarks(page))[0], 'given');
    assert.equal((await cellMarks(page))[1], '');
    assert.equal(await status(page), '');
  });
});

test('a wrong key changes nothing and says why; arrows and Home move', async (t) => {
  await withPage(t, async (page) => {
    await page.click('#grid [data-cell="17"]');
    await page.keyboard.press('z');
    assert.equal(
      await status(page),
      "'z' is not a symbol of this 16×16 grid: type A–P, or - . or space for an empty cell.",
    );
    assert.equal((await cellTexts(page)).join(''), '');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('b');
    const texts = await cellTexts(page);
    assert.equal(texts[2], 'B', 'ArrowUp then ArrowRight lands on R1C3; lower case is accepted');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '3', 'focus follows the cursor');
  });
});

test('a long solve can be cancelled at once, and the page stays usable', async (t) => {
  await withPage(t, async (page) => {
    const examples = await page.$$eval('#examples option', (os) => os.map((o) => o.textContent));
    const hard = examples.findIndex((name) => name.startsWith('A minimal 25×25'));
    assert.ok(hard > 0, 'the examples hold the minimal 25×25');
    await page.selectOption('#examples', String(hard - 1));
    assert.equal((await cellTexts(page)).length, 625);
    const givens = await cellTexts(page);
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#status-details').textContent.includes('positions tried'));
    // The main thread answers while the worker searches.
    const ping = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r('frame'))));
    assert.equal(ping, 'frame');
    const started = Date.now();
    await page.click('#cancel');
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cancelled'));
    const took = Date.now() - started;
    assert.ok(took < 500, `cancelled in ${took} ms`);
    assert.deepEqual(await cellTexts(page), givens, 'the grid is unchanged');
    assert.equal(await page.isDisabled('#cancel'), true);

    // The restarted worker solves the next puzzle.
    await page.selectOption('#examples', String(examples.findIndex((n) => n.startsWith('A 4×4')) - 1));
    await page.click('#solve');
    assert.match(await solved(page), /^Solved: the only solution/);
  });
});

/** Whether `cells` (digits by symbol) complete `givens`: each row, column and box holds every symbol once. */
function completes(givens, cells) {
  const n = Math.round(Math.sqrt(cells.length));
  const b = Math.round(Math.sqrt(n));
  const houses = [];
  for (let i = 0; i < n; i++) {
    houses.push([...Array(n)].map((_, j) => i * n + j));
    houses.push([...Array(n)].map((_, j) => j * n + i));
    const [r, c] = [Math.floor(i / b) * b, (i % b) * b];
    houses.push([...Array(n)].map((_, j) => (r + Math.floor(j / b)) * n + c + (j % b)));
  }
  return (
    givens.every((g, i) => g === '' || g === cells[i]) &&
    cells.every((c) => c !== '') &&
    houses.every((h) => new Set(h.map((i) => cells[i])).size === n)
  );
}

test('the hardest example is answered: the learning engine takes over and the page says so', async (t) => {
  await withPage(t, async (page) => {
    const hard = EXAMPLES.findIndex((ex) => ex.learn);
    assert.ok(hard >= 0, 'an example is labelled as one for the learning engine');
    await page.selectOption('#examples', String(hard));
    const givens = await cellTexts(page);
    const started = Date.now();
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('A hard puzzle'), null, {
      timeout: 30000,
    });
    assert.match(
      await status(page),
      /^A hard puzzle: still solving \([\d.]+ (s|ms)\); [\d,]+ of [\d,]+ candidates settled for good\.$/,
    );
    assert.match(
      await page.textContent('#status-details'),
      /^The learning engine has taken over: [\d,]+ positions tried, [\d,]+ dead ends? learned from\.$/,
    );
    assert.equal(await page.isDisabled('#cancel'), false, 'Cancel stays available');
    await page.screenshot({ path: join(SHOTS, 'learning-engine-at-work.png') });
    // Not a timing assertion: a generous limit for a slow machine.
    const message = await solved(page, 600000);
    t.diagnostic(`answered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.match(message, /^Solved in [\d.]+ s: the only solution\.$/);
    assert.match(
      await page.textContent('#status-details'),
      /^[\d.]+ s; a hard one: the learning engine took over, made [\d,]+ decisions and learned from [\d,]+ dead ends?\.$/,
    );
    const cells = await cellTexts(page);
    assert.ok(completes(givens, cells), 'the grid is a solution of the puzzle');
    await page.screenshot({ path: join(SHOTS, 'learning-engine-solved.png') });
  });
});

test('a reload restores the grid, per size', async (t) => {
  await withPage(t, async (page) => {
    await page.click('#grid [data-cell="0"]');
    await page.keyboard.type('PONM');
    await page.selectOption('#size', '9');
    await page.click('#grid [data-cell="80"]');
    await page.keyboard.type('7');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await status(page), 'Your last grid is restored.');
    assert.equal(await page.inputValue('#size'), '9');
    assert.equal((await cellTexts(page))[80], '7');
    await page.selectOption('#size', '16');
    assert.deepEqual((await cellTexts(page)).slice(0, 5), ['P', 'O', 'N', 'M', '']);
  });
});

test('Reset keeps the givens; Copy gives the solution as text in its alphabet', async (t) => {
  const [solution] = cases(await data('judge/uva1309.out'));
  await withPage(t, async (page, context) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.selectOption('#examples', '0');
    const givens = await cellTexts(page);
    await page.click('#solve');
    await solved(page);
    await page.click('#copy');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), solution.join('\n') + '\n');
    await page.click('#reset');
    assert.deepEqual(await cellTexts(page), givens);
    assert.ok((await cellMarks(page)).every((m) => m !== 'filled'));
  });
});

test('the page works from a sub-path, and in dark mode givens and filled cells still differ', async () => {
  const sub = await serve('/tools/sudoku/');
  try {
    await inPage(
      browser,
      sub.url,
      async (page) => {
        await page.selectOption('#examples', '3');
        await page.click('#solve');
        assert.match(await solved(page), /^Solved/);
        const style = (sel) =>
          page.$eval(sel, (el) => {
            const s = getComputedStyle(el);
            return { color: s.color, weight: s.fontWeight, background: s.backgroundColor };
          });
        const given = await style('#grid .given');
        const filled = await style('#grid .filled');
        assert.notEqual(given.color, filled.color);
        assert.notEqual(given.weight, filled.weight);
        assert.notEqual(given.background, filled.background);
        await page.screenshot({ path: join(SHOTS, 'solved-16x16-dark.png'), fullPage: true });
      },
      { colorScheme: 'dark' },
    );
  } finally {
    await sub.close();
  }
});

test('the SIMD build runs where supported, the baseline when asked for, in the page and the workers it hands it to', async (t) => {
  const [puzzle] = cases(await data('judge/uva1309.in'));
  const [solution] = cases(await data('judge/uva1309.out'));
  for (const [query, expected, other] of [
    ['', 'bitsudoku_simd_bg.wasm', 'bitsudoku_bg.wasm'],
    ['?wasm=baseline', 'bitsudoku_bg.wasm', 'bitsudoku_simd_bg.wasm'],
  ]) {
    const loaded = [];
    await withPage(
      t,
      async (page, context) => {
        context.on('request', (r) => {
          // What the page and its worker load; the service worker stores every file for offline use.
          if (r.url().endsWith('.wasm') && !r.serviceWorker()) loaded.push(r.url().split('/').pop());
        });
        await page.reload();
        await page.waitForSelector('body[data-ready="true"]');
        await pasteText(page, puzzle.join('\n'));
        await page.click('#solve');
        assert.match(await solved(page), /^Solved: the only solution/);
        expectSolved(await cellTexts(page), await cellMarks(page), puzzle, solution);
        // The page compiles it and hands it to its workers: one download.
        assert.deepEqual(loaded, [expected], `${query || 'by default'}: ${expected} once, not ${other}`);
      },
      { url: site.url + query },
    );
  }
});
