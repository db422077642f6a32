// Which build of the WebAssembly runs: the one compiled for SIMD (simd128)
// where the engine runs it — every current browser, and Node — and the
// baseline elsewhere. Both come from one source and share their glue
// (scripts/build-web.sh). `?wasm=baseline` (or `simd`) in the page's URL
// forces one, to test the other; the page's workers are told its choice.
import { simd } from './pkg/wasm-feature-detect.js';

const forced = new URLSearchParams(globalThis.location?.search ?? '').get('wasm');

/** Which build runs here: 'simd' or 'baseline'. */
export const wasmBuild = isBuild(forced) ? forced : (await simd()) ? 'simd' : 'baseline';

/** Whether `name` names a build. */
export function isBuild(name) {
  return name === 'simd' || name === 'baseline';
}
