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
/// place in a house. Says which houses failed (a set, bit `h` for house `h`),
/// so the search can learn where conflicts happen. Never leaves the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction(pub(crate) u128);

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

/// Work pending for the rules, kept outside the board (it is not copied
/// when branching):
/// - the naked singles to place. A cell enters once, when it goes from two
///   candidates to one, so `cells` slots suffice; pushing is branch-free
///   (write, then advance when the condition holds);
/// - the houses whose cells changed since the hidden-single scan, and since
///   the locked-candidates scan, last looked at them. A house that did not
///   change cannot yield anything new, so only these are scanned.
pub(crate) struct Work {
    buf: Vec<u16>,
    len: usize,
    dirty_singles: u128,
    dirty_locked: u128,
    dirty_subsets: u128,
}

impl Work {
    pub(crate) fn new(cells: usize) -> Work {
        Work {
            buf: vec![0; cells + 1],
            len: 0,
            dirty_singles: 0,
            dirty_locked: 0,
            dirty_subsets: 0,
        }
    }

    #[inline(always)]
    fn push_if(&mut self, cell: u16, cond: bool) {
        self.buf[self.len] = cell;
        self.len += cond as usize;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<u16> {
        self.len = self.len.checked_sub(1)?;
        Some(self.buf[self.len])
    }

    #[inline(always)]
    fn touch(&mut self, houses: u128) {
        self.dirty_singles |= houses;
        self.dirty_locked |= houses;
        self.dirty_subsets |= houses;
    }

    /// Forgets pending work (after a contradiction, or before a new board).
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.dirty_singles = 0;
        self.dirty_locked = 0;
        self.dirty_subsets = 0;
    }

    /// Marks every house as changed (a fresh board).
    pub(crate) fn touch_all<G: Geometry>(&mut self, g: G) {
        self.touch(u128::MAX >> (128 - g.houses()));
    }
}

/// Places the digit `bit` in `cell`, which must still allow it, and removes it
/// from the peers. Peers left with one candidate are queued.
#[inline]
pub(crate) fn place<G: Geometry>(
    g: G,
    board: &mut [u32],
    work: &mut Work,
    cell: usize,
    bit: u32,
) -> Result<(), Contradiction> {
    let (cand, rest) = board.split_at_mut(g.cells());
    cand[cell] = PLACED | bit;
    for &h in g.houses_of(cell) {
        rest[h as usize] |= bit;
    }
    rest[g.houses()] -= 1;
    let mut touched = g.house_bits(cell);
    // The primitive, `eliminate`, inlined for every peer that has the digit;
    // flags instead of branches say what followed.
    let mut empty = None;
    for &p in g.peers(cell) {
        let m = cand[p as usize];
        if m & bit == 0 {
            continue;
        }
        let n = m ^ bit;
        cand[p as usize] = n;
        touched |= g.house_bits(p as usize);
        let left = n & !PLACED;
        // Rule 0: a cell needs a digit. This also catches a placed peer that
        // holds the same digit, since its only bit just went.
        if left == 0 {
            empty = Some(p);
        }
        // Rule 1 (naked single): a cell left with one candidate must take it.
        work.push_if(p, (left & left.wrapping_sub(1) == 0) & (m & PLACED == 0));
    }
    work.touch(touched);
    match empty {
        Some(p) => Err(Contradiction(g.house_bits(p as usize))),
        None => Ok(()),
    }
}

/// Removes `mask` from `cell`; returns whether anything went.
#[inline]
fn eliminate_mask<G: Geometry>(
    g: G,
    board: &mut [u32],
    work: &mut Work,
    cell: usize,
    mask: u32,
) -> Result<bool, Contradiction> {
    let m = board[cell];
    if m & mask == 0 {
        return Ok(false);
    }
    let n = m & !mask;
    board[cell] = n;
    work.touch(g.house_bits(cell));
    let left = n & !PLACED;
    if left == 0 {
        return Err(Contradiction(g.house_bits(cell)));
    }
    work.push_if(
        cell as u16,
        (left & left.wrapping_sub(1) == 0) & (m & PLACED == 0),
    );
    Ok(true)
}

/// Places the queued naked singles, and the ones they create.
#[inline]
fn drain<G: Geometry>(g: G, board: &mut [u32], work: &mut Work) -> Result<(), Contradiction> {
    while let Some(cell) = work.pop() {
        let m = board[cell as usize];
        if m & PLACED == 0 {
            place(g, board, work, cell as usize, m)?;
        }
    }
    Ok(())
}

/// Applies the rules until none applies. Returns whether every cell is
/// placed. On a contradiction the board is left half-updated (discard it)
/// and the pending work is cleared.
pub(crate) fn propagate<G: Geometry>(
    g: G,
    board: &mut [u32],
    work: &mut Work,
) -> Result<bool, Contradiction> {
    let result = (|| loop {
        if singles(g, board, work)? {
            return Ok(true);
        }
        if locked_candidates(g, board, work)? {
            continue;
        }
        if !g.subsets() || !subsets(g, board, work)? {
            return Ok(false);
        }
    })();
    if result.is_err() {
        work.clear();
    }
    result
}

/// Naked and hidden singles to a fixpoint. Returns whether every cell is
/// placed.
fn singles<G: Geometry>(g: G, board: &mut [u32], work: &mut Work) -> Result<bool, Contradiction> {
    let all = full(g);
    let (cells, houses) = (g.cells(), g.houses());
    loop {
        drain(g, board, work)?;
        if board[cells + houses] == 0 {
            return Ok(true);
        }
        let mut dirty = std::mem::take(&mut work.dirty_singles);
        if dirty == 0 {
            return Ok(false);
        }
        while dirty != 0 {
            let h = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
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
                return Err(Contradiction(1 << h));
            }
            // Rule 3 (hidden single): a digit with one place in a house goes there.
            let mut singles = once & !twice & !board[cells + h];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let Some(&c) = members.iter().find(|&&c| board[c as usize] & bit != 0) else {
                    // An earlier single of this house took its only place.
                    return Err(Contradiction(1 << h));
                };
                if board[c as usize] & PLACED == 0 {
                    place(g, board, work, c as usize, bit)?;
                    drain(g, board, work)?;
                }
            }
        }
    }
}

/// Rule 4 (locked candidates). Where a box meets a line, call the `b` cells
/// they share a segment. If, inside a box, a digit's places all lie in one
/// segment, the digit is in that segment's line, so it leaves the rest of
/// the line (pointing); if, inside a line, they all lie in one segment, it
/// leaves the rest of the box (claiming). Only bands with a changed line or
/// box are looked at. Returns whether anything changed.
fn locked_candidates<G: Geometry>(
    g: G,
    board: &mut [u32],
    work: &mut Work,
) -> Result<bool, Contradiction> {
    let (b, n) = (g.box_size(), g.side());
    let dirty = std::mem::take(&mut work.dirty_locked);
    let band_lines = (1u128 << b) - 1;
    let mut changed = false;
    // dir 0: rows against boxes; dir 1: columns against boxes.
    for dir in 0..2 {
        for band in 0..b {
            let lines = band_lines << (dir * n + band * b);
            let boxes = (0..b).fold(0u128, |acc, s| {
                let x = if dir == 0 { band * b + s } else { s * b + band };
                acc | 1 << (2 * n + x)
            });
            if dirty & (lines | boxes) == 0 {
                continue;
            }
            // seg[i][s]: the candidates of line `band·b + i` inside the
            // band's box `s`, placed cells left out.
            let mut seg = [[0u32; 5]; 5];
            for (i, row) in seg.iter_mut().enumerate().take(b) {
                let line = g.house(dir * n + band * b + i);
                for (s, acc) in row.iter_mut().enumerate().take(b) {
                    for &c in &line[s * b..s * b + b] {
                        let m = board[c as usize];
                        *acc |= m & (((m & PLACED) >> 31).wrapping_sub(1)) & !PLACED;
                    }
                }
            }
            for i in 0..b {
                for s in 0..b {
                    // The same digit sets in the box's other segments, and in
                    // the line's other segments.
                    let box_others = (0..b).filter(|&k| k != i).fold(0, |acc, k| acc | seg[k][s]);
                    let line_others = (0..b).filter(|&k| k != s).fold(0, |acc, k| acc | seg[i][k]);
                    let pointing = seg[i][s] & !box_others & line_others;
                    if pointing != 0 {
                        let line = g.house(dir * n + band * b + i);
                        for s2 in (0..b).filter(|&s2| s2 != s) {
                            for &c in &line[s2 * b..s2 * b + b] {
                                changed |= eliminate_mask(g, board, work, c as usize, pointing)?;
                            }
                        }
                    }
                    let claiming = seg[i][s] & !line_others & box_others;
                    if claiming != 0 {
                        for i2 in (0..b).filter(|&i2| i2 != i) {
                            let line = g.house(dir * n + band * b + i2);
                            for &c in &line[s * b..s * b + b] {
                                changed |= eliminate_mask(g, board, work, c as usize, claiming)?;
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(changed)
}

/// Rule 5 (subsets; all-different by matching, after Régin). In a house, the
/// unplaced cells must take the unplaced digits one each: a perfect
/// matching, and a candidate survives only if some perfect matching uses it
/// (see [`matching_filter`]). This removes every naked and hidden subset
/// (pairs, triples, …) at once. Only changed houses are looked at. Returns
/// whether anything changed.
fn subsets<G: Geometry>(g: G, board: &mut [u32], work: &mut Work) -> Result<bool, Contradiction> {
    let mut dirty = std::mem::take(&mut work.dirty_subsets);
    let mut changed = false;
    while dirty != 0 {
        let h = dirty.trailing_zeros() as usize;
        dirty &= dirty - 1;
        // The open cells of the house (positions 0..k) and their candidates.
        let mut at = [0u16; 25];
        let mut cand = [0u32; 25];
        let mut k = 0;
        for &c in g.house(h) {
            let m = board[c as usize];
            if m & PLACED == 0 {
                at[k] = c;
                cand[k] = m;
                k += 1;
            }
        }
        if k < 2 {
            continue;
        }
        let drop = matching_filter(&cand, k).ok_or(Contradiction(1 << h))?;
        for i in 0..k {
            if drop[i] != 0 {
                changed |= eliminate_mask(g, board, work, at[i] as usize, drop[i])?;
            }
        }
    }
    Ok(changed)
}

/// All-different filtering by matching (after Régin), for `k` items that
/// must take distinct values, item `i` from the bit set `cand[i]`, with as
/// many values in play as items. Returns, per item, the values that no
/// perfect matching gives it (to remove), or `None` when there is no
/// perfect matching (some set of items has fewer values than items).
///
/// With a perfect matching in hand, a value `v` of item `i` is usable iff
/// `i` and the item matched to `v` lie on a common alternating cycle: in
/// one strongly connected component of the graph "`i` → the item matched
/// to another value of `i`".
fn matching_filter(cand: &[u32; 25], k: usize) -> Option<[u32; 25]> {
    const NONE: u8 = u8::MAX;
    // A perfect matching: greedy, then augmenting paths.
    let mut item_of = [NONE; 32]; // value → item
    let mut value_of = [0u32; 25]; // item → value bit
    let mut used = 0u32;
    for i in 0..k {
        let free = cand[i] & !used;
        if free != 0 {
            let v = free & free.wrapping_neg();
            used |= v;
            value_of[i] = v;
            item_of[v.trailing_zeros() as usize] = i as u8;
        }
    }
    for i in 0..k {
        if value_of[i] == 0 {
            let mut seen = 0u32;
            if !augment(i, cand, &mut item_of, &mut value_of, &mut seen) {
                return None;
            }
        }
    }
    // adj[i]: the items matched to the other values of i.
    let mut adj = [0u32; 25];
    for i in 0..k {
        let mut others = cand[i] & !value_of[i];
        while others != 0 {
            let v = others.trailing_zeros() as usize;
            others &= others - 1;
            let j = item_of[v];
            if j != NONE {
                adj[i] |= 1 << j;
            }
        }
    }
    // Peel off strongly connected components: the items reachable from v
    // that also reach v, among the items not yet peeled.
    let mut drop = [0u32; 25];
    let mut left = u32::MAX >> (32 - k);
    while left != 0 {
        let v = left.trailing_zeros() as usize;
        let mut forward = 1u32 << v;
        let mut frontier = forward;
        while frontier != 0 {
            let j = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let next = adj[j] & left & !forward;
            forward |= next;
            frontier |= next;
        }
        let mut component = 1u32 << v;
        loop {
            let mut grew = 0u32;
            let mut rest = forward & !component;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if adj[i] & (component | grew) != 0 {
                    grew |= 1 << i;
                }
            }
            if grew == 0 {
                break;
            }
            component |= grew;
        }
        left &= !component;
        let mut allowed = 0u32;
        let mut members = component;
        while members != 0 {
            allowed |= value_of[members.trailing_zeros() as usize];
            members &= members - 1;
        }
        let mut members = component;
        while members != 0 {
            let i = members.trailing_zeros() as usize;
            members &= members - 1;
            drop[i] = cand[i] & !allowed;
        }
    }
    Some(drop)
}

/// Finds an augmenting path from item `i` (Kuhn's algorithm), over values
/// not yet `seen` in this search.
fn augment(
    i: usize,
    cand: &[u32; 25],
    item_of: &mut [u8; 32],
    value_of: &mut [u32; 25],
    seen: &mut u32,
) -> bool {
    let mut options = cand[i] & !*seen;
    while options != 0 {
        let v = options & options.wrapping_neg();
        options ^= v;
        *seen |= v;
        let slot = v.trailing_zeros() as usize;
        let j = item_of[slot];
        if j == u8::MAX || augment(j as usize, cand, item_of, value_of, seen) {
            item_of[slot] = i as u8;
            value_of[i] = v;
            return true;
        }
    }
    false
}

/// What to branch on: a cell's candidates, or a digit's places in a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// Try each digit of `digits` in `cell`.
    Cell { cell: usize, digits: u32 },
    /// Try `digit` (a bit) in each cell of house `house` whose position in the
    /// house is in `places`.
    Digit {
        house: usize,
        digit: u32,
        places: u32,
    },
}

/// The most constrained choice of an unsolved board: the unplaced cell with
/// the fewest candidates (minimum remaining values), unless it has more
/// than two and some digit has only two places in a house; then that digit.
///
/// With `weights` (conflicts seen per house, see `BitSearch`), cells are
/// ranked by candidates per weight of their three houses (dom/wdeg): the
/// search goes where it failed before.
#[inline]
pub(crate) fn choose<G: Geometry>(g: G, board: &[u32], weights: Option<&[u32]>) -> Choice {
    let mut best = usize::MAX;
    let mut best_count = u32::MAX;
    let mut best_weight = 1u64;
    match weights {
        None => {
            for (i, &m) in board[..g.cells()].iter().enumerate() {
                if m & PLACED == 0 {
                    let k = m.count_ones();
                    if k < best_count {
                        best = i;
                        best_count = k;
                        if k <= 2 {
                            break;
                        }
                    }
                }
            }
        }
        Some(w) => {
            for (i, &m) in board[..g.cells()].iter().enumerate() {
                if m & PLACED == 0 {
                    let k = m.count_ones();
                    let [r, c, b] = *g.houses_of(i);
                    let weight = (w[r as usize] + w[c as usize] + w[b as usize]) as u64;
                    // k / weight < best_count / best_weight
                    if (k as u64) * best_weight < (best_count as u64) * weight {
                        best = i;
                        best_count = k;
                        best_weight = weight;
                    }
                }
            }
        }
    }
    debug_assert!(best != usize::MAX, "an unsolved board has an open cell");
    if best_count > 2 {
        let (cells, houses) = (g.cells(), g.houses());
        let mut pick: Option<(usize, u32)> = None;
        for h in 0..houses {
            let members = g.house(h);
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &c in members {
                let m = board[c as usize] & !PLACED;
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let pairs = twice & !thrice & !board[cells + h];
            if pairs != 0 {
                let better = match (pick, weights) {
                    (None, _) => true,
                    (Some((p, _)), Some(w)) => w[h] > w[p],
                    (Some(_), None) => false,
                };
                if better {
                    pick = Some((h, pairs & pairs.wrapping_neg()));
                }
                if weights.is_none() {
                    break;
                }
            }
        }
        if let Some((house, digit)) = pick {
            let places = g
                .house(house)
                .iter()
                .enumerate()
                .filter(|&(_, &c)| board[c as usize] & digit != 0)
                .fold(0u32, |acc, (i, _)| acc | 1 << i);
            return Choice::Digit {
                house,
                digit,
                places,
            };
        }
    }
    Choice::Cell {
        cell: best,
        digits: board[best] & !PLACED,
    }
}

/// The digits of a fully placed board.
pub(crate) fn digits<G: Geometry>(g: G, board: &[u32]) -> Vec<u8> {
    board[..g.cells()]
        .iter()
        .map(|&m| ((m & !PLACED).trailing_zeros() + 1) as u8)
        .collect()
}
