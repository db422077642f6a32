//! The order of the rules: each to its fixpoint before the next, cheapest
//! first — locked candidates and the hidden singles they reveal per digit
//! and band (`locked.rs`), naked singles per band (`singles.rs`), the band
//! rule across bands per digit (`locked.rs`' stack pass), and from 16×16 up
//! subsets by matching (`subsets.rs`) when all of those are stuck. Naked
//! singles come before the stack passes because a stack pass reads every
//! band of its digit: run after the singles, it sees their placements at
//! once instead of being due again (on hard 16×16, 4% fewer instructions).

use super::board::{is_solved, Contradiction, Work};
use super::shape::{Shape, Word};
use super::{locked, singles, subsets};

/// Applies the rules until none applies. Returns whether every cell is
/// assigned. `cand` is scratch space for the cell view.
/// On a contradiction the board is left half-updated (discard it) and the
/// pending work is cleared.
pub(crate) fn propagate<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    cand: &mut [u32],
) -> Result<bool, Contradiction> {
    if let Some(result) = S::propagate_fast(board, work.light) {
        if result.is_err() {
            work.clear();
        }
        return result;
    }
    // The digits whose stack pass, and the bands whose fold, are due: those
    // the band passes touched.
    let (mut stacks, mut folds) = (0u32, 0u32);
    let result = (|| loop {
        while !work.bands.is_zero() {
            let i = work.bands.trailing_zeros() as usize;
            work.bands = work.bands.clear_lowest();
            let (d, k) = (i / S::B, i % S::B);
            stacks |= 1 << d;
            folds |= 1 << k;
            locked::band_pass::<S>(board, work, d, k)?;
        }
        if stacks != 0 && folds == 0 {
            let mut due = std::mem::take(&mut stacks);
            while due != 0 {
                let d = due.trailing_zeros() as usize;
                due &= due - 1;
                locked::stack_pass::<S>(board, work, d)?;
            }
            continue;
        }
        if folds != 0 {
            let mut due = std::mem::take(&mut folds);
            while due != 0 {
                let k = due.trailing_zeros() as usize;
                due &= due - 1;
                singles::naked::<S>(board, work, k)?;
            }
            continue;
        }
        if is_solved::<S>(board) {
            work.houses = 0;
            return Ok(true);
        }
        if S::SUBSETS && !work.probing && subsets::filter::<S>(board, work, cand)? {
            continue;
        }
        return Ok(false);
    })();
    if result.is_err() {
        work.clear();
    }
    result
}
