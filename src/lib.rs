//! bitsudoku: a Sudoku solver for 4×4, 9×9, 16×16 and 25×25.
//!
//! - [`grid`]: sizes, cells, houses and the [`Grid`] type (the glossary is there);
//! - [`alphabet`], [`parse`], [`format`]: text in and out, every layout and alphabet;
//! - [`solver`]: the bitmask engine and the Dancing Links engine behind one
//!   signature, [`solve`];
//! - [`verify`]: the independent checker; [`collection`]: one verdict per
//!   puzzle for checking a collection (the CLI's `check`, the page's panel);
//! - [`logic`]: step-by-step deductions for hints, checks and grades;
//!   [`generate`]: seeded puzzles with one solution; [`share`]: puzzles in links;
//!   [`session`]: a grid being worked on (entries, modes, undo), for the page.
//!
//! The core does no I/O and does not panic on user input; the CLI
//! (`src/main.rs`) and the browser front end (`src/web/`: keys and words in
//! plain Rust, the wasm façade and painting on wasm32) are thin front ends.
//!
//! ```
//! use bitsudoku::{parse_first, solve, Outcome, ParseOptions, SolveOptions};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let (puzzle, _) = parse_first(text, ParseOptions::default()).unwrap();
//! let report = solve(&puzzle.grid, &SolveOptions::default());
//! assert!(matches!(report.outcome, Outcome::Unique(_)));
//! ```

pub mod alphabet;
pub mod bench;
pub mod collection;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod parse;
pub mod session;
pub mod share;
pub mod solver;
pub mod verify;
pub mod web;

pub use alphabet::Alphabet;
pub use format::{format, write_grid, Layout, Notation};
pub use grid::{Conflict, Grid, GridError, House, Size};
pub use parse::{
    parse_all, parse_first, Entry, ParseError, ParseErrorKind, ParseOptions, Parser, Puzzle,
};
pub use solver::{count_solutions, solve, Engine, Outcome, Report, SolveOptions, Solver, Stats};
pub use verify::{verify, VerifyError};
