// The solving companion in headless Chromium, as a person uses it: the
// logical path step by step on the grid, hints that tell a little more at
// each press, puzzles made to a level; together with play entries, reloads
// and Solve. Screenshots at real sizes, light and dark, go to test-results/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cellMarks, cellTexts, launch, pasteText, serve, solved, status, inPage } from './harness.mjs';

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

// A 9×9 of Norvig's top95 whose logical path needs locked candidates.
const [NINE, NINE_SOLUTION] = (await readFile(join(ROOT, 'tests/data/9x9_classic.txt'), 'utf8'))
  .split('\n')
  .find((l) => l && !l.startsWith('#'))
  .split('\t');

async function load9(page) {
  await page.click('#grid [data-cell="0"]');
  await pasteText(page, NINE);
  assert.match(await status(page), /^Loaded a 9×9 puzzle/);
}

test('step by step: the path on the grid, forward, back, by choice, and the entries come back', async () => {
  for (const { name, width, height, dark } of [
    { name: '1280x800', width: 1280, height: 800, dark: false },
    { name: '390x844-dark', width: 390, height: 844, dark: true },
  ]) {
    await withPage(
      async (page) => {
        await load9(page);
        // An entry of the person's, to find again afterwards.
        await page.click('#mode-play');
        const empty = [...NINE].findIndex((ch) => ch === '.');
        await page.click(`#grid [data-cell="${empty}"]`);
        await page.keyboard.type(NINE_SOLUTION[empty]);

        await page.click('#explain');
        const first = await status(page);
        const m = first.match(/^Step 1 of (\d+): (.+)\.$/);
        assert.ok(m, first);
        const steps = Number(m[1]);
        assert.equal(await page.locator('#steps-list li').count(), steps);
        assert.equal(await page.isVisible('#steps'), true);
        // Before the first step: the givens only, candidates in the empty cells.
        const texts = await cellTexts(page);
        assert.equal(texts[empty].length > 1, true, 'candidates, not the entry');
        assert.ok((await cellMarks(page)).some((k) => k.includes('given')));
        assert.ok((await page.locator('#grid .cell.pattern').count()) > 0, 'the pattern is marked');

        await page.click('#step-next');
        assert.match(await status(page), new RegExp(`^Step 2 of ${steps}: `));
        // Choosing a step in the list; the arrow keys there.
        await page.click('#steps-list li:nth-child(5) button');
        assert.match(await status(page), new RegExp(`^Step 5 of ${steps}: `));
        assert.equal(await page.getAttribute('#steps-list li:nth-child(5)', 'aria-current'), 'step');
        await page.keyboard.press('ArrowRight');
        assert.match(await status(page), new RegExp(`^Step 6 of ${steps}: `));
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        assert.match(await status(page), new RegExp(`^Step 4 of ${steps}: `));
        // A step that eliminates: its candidates are struck through.
        const lines = await page.$$eval('#steps-list li', (lis) => lis.map((li) => li.textContent));
        const elim = lines.findIndex((l) => /^(Pointing|Claiming|Naked pair|Hidden pair|X-Wing)/.test(l));
        assert.ok(elim >= 0, 'the path has an elimination');
        await page.click(`#steps-list li:nth-child(${elim + 1}) button`);
        assert.ok((await page.locator('#grid .cands span.strike').count()) > 0, 'struck candidates');
        await page.screenshot({ path: join(SHOTS, `steps-${name}.png`) });
        // The end: how the path ended.
        await page.click(`#steps-list li:nth-child(${steps}) button`);
        await page.click('#step-next');
        assert.match(
          await status(page),
          /^Solved by logic in \d+ steps: (easy|medium|hard|expert) \(hardest technique: .+\)\.$/,
        );
        assert.equal(await page.isDisabled('#step-next'), true);
        assert.equal((await cellTexts(page)).join(''), NINE_SOLUTION, 'the path ends at the solution');

        // Close: the person's grid, entry included.
        await page.click('#steps-close');
        assert.equal(await page.isVisible('#steps'), false);
        assert.equal((await cellTexts(page))[empty], NINE_SOLUTION[empty]);
        assert.equal((await cellMarks(page))[empty], 'entry');
        // Typing while the path is on show leaves it, and the edit is kept.
        await page.click('#explain');
        await page.click(`#grid [data-cell="${empty}"]`);
        await page.keyboard.press('Delete');
        assert.equal(await page.isVisible('#steps'), false);
        assert.equal((await cellTexts(page))[empty], '');
        await page.reload();
        await page.waitForSelector('body[data-ready="true"]');
        assert.equal((await cellTexts(page))[empty], '', 'the reload shows the newest work');
      },
      { viewport: { width, height }, colorScheme: dark ? 'dark' : 'light' },
    );
  }
});

test('a hint names the technique and the house, then the reasoning, then the digit; it fills nothing', async () => {
  await withPage(
    async (page) => {
      await load9(page);
      await page.click('#mode-play');
      const before = await cellTexts(page);
      await page.click('#hint');
      // The first hint may find the solution in the worker first.
      await page.waitForFunction(() => !/^Finding/.test(document.querySelector('#status').textContent));
      const nudge = await status(page);
      assert.match(nudge, /^Look for an? .+ in (row|column|box) \d+.* Hint again for the reasoning\.$/);
      assert.equal(await page.locator('#grid .cell.hint').count(), 0, 'no cell named yet');
      assert.ok((await page.locator('#grid .cell.in-house').count()) > 0, 'the house to look at');
      await page.screenshot({ path: join(SHOTS, 'hint-nudge-1280x800.png') });

      await page.click('#hint');
      const reasoning = await status(page);
      assert.match(reasoning, /Hint again to see the digit\.$/);
      assert.equal(await page.locator('#grid .cell.hint').count(), 1, 'the cell it fills');
      const cell = Number(await page.getAttribute('#grid .cell.hint', 'data-cell'));
      const digit = NINE_SOLUTION[cell];
      // The reasoning places nothing by name: the target's digit is not said
      // about the target cell.
      const name = `row ${Math.floor(cell / 9) + 1}, column ${(cell % 9) + 1}`;
      assert.doesNotMatch(reasoning, new RegExp(`${name} can only be ${digit}|${digit} fits only ${name}`, 'i'));
      await page.screenshot({ path: join(SHOTS, 'hint-reasoning-1280x800.png') });

      await page.click('#hint');
      const reveal = await status(page);
      assert.match(
        reveal,
        new RegExp(`${name} can only be ${digit}|${digit} fits only ${name}|the solution has ${digit} there`, 'i'),
      );
      assert.deepEqual(await cellTexts(page), before, 'a hint fills nothing');

      // Solving clears the marks; the solution shows.
      await page.click('#solve');
      await solved(page);
      assert.equal(await page.locator('#grid .cell.hint, #grid .cell.pattern').count(), 0);
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('Generate at each level makes a puzzle of that level, and its path says so', async () => {
  await withPage(
    async (page) => {
      await page.selectOption('#size', '9');
      for (const level of ['easy', 'medium', 'hard', 'expert', 'beyond']) {
        await page.selectOption('#level', level);
        await page.click('#generate');
        await page.waitForFunction(() => /^(A new|No )/.test(document.querySelector('#status').textContent), null, {
          timeout: 60000,
        });
        const made = await status(page);
        assert.match(made, new RegExp(`^A new ${level} 9×9 puzzle with \\d+ givens \\(${level}: `), made);
        await page.click('#explain');
        await page.click('#steps-list li:last-child button').catch(() => {});
        await page.click('#step-next');
        const end = await status(page);
        if (level === 'beyond') {
          assert.match(
            end,
            /^After \d+ steps?, no technique of this page applies: the \d+ cells? left need guessing\.$/,
          );
        } else {
          assert.match(end, new RegExp(`^Solved by logic in \\d+ steps: ${level} \\(`));
        }
        await page.click('#steps-close');
      }
      await page.screenshot({ path: join(SHOTS, 'generated-beyond-1280x800.png') });
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

const [SEVERAL, SEVERAL_COUNT] = (await readFile(join(ROOT, 'tests/data/9x9_counts.txt'), 'utf8'))
  .split('\n')
  .find((l) => l && !l.startsWith('#'))
  .split('\t');

/** Whether `cells` (symbols) complete `givens` (symbols or '.'): every row, column and box a permutation. */
function completes9(givens, cells) {
  const houses = [];
  for (let i = 0; i < 9; i++) {
    houses.push([...Array(9)].map((_, j) => i * 9 + j));
    houses.push([...Array(9)].map((_, j) => j * 9 + i));
    const [r, c] = [Math.floor(i / 3) * 3, (i % 3) * 3];
    houses.push([...Array(9)].map((_, j) => (r + Math.floor(j / 3)) * 9 + c + (j % 3)));
  }
  return (
    [...givens].every((g, i) => g === '.' || g === cells[i]) &&
    houses.every((h) => new Set(h.map((i) => cells[i])).size === 9 && h.every((i) => /^[1-9]$/.test(cells[i])))
  );
}

test('a first visit does not fetch the jobs module; the first count fetches it, saying so, and counts', async () => {
  await withPage(
    async (page, context) => {
      const fetched = [];
      context.on('request', (r) => {
        if (/bitsudoku_jobs.*\.wasm$/.test(r.url()) && !r.serviceWorker()) fetched.push(r.url());
      });
      // As over a slow network: the module arrives 1.5 s after it is asked for.
      await context.route(/bitsudoku_jobs.*\.wasm$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      await page.click('#grid [data-cell="0"]');
      await pasteText(page, SEVERAL);
      await page.waitForTimeout(500);
      assert.deepEqual(fetched, [], 'nothing of the jobs module before a count');
      await page.click('#count');
      await page.waitForFunction(() => document.querySelector('#status').textContent === 'Loading…');
      await page.waitForFunction(() => /^(Exactly|No solution)/.test(document.querySelector('#status').textContent));
      assert.equal(await status(page), `Exactly ${Number(SEVERAL_COUNT).toLocaleString('en')} solutions.`);
      assert.equal(fetched.length, 1, `the jobs module once (${fetched})`);
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('every solution: the exact count, an estimate past the limit, and browsing one by one', async () => {
  await withPage(
    async (page) => {
      await page.click('#grid [data-cell="0"]');
      await pasteText(page, SEVERAL);
      await page.click('#count');
      await page.waitForFunction(() => /^(Exactly|No solution)/.test(document.querySelector('#status').textContent));
      assert.equal(await status(page), `Exactly ${Number(SEVERAL_COUNT).toLocaleString('en')} solutions.`);

      // Browse: each solution verified here, all different, back and forth.
      const seen = [];
      for (let i = 1; i <= 4; i++) {
        await page.click('#next-solution');
        await page.waitForFunction(
          (n) => document.querySelector('#status').textContent.startsWith(`Solution ${n} of `),
          i,
        );
        const cells = (await cellTexts(page)).join('');
        assert.ok(completes9(SEVERAL, cells), `solution ${i} completes the givens`);
        assert.ok(!seen.includes(cells), `solution ${i} is new`);
        seen.push(cells);
      }
      await page.click('#prev-solution');
      assert.match(await status(page), /^Solution 3/);
      assert.equal((await cellTexts(page)).join(''), seen[2]);
      assert.ok(
        (await cellMarks(page)).some((k) => k === 'filled'),
        'the solver fills the empty cells',
      );
      await page.screenshot({ path: join(SHOTS, 'browse-solutions-1280x800.png') });

      // An empty 9×9: far too many to count, so an estimate with its error.
      await page.click('#clear');
      await page.click('#count');
      await page.waitForFunction(() => /^More than/.test(document.querySelector('#status').textContent), null, {
        timeout: 120000,
      });
      assert.match(
        await status(page),
        /^More than 1,000,000 solutions: about \d\.\d\de21 \(estimated from 10,000 random probes, ±\d+(\.\d)?%; 95% between .+ and .+\)\.$/,
      );
      // Cancel works while counting.
      await page.click('#count');
      await page.click('#cancel');
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cancelled'));
    },
    { viewport: { width: 1280, height: 800 } },
  );
});
