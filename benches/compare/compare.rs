//! Our engines beside reference solvers, in one process, on the same puzzles,
//! through the same harness (warm-up, timed passes, every answer checked by
//! the independent verifier). The reference for 9×9 is the `sudoku` crate
//! (Emerentius; a JCZSolve port), a dependency of this unpublished package
//! only: it is AGPL-3.0 and never part of what bitsudoku ships.
//!
//! cargo bench --manifest-path benches/compare/Cargo.toml --bench compare -- [--limit 1|2] [--seconds S] FILE...
//!
//! With `TDOKU_DIR` set to a checkout of tdoku when building, tdoku's
//! fastest solver (its DPLL triad solver, C++) runs too, through the same
//! harness: each answer verified, its guesses reported (build.rs).
//!
//! Cargo runs a bench in its package's directory, so relative FILEs are taken
//! from the repository root, where the command is given.

use std::time::Instant;

use bitsudoku::bench::{engine_solver, run, Answer, BenchOptions, Row};
use bitsudoku::{parse_all, Engine, Grid, ParseOptions};

#[path = "../../src/cli/table.rs"]
#[allow(dead_code)]
mod table;
use table::{format_row, header};

fn sudoku_crate(limit: u64) -> impl FnMut(&Grid) -> Answer {
    move |puzzle| {
        let bytes: [u8; 81] = puzzle.cells().try_into().expect("a 9×9 puzzle");
        let s = sudoku::Sudoku::from_bytes(bytes).expect("digits 0..=9");
        // Count up to the limit and keep the first solution: the same work
        // our engines do.
        let mut first = [[0u8; 81]];
        let count = s.solutions_up_to_buffer(&mut first, limit as usize) as u64;
        Answer {
            solution: (count > 0).then(|| {
                Grid::from_cells(puzzle.shape().clone(), first[0].to_vec()).expect("a 9×9 grid")
            }),
            count,
            guesses: None,
        }
    }
}

#[cfg(tdoku)]
extern "C" {
    fn TdokuSolverDpllTriadSimd(
        puzzle: *const u8,
        limit: usize,
        configuration: u32,
        solution: *mut u8,
        num_guesses: *mut usize,
    ) -> usize;
    fn TdokuEnumerate(
        puzzle: *const u8,
        limit: usize,
        callback: extern "C" fn(*const u8, *mut std::ffi::c_void),
        callback_arg: *mut std::ffi::c_void,
    ) -> usize;
}

#[cfg(tdoku)]
fn tdoku_text(puzzle: &Grid) -> Vec<u8> {
    puzzle
        .cells()
        .iter()
        .map(|&d| if d == 0 { b'.' } else { b'0' + d })
        .chain([0])
        .collect()
}

/// Keeps the first solution tdoku reports.
#[cfg(tdoku)]
extern "C" fn keep_first(solution: *const u8, arg: *mut std::ffi::c_void) {
    // SAFETY: `arg` is the `Option<[u8; 81]>` that `tdoku` passes, and
    // tdoku reports a solution as 81 digits.
    let first = unsafe { &mut *(arg as *mut Option<[u8; 81]>) };
    if first.is_none() {
        *first = Some(unsafe { std::ptr::read(solution as *const [u8; 81]) });
    }
}

/// tdoku's solver on one puzzle, counting up to the limit; its solutions
/// come through its enumerating entry point, the only one that reports a
/// solution short of the limit (for the verifier).
#[cfg(tdoku)]
fn tdoku(limit: u64) -> impl FnMut(&Grid) -> Answer {
    move |puzzle| {
        let text = tdoku_text(puzzle);
        let mut first: Option<[u8; 81]> = None;
        // SAFETY: an 81-character NUL-terminated puzzle; the callback
        // writes only to `first`, which outlives the call.
        let count = unsafe {
            TdokuEnumerate(
                text.as_ptr(),
                limit as usize,
                keep_first,
                &mut first as *mut _ as *mut std::ffi::c_void,
            )
        } as u64;
        Answer {
            solution: first.map(|s| {
                let cells = s.iter().map(|&c| c.wrapping_sub(b'0')).collect();
                Grid::from_cells(puzzle.shape().clone(), cells).expect("a 9×9 grid")
            }),
            count,
            guesses: None,
        }
    }
}

/// tdoku's guesses a puzzle (its binary branch points), from a pass of its
/// counting entry point outside the timing.
#[cfg(tdoku)]
fn tdoku_guesses(puzzles: &[Grid], limit: u64) -> f64 {
    let mut total = 0usize;
    for puzzle in puzzles {
        let text = tdoku_text(puzzle);
        let (mut solution, mut guesses) = ([0u8; 82], 0usize);
        // SAFETY: an 81-character NUL-terminated puzzle and an 81-byte buffer.
        unsafe {
            TdokuSolverDpllTriadSimd(
                text.as_ptr(),
                limit as usize,
                0,
                solution.as_mut_ptr(),
                &mut guesses,
            )
        };
        total += guesses;
    }
    total as f64 / puzzles.len() as f64
}

fn main() {
    let mut options = BenchOptions::default();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => {
                options.limit = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--limit 1|2")
            }
            "--seconds" => {
                options.seconds = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--seconds S")
            }
            // `cargo bench` passes this to every bench target.
            "--bench" => {}
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        eprintln!(
            "usage: cargo bench --manifest-path benches/compare/Cargo.toml --bench compare -- \
             [--limit 1|2] [--seconds S] FILE..."
        );
        return;
    }
    let start = Instant::now();
    let clock = || start.elapsed().as_secs_f64();
    println!("{}  {:>9}", header(), "ours/it");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for file in &files {
        let text =
            std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let puzzles: Vec<Grid> = parse_all(&text, ParseOptions::default())
            .into_iter()
            .map(|e| e.result.unwrap_or_else(|err| panic!("{file}: {err}")).grid)
            .collect();
        let set = std::path::Path::new(file)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let limit = options.limit;
        let ours = run(
            &set,
            "bitmask",
            &puzzles,
            &options,
            engine_solver(Engine::Bitmask, limit),
            clock,
        )
        .unwrap();
        let mut rows: Vec<Row> = vec![run(
            &set,
            "dlx",
            &puzzles,
            &options,
            engine_solver(Engine::Dlx, limit),
            clock,
        )
        .unwrap()];
        if puzzles[0].shape().side() == 9 {
            rows.push(
                run(
                    &set,
                    "sudoku-0.8",
                    &puzzles,
                    &options,
                    sudoku_crate(limit),
                    clock,
                )
                .unwrap(),
            );
            #[cfg(tdoku)]
            {
                let mut row = run(&set, "tdoku", &puzzles, &options, tdoku(limit), clock).unwrap();
                row.guesses_per_puzzle = Some(tdoku_guesses(&puzzles, limit));
                rows.push(row);
            }
        }
        println!("{}  {:>9}", format_row(&ours), "1.00");
        for r in &rows {
            println!(
                "{}  {:>9.2}",
                format_row(r),
                ours.puzzles_per_second / r.puzzles_per_second
            );
        }
    }
}
