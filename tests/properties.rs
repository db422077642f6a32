//! Property tests: random puzzles from random solved grids, and text round trips.

use bitsudoku::generate::{random_solution, Rng};
use bitsudoku::{
    count_solutions, format, parse_all, solve, verify, Alphabet, Engine, Grid, Layout, Notation,
    Outcome, ParseErrorKind, ParseOptions, Size, SolveOptions,
};
use proptest::prelude::*;

/// A solved grid of `size` from `seed` with each cell kept with probability
/// `keep` (in per mille).
fn puzzle(size: Size, seed: u64, keep: u32) -> Grid {
    let solution = random_solution(size, &mut Rng::new(seed));
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut puzzle = solution.clone();
    for cell in 0..size.cells() {
        if rng.below(1000) as u32 >= keep {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

fn sizes() -> impl Strategy<Value = Size> {
    prop_oneof![
        Just(Size::S4),
        Just(Size::S9),
        Just(Size::S16),
        Just(Size::S25)
    ]
}

/// Enough givens to keep 16×16 and 25×25 searches short: random 25×25
/// puzzles with 40–50% of the cells kept can take millions of nodes.
fn keep_range(size: Size) -> std::ops::Range<u32> {
    match size.side() {
        4 | 9 => 0..1000,
        16 => 400..1000,
        _ => 600..1000,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_reported_solution_verifies(
        (size, keep) in sizes().prop_flat_map(|s| (Just(s), keep_range(s))),
        seed in any::<u64>(),
    ) {
        let p = puzzle(size, seed, keep);
        let report = solve(&p, &SolveOptions::default());
        // A puzzle cut from a solved grid always has a solution.
        let solution = match &report.outcome {
            Outcome::Unique(g) | Outcome::Several { example: g, .. } => g,
            other => panic!("{size} seed {seed}: {other}"),
        };
        prop_assert_eq!(verify(&p, solution), Ok(()));
        let counts = [Engine::Bitmask, Engine::Learn, Engine::Dlx].map(|e| count_solutions(&p, e, 2));
        prop_assert_eq!(counts[0], counts[1]);
        prop_assert_eq!(counts[0], counts[2]);
    }

    #[test]
    fn print_then_parse_is_the_identity(
        size in sizes(),
        seed in any::<u64>(),
        keep in 0u32..1000,
        alphabet_pick in 0usize..3,
        layout in prop_oneof![Just(Layout::Line), Just(Layout::Block), Just(Layout::Pretty)],
        blank_pick in 0usize..5,
    ) {
        let grid = puzzle(size, seed, keep);
        let alphabets = Alphabet::for_size(size);
        let alphabet = alphabets[alphabet_pick % alphabets.len()];
        let blanks: Vec<char> = ['.', '-', '_', '*', '0'].into_iter().filter(|&b| alphabet.is_blank(b)).collect();
        let notation = Notation { alphabet, layout, blank: blanks[blank_pick % blanks.len()] };
        let text = format(&grid, &notation);

        // Named size and alphabet: exactly the grid and the notation back.
        let named = ParseOptions { size: Some(size), alphabet: Some(alphabet), prefer: None };
        let entries = parse_all(&text, named);
        prop_assert_eq!(entries.len(), 1);
        let back = entries[0].result.clone().expect("its own output parses");
        prop_assert_eq!(&back.grid, &grid);
        // The blank comes back too, when the grid shows one.
        prop_assert_eq!((back.notation.alphabet, back.notation.layout), (alphabet, layout));
        if !grid.is_full() {
            prop_assert_eq!(back.notation.blank, notation.blank);
        }
        prop_assert_eq!(format(&back.grid, &back.notation), text.clone());

        // Detected: the same grid, or an error that says it cannot tell.
        let entries = parse_all(&text, ParseOptions::default());
        prop_assert_eq!(entries.len(), 1);
        match &entries[0].result {
            Ok(p) => {
                prop_assert_eq!(&p.grid, &grid);
                prop_assert_eq!(p.notation.alphabet, alphabet);
            }
            Err(e) => prop_assert!(
                matches!(&e.kind, ParseErrorKind::AmbiguousAlphabet { fits, .. } if fits.contains(&alphabet))
                    || matches!(e.kind, ParseErrorKind::AmbiguousSize { .. }),
                "{}", e
            ),
        }
    }
}
