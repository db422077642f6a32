//! Human-style deductions, one step at a time, for hints and grading.
//!
//! The search engine in [`crate::solver`] is built for speed; this module is
//! built to explain. It keeps the candidates of every empty cell and finds
//! the next step a person would take, in order of difficulty:
//!
//! 1. **naked single** — a cell with one candidate left;
//! 2. **hidden single** — a digit with one place left in a house;
//! 3. **locked candidates** — inside a box a digit's places all lie on one
//!    line (or inside a line, in one box), so it leaves the rest of that
//!    line (or box). This removes candidates without filling a cell.

use std::fmt;

use crate::alphabet::Alphabet;
use crate::grid::{house_cells, Conflict, Grid, House, Size};
use crate::solver::{solve, Engine, Outcome, SolveOptions};

/// One deduction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// `cell` can only hold `digit`.
    NakedSingle {
        /// The cell filled.
        cell: usize,
        /// Its only candidate.
        digit: u8,
    },
    /// In `house`, `digit` fits only `cell`.
    HiddenSingle {
        /// The cell filled.
        cell: usize,
        /// The digit with one place.
        digit: u8,
        /// The house where it has that one place.
        house: House,
    },
    /// In `within`, `digit` lies only in the cells it shares with `along`,
    /// so `digit` leaves the `removed` cells of `along`.
    Locked {
        /// The digit eliminated.
        digit: u8,
        /// The house whose places for `digit` all lie in `along`.
        within: House,
        /// The house that loses `digit` elsewhere.
        along: House,
        /// The cells of `along` that lose it.
        removed: Vec<usize>,
    },
}

impl Step {
    /// The cell a step fills, if it fills one.
    pub fn placement(&self) -> Option<(usize, u8)> {
        match *self {
            Step::NakedSingle { cell, digit } | Step::HiddenSingle { cell, digit, .. } => {
                Some((cell, digit))
            }
            Step::Locked { .. } => None,
        }
    }

    /// The technique's difficulty.
    pub fn technique(&self) -> Technique {
        match self {
            Step::NakedSingle { .. } => Technique::NakedSingle,
            Step::HiddenSingle { .. } => Technique::HiddenSingle,
            Step::Locked { .. } => Technique::LockedCandidates,
        }
    }

    /// The step in words, with symbols of `alphabet`: `R3C5 can only be K`,
    /// `In box 7, C fits only R8C2`.
    pub fn describe(&self, size: Size, alphabet: Alphabet) -> String {
        let sym = |d: u8| alphabet.symbol(size, d);
        match self {
            Step::NakedSingle { cell, digit } => {
                format!("{} can only be {}", size.cell_name(*cell), sym(*digit))
            }
            Step::HiddenSingle { cell, digit, house } => {
                format!(
                    "In {house}, {} fits only {}",
                    sym(*digit),
                    size.cell_name(*cell)
                )
            }
            Step::Locked {
                digit,
                within,
                along,
                removed,
            } => {
                let cells: Vec<String> = removed.iter().map(|&c| size.cell_name(c)).collect();
                format!(
                    "In {within}, {} lies only where it meets {along}, so {} cannot be {} ({})",
                    sym(*digit),
                    if cells.len() == 1 {
                        "this cell"
                    } else {
                        "these cells"
                    },
                    sym(*digit),
                    cells.join(", ")
                )
            }
        }
    }
}

/// Techniques from easiest to hardest.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A digit confined to where a box and a line meet.
    LockedCandidates,
}

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

/// The candidates of a partly filled grid.
#[derive(Clone, Debug)]
pub struct Candidates {
    size: Size,
    cells: Vec<u8>,
    /// Per empty cell, the digits still possible (bit `d-1`); 0 when filled.
    masks: Vec<u32>,
}

impl Candidates {
    /// The candidates of `grid`, or the first pair of clashing digits.
    pub fn new(grid: &Grid) -> Result<Candidates, Conflict> {
        if let Some(&c) = grid.conflicts().first() {
            return Err(c);
        }
        let size = grid.size();
        let full = (1u32 << size.side()) - 1;
        let mut masks = vec![0u32; size.cells()];
        for (cell, mask) in masks.iter_mut().enumerate() {
            if grid.get(cell) != 0 {
                continue;
            }
            let mut seen = 0u32;
            for house in size.houses_of(cell) {
                for other in house_cells(size, house) {
                    let d = grid.get(other);
                    if d != 0 {
                        seen |= 1 << (d - 1);
                    }
                }
            }
            *mask = full & !seen;
        }
        Ok(Candidates {
            size,
            cells: grid.cells().to_vec(),
            masks,
        })
    }

    /// The grid's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The digits still possible in `cell` (empty when it is filled).
    pub fn of(&self, cell: usize) -> Vec<u8> {
        (0..self.size.side() as u8)
            .filter(|&d| self.masks[cell] >> d & 1 != 0)
            .map(|d| d + 1)
            .collect()
    }

    /// The same as a bit mask (bit `d-1` for digit `d`).
    pub fn mask(&self, cell: usize) -> u32 {
        self.masks[cell]
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// A place where the grid can no longer be completed, if any.
    pub fn dead_end(&self) -> Option<Dead> {
        if let Some(cell) =
            (0..self.cells.len()).find(|&c| self.cells[c] == 0 && self.masks[c] == 0)
        {
            return Some(Dead::Cell(cell));
        }
        for house in all_houses(self.size) {
            for d in 1..=self.size.side() as u8 {
                let bit = 1u32 << (d - 1);
                let placed = house_cells(self.size, house).any(|c| self.cells[c] == d);
                let possible = house_cells(self.size, house).any(|c| self.masks[c] & bit != 0);
                if !placed && !possible {
                    return Some(Dead::Digit { digit: d, house });
                }
            }
        }
        None
    }

    /// The easiest next step, scanning cells and houses in order; `None`
    /// when these techniques are stuck (or the grid is complete or dead).
    pub fn next_step(&self) -> Option<Step> {
        if self.dead_end().is_some() {
            return None;
        }
        // 1. Naked single.
        for (cell, &m) in self.masks.iter().enumerate() {
            if self.cells[cell] == 0 && m.count_ones() == 1 {
                return Some(Step::NakedSingle {
                    cell,
                    digit: m.trailing_zeros() as u8 + 1,
                });
            }
        }
        // 2. Hidden single.
        for house in all_houses(self.size) {
            for d in 1..=self.size.side() as u8 {
                let bit = 1u32 << (d - 1);
                let mut places =
                    house_cells(self.size, house).filter(|&c| self.masks[c] & bit != 0);
                if let (Some(cell), None) = (places.next(), places.next()) {
                    return Some(Step::HiddenSingle {
                        cell,
                        digit: d,
                        house,
                    });
                }
            }
        }
        // 3. Locked candidates: a box against a line, then a line against a box.
        let b = self.size.box_size();
        for x in 0..self.size.side() {
            let bx = House::Box(x);
            let (top, left) = (x / b * b, x % b * b);
            for i in 0..b {
                for along in [House::Row(top + i), House::Col(left + i)] {
                    if let Some(step) = self.locked(bx, along) {
                        return Some(step);
                    }
                    if let Some(step) = self.locked(along, bx) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// Locked candidates of some digit: all its places in `within` lie in
    /// `along`, and `along` has it elsewhere.
    fn locked(&self, within: House, along: House) -> Option<Step> {
        let size = self.size;
        let shared: Vec<usize> = house_cells(size, within)
            .filter(|c| house_cells(size, along).any(|o| o == *c))
            .collect();
        for d in 1..=size.side() as u8 {
            let bit = 1u32 << (d - 1);
            let places: Vec<usize> = house_cells(size, within)
                .filter(|&c| self.masks[c] & bit != 0)
                .collect();
            if places.is_empty() || !places.iter().all(|c| shared.contains(c)) {
                continue;
            }
            let removed: Vec<usize> = house_cells(size, along)
                .filter(|c| !shared.contains(c) && self.masks[*c] & bit != 0)
                .collect();
            if !removed.is_empty() {
                return Some(Step::Locked {
                    digit: d,
                    within,
                    along,
                    removed,
                });
            }
        }
        None
    }

    /// Carries out a step.
    pub fn apply(&mut self, step: &Step) {
        match step {
            Step::NakedSingle { cell, digit } | Step::HiddenSingle { cell, digit, .. } => {
                self.fill(*cell, *digit)
            }
            Step::Locked { digit, removed, .. } => {
                for &c in removed {
                    self.masks[c] &= !(1 << (digit - 1));
                }
            }
        }
    }

    fn fill(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = digit;
        self.masks[cell] = 0;
        let bit = 1u32 << (digit - 1);
        for house in self.size.houses_of(cell) {
            for other in house_cells(self.size, house) {
                self.masks[other] &= !bit;
            }
        }
    }

    /// The grid as filled so far.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.size, self.cells.clone()).expect("cells of this size")
    }
}

fn all_houses(size: Size) -> impl Iterator<Item = House> {
    let n = size.side();
    (0..n)
        .map(House::Row)
        .chain((0..n).map(House::Col))
        .chain((0..n).map(House::Box))
}

/// How hard a puzzle is, from what solving it takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grade {
    /// The hardest technique the logical solve needed, or `None` when
    /// singles and locked candidates do not finish it.
    pub hardest: Option<Technique>,
    /// Branch points the search engine needed (0 when logic suffices).
    pub guesses: u64,
}

impl Grade {
    /// A stable word: `naked-singles`, `hidden-singles`, `locked-candidates`
    /// or `guessing`.
    pub fn id(&self) -> &'static str {
        match self.hardest {
            Some(Technique::NakedSingle) => "naked-singles",
            Some(Technique::HiddenSingle) => "hidden-singles",
            Some(Technique::LockedCandidates) => "locked-candidates",
            None => "guessing",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hardest {
            Some(Technique::NakedSingle) => f.write_str("easy: naked singles only"),
            Some(Technique::HiddenSingle) => f.write_str("medium: hidden singles"),
            Some(Technique::LockedCandidates) => f.write_str("hard: needs locked candidates"),
            None => write!(
                f,
                "very hard: needs guessing ({} guess{})",
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
    let mut c = Candidates::new(puzzle).ok()?;
    let mut hardest = Technique::NakedSingle;
    while let Some(step) = c.next_step() {
        hardest = hardest.max(step.technique());
        c.apply(&step);
    }
    if c.is_complete() {
        return Some(Grade {
            hardest: Some(hardest),
            guesses: 0,
        });
    }
    guesses().map(|g| Grade {
        hardest: None,
        guesses: g.max(1),
    })
}

/// A hint for someone solving `puzzle` (the givens) who has filled
/// `entries` so far (0 where empty). Never reveals more than one cell.
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
    /// The next logical step fills `cell` with `digit`. `before` lists the
    /// candidate eliminations (locked candidates) it needs first.
    Step {
        /// The step that fills a cell.
        step: Step,
        /// The eliminations it needs first, in order.
        before: Vec<Step>,
    },
    /// No step of these techniques applies: the solver's digit for the
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

/// The hint for `puzzle` with `entries` filled in (see [`Hint`]).
pub fn hint(puzzle: &Grid, entries: &Grid) -> Hint {
    let size = puzzle.size();
    let mut cells = puzzle.cells().to_vec();
    for (i, &e) in entries.cells().iter().enumerate() {
        if cells[i] == 0 && e != 0 {
            cells[i] = e;
        }
    }
    let current = Grid::from_cells(size, cells).expect("cells of this size");
    if let Some(&c) = current.conflicts().first() {
        return Hint::Conflict(c);
    }
    // The truth: the puzzle's solution (one of them when there are several).
    let truth = match solve(puzzle, &SolveOptions::default()).outcome {
        Outcome::Unique(g) | Outcome::Several { example: g, .. } => g,
        _ => return Hint::NoSolution,
    };
    let wrong = current
        .cells()
        .iter()
        .zip(truth.cells())
        .any(|(&have, &want)| have != 0 && have != want);
    if wrong {
        // The entries may still fit another solution when there are several.
        let still = matches!(
            solve(
                &current,
                &SolveOptions {
                    limit: 1,
                    ..SolveOptions::default()
                }
            )
            .outcome,
            Outcome::Solved(_)
        );
        if !still {
            return Hint::WrongEntries;
        }
    }
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
    let target = (0..size.cells())
        .filter(|&c| current.get(c) == 0)
        .min_by_key(|&c| candidates.mask(c).count_ones())
        .expect("an incomplete grid has an empty cell");
    // The truth of the current grid (it may differ from `truth` when the
    // puzzle has several solutions and the entries chose another).
    let digit = match solve(
        &current,
        &SolveOptions {
            limit: 1,
            engine: Engine::Bitmask,
            ..SolveOptions::default()
        },
    )
    .outcome
    {
        Outcome::Solved(g) => g.get(target),
        _ => truth.get(target),
    };
    Hint::Reveal {
        cell: target,
        digit,
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

/// Compares `entries` with the unique solution of `puzzle`.
pub fn check(puzzle: &Grid, entries: &Grid) -> Check {
    if let Some(&c) = puzzle.conflicts().first() {
        return Check::Conflict(c);
    }
    let truth = match solve(puzzle, &SolveOptions::default()).outcome {
        Outcome::Unique(g) => g,
        Outcome::Several { .. } => return Check::NotUnique,
        _ => return Check::NoSolution,
    };
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
