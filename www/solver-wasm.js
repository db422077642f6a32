// Loads the solver-only WebAssembly module (parse, solve, count, format,
// generate, check: no grid view), for the promise API and its worker in a
// browser. bitsudoku-node.js loads the same module from bytes.
import init from './pkg/bitsudoku_solver.js';
import { compileModule, isBuild, wasmBuild } from './wasm-build.js';

const URLS = {
  simd: new URL('./pkg/bitsudoku_solver_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_solver_bg.wasm', import.meta.url),
};

let loading = null;
let compiling = null;

/**
 * Instantiates the module once (`build`: 'simd' or 'baseline', when told;
 * `source`: the module compiled, or a promise of it, as the API's worker is
 * handed it); every caller shares the promise.
 */
export function loadSolverWasm(build = wasmBuild, source = null) {
  loading ??= init({ module_or_path: source ?? URLS[isBuild(build) ? build : wasmBuild] });
  return loading;
}

/** The module compiled once, while it downloads: the API's page hands it to its worker. */
export function compileSolverWasm() {
  compiling ??= compileModule(fetch(URLS[wasmBuild]));
  return compiling;
}
