// Loads the jobs module (counting, estimating, every possible value, the
// generator, collections): the page's jobs worker and its Collection panel
// load it on the first such request, so a first visit downloads only the
// page's module (www/wasm.js).
import * as glue from './pkg/bitsudoku_jobs.js';
import { compileModule, isBuild, wasmBuild } from './wasm-build.js';

// Written out in full, so bundlers that follow `new URL(…, import.meta.url)`
// ship both files.
const URLS = {
  simd: new URL('./pkg/bitsudoku_jobs_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_jobs_bg.wasm', import.meta.url),
};

let loading = null;
let compiling = null;

/**
 * Instantiates the module once (`build`: 'simd' or 'baseline', when told;
 * `source`: the module compiled, or a promise of it, as a worker is handed
 * it); every caller shares the promise.
 */
export function loadJobsWasm(build = wasmBuild, source = null) {
  loading ??= glue.default({ module_or_path: source ?? URLS[isBuild(build) ? build : wasmBuild] });
  return loading;
}

/**
 * The module compiled once, while it downloads: the Collection panel
 * compiles it for the page's thread and hands it to each of its workers,
 * which then neither ask for the file again nor compile it (nor optimise
 * it, each on its own, while they check).
 */
export function compileJobsWasm() {
  compiling ??= compileModule(fetch(URLS[wasmBuild]));
  return compiling;
}

/** The module's exports, once it is instantiated (from the module compiled here). */
export async function loadJobs() {
  await loadJobsWasm(wasmBuild, compileJobsWasm());
  return glue;
}
