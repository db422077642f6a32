//! Arbitrary grids of every size → the logical path, grades and hints never
//! panic, and when the grid has exactly one solution every step of its path
//! agrees with it: placements hold the solution's digit, eliminations
//! remove digits it does not hold.
#![no_main]

use bitsudoku::logic::{grade, hint, path, Level};
use bitsudoku::{solve, Grid, Outcome, Shape, SolveOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    // Mostly small grids: 16×16 and 25×25 steps cost far more.
    let size = match first {
        0..=127 => Shape::S4,
        128..=235 => Shape::S9,
        236..=251 => Shape::S16,
        _ => Shape::S25,
    };
    let (cells, n) = (size.cells(), size.side());
    let mut grid = Grid::empty(size.clone());
    // Each 3 bytes place one given: a cell (16 bits) and a digit.
    for chunk in rest.chunks_exact(3) {
        let cell = u16::from_le_bytes([chunk[0], chunk[1]]) as usize % cells;
        grid.set(cell, chunk[2] % (n as u8 + 1));
    }
    let Ok(p) = path(&grid, Level::Expert) else {
        return; // clashing givens: refused, not explained
    };
    let options = SolveOptions {
        max_nodes: 20_000,
        ..SolveOptions::default()
    };
    if let Outcome::Unique(solution) = solve(&grid, &options).outcome {
        for step in &p.steps {
            for &(cell, digit) in &step.placements {
                assert_eq!(solution.get(cell), digit, "{step:?}");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution.get(cell), digit, "{step:?}");
            }
            let _ = step.describe(&size, bitsudoku::Alphabet::default_for(n));
        }
        let _ = grade(&grid);
        let _ = hint(&grid, &Grid::empty(size));
    }
});
