//! Locked candidates: where a box and a line meet.

use super::{bits, house_of, Candidates, Step, Technique};

/// Pointing: when a digit's places in a box all lie in one row (or
/// column), the digit leaves the rest of that line. Sound: the box holds
/// the digit in that line, and the line holds it once.
pub(super) fn pointing(c: &Candidates) -> Option<Step> {
    let layout = c.layout();
    let (n, b) = (layout.n, layout.b);
    for x in 0..n {
        let bx = 2 * n + x;
        let (top, left) = (x / b * b, x % b * b);
        for d in bits(!c.placed(bx) & ((1u64 << n) - 1) as u32) {
            let places = c.places(bx, d);
            if places.count_ones() < 2 {
                continue;
            }
            // Position i of the box is at row i / b, column i % b in it.
            let (rows, cols) = bits(places).fold((0u32, 0u32), |(r, k), i| {
                (r | 1 << (i / b), k | 1 << (i % b))
            });
            let line = if rows.count_ones() == 1 {
                top + rows.trailing_zeros() as usize
            } else if cols.count_ones() == 1 {
                n + left + cols.trailing_zeros() as usize
            } else {
                continue;
            };
            if let Some(step) = eliminate(c, Technique::Pointing, bx, line, d, places) {
                return Some(step);
            }
        }
    }
    None
}

/// Claiming (box–line reduction): when a digit's places in a row (or
/// column) all lie in one box, the digit leaves the rest of that box.
/// Sound: the line holds the digit in that box, and the box holds it once.
pub(super) fn claiming(c: &Candidates) -> Option<Step> {
    let layout = c.layout();
    let (n, b) = (layout.n, layout.b);
    for line in 0..2 * n {
        for d in bits(!c.placed(line) & ((1u64 << n) - 1) as u32) {
            let places = c.places(line, d);
            if places.count_ones() < 2 {
                continue;
            }
            // Position i of a line lies in its box segment i / b.
            let segments = bits(places).fold(0u32, |acc, i| acc | 1 << (i / b));
            if segments.count_ones() != 1 {
                continue;
            }
            let s = segments.trailing_zeros() as usize;
            let bx = if line < n {
                2 * n + line / b * b + s
            } else {
                2 * n + s * b + (line - n) / b
            };
            if let Some(step) = eliminate(c, Technique::Claiming, line, bx, d, places) {
                return Some(step);
            }
        }
    }
    None
}

/// Digit `d` (0-based), whose places in house `within` (the positions
/// `places`) all lie in house `along`, leaves the other cells of `along`.
fn eliminate(
    c: &Candidates,
    technique: Technique,
    within: usize,
    along: usize,
    d: usize,
    places: u32,
) -> Option<Step> {
    let layout = c.layout();
    let bit = 1u32 << d;
    let eliminations: Vec<(usize, u8)> = layout.cells[along]
        .iter()
        .copied()
        .filter(|&cell| c.mask(cell) & bit != 0 && !layout.of[cell].contains(&within))
        .map(|cell| (cell, d as u8 + 1))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let n = layout.n;
    let mut step = Step::new(technique);
    step.digits = bit;
    step.cells = bits(places).map(|i| layout.cells[within][i]).collect();
    step.houses = vec![house_of(n, within), house_of(n, along)];
    step.eliminations = eliminations;
    Some(step)
}
