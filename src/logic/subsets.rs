//! Subsets: k cells of a house that share k candidates, or k digits that
//! share k places (pairs, triples and quads).

use super::{bits, subsets, Candidates, Step, Technique};

fn technique(naked: bool, k: usize) -> Technique {
    match (naked, k) {
        (true, 2) => Technique::NakedPair,
        (true, 3) => Technique::NakedTriple,
        (true, _) => Technique::NakedQuad,
        (false, 2) => Technique::HiddenPair,
        (false, 3) => Technique::HiddenTriple,
        (false, _) => Technique::HiddenQuad,
    }
}

/// Naked subset: k empty cells of a house whose candidates, together, are
/// k digits. Sound: those k cells hold k different digits, so they take
/// all k, and no other cell of the house can hold one of them.
pub(super) fn naked(c: &Candidates, k: usize) -> Option<Step> {
    let layout = c.layout();
    for h in 0..layout.house_count() {
        let cells = &layout.cells[h];
        let empty: u32 = (0..cells.len())
            .filter(|&i| c.mask(cells[i]) != 0)
            .fold(0, |acc, i| acc | 1 << i);
        if (empty.count_ones() as usize) <= k {
            continue;
        }
        let small = bits(empty)
            .filter(|&i| (2..=k).contains(&(c.mask(cells[i]).count_ones() as usize)))
            .fold(0u32, |acc, i| acc | 1 << i);
        let mut masks = [0u32; 32];
        for i in bits(small) {
            masks[i] = c.mask(cells[i]);
        }
        let step = subsets(small, &masks, k, |chosen, digits| {
            let eliminations: Vec<(usize, u8)> = bits(empty & !chosen)
                .flat_map(|i| {
                    let cell = cells[i];
                    super::digits_of(c.mask(cell) & digits).map(move |d| (cell, d))
                })
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            let mut step = Step::new(technique(true, k));
            step.digits = digits;
            step.cells = bits(chosen).map(|i| cells[i]).collect();
            step.houses = vec![layout.kinds[h]];
            step.eliminations = eliminations;
            Some(step)
        });
        if step.is_some() {
            return step;
        }
    }
    None
}

/// Hidden subset: k digits whose places in a house, together, are k cells.
/// Sound: the house holds each of the k digits, in those k cells, which are
/// then full: no other digit fits them.
pub(super) fn hidden(c: &Candidates, k: usize) -> Option<Step> {
    let layout = c.layout();
    let n = layout.n;
    for h in 0..layout.house_count() {
        let cells = &layout.cells[h];
        let open = !c.placed(h) & ((1u64 << n) - 1) as u32;
        let mut places = [0u32; 32];
        for d in bits(open) {
            places[d] = c.places(h, d);
        }
        let few = bits(open)
            .filter(|&d| (2..=k).contains(&(places[d].count_ones() as usize)))
            .fold(0u32, |acc, d| acc | 1 << d);
        let step = subsets(few, &places, k, |digits, spots| {
            let eliminations: Vec<(usize, u8)> = bits(spots)
                .flat_map(|i| {
                    let cell = cells[i];
                    super::digits_of(c.mask(cell) & !digits).map(move |d| (cell, d))
                })
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            let mut step = Step::new(technique(false, k));
            step.digits = digits;
            step.cells = bits(spots).map(|i| cells[i]).collect();
            step.houses = vec![layout.kinds[h]];
            step.eliminations = eliminations;
            Some(step)
        });
        if step.is_some() {
            return step;
        }
    }
    None
}
