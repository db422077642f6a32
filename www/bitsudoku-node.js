// The promise API in Node (20 and up): the package's `node` entry. The same
// functions as bitsudoku-api.js, with the solver-only module (and for
// generate and check the jobs module) instantiated from its bytes (Node's
// fetch reads no file: URLs) and solving on the calling thread, in slices
// that let the event loop run.
import { readFile } from 'node:fs/promises';
import * as glue from './pkg/bitsudoku_solver.js';
import * as jobsGlue from './pkg/bitsudoku_jobs.js';
import { wasmBuild } from './wasm-build.js';
import { InlineSolver } from './inline-solver.js';
import { createApi } from './api-core.js';

const FILES = {
  simd: new URL('./pkg/bitsudoku_solver_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_solver_bg.wasm', import.meta.url),
};
// The jobs module (the generator, collections), for generate and check.
const JOBS_FILES = {
  simd: new URL('./pkg/bitsudoku_jobs_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_jobs_bg.wasm', import.meta.url),
};

let loading = null;
let tools = null;

const api = createApi({
  ready: () => (loading ??= readFile(FILES[wasmBuild]).then((bytes) => glue.initSync({ module: bytes }))),
  glue,
  newSolver: () => new InlineSolver(glue, { frames: false }),
  tools: () =>
    (tools ??= readFile(JOBS_FILES[wasmBuild]).then((bytes) => {
      jobsGlue.initSync({ module: bytes });
      return { glue: jobsGlue, solver: new InlineSolver(jobsGlue, { frames: false }) };
    })),
});

export const { solve, count, generate, check } = api;
