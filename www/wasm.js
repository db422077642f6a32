// Loads the solver's WebAssembly: the build compiled for SIMD (simd128)
// where the engine runs it — every current browser — and the baseline build
// elsewhere. Both come from one source and share the glue
// (scripts/build-web.sh). `?wasm=baseline` (or `simd`) in the page's or the
// worker's URL forces one, to test the other.
import { simd } from './pkg/wasm-feature-detect.js';
import init from './pkg/bitsudoku.js';

const forced = new URLSearchParams(globalThis.location?.search ?? '').get('wasm');

/** Which build runs: 'simd' or 'baseline'. */
export const wasmBuild = forced === 'simd' || forced === 'baseline' ? forced : (await simd()) ? 'simd' : 'baseline';

/** The URL of that build's module. */
export const wasmUrl = new URL(
  wasmBuild === 'simd' ? './pkg/bitsudoku_simd_bg.wasm' : './pkg/bitsudoku_bg.wasm',
  import.meta.url,
);

let loading = null;

/** Instantiates the module once; every caller shares the promise. */
export function loadWasm() {
  loading ??= init({ module_or_path: wasmUrl });
  return loading;
}
