// Entry of the single-file build (dist/bitsudoku.html): the WebAssembly is
// inlined as base64 and instantiated synchronously, and the solver runs on
// the page's thread, so the file works opened straight from disk.
import { initSync } from './pkg/bitsudoku.js';
import wasmBase64 from './pkg/bitsudoku_bg.wasm';
import { InlineSolver } from './inline-solver.js';
import { boot } from './page.js';

const bytes = Uint8Array.from(atob(wasmBase64), (c) => c.charCodeAt(0));
initSync({ module: bytes });
boot({ solver: new InlineSolver() });
