// The puzzle-site features in headless Chromium: generate, hint, check,
// undo/redo, share links, the embeddable widget and API, offline use, the
// single-file build from file://, and accessible names.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cellMarks, cellTexts, launch, serve, solved, status, inPage } from './harness.mjs';

let browser;
let site;
let dist;

before(async () => {
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

const POJ = (await readFile(join(ROOT, 'tests/data/judge/poj3074.in'), 'utf8')).split('\n');
const POJ_OUT = (await readFile(join(ROOT, 'tests/data/judge/poj3074.out'), 'utf8')).split('\n');

async function loadNine(page) {
  await page.click('details.paste summary');
  await page.fill('#paste-text', POJ[0]);
  await page.click('#load');
}

test('Generate makes a puzzle to play, and Solve completes it', async () => {
  await withPage(async (page) => {
    await page.selectOption('#size', '9');
    await page.check('#symmetric');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#status').dataset.kind === 'ok');
    assert.match(await status(page), /^A new medium 9×9 puzzle with \d+ givens \(medium: .+\)\. Seed \d+\.$/);
    assert.equal(await page.getAttribute('body', 'data-mode'), 'play');
    const marks = await cellMarks(page);
    const givens = marks.map((m) => m === 'given');
    assert.ok(givens.filter(Boolean).length >= 17);
    assert.deepEqual(givens, [...givens].reverse(), 'symmetric under a 180° rotation');
    await page.click('#solve');
    assert.match(await solved(page), /^Solved: the only solution/);
    assert.ok((await cellTexts(page)).every((t) => t.length === 1));
  });
});

test('Hint highlights one correct cell and its house, with the reason', async () => {
  await withPage(async (page) => {
    await loadNine(page);
    await page.click('#mode-play');
    // A hint tells a little more each time: where to look, the reasoning, then the digit.
    for (let i = 0; i < 3; i++) await page.click('#hint');
    const message = await status(page);
    const m = message.match(/(?:Row (\d), column (\d) can only be (\d)|In .+?, (\d) fits only row (\d), column (\d))/);
    assert.ok(m, message);
    const [r, c, d] = m[1] ? [m[1], m[2], m[3]] : [m[5], m[6], m[4]];
    const cell = (Number(r) - 1) * 9 + (Number(c) - 1);
    assert.equal(POJ_OUT[0][cell], d, 'the hinted digit is the solution’s');
    const hinted = await page.$$eval('#grid .hint', (els) => els.map((e) => Number(e.dataset.cell)));
    assert.deepEqual(hinted, [cell]);
    assert.equal((await page.$$('#grid .in-house')).length, 9, 'its house is highlighted');
    assert.equal((await cellTexts(page))[cell], '', 'the hint does not fill the cell');
  });
});

test('Check marks wrong entries without showing answers; undo and redo by keyboard', async () => {
  await withPage(async (page) => {
    await loadNine(page);
    await page.click('#mode-play');
    const empty = [...POJ[0]].findIndex((ch) => ch === '.');
    const right = POJ_OUT[0][empty];
    // A wrong digit that no given in the cell's houses shows up as a clash.
    const [r, c] = [Math.floor(empty / 9), empty % 9];
    const seen = new Set();
    for (let i = 0; i < 81; i++) {
      const [r2, c2] = [Math.floor(i / 9), i % 9];
      const same =
        r2 === r || c2 === c || (Math.floor(r2 / 3) === Math.floor(r / 3) && Math.floor(c2 / 3) === Math.floor(c / 3));
      if (same && POJ[0][i] !== '.') seen.add(POJ[0][i]);
    }
    const wrong = '123456789'.split('').find((d) => d !== right && !seen.has(d));
    await page.click(`#grid [data-cell="${empty}"]`);
    await page.keyboard.type(wrong);
    assert.equal((await cellMarks(page))[empty], 'entry');
    await page.click('#check');
    await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Finding'));
    assert.match(await status(page), /^1 of your 1 entry is wrong \(marked\); \d+ cells empty\.$/);
    assert.equal((await cellMarks(page))[empty], 'entry wrong');
    assert.equal((await cellTexts(page))[empty], wrong, 'the right digit is not shown');
    // Undo takes the entry back, redo restores it.
    await page.click(`#grid [data-cell="${empty}"]`);
    await page.keyboard.press('Control+z');
    assert.equal((await cellTexts(page))[empty], '');
    await page.keyboard.press('Control+Shift+z');
    assert.equal((await cellTexts(page))[empty], wrong);
    // A given cannot be typed over in play mode.
    const given = [...POJ[0]].findIndex((ch) => ch !== '.');
    await page.click(`#grid [data-cell="${given}"]`);
    await page.keyboard.type('1');
    assert.match(await status(page), /holds a given\. Switch to Edit puzzle to change givens\./);
  });
});

test('a share link opens the same puzzle and entries in a new page; a bad link says so', async () => {
  let link;
  await withPage(
    async (page) => {
      await loadNine(page);
      await page.click('#mode-play');
      const empty = [...POJ[0]].findIndex((ch) => ch === '.');
      await page.click(`#grid [data-cell="${empty}"]`);
      await page.keyboard.type(POJ_OUT[0][empty]);
      await page.click('#share');
      link = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(link, /#1\.9\.[A-Za-z0-9_-]{68}$/);
      assert.ok(link.length < 200, `short enough for a chat: ${link.length}`);
    },
    { permissions: ['clipboard-read', 'clipboard-write'] },
  );
  await withPage(
    async (page) => {
      assert.match(await status(page), /^Opened a shared 9×9 puzzle with \d+ givens and 1 entry\.$/);
      const texts = await cellTexts(page);
      const marks = await cellMarks(page);
      for (let i = 0; i < 81; i++) {
        if (POJ[0][i] !== '.') assert.equal(texts[i], POJ[0][i]);
      }
      assert.equal(marks.filter((m) => m === 'entry').length, 1);
    },
    { url: link },
  );
  for (const bad of [
    '#1.9.AA<script>alert(1)</script>',
    '#hello',
    `#1.9.${'_'.repeat(68)}`,
    `#${'x'.repeat(300000)}`,
  ]) {
    await withPage(
      async (page) => {
        assert.match(await status(page), /^The link's puzzle could not be read: .+ Your grid is unchanged\.$/);
        assert.equal(await page.$('script:not([src])'), null);
      },
      { url: site.url + bad },
    );
  }
});

test('two widgets on the embedding page work independently, and the API solves', async () => {
  await withPage(
    async (page) => {
      await page.waitForFunction(() => document.querySelectorAll('sudoku-solver').length === 2);
      await page.evaluate(() => Promise.all([...document.querySelectorAll('sudoku-solver')].map((w) => w.ready)));
      // Both solve at once, each with its own worker.
      const results = await page.evaluate(() =>
        Promise.all([...document.querySelectorAll('sudoku-solver')].map((w) => w.solve())),
      );
      assert.deepEqual(
        results.map((r) => r.outcome),
        ['unique', 'unique'],
      );
      assert.equal(results[0].solution.trim(), POJ_OUT[0]);
      assert.equal(results[1].solution.trim().length, 16);
      const grids = await page.evaluate(() =>
        [...document.querySelectorAll('sudoku-solver')].map((w) => w.getGrid().side),
      );
      assert.deepEqual(grids, [9, 4]);
      assert.match(
        await page.textContent('#events'),
        /nine:solved\(unique\).*four:solved\(unique\)|four:solved\(unique\).*nine:solved\(unique\)/,
      );
      // The read-only widget refuses edits; the other takes them.
      const typeInto = (id, key) =>
        page.evaluate(
          ([id, key]) => {
            const cell = document.getElementById(id).shadowRoot.querySelector('[data-cell="1"]');
            cell.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
            cell.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
            return document.getElementById(id).shadowRoot.querySelector('.status').textContent;
          },
          [id, key],
        );
      assert.equal(await typeInto('four', '2'), 'This grid is read-only.');
      // The API.
      await page.click('#api-solve');
      await page.waitForFunction(() => document.querySelector('#api-output').textContent.length > 0);
      assert.match(
        await page.textContent('#api-output'),
        new RegExp(`^unique: Solved: the only solution\\..*\\n${POJ_OUT[0]}`),
      );
    },
    { url: `${site.url}examples/embed.html`, permissions: [] },
  );
});

test('after one visit the page loads and solves with the network off', async () => {
  await withPage(
    async (page, context) => {
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      await page.selectOption('#examples', '5');
      await page.click('#solve');
      assert.match(await solved(page), /^Solved: the only solution/);
      await context.setOffline(false);
    },
    { url: dist.url },
  );
});

test('the single file opened from disk solves', async () => {
  await withPage(
    async (page) => {
      await page.selectOption('#examples', '0');
      await page.click('#solve');
      assert.match(await solved(page), /^Solved: the only solution/);
      const [solution] = (await readFile(join(ROOT, 'tests/data/judge/uva1309.out'), 'utf8')).trim().split('\n\n');
      assert.equal((await cellTexts(page)).join(''), solution.replace(/\n/g, ''));
    },
    { url: `file://${join(ROOT, 'dist/bitsudoku.html')}` },
  );
});

test('every cell and control has an accessible name; results are announced', async () => {
  await withPage(async (page) => {
    await page.selectOption('#examples', '0');
    const labels = await page.$$eval('#grid [role="gridcell"]', (cells) =>
      cells.map((c) => c.getAttribute('aria-label')),
    );
    assert.equal(labels.length, 256);
    assert.ok(
      labels.every((l) => /^Row \d+, column \d+: (empty|.+, given)$/.test(l)),
      labels.find((l) => !/^Row \d+, column \d+: (empty|.+, given)$/.test(l)),
    );
    assert.equal(await page.getAttribute('#grid', 'role'), 'grid');
    assert.equal((await page.$$('#grid [role="row"]')).length, 16);
    const unnamed = await page.$$eval('button, select, input, textarea', (els) =>
      els
        .filter(
          (e) =>
            !(e.labels?.[0]?.textContent.trim() || e.textContent.trim() || e.getAttribute('aria-label') || e.title),
        )
        .map((e) => e.outerHTML),
    );
    assert.deepEqual(unnamed, []);
    assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite');
    await page.click('#solve');
    await solved(page);
    const filled = await page.getAttribute('#grid [data-cell="0"]', 'aria-label');
    assert.match(filled, /^Row 1, column 1: [A-P], filled by the solver$/);
  });
});

test('index.html preloads the page’s static module graph and the module it will run, and the browser uses each preload', async () => {
  // The graph as the browser walks it: static imports from app.js.
  const graph = new Set();
  const walk = async (file) => {
    const source = await readFile(join(ROOT, file), 'utf8');
    for (const m of source.matchAll(/^import\s(?:[^;]*?\sfrom\s)?'(\.[^']+)'/gm)) {
      const next = join(file, '..', m[1]);
      if (!graph.has(next)) {
        graph.add(next);
        await walk(next);
      }
    }
  };
  await walk('www/app.js');
  const html = await readFile(join(ROOT, 'index.html'), 'utf8');
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]));
  assert.deepEqual([...preloaded].sort(), [...graph].sort(), 'modulepreload links = the static imports of app.js');
  // The WebAssembly build the page will run, asked for at once by a script
  // that makes the same choice and hands the response to the page.
  assert.match(html, /<script type="module" async src="www\/preload\.js"><\/script>/);
  // A preload the page does not use (another URL, another credentials
  // mode) makes Chromium warn a few seconds after the load; and the module
  // is fetched once, by the page, which hands it compiled to its two
  // solving workers (the solver's and the analyst's; the jobs workers
  // start on demand).
  await withPage(async (page, context) => {
    const fetched = [];
    context.on('request', (r) => {
      if (r.url().endsWith('.wasm') && !r.serviceWorker()) fetched.push(r.url().split('/').pop());
    });
    await page.reload();
    const warned = [];
    page.on('console', (m) => {
      if (/preload/i.test(m.text())) warned.push(m.text());
    });
    await page.waitForFunction(() => !document.querySelector('#solve').disabled);
    await page.waitForTimeout(4000);
    assert.deepEqual(warned, []);
    assert.deepEqual(fetched, ['bitsudoku_simd_bg.wasm']);
    // Two workers started, and the solver's solves with the module handed.
    assert.equal(page.workers().filter((w) => w.url().includes('/www/worker.js')).length, 2);
    await page.click('#solve');
    assert.match(await solved(page), /^(Solved|This puzzle)/);
  });
});
