//! Counting, data-driven: every engine counts the puzzles of
//! `tests/data/*_counts.txt` exactly (the counts are Dancing Links'), and
//! every solution it returns passes the independent verifier.

use bitsudoku::{parse_all, solve, verify, Engine, Grid, Outcome, ParseOptions, SolveOptions};

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
