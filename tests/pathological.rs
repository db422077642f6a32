//! Inputs that could hang a solver: nearly empty grids, and unsolvable
//! puzzles whose contradiction only shows deep in the search. Each must end,
//! or stop at its node budget, with a clear result — never a wrong one. The
//! timings go to stderr (`--nocapture`) for the record; nothing here asserts
//! a time.

use std::time::Instant;

use bitsudoku::generate::{random_solution, remove_while_unique, Rng};
use bitsudoku::{solve, verify, Engine, Grid, Outcome, Shape, SolveOptions};

const BUDGET: u64 = 200_000;

fn run(name: &str, puzzle: &Grid, engine: Engine, limit: u64) -> Outcome {
    let started = Instant::now();
    let report = solve(
        puzzle,
        &SolveOptions {
            engine,
            limit,
            max_nodes: BUDGET,
        },
    );
    eprintln!(
        "{name} ({engine:?}, limit {limit}): {} after {} nodes, {:.1} ms",
        report.outcome,
        report.stats.nodes,
        started.elapsed().as_secs_f64() * 1e3
    );
    assert!(report.stats.nodes <= BUDGET);
    if let Some(g) = report.outcome.solution() {
        verify(puzzle, g).unwrap();
    }
    report.outcome
}

#[test]
fn nearly_empty_grids_end_at_once() {
    for size in Shape::SQUARES {
        let empty = Grid::empty(size.clone());
        for engine in [Engine::Bitmask, Engine::Learn, Engine::Dlx] {
            let outcome = run(&format!("empty {size}"), &empty, engine, 2);
            assert!(
                matches!(
                    outcome,
                    Outcome::Several {
                        count: 2,
                        more: true,
                        ..
                    }
                ),
                "{outcome}"
            );
        }
    }
    let mut two = Grid::empty(Shape::S16);
    two.set(0, 1);
    two.set(255, 16);
    for engine in [Engine::Bitmask, Engine::Learn, Engine::Dlx] {
        let outcome = run("16×16 with 2 givens", &two, engine, 2);
        assert!(matches!(outcome, Outcome::Several { .. }), "{outcome}");
    }
    // Counting many solutions of an empty 9×9 stops at the limit.
    let outcome = run(
        "empty 9×9, limit 1000",
        &Grid::empty(Shape::S9),
        Engine::Bitmask,
        1000,
    );
    assert!(
        matches!(
            outcome,
            Outcome::Several {
                count: 1000,
                more: true,
                ..
            }
        ),
        "{outcome}"
    );
}

/// A puzzle with one solution, emptied down to `givens` cells (or as far as
/// uniqueness allows), then one given changed to a digit no other given
/// contradicts: almost always no solution, but only search shows it.
fn deep_contradiction(size: &Shape, givens: usize, seed: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let solution = random_solution(size, &mut rng).expect("a solution");
    let mut puzzle = remove_while_unique(&solution, &mut rng, givens, false);
    let filled: Vec<usize> = (0..size.cells()).filter(|&c| puzzle.get(c) != 0).collect();
    for _ in 0..100 {
        let cell = filled[rng.below(filled.len())];
        let original = puzzle.get(cell);
        for d in 1..=size.side() as u8 {
            puzzle.set(cell, d);
            if d != original && puzzle.conflicts().is_empty() {
                return puzzle;
            }
        }
        puzzle.set(cell, original);
    }
    unreachable!("some given can change quietly")
}

#[test]
fn deep_contradictions_end_or_stop_at_the_budget() {
    let cases = [
        (Shape::S9, 0, 1),
        (Shape::S9, 0, 2),
        (Shape::S16, 0, 3),
        (Shape::S16, 0, 4),
        (Shape::S25, 312, 5),
    ];
    let mut unsolvable = 0;
    for (size, givens, seed) in cases {
        let puzzle = deep_contradiction(&size, givens, seed);
        let name = format!("{size}, {} givens, one changed", puzzle.filled());
        let mut outcomes = Vec::new();
        for engine in [Engine::Bitmask, Engine::Learn, Engine::Dlx] {
            outcomes.push(run(&name, &puzzle, engine, 2));
        }
        // A changed given can still leave solutions (of other grids); those
        // verified in `run`. What must never happen is a panic, a hang, or
        // the engines disagreeing when both finished.
        let finished: Vec<&Outcome> = outcomes
            .iter()
            .filter(|o| !matches!(o, Outcome::OutOfBudget { .. }))
            .collect();
        for other in &finished {
            assert_eq!(finished[0].id(), other.id(), "{name}");
        }
        unsolvable += outcomes.iter().any(|o| matches!(o, Outcome::NoSolution)) as usize;
    }
    assert!(unsolvable >= 3, "most of these have no solution");
}
