//! Counting, data-driven: every engine counts the puzzles of
//! `tests/data/*_counts.txt` exactly (the counts are Dancing Links'), hands
//! out each of their solutions once when browsing, and every solution it
//! returns passes the independent verifier.

use std::collections::HashSet;

use bitsudoku::{
    parse_all, solve, verify, Engine, Grid, NextSolution, Outcome, ParseOptions, Solutions,
    SolveOptions,
};

/// The counting sets, every size with several solutions.
const FILES: [&str; 3] = ["4x4_counts.txt", "9x9_counts.txt", "16x16_counts.txt"];

/// Every engine, Dancing Links included: the file's count is its count.
const ENGINES: [Engine; 4] = [Engine::Dlx, Engine::Bitmask, Engine::Band, Engine::Learn];

/// The puzzles of a counting set with their counts and lines.
fn load(name: &str) -> Vec<(usize, Grid, u64)> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: Vec<_> = parse_all(&text, ParseOptions::default())
        .into_iter()
        .map(|entry| {
            let puzzle = entry
                .result
                .unwrap_or_else(|e| panic!("{name}:{}: {e}", entry.line));
            let count = puzzle
                .comment
                .as_deref()
                .and_then(|c| c.trim().parse().ok())
                .unwrap_or_else(|| panic!("{name}:{}: a count after the puzzle", entry.line));
            (entry.line, puzzle.grid, count)
        })
        .collect();
    assert!(!cases.is_empty(), "{name} holds puzzles");
    cases
}

fn count(puzzle: &Grid, engine: Engine, limit: u64) -> Outcome {
    let options = SolveOptions {
        engine,
        limit,
        max_nodes: u64::MAX,
    };
    solve(puzzle, &options).outcome
}

#[test]
fn exact_counts_agree_with_dancing_links() {
    for name in FILES {
        for (line, puzzle, want) in load(name) {
            assert!(
                want >= 2,
                "{name}:{line}: a counting case has several solutions"
            );
            for engine in ENGINES {
                let at = format!("{name}:{line} {engine:?}");
                // Above the count: exact, and nothing more.
                match count(&puzzle, engine, want + 1) {
                    Outcome::Several {
                        count,
                        more: false,
                        example,
                    } => {
                        assert_eq!(count, want, "{at}");
                        verify(&puzzle, &example).unwrap_or_else(|e| panic!("{at}: {e}"));
                    }
                    other => panic!("{at}: {other}"),
                }
                // Below it: stopped at the limit, which says "at least".
                let limit = want / 2;
                match count(&puzzle, engine, limit) {
                    Outcome::Several {
                        count, more: true, ..
                    } => assert_eq!(count, limit, "{at}, limit {limit}"),
                    other => panic!("{at}, limit {limit}: {other}"),
                }
            }
        }
    }
}

/// Browsing: every engine hands out each solution once, and the number it
/// hands out is the count; in slices of a few nodes, the same solutions in
/// the same order.
#[test]
fn every_solution_is_handed_out_once() {
    for name in FILES {
        for (line, puzzle, want) in load(name) {
            for engine in ENGINES {
                let at = format!("{name}:{line} {engine:?}");
                let all: Vec<Grid> = Solutions::new(&puzzle, engine).collect();
                assert_eq!(all.len() as u64, want, "{at}");
                let mut seen = HashSet::new();
                for g in &all {
                    verify(&puzzle, g).unwrap_or_else(|e| panic!("{at}: {e}"));
                    assert!(seen.insert(g.cells().to_vec()), "{at}: a solution twice");
                }
                if name != FILES[1] || engine == Engine::Dlx {
                    continue;
                }
                // The 9×9 set again, in slices of 7 nodes.
                let mut sliced = Solutions::new(&puzzle, engine);
                let mut got = Vec::new();
                let mut pauses = 0;
                loop {
                    match sliced.search(7, || false) {
                        NextSolution::Found(g) => got.push(g),
                        NextSolution::Paused => pauses += 1,
                        NextSolution::Exhausted => break,
                    }
                }
                assert!(pauses > 0, "{at}: slices of 7 nodes pause");
                assert_eq!(got, all, "{at}: in slices");
                assert_eq!(sliced.handed(), want);
                let report = sliced.solver().report();
                assert_eq!(report.outcome.count(), Some(want), "{at}");
                assert_eq!(sliced.search(7, || false), NextSolution::Exhausted);
            }
        }
    }
}

#[test]
fn browsing_a_unique_an_unsolvable_and_a_conflicting_puzzle() {
    let path = format!("{}/tests/data/9x9_hardest.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let unique = parse_all(&text, ParseOptions::default())[0]
        .result
        .clone()
        .unwrap()
        .grid;
    let mut conflicting = unique.clone();
    let given = (0..81).find(|&c| unique.get(c) != 0).unwrap();
    let peer = if given % 9 == 8 { given - 1 } else { given + 1 };
    conflicting.set(peer, unique.get(given));
    for engine in ENGINES {
        let mut one = Solutions::new(&unique, engine);
        let solution = one.next().expect("a solution");
        verify(&unique, &solution).unwrap();
        assert_eq!(one.next(), None, "{engine:?}");
        assert_eq!(one.handed(), 1);
        assert!(matches!(one.solver().report().outcome, Outcome::Unique(_)));
        let mut none = Solutions::new(&conflicting, engine);
        assert_eq!(none.search(u64::MAX, || false), NextSolution::Exhausted);
        assert_eq!(none.solver().report().outcome.count(), Some(0));
    }
}
