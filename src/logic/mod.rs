//! Human-style deductions, one step at a time: the logical path, hints that
//! teach, grades, and checks.
//!
//! The search engines in [`crate::solver`] are built for speed; this module
//! is built to explain. It keeps the candidates of every empty cell and
//! finds the next step a person would take, trying the techniques from the
//! easiest on ([`Technique::ALL`]). Each technique family lives in its own
//! file, with a comment saying why it is sound:
//!
//! - `singles.rs`: naked and hidden singles;
//! - `intersections.rs`: locked candidates (pointing, claiming);
//! - `subsets.rs`: naked and hidden pairs, triples and quads;
//! - `fish.rs`: X-Wing, Swordfish, Jellyfish;
//! - `wings.rs`: XY-Wing and XYZ-Wing;
//! - `chains.rs`: X-Chains.
//!
//! Every shape works the same way: nothing here assumes 9×9 or square
//! boxes. The techniques read the shape's houses — rows, columns, boxes or
//! jigsaw regions, diagonals and windows — and only the fish look at rows
//! and columns as such.
//!
//! A [`Step`] says its technique, the cells and houses of the pattern, and
//! what it places and eliminates. The **difficulty** of a puzzle is the
//! hardest technique its logical path needs ([`Level`]).

mod chains;
mod fish;
mod intersections;
mod singles;
mod subsets;
mod wings;

use std::fmt;
use std::sync::{Arc, Mutex};

use crate::alphabet::Alphabet;
use crate::grid::{Conflict, Grid};
use crate::shape::{Geometry, House, Shape};
use crate::solver::{solve, Outcome, SolveOptions};

/// The techniques, from the easiest.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A box (or region, or window) whose places for a digit lie in one
    /// other house, a line mostly: the digit leaves the rest of it.
    Pointing,
    /// A line (or diagonal) whose places for a digit lie in one box or
    /// region: the digit leaves the rest of it.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a house.
    HiddenPair,
    /// Three cells of a house holding three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a house.
    HiddenTriple,
    /// A digit in two lines confined to the same two crossing lines.
    XWing,
    /// Four cells of a house holding four candidates between them.
    NakedQuad,
    /// Four digits with four places between them in a house.
    HiddenQuad,
    /// The X-Wing with three lines.
    Swordfish,
    /// The X-Wing with four lines.
    Jellyfish,
    /// A pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves the cells
    /// both pincers see.
    XyWing,
    /// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: z leaves the cells
    /// all three see.
    XyzWing,
    /// A chain of one digit, alternating "one of these two" and "not both":
    /// one of its ends holds the digit.
    XChain,
}

/// How hard a technique is, or a puzzle: the hardest technique it needs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Singles and locked candidates.
    Medium,
    /// Up to subsets (pairs, triples, quads) and fish (X-Wing, Swordfish,
    /// Jellyfish).
    Hard,
    /// Up to wings (XY, XYZ) and chains (X-Chain).
    Expert,
    /// These techniques do not finish it: it needs guessing.
    Beyond,
}

impl Level {
    /// Every level, from the easiest.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Beyond,
    ];

    /// The stable name: `easy`, `medium`, `hard`, `expert`, `beyond`.
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Beyond => "beyond",
        }
    }

    /// Reads a stable name.
    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.id() == id.trim().to_ascii_lowercase())
    }

    /// What the level allows, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Level::Easy => "singles only",
            Level::Medium => "singles and locked candidates",
            Level::Hard => "up to subsets and fish",
            Level::Expert => "up to wings and chains",
            Level::Beyond => "needs guessing",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// How a technique finds its next step.
type Finder = fn(&Candidates) -> Option<Step>;

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; 16] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::XChain,
    ];

    /// The level it belongs to.
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            NakedSingle | HiddenSingle => Level::Easy,
            Pointing | Claiming => Level::Medium,
            NakedPair | HiddenPair | NakedTriple | HiddenTriple | XWing | NakedQuad
            | HiddenQuad | Swordfish | Jellyfish => Level::Hard,
            XyWing | XyzWing | XChain => Level::Expert,
        }
    }

    /// The stable name: `naked-single`, `x-wing`, …
    pub fn id(self) -> &'static str {
        use Technique::*;
        match self {
            NakedSingle => "naked-single",
            HiddenSingle => "hidden-single",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked-pair",
            HiddenPair => "hidden-pair",
            NakedTriple => "naked-triple",
            HiddenTriple => "hidden-triple",
            XWing => "x-wing",
            NakedQuad => "naked-quad",
            HiddenQuad => "hidden-quad",
            Swordfish => "swordfish",
            Jellyfish => "jellyfish",
            XyWing => "xy-wing",
            XyzWing => "xyz-wing",
            XChain => "x-chain",
        }
    }

    /// Reads a stable name.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The name people use: `Naked single`, `X-Wing`, …
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            NakedSingle => "Naked single",
            HiddenSingle => "Hidden single",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked pair",
            HiddenPair => "Hidden pair",
            NakedTriple => "Naked triple",
            HiddenTriple => "Hidden triple",
            XWing => "X-Wing",
            NakedQuad => "Naked quad",
            HiddenQuad => "Hidden quad",
            Swordfish => "Swordfish",
            Jellyfish => "Jellyfish",
            XyWing => "XY-Wing",
            XyzWing => "XYZ-Wing",
            XChain => "X-Chain",
        }
    }

    fn finder(self) -> Finder {
        use Technique::*;
        match self {
            NakedSingle => singles::naked,
            HiddenSingle => singles::hidden,
            Pointing => intersections::pointing,
            Claiming => intersections::claiming,
            NakedPair => |c| subsets::naked(c, 2),
            HiddenPair => |c| subsets::hidden(c, 2),
            NakedTriple => |c| subsets::naked(c, 3),
            HiddenTriple => |c| subsets::hidden(c, 3),
            XWing => |c| fish::basic(c, 2),
            NakedQuad => |c| subsets::naked(c, 4),
            HiddenQuad => |c| subsets::hidden(c, 4),
            Swordfish => |c| fish::basic(c, 3),
            Jellyfish => |c| fish::basic(c, 4),
            XyWing => wings::xy,
            XyzWing => wings::xyz,
            XChain => chains::x_chain,
        }
    }

    /// The first step of this technique in `c` (scanning in a fixed order),
    /// if it applies.
    pub fn find(self, c: &Candidates) -> Option<Step> {
        let mut step = (self.finder())(c)?;
        step.candidates = step.cells.iter().map(|&cell| c.mask(cell)).collect();
        Some(step)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: a technique's pattern and what follows from it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The digits the pattern is about (bit `d - 1` for digit `d`).
    pub digits: u32,
    /// The cells that make the pattern: the single's cell, the subset's
    /// cells, the fish's places in its base lines, the wing's pivot then
    /// pincers, the chain from one end to the other.
    pub cells: Vec<usize>,
    /// The houses the pattern lives in: the single's house, the box then
    /// the line of locked candidates, the subset's house, the fish's base
    /// lines then cover lines.
    pub houses: Vec<House>,
    /// Cells filled, with their digits.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: (cell, digit).
    pub eliminations: Vec<(usize, u8)>,
    /// The candidates of each cell of `cells` when the step was found (bit
    /// `d - 1` for digit `d`).
    pub candidates: Vec<u32>,
}

impl Step {
    /// The first cell the step fills, if it fills one.
    pub fn placement(&self) -> Option<(usize, u8)> {
        self.placements.first().copied()
    }

    /// The technique's level.
    pub fn level(&self) -> Level {
        self.technique.level()
    }

    /// What the step does, in the puzzle's symbols: `R3C7=5` for a
    /// placement, `R3C7<>5` for an elimination, separated by spaces.
    pub fn effects(&self, shape: &Shape, alphabet: Alphabet) -> String {
        let sym = |d: u8| alphabet.symbol(shape.side(), d);
        let mut out: Vec<String> = self
            .placements
            .iter()
            .map(|&(c, d)| format!("{}={}", shape.cell_name(c), sym(d)))
            .collect();
        out.extend(
            self.eliminations
                .iter()
                .map(|&(c, d)| format!("{}<>{}", shape.cell_name(c), sym(d))),
        );
        out.join(" ")
    }

    /// The step in words, with symbols of `alphabet`: `In box 7, C fits
    /// only R8C2`, `R3C5 and R3C8 hold only 2 and 7 between them, so 2 and
    /// 7 leave the rest of row 3`.
    pub fn describe(&self, shape: &Shape, alphabet: Alphabet) -> String {
        words::describe(self, shape, alphabet, true)
    }

    /// The same without naming the digit the step places: the explanation
    /// a hint gives before the person asks for the digit.
    pub fn describe_unrevealed(&self, shape: &Shape, alphabet: Alphabet) -> String {
        words::describe(self, shape, alphabet, false)
    }

    fn new(technique: Technique) -> Step {
        Step {
            technique,
            digits: 0,
            cells: Vec::new(),
            houses: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            candidates: Vec::new(),
        }
    }
}

mod words;
pub(crate) use words::list;

/// The grid has no candidate for a cell, or no place for a digit in a house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dead {
    /// No digit fits `cell`.
    Cell(usize),
    /// `digit` has no place left in `house`.
    Digit {
        /// The digit with no place.
        digit: u8,
        /// The house that lacks it.
        house: House,
    },
}

/// The most houses a cell lies in: its row, column and region, both
/// diagonals (the centre of an odd side) or one diagonal and a window.
const MAX_HOUSES: usize = 5;

/// The houses of one shape, numbered as [`Shape::house`] numbers them:
/// rows `0..n`, columns `n..2n`, regions `2n..3n`, then the extra houses.
#[derive(Debug)]
pub(crate) struct Layout {
    /// The shape.
    pub shape: Shape,
    /// Side `n`.
    pub n: usize,
    /// Every house, by number.
    pub kinds: Vec<House>,
    /// The cells of each house, in row-major order.
    pub cells: Vec<Vec<usize>>,
    /// The houses of each cell (`of(cell)`), and its position in each (the
    /// bit it has in a house's place mask), in fixed arrays: these are read
    /// on every candidate removed.
    houses: Vec<([usize; MAX_HOUSES], [u8; MAX_HOUSES], u8)>,
    /// Each cell's peers (the other cells of its houses), ascending.
    pub peers: Vec<Vec<usize>>,
    /// Per house, the houses it shares two or more cells with, and which
    /// of its positions those are: where locked candidates look.
    pub overlaps: Vec<Vec<(usize, u32)>>,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.shape == other.shape
    }
}

impl Eq for Layout {}

impl Layout {
    /// The layout of `shape`, built once and shared (the last few shapes
    /// are kept).
    pub fn for_shape(shape: &Shape) -> Arc<Layout> {
        static CACHE: Mutex<Vec<Arc<Layout>>> = Mutex::new(Vec::new());
        const KEEP: usize = 16;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = cache.iter().position(|l| &l.shape == shape) {
            let l = cache.remove(i);
            cache.push(l.clone());
            return l;
        }
        let l = Arc::new(Layout::new(shape));
        if cache.len() == KEEP {
            cache.remove(0);
        }
        cache.push(l.clone());
        l
    }

    fn new(shape: &Shape) -> Layout {
        let g = Geometry::of(shape);
        let n = g.n;
        let cells: Vec<Vec<usize>> = (0..g.houses)
            .map(|h| g.cells_of(h).iter().map(|&c| c as usize).collect())
            .collect();
        let houses = (0..n * n)
            .map(|c| {
                let (mut hs, mut at) = ([0usize; MAX_HOUSES], [0u8; MAX_HOUSES]);
                let list = g.houses_of(c);
                for (k, (&h, &i)) in list.iter().zip(g.positions(c)).enumerate() {
                    hs[k] = h as usize;
                    at[k] = i;
                }
                (hs, at, list.len() as u8)
            })
            .collect();
        let peers = (0..n * n)
            .map(|c| g.peers(c).iter().map(|&p| p as usize).collect())
            .collect();
        let overlaps = (0..g.houses)
            .map(|h| {
                (0..g.houses)
                    .filter(|&k| k != h)
                    .filter_map(|k| {
                        let shared = cells[h]
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| cells[k].contains(c))
                            .fold(0u32, |acc, (i, _)| acc | 1 << i);
                        (shared.count_ones() >= 2).then_some((k, shared))
                    })
                    .collect()
            })
            .collect();
        Layout {
            shape: shape.clone(),
            n,
            kinds: (0..g.houses).map(|h| shape.house(h)).collect(),
            cells,
            houses,
            peers,
            overlaps,
        }
    }

    /// Number of houses.
    pub fn house_count(&self) -> usize {
        self.kinds.len()
    }

    /// The houses of `cell`.
    #[inline]
    pub fn of(&self, cell: usize) -> &[usize] {
        let (h, _, len) = &self.houses[cell];
        &h[..*len as usize]
    }

    /// The position of `cell` in each house of [`Layout::of`].
    #[inline]
    pub fn at(&self, cell: usize) -> &[u8] {
        let (_, at, len) = &self.houses[cell];
        &at[..*len as usize]
    }

    /// Whether two different cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers[a].binary_search(&b).is_ok()
    }

    /// Whether house `h` is a row, a column or a diagonal (a house people
    /// read as a line).
    pub fn is_line(&self, h: usize) -> bool {
        matches!(
            self.kinds[h],
            House::Row(_) | House::Col(_) | House::Diagonal(_)
        )
    }
}

/// The candidates of a partly filled grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    layout: Arc<Layout>,
    cells: Vec<u8>,
    /// Per empty cell, the digits still possible (bit `d-1`); 0 when filled.
    masks: Vec<u32>,
    /// Per house, the digits placed in it (bit `d-1`): kept as cells fill,
    /// since every technique asks for it on every house.
    placed: Vec<u32>,
    /// Per house `h` and digit `d` (0-based), at `h * n + d`: the positions
    /// in the house where the digit may still go. Kept with `masks`, for
    /// the techniques that look at a house's places rather than its cells.
    places: Vec<u32>,
}

impl Candidates {
    /// The candidates of `grid` (every digit its peers do not hold), or the
    /// first pair of clashing digits.
    pub fn new(grid: &Grid) -> Result<Candidates, Conflict> {
        if let Some(&c) = grid.conflicts().first() {
            return Err(c);
        }
        let layout = Layout::for_shape(grid.shape());
        let full = (1u32 << layout.n) - 1;
        let mut seen = vec![0u32; layout.house_count()];
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                for &h in layout.of(cell) {
                    seen[h] |= 1 << (d - 1);
                }
            }
        }
        let masks = (0..grid.cells().len())
            .map(|cell| {
                if grid.get(cell) != 0 {
                    0
                } else {
                    full & !layout.of(cell).iter().fold(0, |acc, &h| acc | seen[h])
                }
            })
            .collect();
        Ok(Candidates::with_masks(layout, grid.cells().to_vec(), masks))
    }

    /// A position given by its digits and, per empty cell, its candidates
    /// (bit `d - 1` for digit `d`; ignored for filled cells). For tests and
    /// for positions where candidates were removed by earlier steps.
    pub fn from_parts(grid: &Grid, masks: Vec<u32>) -> Candidates {
        let masks = masks
            .into_iter()
            .enumerate()
            .map(|(c, m)| if grid.get(c) != 0 { 0 } else { m })
            .collect();
        Candidates::with_masks(
            Layout::for_shape(grid.shape()),
            grid.cells().to_vec(),
            masks,
        )
    }

    /// Builds the digits placed per house and the place table from the
    /// cells and their candidates.
    fn with_masks(layout: Arc<Layout>, cells: Vec<u8>, masks: Vec<u32>) -> Candidates {
        let n = layout.n;
        let placed = layout
            .cells
            .iter()
            .map(|house| {
                house
                    .iter()
                    .filter(|&&c| cells[c] != 0)
                    .fold(0, |acc, &c| acc | 1 << (cells[c] - 1))
            })
            .collect();
        let mut places = vec![0u32; layout.house_count() * n];
        for (cell, &m) in masks.iter().enumerate() {
            for d in bits(m) {
                for (&h, &at) in layout.of(cell).iter().zip(layout.at(cell)) {
                    places[h * n + d] |= 1 << at;
                }
            }
        }
        Candidates {
            layout,
            cells,
            masks,
            placed,
            places,
        }
    }

    /// Removes digit `d` (0-based) from `cell`'s candidates, if it is one.
    fn remove(&mut self, cell: usize, d: usize) {
        let bit = 1u32 << d;
        if self.masks[cell] & bit == 0 {
            return;
        }
        self.masks[cell] &= !bit;
        let layout = &*self.layout;
        for (&h, &at) in layout.of(cell).iter().zip(layout.at(cell)) {
            self.places[h * layout.n + d] &= !(1 << at);
        }
    }

    /// The grid's shape.
    pub fn shape(&self) -> &Shape {
        &self.layout.shape
    }

    /// The digits still possible in `cell` (empty when it is filled).
    pub fn of(&self, cell: usize) -> Vec<u8> {
        (0..self.layout.n as u8)
            .filter(|&d| self.masks[cell] >> d & 1 != 0)
            .map(|d| d + 1)
            .collect()
    }

    /// The same as a bit mask (bit `d-1` for digit `d`).
    pub fn mask(&self, cell: usize) -> u32 {
        self.masks[cell]
    }

    /// The digit in `cell` (0 when empty).
    pub fn digit(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Empty cells.
    pub fn empty(&self) -> usize {
        self.cells.iter().filter(|&&d| d == 0).count()
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The positions in house `h` (bit `i` for its `i`-th cell) where digit
    /// `d` (0-based) may go.
    pub(crate) fn places(&self, h: usize, d: usize) -> u32 {
        self.places[h * self.layout().n + d]
    }

    /// The digits placed in house `h` (bit `d - 1`).
    pub(crate) fn placed(&self, h: usize) -> u32 {
        self.placed[h]
    }

    /// A place where the grid can no longer be completed, if any.
    pub fn dead_end(&self) -> Option<Dead> {
        if let Some(cell) =
            (0..self.cells.len()).find(|&c| self.cells[c] == 0 && self.masks[c] == 0)
        {
            return Some(Dead::Cell(cell));
        }
        let layout = self.layout();
        for h in 0..layout.house_count() {
            let mut possible = self.placed(h);
            for &c in &layout.cells[h] {
                possible |= self.masks[c];
            }
            let missing = !possible & ((1u64 << layout.n) - 1) as u32;
            if missing != 0 {
                return Some(Dead::Digit {
                    digit: missing.trailing_zeros() as u8 + 1,
                    house: layout.kinds[h],
                });
            }
        }
        None
    }

    /// Whether `step`'s eliminations left a cell without a digit or a digit
    /// without a place in one of the cells' houses: the only ways removing
    /// candidates can make the grid dead, so checking them is enough after
    /// a step that places nothing.
    fn dead_after(&self, step: &Step) -> bool {
        let layout = self.layout();
        step.eliminations.iter().any(|&(cell, digit)| {
            let bit = 1u32 << (digit - 1);
            (self.cells[cell] == 0 && self.masks[cell] == 0)
                || layout.of(cell).iter().any(|&h| {
                    self.placed[h] & bit == 0
                        && layout.cells[h].iter().all(|&c| self.masks[c] & bit == 0)
                })
        })
    }

    /// The easiest next step, trying every technique; `None` when they are
    /// all stuck (or the grid is complete or dead).
    pub fn next_step(&self) -> Option<Step> {
        self.next_step_within(Level::Expert)
    }

    /// The easiest next step using techniques up to `level`.
    pub fn next_step_within(&self, level: Level) -> Option<Step> {
        if self.is_complete() || self.dead_end().is_some() {
            return None;
        }
        self.easiest(level)
    }

    /// The easiest step up to `level`, on a grid known to be open and alive.
    fn easiest(&self, level: Level) -> Option<Step> {
        Technique::ALL
            .into_iter()
            .take_while(|t| t.level() <= level)
            .find_map(|t| t.find(self))
    }

    /// Carries out a step.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.eliminations {
            self.remove(cell, digit as usize - 1);
        }
        for &(cell, digit) in &step.placements {
            self.fill(cell, digit);
        }
    }

    /// Fills every naked and hidden single there is now, in one sweep;
    /// returns whether anything was filled.
    fn singles(&mut self) -> bool {
        let layout = self.layout.clone();
        let mut progress = false;
        for cell in 0..self.cells.len() {
            let m = self.masks[cell];
            if m != 0 && m & (m - 1) == 0 {
                self.fill(cell, m.trailing_zeros() as u8 + 1);
                progress = true;
            }
        }
        for h in 0..layout.house_count() {
            // Per digit: seen once, seen twice or more.
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in &layout.cells[h] {
                twice |= once & self.masks[c];
                once |= self.masks[c];
            }
            let lone = once & !twice;
            if lone == 0 {
                continue;
            }
            for &c in &layout.cells[h] {
                let m = self.masks[c] & lone;
                // A cell alone for two digits is a dead end, found later.
                if m != 0 && m & (m - 1) == 0 {
                    self.fill(c, m.trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
        }
        progress
    }

    fn fill(&mut self, cell: usize, digit: u8) {
        for d in bits(self.masks[cell]) {
            self.remove(cell, d);
        }
        self.cells[cell] = digit;
        let d = digit as usize - 1;
        let layout = self.layout.clone();
        for &h in layout.of(cell) {
            self.placed[h] |= 1 << d;
            for &other in &layout.cells[h] {
                self.remove(other, d);
            }
        }
    }

    /// The grid as filled so far.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.layout.shape.clone(), self.cells.clone())
            .expect("cells of this shape")
    }
}

/// How a logical path ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// Every cell is filled.
    Solved,
    /// No technique applies: the rest needs guessing.
    Stuck,
    /// The grid cannot be completed (the puzzle has no solution).
    Dead(Dead),
}

/// A puzzle solved step by step, as far as the techniques go.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub end: End,
    /// The candidates where it ended.
    pub last: Candidates,
}

impl Path {
    /// The hardest technique the path used (`None` for an empty path).
    pub fn hardest(&self) -> Option<Technique> {
        self.steps.iter().map(|s| s.technique).max()
    }

    /// The puzzle's level as far as this path tells: the hardest
    /// technique's, or [`Level::Beyond`] when it did not finish.
    pub fn level(&self) -> Level {
        match self.end {
            End::Solved => self.hardest().map_or(Level::Easy, Technique::level),
            _ => Level::Beyond,
        }
    }
}

/// The logical path of `puzzle` with techniques up to `level` (the easiest
/// step each time), or the clashing givens.
pub fn path(puzzle: &Grid, level: Level) -> Result<Path, Conflict> {
    let mut c = Candidates::new(puzzle)?;
    let mut steps = Vec::new();
    loop {
        if c.is_complete() {
            return Ok(Path {
                steps,
                end: End::Solved,
                last: c,
            });
        }
        if let Some(dead) = c.dead_end() {
            return Ok(Path {
                steps,
                end: End::Dead(dead),
                last: c,
            });
        }
        match c.easiest(level) {
            Some(step) => {
                c.apply(&step);
                steps.push(step);
            }
            None => {
                return Ok(Path {
                    steps,
                    end: End::Stuck,
                    last: c,
                })
            }
        }
    }
}

/// Whether techniques up to `level` solve `puzzle` (below
/// [`Level::Beyond`]; there it says whether logic alone does). Faster than
/// [`path`]: singles are applied all at once, only when they are stuck is a
/// harder technique looked for, and it is applied as long as it finds steps. The answer is the path's: every technique
/// here stays true as candidates shrink, so the order of the steps does not
/// change where they end.
pub fn solves(puzzle: &Grid, level: Level) -> bool {
    let Ok(mut c) = Candidates::new(puzzle) else {
        return false;
    };
    let level = level.min(Level::Expert);
    loop {
        if c.singles() {
            continue;
        }
        if c.is_complete() {
            return true;
        }
        if c.dead_end().is_some() {
            return false;
        }
        // The first technique that applies is used until it finds nothing
        // more, so the easier ones are not tried again in vain after each
        // of its steps; then singles again.
        let mut progress = false;
        for t in Technique::ALL[2..]
            .iter()
            .take_while(|t| t.level() <= level)
        {
            while let Some(step) = t.find(&c) {
                c.apply(&step);
                progress = true;
                if c.dead_after(&step) {
                    return false;
                }
            }
            if progress {
                break;
            }
        }
        if !progress {
            return false;
        }
    }
}

/// How hard a puzzle is, from what solving it takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grade {
    /// The hardest technique the logical path needed; `None` when the
    /// techniques do not finish it (it needs guessing).
    pub hardest: Option<Technique>,
    /// Steps of the logical path (0 when it needs guessing).
    pub steps: usize,
    /// Branch points the search engine needed (0 when logic suffices).
    pub guesses: u64,
}

impl Grade {
    /// The level: the hardest technique's, or [`Level::Beyond`].
    pub fn level(&self) -> Level {
        self.hardest.map_or(Level::Beyond, Technique::level)
    }

    /// A stable word: the level's id (`easy`, …, `beyond`).
    pub fn id(&self) -> &'static str {
        self.level().id()
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hardest {
            Some(t) => write!(
                f,
                "{}: {}, {} step{}",
                t.level(),
                t.name(),
                self.steps,
                if self.steps == 1 { "" } else { "s" }
            ),
            None => write!(
                f,
                "beyond: needs guessing ({} guess{})",
                self.guesses,
                if self.guesses == 1 { "" } else { "es" }
            ),
        }
    }
}

/// Grades a puzzle by solving it step by step; `None` when it has a
/// conflict or no solution.
pub fn grade(puzzle: &Grid) -> Option<Grade> {
    grade_with(puzzle, || {
        let report = solve(puzzle, &SolveOptions::default());
        match report.outcome {
            Outcome::Unique(_) | Outcome::Several { .. } => Some(report.stats.guesses),
            _ => None,
        }
    })
}

/// Grades a puzzle whose search was already run: `guesses` is asked only
/// when logic does not finish it, and says how many branch points the
/// search needed (`None` when it found no solution).
pub fn grade_with(puzzle: &Grid, guesses: impl FnOnce() -> Option<u64>) -> Option<Grade> {
    // The quick test first: most puzzles a search had to guess on defeat
    // the techniques too, and need no path.
    if !solves(puzzle, Level::Expert) {
        // No solution (the search says so) or one logic cannot reach.
        return guesses().map(|g| Grade {
            hardest: None,
            steps: 0,
            guesses: g.max(1),
        });
    }
    let p = path(puzzle, Level::Expert).ok()?;
    Some(Grade {
        hardest: Some(p.hardest().unwrap_or(Technique::NakedSingle)),
        steps: p.steps.len(),
        guesses: 0,
    })
}

/// A hint for someone solving `puzzle` (the givens) who has filled
/// `entries` so far (0 where empty). It names at most one cell to fill.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// The grid is complete and right.
    Solved,
    /// Two filled cells clash.
    Conflict(Conflict),
    /// The filled cells leave no solution (some entry is wrong); no cell
    /// is named, so nothing is given away.
    WrongEntries,
    /// The puzzle itself has no solution.
    NoSolution,
    /// The next logical step that fills a cell (`step`), after the
    /// eliminations it needs (`before`, in order).
    Step {
        /// The step that fills a cell.
        step: Step,
        /// The eliminations it needs first, in order.
        before: Vec<Step>,
    },
    /// No technique finds the next placement: the solver's digit for the
    /// empty cell with the fewest candidates.
    Reveal {
        /// The empty cell with the fewest candidates.
        cell: usize,
        /// The solution's digit there.
        digit: u8,
        /// How many candidates it has.
        candidates: usize,
    },
}

/// What a search knows about a puzzle and the entries filled in so far:
/// all [`hint_with`] needs that logic alone cannot tell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Truth<'a> {
    /// A solution of the puzzle that keeps every entry.
    Fits(&'a Grid),
    /// The puzzle has solutions, but none keeps every entry.
    WrongEntries,
    /// The puzzle itself has no solution.
    NoSolution,
}

/// Givens and entries as one grid.
fn merged(puzzle: &Grid, entries: &Grid) -> Grid {
    let cells = puzzle
        .cells()
        .iter()
        .zip(entries.cells())
        .map(|(&g, &e)| if g != 0 { g } else { e })
        .collect();
    Grid::from_cells(puzzle.shape().clone(), cells).expect("cells of this shape")
}

/// The hint for `puzzle` with `entries` filled in (see [`Hint`]), searching
/// for the truth on the calling thread (the page asks a worker for it
/// instead and calls [`hint_with`]).
pub fn hint(puzzle: &Grid, entries: &Grid) -> Hint {
    let current = merged(puzzle, entries);
    if let Some(&c) = current.conflicts().first() {
        return Hint::Conflict(c);
    }
    // A solution of the current grid keeps every entry; without one, the
    // puzzle's own search tells wrong entries from no solution.
    let limit1 = SolveOptions {
        limit: 1,
        ..SolveOptions::default()
    };
    match solve(&current, &limit1).outcome.into_solution() {
        Some(fits) => hint_with(puzzle, entries, Truth::Fits(&fits)),
        None if solve(puzzle, &limit1).outcome.solution().is_some() => {
            hint_with(puzzle, entries, Truth::WrongEntries)
        }
        None => hint_with(puzzle, entries, Truth::NoSolution),
    }
}

/// The hint for `puzzle` with `entries` filled in, given the `truth` a
/// search found: no search here, only logic (milliseconds even on 25×25).
pub fn hint_with(puzzle: &Grid, entries: &Grid, truth: Truth) -> Hint {
    let shape = puzzle.shape();
    let current = merged(puzzle, entries);
    if let Some(&c) = current.conflicts().first() {
        return Hint::Conflict(c);
    }
    let fits = match truth {
        Truth::NoSolution => return Hint::NoSolution,
        Truth::WrongEntries => return Hint::WrongEntries,
        Truth::Fits(g) => g,
    };
    if current.is_full() {
        return Hint::Solved;
    }
    let mut candidates = Candidates::new(&current).expect("no conflict");
    let mut before = Vec::new();
    while let Some(step) = candidates.next_step() {
        if step.placement().is_some() {
            return Hint::Step { step, before };
        }
        candidates.apply(&step);
        before.push(step);
    }
    // Stuck: reveal the cell with the fewest candidates.
    let target = (0..shape.cells())
        .filter(|&c| current.get(c) == 0)
        .min_by_key(|&c| candidates.mask(c).count_ones())
        .expect("an incomplete grid has an empty cell");
    Hint::Reveal {
        cell: target,
        digit: fits.get(target),
        candidates: candidates.mask(target).count_ones() as usize,
    }
}

/// What checking someone's entries found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Check {
    /// Every entry agrees with the solution; `missing` cells are still empty.
    Right {
        /// Empty cells left.
        missing: usize,
    },
    /// These entries differ from the solution (their right values are not
    /// given).
    Wrong {
        /// The wrong entries' cells.
        cells: Vec<usize>,
        /// Empty cells left.
        missing: usize,
    },
    /// The givens clash.
    Conflict(Conflict),
    /// The puzzle has no solution to check against.
    NoSolution,
    /// The puzzle has several solutions, so "wrong" has no single meaning.
    NotUnique,
}

/// Compares `entries` with the unique solution of `puzzle`, searching for
/// it on the calling thread (the page asks a worker and calls
/// [`check_against`]).
pub fn check(puzzle: &Grid, entries: &Grid) -> Check {
    if let Some(&c) = puzzle.conflicts().first() {
        return Check::Conflict(c);
    }
    match solve(puzzle, &SolveOptions::default()).outcome {
        Outcome::Unique(truth) => check_against(puzzle, entries, &truth),
        Outcome::Several { .. } => Check::NotUnique,
        _ => Check::NoSolution,
    }
}

/// Compares `entries` with `truth`, the unique solution of `puzzle`.
pub fn check_against(puzzle: &Grid, entries: &Grid, truth: &Grid) -> Check {
    let mut wrong = Vec::new();
    let mut missing = 0;
    for cell in 0..puzzle.cells().len() {
        if puzzle.get(cell) != 0 {
            continue;
        }
        match entries.get(cell) {
            0 => missing += 1,
            e if e != truth.get(cell) => wrong.push(cell),
            _ => {}
        }
    }
    if wrong.is_empty() {
        Check::Right { missing }
    } else {
        Check::Wrong {
            cells: wrong,
            missing,
        }
    }
}

/// The digits of a mask (bit `d - 1`), from the smallest.
pub(crate) fn digits_of(mask: u32) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |d| mask >> d & 1 != 0).map(|d| d + 1)
}

/// The set bits of a mask, from the lowest, as positions.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The `k`-subsets of the set bits of `pool` (k up to 4) whose `masks`
/// together have exactly `k` bits, in lexicographic order of positions,
/// handed to `found` until it returns something: the shape every subset
/// technique shares (k cells with k digits, k digits in k cells, k lines
/// covered by k lines). A partial choice whose masks already have more
/// than `k` bits is not extended, since adding more can only add bits.
pub(crate) fn subsets<T>(
    pool: u32,
    masks: &[u32],
    k: usize,
    mut found: impl FnMut(u32, u32) -> Option<T>,
) -> Option<T> {
    let mut items = [0usize; 32];
    let mut len = 0;
    for i in bits(pool) {
        items[len] = i;
        len += 1;
    }
    if k == 0 || k > len {
        return None;
    }
    extend(&items[..len], masks, k, 0, 0, 0, &mut found)
}

/// One level of [`subsets`]: chooses the next item from `items[from..]`.
fn extend<T>(
    items: &[usize],
    masks: &[u32],
    k: usize,
    from: usize,
    chosen: u32,
    union: u32,
    found: &mut impl FnMut(u32, u32) -> Option<T>,
) -> Option<T> {
    let depth = chosen.count_ones() as usize;
    if depth == k {
        return if union.count_ones() as usize == k {
            found(chosen, union)
        } else {
            None
        };
    }
    // Leave enough items for the rest of the choice.
    for at in from..=items.len() - (k - depth) {
        let i = items[at];
        let u = union | masks[i];
        if u.count_ones() as usize > k {
            continue;
        }
        if let Some(t) = extend(items, masks, k, at + 1, chosen | 1 << i, u, found) {
            return Some(t);
        }
    }
    None
}

#[cfg(test)]
mod tests;
