//! Solving: one signature for both engines.
//!
//! [`solve`] answers a puzzle in one call; [`Solver`] does the same work in
//! slices of search nodes, for callers that must stay responsive.
//! [`Solutions`] hands out a puzzle's solutions one at a time, and
//! [`Estimator`] estimates counts too large to enumerate, both in slices
//! too.

mod board;
mod configs;
#[cfg(not(target_arch = "wasm32"))]
mod dlx;
mod estimate;
// The page's module keeps one width of the house engine (see
// `first_search`), so some of its methods go unused there.
#[cfg_attr(all(feature = "page", not(feature = "jobs")), allow(dead_code))]
mod houses;
mod learn;
mod locked;
mod nine;
mod possible;
mod propagate;
mod search;
mod shape;
mod singles;
mod solutions;
mod subsets;

use std::fmt;

use crate::grid::{Conflict, Grid};
use crate::shape::Shape;
pub use estimate::{estimate, Estimate, EstimateOptions, Estimator, Magnitude};
use houses::{HouseSearch, HouseSet};
use learn::{Before, LearnSearch};
pub use possible::Possible;
use search::BandSearch;
use shape::{S2, S3, S4, S5};
pub use solutions::{NextSolution, Solutions};

/// How often [`Solver::run_until`] asks whether to stop, in nodes: a few
/// milliseconds of work at most, even on 25×25.
pub const STOP_CHECK_NODES: u64 = 256;

/// Which engine searches.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Engine {
    /// The default: the band engine (digit-major bit masks, singles, locked
    /// candidates, subsets, dom/wdeg branching), which hands over to the
    /// learning engine when a puzzle outgrows [`escalate_after`] nodes.
    #[default]
    Bitmask,
    /// The band engine alone, never handing over: for measuring, and for
    /// enumerating many solutions.
    Band,
    /// Dancing Links (Knuth's Algorithm X), the independent cross-check.
    /// Native builds only: the WebAssembly module leaves it out (2.4 KB
    /// gzipped that no page uses).
    #[cfg(not(target_arch = "wasm32"))]
    Dlx,
    /// Conflict-driven clause learning over the candidates the band
    /// engine's root propagation leaves, from the start.
    Learn,
}

impl Engine {
    /// Reads a machine name: `bitmask`, `dlx`.
    pub fn from_name(name: &str) -> Option<Engine> {
        match name.trim().to_ascii_lowercase().as_str() {
            "bitmask" => Some(Engine::Bitmask),
            "band" => Some(Engine::Band),
            #[cfg(not(target_arch = "wasm32"))]
            "dlx" => Some(Engine::Dlx),
            "learn" => Some(Engine::Learn),
            _ => None,
        }
    }

    /// The stable machine name: `bitmask`, `dlx`.
    pub fn id(self) -> &'static str {
        match self {
            Engine::Bitmask => "bitmask",
            Engine::Band => "band",
            #[cfg(not(target_arch = "wasm32"))]
            Engine::Dlx => "dlx",
            Engine::Learn => "learn",
        }
    }
}

/// What the search counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Stats {
    /// Search nodes: the root plus every digit tried by a guess.
    pub nodes: u64,
    /// Branch points: positions where more than one digit had to be tried
    /// (for the learning engine, its decisions).
    pub guesses: u64,
    /// Contradictions the learning engine met and learned from (0 for the
    /// other engines).
    pub conflicts: u64,
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
    /// The budget is checked between nodes; from 16×16 up a board's probes
    /// count as nodes and finish first, so a search may end up to 24 nodes
    /// past it (and the root's probes may pass a budget below 25).
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

/// What a search established, without the solutions: what a count prints,
/// read without building a grid ([`Solver::summary`]). An [`Outcome`] less its
/// examples.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Summary {
    /// One solution, proved the only one.
    Unique,
    /// A solution; uniqueness was not checked (limit 1).
    Solved,
    /// Exactly `count` solutions, or at least `count` when `more`.
    Several {
        /// Solutions found, up to the limit.
        count: u64,
        /// Whether the search stopped at the limit (there may be more).
        more: bool,
    },
    /// No grid completes the givens.
    NoSolution,
    /// Two givens share a house and a digit; nothing was searched.
    Conflict(Conflict),
    /// The node budget ran out first: `found` solutions so far.
    OutOfBudget {
        /// Solutions found before the budget ran out.
        found: u64,
    },
}

impl Summary {
    /// Solutions found, whatever the outcome (with `OutOfBudget`, those found
    /// before the budget ran out).
    pub fn found(self) -> u64 {
        match self {
            Summary::Unique | Summary::Solved => 1,
            Summary::Several { count, .. } => count,
            Summary::OutOfBudget { found } => found,
            Summary::NoSolution | Summary::Conflict(_) => 0,
        }
    }

    /// The stable machine name: `unique`, `solved`, `several`, `none`,
    /// `conflict`, `budget`.
    pub fn id(self) -> &'static str {
        match self {
            Summary::Unique => "unique",
            Summary::Solved => "solved",
            Summary::Several { .. } => "several",
            Summary::NoSolution => "none",
            Summary::Conflict(_) => "conflict",
            Summary::OutOfBudget { .. } => "budget",
        }
    }
}

impl Outcome {
    /// The outcome less its solutions.
    pub fn summary(&self) -> Summary {
        match *self {
            Outcome::Unique(_) => Summary::Unique,
            Outcome::Solved(_) => Summary::Solved,
            Outcome::Several { count, more, .. } => Summary::Several { count, more },
            Outcome::NoSolution => Summary::NoSolution,
            Outcome::Conflict(c) => Summary::Conflict(c),
            Outcome::OutOfBudget { found, .. } => Summary::OutOfBudget { found },
        }
    }

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
        self.summary().found()
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
        self.summary().id()
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

/// What a running solve is doing, for a progress display.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Progress {
    /// The engine searching now: [`Engine::Learn`] once the default engine
    /// has handed over.
    pub engine: Engine,
    /// The cost so far.
    pub stats: Stats,
    /// For the learning engine: the candidates it started from (0 for the
    /// other engines).
    pub candidates: u64,
    /// For the learning engine: how many of those it has settled for good,
    /// placed or ruled out whatever the rest holds (0 for the others).
    pub settled: u64,
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

/// Whether `puzzle`, made from a puzzle with one solution by emptying
/// `cell` whose digit there was `digit`, still has one solution: any other
/// solution would differ at `cell`, so this looks for a solution with
/// another digit there, a smaller search than counting to two. `Some` when
/// decided within `budget` nodes; `None` when undecided, or for the square
/// boxes (the band engine's shapes), where the caller counts instead.
pub fn unique_after_emptying(puzzle: &Grid, cell: usize, digit: u8, budget: u64) -> Option<bool> {
    fn of<const W: usize, H: HouseSet>(
        puzzle: &Grid,
        cell: usize,
        digit: u8,
        budget: u64,
    ) -> Option<bool> {
        let mut search =
            HouseSearch::<W, H>::new_excluding(puzzle.shape(), puzzle.cells(), 1, (cell, digit));
        search.run(budget).then_some(search.found == 0)
    }
    let shape = puzzle.shape();
    match (shape.square_box(), shape.cells()) {
        (Some(_), _) => None,
        (None, 0..=128) => of::<2, u64>(puzzle, cell, digit, budget),
        (None, 129..=256) => of::<4, u64>(puzzle, cell, digit, budget),
        (None, _) => of::<10, u128>(puzzle, cell, digit, budget),
    }
}

/// The candidates of every cell after the bitmask engine's propagation at
/// the root (singles, locked candidates, and subsets from 16×16 up), with
/// no guess: bit `d - 1` for digit `d`, one bit for a placed cell. `None`
/// when propagation alone shows there is no solution (conflicting givens
/// included).
pub fn propagated_candidates(puzzle: &Grid) -> Option<Vec<u32>> {
    fn of<S: shape::Shape>(givens: &[u8]) -> Option<Vec<u32>> {
        let band = BandSearch::<S>::new(givens, 1);
        if band.finished {
            let solution = band.first_cells()?;
            return Some(solution.iter().map(|&d| 1 << (d - 1)).collect());
        }
        let (fixed, mut cand) = band.root();
        for (m, &d) in cand.iter_mut().zip(&fixed) {
            if d != 0 {
                *m = 1 << (d - 1);
            }
        }
        Some(cand)
    }
    fn of_houses<const W: usize, H: HouseSet>(shape: &Shape, givens: &[u8]) -> Option<Vec<u32>> {
        let search = HouseSearch::<W, H>::new(shape, givens, 1);
        if search.finished {
            let solution = search.first.as_ref()?;
            return Some(solution.iter().map(|&d| 1 << (d - 1)).collect());
        }
        let (fixed, mut cand) = search.root();
        for (m, &d) in cand.iter_mut().zip(&fixed) {
            if d != 0 {
                *m = 1 << (d - 1);
            }
        }
        Some(cand)
    }
    let (shape, givens) = (puzzle.shape(), puzzle.cells());
    match (shape.square_box(), shape.cells()) {
        (Some(2), _) => of::<S2>(givens),
        (Some(3), _) => of::<S3>(givens),
        (Some(4), _) => of::<S4>(givens),
        (Some(_), _) => of::<S5>(givens),
        (None, 0..=128) => of_houses::<2, u64>(shape, givens),
        (None, 129..=256) => of_houses::<4, u64>(shape, givens),
        (None, _) => of_houses::<10, u128>(shape, givens),
    }
}

/// Band-engine nodes after which the default engine hands a puzzle over
/// to the learning engine, per side: about the work of 20–50 ms, beyond
/// every puzzle of the everyday sets (9×9 up to the hardest, the 16×16
/// sets, half-given 25×25), where the band engine is the faster.
pub fn escalate_after(shape: &Shape) -> u64 {
    match shape.side() {
        0..=12 => 50_000,
        13..=20 => 10_000,
        _ => 2_000,
    }
}

/// The learning engine on the root that the propagation of the band or
/// house engine leaves (or that engine itself, when the root is already
/// solved or refuted), carrying on from `before` (what a search found and
/// spent before handing over).
fn learn_search(shape: &Shape, givens: &[u8], limit: u64, before: Before) -> Search {
    fn from<S: shape::Shape>(
        shape: &Shape,
        givens: &[u8],
        limit: u64,
        before: Before,
        wrap: fn(BandSearch<S>) -> Search,
    ) -> Search {
        let band = BandSearch::<S>::new(givens, limit);
        if band.finished {
            return wrap(band);
        }
        let (fixed, cand) = band.root();
        Search::Learn(Box::new(LearnSearch::new(
            shape, &fixed, &cand, limit, before,
        )))
    }
    fn from_houses<const W: usize, H: HouseSet>(
        shape: &Shape,
        givens: &[u8],
        limit: u64,
        before: Before,
        wrap: fn(HouseSearch<W, H>) -> Search,
    ) -> Search {
        let search = HouseSearch::<W, H>::new(shape, givens, limit);
        if search.finished {
            return wrap(search);
        }
        let (fixed, cand) = search.root();
        Search::Learn(Box::new(LearnSearch::new(
            shape, &fixed, &cand, limit, before,
        )))
    }
    match (shape.square_box(), shape.cells()) {
        (Some(2), _) => from::<S2>(shape, givens, limit, before, Search::N2),
        (Some(3), _) => from::<S3>(shape, givens, limit, before, Search::N3),
        (Some(4), _) => from::<S4>(shape, givens, limit, before, Search::N4),
        (Some(_), _) => from::<S5>(shape, givens, limit, before, Search::N5),
        #[cfg(any(feature = "jobs", not(feature = "page")))]
        (None, 0..=128) => from_houses(shape, givens, limit, before, Search::H2),
        #[cfg(any(feature = "jobs", not(feature = "page")))]
        (None, 129..=256) => from_houses(shape, givens, limit, before, Search::H4),
        (None, _) => from_houses(shape, givens, limit, before, Search::H10),
    }
}

/// The band or house search for a shape.
///
/// The house engine comes in three widths of cell sets, each the fastest
/// for its sizes. The page's module (feature `page` without `jobs`) keeps
/// only the widest, for every shape without square boxes: a third of the
/// code, 9 KB gzipped less for a first visit, for shapes solved 1.2–2.1
/// times slower there (docs/BENCHMARKS.md). Every other build, the jobs
/// module included, has all three.
fn first_search(shape: &Shape, givens: &[u8], limit: u64) -> Search {
    match (shape.square_box(), shape.cells()) {
        (Some(2), _) => Search::N2(BandSearch::new(givens, limit)),
        (Some(3), _) => Search::N3(BandSearch::new(givens, limit)),
        (Some(4), _) => Search::N4(BandSearch::new(givens, limit)),
        (Some(_), _) => Search::N5(BandSearch::new(givens, limit)),
        #[cfg(any(feature = "jobs", not(feature = "page")))]
        (None, 0..=128) => Search::H2(HouseSearch::new(shape, givens, limit)),
        #[cfg(any(feature = "jobs", not(feature = "page")))]
        (None, 129..=256) => Search::H4(HouseSearch::new(shape, givens, limit)),
        (None, _) => Search::H10(HouseSearch::new(shape, givens, limit)),
    }
}

enum Search {
    Conflict(Conflict),
    N2(BandSearch<S2>),
    N3(BandSearch<S3>),
    N4(BandSearch<S4>),
    N5(BandSearch<S5>),
    #[cfg(any(feature = "jobs", not(feature = "page")))]
    H2(HouseSearch<2>),
    #[cfg(any(feature = "jobs", not(feature = "page")))]
    H4(HouseSearch<4>),
    H10(HouseSearch<10, u128>),
    #[cfg(not(target_arch = "wasm32"))]
    Dlx(Dlx),
    Learn(Box<LearnSearch>),
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
            #[cfg(any(feature = "jobs", not(feature = "page")))]
            Search::H2($x) => $e,
            #[cfg(any(feature = "jobs", not(feature = "page")))]
            Search::H4($x) => $e,
            Search::H10($x) => $e,
            #[cfg(not(target_arch = "wasm32"))]
            Search::Dlx($x) => $e,
            Search::Learn($x) => $e,
        }
    };
}

/// A solve that runs in slices: [`Solver::run`] as often as needed, then
/// [`Solver::report`].
pub struct Solver {
    shape: Shape,
    limit: u64,
    engine: Engine,
    /// The puzzle, for a hand-over to the learning engine.
    givens: Vec<u8>,
    /// Nodes after which the default engine hands over.
    handover: u64,
    search: Search,
}

impl Solver {
    /// Prepares a solve (checks the givens, propagates the root). `limit` is
    /// the number of solutions to look for (1 or more).
    pub fn new(puzzle: &Grid, engine: Engine, limit: u64) -> Solver {
        let shape = puzzle.shape();
        let limit = limit.max(1);
        let givens = puzzle.cells();
        let search = match engine {
            // Dancing Links needs consistent givens.
            #[cfg(not(target_arch = "wasm32"))]
            Engine::Dlx => match puzzle.conflicts().first() {
                Some(&c) => Search::Conflict(c),
                None => Search::Dlx(Dlx::new(shape, givens, limit)),
            },
            Engine::Learn => learn_search(shape, givens, limit, Before::default()),
            Engine::Bitmask | Engine::Band => first_search(shape, givens, limit),
        };
        let mut solver = Solver {
            shape: shape.clone(),
            limit,
            engine,
            givens: givens.to_vec(),
            handover: escalate_after(shape),
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
        let same = &self.shape == puzzle.shape()
            && matches!(engine, Engine::Bitmask | Engine::Band)
            && engine == self.engine;
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
                #[cfg(any(feature = "jobs", not(feature = "page")))]
                Search::H2(s) => {
                    s.restart(puzzle.cells(), limit);
                    true
                }
                #[cfg(any(feature = "jobs", not(feature = "page")))]
                Search::H4(s) => {
                    s.restart(puzzle.cells(), limit);
                    true
                }
                Search::H10(s) => {
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
        self.givens.clear();
        self.givens.extend_from_slice(puzzle.cells());
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
        if let Some(at) = self.handover_at() {
            if at >= cap {
                return each!(&mut self.search, s => s.run(cap));
            }
            if each!(&mut self.search, s => s.run(at)) {
                return true;
            }
            // Two solutions by then: the band search keeps counting (the
            // learning engine pays a clause per solution it excludes).
            if self.handover_at().is_some() {
                self.hand_over();
            }
        }
        each!(&mut self.search, s => s.run(cap))
    }

    /// When the default engine's band search is to hand over to the
    /// learning engine: at [`escalate_after`] nodes, if it has found at most
    /// one solution (the learning engine excludes that one and counts on).
    fn handover_at(&self) -> Option<u64> {
        let band = match self.search {
            Search::N2(_) | Search::N3(_) | Search::N4(_) | Search::N5(_) | Search::H10(_) => true,
            #[cfg(any(feature = "jobs", not(feature = "page")))]
            Search::H2(_) | Search::H4(_) => true,
            _ => false,
        };
        (band && self.engine == Engine::Bitmask && self.found() <= 1 && !self.is_finished())
            .then_some(self.handover)
    }

    /// Replaces the band search by the learning engine, which carries on
    /// from what the band search found and spent.
    fn hand_over(&mut self) {
        let before = Before {
            stats: self.stats(),
            first: self.first_cells(),
        };
        self.search = learn_search(&self.shape, &self.givens, self.limit, before);
    }

    /// What the solve is doing: the engine at work and how far it got.
    pub fn progress(&self) -> Progress {
        let (engine, (candidates, settled)) = match &self.search {
            Search::Learn(l) => (Engine::Learn, l.settled()),
            _ => (self.engine, (0, 0)),
        };
        Progress {
            engine,
            stats: self.stats(),
            candidates,
            settled,
        }
    }

    /// Like [`Solver::run`], but asks `stop` every [`STOP_CHECK_NODES`]
    /// nodes and pauses as soon as it says yes: the cancellation hook for a
    /// deadline or a user's Cancel. Returns whether the search has ended; a
    /// paused search can be resumed.
    pub fn run_until(&mut self, more_nodes: u64, mut stop: impl FnMut() -> bool) -> bool {
        self.run_watching(more_nodes, |_| stop())
    }

    /// Like [`Solver::run_until`], but `watch` sees the solver each time
    /// (to report its progress as it goes) before it says whether to stop.
    pub fn run_watching(
        &mut self,
        more_nodes: u64,
        mut watch: impl FnMut(&Solver) -> bool,
    ) -> bool {
        let cap = self.stats().nodes.saturating_add(more_nodes);
        loop {
            let nodes = self.stats().nodes;
            if nodes >= cap {
                return self.is_finished();
            }
            if self.run(STOP_CHECK_NODES.min(cap - nodes)) {
                return true;
            }
            if watch(self) {
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

    /// Looks for up to `limit` solutions from here on (a lower limit than
    /// the current one changes nothing): a search that stopped at its old
    /// limit goes on with the next [`Solver::run`], from where it stopped.
    pub fn raise_limit(&mut self, limit: u64) {
        self.limit = self.limit.max(limit);
        match &mut self.search {
            Search::Conflict(_) => {}
            s => each!(s, x => x.raise_limit(limit)),
        }
    }

    /// The solution found last, while the search stands where it found it:
    /// right after a run that found it and stopped at the limit (or ended).
    fn latest_cells(&self) -> Option<Vec<u8>> {
        match &self.search {
            Search::Conflict(_) => None,
            s => each!(s, x => (x.found > 0).then(|| x.latest())),
        }
    }

    fn first_cells(&self) -> Option<Vec<u8>> {
        match &self.search {
            Search::Conflict(_) => None,
            s => each!(s, x => x.first_cells()),
        }
    }

    fn first(&self) -> Option<Grid> {
        let cells = self.first_cells()?;
        Some(Grid::from_cells(self.shape.clone(), cells).expect("the engines return full grids"))
    }

    /// What the search has established, without its solutions: as
    /// [`Solver::report`]'s outcome, but no grid is built.
    pub fn summary(&self) -> Summary {
        match (&self.search, self.is_finished(), self.found()) {
            (Search::Conflict(c), _, _) => Summary::Conflict(*c),
            (_, _, n) if n >= 2 => Summary::Several {
                count: n,
                more: n >= self.limit || !self.is_finished(),
            },
            (_, false, n) => Summary::OutOfBudget { found: n },
            (_, true, 0) => Summary::NoSolution,
            (_, true, _) if self.limit == 1 => Summary::Solved,
            (_, true, _) => Summary::Unique,
        }
    }

    /// What the search has established so far.
    pub fn report(&self) -> Report {
        let stats = self.stats();
        let example = || self.first().expect("a solution was found");
        let outcome = match self.summary() {
            Summary::Conflict(c) => Outcome::Conflict(c),
            Summary::Several { count, more } => Outcome::Several {
                count,
                more,
                example: example(),
            },
            Summary::OutOfBudget { found } => Outcome::OutOfBudget {
                found,
                example: self.first(),
            },
            Summary::NoSolution => Outcome::NoSolution,
            Summary::Solved => Outcome::Solved(example()),
            Summary::Unique => Outcome::Unique(example()),
        };
        Report { outcome, stats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_all, ParseOptions};

    fn puzzles(name: &str, take: usize) -> Vec<Grid> {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        parse_all(&text, ParseOptions::default())
            .into_iter()
            .take(take)
            .map(|e| e.result.unwrap().grid)
            .collect()
    }

    #[test]
    fn the_summary_is_the_reports_outcome_less_its_solutions() {
        let mut cases = puzzles("9x9_several.txt", 10);
        cases.extend(puzzles("9x9_hardest.txt", 5));
        cases.extend(puzzles("4x4.txt", 5));
        cases.extend(puzzles("16x16_gecode.txt", 3));
        let mut conflicting = cases[0].clone();
        let given = (0..81).find(|&c| conflicting.get(c) != 0).unwrap();
        let twin = (given / 9 * 9..given / 9 * 9 + 9)
            .find(|&c| conflicting.get(c) == 0)
            .unwrap();
        conflicting.set(twin, conflicting.get(given));
        cases.push(conflicting);
        // No solution: an empty cell given a digit its peers allow but the
        // only solution does not have there.
        let unique = puzzles("9x9_hardest.txt", 1).remove(0);
        let Outcome::Unique(answer) = solve(&unique, &SolveOptions::default()).outcome else {
            panic!("a unique puzzle")
        };
        let mut none = unique.clone();
        let (cell, digit) = (0..81)
            .filter(|&c| unique.get(c) == 0)
            .flat_map(|c| (1..=9).map(move |d| (c, d)))
            .find(|&(c, d)| {
                let mut g = unique.clone();
                g.set(c, d);
                d != answer.get(c) && !g.has_conflict()
            })
            .unwrap();
        none.set(cell, digit);
        cases.push(none);
        let mut seen = std::collections::HashSet::new();
        for puzzle in &cases {
            for (limit, budget) in [(1, u64::MAX), (2, u64::MAX), (5, u64::MAX), (2, 3)] {
                for engine in [Engine::Bitmask, Engine::Band, Engine::Learn] {
                    let mut solver = Solver::new(puzzle, engine, limit);
                    solver.run(budget);
                    let report = solver.report();
                    assert_eq!(solver.summary(), report.outcome.summary());
                    if let Some(g) = report.outcome.solution() {
                        assert!(crate::verify(puzzle, g).is_ok());
                    }
                    seen.insert(report.outcome.id());
                }
            }
        }
        // Every kind of outcome was met.
        assert_eq!(seen.len(), 6, "{seen:?}");
    }

    /// Counts with the default engine handing over after `after` nodes.
    fn count_handing_over(puzzle: &Grid, limit: u64, after: u64) -> Report {
        let mut solver = Solver::new(puzzle, Engine::Bitmask, limit);
        solver.handover = after;
        // In slices of 3 nodes: a hand-over in the middle of a slice too.
        while !solver.run(3) {}
        solver.report()
    }

    #[test]
    fn a_hand_over_at_any_point_keeps_the_count_exact() {
        let mut cases = puzzles("9x9_several.txt", 25);
        cases.extend(puzzles("9x9_hardest.txt", 10));
        cases.extend(puzzles("4x4.txt", 10));
        cases.push(Grid::empty(Shape::S4));
        for (i, puzzle) in cases.iter().enumerate() {
            for limit in [1, 2, 3, 300] {
                let want = solve(
                    puzzle,
                    &SolveOptions {
                        engine: Engine::Dlx,
                        limit,
                        max_nodes: u64::MAX,
                    },
                );
                for after in [1, 2, 5, 20] {
                    let got = count_handing_over(puzzle, limit, after);
                    assert_eq!(
                        got.outcome.count(),
                        want.outcome.count(),
                        "puzzle {i}, limit {limit}, hand-over after {after}"
                    );
                    if let Some(g) = got.outcome.solution() {
                        crate::verify::verify(puzzle, g).unwrap();
                    }
                }
            }
        }
    }

    #[test]
    fn a_count_past_two_solutions_stays_with_the_band_search() {
        // An empty 9×9 passes the hand-over point with thousands of
        // solutions found: the learning engine, a clause per solution,
        // would count them thirty times slower.
        let empty = Grid::empty(Shape::S9);
        let limit = 4 * escalate_after(&Shape::S9);
        let mut solver = Solver::new(&empty, Engine::Bitmask, limit);
        assert!(solver.run(u64::MAX));
        assert!(solver.stats().nodes > escalate_after(&Shape::S9));
        assert_eq!(solver.progress().engine, Engine::Bitmask);
        assert_eq!((solver.found(), solver.stats().conflicts), (limit, 0));
    }

    /// The page's module solves every shape without square boxes with the
    /// house engine's widest cell sets (see `first_search`): on small
    /// shapes they must count as the narrow ones do, hand-over included.
    #[test]
    fn the_widest_house_engine_counts_as_the_narrow_ones() {
        let mut cases = Vec::new();
        for file in [
            "shapes_boxes.txt",
            "shapes_jigsaw.txt",
            "shapes_variants.txt",
        ] {
            cases.extend(puzzles(file, usize::MAX));
        }
        // Fewer givens: several solutions; and a digit twice in a row.
        let fewer: Vec<Grid> = (cases.iter().step_by(5))
            .map(|p| {
                let mut g = p.clone();
                (0..g.cells().len()).step_by(3).for_each(|c| g.set(c, 0));
                g
            })
            .collect();
        let mut twice = cases[0].clone();
        let (a, b) = (0..twice.shape().side())
            .flat_map(|x| (0..twice.shape().side()).map(move |y| (x, y)))
            .find(|&(x, y)| twice.get(x) != 0 && twice.get(y) == 0)
            .unwrap();
        twice.set(b, twice.get(a));
        cases.extend(fewer);
        cases.push(twice);
        let mut kinds = std::collections::HashSet::new();
        let mut narrow = [false; 2];
        for (i, puzzle) in cases.iter().enumerate() {
            if puzzle.shape().square_box().is_some() {
                continue;
            }
            for limit in [1, 2, 50] {
                let want = solve(
                    puzzle,
                    &SolveOptions {
                        engine: Engine::Bitmask,
                        limit,
                        max_nodes: u64::MAX,
                    },
                );
                let mut solver = Solver::new(puzzle, Engine::Bitmask, limit);
                if !matches!(solver.search, Search::Conflict(_)) {
                    narrow[0] |= matches!(solver.search, Search::H2(_));
                    narrow[1] |= matches!(solver.search, Search::H4(_));
                    let (shape, givens) = (puzzle.shape(), puzzle.cells());
                    solver.search = Search::H10(HouseSearch::new(shape, givens, limit));
                    solver.handover = 20;
                    solver.name_conflict(puzzle);
                }
                while !solver.run(7) {}
                let got = solver.report();
                let at = format!("puzzle {i}, limit {limit}");
                assert_eq!(got.outcome.id(), want.outcome.id(), "{at}");
                assert_eq!(got.outcome.count(), want.outcome.count(), "{at}");
                if let Some(g) = got.outcome.solution() {
                    crate::verify::verify(puzzle, g).unwrap();
                }
                kinds.insert(got.outcome.id());
            }
        }
        // Both narrow widths were replaced; unique, solved (limit 1),
        // several and the conflict named were all met.
        assert_eq!(narrow, [true; 2]);
        assert!(kinds.len() >= 4, "{kinds:?}");
    }

    #[test]
    fn the_learning_engine_takes_over_a_long_search() {
        // The hardest of the 9×9 cases needs well over 5 nodes.
        let puzzle = &puzzles("9x9_hardest.txt", 1)[0];
        let mut solver = Solver::new(puzzle, Engine::Bitmask, 2);
        solver.handover = 5;
        assert_eq!(solver.progress().engine, Engine::Bitmask);
        // The root counts: 4 nodes so far.
        solver.run(3);
        assert_eq!(solver.progress().engine, Engine::Bitmask);
        solver.run(2);
        let progress = solver.progress();
        assert_eq!(progress.engine, Engine::Learn);
        assert!(progress.candidates > 0);
        assert!(solver.run(u64::MAX));
        assert!(matches!(solver.report().outcome, Outcome::Unique(_)));
        // The pure band engine never hands over.
        let mut band = Solver::new(puzzle, Engine::Band, 2);
        band.handover = 5;
        band.run(u64::MAX);
        assert_eq!(band.progress().engine, Engine::Band);
    }
}
