//! Depth-first search over the propagated boards: branch on the cell with the
//! fewest candidates, count solutions up to a limit.
//!
//! The search is an explicit stack, not recursion, so it can stop after any
//! number of nodes and resume later (the page solves in slices to stay
//! responsive and cancelable). Boards live in one arena, one per depth;
//! branching copies the parent board into the next slot, and the last
//! alternative of a cell reuses the parent's slot.

use super::geometry::Geometry;
use super::propagate::{choose_cell, clear, digits, place, propagate, stride, PLACED};
use super::Stats;

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The cell branched on; its board is the arena slot of the same index.
    cell: u16,
    /// Digits not tried yet.
    remaining: u32,
}

/// One resumable bitmask search.
pub(crate) struct BitSearch<G: Geometry> {
    g: G,
    stride: usize,
    boards: Vec<u32>,
    frames: Vec<Frame>,
    queue: Vec<u16>,
    limit: u64,
    pub(crate) found: u64,
    pub(crate) first: Option<Vec<u8>>,
    pub(crate) stats: Stats,
    pub(crate) finished: bool,
}

impl<G: Geometry> BitSearch<G> {
    /// Sets up the search for `givens` (0 = empty) and propagates the root.
    /// `limit` ≥ 1 is the number of solutions after which it stops.
    pub(crate) fn new(g: G, givens: &[u8], limit: u64) -> Self {
        let stride = stride(g);
        let mut s = BitSearch {
            g,
            stride,
            boards: vec![0; stride * 4],
            frames: Vec::new(),
            queue: Vec::with_capacity(g.cells()),
            limit: limit.max(1),
            found: 0,
            first: None,
            stats: Stats {
                nodes: 1,
                guesses: 0,
            },
            finished: false,
        };
        clear(g, &mut s.boards[..stride]);
        let root_ok = givens.iter().enumerate().all(|(cell, &d)| {
            if d == 0 {
                return true;
            }
            let bit = 1u32 << (d - 1);
            let board = &mut s.boards[..stride];
            // A given whose digit a peer already took: no solution.
            board[cell] & bit != 0
                && (board[cell] & PLACED == 0 || board[cell] == PLACED | bit)
                && place(g, board, &mut s.queue, cell, bit).is_ok()
        });
        if !root_ok {
            s.finished = true;
            return s;
        }
        s.settle(0);
        s
    }

    /// Propagates the board in `slot`; records it as a solution, or opens a
    /// frame on it.
    fn settle(&mut self, slot: usize) {
        let g = self.g;
        let board = &mut self.boards[slot * self.stride..(slot + 1) * self.stride];
        match propagate(g, board, &mut self.queue) {
            Err(_) => {}
            Ok(true) => {
                self.found += 1;
                if self.first.is_none() {
                    self.first = Some(digits(g, board));
                }
                if self.found >= self.limit {
                    self.finished = true;
                }
            }
            Ok(false) => {
                let cell = choose_cell(g, board).expect("an unsolved board has an open cell");
                let remaining = board[cell] & !PLACED;
                debug_assert!(remaining.count_ones() >= 2);
                self.stats.guesses += 1;
                self.frames.push(Frame {
                    cell: cell as u16,
                    remaining,
                });
            }
        }
    }

    /// Runs until the search ends or `max_nodes` (a total, counting the
    /// root) is reached. Returns whether it ended.
    pub(crate) fn run(&mut self, max_nodes: u64) -> bool {
        while !self.finished {
            let Some(top) = self.frames.len().checked_sub(1) else {
                self.finished = true;
                break;
            };
            if self.stats.nodes >= max_nodes {
                return false;
            }
            let frame = &mut self.frames[top];
            let bit = frame.remaining & frame.remaining.wrapping_neg();
            frame.remaining ^= bit;
            let cell = frame.cell as usize;
            let slot = if frame.remaining == 0 {
                // The last alternative: work in the parent's slot.
                self.frames.pop();
                top
            } else {
                let (from, to) = (top * self.stride, (top + 1) * self.stride);
                if self.boards.len() < to + self.stride {
                    self.boards.resize(to + self.stride, 0);
                }
                self.boards.copy_within(from..to, to);
                top + 1
            };
            self.stats.nodes += 1;
            let board = &mut self.boards[slot * self.stride..(slot + 1) * self.stride];
            if place(self.g, board, &mut self.queue, cell, bit).is_err() {
                self.queue.clear();
                continue;
            }
            self.settle(slot);
        }
        true
    }
}
