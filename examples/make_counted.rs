//! Writes puzzles with a known number of solutions, one per line:
//! `<puzzle>\t<count>`. Made the `*_counts.txt` files in `tests/data/` (see
//! its README) from the unique puzzles there.
//!
//! cargo run --release --example make_counted -- FILE PUZZLES SEED MIN MAX
//!
//! Takes the first PUZZLES puzzles of FILE and empties their givens one at a
//! time, in a random order from SEED, until Dancing Links counts at least MIN
//! solutions; a removal that would pass MAX is skipped. The counts are
//! Dancing Links' alone: the tests hold the other engines to them.

use bitsudoku::generate::Rng;
use bitsudoku::{count_solutions, format, parse_all, Engine, Layout, Notation, ParseOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, puzzles, seed, min, max] = &args[..] else {
        panic!("usage: make_counted FILE PUZZLES SEED MIN MAX");
    };
    let number = |s: &String| -> u64 { s.parse().expect("PUZZLES SEED MIN MAX are numbers") };
    let (puzzles, min, max) = (number(puzzles) as usize, number(min), number(max));
    let mut rng = Rng::new(number(seed));
    let text = std::fs::read_to_string(file).expect("a readable FILE");
    for entry in parse_all(&text, ParseOptions::default())
        .into_iter()
        .take(puzzles)
    {
        let mut grid = entry.result.expect("FILE holds puzzles").grid;
        let notation = Notation::default_for(grid.shape().side(), Layout::Line);
        let mut givens: Vec<usize> = (0..grid.cells().len())
            .filter(|&c| grid.get(c) != 0)
            .collect();
        rng.shuffle(&mut givens);
        let mut count = count_solutions(&grid, Engine::Dlx, max + 1);
        for cell in givens {
            if count >= min {
                break;
            }
            let digit = grid.get(cell);
            grid.set(cell, 0);
            match count_solutions(&grid, Engine::Dlx, max + 1) {
                n if n > max => grid.set(cell, digit),
                n => count = n,
            }
        }
        println!("{}\t{count}", format(&grid, &notation).trim_end());
    }
}
