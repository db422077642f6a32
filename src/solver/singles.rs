//! Singles: a cell with one candidate left (naked), and a digit with one
//! place left in a house (hidden). Both are forced, so they are assigned.
//!
//! Naked singles come from one fold of a band over the digits. Hidden
//! singles come from the folds the locked-candidates passes already make
//! (`locked.rs`): a box left with one row and one column, a column left
//! with one band and one row. A row with one place is found there too: it
//! claims its box, which is then left with that one cell.
//!
//! Singles are assigned in batches, a band and a digit at a time, doing only
//! what the rule that found them has not done already (a full
//! [`assign`](super::board::assign) is for guesses and givens).

use super::board::{narrow, unsolved, Contradiction, Work};
use super::locked::spread;
use super::shape::{self, bits, Shape, Word};

/// Marks `cells` of band `k` assigned to digit `d`: every other digit
/// leaves them.
#[inline(always)]
fn settle_cells<S: Shape>(board: &mut [S::W], work: &mut Work<S>, d: usize, k: usize, cells: S::W) {
    board[S::N * S::B + k] &= !cells;
    for e in 0..S::N {
        if e != d {
            narrow::<S>(board, work, e, k, !cells);
        }
    }
}

/// The band's cells in a row or box with any of `cells`, `cells` excluded.
#[inline(always)]
fn band_peers<S: Shape>(cells: S::W) -> S::W {
    bits(cells).fold(S::W::ZERO, |acc, p| acc | shape::band_peers::<S>(p)) & !cells
}

/// Rule 1 (naked single) for band `k`, and rule 0: a cell needs a digit.
/// Folds the band over the digits: `once` holds the cells with at least one
/// candidate, `twice` those with at least two. A naked single already lacks
/// every other digit; its digit leaves the row and box (one step) and the
/// column in the other bands.
pub(crate) fn naked<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    k: usize,
) -> Result<(), Contradiction> {
    let (mut once, mut twice) = (S::W::ZERO, S::W::ZERO);
    for d in 0..S::N {
        let x = board[d * S::B + k];
        twice |= once & x;
        once |= x;
    }
    let all = S::tables().band_all;
    let empty = all & !once;
    if !empty.is_zero() {
        return Err(Contradiction::at_cell::<S>(
            k * S::BAND + empty.trailing_zeros() as usize,
        ));
    }
    let singles = once & !twice & unsolved::<S>(board, k);
    if singles.is_zero() {
        return Ok(());
    }
    board[S::N * S::B + k] &= !singles;
    for d in 0..S::N {
        let mine = singles & board[d * S::B + k];
        if mine.is_zero() {
            continue;
        }
        // Two singles of one digit in a row or box empty each other: the
        // next fold finds the empty cell.
        narrow::<S>(board, work, d, k, !band_peers::<S>(mine));
        let away = !spread::<S>(columns::<S>(mine));
        for k2 in 0..S::B {
            if k2 != k {
                narrow::<S>(board, work, d, k2, away);
            }
        }
    }
    Ok(())
}

/// The columns of `cells` (an `n`-bit mask).
#[inline(always)]
fn columns<S: Shape>(cells: S::W) -> u32 {
    (0..S::B).fold(0, |acc, i| acc | cells.row(i * S::N)) & S::full()
}

/// Rule 2 (hidden single in a box): digit `d` has one place left in each
/// box segment of `lone` in band `k` (its plane there is `x`). The band
/// pass that found them has already cleared their rows, boxes and columns.
#[inline]
pub(crate) fn hidden_in_boxes<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    d: usize,
    k: usize,
    x: S::W,
    lone: u32,
) {
    // The boxes' columns in every row: no loop over the boxes, whose count
    // no predictor guesses.
    let boxes = spread::<S>(S::tables().segment_cols[lone as usize]);
    let cells = x & boxes & unsolved::<S>(board, k);
    if !cells.is_zero() {
        settle_cells::<S>(board, work, d, k, cells);
    }
}

/// Rule 3 (hidden single in a column): digit `d` has one place left in each
/// column of `lone` (an `n`-bit mask), all in band `k`. The other bands have
/// already lost those columns; the row and box still hold the digit.
#[inline]
pub(crate) fn hidden_in_columns<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    d: usize,
    k: usize,
    lone: u32,
) {
    let cells = board[d * S::B + k] & spread::<S>(lone) & unsolved::<S>(board, k);
    if !cells.is_zero() {
        narrow::<S>(board, work, d, k, !band_peers::<S>(cells));
        settle_cells::<S>(board, work, d, k, cells);
    }
}
