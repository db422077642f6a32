//! Checking collections (`bitsudoku::collection`): every verdict agrees with
//! the search and the independent verifier, the rows have their columns, and
//! grades are the logical grader's.

use bitsudoku::collection::{Finding, Tally, Verdict, TSV_HEADER};
use bitsudoku::{
    count_solutions, parse_all, solve, verify, Engine, Outcome, ParseOptions, SolveOptions,
};

const FILES: [&str; 8] = [
    "4x4.txt",
    "9x9_classic.txt",
    "9x9_17clue.txt",
    "9x9_hardest.txt",
    "9x9_several.txt",
    "16x16_gecode.txt",
    "16x16_vu_kr.txt",
    "25x25_half.txt",
];

fn entries(name: &str) -> Vec<bitsudoku::Entry> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_all(&text, ParseOptions::default())
}

/// A collection's grade is the logical grader's: the techniques decide the
/// level, and a puzzle they do not finish needs guessing (with the search's
/// guesses). The search may guess on a puzzle logic finishes (X-Wings,
/// chains and 9×9 subsets are not in its propagation).
#[test]
fn grades_are_the_logical_graders() {
    let (mut guessed, mut logic_after_all) = (0, 0);
    for name in FILES {
        for entry in entries(name) {
            let puzzle = entry.result.unwrap();
            let report = solve(&puzzle.grid, &SolveOptions::default());
            let Finding::Unique { grade, .. } = Finding::from_report(&puzzle, &report, None) else {
                continue;
            };
            let grade = grade.expect("a unique puzzle has a grade");
            let logical = bitsudoku::logic::grade(&puzzle.grid).unwrap();
            assert_eq!(
                (grade.hardest, grade.steps),
                (logical.hardest, logical.steps),
                "{name}:{}",
                entry.line
            );
            if report.stats.guesses > 0 {
                guessed += 1;
                logic_after_all += grade.hardest.is_some() as usize;
            }
        }
    }
    assert!(guessed > 500, "the sets hold puzzles that need guessing");
    assert!(
        logic_after_all > 0,
        "logic finishes some the search guessed on"
    );
}

#[test]
fn verdicts_agree_with_the_search_and_the_verifier() {
    let mut tally = Tally::default();
    for name in FILES {
        for entry in entries(name) {
            let at = format!("{name}:{}", entry.line);
            let puzzle = entry.result.clone().unwrap();
            let options = SolveOptions {
                limit: 3,
                ..SolveOptions::default()
            };
            let report = solve(&puzzle.grid, &options);
            let finding = Finding::from_report(&puzzle, &report, None);
            tally.add(&finding);
            let dlx = count_solutions(&puzzle.grid, Engine::Dlx, 3);
            match &finding {
                Finding::Unique { solution, grade } => {
                    assert_eq!(dlx, 1, "{at}");
                    verify(&puzzle.grid, solution).unwrap_or_else(|e| panic!("{at}: {e}"));
                    let grade = grade.expect("a unique puzzle has a grade");
                    // Logic that finishes needs no guess.
                    if grade.hardest.is_some() {
                        assert_eq!(grade.guesses, 0, "{at}");
                    }
                }
                Finding::Several { count, more } => {
                    assert!(*count >= 2, "{at}");
                    assert_eq!(dlx, (*count).min(3), "{at}");
                    assert_eq!(*more, dlx == 3, "{at}");
                }
                other => panic!("{at}: {other:?}"),
            }
            let verdict = Verdict::of(entry.index, entry.line, &puzzle, finding);
            let row = verdict.tsv();
            let columns: Vec<&str> = row.split('\t').collect();
            assert_eq!(columns.len(), TSV_HEADER.split('\t').count(), "{at}: {row}");
            assert_eq!(columns[0], entry.index.to_string());
            assert_eq!(columns[3], verdict.finding.id());
            if let Some(text) = verdict.solution_text() {
                // The solution column reads back as the solution itself.
                let (back, _) = bitsudoku::parse_first(&text, ParseOptions::default()).unwrap();
                assert!(
                    matches!(&verdict.finding, Finding::Unique { solution, .. } if *solution == back.grid),
                    "{at}"
                );
                assert_eq!(columns[6], text);
            }
        }
    }
    assert!(tally.unique > 900 && tally.several >= 200, "{tally}");
}

#[test]
fn unreadable_no_solution_conflicts_and_stops_are_named() {
    // Row 1 holds 1–8 and R2C9 holds 9: R1C9 has no candidate, though no
    // two givens conflict.
    let text = "abc\n11...............................................................................\n12345678.........9...............................................................\n.................................................................................\n";
    let all = parse_all(text, ParseOptions::default());
    assert_eq!(all.len(), 4);
    let bad = all[0].result.as_ref().unwrap_err();
    let unreadable = Verdict::unreadable(&all[0], bad);
    assert_eq!(unreadable.finding.id(), "invalid");
    assert!(unreadable
        .tsv()
        .starts_with("1\t1\t-\tinvalid\t-\t-\t-\tline 1: "));

    let conflict = all[1].result.clone().unwrap();
    let report = solve(&conflict.grid, &SolveOptions::default());
    let finding = Finding::from_report(&conflict, &report, None);
    assert_eq!(
        finding.reason(),
        Some("conflicting givens: R1C1 and R1C2 both hold '1' in row 1")
    );

    let none = all[2].result.clone().unwrap();
    let report = solve(&none.grid, &SolveOptions::default());
    assert!(matches!(report.outcome, Outcome::NoSolution));
    assert_eq!(count_solutions(&none.grid, Engine::Dlx, 2), 0);
    let finding = Finding::from_report(&none, &report, None);
    assert_eq!(finding, Finding::NoSolution);
    assert_eq!(finding.count_text(), "0");

    let open = all[3].result.clone().unwrap();
    let stopped = solve(
        &open.grid,
        &SolveOptions {
            max_nodes: 1,
            ..SolveOptions::default()
        },
    );
    let finding = Finding::from_report(&open, &stopped, Some("gave up".into()));
    assert_eq!(finding.id(), "unfinished");
    assert_eq!(finding.reason(), Some("gave up"));
    assert!(finding.is_failure());
}
