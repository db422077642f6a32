// Loads the solver's WebAssembly: the build compiled for SIMD (simd128)
// where the engine runs it — every current browser — and the baseline build
// elsewhere. Both come from one source and share the glue
// (scripts/build-web.sh); `simdSupported` says which one runs.
import { simd } from './pkg/wasm-feature-detect.js';
import init from './pkg/bitsudoku.js';

export const simdSupported = await simd();

/** The URL of the module this engine runs. */
export const wasmUrl = new URL(
  simdSupported ? './pkg/bitsudoku_simd_bg.wasm' : './pkg/bitsudoku_bg.wasm',
  import.meta.url,
);

let loading = null;

/** Instantiates the module once; every caller shares the promise. */
export function loadWasm() {
  loading ??= init({ module_or_path: wasmUrl });
  return loading;
}
