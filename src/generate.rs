//! Random grids and puzzles, reproducible from a seed.
//!
//! A solved grid comes from the pattern `digit(r, c) = (b·(r mod b) + r div b + c) mod n`
//! shuffled by the moves that keep a grid valid: relabel digits, swap rows in
//! a band, swap bands, the same for columns, and transpose. A puzzle comes from
//! a solved grid by emptying cells in random order while the solution stays
//! unique.
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

use crate::grid::{Grid, Size};
use crate::logic::{grade, path, solves, Grade, Level};
use crate::solver::{Engine, Solver};

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

/// A random solved grid.
pub fn random_solution(size: Size, rng: &mut Rng) -> Grid {
    let (b, n) = (size.box_size(), size.side());
    let digits = rng.permutation(n);
    // Rows: shuffle the bands, and the rows inside each band; columns alike.
    let lines = |rng: &mut Rng| -> Vec<usize> {
        let bands = rng.permutation(b);
        bands
            .iter()
            .flat_map(|&band| rng.permutation(b).into_iter().map(move |i| band * b + i))
            .collect()
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let transpose = rng.below(2) == 1;
    let mut cells = vec![0u8; n * n];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let base = (b * (pr % b) + pr / b + pc) % n;
            let at = if transpose { c * n + r } else { r * n + c };
            cells[at] = digits[base] as u8 + 1;
        }
    }
    Grid::from_cells(size, cells).expect("a permuted pattern grid is a grid")
}

/// Whether `puzzle` provably has one solution within `budget` nodes (an
/// undecided search counts as "not provably", so the cell stays).
fn unique_within(puzzle: &Grid, budget: u64) -> bool {
    let mut solver = Solver::new(puzzle, Engine::Bitmask, 2);
    solver.run(budget) && solver.found() == 1
}

/// Nodes allowed per uniqueness check while generating: generous up to
/// 16×16; small for 25×25, whose sparse puzzles would otherwise take
/// minutes (a check that runs out keeps its cell).
fn check_budget(size: Size) -> u64 {
    if size.side() >= 25 {
        300
    } else {
        20_000
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
fn passes(size: Size, level: Option<Level>) -> Vec<Keep> {
    match level {
        None => vec![Keep::Unique],
        Some(Level::Beyond) => vec![
            Keep::Logic(Level::Expert),
            Keep::OneMore {
                // The learning engine takes 25×25 checks over: a bound of
                // seconds, not minutes, per check.
                budget: if size.side() >= 25 { 50_000 } else { 20_000 },
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
        let cells = solution.size().cells();
        Removal {
            puzzle: solution.clone(),
            order: rng.permutation(cells),
            next: 0,
            filled: cells,
            givens,
            symmetric,
            passes: passes(solution.size(), level),
            pass: 0,
        }
    }

    /// Whether the puzzle as it stands may stay.
    fn keeps(&self) -> bool {
        match self.passes[self.pass] {
            Keep::Logic(level) => solves(&self.puzzle, level),
            Keep::Unique => unique_within(&self.puzzle, check_budget(self.puzzle.size())),
            Keep::OneMore { budget } => unique_within(&self.puzzle, budget),
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
            if self.keeps() {
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

/// The fewest givens a generated puzzle of `size` keeps. 4×4 to 16×16 go
/// down to minimal puzzles; 25×25 stops at 55% of the cells, where
/// uniqueness checks stay fast (at 45% one puzzle took a minute; sparser
/// ones are the benchmark's frontier).
pub fn min_givens(size: Size) -> usize {
    match size.side() {
        25 => size.cells() * 55 / 100,
        _ => 0,
    }
}

/// A random puzzle with exactly one solution, the same for the same `seed`
/// on every platform. With `symmetric`, its givens are symmetric under a
/// 180° rotation.
pub fn generate(size: Size, seed: u64, symmetric: bool) -> Generated {
    let mut generator = Generator::new(size, seed, symmetric);
    while !generator.step(usize::MAX) {}
    generator.finish()
}

/// Fresh grids tried for a puzzle of the asked level before giving up (the
/// puzzle of the last one is then returned, with its real grade).
pub const ATTEMPTS: u32 = 500;

/// A random puzzle of difficulty `level` (see the module's notes): its
/// logical path uses no technique above the level and at least one at it.
/// The same for the same arguments on every platform. `None` after
/// [`ATTEMPTS`] grids that all came out easier (or, for
/// [`Level::Beyond`], solvable by logic).
pub fn generate_level(size: Size, seed: u64, symmetric: bool, level: Level) -> Option<Generated> {
    let mut generator = Generator::with_level(size, seed, symmetric, Some(level));
    while !generator.step(usize::MAX) {}
    generator.matched().then(|| generator.finish())
}

/// [`generate`] and [`generate_level`] in steps of a few cells, for a front
/// end that must stay responsive on its own thread (the single-file page)
/// or take a Cancel between steps (the worker). Same seed, same puzzle.
pub struct Generator {
    size: Size,
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
    /// Starts the puzzle [`generate`] makes from the same arguments.
    pub fn new(size: Size, seed: u64, symmetric: bool) -> Generator {
        Generator::with_level(size, seed, symmetric, None)
    }

    /// Starts the puzzle [`generate_level`] makes (`None`: any level, as
    /// [`generate`]).
    pub fn with_level(size: Size, seed: u64, symmetric: bool, level: Option<Level>) -> Generator {
        let mut rng = Rng::new(seed);
        let solution = random_solution(size, &mut rng);
        let removal = Removal::new(
            &solution,
            &mut rng,
            givens_floor(size, level),
            symmetric,
            level,
        );
        Generator {
            size,
            symmetric,
            level,
            rng,
            solution,
            removal,
            attempts: 1,
            matched: false,
            finished: false,
        }
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
        self.solution = random_solution(self.size, &mut self.rng);
        self.removal = Removal::new(
            &self.solution,
            &mut self.rng,
            givens_floor(self.size, self.level),
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
fn givens_floor(size: Size, level: Option<Level>) -> usize {
    match level {
        Some(_) => 0,
        None => min_givens(size),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::is_valid_full;

    #[test]
    fn random_solutions_are_valid_and_seeded() {
        for size in Size::ALL {
            for seed in 0..20 {
                let g = random_solution(size, &mut Rng::new(seed));
                assert_eq!(is_valid_full(g.cells()), Ok(()), "{size} seed {seed}");
                assert_eq!(g, random_solution(size, &mut Rng::new(seed)));
            }
        }
    }

    #[test]
    fn steps_make_the_same_puzzle_as_one_call() {
        for (size, seed) in [(Size::S9, 3), (Size::S16, 8), (Size::S25, 1)] {
            let whole = generate(size, seed, seed % 2 == 0);
            let mut stepped = Generator::new(size, seed, seed % 2 == 0);
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
