//! The 9×9 fast path of propagation: the same rules, in the same order, as
//! the general code (`locked.rs`, `singles.rs`), on the same board, written
//! out for 27-bit bands so that every step is a table lookup or a few
//! word operations and nothing is tracked per change.
//!
//! The general code marks each changed digit-band as it goes; here a band
//! pass runs on every digit-band that differs from the copy in the board's
//! `passed` region (the band as its last pass left it), after JCZSolve's
//! design, as the `sudoku` crate describes it: 27 comparisons are cheaper
//! than bookkeeping. Eliminations that may change nothing are made without
//! checking.
//!
//! Board words (see `board.rs`): `plane[d·3 + k]` 0..27, `unsolved[k]`
//! 27..30, `passed[d·3 + k]` 30..57.

use super::board::Contradiction;
use super::shape::{self, houses_of, small, Shape, S3};

/// Every cell of a band.
const ALL: u32 = (1 << 27) - 1;
/// Bit 0 of each row of a band: `cols * REPEAT` repeats 9 columns in 3 rows.
pub(super) const REPEAT: u32 = 1 | 1 << 9 | 1 << 18;
const PASSED: usize = 30;

#[inline(always)]
fn unsolved(board: &[u32; 57], k: usize) -> u32 {
    board[27 + k]
}

/// The band's cells of every box segment in `segs`.
#[inline(always)]
fn boxes(segs: u32) -> u32 {
    S3::tables().segment_cols[segs as usize] * REPEAT
}

/// Marks `cells` of band `k` assigned to digit `d`: every other digit
/// leaves them (the band pass or stack pass that found them cleared the
/// digit's own row, box and column).
#[inline(always)]
fn settle(board: &mut [u32; 57], d: usize, k: usize, cells: u32) {
    board[27 + k] &= !cells;
    for e in 0..9 {
        board[e * 3 + k] &= !cells;
    }
    board[d * 3 + k] |= cells;
}

/// The band's other cells in a row or box with any of `cells`.
#[inline(always)]
fn band_peers(cells: u32) -> u32 {
    let mut peers = 0;
    let mut rest = cells;
    while rest != 0 {
        peers |= shape::band_peers::<S3>(rest.trailing_zeros() as usize);
        rest &= rest - 1;
    }
    peers & !cells
}

/// A digit-band's segment matrix: bit `r·3 + b` when row `r` of the band
/// has a candidate in box `b`.
#[inline(always)]
pub(super) fn segment_matrix(x: u32) -> usize {
    let small = small::<S3>();
    small.segments[(x & 511) as usize] as usize
        | (small.segments[(x >> 9 & 511) as usize] as usize) << 3
        | (small.segments[(x >> 18) as usize] as usize) << 6
}

/// `locked::band_pass` for digit-band `i`.
#[inline(always)]
fn band_pass(board: &mut [u32; 57], i: usize) -> Result<(), Contradiction> {
    let (t, small) = (S3::tables(), small::<S3>());
    let (d, k) = (i / 3, i % 3);
    let x = board[i];
    let m = segment_matrix(x);
    if small.locked[m] == 0 {
        return Err(band_failure(k, m as u32));
    }
    let x = x & small.keep[m];
    board[i] = x;
    board[PASSED + i] = x;
    // Pointing, box → column.
    let cols = (x | x >> 9 | x >> 18) & 511;
    let one_col = small.segments_once[cols as usize] as u32;
    let away = !((cols & t.segment_cols[one_col as usize]) * REPEAT);
    // The digit's other two bands (its own keeps the columns).
    for k2 in 0..3 {
        board[d * 3 + k2] &= if k2 == k { u32::MAX } else { away };
    }
    // Hidden singles in boxes: one row and one column left.
    let lone = one_col & small.one_row[m] as u32;
    if lone != 0 {
        let cells = x & boxes(lone) & unsolved(board, k);
        if cells != 0 {
            settle(board, d, k, cells);
        }
    }
    Ok(())
}

#[cold]
fn band_failure(k: usize, m: u32) -> Contradiction {
    super::locked::band_failure::<S3>(k, m)
}

/// `locked::stack_pass` for digit `d`.
#[inline(always)]
fn stack_pass(board: &mut [u32; 57], d: usize) -> Result<(), Contradiction> {
    let (t, small) = (S3::tables(), small::<S3>());
    let mut cols = [0u32; 3];
    let mut multi = [0u32; 3];
    let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
    for k in 0..3 {
        let x = board[d * 3 + k];
        let (r0, r1, r2) = (x & 511, x >> 9 & 511, x >> 18);
        cols[k] = r0 | r1 | r2;
        multi[k] = (r0 & r1) | (r0 & r2) | (r1 & r2);
        twice |= once & cols[k];
        once |= cols[k];
        let done = x & !unsolved(board, k);
        placed |= done | done >> 9 | done >> 18;
    }
    let missing = 511 & !once;
    if missing != 0 {
        return Err(Contradiction(1 << (9 + missing.trailing_zeros())));
    }
    // A column whose digit is placed has nothing left to give.
    let exclusive = once & !twice & !placed;
    if exclusive == 0 {
        return Ok(());
    }
    for k in 0..3 {
        let e = cols[k] & exclusive;
        if e == 0 {
            continue;
        }
        let segs = small.segments[e as usize] as u32;
        let one = small.segments_once[e as usize] as u32;
        if segs != one {
            let s = (segs & !one).trailing_zeros() as usize;
            return Err(Contradiction(1 << (18 + k * 3 + s)));
        }
        let keep = (!t.segment_cols[one as usize] | e) & 511;
        let i = d * 3 + k;
        board[i] &= keep * REPEAT;
        let lone = e & !multi[k];
        if lone != 0 {
            let cells = board[i] & (lone * REPEAT) & unsolved(board, k);
            if cells != 0 {
                board[i] &= !band_peers(cells);
                settle(board, d, k, cells);
            }
        }
    }
    Ok(())
}

/// `singles::naked` for band `k`.
#[inline(always)]
fn naked(board: &mut [u32; 57], k: usize) -> Result<(), Contradiction> {
    let (mut once, mut twice) = (0u32, 0u32);
    for d in 0..9 {
        let x = board[d * 3 + k];
        twice |= once & x;
        once |= x;
    }
    let empty = ALL & !once;
    if empty != 0 {
        return Err(Contradiction(houses_of::<S3>(
            k * 27 + empty.trailing_zeros() as usize,
        )));
    }
    let singles = once & !twice & unsolved(board, k);
    if singles == 0 {
        return Ok(());
    }
    board[27 + k] &= !singles;
    for d in 0..9 {
        let i = d * 3 + k;
        let mine = singles & board[i];
        if mine != 0 {
            board[i] &= !band_peers(mine);
            let cols = (mine | mine >> 9 | mine >> 18) & 511;
            let away = !(cols * REPEAT);
            board[d * 3 + (k + 1) % 3] &= away;
            board[d * 3 + (k + 2) % 3] &= away;
        }
    }
    Ok(())
}

/// The digit-bands that differ from their `passed` copy, as a bit mask:
/// four at a time with SIMD (SSE2 natively, simd128 in the SIMD WebAssembly
/// build; `wide` falls back to plain code elsewhere).
#[inline(always)]
fn changed_bands(board: &[u32; 57]) -> u32 {
    let lanes = |i: usize| wide::u32x4::new([board[i], board[i + 1], board[i + 2], board[i + 3]]);
    let same = |i: usize| lanes(i).simd_eq(lanes(PASSED + i)).to_bitmask() << i;
    // Groups of four: 0..4, …, 20..24, and 23..27 (overlapping).
    let mut all = same(23);
    for j in 0..6 {
        all |= same(4 * j);
    }
    !all & ((1 << 27) - 1)
}

/// `search::choose_pair`'s bivalue cells of each band, the three bands in
/// the lanes of one vector (lane 3 holds the next digit's first band and
/// is dropped).
#[inline(always)]
pub(crate) fn pairs(board: &[u32]) -> [u32; 5] {
    let board: &[u32; 57] = (&board[..57]).try_into().expect("a 9×9 board");
    let lanes = |i: usize| wide::u32x4::new([board[i], board[i + 1], board[i + 2], board[i + 3]]);
    let zero = wide::u32x4::splat(0);
    let (mut once, mut twice, mut thrice) = (zero, zero, zero);
    for d in 0..9 {
        let x = lanes(d * 3);
        thrice |= twice & x;
        twice |= once & x;
        once |= x;
    }
    let [a, b, c, _] = (twice & !thrice & lanes(27)).to_array();
    [a, b, c, 0, 0]
}

/// A cell's peers in its band (its row and its box), itself included.
const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, b) = (p / 9, p % 9 / 3);
        t[p] = (511 << (r * 9)) | ((7 << (b * 3)) * REPEAT);
        p += 1;
    }
    t
};

/// `board::assign_givens` for 9×9 boards: each band's givens found sixteen
/// cells at a time (one compare with zero and a bit mask), so that a
/// restart's cost goes with its givens, not with the 81 cells.
pub(crate) fn assign_givens(board: &mut [u32], givens: &[u8]) -> bool {
    let board: &mut [u32; 57] = (&mut board[..57]).try_into().expect("a 9×9 board");
    let givens: &[u8; 81] = givens[..81].try_into().expect("81 cells");
    let zero = wide::u8x16::splat(0);
    let empty = |bytes: &[u8]| {
        let v = wide::u8x16::new(bytes[..16].try_into().expect("16 cells"));
        v.simd_eq(zero).to_bitmask()
    };
    let mut ok = true;
    for k in 0..3 {
        let band = &givens[k * 27..k * 27 + 27];
        // Cells 0–15 and 11–26 (overlapping): the band's empty cells.
        let mut cells = !(empty(band) | empty(&band[11..]) << 11) & ALL;
        while cells != 0 {
            let p = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            debug_assert!((1..=9).contains(&band[p]));
            let (here, i) = (1 << p, (band[p] as usize - 1) * 3 + k);
            let x = board[i];
            ok &= x & here != 0;
            board[i] = x & (!PEERS[p] | here);
        }
    }
    ok
}

/// `propagate::propagate` for 9×9 boards; `light` leaves out the stack
/// passes (`Work::light`). A board with every cell placed is a solution
/// either way: the band passes keep each digit to one cell in each row and
/// box of a band, and take a placed cell's column from the digit's other
/// bands; the stack passes only remove candidates sooner.
pub(crate) fn propagate(board: &mut [u32], light: bool) -> Result<bool, Contradiction> {
    let board: &mut [u32; 57] = (&mut board[..57]).try_into().expect("a 9×9 board");
    let (mut stacks, mut folds) = (0u32, 0u32);
    loop {
        loop {
            let mut changed = changed_bands(board);
            if changed == 0 {
                break;
            }
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                stacks |= 1 << (i / 3);
                folds |= 1 << (i % 3);
                band_pass(board, i)?;
            }
        }
        if folds != 0 {
            let mut due = std::mem::take(&mut folds);
            while due != 0 {
                let k = due.trailing_zeros() as usize;
                due &= due - 1;
                naked(board, k)?;
            }
            continue;
        }
        if stacks != 0 && !light {
            let mut due = std::mem::take(&mut stacks);
            while due != 0 {
                let d = due.trailing_zeros() as usize;
                due &= due - 1;
                stack_pass(board, d)?;
            }
            continue;
        }
        return Ok(board[27] | board[28] | board[29] == 0);
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{assign_givens_cells, clear, stride};
    use super::*;
    use crate::generate::Rng;

    /// The givens found sixteen cells at a time place what the cell-by-cell
    /// code places, and see the same clashes.
    #[test]
    fn givens_placed_in_bulk_are_placed_as_cell_by_cell() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let (mut clashes, mut fine) = (0, 0);
        for round in 0..3000 {
            // From empty to nearly full, with clashes more likely as it fills.
            let filled = round % 82;
            let mut givens = [0u8; 81];
            for _ in 0..filled {
                givens[rng.below(81)] = 1 + rng.below(9) as u8;
            }
            let mut fast = vec![0u32; stride::<S3>()];
            let mut slow = fast.clone();
            clear::<S3>(&mut fast);
            clear::<S3>(&mut slow);
            let ok = assign_givens(&mut fast, &givens);
            assert_eq!(
                ok,
                assign_givens_cells::<S3>(&mut slow, &givens),
                "{givens:?}"
            );
            assert_eq!(fast, slow, "{givens:?}");
            if ok {
                fine += 1;
            } else {
                clashes += 1;
            }
        }
        assert!(
            clashes > 100 && fine > 100,
            "{clashes} clashes, {fine} without"
        );
    }
}
