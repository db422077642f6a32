// A grid replaced by another (a jigsaw with other regions, a link, a
// puzzle of another size, Generate) is one Undo away, says so, and leaves
// nothing on the page that describes the old one: the faults of the third
// adversarial pass, one test each in headless Chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cellTexts, inPage, launch, pasteText, serve, solved, status } from './harness.mjs';

let browser;
let site;

before(async () => {
  browser = await launch();
  site = await serve('/');
});

after(async () => {
  await browser?.close();
  await site?.close();
});

const STORE_KEY = 'bitsudoku:v1';
const POJ = (await readFile(join(ROOT, 'tests/data/judge/poj3074.in'), 'utf8')).split('\n');
const JIGSAWS = (await readFile(join(ROOT, 'tests/data/shapes_jigsaw.txt'), 'utf8'))
  .split('\n')
  .filter((l) => l.startsWith('jigsaw ') && l.split(' ')[1].length === 81)
  .map((l) => l.split('\t')[0]);

const generated = (page) =>
  page.waitForFunction(() => /^(A new|No )/.test(document.querySelector('#status').textContent), null, {
    timeout: 60000,
  });

/** Types `symbols` into the first empty cells, in play mode. Returns the cells typed. */
async function play(page, symbols) {
  await page.click('#mode-play');
  const empties = (await cellTexts(page)).flatMap((t, i) => (t === '' ? [i] : []));
  const cells = empties.slice(0, symbols.length);
  for (const [i, cell] of cells.entries()) {
    await page.click(`#grid [data-cell="${cell}"]`);
    await page.keyboard.type(symbols[i]);
  }
  return cells;
}

const regionsOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('bitsudoku:v1')).grids['jigsaw 9']);

test('a jigsaw replaced by one in other regions (Generate, paste) is one Undo away, entries and all', async () => {
  await inPage(
    browser,
    site.url,
    async (page) => {
      await pasteText(page, JIGSAWS[0]);
      assert.equal(await page.inputValue('#size'), 'jigsaw 9');
      const cells = await play(page, ['1', '2', '3']);
      const mine = await cellTexts(page);
      const shape = (await regionsOf(page)).shape;

      // Generate: fresh regions, in the same slot; Undo brings back the work.
      await page.click('#generate');
      await generated(page);
      assert.notEqual((await regionsOf(page)).shape, shape, 'other regions');
      assert.equal(await page.isDisabled('#undo'), false);
      await page.click('#undo');
      assert.deepEqual(await cellTexts(page), mine);
      assert.equal(await page.inputValue('#size'), 'jigsaw 9');
      assert.equal((await regionsOf(page)).shape, shape, 'saved in its regions again');
      assert.equal(await page.getAttribute('#mode-play', 'aria-checked'), 'true', 'still playing');
      // Redo and Undo again, by keyboard in the grid.
      await page.click(`#grid [data-cell="${cells[0]}"]`);
      await page.keyboard.press('Control+y');
      assert.notEqual((await regionsOf(page)).shape, shape);
      await page.keyboard.press('Control+z');
      assert.deepEqual(await cellTexts(page), mine);

      // A pasted jigsaw in other regions: the same.
      await pasteText(page, JIGSAWS[1]);
      assert.equal((await cellTexts(page)).filter(Boolean).length, JIGSAWS[1].split(' ')[1].replace(/\./g, '').length);
      await page.keyboard.press('Control+z');
      assert.deepEqual(await cellTexts(page), mine);

      // A reload keeps the work brought back.
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      assert.deepEqual(await cellTexts(page), mine);
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('two tabs on jigsaws: the other tab’s Generate is shown here, and Undo brings back this tab’s work', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const openTab = async () => {
      const tab = await context.newPage();
      await tab.goto(site.url);
      await tab.waitForSelector('body[data-ready="true"]');
      return tab;
    };
    const a = await openTab();
    await pasteText(a, JIGSAWS[0]);
    await play(a, ['4', '5']);
    const mine = await cellTexts(a);
    const b = await openTab();
    assert.equal(await b.inputValue('#size'), 'jigsaw 9');
    await b.click('#generate');
    await generated(b);
    await a.waitForFunction(() => /changed in another tab/.test(document.querySelector('#status').textContent));
    assert.deepEqual(await cellTexts(a), await cellTexts(b));
    assert.equal(await a.getAttribute('#mode-play', 'aria-checked'), 'true', 'A still plays');
    await a.click('#undo');
    assert.deepEqual(await cellTexts(a), mine);
  } finally {
    await context.close();
  }
});

test('a link opened in a new tab goes over the saved grid of its size, one Undo away, and says so', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForSelector('body[data-ready="true"]');
    // A friend's 9×9, its link copied; then the person's own 9×9 work.
    await page.selectOption('#size', '9');
    await pasteText(page, POJ[1]);
    await page.click('#share');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const theirs = await cellTexts(page);
    await pasteText(page, POJ[0]);
    await play(page, ['7']);
    const mine = await cellTexts(page);
    // The person moves to a 16×16; the 9×9 waits in its slot.
    await page.selectOption('#size', '16');
    await page.close();

    const tab = await context.newPage();
    await tab.goto(link);
    await tab.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(await cellTexts(tab), theirs);
    assert.match(await status(tab), /^Opened a shared 9×9 puzzle .* Undo brings back the grid you had\.$/);
    await tab.click('#undo');
    assert.deepEqual(await cellTexts(tab), mine, 'the 9×9 work, not the 16×16 shown before');
    assert.equal(await tab.inputValue('#size'), '9');
    // Opened again over itself, nothing is said of Undo.
    await tab.click('#redo');
    assert.deepEqual(await cellTexts(tab), theirs);
    await tab.evaluate((hash) => (location.hash = hash), new URL(link).hash);
    await tab.waitForFunction(() => /^Opened a shared/.test(document.querySelector('#status').textContent));
    assert.doesNotMatch(await status(tab), /Undo/);
  } finally {
    await context.close();
  }
});

test('the step-by-step list closes when the grid is replaced: another size, Generate, a solution shown', async () => {
  await inPage(
    browser,
    site.url,
    async (page) => {
      const walk = async () => {
        await page.click('#explain');
        await page.waitForSelector('#steps:not([hidden])');
      };
      await page.selectOption('#size', '9');
      await pasteText(page, POJ[0]);
      await walk();
      await page.selectOption('#size', '4');
      assert.equal(await page.isHidden('#steps'), true, 'another size');
      await page.selectOption('#size', '9');
      await walk();
      await page.selectOption('#level', 'easy');
      await page.click('#generate');
      await generated(page);
      assert.equal(await page.isHidden('#steps'), true, 'Generate');
      await walk();
      await page.click('#solve');
      assert.match(await solved(page), /^Solved/);
      assert.equal(await page.isHidden('#steps'), true, 'a solution shown');
      // With the whole solution on the grid, a hint says so.
      await page.click('#hint');
      assert.equal(await status(page), 'The solution is on the grid. Hide solution to take hints on your own entries.');
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('the widget keeps its grid inside its own width, on a phone page with no margin', async () => {
  await inPage(
    browser,
    `${site.url}examples/embed.html`,
    async (page) => {
      const sizes = await page.evaluate(async () => {
        document.body.style.margin = '0';
        document.body.style.padding = '0';
        document.body.replaceChildren();
        const el = document.createElement('sudoku-solver');
        el.setAttribute('pad', '');
        document.body.append(el);
        await el.ready;
        // The element's two style sheets load on their own, in either
        // order: the page has no sideways scroll as soon as the grid's
        // frame is drawn, and none once both have loaded.
        const frame = el.shadowRoot.querySelector('.sudoku-grid');
        const sheets = [...el.shadowRoot.querySelectorAll('link[rel=stylesheet]')];
        const tick = () => new Promise((r) => setTimeout(r, 5));
        while (getComputedStyle(frame).borderTopWidth !== '3px') await tick();
        const early = document.documentElement.scrollWidth;
        while (sheets.some((link) => !link.sheet)) await tick();
        const grid = frame.getBoundingClientRect();
        return {
          element: el.getBoundingClientRect().width,
          grid: grid.width,
          right: grid.right,
          early,
          page: document.documentElement.scrollWidth,
        };
      });
      assert.equal(sizes.early, 390, 'no sideways scroll while the sheets load');
      assert.equal(sizes.page, 390, 'no sideways scroll');
      assert.ok(sizes.grid <= sizes.element + 0.5, `grid ${sizes.grid} px in an element of ${sizes.element} px`);
      assert.ok(sizes.right <= 390.5);
    },
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, permissions: [] },
  );
});
