// Times the wasm build on a puzzle file in Node: node scripts/wasm-speed.mjs FILE [ROUNDS]
// (used to choose the wasm opt-level; see docs/DESIGN.md).
import { readFileSync } from 'node:fs';
import { initSync, parse, solve } from '../www/pkg/bitsudoku.js';

initSync({ module: readFileSync(new URL('../www/pkg/bitsudoku_bg.wasm', import.meta.url)) });
const [file, rounds = '5'] = process.argv.slice(2);
const puzzles = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => parse(l, 0, ''));
let best = Infinity;
for (let r = 0; r < Number(rounds); r++) {
  const start = performance.now();
  for (const p of puzzles) {
    const s = solve(p.cells, p.side, 2, 0);
    if (s.outcome !== 'unique') throw new Error(`unexpected ${s.outcome}`);
    s.free();
  }
  best = Math.min(best, performance.now() - start);
}
console.log(`${file}: ${puzzles.length} puzzles, best of ${rounds}: ${best.toFixed(1)} ms`);
