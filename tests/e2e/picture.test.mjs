// A puzzle read from a picture, end to end in headless Chromium: the
// fixtures of tests/data/pictures/ opened with the file input, dropped on
// the page and pasted; the review (cells compared with truth.tsv, a misread
// corrected through the grid, or a right cell made wrong and put right),
// "Use this puzzle", Solve with the independent verifier, Undo; "No puzzle
// found" leaving the grid alone; Cancel and Escape. The picture reader is
// lazy: a first visit downloads none of it, and once used it works offline.
// Screenshots of the review at 1280×800 and 390×844, light and dark, go to
// test-results/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ROOT,
  SHOTS,
  cellMarks,
  cellTexts,
  inPage,
  launch,
  pasteText,
  problems,
  serve,
  solved,
  status,
} from './harness.mjs';

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

const PICTURES = join(ROOT, 'tests/data/pictures');
// file -> { side, alphabet, cells (values, 0 = empty) }, or null for "no puzzle".
const TRUTH = Object.fromEntries(
  (await readFile(join(PICTURES, 'truth.tsv'), 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [file, , side, , alphabet, cells] = line.split('\t');
      return [file, cells === '-' ? null : { side: Number(side), alphabet, cells: cells.split(',').map(Number) }];
    }),
);
const POJ = (await readFile(join(ROOT, 'tests/data/judge/poj3074.in'), 'utf8')).split('\n');

/** A value as the grid shows it in the truth's alphabet ('' for empty). */
function symbol(alphabet, value) {
  if (value === 0) return '';
  if (alphabet === 'hex') return (value - 1).toString(16).toUpperCase();
  return alphabet === 'letters' ? String.fromCharCode(64 + value) : String(value);
}

const truthTexts = (t) => t.cells.map((v) => symbol(t.alphabet, v));
const reviewTexts = (page) => page.$$eval('#picture-grid [data-cell]', (cells) => cells.map((c) => c.textContent));
const pictureStatus = async (page) => (await page.textContent('#picture-status')).trim();
const dialogOpen = (page) => page.$eval('#picture', (d) => d.open);

/** Waits for the reading to end; its state: 'review' or 'failed'. */
async function readingDone(page) {
  await page.waitForFunction(() => ['review', 'failed'].includes(document.getElementById('picture').dataset.state));
  return page.$eval('#picture', (d) => d.dataset.state);
}

/** Presses "Use this puzzle" and waits for the dialog's close event, which
 * comes a moment after it closes and hands the keyboard back to the grid
 * (a key pressed before it, under load, went to the closing dialog). */
async function usePuzzle(page) {
  await page.click('#picture-use');
  await page.waitForFunction(
    () => !document.getElementById('picture').dataset.state && document.activeElement?.closest('#grid') !== null,
  );
}

/** Waits until the review's status matches `pattern`. */
async function statusMatches(page, pattern) {
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.getElementById('picture-status').textContent),
    [pattern.source, pattern.flags],
  );
  return pictureStatus(page);
}

/** Dispatches `event` ('drop' or 'paste') carrying the fixture `file` as a picture file. */
async function hand(page, file, event) {
  const type = file.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
  const base64 = (await readFile(join(PICTURES, file))).toString('base64');
  await page.evaluate(
    ([base64, name, type, event]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      const init = { bubbles: true, cancelable: true };
      if (event === 'paste') {
        document.activeElement.dispatchEvent(new ClipboardEvent('paste', { ...init, clipboardData: data }));
      } else {
        const grid = document.getElementById('grid');
        for (const kind of ['dragenter', 'dragover', 'drop']) {
          grid.dispatchEvent(new DragEvent(kind, { ...init, dataTransfer: data }));
        }
      }
    },
    [base64, file, type, event],
  );
}

/**
 * Makes the review grid the truth through its cells, as a person would:
 * each misread cell clicked and its symbol typed (Delete for an empty one).
 * With nothing misread, a right cell is made wrong (a symbol its row
 * already holds), the verdict follows, and it is put right again. Returns
 * the misreads found.
 */
async function correct(page, truth, t) {
  const want = truthTexts(truth);
  const read = await reviewTexts(page);
  assert.equal(read.length, want.length, 'the grid read has the truth’s size');
  const misread = want.flatMap((w, i) => (read[i] === w ? [] : [{ cell: i, read: read[i], truth: w }]));
  const first = await pictureStatus(page);
  if (misread.length > 0) {
    t.diagnostic(`misread: ${misread.map((m) => `cell ${m.cell} '${m.truth}' as '${m.read}'`).join(', ')}`);
    for (const m of misread) {
      await page.click(`#picture-grid [data-cell="${m.cell}"]`);
      await page.keyboard.press(m.truth || 'Delete');
    }
    await statusMatches(page, /^The puzzle now /);
  } else {
    const n = truth.side;
    const cell = want.findIndex((w, i) => w === '' && want.slice(i - (i % n), i - (i % n) + n).some(Boolean));
    const clash = want.slice(cell - (cell % n), cell - (cell % n) + n).find(Boolean);
    await page.click(`#picture-grid [data-cell="${cell}"]`);
    await page.keyboard.press(clash);
    assert.match(
      await statusMatches(page, /^The puzzle now /),
      /^The puzzle now has no solution: equal symbols share a house \(in red\)\.$/,
    );
    await page.click(`#picture-grid [data-cell="${cell}"]`);
    await page.keyboard.press('Delete');
    const again = first.replace(/^.*The puzzle read /, 'The puzzle now ');
    await statusMatches(page, new RegExp(`^${again.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  }
  assert.deepEqual(await reviewTexts(page), want);
  return misread;
}

/** In the page, with the independent verifier: the main grid shows a solution of `cells` (side `side`, digits). */
function verified(page, cells, shape) {
  return page.evaluate(
    async ([cells, shape]) => {
      // The solver-only module's verifier and parser: the page's module leaves them out.
      const { default: init, verifySolution } = await import('/www/pkg/bitsudoku_solver.js');
      await init({ module_or_path: '/www/pkg/bitsudoku_solver_bg.wasm' });
      const shown = [...document.querySelectorAll('#grid [data-cell]')].map((c) => Number(c.textContent) || 0);
      try {
        verifySolution(Uint8Array.from(cells), Uint8Array.from(shown), shape);
        return 'yes';
      } catch (e) {
        return e.message;
      }
    },
    [cells, shape],
  );
}

test('a screenshot opened with the file input is reviewed, corrected, used, solved; Undo brings back the grid before', async (t) => {
  await inPage(
    browser,
    site.url,
    async (page) => {
      // The grid before: the 16×16 the page starts with, one symbol in it.
      await page.click('#grid [data-cell="0"]');
      await page.keyboard.press('A');
      assert.equal(await page.isVisible('#picture-open'), true, 'the control is offered');
      const file = '0000-screen-9.png';
      const truth = TRUTH[file];
      await page.setInputFiles('#picture-file', join(PICTURES, file));
      assert.equal(await readingDone(page), 'review');
      assert.match(await pictureStatus(page), /^A 9×9 puzzle with \d+ givens\. The puzzle read has /);
      // The grid found is outlined on the picture.
      assert.ok(await page.$eval('#picture-shot', (c) => c.width > 100 && c.height > 100));
      await correct(page, truth, t);
      await page.screenshot({ path: join(SHOTS, 'picture-review-corrected-1280x800.png') });

      await usePuzzle(page);
      assert.equal(await dialogOpen(page), false);
      assert.deepEqual(await cellTexts(page), truthTexts(truth));
      const marks = await cellMarks(page);
      assert.deepEqual(
        marks.map((m) => m === 'given'),
        truth.cells.map((v) => v !== 0),
        'the cells read are givens',
      );
      assert.equal(await page.inputValue('#size'), '9');
      assert.match(await status(page), /^The 9×9 puzzle from the picture is on the grid, with \d+ givens\./);
      assert.equal(await page.evaluate(() => document.activeElement?.closest('#grid') !== null), true);
      // Saved like any grid.
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('bitsudoku:v1')).grids['9'].cells);
      assert.deepEqual(saved, truth.cells);

      // (This fixture's givens allow more than one solution: the page shows one.)
      await page.click('#solve');
      assert.match(
        await solved(page),
        /^(Solved: the only solution|This puzzle has at least 2 solutions; showing one)/,
      );
      assert.equal(await verified(page, truth.cells, '9'), 'yes');

      // Undo: the 16×16 before the picture, its symbol with it.
      await page.keyboard.press('Control+z');
      assert.equal(await page.inputValue('#size'), '16');
      const before = await cellTexts(page);
      assert.equal(before.length, 256);
      assert.equal(before[0], 'A');
      assert.equal(before.filter(Boolean).length, 1);
      assert.equal(await status(page), 'Undone.');
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('a 16×16 of letters: what was misread is corrected in the review, and the letters come along', async (t) => {
  await inPage(browser, site.url, async (page) => {
    const file = '0001-screen-16.png';
    const truth = TRUTH[file];
    await page.setInputFiles('#picture-file', join(PICTURES, file));
    assert.equal(await readingDone(page), 'review');
    await correct(page, truth, t);
    await page.click('#picture-use');
    assert.deepEqual(await cellTexts(page), truthTexts(truth));
    assert.equal(await page.inputValue('#alphabet'), 'letters');
  });
});

test('a photo dropped on the grid is read and used as one undoable step', async (t) => {
  await inPage(browser, site.url, async (page) => {
    await pasteText(page, POJ[0]);
    const before = await cellTexts(page);
    const file = '0002-photo-9.jpg';
    await hand(page, file, 'drop');
    assert.equal(await readingDone(page), 'review');
    const truth = TRUTH[file];
    await correct(page, truth, t);
    await usePuzzle(page);
    assert.deepEqual(await cellTexts(page), truthTexts(truth));
    // Same shape: the view's own Undo step.
    await page.keyboard.press('Control+z');
    assert.deepEqual(await cellTexts(page), before);
  });
});

test('a phone photo stored on its side and a screenshot turned are read the right way up', async () => {
  await inPage(browser, site.url, async (page) => {
    // 0031: stored lying down with the EXIF turn a phone writes; 0032 and
    // 0033: screenshots turned a quarter and three quarters, nothing saying
    // so; 0036 and 0037: photos upside down and on their side whose wrong
    // ways probe nearly as sure, or whose first outline is something else.
    // Each is shown the way its grid reads: 0031 and 0033 stand taller
    // than wide that way (0032 is square).
    for (const [file, tall] of [
      ['0031-photo-9.jpg', true],
      ['0032-screen-16.png', null],
      ['0033-screen-9.png', true],
      ['0036-photo-25.jpg', null],
      ['0037-photo-9.jpg', null],
    ]) {
      await page.setInputFiles('#picture-file', join(PICTURES, file));
      assert.equal(await readingDone(page), 'review', file);
      const truth = TRUTH[file];
      assert.deepEqual(await reviewTexts(page), truthTexts(truth), file);
      if (tall !== null) {
        assert.equal(await page.$eval('#picture-shot', (c) => c.height > c.width), tall, `${file} shown upright`);
      }
      await page.screenshot({ path: join(SHOTS, `picture-review-turned-${file.replace(/\..*/, '')}.png`) });
      await page.click('#picture-use');
      assert.deepEqual(await cellTexts(page), truthTexts(truth), file);
    }
  });
});

test('a crossword pasted with Ctrl+V: no puzzle found, and the grid is unchanged', async () => {
  await inPage(browser, site.url, async (page) => {
    await pasteText(page, POJ[0]);
    const before = await cellTexts(page);
    const said = await status(page);
    await hand(page, '0005-none-crossword.png', 'paste');
    assert.equal(await readingDone(page), 'failed');
    assert.match(await pictureStatus(page), /^No puzzle found in this picture: .+\.$/);
    assert.equal(await page.isHidden('#picture-use'), true);
    assert.equal(await page.textContent('#picture-cancel'), 'Close');
    await page.click('#picture-cancel');
    assert.equal(await dialogOpen(page), false);
    assert.deepEqual(await cellTexts(page), before);
    assert.equal(await status(page), said);
  });
});

test('a 6×6 and a jigsaw keep their shape; Escape closes the review and gives focus back', async () => {
  await inPage(browser, site.url, async (page) => {
    // 6×6: used, an entry typed, the same picture used again: Undo brings the entry back.
    const six = TRUTH['0003-screen-6.png'];
    await page.setInputFiles('#picture-file', join(PICTURES, '0003-screen-6.png'));
    assert.equal(await readingDone(page), 'review');
    assert.deepEqual(await reviewTexts(page), truthTexts(six));
    await page.click('#picture-use');
    assert.equal(await page.inputValue('#size'), '6');
    const empty = six.cells.indexOf(0);
    await page.click(`#grid [data-cell="${empty}"]`);
    await page.keyboard.press('6');
    const typed = await cellTexts(page);
    await page.setInputFiles('#picture-file', join(PICTURES, '0003-screen-6.png'));
    await readingDone(page);
    await usePuzzle(page);
    assert.deepEqual(await cellTexts(page), truthTexts(six));
    await page.keyboard.press('Control+z');
    assert.deepEqual(await cellTexts(page), typed);

    // The jigsaw: its regions come along.
    const jigsaw = TRUTH['0004-screen-9.png'];
    await page.setInputFiles('#picture-file', join(PICTURES, '0004-screen-9.png'));
    assert.equal(await readingDone(page), 'review');
    const regions = (id) =>
      page.evaluate(async (id) => {
        const { regionsShown } = await import('/www/regions.js');
        return regionsShown(document.getElementById(id), 9).join('');
      }, id);
    const read = await regions('picture-grid');
    await page.click('#picture-use');
    assert.deepEqual(await cellTexts(page), truthTexts(jigsaw));
    assert.equal(await regions('grid'), read);
    assert.equal(await page.inputValue('#size'), 'jigsaw 9');

    // Escape: the review closes, nothing changes, focus is back on the control.
    const before = await cellTexts(page);
    await page.focus('#picture-file');
    await page.setInputFiles('#picture-file', join(PICTURES, '0000-screen-9.png'));
    assert.equal(await readingDone(page), 'review');
    await page.keyboard.press('Escape');
    assert.equal(await dialogOpen(page), false);
    assert.deepEqual(await cellTexts(page), before);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'picture-file');
  });
});

test('X-Sudoku and windoku pictures keep their extra houses, solved with them', async () => {
  await inPage(browser, site.url, async (page) => {
    // Their diagonals or windows are shaded (0041, 0042) or the diagonals
    // drawn as lines (0043, 0044): read, they come along as the Size list's
    // X and windoku, and the solution the page shows keeps them (the
    // verifier is given the shape with its extra houses).
    for (const [file, shape] of [
      ['0041-screen-9.png', 'box=3x3+x'],
      ['0042-photo-9.jpg', 'box=3x3+hyper'],
      ['0043-screen-9.png', 'box=3x3+x'],
      ['0044-photo-9.jpg', 'box=3x3+x'],
    ]) {
      const truth = TRUTH[file];
      await page.setInputFiles('#picture-file', join(PICTURES, file));
      assert.equal(await readingDone(page), 'review', file);
      await page.screenshot({ path: join(SHOTS, `picture-review-extras-${file.replace(/\..*/, '')}.png`) });
      assert.deepEqual(await reviewTexts(page), truthTexts(truth), file);
      await page.click('#picture-use');
      assert.equal(await page.inputValue('#size'), shape, file);
      assert.deepEqual(await cellTexts(page), truthTexts(truth), file);
      await page.click('#solve');
      assert.match(
        await solved(page),
        /^(Solved: the only solution|This puzzle has at least 2 solutions; showing one)/,
        file,
      );
      assert.equal(await verified(page, truth.cells, shape), 'yes', file);
    }
  });
});

test('the likeliest correction is offered, and Apply makes the puzzle unique', async () => {
  // A reader that misreads one given of a known puzzle and offers the fix:
  // the review's side of a suggestion, whatever the real reader makes of
  // the fixtures.
  const truth = [...POJ[0]].map((ch) => (ch === '.' ? 0 : Number(ch)));
  const cell = truth.findIndex((v) => v !== 0);
  const wrong = (truth[cell] % 9) + 1;
  const cells = truth.with(cell, wrong);
  const reading = {
    found: true,
    reason: '',
    shape: '9',
    side: 9,
    alphabet: 'digits',
    puzzle: '',
    cells,
    confidence: cells.map(() => 1),
    doubtful: [cell],
    status: 'broken',
    suggestion: [cell, truth[cell]],
    corners: [10, 10, 300, 12, 298, 300, 12, 298],
  };
  const worker = `const reading = ${JSON.stringify(reading)};
const truth = ${JSON.stringify(truth.join())};
self.onmessage = ({ data }) => {
  if (data.type === 'read') self.postMessage({ type: 'read', id: data.id, reading });
  else self.postMessage({ type: 'checked', id: data.id, status: data.cells.join() === truth ? 'unique' : 'broken' });
};`;
  await inPage(
    browser,
    site.url,
    async (page, context) => {
      await context.route('**/www/picture-worker.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: worker }),
      );
      await page.setInputFiles('#picture-file', join(PICTURES, '0000-screen-9.png'));
      assert.equal(await readingDone(page), 'review');
      const [r, c] = [Math.floor(cell / 9) + 1, (cell % 9) + 1];
      assert.equal(
        (await page.textContent('#picture-legend')).trim(),
        `Read with doubt, check against the picture: row ${r}, column ${c}.`,
      );
      assert.equal(
        await page.$eval(`#picture-grid [data-cell="${cell}"]`, (el) => el.classList.contains('doubtful')),
        true,
      );
      assert.equal(
        (await page.textContent('#picture-offer-text')).trim(),
        `Reading row ${r}, column ${c} as ${truth[cell]} gives one solution.`,
      );
      await page.screenshot({ path: join(SHOTS, 'picture-suggestion-1280x800.png') });
      await page.click('#picture-apply');
      assert.equal(await statusMatches(page, /^The puzzle now /), 'The puzzle now has one solution.');
      assert.equal(await page.isHidden('#picture-offer'), true);
      assert.equal(await page.isHidden('#picture-legend'), true, 'the cell checked is no longer marked');
      await page.click('#picture-use');
      assert.deepEqual(
        await cellTexts(page),
        [...POJ[0]].map((ch) => (ch === '.' ? '' : ch)),
      );
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('Cancel while reading ends the reader’s worker; the grid is unchanged', async () => {
  await inPage(browser, site.url, async (page) => {
    await pasteText(page, POJ[0]);
    const before = await cellTexts(page);
    await page.setInputFiles('#picture-file', join(PICTURES, '0001-screen-16.png'));
    await page.waitForFunction(() => document.getElementById('picture').dataset.state === 'reading');
    await page.click('#picture-cancel');
    assert.equal(await dialogOpen(page), false);
    const readers = () => page.workers().filter((w) => w.url().includes('picture-worker'));
    for (let tries = 0; tries < 20 && readers().length > 0; tries++) await page.waitForTimeout(100);
    assert.equal(readers().length, 0, 'no picture worker is left');
    assert.deepEqual(await cellTexts(page), before);
    assert.equal(await page.isDisabled('#solve'), false);
  });
});

test('a first visit downloads nothing of the picture reader; once used, it reads offline', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1200 } });
  const asked = [];
  context.on('request', (r) => asked.push(r.url()));
  try {
    const page = await context.newPage();
    page.problems = [];
    page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
    await page.goto(dist.url);
    await page.waitForSelector('body[data-ready="true"]');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const stored = () =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const keys = (await Promise.all(names.map(async (n) => (await caches.open(n)).keys()))).flat();
        return keys.map((r) => new URL(r.url).pathname);
      });
    assert.ok(
      (await stored()).some((p) => p.endsWith('/bitsudoku_bg.wasm')),
      'the site is stored',
    );
    assert.deepEqual(
      asked.filter((u) => u.includes('picture')),
      [],
      'no request for the picture reader',
    );
    assert.deepEqual(
      (await stored()).filter((p) => p.includes('picture')),
      [],
      'the store holds none of it',
    );

    // Once a picture is read, the store takes the reader along.
    await page.setInputFiles('#picture-file', join(PICTURES, '0003-screen-6.png'));
    assert.equal(await readingDone(page), 'review');
    await page.click('#picture-cancel');
    await page.waitForFunction(async () => (await caches.match('www/pkg/bitsudoku_picture_bg.wasm')) !== undefined);
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.setInputFiles('#picture-file', join(PICTURES, '0003-screen-6.png'));
    assert.equal(await readingDone(page), 'review', 'offline');
    assert.deepEqual(await reviewTexts(page), truthTexts(TRUTH['0003-screen-6.png']));
    await context.setOffline(false);
    assert.deepEqual(await problems(page), []);
  } finally {
    await context.close();
  }
});

test('screenshots of the review: 1280×800 and 390×844, light and dark', async () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      await inPage(
        browser,
        site.url,
        async (page) => {
          await page.setInputFiles('#picture-file', join(PICTURES, '0001-screen-16.png'));
          assert.equal(await readingDone(page), 'review');
          // Everything in the dialog within the screen's width; its buttons reachable.
          const overflow = await page.$eval('#picture', (d) => d.scrollWidth - d.clientWidth);
          assert.ok(overflow <= 0, `nothing wider than the dialog (${overflow} px over)`);
          await page.screenshot({ path: join(SHOTS, `picture-review-${width}x${height}-${colorScheme}.png`) });
        },
        { viewport: { width, height }, colorScheme, ...(width < 500 ? { isMobile: true, hasTouch: true } : {}) },
      );
    }
  }
});
