// Loads the solver-only WebAssembly module (parse, solve, count, format,
// generate, check: no grid view), for the promise API and its worker in a
// browser. bitsudoku-node.js loads the same module from bytes.
import init from './pkg/bitsudoku_solver.js';
import { isBuild, wasmBuild } from './wasm-build.js';

const URLS = {
  simd: new URL('./pkg/bitsudoku_solver_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_solver_bg.wasm', import.meta.url),
};

let loading = null;

/** Instantiates the module once (`build`: 'simd' or 'baseline', when told); every caller shares the promise. */
export function loadSolverWasm(build = wasmBuild) {
  loading ??= init({ module_or_path: URLS[isBuild(build) ? build : wasmBuild] });
  return loading;
}
