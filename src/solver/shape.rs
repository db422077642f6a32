//! The shape of a grid as the engine sees it: the box size as a type, the
//! word that holds one band of one digit, and the masks the rules use.
//!
//! A **band** is `b` consecutive rows (`b·n` cells); a digit's candidates in
//! a band fit one word: bit `i·n + c` for row `i` of the band, column `c`.
//!
//! ```text
//!  16×16, one digit, band 0 (rows 0–3) in a u64:
//!  bit  63 ……………… 48 47 ……………… 32 31 ……………… 16 15 ……………… 0
//!       └── row 3 ───┘ └── row 2 ───┘ └── row 1 ───┘ └── row 0 ──┘
//!  inside a row, column c is bit c; box segment s is bits s·b … s·b+b−1.
//! ```
//!
//! Sizes are compile-time constants (one monomorphised copy of the engine per
//! size, from one source): 4×4 and 9×9 bands fit a `u32` (8 and 27 bits),
//! 16×16 a `u64` (64), 25×25 a `u128` (125). The tables are built once, on
//! first use.

use super::board::Contradiction;
use super::search::Choice;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};
use std::sync::OnceLock;

/// One band of one digit (or of the unsolved cells).
pub(crate) trait Word:
    Copy
    + Eq
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    const ONE: Self;
    fn from_u32(v: u32) -> Self;
    /// `v`, cut to the word's width.
    fn from_u64(v: u64) -> Self;
    /// The low 32 bits.
    fn low(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// `self` with its lowest set bit cleared.
    fn clear_lowest(self) -> Self;
    fn wrapping_mul(self, rhs: Self) -> Self;
    #[inline(always)]
    fn bit(p: usize) -> Self {
        Self::ONE << p
    }
    /// The 32 bits from bit `shift` on (a row of a band, masked by the caller).
    #[inline(always)]
    fn row(self, shift: usize) -> u32 {
        (self >> shift).low()
    }
    /// Bit `p` when `on`, else nothing.
    #[inline(always)]
    fn flag(p: usize, on: bool) -> Self {
        Self::from_u32(on as u32) << p
    }
    /// `v` moved to bit `shift` (a row of a band).
    #[inline(always)]
    fn place_row(v: u32, shift: usize) -> Self {
        Self::from_u32(v) << shift
    }
    /// `v` (an `n`-bit row) repeated in each of `b` rows; `rows` has bit 0
    /// of every row.
    #[inline(always)]
    fn spread(v: u32, _n: usize, _b: usize, rows: Self) -> Self {
        Self::from_u32(v).wrapping_mul(rows)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! word {
    ($t:ty $(, $extra:item)*) => {
        impl Word for $t {
            $($extra)*
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn from_u32(v: u32) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn low(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn wrapping_mul(self, rhs: Self) -> Self {
                <$t>::wrapping_mul(self, rhs)
            }
        }
    };
}
word!(u32);
word!(u64);
// WebAssembly has no 128-bit integers: variable shifts and products of u128
// become calls to helper routines. These do the same on the two halves.
word!(
    u128,
    #[inline(always)]
    fn bit(p: usize) -> Self {
        let one = 1u64 << (p & 63);
        if p < 64 {
            one as u128
        } else {
            (one as u128) << 64
        }
    },
    #[inline(always)]
    fn flag(p: usize, on: bool) -> Self {
        let v = (on as u64) << (p & 63);
        if p < 64 {
            v as u128
        } else {
            (v as u128) << 64
        }
    },
    #[inline(always)]
    fn row(self, shift: usize) -> u32 {
        let (lo, hi) = (self as u64, (self >> 64) as u64);
        if shift >= 64 {
            (hi >> (shift - 64)) as u32
        } else {
            // (hi << 1) << (63 - shift): no shift by 64 when shift is 0.
            ((lo >> shift) | ((hi << 1) << (63 - shift))) as u32
        }
    },
    #[inline(always)]
    fn place_row(v: u32, shift: usize) -> Self {
        let v = v as u64;
        if shift >= 64 {
            ((v << (shift - 64)) as u128) << 64
        } else {
            ((v << shift) as u128) | (((v >> 1) >> (63 - shift)) as u128) << 64
        }
    },
    #[inline(always)]
    fn spread(v: u32, n: usize, b: usize, _rows: Self) -> Self {
        (0..b).fold(0, |acc, i| acc | Self::place_row(v, i * n))
    }
);

/// Iterates the set bits of a word, lowest first, as positions.
#[inline(always)]
pub(crate) fn bits<W: Word>(mut w: W) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if w.is_zero() {
            return None;
        }
        let p = w.trailing_zeros() as usize;
        w = w.clear_lowest();
        Some(p)
    })
}

/// Masks of one size, built at compile time. Arrays are sized for the
/// largest grid (25×25); each size uses its first entries.
pub(crate) struct Tables<W> {
    /// Per column: its cells in a band.
    pub column: [W; 25],
    /// Per box segment: the box's cells in a band.
    pub box_cells: [W; 5],
    /// Every cell of a band.
    pub band_all: W,
    /// Bit 0 of every row of a band: multiplying an `n`-bit mask by it
    /// repeats the mask in every row.
    pub rows: W,
    /// Per set of box segments (bit `s`): the row positions they cover.
    pub segment_cols: [u32; 32],
    /// `within[m]`: the row positions with at least `m` more positions of
    /// their segment after them.
    pub within: [u32; 5],
}

/// For boxes of 3 (9×9), table versions of the bit tricks,
/// indexed by a `b×b` segment matrix or an `n`-bit row.
pub(crate) struct Small {
    /// [`permutation_support`] of a segment matrix.
    pub locked: [u16; 512],
    /// The cells of a band that the supported matrix keeps.
    pub keep: [u32; 512],
    /// The boxes that the supported matrix leaves with one row.
    pub one_row: [u8; 512],
    /// The segments a row touches.
    pub segments: [u8; 512],
    /// The segments a row touches once.
    pub segments_once: [u8; 512],
}

/// A grid size as a type.
pub(crate) trait Shape: Copy + Send + Sync + 'static {
    type W: Word;
    /// A set of digit-bands (bit `d·b + k`): `n·b` bits.
    type D: Word;
    /// Box size `b`.
    const B: usize;
    /// Side `n = b²`.
    const N: usize = Self::B * Self::B;
    const CELLS: usize = Self::N * Self::N;
    const HOUSES: usize = 3 * Self::N;
    /// Cells per band, `b·n`.
    const BAND: usize = Self::B * Self::N;
    /// Whether propagation includes the subset rule (matching), which pays
    /// only on large grids (`docs/DESIGN.md`).
    const SUBSETS: bool = Self::N >= 16;
    /// Whether branching weighs houses by past conflicts (dom/wdeg).
    const WEIGHTS: bool = true;
    /// In an `n`-bit row, the first column of each box segment.
    const SEG_STARTS: u32 = seg_starts(Self::B);
    /// Multiplying the segment starts by this moves start `s` to bit
    /// `GATHER_SHIFT + s` (no two products meet, so nothing carries).
    const GATHER: u64 = gather_magic(Self::B);
    const GATHER_SHIFT: usize = (Self::B - 1) * (Self::B - 1);
    fn tables() -> &'static Tables<Self::W>;
    /// Every house's cells in order ([`house_cell`] as a table, `n` per
    /// house), for the rules that walk whole houses; built on first use.
    fn house_cells() -> &'static [u16];

    /// Propagation written out for this size, where that pays (9×9:
    /// `nine.rs`), lightly when `light` (`Work::light`); `None` means the
    /// general code, which has no light mode.
    #[inline(always)]
    fn propagate_fast(_board: &mut [Self::W], _light: bool) -> Option<Result<bool, Contradiction>> {
        None
    }

    /// Each band's cells with exactly two candidates, computed this size's
    /// own way (9×9: `nine.rs`, three bands at once); `None` means the
    /// general fold.
    #[inline(always)]
    fn pairs_fast(_board: &[Self::W]) -> Option<[Self::W; 5]> {
        None
    }

    /// A branching rule of this size's own, tried where no cell has two
    /// candidates (9×9: `configs.rs`); `None` leaves it to the general rule.
    #[inline(always)]
    fn choose_fast(_board: &[Self::W]) -> Option<Choice> {
        None
    }

    /// Takes alternative `pick` of a [`Choice::Config`] from
    /// [`Shape::choose_fast`]; sizes without one never see it.
    #[inline(always)]
    fn apply_config(_board: &mut [Self::W], _at: usize, _pick: usize) {}

    /// [`super::board::assign_givens`] written out for this size, where
    /// that pays (9×9: `nine.rs`); `None` means the general code.
    #[inline(always)]
    fn assign_givens_fast(_board: &mut [Self::W], _givens: &[u8]) -> Option<bool> {
        None
    }

    /// Every digit as a mask (bit `d` for digit `d + 1`).
    #[inline(always)]
    fn full() -> u32 {
        (1u32 << Self::N) - 1
    }
    /// Box segments as a mask (bit `s` for segment `s`).
    #[inline(always)]
    fn seg_full() -> u32 {
        (1u32 << Self::B) - 1
    }
}

/// The `i`-th cell of house `h` (rows `0..n`, columns `n..2n`, boxes
/// `2n..3n` in row-major order; box `k·b + s` is band `k`, stack `s`).
#[inline(always)]
pub(crate) fn house_cell<S: Shape>(h: usize, i: usize) -> usize {
    let (b, n) = (S::B, S::N);
    if h < n {
        h * n + i
    } else if h < 2 * n {
        i * n + (h - n)
    } else {
        let x = h - 2 * n;
        (x / b * b + i / b) * n + x % b * b + i % b
    }
}

/// The row, column and box of `cell` as a set of houses.
#[inline(always)]
pub(crate) fn houses_of<S: Shape>(cell: usize) -> u128 {
    let (b, n) = (S::B, S::N);
    let (r, c) = (cell / n, cell % n);
    1 << r | 1 << (n + c) | 1 << (2 * n + r / b * b + c / b)
}

const fn seg_starts(b: usize) -> u32 {
    let (mut m, mut s) = (0u32, 0);
    while s < b {
        m |= 1 << (s * b);
        s += 1;
    }
    m
}

const fn gather_magic(b: usize) -> u64 {
    let p = (b - 1) * (b - 1);
    let (mut m, mut s) = (0u64, 0);
    while s < b {
        m |= 1 << (p - s * (b - 1));
        s += 1;
    }
    m
}

/// The union of every way to pick one place per row and per column in a
/// `b×b` bit matrix (bit `i·b + s`): a row of a band takes one box segment
/// and a box one row, so an entry that no such pick uses is impossible. 0
/// when there is none. This is locked candidates ([`locked_fixpoint`]) and
/// the band's fish (two rows confined to two boxes leave the third box to
/// the third row) in one step.
pub(crate) const fn permutation_support(b: usize, m: u32) -> u32 {
    const fn walk(b: usize, m: u32, i: usize, used: u32, path: u32, support: u32) -> u32 {
        if i == b {
            return support | path;
        }
        let mut support = support;
        let mut s = 0;
        while s < b {
            let bit = 1 << (i * b + s);
            if used >> s & 1 == 0 && m & bit != 0 {
                support = walk(b, m, i + 1, used | 1 << s, path | bit, support);
            }
            s += 1;
        }
        support
    }
    walk(b, m, 0, 0, 0, 0)
}

/// Locked candidates inside a band, on its segment matrix: bit `i·b + s` says
/// the digit may be in row `i` of the band inside box segment `s`. The digit
/// takes exactly one segment per row and one row per box, so:
/// - a row with one segment claims it: the box's other rows lose the digit;
/// - a box with one row points at it: the row's other boxes lose the digit.
///
/// Applied to a fixpoint. 0 when a row or a box is left with no place (a
/// matrix with a place in every row is never 0).
pub(crate) const fn locked_fixpoint(b: usize, mut m: u32) -> u32 {
    let row_bits = (1u32 << b) - 1;
    let mut col_bits = 0u32;
    let mut i = 0;
    while i < b {
        col_bits |= 1 << (i * b);
        i += 1;
    }
    loop {
        let before = m;
        let mut i = 0;
        while i < b {
            let r = m >> (i * b) & row_bits;
            if r == 0 {
                return 0;
            }
            if r & (r - 1) == 0 {
                m &= !(col_bits << r.trailing_zeros()) | r << (i * b);
            }
            i += 1;
        }
        let mut s = 0;
        while s < b {
            let c = m >> s & col_bits;
            if c == 0 {
                return 0;
            }
            if c & (c - 1) == 0 {
                m &= !(row_bits << c.trailing_zeros()) | c << s;
            }
            s += 1;
        }
        if m == before {
            return m;
        }
    }
}

macro_rules! tables_for {
    ($build:ident, $w:ty) => {
        const fn $build(b: usize) -> Tables<$w> {
            let n = b * b;
            let mut t = Tables {
                column: [0; 25],
                box_cells: [0; 5],
                band_all: 0,
                rows: 0,
                segment_cols: [0; 32],
                within: [0; 5],
            };
            let mut p = 0;
            while p < b * n {
                let c = p % n;
                t.column[c] |= 1 << p;
                t.box_cells[c / b] |= 1 << p;
                t.band_all |= 1 << p;
                if c == 0 {
                    t.rows |= 1 << p;
                }
                p += 1;
            }
            let mut c = 0;
            while c < n {
                let mut segs = 0;
                while segs < 1 << b {
                    if segs >> (c / b) & 1 == 1 {
                        t.segment_cols[segs] |= 1 << c;
                    }
                    segs += 1;
                }
                let mut m = 0;
                while m < b {
                    if c % b + m < b {
                        t.within[m] |= 1 << c;
                    }
                    m += 1;
                }
                c += 1;
            }
            t
        }
    };
}
const fn build_small(b: usize) -> Small {
    let mut t = Small {
        locked: [0; 512],
        keep: [0; 512],
        one_row: [0; 512],
        segments: [0; 512],
        segments_once: [0; 512],
    };
    let col_bits = seg_starts(b);
    let mut m = 0;
    while m < 1 << (b * b) {
        let m2 = permutation_support(b, m as u32);
        t.locked[m] = m2 as u16;
        let (mut s, mut segs, mut once) = (0, 0u8, 0u8);
        while s < b {
            let c = m2 >> s & col_bits;
            if c & c.wrapping_sub(1) == 0 {
                t.one_row[m] |= 1 << s;
            }
            let v = (m >> (s * b)) & ((1 << b) - 1);
            if v != 0 {
                segs |= 1 << s;
            }
            if v != 0 && v & (v - 1) == 0 {
                once |= 1 << s;
            }
            s += 1;
        }
        t.segments[m] = segs;
        t.segments_once[m] = once;
        let mut i = 0;
        while i < b {
            let mut s = 0;
            while s < b {
                if m2 >> (i * b + s) & 1 == 1 {
                    t.keep[m] |= ((1 << b) - 1) << (i * b * b + s * b);
                }
                s += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
}

/// The tables of [`Small`] (used on 9×9 only: 4×4 takes the general path).
pub(crate) fn small<S: Shape>() -> &'static Small {
    static T3: Small = build_small(3);
    debug_assert_eq!(S::B, 3);
    &T3
}

/// The band's other cells in the same row or box as position `p`.
#[inline(always)]
pub(crate) fn band_peers<S: Shape>(p: usize) -> S::W {
    (row_cells::<S>(p / S::N) | S::tables().box_cells[p % S::N / S::B]) & !S::W::bit(p)
}

/// The band's cells in both the row and the box of position `p`.
#[inline(always)]
pub(crate) fn segment<S: Shape>(p: usize) -> S::W {
    row_cells::<S>(p / S::N) & S::tables().box_cells[p % S::N / S::B]
}

/// The cells of row `i` of a band.
#[inline(always)]
pub(crate) fn row_cells<S: Shape>(i: usize) -> S::W {
    S::W::place_row(S::full(), i * S::N)
}

tables_for!(build32, u32);
tables_for!(build64, u64);
tables_for!(build128, u128);

macro_rules! shape {
    ($name:ident, $b:literal, $w:ty, $d:ty, $build:ident $(, $fast:path, $pairs:path, $choose:path, $apply:path, $givens:path)?) => {
        /// Box size known at compile time.
        #[derive(Clone, Copy, Debug, Default)]
        pub(crate) struct $name;

        impl Shape for $name {
            type W = $w;
            type D = $d;
            const B: usize = $b;
            #[inline(always)]
            fn tables() -> &'static Tables<$w> {
                static T: Tables<$w> = $build($b);
                &T
            }
            fn house_cells() -> &'static [u16] {
                static T: OnceLock<Vec<u16>> = OnceLock::new();
                T.get_or_init(|| {
                    (0..Self::HOUSES)
                        .flat_map(|h| (0..Self::N).map(move |i| house_cell::<Self>(h, i) as u16))
                        .collect()
                })
            }
            $(
                #[inline(always)]
                fn propagate_fast(board: &mut [$w], light: bool) -> Option<Result<bool, Contradiction>> {
                    Some($fast(board, light))
                }
                #[inline(always)]
                fn pairs_fast(board: &[$w]) -> Option<[$w; 5]> {
                    Some($pairs(board))
                }
                #[inline(always)]
                fn choose_fast(board: &[$w]) -> Option<Choice> {
                    $choose(board)
                }
                #[inline(always)]
                fn apply_config(board: &mut [$w], at: usize, pick: usize) {
                    $apply(board, at, pick)
                }
                #[inline(always)]
                fn assign_givens_fast(board: &mut [$w], givens: &[u8]) -> Option<bool> {
                    Some($givens(board, givens))
                }
            )?
        }
    };
}
shape!(S2, 2, u32, u32, build32);
shape!(
    S3,
    3,
    u32,
    u32,
    build32,
    super::nine::propagate,
    super::nine::pairs,
    super::configs::choose,
    super::configs::apply,
    super::nine::assign_givens
);
shape!(S4, 4, u64, u64, build64);
shape!(S5, 5, u128, u128, build128);

#[cfg(test)]
mod tests {
    use super::*;

    fn check<S: Shape>() {
        let t = S::tables();
        let (b, n) = (S::B, S::N);
        for h in 0..S::HOUSES {
            let mut cells: Vec<usize> = (0..n).map(|i| house_cell::<S>(h, i)).collect();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), n, "house {h} has {n} distinct cells");
            for &c in &cells {
                assert_ne!(houses_of::<S>(c) & 1 << h, 0);
                assert_eq!(houses_of::<S>(c).count_ones(), 3);
            }
        }
        for p in 0..S::BAND {
            // Same band, same row or box, not itself.
            let expected = (0..S::BAND)
                .filter(|&q| q != p && (q / n == p / n || (q % n) / b == (p % n) / b))
                .fold(S::W::ZERO, |acc, q| acc | S::W::bit(q));
            assert!(band_peers::<S>(p) == expected, "band peers of {p}");
            let shared = (0..S::BAND)
                .filter(|&q| q / n == p / n && (q % n) / b == (p % n) / b)
                .fold(S::W::ZERO, |acc, q| acc | S::W::bit(q));
            assert!(segment::<S>(p) == shared, "segment of {p}");
        }
        assert!((0..S::BAND).all(|p| t.band_all & S::W::bit(p) != S::W::ZERO));
    }

    #[test]
    fn tables_match_the_definition() {
        check::<S2>();
        check::<S3>();
        check::<S4>();
        check::<S5>();
    }

    #[test]
    fn the_u128_halves_agree_with_u128() {
        let x: u128 = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
        for shift in 0..125 {
            assert_eq!(x.row(shift), (x >> shift) as u32, "row at {shift}");
            let v = 0x1ff_ffff;
            assert_eq!(
                u128::place_row(v, shift),
                (v as u128) << shift,
                "place at {shift}"
            );
            assert_eq!(<u128 as Word>::bit(shift), 1u128 << shift, "bit {shift}");
        }
        let rows = (0..5).fold(0u128, |acc, i| acc | 1 << (i * 25));
        assert_eq!(u128::spread(0x155_5555, 25, 5, rows), 0x155_5555u128 * rows);
    }

    #[test]
    fn locked_candidates_on_the_segment_matrix() {
        // b = 3: row 0 only in box 0 → rows 1 and 2 leave box 0; then box 1
        // and box 2 each keep both remaining rows.
        let m = 0b111_111_001;
        assert_eq!(locked_fixpoint(3, m), 0b110_110_001);
        // A row with no place.
        assert_eq!(locked_fixpoint(3, 0b111_000_111), 0);
        // Two rows pinned to the same box: the box would need both.
        assert_eq!(locked_fixpoint(3, 0b111_001_001), 0);
    }
}
