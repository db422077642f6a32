//! Measures the one design choice the solver core had to make early: sizes as
//! compile-time constants (`Fixed<B>`, what the engine uses) or read at run
//! time (`Dyn`). Same code, same tables, same puzzles.
//!
//! cargo run --release --example geometry_choice -- PUZZLE_FILE [ROUNDS]

use std::time::Instant;

use bitsudoku::{parse_all, ParseOptions, Solver};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: geometry_choice PUZZLE_FILE [ROUNDS]");
    let rounds: usize = args
        .next()
        .map_or(5, |r| r.parse().expect("ROUNDS is a number"));
    let text = std::fs::read_to_string(&path).expect("readable puzzle file");
    let grids: Vec<_> = parse_all(&text, ParseOptions::default())
        .into_iter()
        .filter_map(|e| e.result.ok().map(|p| p.grid))
        .collect();
    let mut best = [f64::MAX; 2];
    for _ in 0..rounds {
        for (k, label) in ["const", "runtime"].iter().enumerate() {
            let start = Instant::now();
            let mut nodes = 0;
            for g in &grids {
                let mut s = if k == 0 {
                    Solver::new(g, bitsudoku::Engine::Bitmask, 2)
                } else {
                    Solver::new_runtime_sized(g, 2)
                };
                s.run(u64::MAX);
                nodes += s.stats().nodes;
            }
            let t = start.elapsed().as_secs_f64();
            best[k] = best[k].min(t);
            let _ = (label, nodes);
        }
    }
    println!(
        "{path}: {} puzzles, best of {rounds}: const {:.1} ms, runtime {:.1} ms, runtime/const {:.3}",
        grids.len(),
        best[0] * 1e3,
        best[1] * 1e3,
        best[1] / best[0]
    );
}
