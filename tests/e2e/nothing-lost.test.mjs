// The faults of issue 26's adversarial pass, one test each in headless
// Chromium (fault 5, the CLI's lone CR, is in tests/cli.rs): nothing
// freezes, nothing is lost, no result contradicts itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cellMarks, cellTexts, inPage, launch, open, pasteText, problems, serve, status } from './harness.mjs';
import { EXAMPLES } from '../../www/examples.js';

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
const POJ_OUT = (await readFile(join(ROOT, 'tests/data/judge/poj3074.out'), 'utf8')).split('\n');
const UVA = (await readFile(join(ROOT, 'tests/data/judge/uva1309.in'), 'utf8')).trim().split(/\n\s*\n/)[0];
const HARDEST = EXAMPLES.findIndex((ex) => ex.learn);

/** Frames the page draws in `ms` while it works: a frozen page draws none. */
function framesDuring(page, ms) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        let frames = 0;
        const end = performance.now() + ms;
        const tick = () => {
          frames += 1;
          if (performance.now() < end) requestAnimationFrame(tick);
          else resolve(frames);
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

// The worker's search is under way: the page says so at once, and a slow
// machine's progress report may already have replaced that by the time we look.
const SEARCHING =
  /^(Finding the solution first…|A hard puzzle: still solving \([\d.]+ (s|ms)\); [\d,]+ of [\d,]+ candidates settled for good\.)$/;

test('fault 1: Hint and Check on the hardest 25×25 search in the worker; the page keeps drawing and Cancel answers', async () => {
  await inPage(
    browser,
    site.url,
    async (page) => {
      await page.selectOption('#examples', String(HARDEST));
      // Check with no entries answers at once, in the same task as the click.
      const said = await page.evaluate(() => {
        document.getElementById('check').click();
        return document.getElementById('status').textContent;
      });
      assert.match(said, /^No entries to check yet; \d+ cells to go\.$/);
      // Hint needs the solution: the worker searches, the page stays alive.
      const start = await page.evaluate(() => {
        const t = performance.now();
        document.getElementById('hint').click();
        return performance.now() - t;
      });
      assert.ok(start < 1000, `the click returned (${start.toFixed(0)} ms)`);
      assert.match(await status(page), SEARCHING);
      const frames = await framesDuring(page, 1500);
      assert.ok(frames >= 10, `the page drew ${frames} frames in 1.5 s while the search ran`);
      assert.equal(await page.isDisabled('#cancel'), false, 'Cancel is there');
      await page.click('#cancel');
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cancelled'));
      // Check with an entry needs the solution too: the same.
      await page.click('#mode-play');
      const empties = (await cellTexts(page)).flatMap((t, i) => (t === '' ? [i] : []));
      await page.click(`#grid [data-cell="${empties[0]}"]`);
      await page.keyboard.type('A');
      await page.click('#check');
      assert.match(await status(page), SEARCHING);
      assert.ok((await framesDuring(page, 1000)) >= 10, 'the page draws while Check searches');
      // Typing goes on meanwhile, each key shown as it is typed.
      const typed = await page.evaluate((cell) => {
        const el = document.querySelector(`#grid [data-cell="${cell}"]`);
        el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        el.dispatchEvent(new KeyboardEvent('keydown', { key: 'B', bubbles: true }));
        return el.textContent;
      }, empties[1]);
      assert.equal(typed, 'B');
      await page.click('#cancel');
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cancelled'));
      assert.deepEqual(await problems(page), []);
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('fault 2: two tabs keep each other’s grids, and the same grid in both is never lost silently', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const openTab = async () => {
      const tab = await context.newPage();
      await tab.goto(site.url);
      await tab.waitForSelector('body[data-ready="true"]');
      return tab;
    };
    const a = await openTab();
    const b = await openTab();
    // A loads a 9×9; B, opened before, types one symbol in its 16×16.
    await a.selectOption('#size', '9');
    await pasteText(a, POJ[0]);
    await b.click('#grid [data-cell="0"]');
    await b.keyboard.type('C');
    await a.reload();
    await a.waitForSelector('body[data-ready="true"]');
    await a.selectOption('#size', '9');
    const nine = await cellTexts(a);
    assert.equal(nine.map((t) => t || '.').join(''), POJ[0], 'A’s 9×9 survived B’s save');
    await a.selectOption('#size', '16');
    assert.equal((await cellTexts(a))[0], 'C', 'and B’s 16×16 is there too');

    // Both on the 9×9: an entry in A shows in B, which says so; B's own is one Undo away.
    await a.selectOption('#size', '9');
    await b.selectOption('#size', '9');
    await a.click('#mode-play');
    const [first, second] = [...POJ[0]].flatMap((ch, i) => (ch === '.' ? [i] : []));
    await b.click('#mode-play');
    await b.click(`#grid [data-cell="${second}"]`);
    await b.keyboard.type('5');
    const shows = (tab, cell, text) =>
      tab.waitForFunction(
        ([c, t]) => document.querySelector(`#grid [data-cell="${c}"]`).textContent === t,
        [cell, text],
      );
    await shows(a, second, '5');
    assert.match(await status(a), /changed in another tab/);
    await a.click(`#grid [data-cell="${first}"]`);
    await a.keyboard.type('7');
    await shows(b, first, '7');
    assert.match(await status(b), /changed in another tab.*Undo brings back this tab’s/);
    assert.equal((await cellTexts(b))[second], '5', 'B’s entry is in A’s grid as well');
    // B's Undo brings back what B had before A's change.
    await b.click('#undo');
    assert.equal((await cellTexts(b))[first], '');
  } finally {
    await context.close();
  }
});

test('fault 3: a widget whose puzzle changes during solve() solves the new puzzle, and says so', async () => {
  await inPage(
    browser,
    `${site.url}examples/embed.html`,
    async (page) => {
      const r = await page.evaluate(
        async ([hard, nine]) => {
          const el = document.createElement('sudoku-solver');
          el.setAttribute('puzzle', hard);
          document.body.append(el);
          await el.ready;
          const said = [];
          const status = el.shadowRoot.querySelector('.status');
          new MutationObserver(() => said.push(status.textContent)).observe(status, { childList: true });
          const solving = el.solve();
          await new Promise((resolve) => setTimeout(resolve, 300));
          el.setAttribute('puzzle', nine);
          const detail = await solving;
          // The solver-only module's verifier and parser: the page's module leaves them out.
          const { default: init, verifySolution, parse } = await import('/www/pkg/bitsudoku_solver.js');
          await init({ module_or_path: '/www/pkg/bitsudoku_solver_bg.wasm' });
          const puzzle = parse(nine, 9, undefined);
          const solution = parse(detail.solution, 9, undefined);
          let verified = 'yes';
          try {
            verifySolution(puzzle.cells, solution.cells, 9);
          } catch (e) {
            verified = e.message;
          }
          return { detail, said, verified, side: el.getGrid().side };
        },
        [EXAMPLES[HARDEST].text, POJ[0]],
      );
      assert.equal(r.detail.outcome, 'unique');
      assert.equal(r.verified, 'yes', 'the solution is the new puzzle’s, by the checker');
      assert.equal(r.detail.solution.trim(), POJ_OUT[0]);
      assert.match(r.detail.message, /^Solved: the only solution\.$/);
      assert.ok(r.said.includes('The puzzle changed while solving; solving the new one…'), r.said.join(' | '));
      assert.equal(r.side, 9);
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('fault 4: loading, pasting or opening a link during Generate wins, and the controls describe the grid', async () => {
  await inPage(browser, site.url, async (page) => {
    await page.selectOption('#size', '4');
    // Generate, and at once a paste of a 16×16: the paste wins.
    await page.evaluate((text) => {
      document.getElementById('generate').click();
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, UVA);
    await page.waitForFunction(() => /^Loaded/.test(document.querySelector('#status').textContent));
    assert.match(await status(page), /^Loaded a 16×16 puzzle/);
    const texts = await cellTexts(page);
    assert.equal(texts.map((t) => t || '-').join(''), UVA.replace(/\n/g, ''));
    assert.equal(await page.$eval('#size', (s) => s.value), '16', 'the size menu says 16×16');
    assert.equal(await page.$$eval('#pad button', (bs) => bs.length), 17, 'the pad has the 16 symbols');
    // The same with an example chosen from the menu.
    await page.selectOption('#size', '25');
    await page.evaluate(() => {
      document.getElementById('generate').click();
      const select = document.getElementById('examples');
      select.value = '8';
      select.dispatchEvent(new Event('change'));
    });
    await page.waitForTimeout(2000);
    assert.equal((await cellTexts(page)).length, 16, 'the 4×4 example stays');
    assert.equal(await page.$eval('#size', (s) => s.value), '4');
    assert.match(await status(page), /^Loaded a 4×4 puzzle/);
  });
});

test('fault 6: a second solve() on the widget keeps “Solving…” and a disabled button until it ends', async () => {
  await inPage(browser, `${site.url}examples/embed.html`, async (page) => {
    const r = await page.evaluate(async () => {
      const el = document.getElementById('nine');
      await el.ready;
      const status = () => el.shadowRoot.querySelector('.status').textContent;
      const button = () => el.shadowRoot.querySelector('.bar button').disabled;
      const first = el.solve();
      const second = el.solve();
      const whenFirst = await first.then(
        () => ({ settled: 'resolved' }),
        (e) => ({ settled: e.name, status: status(), disabled: button() }),
      );
      const detail = await second;
      return { whenFirst, outcome: detail.outcome, after: { status: status(), disabled: button() } };
    });
    assert.equal(r.whenFirst.settled, 'Cancelled', 'the first gives way to the second');
    assert.equal(r.whenFirst.status, 'Solving…', 'while the second works, the widget says so');
    assert.equal(r.whenFirst.disabled, true, 'and its button stays disabled');
    assert.equal(r.outcome, 'unique');
    assert.equal(r.after.disabled, false);
    assert.match(r.after.status, /^Solved/);
  });
});

test('fault 7: a saved grid with a field this build does not know keeps its cells, and the stored text is kept aside', async () => {
  const cells = [...POJ[0]].map((ch) => (ch === '.' ? 0 : Number(ch)));
  const entries = cells.map(() => 0);
  const empty = POJ[0].indexOf('.');
  entries[empty] = Number(POJ_OUT[0][empty]);
  const stored = JSON.stringify({
    side: 9,
    future: { kept: true },
    grids: {
      9: { cells, entries, alphabet: 'digits', layout: 'hexagonal', mode: 'play', shape: '9+moons', theme: 'sepia' },
      36: { cells: [1], from: 'a newer build' },
    },
  });
  const init = {
    content: `if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(${JSON.stringify(STORE_KEY)}, ${JSON.stringify(stored)});
      sessionStorage.setItem('seeded', '1');
    }`,
  };
  await inPage(
    browser,
    site.url,
    async (page) => {
      const texts = await cellTexts(page);
      assert.equal(texts.length, 81, 'the 9×9 is restored');
      const expected = [...POJ[0]].map((ch, i) => (i === empty ? POJ_OUT[0][empty] : ch === '.' ? '' : ch));
      assert.deepEqual(texts, expected, 'its givens and its entry');
      assert.match(await page.textContent('#note'), /its shape and layout could not be read/);
      const next = POJ[0].indexOf('.', empty + 1);
      await page.click(`#grid [data-cell="${next}"]`);
      await page.keyboard.type(POJ_OUT[0][next]);
      const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), STORE_KEY));
      assert.equal(saved.grids[9].entries[next], Number(POJ_OUT[0][next]), 'the edit is saved');
      assert.deepEqual(saved.future, { kept: true }, 'an unknown field stays');
      assert.deepEqual(saved.grids[36], { cells: [1], from: 'a newer build' }, 'an unknown size stays');
      assert.equal(saved.grids[9].theme, 'sepia', 'an unknown field of the grid stays');
      assert.equal(saved.grids[9].cells[0], cells[0]);
      const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('bitsudoku:v1:unread')));
      assert.equal(kept.raw, stored, 'the text that could not be read whole is kept before it is written over');
      assert.match(kept.why, /layout/);
    },
    { init },
  );
});

test('fault 8: Solve with a puzzle in the text box solves that puzzle, and says it loaded it', async () => {
  await inPage(browser, site.url, async (page) => {
    await page.click('details.paste summary');
    await page.fill('#paste-text', UVA);
    await page.click('#solve');
    await page.waitForFunction(() => /Solved|solutions/.test(document.querySelector('#status').textContent));
    assert.match(await status(page), /^Loaded the puzzle in the text box\. Solved: the only solution\.$/);
    const marks = await cellMarks(page);
    assert.equal(marks.filter((m) => m === 'given').length, [...UVA].filter((c) => /[A-P]/.test(c)).length);
    // Text that cannot be read is said plainly, and nothing is solved.
    await page.fill('#paste-text', 'my puzzle: see attachment');
    await page.click('#solve');
    assert.match(await status(page), /^Could not read the puzzle: .*Your grid is unchanged\.$/);
    // Solving again what was loaded does not load it twice.
    await page.fill('#paste-text', POJ[0]);
    await page.click('#load');
    await page.click('#solve');
    await page.waitForFunction(() => /^Solved/.test(document.querySelector('#status').textContent));
  });
});
