// The promise API's solving worker: the solver-only module, smaller than the
// page's (no grid view), for sites that bring their own UI.
import * as glue from './pkg/bitsudoku_solver.js';
import { loadSolverWasm } from './solver-wasm.js';
import { serve } from './worker-core.js';

serve(glue, loadSolverWasm);
