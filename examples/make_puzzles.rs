//! Writes test puzzles with their solutions, one per line: `<puzzle>\t<solution>`.
//! Made the 4×4 and 25×25 files in `tests/data/` (see its README).
//!
//! cargo run --release --example make_puzzles -- SIDE COUNT SEED GIVENS

use bitsudoku::generate::{random_solution, remove_while_unique, Rng};
use bitsudoku::{format, Layout, Notation, Size};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: SIDE COUNT SEED GIVENS"))
        .collect();
    let [side, count, seed, givens] = args[..] else {
        panic!("usage: make_puzzles SIDE COUNT SEED GIVENS");
    };
    let size = Size::from_side(side).expect("side 4, 9, 16 or 25");
    let notation = Notation::default_for(size, Layout::Line);
    let mut rng = Rng::new(seed as u64);
    for _ in 0..count {
        let solution = random_solution(size, &mut rng);
        let puzzle = remove_while_unique(&solution, &mut rng, givens, false);
        let p = format(&puzzle, &notation);
        let s = format(&solution, &notation);
        println!("{}\t{}", p.trim_end(), s.trim_end());
    }
}
