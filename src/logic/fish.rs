//! Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4).

use super::{bits, subsets, Candidates, Step, Technique};

/// Fish of size k: a digit whose places in k parallel lines (the base) all
/// lie in k crossing lines (the cover) leaves the rest of the cover lines.
/// Sound: each base line holds the digit once, in a different cover line
/// (k digits in k cover lines, at most one per line), so every cover line
/// gets its digit from the base, and nowhere else. Rows as the base first,
/// then columns.
pub(super) fn basic(c: &Candidates, k: usize) -> Option<Step> {
    let layout = c.layout();
    let n = layout.n;
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for d in 0..n {
        let bit = 1u32 << d;
        for (base, cover) in [(0, n), (n, 0)] {
            // Line i of the base: house base + i; position j in it lies in
            // cover line j (house cover + j).
            let mut places = [0u32; 32];
            for (i, p) in places.iter_mut().enumerate().take(n) {
                *p = c.places(base + i, d);
            }
            let lines = (0..n)
                .filter(|&i| (2..=k).contains(&(places[i].count_ones() as usize)))
                .fold(0u32, |acc, i| acc | 1 << i);
            let step = subsets(lines, &places, k, |chosen, covered| {
                let eliminations: Vec<(usize, u8)> = bits(covered)
                    .flat_map(|j| layout.cells[cover + j].iter().copied())
                    .filter(|&cell| c.mask(cell) & bit != 0)
                    .filter(|&cell| !bits(chosen).any(|i| layout.of(cell).contains(&(base + i))))
                    .map(|cell| (cell, d as u8 + 1))
                    .collect();
                if eliminations.is_empty() {
                    return None;
                }
                let mut step = Step::new(technique);
                step.digits = bit;
                step.cells = bits(chosen)
                    .flat_map(|i| bits(places[i]).map(move |j| layout.cells[base + i][j]))
                    .collect();
                step.cells.sort_unstable();
                step.houses = bits(chosen)
                    .map(|i| layout.kinds[base + i])
                    .chain(bits(covered).map(|j| layout.kinds[cover + j]))
                    .collect();
                step.eliminations = eliminations;
                Some(step)
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}
