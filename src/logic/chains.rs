//! X-Chains: chains of one digit.

use std::collections::VecDeque;

use super::{bits, Candidates, Step, Technique};

/// The longest chain searched, in links: long enough for the chains people
/// follow, short enough to stay quick on 25×25.
const MAX_LINKS: usize = 11;

/// X-Chain: cells of one digit linked alternately by strong links (the
/// only two places of the digit in a house: one of them holds it) and weak
/// links (two cells that share a house: not both hold it), starting and
/// ending with a strong link. Sound: if the first cell does not hold the
/// digit, the strong link puts it in the next, the weak link takes it from
/// the one after, and so on to the last cell, which holds it; so one of the
/// two ends holds the digit, and a cell that sees both ends cannot. The
/// shortest such chain from each cell, in order, is tried; a chain of one
/// strong link is locked candidates or a subset, and is left to them.
pub(super) fn x_chain(c: &Candidates) -> Option<Step> {
    let layout = c.layout();
    let n = layout.n;
    let cells = c.shape().cells();
    let mut strong = vec![Links::default(); cells];
    for d in 0..n {
        let bit = 1u32 << d;
        let has = |cell: usize| c.mask(cell) & bit != 0;
        // Strong links: per cell, the other place of the digit in each house
        // where it has exactly two.
        // At most one per house, three per cell.
        strong.fill(Links::default());
        let mut any = false;
        for h in 0..layout.house_count() {
            let places = c.places(h, d);
            if places.count_ones() == 2 {
                let mut it = bits(places).map(|i| layout.cells[h][i]);
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                strong[a].push(b);
                strong[b].push(a);
                any = true;
            }
        }
        if !any {
            continue;
        }
        // Breadth first over (cell, whether the next link must be strong);
        // `from` remembers the way back. One set of buffers for every start.
        let mut from = vec![[usize::MAX; 2]; cells];
        let mut depth = vec![[usize::MAX; 2]; cells];
        let mut queue = VecDeque::new();
        let mut next = Vec::with_capacity(3 * n);
        for start in (0..cells).filter(|&s| !strong[s].is_empty()) {
            from.fill([usize::MAX; 2]);
            depth.fill([usize::MAX; 2]);
            queue.clear();
            depth[start][1] = 0;
            queue.push_back((start, 1usize));
            while let Some((u, need_strong)) = queue.pop_front() {
                let du = depth[u][need_strong];
                if du >= MAX_LINKS {
                    continue;
                }
                next.clear();
                if need_strong == 1 {
                    next.extend_from_slice(strong[u].as_slice());
                } else {
                    // A weak link must be followed by a strong one: cells
                    // without one end nothing and are not visited.
                    next.extend(
                        layout
                            .of(u)
                            .iter()
                            .flat_map(|&h| layout.cells[h].iter().copied())
                            .filter(|&v| v != u && has(v) && !strong[v].is_empty()),
                    );
                }
                let arrive = 1 - need_strong;
                for &v in &next {
                    if depth[v][arrive] != usize::MAX || v == start {
                        continue;
                    }
                    depth[v][arrive] = du + 1;
                    from[v][arrive] = u;
                    queue.push_back((v, arrive));
                    // Arrived by a strong link, three links or more: a chain.
                    if arrive == 0 && du + 1 >= 3 {
                        let chain = walk_back(&from, start, v);
                        let mut sorted = chain.clone();
                        sorted.sort_unstable();
                        sorted.dedup();
                        if sorted.len() != chain.len() {
                            // The walk crosses itself: sound, but not a
                            // chain to show; a simple one may follow.
                            continue;
                        }
                        // Cells that see both ends: peers of the start.
                        let mut gone: Vec<usize> = layout
                            .of(start)
                            .iter()
                            .flat_map(|&h| layout.cells[h].iter().copied())
                            .filter(|&x| has(x) && !chain.contains(&x) && layout.sees(x, v))
                            .collect();
                        gone.sort_unstable();
                        gone.dedup();
                        if !gone.is_empty() {
                            let mut step = Step::new(Technique::XChain);
                            step.digits = bit;
                            step.cells = chain;
                            step.eliminations =
                                gone.into_iter().map(|x| (x, d as u8 + 1)).collect();
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

/// A cell's strong links for one digit: the other place in each of its
/// houses where the digit has two.
#[derive(Clone, Copy, Default)]
struct Links {
    to: [usize; super::MAX_HOUSES],
    len: usize,
}

impl Links {
    fn push(&mut self, cell: usize) {
        self.to[self.len] = cell;
        self.len += 1;
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn as_slice(&self) -> &[usize] {
        &self.to[..self.len]
    }
}

/// The chain from `start` to `end` (arrived at by a strong link), from the
/// breadth-first search's way back.
fn walk_back(from: &[[usize; 2]], start: usize, end: usize) -> Vec<usize> {
    let mut chain = vec![end];
    let (mut at, mut state) = (end, 0usize);
    while at != start || state != 1 {
        at = from[at][state];
        state = 1 - state;
        chain.push(at);
    }
    chain.reverse();
    chain
}
