//! The shape of a puzzle: its side and its houses.
//!
//! Glossary (used everywhere in the crate):
//! - **side** `n` (4 to 25): cells per row, per column and per house, and
//!   the largest digit; **cells** `n²`, row-major (`R3C5` is row 3, column
//!   5, 1-based).
//! - **house**: `n` cells that hold every digit once. Every shape has its
//!   rows, its columns and its **regions**: boxes of `R×C` cells (`R` rows
//!   by `C` columns, `R·C = n`; 2×3 on a 6×6, 3×3 on a 9×9) or the
//!   irregular regions of a **jigsaw**. **Extra houses** come on top: the
//!   two main diagonals (X-Sudoku, `+x`) and the windows of windoku
//!   (`+hyper`: on a 9×9 the four 3×3 windows at rows and columns 2–4 and
//!   6–8).
//! - **peers** of a cell: the other cells that share a house with it.
//!
//! Houses are numbered rows `0..n`, columns `n..2n`, regions `2n..3n`, then
//! the diagonals (main ↘, then anti ↙) and the windows, row-major. A
//! [`Shape`] is a small value (a jigsaw shares its regions behind an
//! [`Arc`]); [`Geometry`] derives the cell lists, the houses of each cell
//! and the peers once per shape.

use std::fmt;
use std::sync::{Arc, Mutex};

/// The smallest side.
pub const MIN_SIDE: usize = 4;
/// The largest side: a digit mask fits a `u32`, a cell a `u16`.
pub const MAX_SIDE: usize = 25;

/// How the regions are cut.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Regions {
    /// Boxes of `rows × cols` cells, in row-major order.
    Boxes {
        /// Rows of a box (the height of a band).
        rows: u8,
        /// Columns of a box (the width of a stack).
        cols: u8,
    },
    /// Irregular regions: per cell its region `0..n`, numbered in the order
    /// they first appear in row-major order (so equal layouts compare equal).
    Jigsaw(Arc<[u8]>),
}

/// Houses beyond rows, columns and regions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Extras {
    /// Both main diagonals are houses (X-Sudoku).
    pub diagonals: bool,
    /// The windoku windows are houses (hyper-Sudoku).
    pub windows: bool,
}

impl Extras {
    /// No extra house.
    pub const NONE: Extras = Extras {
        diagonals: false,
        windows: false,
    };

    /// Whether there is any extra house.
    pub fn any(self) -> bool {
        self.diagonals || self.windows
    }
}

/// A puzzle's side and houses.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Shape {
    side: u8,
    regions: Regions,
    extras: Extras,
}

/// Why a shape cannot be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ShapeError {
    /// A side outside 4–25, or with no box shape (for boxes).
    UnsupportedSide(usize),
    /// Boxes that do not tile a supported side (a side below 2, or a
    /// product outside 4–25).
    BoxDoesNotTile {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// A region list whose length is no square side.
    RegionsLength(usize),
    /// A region number at or above the side.
    RegionOutOfRange {
        /// The cell (row-major, 0-based).
        cell: usize,
        /// Its region number.
        region: usize,
    },
    /// A region with more or fewer than `n` cells.
    RegionSize {
        /// The region, as its number in the input (0-based).
        region: usize,
        /// Its cells.
        cells: usize,
        /// The side: the cells a region needs.
        side: usize,
    },
    /// A region, named by its label as written, with more or fewer than
    /// `n` cells.
    RegionLabel {
        /// The label.
        label: char,
        /// Its cells.
        cells: usize,
        /// The side: the cells a region needs.
        side: usize,
    },
    /// Windows need a square box size (sides 4, 9, 16, 25).
    WindowsNeedSquareSide(usize),
    /// A shape line ([`Shape::from_spec`]) that names no shape.
    Spec,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeError::UnsupportedSide(n) if (MIN_SIDE..=MAX_SIDE).contains(&n) => write!(
                f,
                "a {n}×{n} grid has no boxes (boxes need a side of 4, 6, 8, 9, 10, 12, 14, 15, \
                 16, 18, 20, 21, 24 or 25): give its regions, as in `jigsaw CELLS REGIONS`"
            ),
            ShapeError::UnsupportedSide(n) => {
                write!(f, "unsupported side {n}: a grid is 4 to 25 cells wide")
            }
            ShapeError::BoxDoesNotTile { rows, cols } if rows < 2 || cols < 2 => write!(
                f,
                "boxes of {rows}×{cols} do not tile a grid: a box is 2 or more cells each way"
            ),
            ShapeError::BoxDoesNotTile { rows, cols } => write!(
                f,
                "boxes of {rows}×{cols} do not tile a grid: {rows}×{cols} = {} is not a side \
                 from 4 to 25",
                rows * cols
            ),
            ShapeError::RegionsLength(len) => write!(
                f,
                "{len} region letters: a jigsaw of side n needs n² (16, 25, 36, … 625)"
            ),
            ShapeError::RegionOutOfRange { cell, region } => write!(
                f,
                "cell {} is in region number {region}, beyond the grid's regions",
                cell + 1
            ),
            ShapeError::RegionSize {
                region,
                cells,
                side,
            } => write!(
                f,
                "region {} has {cells} cells; every region needs {side}",
                region_letter(region)
            ),
            ShapeError::RegionLabel { label, cells, side } => write!(
                f,
                "region {label} has {cells} cells; every region needs {side}"
            ),
            ShapeError::WindowsNeedSquareSide(n) => {
                write!(f, "windoku windows need a side of 4, 9, 16 or 25, not {n}")
            }
            ShapeError::Spec => f.write_str(
                "not a shape: use a side (9, 12), box=RxC (box=2x3), +x or +hyper after \
                 it, or jigsaw and the region letters (jigsaw AAAB…)",
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// The letter of region `i` in text (`A`, `B`, …, then `a`, `b`… past `Z`).
pub fn region_letter(i: usize) -> char {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    LETTERS.get(i).map_or('?', |&b| b as char)
}

/// Every side a box shape exists for (both box sides 2 or more).
pub const BOX_SIDES: [usize; 14] = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25];

/// The usual box shape of a side: the one closest to square, the wider
/// box first (6 → 2×3, 12 → 3×4, 20 → 4×5).
pub fn usual_box(side: usize) -> Option<(usize, usize)> {
    if !BOX_SIDES.contains(&side) {
        return None;
    }
    (2..=side).rev().find_map(|r| {
        (side.is_multiple_of(r) && r * r <= side && side / r >= 2 && r >= 2)
            .then_some((r, side / r))
    })
}

/// A row, column, region or extra house, 0-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum House {
    /// Row `i`, top to bottom.
    Row(usize),
    /// Column `i`, left to right.
    Col(usize),
    /// Box `i`, in row-major order of boxes.
    Box(usize),
    /// Region `i` of a jigsaw, numbered by first cell in row-major order.
    Region(usize),
    /// Diagonal 0 (top left to bottom right) or 1 (top right to bottom
    /// left).
    Diagonal(usize),
    /// Window `i` of a windoku, row-major.
    Window(usize),
}

impl House {
    /// Whether the house is a row or a column.
    pub fn is_line(self) -> bool {
        matches!(self, House::Row(_) | House::Col(_))
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
            House::Region(i) => write!(f, "region {}", region_letter(*i)),
            House::Diagonal(0) => f.write_str("the main diagonal"),
            House::Diagonal(_) => f.write_str("the anti-diagonal"),
            House::Window(i) => write!(f, "window {}", i + 1),
        }
    }
}

impl Shape {
    /// A classic grid with square boxes of `b×b` (`b` from 2 to 5).
    const fn square(b: u8) -> Shape {
        Shape {
            side: b * b,
            regions: Regions::Boxes { rows: b, cols: b },
            extras: Extras::NONE,
        }
    }

    /// 4×4 (boxes of 2×2).
    pub const S4: Shape = Shape::square(2);
    /// 9×9 (boxes of 3×3).
    pub const S9: Shape = Shape::square(3);
    /// 16×16 (boxes of 4×4).
    pub const S16: Shape = Shape::square(4);
    /// 25×25 (boxes of 5×5).
    pub const S25: Shape = Shape::square(5);
    /// The classic sizes, smallest first.
    pub const SQUARES: [Shape; 4] = [Shape::S4, Shape::S9, Shape::S16, Shape::S25];

    /// Boxes of `rows × cols` cells (`rows·cols` from 4 to 25, each 2 or
    /// more).
    pub fn boxes(rows: usize, cols: usize) -> Result<Shape, ShapeError> {
        let side = rows * cols;
        if rows < 2 || cols < 2 || !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(ShapeError::BoxDoesNotTile { rows, cols });
        }
        Ok(Shape {
            side: side as u8,
            regions: Regions::Boxes {
                rows: rows as u8,
                cols: cols as u8,
            },
            extras: Extras::NONE,
        })
    }

    /// The usual box shape of `side` ([`usual_box`]), if it has one.
    pub fn from_side(side: usize) -> Option<Shape> {
        let (r, c) = usual_box(side)?;
        Shape::boxes(r, c).ok()
    }

    /// The usual box shape of a grid of `cells` cells, if there is one.
    pub fn from_cells(cells: usize) -> Option<Shape> {
        BOX_SIDES
            .iter()
            .find(|&&n| n * n == cells)
            .and_then(|&n| Shape::from_side(n))
    }

    /// A jigsaw: `regions[cell]` is the region of each cell (any `n` labels
    /// `0..n`, each on exactly `n` cells; they are renumbered by first
    /// appearance). Regions need not be connected.
    pub fn jigsaw(regions: &[u8]) -> Result<Shape, ShapeError> {
        let len = regions.len();
        let side = (MIN_SIDE..=MAX_SIDE)
            .find(|n| n * n == len)
            .ok_or(ShapeError::RegionsLength(len))?;
        let mut counts = vec![0usize; side];
        for (cell, &r) in regions.iter().enumerate() {
            let r = r as usize;
            if r >= side {
                return Err(ShapeError::RegionOutOfRange { cell, region: r });
            }
            counts[r] += 1;
        }
        if let Some((region, &cells)) = counts.iter().enumerate().find(|(_, &k)| k != side) {
            return Err(ShapeError::RegionSize {
                region,
                cells,
                side,
            });
        }
        let mut rename = vec![u8::MAX; side];
        let mut next = 0u8;
        let renumbered: Vec<u8> = regions
            .iter()
            .map(|&r| {
                let slot = &mut rename[r as usize];
                if *slot == u8::MAX {
                    *slot = next;
                    next += 1;
                }
                *slot
            })
            .collect();
        Ok(Shape {
            side: side as u8,
            regions: Regions::Jigsaw(renumbered.into()),
            extras: Extras::NONE,
        })
    }

    /// This shape with `extras` as its extra houses.
    pub fn with_extras(mut self, extras: Extras) -> Result<Shape, ShapeError> {
        if extras.windows && window_box(self.side()).is_none() {
            return Err(ShapeError::WindowsNeedSquareSide(self.side()));
        }
        self.extras = extras;
        Ok(self)
    }

    /// Cells per house, and the largest digit.
    pub fn side(&self) -> usize {
        self.side as usize
    }

    /// Number of cells `n²`.
    pub fn cells(&self) -> usize {
        self.side() * self.side()
    }

    /// How the regions are cut.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The extra houses.
    pub fn extras(&self) -> Extras {
        self.extras
    }

    /// Rows and columns of a box, for a shape with boxes.
    pub fn box_dims(&self) -> Option<(usize, usize)> {
        match self.regions {
            Regions::Boxes { rows, cols } => Some((rows as usize, cols as usize)),
            Regions::Jigsaw(_) => None,
        }
    }

    /// Whether the regions are irregular.
    pub fn is_jigsaw(&self) -> bool {
        matches!(self.regions, Regions::Jigsaw(_))
    }

    /// The box size `b` of a classic grid (square `b×b` boxes, no extra
    /// house): the shapes the band engine runs.
    pub fn square_box(&self) -> Option<usize> {
        match self.regions {
            Regions::Boxes { rows, cols } if rows == cols && !self.extras.any() => {
                Some(rows as usize)
            }
            _ => None,
        }
    }

    /// Whether this is the side's usual box shape with no extra house: a
    /// plain line of cells reads as this shape.
    pub fn is_plain(&self) -> bool {
        !self.extras.any() && self.box_dims().is_some() && self.box_dims() == usual_box(self.side())
    }

    /// The row (0-based) of `cell`.
    pub fn row(&self, cell: usize) -> usize {
        cell / self.side()
    }

    /// The column (0-based) of `cell`.
    pub fn col(&self, cell: usize) -> usize {
        cell % self.side()
    }

    /// The cell at `row`, `col` (both 0-based).
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// `R3C5`: the 1-based name people use for a cell.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("R{}C{}", self.row(cell) + 1, self.col(cell) + 1)
    }

    /// `row 3, column 5`: a cell in a player's words (the page's), where
    /// the command line says `R3C5`.
    pub fn cell_words(&self, cell: usize) -> String {
        format!("row {}, column {}", self.row(cell) + 1, self.col(cell) + 1)
    }

    /// The region (box or jigsaw region, 0-based) of `cell`.
    pub fn region_of(&self, cell: usize) -> usize {
        match &self.regions {
            Regions::Boxes { rows, cols } => {
                let (r, c) = (*rows as usize, *cols as usize);
                self.row(cell) / r * (self.side() / c) + self.col(cell) / c
            }
            Regions::Jigsaw(map) => map[cell] as usize,
        }
    }

    /// The region house of `cell`: a box or a jigsaw region.
    pub fn region_house(&self, cell: usize) -> House {
        let i = self.region_of(cell);
        if self.is_jigsaw() {
            House::Region(i)
        } else {
            House::Box(i)
        }
    }

    /// Per cell, its region: the region string of a jigsaw, or the boxes.
    pub fn region_map(&self) -> Vec<u8> {
        (0..self.cells()).map(|c| self.region_of(c) as u8).collect()
    }

    /// Number of houses.
    pub fn house_count(&self) -> usize {
        3 * self.side() + self.extra_count()
    }

    fn extra_count(&self) -> usize {
        let d = if self.extras.diagonals { 2 } else { 0 };
        let w = match (self.extras.windows, window_box(self.side())) {
            (true, Some(b)) => (b - 1) * (b - 1),
            _ => 0,
        };
        d + w
    }

    /// House number `h` (see the module documentation for the order).
    pub fn house(&self, h: usize) -> House {
        let n = self.side();
        match h / n {
            0 => House::Row(h),
            1 => House::Col(h - n),
            2 if self.is_jigsaw() => House::Region(h - 2 * n),
            2 => House::Box(h - 2 * n),
            _ => {
                let k = h - 3 * n;
                if self.extras.diagonals && k < 2 {
                    House::Diagonal(k)
                } else {
                    House::Window(k - if self.extras.diagonals { 2 } else { 0 })
                }
            }
        }
    }

    /// The number of `house` in this shape, if it has it.
    pub fn house_index(&self, house: House) -> Option<usize> {
        let n = self.side();
        let d = if self.extras.diagonals { 2 } else { 0 };
        let (h, ok) = match house {
            House::Row(i) => (i, i < n),
            House::Col(i) => (n + i, i < n),
            House::Box(i) => (2 * n + i, i < n && !self.is_jigsaw()),
            House::Region(i) => (2 * n + i, i < n && self.is_jigsaw()),
            House::Diagonal(i) => (3 * n + i, i < d),
            House::Window(i) => (3 * n + d + i, 3 * n + d + i < self.house_count()),
        };
        ok.then_some(h)
    }

    /// Every house, in order.
    pub fn houses(&self) -> impl Iterator<Item = House> + '_ {
        (0..self.house_count()).map(|h| self.house(h))
    }

    /// The cells of every house, `n` per house in house order, each house's
    /// ascending: rows, columns and regions in one row-major pass, then the
    /// extras.
    pub fn house_lists(&self) -> Vec<u16> {
        let n = self.side();
        let houses = self.house_count();
        let mut lists = vec![0u16; houses * n];
        let mut filled = vec![0usize; houses];
        for cell in 0..n * n {
            for h in [cell / n, n + cell % n, 2 * n + self.region_of(cell)] {
                lists[h * n + filled[h]] = cell as u16;
                filled[h] += 1;
            }
        }
        for h in 3 * n..houses {
            for (i, c) in self.house_cells(self.house(h)).into_iter().enumerate() {
                lists[h * n + i] = c as u16;
            }
            filled[h] = n;
        }
        debug_assert!(filled.iter().all(|&k| k == n), "every house has n cells");
        lists
    }

    /// The cells of `house`, in row-major order (none for a house the shape
    /// lacks).
    pub fn house_cells(&self, house: House) -> Vec<usize> {
        let n = self.side();
        match house {
            House::Row(r) if r < n => (0..n).map(|c| r * n + c).collect(),
            House::Col(c) if c < n => (0..n).map(|r| r * n + c).collect(),
            House::Box(x) | House::Region(x) if x < n && self.house_index(house).is_some() => (0
                ..self.cells())
                .filter(|&c| self.region_of(c) == x)
                .collect(),
            House::Diagonal(0) if self.extras.diagonals => (0..n).map(|i| i * n + i).collect(),
            House::Diagonal(1) if self.extras.diagonals => {
                (0..n).map(|i| i * n + (n - 1 - i)).collect()
            }
            House::Window(w) if self.house_index(house).is_some() => {
                let b = window_box(n).expect("windows exist");
                let per = b - 1;
                let (top, left) = (1 + w / per * (b + 1), 1 + w % per * (b + 1));
                (0..n).map(|i| (top + i / b) * n + left + i % b).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The houses that contain `cell`: its row, column and region, then the
    /// extra houses it lies in.
    pub fn houses_of(&self, cell: usize) -> Vec<House> {
        let n = self.side();
        let (r, c) = (self.row(cell), self.col(cell));
        let mut out = vec![House::Row(r), House::Col(c), self.region_house(cell)];
        if self.extras.diagonals {
            if r == c {
                out.push(House::Diagonal(0));
            }
            if r + c == n - 1 {
                out.push(House::Diagonal(1));
            }
        }
        if let (true, Some(b)) = (self.extras.windows, window_box(n)) {
            let inside = |x: usize| x >= 1 && (x - 1) % (b + 1) < b && x + 1 < n;
            if inside(r) && inside(c) {
                let per = b - 1;
                out.push(House::Window((r - 1) / (b + 1) * per + (c - 1) / (b + 1)));
            }
        }
        out
    }

    /// Whether two different cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && {
            let hb = self.houses_of(b);
            self.houses_of(a).iter().any(|h| hb.contains(h))
        }
    }

    /// The kind as the text formats write it, without the side:
    /// `box=2x3`, `jigsaw`, with `+x` and `+hyper` after it. The plain kind
    /// of a side (its usual boxes, nothing extra) is `box=RxC` too; callers
    /// that write plain lines leave it out ([`Shape::is_plain`]).
    pub fn kind(&self) -> String {
        let mut out = match self.regions {
            Regions::Boxes { rows, cols } => format!("box={rows}x{cols}"),
            Regions::Jigsaw(_) => "jigsaw".to_string(),
        };
        if self.extras.diagonals {
            out.push_str("+x");
        }
        if self.extras.windows {
            out.push_str("+hyper");
        }
        out
    }

    /// The regions of a jigsaw as letters (`A`, `B`, …), one per cell.
    pub fn region_text(&self) -> String {
        (0..self.cells())
            .map(|c| region_letter(self.region_of(c)))
            .collect()
    }
}

/// What a kind word says: boxes of rows × columns (`None`: a jigsaw), and
/// the extra houses.
pub type KindWord = (Option<(usize, usize)>, Extras);

/// A kind word as the text formats write it (`box=2x3`, `jigsaw+x`,
/// `box=3x3+hyper+x`): `None` when the word does not look like one,
/// `Some(Err(()))` when it looks like one but is none, else the boxes
/// (`None` for a jigsaw) and the extras.
pub fn read_kind(word: &str) -> Option<Result<KindWord, ()>> {
    let lower = word.to_ascii_lowercase();
    let looks = lower.starts_with("box") || lower.starts_with("jigsaw") || lower.contains('=');
    if !looks {
        return None;
    }
    let mut parts = lower.split('+');
    let head = parts.next().unwrap_or("");
    let boxes = if head == "jigsaw" {
        None
    } else {
        let Some(dims) = head.strip_prefix("box=") else {
            return Some(Err(()));
        };
        let Some((r, c)) = dims.split_once(['x', '×', '*']) else {
            return Some(Err(()));
        };
        match (r.parse::<usize>(), c.parse::<usize>()) {
            (Ok(r), Ok(c)) => Some((r, c)),
            _ => return Some(Err(())),
        }
    };
    let mut extras = Extras::NONE;
    for part in parts {
        match part {
            "x" => extras.diagonals = true,
            "hyper" | "windoku" => extras.windows = true,
            _ => return Some(Err(())),
        }
    }
    Some(Ok((boxes, extras)))
}

impl Shape {
    /// The shape in one line, as the JS API and saved grids name it: the
    /// side alone for its usual boxes (`9`, `12`), else the kind word
    /// (`box=2x6`, `box=3x3+x`), and for a jigsaw its region letters after
    /// a space (`jigsaw+x AAAB…`).
    pub fn spec(&self) -> String {
        if self.is_plain() {
            return self.side().to_string();
        }
        match self.regions {
            Regions::Jigsaw(_) => format!("{} {}", self.kind(), self.region_text()),
            Regions::Boxes { .. } => self.kind(),
        }
    }

    /// Reads [`Shape::spec`]'s line back (also `9+x`: a side's usual boxes
    /// with extras).
    pub fn from_spec(spec: &str) -> Result<Shape, ShapeError> {
        let bad = || ShapeError::Spec;
        let mut words = spec.split_whitespace();
        let kind = words.next().ok_or_else(bad)?;
        let regions = words.next();
        if words.next().is_some() {
            return Err(bad());
        }
        let (head, plus) = kind
            .split_once('+')
            .map_or((kind, None), |(h, p)| (h, Some(p)));
        if let Ok(side) = head.parse::<usize>() {
            let extras = match plus {
                None => Extras::NONE,
                Some(p) => match read_kind(&format!("jigsaw+{p}")) {
                    Some(Ok((_, e))) => e,
                    _ => return Err(bad()),
                },
            };
            let shape = Shape::from_side(side).ok_or(ShapeError::UnsupportedSide(side))?;
            return if regions.is_none() {
                shape.with_extras(extras)
            } else {
                Err(bad())
            };
        }
        let Some(Ok((boxes, extras))) = read_kind(kind) else {
            return Err(bad());
        };
        let shape = match (boxes, regions) {
            (Some((r, c)), None) => Shape::boxes(r, c)?,
            (None, Some(letters)) => {
                let labels: Vec<char> = letters.chars().map(|c| c.to_ascii_uppercase()).collect();
                let side = (MIN_SIDE..=MAX_SIDE)
                    .find(|n| n * n == labels.len())
                    .ok_or(ShapeError::RegionsLength(labels.len()))?;
                let mut seen: Vec<char> = labels.clone();
                seen.sort_unstable();
                seen.dedup();
                for &label in &seen {
                    let cells = labels.iter().filter(|&&l| l == label).count();
                    if cells != side {
                        return Err(ShapeError::RegionLabel { label, cells, side });
                    }
                }
                let ids: Vec<u8> = labels
                    .iter()
                    .map(|ch| seen.binary_search(ch).unwrap_or(0) as u8)
                    .collect();
                Shape::jigsaw(&ids)?
            }
            _ => return Err(bad()),
        };
        shape.with_extras(extras)
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::S9
    }
}

/// `9×9`; `6×6`; `12×12 (boxes 2×6)` for unusual boxes; `9×9 jigsaw`;
/// `9×9 X`; `9×9 windoku`.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side();
        write!(f, "{n}×{n}")?;
        match self.regions {
            Regions::Jigsaw(_) => f.write_str(" jigsaw")?,
            Regions::Boxes { rows, cols } => {
                if usual_box(n) != Some((rows as usize, cols as usize)) {
                    write!(f, " (boxes {rows}×{cols})")?;
                }
            }
        }
        if self.extras.diagonals {
            f.write_str(" X")?;
        }
        if self.extras.windows {
            f.write_str(" windoku")?;
        }
        Ok(())
    }
}

/// The window size of a windoku of side `n`: windows of `b×b` for the
/// square sides, none otherwise.
pub fn window_box(n: usize) -> Option<usize> {
    (2..=5).find(|b| b * b == n)
}

/// What every rule needs of a shape, derived once: the cells of each house,
/// the houses of each cell with its position in them, and the peers.
#[derive(Debug)]
pub struct Geometry {
    /// The shape.
    pub shape: Shape,
    /// Side `n`.
    pub n: usize,
    /// Number of houses.
    pub houses: usize,
    /// House `h`'s cells at `h·n .. h·n + n`, row-major.
    pub house_cells: Vec<u16>,
    cell_start: Vec<u32>,
    /// The houses of each cell (see [`Geometry::houses_of`]).
    cell_houses: Vec<u16>,
    /// The position of the cell in each of those houses.
    cell_pos: Vec<u8>,
    peer_start: Vec<u32>,
    peer_cells: Vec<u16>,
}

impl Geometry {
    /// The geometry of `shape`, shared: the last few shapes are kept.
    pub fn of(shape: &Shape) -> Arc<Geometry> {
        static CACHE: Mutex<Vec<Arc<Geometry>>> = Mutex::new(Vec::new());
        const KEEP: usize = 16;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = cache.iter().position(|g| &g.shape == shape) {
            let g = cache.remove(i);
            cache.push(g.clone());
            return g;
        }
        let g = Arc::new(Geometry::new(shape));
        if cache.len() == KEEP {
            cache.remove(0);
        }
        cache.push(g.clone());
        g
    }

    fn new(shape: &Shape) -> Geometry {
        // Made for every jigsaw a batch brings, so without a heap allocation
        // per cell: peers are an OR of house sets.
        let n = shape.side();
        let cells = n * n;
        let houses = shape.house_count();
        let house_cells = shape.house_lists();
        // A cell lies in at most six houses: its row, column and region,
        // both diagonals and a window.
        let mut per_cell = vec![([(0u16, 0u8); 6], 0usize); cells];
        for h in 0..houses {
            for (i, &c) in house_cells[h * n..][..n].iter().enumerate() {
                let (list, len) = &mut per_cell[c as usize];
                list[*len] = (h as u16, i as u8);
                *len += 1;
            }
        }
        let words = cells.div_ceil(64);
        let mut sets = vec![0u64; houses * words];
        for h in 0..houses {
            for &c in &house_cells[h * n..][..n] {
                sets[h * words + c as usize / 64] |= 1 << (c % 64);
            }
        }
        let mut cell_start = Vec::with_capacity(cells + 1);
        let mut cell_houses = Vec::with_capacity(cells * 3);
        let mut cell_pos = Vec::with_capacity(cells * 3);
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peer_cells = Vec::with_capacity(cells * 3 * (n - 1));
        cell_start.push(0u32);
        peer_start.push(0u32);
        let mut seen = vec![0u64; words];
        for (cell, (list, len)) in per_cell.iter().enumerate() {
            seen.fill(0);
            for &(h, i) in &list[..*len] {
                cell_houses.push(h);
                cell_pos.push(i);
                let set = &sets[h as usize * words..][..words];
                seen.iter_mut().zip(set).for_each(|(s, &w)| *s |= w);
            }
            cell_start.push(cell_houses.len() as u32);
            seen[cell / 64] &= !(1 << (cell % 64));
            for (i, &w) in seen.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    peer_cells.push((i * 64 + w.trailing_zeros() as usize) as u16);
                    w &= w - 1;
                }
            }
            peer_start.push(peer_cells.len() as u32);
        }
        Geometry {
            shape: shape.clone(),
            n,
            houses,
            house_cells,
            cell_start,
            cell_houses,
            cell_pos,
            peer_start,
            peer_cells,
        }
    }

    /// The cells of house `h`, row-major.
    #[inline]
    pub fn cells_of(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.n..][..self.n]
    }

    /// The houses of `cell` (row, column, region, then extras).
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize]
    }

    /// The position of `cell` in each house of [`Geometry::houses_of`].
    #[inline]
    pub fn positions(&self, cell: usize) -> &[u8] {
        &self.cell_pos[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize]
    }

    /// The peers of `cell`, ascending.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peer_cells[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// Whether two different cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers(a).binary_search(&(b as u16)).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_and_bad_ones_say_why() {
        let x = Extras {
            diagonals: true,
            windows: false,
        };
        let mut regions: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
        regions.swap(5, 6);
        let shapes = [
            Shape::S9,
            Shape::from_side(12).unwrap(),
            Shape::boxes(2, 6).unwrap(),
            Shape::S9.with_extras(x).unwrap(),
            Shape::jigsaw(&regions).unwrap().with_extras(x).unwrap(),
        ];
        for shape in shapes {
            assert_eq!(
                Shape::from_spec(&shape.spec()),
                Ok(shape.clone()),
                "{}",
                shape.spec()
            );
        }
        assert_eq!(Shape::S9.spec(), "9");
        assert_eq!(Shape::boxes(2, 6).unwrap().spec(), "box=2x6");
        assert_eq!(
            Shape::from_spec("9+x"),
            Ok(Shape::S9.with_extras(x).unwrap())
        );
        assert_eq!(Shape::from_spec("11"), Err(ShapeError::UnsupportedSide(11)));
        assert_eq!(Shape::from_spec("box=2x3 AB"), Err(ShapeError::Spec));
        assert_eq!(
            Shape::from_spec("6+hyper"),
            Err(ShapeError::WindowsNeedSquareSide(6))
        );
        let mut wrong = "A".repeat(4);
        wrong.push_str(&"B".repeat(4));
        wrong.push_str(&"C".repeat(3));
        wrong.push_str(&"D".repeat(5));
        assert_eq!(
            Shape::from_spec(&format!("jigsaw {wrong}")),
            Err(ShapeError::RegionLabel {
                label: 'C',
                cells: 3,
                side: 4
            })
        );
    }

    #[test]
    fn usual_boxes_are_the_squarest_wide_ones() {
        let got: Vec<(usize, Option<(usize, usize)>)> =
            BOX_SIDES.iter().map(|&n| (n, usual_box(n))).collect();
        let want = [
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (2, 4)),
            (9, (3, 3)),
            (10, (2, 5)),
            (12, (3, 4)),
            (14, (2, 7)),
            (15, (3, 5)),
            (16, (4, 4)),
            (18, (3, 6)),
            (20, (4, 5)),
            (21, (3, 7)),
            (24, (4, 6)),
            (25, (5, 5)),
        ];
        for ((n, got), (m, w)) in got.into_iter().zip(want) {
            assert_eq!((n, got), (m, Some(w)));
        }
        assert_eq!(usual_box(7), None);
        assert_eq!(usual_box(11), None);
    }

    /// Every house has `n` distinct cells, every cell lies in the houses
    /// that list it, and peers are the cells sharing one.
    fn check(shape: &Shape) {
        let n = shape.side();
        let g = Geometry::of(shape);
        assert_eq!(g.houses, shape.house_count());
        for h in 0..g.houses {
            let house = shape.house(h);
            assert_eq!(shape.house_index(house), Some(h), "{shape}: {house}");
            let mut cells: Vec<u16> = g.cells_of(h).to_vec();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), n, "{shape}: {house} has {n} distinct cells");
            for &c in &cells {
                assert!(shape.houses_of(c as usize).contains(&house));
            }
        }
        for cell in 0..shape.cells() {
            let listed: Vec<usize> = g.houses_of(cell).iter().map(|&h| h as usize).collect();
            let named: Vec<usize> = shape
                .houses_of(cell)
                .into_iter()
                .map(|h| shape.house_index(h).unwrap())
                .collect();
            let mut a = listed.clone();
            let mut b = named;
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{shape}: houses of cell {cell}");
            for (&h, &i) in g.houses_of(cell).iter().zip(g.positions(cell)) {
                assert_eq!(g.cells_of(h as usize)[i as usize] as usize, cell);
            }
            let peers: Vec<u16> = (0..shape.cells())
                .filter(|&o| shape.sees(cell, o))
                .map(|o| o as u16)
                .collect();
            assert_eq!(g.peers(cell), &peers[..], "{shape}: peers of {cell}");
        }
    }

    #[test]
    fn every_shape_has_n_cells_per_house() {
        for &n in &BOX_SIDES {
            for r in 2..=n / 2 {
                if n % r == 0 && n / r >= 2 {
                    let s = Shape::boxes(r, n / r).unwrap();
                    check(&s);
                    let x = s
                        .clone()
                        .with_extras(Extras {
                            diagonals: true,
                            windows: false,
                        })
                        .unwrap();
                    check(&x);
                }
            }
        }
        for b in 2..=5 {
            let hyper = Shape::boxes(b, b)
                .unwrap()
                .with_extras(Extras {
                    diagonals: true,
                    windows: true,
                })
                .unwrap();
            assert_eq!(hyper.house_count(), 3 * b * b + 2 + (b - 1) * (b - 1));
            check(&hyper);
        }
        // A jigsaw: 4×4 with two L-shaped regions.
        let j = Shape::jigsaw(&[0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3]).unwrap();
        check(&j);
    }

    #[test]
    fn windoku_windows_sit_at_rows_and_columns_2_to_4_and_6_to_8() {
        let s = Shape::S9
            .with_extras(Extras {
                diagonals: false,
                windows: true,
            })
            .unwrap();
        assert_eq!(s.house_count(), 31);
        let cells = s.house_cells(House::Window(3));
        let rc: Vec<(usize, usize)> = cells.iter().map(|&c| (c / 9 + 1, c % 9 + 1)).collect();
        assert_eq!(rc[0], (6, 6));
        assert_eq!(rc[8], (8, 8));
        assert_eq!(s.house_cells(House::Window(0))[0], 10);
    }

    #[test]
    fn bad_shapes_say_what_is_wrong() {
        assert_eq!(
            Shape::boxes(1, 9),
            Err(ShapeError::BoxDoesNotTile { rows: 1, cols: 9 })
        );
        assert_eq!(
            Shape::boxes(2, 13),
            Err(ShapeError::BoxDoesNotTile { rows: 2, cols: 13 })
        );
        assert_eq!(Shape::jigsaw(&[0; 15]), Err(ShapeError::RegionsLength(15)));
        let mut r: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        r[0] = 1;
        assert_eq!(
            Shape::jigsaw(&r),
            Err(ShapeError::RegionSize {
                region: 0,
                cells: 3,
                side: 4
            })
        );
        assert_eq!(
            Shape::from_side(6).unwrap().with_extras(Extras {
                diagonals: false,
                windows: true
            }),
            Err(ShapeError::WindowsNeedSquareSide(6))
        );
    }

    #[test]
    fn jigsaw_regions_are_renumbered_by_first_appearance() {
        let a = Shape::jigsaw(&[3, 3, 3, 1, 2, 3, 1, 1, 2, 0, 0, 1, 2, 2, 0, 0]).unwrap();
        let b = Shape::jigsaw(&[0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.region_text(), "AAABCABBCDDBCCDD");
    }
}
