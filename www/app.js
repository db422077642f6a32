// The page's entry: load the WebAssembly, start the page with a solver that
// works in a Web Worker, and register the service worker for offline use.
// Until the module is ready the page says it is loading and its controls
// stay disabled (index.html ships them so).
import { compileWasm, loadWasm, wasmBuild } from './wasm.js';
import { pageModule, pageWorkers } from './preload.js';
import { PageSolver, jobsWorker } from './page-solver.js';
import { pageWorker } from './solver-client.js';
import { boot } from './page.js';
import { WorkerLanes, bindCollection } from './collection.js';

try {
  // Its file was asked for by preload.js, which index.html runs at once;
  // compiled while it downloads.
  const compiled = compileWasm(pageModule);
  // Two solvers: one for what the person asks for, one for what the page
  // works out as they type (the next edit cancels it, not a Solve). Their
  // workers, started by preload.js (a worker that replaces one starts
  // here), are handed the module compiled: no second download, no second
  // compilation. Each counts, generates and checks in a second worker,
  // with the jobs module, loaded on the first such request
  // (www/jobs-wasm.js).
  const adopt = (started) => () => {
    const worker = pageWorker(compiled, started);
    started = null;
    return worker;
  };
  const solvers = { solver: new PageSolver(adopt(pageWorkers[0])), analyst: new PageSolver(adopt(pageWorkers[1])) };
  await loadWasm(wasmBuild, compiled);
  // The picture reader (its script, worker and module) loads only when a
  // picture is opened: a first visit downloads none of it.
  const openPicture = (file) =>
    import('./picture.js').then(
      (m) => m.openPicture(file, page),
      (err) => page.say(`The picture reader could not load (${err?.message ?? err}).`, 'error'),
    );
  const page = boot({ ...solvers, openPicture });
  // The panel reads a collection with the jobs module, loaded when it
  // starts, and hands the module compiled to its workers.
  const jobsWasm = () => import('./jobs-wasm.js');
  const jobs = () => jobsWasm().then((m) => m.loadJobs());
  const lane = () => jobsWorker(jobsWasm().then((m) => m.compileJobsWasm()));
  bindCollection({ makeLanes: () => new WorkerLanes(undefined, lane), open: page.loadText, jobs });
} catch (err) {
  const status = document.getElementById('status');
  status.textContent = `The solver could not load (${err?.message ?? err}). Reload the page to try again.`;
  status.dataset.kind = 'error';
  throw err;
}

if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  // Next to index.html, so its scope covers the page wherever it is hosted.
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => {
    // Offline use is a bonus; the page works without it.
  });
}
