// The page's entry: load the WebAssembly, start the page with a solver that
// works in a Web Worker, and register the service worker for offline use.
import { loadWasm } from './wasm.js';
import { SolverClient } from './solver-client.js';
import { boot } from './page.js';

await loadWasm();
boot({ solver: new SolverClient() });

if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  // Next to index.html, so its scope covers the page wherever it is hosted.
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => {
    // Offline use is a bonus; the page works without it.
  });
}
