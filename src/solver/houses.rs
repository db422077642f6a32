//! The house engine: every shape the band engine does not take —
//! rectangular boxes, jigsaw regions, the diagonals of X-Sudoku, the windows
//! of windoku — through one representation that knows only houses.
//!
//! Per digit, a **plane**: the cells of the whole grid where the digit may
//! go, as a bit set of `W` words (`W·64 ≥ n²`: 1 word up to 8×8, 2 up to
//! 10×10, 4 up to 16×16, 10 up to 25×25). Every house is a bit set too,
//! and so are the peers of each cell.
//!
//! ```text
//!  board (one search node), W words per entry:
//!  ├─ plane[0] ─┼─ plane[1] ─┼─ … ─┼─ plane[n−1] ─┼─ unsolved ─┤
//!  a placed cell keeps its digit's bit and has no other; `unsolved` holds
//!  the cells not placed yet.
//! ```
//!
//! The rules, cheapest first, each to a fixpoint before the next:
//! 1. **naked singles**: one fold over the planes finds the open cells with
//!    one candidate (and those with none: a contradiction);
//! 2. **hidden singles**: per digit whose plane changed, per house, the
//!    house's places for it; one place left is the digit's, none is a
//!    contradiction;
//! 3. **locked candidates**, for any two houses that share two or more
//!    cells (a box and a line, a region and a line, a diagonal and a box…):
//!    when a digit's places in one house all lie in the other, the digit
//!    leaves the rest of the other — it must go in the shared cells.
//! 4. **the law of leftovers** (jigsaws): the cells of the first `k` rows
//!    (or columns) outside the regions lying mostly inside them hold the
//!    same digits as the cells of those regions outside the rows, so a
//!    digit with no place in one set leaves the other (see `leftovers`).
//!
//! Branching and counting follow the band engine (`search.rs`): a bivalue
//! cell (the one with the most open peers, then the most conflicts in its
//! houses), else the fewest candidates per weight, or a digit with two
//! places in a house; an explicit stack of frames over an arena of boards,
//! resumable at any node.

use std::sync::Arc;

use super::board::Contradiction;
use super::search::{count_conflict, Branch, Choice, Failures, Frame};
use super::Stats;
use crate::shape::Shape;

/// A set of cells.
type Set<const W: usize> = [u64; W];

#[inline(always)]
fn and<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

#[inline(always)]
fn and_not<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    std::array::from_fn(|i| a[i] & !b[i])
}

#[inline(always)]
fn is_empty<const W: usize>(a: &Set<W>) -> bool {
    a.iter().all(|&w| w == 0)
}

fn count<const W: usize>(a: &Set<W>) -> u32 {
    a.iter().map(|w| w.count_ones()).sum()
}

/// The lowest cell of a non-empty set.
#[inline(always)]
fn first<const W: usize>(a: &Set<W>) -> usize {
    for (i, &w) in a.iter().enumerate() {
        if w != 0 {
            return i * 64 + w.trailing_zeros() as usize;
        }
    }
    usize::MAX
}

/// Whether a non-empty set has exactly one cell.
#[inline(always)]
fn is_single<const W: usize>(a: &Set<W>) -> bool {
    let mut seen = false;
    for &w in a {
        if w != 0 {
            if seen || w & (w - 1) != 0 {
                return false;
            }
            seen = true;
        }
    }
    seen
}

#[inline(always)]
fn bit<const W: usize>(cell: usize) -> Set<W> {
    let mut s = [0u64; W];
    s[cell / 64] = 1 << (cell % 64);
    s
}

#[inline(always)]
fn has<const W: usize>(a: &Set<W>, cell: usize) -> bool {
    a[cell / 64] >> (cell % 64) & 1 != 0
}

/// The cells of a set, lowest first.
fn cells<const W: usize>(a: Set<W>) -> impl Iterator<Item = usize> {
    a.into_iter().enumerate().flat_map(|(i, mut w)| {
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let p = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + p
            })
        })
    })
}

/// A set of houses (bit `h`): a `u64` up to 16×16 (at most 59 houses),
/// a `u128` beyond. The rules walk these sets in their inner loops, where
/// a `u64` costs half the instructions.
pub(crate) trait HouseSet:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAndAssign
    + std::ops::BitOrAssign
    + std::ops::Not<Output = Self>
    + Into<u128>
{
    /// No house.
    const EMPTY: Self;
    /// How many houses a set can hold.
    const CAPACITY: usize;
    /// House `h` alone.
    fn single(h: usize) -> Self;
    /// The lowest house of a non-empty set.
    fn lowest(self) -> usize;
    /// The set without its lowest house.
    fn without_lowest(self) -> Self;
}

macro_rules! house_set {
    ($t:ty) => {
        impl HouseSet for $t {
            const EMPTY: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn single(h: usize) -> Self {
                1 << h
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & (self - 1)
            }
        }
    };
}
house_set!(u64);
house_set!(u128);

/// The masks of one shape. Made per puzzle for jigsaws (each brings its
/// own regions), so straight from the shape, without its `Geometry`.
pub(crate) struct Tables<const W: usize, H> {
    n: usize,
    /// Every cell.
    all: Set<W>,
    /// Per house, its cells.
    house: Vec<Set<W>>,
    /// House `h`'s cells at `h·n .. h·n + n`, ascending.
    house_cells: Vec<u16>,
    /// Per cell, its peers.
    peers: Vec<Set<W>>,
    /// Per cell, its houses as a set (bit `h`): where conflicts happen,
    /// and which houses a change touches.
    cell_houses: Vec<H>,
    /// Every house (bit `h`).
    houses_mask: H,
    /// Jigsaws: pairs of cell sets that hold the same digits (the law of
    /// leftovers, see [`leftovers`]).
    leftovers: Vec<(Set<W>, Set<W>)>,
}

impl<const W: usize, H: HouseSet> Tables<W, H> {
    pub(crate) fn new(shape: &Shape) -> Tables<W, H> {
        let n = shape.side();
        let cells = n * n;
        assert!(cells <= 64 * W, "the shape fits the word count");
        let houses = shape.house_count();
        assert!(houses <= H::CAPACITY, "the houses fit their set");
        let house_cells = shape.house_lists();
        let mut house = vec![[0u64; W]; houses];
        let mut cell_houses = vec![H::EMPTY; cells];
        for (h, set) in house.iter_mut().enumerate() {
            for &c in &house_cells[h * n..][..n] {
                set[c as usize / 64] |= 1 << (c % 64);
                cell_houses[c as usize] |= H::single(h);
            }
        }
        let peers = (0..cells)
            .map(|c| {
                let mut set = [0u64; W];
                for h in bits(cell_houses[c]) {
                    set = std::array::from_fn(|i| set[i] | house[h][i]);
                }
                and_not(&set, &bit(c))
            })
            .collect();
        let mut all = [0u64; W];
        for c in 0..cells {
            all[c / 64] |= 1 << (c % 64);
        }
        let leftovers = if shape.is_jigsaw() {
            leftovers(n, &house)
        } else {
            Vec::new()
        };
        Tables {
            n,
            all,
            house,
            house_cells,
            peers,
            cell_houses,
            houses_mask: (0..houses).fold(H::EMPTY, |a, h| a | H::single(h)),
            leftovers,
        }
    }

    /// House `h`'s cells, ascending.
    #[inline]
    fn cells_of(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.n..][..self.n]
    }
}

/// The law of leftovers for a jigsaw of side `n` (houses: rows, columns,
/// regions, `n` each, then any extras). Take the first `k` rows (or the last
/// `k`, or columns) and the regions lying mostly inside them; when both
/// cover as many cells, they cover `k` cells of each digit alike, so the
/// cells of the rows outside those regions (A) hold the same digits as the
/// cells of the regions outside the rows (B), shared cells counted in both.
/// A digit that can go nowhere in A therefore goes nowhere in B, and the
/// other way round. For two houses this is locked candidates; over several
/// rows it prunes what no single pair of houses shows (the regions of
/// sigh's Interactive Sudoku Solver's optimizer, which does the same).
fn leftovers<const W: usize>(n: usize, house: &[Set<W>]) -> Vec<(Set<W>, Set<W>)> {
    let or = |a: &Set<W>, b: &Set<W>| -> Set<W> { std::array::from_fn(|i| a[i] | b[i]) };
    let regions = &house[2 * n..3 * n];
    let rows: Vec<usize> = (0..n).collect();
    let cols: Vec<usize> = (n..2 * n).collect();
    let mut links: Vec<(Set<W>, Set<W>)> = Vec::new();
    for lines in [
        rows.clone(),
        rows.into_iter().rev().collect(),
        cols.clone(),
        cols.into_iter().rev().collect(),
    ] {
        let (mut inside, mut pieces) = ([0u64; W], [0u64; W]);
        let mut used = vec![false; n];
        // Up to n − 1 lines: all n cover the whole grid.
        for (k, &line) in lines.iter().enumerate().take(n - 1) {
            inside = or(&inside, &house[line]);
            for (r, region) in regions.iter().enumerate() {
                if !used[r] && 2 * count(&and(region, &inside)) > n as u32 {
                    used[r] = true;
                    pieces = or(&pieces, region);
                }
            }
            // One line against its regions is locked candidates already.
            if k == 0 || count(&inside) != count(&pieces) {
                continue;
            }
            let (a, b) = (and_not(&inside, &pieces), and_not(&pieces, &inside));
            if !is_empty(&a) && count(&a) < n as u32 && !links.contains(&(a, b)) {
                links.push((a, b));
            }
        }
    }
    links
}

/// The houses of a house set, lowest first.
fn bits<H: HouseSet>(mut set: H) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != H::EMPTY).then(|| {
            let h = set.lowest();
            set = set.without_lowest();
            h
        })
    })
}

/// What is pending for the rules: the digits whose planes changed since
/// the hidden singles and since locked candidates last looked, and per
/// such digit the houses where its places changed. A rule about a digit in
/// a house can only start to apply when the digit's places there change,
/// so the rules look at those houses only.
#[derive(Clone, Copy)]
struct Work<H> {
    singles: u32,
    locked: u32,
    /// The digits whose planes changed since the law of leftovers looked.
    leftovers: u32,
    /// Per digit in `singles`, its changed houses (bit `h`).
    singles_at: [H; 32],
    /// Per digit in `locked`, its changed houses.
    locked_at: [H; 32],
}

impl<H: HouseSet> Default for Work<H> {
    fn default() -> Work<H> {
        Work {
            singles: 0,
            locked: 0,
            leftovers: 0,
            singles_at: [H::EMPTY; 32],
            locked_at: [H::EMPTY; 32],
        }
    }
}

impl<H: HouseSet> Work<H> {
    /// Forgets everything pending. A digit's houses are empty whenever
    /// the digit is not pending, so marking needs no branch.
    #[inline(always)]
    fn clear(&mut self) {
        while self.singles != 0 {
            self.singles_at[self.singles.trailing_zeros() as usize] = H::EMPTY;
            self.singles &= self.singles - 1;
        }
        while self.locked != 0 {
            self.locked_at[self.locked.trailing_zeros() as usize] = H::EMPTY;
            self.locked &= self.locked - 1;
        }
        self.leftovers = 0;
    }

    /// Notes that digit `d`'s places changed in `houses`.
    #[inline(always)]
    fn mark(&mut self, d: usize, houses: H) {
        self.singles |= 1 << d;
        self.singles_at[d] |= houses;
        self.locked |= 1 << d;
        self.locked_at[d] |= houses;
        self.leftovers |= 1 << d;
    }

    /// The next digit pending for hidden singles, and its houses.
    #[inline(always)]
    fn next_singles(&mut self) -> Option<(usize, H)> {
        (self.singles != 0).then(|| {
            let d = self.singles.trailing_zeros() as usize;
            self.singles &= self.singles - 1;
            (d, std::mem::replace(&mut self.singles_at[d], H::EMPTY))
        })
    }

    /// The next digit pending for locked candidates, and its houses.
    #[inline(always)]
    fn next_locked(&mut self) -> Option<(usize, H)> {
        (self.locked != 0).then(|| {
            let d = self.locked.trailing_zeros() as usize;
            self.locked &= self.locked - 1;
            (d, std::mem::replace(&mut self.locked_at[d], H::EMPTY))
        })
    }

    /// Everything pending for every digit of a side-`n` grid.
    fn all(n: usize) -> Work<H> {
        let full = (1u32 << n) - 1;
        let mut at = [H::EMPTY; 32];
        at[..n].fill(!H::EMPTY);
        Work {
            singles: full,
            locked: full,
            leftovers: full,
            singles_at: at,
            locked_at: at,
        }
    }
}

/// One board: `n` planes and the unsolved cells.
struct Board<'a, const W: usize, H> {
    t: &'a Tables<W, H>,
    b: &'a mut [Set<W>],
    /// Per digit, the houses where it is placed: the rules skip them.
    placed: &'a mut [H],
    work: &'a mut Work<H>,
}

impl<const W: usize, H: HouseSet> Board<'_, W, H> {
    #[inline(always)]
    fn unsolved(&self) -> Set<W> {
        self.b[self.t.n]
    }

    /// Narrows digit `d`'s plane to `keep`, noting a change in `houses`
    /// (a superset of the houses of the cells that go).
    #[inline(always)]
    fn narrow(&mut self, d: usize, keep: &Set<W>, houses: H) {
        let old = self.b[d];
        let new = and(&old, keep);
        if new != old {
            self.b[d] = new;
            self.work.mark(d, houses);
        }
    }

    /// Places digit `d` in `cell`: the digit leaves the cell's peers, and
    /// every other digit leaves the cell.
    #[inline]
    fn assign(&mut self, d: usize, cell: usize) -> Result<(), Contradiction> {
        if !has(&self.b[d], cell) {
            return Err(Contradiction(self.t.cell_houses[cell].into()));
        }
        let n = self.t.n;
        self.placed[d] |= self.t.cell_houses[cell];
        let here = bit::<W>(cell);
        self.b[n] = and_not(&self.b[n], &here);
        let peers = self.t.peers[cell];
        // The houses where d's places change: those of the peers that
        // lose it (few, once the search is under way).
        let gone = and(&self.b[d], &peers);
        if !is_empty(&gone) {
            let touched = cells(gone).fold(H::EMPTY, |a, c| a | self.t.cell_houses[c]);
            self.b[d] = and_not(&self.b[d], &peers);
            self.work.mark(d, touched);
        }
        // Every other digit leaves the cell: without a branch per digit
        // (which half the time goes the unexpected way), then marks.
        let (word, mask) = (cell / 64, 1u64 << (cell % 64));
        let mut others = 0u32;
        for e in 0..n {
            others |= ((self.b[e][word] & mask != 0) as u32) << e;
            self.b[e][word] &= !mask;
        }
        self.b[d][word] |= mask;
        others &= !(1 << d);
        let houses = self.t.cell_houses[cell];
        while others != 0 {
            self.work.mark(others.trailing_zeros() as usize, houses);
            others &= others - 1;
        }
        Ok(())
    }

    /// Naked singles: returns whether any cell was placed.
    fn naked(&mut self) -> Result<bool, Contradiction> {
        let n = self.t.n;
        let open = self.unsolved();
        let (mut once, mut twice) = ([0u64; W], [0u64; W]);
        for d in 0..n {
            let x = and(&self.b[d], &open);
            for i in 0..W {
                twice[i] |= once[i] & x[i];
                once[i] |= x[i];
            }
        }
        let none = and_not(&open, &once);
        if !is_empty(&none) {
            return Err(Contradiction(self.t.cell_houses[first(&none)].into()));
        }
        let singles = and_not(&once, &twice);
        if is_empty(&singles) {
            return Ok(false);
        }
        for cell in cells(singles) {
            // An earlier single of this sweep may have taken its digit.
            let Some(d) = (0..n).find(|&d| has(&self.b[d], cell)) else {
                return Err(Contradiction(self.t.cell_houses[cell].into()));
            };
            if has(&self.unsolved(), cell) {
                self.assign(d, cell)?;
            }
        }
        Ok(true)
    }

    /// Hidden singles of the digits whose planes changed: returns whether
    /// any cell was placed.
    fn hidden(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        while let Some((d, houses)) = self.work.next_singles() {
            let mut houses = houses & self.t.houses_mask & !self.placed[d];
            while houses != H::EMPTY {
                let h = houses.lowest();
                houses = houses.without_lowest();

                let m = and(&self.b[d], &self.t.house[h]);
                if is_empty(&m) {
                    return Err(Contradiction(1u128 << h));
                }
                if is_single(&m) {
                    let cell = first(&m);
                    if has(&self.unsolved(), cell) {
                        self.assign(d, cell)?;
                        progress = true;
                    }
                }
            }
        }
        Ok(progress)
    }

    /// Locked candidates over every pair of overlapping houses, for the
    /// digits and houses whose places changed: returns whether any
    /// candidate went.
    fn locked(&mut self) -> bool {
        let mut progress = false;
        while let Some((d, houses)) = self.work.next_locked() {
            let mut houses = houses & self.t.houses_mask & !self.placed[d];
            while houses != H::EMPTY {
                let h = houses.lowest();
                houses = houses.without_lowest();

                let m = and(&self.b[d], &self.t.house[h]);
                // A single the next sweep takes (or placed here since the
                // sweep began: the other places went), or a contradiction
                // it reports.
                if is_empty(&m) || is_single(&m) {
                    continue;
                }
                // The other houses holding every place of d in h.
                let mut others = !H::single(h);
                for cell in cells(m) {
                    others &= self.t.cell_houses[cell];
                    if others == H::EMPTY {
                        break;
                    }
                }
                while others != H::EMPTY {
                    let k = others.lowest();
                    others = others.without_lowest();
                    // Every place of d in h lies in k: d leaves the rest
                    // of k.
                    let rest = and_not(&self.t.house[k], &self.t.house[h]);
                    let gone = and(&self.b[d], &rest);
                    if !is_empty(&gone) {
                        let touched = cells(gone).fold(H::EMPTY, |a, c| a | self.t.cell_houses[c]);
                        self.narrow(d, &std::array::from_fn(|i| !rest[i]), touched);
                        progress = true;
                    }
                }
            }
        }
        progress
    }

    /// The law of leftovers (jigsaws), for the digits whose planes changed:
    /// returns whether any candidate went.
    fn leftovers(&mut self) -> bool {
        let mut progress = false;
        while self.work.leftovers != 0 {
            let d = self.work.leftovers.trailing_zeros() as usize;
            self.work.leftovers &= self.work.leftovers - 1;
            for (a, b) in &self.t.leftovers {
                let (in_a, in_b) = (and(&self.b[d], a), and(&self.b[d], b));
                let gone = match (is_empty(&in_a), is_empty(&in_b)) {
                    (true, false) => (in_b, b),
                    (false, true) => (in_a, a),
                    _ => continue,
                };
                let touched = cells(gone.0).fold(H::EMPTY, |h, c| h | self.t.cell_houses[c]);
                let keep = std::array::from_fn(|i| !gone.1[i]);
                self.narrow(d, &keep, touched);
                progress = true;
            }
        }
        progress
    }

    /// Applies the rules until none applies. Returns whether every cell is
    /// placed.
    fn propagate(&mut self) -> Result<bool, Contradiction> {
        loop {
            if self.naked()? || self.hidden()? {
                continue;
            }
            if is_empty(&self.unsolved()) {
                return Ok(true);
            }
            if self.locked() || self.leftovers() {
                continue;
            }
            return Ok(false);
        }
    }
}

/// The candidates of every open cell (bit `d`), 0 for a placed one.
fn cell_view<const W: usize, H>(t: &Tables<W, H>, b: &[Set<W>], cand: &mut Vec<u32>) {
    let n = t.n;
    cand.clear();
    cand.resize(n * n, 0);
    let open = b[n];
    for (d, plane) in b[..n].iter().enumerate() {
        for cell in cells(and(plane, &open)) {
            cand[cell] |= 1 << d;
        }
    }
}

/// The branch: the bivalue cell whose placement failed latest (by
/// `failures`: conflict-ordering search), else the one with the
/// most open peers, then the most conflicts in its houses; with none, a
/// digit with two places in a house; with none, the open cell with the
/// fewest candidates per weight.
fn choose<const W: usize, H: HouseSet>(
    t: &Tables<W, H>,
    b: &[Set<W>],
    weights: Option<&[u32]>,
    cand: &mut Vec<u32>,
    failures: &Failures,
) -> Choice {
    let n = t.n;
    let open = b[n];
    let (mut once, mut twice, mut thrice) = ([0u64; W], [0u64; W], [0u64; W]);
    for plane in &b[..n] {
        let x = and(plane, &open);
        for i in 0..W {
            thrice[i] |= twice[i] & x[i];
            twice[i] |= once[i] & x[i];
            once[i] |= x[i];
        }
    }
    let weight = |cell: usize| -> u64 {
        weights.map_or(1, |w| bits(t.cell_houses[cell]).map(|h| w[h] as u64).sum())
    };
    let digits_of = |cell: usize| {
        (0..n)
            .filter(|&d| has(&b[d], cell))
            .fold(0, |a, d| a | 1 << d)
    };
    let pairs = and_not(&twice, &thrice);
    // First the bivalue cell whose placement failed latest.
    if let Some(cell) = failures.latest(cells(pairs)) {
        return Choice::Cell {
            cell,
            digits: digits_of(cell),
        };
    }
    // Among the bivalue cells, the one with the most open peers: either
    // digit placed there takes the most candidates out, so the branches
    // settle soonest. Conflicts break ties (and outweigh a peer or so
    // once many have been seen). Measured on fresh minimal 9×9 jigsaws:
    // 15% fewer nodes, the median puzzle 30% fewer, than conflicts alone.
    let mut best: Option<(usize, u64)> = None;
    for cell in cells(pairs) {
        let w = weight(cell) + 64 * count(&and(&t.peers[cell], &open)) as u64;
        if best.is_none_or(|(_, bw)| w > bw) {
            best = Some((cell, w));
        }
    }
    if let Some((cell, _)) = best {
        return Choice::Cell {
            cell,
            digits: digits_of(cell),
        };
    }
    // No bivalue cell, so every open cell has three candidates or more: a
    // digit with two places in a house (the house with the most conflicts)
    // branches two ways instead.
    let mut pick: Option<(usize, usize, Set<W>)> = None;
    for h in 0..t.house.len() {
        if let Some((p, _, _)) = pick {
            match weights {
                Some(w) if w[h] > w[p] => {}
                _ => continue,
            }
        }
        let here = and(&t.house[h], &open);
        if let Some((d, m)) = (0..n)
            .map(|d| (d, and(&b[d], &here)))
            .find(|(_, m)| count(m) == 2)
        {
            pick = Some((h, d, m));
            if weights.is_none() {
                break;
            }
        }
    }
    if let Some((house, digit, m)) = pick {
        let places = t
            .cells_of(house)
            .iter()
            .enumerate()
            .filter(|&(_, &c)| has(&m, c as usize))
            .fold(0u32, |acc, (i, _)| acc | 1 << i);
        return Choice::Digit {
            house,
            digit,
            places,
        };
    }
    // Else the open cell with the fewest candidates per weight.
    cell_view(t, b, cand);
    let (mut best, mut best_count, mut best_weight) = (usize::MAX, u32::MAX, 1u64);
    for cell in cells(open) {
        let k = cand[cell].count_ones();
        let w = weight(cell);
        // k / w < best_count / best_weight
        if (k as u64) * best_weight < (best_count as u64) * w {
            (best, best_count, best_weight) = (cell, k, w);
        }
    }
    debug_assert!(best != usize::MAX, "an unsolved board has an open cell");
    Choice::Cell {
        cell: best,
        digits: cand[best],
    }
}

/// The digits (1-based) of a board whose every cell is placed.
fn digits<const W: usize, H>(t: &Tables<W, H>, b: &[Set<W>]) -> Vec<u8> {
    let mut out = vec![0u8; t.n * t.n];
    for (d, plane) in b[..t.n].iter().enumerate() {
        for cell in cells(*plane) {
            out[cell] = d as u8 + 1;
        }
    }
    out
}

/// One resumable search over any shape.
pub(crate) struct HouseSearch<const W: usize, H = u64> {
    t: Arc<Tables<W, H>>,
    /// Words per board.
    stride: usize,
    boards: Vec<Set<W>>,
    /// Per board, `n` entries: where each digit is placed.
    placed: Vec<H>,
    frames: Vec<Frame>,
    /// Boxed: a kilobyte for the largest sides.
    work: Box<Work<H>>,
    cand: Vec<u32>,
    /// Conflicts seen per house (dom/wdeg), from the first conflict on.
    weights: Vec<u32>,
    /// The branching order, as the band engine's (`search.rs`).
    failures: Failures,
    /// The cell placed to reach the board being settled.
    placing: Option<usize>,
    limit: u64,
    pub(crate) found: u64,
    pub(crate) first: Option<Vec<u8>>,
    solved_at: usize,
    pub(crate) stats: Stats,
    pub(crate) finished: bool,
}

impl<const W: usize, H: HouseSet> HouseSearch<W, H> {
    /// The first solution found, if any.
    pub(crate) fn first_cells(&self) -> Option<Vec<u8>> {
        self.first.clone()
    }

    /// Sets up the search for `givens` (0 = empty) of `shape` and
    /// propagates the root.
    pub(crate) fn new(shape: &Shape, givens: &[u8], limit: u64) -> Self {
        Self::setting_up(shape, givens, limit, None)
    }

    /// Sets up the search for the solutions of `givens` in which cell
    /// `excluded.0` does not hold digit `excluded.1` (1-based).
    pub(crate) fn new_excluding(
        shape: &Shape,
        givens: &[u8],
        limit: u64,
        excluded: (usize, u8),
    ) -> Self {
        Self::setting_up(shape, givens, limit, Some(excluded))
    }

    fn setting_up(shape: &Shape, givens: &[u8], limit: u64, excluded: Option<(usize, u8)>) -> Self {
        let t = Arc::new(Tables::<W, H>::new(shape));
        let stride = t.n + 1;
        let mut s = HouseSearch {
            t,
            stride,
            boards: Vec::new(),
            placed: Vec::new(),
            frames: Vec::new(),
            work: Box::default(),
            cand: Vec::new(),
            weights: Vec::new(),
            failures: Failures::default(),
            placing: None,
            limit: 1,
            found: 0,
            first: None,
            solved_at: 0,
            stats: Stats::default(),
            finished: false,
        };
        s.restart_excluding(givens, limit, excluded);
        s
    }

    /// Starts over on `givens` of the same shape, keeping the memory.
    pub(crate) fn restart(&mut self, givens: &[u8], limit: u64) {
        self.restart_excluding(givens, limit, None);
    }

    fn restart_excluding(&mut self, givens: &[u8], limit: u64, excluded: Option<(usize, u8)>) {
        let n = self.t.n;
        self.boards.clear();
        self.boards.resize(self.stride, self.t.all);
        self.placed.clear();
        self.placed.resize(n, H::EMPTY);
        self.frames.clear();
        self.weights.clear();
        self.failures.clear();
        self.placing = None;
        self.limit = limit.max(1);
        self.found = 0;
        self.first = None;
        self.stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        self.finished = false;
        *self.work = Work::all(n);
        let t = self.t.clone();
        let mut board = Board {
            t: &t,
            b: &mut self.boards[..self.stride],
            placed: &mut self.placed[..n],
            work: &mut self.work,
        };
        if let Some((cell, d)) = excluded {
            let houses = t.cell_houses[cell];
            board.narrow(
                d as usize - 1,
                &std::array::from_fn(|i| !bit::<W>(cell)[i]),
                houses,
            );
        }
        let root_ok = givens
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != 0)
            .all(|(cell, &d)| board.assign(d as usize - 1, cell).is_ok());
        if !root_ok {
            self.finished = true;
            return;
        }
        self.settle(0);
        self.finished |= self.frames.is_empty();
    }

    /// The shape's tables, shared with a prober.
    pub(crate) fn tables(&self) -> Arc<Tables<W, H>> {
        self.t.clone()
    }

    /// The root board after propagation. Only meaningful before `run`.
    pub(crate) fn root_board(&self) -> &[Set<W>] {
        &self.boards[..self.stride]
    }

    /// Where each digit is placed at the root. Only meaningful before `run`.
    fn root_placed(&self) -> &[H] {
        &self.placed[..self.t.n]
    }

    /// The root after propagation, before any branch: the digits placed
    /// (0 for an open cell) and each open cell's candidates (bit `d` for
    /// digit `d + 1`, 0 for a placed cell). Only meaningful before `run`.
    pub(crate) fn root(&self) -> (Vec<u8>, Vec<u32>) {
        let b = self.root_board();
        let mut cand = Vec::new();
        cell_view(&self.t, b, &mut cand);
        let open = b[self.t.n];
        let mut fixed = digits(&self.t, b);
        for cell in cells(open) {
            fixed[cell] = 0;
        }
        (fixed, cand)
    }

    /// The solution found last, while the search stands where it found it.
    pub(crate) fn latest(&self) -> Vec<u8> {
        let at = self.solved_at * self.stride;
        digits(&self.t, &self.boards[at..at + self.stride])
    }

    /// Looks for up to `limit` solutions: a search stopped at its old limit
    /// with branches left resumes on `run`.
    pub(crate) fn raise_limit(&mut self, limit: u64) {
        self.limit = self.limit.max(limit);
        if self.finished && !self.frames.is_empty() && self.found < self.limit {
            self.finished = false;
        }
    }

    fn settle(&mut self, slot: usize) {
        let t = self.t.clone();
        let range = slot * self.stride..(slot + 1) * self.stride;
        let mut board = Board {
            t: &t,
            b: &mut self.boards[range.clone()],
            placed: &mut self.placed[slot * t.n..(slot + 1) * t.n],
            work: &mut self.work,
        };
        match board.propagate() {
            Err(c) => {
                self.work.clear();
                if let Some(cell) = self.placing {
                    self.failures.note(cell, t.n * t.n);
                }
                self.learn(c);
            }
            Ok(true) => {
                self.found += 1;
                self.solved_at = slot;
                if self.first.is_none() {
                    self.first = Some(digits(&t, &self.boards[range]));
                }
                if self.found >= self.limit {
                    self.finished = true;
                }
            }
            Ok(false) => {
                let weights = (!self.weights.is_empty()).then_some(&self.weights[..]);
                let choice = choose(
                    &t,
                    &self.boards[range],
                    weights,
                    &mut self.cand,
                    &self.failures,
                );
                self.stats.guesses += 1;
                self.frames.push(choice.into());
            }
        }
    }

    /// Remembers where a contradiction happened.
    fn learn(&mut self, c: Contradiction) {
        count_conflict(&mut self.weights, self.t.house.len(), c);
    }

    /// Runs until the search ends or `max_nodes` (a total, counting the
    /// root) is reached. Returns whether it ended.
    pub(crate) fn run(&mut self, max_nodes: u64) -> bool {
        let t = self.t.clone();
        while !self.finished {
            let Some(top) = self.frames.len().checked_sub(1) else {
                self.finished = true;
                break;
            };
            if self.stats.nodes >= max_nodes {
                return false;
            }
            let frame = &mut self.frames[top];
            let next = frame.remaining.trailing_zeros() as usize;
            frame.remaining &= frame.remaining - 1;
            let (cell, digit) = if frame.by == Branch::Digit {
                (
                    t.cells_of(frame.at as usize)[next] as usize,
                    frame.digit as usize,
                )
            } else {
                (frame.at as usize, next)
            };
            let slot = if frame.remaining == 0 {
                self.frames.pop();
                top
            } else {
                let (from, to) = (top * self.stride, (top + 1) * self.stride);
                if self.boards.len() < to + self.stride {
                    self.boards.resize(to + self.stride, [0; W]);
                    self.placed.resize((top + 2) * t.n, H::EMPTY);
                }
                self.boards.copy_within(from..to, to);
                self.placed
                    .copy_within(top * t.n..(top + 1) * t.n, (top + 1) * t.n);
                top + 1
            };
            self.stats.nodes += 1;
            self.work.clear();
            let mut board = Board {
                t: &t,
                b: &mut self.boards[slot * self.stride..(slot + 1) * self.stride],
                placed: &mut self.placed[slot * t.n..(slot + 1) * t.n],
                work: &mut self.work,
            };
            if let Err(c) = board.assign(digit, cell) {
                self.work.clear();
                self.failures.note(cell, t.n * t.n);
                self.learn(c);
                continue;
            }
            self.placing = Some(cell);
            self.settle(slot);
            self.placing = None;
        }
        true
    }
}

/// Walks Knuth's probes down the house engine's tree from a propagated root
/// (see `estimate.rs`): the branching rule is the search's without
/// conflict weights.
pub(crate) struct HouseProber<const W: usize, H = u64> {
    t: Arc<Tables<W, H>>,
    root: Vec<Set<W>>,
    board: Vec<Set<W>>,
    root_placed: Vec<H>,
    placed: Vec<H>,
    cand: Vec<u32>,
}

/// One step of a probe.
pub(crate) enum ProbeStep {
    /// The probe ends: a solution (`true`) or a contradiction.
    Ended(bool),
    /// The probe goes on.
    Open,
}

impl<const W: usize, H: HouseSet> HouseProber<W, H> {
    pub(crate) fn new(search: &HouseSearch<W, H>) -> HouseProber<W, H> {
        HouseProber {
            t: search.tables(),
            root: search.root_board().to_vec(),
            board: search.root_board().to_vec(),
            root_placed: search.root_placed().to_vec(),
            placed: search.root_placed().to_vec(),
            cand: Vec::new(),
        }
    }

    /// Starts a probe at the root.
    pub(crate) fn reset(&mut self) {
        self.board.copy_from_slice(&self.root);
        self.placed.copy_from_slice(&self.root_placed);
    }

    /// Branches once: `pick(d)` chooses one of the `d` alternatives.
    /// Returns `d` and how the probe stands.
    pub(crate) fn branch(&mut self, pick: impl FnOnce(usize) -> usize) -> (usize, ProbeStep) {
        let t = self.t.clone();
        let choice = choose(&t, &self.board, None, &mut self.cand, &Failures::default());
        let alternatives = match choice {
            Choice::Cell { digits, .. } => digits,
            Choice::Digit { places, .. } => places,
            Choice::Config { configs, .. } => configs,
        };
        let d = alternatives.count_ones() as usize;
        let mut rest = alternatives;
        for _ in 0..pick(d) {
            rest &= rest - 1;
        }
        let p = rest.trailing_zeros() as usize;
        let (cell, digit) = match choice {
            Choice::Cell { cell, .. } => (cell, p),
            Choice::Digit { house, digit, .. } => (t.cells_of(house)[p] as usize, digit),
            Choice::Config { .. } => unreachable!("the house engine chooses cells and digits only"),
        };
        let mut work = Work::default();
        let mut board = Board {
            t: &t,
            b: &mut self.board,
            placed: &mut self.placed,
            work: &mut work,
        };
        let step = match board.assign(digit, cell).and_then(|_| board.propagate()) {
            Err(_) => ProbeStep::Ended(false),
            Ok(true) => ProbeStep::Ended(true),
            Ok(false) => ProbeStep::Open,
        };
        (d, step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_jigsaw, Rng};
    use crate::shape::Extras;

    /// Each pair of the law of leftovers holds the same digits in every
    /// solved grid: random jigsaws of every side, each with a grid.
    #[test]
    fn leftover_pairs_hold_the_same_digits() {
        let mut rng = Rng::new(23);
        let mut pairs = 0;
        for side in 4..=12 {
            for _ in 0..6 {
                let (shape, grid) = random_jigsaw(side, Extras::NONE, &mut rng);
                let t = Tables::<4, u64>::new(&shape);
                for (a, b) in &t.leftovers {
                    let digits = |s: &Set<4>| cells(*s).fold(0u32, |m, c| m | 1 << grid.get(c));
                    assert_eq!(digits(a), digits(b), "{}", shape.spec());
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 50, "only {pairs} pairs");
    }
}
