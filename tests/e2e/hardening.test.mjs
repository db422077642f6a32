// The page under stress: its Content-Security-Policy holds, hostile or huge
// input stays data, storage and worker failures degrade to messages, and
// nothing the user entered is lost.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cellTexts, launch, pasteText, problems, serve, solved, status, inPage } from './harness.mjs';

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

// Some tests here cause errors on purpose; they check what they expect.
const withPage = (fn, options = {}) => inPage(browser, site.url, fn, { checkProblems: false, ...options });

async function filesUnder(dir, pattern) {
  const out = [];
  for (const entry of await readdir(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (entry.isFile() && pattern.test(entry.name) && !path.includes(`${join('www', 'pkg')}`)) out.push(path);
  }
  return out;
}

test('no code renders text as HTML', async () => {
  const files = [
    join(ROOT, 'index.html'),
    ...(await filesUnder('www', /\.(js|mjs|html)$/)),
    ...(await filesUnder('src/web', /\.rs$/)),
  ];
  assert.ok(files.length >= 6, `scanned ${files.length} files`);
  const banned = /innerHTML|outerHTML|insertAdjacentHTML|document\.write|inner_html|outer_html|insert_adjacent_html/;
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    assert.doesNotMatch(text, banned, `${file} uses an HTML-injecting API`);
  }
  const html = await readFile(join(ROOT, 'index.html'), 'utf8');
  assert.match(
    html,
    /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'">/,
  );
});

test('under its CSP the page loads, solves and pastes with no violation or console error', async () => {
  await withPage(async (page) => {
    await page.selectOption('#examples', '3');
    await page.click('#solve');
    assert.match(await solved(page), /^Solved/);
    await page.click('#grid [data-cell="0"]');
    await page.keyboard.press('Delete');
    await pasteText(page, (await readFile(join(ROOT, 'tests/data/judge/poj3074.in'), 'utf8')).split('\n')[0]);
    await page.click('#solve');
    assert.match(await solved(page), /^Solved/);
    assert.deepEqual(await problems(page), []);
  });
});

test('hostile, strange and huge pasted text is data, and the grid is kept', async () => {
  await withPage(async (page) => {
    await page.click('#grid [data-cell="0"]');
    await page.keyboard.type('ABC');
    const before = await cellTexts(page);
    const hostile = [
      // A line of markup is read for a puzzle inside it (OpenSudoku's XML); this one has none.
      ['<img src=x onerror=alert(1)><script>alert(2)</script>', /line 1: no puzzle in the input/],
      ['<script>alert(1)</script>'.padEnd(81, '.'), /line 1, column 1: unknown symbol '<'/],
      ['\u0007\u0000\u001b[31m'.padEnd(81, '.'), /line 1, column 1: unknown symbol U\+0007/],
      ['🧩'.repeat(256), /unknown symbol '🧩'/],
      ['A'.repeat(200_000), /That text is 200 kB; the page reads up to 100 kB\. Your grid is unchanged\./],
    ];
    for (const [text, message] of hostile) {
      await pasteText(page, text);
      assert.match(await status(page), message);
      assert.deepEqual(await cellTexts(page), before, 'the grid is unchanged');
    }
    // The status shows the text as text: no element was made from it.
    await pasteText(page, '<b id="injected">x</b> y');
    assert.equal(await page.$('#injected'), null);
    assert.deepEqual(await problems(page), []);
  });
});

test('a full or forbidden localStorage gives a message, and the page still works', async () => {
  const full = () => {
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
  };
  await withPage(
    async (page) => {
      await page.click('#grid [data-cell="0"]');
      await page.keyboard.type('A');
      assert.equal(
        await page.textContent('#note'),
        'This browser did not save the grid (QuotaExceededError); it stays on the page until you leave.',
      );
      assert.equal((await cellTexts(page))[0], 'A');
    },
    { init: full },
  );
  const forbidden = () => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
  };
  await withPage(
    async (page) => {
      await page.selectOption('#examples', '5');
      assert.match(await page.textContent('#note'), /did not save the grid \(SecurityError\)/);
      await page.click('#solve');
      assert.match(await solved(page), /^Solved/);
    },
    { init: forbidden },
  );
});

test('a worker that crashes is reported and replaced; the grid stays', async () => {
  await withPage(
    async (page, context) => {
      let served = 0;
      await context.route('**/www/worker.js', async (route) => {
        served += 1;
        if (served === 1) {
          await route.fulfill({
            contentType: 'text/javascript',
            body: "self.onmessage = ({ data }) => { if (data.type === 'solve') throw new Error('boom'); };",
          });
        } else {
          await route.continue();
        }
      });
      // The first worker was created before the route: reload so it goes through it.
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      await page.selectOption('#examples', '5');
      const givens = await cellTexts(page);
      await page.click('#solve');
      assert.match(await solved(page), /^The solver failed: the solver stopped: .*boom.*\. Your grid is unchanged\.$/);
      assert.deepEqual(await cellTexts(page), givens);
      await page.click('#solve');
      assert.match(await solved(page), /^Solved/, 'the replacement worker solves');
      assert.ok(served >= 2);
      // Without the service worker, whose offline copies would also ask for worker.js.
    },
    { serviceWorkers: 'block' },
  );
});

test('Cancel stops the worker’s search without replacing the worker', async () => {
  await withPage(async (page) => {
    // Two workers: the solver's first, then the one for answers as you type.
    while (page.workers().length < 2) await page.waitForTimeout(20);
    const [worker] = page.workers();
    let closed = false;
    worker.on('close', () => (closed = true));
    const names = await page.$$eval('#examples option', (os) => os.map((o) => o.textContent));
    await page.selectOption('#examples', String(names.findIndex((n) => n.startsWith('A minimal 25×25')) - 1));
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#status-details').textContent.includes('positions tried'));
    const started = Date.now();
    await page.click('#cancel');
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cancelled'));
    assert.ok(Date.now() - started < 300, 'Cancel answers at once');
    // Give the grace period a chance to expire: the worker must have confirmed.
    await page.waitForTimeout(500);
    assert.equal(closed, false, 'the worker was not replaced');
    await page.selectOption('#examples', String(names.findIndex((n) => n.startsWith('A 4×4')) - 1));
    await page.click('#solve');
    assert.match(await solved(page), /^Solved/);
    assert.ok(page.workers().includes(worker), 'the same worker solved the next puzzle');
    assert.equal(page.workers().length, 2, 'and no worker was added');
  });
});

/** Waits until no request is in flight: Solve enabled and no "Solving…" or "Making…" status. */
function settled(page, timeout = 30000) {
  return page.waitForFunction(
    () => {
      const s = document.querySelector('#status').textContent;
      return !document.querySelector('#solve').disabled && !/^(Solving|Making)/.test(s);
    },
    null,
    { timeout },
  );
}

test('every request settles: Generate, Cancel and Solve clicked 30 ms apart, and random sequences', async () => {
  await withPage(async (page) => {
    await page.selectOption('#size', '25');
    // The sequence that lost a solve: cancels confirmed later than the grace
    // period, whose timer then killed the worker holding the next request.
    for (const id of ['generate', 'cancel', 'generate', 'cancel', 'generate', 'cancel', 'solve']) {
      await page.evaluate((id) => document.getElementById(id).click(), id);
      await page.waitForTimeout(30);
    }
    await settled(page);
    // Random sequences of the same buttons at random intervals.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 8; k++) {
        const id = ['generate', 'cancel', 'solve'][Math.floor(random() * 3)];
        await page.evaluate((id) => document.getElementById(id).click(), id);
        await page.waitForTimeout(Math.floor(random() * 80));
      }
      await page.evaluate(() => document.getElementById('solve').click());
      await settled(page);
    }
  });
});

test('the widget settles every one of 50 concurrent solves', async () => {
  await inPage(
    browser,
    `${site.url}examples/embed.html`,
    async (page) => {
      const outcomes = await page.evaluate(async () => {
        const el = document.getElementById('nine');
        await el.ready;
        const runs = Array.from({ length: 50 }, () =>
          el.solve().then(
            (r) => r.outcome,
            (e) => e.name,
          ),
        );
        return Promise.race([
          Promise.all(runs),
          new Promise((resolve) => setTimeout(() => resolve('some request never settled'), 20000)),
        ]);
      });
      assert.ok(Array.isArray(outcomes), outcomes);
      assert.equal(outcomes.filter((o) => o === 'Cancelled').length, 49);
      assert.equal(outcomes.at(-1), 'unique');
    },
    { checkProblems: false },
  );
});
