// The Chromium side of the wasm benchmark: loads the build the page's URL
// asks for (?wasm=simd or ?wasm=baseline) from benches/wasm/pkg/ (made by
// `scripts/build-web.sh --bench`) and exposes runBench(text, options) to the
// driver (benches/wasm/run.mjs).
import init, * as wasm from './pkg/bitsudoku.js';
import { runSet } from './bench-core.mjs';

const build = new URLSearchParams(location.search).get('wasm') === 'baseline' ? 'baseline' : 'simd';
const file = build === 'simd' ? 'bitsudoku_simd_bg.wasm' : 'bitsudoku_bg.wasm';
await init({ module_or_path: new URL(`./pkg/${file}`, import.meta.url) });
window.runBench = (text, options) => runSet(wasm, text, options);
document.getElementById('state').textContent = `ready: ${build}`;
document.body.dataset.build = build;
document.body.dataset.ready = 'true';
