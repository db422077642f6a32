// The page's solving worker (a dedicated module worker), for the page, the
// Collection panel and <sudoku-solver>: it runs the page's module, which the
// page has loaded already, so it costs no second download.
import * as glue from './pkg/bitsudoku.js';
import { loadWasm } from './wasm.js';
import { serve } from './worker-core.js';

serve(glue, loadWasm);
