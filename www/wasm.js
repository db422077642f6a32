// Loads the page's WebAssembly module: the solver and the grid view, for the
// page, its workers and <sudoku-solver>. (The promise API loads the smaller
// solver-only module: solver-wasm.js.)
import init from './pkg/bitsudoku.js';
import { isBuild, wasmBuild } from './wasm-build.js';

export { wasmBuild };

// Written out in full, so bundlers that follow `new URL(…, import.meta.url)`
// (Vite, webpack) ship both files.
const URLS = {
  simd: new URL('./pkg/bitsudoku_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_bg.wasm', import.meta.url),
};

/** The URL of the build this page runs. */
export const wasmUrl = URLS[wasmBuild];

let loading = null;

/** Instantiates the module once (`build`: 'simd' or 'baseline', when told); every caller shares the promise. */
export function loadWasm(build = wasmBuild) {
  loading ??= init({ module_or_path: URLS[isBuild(build) ? build : wasmBuild] });
  return loading;
}
