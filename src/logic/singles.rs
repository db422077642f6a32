//! Singles: the steps that fill a cell.

use super::{bits, Candidates, Step, Technique};

/// Naked single: a cell with one candidate left holds it. Sound: a cell
/// holds some digit, and every other digit is already in one of its houses.
pub(super) fn naked(c: &Candidates) -> Option<Step> {
    let cell = (0..c.shape().cells()).find(|&cell| c.mask(cell).count_ones() == 1)?;
    let digit = c.mask(cell).trailing_zeros() as u8 + 1;
    let mut step = Step::new(Technique::NakedSingle);
    step.digits = c.mask(cell);
    step.cells = vec![cell];
    step.placements = vec![(cell, digit)];
    Some(step)
}

/// Hidden single: a digit with one place left in a house goes there.
/// Sound: a house holds every digit once. Boxes (or regions) are scanned
/// first, then rows, then columns, then the extra houses: the order people
/// find them in.
pub(super) fn hidden(c: &Candidates) -> Option<Step> {
    let layout = c.layout();
    let n = layout.n;
    let order = (2 * n..3 * n)
        .chain(0..2 * n)
        .chain(3 * n..layout.house_count());
    for h in order {
        let placed = c.placed(h);
        for d in bits(!placed & ((1u64 << n) - 1) as u32) {
            let places = c.places(h, d);
            if places.count_ones() == 1 {
                let cell = layout.cells[h][places.trailing_zeros() as usize];
                let mut step = Step::new(Technique::HiddenSingle);
                step.digits = 1 << d;
                step.cells = vec![cell];
                step.houses = vec![layout.kinds[h]];
                step.placements = vec![(cell, d as u8 + 1)];
                return Some(step);
            }
        }
    }
    None
}
