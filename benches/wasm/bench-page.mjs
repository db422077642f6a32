// The Chromium side of the wasm benchmark: loads the page's build and
// exposes runBench(text, options) to the driver (benches/wasm/run.mjs).
import init, * as wasm from '../../www/pkg/bitsudoku.js';
import { runSet } from './bench-core.mjs';

await init();
window.runBench = (text, options) => runSet(wasm, text, options);
document.getElementById('state').textContent = 'ready';
document.body.dataset.ready = 'true';
