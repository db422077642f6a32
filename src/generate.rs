//! Random grids and puzzles, reproducible from a seed.
//!
//! A solved grid comes from the pattern `digit(r, c) = (b·(r mod b) + r div b + c) mod n`
//! shuffled by the moves that keep a grid valid: relabel digits, swap rows in
//! a band, swap bands, the same for columns, and transpose. A puzzle comes from
//! a solved grid by emptying cells in random order while the solution stays
//! unique.

use crate::grid::{Grid, Size};
use crate::logic::{grade, Grade};
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
    let mut removal = Removal::new(solution, rng, givens, symmetric);
    while !removal.step(usize::MAX) {}
    removal.puzzle
}

/// [`remove_while_unique`] in steps, so a caller can stop between them.
struct Removal {
    puzzle: Grid,
    order: Vec<usize>,
    next: usize,
    filled: usize,
    givens: usize,
    symmetric: bool,
}

impl Removal {
    fn new(solution: &Grid, rng: &mut Rng, givens: usize, symmetric: bool) -> Removal {
        let cells = solution.size().cells();
        Removal {
            puzzle: solution.clone(),
            order: rng.permutation(cells),
            next: 0,
            filled: cells,
            givens,
            symmetric,
        }
    }

    /// Tries up to `tries` more cells; returns whether the removal is over.
    fn step(&mut self, tries: usize) -> bool {
        let cells = self.order.len();
        let puzzle = &mut self.puzzle;
        for _ in 0..tries {
            if self.next == cells || self.filled <= self.givens {
                return true;
            }
            let cell = self.order[self.next];
            self.next += 1;
            let twin = cells - 1 - cell;
            if puzzle.get(cell) == 0 {
                continue;
            }
            let pair = self.symmetric && twin != cell;
            let (keep, keep_twin) = (puzzle.get(cell), puzzle.get(twin));
            puzzle.set(cell, 0);
            if pair {
                puzzle.set(twin, 0);
            }
            if unique_within(puzzle, check_budget(puzzle.size())) {
                self.filled -= if pair { 2 } else { 1 };
            } else {
                puzzle.set(cell, keep);
                if pair {
                    puzzle.set(twin, keep_twin);
                }
            }
        }
        self.next == cells || self.filled <= self.givens
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

/// [`generate`] in steps of a few cells, for a front end that must stay
/// responsive on its own thread (the single-file page) or take a Cancel
/// between steps (the worker). Same seed, same puzzle.
pub struct Generator {
    solution: Grid,
    removal: Removal,
}

impl Generator {
    /// Starts the puzzle [`generate`] makes from the same arguments.
    pub fn new(size: Size, seed: u64, symmetric: bool) -> Generator {
        let mut rng = Rng::new(seed);
        let solution = random_solution(size, &mut rng);
        let removal = Removal::new(&solution, &mut rng, min_givens(size), symmetric);
        Generator { solution, removal }
    }

    /// Tries to empty up to `cells` more cells (each try is one uniqueness
    /// check); returns whether the puzzle is finished.
    pub fn step(&mut self, cells: usize) -> bool {
        self.removal.step(cells)
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
