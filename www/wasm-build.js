// Which build of the WebAssembly runs: the one compiled for SIMD (simd128)
// where the engine runs it — every current browser, and Node — and the
// baseline elsewhere. Both come from one source and share their glue
// (scripts/build-web.sh). `?wasm=baseline` (or `simd`) in the page's URL
// forces one, to test the other; the page's workers are told its choice.
//
// The test is synchronous, so no module awaits at its top level: bundlers
// build workers as classic scripts by default (Vite's `worker.format` is
// `iife`), where a top-level await is an error.

/**
 * `(module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))`:
 * valid only where simd128 is, popcnt being among its last instructions
 * (the probe wasm-feature-detect uses; validating it compiles nothing).
 */
const SIMD_PROBE = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00, // magic, version 1
  0x01,
  0x05,
  0x01,
  0x60,
  0x00,
  0x01,
  0x7b, // types: () -> v128
  0x03,
  0x02,
  0x01,
  0x00, // one function of that type
  0x0a,
  0x0a,
  0x01,
  0x08,
  0x00, // its body: 8 bytes, no locals
  0x41,
  0x00,
  0xfd,
  0x0f,
  0xfd,
  0x62,
  0x0b, // i32.const 0, i8x16.splat, i8x16.popcnt, end
]);

/** Whether this engine runs simd128. */
export function hasSimd() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

const forced = new URLSearchParams(globalThis.location?.search ?? '').get('wasm');

/** Which build runs here: 'simd' or 'baseline'. */
export const wasmBuild = isBuild(forced) ? forced : hasSimd() ? 'simd' : 'baseline';

/** Whether `name` names a build. */
export function isBuild(name) {
  return name === 'simd' || name === 'baseline';
}

/**
 * A module compiled while `file` (a fetch Response, or a promise of one)
 * downloads: a WebAssembly.Module, which a page hands to its workers so
 * that they neither ask for the file again nor compile it.
 */
export async function compileModule(file) {
  const response = await file;
  if (!response.ok) throw new Error(`could not fetch ${response.url} (${response.status} ${response.statusText})`);
  try {
    return await WebAssembly.compileStreaming(response);
  } catch (err) {
    // Streaming needs the file served as application/wasm; a host that says
    // otherwise still gets it compiled, from its bytes.
    if (response.headers.get('content-type') === 'application/wasm') throw err;
    return WebAssembly.compile(await response.arrayBuffer());
  }
}
