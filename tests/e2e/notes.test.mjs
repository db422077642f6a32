// The player's pencil marks, answers as you type and every possible value,
// as a person uses them, at 1280×800 and 390×844, light and dark; notes
// with undo, autosave, share links and print together. Screenshots go to
// test-results/ to be looked at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cellTexts, inPage, launch, pasteText, serve, status } from './harness.mjs';
import { EXAMPLES } from '../../www/examples.js';

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

const withPage = (fn, options = {}) => inPage(browser, site.url, fn, options);

const POJ = (await readFile(join(ROOT, 'tests/data/judge/poj3074.in'), 'utf8')).split('\n');
const POJ_OUT = (await readFile(join(ROOT, 'tests/data/judge/poj3074.out'), 'utf8')).split('\n');
const [COUNTED, COUNT] = (await readFile(join(ROOT, 'tests/data/9x9_counts.txt'), 'utf8'))
  .split('\n')
  .find((l) => l && !l.startsWith('#'))
  .split('\t');

const SIZES = [
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
  { name: '390x844', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
];

/** The notes a cell shows, as its symbols. */
function notesOf(page, cell) {
  return page.$$eval(`#grid [data-cell="${cell}"] .notes span`, (spans) =>
    spans.map((s) => s.textContent).filter(Boolean),
  );
}

/** Two empty cells of POJ[0] in one row, and the solution's digit of the first. */
function rowPair() {
  for (let r = 0; r < 9; r++) {
    const empty = [...Array(9)].map((_, c) => r * 9 + c).filter((i) => POJ[0][i] === '.');
    if (empty.length >= 2) return empty.slice(0, 2);
  }
  throw new Error('no row with two empty cells');
}

test('notes: by the switch, N, Shift+digit and the pad; a placed digit clears its peers; undo, reload, link and print keep them', async () => {
  const [p, q] = rowPair();
  const d = POJ_OUT[0][p];
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      const what = `${size.name} ${colorScheme}`;
      await withPage(
        async (page, context) => {
          await pasteText(page, POJ[0]);
          await page.click('#mode-play');
          // Notes on, three notes in q: from the keyboard, or the pad on a phone.
          await page.click(`#grid [data-cell="${q}"]`);
          await page.click('#notes');
          assert.equal(await page.getAttribute('#notes', 'aria-pressed'), 'true', what);
          for (const n of ['1', d, '9']) {
            if (size.hasTouch) await page.locator(`#pad button[data-digit="${n}"]`).tap();
            else await page.keyboard.press(n);
          }
          const want = [...new Set(['1', d, '9'])].sort();
          assert.deepEqual(await notesOf(page, q), want, `${what}: notes in the cell`);
          assert.equal((await cellTexts(page))[q], want.join(''), `${what}: no digit, only the notes`);
          assert.match(
            await page.getAttribute(`#grid [data-cell="${q}"]`, 'aria-label'),
            new RegExp(`: empty, your notes ${want.join(' ')}$`),
            `${what}: announced`,
          );
          // N turns the switch off; Shift+digit writes one note anyway.
          await page.click(`#grid [data-cell="${q}"]`);
          await page.keyboard.press('n');
          assert.equal(await page.getAttribute('#notes', 'aria-pressed'), 'false', what);
          await page.click(`#grid [data-cell="${p}"]`);
          await page.keyboard.press('Shift+Digit4');
          assert.deepEqual(await notesOf(page, p), ['4'], `${what}: Shift+4 writes a note`);
          // Placing d in p takes d out of q's notes (same row); p's own notes hide under it.
          await page.keyboard.press(d);
          assert.deepEqual(
            await notesOf(page, q),
            want.filter((n) => n !== d),
            `${what}: cleared from a peer`,
          );
          await page.screenshot({ path: join(SHOTS, `notes-${size.name}-${colorScheme}.png`) });
          // Undo brings both back; redo takes them again.
          await page.click('#undo');
          assert.deepEqual(await notesOf(page, q), want, `${what}: undo`);
          assert.deepEqual(await notesOf(page, p), ['4'], `${what}: undo shows p's note again`);
          await page.click('#redo');
          assert.deepEqual(
            await notesOf(page, q),
            want.filter((n) => n !== d),
            `${what}: redo`,
          );
          await page.click('#undo');
          // With the setting off, a placed digit leaves the notes.
          await page.uncheck('#clear-notes');
          await page.click(`#grid [data-cell="${p}"]`);
          await page.keyboard.press(d);
          assert.deepEqual(await notesOf(page, q), want, `${what}: the setting keeps them`);
          // Autosaved: a reload brings back the notes with the entries.
          await page.reload();
          await page.waitForSelector('body[data-ready="true"]');
          assert.deepEqual(await notesOf(page, q), want, `${what}: after a reload`);
          assert.equal((await cellTexts(page))[p], d);
          // A share link carries them to another page.
          await page.click('#share');
          const link = await page.evaluate(() => navigator.clipboard.readText());
          assert.match(link, /#2\.9\./, 'a link with notes is version 2');
          const other = await context.newPage();
          await other.goto(link);
          await other.waitForSelector('body[data-ready="true"]');
          assert.deepEqual(await notesOf(other, q), want, `${what}: the link opened elsewhere`);
          assert.match(await status(other), /^Opened a shared 9×9 puzzle with \d+ givens and 1 entry\.$/);
          await other.close();
          // Printed, in black.
          await page.emulateMedia({ media: 'print' });
          const ink = await page.$eval(`#grid [data-cell="${q}"] .notes`, (n) => getComputedStyle(n).color);
          assert.equal(ink, 'rgb(51, 51, 51)', `${what}: printed notes`);
          await page.screenshot({ path: join(SHOTS, `notes-print-${size.name}-${colorScheme}.png`) });
        },
        { ...size, colorScheme, permissions: ['clipboard-read', 'clipboard-write'] },
      );
    }
  }
});

test('notes stay legible on a 25×25, at 1280×800 and zoomed on a phone', async () => {
  const half = EXAMPLES.findIndex((ex) => ex.name.startsWith('A 25×25, half'));
  for (const size of SIZES) {
    await withPage(async (page) => {
      await page.selectOption('#examples', String(half));
      await page.click('#mode-play');
      if (size.hasTouch) await page.click('#zoom');
      const empty = (await cellTexts(page)).indexOf('');
      await page.click(`#grid [data-cell="${empty}"]`);
      await page.click('#notes');
      for (const key of ['a', 'm', 'q', 'x', 'y']) await page.keyboard.press(key);
      const look = await page.$eval(`#grid [data-cell="${empty}"]`, (cell) => {
        const box = cell.getBoundingClientRect();
        return [...cell.querySelectorAll('.notes span')].map((s) => {
          const r = s.getBoundingClientRect();
          const inside =
            r.left >= box.left - 0.5 &&
            r.right <= box.right + 0.5 &&
            r.top >= box.top - 0.5 &&
            r.bottom <= box.bottom + 0.5;
          return { text: s.textContent, px: parseFloat(getComputedStyle(s).fontSize), inside };
        });
      });
      assert.deepEqual(
        look.map((l) => l.text),
        ['A', 'M', 'Q', 'X', 'Y'],
      );
      for (const l of look) {
        assert.ok(l.px >= 9, `${size.name}: ${l.text} at ${l.px}px`);
        assert.ok(l.inside, `${size.name}: ${l.text} inside its cell`);
      }
      await page.$eval(`#grid [data-cell="${empty}"]`, (c) => c.scrollIntoView({ block: 'center', inline: 'center' }));
      await page.screenshot({ path: join(SHOTS, `notes-25x25-${size.name}.png`) });
    }, size);
  }
});

test('answers as you type: how many solutions, which entry made it impossible, never in the way of typing', async () => {
  await withPage(
    async (page) => {
      const answers = () => page.textContent('#answers');
      const says = (pattern) =>
        page.waitForFunction((p) => new RegExp(p).test(document.querySelector('#answers').textContent), pattern.source);
      await pasteText(page, POJ[0]);
      await says(/exactly one solution/);
      await page.click('#mode-play');
      // A wrong digit that clashes with nothing in sight.
      const empty = POJ[0].indexOf('.');
      const [r, c] = [Math.floor(empty / 9), empty % 9];
      const seen = new Set();
      for (let i = 0; i < 81; i++) {
        const [r2, c2] = [Math.floor(i / 9), i % 9];
        const peer =
          r2 === r ||
          c2 === c ||
          (Math.floor(r2 / 3) === Math.floor(r / 3) && Math.floor(c2 / 3) === Math.floor(c / 3));
        if (peer && POJ[0][i] !== '.') seen.add(POJ[0][i]);
      }
      const wrong = '123456789'.split('').find((d) => d !== POJ_OUT[0][empty] && !seen.has(d));
      await page.click(`#grid [data-cell="${empty}"]`);
      await page.keyboard.press(wrong);
      await says(/no solution/);
      assert.equal(
        await answers(),
        `The grid so far has no solution: the ${wrong} at row ${r + 1}, column ${c + 1} made it impossible.`,
      );
      await page.click('#undo');
      await says(/exactly one solution/);
      // A clash answers at once.
      await page.click(`#grid [data-cell="${empty}"]`);
      await page.keyboard.press(POJ[0].split('').find((ch, i) => ch !== '.' && Math.floor(i / 9) === r));
      assert.match(await answers(), /^The grid so far has no solution: row \d+ holds '\d' twice/);
      // An empty grid's givens as they come.
      await page.selectOption('#size', '4');
      await page.click('#clear');
      await page.click('#grid [data-cell="0"]');
      await page.keyboard.press('1');
      await says(/solutions/);
      assert.equal(await answers(), 'The grid so far has 72 solutions.');
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('answers as you type never block typing, even while the hardest 25×25 is worked on', async () => {
  const hardest = EXAMPLES.findIndex((ex) => ex.learn);
  await withPage(async (page) => {
    await page.selectOption('#examples', String(hardest));
    await page.waitForFunction(() => document.querySelector('#answers').textContent.startsWith('Looking'));
    await page.click('#mode-play');
    const empties = (await cellTexts(page)).flatMap((t, i) => (t === '' ? [i] : [])).slice(0, 5);
    // Each key shows in the grid in the task that typed it; frames keep coming.
    const typed = await page.evaluate(async (cells) => {
      let frames = 0;
      const count = () => {
        frames += 1;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      const shown = [];
      for (const [i, cell] of cells.entries()) {
        const el = document.querySelector(`#grid [data-cell="${cell}"]`);
        el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ABCDE'[i], bubbles: true }));
        shown.push(el.textContent);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return { shown, frames };
    }, empties);
    assert.deepEqual(typed.shown, ['A', 'B', 'C', 'D', 'E']);
    assert.ok(typed.frames >= 20, `${typed.frames} frames in a second of typing`);
    // Back to the givens; then a key that makes a clash: the line says so
    // at once, not after the search.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Control+z');
    const texts = await cellTexts(page);
    assert.equal(texts.filter(Boolean).length, EXAMPLES[hardest].text.replace(/[.\s]/g, '').length);
    const cell = texts.findIndex((t, i) => t === '' && i >= 25);
    const row = Math.floor(cell / 25);
    const given = texts.slice(row * 25, row * 25 + 25).find((t) => t !== '');
    await page.click(`#grid [data-cell="${cell}"]`);
    await page.keyboard.press(given);
    assert.match(
      await page.textContent('#answers'),
      new RegExp(`^The grid so far has no solution: row ${row + 1} holds '${given}' twice`),
    );
  });
});

test('every possible value: the union of all solutions, in each empty cell, found in the background', async () => {
  for (const colorScheme of ['light', 'dark']) {
    await withPage(
      async (page) => {
        await pasteText(page, COUNTED);
        await page.check('#possible');
        await page.waitForFunction(
          () => document.querySelector('#answers').textContent.startsWith('Every possible'),
          null,
          {
            timeout: 60000,
          },
        );
        assert.match(
          await page.textContent('#answers'),
          /^Every possible value shown: \d+ cells still have a choice\.$/,
        );
        const shown = await page.$$eval('#grid [data-cell]', (cells) =>
          cells.map((c) => [...c.querySelectorAll('.cands span')].map((s) => s.textContent).join('')),
        );
        // Every solution, enumerated by the jobs module and each checked
        // by the verifier: their union is what each cell should show.
        const union = await page.evaluate(async (text) => {
          const { loadJobs } = await import('/www/jobs-wasm.js');
          const { SolutionsJob, parse, verifySolution } = await loadJobs();
          const puzzle = parse(text, 9, undefined).cells;
          const job = new SolutionsJob(puzzle, 9);
          const sets = Array.from({ length: 81 }, () => new Set());
          let n = 0;
          for (;;) {
            const s = job.nextFor(1000);
            if (!s) {
              if (job.exhausted) break;
              continue;
            }
            verifySolution(puzzle, s, 9);
            n += 1;
            s.forEach((d, i) => sets[i].add(d));
          }
          job.free();
          return { n, cells: sets.map((set, i) => (puzzle[i] ? '' : [...set].sort().join(''))) };
        }, COUNTED);
        assert.equal(union.n, Number(COUNT), 'every solution counted');
        assert.deepEqual(shown, union.cells);
        await page.screenshot({ path: join(SHOTS, `possible-1280x800-${colorScheme}.png`) });
        // An edit makes them stale: they are found again for the new grid.
        const empty = COUNTED.indexOf('.');
        const d = union.cells[empty][0];
        await page.click(`#grid [data-cell="${empty}"]`);
        await page.keyboard.press(d);
        await page.waitForFunction(
          () => document.querySelector('#answers').textContent.startsWith('Every possible'),
          null,
          {
            timeout: 60000,
          },
        );
        const again = await page.$$eval(`#grid [data-cell]`, (cells) =>
          cells.map((c) => c.querySelectorAll('.cands span').length),
        );
        assert.equal(again[empty], 0, 'the filled cell shows its digit');
      },
      { viewport: { width: 1280, height: 800 }, colorScheme },
    );
  }
});
