//! 9×9 branching on a digit's configuration in a band or a stack, after
//! tdoku's triad solver (`docs/sudoku.md` in its repository): within the
//! three boxes of a band, a digit takes one minirow (a row of a box) in each
//! box, each in a different row, so there are at most six ways
//! (configurations) to place it — a permutation of the band's rows over its
//! boxes; likewise a minicolumn in each box of a stack.
//!
//! Used where no cell has two candidates: the digit-band (or stack) with the
//! fewest configurations left, in the band with the fewest in total, splits
//! the search more evenly than a cell with three or more candidates. The
//! alternatives are the configurations the board still allows: every
//! solution places the digit in exactly one of them, and two configurations
//! differ in some box, so the branches are complete and disjoint (counting
//! stays exact). Measured in docs/BENCHMARKS.md.

use super::nine::{segment_matrix, REPEAT};
use super::search::Choice;

/// The row (of a band) or column (of a stack) that box `b` of the band or
/// stack takes in configuration `c`: `PERMS[c][b]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
    [0, 2, 1],
    [1, 0, 2],
];

/// For a 9-bit matrix of the lines a digit can take in each box (bit
/// `line·3 + box`, as `nine::segment_matrix` gives for rows), the
/// configurations it allows (bit `c`).
const CONFIGS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut c = 0;
        while c < 6 {
            let p = PERMS[c];
            if m >> (p[0] * 3) & 1 != 0
                && m >> (p[1] * 3 + 1) & 1 != 0
                && m >> (p[2] * 3 + 2) & 1 != 0
            {
                table[m] |= 1 << c;
            }
            c += 1;
        }
        m += 1;
    }
    table
};

/// Bits 0, 1, 2 of a 3-bit set moved to bits 0, 3, 6.
const SPREAD: [u32; 8] = [0, 1, 8, 9, 64, 65, 72, 73];

/// Where a configuration choice points: digit `d`'s band `k` is `d·3 + k`;
/// its stack `s` is `27 + d·3 + s`.
const STACKS: usize = 27;

/// The best of the digit-bands (or stacks) in one band (stack), given each
/// digit's configurations: a digit with two, else three, else the fewest
/// (at least two); and the band's total over its digits.
fn best_in(configs: impl Iterator<Item = (usize, u32)>) -> (u32, Option<(u32, usize, u32)>) {
    let mut total = 0;
    let mut pick: Option<(u32, usize, u32)> = None;
    for (at, c) in configs {
        let n = c.count_ones();
        total += n;
        if n >= 2 && pick.is_none_or(|(best, _, _)| n < best) {
            pick = Some((n, at, c));
        }
    }
    (total, pick)
}

/// The configuration choice for an unsolved, propagated 9×9 board (see the
/// module's comment); `None` when every digit's configuration is settled in
/// every band and stack.
pub(crate) fn choose(board: &[u32]) -> Option<Choice> {
    let mut best: Option<(u32, usize, u32)> = None;
    let mut consider = |(total, pick): (u32, Option<(u32, usize, u32)>)| {
        if let Some((_, at, configs)) = pick {
            if best.is_none_or(|(t, _, _)| total < t) {
                best = Some((total, at, configs));
            }
        }
    };
    // Minicolumns each digit can take, per band: bit c for column c.
    let mut cols = [[0u32; 3]; 9];
    for k in 0..3 {
        consider(best_in((0..9).map(|d| {
            let x = board[d * 3 + k];
            cols[d][k] = (x | x >> 9 | x >> 18) & 511;
            (d * 3 + k, CONFIGS[segment_matrix(x)] as u32)
        })));
    }
    for s in 0..3 {
        consider(best_in((0..9).map(|d| {
            // The columns of stack `s` each of its boxes reaches, as
            // (column·3 + box) bits.
            let m = (0..3).fold(0, |m, k| {
                m | SPREAD[(cols[d][k] >> (3 * s) & 7) as usize] << k
            });
            (STACKS + d * 3 + s, CONFIGS[m as usize] as u32)
        })));
    }
    best.map(|(_, at, configs)| Choice::Config { at, configs })
}

/// Narrows the board to configuration `c` of the digit-band or stack `at`
/// (from [`choose`]). The 9×9 propagation finds every changed digit-band by
/// itself, so nothing is noted.
pub(crate) fn apply(board: &mut [u32], at: usize, c: usize) {
    let p = PERMS[c];
    if at < STACKS {
        let keep = (0..3).fold(0, |acc, b| acc | 7 << (p[b] * 9 + 3 * b));
        board[at] &= keep;
    } else {
        let (d, s) = ((at - STACKS) / 3, (at - STACKS) % 3);
        for (k, &col) in p.iter().enumerate() {
            let keep = (!(7 << (3 * s)) & 511) | 1 << (3 * s + col);
            board[d * 3 + k] &= keep * REPEAT;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_counts_permutations() {
        // Every line open in every box: all six.
        assert_eq!(CONFIGS[511], 0b11_1111);
        // Each box keeps one line, in different lines: one.
        assert_eq!(CONFIGS[1 | 1 << 4 | 1 << 8].count_ones(), 1);
        // Two boxes confined to the same line: none.
        assert_eq!(CONFIGS[1 | 1 << 1 | 1 << 2 | 1 << 5 | 1 << 8], 0);
        // Each configuration's own matrix allows it alone.
        for (c, p) in PERMS.iter().enumerate() {
            let m = (0..3).fold(0, |m, b| m | 1 << (p[b] * 3 + b));
            assert_eq!(CONFIGS[m], 1 << c);
        }
    }

    #[test]
    fn configurations_split_a_band_without_overlap() {
        // Digit 0 free in band 0: the six restrictions are disjoint and cover it.
        let mut seen = 0u32;
        for c in 0..6 {
            let mut board = [0u32; 57];
            board[0] = (1 << 27) - 1;
            apply(&mut board, 0, c);
            // One minirow per box, three rows.
            assert_eq!(board[0].count_ones(), 9);
            for b in 0..3 {
                let seg = (0..3)
                    .filter(|r| board[0] >> (r * 9 + 3 * b) & 7 != 0)
                    .count();
                assert_eq!(seg, 1);
            }
            seen |= board[0];
        }
        assert_eq!(seen, (1 << 27) - 1);
    }

    #[test]
    fn a_stack_configuration_keeps_one_column_per_box() {
        let mut board = [(1u32 << 27) - 1; 57];
        apply(&mut board, STACKS + 3 + 1, 1); // digit 1, stack 1, PERMS[1] = [1, 2, 0]
        for k in 0..3 {
            let x = board[3 + k];
            let cols = (x | x >> 9 | x >> 18) & 511;
            // Stack 1 is columns 3..6; box k keeps column 3 + PERMS[1][k].
            assert_eq!(cols & 0b111_000, 1 << (3 + PERMS[1][k]));
            // Other stacks untouched.
            assert_eq!(cols & !0b111_000 & 511, 0b111_000_111);
        }
        // Other digits untouched.
        assert_eq!(board[0], (1 << 27) - 1);
    }
}
