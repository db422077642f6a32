//! Writes minimal puzzles (no given can go without losing uniqueness, as far
//! as a check within NODES tells), one per line: `<puzzle>\t<solution>`.
//! Fresh hard puzzles for the frontier benchmark, made the way Alain
//! Frisch's 25×25 set was: a random solved grid, then every cell in random
//! order emptied if the puzzle stays unique. Each uniqueness check is a
//! learning-engine solve of at most NODES decisions; a check that runs out
//! keeps its cell.
//!
//! cargo run --release --example make_minimal -- SIDE COUNT SEED NODES

use bitsudoku::generate::{random_solution, Rng};
use bitsudoku::{format, Engine, Grid, Layout, Notation, Size, Solver};

fn unique_within(puzzle: &Grid, nodes: u64) -> bool {
    let mut solver = Solver::new(puzzle, Engine::Learn, 2);
    solver.run(nodes) && solver.found() == 1
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: SIDE COUNT SEED NODES"))
        .collect();
    let [side, count, seed, nodes] = args[..] else {
        panic!("usage: make_minimal SIDE COUNT SEED NODES");
    };
    let size = Size::from_side(side as usize).expect("side 4, 9, 16 or 25");
    let notation = Notation::default_for(size, Layout::Line);
    let mut rng = Rng::new(seed);
    for _ in 0..count {
        let solution = random_solution(size, &mut rng);
        let mut puzzle = solution.clone();
        for cell in rng.permutation(size.cells()) {
            let digit = puzzle.get(cell);
            puzzle.set(cell, 0);
            if !unique_within(&puzzle, nodes) {
                puzzle.set(cell, digit);
            }
        }
        let p = format(&puzzle, &notation);
        let s = format(&solution, &notation);
        println!("{}\t{}", p.trim_end(), s.trim_end());
    }
}
