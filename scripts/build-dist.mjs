// `make dist`: dist/ is the site for any static host, under any sub-path
// (relative URLs only), and dist/bitsudoku.html is the whole page in one
// file — styles, script and WebAssembly inlined — that works opened from
// disk (file://). Run after scripts/build-web.sh.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const at = (p) => join(ROOT, p);

await rm(DIST, { recursive: true, force: true });
await mkdir(join(DIST, 'www/pkg'), { recursive: true });
await mkdir(join(DIST, 'examples'), { recursive: true });

// 1. The site: the files the page, its worker, the widget and the offline
// cache use.
const site = [
  'index.html',
  'sw.js',
  'manifest.webmanifest',
  'www/app.js',
  'www/page.js',
  'www/regions.js',
  'www/store.js',
  'www/collection.js',
  'www/solver-client.js',
  'www/worker.js',
  'www/worker-core.js',
  'www/jobs.js',
  'www/grid-controller.js',
  'www/inline-solver.js',
  'www/examples.js',
  'www/grid.css',
  'www/style.css',
  'www/widget.css',
  'www/icon.svg',
  'www/sudoku-solver.js',
  'www/bitsudoku-api.js',
  'www/api-core.js',
  'www/solver-worker.js',
  'www/solver-wasm.js',
  'www/wasm.js',
  'www/wasm-build.js',
  'www/preload.js',
  'www/pkg/bitsudoku.js',
  'www/pkg/bitsudoku_bg.wasm',
  'www/pkg/bitsudoku_simd_bg.wasm',
  'www/pkg/bitsudoku_solver.js',
  'www/pkg/bitsudoku_solver_bg.wasm',
  'www/pkg/bitsudoku_solver_simd_bg.wasm',
  // The jobs module, loaded on the first count, generation or collection.
  'www/jobs-wasm.js',
  'www/page-solver.js',
  'www/jobs-worker.js',
  'www/pkg/bitsudoku_jobs.js',
  'www/pkg/bitsudoku_jobs_bg.wasm',
  'www/pkg/bitsudoku_jobs_simd_bg.wasm',
  // The picture reader, loaded only when a picture is opened (never in the
  // single file: its page reads no pictures).
  'www/picture.js',
  'www/picture-worker.js',
  'www/pkg/bitsudoku_picture.js',
  'www/pkg/bitsudoku_picture_bg.wasm',
  'examples/embed.html',
  'examples/embed.js',
  'examples/embed.css',
];
for (const file of site) await cp(at(file), join(DIST, file));

// 2. The single file. One ES module: the page, the glue, the in-page solver,
// and the WebAssembly as base64.
const bundle = await build({
  entryPoints: [at('www/single.js')],
  bundle: true,
  format: 'esm',
  minify: true,
  write: false,
  loader: { '.wasm': 'base64' },
  logLevel: 'warning',
  // One module with the page's and the jobs module's exports: the page's
  // imports of its own module get that one (www/single.js).
  plugins: [
    {
      name: 'single-module',
      setup(b) {
        b.onResolve({ filter: /\/pkg\/bitsudoku\.js$/ }, (args) => ({
          path: join(args.resolveDir, args.path.replace(/bitsudoku\.js$/, 'bitsudoku_single.js')),
        }));
      },
    },
  ],
});
const script = bundle.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
// The single file's page reads no pictures: the reader must not ride along.
if (/readPicture|picture-worker/.test(script)) throw new Error('the single file carries the picture reader');
const css = (await readFile(at('www/grid.css'), 'utf8')) + (await readFile(at('www/style.css'), 'utf8'));
const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let html = await readFile(at('index.html'), 'utf8');
// Inline content is allowed by its hash, so the policy stays as strict.
html = html.replace(
  /<meta http-equiv="Content-Security-Policy"[^>]*>/,
  `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${hash(script)} 'wasm-unsafe-eval'; style-src ${hash(css)}; img-src data:">`,
);
html = html.replace(/<link rel="(icon|manifest|modulepreload|preload)"[^>]*>\n?/g, '');
html = html.replace(/<!-- The page's modules, and \(preload.js\)[^>]*-->\n?/, '');
html = html.replace(/<script type="module" async src="www\/preload.js"><\/script>\n?/, '');
html = html.replace(/<link rel="stylesheet" href="www\/grid.css">\n?/, '');
html = html.replace(/<link rel="stylesheet" href="www\/style.css">/, () => `<style>${css}</style>`);
html = html.replace(
  /<script type="module" src="www\/app.js"><\/script>/,
  () => `<script type="module">${script}</script>`,
);
html = html.replace(
  / To put the solver on your own site, see <a href="examples\/embed.html">the embedding example<\/a>\./,
  '',
);
if (/src="www\/|href="www\//.test(html)) throw new Error('the single file still links www/ files');
await writeFile(join(DIST, 'bitsudoku.html'), html);

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`dist/: ${site.length} files; dist/bitsudoku.html: ${kb(html.length)}`);
