// The promise API's work, shared by its browser entry (bitsudoku-api.js: a
// Web Worker solves) and its Node entry (bitsudoku-node.js: solves on the
// calling thread, in slices). Solving and counting take the solver-only
// module; generating and checking the jobs module, loaded on first use.
// Text in, text out, in the puzzle's own layout and symbols; requests run
// one after another; bad arguments and parse errors reject with a message
// that says what and where.

/**
 * @typedef {object} SolveOptions
 * @property {1 | 2} [limit] 1 finds a solution; 2 (the default) also proves it unique.
 * @property {string} [alphabet] The symbols' name ('letters', 'hex', 'digits', 'digits-letters',
 *   'numbers') when the text fits several.
 */

/**
 * @typedef {object} SolveResult
 * @property {'unique' | 'solved' | 'several' | 'none' | 'conflict'} outcome `solved`: a solution
 *   found with `limit: 1`, uniqueness not asked.
 * @property {string} message One sentence for people.
 * @property {number} side From 4 to 25.
 * @property {string} shape The shape line: the side alone for its usual boxes ('9', '12'), else
 *   'box=2x6', 'box=3x3+x' (X-Sudoku), 'box=3x3+hyper' (windoku) or 'jigsaw AAAB…' (the regions).
 * @property {string | null} solution The solution in the puzzle's layout and symbols.
 * @property {Uint8Array | null} cells The solution's digits, row by row (1 to side).
 * @property {number} guesses Branch points the search took (decisions, for the learning engine).
 * @property {number} nodes Positions the search visited.
 * @property {number} conflicts Dead ends the learning engine learned from (0 when it was not needed).
 * @property {'bitmask' | 'learn'} engine The engine that finished: `learn` when the puzzle was hard
 *   enough for the learning engine to take over.
 * @property {number} micros Time spent solving, in microseconds.
 */

/**
 * @typedef {object} CountOptions
 * @property {number} [limit] Stop counting here (default 1000, at most 1,000,000).
 * @property {string} [alphabet] As for solve.
 */

/**
 * @typedef {object} CountResult
 * @property {number} count Solutions found: all of them, or `limit` when `more`.
 * @property {boolean} more Counting stopped at `limit`: there may be more.
 * @property {number} side From 4 to 25.
 * @property {string} shape As for solve.
 */

/**
 * @typedef {object} GenerateOptions
 * @property {4 | 6 | 8 | 9 | 10 | 12 | 14 | 15 | 16 | 18 | 20 | 21 | 24 | 25} [size] The side
 *   (default 9), in its usual boxes (6: 2×3, 12: 3×4).
 * @property {string} [shape] Another shape, instead of size: 'box=2x6', '9+x' (X-Sudoku), '9+hyper'
 *   (windoku), 'jigsaw 9' or 'jigsaw+x 9' (a jigsaw with new regions), or a shape line as solve
 *   returns it.
 * @property {number} [seed] A whole number from 0 to 2^53: the same seed gives the same puzzle.
 * @property {boolean} [symmetric] Givens symmetric under a half turn.
 * @property {'easy' | 'medium' | 'hard' | 'expert' | 'beyond'} [difficulty] The level: the
 *   hardest technique its logical path needs (easy: singles; medium: + locked candidates; hard:
 *   + subsets and fish; expert: + wings and chains; beyond: needs guessing). Any when omitted.
 */

/**
 * @typedef {object} Generated
 * @property {string} puzzle One line of text ('.' for empty cells), after its kind for shapes
 *   other than the usual boxes ('box=2x6 …', 'jigsaw … REGIONS').
 * @property {number} side
 * @property {string} shape As for solve.
 * @property {string} grade In words, such as 'hard: X-Wing, 54 steps'.
 * @property {'easy' | 'medium' | 'hard' | 'expert' | 'beyond'} level
 * @property {number} seed The seed that makes it again.
 */

/**
 * @typedef {object} CheckOptions
 * @property {number} [limit] Solutions counted per puzzle (default 2: enough to prove uniqueness).
 * @property {number} [maxNodes] Give up on a puzzle after this many positions (default 1,000,000).
 */

/**
 * One verdict per puzzle, as `bitsudoku check` writes them.
 * @typedef {object} Verdict
 * @property {number} puzzle 1-based position in the text, unreadable ones included.
 * @property {number} line The puzzle's first line.
 * @property {number | null} size The side; null when the puzzle could not be read.
 * @property {'unique' | 'several' | 'none' | 'invalid' | 'unfinished'} outcome
 * @property {number | null} count Solutions found (null when invalid).
 * @property {boolean} more There may be more than `count`.
 * @property {string | null} difficulty For a unique puzzle: 'naked-singles', 'hidden-singles',
 *   'locked-candidates' or 'guessing'.
 * @property {string | null} solution For a unique puzzle, in its own symbols, on one line.
 * @property {string | null} reason Why it is invalid or unfinished.
 */

/**
 * What an entry gives createApi.
 * @typedef {object} Runtime
 * @property {() => Promise<unknown>} ready Instantiates the solver module (once).
 * @property {any} glue That module's exports.
 * @property {() => any} newSolver A SolverClient or an InlineSolver.
 * @property {() => Promise<{ glue: any, solver: any }>} tools The jobs module (the generator and
 *   collections) instantiated, with a solver of its own: loaded on the first generate or check,
 *   so that a site that only solves never downloads it.
 */

const BOX_SIDES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25];
const LEVELS = ['easy', 'medium', 'hard', 'expert', 'beyond'];
const MAX_COUNT = 1_000_000;
const CHECK_BATCH = 64;

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

const orNull = (field) => (field === '-' ? null : field);

/** A row of `bitsudoku check --format tsv` as a Verdict. */
function verdict(row) {
  const [puzzle, line, size, outcome, count, difficulty, solution, reason] = row.split('\t');
  return {
    puzzle: Number(puzzle),
    line: Number(line),
    size: size === '-' ? null : Number(size),
    outcome: /** @type {Verdict['outcome']} */ (outcome),
    count: count === '-' ? null : parseInt(count, 10),
    more: count.endsWith('+'),
    difficulty: orNull(difficulty),
    solution: orNull(solution),
    reason: orNull(reason),
  };
}

/**
 * The API on a runtime.
 * @param {Runtime} runtime
 */
export function createApi({ ready, glue, newSolver, tools }) {
  let solver = null; // made on first use
  let queue = Promise.resolve();

  // One request at a time, in order; a failed one does not block the next.
  const enqueue = (task) => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };

  // The solver (its worker loading its scripts) starts with the module.
  const started = async () => {
    solver ??= newSolver();
    await ready();
    return solver;
  };

  // The first puzzle of `text`: { side, cells, alphabet (id), layout }.
  const read = (text, alphabet, call) => {
    check(typeof text === 'string', `${call}: the puzzle must be text, not ${typeof text}`);
    check(alphabet === undefined || typeof alphabet === 'string', `${call}: alphabet must be a name such as "letters"`);
    const p = glue.parse(text, 0, alphabet);
    const read = { side: p.side, shape: p.shape, cells: p.cells, alphabet: p.alphabet, layout: p.layout };
    p.free();
    return read;
  };

  /** @type {(text: string, options?: SolveOptions) => Promise<SolveResult>} */
  const solve = (text, options = {}) =>
    enqueue(async () => {
      checkOptions(options, ['limit', 'alphabet'], 'solve');
      const { limit = 2, alphabet = undefined } = options;
      check(limit === 1 || limit === 2, 'solve: limit must be 1 (a solution) or 2 (and prove it unique)');
      const s = await started();
      const { side, shape, cells, alphabet: symbols, layout } = read(text, alphabet, 'solve');
      const r = await s.solve(cells, shape, { limit, alphabet: symbols });
      return {
        outcome: r.outcome,
        message: r.message,
        side,
        shape,
        solution: r.cells ? glue.formatGrid(r.cells, shape, symbols, layout) : null,
        cells: r.cells,
        guesses: r.guesses,
        nodes: r.nodes,
        conflicts: r.conflicts,
        engine: r.engine,
        micros: r.micros,
      };
    });

  /** @type {(text: string, options?: CountOptions) => Promise<CountResult>} */
  const count = (text, options = {}) =>
    enqueue(async () => {
      checkOptions(options, ['limit', 'alphabet'], 'count');
      const { limit = 1000, alphabet = undefined } = options;
      check(
        Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_COUNT,
        `count: limit must be a whole number from 1 to ${MAX_COUNT}`,
      );
      const s = await started();
      const { side, shape, cells, alphabet: symbols } = read(text, alphabet, 'count');
      const r = await s.solve(cells, shape, { limit, alphabet: symbols });
      return { count: r.count, more: r.count >= limit, side, shape };
    });

  /** @type {(options?: GenerateOptions) => Promise<Generated>} */
  const generate = (options = {}) =>
    enqueue(async () => {
      checkOptions(options, ['size', 'shape', 'seed', 'symmetric', 'difficulty'], 'generate');
      const { seed = Math.floor(Math.random() * 2 ** 32), symmetric = false, difficulty = '' } = options;
      const { size = 9, shape = String(size) } = options;
      check(BOX_SIDES.includes(size), `generate: size must be one of ${BOX_SIDES.join(', ')}`);
      check(typeof shape === 'string', 'generate: shape must be a shape line such as "box=2x3", "9+x" or "jigsaw 9"');
      check(Number.isSafeInteger(seed) && seed >= 0, 'generate: seed must be a whole number from 0 to 2^53');
      check(typeof symmetric === 'boolean', 'generate: symmetric must be true or false');
      check(['', ...LEVELS].includes(difficulty), `generate: difficulty must be one of ${LEVELS.join(', ')}`);
      const { glue: jobs, solver: s } = await tools();
      const g = await s.generate(shape, seed, symmetric, difficulty);
      if (!g.matched) {
        throw new Error(`generate: no ${difficulty} ${shape} puzzle came from seed ${seed}; try another seed`);
      }
      const puzzle = jobs.formatGrid(g.cells, g.shape, jobs.alphabets(g.side)[0], 'line').trim();
      return { puzzle, side: g.side, shape: g.shape, grade: g.grade, level: g.gradeId, seed };
    });

  /** @type {(text: string, options?: CheckOptions) => Promise<Verdict[]>} */
  const checkText = (text, options = {}) =>
    enqueue(async () => {
      checkOptions(options, ['limit', 'maxNodes'], 'check');
      const { limit = 2, maxNodes = 1_000_000 } = options;
      check(typeof text === 'string', `check: the puzzles must be text, not ${typeof text}`);
      check(
        Number.isSafeInteger(limit) && limit >= 2 && limit <= MAX_COUNT,
        `check: limit must be a whole number from 2 to ${MAX_COUNT}`,
      );
      check(Number.isSafeInteger(maxNodes) && maxNodes >= 1, 'check: maxNodes must be a whole number from 1');
      const { glue: jobs, solver: s } = await tools();
      // Every puzzle in order: an unreadable one has its row already.
      const reader = new jobs.CollectionReader();
      const rows = [];
      let batch = [];
      const flush = async () => {
        const at = rows.length - batch.length;
        const done = await s.check(batch, limit, maxNodes);
        done.forEach((r, i) => (rows[at + i] = r.row));
        batch = [];
      };
      try {
        reader.push(text);
        reader.finish();
        for (let e = reader.next(); e; e = reader.next()) {
          if (e.row !== undefined) {
            if (batch.length) await flush();
            rows.push(e.row);
          } else {
            const { cells, side, alphabet, blank, index, line } = e;
            batch.push({ cells, side, alphabet, blank, index, line });
            rows.push(null);
            if (batch.length === CHECK_BATCH) await flush();
          }
          e.free();
        }
        if (batch.length) await flush();
      } finally {
        reader.free();
      }
      return rows.map(verdict);
    });

  return { solve, count, generate, check: checkText };
}
