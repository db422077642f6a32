// The npm package as a site installs it: `scripts/build-package.mjs` packs
// it, `npm install` puts the tarball into a scratch project outside the
// repository, and then TypeScript checks a file that uses the API and the
// element, Node runs the API, and pages bundled with Vite, webpack and
// esbuild (and one with no bundler, from another origin) run in Chromium,
// where the element solves a 16×16 and the API a 9×9. Every
// solution is checked by the independent verifier (src/verify.rs, through
// the module's verifySolution).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launch, problems, serve } from './harness.mjs';

const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// The repository's own tools, at the versions it pins, for the scratch project.
const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8'));
const pinned = (name) => lock.packages[`node_modules/${name}`].version;

const [nine] = (await readFile(join(ROOT, 'tests/data/9x9_hardest.txt'), 'utf8'))
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);
const [sixteen] = (await readFile(join(ROOT, 'tests/data/16x16_gecode.txt'), 'utf8'))
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);

// The independent verifier, from the solver-only module the build made.
const glue = await import(join(ROOT, 'www/pkg/bitsudoku_solver.js'));
glue.initSync({ module: await readFile(join(ROOT, 'www/pkg/bitsudoku_solver_bg.wasm')) });
function verified(puzzleText, solutionText) {
  const puzzle = glue.parse(puzzleText, 0);
  const solution = glue.parse(solutionText, puzzle.side, puzzle.alphabet);
  glue.verifySolution(puzzle.cells, solution.cells, puzzle.side); // throws with the reason
  return true;
}

let scratch;

/** A page at `url` whose console errors and exceptions land in `page.problems` (see problems()). */
async function watched(browser, url) {
  const page = await browser.newPage();
  page.problems = [];
  page.on('console', (m) => m.type() === 'error' && page.problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  // The WebAssembly fetched, by the page and its workers alike.
  page.wasm = [];
  page.context().on('request', (r) => new URL(r.url()).pathname.endsWith('.wasm') && page.wasm.push(r.url()));
  await page.goto(url);
  return page;
}

before(async () => {
  const out = run('node', [join(ROOT, 'scripts/build-package.mjs')], ROOT);
  const tarball = join(ROOT, 'target/package', out.match(/bitsudoku-[\d.]+\.tgz/)[0]);
  scratch = await mkdtemp(join(tmpdir(), 'bitsudoku-consumer-'));
  const manifest = {
    name: 'consumer',
    private: true,
    type: 'module',
    dependencies: { bitsudoku: `file:${tarball}` },
    devDependencies: Object.fromEntries(
      ['typescript', 'esbuild', 'vite', 'webpack', 'webpack-cli'].map((name) => [name, pinned(name)]),
    ),
  };
  await writeFile(join(scratch, 'package.json'), JSON.stringify(manifest, null, 2));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], scratch);
});

after(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('the declarations type-check a site that uses the API and the element', async () => {
  await writeFile(
    join(scratch, 'site.ts'),
    `import { solve, count, generate, check, type SolveResult, type Verdict } from 'bitsudoku';
import { SudokuSolver } from 'bitsudoku/element';

export async function main(): Promise<string> {
  const r: SolveResult = await solve('${nine}', { limit: 2 });
  const text: string | null = r.solution;
  const n: number = (await count('${nine}', { limit: 5 })).count;
  const g = await generate({ size: 16, seed: 1, symmetric: true });
  const jigsaw: string = (await generate({ shape: 'jigsaw 9', seed: 2 })).shape;
  const verdicts: Verdict[] = await check(g.puzzle);
  const element = document.querySelector('sudoku-solver') as SudokuSolver;
  await element.ready;
  const solved = await element.solve();
  const outcome: 'unique' | 'solved' | 'several' | 'none' | 'conflict' = solved.outcome;
  const grid = element.getGrid();
  // @ts-expect-error limit is 1 or 2
  await solve('', { limit: 3 });
  // @ts-expect-error sizes are the sides with boxes: 4, 6, 8, 9, 10, 12, …
  await generate({ size: 7 });
  return [text, n, jigsaw, verdicts[0].outcome, outcome, grid?.side, grid?.shape].join();
}
`,
  );
  await writeFile(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        types: [],
      },
      files: ['site.ts'],
    }),
  );
  const tsc = join(scratch, 'node_modules/.bin/tsc');
  assert.equal(run(tsc, ['-p', '.'], scratch), '');
  // And a type error is one: the check can fail.
  await writeFile(join(scratch, 'bad.ts'), "import { solve } from 'bitsudoku';\nconst n: number = await solve('');\n");
  await writeFile(
    join(scratch, 'tsconfig.bad.json'),
    JSON.stringify({ extends: './tsconfig.json', files: ['bad.ts'] }),
  );
  assert.throws(
    () => run(tsc, ['-p', 'tsconfig.bad.json'], scratch),
    (err) => /bad\.ts.*TS2322/.test(err.stdout),
  );
});

test('the API runs in Node from the installed package', async () => {
  await writeFile(
    join(scratch, 'node-api.mjs'),
    `import { solve, count, generate, check } from 'bitsudoku';
const out = {};
out.nine = await solve(process.argv[2]);
out.sixteen = await solve(process.argv[3]);
out.count = await count('${'.'.repeat(72)}123456789', { limit: 50 });
out.generated = await generate({ size: 9, seed: 42 });
out.again = await generate({ size: 9, seed: 42 });
out.checked = await check(out.generated.puzzle + '\\n12x\\n');
out.bad = await solve(42).then(() => 'resolved', (e) => e.message);
console.log(JSON.stringify(out));
`,
  );
  const out = JSON.parse(run('node', ['node-api.mjs', nine, sixteen], scratch));
  assert.equal(out.nine.outcome, 'unique');
  assert.ok(verified(nine, out.nine.solution));
  assert.equal(out.sixteen.outcome, 'unique');
  assert.equal(out.sixteen.side, 16);
  assert.ok(verified(sixteen, out.sixteen.solution));
  assert.deepEqual(out.count, { count: 50, more: true, side: 9, shape: '9' });
  assert.equal(out.generated.puzzle, out.again.puzzle, 'the same seed, the same puzzle');
  const [first, second] = out.checked;
  assert.equal(first.outcome, 'unique');
  assert.ok(verified(out.generated.puzzle, first.solution));
  assert.equal(second.outcome, 'invalid');
  assert.match(second.reason, /line 2/);
  assert.equal(out.bad, 'solve: the puzzle must be text, not number');
});

const APP = `import 'bitsudoku/element';
import { solve } from 'bitsudoku';
window.apiSolve = (text) => solve(text);
`;

/** A page with the element on a 16×16, loading `script` (`module`: as a module). */
const indexHtml = (script, module = true) =>
  `<!doctype html><meta charset="utf-8"><title>consumer</title><link rel="icon" href="data:,">
<sudoku-solver size="16" puzzle="${sixteen}"></sudoku-solver>
<script ${module ? 'type="module" ' : ''}src="${script}"></script>
`;

/**
 * Serves a bundled site under a sub-path and checks it in Chromium: the
 * element solves its 16×16, the API a 9×9, each in a worker the bundle
 * started from its own files (not a blob: the package's fallback for
 * another origin). Returns the workers' paths.
 */
async function bundledSiteSolves(site) {
  const server = await serve('/shop/', site);
  const browser = await launch();
  try {
    const page = await watched(browser, `${server.url}index.html`);
    const element = await page.evaluate(async () => {
      await customElements.whenDefined('sudoku-solver');
      const el = document.querySelector('sudoku-solver');
      await el.ready;
      return el.solve();
    });
    assert.equal(element.outcome, 'unique', element.message);
    assert.ok(verified(sixteen, element.solution));
    const api = await page.evaluate((text) => window.apiSolve(text), nine);
    assert.equal(api.outcome, 'unique');
    assert.ok(verified(nine, api.solution));
    const workers = page.workers().map((w) => new URL(w.url()));
    assert.equal(workers.length, 2, 'the element and the API each in a worker');
    // Each module once: compiled on the page and handed to its worker.
    assert.equal(page.wasm.length, 2, `the element's module and the API's, once each: ${page.wasm}`);
    for (const w of workers) assert.match(w.href, new RegExp(`^${server.url}`), 'a worker of the site');
    assert.deepEqual(await problems(page), []);
    return workers.map((w) => w.pathname).sort();
  } finally {
    await browser.close();
    await server.close();
  }
}

test('a page bundled with Vite, with no configuration, solves in the element and through the API', async () => {
  const app = join(scratch, 'vite-app');
  await mkdir(app, { recursive: true });
  await writeFile(join(app, 'app.js'), APP);
  await writeFile(join(app, 'index.html'), indexHtml('./app.js'));
  const out = join(scratch, 'vite-site');
  // Its defaults but a relative base, for the sub-path: workers are built
  // as classic scripts (worker.format 'iife'), which rejects a top-level await.
  run(join(scratch, 'node_modules/.bin/vite'), ['build', '--base', './', '--outDir', out, '--logLevel', 'warn'], app);
  const workers = await bundledSiteSolves(out);
  assert.ok(
    workers.every((p) => p.startsWith('/shop/assets/')),
    `the workers are Vite's chunks: ${workers}`,
  );
});

test('a page bundled with webpack, with no configuration but an entry, solves in the element and through the API', async () => {
  const app = join(scratch, 'webpack-app');
  await mkdir(app, { recursive: true });
  await writeFile(join(app, 'app.js'), APP);
  const out = join(scratch, 'webpack-site');
  run(
    join(scratch, 'node_modules/.bin/webpack'),
    ['--mode', 'production', '--entry', './app.js', '--output-path', out, '--no-stats'],
    app,
  );
  // webpack writes a classic script.
  await writeFile(join(out, 'index.html'), indexHtml('main.js', false));
  const workers = await bundledSiteSolves(out);
  assert.ok(
    workers.every((p) => /^\/shop\/[\w-]+\.js$/.test(p) && p !== '/shop/main.js'),
    `the workers are webpack's chunks: ${workers}`,
  );
});

test('a page bundled with esbuild solves a 16×16 in the element and a 9×9 through the API', async () => {
  const site = join(scratch, 'site');
  await mkdir(site, { recursive: true });
  await writeFile(join(scratch, 'app.js'), APP);
  const esbuild = join(scratch, 'node_modules/.bin/esbuild');
  run(
    esbuild,
    ['app.js', '--bundle', '--format=esm', '--minify', '--outfile=site/app.js', '--log-level=warning'],
    scratch,
  );
  // esbuild does not follow new URL(…, import.meta.url): the README's step
  // copies the package's runtime files beside the bundle.
  const pkg = join(scratch, 'node_modules/bitsudoku');
  for (const f of await readdir(pkg)) {
    if (f === 'pkg' || /\.(js|css)$/.test(f)) await cp(join(pkg, f), join(site, f), { recursive: true });
  }
  await writeFile(join(site, 'index.html'), indexHtml('app.js'));
  // The element ran the page's module, the API its solver-only one, each in its worker.
  assert.deepEqual(await bundledSiteSolves(site), ['/shop/solver-worker.js', '/shop/worker.js']);
});

test('with no bundler, a page loads the element and the API from another origin, as from an npm CDN', async () => {
  // The installed package, served as a CDN serves it; the site is elsewhere.
  await cp(join(scratch, 'node_modules/bitsudoku'), join(scratch, 'cdn'), { recursive: true });
  const cdn = await serve('/npm/bitsudoku@1/', join(scratch, 'cdn'), { cors: true });
  const site = join(scratch, 'cdn-site');
  await mkdir(site, { recursive: true });
  await writeFile(
    join(site, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>from a CDN</title><link rel="icon" href="data:,">
<script type="module" src="${cdn.url}sudoku-solver.js"></script>
<script type="module">
import { solve } from '${cdn.url}bitsudoku-api.js';
window.apiSolve = (text) => solve(text);
</script>
<sudoku-solver size="16" puzzle="${sixteen}"></sudoku-solver>
`,
  );
  const server = await serve('/', site);
  const browser = await launch();
  try {
    const page = await watched(browser, `${server.url}index.html`);
    await page.waitForFunction(() => typeof window.apiSolve === 'function');
    const element = await page.evaluate(async () => {
      await customElements.whenDefined('sudoku-solver');
      const el = document.querySelector('sudoku-solver');
      await el.ready;
      return el.solve();
    });
    assert.equal(element.outcome, 'unique', element.message);
    assert.ok(verified(sixteen, element.solution));
    const api = await page.evaluate((text) => window.apiSolve(text), nine);
    assert.equal(api.outcome, 'unique');
    assert.ok(verified(nine, api.solution));
    assert.deepEqual(await problems(page), []);
  } finally {
    await browser.close();
    await server.close();
    await cdn.close();
  }
});
