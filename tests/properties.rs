//! Property tests: random puzzles of every shape from random solved grids,
//! every engine held to the same count, and text round trips.

use bitsudoku::generate::{random_jigsaw, random_solution, Rng};
use bitsudoku::{
    format, parse_all, solve, verify, Alphabet, Engine, Extras, Grid, Layout, Notation, Outcome,
    ParseErrorKind, ParseOptions, Shape, SolveOptions, Solver,
};
use proptest::prelude::*;

/// A solved grid of `shape` from `seed` with each cell kept with
/// probability `keep` (in per mille).
fn puzzle(shape: &Shape, seed: u64, keep: u32) -> Grid {
    let solution = random_solution(shape, &mut Rng::new(seed)).expect("a solution");
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut puzzle = solution.clone();
    for cell in 0..shape.cells() {
        if rng.below(1000) as u32 >= keep {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

/// Every box shape from 4×4 to 25×25 (both ways up), with and without the
/// diagonals; windoku on the square sides; jigsaws of random regions.
fn shapes() -> impl Strategy<Value = Shape> {
    let x = |diagonals, windows| Extras { diagonals, windows };
    let boxes: Vec<(usize, usize)> = (2..=12)
        .flat_map(|r| (2..=12).map(move |c| (r, c)))
        .filter(|&(r, c)| (4..=25).contains(&(r * c)))
        .collect();
    prop_oneof![
        4 => prop_oneof![
            Just(Shape::S4),
            Just(Shape::S9),
            Just(Shape::S16),
            Just(Shape::S25)
        ],
        4 => (prop::sample::select(boxes), any::<bool>()).prop_map(move |((r, c), diagonals)| {
            Shape::boxes(r, c).unwrap().with_extras(x(diagonals, false)).unwrap()
        }),
        // Windoku of 25 is left out: a first grid of it takes the search
        // seconds (up to minutes with the diagonals).
        2 => (2usize..=4, any::<bool>()).prop_map(move |(b, diagonals)| {
            Shape::boxes(b, b).unwrap().with_extras(x(diagonals, true)).unwrap()
        }),
        3 => (4usize..=16, any::<u64>(), any::<bool>()).prop_map(move |(n, seed, diagonals)| {
            // Random regions with the diagonals may admit no grid at all:
            // the generator's jigsaws come with one (those of 13 to 16
            // with the diagonals take up to a second to find: left out).
            random_jigsaw(n, x(diagonals && n <= 12, false), &mut Rng::new(seed)).0
        }),
    ]
}

/// Enough givens to keep searches short on the large sides: random 25×25
/// puzzles with 40–50% of the cells kept can take millions of nodes.
fn keep_range(shape: &Shape) -> std::ops::Range<u32> {
    match shape.side() {
        0..=12 => 0..1000,
        13..=16 => 400..1000,
        _ => 600..1000,
    }
}

/// The counts up to 2 of the engines that finish within a budget of
/// nodes. A near-empty puzzle of a shape with few grids (a jigsaw with the
/// diagonals, a 12×12 X) can take any engine minutes to show a second
/// solution or prove there is none, and Dancing Links, with no propagation
/// beyond its columns, more: an engine past the budget does not vote, and
/// those that finished must agree.
fn counts(p: &Grid) -> Vec<u64> {
    [Engine::Bitmask, Engine::Band, Engine::Learn, Engine::Dlx]
        .into_iter()
        .filter_map(|e| {
            let mut solver = Solver::new(p, e, 2);
            solver.run(BUDGET).then(|| solver.found())
        })
        .collect()
}

/// Nodes an engine may spend on one property case.
const BUDGET: u64 = 300_000;

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_reported_solution_verifies(
        (shape, keep) in shapes().prop_flat_map(|s| { let k = keep_range(&s); (Just(s), k) }),
        seed in any::<u64>(),
    ) {
        let p = puzzle(&shape, seed, keep);
        let report = solve(&p, &SolveOptions { max_nodes: BUDGET, ..SolveOptions::default() });
        // A puzzle cut from a solved grid always has a solution.
        let solution = match &report.outcome {
            Outcome::Unique(g) | Outcome::Several { example: g, .. } => g,
            Outcome::OutOfBudget { example: Some(g), .. } => g,
            Outcome::OutOfBudget { example: None, .. } => return Ok(()),
            other => panic!("{shape} seed {seed}: {other}"),
        };
        prop_assert_eq!(verify(&p, solution), Ok(()));
        let c = counts(&p);
        prop_assert!(c.iter().all(|&k| k == c[0]), "{} seed {}: counts {:?}", shape, seed, c);
    }

    #[test]
    fn a_changed_given_is_judged_alike_by_every_engine(
        shape in shapes().prop_filter("room to search", |s| s.side() <= 12),
        seed in any::<u64>(),
        keep in 250u32..700,
    ) {
        // One given changed to another digit: mostly no solution, which
        // only a search (or a conflict) shows.
        let mut p = puzzle(&shape, seed, keep);
        let filled: Vec<usize> = (0..shape.cells()).filter(|&c| p.get(c) != 0).collect();
        if let Some(&cell) = filled.get(seed as usize % filled.len().max(1)) {
            p.set(cell, p.get(cell) % shape.side() as u8 + 1);
        }
        let c = counts(&p);
        prop_assert!(c.iter().all(|&k| k == c[0]), "{} seed {}: counts {:?}", shape, seed, c);
        if let Some(g) = solve(&p, &SolveOptions { max_nodes: BUDGET, ..SolveOptions::default() }).outcome.solution() {
            prop_assert_eq!(verify(&p, g), Ok(()));
        }
    }

    #[test]
    fn print_then_parse_is_the_identity(
        shape in shapes(),
        seed in any::<u64>(),
        keep in 0u32..1000,
        alphabet_pick in 0usize..3,
        layout in prop_oneof![Just(Layout::Line), Just(Layout::Block), Just(Layout::Pretty)],
        blank_pick in 0usize..5,
        kind in any::<bool>(),
    ) {
        let grid = puzzle(&shape, seed, keep);
        let n = shape.side();
        let alphabets = Alphabet::for_side(n);
        let alphabet = alphabets[alphabet_pick % alphabets.len()];
        let blanks: Vec<char> = ['.', '-', '_', '*', '0'].into_iter().filter(|&b| alphabet.is_blank(n, b)).collect();
        let notation = Notation { alphabet, layout, blank: blanks[blank_pick % blanks.len()], kind };
        let text = format(&grid, &notation);

        // Named side and alphabet: exactly the grid and the notation back.
        let named = ParseOptions { side: Some(n), alphabet: Some(alphabet), ..ParseOptions::default() };
        let entries = parse_all(&text, named);
        prop_assert_eq!(entries.len(), 1, "{}", text);
        let back = entries[0].result.clone().unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&back.grid, &grid);
        // The blank comes back too, when the grid shows one. A jigsaw's
        // pretty layout has no box lines, so in numbers (spaced already)
        // it is its block layout, and reads back as one.
        let plain_numbers = shape.is_jigsaw() && alphabet == Alphabet::Numbers;
        let layout = if plain_numbers && layout == Layout::Pretty { Layout::Block } else { layout };
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
