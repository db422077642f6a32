// A small promise API for sites that bring their own UI:
//
//   import { solve } from '…/www/bitsudoku-api.js';
//   const r = await solve('4.....8.5.3…');   // { outcome, message, solution, … }
//
// Text in, text out, in the puzzle's own layout and symbols. Solving and
// generating run in a Web Worker, one request after another; bad arguments
// and parse errors reject with a message that says what and where.
import { alphabets, formatGrid, parse } from './pkg/bitsudoku.js';
import { loadWasm } from './wasm.js';
import { SolverClient } from './solver-client.js';

const ready = loadWasm();
const SIDES = [4, 9, 16, 25];
let client = null; // made on first use
let queue = Promise.resolve();

// Arguments are checked here, before they reach WebAssembly: a number where
// a string belongs would otherwise trap inside the module.
function check(ok, what) {
  if (!ok) throw new TypeError(what);
}

function checkOptions(options, known, call) {
  check(options !== null && typeof options === 'object', `${call}: options must be an object`);
  for (const key of Object.keys(options)) {
    check(known.includes(key), `${call}: unknown option "${key}" (use ${known.join(', ')})`);
  }
}

// One request at a time, in order; a failed one does not block the next.
function enqueue(task) {
  const run = queue.then(task);
  queue = run.catch(() => {});
  return run;
}

/**
 * Solves the first puzzle in `text`. `limit`: 1 finds a solution, 2 (the
 * default) also proves it unique. `alphabet`: a name such as 'letters' or
 * 'hex', when the symbols fit several. Resolves with { outcome ('unique',
 * 'solved', 'several', 'none', 'conflict'), message, side, solution (text or
 * null), cells (Uint8Array or null), guesses, nodes, micros }.
 */
export function solve(text, options = {}) {
  return enqueue(async () => {
    checkOptions(options, ['limit', 'alphabet'], 'solve');
    const { limit = 2, alphabet = undefined } = options;
    check(typeof text === 'string', `solve: the puzzle must be text, not ${typeof text}`);
    check(limit === 1 || limit === 2, 'solve: limit must be 1 (a solution) or 2 (and prove it unique)');
    check(alphabet === undefined || typeof alphabet === 'string', 'solve: alphabet must be a name such as "letters"');
    await ready;
    const p = parse(text, 0, alphabet);
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
}

/**
 * A new puzzle with exactly one solution: { puzzle (one line of text),
 * side, grade, seed }. The same seed gives the same puzzle. Made in the
 * worker: a 25×25 takes a tenth of a second or more.
 */
export function generate(options = {}) {
  return enqueue(async () => {
    checkOptions(options, ['size', 'seed', 'symmetric'], 'generate');
    const { size = 9, seed = Math.floor(Math.random() * 2 ** 32), symmetric = false } = options;
    check(SIDES.includes(size), 'generate: size must be 4, 9, 16 or 25');
    check(Number.isSafeInteger(seed) && seed >= 0, 'generate: seed must be a whole number from 0 to 2^53');
    check(typeof symmetric === 'boolean', 'generate: symmetric must be true or false');
    await ready;
    client ??= new SolverClient();
    const g = await client.generate(size, seed, symmetric);
    const puzzle = formatGrid(g.cells, size, alphabets(size)[0], 'line').trim();
    return { puzzle, side: size, grade: g.grade, seed };
  });
}
