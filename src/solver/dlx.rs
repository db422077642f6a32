//! Dancing Links: Knuth's Algorithm X on the exact-cover form of the puzzle,
//! choosing the column with the fewest rows. The independent second engine:
//! it shares nothing with the bitmask engine but the result types.
//!
//! Columns (constraints), `n` = side, `C` = cells, 1-based after the root 0:
//! ```text
//!   cell c has a digit         1 + c
//!   house h has digit d        1 + C + h·n + d   (the shape's house order)
//! ```
//! Rows (choices): "cell c holds digit d", one node for the cell and one
//! for each of its houses (four on a classic grid, up to six with
//! diagonals and windows). A given cell gets only its digit's row, which is
//! chosen before the search starts.
//!
//! The search is iterative (a stack of levels) so it can stop after a node
//! budget and resume.

use super::Stats;
use crate::shape::Shape;

#[derive(Clone, Copy, Debug)]
struct Level {
    column: u32,
    /// The row node being tried; equal to `column` once every row was tried.
    row: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Choose a column at a new level (or report a solution).
    Descend,
    /// Try the current row of the top level.
    Try,
    /// Undo the top level's row and move to its next one.
    Advance,
}

pub(crate) struct Dlx {
    side: usize,
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The column header of each node.
    column: Vec<u32>,
    /// The choice (`cell·n + digit−1`) of each node.
    choice: Vec<u32>,
    /// Rows left in each column.
    size: Vec<u32>,
    levels: Vec<Level>,
    /// The choices of the givens.
    given_choices: Vec<u32>,
    phase: Phase,
    limit: u64,
    pub(crate) found: u64,
    pub(crate) first: Option<Vec<u8>>,
    pub(crate) stats: Stats,
    pub(crate) finished: bool,
    /// Finished at the limit, with the rest of the search still to go.
    paused: bool,
}

impl Dlx {
    /// The first solution found, if any.
    pub(crate) fn first_cells(&self) -> Option<Vec<u8>> {
        self.first.clone()
    }

    /// Builds the matrix for `givens` (0 = empty) of a grid of `shape`, and
    /// chooses the givens' rows.
    pub(crate) fn new(shape: &Shape, givens: &[u8], limit: u64) -> Dlx {
        let n = shape.side();
        let cells = n * n;
        let columns = cells + shape.house_count() * n;
        let mut d = Dlx {
            side: n,
            left: Vec::new(),
            right: Vec::new(),
            up: Vec::new(),
            down: Vec::new(),
            column: Vec::new(),
            choice: Vec::new(),
            size: vec![0; columns + 1],
            levels: Vec::new(),
            given_choices: Vec::new(),
            phase: Phase::Descend,
            limit: limit.max(1),
            found: 0,
            first: None,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            finished: false,
            paused: false,
        };
        // Headers: the root 0 and the columns, linked in a ring.
        for i in 0..=columns as u32 {
            d.left.push(if i == 0 { columns as u32 } else { i - 1 });
            d.right.push(if i as usize == columns { 0 } else { i + 1 });
            d.up.push(i);
            d.down.push(i);
            d.column.push(i);
            d.choice.push(u32::MAX);
        }
        let mut given_rows = Vec::new();
        for (cell, &given) in givens.iter().enumerate() {
            let houses: Vec<usize> = shape
                .houses_of(cell)
                .into_iter()
                .map(|h| shape.house_index(h).expect("a house of the shape"))
                .collect();
            let digits = match given {
                0 => 0..n,
                g => g as usize - 1..g as usize,
            };
            for digit in digits {
                let cols: Vec<usize> = std::iter::once(1 + cell)
                    .chain(houses.iter().map(|&h| 1 + cells + h * n + digit))
                    .collect();
                let last = cols.len() as u32 - 1;
                let first = d.left.len() as u32;
                for (j, &col) in cols.iter().enumerate() {
                    let j = j as u32;
                    let node = first + j;
                    let col = col as u32;
                    d.left.push(if j == 0 { first + last } else { node - 1 });
                    d.right.push(if j == last { first } else { node + 1 });
                    // Append at the bottom of the column.
                    let last = d.up[col as usize];
                    d.up.push(last);
                    d.down.push(col);
                    d.down[last as usize] = node;
                    d.up[col as usize] = node;
                    d.column.push(col);
                    d.choice.push((cell * n + digit) as u32);
                    d.size[col as usize] += 1;
                }
                if given != 0 {
                    given_rows.push(first);
                }
            }
        }
        // Choose the givens' rows: cover their columns. A column already
        // covered means two givens clash, so there is no solution.
        let mut covered = vec![false; columns + 1];
        for row in given_rows {
            let mut node = row;
            loop {
                let col = d.column[node as usize];
                if covered[col as usize] {
                    d.finished = true;
                    return d;
                }
                covered[col as usize] = true;
                d.cover(col);
                node = d.right[node as usize];
                if node == row {
                    break;
                }
            }
            d.given_choices.push(d.choice[row as usize]);
        }
        d
    }

    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c];
        while i as usize != c {
            let mut j = self.right[i as usize];
            while j != i {
                let (u, dn) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = dn;
                self.up[dn as usize] = u;
                self.size[self.column[j as usize] as usize] -= 1;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
    }

    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c];
        while i as usize != c {
            let mut j = self.left[i as usize];
            while j != i {
                let (u, dn) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = j;
                self.up[dn as usize] = j;
                self.size[self.column[j as usize] as usize] += 1;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    fn record(&mut self) {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(self.latest());
        }
        if self.found >= self.limit {
            self.finished = true;
            self.paused = true;
        }
    }

    /// The solution found last, read off the chosen rows: only while the
    /// search stands where it found it.
    pub(crate) fn latest(&self) -> Vec<u8> {
        let n = self.side;
        let mut cells = vec![0u8; n * n];
        let chosen = self.levels.iter().map(|l| self.choice[l.row as usize]);
        for choice in self.given_choices.iter().copied().chain(chosen) {
            let (cell, digit) = (choice as usize / n, choice as usize % n);
            cells[cell] = digit as u8 + 1;
        }
        cells
    }

    /// Looks for up to `limit` solutions: a search stopped at its old limit
    /// goes on from the solution it stands on.
    pub(crate) fn raise_limit(&mut self, limit: u64) {
        self.limit = self.limit.max(limit);
        if self.paused && self.found < self.limit {
            self.paused = false;
            self.finished = false;
        }
    }

    /// Runs until the search ends or `max_nodes` (a total, counting the root)
    /// is reached. Returns whether it ended.
    pub(crate) fn run(&mut self, max_nodes: u64) -> bool {
        while !self.finished {
            match self.phase {
                Phase::Descend => {
                    if self.right[0] == 0 {
                        self.record();
                        self.phase = Phase::Advance;
                        continue;
                    }
                    // The column with the fewest rows (first on ties).
                    let mut best = self.right[0];
                    let mut c = self.right[best as usize];
                    while c != 0 {
                        if self.size[c as usize] < self.size[best as usize] {
                            best = c;
                        }
                        c = self.right[c as usize];
                    }
                    if self.size[best as usize] == 0 {
                        self.phase = Phase::Advance;
                        continue;
                    }
                    if self.size[best as usize] > 1 {
                        self.stats.guesses += 1;
                    }
                    self.cover(best);
                    self.levels.push(Level {
                        column: best,
                        row: self.down[best as usize],
                    });
                    self.phase = Phase::Try;
                }
                Phase::Try => {
                    let Some(&Level { column, row }) = self.levels.last() else {
                        self.finished = true;
                        break;
                    };
                    if row == column {
                        self.uncover(column);
                        self.levels.pop();
                        self.phase = Phase::Advance;
                        continue;
                    }
                    if self.stats.nodes >= max_nodes {
                        return false;
                    }
                    self.stats.nodes += 1;
                    let mut j = self.right[row as usize];
                    while j != row {
                        self.cover(self.column[j as usize]);
                        j = self.right[j as usize];
                    }
                    self.phase = Phase::Descend;
                }
                Phase::Advance => {
                    let Some(level) = self.levels.last_mut() else {
                        self.finished = true;
                        break;
                    };
                    let row = level.row;
                    level.row = self.down[row as usize];
                    let mut j = self.left[row as usize];
                    while j != row {
                        self.uncover(self.column[j as usize]);
                        j = self.left[j as usize];
                    }
                    self.phase = Phase::Try;
                }
            }
        }
        true
    }
}
