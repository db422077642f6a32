//! The [`Grid`] type: a shape's cells and their digits.
//!
//! Glossary (with [`crate::shape`]'s):
//! - **digit**: a value `1..=n`; 0 in a grid means the cell is empty. How a digit
//!   is written (`1`, `A`, `0`…) is the alphabet's business, not the grid's.
//! - **givens**: the filled cells of a puzzle.

use std::fmt;

use crate::shape::Geometry;
pub use crate::shape::{House, Shape};

/// A grid of digits in a shape: 0 for an empty cell, `1..=side` otherwise.
///
/// A `Grid` always has the right number of cells and no digit above the
/// side; it may still break the rules of its houses (see [`Grid::conflicts`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Why a list of bytes is not a grid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GridError {
    /// `side` has no box shape.
    UnsupportedSide(usize),
    /// The number of cells is not `side²`.
    WrongLength {
        /// `side²`.
        expected: usize,
        /// The cells given.
        found: usize,
    },
    /// A cell holds a value above the side.
    DigitOutOfRange {
        /// The cell, 0-based.
        cell: usize,
        /// What it holds.
        value: u8,
        /// The largest digit allowed.
        side: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GridError::UnsupportedSide(s) => {
                write!(
                    f,
                    "unsupported side {s}: a grid of boxes is 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24 or 25 cells wide"
                )
            }
            GridError::WrongLength { expected, found } => {
                write!(f, "a grid needs {expected} cells, found {found}")
            }
            GridError::DigitOutOfRange { cell, value, side } => write!(
                f,
                "cell {} holds {value}, but digits run from 1 to {side} (0 = empty)",
                cell + 1
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// Two cells of one house hold the same digit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Conflict {
    /// The earlier cell (row-major order).
    pub first: usize,
    /// The later cell.
    pub second: usize,
    /// The digit both hold.
    pub digit: u8,
    /// A house both cells are in (the first in house order).
    pub house: House,
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        let cells = vec![0; shape.cells()];
        Grid { shape, cells }
    }

    /// A grid from its cells in row-major order, 0 for empty.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != shape.cells() {
            return Err(GridError::WrongLength {
                expected: shape.cells(),
                found: cells.len(),
            });
        }
        let side = shape.side();
        // The largest first (a vector loop), the place only when it is out.
        let largest = cells.iter().copied().max().unwrap_or(0);
        if let Some(cell) = (largest as usize > side)
            .then(|| cells.iter().position(|&v| v as usize > side))
            .flatten()
        {
            return Err(GridError::DigitOutOfRange {
                cell,
                value: cells[cell],
                side,
            });
        }
        Ok(Grid { shape, cells })
    }

    /// A grid of the usual box shape of `side` from its cells, the form the
    /// web page sends.
    pub fn from_side(side: usize, cells: Vec<u8>) -> Result<Grid, GridError> {
        let shape = Shape::from_side(side).ok_or(GridError::UnsupportedSide(side))?;
        Grid::from_cells(shape, cells)
    }

    /// The grid's shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The cells in row-major order, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in `cell`, 0 when empty.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Puts `digit` (0 to clear) into `cell`. Panics if either is out of range:
    /// callers pass values they already checked.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit as usize <= self.shape.side(), "digit out of range");
        self.cells[cell] = digit;
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether some house holds a digit twice (no allocation for the
    /// classic shapes: the common, conflict-free case stays cheap).
    pub fn has_conflict(&self) -> bool {
        match self.shape.square_box() {
            Some(b) => self.square_conflict(b),
            None => {
                let g = Geometry::of(&self.shape);
                (0..g.houses).any(|h| {
                    let mut seen = 0u32;
                    g.cells_of(h).iter().any(|&c| {
                        // Bit 0 stands for an empty cell and is ignored.
                        let bit = 1u32 << self.cells[c as usize] >> 1;
                        let clash = seen & bit != 0;
                        seen |= bit;
                        clash
                    })
                })
            }
        }
    }

    fn square_conflict(&self, b: usize) -> bool {
        let n = b * b;
        let mut cols = [0u32; 25];
        let mut boxes = [0u32; 25];
        let mut clash = 0u32;
        for (r, row) in self.cells.chunks_exact(n).enumerate() {
            let mut seen = 0u32;
            let band = &mut boxes[r / b * b..][..b];
            for ((segment, col), x) in row.chunks_exact(b).zip(cols.chunks_exact_mut(b)).zip(band) {
                for (&d, c) in segment.iter().zip(col) {
                    // Bit 0 stands for an empty cell and is ignored.
                    let bit = 1u32 << d >> 1;
                    clash |= (seen | *c | *x) & bit;
                    seen |= bit;
                    *c |= bit;
                    *x |= bit;
                }
            }
        }
        clash != 0
    }

    /// Every pair of cells that share a house and hold the same digit: each pair
    /// once, under the first house that shows it (rows, then columns, then
    /// regions, then extra houses), sorted by cells.
    pub fn conflicts(&self) -> Vec<Conflict> {
        if !self.has_conflict() {
            return Vec::new();
        }
        let g = Geometry::of(&self.shape);
        let n = g.n;
        let mut out: Vec<Conflict> = Vec::new();
        let mut reported = std::collections::HashSet::new();
        let mut seen: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for h in 0..g.houses {
            seen.iter_mut().for_each(Vec::clear);
            for &cell in g.cells_of(h) {
                let cell = cell as usize;
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                for &first in &seen[digit as usize] {
                    // A pair two houses share is reported under the first.
                    if reported.insert((first, cell)) {
                        out.push(Conflict {
                            first,
                            second: cell,
                            digit,
                            house: self.shape.house(h),
                        });
                    }
                }
                seen[digit as usize].push(cell);
            }
        }
        out.sort_by_key(|c| (c.first, c.second));
        out
    }
}
