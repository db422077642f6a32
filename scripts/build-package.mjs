// `make package` (npm half): the npm package `bitsudoku` in
// target/package/npm/, packed into target/package/bitsudoku-VERSION.tgz.
// Run after scripts/build-web.sh. The package holds the promise API (browser
// and Node entries), the <sudoku-solver> element, both WebAssembly modules
// and the workers, with the files laid out as in www/ so every relative URL
// resolves the same from a CDN, a bundle's folder or node_modules. Its
// declarations (.d.ts) come from wasm-bindgen for the modules and from the
// JSDoc in www/ for the API and the element, through TypeScript.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'target/package');
const STAGE = join(OUT, 'npm');
const at = (p) => join(ROOT, p);

// What the entries load, and nothing of the page's own (page.js, the panel).
const FILES = [
  'bitsudoku-api.js',
  'bitsudoku-node.js',
  'sudoku-solver.js',
  'api-core.js',
  'solver-client.js',
  'inline-solver.js',
  'worker.js',
  'solver-worker.js',
  'worker-core.js',
  'jobs.js',
  'wasm.js',
  'wasm-build.js',
  'solver-wasm.js',
  'grid-controller.js',
  'grid.css',
  'widget.css',
  'pkg/bitsudoku.js',
  'pkg/bitsudoku.d.ts',
  'pkg/bitsudoku_bg.wasm',
  'pkg/bitsudoku_simd_bg.wasm',
  'pkg/bitsudoku_solver.js',
  'pkg/bitsudoku_solver.d.ts',
  'pkg/bitsudoku_solver_bg.wasm',
  'pkg/bitsudoku_solver_simd_bg.wasm',
  // The API's generate and check: the jobs module, loaded on first use.
  'jobs-wasm.js',
  'jobs-worker.js',
  'pkg/bitsudoku_jobs.js',
  'pkg/bitsudoku_jobs.d.ts',
  'pkg/bitsudoku_jobs_bg.wasm',
  'pkg/bitsudoku_jobs_simd_bg.wasm',
];
// Declarations are made for these and what they import.
const TYPED = ['bitsudoku-api.js', 'sudoku-solver.js'];

const cargo = await readFile(at('Cargo.toml'), 'utf8');
const version = cargo.match(/^version = "([^"]+)"/m)?.[1];
if (!version) throw new Error('no version in Cargo.toml');

await rm(STAGE, { recursive: true, force: true });
await mkdir(join(STAGE, 'pkg'), { recursive: true });
for (const file of FILES) await cp(at(`www/${file}`), join(STAGE, file));
await cp(at('www/package/README.md'), join(STAGE, 'README.md'));
await cp(at('LICENSE'), join(STAGE, 'LICENSE'));

const manifest = JSON.parse(await readFile(at('www/package/package.json'), 'utf8'));
manifest.version = version;
await writeFile(join(STAGE, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const tsconfig = JSON.parse(await readFile(at('www/package/tsconfig.json'), 'utf8'));
delete tsconfig['//'];
tsconfig.files = TYPED;
tsconfig.compilerOptions.outDir = '.';
await writeFile(join(STAGE, 'tsconfig.json'), JSON.stringify(tsconfig));
execFileSync(at('node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: STAGE, stdio: 'inherit' });
await rm(join(STAGE, 'tsconfig.json'));

const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', OUT], { cwd: STAGE, encoding: 'utf8' })
  .trim()
  .split('\n')
  .pop();
console.log(`npm package: target/package/${packed}`);
