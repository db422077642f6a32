//! Locked candidates: where two houses meet.

use super::{bits, Candidates, Step, Technique};

/// Pointing: when a digit's places in a box (or a jigsaw region, or a
/// window) all lie in one other house — a row or a column mostly — the
/// digit leaves the rest of that house. Sound: the box holds the digit in
/// the cells the two share, and the other house holds it once.
pub(super) fn pointing(c: &Candidates) -> Option<Step> {
    locked(c, Technique::Pointing)
}

/// Claiming (box–line reduction): when a digit's places in a row or
/// column (or a diagonal) all lie in one box or region, the digit leaves
/// the rest of that box. Sound: the line holds the digit in the cells the
/// two share, and the box holds it once.
pub(super) fn claiming(c: &Candidates) -> Option<Step> {
    locked(c, Technique::Claiming)
}

/// Both techniques over every pair of houses sharing two or more cells:
/// pointing from the houses that are no lines, claiming from the lines,
/// each in house order (boxes before windows, rows before columns before
/// diagonals), and the other house in house order too.
fn locked(c: &Candidates, technique: Technique) -> Option<Step> {
    let layout = c.layout();
    let n = layout.n;
    let from_lines = technique == Technique::Claiming;
    for within in (0..layout.house_count()).filter(|&h| layout.is_line(h) == from_lines) {
        for d in bits(!c.placed(within) & ((1u64 << n) - 1) as u32) {
            let places = c.places(within, d);
            if places.count_ones() < 2 {
                continue;
            }
            for &(along, shared) in &layout.overlaps[within] {
                if places & !shared != 0 {
                    continue;
                }
                if let Some(step) = eliminate(c, technique, within, along, d, places) {
                    return Some(step);
                }
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
        .filter(|&cell| c.mask(cell) & bit != 0 && !layout.of(cell).contains(&within))
        .map(|cell| (cell, d as u8 + 1))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(technique);
    step.digits = bit;
    step.cells = bits(places).map(|i| layout.cells[within][i]).collect();
    step.houses = vec![layout.kinds[within], layout.kinds[along]];
    step.eliminations = eliminations;
    Some(step)
}
