//! Arbitrary bytes → the parser never panics, and everything it reads prints
//! back (every layout) and parses back to the same grid and notation.
#![no_main]

use bitsudoku::{format, parse_all, Alphabet, Layout, Notation, ParseOptions, Shape};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    // The first byte picks what the caller knows: a size, an alphabet.
    let side = match first & 7 {
        1..=4 => Some(Shape::SQUARES[(first & 7) as usize - 1].side()),
        _ => None,
    };
    let alphabet = match (first >> 3) & 7 {
        1..=4 => Some(Alphabet::ALL[((first >> 3) & 7) as usize - 1]),
        _ => None,
    };
    let prefer = if first & 0x40 != 0 {
        Some(Alphabet::Hex)
    } else {
        None
    };
    let text = String::from_utf8_lossy(rest);
    for entry in parse_all(
        &text,
        ParseOptions {
            side,
            alphabet,
            prefer,
            ..ParseOptions::default()
        },
    ) {
        let Ok(puzzle) = entry.result else { continue };
        let grid_side = puzzle.grid.shape().side();
        for layout in [Layout::Line, Layout::Block, Layout::Pretty] {
            let notation = Notation {
                layout,
                ..puzzle.notation
            };
            let printed = format(&puzzle.grid, &notation);
            let named = ParseOptions {
                side: Some(grid_side),
                alphabet: Some(notation.alphabet),
                ..ParseOptions::default()
            };
            let back = parse_all(&printed, named);
            assert_eq!(back.len(), 1, "{printed:?}");
            let again = back[0].result.as_ref().expect("our own output parses");
            assert_eq!(again.grid, puzzle.grid, "{printed:?}");
            assert_eq!(again.notation.alphabet, notation.alphabet);
            assert_eq!(again.notation.layout, layout);
        }
    }
});
