//! The board: one search node's candidates, and the primitives every rule
//! uses — narrowing a digit's band, and assigning a digit to a cell.
//!
//! A board is a flat slice of words (copied when branching):
//!
//! ```text
//!  0                 n·b            n·b + b           2·n·b + b          3·n·b + b
//!  ├─ plane[d·b + k] ─┼─ unsolved[k] ─┼─ passed[d·b + k] ─┼─ filtered[d·b + k] ─┤
//! ```
//! - `plane[d·b + k]`: the cells of band `k` where digit `d + 1` may go. An
//!   assigned cell keeps its own digit's bit and loses every other digit's.
//! - `unsolved[k]`: the cells of band `k` not assigned yet.
//! - `passed[d·b + k]`: the planes as the band pass last left them, so that
//!   it can tell what changed since (`locked.rs`, `nine.rs`);
//! - from 16×16 up, `filtered[d·b + k]`: the planes as the subset rule last
//!   saw them, so that it looks only at the houses that changed since.
//!
//! Digit-major planes make the common operations a few word-wide steps:
//! assigning clears a row and box in one AND-NOT and a column in one per
//! band, and the naked singles of a band fall out of one fold over the
//! digits (`singles.rs`). A cell-major view (candidates per cell) is built
//! only when branching and matching need it.

use super::shape::{band_peers, bits, houses_of, row_cells, Shape, Word};

/// The board reached a contradiction: a cell with no candidate, a digit with
/// no place in a house. Says which houses failed (a set, bit `h` for house
/// `h`), so the search can learn where conflicts happen. Never leaves the
/// solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction(pub(crate) u128);

impl Contradiction {
    /// The three houses of `cell`.
    pub(crate) fn at_cell<S: Shape>(cell: usize) -> Contradiction {
        Contradiction(houses_of::<S>(cell))
    }
}

/// Where `passed` starts.
pub(crate) const fn passed_start<S: Shape>() -> usize {
    S::N * S::B + S::B
}

/// Where `filtered` starts.
pub(crate) const fn filtered_start<S: Shape>() -> usize {
    2 * S::N * S::B + S::B
}

/// Words in one board.
pub(crate) fn stride<S: Shape>() -> usize {
    filtered_start::<S>() + if S::SUBSETS { S::N * S::B } else { 0 }
}

/// An empty board: every digit possible everywhere. A full band is what a
/// band pass leaves a full band as, so `passed` starts full too; `filtered`
/// starts empty, so that the subset rule looks at every house first.
pub(crate) fn clear<S: Shape>(board: &mut [S::W]) {
    let all = S::tables().band_all;
    board[..filtered_start::<S>()].fill(all);
    board[filtered_start::<S>()..].fill(S::W::ZERO);
}

/// What is pending for the rules. Kept outside the board (it is not copied
/// when branching): a child starts from a parent at its fixpoint, so only
/// what the branch changes is pending.
/// The digit-bands (bit `d·b + k`) changed since the band pass last looked
/// at them. The stack pass and the fold follow the band passes
/// (`propagate.rs`).
pub(crate) struct Work<S: Shape> {
    pub(crate) bands: S::D,
    /// Houses the subset rule has yet to match (bit `h` for house `h`):
    /// it stops after the first house that loses candidates, so that the
    /// cheaper rules follow up before the rest are matched.
    pub(crate) houses: u128,
    /// The subset rule's last matching per house and position (a digit
    /// bit): where it still fits, the next matching starts from it.
    pub(crate) matchings: Vec<u32>,
    /// Propagate lightly: on 9×9, without the stack passes (`nine.rs`).
    /// A search does so until its first contradiction. A puzzle that is
    /// solved or found open (several solutions) before anything fails
    /// gains little from them: on `serg_benchmark` the trees are the same
    /// without them and the stack passes were a fifth of the
    /// instructions. A hard puzzle fails early, and from then on they
    /// shrink its tree by a fifth. (On 16×16 and up, leaving out the stack
    /// passes or the matching until a contradiction grew the trees more
    /// than it saved; there the search probes only the root until then,
    /// `search.rs`.)
    pub(crate) light: bool,
    /// A probe's propagation (`search.rs`): without the matching.
    pub(crate) probing: bool,
}

impl<S: Shape> Work<S> {
    pub(crate) fn new() -> Work<S> {
        Work {
            bands: S::D::ZERO,
            houses: 0,
            light: false,
            probing: false,
            matchings: if S::SUBSETS {
                vec![0; S::HOUSES * S::N]
            } else {
                Vec::new()
            },
        }
    }

    /// Forgets pending work (after a contradiction, or before a new board).
    pub(crate) fn clear(&mut self) {
        self.bands = S::D::ZERO;
        self.houses = 0;
    }

    /// Everything is pending (a fresh board).
    pub(crate) fn touch_all(&mut self) {
        let mut all = S::D::ZERO;
        for i in 0..S::N * S::B {
            all |= S::D::bit(i);
        }
        self.bands = all;
    }
}

/// Narrows digit `d`'s band `k` to `keep`, noting the change.
#[inline(always)]
pub(crate) fn narrow<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    d: usize,
    k: usize,
    keep: S::W,
) {
    let i = d * S::B + k;
    let old = board[i];
    let new = old & keep;
    board[i] = new;
    work.bands |= S::D::flag(i, new != old);
}

/// The unsolved cells of band `k`.
#[inline(always)]
pub(crate) fn unsolved<S: Shape>(board: &[S::W], k: usize) -> S::W {
    board[S::N * S::B + k]
}

/// Whether every cell is assigned.
#[inline]
pub(crate) fn is_solved<S: Shape>(board: &[S::W]) -> bool {
    board[S::N * S::B..passed_start::<S>()]
        .iter()
        .all(|w| w.is_zero())
}

/// Assigns digit `d` to `cell` (`assign` in Norvig's terms): `d` leaves
/// the cell's row and box in the band, in one step. The band pass that
/// follows finds the box left with one place for `d` — a hidden single —
/// and does the rest: the column in the other bands, every other digit out
/// of the cell. A cell that no longer allows `d` is a contradiction.
#[inline]
pub(crate) fn assign<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    d: usize,
    cell: usize,
) -> Result<(), Contradiction> {
    let (k, p) = (cell / S::BAND, cell % S::BAND);
    if board[d * S::B + k] & S::W::bit(p) == S::W::ZERO {
        return Err(Contradiction::at_cell::<S>(cell));
    }
    narrow::<S>(board, work, d, k, !band_peers::<S>(p));
    Ok(())
}

/// [`assign`] for every given of a fresh board at once, noting nothing (the
/// caller marks every band pending after): false when a given's digit was
/// already taken from its cell by another given. One pass without early
/// exit, so that an easy puzzle's restart costs a few instructions a cell.
pub(crate) fn assign_givens<S: Shape>(board: &mut [S::W], givens: &[u8]) -> bool {
    match S::assign_givens_fast(board, givens) {
        Some(ok) => ok,
        None => assign_givens_cells::<S>(board, givens),
    }
}

/// [`assign_givens`] cell by cell, for every size.
pub(crate) fn assign_givens_cells<S: Shape>(board: &mut [S::W], givens: &[u8]) -> bool {
    let mut ok = true;
    let boxes = &S::tables().box_cells;
    // Band by band, row by row, box by box: a cell's peers in the band are
    // its row's and box's cells, and no position is divided out.
    for (k, band_givens) in givens[..S::CELLS].chunks_exact(S::BAND).enumerate() {
        for (r, row_givens) in band_givens.chunks_exact(S::N).enumerate() {
            let row = row_cells::<S>(r);
            for (b, box_givens) in row_givens.chunks_exact(S::B).enumerate() {
                let peers = row | boxes[b];
                for (c, &g) in box_givens.iter().enumerate() {
                    if g != 0 {
                        let here = S::W::bit(r * S::N + b * S::B + c);
                        let i = (g as usize - 1) * S::B + k;
                        let band = board[i];
                        ok &= band & here != S::W::ZERO;
                        board[i] = band & (!peers | here);
                    }
                }
            }
        }
    }
    ok
}

/// Removes digit `d` from `cell`.
#[inline]
pub(crate) fn eliminate<S: Shape>(board: &mut [S::W], work: &mut Work<S>, d: usize, cell: usize) {
    let (k, p) = (cell / S::BAND, cell % S::BAND);
    narrow::<S>(board, work, d, k, !S::W::bit(p));
}

/// Marks an unsolved cell in the cell view.
pub(crate) const OPEN: u32 = 1 << 31;

/// The candidates of every unsolved cell as digit masks (bit `d` for digit
/// `d + 1`) with [`OPEN`]; 0 for an assigned cell. Costs one step per
/// candidate.
pub(crate) fn cell_view<S: Shape>(board: &[S::W], cand: &mut [u32]) {
    cand[..S::CELLS].fill(0);
    for k in 0..S::B {
        let open = unsolved::<S>(board, k);
        if open.is_zero() {
            continue;
        }
        let base = k * S::BAND;
        for p in bits(open) {
            cand[base + p] = OPEN;
        }
        for d in 0..S::N {
            for p in bits(board[d * S::B + k] & open) {
                cand[base + p] |= 1 << d;
            }
        }
    }
}

/// The digits (1-based) of a fully assigned board.
pub(crate) fn digits<S: Shape>(board: &[S::W]) -> Vec<u8> {
    let mut out = vec![0u8; S::CELLS];
    for d in 0..S::N {
        for k in 0..S::B {
            for p in bits(board[d * S::B + k]) {
                out[k * S::BAND + p] = d as u8 + 1;
            }
        }
    }
    out
}
