// Loads the jobs module (counting, estimating, every possible value, the
// generator, collections): the page's jobs worker and its Collection panel
// load it on the first such request, so a first visit downloads only the
// page's module (www/wasm.js).
import * as glue from './pkg/bitsudoku_jobs.js';
import { isBuild, wasmBuild } from './wasm-build.js';

// Written out in full, so bundlers that follow `new URL(…, import.meta.url)`
// ship both files.
const URLS = {
  simd: new URL('./pkg/bitsudoku_jobs_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_jobs_bg.wasm', import.meta.url),
};

let loading = null;

/** Instantiates the module once (`build`: 'simd' or 'baseline', when told); every caller shares the promise. */
export function loadJobsWasm(build = wasmBuild) {
  loading ??= glue.default({ module_or_path: URLS[isBuild(build) ? build : wasmBuild] });
  return loading;
}

/** The module's exports, once it is instantiated. */
export async function loadJobs(build = wasmBuild) {
  await loadJobsWasm(build);
  return glue;
}
