// The page's solving worker (a dedicated module worker), for the page, the
// Collection panel and <sudoku-solver>: it runs the page's module, which the
// page has loaded already, so it costs no second download.
import * as glue from './pkg/bitsudoku.js';
import { loadWasm } from './wasm.js';
import { serve } from './worker-core.js';
// Imported by the modules above; named here too, so that they are asked for
// with them rather than a round trip later (a worker has no modulepreload).
import './wasm-build.js';
import './jobs.js';

serve(glue, loadWasm);
