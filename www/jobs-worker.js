// The page's jobs worker: counting, estimating, browsing solutions, every
// possible value, generating and checking collections, with the jobs module,
// which it loads when the page first asks for one of those. Solving stays
// in worker.js with the page's module, which a first visit has loaded already.
import * as glue from './pkg/bitsudoku_jobs.js';
import { loadJobsWasm } from './jobs-wasm.js';
import { serve } from './worker-core.js';

// Started for a request, so the first one waits for the module: it says so.
serve(glue, loadJobsWasm, { announceLoading: true });
