//! Writes test puzzles with their solutions, one per line: `<puzzle>\t<solution>`.
//! Made the 4×4 and 25×25 files in `tests/data/` (see its README).
//!
//! cargo run --release --example make_puzzles -- KIND COUNT SEED GIVENS
//!
//! KIND: see `common/kind.rs` (`9`, `box=3x4`, `box=3x3+x`, `jigsaw=9`). The
//! solution is written as a plain line (the puzzle's line names the shape).

#[path = "common/kind.rs"]
mod kind;

use bitsudoku::generate::{remove_while_unique, Rng};
use bitsudoku::{format, Alphabet, Layout, Notation};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, count, seed, givens] = &args[..] else {
        panic!("usage: make_puzzles KIND COUNT SEED GIVENS");
    };
    let number = |s: &String| s.parse::<usize>().expect("numbers: COUNT SEED GIVENS");
    let (count, seed, givens) = (number(count), number(seed), number(givens));
    let mut rng = Rng::new(seed as u64);
    for _ in 0..count {
        let (shape, solution) = kind::next(kind, &mut rng);
        let notation = Notation::default_for(shape.side(), Layout::Line);
        let puzzle = remove_while_unique(&solution, &mut rng, givens, false);
        let p = format(&puzzle, &notation);
        let symbols = Alphabet::default_for(shape.side());
        let s: String = solution
            .cells()
            .iter()
            .map(|&d| symbols.symbol(shape.side(), d))
            .collect();
        println!("{}\t{s}", p.trim_end());
    }
}
