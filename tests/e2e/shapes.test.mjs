// Every shape a person brings, end to end in the page: paste it, get a hint,
// solve it (the solution checked by the independent verifier in the page),
// share it and open the link, reload and find it kept; then Generate at a
// level. Screenshots of each shape at 1280×800, 1366×768 and 390×844, light
// and dark, go to test-results/ to be looked at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SHOTS, cellTexts, inPage, launch, pasteText, serve, solved, status } from './harness.mjs';

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

/** The first puzzle of `file` whose line starts with `kind ` (or is plain, for a side). */
async function first(file, test) {
  const lines = (await readFile(join(ROOT, 'tests/data', file), 'utf8')).split('\n');
  const line = lines.find((l) => l && !l.startsWith('#') && test(l));
  const [puzzle, solution] = line.split('\t');
  return { puzzle, solution: solution.trim() };
}

const SHAPES = [
  // name shown in the size control, the data, the size control's value
  { name: '6×6', value: '6', ...(await first('shapes_boxes.txt', (l) => l.indexOf('\t') === 36)) },
  { name: '12×12', value: '12', ...(await first('shapes_boxes.txt', (l) => l.indexOf('\t') === 144)) },
  { name: '9×9 X', value: 'box=3x3+x', ...(await first('shapes_variants.txt', (l) => l.startsWith('box=3x3+x '))) },
  {
    name: '9×9 windoku',
    value: 'box=3x3+hyper',
    ...(await first('shapes_variants.txt', (l) => l.startsWith('box=3x3+hyper '))),
  },
  {
    name: '9×9 jigsaw',
    value: null, // its regions are the puzzle's own: the control says "Loaded"
    ...(await first('shapes_jigsaw.txt', (l) => l.startsWith('jigsaw ') && l.split(' ')[1].length === 81)),
  },
];

/** The cells of a solution line as the page shows them. */
const symbols = (line) => [...line];

/** Checks in the page, with the independent verifier, that the grid shown solves `puzzle` (a line). */
function verifiedInPage(page, puzzle) {
  return page.evaluate(async (text) => {
    // The solver-only module's verifier and parser: the page's module leaves them out.
    const { default: init, parse, verifySolution } = await import('/www/pkg/bitsudoku_solver.js');
    await init({ module_or_path: '/www/pkg/bitsudoku_solver_bg.wasm' });
    const p = parse(text, 0, undefined);
    // The symbols shown, read back by the parser as a line of the puzzle's shape.
    const cells = [...document.querySelectorAll('#grid [data-cell]')].map((c) => c.textContent || '.').join('');
    const [kind, regions] = p.shape.split(' ');
    const line = regions ? `${kind} ${cells} ${regions}` : kind.startsWith('box') ? `${kind} ${cells}` : cells;
    try {
      verifySolution(p.cells, parse(line, 0, undefined).cells, p.shape);
      return 'yes';
    } catch (e) {
      return e.message;
    }
  }, puzzle);
}

for (const shape of SHAPES) {
  test(`${shape.name}: paste, hint, solve, share, reload, generate`, async () => {
    await inPage(
      browser,
      site.url,
      async (page, context) => {
        await page.click('#grid [data-cell="0"]');
        await pasteText(page, shape.puzzle);
        await page.waitForFunction(() => /^(Read|Loaded|Pasted)/.test(document.querySelector('#status').textContent));
        const n = Math.sqrt(symbols(shape.solution).length);
        assert.equal((await cellTexts(page)).length, n * n, await status(page));
        if (shape.value) assert.equal(await page.inputValue('#size'), shape.value);
        else assert.equal(await page.$eval('#size', (s) => s.selectedOptions[0].textContent), shape.name);

        // Hint three times: the nudge, the reasoning, then the digit, which is
        // the solution's. The person types it in.
        // (Where logic runs out, the digit of the cell with fewest candidates.)
        const hintedCells = () => page.$$eval('#grid .hint', (els) => els.map((e) => Number(e.dataset.cell)));
        for (let i = 0; i < 3 || ((await hintedCells()).length !== 1 && i < 4); i++) await page.click('#hint');
        const hinted = await hintedCells();
        assert.equal(hinted.length, 1, await status(page));
        const [cell] = hinted;
        assert.ok((await status(page)).includes(shape.solution[cell]), await status(page));
        await page.click(`#grid [data-cell="${cell}"]`);
        await page.keyboard.type(shape.solution[cell]);
        const after = await cellTexts(page);
        assert.equal(after[cell], shape.solution[cell]);

        // Autosave and reload: the shape, the givens and the entry come back.
        await page.reload();
        await page.waitForSelector('body[data-ready="true"]');
        assert.equal(await status(page), 'Your last grid is restored.');
        assert.deepEqual(await cellTexts(page), after);

        // Share, and the link opened in another tab gives the same grid.
        await page.click('#share');
        const link = await page.evaluate(() => navigator.clipboard.readText());
        const other = await context.newPage();
        await other.goto(link);
        await other.waitForSelector('body[data-ready="true"]');
        assert.deepEqual(await cellTexts(other), after, link);
        assert.match(await status(other), /^Opened a shared /);
        await other.close();

        // Solve: the solution shown is the file's, and the verifier accepts it.
        await page.click('#solve');
        assert.match(await solved(page), /^Solved/);
        assert.deepEqual(await cellTexts(page), symbols(shape.solution));
        assert.equal(await verifiedInPage(page, shape.puzzle), 'yes');

        // Generate a puzzle of the same shape; a jigsaw gets fresh regions.
        await page.selectOption('#level', 'easy');
        await page.click('#generate');
        await page.waitForFunction(() => /^(A new|No )/.test(document.querySelector('#status').textContent), null, {
          timeout: 60000,
        });
        assert.match(await status(page), new RegExp(`^A new easy ${shape.name.replace(/[×]/g, '.')} puzzle`));
        assert.equal((await cellTexts(page)).length, n * n);
      },
      { viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] },
    );
  });
}

test('12×12 jigsaw from the size menu: fresh regions, copied as text, solved and verified', async () => {
  await inPage(
    browser,
    site.url,
    async (page) => {
      await page.selectOption('#size', 'jigsaw 12');
      await page.selectOption('#level', 'hard');
      await page.click('#generate');
      await page.waitForFunction(() => /^(A new|No )/.test(document.querySelector('#status').textContent), null, {
        timeout: 60000,
      });
      assert.match(await status(page), /^A new hard 12.12 jigsaw puzzle/);
      assert.equal((await cellTexts(page)).length, 144);
      // The puzzle as text: a jigsaw block, each row's cells beside its
      // regions, which the verifier's parse reads back as the same shape.
      await page.click('#copy');
      const text = await page.evaluate(() => navigator.clipboard.readText());
      const rows = text.trim().split('\n');
      assert.equal(rows[0], 'jigsaw');
      assert.equal(rows.length, 13);
      assert.ok(
        rows.slice(1).every((r) => /^[.1-9ABC]{12} +[A-L]{12}$/.test(r)),
        text,
      );
      await page.click('#solve');
      assert.match(await solved(page), /^Solved/);
      assert.equal(await verifiedInPage(page, text), 'yes');
    },
    { viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] },
  );
});

test('each shape drawn at every screen size, light and dark', async () => {
  const sizes = [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ];
  for (const shape of [SHAPES[0], SHAPES[2], SHAPES[3], SHAPES[4]]) {
    for (const viewport of sizes) {
      for (const colorScheme of ['light', 'dark']) {
        await inPage(
          browser,
          site.url,
          async (page) => {
            await page.click('#grid [data-cell="0"]');
            await pasteText(page, shape.puzzle);
            await page.waitForFunction(
              (n) => document.querySelectorAll('#grid [data-cell]').length === n,
              shape.solution.length,
            );
            // Region borders are thick where regions change; extra houses are shaded.
            const look = await page.evaluate(() => {
              const cells = [...document.querySelectorAll('#grid [data-cell]')];
              return {
                borders: cells.filter((c) => c.classList.contains('box-right')).length,
                shaded: cells.filter((c) => c.classList.contains('diagonal') || c.classList.contains('window')).length,
                shade: getComputedStyle(
                  cells.find((c) => c.classList.contains('diagonal') || c.classList.contains('window')) ?? cells[0],
                ).backgroundColor,
                plain: getComputedStyle(cells[1]).backgroundColor,
                fits: document.getElementById('grid').getBoundingClientRect().right <= window.innerWidth,
              };
            });
            assert.ok(look.borders > 0, 'thick borders between regions');
            assert.ok(look.fits, 'the grid fits the screen');
            if (shape.value === 'box=3x3+x') assert.equal(look.shaded, 17, 'both diagonals, the centre once');
            if (shape.value === 'box=3x3+hyper') assert.equal(look.shaded, 36, 'four windows of nine');
            if (look.shaded > 0) assert.notEqual(look.shade, look.plain, 'the extra houses are shaded');
            const name = `shape-${shape.name.replace(/[^a-z0-9]+/gi, '-')}-${viewport.width}x${viewport.height}-${colorScheme}.png`;
            await page.screenshot({ path: join(SHOTS, name) });
          },
          { viewport, colorScheme },
        );
      }
    }
  }
});

test('the <sudoku-solver> element and the JS API take the shape', async () => {
  const jigsaw = SHAPES[4];
  await inPage(browser, `${site.url}examples/embed.html`, async (page) => {
    const r = await page.evaluate(
      async ([puzzle, x]) => {
        // The solver-only module's verifier and parser: the page's module leaves them out.
        const { default: init, verifySolution, parse } = await import('/www/pkg/bitsudoku_solver.js');
        await init({ module_or_path: '/www/pkg/bitsudoku_solver_bg.wasm' });
        const check = (p, cells) => {
          try {
            verifySolution(p.cells, cells, p.shape);
            return 'yes';
          } catch (e) {
            return e.message;
          }
        };
        // The element: a jigsaw line as its puzzle, then a shape attribute.
        const el = document.createElement('sudoku-solver');
        el.setAttribute('puzzle', puzzle);
        document.body.append(el);
        await el.ready;
        const detail = await el.solve();
        const p = parse(puzzle, 0, undefined);
        const solvedShape = el.getGrid().shape;
        const solution = parse(detail.solution, 0, undefined);
        el.setAttribute('shape', 'box=3x3+x');
        const xShape = el.getGrid().shape;
        const xShaded = el.shadowRoot.querySelectorAll('.diagonal').length;
        el.setAttribute('shape', 'box=3x3+q');
        const refused = el.shadowRoot.querySelector('.status').textContent;

        // The API: solve an X puzzle; generate a 12×12 and a fresh 6×6 jigsaw.
        const api = await import('/www/bitsudoku-api.js');
        const solvedX = await api.solve(x);
        const px = parse(x, 0, undefined);
        const twelve = await api.generate({ shape: '12', seed: 5, difficulty: 'easy' });
        const six = await api.generate({ shape: 'jigsaw 6', seed: 5 });
        return {
          outcome: detail.outcome,
          verified: check(p, solution.cells),
          same: solvedShape === p.shape,
          xShape,
          xShaded,
          refused,
          xOutcome: solvedX.outcome,
          xVerified: check(px, parse(solvedX.solution, 0, undefined).cells),
          twelve: [twelve.shape, twelve.puzzle.length],
          six: six.shape,
        };
      },
      [jigsaw.puzzle, SHAPES[2].puzzle],
    );
    assert.equal(r.outcome, 'unique');
    assert.equal(r.verified, 'yes');
    assert.ok(r.same, 'the element keeps the puzzle’s regions');
    assert.equal(r.xShape, 'box=3x3+x');
    assert.equal(r.xShaded, 17);
    assert.match(r.refused, /^shape="box=3x3\+q" is not a shape \(.+\)\. The grid is unchanged\.$/);
    assert.equal(r.xOutcome, 'unique');
    assert.equal(r.xVerified, 'yes');
    assert.equal(r.twelve[0], '12');
    assert.match(r.six, /^jigsaw [A-F]{36}$/);
  });
});

test('a person draws a jigsaw’s regions, by pointer and by keyboard, and solves it', async () => {
  const jigsaw = SHAPES[4];
  const [kind, cells, regions] = jigsaw.puzzle.split(' ');
  assert.equal(kind, 'jigsaw');
  for (const [viewport, colorScheme] of [
    [{ width: 1280, height: 800 }, 'light'],
    [{ width: 1366, height: 768 }, 'dark'],
    [{ width: 390, height: 844 }, 'light'],
  ]) {
    await inPage(
      browser,
      site.url,
      async (page) => {
        // The puzzle's cells typed as a plain 9×9 first: the regions come after.
        await page.selectOption('#size', '9');
        await page.click('#grid [data-cell="0"]');
        await pasteText(page, cells);
        await page.waitForFunction(() => /^(Read|Loaded|Pasted)/.test(document.querySelector('#status').textContent));
        await page.click('#draw-regions');
        assert.match(await status(page), /^Region A: click or drag over its cells/);
        const labels = [...new Set(regions)];
        // Regions A–H by pointer: a key, then a drag across each run of a
        // row's cells and a click on the rest; region I by keyboard.
        for (const [r, label] of labels.entries()) {
          const mine = [...regions].flatMap((l, c) => (l === label ? [c] : []));
          if (r === labels.length - 1) {
            for (const c of mine) {
              await page.focus(`#grid [data-cell="${c}"]`);
              await page.keyboard.press(String.fromCharCode(65 + r));
            }
            continue;
          }
          await page.click(`.region-key:nth-child(${r + 1})`);
          for (const c of mine) {
            await page.locator(`#grid [data-cell="${c}"]`).scrollIntoViewIfNeeded();
            const box = await page.locator(`#grid [data-cell="${c}"]`).boundingBox();
            await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
            await page.mouse.down();
            await page.mouse.up();
          }
          if (r === 0) {
            // A drag paints every cell it crosses: the first row, then put back.
            await page.locator('#grid [data-cell="0"]').scrollIntoViewIfNeeded();
            const a = await page.locator('#grid [data-cell="0"]').boundingBox();
            const b = await page.locator('#grid [data-cell="8"]').boundingBox();
            await page.mouse.move(a.x + 5, a.y + 5);
            await page.mouse.down();
            await page.mouse.move(b.x + 5, b.y + 5, { steps: 12 });
            await page.mouse.up();
            const row = await page.$$eval('#grid [data-cell]', (els) => els.slice(0, 9).map((e) => e.dataset.region));
            assert.deepEqual(row, Array(9).fill('0'), `${viewport.width}: ${await status(page)}`);
            assert.match(await status(page), /Each region needs 9 cells: A has \d+/);
          }
        }
        // Cells of the first row that belong elsewhere were repainted by their regions after.
        const drawn = await page.$$eval('#grid [data-cell]', (els) => els.map((e) => e.dataset.region));
        const want = [...regions].map((l) => String(labels.indexOf(l)));
        assert.deepEqual(drawn, want);
        assert.match(await status(page), /Every region is whole/);
        await page.screenshot({
          path: join(SHOTS, `draw-regions-${viewport.width}x${viewport.height}-${colorScheme}.png`),
        });
        await page.click('#regions-use');
        assert.match(await status(page), /^The grid is now a 9×9 jigsaw with the regions you drew\.$/);
        assert.equal(await page.isHidden('#regions-bar'), true);
        // The grid shows the drawn regions' borders, and solves as the jigsaw.
        const borders = await page.$$eval('#grid [data-cell]', (els) =>
          els.map((e) => e.classList.contains('box-right')),
        );
        assert.deepEqual(
          borders,
          [...regions].map((l, c) => c % 9 < 8 && regions[c + 1] !== l),
        );
        await page.click('#solve');
        assert.match(await solved(page), /^Solved/);
        assert.deepEqual(await cellTexts(page), symbols(jigsaw.solution));
        assert.equal(await verifiedInPage(page, jigsaw.puzzle), 'yes');
      },
      { viewport, colorScheme },
    );
  }
});

test('a jigsaw pasted over a 9×9 takes its own borders', async () => {
  await inPage(browser, site.url, async (page) => {
    await page.selectOption('#size', '9');
    await page.click('#grid [data-cell="0"]');
    await pasteText(page, SHAPES[4].puzzle);
    await page.waitForFunction(() => /^(Read|Loaded|Pasted)/.test(document.querySelector('#status').textContent));
    const regions = SHAPES[4].puzzle.split(' ')[2];
    const borders = await page.$$eval('#grid [data-cell]', (els) => els.map((e) => e.classList.contains('box-bottom')));
    assert.deepEqual(
      borders,
      [...regions].map((l, c) => c < 72 && regions[c + 9] !== l),
    );
  });
});

test('the Collection panel checks a file of every shape and opens a jigsaw from it', async () => {
  const text = ['shapes_boxes.txt', 'shapes_variants.txt', 'shapes_jigsaw.txt']
    .map((f) => readFileSync(join(ROOT, 'tests/data', f), 'utf8'))
    .join('\n');
  const puzzles = text.split('\n').filter((l) => l && !l.startsWith('#')).length;
  await inPage(browser, site.url, async (page) => {
    await page.$eval('#collection-text', (el, t) => (el.value = t), text);
    await page.click('#collection-check');
    await page.waitForFunction(() => document.getElementById('collection').dataset.busy === 'false', null, {
      timeout: 60000,
    });
    const said = (await page.textContent('#collection-status')).trim();
    assert.match(
      said,
      new RegExp(`^${puzzles} puzzles: ${puzzles} unique, 0 several, 0 none, 0 invalid, 0 unfinished`),
    );
    // Open the first jigsaw: the grid takes its regions.
    const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
    const index = lines.findIndex((l) => l.startsWith('jigsaw ')) + 1;
    await page.click(`#collection-rows th button:text-is("Open #${index}")`);
    assert.match(await status(page), /^Loaded a \d+×\d+ jigsaw puzzle/);
    await page.click('#solve');
    assert.match(await solved(page), /^Solved/);
  });
});
