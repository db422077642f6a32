//! Puzzles made to a difficulty level: unique (the search and the
//! independent verifier agree), their logical path needs no technique above
//! the level and at least one at it, and the same seed makes the same
//! puzzle.

use bitsudoku::generate::{generate_level, Generated, Generator};
use bitsudoku::logic::{path, End, Level};
use bitsudoku::{count_solutions, verify, Engine, Extras, Shape};

fn check(size: Shape, level: Level, seed: u64, symmetric: bool) {
    check_made(&size.to_string(), level, seed, symmetric, || {
        generate_level(&size, seed, symmetric, level)
    });
}

/// A jigsaw of `side` with fresh regions, to a level.
fn check_jigsaw(side: usize, extras: Extras, level: Level, seed: u64) {
    check_made(
        &format!("{side}×{side} jigsaw"),
        level,
        seed,
        false,
        || {
            let mut g = Generator::jigsaw(side, extras, seed, false, Some(level));
            while !g.step(usize::MAX) {}
            g.matched().then(|| g.finish())
        },
    );
}

fn check_made(
    name: &str,
    level: Level,
    seed: u64,
    symmetric: bool,
    make: impl Fn() -> Option<Generated>,
) {
    let at = format!("{name} {level} seed {seed}");
    let g = make().unwrap_or_else(|| panic!("{at}: no puzzle of the level"));
    let size = g.puzzle.shape().clone();
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
    let again = make().unwrap();
    assert_eq!(again, g, "{at}: the seed makes it again");
}

#[test]
fn nine_by_nine_at_every_level() {
    for level in Level::ALL {
        for seed in 0..4 {
            check(Shape::S9, level, seed, seed % 2 == 1);
        }
    }
}

#[test]
fn sixteen_by_sixteen_at_every_level() {
    for level in Level::ALL {
        check(Shape::S16, level, 11, false);
    }
    check(Shape::S16, Level::Hard, 12, true);
}

#[test]
fn twenty_five_by_twenty_five() {
    for level in [Level::Easy, Level::Medium, Level::Expert] {
        check(Shape::S25, level, 21, false);
    }
}

#[test]
fn rectangular_boxes_at_every_level() {
    for level in Level::ALL {
        check(Shape::from_side(6).unwrap(), level, 5, false);
        check(
            Shape::from_side(12).unwrap(),
            level,
            6,
            level == Level::Medium,
        );
    }
    check(Shape::boxes(4, 2).unwrap(), Level::Hard, 3, false);
}

#[test]
fn x_windoku_and_jigsaw_at_every_level() {
    let x = Extras {
        diagonals: true,
        windows: false,
    };
    let hyper = Extras {
        diagonals: false,
        windows: true,
    };
    for level in Level::ALL {
        check(Shape::S9.with_extras(x).unwrap(), level, 7, false);
        check(Shape::S9.with_extras(hyper).unwrap(), level, 8, false);
        check_jigsaw(9, Extras::NONE, level, 9);
    }
    check_jigsaw(6, x, Level::Medium, 10);
}
