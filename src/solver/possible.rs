//! Every possible value: for each cell, the values that at least one
//! solution holds there (what sigh's Interactive Sudoku Solver calls "all
//! possibilities"), for puzzles with several solutions too.
//!
//! A solution covers one value of every cell at once. So: search for two
//! solutions; a unique puzzle is then done (its solution is every possible
//! value), and no solution leaves none. Otherwise take the first
//! solution's values, and for each candidate left after root propagation
//! and not yet covered, search for one solution that holds it: found, its
//! values are covered in every cell; not found, the candidate is
//! impossible. Each search is a [`Solver`] run in slices, so the whole
//! stops and resumes between any two slices, as the page's worker needs.

use super::{propagated_candidates, Engine, Solver};
use crate::grid::Grid;

/// The search for every possible value, in slices.
pub struct Possible {
    grid: Grid,
    /// Per cell, the values some solution found so far holds.
    seen: Vec<u32>,
    /// Per cell, the candidates not decided yet.
    open: Vec<u32>,
    /// The cell the scan for the next open candidate starts from.
    next: usize,
    /// The search under way: the first (two solutions), or one for a
    /// candidate (`Some((cell, digit))`).
    search: Option<(Option<(usize, u8)>, Solver)>,
    decided: u64,
    total: u64,
    nodes: u64,
    done: bool,
}

impl Possible {
    /// Prepares the search for `grid` (its first search propagates the
    /// root).
    pub fn new(grid: &Grid) -> Possible {
        Possible {
            grid: grid.clone(),
            seen: vec![0; grid.cells().len()],
            open: vec![0; grid.cells().len()],
            next: 0,
            search: Some((None, Solver::new(grid, Engine::Bitmask, 2))),
            decided: 0,
            total: 0,
            nodes: 0,
            done: false,
        }
    }

    /// Works until done or until `stop` says so (asked between slices of a
    /// few hundred nodes); returns whether it is done.
    pub fn run_until(&mut self, mut stop: impl FnMut() -> bool) -> bool {
        while !self.done {
            let Some((trying, solver)) = &mut self.search else {
                self.start_next();
                continue;
            };
            let before = solver.stats().nodes;
            let finished = solver.run_until(u64::MAX, &mut stop);
            self.nodes += solver.stats().nodes - before;
            if !finished {
                return false;
            }
            let trying = *trying;
            let report = solver.report();
            self.search = None;
            let solution = report.outcome.solution().map(|g| g.cells().to_vec());
            match (trying, solution) {
                (None, None) => self.done = true,
                (None, Some(s)) => {
                    self.cover(&s);
                    if report.outcome.found() < 2 {
                        // Unique: its solution is every possible value.
                        self.done = true;
                    } else {
                        self.open_candidates();
                    }
                }
                (Some(_), Some(s)) => self.cover(&s),
                (Some((cell, digit)), None) => {
                    self.open[cell] &= !(1 << (digit - 1));
                    self.decided += 1;
                }
            }
            if stop() {
                return self.done;
            }
        }
        true
    }

    /// The candidates left to decide: the root propagation's, less the
    /// values the first solution covers.
    fn open_candidates(&mut self) {
        let candidates = propagated_candidates(&self.grid).unwrap_or_default();
        for (cell, &mask) in candidates.iter().enumerate() {
            if self.grid.get(cell) == 0 {
                self.open[cell] = mask & !self.seen[cell];
            }
        }
        self.total = self.decided + self.open.iter().map(|m| m.count_ones() as u64).sum::<u64>();
    }

    /// Starts the search for the next open candidate, or ends.
    fn start_next(&mut self) {
        let n = self.open.len();
        let Some(cell) = (self.next..n).find(|&c| self.open[c] != 0) else {
            self.done = true;
            return;
        };
        self.next = cell;
        let digit = self.open[cell].trailing_zeros() as u8 + 1;
        let mut with = self.grid.clone();
        with.set(cell, digit);
        self.search = Some((Some((cell, digit)), Solver::new(&with, Engine::Bitmask, 1)));
    }

    /// Takes a solution's values: each is possible, and decided.
    fn cover(&mut self, solution: &[u8]) {
        for (cell, &d) in solution.iter().enumerate() {
            let bit = 1 << (d - 1);
            self.seen[cell] |= bit;
            if self.open[cell] & bit != 0 {
                self.open[cell] &= !bit;
                self.decided += 1;
            }
        }
    }

    /// Whether every candidate is decided.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Per cell, the values some solution holds (bit `d - 1` for digit
    /// `d`; a given's own; 0 everywhere when there is no solution). Final
    /// once [`Possible::is_done`]; before, the values found so far.
    pub fn masks(&self) -> &[u32] {
        &self.seen
    }

    /// Candidates decided so far, and in all (0 and 0 until the first
    /// search has ended, and for a unique puzzle).
    pub fn progress(&self) -> (u64, u64) {
        (self.decided, self.total)
    }

    /// Search nodes so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_first, ParseOptions};
    use crate::shape::Shape;
    use crate::solver::Solutions;
    use crate::verify::verify;

    /// The union of every solution, by enumerating them all.
    fn union_of_all(grid: &Grid) -> Vec<u32> {
        let mut union = vec![0; grid.cells().len()];
        for s in Solutions::new(grid, Engine::Bitmask) {
            verify(grid, &s).expect("a solution");
            for (u, &d) in union.iter_mut().zip(s.cells()) {
                *u |= 1 << (d - 1);
            }
        }
        union
    }

    fn grid(text: &str) -> Grid {
        parse_first(text, ParseOptions::default()).unwrap().0.grid
    }

    fn lines(name: &str, n: usize) -> Vec<String> {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .take(n)
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect()
    }

    #[test]
    fn every_possible_value_is_the_union_of_all_solutions() {
        let mut puzzles: Vec<String> = lines("9x9_counts.txt", 6);
        puzzles.extend(lines("4x4_counts.txt", 10));
        puzzles.extend(lines("9x9_several.txt", 6));
        puzzles.extend(lines("9x9_classic.txt", 3));
        for text in puzzles {
            let g = grid(&text);
            let mut p = Possible::new(&g);
            assert!(p.run_until(|| false));
            assert_eq!(p.masks(), &union_of_all(&g)[..], "{text}");
            let (done, total) = p.progress();
            assert_eq!(done, total, "{text}");
        }
    }

    #[test]
    fn slices_change_nothing_and_no_solution_leaves_none() {
        let text = &lines("9x9_counts.txt", 1)[0];
        let g = grid(text);
        let mut whole = Possible::new(&g);
        whole.run_until(|| false);
        // Stop at every chance: the same result, one slice at a time.
        let mut sliced = Possible::new(&g);
        let mut slices = 0;
        while !sliced.run_until(|| true) {
            slices += 1;
        }
        assert!(slices > 10, "{slices} slices");
        assert_eq!(sliced.masks(), whole.masks());
        // Two givens that clash, and a grid with no solution.
        let mut clash = Grid::empty(Shape::S4);
        clash.set(0, 1);
        clash.set(1, 1);
        let mut none = Grid::empty(Shape::S4);
        for (cell, d) in [(0, 1), (1, 2), (6, 3), (11, 4), (13, 4)] {
            none.set(cell, d);
        }
        for g in [clash, none] {
            let mut p = Possible::new(&g);
            assert!(p.run_until(|| false));
            assert!(p.masks().iter().all(|&m| m == 0), "{g:?}");
        }
    }
}
