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

/**
 * Instantiates the module once (`build`: 'simd' or 'baseline', when told;
 * `response`: that build's file, already asked for, as preload.js does for
 * the page); every caller shares the promise.
 */
export function loadWasm(build = wasmBuild, response = null) {
  loading ??= init({ module_or_path: response ?? URLS[isBuild(build) ? build : wasmBuild] });
  return loading;
}
