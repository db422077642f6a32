//! Sizes, cells, houses and the [`Grid`] type.
//!
//! Glossary (used everywhere in the crate):
//! - **box size** `b` ∈ 2..=5; **side** `n = b²` (4, 9, 16, 25); **cells** `n²`.
//! - **cell**: an index `0..n²` in row-major order; printed as `R3C5` (1-based).
//! - **digit**: a value `1..=n`; 0 in a grid means the cell is empty. How a digit
//!   is written (`1`, `A`, `0`…) is the alphabet's business, not the grid's.
//! - **house**: a row, a column or a box — `n` cells that hold every digit once.
//! - **peers** of a cell: the other cells that share a house with it.
//! - **givens**: the filled cells of a puzzle.

use std::fmt;

/// The size of a puzzle, stored as its box size (2, 3, 4 or 5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// 4×4 (boxes of 2×2).
    pub const S4: Size = Size(2);
    /// 9×9 (boxes of 3×3).
    pub const S9: Size = Size(3);
    /// 16×16 (boxes of 4×4).
    pub const S16: Size = Size(4);
    /// 25×25 (boxes of 5×5).
    pub const S25: Size = Size(5);
    /// Every supported size, smallest first.
    pub const ALL: [Size; 4] = [Size::S4, Size::S9, Size::S16, Size::S25];

    /// The size whose boxes are `b`×`b`, if supported.
    pub fn from_box(b: usize) -> Option<Size> {
        (2..=5).contains(&b).then_some(Size(b as u8))
    }

    /// The size whose rows have `side` cells, if supported.
    pub fn from_side(side: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.side() == side)
    }

    /// The size whose grids have `cells` cells, if supported.
    pub fn from_cells(cells: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.cells() == cells)
    }

    /// Box size `b`.
    pub fn box_size(self) -> usize {
        self.0 as usize
    }

    /// Side `n = b²`: cells per house, and the largest digit.
    pub fn side(self) -> usize {
        self.box_size() * self.box_size()
    }

    /// Number of cells `n²`.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The row (0-based) of `cell`.
    pub fn row(self, cell: usize) -> usize {
        cell / self.side()
    }

    /// The column (0-based) of `cell`.
    pub fn col(self, cell: usize) -> usize {
        cell % self.side()
    }

    /// The box (0-based, row-major) of `cell`.
    pub fn box_of(self, cell: usize) -> usize {
        let b = self.box_size();
        self.row(cell) / b * b + self.col(cell) / b
    }

    /// The cell at `row`, `col` (both 0-based).
    pub fn cell(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// `R3C5`: the 1-based name people use for a cell.
    pub fn cell_name(self, cell: usize) -> String {
        format!("R{}C{}", self.row(cell) + 1, self.col(cell) + 1)
    }

    /// `row 3, column 5`: a cell in a player's words (the page's), where
    /// the command line says `R3C5`.
    pub fn cell_words(self, cell: usize) -> String {
        format!("row {}, column {}", self.row(cell) + 1, self.col(cell) + 1)
    }

    /// The houses that contain `cell`: its row, column and box.
    pub fn houses_of(self, cell: usize) -> [House; 3] {
        [
            House::Row(self.row(cell)),
            House::Col(self.col(cell)),
            House::Box(self.box_of(cell)),
        ]
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.side())
    }
}

/// A row, column or box, 0-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum House {
    /// Row `i`, top to bottom.
    Row(usize),
    /// Column `i`, left to right.
    Col(usize),
    /// Box `i`, in row-major order of boxes.
    Box(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// A square grid of digits: 0 for an empty cell, `1..=side` otherwise.
///
/// A `Grid` always has the right number of cells and no digit above the
/// side; it may still break the rules (see [`Grid::conflicts`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    size: Size,
    cells: Vec<u8>,
}

/// Why a list of bytes is not a grid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GridError {
    /// `side` is not 4, 9, 16 or 25.
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
                    "unsupported side {s}: a grid is 4, 9, 16 or 25 cells wide"
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
    /// A house both cells are in (row before column before box).
    pub house: House,
}

impl Grid {
    /// An empty grid.
    pub fn empty(size: Size) -> Grid {
        Grid {
            size,
            cells: vec![0; size.cells()],
        }
    }

    /// A grid from its cells in row-major order, 0 for empty.
    pub fn from_cells(size: Size, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != size.cells() {
            return Err(GridError::WrongLength {
                expected: size.cells(),
                found: cells.len(),
            });
        }
        let side = size.side();
        if let Some(cell) = cells.iter().position(|&v| v as usize > side) {
            return Err(GridError::DigitOutOfRange {
                cell,
                value: cells[cell],
                side,
            });
        }
        Ok(Grid { size, cells })
    }

    /// A grid from its side and cells, the form the web page sends.
    pub fn from_side(side: usize, cells: Vec<u8>) -> Result<Grid, GridError> {
        let size = Size::from_side(side).ok_or(GridError::UnsupportedSide(side))?;
        Grid::from_cells(size, cells)
    }

    /// The grid's size.
    pub fn size(&self) -> Size {
        self.size
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
        assert!(digit as usize <= self.size.side(), "digit out of range");
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

    /// Whether some house holds a digit twice (no allocation: the common,
    /// conflict-free case stays cheap).
    pub fn has_conflict(&self) -> bool {
        let (b, n) = (self.size.box_size(), self.size.side());
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
    /// boxes), sorted by cells.
    pub fn conflicts(&self) -> Vec<Conflict> {
        if !self.has_conflict() {
            return Vec::new();
        }
        let size = self.size;
        let n = size.side();
        let mut out = Vec::new();
        let mut seen: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for kind in 0..3 {
            for index in 0..n {
                let house = match kind {
                    0 => House::Row(index),
                    1 => House::Col(index),
                    _ => House::Box(index),
                };
                seen.iter_mut().for_each(Vec::clear);
                for cell in house_cells(size, house) {
                    let digit = self.cells[cell];
                    if digit == 0 {
                        continue;
                    }
                    for &first in &seen[digit as usize] {
                        // A pair in one box and one line was already reported
                        // under the line.
                        let reported = matches!(house, House::Box(_))
                            && (size.row(first) == size.row(cell)
                                || size.col(first) == size.col(cell));
                        if !reported {
                            out.push(Conflict {
                                first,
                                second: cell,
                                digit,
                                house,
                            });
                        }
                    }
                    seen[digit as usize].push(cell);
                }
            }
        }
        out.sort_by_key(|c| (c.first, c.second));
        out
    }
}

/// The cells of `house`, in row-major order.
pub fn house_cells(size: Size, house: House) -> impl Iterator<Item = usize> {
    let (b, n) = (size.box_size(), size.side());
    (0..n).map(move |i| match house {
        House::Row(r) => r * n + i,
        House::Col(c) => i * n + c,
        House::Box(x) => (x / b * b + i / b) * n + x % b * b + i % b,
    })
}
