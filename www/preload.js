// The page's WebAssembly, asked for as soon as the page's head is read: an
// async module script, which waits for no other script, while the page's own
// scripts would start the download only once every one of them has arrived
// (over a slow network, a round trip and more later). app.js hands the
// response to loadWasm. The build is the one wasm-build.js chooses. The
// page's solving workers start here too, for the same reason.
import { wasmBuild } from './wasm-build.js';

// wasm.js's URLs, written out again rather than imported: importing wasm.js
// would make this script wait for the wasm-bindgen glue, and fetch nothing
// sooner. Written out in full, so bundlers follow them.
const URLS = {
  simd: new URL('./pkg/bitsudoku_simd_bg.wasm', import.meta.url),
  baseline: new URL('./pkg/bitsudoku_bg.wasm', import.meta.url),
};

/** The response for the build this page runs (a promise). */
export const pageModule = fetch(URLS[wasmBuild]);

/**
 * The page's two solving workers, started now so that they load their
 * scripts while the module downloads; app.js gives them to its solvers,
 * which hand them the module compiled (solver-client.js's pageWorker).
 */
export const pageWorkers = [1, 2].map(() => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }));
