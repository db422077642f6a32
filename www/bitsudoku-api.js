// A small promise API for sites that bring their own UI:
//
//   import { solve } from '…/www/bitsudoku-api.js';
//   const r = await solve('4.....8.5.3…');   // { outcome, message, solution, … }
//
// Text in, text out, in the puzzle's own layout and symbols. Solving runs
// in a Web Worker, one puzzle after another; parse errors reject with a
// message that says where.
import { formatGrid, generate as makePuzzle, parse } from './pkg/bitsudoku.js';
import { loadWasm } from './wasm.js';
import { SolverClient } from './solver-client.js';

const ready = loadWasm();
let client = null; // made on first use
let queue = Promise.resolve();

/**
 * Solves the first puzzle in `text`. `limit`: 1 finds a solution, 2 (the
 * default) also proves it unique. Resolves with { outcome ('unique',
 * 'solved', 'several', 'none', 'conflict'), message, side, solution (text or
 * null), cells (Uint8Array or null), guesses, nodes, micros }.
 */
export function solve(text, { limit = 2, alphabet = undefined } = {}) {
  const run = queue.then(async () => {
    await ready;
    const p = parse(String(text), 0, alphabet);
    const { side, cells, layout } = p;
    const symbols = p.alphabet;
    p.free();
    client ??= new SolverClient();
    const r = await client.solve(cells, side, { limit, alphabet: symbols });
    return {
      outcome: r.outcome,
      message: r.message,
      side,
      solution: r.cells ? formatGrid(r.cells, side, symbols, layout) : null,
      cells: r.cells,
      guesses: r.guesses,
      nodes: r.nodes,
      micros: r.micros,
    };
  });
  queue = run.catch(() => {});
  return run;
}

/**
 * A new puzzle with exactly one solution: { puzzle (one line of text),
 * side, grade, seed }. The same seed gives the same puzzle.
 */
export async function generate({ size = 9, seed = Math.floor(Math.random() * 2 ** 32), symmetric = false } = {}) {
  await ready;
  const g = makePuzzle(size, seed, symmetric);
  const puzzle = formatGrid(g.cells, size, size === 16 || size === 25 ? 'letters' : 'digits', 'line').trim();
  const out = { puzzle, side: size, grade: g.grade, seed };
  g.free();
  return out;
}
