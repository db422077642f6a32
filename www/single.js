// Entry of the single-file build (dist/bitsudoku.html): both WebAssembly
// builds are inlined as base64 — SIMD where the engine runs it, the baseline
// elsewhere (as www/wasm.js chooses for the site) — and instantiated
// synchronously, and the solver runs on the page's thread, so the file works
// opened straight from disk.
//
// It runs one module with everything: the page's and the jobs module's
// exports (`bitsudoku_single`, features `page` and `jobs`); the build maps
// the page's imports of its module to it (scripts/build-dist.mjs).
import * as glue from './pkg/bitsudoku_single.js';
import { hasSimd } from './wasm-build.js';
import baseline from './pkg/bitsudoku_single_bg.wasm';
import withSimd from './pkg/bitsudoku_single_simd_bg.wasm';
import { InlineSolver } from './inline-solver.js';
import { boot } from './page.js';
import { InlineLane, bindCollection } from './collection.js';

const base64 = hasSimd() ? withSimd : baseline;
const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
glue.initSync({ module: bytes });
const page = boot({ solver: new InlineSolver(glue), analyst: new InlineSolver(glue) });
bindCollection({ makeLanes: () => new InlineLane(glue), open: page.loadText, jobs: async () => glue });
