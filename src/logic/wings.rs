//! Wings: a pivot cell and two pincers that see it.

use super::{Candidates, Layout, Step, Technique};

/// The empty cells that share a house with `cell`, in order.
fn peers<'a>(
    c: &'a Candidates,
    layout: &'a Layout,
    cell: usize,
) -> impl Iterator<Item = usize> + 'a {
    layout.peers[cell]
        .iter()
        .copied()
        .filter(move |&p| c.mask(p) != 0)
}

/// The cells outside `cells` that see every cell of `cells` and still
/// allow digit bit `z`.
fn seeing_all(c: &Candidates, layout: &Layout, cells: &[usize], z: u32) -> Vec<usize> {
    peers(c, layout, cells[0])
        .filter(|&x| !cells.contains(&x) && c.mask(x) & z != 0)
        .filter(|&x| cells[1..].iter().all(|&p| layout.sees(x, p)))
        .collect()
}

fn step(technique: Technique, pivot: usize, a: usize, b: usize, z: u32, cells: Vec<usize>) -> Step {
    let mut s = Step::new(technique);
    s.digits = z;
    s.cells = vec![pivot, a, b];
    let d = z.trailing_zeros() as u8 + 1;
    s.eliminations = cells.into_iter().map(|x| (x, d)).collect();
    s
}

/// XY-Wing: a pivot with candidates {x, y} sees a pincer {x, z} and a
/// pincer {y, z}. Sound: whichever of x and y the pivot holds, one pincer
/// loses it and is left with z; so one pincer holds z, and a cell that
/// sees both pincers cannot.
pub(super) fn xy(c: &Candidates) -> Option<Step> {
    let layout = c.layout();
    for pivot in 0..c.shape().cells() {
        let pm = c.mask(pivot);
        if pm.count_ones() != 2 {
            continue;
        }
        let wings: Vec<usize> = peers(c, layout, pivot)
            .filter(|&p| {
                let m = c.mask(p);
                m.count_ones() == 2 && (m & pm).count_ones() == 1
            })
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (c.mask(a), c.mask(b));
                // a shares one pivot digit, b the other; both hold z.
                let z = ma & mb & !pm;
                if z.count_ones() != 1 || ma & pm == mb & pm {
                    continue;
                }
                let gone = seeing_all(c, layout, &[a, b], z);
                let gone: Vec<usize> = gone.into_iter().filter(|&x| x != pivot).collect();
                if !gone.is_empty() {
                    return Some(step(Technique::XyWing, pivot, a, b, z, gone));
                }
            }
        }
    }
    None
}

/// XYZ-Wing: a pivot with candidates {x, y, z} sees a pincer {x, z} and a
/// pincer {y, z}. Sound: the pivot holds x, y or z; each of x and y puts z
/// in a pincer, and z is z; so one of the three holds z, and a cell that
/// sees all three cannot.
pub(super) fn xyz(c: &Candidates) -> Option<Step> {
    let layout = c.layout();
    for pivot in 0..c.shape().cells() {
        let pm = c.mask(pivot);
        if pm.count_ones() != 3 {
            continue;
        }
        let wings: Vec<usize> = peers(c, layout, pivot)
            .filter(|&p| {
                let m = c.mask(p);
                m.count_ones() == 2 && m & !pm == 0
            })
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (c.mask(a), c.mask(b));
                let z = ma & mb;
                if z.count_ones() != 1 || ma | mb != pm {
                    continue;
                }
                let gone = seeing_all(c, layout, &[pivot, a, b], z);
                if !gone.is_empty() {
                    return Some(step(Technique::XyzWing, pivot, a, b, z, gone));
                }
            }
        }
    }
    None
}
