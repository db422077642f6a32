//! Solving: one signature for both engines.
//!
//! [`solve`] answers a puzzle in one call; [`Solver`] does the same work in
//! slices of search nodes, for callers that must stay responsive.

mod board;
#[cfg(not(target_arch = "wasm32"))]
mod dlx;
mod locked;
mod nine;
mod propagate;
mod search;
mod shape;
mod singles;
mod subsets;

use std::fmt;

use crate::grid::{Conflict, Grid, Size};
use search::BandSearch;
use shape::{S2, S3, S4, S5};

/// How often [`Solver::run_until`] asks whether to stop, in nodes: a few
/// milliseconds of work at most, even on 25×25.
pub const STOP_CHECK_NODES: u64 = 256;

/// Which engine searches.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Engine {
    /// Candidate bit masks, naked and hidden singles, fewest-candidates branching.
    #[default]
    Bitmask,
    /// Dancing Links (Knuth's Algorithm X), the independent cross-check.
    /// Native builds only: the WebAssembly module leaves it out (2.4 KB
    /// gzipped that no page uses).
    #[cfg(not(target_arch = "wasm32"))]
    Dlx,
}

impl Engine {
    /// Reads a machine name: `bitmask`, `dlx`.
    pub fn from_name(name: &str) -> Option<Engine> {
        match name.trim().to_ascii_lowercase().as_str() {
            "bitmask" => Some(Engine::Bitmask),
            #[cfg(not(target_arch = "wasm32"))]
            "dlx" => Some(Engine::Dlx),
            _ => None,
        }
    }

    /// The stable machine name: `bitmask`, `dlx`.
    pub fn id(self) -> &'static str {
        match self {
            Engine::Bitmask => "bitmask",
            #[cfg(not(target_arch = "wasm32"))]
            Engine::Dlx => "dlx",
        }
    }
}

/// What the search counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Stats {
    /// Search nodes: the root plus every digit tried by a guess.
    pub nodes: u64,
    /// Branch points: positions where more than one digit had to be tried.
    pub guesses: u64,
}

/// How far to go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SolveOptions {
    /// The engine that searches.
    pub engine: Engine,
    /// Stop after this many solutions: 1 finds one, 2 proves uniqueness.
    /// Values below 1 count as 1.
    pub limit: u64,
    /// Stop after this many search nodes, with [`Outcome::OutOfBudget`].
    pub max_nodes: u64,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            engine: Engine::Bitmask,
            limit: 2,
            max_nodes: u64::MAX,
        }
    }
}

/// What a solve found. Each case means one thing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The only solution: the search proved there is no other.
    Unique(Grid),
    /// A solution; uniqueness was not checked (limit 1).
    Solved(Grid),
    /// Several solutions: exactly `count`, or at least `count` when `more`
    /// (the search stopped at the limit), with one of them.
    Several {
        /// Solutions found, up to the limit.
        count: u64,
        /// Whether the search stopped at the limit (there may be more).
        more: bool,
        /// The first solution found.
        example: Grid,
    },
    /// No grid completes the givens.
    NoSolution,
    /// Two givens share a house and a digit; nothing was searched.
    Conflict(Conflict),
    /// The node budget ran out first: `found` solutions so far.
    OutOfBudget {
        /// Solutions found before the budget ran out.
        found: u64,
        /// The first of them, if any.
        example: Option<Grid>,
    },
}

impl Outcome {
    /// A solution, when one was found.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Unique(g) | Outcome::Solved(g) | Outcome::Several { example: g, .. } => {
                Some(g)
            }
            Outcome::OutOfBudget { example, .. } => example.as_ref(),
            Outcome::NoSolution | Outcome::Conflict(_) => None,
        }
    }

    /// The solution, when one was found, by value.
    pub fn into_solution(self) -> Option<Grid> {
        match self {
            Outcome::Unique(g) | Outcome::Solved(g) | Outcome::Several { example: g, .. } => {
                Some(g)
            }
            Outcome::OutOfBudget { example, .. } => example,
            Outcome::NoSolution | Outcome::Conflict(_) => None,
        }
    }

    /// Solutions found, whatever the outcome (with `OutOfBudget`, those found
    /// before the budget ran out).
    pub fn found(&self) -> u64 {
        match self {
            Outcome::Unique(_) | Outcome::Solved(_) => 1,
            Outcome::Several { count, .. } => *count,
            Outcome::OutOfBudget { found, .. } => *found,
            Outcome::NoSolution | Outcome::Conflict(_) => 0,
        }
    }

    /// The count the search established: `None` when the budget ran out
    /// first (a conflict counts as no solution).
    pub fn count(&self) -> Option<u64> {
        match self {
            Outcome::OutOfBudget { .. } => None,
            other => Some(other.found()),
        }
    }

    /// The stable machine name: `unique`, `solved`, `several`, `none`,
    /// `conflict`, `budget`.
    pub fn id(&self) -> &'static str {
        match self {
            Outcome::Unique(_) => "unique",
            Outcome::Solved(_) => "solved",
            Outcome::Several { .. } => "several",
            Outcome::NoSolution => "none",
            Outcome::Conflict(_) => "conflict",
            Outcome::OutOfBudget { .. } => "budget",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Unique(_) => f.write_str("unique solution"),
            Outcome::Solved(_) => f.write_str("solved (uniqueness not checked)"),
            Outcome::Several { count, more, .. } => {
                write!(
                    f,
                    "{}{count} solutions",
                    if *more { "at least " } else { "" }
                )
            }
            Outcome::NoSolution => f.write_str("no solution"),
            Outcome::Conflict(c) => write!(f, "conflicting givens in {}", c.house),
            Outcome::OutOfBudget { found, .. } => {
                write!(f, "node budget exhausted after {found} solution(s)")
            }
        }
    }
}

/// An outcome and what it cost.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    /// What the search found.
    pub outcome: Outcome,
    /// What it cost.
    pub stats: Stats,
}

/// Solves `puzzle` within `options`.
pub fn solve(puzzle: &Grid, options: &SolveOptions) -> Report {
    let mut solver = Solver::new(puzzle, options.engine, options.limit);
    // The budget is a total: the root counts.
    solver.run(options.max_nodes.saturating_sub(solver.stats().nodes));
    solver.report()
}

/// Counts the solutions of `puzzle` up to `limit`; the count is exact when it
/// is below the limit. A conflict counts as no solution.
pub fn count_solutions(puzzle: &Grid, engine: Engine, limit: u64) -> u64 {
    let mut solver = Solver::new(puzzle, engine, limit);
    solver.run(u64::MAX);
    solver.found()
}

enum Search {
    Conflict(Conflict),
    N2(BandSearch<S2>),
    N3(BandSearch<S3>),
    N4(BandSearch<S4>),
    N5(BandSearch<S5>),
    #[cfg(not(target_arch = "wasm32"))]
    Dlx(Dlx),
}

#[cfg(not(target_arch = "wasm32"))]
use dlx::Dlx;

macro_rules! each {
    ($s:expr, $x:ident => $e:expr) => {
        match $s {
            Search::Conflict(_) => unreachable!("no search after a conflict"),
            Search::N2($x) => $e,
            Search::N3($x) => $e,
            Search::N4($x) => $e,
            Search::N5($x) => $e,
            #[cfg(not(target_arch = "wasm32"))]
            Search::Dlx($x) => $e,
        }
    };
}

/// A solve that runs in slices: [`Solver::run`] as often as needed, then
/// [`Solver::report`].
pub struct Solver {
    size: Size,
    limit: u64,
    search: Search,
}

impl Solver {
    /// Prepares a solve (checks the givens, propagates the root). `limit` is
    /// the number of solutions to look for (1 or more).
    pub fn new(puzzle: &Grid, engine: Engine, limit: u64) -> Solver {
        let size = puzzle.size();
        let limit = limit.max(1);
        let givens = puzzle.cells();
        let search = match (engine, size.box_size()) {
            // Dancing Links needs consistent givens.
            #[cfg(not(target_arch = "wasm32"))]
            (Engine::Dlx, _) => match puzzle.conflicts().first() {
                Some(&c) => Search::Conflict(c),
                None => Search::Dlx(Dlx::new(size.side(), givens, limit)),
            },
            (Engine::Bitmask, 2) => Search::N2(BandSearch::new(givens, limit)),
            (Engine::Bitmask, 3) => Search::N3(BandSearch::new(givens, limit)),
            (Engine::Bitmask, 4) => Search::N4(BandSearch::new(givens, limit)),
            (Engine::Bitmask, _) => Search::N5(BandSearch::new(givens, limit)),
        };
        let mut solver = Solver {
            size,
            limit,
            search,
        };
        solver.name_conflict(puzzle);
        solver
    }

    /// The bitmask engine finds conflicting givens as no solution at the
    /// root; only then are the givens checked, to name the conflict.
    fn name_conflict(&mut self, puzzle: &Grid) {
        if !matches!(self.search, Search::Conflict(_)) && self.is_finished() && self.found() == 0 {
            if let Some(&c) = puzzle.conflicts().first() {
                self.search = Search::Conflict(c);
            }
        }
    }

    /// Starts a new solve like [`Solver::new`], reusing this one's memory
    /// when the size and engine are the same: for batches, where one puzzle
    /// follows another.
    pub fn restart(&mut self, puzzle: &Grid, engine: Engine, limit: u64) {
        let limit = limit.max(1);
        let same = self.size == puzzle.size() && engine == Engine::Bitmask;
        let reused = same
            && match &mut self.search {
                Search::N2(s) => {
                    s.restart(puzzle.cells(), limit);
                    true
                }
                Search::N3(s) => {
                    s.restart(puzzle.cells(), limit);
                    true
                }
                Search::N4(s) => {
                    s.restart(puzzle.cells(), limit);
                    true
                }
                Search::N5(s) => {
                    s.restart(puzzle.cells(), limit);
                    true
                }
                _ => false,
            };
        if !reused {
            *self = Solver::new(puzzle, engine, limit);
            return;
        }
        self.limit = limit;
        self.name_conflict(puzzle);
    }

    /// The solver in `slot`, restarted on `puzzle` (made on first use): how a
    /// batch solves one puzzle after another without allocating each time.
    pub fn reuse<'a>(
        slot: &'a mut Option<Solver>,
        puzzle: &Grid,
        engine: Engine,
        limit: u64,
    ) -> &'a mut Solver {
        match slot {
            Some(s) => {
                s.restart(puzzle, engine, limit);
                s
            }
            None => slot.insert(Solver::new(puzzle, engine, limit)),
        }
    }

    /// Searches `more_nodes` further nodes at most. Returns whether the
    /// search has ended (all solutions up to the limit found, or none left).
    pub fn run(&mut self, more_nodes: u64) -> bool {
        if let Search::Conflict(_) = self.search {
            return true;
        }
        let cap = self.stats().nodes.saturating_add(more_nodes);
        each!(&mut self.search, s => s.run(cap))
    }

    /// Like [`Solver::run`], but asks `stop` every [`STOP_CHECK_NODES`]
    /// nodes and pauses as soon as it says yes: the cancellation hook for a
    /// deadline or a user's Cancel. Returns whether the search has ended; a
    /// paused search can be resumed.
    pub fn run_until(&mut self, more_nodes: u64, mut stop: impl FnMut() -> bool) -> bool {
        let cap = self.stats().nodes.saturating_add(more_nodes);
        loop {
            let nodes = self.stats().nodes;
            if nodes >= cap {
                return self.is_finished();
            }
            if self.run(STOP_CHECK_NODES.min(cap - nodes)) {
                return true;
            }
            if stop() {
                return false;
            }
        }
    }

    /// Whether the search has ended.
    pub fn is_finished(&self) -> bool {
        match &self.search {
            Search::Conflict(_) => true,
            s => each!(s, x => x.finished),
        }
    }

    /// The cost so far.
    pub fn stats(&self) -> Stats {
        match &self.search {
            Search::Conflict(_) => Stats::default(),
            s => each!(s, x => x.stats),
        }
    }

    /// Solutions found so far (up to the limit).
    pub fn found(&self) -> u64 {
        match &self.search {
            Search::Conflict(_) => 0,
            s => each!(s, x => x.found),
        }
    }

    fn first(&self) -> Option<Grid> {
        let cells = match &self.search {
            Search::Conflict(_) => None,
            s => each!(s, x => x.first.clone()),
        }?;
        Some(Grid::from_cells(self.size, cells).expect("the engines return full grids"))
    }

    /// What the search has established so far.
    pub fn report(&self) -> Report {
        let stats = self.stats();
        let found = self.found();
        let outcome = match (&self.search, self.is_finished(), found) {
            (Search::Conflict(c), _, _) => Outcome::Conflict(*c),
            (_, _, n) if n >= 2 => Outcome::Several {
                count: n,
                more: n >= self.limit || !self.is_finished(),
                example: self.first().expect("a solution was found"),
            },
            (_, false, n) => Outcome::OutOfBudget {
                found: n,
                example: self.first(),
            },
            (_, true, 0) => Outcome::NoSolution,
            (_, true, _) if self.limit == 1 => Outcome::Solved(self.first().expect("found")),
            (_, true, _) => Outcome::Unique(self.first().expect("found")),
        };
        Report { outcome, stats }
    }
}
