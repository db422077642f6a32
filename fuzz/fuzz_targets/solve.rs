//! Arbitrary grids of every size → solving and counting never panic, every
//! solution verifies, and the default, learning and DLX engines agree on the
//! count up to 2 whenever they finish within their budgets.
#![no_main]

use bitsudoku::{solve, verify, Engine, Grid, Shape, SolveOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    // Mostly small grids: a 25×25 search costs a hundred times more.
    let size = match first {
        0..=101 => Shape::S4,
        102..=203 => Shape::S9,
        204..=242 => Shape::S16,
        _ => Shape::S25,
    };
    let (cells, n) = (size.cells(), size.side());
    let mut grid = Grid::empty(size);
    // Each 3 bytes place one given: a cell (16 bits) and a digit.
    for chunk in rest.chunks_exact(3) {
        let cell = u16::from_le_bytes([chunk[0], chunk[1]]) as usize % cells;
        grid.set(cell, chunk[2] % (n as u8 + 1));
    }
    let run = |engine, max_nodes| {
        solve(
            &grid,
            &SolveOptions {
                engine,
                limit: 2,
                max_nodes,
            },
        )
    };
    let bitmask = run(Engine::Bitmask, 2_000);
    let learn = run(Engine::Learn, 2_000);
    let dlx = run(Engine::Dlx, 20_000);
    for report in [&bitmask, &learn, &dlx] {
        if let Some(solution) = report.outcome.solution() {
            verify(&grid, solution).expect("every reported solution verifies");
        }
    }
    if let (Some(a), Some(b)) = (bitmask.outcome.count(), dlx.outcome.count()) {
        assert_eq!(a, b, "bitmask {} vs dlx {}", bitmask.outcome, dlx.outcome);
    }
    if let (Some(a), Some(b)) = (learn.outcome.count(), dlx.outcome.count()) {
        assert_eq!(a, b, "learn {} vs dlx {}", learn.outcome, dlx.outcome);
    }
});
