//! Our engines beside reference solvers, in one process, on the same puzzles,
//! through the same harness (warm-up, timed passes, every answer checked by
//! the independent verifier). The reference for 9×9 is the `sudoku` crate
//! (Emerentius; a JCZSolve port), a dependency of this unpublished package
//! only: it is AGPL-3.0 and never part of what bitsudoku ships.
//!
//! cargo bench --manifest-path benches/compare/Cargo.toml --bench compare -- [--limit 1|2] [--seconds S] FILE...
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
            solution: (count > 0)
                .then(|| Grid::from_cells(puzzle.shape().clone(), first[0].to_vec()).expect("a 9×9 grid")),
            count,
            guesses: None,
        }
    }
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
