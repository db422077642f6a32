//! Writes minimal puzzles (no given can go without losing uniqueness, as far
//! as a check within NODES tells), one per line: `<puzzle>\t<solution>`.
//! Fresh hard puzzles for the frontier benchmark, made the way Alain
//! Frisch's 25×25 set was: a random solved grid, then every cell in random
//! order emptied if the puzzle stays unique. Each uniqueness check is a
//! learning-engine solve of at most NODES decisions; a check that runs out
//! keeps its cell.
//!
//! cargo run --release --example make_minimal -- KIND COUNT SEED NODES
//!
//! KIND: see `common/kind.rs` (`9`, `box=3x4`, `box=3x3+x`, `jigsaw=9`).

#[path = "common/kind.rs"]
mod kind;

use bitsudoku::generate::Rng;
use bitsudoku::{format, Alphabet, Engine, Grid, Layout, Notation, Solver};

fn unique_within(puzzle: &Grid, nodes: u64) -> bool {
    let mut solver = Solver::new(puzzle, Engine::Learn, 2);
    solver.run(nodes) && solver.found() == 1
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, count, seed, nodes] = &args[..] else {
        panic!("usage: make_minimal KIND COUNT SEED NODES");
    };
    let number = |s: &String| s.parse::<u64>().expect("numbers: COUNT SEED NODES");
    let (count, seed, nodes) = (number(count), number(seed), number(nodes));
    let mut rng = Rng::new(seed);
    for _ in 0..count {
        let (shape, solution) = kind::next(kind, &mut rng);
        let notation = Notation::default_for(shape.side(), Layout::Line);
        let mut puzzle = solution.clone();
        for cell in rng.permutation(shape.cells()) {
            let digit = puzzle.get(cell);
            puzzle.set(cell, 0);
            if !unique_within(&puzzle, nodes) {
                puzzle.set(cell, digit);
            }
        }
        // The solution as a plain line: the puzzle's line names the shape.
        let p = format(&puzzle, &notation);
        let s: String = solution
            .cells()
            .iter()
            .map(|&d| Alphabet::default_for(shape.side()).symbol(shape.side(), d))
            .collect();
        println!("{}\t{s}", p.trim_end());
    }
}
