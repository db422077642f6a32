//! Subsets, by matching (all-different after Régin), from 16×16 up. In a
//! house, the open cells must take the missing digits one each: a perfect
//! matching. A candidate survives only if some perfect matching uses it.
//! This removes every naked and hidden subset (pairs, triples, …) at once.
//!
//! It runs on the cell view, only when the cheaper rules are stuck.

use super::board::{cell_view, eliminate, filtered_start, Contradiction, Work, OPEN};
use super::locked::{fold_rows, segments_of};
use super::shape::{Shape, Word};

/// The houses with a candidate gone since the last call on this board (or
/// its ancestors), from the planes against their `filtered` copy, which is
/// brought up to date. A house that did not change is still at the
/// matching's fixpoint.
fn changed_houses<S: Shape>(board: &mut [S::W]) -> u128 {
    let f = filtered_start::<S>();
    let (mut rows, mut cols, mut boxes) = (0u128, 0u32, 0u128);
    for k in 0..S::B {
        let mut any = S::W::ZERO;
        for d in 0..S::N {
            let i = d * S::B + k;
            any |= board[i] ^ board[f + i];
            board[f + i] = board[i];
        }
        if any.is_zero() {
            continue;
        }
        for i in 0..S::B {
            if any.row(i * S::N) & S::full() != 0 {
                rows |= 1 << (k * S::B + i);
            }
        }
        let (c, _) = fold_rows::<S>(any);
        cols |= c;
        boxes |= (segments_of::<S>(c) as u128) << (k * S::B);
    }
    rows | (cols as u128) << S::N | boxes << (2 * S::N)
}

/// Rule 5 (subsets) on the houses that changed, and those a call before
/// left unmatched. Returns whether anything changed: at the first house
/// that loses candidates it returns, leaving the other houses pending. The
/// cheaper rules then follow up on what the house lost, and the houses
/// left are matched once, after them: matched at once, most would be
/// matched again when the cheaper rules change them. The fixpoint is the
/// same; which house fails first, and so the conflict weights, may not be.
pub(crate) fn filter<S: Shape>(
    board: &mut [S::W],
    work: &mut Work<S>,
    cand: &mut [u32],
) -> Result<bool, Contradiction> {
    let mut houses = changed_houses::<S>(board) | work.houses;
    work.houses = 0;
    if houses == 0 {
        return Ok(false);
    }
    cell_view::<S>(board, cand);
    let cells = S::house_cells();
    while houses != 0 {
        let h = houses.trailing_zeros() as usize;
        houses &= houses - 1;
        // The open cells of the house (positions 0..k) and their candidates.
        let mut at = [0u16; 25];
        let mut pos = [0u8; 25];
        let mut items = [0u32; 25];
        let mut k = 0;
        // Every cell written, the next one over it unless it is open: no
        // branch on which cells are open, which no predictor guesses.
        for (i, &c) in cells[h * S::N..(h + 1) * S::N].iter().enumerate() {
            let m = cand[c as usize];
            at[k] = c;
            pos[k] = i as u8;
            items[k] = m & !OPEN;
            k += (m >> 31) as usize;
        }
        if k < 2 {
            continue;
        }
        let mut matched = [0u32; 25];
        for i in 0..k {
            matched[i] = work.matchings[h * S::N + pos[i] as usize];
        }
        let drop = matching_filter(&items, &mut matched, k).ok_or(Contradiction(1 << h))?;
        for i in 0..k {
            work.matchings[h * S::N + pos[i] as usize] = matched[i];
        }
        let mut changed = false;
        for i in 0..k {
            let mut gone = drop[i];
            if gone == 0 {
                continue;
            }
            changed = true;
            while gone != 0 {
                let d = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                eliminate::<S>(board, work, d, at[i] as usize);
            }
        }
        if changed {
            work.houses = houses;
            return Ok(true);
        }
    }
    Ok(false)
}

/// All-different filtering by matching (after Régin), for `k` items that
/// must take distinct values, item `i` from the bit set `cand[i]`, with as
/// many values in play as items. `matched[i]` is a value to try first for
/// item `i` (a matching from an earlier call, or 0); on return it holds the
/// perfect matching found. Returns, per item, the values that no perfect
/// matching gives it (to remove), or `None` when there is no perfect
/// matching (some set of items has fewer values than items).
///
/// With a perfect matching in hand, a value `v` of item `i` is usable iff
/// `i` and the item matched to `v` lie on a common alternating cycle: in
/// one strongly connected component of the graph "`i` → the item matched
/// to another value of `i`".
pub(crate) fn matching_filter(
    cand: &[u32; 25],
    matched: &mut [u32; 25],
    k: usize,
) -> Option<[u32; 25]> {
    const NONE: u8 = u8::MAX;
    // A perfect matching: the earlier one where it still fits, greedy for
    // the rest, then augmenting paths.
    let mut item_of = [NONE; 32]; // value → item
    let mut used = 0u32;
    for i in 0..k {
        let mut v = matched[i] & cand[i] & !used;
        if v == 0 {
            let free = cand[i] & !used;
            v = free & free.wrapping_neg();
        }
        matched[i] = v;
        if v != 0 {
            used |= v;
            item_of[v.trailing_zeros() as usize] = i as u8;
        }
    }
    for i in 0..k {
        if matched[i] == 0 {
            let mut seen = 0u32;
            if !augment(i, cand, &mut item_of, matched, &mut seen) {
                return None;
            }
        }
    }
    if strongly_connected(cand, matched, k) {
        return Some([0; 25]);
    }
    // adj[i]: the items matched to the other values of i; radj the reverse.
    let mut adj = [0u32; 25];
    let mut radj = [0u32; 25];
    for i in 0..k {
        let mut others = cand[i] & !matched[i];
        while others != 0 {
            let j = item_of[others.trailing_zeros() as usize] as usize;
            others &= others - 1;
            adj[i] |= 1 << j;
            radj[j] |= 1 << i;
        }
    }
    // Peel off strongly connected components: the items reachable from v
    // that also reach v, among the items not yet peeled.
    let mut drop = [0u32; 25];
    let all = u32::MAX >> (32 - k);
    let mut left = all;
    while left != 0 {
        let v = left.trailing_zeros() as usize;
        let forward = reach(&adj, v, left);
        let component = reach(&radj, v, forward);
        if component == all {
            // One component holds everything: every edge is usable.
            break;
        }
        left &= !component;
        let mut allowed = 0u32;
        let mut members = component;
        while members != 0 {
            allowed |= matched[members.trailing_zeros() as usize];
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

/// Whether the whole graph is one strongly connected component, when
/// nothing is to be removed (the common case, cheaply). Nodes are named by
/// their matched value, so the item matched to `u` leads to the values of
/// its candidates as they stand: no graph to build. Reaching back is found
/// by sweeps over the nodes (few: the graphs are small and dense).
#[inline]
fn strongly_connected(cand: &[u32; 25], matched: &[u32; 25], k: usize) -> bool {
    let mut next = [0u32; 32];
    let mut values = 0u32;
    for i in 0..k {
        next[matched[i].trailing_zeros() as usize] = cand[i];
        values |= matched[i];
    }
    let start = values & values.wrapping_neg();
    // Forward.
    let mut seen = start;
    let mut frontier = start;
    while frontier != 0 {
        let u = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = next[u] & !seen;
        seen |= new;
        frontier |= new;
    }
    if seen != values {
        return false;
    }
    // Backward: the nodes with an edge into what reaches `start`.
    let mut back = start;
    loop {
        let mut grown = back;
        let mut rest = values & !back;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if next[u] & back != 0 {
                grown |= 1 << u;
            }
        }
        if grown == values {
            return true;
        }
        if grown == back {
            return false;
        }
        back = grown;
    }
}

/// The items reachable from `v` in `graph`, staying inside `within`.
#[inline]
fn reach(graph: &[u32; 25], v: usize, within: u32) -> u32 {
    let mut seen = 1u32 << v;
    let mut frontier = seen;
    while frontier != 0 {
        let j = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let next = graph[j] & within & !seen;
        seen |= next;
        frontier |= next;
    }
    seen
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value some perfect matching gives each item, by enumeration.
    fn brute(cand: &[u32], k: usize) -> Option<Vec<u32>> {
        fn go(i: usize, cand: &[u32], used: u32, pick: &mut Vec<u32>, support: &mut [u32]) -> bool {
            if i == cand.len() {
                for (s, &v) in support.iter_mut().zip(pick.iter()) {
                    *s |= v;
                }
                return true;
            }
            let mut any = false;
            let mut options = cand[i] & !used;
            while options != 0 {
                let v = options & options.wrapping_neg();
                options ^= v;
                pick.push(v);
                any |= go(i + 1, cand, used | v, pick, support);
                pick.pop();
            }
            any
        }
        let mut support = vec![0u32; k];
        go(0, &cand[..k], 0, &mut Vec::new(), &mut support).then_some(support)
    }

    #[test]
    fn matching_filter_keeps_exactly_the_supported_values() {
        let mut seed = 0x9e3779b97f4a7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..20000 {
            let k = 2 + (next() % 7) as usize;
            let mut cand = [0u32; 25];
            for c in cand.iter_mut().take(k) {
                *c = (next() as u32) & ((1 << k) - 1);
                if round % 3 == 0 {
                    *c |= 1 << (next() % k as u64);
                }
            }
            let mut matched = [0u32; 25];
            for m in matched.iter_mut().take(k) {
                *m = 1 << (next() % k as u64);
            }
            let got = matching_filter(&cand, &mut matched, k);

            match brute(&cand, k) {
                None => assert!(got.is_none(), "{:?}", &cand[..k]),
                Some(support) => {
                    let drop = got.unwrap_or_else(|| panic!("missed a matching {:?}", &cand[..k]));
                    for i in 0..k {
                        assert_eq!(
                            drop[i],
                            cand[i] & !support[i],
                            "item {i} of {:?}",
                            &cand[..k]
                        );
                    }
                    let all = matched[..k].iter().fold(0, |a, &v| a | v);
                    assert_eq!(all.count_ones() as usize, k, "a perfect matching");
                }
            }
        }
    }
}
