//! The rules: placing a digit, eliminating candidates, and propagating naked
//! and hidden singles to a fixpoint. No search here.
//!
//! One search node is a *board*, a flat `u32` slice (copied when branching):
//!
//! ```text
//!  0            cells          cells+houses   cells+houses+1
//!  ├─ cand[cell] ─┼─ done[house] ─┼─ free ─┤
//! ```
//! - `cand[cell]`: bit `d-1` set ⇔ digit `d` is still possible; bit 31
//!   ([`PLACED`]) once the cell is placed, and then only its digit's bit remains.
//! - `done[house]`: digits already placed in the house.
//! - `free`: cells not yet placed.

use super::geometry::Geometry;

/// Marks a placed cell in `cand`.
pub(crate) const PLACED: u32 = 1 << 31;

/// The board reached a contradiction: a cell with no candidate, a digit with no
/// place in a house. Never leaves the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// Words in one board of geometry `g`.
pub(crate) fn stride<G: Geometry>(g: G) -> usize {
    g.cells() + g.houses() + 1
}

/// Sets up an empty board: every digit possible everywhere.
pub(crate) fn clear<G: Geometry>(g: G, board: &mut [u32]) {
    let all = full(g);
    let (cand, rest) = board.split_at_mut(g.cells());
    cand.fill(all);
    rest[..g.houses()].fill(0);
    rest[g.houses()] = g.cells() as u32;
}

/// The mask of every digit.
#[inline(always)]
pub(crate) fn full<G: Geometry>(g: G) -> u32 {
    (1u32 << g.side()) - 1
}

/// Places the digit `bit` in `cell`, which must still allow it, and removes it
/// from the peers. Peers left with one candidate go to `queue`.
#[inline]
pub(crate) fn place<G: Geometry>(
    g: G,
    board: &mut [u32],
    queue: &mut Vec<u16>,
    cell: usize,
    bit: u32,
) -> Result<(), Contradiction> {
    let (cand, rest) = board.split_at_mut(g.cells());
    cand[cell] = PLACED | bit;
    for &h in g.houses_of(cell) {
        rest[h as usize] |= bit;
    }
    rest[g.houses()] -= 1;
    for &p in g.peers(cell) {
        eliminate(cand, queue, p as usize, bit)?;
    }
    Ok(())
}

/// The primitive: `bit` is no longer possible in `cell`.
#[inline(always)]
fn eliminate(
    cand: &mut [u32],
    queue: &mut Vec<u16>,
    cell: usize,
    bit: u32,
) -> Result<(), Contradiction> {
    let m = cand[cell];
    if m & bit == 0 {
        return Ok(());
    }
    let m = m ^ bit;
    cand[cell] = m;
    let left = m & !PLACED;
    // Rule 0: a cell needs a digit. This also catches a placed peer that holds
    // the same digit, since its only bit just went.
    if left == 0 {
        return Err(Contradiction);
    }
    // Rule 1 (naked single): a cell with one candidate left must take it.
    if left & (left - 1) == 0 {
        queue.push(cell as u16);
    }
    Ok(())
}

/// Places the queued naked singles, and the ones they create.
#[inline]
fn drain<G: Geometry>(g: G, board: &mut [u32], queue: &mut Vec<u16>) -> Result<(), Contradiction> {
    while let Some(cell) = queue.pop() {
        let m = board[cell as usize];
        if m & PLACED == 0 {
            place(g, board, queue, cell as usize, m)?;
        }
    }
    Ok(())
}

/// Applies the rules until none applies. Returns whether every cell is
/// placed. On a contradiction the board is left half-updated: discard it.
pub(crate) fn propagate<G: Geometry>(
    g: G,
    board: &mut [u32],
    queue: &mut Vec<u16>,
) -> Result<bool, Contradiction> {
    let all = full(g);
    let (cells, houses) = (g.cells(), g.houses());
    let result = (|| loop {
        drain(g, board, queue)?;
        if board[cells + houses] == 0 {
            return Ok(true);
        }
        let mut progress = false;
        for h in 0..houses {
            let members = g.house(h);
            // Fold the house: `once` holds the digits seen at least once,
            // `twice` those seen at least twice.
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in members {
                let m = board[c as usize] & !PLACED;
                twice |= once & m;
                once |= m;
            }
            // Rule 2: every digit needs a place in every house.
            if once != all {
                return Err(Contradiction);
            }
            // Rule 3 (hidden single): a digit with one place in a house goes there.
            let mut singles = once & !twice & !board[cells + h];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let Some(&c) = members.iter().find(|&&c| board[c as usize] & bit != 0) else {
                    // An earlier single of this house took its only place.
                    return Err(Contradiction);
                };
                if board[c as usize] & PLACED == 0 {
                    place(g, board, queue, c as usize, bit)?;
                    drain(g, board, queue)?;
                    progress = true;
                }
            }
        }
        if !progress {
            return Ok(board[cells + houses] == 0);
        }
    })();
    if result.is_err() {
        queue.clear();
    }
    result
}

/// The unplaced cell with the fewest candidates (minimum remaining values),
/// or `None` when every cell is placed.
#[inline]
pub(crate) fn choose_cell<G: Geometry>(g: G, board: &[u32]) -> Option<usize> {
    let mut best = None;
    let mut best_count = u32::MAX;
    for (i, &m) in board[..g.cells()].iter().enumerate() {
        if m & PLACED == 0 {
            let k = m.count_ones();
            if k < best_count {
                best = Some(i);
                best_count = k;
                if k <= 2 {
                    break;
                }
            }
        }
    }
    best
}

/// The digits of a fully placed board.
pub(crate) fn digits<G: Geometry>(g: G, board: &[u32]) -> Vec<u8> {
    board[..g.cells()]
        .iter()
        .map(|&m| ((m & !PLACED).trailing_zeros() + 1) as u8)
        .collect()
}
