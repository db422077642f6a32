//! Random grids and puzzles, reproducible from a seed, for every shape.
//!
//! A solved grid with boxes of `R×C` comes from the pattern
//! `digit(r, c) = (C·(r mod R) + r div R + c) mod n` shuffled by the moves
//! that keep a grid valid: relabel digits, swap rows in a band, swap bands,
//! the same for columns, and transpose (square boxes only). Shapes whose
//! extra houses those moves would break (diagonals, windows) and jigsaws
//! take a solution from the search instead: a random first row and a few
//! random cells, completed by the solver (tried again from fresh random
//! cells when they lead nowhere). A jigsaw's regions are made here too
//! ([`random_regions`]). A puzzle comes from a solved grid by emptying cells
//! in random order while the solution stays unique.
//!
//! **At a difficulty level** L, a cell is emptied only if the techniques up
//! to L still solve the puzzle (logic only deduces what must hold, so a
//! puzzle it solves is unique). The result needs no technique above L; if
//! it needs none at L either (it came out easier), the generator starts
//! again from a new grid, drawn from the same seed's stream. For
//! [`Level::Beyond`], cells go while the puzzle stays unique (by search),
//! and the result must defeat every technique. (Two passes, first within
//! the level below and then within L, needed 2–5× the grids: a puzzle
//! minimal for the level below seldom gives up one more cell.)

use crate::grid::Grid;
use crate::logic::{grade, path, solves, Grade, Level};
use crate::shape::{Extras, Shape};
use crate::solver::{self, Engine, Outcome, Solver};

/// SplitMix64: small, fast, and the same on every platform, so a seed names
/// one puzzle everywhere (native, wasm, tests).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A random order of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// A random solved grid of `shape`; `None` when the shape has no solution.
pub fn random_solution(shape: &Shape, rng: &mut Rng) -> Option<Grid> {
    if let (Some((r, c)), false) = (shape.box_dims(), shape.extras().any()) {
        return Some(pattern_solution(shape, r, c, rng));
    }
    for _ in 0..FILL_TRIES {
        if let Some(g) = searched_solution(shape, rng) {
            return Some(g);
        }
    }
    // Unlucky starts, or no solution at all (regions a person drew may
    // admit none): a search from the empty grid to its end decides, and a
    // random renaming of the digits keeps the grid a solution.
    let mut solver = Solver::new(&Grid::empty(shape.clone()), Engine::Bitmask, 1);
    solver.run(u64::MAX);
    let Outcome::Solved(g) = solver.report().outcome else {
        return None;
    };
    let names = rng.permutation(shape.side());
    let cells = g
        .cells()
        .iter()
        .map(|&d| names[d as usize - 1] as u8 + 1)
        .collect();
    Grid::from_cells(shape.clone(), cells).ok()
}

/// The shuffled pattern grid of boxes `r×c`.
fn pattern_solution(shape: &Shape, r: usize, c: usize, rng: &mut Rng) -> Grid {
    let n = shape.side();
    let digits = rng.permutation(n);
    // Rows: shuffle the bands (c of r rows), and the rows inside each band;
    // columns alike (r stacks of c columns).
    let lines = |rng: &mut Rng, groups: usize, size: usize| -> Vec<usize> {
        let order = rng.permutation(groups);
        order
            .iter()
            .flat_map(|&g| rng.permutation(size).into_iter().map(move |i| g * size + i))
            .collect()
    };
    let rows = lines(rng, c, r);
    let cols = lines(rng, r, c);
    let transpose = r == c && rng.below(2) == 1;
    let mut cells = vec![0u8; n * n];
    for (i, &pr) in rows.iter().enumerate() {
        for (j, &pc) in cols.iter().enumerate() {
            let base = (c * (pr % r) + pr / r + pc) % n;
            let at = if transpose { j * n + i } else { i * n + j };
            cells[at] = digits[base] as u8 + 1;
        }
    }
    Grid::from_cells(shape.clone(), cells).expect("a permuted pattern grid is a grid")
}

/// Nodes the search may spend completing random cells into a grid before
/// they are given up for fresh ones.
const FILL_BUDGET: u64 = 2_000;
/// Random starts tried before a search from the empty grid decides.
const FILL_TRIES: usize = 16;

/// A solved grid from the search: a random permutation in the first row
/// (every shape's first row is a house, and no two of its cells share
/// another), a few random cells that fit, then the solver's completion.
/// `None` when those cells lead nowhere within [`FILL_BUDGET`] nodes.
pub fn searched_solution(shape: &Shape, rng: &mut Rng) -> Option<Grid> {
    let n = shape.side();
    let mut grid = Grid::empty(shape.clone());
    for (c, d) in rng.permutation(n).into_iter().enumerate() {
        grid.set(c, d as u8 + 1);
    }
    for _ in 0..n {
        let cell = n + rng.below(n * n - n);
        let digit = rng.below(n) as u8 + 1;
        let free =
            grid.get(cell) == 0 && (0..n * n).all(|o| grid.get(o) != digit || !shape.sees(cell, o));
        if free {
            grid.set(cell, digit);
        }
    }
    let mut solver = Solver::new(&grid, Engine::Bitmask, 1);
    solver.run(FILL_BUDGET);
    match solver.report().outcome {
        Outcome::Solved(g) => Some(g),
        _ => None,
    }
}

/// Random jigsaw regions of `side`: `side` connected regions of `side`
/// cells each. They start as the side's boxes (or as rows, for a side
/// without boxes) and are then shuffled by swaps of two border cells
/// between neighbouring regions that keep both regions connected, as
/// Simon Tatham's `divvy.c` reshapes its polyominoes (ours: swaps, not his
/// chains of moves).
pub fn random_regions(side: usize, rng: &mut Rng) -> Vec<u8> {
    let n = side;
    let mut region: Vec<u8> = match crate::shape::usual_box(n) {
        Some((r, c)) => {
            let s = Shape::boxes(r, c).expect("the usual boxes");
            (0..n * n).map(|cell| s.region_of(cell) as u8).collect()
        }
        None => (0..n * n).map(|cell| (cell / n) as u8).collect(),
    };
    let neighbours = |cell: usize| {
        let (r, c) = (cell / n, cell % n);
        [
            (r > 0).then(|| cell - n),
            (r + 1 < n).then(|| cell + n),
            (c > 0).then(|| cell - 1),
            (c + 1 < n).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    };
    let connected = |region: &[u8], id: u8| -> bool {
        let cells: Vec<usize> = (0..n * n).filter(|&c| region[c] == id).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut count = 0;
        while let Some(x) = stack.pop() {
            count += 1;
            for y in neighbours(x) {
                if !seen[y] && region[y] == id {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        count == cells.len()
    };
    // Enough swaps to carry every region far from its box.
    let swaps = 4 * n * n;
    let mut done = 0;
    let mut tries = 0;
    while done < swaps && tries < 50 * swaps {
        tries += 1;
        let x = rng.below(n * n);
        let ys: Vec<usize> = neighbours(x).filter(|&y| region[y] != region[x]).collect();
        if ys.is_empty() {
            continue;
        }
        let (a, b) = (region[x], region[ys[rng.below(ys.len())]]);
        // A cell of b bordering a, other than x's neighbour picked: x goes
        // to b, it comes to a.
        let others: Vec<usize> = (0..n * n)
            .filter(|&c| region[c] == b && neighbours(c).any(|z| region[z] == a && z != x))
            .collect();
        if others.is_empty() {
            continue;
        }
        let y = others[rng.below(others.len())];
        region[x] = b;
        region[y] = a;
        if connected(&region, a) && connected(&region, b) {
            done += 1;
        } else {
            region[x] = a;
            region[y] = b;
        }
    }
    region
}

/// Grids tried before random regions are given up for new ones: most
/// regions admit a grid at once, a few admit none.
const REGION_TRIES: usize = 8;

/// A random jigsaw of `side` with `extras`, with one of its solutions:
/// fresh regions until some admit a grid.
pub fn random_jigsaw(side: usize, extras: Extras, rng: &mut Rng) -> (Shape, Grid) {
    loop {
        let regions = random_regions(side, rng);
        let Ok(shape) = Shape::jigsaw(&regions).and_then(|s| s.with_extras(extras)) else {
            continue;
        };
        for _ in 0..REGION_TRIES {
            if let Some(g) = searched_solution(&shape, rng) {
                return (shape, g);
            }
        }
    }
}

/// Whether `puzzle` provably has one solution within `budget` nodes (an
/// undecided search counts as "not provably", so the cell stays).
/// `emptied`: the one cell just emptied of a puzzle with one solution, and
/// its digit, when that is how `puzzle` was made.
fn unique_within(puzzle: &Grid, budget: u64, emptied: Option<(usize, u8)>) -> bool {
    if let Some((cell, digit)) = emptied {
        if let Some(unique) = solver::unique_after_emptying(puzzle, cell, digit, budget) {
            return unique;
        }
    }
    let mut solver = Solver::new(puzzle, Engine::Bitmask, 2);
    solver.run(budget) && solver.found() == 1
}

/// Nodes allowed per uniqueness check while generating (a check that runs
/// out keeps its cell): generous up to 16×16 for the square boxes and up to
/// 12×12 for the other shapes; small for 25×25, whose sparse puzzles would
/// otherwise take minutes. From 13×13 up the house engine's hardest checks
/// run to many thousands of nodes: with 2,000 instead of 20,000, a 16×16
/// jigsaw takes 0.7 s instead of 6–16 s for about the same givens (71
/// against 70 on average), a 20×20 1.8 s instead of 3–5 s for 3 givens more.
fn check_budget(shape: &Shape) -> u64 {
    match (shape.side(), shape.square_box()) {
        (25.., _) => 300,
        (13.., None) => 2_000,
        _ => 20_000,
    }
}

/// Empties cells of `solution` in random order, keeping each removal only if
/// the puzzle still has one solution, until `givens` cells are left or no
/// cell can go. With `symmetric`, cells go in pairs (180° rotation).
pub fn remove_while_unique(solution: &Grid, rng: &mut Rng, givens: usize, symmetric: bool) -> Grid {
    let mut removal = Removal::new(solution, rng, givens, symmetric, None);
    while !removal.step(usize::MAX) {}
    removal.puzzle
}

/// What a removal must keep true.
#[derive(Clone, Copy, Debug)]
enum Keep {
    /// One solution, proven by search within the size's budget.
    Unique,
    /// Techniques up to this level solve the puzzle.
    Logic(Level),
    /// One solution, proven by search within `budget` nodes; the pass ends
    /// at the first cell it empties.
    OneMore {
        /// Nodes per check.
        budget: u64,
    },
}

/// The passes over the random order that make a puzzle of `level` of
/// `size`. Beyond: cells go while every technique still solves the puzzle,
/// then one more while it stays unique: that one defeats the techniques.
fn passes(shape: &Shape, level: Option<Level>) -> Vec<Keep> {
    match level {
        None => vec![Keep::Unique],
        Some(Level::Beyond) => vec![
            Keep::Logic(Level::Expert),
            Keep::OneMore {
                // The learning engine takes 25×25 checks over: a bound of
                // seconds, not minutes, per check.
                budget: if shape.side() >= 25 { 50_000 } else { 20_000 },
            },
        ],
        Some(l) => vec![Keep::Logic(l)],
    }
}

/// [`remove_while_unique`] in steps, so a caller can stop between them;
/// with `level`, in the passes that make a puzzle of that level.
struct Removal {
    puzzle: Grid,
    order: Vec<usize>,
    next: usize,
    filled: usize,
    givens: usize,
    symmetric: bool,
    passes: Vec<Keep>,
    pass: usize,
}

impl Removal {
    fn new(
        solution: &Grid,
        rng: &mut Rng,
        givens: usize,
        symmetric: bool,
        level: Option<Level>,
    ) -> Removal {
        let cells = solution.shape().cells();
        Removal {
            puzzle: solution.clone(),
            order: rng.permutation(cells),
            next: 0,
            filled: cells,
            givens,
            symmetric,
            passes: passes(solution.shape(), level),
            pass: 0,
        }
    }

    /// Whether the puzzle as it stands may stay; `emptied` as for
    /// [`unique_within`].
    fn keeps(&self, emptied: Option<(usize, u8)>) -> bool {
        let shape = self.puzzle.shape();
        match self.passes[self.pass] {
            Keep::Logic(level) => solves(&self.puzzle, level),
            Keep::Unique => unique_within(&self.puzzle, check_budget(shape), emptied),
            Keep::OneMore { budget } => unique_within(&self.puzzle, budget, emptied),
        }
    }

    /// Whether every pass is over.
    fn done(&mut self) -> bool {
        if self.filled <= self.givens {
            return true;
        }
        if self.next < self.order.len() {
            return false;
        }
        if self.pass + 1 == self.passes.len() {
            return true;
        }
        self.pass += 1;
        self.next = 0;
        false
    }

    /// Tries up to `tries` more cells; returns whether the removal is over.
    fn step(&mut self, tries: usize) -> bool {
        let cells = self.order.len();
        for _ in 0..tries {
            if self.done() {
                return true;
            }
            let cell = self.order[self.next];
            self.next += 1;
            let twin = cells - 1 - cell;
            let puzzle = &mut self.puzzle;
            if puzzle.get(cell) == 0 {
                continue;
            }
            let pair = self.symmetric && twin != cell;
            let (keep, keep_twin) = (puzzle.get(cell), puzzle.get(twin));
            puzzle.set(cell, 0);
            if pair {
                puzzle.set(twin, 0);
            }
            if self.keeps((!pair).then_some((cell, keep))) {
                self.filled -= if pair { 2 } else { 1 };
                if let Keep::OneMore { .. } = self.passes[self.pass] {
                    self.next = cells;
                }
            } else {
                let puzzle = &mut self.puzzle;
                puzzle.set(cell, keep);
                if pair {
                    puzzle.set(twin, keep_twin);
                }
            }
        }
        self.done()
    }
}

/// A generated puzzle: one solution, and how hard it is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// The givens.
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
    /// What solving it takes.
    pub grade: Grade,
}

/// The fewest givens a generated puzzle of `shape` keeps. 4×4 to 16×16 go
/// down to minimal puzzles; 25×25 stops at 55% of the cells, where
/// uniqueness checks stay fast (at 45% one puzzle took a minute; sparser
/// ones are the benchmark's frontier).
pub fn min_givens(shape: &Shape) -> usize {
    match shape.side() {
        25 => shape.cells() * 55 / 100,
        _ => 0,
    }
}

/// A random puzzle of `shape` with exactly one solution, the same for the
/// same `seed` on every platform. With `symmetric`, its givens are
/// symmetric under a 180° rotation. A jigsaw keeps its regions (see
/// [`Generator::jigsaw`] for fresh ones).
pub fn generate(shape: &Shape, seed: u64, symmetric: bool) -> Option<Generated> {
    let mut generator = Generator::new(shape, seed, symmetric)?;
    while !generator.step(usize::MAX) {}
    Some(generator.finish())
}

/// Fresh grids tried for a puzzle of the asked level before giving up (the
/// puzzle of the last one is then returned, with its real grade).
pub const ATTEMPTS: u32 = 500;

/// A random puzzle of difficulty `level` (see the module's notes): its
/// logical path uses no technique above the level and at least one at it.
/// The same for the same arguments on every platform. `None` after
/// [`ATTEMPTS`] grids that all came out easier (or, for
/// [`Level::Beyond`], solvable by logic).
pub fn generate_level(
    shape: &Shape,
    seed: u64,
    symmetric: bool,
    level: Level,
) -> Option<Generated> {
    let mut generator = Generator::with_level(shape, seed, symmetric, Some(level))?;
    while !generator.step(usize::MAX) {}
    generator.matched().then(|| generator.finish())
}

/// [`generate`] and [`generate_level`] in steps of a few cells, for a front
/// end that must stay responsive on its own thread (the single-file page)
/// or take a Cancel between steps (the worker). Same seed, same puzzle.
pub struct Generator {
    /// The shape of the grid being emptied.
    shape: Shape,
    /// For a jigsaw that makes its own regions, its side and extras: each
    /// grid tried gets fresh regions.
    fresh: Option<(usize, Extras)>,
    symmetric: bool,
    level: Option<Level>,
    rng: Rng,
    solution: Grid,
    removal: Removal,
    attempts: u32,
    /// Whether the finished puzzle is of the asked level.
    matched: bool,
    finished: bool,
}

impl Generator {
    /// Starts the puzzle [`generate`] makes from the same arguments; `None`
    /// when no grid of the shape has a solution.
    pub fn new(shape: &Shape, seed: u64, symmetric: bool) -> Option<Generator> {
        Generator::with_level(shape, seed, symmetric, None)
    }

    /// Starts the puzzle [`generate_level`] makes (`None`: any level, as
    /// [`generate`]).
    pub fn with_level(
        shape: &Shape,
        seed: u64,
        symmetric: bool,
        level: Option<Level>,
    ) -> Option<Generator> {
        Generator::start(Ok(shape.clone()), seed, symmetric, level)
    }

    /// A jigsaw of `side` with `extras` and regions of its own, made from
    /// the seed like the rest (fresh regions for each grid tried).
    pub fn jigsaw(
        side: usize,
        extras: Extras,
        seed: u64,
        symmetric: bool,
        level: Option<Level>,
    ) -> Generator {
        Generator::start(Err((side, extras)), seed, symmetric, level)
            .expect("fresh regions come with a solution")
    }

    /// Starts on a given shape, or on fresh jigsaw regions of a side and
    /// extras.
    fn start(
        shape: Result<Shape, (usize, Extras)>,
        seed: u64,
        symmetric: bool,
        level: Option<Level>,
    ) -> Option<Generator> {
        let mut rng = Rng::new(seed);
        let fresh = shape.as_ref().err().copied();
        let (shape, solution) = match shape {
            Ok(shape) => {
                let solution = random_solution(&shape, &mut rng)?;
                (shape, solution)
            }
            Err((side, extras)) => random_jigsaw(side, extras, &mut rng),
        };
        let removal = Removal::new(
            &solution,
            &mut rng,
            givens_floor(&shape, level),
            symmetric,
            level,
        );
        Some(Generator {
            shape,
            fresh,
            symmetric,
            level,
            rng,
            solution,
            removal,
            attempts: 1,
            matched: false,
            finished: false,
        })
    }

    /// Tries to empty up to `cells` more cells (each try is one check);
    /// returns whether the puzzle is finished.
    pub fn step(&mut self, cells: usize) -> bool {
        let mut left = cells;
        while !self.finished && left > 0 {
            let tries = left.min(8);
            left -= tries;
            if self.removal.step(tries) {
                self.end_attempt();
            }
        }
        self.finished
    }

    /// An attempt has emptied what it could: keep it, or start another.
    fn end_attempt(&mut self) {
        let Some(level) = self.level else {
            self.matched = true;
            self.finished = true;
            return;
        };
        let got = path(&self.removal.puzzle, Level::Expert)
            .map(|p| p.level())
            .unwrap_or(Level::Beyond);
        if got == level || self.attempts >= ATTEMPTS {
            self.matched = got == level;
            self.finished = true;
            return;
        }
        self.attempts += 1;
        (self.shape, self.solution) = match self.fresh {
            Some((side, extras)) => random_jigsaw(side, extras, &mut self.rng),
            None => (
                self.shape.clone(),
                random_solution(&self.shape, &mut self.rng).expect("its first grid had one"),
            ),
        };
        self.removal = Removal::new(
            &self.solution,
            &mut self.rng,
            givens_floor(&self.shape, self.level),
            self.symmetric,
            self.level,
        );
    }

    /// Whether the finished puzzle is of the asked level (always, without
    /// one).
    pub fn matched(&self) -> bool {
        self.matched
    }

    /// Grids tried so far.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// The puzzle and its grade (call once [`Generator::step`] says it is
    /// finished; before that, a puzzle with more givens than it would have).
    pub fn finish(&self) -> Generated {
        let puzzle = self.removal.puzzle.clone();
        let grade = grade(&puzzle).expect("a generated puzzle has a solution");
        Generated {
            puzzle,
            solution: self.solution.clone(),
            grade,
        }
    }
}

/// The fewest givens to keep: none at a level (logic keeps what it needs,
/// and beyond empties one cell past that), [`min_givens`] otherwise.
fn givens_floor(shape: &Shape, level: Option<Level>) -> usize {
    match level {
        Some(_) => 0,
        None => min_givens(shape),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::is_valid_full;

    /// A shape of every kind: square and rectangular boxes, both ways up,
    /// with diagonals and windows, and a jigsaw.
    fn shapes() -> Vec<Shape> {
        let mut out: Vec<Shape> = Shape::SQUARES.to_vec();
        for (r, c) in [
            (2, 3),
            (3, 2),
            (2, 4),
            (2, 5),
            (3, 4),
            (4, 3),
            (2, 6),
            (3, 5),
            (4, 5),
        ] {
            out.push(Shape::boxes(r, c).unwrap());
        }
        let x = Extras {
            diagonals: true,
            windows: false,
        };
        let hyper = Extras {
            diagonals: false,
            windows: true,
        };
        out.push(Shape::S9.with_extras(x).unwrap());
        out.push(Shape::S9.with_extras(hyper).unwrap());
        out.push(Shape::from_side(6).unwrap().with_extras(x).unwrap());
        out.push(Shape::jigsaw(&random_regions(9, &mut Rng::new(4))).unwrap());
        out
    }

    #[test]
    fn random_solutions_are_valid_and_seeded() {
        for shape in shapes() {
            for seed in 0..10 {
                let g = random_solution(&shape, &mut Rng::new(seed)).expect("a solution");
                assert_eq!(is_valid_full(&g), Ok(()), "{shape} seed {seed}");
                assert_eq!(Some(g), random_solution(&shape, &mut Rng::new(seed)));
            }
        }
    }

    #[test]
    fn random_regions_are_connected_and_even() {
        for side in [4, 5, 6, 7, 9, 12, 16] {
            for seed in 0..5 {
                let regions = random_regions(side, &mut Rng::new(seed));
                let shape = Shape::jigsaw(&regions).expect("n regions of n cells");
                assert_eq!(regions, random_regions(side, &mut Rng::new(seed)));
                // Connected: every cell reaches its region's first cell.
                for r in 0..side {
                    let cells = shape.house_cells(crate::shape::House::Region(r));
                    let mut seen = vec![cells[0]];
                    let mut i = 0;
                    while i < seen.len() {
                        let x = seen[i];
                        for &y in &cells {
                            let adjacent = (x / side == y / side && x.abs_diff(y) == 1)
                                || x.abs_diff(y) == side;
                            if adjacent && !seen.contains(&y) {
                                seen.push(y);
                            }
                        }
                        i += 1;
                    }
                    assert_eq!(seen.len(), side, "side {side} seed {seed} region {r}");
                }
                if side == 9 {
                    // Far from the boxes they started as.
                    assert_ne!(shape, Shape::S9.clone());
                }
            }
        }
    }

    #[test]
    fn steps_make_the_same_puzzle_as_one_call() {
        for (shape, seed) in [(Shape::S9, 3), (Shape::S16, 8), (Shape::S25, 1)] {
            let size = &shape;
            let whole = generate(size, seed, seed % 2 == 0).expect("a puzzle");
            let mut stepped = Generator::new(size, seed, seed % 2 == 0).expect("a grid");
            let mut steps = 0;
            while !stepped.step(7) {
                steps += 1;
            }
            assert!(steps > 1, "{size}: several steps");
            assert_eq!(stepped.finish(), whole, "{size} seed {seed}");
        }
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Rng::new(7);
        let mut seen = [0; 5];
        for _ in 0..1000 {
            seen[rng.below(5)] += 1;
        }
        assert!(seen.iter().all(|&k| k > 150), "{seen:?}");
    }
}
