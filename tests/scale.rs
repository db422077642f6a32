//! Cross-check at scale (ignored by default; `make test` runs it): random
//! puzzles of every size and every kind — cut from solved grids (unique or
//! several solutions), with a given changed (mostly none), with a planted
//! duplicate (conflict) — solved by the default engine, the learning engine
//! and Dancing Links. The counts up to 2 must agree, every solution must verify, and a unique answer must be the grid
//! the puzzle was cut from.
//!
//! `BITSUDOKU_SCALE=N cargo test --release --test scale -- --ignored --nocapture`
//! runs N puzzles (default 100,000), split over the sizes.

use bitsudoku::generate::{random_solution, Rng};
use bitsudoku::{solve, verify, Engine, Grid, Outcome, Size, SolveOptions};

/// Per size: share of the puzzles (in percent), and the kept share of cells
/// (per mille) — enough givens to keep 16×16 and 25×25 searches short.
const PLAN: [(Size, u32, std::ops::Range<u32>); 4] = [
    (Size::S4, 40, 0..1000),
    (Size::S9, 50, 150..1000),
    (Size::S16, 8, 450..1000),
    (Size::S25, 2, 620..1000),
];

#[derive(Default, Debug)]
struct Tally {
    puzzles: u64,
    unique: u64,
    several: u64,
    none: u64,
    conflict: u64,
    /// Either engine ran out of its node budget: not compared.
    skipped: u64,
}

fn check(puzzle: &Grid, origin: Option<&Grid>, tally: &mut Tally) {
    tally.puzzles += 1;
    let run = |engine, max_nodes| {
        solve(
            puzzle,
            &SolveOptions {
                engine,
                limit: 2,
                max_nodes,
            },
        )
    };
    let a = run(Engine::Bitmask, 200_000);
    let b = run(Engine::Dlx, 5_000_000);
    let c = run(Engine::Learn, 200_000);
    for r in [&a, &b, &c] {
        if let Some(s) = r.outcome.solution() {
            if let Err(e) = verify(puzzle, s) {
                panic!("a wrong solution ({e}) for {:?}", puzzle.cells());
            }
        }
    }
    match (a.outcome.count(), b.outcome.count(), c.outcome.count()) {
        (Some(x), Some(y), Some(z)) => assert!(
            x == y && y == z,
            "bitmask {} vs dlx {} vs learn {} on {:?}",
            a.outcome,
            b.outcome,
            c.outcome,
            puzzle.cells()
        ),
        _ => {
            tally.skipped += 1;
            return;
        }
    }
    match &a.outcome {
        Outcome::Unique(g) => {
            tally.unique += 1;
            if let Some(origin) = origin {
                assert_eq!(
                    g, origin,
                    "a unique puzzle's solution is the grid it was cut from"
                );
            }
        }
        Outcome::Several { .. } => tally.several += 1,
        Outcome::NoSolution => tally.none += 1,
        Outcome::Conflict(_) => tally.conflict += 1,
        _ => {}
    }
}

fn run_size(size: Size, keep: std::ops::Range<u32>, puzzles: u64, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    let n = size.side() as u8;
    while tally.puzzles < puzzles {
        let solution = random_solution(size, &mut rng);
        let keep = keep.start + rng.below((keep.end - keep.start) as usize) as u32;
        let mut cut = solution.clone();
        for cell in 0..size.cells() {
            if rng.below(1000) as u32 >= keep {
                cut.set(cell, 0);
            }
        }
        let filled: Vec<usize> = (0..size.cells()).filter(|&c| cut.get(c) != 0).collect();
        match rng.below(4) {
            // Cut from a solved grid: unique or several solutions.
            0 | 1 => check(&cut, Some(&solution), &mut tally),
            // One given changed to another digit that no other given
            // contradicts: mostly no solution, found only by search.
            2 if !filled.is_empty() => {
                let cell = filled[rng.below(filled.len())];
                let original = cut.get(cell);
                let start = rng.below(n as usize) as u8;
                let quiet = (0..n).map(|k| (start + k) % n + 1).find(|&d| {
                    cut.set(cell, d);
                    d != original && cut.conflicts().is_empty()
                });
                if quiet.is_none() {
                    cut.set(cell, original % n + 1);
                }
                check(&cut, None, &mut tally);
            }
            // A planted duplicate in the cell's row.
            _ if !filled.is_empty() => {
                let cell = filled[rng.below(filled.len())];
                let row = size.row(cell);
                let other = size.cell(
                    row,
                    (size.col(cell) + 1 + rng.below(size.side() - 1)) % size.side(),
                );
                cut.set(other, cut.get(cell));
                check(&cut, None, &mut tally);
            }
            _ => check(&cut, Some(&solution), &mut tally),
        }
    }
    tally
}

fn total() -> u64 {
    std::env::var("BITSUDOKU_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

fn run_plan(index: usize) {
    let (size, share, keep) = PLAN[index].clone();
    let puzzles = (total() * share as u64).div_ceil(100);
    let tally = run_size(size, keep, puzzles, 0xC0FFEE + index as u64);
    eprintln!("scale {size}: {tally:?}");
    // Every kind shows up, and budget skips stay rare.
    assert!(
        tally.unique > 0 && tally.none + tally.conflict > 0,
        "{size}: {tally:?}"
    );
    if size.side() <= 9 {
        assert!(tally.several > 0, "{size}: {tally:?}");
    }
    assert!(
        tally.skipped * 100 <= tally.puzzles,
        "{size}: too many skipped: {tally:?}"
    );
}

#[test]
#[ignore = "large; run by make test with BITSUDOKU_SCALE"]
fn cross_check_4x4() {
    run_plan(0);
}

#[test]
#[ignore = "large; run by make test with BITSUDOKU_SCALE"]
fn cross_check_9x9() {
    run_plan(1);
}

#[test]
#[ignore = "large; run by make test with BITSUDOKU_SCALE"]
fn cross_check_16x16() {
    run_plan(2);
}

#[test]
#[ignore = "large; run by make test with BITSUDOKU_SCALE"]
fn cross_check_25x25() {
    run_plan(3);
}
