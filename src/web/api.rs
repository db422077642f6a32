//! The functions the page and its worker call. Cells cross as bytes
//! (`Uint8Array`, 0 = empty) with the side; text only for paste and copy.
//! Every error becomes a JS exception whose message says what and where.
//!
//! What the page's module (feature `page` alone) never calls is left out of
//! it, `#[cfg(any(feature = "jobs", not(feature = "page")))]`: the jobs, and
//! the one-call functions (parse, verify, count, solve) that the promise API
//! and the single file use; the page solves through [`SolveJob`]. The
//! generator and collections are the jobs module's alone (`feature =
//! "jobs"`): the promise API loads that module for `generate` and `check`,
//! so that a site that only solves loads none of them, nor the techniques
//! that grade.

use wasm_bindgen::prelude::*;

use crate::alphabet::Alphabet;
use crate::format::{format, Layout, Notation};
use crate::grid::Grid;
#[cfg(any(feature = "jobs", not(feature = "page")))]
use crate::parse::{parse_first, ParseOptions};
use crate::shape::Shape;
use crate::solver::{Engine, Outcome, Solver};
#[cfg(feature = "jobs")]
use crate::solver::{Estimate, EstimateOptions, Estimator, NextSolution, Solutions};

/// Routes panics to the console. Runs once, when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

thread_local! {
    /// The page's (or worker's, or Node's) `performance`, looked up once:
    /// a lookup per call cost more than solving an easy 9×9.
    static PERFORMANCE: Option<web_sys::Performance> =
        js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
            .ok()
            .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
}

/// Milliseconds from the high-resolution clock (or `Date` without one).
pub(crate) fn now_ms() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or_else(js_sys::Date::now, |p| p.now()))
}

/// Runs `work` with a stop check that turns true after `ms` milliseconds,
/// and adds the time it took to `millis`: one slice of a job the worker
/// runs between messages.
pub(crate) fn slice<T>(
    millis: &mut f64,
    ms: f64,
    work: impl FnOnce(&mut dyn FnMut() -> bool) -> T,
) -> T {
    let start = now_ms();
    let out = work(&mut || now_ms() - start >= ms);
    *millis += now_ms() - start;
    out
}

pub(crate) fn grid_of(cells: &[u8], side: &JsValue) -> Result<Grid, JsError> {
    Grid::from_cells(shape_of(side)?, cells.to_vec()).map_err(|e| JsError::new(&e.to_string()))
}

/// The shape a caller names: a side (a number: its usual boxes) or a shape
/// line ([`Shape::spec`]: `"9"`, `"box=2x6"`, `"box=3x3+x"`, `"jigsaw AAB…"`);
/// `"jigsaw 9"` (a side for the regions) makes new random regions. (The
/// grid view's: the solver-only module has no grid to resize.)
#[cfg(feature = "page")]
pub(crate) fn shape_or_fresh(side: &JsValue) -> Result<Shape, JsError> {
    match fresh_jigsaw(side) {
        Some((n, extras)) => {
            let mut rng = crate::generate::Rng::new(now_ms().to_bits());
            Ok(crate::generate::random_jigsaw(n, extras, &mut rng).0)
        }
        None => shape_of(side),
    }
}

/// The shape a caller names: a side (a number: its usual boxes) or a shape
/// line ([`Shape::spec`]: `"9"`, `"box=2x6"`, `"box=3x3+x"`, `"jigsaw AAB…"`).
pub(crate) fn shape_of(side: &JsValue) -> Result<Shape, JsError> {
    if let Some(n) = side.as_f64() {
        let n = n as usize;
        return Shape::from_side(n).ok_or_else(|| {
            JsError::new(&crate::shape::ShapeError::UnsupportedSide(n).to_string())
        });
    }
    let spec = side
        .as_string()
        .ok_or_else(|| JsError::new("a shape is a side (9) or a shape line (box=2x3)"))?;
    Shape::from_spec(&spec).map_err(|e| JsError::new(&e.to_string()))
}

pub(crate) fn alphabet_of(id: &str, side: usize) -> Result<Alphabet, JsError> {
    let alphabet =
        Alphabet::from_name(id).ok_or_else(|| JsError::new(&format!("unknown alphabet '{id}'")))?;
    if !alphabet.fits_side(side) {
        return Err(JsError::new(&format!(
            "a {side}×{side} grid cannot be written in {}",
            alphabet.id()
        )));
    }
    Ok(alphabet)
}

fn layout_of(id: &str) -> Result<Layout, JsError> {
    Layout::from_name(id)
        .ok_or_else(|| JsError::new(&format!("unknown layout '{id}': use line, block or pretty")))
}

/// A puzzle read from text.
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen]
pub struct Parsed {
    side: u32,
    shape: String,
    cells: Vec<u8>,
    alphabet: &'static str,
    layout: &'static str,
    blank: String,
    puzzles: u32,
}

#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen]
impl Parsed {
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.side
    }
    /// The shape line (`9`, `box=2x6`, `jigsaw+x AAB…`; see `Shape::spec`).
    #[wasm_bindgen(getter)]
    pub fn shape(&self) -> String {
        self.shape.clone()
    }
    /// The cells, 0 for empty.
    #[wasm_bindgen(getter)]
    pub fn cells(&self) -> Vec<u8> {
        self.cells.clone()
    }
    /// `letters`, `hex`, `digits-letters`, `digits` or `numbers`.
    #[wasm_bindgen(getter)]
    pub fn alphabet(&self) -> String {
        self.alphabet.to_string()
    }
    /// `line`, `block` or `pretty`.
    #[wasm_bindgen(getter)]
    pub fn layout(&self) -> String {
        self.layout.to_string()
    }
    /// The character the text used for empty cells.
    #[wasm_bindgen(getter)]
    pub fn blank(&self) -> String {
        self.blank.clone()
    }
    /// How many puzzles (and errors) the text held; the first was read.
    #[wasm_bindgen(getter)]
    pub fn puzzles(&self) -> u32 {
        self.puzzles
    }
}

/// What the caller names: `side` 0 detects the size; `alphabet` (an id) is
/// used for the sizes it serves.
#[cfg(any(feature = "jobs", not(feature = "page")))]
fn parse_options(side: u32, alphabet: Option<String>) -> Result<ParseOptions, JsError> {
    let side = match side {
        0 => None,
        n if (crate::shape::MIN_SIDE..=crate::shape::MAX_SIDE).contains(&(n as usize)) => {
            Some(n as usize)
        }
        n => {
            let e = crate::shape::ShapeError::UnsupportedSide(n as usize);
            return Err(JsError::new(&e.to_string()));
        }
    };
    let alphabet = match alphabet.as_deref() {
        None | Some("") => None,
        Some(id) => Some(
            Alphabet::from_name(id)
                .ok_or_else(|| JsError::new(&format!("unknown alphabet '{id}'")))?,
        ),
    };
    Ok(ParseOptions {
        side,
        alphabet,
        ..ParseOptions::default()
    })
}

#[cfg(any(feature = "jobs", not(feature = "page")))]
impl Parsed {
    fn new(puzzle: crate::parse::Puzzle, puzzles: usize) -> Parsed {
        Parsed {
            side: puzzle.grid.shape().side() as u32,
            shape: puzzle.grid.shape().spec(),
            cells: puzzle.grid.cells().to_vec(),
            alphabet: puzzle.notation.alphabet.id(),
            layout: puzzle.notation.layout.id(),
            blank: puzzle.notation.blank.to_string(),
            puzzles: puzzles as u32,
        }
    }
}

/// Reads the first puzzle of `text`. `side` 0 detects the size; `alphabet`
/// (an id) is used for the sizes it serves.
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen]
pub fn parse(text: &str, side: u32, alphabet: Option<String>) -> Result<Parsed, JsError> {
    let (puzzle, count) = parse_first(text, parse_options(side, alphabet)?)
        .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(Parsed::new(puzzle, count))
}

/// Reads every puzzle of `text`. The first bad puzzle makes it throw, with
/// its position (puzzle number, line, column) in the message.
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen(js_name = parseAll)]
pub fn parse_all(text: &str, side: u32, alphabet: Option<String>) -> Result<Vec<Parsed>, JsError> {
    let entries = crate::parse::parse_all(text, parse_options(side, alphabet)?);
    let count = entries.len();
    entries
        .into_iter()
        .map(|entry| match entry.result {
            Ok(puzzle) => Ok(Parsed::new(puzzle, count)),
            Err(e) => Err(JsError::new(&format!("puzzle {}: {e}", entry.index))),
        })
        .collect()
}

/// Checks `solution` with the independent verifier: complete, valid, and
/// keeping every given of `puzzle`. Throws with the reason when it is not.
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen(js_name = verifySolution)]
pub fn verify_solution(
    puzzle: &[u8],
    solution: &[u8],
    #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
) -> Result<(), JsError> {
    let puzzle = grid_of(puzzle, &side)?;
    let solution = grid_of(solution, &side)?;
    crate::verify::verify(&puzzle, &solution).map_err(|e| JsError::new(&e.to_string()))
}

/// The grid as text in `alphabet` and `layout` (`line`, `block`, `pretty`).
#[wasm_bindgen(js_name = formatGrid)]
pub fn format_grid(
    cells: &[u8],
    #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
    alphabet: &str,
    layout: &str,
) -> Result<String, JsError> {
    let grid = grid_of(cells, &side)?;
    let side = grid.shape().side();
    let alphabet = alphabet_of(alphabet, side)?;
    let notation = Notation {
        alphabet,
        layout: layout_of(layout)?,
        blank: alphabet.default_blank(side),
        kind: !grid.shape().is_plain(),
    };
    Ok(format(&grid, &notation))
}

/// The alphabet ids a side can be written in, its default first.
#[wasm_bindgen]
pub fn alphabets(side: u32) -> Result<Vec<String>, JsError> {
    let side = shape_of(&JsValue::from(side))?.side();
    Ok(Alphabet::for_side(side)
        .iter()
        .map(|a| a.id().to_string())
        .collect())
}

/// The symbols of `alphabet` for `side`, digit 1 first.
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen]
pub fn symbols(side: u32, alphabet: &str) -> Result<Vec<String>, JsError> {
    let side = shape_of(&JsValue::from(side))?.side();
    Ok(alphabet_of(alphabet, side)?.symbol_list(side))
}

/// A human name for an alphabet: `A–P`, `0–F`, `1–9A–G`.
#[wasm_bindgen(js_name = alphabetName)]
pub fn alphabet_name(side: u32, alphabet: &str) -> Result<String, JsError> {
    let side = shape_of(&JsValue::from(side))?.side();
    Ok(alphabet_of(alphabet, side)?.name(side))
}

/// Every pair of givens that share a house and a digit, flattened:
/// `[first, second, first, second, …]`.
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen]
pub fn conflicts(
    cells: &[u8],
    #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
) -> Result<Vec<u32>, JsError> {
    let grid = grid_of(cells, &side)?;
    Ok(grid
        .conflicts()
        .iter()
        .flat_map(|c| [c.first as u32, c.second as u32])
        .collect())
}

/// Counts solutions up to `limit` (exact below it); conflicts count as none.
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen]
pub fn count(
    cells: &[u8],
    #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
    limit: u32,
) -> Result<u32, JsError> {
    let grid = grid_of(cells, &side)?;
    Ok(crate::solver::count_solutions(&grid, Engine::Bitmask, limit.max(1) as u64) as u32)
}

/// What a solve found, with its cost.
#[wasm_bindgen]
pub struct Solution {
    outcome: Outcome,
    stats: crate::solver::Stats,
    /// The engine that finished: the learning engine after a hand-over.
    engine: Engine,
    micros: u64,
    shape: Shape,
    alphabet: Alphabet,
}

#[wasm_bindgen]
impl Solution {
    /// `unique`, `solved`, `several`, `none`, `conflict` or `budget`.
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> String {
        self.outcome.id().to_string()
    }
    /// The solution's cells, when one was found.
    #[wasm_bindgen(getter)]
    pub fn cells(&self) -> Option<Vec<u8>> {
        self.outcome.solution().map(|g| g.cells().to_vec())
    }
    /// Solutions found (up to the limit).
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> f64 {
        self.outcome.found() as f64
    }
    /// Whether the search stopped at its limit (there may be more).
    #[wasm_bindgen(getter)]
    pub fn more(&self) -> bool {
        matches!(self.outcome, Outcome::Several { more: true, .. })
    }
    #[wasm_bindgen(getter)]
    pub fn guesses(&self) -> f64 {
        self.stats.guesses as f64
    }
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.stats.nodes as f64
    }
    /// Contradictions the learning engine learned from (0 for the others).
    #[wasm_bindgen(getter)]
    pub fn conflicts(&self) -> f64 {
        self.stats.conflicts as f64
    }
    /// The engine that finished: `bitmask`, or `learn` when the puzzle was
    /// hard enough for the learning engine to take over.
    #[wasm_bindgen(getter)]
    pub fn engine(&self) -> String {
        self.engine.id().to_string()
    }
    /// Time spent searching, in microseconds.
    #[wasm_bindgen(getter)]
    pub fn micros(&self) -> f64 {
        self.micros as f64
    }
    /// One sentence for people (built when asked for).
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.words().0
    }
    /// How to show the message: `ok`, `warn` or `error`.
    #[wasm_bindgen(getter)]
    pub fn tone(&self) -> String {
        self.words().1.id().to_string()
    }
    /// The solver's numbers (time, guesses, positions, the engine), for
    /// those who open the details.
    #[wasm_bindgen(getter)]
    pub fn details(&self) -> String {
        super::words::solve_details(self.stats, self.engine, self.micros)
    }
}

impl Solution {
    fn words(&self) -> (String, super::words::Tone) {
        let (outcome, stats) = (&self.outcome, self.stats);
        super::words::solved(
            outcome,
            stats,
            self.engine,
            self.micros,
            &self.shape,
            self.alphabet,
        )
    }
}

/// A solve that runs in slices, so the worker can report progress between
/// them.
#[wasm_bindgen]
pub struct SolveJob {
    solver: Solver,
    shape: Shape,
    alphabet: Alphabet,
    millis: f64,
}

#[wasm_bindgen]
impl SolveJob {
    /// Prepares a solve of `cells` looking for up to `limit` solutions (2
    /// proves uniqueness). `alphabet` (an id, or empty for the default) names
    /// digits in messages.
    #[wasm_bindgen(constructor)]
    pub fn new(
        cells: &[u8],
        #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
        limit: u32,
        alphabet: &str,
    ) -> Result<SolveJob, JsError> {
        let grid = grid_of(cells, &side)?;
        let shape = grid.shape().clone();
        let alphabet = if alphabet.is_empty() {
            Alphabet::default_for(shape.side())
        } else {
            alphabet_of(alphabet, shape.side())?
        };
        let start = now_ms();
        let solver = Solver::new(&grid, Engine::Bitmask, limit.max(1) as u64);
        Ok(SolveJob {
            solver,
            shape,
            alphabet,
            millis: now_ms() - start,
        })
    }

    /// Searches up to `nodes` more nodes; returns whether the solve ended.
    pub fn run(&mut self, nodes: u32) -> bool {
        let start = now_ms();
        let done = self.solver.run(nodes as u64);
        self.millis += now_ms() - start;
        done
    }

    /// Searches for about `ms` milliseconds at most (the clock is read every
    /// few hundred nodes); returns whether the solve ended. Between calls
    /// the worker can take a Cancel.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64) -> bool {
        slice(&mut self.millis, ms, |stop| {
            self.solver.run_until(u64::MAX, stop)
        })
    }

    /// Search nodes so far.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.solver.stats().nodes as f64
    }

    /// The engine at work: `bitmask`, or `learn` once the puzzle proved
    /// hard enough for the learning engine to take over.
    #[wasm_bindgen(getter)]
    pub fn engine(&self) -> String {
        self.solver.progress().engine.id().to_string()
    }

    /// What the solve is doing, in one sentence for the status line.
    #[wasm_bindgen(getter, js_name = progressMessage)]
    pub fn progress_message(&self) -> String {
        let micros = (self.millis * 1000.0).round() as u64;
        super::words::progress(&self.solver.progress(), micros)
    }

    /// The solver's numbers so far, for those who open the details.
    #[wasm_bindgen(getter, js_name = progressDetails)]
    pub fn progress_details(&self) -> String {
        super::words::progress_details(&self.solver.progress())
    }

    /// What the solve has found so far (`budget` while it has not ended).
    pub fn result(&self) -> Solution {
        let report = self.solver.report();
        Solution {
            outcome: report.outcome,
            stats: report.stats,
            engine: self.solver.progress().engine,
            micros: (self.millis * 1000.0).round() as u64,
            shape: self.shape.clone(),
            alphabet: self.alphabet,
        }
    }
}

/// Solves in one call, within `max_nodes` (0 = no budget).
#[cfg(any(feature = "jobs", not(feature = "page")))]
#[wasm_bindgen]
pub fn solve(
    cells: &[u8],
    #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
    limit: u32,
    max_nodes: f64,
) -> Result<Solution, JsError> {
    let mut job = SolveJob::new(cells, side, limit, "")?;
    let budget = if max_nodes <= 0.0 {
        u64::MAX
    } else {
        max_nodes as u64
    };
    let start = now_ms();
    job.solver
        .run(budget.saturating_sub(job.solver.stats().nodes));
    job.millis += now_ms() - start;
    Ok(job.result())
}

/// Counting, estimating and browsing solutions, for the page: in the
/// jobs module only (feature `jobs`), which the page's worker loads on the
/// first count, so neither a first visit nor the promise API pays for it.
#[cfg(feature = "jobs")]
mod counting {
    use super::*;

    /// A whole number from 0 to 2⁵³ (what a JS number holds exactly), named
    /// `what` in the error. (The error does not echo the number: formatting
    /// an f64 costs the module 15 KB.)
    fn whole(x: f64, what: &str) -> Result<u64, JsError> {
        if x >= 0.0 && x.fract() == 0.0 && x <= 9_007_199_254_740_992.0 {
            Ok(x as u64)
        } else {
            Err(JsError::new(&format!(
                "{what} is a whole number from 0 to 2^53"
            )))
        }
    }

    /// A count that runs in slices: between them the worker takes a Cancel and
    /// reports `found`. The default engine counts many solutions with the band
    /// search (0.35 µs a solution natively), in flat memory.
    #[wasm_bindgen]
    pub struct CountJob {
        solver: Solver,
        millis: f64,
    }

    #[wasm_bindgen]
    impl CountJob {
        /// Prepares a count of the solutions of `cells` up to `limit` (a whole
        /// number; 0 counts them all).
        #[wasm_bindgen(constructor)]
        pub fn new(
            cells: &[u8],
            #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
            limit: f64,
        ) -> Result<CountJob, JsError> {
            let grid = grid_of(cells, &side)?;
            let limit = match whole(limit, "the limit")? {
                0 => u64::MAX,
                n => n,
            };
            let start = now_ms();
            let solver = Solver::new(&grid, Engine::Bitmask, limit);
            Ok(CountJob {
                solver,
                millis: now_ms() - start,
            })
        }

        /// Counts for about `ms` milliseconds at most (the clock is read every
        /// few hundred nodes); returns whether the count ended.
        #[wasm_bindgen(js_name = runFor)]
        pub fn run_for(&mut self, ms: f64) -> bool {
            slice(&mut self.millis, ms, |stop| {
                self.solver.run_until(u64::MAX, stop)
            })
        }

        /// Whether the count ended: every solution counted, or the limit met.
        #[wasm_bindgen(getter)]
        pub fn done(&self) -> bool {
            self.solver.is_finished()
        }

        /// Solutions found so far (exact up to 2⁵³).
        #[wasm_bindgen(getter)]
        pub fn found(&self) -> f64 {
            self.solver.found() as f64
        }

        /// Whether there may be more than `found`: the count has not ended, or
        /// it stopped at the limit.
        #[wasm_bindgen(getter)]
        pub fn more(&self) -> bool {
            match self.solver.report().outcome {
                Outcome::Several { more, .. } => more,
                Outcome::OutOfBudget { .. } => true,
                _ => false,
            }
        }

        /// `none`, `unique`, `several` or `conflict` once done; `budget` while
        /// running.
        #[wasm_bindgen(getter)]
        pub fn outcome(&self) -> String {
            self.solver.report().outcome.id().to_string()
        }

        /// Search nodes (positions tried) so far.
        #[wasm_bindgen(getter)]
        pub fn nodes(&self) -> f64 {
            self.solver.stats().nodes as f64
        }

        /// What the count is doing, for the status line.
        #[wasm_bindgen(getter, js_name = progressMessage)]
        pub fn progress_message(&self) -> String {
            super::super::words::counting(self.solver.found(), self.solver.stats().nodes)
        }

        /// The count's result in one sentence (once done).
        #[wasm_bindgen(getter)]
        pub fn message(&self) -> String {
            self.words().0
        }

        /// How to show it: `ok`, `warn`, `error` or `info`.
        #[wasm_bindgen(getter)]
        pub fn tone(&self) -> String {
            self.words().1.id().to_string()
        }

        /// Time spent counting, in milliseconds.
        #[wasm_bindgen(getter)]
        pub fn millis(&self) -> f64 {
            self.millis
        }
    }

    impl CountJob {
        fn words(&self) -> (String, super::super::words::Tone) {
            super::super::words::counted(self.solver.found(), self.more(), &self.outcome())
        }
    }

    /// An estimate of a count too large to enumerate (Knuth's random probes,
    /// `bitsudoku count --estimate`), in slices.
    #[wasm_bindgen]
    pub struct EstimateJob {
        estimator: Estimator,
        probes: u64,
        millis: f64,
    }

    #[wasm_bindgen]
    impl EstimateJob {
        /// Prepares an estimate of the solutions of `cells` from `probes`
        /// random probes (at least 2) with the generator's `seed` (a whole
        /// number up to 2⁵³: the same seed gives the same estimate, here and in
        /// the command line).
        #[wasm_bindgen(constructor)]
        pub fn new(
            cells: &[u8],
            #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
            probes: u32,
            seed: f64,
        ) -> Result<EstimateJob, JsError> {
            let grid = grid_of(cells, &side)?;
            if probes < 2 {
                return Err(JsError::new("an estimate needs at least 2 probes"));
            }
            let options = EstimateOptions {
                probes: probes as u64,
                seed: whole(seed, "the seed")?,
                exact: true,
            };
            let start = now_ms();
            let estimator = Estimator::new(&grid, &options);
            Ok(EstimateJob {
                estimator,
                probes: options.probes,
                millis: now_ms() - start,
            })
        }

        /// Works for about `ms` milliseconds at most; returns whether the
        /// estimate is done.
        #[wasm_bindgen(js_name = runFor)]
        pub fn run_for(&mut self, ms: f64) -> bool {
            slice(&mut self.millis, ms, |stop| {
                self.estimator.run_until(u64::MAX, stop)
            })
        }

        /// Whether the estimate is done.
        #[wasm_bindgen(getter)]
        pub fn done(&self) -> bool {
            self.estimator.is_finished()
        }

        /// Probes walked so far.
        #[wasm_bindgen(getter, js_name = probesDone)]
        pub fn probes_done(&self) -> f64 {
            self.estimator.probes_done() as f64
        }

        /// Probes asked for.
        #[wasm_bindgen(getter)]
        pub fn probes(&self) -> f64 {
            self.probes as f64
        }

        /// Search nodes so far, probes and exact search together.
        #[wasm_bindgen(getter)]
        pub fn nodes(&self) -> f64 {
            self.estimator.nodes() as f64
        }

        /// Time spent, in milliseconds.
        #[wasm_bindgen(getter)]
        pub fn millis(&self) -> f64 {
            self.millis
        }

        /// What the estimate is doing, for the status line.
        #[wasm_bindgen(getter, js_name = progressMessage)]
        pub fn progress_message(&self) -> String {
            super::super::words::estimating(self.estimator.probes_done(), self.probes)
        }

        /// The estimate from the probes walked so far (final once `done`).
        pub fn result(&self) -> Estimated {
            Estimated(self.estimator.estimate())
        }
    }

    /// An estimated number of solutions, or the exact count.
    #[wasm_bindgen]
    pub struct Estimated(Estimate);

    #[wasm_bindgen]
    impl Estimated {
        /// The count, when it is known exactly (the search ended within the
        /// probes' work, or propagation decided the puzzle); `undefined` for an
        /// estimate.
        #[wasm_bindgen(getter)]
        pub fn exact(&self) -> Option<f64> {
            self.0.exact.map(|n| n as f64)
        }
        /// The estimate (the count when exact); `Infinity` beyond a JS number
        /// (25×25 estimates can be): `log10` and `text` still say it.
        #[wasm_bindgen(getter)]
        pub fn estimate(&self) -> f64 {
            self.0.mean.to_f64()
        }
        /// The estimate's decimal logarithm (`-Infinity` for 0).
        #[wasm_bindgen(getter)]
        pub fn log10(&self) -> f64 {
            self.0.mean.log10()
        }
        /// The estimate in three significant digits: `288`, `6.64e21`.
        #[wasm_bindgen(getter)]
        pub fn text(&self) -> String {
            self.0.mean.to_string()
        }
        /// The standard error relative to the estimate (0.016 for ±1.6%; 0
        /// when exact).
        #[wasm_bindgen(getter, js_name = relativeError)]
        pub fn relative_error(&self) -> f64 {
            self.0.relative_error()
        }
        /// The approximate 95% interval, mean ± 1.96 standard errors cut at 0,
        /// as text: `[low, high]`, e.g. `["6.43e21", "6.84e21"]`.
        #[wasm_bindgen(getter)]
        pub fn interval(&self) -> Vec<String> {
            let (low, high) = self.0.interval();
            vec![low.to_string(), high.to_string()]
        }
        /// Probes the estimate rests on.
        #[wasm_bindgen(getter)]
        pub fn probes(&self) -> f64 {
            self.0.probes as f64
        }
        /// Whether two givens share a house and a digit (the count is then 0).
        #[wasm_bindgen(getter)]
        pub fn conflict(&self) -> bool {
            self.0.conflict.is_some()
        }
        /// The estimate in one sentence, after an exact count stopped at
        /// `at_least` solutions.
        pub fn message(&self, at_least: f64) -> String {
            super::super::words::estimated(&self.0, at_least as u64).0
        }

        /// The line `bitsudoku count --estimate` prints: `~6.64e21 TAB estimate
        /// TAB se=1.6% TAB 95%=6.43e21..6.84e21 TAB probes=10000 TAB seed=1`,
        /// `288 TAB exact` or `0 TAB conflict`.
        #[wasm_bindgen(getter)]
        pub fn line(&self) -> String {
            self.0.to_string()
        }
    }

    /// A puzzle's solutions one at a time, for browsing: each `nextFor`
    /// searches on from the last solution to the next.
    #[wasm_bindgen]
    pub struct SolutionsJob {
        solutions: Solutions,
        exhausted: bool,
        millis: f64,
    }

    #[wasm_bindgen]
    impl SolutionsJob {
        /// Prepares to hand out the solutions of `cells`.
        #[wasm_bindgen(constructor)]
        pub fn new(
            cells: &[u8],
            #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
        ) -> Result<SolutionsJob, JsError> {
            let grid = grid_of(cells, &side)?;
            let start = now_ms();
            let solutions = Solutions::new(&grid, Engine::Bitmask);
            Ok(SolutionsJob {
                solutions,
                exhausted: false,
                millis: now_ms() - start,
            })
        }

        /// Searches for about `ms` milliseconds at most for the next solution:
        /// its cells when found; `undefined` when the time ran out first (call
        /// again) or when there are no more (`exhausted` then says so).
        #[wasm_bindgen(js_name = nextFor)]
        pub fn next_for(&mut self, ms: f64) -> Option<Vec<u8>> {
            if self.exhausted {
                return None;
            }
            let next = slice(&mut self.millis, ms, |stop| {
                self.solutions.search(u64::MAX, stop)
            });
            match next {
                NextSolution::Found(grid) => Some(grid.cells().to_vec()),
                NextSolution::Exhausted => {
                    self.exhausted = true;
                    None
                }
                NextSolution::Paused => None,
            }
        }

        /// Whether every solution has been handed out: `handed` is then the
        /// count (0 for no solution or conflicting givens).
        #[wasm_bindgen(getter)]
        pub fn exhausted(&self) -> bool {
            self.exhausted
        }

        /// Solutions handed out so far.
        #[wasm_bindgen(getter)]
        pub fn handed(&self) -> f64 {
            self.solutions.handed() as f64
        }

        /// `unique`, `several`, `none` or `conflict` once exhausted; before,
        /// `budget` (still searching) or `several` (two or more handed out).
        #[wasm_bindgen(getter)]
        pub fn outcome(&self) -> String {
            self.solutions.solver().report().outcome.id().to_string()
        }

        /// Search nodes so far.
        #[wasm_bindgen(getter)]
        pub fn nodes(&self) -> f64 {
            self.solutions.solver().stats().nodes as f64
        }

        /// Time spent searching, in milliseconds.
        #[wasm_bindgen(getter)]
        pub fn millis(&self) -> f64 {
            self.millis
        }
    }
}

#[cfg(feature = "jobs")]
pub use counting::{CountJob, EstimateJob, Estimated, SolutionsJob};

/// Every possible value of a grid, in slices (the jobs module only).
#[cfg(feature = "jobs")]
#[wasm_bindgen]
pub struct PossibleJob {
    possible: crate::solver::Possible,
    millis: f64,
}

#[cfg(feature = "jobs")]
#[wasm_bindgen]
impl PossibleJob {
    /// Prepares the search for every value some solution of `cells` holds.
    #[wasm_bindgen(constructor)]
    pub fn new(
        cells: &[u8],
        #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
    ) -> Result<PossibleJob, JsError> {
        let grid = grid_of(cells, &side)?;
        Ok(PossibleJob {
            possible: crate::solver::Possible::new(&grid),
            millis: 0.0,
        })
    }

    /// Works for about `ms` milliseconds at most; returns whether it is done.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64) -> bool {
        slice(&mut self.millis, ms, |stop| self.possible.run_until(stop))
    }

    /// Search nodes so far.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.possible.nodes() as f64
    }

    /// How far it got, for the answers line.
    #[wasm_bindgen(getter, js_name = progressMessage)]
    pub fn progress_message(&self) -> String {
        let (done, total) = self.possible.progress();
        super::words::possible_progress(done, total)
    }

    /// Per cell, the values some solution holds (bit `d - 1` for digit `d`).
    pub fn masks(&self) -> Vec<u32> {
        self.possible.masks().to_vec()
    }

    /// Time spent, in milliseconds.
    #[wasm_bindgen(getter)]
    pub fn millis(&self) -> f64 {
        self.millis
    }
}

/// Browsing solutions, in words: `Solution 3 of 412.`; while more may come,
/// `Solution 3; Next searches on for more.`; `past`: the person asked for
/// one more than there is. Returns `[message, tone]`.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = browseMessage)]
pub fn browse_message(index: f64, handed: f64, exhausted: bool, past: bool) -> Vec<String> {
    let (m, tone) = super::words::browsing(index as u64, handed as u64, exhausted, past);
    vec![m, tone.id().to_string()]
}

/// A generated puzzle with its grade.
#[cfg(feature = "jobs")]
#[wasm_bindgen]
pub struct Generated {
    side: u32,
    shape: String,
    cells: Vec<u8>,
    solution: Vec<u8>,
    grade: String,
    grade_id: &'static str,
    technique: &'static str,
    steps: u32,
    guesses: f64,
    matched: bool,
}

#[cfg(feature = "jobs")]
#[wasm_bindgen]
impl Generated {
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.side
    }
    /// Its shape line (see `Shape::spec`): a jigsaw's regions are new.
    #[wasm_bindgen(getter)]
    pub fn shape(&self) -> String {
        self.shape.clone()
    }
    /// The givens, 0 for empty.
    #[wasm_bindgen(getter)]
    pub fn cells(&self) -> Vec<u8> {
        self.cells.clone()
    }
    /// Its only solution: the page keeps it, so a hint or check needs no
    /// search.
    #[wasm_bindgen(getter)]
    pub fn solution(&self) -> Vec<u8> {
        self.solution.clone()
    }
    /// The grade in words: `hard: X-Wing, 54 steps`.
    #[wasm_bindgen(getter)]
    pub fn grade(&self) -> String {
        self.grade.clone()
    }
    /// The level: `easy`, `medium`, `hard`, `expert` or `beyond`.
    #[wasm_bindgen(getter, js_name = gradeId)]
    pub fn grade_id(&self) -> String {
        self.grade_id.to_string()
    }
    /// The hardest technique its logical path needs (`x-wing`…), or `""`
    /// when it needs guessing.
    #[wasm_bindgen(getter)]
    pub fn technique(&self) -> String {
        self.technique.to_string()
    }
    /// Steps of its logical path (0 when it needs guessing).
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> u32 {
        self.steps
    }
    /// Whether it is of the level asked for (always, when none was): the
    /// generator gives up after `generate::ATTEMPTS` grids.
    #[wasm_bindgen(getter)]
    pub fn matched(&self) -> bool {
        self.matched
    }
    /// Branch points the solver needed (0 when logic suffices).
    #[wasm_bindgen(getter)]
    pub fn guesses(&self) -> f64 {
        self.guesses
    }
}

/// A random puzzle with exactly one solution; the same `seed` (an integer
/// up to 2⁵³) gives the same puzzle everywhere. `symmetric`: givens
/// symmetric under a 180° rotation. `level`: `easy`, `medium`, `hard`,
/// `expert`, `beyond`, or `""` for any.
#[cfg(feature = "jobs")]
#[wasm_bindgen]
pub fn generate(
    #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
    seed: f64,
    symmetric: bool,
    level: &str,
) -> Result<Generated, JsError> {
    let mut job = GenerateJob::new(side, seed, symmetric, level)?;
    while !job.generator.step(usize::MAX) {}
    Ok(job.result())
}

/// `jigsaw 9`, `jigsaw+x 9`: the side and extras of a jigsaw whose
/// regions the generator makes.
#[cfg(any(feature = "page", feature = "jobs"))]
pub(crate) fn fresh_jigsaw(side: &JsValue) -> Option<(usize, crate::shape::Extras)> {
    let spec = side.as_string()?;
    let (kind, n) = spec.trim().split_once(' ')?;
    let n: usize = n.trim().parse().ok()?;
    match crate::shape::read_kind(kind)? {
        Ok((None, extras)) if (crate::shape::MIN_SIDE..=16).contains(&n) => Some((n, extras)),
        _ => None,
    }
}

/// [`generate`] in slices: between them a worker takes a Cancel, and the
/// single-file page (no worker) stays responsive.
#[cfg(feature = "jobs")]
#[wasm_bindgen]
pub struct GenerateJob {
    generator: crate::generate::Generator,
    tries: u32,
}

#[cfg(feature = "jobs")]
#[wasm_bindgen]
impl GenerateJob {
    #[wasm_bindgen(constructor)]
    /// `side`: a side or shape line (as elsewhere), or `jigsaw 9` (with
    /// `+x`, `+hyper` after `jigsaw`) for a jigsaw with new regions.
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
        seed: f64,
        symmetric: bool,
        level: &str,
    ) -> Result<GenerateJob, JsError> {
        let fresh = fresh_jigsaw(&side);
        let shape = match fresh {
            Some(_) => None,
            None => Some(shape_of(&side)?),
        };
        if !(seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_992.0) {
            return Err(JsError::new("the seed is a whole number from 0 to 2^53"));
        }
        let level = match level {
            "" => None,
            id => Some(crate::logic::Level::from_id(id).ok_or_else(|| {
                JsError::new(&format!(
                    "unknown level '{id}': use easy, medium, hard, expert or beyond"
                ))
            })?),
        };
        use crate::generate::Generator;
        let generator = match (shape, fresh) {
            (Some(shape), _) => Generator::with_level(&shape, seed as u64, symmetric, level)
                .ok_or_else(|| JsError::new("no grid of this shape has a solution"))?,
            (None, Some((n, extras))) => {
                Generator::jigsaw(n, extras, seed as u64, symmetric, level)
            }
            (None, None) => return Err(JsError::new("no shape")),
        };
        Ok(GenerateJob {
            generator,
            tries: 0,
        })
    }

    /// Works for about `ms` milliseconds at most (one uniqueness check at a
    /// time); returns whether the puzzle is made.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64) -> bool {
        let start = now_ms();
        loop {
            self.tries += 1;
            if self.generator.step(1) {
                return true;
            }
            if now_ms() - start >= ms {
                return false;
            }
        }
    }

    /// Cells tried so far (the progress `runSliced` reports as `nodes`).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.tries as f64
    }

    /// The puzzle made (once `runFor` returned true) and its grade.
    pub fn result(&self) -> Generated {
        let g = self.generator.finish();
        Generated {
            side: g.puzzle.shape().side() as u32,
            shape: g.puzzle.shape().spec(),
            cells: g.puzzle.cells().to_vec(),
            solution: g.solution.cells().to_vec(),
            grade: g.grade.to_string(),
            grade_id: g.grade.id(),
            technique: g.grade.hardest.map_or("", |t| t.id()),
            steps: g.grade.steps as u32,
            guesses: g.grade.guesses as f64,
            matched: self.generator.matched(),
        }
    }
}

/// One benchmark row from the library's harness (`bitsudoku::bench`), run
/// inside this module: the engine in WebAssembly, without the cost of a JS
/// call per puzzle (which `benches/wasm/` measures separately). Only in
/// modules built with the `wasm-bench` feature.
#[cfg(feature = "wasm-bench")]
#[wasm_bindgen]
pub struct BenchRow(crate::bench::Row);

#[cfg(feature = "wasm-bench")]
#[wasm_bindgen]
impl BenchRow {
    #[wasm_bindgen(getter)]
    pub fn puzzles(&self) -> u32 {
        self.0.puzzles as u32
    }

    #[wasm_bindgen(getter, js_name = puzzlesPerSecond)]
    pub fn puzzles_per_second(&self) -> f64 {
        self.0.puzzles_per_second
    }

    #[wasm_bindgen(getter, js_name = medianMicros)]
    pub fn median_micros(&self) -> f64 {
        self.0.median_us
    }

    #[wasm_bindgen(getter, js_name = p99Micros)]
    pub fn p99_micros(&self) -> f64 {
        self.0.p99_us
    }

    #[wasm_bindgen(getter)]
    pub fn guesses(&self) -> f64 {
        self.0.guesses_per_puzzle.unwrap_or(0.0)
    }
}

/// Times the bitmask engine on every puzzle of `text` for at least
/// `seconds` (after a warm-up), checking each answer with the verifier.
#[cfg(feature = "wasm-bench")]
#[wasm_bindgen(js_name = benchSet)]
pub fn bench_set(text: &str, limit: u32, seconds: f64) -> Result<BenchRow, JsError> {
    use crate::bench::{engine_solver, run, BenchOptions};
    let puzzles = crate::parse::parse_all(text, crate::parse::ParseOptions::default())
        .into_iter()
        .map(|e| {
            e.result
                .map(|p| p.grid)
                .map_err(|err| JsError::new(&err.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if puzzles.is_empty() {
        return Err(JsError::new("no puzzles to time"));
    }
    let options = BenchOptions {
        seconds,
        limit: limit.clamp(1, 2) as u64,
        ..BenchOptions::default()
    };
    let solver = engine_solver(Engine::Bitmask, options.limit);
    run("set", "bitmask", &puzzles, &options, solver, || {
        now_ms() / 1000.0
    })
    .map(BenchRow)
    .map_err(|w| JsError::new(&format!("puzzle {}: {}", w.puzzle, w.reason)))
}
