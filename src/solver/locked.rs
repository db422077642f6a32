//! Locked candidates (pointing and claiming), for one digit at a time, on
//! the digit's planes. Each pass also finds the hidden singles its folds
//! reveal and hands them to `singles.rs`.
//!
//! Where a box meets a row, call the `b` cells they share a segment (likewise
//! a box and a column). A digit takes one segment in each row and one in each
//! box, so:
//! - **claiming**: if a row (or column) has the digit in one box only, the
//!   box's other rows (columns) lose it;
//! - **pointing**: if a box has the digit in one row (column) only, the
//!   row's (column's) other boxes lose it.
//!
//! The band pass does rows against boxes inside a band, and box → column
//! pointing across bands; the stack pass does column → box claiming and
//! the columns' hidden singles.

use super::board::{narrow, passed_start, Contradiction, Work};
use super::shape::{locked_fixpoint, permutation_support, segment, small, Shape, Word};
use super::singles;

/// The rows of a band as `n`-bit masks.
#[inline(always)]
fn row<S: Shape>(x: S::W, i: usize) -> u32 {
    x.row(i * S::N) & S::full()
}

/// An `n`-bit column mask repeated in every row of a band.
#[inline(always)]
pub(crate) fn spread<S: Shape>(cols: u32) -> S::W {
    S::W::spread(cols, S::N, S::B, S::tables().rows)
}

/// The box segments (bit `s`) that hold any of `cols`: each segment ORed
/// onto its first column, and those gathered by one multiplication.
#[inline(always)]
pub(crate) fn segments_of<S: Shape>(cols: u32) -> u32 {
    if S::B == 3 {
        return small::<S>().segments[cols as usize] as u32;
    }
    // Bit j of t: any of bits j … j+b−1 (b ≤ 5).
    let mut t = cols | cols >> 1;
    if S::B > 2 {
        t |= t >> 2;
    }
    if S::B > 4 {
        t |= cols >> 4;
    }
    let starts = (t & S::SEG_STARTS) as u64;
    (starts.wrapping_mul(S::GATHER) >> S::GATHER_SHIFT) as u32 & S::seg_full()
}

/// The box segments (bit `s`) that hold exactly one of `cols`, and those
/// that hold two or more.
#[inline(always)]
pub(crate) fn segment_counts<S: Shape>(cols: u32) -> (u32, u32) {
    if S::B == 3 {
        let t = small::<S>();
        let once = t.segments_once[cols as usize] as u32;
        return (once, t.segments[cols as usize] as u32 & !once);
    }
    let within = &S::tables().within;
    // Columns with another column of the same segment after them.
    let mut after = 0;
    for (m, w) in within[..S::B].iter().enumerate().skip(1) {
        after |= cols >> m & w;
    }
    let any = segments_of::<S>(cols);
    let more = segments_of::<S>(cols & after);
    (any & !more, more)
}

/// Folds a band's rows: the columns with the digit in at least one row, and
/// in at least two.
#[inline(always)]
pub(crate) fn fold_rows<S: Shape>(x: S::W) -> (u32, u32) {
    let (mut once, mut twice) = (0u32, 0u32);
    for i in 0..S::B {
        let r = row::<S>(x, i);
        twice |= once & r;
        once |= r;
    }
    (once, twice)
}

/// Rows against boxes, for digit `d` in band `k`: locked candidates on the
/// band's segment matrix, box → column pointing into the other bands, and the
/// boxes left with one cell (hidden singles).
pub(crate) fn band_pass<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    d: usize,
    k: usize,
) -> Result<(), Contradiction> {
    let (b, t) = (S::B, S::tables());
    let x = board[d * b + k];
    // What the pass finds depends only on the segment matrix and the
    // columns (below); a cell gone since the last pass changes neither when
    // its segment and its column keep another cell. Then there is nothing
    // new to find.
    let passed = passed_start::<S>() + d * b + k;
    let mut gone = board[passed] & !x;
    while !gone.is_zero() {
        let p = gone.trailing_zeros() as usize;
        if (x & segment::<S>(p)).is_zero() || (x & t.column[p % S::N]).is_zero() {
            break;
        }
        gone = gone.clear_lowest();
    }
    if gone.is_zero() {
        board[passed] = x;
        return Ok(());
    }
    // The segment matrix: bit i·b + s when row i has the digit in box s.
    let mut m = 0u32;
    for i in 0..b {
        m |= segments_of::<S>(row::<S>(x, i)) << (i * b);
    }
    let m2 = match b {
        3 => small::<S>().locked[m as usize] as u32,
        // 2×2: two permutations, cheaper to walk than to look up.
        2 => permutation_support(2, m),
        4 => locked_16()[m as usize] as u32,
        _ => locked_fixpoint(b, m),
    };
    if m2 == 0 {
        return Err(band_failure::<S>(k, m));
    }
    // Expand the matrix back to cells.
    let keep = if b == 4 {
        // 16×16: matrix bit j is the segment of bits 4j … 4j+3.
        S::W::from_u64(nibbles(m2))
    } else {
        let mut keep = S::W::ZERO;
        for i in 0..b {
            let segs = m2 >> (i * b) & S::seg_full();
            keep |= S::W::place_row(t.segment_cols[segs as usize], i * S::N);
        }
        keep
    };
    let x = x & keep;
    board[d * b + k] = x;
    board[passed] = x;

    // Pointing, box → column: a box whose digit lies in one column pins it
    // to this band, so the column's other bands lose it.
    let (cols, _) = fold_rows::<S>(x);
    let (one_col, _) = segment_counts::<S>(cols);
    let pinned = cols & t.segment_cols[one_col as usize];
    if pinned != 0 {
        let away = !spread::<S>(pinned);
        for k2 in 0..b {
            if k2 != k {
                narrow::<S>(board, work, d, k2, away);
            }
        }
    }
    // A box with one row and one column has one cell.
    let one_row = if b == 3 {
        small::<S>().one_row[m as usize] as u32
    } else {
        // The boxes in exactly one row of the matrix, folding its rows (the
        // matrix keeps a permutation, so no box is in none).
        let (mut once, mut twice) = (0u32, 0u32);
        for i in 0..b {
            let r = m2 >> (i * b) & S::seg_full();
            twice |= once & r;
            once |= r;
        }
        once & !twice
    };
    let lone = one_col & one_row;
    if lone != 0 {
        singles::hidden_in_boxes::<S>(board, work, d, k, x, lone);
    }
    Ok(())
}

/// Each bit `j` of a 16-bit mask spread to the four bits `4j … 4j+3`.
#[inline(always)]
fn nibbles(m: u32) -> u64 {
    let mut x = m as u64 & 0xffff;
    x = (x | x << 24) & 0x0000_00ff_0000_00ff;
    x = (x | x << 12) & 0x000f_000f_000f_000f;
    x = (x | x << 6) & 0x0303_0303_0303_0303;
    x = (x | x << 3) & 0x1111_1111_1111_1111;
    x * 0xf
}

/// [`permutation_support`] of every 4×4 segment matrix (16×16 grids), built on
/// first use (128 KB, too large to ship as data): each of the 24
/// permutations is added to every matrix that contains it.
fn locked_16() -> &'static [u16] {
    static T: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut table = vec![0u16; 1 << 16];
        for perm in
            (0u32..1 << 16).filter(|&m| m.count_ones() == 4 && permutation_support(4, m) == m)
        {
            let free = !perm & 0xffff;
            let mut extra = free;
            loop {
                table[(perm | extra) as usize] |= perm as u16;
                if extra == 0 {
                    break;
                }
                extra = (extra - 1) & free;
            }
        }
        table
    })
}

/// The houses to blame when a band's segment matrix has no solution: the
/// rows and boxes left empty by the fixpoint's first failing step.
#[cold]
pub(crate) fn band_failure<S: Shape>(k: usize, mut m: u32) -> Contradiction {
    let (b, n) = (S::B, S::N);
    let row_bits = S::seg_full();
    let col_bits = (0..b).fold(0u32, |acc, i| acc | 1 << (i * b));
    // Replay the fixpoint, stopping at the first empty row or box.
    for _ in 0..b * b + 1 {
        for i in 0..b {
            let r = m >> (i * b) & row_bits;
            if r == 0 {
                return Contradiction(1 << (k * b + i));
            }
            if r & (r - 1) == 0 {
                m &= !(col_bits << r.trailing_zeros()) | r << (i * b);
            }
        }
        for s in 0..b {
            let c = m >> s & col_bits;
            if c == 0 {
                return Contradiction(1 << (2 * n + k * b + s));
            }
            if c & (c - 1) == 0 {
                m &= !(row_bits << c.trailing_zeros()) | c << s;
            }
        }
    }
    // Not reached: the table and the fixpoint agree; blame the whole band.
    Contradiction((0..b).fold(0, |acc, i| acc | 1 << (k * b + i)))
}

/// Columns against boxes, for digit `d`: a column whose digit lies in one
/// band claims that band's box (the box's other columns lose it), and a
/// column with one place left is a hidden single.
pub(crate) fn stack_pass<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    d: usize,
) -> Result<(), Contradiction> {
    let (b, n, t) = (S::B, S::N, S::tables());
    let mut cols = [0u32; 5];
    let mut multi = [0u32; 5];
    let (mut once, mut twice) = (0u32, 0u32);
    for k in 0..b {
        let (c1, c2) = fold_rows::<S>(board[d * b + k]);
        cols[k] = c1;
        multi[k] = c2;
        twice |= once & c1;
        once |= c1;
    }
    // Every column needs the digit somewhere.
    let missing = S::full() & !once;
    if missing != 0 {
        return Err(Contradiction(1 << (n + missing.trailing_zeros() as usize)));
    }
    let exclusive = once & !twice;
    if exclusive == 0 {
        return Ok(());
    }
    for k in 0..b {
        let e = cols[k] & exclusive;
        if e == 0 {
            continue;
        }
        let (one, more) = segment_counts::<S>(e);
        if more != 0 {
            // Two columns need the digit inside one box.
            return Err(Contradiction(
                1 << (2 * n + k * b + more.trailing_zeros() as usize),
            ));
        }
        let keep = !t.segment_cols[one as usize] | e;
        narrow::<S>(board, work, d, k, spread::<S>(keep & S::full()));
        let lone = e & !multi[k];
        if lone != 0 {
            singles::hidden_in_columns::<S>(board, work, d, k, lone);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibbles_spread_each_bit_to_its_segment() {
        for m in 0u32..1 << 16 {
            let want = (0..16)
                .filter(|j| m >> j & 1 != 0)
                .fold(0u64, |acc, j| acc | 0xf << (4 * j));
            assert_eq!(nibbles(m), want, "{m:016b}");
        }
    }

    #[test]
    fn the_16x16_table_is_the_permutation_support() {
        let table = locked_16();
        for m in (0u32..1 << 16).step_by(7) {
            assert_eq!(
                table[m as usize] as u32,
                permutation_support(4, m),
                "{m:016b}"
            );
        }
    }
}
