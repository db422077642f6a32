// The faults an adversarial pass found (issue 15), one regression test each:
// requests that never settled, saved data that broke the page, arguments
// that trapped in WebAssembly, widgets that leaked workers, links that were
// read wrong.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cellTexts, inPage, launch, problems, serve, status } from './harness.mjs';

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

const NINE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const STORE_KEY = 'bitsudoku:v1';

/** A share-link fragment for a 9×9 (5 bits a cell, base64url), as src/share.rs writes it. */
function link9(cells) {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let bits = cells.map((v) => v.toString(2).padStart(5, '0')).join('');
  bits += '0'.repeat((6 - (bits.length % 6)) % 6);
  let out = '1.9.';
  for (let i = 0; i < bits.length; i += 6) out += abc[parseInt(bits.slice(i, i + 6), 2)];
  return out;
}

test('every request to a worker whose cancels are slow settles, in random sequences', async () => {
  await inPage(browser, `${site.url}examples/embed.html`, async (page) => {
    const rounds = await page.evaluate(async () => {
      const { SolverClient } = await import('/www/solver-client.js');
      const client = new SolverClient(new URL('/tests/e2e/fixtures/slow-worker.js', location.href));
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      let seed = 11;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const settle = (p, name) =>
        p.then(
          () => name,
          (e) => e.name,
        );
      const results = [];
      for (let round = 0; round < 6; round++) {
        const runs = [];
        for (let k = 0; k < 10; k++) {
          const r = random();
          if (r < 0.4) runs.push(settle(client.solve(new Uint8Array(81), 9), 'result'));
          else if (r < 0.7) runs.push(settle(client.generate(9, 1), 'generated'));
          else client.cancel();
          await sleep(random() * 250);
        }
        runs.push(settle(client.solve(new Uint8Array(81), 9), 'result'));
        results.push(await Promise.race([Promise.all(runs), sleep(20000).then(() => 'some request never settled')]));
      }
      client.close();
      return results;
    });
    for (const outcomes of rounds) {
      assert.ok(Array.isArray(outcomes), outcomes);
      assert.equal(outcomes.at(-1), 'result', `the last request of a round is answered: ${outcomes}`);
      for (const o of outcomes) assert.ok(['result', 'generated', 'Cancelled'].includes(o), o);
    }
  });
});

test('a corrupt saved grid never breaks the page: it boots, says so, opens links and saves again', async () => {
  const full = Array(81).fill(0);
  const corrupt = [
    '{"side":7,"grids":{}}',
    '{"side":-9,"grids":{}}',
    '{"side":1e9}',
    '{"grids":"x"}',
    '{"side":9,"grids":{"9":"x"}}',
    `{"side":9,"grids":{"9":{"cells":${JSON.stringify(full)},"layout":42,"alphabet":5,"mode":7}}}`,
    '[1,2,3]',
    'not json',
  ];
  for (const raw of corrupt) {
    // Only before the first load: later loads see what the page saved.
    const init = {
      content: `if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(${JSON.stringify(STORE_KEY)}, ${JSON.stringify(raw)});
        sessionStorage.setItem('seeded', '1');
      }`,
    };
    await inPage(
      browser,
      `${site.url}#${link9([4, ...Array(80).fill(0)])}`,
      async (page) => {
        assert.match(await status(page), /^Opened a shared 9×9 puzzle with 1 given and 0 entries\.$/, raw);
        assert.ok((await page.$$eval('#alphabet option', (os) => os.length)) > 0, `${raw}: the alphabet menu`);
        assert.ok((await page.$$eval('#pad button', (bs) => bs.length)) > 0, `${raw}: the pad`);
        const damaged = !raw.includes('"layout":42');
        if (damaged) assert.match(await page.textContent('#note'), /could not all be read/, raw);
        await page.click('#grid [data-cell="1"]');
        await page.keyboard.type('3');
        const saved = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), STORE_KEY));
        assert.equal(saved.side, 9, raw);
        assert.equal(saved.grids[9].cells[0], 4, raw);
        assert.equal(saved.grids[9].entries[1], 3, raw);
        await page.reload();
        await page.waitForSelector('body[data-ready="true"]');
        assert.deepEqual((await cellTexts(page)).slice(0, 2), ['4', '3'], `${raw}: the new work came back`);
        const registration = await page.evaluate(() =>
          navigator.serviceWorker.ready.then((r) => Boolean(r.active || r.installing || r.waiting)),
        );
        assert.ok(registration, `${raw}: the service worker is registered`);
        assert.deepEqual(await problems(page), [], raw);
      },
      { init },
    );
  }
});

test('the JS API checks its arguments instead of trapping, and generates in the worker', async () => {
  const spy = () => {
    window.__posted = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      window.__posted.push(message?.type);
      return post.call(this, message, ...rest);
    };
  };
  await inPage(
    browser,
    `${site.url}examples/embed.html`,
    async (page) => {
      const errors = await page.evaluate(async (nine) => {
        const api = await import('/www/bitsudoku-api.js');
        const attempts = [
          () => api.solve(nine, { alphabet: 5 }),
          () => api.solve(nine, { alphabet: { name: 'letters' } }),
          () => api.solve(42),
          () => api.solve(nine, { limit: 3 }),
          () => api.solve(nine, { limits: 2 }),
          () => api.solve(nine, null),
          () => api.generate({ size: 7 }),
          () => api.generate({ size: '9' }),
          () => api.generate({ seed: -1 }),
          () => api.generate({ seed: 2 ** 60 }),
          () => api.generate({ symmetric: 'yes' }),
        ];
        const out = [];
        for (const attempt of attempts) {
          out.push(
            await attempt().then(
              () => 'resolved',
              (e) => `${e.name}: ${e.message}`,
            ),
          );
        }
        return out;
      }, NINE);
      for (const e of errors) assert.match(e, /^TypeError: (solve|generate): /, e);
      // The module still works, and generate() asked the worker.
      const made = await page.evaluate(async () => {
        const api = await import('/www/bitsudoku-api.js');
        const g = await api.generate({ size: 25, seed: 5 });
        const again = await api.generate({ size: 25, seed: 5 });
        const r = await api.solve(g.puzzle);
        return { same: g.puzzle === again.puzzle, outcome: r.outcome, posted: window.__posted };
      });
      assert.ok(made.same, 'the same seed gives the same puzzle');
      assert.equal(made.outcome, 'unique');
      assert.ok(made.posted.includes('generate'), `generate went to the worker: ${made.posted}`);
    },
    { init: spy },
  );
});

test('the widget: a bad size is said and the element stays usable; a detached element starts no worker', async () => {
  const count = () => {
    window.__workers = { made: 0, ended: 0 };
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        window.__workers.made += 1;
      }
      terminate() {
        window.__workers.ended += 1;
        super.terminate();
      }
    };
  };
  await inPage(
    browser,
    `${site.url}examples/embed.html`,
    async (page) => {
      const seen = await page.evaluate(async () => {
        const el = document.createElement('sudoku-solver');
        el.setAttribute('size', '1000');
        document.body.append(el);
        await el.ready;
        const status = () => el.shadowRoot.querySelector('.status').textContent;
        const out = { first: status(), side: el.getGrid().side };
        el.setAttribute('size', 'abc');
        out.later = status();
        el.setAttribute('size', '4');
        out.resized = el.getGrid().side;
        out.solved = (await el.solve()).outcome;

        const before = { ...window.__workers };
        const never = document.createElement('sudoku-solver');
        await never.ready;
        out.never = await never.solve().then(
          () => 'resolved',
          (e) => e.message,
        );
        el.remove();
        out.removed = await el.solve().then(
          () => 'resolved',
          (e) => e.message,
        );
        out.made = window.__workers.made - before.made;
        out.ended = window.__workers.ended - before.ended;
        return out;
      });
      assert.equal(
        seen.first,
        'size="1000" is not a size: use one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25. Showing a 9×9 grid.',
      );
      assert.equal(seen.side, 9);
      assert.equal(
        seen.later,
        'size="abc" is not a size: use one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25. The grid is unchanged.',
      );
      assert.equal(seen.resized, 4);
      assert.equal(seen.solved, 'several');
      assert.match(seen.never, /is not on the page/);
      assert.match(seen.removed, /is not on the page/);
      assert.equal(seen.made, 0, 'no worker for a detached element');
      assert.equal(seen.ended, 1, 'the removed element’s worker was closed');
    },
    { init: count },
  );
});

test('links: conflicting givens are named, and text after the cells is refused', async () => {
  const clash = link9([4, 4, ...Array(79).fill(0)]);
  await inPage(
    browser,
    `${site.url}#${clash}`,
    async (page) => {
      assert.equal(
        await status(page),
        "Opened a shared 9×9 puzzle with 2 givens and 0 entries. Its givens conflict: row 1 holds '4' twice, in columns 1 and 2, so it has no solution.",
      );
      assert.equal(await page.getAttribute('#status', 'data-kind'), 'error');
      const before = await cellTexts(page);
      await page.evaluate((hash) => (location.hash = hash), `${link9(Array(81).fill(0))}AB`);
      await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Opened'));
      assert.match(await status(page), /2 characters after the last cell/);
      assert.equal(await page.getAttribute('#status', 'data-kind'), 'error');
      assert.deepEqual(await cellTexts(page), before, 'a bad link changes nothing');
    },
    { checkProblems: false },
  );
});

test('the single file: Cancel right after Generate keeps the grid', async () => {
  const { join } = await import('node:path');
  const { ROOT } = await import('./harness.mjs');
  await inPage(
    browser,
    `file://${join(ROOT, 'dist/bitsudoku.html')}`,
    async (page) => {
      await page.selectOption('#size', '25');
      const before = await cellTexts(page);
      // Cancel 10 ms after Generate, while the puzzle is being made on the
      // page's own thread (there is no worker from file://).
      for (let round = 0; round < 3; round++) {
        await page.evaluate(() => {
          document.getElementById('generate').click();
          setTimeout(() => document.getElementById('cancel').click(), 10);
        });
        await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Making'));
        assert.equal(await status(page), 'Cancelled. Your grid is unchanged.', `round ${round}`);
        assert.deepEqual(await cellTexts(page), before, `round ${round}: the grid is kept`);
      }
      await page.click('#generate');
      await page.waitForFunction(
        () => /^A new \w+ 25×25 puzzle/.test(document.querySelector('#status').textContent),
        null,
        {
          timeout: 20000,
        },
      );
      assert.notDeepEqual(await cellTexts(page), before, 'without Cancel, the new puzzle arrives');
    },
    { checkProblems: true },
  );
});

test('a solving worker whose creator could not compile the module loads its own, and solves', async () => {
  await inPage(browser, `${site.url}examples/embed.html`, async (page) => {
    const r = await page.evaluate(async (text) => {
      const { SolverClient, pageWorker } = await import('/www/solver-client.js');
      const failed = Promise.reject(new Error('could not compile'));
      failed.catch(() => {});
      const client = new SolverClient(() => pageWorker(failed));
      const { default: init, parse, verifySolution } = await import('/www/pkg/bitsudoku_solver.js');
      await init({ module_or_path: '/www/pkg/bitsudoku_solver_bg.wasm' });
      const puzzle = parse(text, 9, undefined);
      const never = new Promise((resolve) => setTimeout(() => resolve({ outcome: 'no answer in 20 s' }), 20000));
      const answer = await Promise.race([client.solve(puzzle.cells, 9), never]);
      client.close();
      if (!answer.cells) return { outcome: answer.outcome, verified: 'nothing to verify' };
      let verified = 'yes';
      try {
        verifySolution(puzzle.cells, answer.cells, 9);
      } catch (e) {
        verified = e.message;
      }
      return { outcome: answer.outcome, verified };
    }, NINE);
    assert.equal(r.outcome, 'unique');
    assert.equal(r.verified, 'yes', 'its solution, by the checker');
  });
});

test('the API solves with the solver-only module alone, and loads the jobs module once, on the first check', async () => {
  await inPage(browser, `${site.url}examples/embed.html`, async (page, context) => {
    const fetched = [];
    context.on('request', (r) => {
      // The API's modules (the page's own element loads the page's module).
      const name = new URL(r.url()).pathname.split('/').pop();
      if (/^bitsudoku_(solver|jobs)_.*\.wasm$/.test(name)) fetched.push(name);
    });
    const solvedOnly = await page.evaluate(async (text) => {
      const api = await import('/www/bitsudoku-api.js');
      return (await api.solve(text)).outcome;
    }, NINE);
    assert.equal(solvedOnly, 'unique');
    assert.ok(
      fetched.length === 1 && fetched[0].startsWith('bitsudoku_solver_'),
      `solving fetched the solver-only module alone: ${fetched}`,
    );
    const r = await page.evaluate(async (text) => {
      const api = await import('/www/bitsudoku-api.js');
      const verdicts = await api.check(`${text}\n12x\n${text}\n`);
      const { parse, verifySolution } = await import('/www/pkg/bitsudoku_solver.js');
      const puzzle = parse(text, 9, undefined);
      let verified = 'yes';
      try {
        verifySolution(puzzle.cells, parse(verdicts[0].solution, 9, undefined).cells, 9);
      } catch (e) {
        verified = e.message;
      }
      return { verdicts: verdicts.map((v) => [v.puzzle, v.outcome]), verified };
    }, NINE);
    assert.deepEqual(r.verdicts, [
      [1, 'unique'],
      [2, 'invalid'],
      [3, 'unique'],
    ]);
    assert.equal(r.verified, 'yes', 'the first verdict’s solution, by the checker');
    const jobs = fetched.filter((f) => f.startsWith('bitsudoku_jobs_'));
    assert.equal(jobs.length, 1, `the jobs module once, handed to its worker: ${fetched}`);
  });
});
