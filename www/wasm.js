// Loads the page's WebAssembly module: the solver and the grid view, for the
// page, its workers and <sudoku-solver>. (The promise API loads the smaller
// solver-only module: solver-wasm.js.)
import init from './pkg/bitsudoku.js';
import { compileModule, isBuild, wasmBuild } from './wasm-build.js';

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
let compiling = null;

/**
 * Instantiates the module once (`build`: 'simd' or 'baseline', when told;
 * `source`: that build's file, already asked for, as preload.js does for
 * the page, or the module compiled from it, or a promise of either; a
 * worker is handed the page's module); every caller shares the promise.
 */
export function loadWasm(build = wasmBuild, source = null) {
  loading ??= init({ module_or_path: source ?? URLS[isBuild(build) ? build : wasmBuild] });
  return loading;
}

/**
 * The module compiled once, while `response` (this build's file, or a
 * promise of it; asked for here without one) downloads: a
 * WebAssembly.Module, which the page hands to its workers so that they
 * neither ask for the file again nor compile it.
 */
export function compileWasm(response = null) {
  compiling ??= compileModule(response ?? fetch(wasmUrl));
  return compiling;
}
