//! Puzzles made to a difficulty level: unique (the search and the
//! independent verifier agree), their logical path needs no technique above
//! the level and at least one at it, and the same seed makes the same
//! puzzle.

use bitsudoku::generate::generate_level;
use bitsudoku::logic::{path, End, Level};
use bitsudoku::{count_solutions, verify, Engine, Size};

fn check(size: Size, level: Level, seed: u64, symmetric: bool) {
    let at = format!("{size} {level} seed {seed}");
    let g = generate_level(size, seed, symmetric, level)
        .unwrap_or_else(|| panic!("{at}: no puzzle of the level"));
    assert_eq!(
        count_solutions(&g.puzzle, Engine::Bitmask, 2),
        1,
        "{at}: unique"
    );
    verify(&g.puzzle, &g.solution).unwrap_or_else(|e| panic!("{at}: {e}"));
    let p = path(&g.puzzle, Level::Expert).unwrap();
    if level == Level::Beyond {
        assert_eq!(p.end, End::Stuck, "{at}: logic alone does not finish");
    } else {
        assert_eq!(p.end, End::Solved, "{at}");
        assert!(
            p.steps.iter().all(|s| s.level() <= level),
            "{at}: nothing harder"
        );
        assert!(
            p.steps.iter().any(|s| s.level() == level),
            "{at}: one step at the level"
        );
        assert_eq!(p.last.grid(), g.solution, "{at}");
    }
    assert_eq!(g.grade.level(), level, "{at}: the grade says so");
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
    let again = generate_level(size, seed, symmetric, level).unwrap();
    assert_eq!(again, g, "{at}: the seed makes it again");
}

#[test]
fn nine_by_nine_at_every_level() {
    for level in Level::ALL {
        for seed in 0..4 {
            check(Size::S9, level, seed, seed % 2 == 1);
        }
    }
}

#[test]
fn sixteen_by_sixteen_at_every_level() {
    for level in Level::ALL {
        check(Size::S16, level, 11, false);
    }
    check(Size::S16, Level::Hard, 12, true);
}

#[test]
fn twenty_five_by_twenty_five() {
    for level in [Level::Easy, Level::Medium, Level::Expert] {
        check(Size::S25, level, 21, false);
    }
}
