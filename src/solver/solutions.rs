//! A puzzle's solutions one at a time, for browsing them: each request
//! searches on from where the last one stopped, to the next solution.
//!
//! No engine keeps its solutions. A [`Solver`] with limit `k` stops on its
//! `k`-th solution and stands there, so the solution is read off its state
//! (the band engine's board, the learning engine's trail, Dancing Links'
//! rows); raising the limit to `k + 1` resumes the search past it.

use super::{Engine, Solver};
use crate::grid::Grid;

/// What [`Solutions::search`] came to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NextSolution {
    /// The next solution.
    Found(Grid),
    /// Every solution has been handed out (none, for a puzzle without one
    /// or with conflicting givens).
    Exhausted,
    /// The node budget or the stop hook came first: search again to go on.
    Paused,
}

/// The solutions of a puzzle, one per request, in the engine's order, each
/// once. Also an [`Iterator`] that searches without a budget.
pub struct Solutions {
    solver: Solver,
    /// Solutions handed out so far.
    handed: u64,
}

impl Solutions {
    /// Prepares the search (checks the givens, propagates the root).
    pub fn new(puzzle: &Grid, engine: Engine) -> Solutions {
        Solutions {
            solver: Solver::new(puzzle, engine, 1),
            handed: 0,
        }
    }

    /// Searches `more_nodes` further nodes at most for the next solution,
    /// asking `stop` every [`super::STOP_CHECK_NODES`] nodes whether to
    /// pause (a deadline, a user's Cancel).
    pub fn search(&mut self, more_nodes: u64, stop: impl FnMut() -> bool) -> NextSolution {
        if !self.solver.is_finished() && !self.solver.run_until(more_nodes, stop) {
            return NextSolution::Paused;
        }
        if self.solver.found() == self.handed {
            return NextSolution::Exhausted;
        }
        // Stopped on a new solution: hand it out, then ask for one more.
        let cells = self.solver.latest_cells().expect("a solution was found");
        let shape = self.solver.shape.clone();
        self.handed += 1;
        self.solver.raise_limit(self.handed + 1);
        NextSolution::Found(Grid::from_cells(shape, cells).expect("the engines return full grids"))
    }

    /// Solutions handed out so far.
    pub fn handed(&self) -> u64 {
        self.handed
    }

    /// The search behind: its cost, progress and report. Once the
    /// solutions are exhausted, its report says how many there are.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        loop {
            match self.search(u64::MAX, || false) {
                NextSolution::Found(grid) => return Some(grid),
                NextSolution::Exhausted => return None,
                NextSolution::Paused => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use std::collections::HashSet;

    #[test]
    fn a_hand_over_while_browsing_hands_out_the_rest() {
        // Handing over after a few nodes, before the first solution or
        // after it: the learning engine hands out the rest.
        let path = format!("{}/tests/data/9x9_counts.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let mut cases: Vec<Grid> = crate::parse::parse_all(&text, Default::default())
            .into_iter()
            .take(3)
            .map(|e| e.result.unwrap().grid)
            .collect();
        cases.push(Grid::empty(Shape::S4));
        for puzzle in &cases {
            let want: HashSet<Vec<u8>> = Solutions::new(puzzle, Engine::Dlx)
                .map(|g| g.cells().to_vec())
                .collect();
            for after in [1, 2, 3, 5, 8, 13, 40] {
                let mut browse = Solutions::new(puzzle, Engine::Bitmask);
                browse.solver.handover = after;
                let mut got = HashSet::new();
                for g in browse.by_ref() {
                    crate::verify::verify(puzzle, &g).unwrap();
                    assert!(got.insert(g.cells().to_vec()), "a solution twice");
                }
                assert_eq!(got, want, "hand-over after {after}");
                if after == 1 {
                    // The root alone: handed over before any solution.
                    assert_eq!(browse.solver().progress().engine, Engine::Learn);
                }
            }
        }
    }
}
