//! Cross-check at scale (ignored by default; `make test` runs it): random
//! puzzles of every shape (square and rectangular boxes, X-Sudoku, windoku,
//! jigsaw) and every kind — cut from solved grids (unique or
//! several solutions), with a given changed (mostly none), with a planted
//! duplicate (conflict) — solved by the default engine, the learning engine
//! and Dancing Links. The counts up to 2 must agree, every solution must verify, and a unique answer must be the grid
//! the puzzle was cut from.
//!
//! `BITSUDOKU_SCALE=N cargo test --release --test scale -- --ignored --nocapture`
//! runs N puzzles (default 100,000), split over the shapes.

use bitsudoku::generate::{random_jigsaw, random_solution, Rng};
use bitsudoku::{solve, verify, Engine, Extras, Grid, Outcome, Shape, SolveOptions};

/// How a plan entry makes the shape of its next puzzle.
type MakeShape = fn(&mut Rng) -> Shape;

const X: Extras = Extras {
    diagonals: true,
    windows: false,
};
const HYPER: Extras = Extras {
    diagonals: false,
    windows: true,
};

/// Per shape: share of the puzzles (in percent), and the kept share of
/// cells (per mille) — enough givens to keep 16×16 and 25×25 searches short.
const PLAN: [(&str, MakeShape, u32, std::ops::Range<u32>); 13] = [
    ("4×4", |_| Shape::S4, 25, 0..1000),
    ("9×9", |_| Shape::S9, 33, 150..1000),
    ("16×16", |_| Shape::S16, 6, 450..1000),
    ("25×25", |_| Shape::S25, 2, 620..1000),
    ("6×6", |_| Shape::from_side(6).unwrap(), 8, 0..1000),
    ("8×8", |_| Shape::from_side(8).unwrap(), 3, 100..1000),
    ("10×10", |_| Shape::from_side(10).unwrap(), 2, 200..1000),
    ("12×12", |_| Shape::from_side(12).unwrap(), 3, 300..1000),
    (
        "12×12 (boxes 4×3)",
        |_| Shape::boxes(4, 3).unwrap(),
        1,
        300..1000,
    ),
    ("9×9 X", |_| Shape::S9.with_extras(X).unwrap(), 5, 100..1000),
    (
        "9×9 windoku",
        |_| Shape::S9.with_extras(HYPER).unwrap(),
        4,
        100..1000,
    ),
    (
        "9×9 jigsaw",
        |rng| jigsaw(9, Extras::NONE, rng),
        6,
        150..1000,
    ),
    ("6×6 jigsaw X", |rng| jigsaw(6, X, rng), 2, 0..1000),
];

/// A jigsaw of random regions that admit a grid (random regions with
/// the diagonals often admit none).
fn jigsaw(side: usize, extras: Extras, rng: &mut Rng) -> Shape {
    random_jigsaw(side, extras, rng).0
}

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

fn run_size(make: MakeShape, keep: std::ops::Range<u32>, puzzles: u64, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    let mut size = make(&mut rng);
    let n = size.side() as u8;
    while tally.puzzles < puzzles {
        // A jigsaw gets new regions every 20 puzzles.
        if tally.puzzles % 20 == 19 {
            size = make(&mut rng);
        }
        let solution = random_solution(&size, &mut rng).expect("a solution");
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
    let (size, make, share, keep) = PLAN[index].clone();
    let puzzles = (total() * share as u64).div_ceil(100);
    let tally = run_size(make, keep, puzzles, 0xC0FFEE + index as u64);
    eprintln!("scale {size}: {tally:?}");
    // Every kind shows up, and budget skips stay rare.
    assert!(
        tally.unique > 0 && tally.none + tally.conflict > 0,
        "{size}: {tally:?}"
    );
    if make(&mut Rng::new(0)).side() <= 9 {
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

#[test]
#[ignore = "large; run by make test with BITSUDOKU_SCALE"]
fn cross_check_rectangular_boxes() {
    for index in 4..9 {
        run_plan(index);
    }
}

#[test]
#[ignore = "large; run by make test with BITSUDOKU_SCALE"]
fn cross_check_x_and_windoku() {
    run_plan(9);
    run_plan(10);
}

#[test]
#[ignore = "large; run by make test with BITSUDOKU_SCALE"]
fn cross_check_jigsaw() {
    run_plan(11);
    run_plan(12);
}
