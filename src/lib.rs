//! bitsudoku: a Sudoku solver for 4×4, 9×9, 16×16 and 25×25.
//!
//! - [`grid`]: sizes, cells, houses and the [`Grid`] type (the glossary is there);
//! - [`alphabet`], [`parse`], [`format`](mod@format): text in and out, every
//!   layout and alphabet;
//! - [`solver`]: the bitmask engine and the Dancing Links engine behind one
//!   signature, [`solve`]; [`Solutions`] one at a time; [`estimate()`] for
//!   counts too large to enumerate;
//! - [`verify`](mod@verify): the independent checker; [`collection`]: one
//!   verdict per puzzle for checking a collection (the CLI's `check`, the
//!   page's panel);
//! - [`logic`]: step-by-step deductions for hints, checks and grades;
//!   [`generate`]: seeded puzzles with one solution; [`share`]: puzzles in links;
//!   [`session`]: a grid being worked on (entries, modes, undo), for the page.
//!
//! The core does no I/O and does not panic on user input; the CLI
//! (`src/main.rs`) and the browser front end (`src/web/`: keys and words in
//! plain Rust, the wasm façade and painting on wasm32) are thin front ends.
//!
//! Add it without the command line's dependencies:
//! `cargo add bitsudoku --no-default-features` (the `cli` feature, on by
//! default, is for the `bitsudoku` binary).
//!
//! # Parse
//!
//! [`parse_first`] reads the first puzzle of a text, in any layout and
//! alphabet ([`parse_all`] reads them all, errors included, and [`Parser`]
//! takes lines one at a time). Blanks are `.`, `-`, `_` or `*`, and `0`
//! where it is no digit.
//!
//! ```
//! use bitsudoku::{parse_first, ParseOptions, Shape};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let (puzzle, puzzles) = parse_first(text, ParseOptions::default()).unwrap();
//! assert_eq!(puzzles, 1);
//! assert_eq!(puzzle.grid.shape(), &Shape::S9);
//!
//! // Other shapes say so before their cells: boxes of 2×3, a jigsaw's
//! // regions after its cells, the diagonals (`+x`) or windows (`+hyper`).
//! let six = "box=2x3 1.....4.....3.....5.....6.....2.....";
//! let (puzzle, _) = parse_first(six, ParseOptions::default()).unwrap();
//! assert_eq!(puzzle.grid.shape(), &Shape::boxes(2, 3).unwrap());
//! assert_eq!(puzzle.grid.filled(), 6);
//! ```
//!
//! # Solve
//!
//! [`solve`] finds a solution and, with the default limit of 2, proves it is
//! the only one; [`verify()`] checks an answer independently of the solvers.
//!
//! ```
//! use bitsudoku::{parse_first, solve, verify, Outcome, ParseOptions, SolveOptions};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let (puzzle, _) = parse_first(text, ParseOptions::default()).unwrap();
//! let report = solve(&puzzle.grid, &SolveOptions::default());
//! let Outcome::Unique(solution) = &report.outcome else {
//!     panic!("expected one solution, got {}", report.outcome);
//! };
//! assert!(solution.is_full());
//! assert_eq!(verify(&puzzle.grid, solution), Ok(()));
//! ```
//!
//! # Count
//!
//! [`count_solutions`] counts up to a limit: the count is exact below it.
//!
//! ```
//! use bitsudoku::{count_solutions, parse_first, Engine, Grid, ParseOptions, Shape};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let (puzzle, _) = parse_first(text, ParseOptions::default()).unwrap();
//! assert_eq!(count_solutions(&puzzle.grid, Engine::Bitmask, 2), 1);
//! // Dancing Links, the independent engine, agrees.
//! assert_eq!(count_solutions(&puzzle.grid, Engine::Dlx, 2), 1);
//! // An empty 4×4 has 288 solutions.
//! assert_eq!(count_solutions(&Grid::empty(Shape::S4), Engine::Bitmask, 1000), 288);
//! ```
//!
//! # Estimate
//!
//! [`estimate()`] estimates a count too large to enumerate with Knuth's
//! random probes down the search tree, with its standard error; when the
//! exact search beside the probes ends first, the count is exact.
//!
//! ```
//! use bitsudoku::{estimate, EstimateOptions, Grid, Shape};
//!
//! let options = EstimateOptions { probes: 2000, seed: 1, exact: true };
//! let nine = estimate(&Grid::empty(Shape::S9), &options);
//! assert_eq!(nine.exact, None);
//! // 6,670,903,752,021,072,936,960 grids (Felgenhauer and Jarvis).
//! assert!((nine.mean.log10() - 21.82).abs() < 0.1);
//! println!("{nine}"); // ~6.6…e21 TAB estimate TAB se=…% TAB 95%=… TAB probes=2000 TAB seed=1
//! assert_eq!(estimate(&Grid::empty(Shape::S4), &options).exact, Some(288));
//! ```
//!
//! # Format
//!
//! [`format()`] writes a grid in a [`Notation`] (alphabet, [`Layout`], blank);
//! a puzzle's own notation writes it back as it was read.
//!
//! ```
//! use bitsudoku::{format, parse_first, Layout, Notation, ParseOptions};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
//! let (puzzle, _) = parse_first(text, ParseOptions::default()).unwrap();
//! assert_eq!(format(&puzzle.grid, &puzzle.notation), text);
//!
//! // The same grid as a block of rows reads back to the same grid.
//! let block = format(&puzzle.grid, &Notation::default_for(9, Layout::Block));
//! assert_eq!(block.lines().count(), 9);
//! let (again, _) = parse_first(&block, ParseOptions::default()).unwrap();
//! assert_eq!(again.grid, puzzle.grid);
//! ```
//!
//! # Generate
//!
//! [`generate::generate`] makes a puzzle with exactly one solution, the same
//! for the same seed on every platform, and grades it.
//!
//! ```
//! use bitsudoku::generate::generate;
//! use bitsudoku::{count_solutions, verify, Engine, Shape};
//!
//! let made = generate(&Shape::S9, 7, false).expect("9×9 grids exist");
//! assert_eq!(count_solutions(&made.puzzle, Engine::Bitmask, 2), 1);
//! assert_eq!(verify(&made.puzzle, &made.solution), Ok(()));
//! println!("{} givens, {}", made.puzzle.filled(), made.grade);
//! assert_eq!(generate(&Shape::S9, 7, false), Some(made));
//! ```

#![warn(missing_docs)]

pub mod alphabet;
// Not part of the API: the benchmark harness, public only because the CLI's
// `bench` and benches/compare/ use it from outside the crate.
#[doc(hidden)]
pub mod bench;
pub mod collection;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod parse;
pub mod picture;
pub mod session;
pub mod shape;
pub mod share;
pub mod solver;
pub mod verify;
// Not part of the API: the browser front end (the wasm exports and the
// page's keys, words and view), public for its wasm-bindgen tests. Its
// module docs link to wasm32-only modules, absent from native docs.
#[doc(hidden)]
#[allow(rustdoc::broken_intra_doc_links)]
pub mod web;

pub use alphabet::Alphabet;
pub use format::{format, write_grid, Layout, Notation};
pub use grid::{Conflict, Grid, GridError};
pub use parse::{
    parse_all, parse_first, Entry, ParseError, ParseErrorKind, ParseOptions, Parser, Puzzle,
};
pub use shape::{Extras, House, Regions, Shape, ShapeError};
pub use solver::{
    count_solutions, estimate, propagated_candidates, solve, unique_after_emptying, Engine,
    Estimate, EstimateOptions, Estimator, Magnitude, NextSolution, Outcome, Progress, Report,
    Solutions, SolveOptions, Solver, Stats, Summary,
};
pub use verify::{verify, VerifyError};
