//! Data-driven solving: every puzzle in `tests/data/*.txt` (every shape) is solved by every
//! engine (the default, the learning engine, Dancing Links); every solution
//! is checked by the independent verifier and against the expected one; the
//! engines agree on the count (limit 2). Then the same puzzles with clues
//! removed (several solutions) or changed (none) must get the same count from
//! all of them.

use bitsudoku::generate::Rng;
use bitsudoku::{
    count_solutions, parse_all, solve, verify, Engine, Grid, Outcome, ParseOptions, SolveOptions,
};

/// The engines every case goes through.
const ENGINES: [Engine; 3] = [Engine::Bitmask, Engine::Learn, Engine::Dlx];

struct Case {
    line: usize,
    puzzle: Grid,
    expected: Expected,
}

enum Expected {
    Solution(Grid),
    Several,
}

fn load(name: &str) -> Vec<Case> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: Vec<Case> = parse_all(&text, ParseOptions::default())
        .into_iter()
        .map(|entry| {
            let puzzle = entry
                .result
                .unwrap_or_else(|e| panic!("{name}:{}: {e}", entry.line));
            let tail = puzzle
                .comment
                .as_deref()
                .map(str::trim)
                .expect("an expected answer after the puzzle");
            let expected = if tail == "several" {
                Expected::Several
            } else {
                // A plain line, in the puzzle's shape: a jigsaw's (whose side
                // may have no boxes) with its regions after it.
                let spec = puzzle.grid.shape().spec();
                let text = match spec.split_once(' ') {
                    Some((kind, regions)) => format!("{kind} {tail} {regions}"),
                    None => tail.to_string(),
                };
                let side = Some(puzzle.grid.shape().side());
                let (sol, _) = bitsudoku::parse_first(
                    &text,
                    ParseOptions {
                        side,
                        ..ParseOptions::default()
                    },
                )
                .unwrap_or_else(|e| panic!("{name}:{}: expected solution: {e}", entry.line));
                let cells = sol.grid.cells().to_vec();
                Expected::Solution(
                    Grid::from_cells(puzzle.grid.shape().clone(), cells).unwrap_or_else(|e| {
                        panic!("{name}:{}: expected solution: {e}", entry.line)
                    }),
                )
            };
            Case {
                line: entry.line,
                puzzle: puzzle.grid,
                expected,
            }
        })
        .collect();
    assert!(!cases.is_empty(), "{name} holds puzzles");
    cases
}

fn check_file(name: &str) {
    let cases = load(name);
    check_cases(name, &cases, &ENGINES);
    derived_cases_agree(name, &cases);
}

fn check_cases(name: &str, cases: &[Case], engines: &[Engine]) {
    for case in cases {
        let at = format!("{name}:{}", case.line);
        for &engine in engines {
            let report = solve(
                &case.puzzle,
                &SolveOptions {
                    engine,
                    limit: 2,
                    max_nodes: u64::MAX,
                },
            );
            match (&case.expected, &report.outcome) {
                (Expected::Solution(want), Outcome::Unique(got)) => {
                    verify(&case.puzzle, got).unwrap_or_else(|e| panic!("{at} {engine:?}: {e}"));
                    assert_eq!(got, want, "{at} {engine:?}: not the expected solution");
                }
                (
                    Expected::Several,
                    Outcome::Several {
                        count: 2,
                        more: true,
                        example,
                    },
                ) => {
                    verify(&case.puzzle, example)
                        .unwrap_or_else(|e| panic!("{at} {engine:?}: {e}"));
                }
                (_, other) => panic!("{at} {engine:?}: unexpected outcome {other}"),
            }
        }
    }
}

/// Removing clues from a unique puzzle usually makes several solutions;
/// changing one usually makes none (or a conflict). Whatever the truth, both
/// engines must find the same count, and every solution must verify.
fn derived_cases_agree(name: &str, cases: &[Case]) {
    let mut rng = Rng::new(name.len() as u64);
    let mut kinds = [0usize; 3];
    for case in cases.iter().take(40) {
        let filled: Vec<usize> = (0..case.puzzle.cells().len())
            .filter(|&c| case.puzzle.get(c) != 0)
            .collect();
        let side = case.puzzle.shape().side() as u8;
        // A few clues fewer.
        let mut fewer = case.puzzle.clone();
        for _ in 0..3 {
            fewer.set(filled[rng.below(filled.len())], 0);
        }
        // One clue changed to another digit.
        let mut changed = case.puzzle.clone();
        let cell = filled[rng.below(filled.len())];
        changed.set(cell, (changed.get(cell) % side) + 1);
        for puzzle in [fewer, changed] {
            let counts: Vec<u64> = ENGINES
                .into_iter()
                .map(|e| count_solutions(&puzzle, e, 2))
                .collect();
            assert!(
                counts.iter().all(|&c| c == counts[0]),
                "{name}:{}: engines disagree on a derived puzzle: {counts:?}",
                case.line
            );
            kinds[counts[0] as usize] += 1;
            if let Some(g) = solve(&puzzle, &SolveOptions::default()).outcome.solution() {
                verify(&puzzle, g).unwrap_or_else(|e| panic!("{name}:{}: derived: {e}", case.line));
            }
        }
    }
    // The derived puzzles must exercise more than one kind of answer.
    assert!(
        kinds.iter().filter(|&&k| k > 0).count() >= 2,
        "{name}: derived counts {kinds:?}"
    );
}

#[test]
fn four_by_four() {
    check_file("4x4.txt");
}

#[test]
fn nine_by_nine_17_clue() {
    check_file("9x9_17clue.txt");
}

#[test]
fn nine_by_nine_hardest() {
    check_file("9x9_hardest.txt");
}

#[test]
fn nine_by_nine_classic() {
    check_file("9x9_classic.txt");
}

#[test]
fn nine_by_nine_several() {
    check_file("9x9_several.txt");
}

#[test]
fn sixteen_gecode() {
    check_file("16x16_gecode.txt");
}

#[test]
fn sixteen_vu_kr() {
    check_file("16x16_vu_kr.txt");
}

#[test]
fn boxes_of_two_sizes() {
    check_file("shapes_boxes.txt");
}

#[test]
fn x_and_windoku() {
    check_file("shapes_variants.txt");
}

#[test]
fn jigsaw() {
    check_file("shapes_jigsaw.txt");
}

#[test]
fn twenty_five_half_empty() {
    check_file("25x25_half.txt");
}

/// Minimal 25×25 puzzles: the band engine alone needs up to a second on
/// these, Dancing Links does not finish them; the default engine (which
/// hands them to the learning engine) and the learning engine prove each
/// unique.
#[test]
fn twenty_five_minimal() {
    let cases = load("25x25_minimal.txt");
    check_cases(
        "25x25_minimal.txt",
        &cases,
        &[Engine::Bitmask, Engine::Learn],
    );
}

#[test]
fn budget_stops_cleanly_and_resumes() {
    let cases = load("9x9_hardest.txt");
    // The case needing the most nodes; stop it at a quarter of them.
    let (hard, total) = cases
        .iter()
        .map(|c| (c, solve(&c.puzzle, &SolveOptions::default()).stats.nodes))
        .max_by_key(|&(_, nodes)| nodes)
        .unwrap();
    assert!(total >= 40, "the hardest case needs {total} nodes");
    let budget = total / 4;
    let report = solve(
        &hard.puzzle,
        &SolveOptions {
            max_nodes: budget,
            ..SolveOptions::default()
        },
    );
    match &report.outcome {
        Outcome::OutOfBudget {
            found: 0,
            example: None,
        } => {}
        Outcome::OutOfBudget {
            found: 1,
            example: Some(g),
        } => verify(&hard.puzzle, g).unwrap(),
        other => panic!("expected the budget to run out: {other}"),
    }
    assert_eq!(report.stats.nodes, budget);
    // The same search in slices ends where the one-shot search does.
    for engine in ENGINES {
        let whole = solve(
            &hard.puzzle,
            &SolveOptions {
                engine,
                ..SolveOptions::default()
            },
        );
        let mut solver = bitsudoku::Solver::new(&hard.puzzle, engine, 2);
        let mut slices = 0;
        while !solver.run((whole.stats.nodes / 10).max(1)) {
            slices += 1;
        }
        assert!(slices > 1, "{engine:?} took more than one slice");
        let sliced = solver.report();
        assert_eq!(sliced, whole, "{engine:?}");
        let Expected::Solution(want) = &hard.expected else {
            unreachable!()
        };
        assert_eq!(sliced.outcome, Outcome::Unique(want.clone()));
    }
}

#[test]
fn limit_one_finds_without_proving() {
    for case in load("9x9_classic.txt").iter().take(20) {
        let report = solve(
            &case.puzzle,
            &SolveOptions {
                limit: 1,
                ..SolveOptions::default()
            },
        );
        let Outcome::Solved(g) = &report.outcome else {
            panic!("line {}: {}", case.line, report.outcome)
        };
        verify(&case.puzzle, g).unwrap();
    }
}

#[test]
fn counting_is_exact_below_the_limit() {
    // An empty 4×4 has 288 solutions; every engine must count them all.
    let empty = Grid::empty(bitsudoku::Shape::S4);
    for engine in ENGINES {
        assert_eq!(count_solutions(&empty, engine, 1000), 288, "{engine:?}");
        let report = solve(
            &empty,
            &SolveOptions {
                engine,
                limit: 1000,
                max_nodes: u64::MAX,
            },
        );
        match report.outcome {
            Outcome::Several {
                count: 288,
                more: false,
                example,
            } => verify(&empty, &example).unwrap(),
            other => panic!("{engine:?}: {other}"),
        }
    }
}

#[test]
fn a_reused_solver_answers_like_a_fresh_one() {
    // Every size, unique, several, none and conflicting puzzles, one after
    // another through one solver: each report equals a fresh solve's.
    let mut rng = Rng::new(9);
    let mut puzzles: Vec<Grid> = Vec::new();
    for name in [
        "4x4.txt",
        "9x9_hardest.txt",
        "9x9_several.txt",
        "16x16_vu_kr.txt",
        "25x25_half.txt",
    ] {
        for case in load(name).into_iter().take(6) {
            let mut changed = case.puzzle.clone();
            // A given changed to a neighbour's digit: none or a conflict.
            let cell = (0..changed.shape().cells())
                .find(|&c| changed.get(c) != 0 && rng.below(3) == 0)
                .unwrap_or(0);
            let n = changed.shape().side() as u8;
            changed.set(cell, changed.get(cell) % n + 1);
            puzzles.push(case.puzzle);
            puzzles.push(changed);
        }
    }
    for limit in [1, 2, 3] {
        let mut slot = None;
        for (i, p) in puzzles.iter().enumerate() {
            let reused = bitsudoku::Solver::reuse(&mut slot, p, Engine::Bitmask, limit);
            reused.run(u64::MAX);
            let mut fresh = bitsudoku::Solver::new(p, Engine::Bitmask, limit);
            fresh.run(u64::MAX);
            assert_eq!(reused.report(), fresh.report(), "puzzle {i}, limit {limit}");
        }
    }
}
