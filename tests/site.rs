//! The puzzle-site features of the core: generated puzzles have exactly one
//! solution (both engines say so), hints are sound (every hinted digit is
//! the unique solution's), checks name exactly the wrong entries, grades
//! follow what solving takes.

use bitsudoku::generate::{generate, random_solution, Rng};
use bitsudoku::logic::{check, grade, hint, Check, Hint, Technique};
use bitsudoku::{
    count_solutions, parse_all, solve, verify, Engine, Grid, Outcome, ParseOptions, Shape,
    SolveOptions,
};

fn unique_solution(puzzle: &Grid) -> Grid {
    match solve(puzzle, &SolveOptions::default()).outcome {
        Outcome::Unique(g) => g,
        other => panic!("expected a unique puzzle: {other}"),
    }
}

#[test]
fn generated_puzzles_have_exactly_one_solution() {
    let plan = [
        (Shape::S4, 30),
        (Shape::S9, 30),
        (Shape::S16, 6),
        (Shape::S25, 2),
    ];
    for (size, count) in plan {
        for seed in 0..count {
            for symmetric in [false, true] {
                let g = generate(&size, seed, symmetric).expect("a puzzle");
                let at = format!("{size} seed {seed} symmetric {symmetric}");
                for engine in [Engine::Bitmask, Engine::Learn, Engine::Dlx] {
                    assert_eq!(count_solutions(&g.puzzle, engine, 2), 1, "{at} {engine:?}");
                }
                verify(&g.puzzle, &g.solution).unwrap();
                assert_eq!(unique_solution(&g.puzzle), g.solution, "{at}");
                if symmetric {
                    let cells = size.cells();
                    for c in 0..cells {
                        assert_eq!(
                            g.puzzle.get(c) == 0,
                            g.puzzle.get(cells - 1 - c) == 0,
                            "{at}: cell {c}"
                        );
                    }
                }
                // The same seed makes the same puzzle.
                assert_eq!(
                    generate(&size, seed, symmetric).expect("a puzzle").puzzle,
                    g.puzzle,
                    "{at}"
                );
            }
        }
    }
}

#[test]
fn grades_follow_what_solving_takes() {
    // A full grid minus one cell: a naked single.
    let mut rng = Rng::new(9);
    let solved = random_solution(&Shape::S9, &mut rng).expect("a solution");
    let mut one_gap = solved.clone();
    one_gap.set(40, 0);
    let g = grade(&one_gap).unwrap();
    assert_eq!(
        (g.hardest, g.guesses, g.id()),
        (Some(Technique::NakedSingle), 0, "easy")
    );
    // The hardest public 9×9s need guessing.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/9x9_hardest.txt"
    ))
    .unwrap();
    let hard = parse_all(&text, ParseOptions::default())[0]
        .result
        .clone()
        .unwrap()
        .grid;
    let g = grade(&hard).unwrap();
    assert_eq!(g.hardest, None);
    assert!(g.guesses > 0);
    assert_eq!(
        g.to_string(),
        format!("beyond: needs guessing ({} guesses)", g.guesses)
    );
    // Conflicts and unsolvable puzzles have no grade.
    let mut clash = one_gap.clone();
    clash.set(40, solved.get(41));
    assert_eq!(grade(&clash), None);
}

/// Puzzles with known unique solutions: the test data and generated ones.
fn cases() -> Vec<(Grid, Grid)> {
    let mut out = Vec::new();
    for name in [
        "9x9_classic.txt",
        "9x9_17clue.txt",
        "16x16_gecode.txt",
        "4x4.txt",
    ] {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        for entry in parse_all(&text, ParseOptions::default())
            .into_iter()
            .take(25)
        {
            let puzzle = entry.result.unwrap().grid;
            let solution = unique_solution(&puzzle);
            out.push((puzzle, solution));
        }
    }
    for seed in 0..20 {
        let g = generate(&Shape::S9, 1000 + seed, seed % 2 == 0).expect("a puzzle");
        out.push((g.puzzle, g.solution));
    }
    out
}

#[test]
fn hints_are_sound_and_reveal_one_cell() {
    let mut rng = Rng::new(5);
    let mut kinds = [0usize; 3];
    for (puzzle, solution) in cases() {
        let size = puzzle.shape().clone();
        // Right entries in a random share of the empty cells.
        let mut entries = Grid::empty(size.clone());
        let keep = rng.below(100);
        for c in 0..size.cells() {
            if puzzle.get(c) == 0 && rng.below(100) < keep {
                entries.set(c, solution.get(c));
            }
        }
        match hint(&puzzle, &entries) {
            Hint::Step { step, before } => {
                let (cell, digit) = step.placement().expect("a hint fills one cell");
                assert_eq!(digit, solution.get(cell), "hinted {step:?}");
                assert_eq!(
                    puzzle.get(cell) + entries.get(cell),
                    0,
                    "the hinted cell was empty"
                );
                for b in &before {
                    assert!(
                        b.placements.is_empty() && !b.eliminations.is_empty(),
                        "only eliminations come before"
                    );
                    for &(cell, digit) in &b.eliminations {
                        assert_ne!(solution.get(cell), digit, "a sound elimination");
                    }
                }
                kinds[if before.is_empty() { 0 } else { 1 }] += 1;
            }
            Hint::Reveal { cell, digit, .. } => {
                assert_eq!(digit, solution.get(cell));
                kinds[2] += 1;
            }
            Hint::Solved => {
                assert!((0..size.cells()).all(|c| puzzle.get(c) != 0 || entries.get(c) != 0))
            }
            other => panic!("unexpected hint {other:?}"),
        }
        // A wrong entry is noticed without naming it.
        if let Some(c) = (0..size.cells()).find(|&c| puzzle.get(c) == 0 && entries.get(c) == 0) {
            let mut wrong = entries.clone();
            let bad = (1..=size.side() as u8)
                .find(|&d| d != solution.get(c))
                .unwrap();
            wrong.set(c, bad);
            let h = hint(&puzzle, &wrong);
            assert!(matches!(h, Hint::WrongEntries | Hint::Conflict(_)), "{h:?}");
        }
    }
    assert!(kinds[0] > 0, "plain steps occur: {kinds:?}");
}

#[test]
fn hints_reveal_when_logic_is_stuck_and_explain_eliminations() {
    // The hardest public 9×9s: singles and locked candidates stall at once.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/9x9_hardest.txt"
    ))
    .unwrap();
    let mut reveals = 0;
    for entry in parse_all(&text, ParseOptions::default())
        .into_iter()
        .take(10)
    {
        let puzzle = entry.result.unwrap().grid;
        let solution = unique_solution(&puzzle);
        if let Hint::Reveal {
            cell,
            digit,
            candidates,
        } = hint(&puzzle, &Grid::empty(Shape::S9))
        {
            assert_eq!(digit, solution.get(cell));
            assert!(candidates >= 2);
            reveals += 1;
        }
    }
    assert!(reveals > 0);
    // Generated puzzles played by logic up to the first locked candidates:
    // the hint names the elimination, then the single it leads to.
    let mut explained = 0;
    for seed in 0..200 {
        let g = generate(&Shape::S9, seed, false).expect("a puzzle");
        if !matches!(
            g.grade.hardest,
            Some(Technique::Pointing | Technique::Claiming)
        ) {
            continue;
        }
        let mut c = bitsudoku::logic::Candidates::new(&g.puzzle).unwrap();
        let mut entries = Grid::empty(Shape::S9);
        while let Some(step) = c.next_step() {
            match step.placement() {
                Some((cell, digit)) => {
                    entries.set(cell, digit);
                    c.apply(&step);
                }
                None => break,
            }
        }
        match hint(&g.puzzle, &entries) {
            Hint::Step { step, before } => {
                assert!(
                    !before.is_empty(),
                    "seed {seed}: the elimination comes first"
                );
                let (cell, digit) = step.placement().unwrap();
                assert_eq!(digit, g.solution.get(cell), "seed {seed}");
                explained += 1;
            }
            other => panic!("seed {seed}: {other:?}"),
        }
        if explained == 5 {
            break;
        }
    }
    assert!(
        explained > 0,
        "some generated puzzle needs locked candidates"
    );
}

#[test]
fn checks_name_exactly_the_wrong_entries() {
    let mut rng = Rng::new(11);
    for (puzzle, solution) in cases() {
        let size = puzzle.shape().clone();
        let mut entries = Grid::empty(size.clone());
        let mut wrong = Vec::new();
        let mut missing = 0;
        for c in 0..size.cells() {
            if puzzle.get(c) != 0 {
                continue;
            }
            match rng.below(4) {
                0 => missing += 1,
                1 => {
                    let bad = (solution.get(c) % size.side() as u8) + 1;
                    entries.set(c, bad);
                    wrong.push(c);
                }
                _ => entries.set(c, solution.get(c)),
            }
        }
        let expected = if wrong.is_empty() {
            Check::Right { missing }
        } else {
            Check::Wrong {
                cells: wrong,
                missing,
            }
        };
        assert_eq!(check(&puzzle, &entries), expected);
    }
    // Puzzles without one answer say so.
    assert_eq!(
        check(&Grid::empty(Shape::S9), &Grid::empty(Shape::S9)),
        Check::NotUnique
    );
}
