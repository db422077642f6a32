//! Depth-first search over the propagated boards: branch on the cell with the
//! fewest candidates, count solutions up to a limit.
//!
//! The search is an explicit stack, not recursion, so it can stop after any
//! number of nodes and resume later (the page solves in slices to stay
//! responsive and cancelable). Boards live in one arena, one per depth;
//! branching copies the parent board into the next slot, and the last
//! alternative of a cell reuses the parent's slot.

use super::geometry::{Geometry, WEIGHTS_FROM_SIDE};
use super::propagate::{
    choose, clear, digits, place, propagate, stride, Choice, Contradiction, Work, PLACED,
};
use crate::solver::Stats;

/// A branch point; its board is the arena slot of the same index.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The cell branched on, or for a digit choice the house.
    at: u16,
    /// 0 for a cell choice; else the digit (a bit) placed in turn in the
    /// house's cells.
    digit: u32,
    /// Alternatives not tried yet: digits of the cell, or positions in the
    /// house.
    remaining: u32,
}

/// One resumable bitmask search.
pub(crate) struct BitSearch<G: Geometry> {
    g: G,
    stride: usize,
    boards: Vec<u32>,
    frames: Vec<Frame>,
    work: Work,
    /// Conflicts seen per house, for dom/wdeg branching (empty when the
    /// size does not use it). Kept across the whole search, not per board.
    weights: Vec<u32>,
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
            work: Work::new(g.cells()),
            weights: if g.side() >= WEIGHTS_FROM_SIDE {
                vec![1; g.houses()]
            } else {
                Vec::new()
            },
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
                && place(g, board, &mut s.work, cell, bit).is_ok()
        });
        if !root_ok {
            s.finished = true;
            return s;
        }
        s.work.touch_all(g);
        s.settle(0);
        s
    }

    /// Propagates the board in `slot`; records it as a solution, or opens a
    /// frame on it.
    fn settle(&mut self, slot: usize) {
        let g = self.g;
        let board = &mut self.boards[slot * self.stride..(slot + 1) * self.stride];
        let result = propagate(g, board, &mut self.work);
        // A solved board may leave dirty houses behind; the next board starts clean.
        self.work.clear();
        match result {
            Err(c) => self.learn(c),
            Ok(true) => {
                self.found += 1;
                if self.first.is_none() {
                    self.first = Some(digits(g, board));
                }
                if self.found >= self.limit {
                    self.finished = true;
                }
            }
            Ok(false) => self.open_frame(slot),
        }
    }

    /// Chooses what to branch on for the open board in `slot` and pushes the
    /// frame.
    fn open_frame(&mut self, slot: usize) {
        let g = self.g;
        let board = &self.boards[slot * self.stride..(slot + 1) * self.stride];
        let weights = (!self.weights.is_empty()).then_some(&self.weights[..]);
        let frame = match choose(g, board, weights) {
            Choice::Cell { cell, digits } => Frame {
                at: cell as u16,
                digit: 0,
                remaining: digits,
            },
            Choice::Digit {
                house,
                digit,
                places,
            } => Frame {
                at: house as u16,
                digit,
                remaining: places,
            },
        };
        debug_assert!(frame.remaining.count_ones() >= 2);
        debug_assert_eq!(self.frames.len(), slot);
        self.stats.guesses += 1;
        self.frames.push(frame);
    }

    /// Remembers where a contradiction happened.
    fn learn(&mut self, c: Contradiction) {
        if self.weights.is_empty() {
            return;
        }
        let mut houses = c.0;
        while houses != 0 {
            let h = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            self.weights[h] += 1;
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
            let next = frame.remaining & frame.remaining.wrapping_neg();
            frame.remaining ^= next;
            let (cell, bit) = if frame.digit == 0 {
                (frame.at as usize, next)
            } else {
                let position = next.trailing_zeros() as usize;
                (
                    self.g.house(frame.at as usize)[position] as usize,
                    frame.digit,
                )
            };
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
            if let Err(c) = place(self.g, board, &mut self.work, cell, bit) {
                self.work.clear();
                self.learn(c);
                continue;
            }
            self.settle(slot);
        }
        true
    }
}
