//! The logical path: every step is sound, on hundreds of puzzles of every
//! size. Each placement agrees with the unique solution and each
//! elimination removes a digit that is not the solution's; the solution
//! comes from the search engine and is checked by the independent verifier.

use bitsudoku::logic::{path, End, Level, Technique};
use bitsudoku::{parse_all, solve, verify, Grid, Outcome, ParseOptions, SolveOptions};
use std::collections::BTreeMap;

fn puzzles(name: &str, take: usize) -> Vec<Grid> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_all(&text, ParseOptions::default())
        .into_iter()
        .filter_map(|e| e.result.ok())
        .map(|p| p.grid)
        .take(take)
        .collect()
}

fn unique_solution(puzzle: &Grid) -> Option<Grid> {
    match solve(puzzle, &SolveOptions::default()).outcome {
        Outcome::Unique(g) => {
            verify(puzzle, &g).expect("the verifier accepts the solution");
            Some(g)
        }
        _ => None,
    }
}

/// Walks the logical path of each puzzle and checks every step against
/// the solution; returns how often each technique was used.
fn check_paths(name: &str, take: usize) -> BTreeMap<Technique, usize> {
    let mut used = BTreeMap::new();
    for (i, puzzle) in puzzles(name, take).iter().enumerate() {
        let Some(solution) = unique_solution(puzzle) else {
            continue;
        };
        let p = path(puzzle, Level::Expert).expect("consistent givens");
        assert!(
            !matches!(p.end, End::Dead(_)),
            "{name} #{i}: a sound path never dies"
        );
        for (k, step) in p.steps.iter().enumerate() {
            *used.entry(step.technique).or_insert(0) += 1;
            assert!(
                !step.placements.is_empty() || !step.eliminations.is_empty(),
                "{name} #{i} step {k}: a step does something"
            );
            for &(cell, digit) in &step.placements {
                assert_eq!(
                    solution.get(cell),
                    digit,
                    "{name} #{i} step {k} ({:?}) places a wrong digit",
                    step.technique
                );
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(
                    solution.get(cell),
                    digit,
                    "{name} #{i} step {k} ({:?}) eliminates the solution's digit",
                    step.technique
                );
            }
        }
        if p.end == End::Solved {
            assert_eq!(
                p.last.grid(),
                solution,
                "{name} #{i}: the path ends at the solution"
            );
        }
    }
    used
}

#[test]
fn every_step_is_sound_on_9x9() {
    let mut used = check_paths("9x9_hardest.txt", 375);
    for (t, n) in check_paths("9x9_classic.txt", 126) {
        *used.entry(t).or_insert(0) += n;
    }
    for (t, n) in check_paths("9x9_17clue.txt", 300) {
        *used.entry(t).or_insert(0) += n;
    }
    eprintln!("9×9 techniques used: {used:?}");
    // The sets exercise the techniques of every level.
    for t in [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::XWing,
        Technique::XyWing,
        Technique::XChain,
    ] {
        assert!(used.contains_key(&t), "{t:?} used somewhere");
    }
}

#[test]
fn every_step_is_sound_on_4x4_16x16_and_25x25() {
    for (name, take) in [
        ("4x4.txt", 60),
        ("16x16_vu_kr.txt", 100),
        ("16x16_gecode.txt", 55),
        ("25x25_half.txt", 20),
        ("25x25_minimal.txt", 3),
    ] {
        let used = check_paths(name, take);
        eprintln!("{name}: {used:?}");
    }
}
