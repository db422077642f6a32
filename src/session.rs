//! A puzzle session: what a person works on, apart from how it is shown.
//!
//! After Simon Tatham's puzzles, four kinds of state stay apart: the puzzle
//! (givens and entries), the person's place in it (cursor, mode, the marks
//! the last hint or check left, the step of the logical path on show), the
//! history (undo and redo), and what was last painted (which lives in the
//! front end, `web::view`). Every action
//! returns a [`Feedback`]: what happened and the cells involved. Words come
//! last, in the front end, so this module has no sentences and no browser,
//! and its behaviour is tested natively.

use crate::alphabet::Alphabet;
use crate::format::{format, Layout, Notation};
use crate::grid::{Conflict, Grid, GridError};
use crate::logic::{self, Candidates, Check, End, Hint, Level, Path, Step, Truth};
use crate::parse::{parse_first, ParseError, ParseOptions};
use crate::shape::{House, Shape};
use crate::share::{self, ShareError};
use crate::solver::{Outcome, SolveOptions};
use crate::verify::{verify, VerifyError};

/// Snapshots kept for undo.
const HISTORY: usize = 500;

/// Grids whose search results are kept: the givens, the grid as it is, and
/// a few before (undo comes back to them).
const KNOWN: usize = 6;

/// What a search found for one grid (givens, or givens with entries): the
/// page's worker searches, the session keeps the answer and reads hints,
/// checks and "answers as you type" off it without searching itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// No grid completes it.
    None,
    /// Exactly one: this.
    Unique(Vec<u8>),
    /// Exactly `count` solutions, or at least `count` when `more`; `example`
    /// is one of them.
    Several {
        /// Solutions found, up to the search's limit.
        count: u64,
        /// Whether the search stopped at its limit.
        more: bool,
        /// One of the solutions.
        example: Vec<u8>,
    },
}

impl Found {
    /// What a finished search's outcome says (conflicting cells have no
    /// solution); `None` for a search stopped by its budget, or one with
    /// limit 1, which cannot tell one solution from several.
    pub fn from_outcome(outcome: &Outcome) -> Option<Found> {
        match outcome {
            Outcome::Unique(g) => Some(Found::Unique(g.cells().to_vec())),
            Outcome::Several {
                count,
                more,
                example,
            } => Some(Found::Several {
                count: *count,
                more: *more,
                example: example.cells().to_vec(),
            }),
            Outcome::NoSolution | Outcome::Conflict(_) => Some(Found::None),
            Outcome::Solved(_) | Outcome::OutOfBudget { .. } => None,
        }
    }

    /// A solution, when there is one.
    pub fn example(&self) -> Option<&[u8]> {
        match self {
            Found::None => None,
            Found::Unique(s) | Found::Several { example: s, .. } => Some(s),
        }
    }
}

#[derive(Clone, Debug)]
struct Known {
    cells: Vec<u8>,
    found: Found,
}

/// What the grid so far allows, for the line "answers as you type".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answers {
    /// Two filled cells clash.
    Conflict(Conflict),
    /// No grid completes it. `since`: the cells filled since it last had a
    /// solution (the entry that made it impossible), when that is known.
    None {
        /// The cells filled since the grid last had a solution.
        since: Vec<usize>,
    },
    /// Exactly one solution.
    Unique,
    /// Exactly `count`, or at least `count` when `more`.
    Several {
        /// Solutions counted.
        count: u64,
        /// Whether the count stopped at its limit.
        more: bool,
    },
}

/// What typing sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Typing sets givens: entering a puzzle.
    Edit,
    /// Typing sets entries; the givens stay fixed.
    Play,
}

impl Mode {
    /// The stable machine name: `edit`, `play`.
    pub fn id(self) -> &'static str {
        match self {
            Mode::Edit => "edit",
            Mode::Play => "play",
        }
    }

    /// Reads a machine name.
    pub fn from_id(id: &str) -> Option<Mode> {
        match id {
            "edit" => Some(Mode::Edit),
            "play" => Some(Mode::Play),
            _ => None,
        }
    }
}

/// Why an action changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The session is read-only (an embedded grid that shows a puzzle).
    ReadOnly,
    /// In play mode the givens stay fixed.
    Given(usize),
    /// A key that is no symbol of the grid's alphabet, nor a blank.
    NotASymbol(char),
    /// A cell or digit outside the grid.
    NoSuchCell(usize),
    /// Text that is not a puzzle; the grid is unchanged.
    Unreadable(ParseError),
    /// A link whose puzzle could not be read.
    BadLink(ShareError),
    /// Cells that are not a grid of the session's size.
    BadCells(GridError),
    /// A "solution" that is not one of these givens (the verifier's reason).
    NotASolution(VerifyError),
    /// Notes go in empty cells; this one shows a digit.
    Filled(usize),
    /// The answer needs a search of these cells first (the page runs it in
    /// its worker and tells the session with [`Session::learn`]).
    NeedsSearch(Vec<u8>),
    /// The undo history is empty.
    NothingToUndo,
    /// Nothing was undone since the last change.
    NothingToRedo,
    /// The whole solution is on show: a hint has nothing left to tell.
    SolutionShown,
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Only the cursor moved.
    Moved,
    /// Givens or entries changed.
    Edited,
    /// The player's notes changed.
    Noted,
    /// The Notes switch: typing writes notes (`true`) or digits.
    Noting(bool),
    /// The cell already held that digit; the cursor moved on.
    Unchanged,
    /// Nothing changed, for this reason.
    Refused(Refusal),
    /// The last change was undone.
    Undone,
    /// The last undo was redone.
    Redone,
    /// A puzzle read from text: its size and alphabet, its givens, and how
    /// many puzzles the text held (the first is shown).
    Loaded {
        /// The puzzle's shape.
        shape: Shape,
        /// The alphabet it was written in.
        alphabet: Alphabet,
        /// Its number of givens.
        givens: usize,
        /// Digits the text marks as the player's, loaded as entries.
        entries: usize,
        /// Puzzles in the text.
        puzzles: usize,
        /// Cells given notes: a candidate grid's candidates.
        notes: usize,
    },
    /// A puzzle with entries from a link.
    Opened {
        /// The puzzle's shape.
        shape: Shape,
        /// Its number of givens.
        givens: usize,
        /// Its number of entries.
        entries: usize,
        /// The givens clash: the link opens, and says so.
        conflict: Option<Conflict>,
        /// It replaced a grid holding work (undo brings that back).
        replaced: bool,
    },
    /// A new puzzle replaced the grid (generated or restored).
    Replaced,
    /// The grid was emptied.
    Cleared,
    /// A verified solution is shown: `filled` cells without a given, of
    /// which `corrected` held a wrong entry.
    SolutionShown {
        /// Cells that show the solver's digit.
        filled: usize,
        /// Of those, the cells that held a wrong entry.
        corrected: usize,
    },
    /// The solution is hidden again.
    SolutionHidden,
    /// The mode changed to this one.
    Mode(Mode),
    /// The next step, or why there is none, told as far as `level`.
    Hint {
        /// What the hint found.
        hint: Hint,
        /// How much of it is told.
        level: HintLevel,
    },
    /// The logical path of the givens is on show, at step `at` (0-based;
    /// `at == steps` shows where it ended).
    Walk {
        /// The step shown.
        at: usize,
        /// Steps in the path.
        steps: usize,
        /// How the path ends.
        end: End,
        /// The puzzle's level as far as the path tells.
        level: Level,
    },
    /// The logical path is no longer on show.
    WalkClosed,
    /// What checking the entries found.
    Checked(Check),
}

/// How much a hint tells: asking again for the same grid tells more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HintLevel {
    /// The technique and the house to look at.
    Nudge,
    /// The whole reasoning, its cells marked, without the digit it places.
    Explain,
    /// The digit too.
    Reveal,
}

/// The last hint, until the grid changes.
#[derive(Clone, Debug)]
struct Hinting {
    hint: Hint,
    level: HintLevel,
}

impl Hinting {
    /// The steps the hint tells of, the eliminations first.
    fn steps(&self) -> Vec<&Step> {
        match &self.hint {
            Hint::Step { step, before } => before.iter().chain(Some(step)).collect(),
            _ => Vec::new(),
        }
    }

    /// The cell the hint is about (once it says which).
    fn target(&self) -> Option<usize> {
        match (&self.hint, self.level) {
            (_, HintLevel::Nudge) => None,
            (Hint::Step { step, .. }, _) => step.placement().map(|(c, _)| c),
            (Hint::Reveal { cell, .. }, _) => Some(*cell),
            _ => None,
        }
    }
}

/// The houses a step points at: its own, or the box of its first cell.
pub fn focus(step: &Step, shape: &Shape) -> Vec<House> {
    if step.houses.is_empty() {
        step.cells
            .first()
            .map(|&c| vec![shape.region_house(c)])
            .unwrap_or_default()
    } else {
        step.houses.clone()
    }
}

/// The logical path of the givens, shown step by step.
#[derive(Clone, Debug)]
struct Walk {
    path: Path,
    /// The step shown: the grid is the one before it.
    at: usize,
}

impl Walk {
    /// The step shown (none past the last).
    fn current(&self) -> Option<&Step> {
        self.path.steps.get(self.at)
    }

    /// The candidates before the step shown.
    fn candidates(&self, s: &Session) -> Candidates {
        let puzzle =
            Grid::from_cells(s.shape.clone(), s.givens.clone()).expect("givens of this size");
        let mut c = Candidates::new(&puzzle).expect("a path has consistent givens");
        for step in &self.path.steps[..self.at] {
            c.apply(step);
        }
        c
    }

    /// The digit the steps before the one shown put in `cell` (0 if none).
    fn digit(&self, cell: usize) -> u8 {
        self.path.steps[..self.at]
            .iter()
            .flat_map(|s| s.placements.iter())
            .find(|&&(c, _)| c == cell)
            .map_or(0, |&(_, d)| d)
    }
}

/// An action's result: its kind and the cells involved (the edited cell, the
/// hinted cell and its house, the wrong entries…).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// What happened.
    pub kind: Kind,
    /// The cells involved, for the front end to mark or announce.
    pub cells: Vec<usize>,
}

impl Feedback {
    fn of(kind: Kind) -> Feedback {
        Feedback {
            kind,
            cells: Vec::new(),
        }
    }

    fn refused(refusal: Refusal) -> Feedback {
        Feedback::of(Kind::Refused(refusal))
    }

    /// Givens, entries or notes changed (save them; older results are
    /// stale).
    pub fn changed(&self) -> bool {
        matches!(
            self.kind,
            Kind::Edited
                | Kind::Noted
                | Kind::Undone
                | Kind::Redone
                | Kind::Loaded { .. }
                | Kind::Opened { .. }
                | Kind::Replaced
                | Kind::Cleared
        )
    }
}

/// Whose digit a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Nothing shown.
    Empty,
    /// A digit of the puzzle.
    Given,
    /// The person's entry (and, with a solution shown, a right one).
    Entry,
    /// The solver's digit: an empty cell, or one whose entry was wrong.
    Filled,
}

/// A grid as it was, with its shape and how it was written: a puzzle of
/// another shape (a paste, a link, a jigsaw with other regions) is one
/// undoable step like any other, so the grid it replaced is never lost.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    shape: Shape,
    alphabet: Alphabet,
    layout: Layout,
    givens: Vec<u8>,
    entries: Vec<u8>,
    notes: Vec<u32>,
}

impl Snapshot {
    /// Whether the grid holds anything a person could miss.
    fn holds_work(&self) -> bool {
        self.givens.iter().chain(&self.entries).any(|&d| d != 0)
            || self.notes.iter().any(|&n| n != 0)
    }
}

/// The state of one grid being worked on.
#[derive(Clone, Debug)]
pub struct Session {
    shape: Shape,
    alphabet: Alphabet,
    /// The layout copied text is written in: the one the puzzle came in.
    layout: Layout,
    givens: Vec<u8>,
    /// The person's digits, never under a given.
    entries: Vec<u8>,
    /// The person's notes, per cell (bit `d - 1` for digit `d`); shown only
    /// where the cell shows no digit, kept under one.
    notes: Vec<u32>,
    /// A verified solution on show.
    solution: Option<Vec<u8>>,
    mode: Mode,
    /// The Notes switch: typing writes notes instead of digits.
    noting: bool,
    /// A placed digit leaves its peers' notes (the default).
    clear_notes: bool,
    readonly: bool,
    cursor: usize,
    /// Entries the last check found wrong (until the next change).
    wrong: Vec<usize>,
    /// The last hint and how much of it was told (until the next change).
    hinting: Option<Hinting>,
    /// The logical path on show, if any (until the next change).
    walk: Option<Walk>,
    /// Conflicts of givens and entries, kept up to date on every change.
    conflicts: Vec<Conflict>,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// What searches found for recent grids, the newest first.
    known: Vec<Known>,
    /// The last grid known to have a solution: the cells filled since are
    /// what made the grid impossible.
    solvable: Option<Vec<u8>>,
    /// Every value some solution of the current grid holds, per cell
    /// (until the next change).
    possible: Option<Vec<u32>>,
}

impl Session {
    /// An empty grid of `shape` in edit mode.
    pub fn new(shape: Shape) -> Session {
        Session {
            alphabet: Alphabet::default_for(shape.side()),
            layout: default_layout(&shape),
            givens: vec![0; shape.cells()],
            entries: vec![0; shape.cells()],
            notes: vec![0; shape.cells()],
            shape,
            solution: None,
            mode: Mode::Edit,
            noting: false,
            clear_notes: true,
            readonly: false,
            cursor: 0,
            wrong: Vec::new(),
            hinting: None,
            walk: None,
            conflicts: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            known: Vec::new(),
            solvable: None,
            possible: None,
        }
    }

    // ---- reading the state ------------------------------------------------

    /// The grid's shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
    /// The alphabet the grid is shown and copied in.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }
    /// The layout copied text is written in.
    pub fn layout(&self) -> Layout {
        self.layout
    }
    /// Whether typing sets givens or entries.
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// Whether every edit is refused.
    pub fn readonly(&self) -> bool {
        self.readonly
    }
    /// The cell with the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// The givens, row-major, 0 for none.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }
    /// The person's digits, row-major, 0 for none (never under a given).
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }
    /// The person's notes, row-major (bit `d - 1` for digit `d`).
    pub fn notes(&self) -> &[u32] {
        &self.notes
    }
    /// The notes `cell` shows: none where it shows a digit, or while the
    /// logical path is on show.
    pub fn shown_notes(&self, cell: usize) -> u32 {
        if self.walk.is_some() || self.shown(cell).0 != 0 {
            0
        } else {
            self.notes[cell]
        }
    }
    /// Whether typing writes notes (the Notes switch).
    pub fn noting(&self) -> bool {
        self.noting
    }
    /// Whether a placed digit leaves its peers' notes.
    pub fn clears_notes(&self) -> bool {
        self.clear_notes
    }
    /// The verified solution on show, if any.
    pub fn solution(&self) -> Option<&[u8]> {
        self.solution.as_deref()
    }
    /// Whether there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether there is an undo to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// Conflicts among givens and entries (first found first).
    pub fn conflicts(&self) -> &[Conflict] {
        &self.conflicts
    }

    /// The first clash between two givens: then there is nothing to solve.
    pub fn givens_conflict(&self) -> Option<Conflict> {
        self.conflicts
            .iter()
            .find(|c| self.givens[c.first] != 0 && self.givens[c.second] != 0)
            .copied()
    }

    /// Givens and entries together, as the person sees them without a
    /// solution.
    pub fn current(&self) -> Vec<u8> {
        self.givens
            .iter()
            .zip(&self.entries)
            .map(|(&g, &e)| if g != 0 { g } else { e })
            .collect()
    }

    /// The digit `cell` shows and whose it is. With a solution on show, a
    /// right entry stays the person's; a wrong one shows the solver's digit.
    /// With the logical path on show, the cells its steps filled so far are
    /// `Filled`.
    pub fn shown(&self, cell: usize) -> (u8, Role) {
        let (g, e) = (self.givens[cell], self.entries[cell]);
        if let Some(w) = &self.walk {
            return match (g, w.digit(cell)) {
                (0, 0) => (0, Role::Empty),
                (0, d) => (d, Role::Filled),
                (g, _) => (g, Role::Given),
            };
        }
        match &self.solution {
            _ if g != 0 => (g, Role::Given),
            Some(s) if e == s[cell] => (e, Role::Entry),
            Some(s) => (s[cell], Role::Filled),
            None if e != 0 => (e, Role::Entry),
            None => (0, Role::Empty),
        }
    }

    /// Whether `cell` shows the solution's digit over an entry that
    /// differed from it (marked, so a wrong entry is not mistaken for a
    /// filled cell).
    pub fn corrected(&self, cell: usize) -> bool {
        self.walk.is_none()
            && self.shown(cell).1 == Role::Filled
            && self.entries[cell] != 0
            && self.solution.is_some()
    }

    /// Cells the solver's digits fill (0 without a solution).
    pub fn filled_count(&self) -> usize {
        (0..self.shape.cells())
            .filter(|&c| self.shown(c).1 == Role::Filled)
            .count()
    }

    /// Whether `cell` is marked as in conflict. A shown solution has none,
    /// so the marks go with it.
    pub fn in_conflict(&self, cell: usize) -> bool {
        self.solution.is_none()
            && self
                .conflicts
                .iter()
                .any(|c| c.first == cell || c.second == cell)
    }

    /// Whether the last check found `cell`'s entry wrong (and no solution
    /// shows the right digit since).
    pub fn is_wrong(&self, cell: usize) -> bool {
        self.solution.is_none() && self.wrong.contains(&cell)
    }

    /// The cell the last hint is about, once it says which.
    pub fn hinted(&self) -> Option<usize> {
        self.hinting.as_ref().and_then(Hinting::target)
    }

    /// Whether `cell` lies in a house the last hint (or the step on show)
    /// points at.
    pub fn in_hint_house(&self, cell: usize) -> bool {
        let houses = match (&self.walk, &self.hinting) {
            (Some(w), _) => w.current().map(|s| s.houses.clone()).unwrap_or_default(),
            (None, Some(h)) if h.level == HintLevel::Nudge => h
                .steps()
                .first()
                .map(|s| focus(s, &self.shape))
                .unwrap_or_default(),
            (None, Some(h)) => h
                .steps()
                .iter()
                .flat_map(|s| focus(s, &self.shape))
                .collect(),
            (None, None) => Vec::new(),
        };
        let own = self.shape.houses_of(cell);
        houses.iter().any(|h| own.contains(h))
    }

    /// Whether `cell` belongs to the pattern of the step on show, or of the
    /// steps the last hint explains.
    pub fn in_pattern(&self, cell: usize) -> bool {
        match (&self.walk, &self.hinting) {
            (Some(w), _) => w.current().is_some_and(|s| s.cells.contains(&cell)),
            (None, Some(h)) if h.level >= HintLevel::Explain => {
                h.steps().iter().any(|s| s.cells.contains(&cell))
            }
            _ => false,
        }
    }

    /// With the logical path on show: the candidates of `cell` at the step
    /// shown (0 for a filled cell), and those the step removes there (bit
    /// `d - 1` for digit `d`). `None` when the path is not on show.
    pub fn walk_candidates(&self, cell: usize) -> Option<(u32, u32)> {
        let w = self.walk.as_ref()?;
        let gone = w.current().map_or(0, |s| {
            s.eliminations
                .iter()
                .filter(|&&(c, _)| c == cell)
                .fold(0, |acc, &(_, d)| acc | 1 << (d - 1))
        });
        Some((w.candidates(self).mask(cell), gone))
    }

    /// With the logical path on show, whether the step shown fills `cell`.
    pub fn walk_places(&self, cell: usize) -> bool {
        self.walk
            .as_ref()
            .and_then(Walk::current)
            .is_some_and(|s| s.placements.iter().any(|&(c, _)| c == cell))
    }

    /// The logical path on show: its steps and the step shown.
    pub fn walk(&self) -> Option<(&Path, usize)> {
        self.walk.as_ref().map(|w| (&w.path, w.at))
    }

    /// The grid as text: the solution when one is shown, else givens and
    /// entries, in the session's alphabet and layout.
    pub fn text(&self) -> String {
        let cells = self.solution.clone().unwrap_or_else(|| self.current());
        let grid = Grid::from_cells(self.shape.clone(), cells).expect("cells of this size");
        let notation = Notation {
            alphabet: self.alphabet,
            layout: self.layout,
            blank: self.alphabet.default_blank(self.shape.side()),
            kind: false,
        };
        format(&grid, &notation)
    }

    /// The givens, entries and notes as a link fragment (see [`share`]).
    pub fn share_text(&self) -> String {
        let (g, e) = self.grids();
        share::encode(&g, &e, &self.notes)
    }

    // ---- settings (not undoable: they change how, not what) --------------

    /// Switches between entering a puzzle and playing it.
    pub fn set_mode(&mut self, mode: Mode) -> Feedback {
        self.mode = mode;
        Feedback::of(Kind::Mode(mode))
    }

    /// Makes every edit refused, or allowed again.
    pub fn set_readonly(&mut self, readonly: bool) {
        self.readonly = readonly;
    }

    /// Shows the grid in another alphabet; `false` when it does not serve
    /// the size.
    pub fn set_alphabet(&mut self, alphabet: Alphabet) -> bool {
        let fits = alphabet.fits_side(self.shape.side());
        if fits {
            self.alphabet = alphabet;
        }
        fits
    }

    /// The layout copied text is written in.
    pub fn set_layout(&mut self, layout: Layout) {
        self.layout = layout;
    }

    /// Turns the Notes switch on or off: typing then writes notes, or
    /// digits.
    pub fn set_noting(&mut self, on: bool) -> Feedback {
        self.noting = on;
        Feedback::of(Kind::Noting(on))
    }

    /// Whether a placed digit leaves the notes of its peers (on by default).
    pub fn set_clear_notes(&mut self, on: bool) {
        self.clear_notes = on;
    }

    /// Another shape, its grid empty, keeping the history and the mode:
    /// what was found about the old grid goes (the same cells in other
    /// regions are another puzzle). The alphabet and layout become the new
    /// side's usual ones when the side changes.
    fn reshape(&mut self, shape: Shape) {
        if shape.side() != self.shape.side() {
            self.alphabet = Alphabet::default_for(shape.side());
            self.layout = default_layout(&shape);
        }
        let cells = shape.cells();
        self.givens = vec![0; cells];
        self.entries = vec![0; cells];
        self.notes = vec![0; cells];
        self.shape = shape;
        self.solution = None;
        self.cursor = 0;
        self.known.clear();
        self.solvable = None;
    }

    /// An empty grid of another shape, in edit mode, with a history of its
    /// own (the page keeps each size's grid). The settings stay.
    pub fn resize(&mut self, shape: Shape) {
        let (readonly, noting, clear_notes) = (self.readonly, self.noting, self.clear_notes);
        *self = Session::new(shape);
        self.readonly = readonly;
        self.noting = noting;
        self.clear_notes = clear_notes;
    }

    // ---- moving ------------------------------------------------------------

    /// Puts the cursor on `cell`.
    pub fn select(&mut self, cell: usize) -> Feedback {
        if cell >= self.shape.cells() {
            return Feedback::refused(Refusal::NoSuchCell(cell));
        }
        self.cursor = cell;
        Feedback {
            kind: Kind::Moved,
            cells: vec![cell],
        }
    }

    /// Moves the cursor by rows and columns, stopping at the edges.
    pub fn step(&mut self, rows: isize, cols: isize) -> Feedback {
        let n = self.shape.side() as isize;
        let (r, c) = (
            (self.cursor as isize / n + rows).clamp(0, n - 1),
            (self.cursor as isize % n + cols).clamp(0, n - 1),
        );
        self.select((r * n + c) as usize)
    }

    // ---- editing -----------------------------------------------------------

    /// Puts `digit` (0 empties) in the cursor cell: a given in edit mode, an
    /// entry in play mode. The cursor moves on when `advance`.
    pub fn put(&mut self, digit: u8, advance: bool) -> Feedback {
        let cell = self.cursor;
        if self.readonly {
            return Feedback::refused(Refusal::ReadOnly);
        }
        if digit as usize > self.shape.side() {
            return Feedback::refused(Refusal::NotASymbol(char::REPLACEMENT_CHARACTER));
        }
        if self.mode == Mode::Play && self.givens[cell] != 0 {
            return Feedback {
                kind: Kind::Refused(Refusal::Given(cell)),
                cells: vec![cell],
            };
        }
        let changed = match self.mode {
            Mode::Play => self.entries[cell] != digit,
            Mode::Edit => self.givens[cell] != digit || self.entries[cell] != 0,
        };
        let notes = digit == 0 && self.notes[cell] != 0 && self.shown(cell).0 == 0;
        if changed {
            self.remember();
            self.write(cell, digit);
            self.clear_peer_notes(cell, digit);
            self.changed();
        } else if notes {
            // Emptying a cell that holds only notes clears them.
            self.remember();
            self.notes[cell] = 0;
            return Feedback {
                kind: Kind::Noted,
                cells: vec![cell],
            };
        } else {
            // Typing over a shown solution is working on the grid again.
            self.solution = None;
        }
        if advance && cell + 1 < self.shape.cells() {
            self.cursor = cell + 1;
        }
        Feedback {
            kind: if changed {
                Kind::Edited
            } else {
                Kind::Unchanged
            },
            cells: vec![cell],
        }
    }

    /// Changes `cell` to `digit` within the last undo step: the second key
    /// of a two-digit number amends the first.
    pub fn amend(&mut self, cell: usize, digit: u8) -> Feedback {
        if self.readonly {
            return Feedback::refused(Refusal::ReadOnly);
        }
        if cell >= self.shape.cells() || digit as usize > self.shape.side() {
            return Feedback::refused(Refusal::NoSuchCell(cell));
        }
        if self.mode == Mode::Play && self.givens[cell] != 0 {
            return Feedback::refused(Refusal::Given(cell));
        }
        self.write(cell, digit);
        self.clear_peer_notes(cell, digit);
        self.redo.clear();
        self.changed();
        Feedback {
            kind: Kind::Edited,
            cells: vec![cell],
        }
    }

    /// Toggles the note `digit` in the cursor cell (an empty one). The
    /// cursor stays: a cell often takes several notes.
    pub fn toggle_note(&mut self, digit: u8) -> Feedback {
        let cell = self.cursor;
        if let Some(refused) = self.refuse_note(cell, digit) {
            return refused;
        }
        self.remember();
        self.notes[cell] ^= 1 << (digit - 1);
        self.solution = None;
        Feedback {
            kind: Kind::Noted,
            cells: vec![cell],
        }
    }

    /// The second key of a two-digit note: the note `from` that the first
    /// key toggled in `cell` becomes `to`, within the same undo step.
    pub fn amend_note(&mut self, cell: usize, from: u8, to: u8) -> Feedback {
        if let Some(refused) = self.refuse_note(cell, to) {
            return refused;
        }
        if from == 0 || from as usize > self.shape.side() {
            return Feedback::refused(Refusal::NotASymbol(char::REPLACEMENT_CHARACTER));
        }
        self.notes[cell] ^= 1 << (from - 1) | 1 << (to - 1);
        self.redo.clear();
        Feedback {
            kind: Kind::Noted,
            cells: vec![cell],
        }
    }

    fn refuse_note(&self, cell: usize, digit: u8) -> Option<Feedback> {
        if self.readonly {
            return Some(Feedback::refused(Refusal::ReadOnly));
        }
        if cell >= self.shape.cells() {
            return Some(Feedback::refused(Refusal::NoSuchCell(cell)));
        }
        if digit == 0 || digit as usize > self.shape.side() {
            return Some(Feedback::refused(Refusal::NotASymbol(
                char::REPLACEMENT_CHARACTER,
            )));
        }
        let own = self.givens[cell] != 0 || self.entries[cell] != 0;
        own.then(|| Feedback {
            kind: Kind::Refused(Refusal::Filled(cell)),
            cells: vec![cell],
        })
    }

    /// Replaces every note (restoring saved work; not undoable). Notes
    /// beyond the side are dropped.
    pub fn set_notes(&mut self, notes: &[u32]) -> Result<(), Refusal> {
        if notes.len() != self.shape.cells() {
            return Err(Refusal::BadCells(GridError::WrongLength {
                expected: self.shape.cells(),
                found: notes.len(),
            }));
        }
        let all = (1u32 << self.shape.side()) - 1;
        self.notes = notes.iter().map(|&m| m & all).collect();
        Ok(())
    }

    /// A digit placed in `cell` leaves the notes of the cells that share a
    /// house with it (when that setting is on).
    fn clear_peer_notes(&mut self, cell: usize, digit: u8) {
        if digit == 0 || !self.clear_notes {
            return;
        }
        let geometry = crate::shape::Geometry::of(&self.shape);
        for &peer in geometry.peers(cell) {
            self.notes[peer as usize] &= !(1 << (digit - 1));
        }
    }

    /// Backspace: empties the cursor cell, or the one before when it is
    /// already empty (and moves there).
    pub fn backspace(&mut self) -> Feedback {
        let own = match self.mode {
            Mode::Play => self.entries[self.cursor],
            Mode::Edit => self.givens[self.cursor],
        };
        if own == 0 && self.notes[self.cursor] == 0 && self.cursor > 0 {
            self.cursor -= 1;
        }
        self.put(0, false)
    }

    fn write(&mut self, cell: usize, digit: u8) {
        match self.mode {
            Mode::Play => self.entries[cell] = digit,
            Mode::Edit => {
                self.givens[cell] = digit;
                self.entries[cell] = 0;
            }
        }
    }

    /// Empties the grid (undoable).
    pub fn clear(&mut self) -> Feedback {
        if self.readonly {
            return Feedback::refused(Refusal::ReadOnly);
        }
        self.remember();
        self.givens.fill(0);
        self.entries.fill(0);
        self.notes.fill(0);
        self.solvable = None;
        self.changed();
        Feedback::of(Kind::Cleared)
    }

    /// Replaces givens and entries (a generated or restored puzzle; undoable
    /// when the shape stays). Entries under givens are dropped.
    pub fn replace(&mut self, givens: Grid, entries: Grid) -> Feedback {
        if entries.shape() != givens.shape() {
            return Feedback::refused(Refusal::BadCells(GridError::WrongLength {
                expected: givens.shape().cells(),
                found: entries.shape().cells(),
            }));
        }
        self.remember();
        if givens.shape() != &self.shape {
            self.reshape(givens.shape().clone());
        }
        self.givens = givens.cells().to_vec();
        self.entries = entries
            .cells()
            .iter()
            .zip(&self.givens)
            .map(|(&e, &g)| if g == 0 { e } else { 0 })
            .collect();
        self.notes.fill(0);
        self.solvable = None;
        self.changed();
        Feedback::of(Kind::Replaced)
    }

    /// Reads the first puzzle of `text` and shows it as givens in edit mode,
    /// taking its size, alphabet and layout. `prefer` settles text whose
    /// symbols fit several alphabets. Unreadable text changes nothing.
    pub fn load_text(&mut self, text: &str, prefer: Option<Alphabet>) -> Feedback {
        let options = ParseOptions {
            prefer,
            ..ParseOptions::default()
        };
        let (puzzle, puzzles) = match parse_first(text, options) {
            Ok(found) => found,
            Err(e) => return Feedback::refused(Refusal::Unreadable(e)),
        };
        let shape = puzzle.grid.shape().clone();
        // Digits the text marks as the player's (HoDoKu's `+`) are entries.
        let (mut givens, mut entries) = (puzzle.grid.clone(), Grid::empty(shape.clone()));
        for &cell in &puzzle.placed {
            entries.set(cell, givens.get(cell));
            givens.set(cell, 0);
        }
        let (given, placed) = (givens.filled(), entries.filled());
        self.replace(givens, entries);
        // A candidate grid's candidates come in as notes, in the same step:
        // `replace` remembered the notes before it.
        let mut notes = 0;
        if puzzle.notes.len() == self.notes.len() {
            for (mine, &m) in self.notes.iter_mut().zip(&puzzle.notes) {
                *mine = m;
                notes += usize::from(m != 0);
            }
        }
        self.alphabet = puzzle.notation.alphabet;
        self.layout = puzzle.notation.layout;
        // A position with the player's digits goes on being played.
        self.mode = if placed > 0 { Mode::Play } else { Mode::Edit };
        Feedback::of(Kind::Loaded {
            shape,
            alphabet: self.alphabet,
            givens: given,
            entries: placed,
            puzzles,
            notes,
        })
    }

    /// Opens a link fragment made by [`Session::share_text`], in play mode
    /// when it holds anything. A bad link changes nothing.
    pub fn open_link(&mut self, text: &str) -> Feedback {
        let shared = match share::decode(text) {
            Ok(found) => found,
            Err(e) => return Feedback::refused(Refusal::BadLink(e)),
        };
        let (givens, entries) = (shared.givens, shared.entries);
        let shape = givens.shape().clone();
        let (g, e) = (givens.filled(), entries.filled());
        let conflict = givens.conflicts().first().copied();
        let before = self.snapshot();
        self.replace(givens, entries);
        // A link's notes are of its size (`share::decode` made them so).
        let _ = self.set_notes(&shared.notes);
        self.mode = if g + e > 0 { Mode::Play } else { Mode::Edit };
        let cells = conflict.map_or_else(Vec::new, |c| vec![c.first, c.second]);
        Feedback {
            kind: Kind::Opened {
                shape,
                givens: g,
                entries: e,
                conflict,
                replaced: before.holds_work() && self.snapshot() != before,
            },
            cells,
        }
    }

    // ---- history -----------------------------------------------------------

    /// Goes back one change of givens or entries.
    pub fn undo(&mut self) -> Feedback {
        self.travel(true)
    }

    /// Goes forward one undone change.
    pub fn redo(&mut self) -> Feedback {
        self.travel(false)
    }

    fn travel(&mut self, back: bool) -> Feedback {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(state) = from.pop() else {
            return Feedback::refused(if back {
                Refusal::NothingToUndo
            } else {
                Refusal::NothingToRedo
            });
        };
        let now = Snapshot {
            shape: self.shape.clone(),
            alphabet: self.alphabet,
            layout: self.layout,
            givens: std::mem::take(&mut self.givens),
            entries: std::mem::take(&mut self.entries),
            notes: std::mem::take(&mut self.notes),
        };
        let reshaped = now.shape != state.shape;
        let cells = (0..state.givens.len())
            .filter(|&c| {
                reshaped
                    || now.givens[c] != state.givens[c]
                    || now.entries[c] != state.entries[c]
                    || now.notes[c] != state.notes[c]
            })
            .collect();
        to.push(now);
        if reshaped {
            self.reshape(state.shape);
        }
        self.alphabet = state.alphabet;
        self.layout = state.layout;
        self.givens = state.givens;
        self.entries = state.entries;
        self.notes = state.notes;
        self.changed();
        Feedback {
            kind: if back { Kind::Undone } else { Kind::Redone },
            cells,
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            shape: self.shape.clone(),
            alphabet: self.alphabet,
            layout: self.layout,
            givens: self.givens.clone(),
            entries: self.entries.clone(),
            notes: self.notes.clone(),
        }
    }

    /// Keeps the state before a change, for undo.
    fn remember(&mut self) {
        let now = self.snapshot();
        self.undo.push(now);
        if self.undo.len() > HISTORY {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// After any change of givens or entries: results about the old grid go.
    fn changed(&mut self) {
        self.solution = None;
        self.wrong.clear();
        self.hinting = None;
        self.walk = None;
        self.possible = None;
        let grid =
            Grid::from_cells(self.shape.clone(), self.current()).expect("cells of this shape");
        self.conflicts = grid.conflicts();
    }

    // ---- results -----------------------------------------------------------

    /// Shows a solution of the givens. Refused, with nothing changed, unless
    /// the independent verifier accepts it. Entries stay: right ones keep
    /// their role, wrong ones show the solver's digit.
    pub fn show_solution(&mut self, cells: &[u8]) -> Feedback {
        let solution = match Grid::from_cells(self.shape.clone(), cells.to_vec()) {
            Ok(g) => g,
            Err(e) => return Feedback::refused(Refusal::BadCells(e)),
        };
        let puzzle =
            Grid::from_cells(self.shape.clone(), self.givens.clone()).expect("givens of this size");
        if let Err(e) = verify(&puzzle, &solution) {
            return Feedback::refused(Refusal::NotASolution(e));
        }
        self.solution = Some(solution.cells().to_vec());
        self.wrong.clear();
        self.hinting = None;
        self.walk = None;
        let filled: Vec<usize> = (0..self.shape.cells())
            .filter(|&c| self.shown(c).1 == Role::Filled)
            .collect();
        let corrected = filled.iter().filter(|&&c| self.entries[c] != 0).count();
        Feedback {
            kind: Kind::SolutionShown {
                filled: filled.len(),
                corrected,
            },
            cells: filled,
        }
    }

    /// Hides the solution, keeping givens and entries.
    pub fn hide_solution(&mut self) -> Feedback {
        self.solution = None;
        Feedback::of(Kind::SolutionHidden)
    }

    /// The next step for the person, told a little at a time: first the
    /// technique and the house to look at; asked again (with the grid
    /// unchanged), the whole reasoning with its cells marked and the cursor
    /// on the cell it fills, but not the digit; asked again, the digit. It
    /// never fills a cell. Searches on this thread for what it needs to
    /// know (see [`Session::hint_known`] for the page's way).
    pub fn hint(&mut self) -> Feedback {
        self.search_for(Session::hint_needs);
        self.hint_known()
    }

    /// [`Session::hint`] from what searches already found: refused with
    /// [`Refusal::NeedsSearch`] (and nothing changed) when the hint needs
    /// a search of some grid first.
    pub fn hint_known(&mut self) -> Feedback {
        if self.solution.is_some() {
            return Feedback::refused(Refusal::SolutionShown);
        }
        let more = self.hinting.as_mut().filter(|h| {
            h.level < HintLevel::Reveal && matches!(h.hint, Hint::Step { .. } | Hint::Reveal { .. })
        });
        if let Some(h) = more {
            h.level = match h.level {
                HintLevel::Nudge => HintLevel::Explain,
                _ => HintLevel::Reveal,
            };
            // A hint that can only reveal goes straight to the digit.
            if matches!(h.hint, Hint::Reveal { .. }) {
                h.level = HintLevel::Reveal;
            }
        } else {
            let truth = match self.truth() {
                Ok(t) => t,
                Err(cells) => return Feedback::refused(Refusal::NeedsSearch(cells)),
            };
            let (puzzle, entries) = self.grids();
            let hint = match &truth {
                Ok(fits) => {
                    let fits =
                        Grid::from_cells(self.shape.clone(), fits.clone()).expect("verified");
                    logic::hint_with(&puzzle, &entries, Truth::Fits(&fits))
                }
                Err(t) => logic::hint_with(&puzzle, &entries, *t),
            };
            self.hinting = Some(Hinting {
                hint,
                level: HintLevel::Nudge,
            });
        }
        self.walk = None;
        let h = self.hinting.clone().expect("a hint");
        if let Some(cell) = h.target() {
            self.cursor = cell;
        }
        let cells = match &h.hint {
            Hint::Conflict(c) => vec![c.first, c.second],
            _ => (0..self.shape.cells())
                .filter(|&c| self.hinted() == Some(c) || self.in_pattern(c))
                .collect(),
        };
        Feedback {
            kind: Kind::Hint {
                hint: h.hint,
                level: h.level,
            },
            cells,
        }
    }

    /// The grid the next hint needs searched first, if any.
    pub fn hint_needs(&self) -> Option<Vec<u8>> {
        if self.solution.is_some() {
            return None;
        }
        let more = self.hinting.as_ref().is_some_and(|h| {
            h.level < HintLevel::Reveal && matches!(h.hint, Hint::Step { .. } | Hint::Reveal { .. })
        });
        if more {
            return None;
        }
        self.truth().err()
    }

    /// What a hint needs to know beyond logic: `Ok(Ok(s))`, a solution of
    /// the givens that keeps every entry; `Ok(Err(truth))`, that there is
    /// none (or a clash, where logic answers alone); `Err(cells)`, the grid
    /// to search first.
    #[allow(clippy::type_complexity)]
    fn truth(&self) -> Result<Result<Vec<u8>, Truth<'static>>, Vec<u8>> {
        let current = self.current();
        let grid =
            Grid::from_cells(self.shape.clone(), current.clone()).expect("cells of this size");
        if !self.conflicts.is_empty() || grid.is_full() {
            // A clash, or a full grid without one (it is a solution): logic
            // says which; `fits` is then the grid itself.
            return Ok(Ok(current));
        }
        let keeps = |s: &[u8]| current.iter().zip(s).all(|(&c, &x)| c == 0 || c == x);
        let now = self.found(&current);
        if let Some(s) = now.and_then(Found::example) {
            return Ok(Ok(s.to_vec()));
        }
        match self.found(&self.givens) {
            Some(Found::None) => Ok(Err(Truth::NoSolution)),
            Some(f) => match f.example() {
                Some(s) if keeps(s) => Ok(Ok(s.to_vec())),
                _ if matches!(f, Found::Unique(_)) || now == Some(&Found::None) => {
                    Ok(Err(Truth::WrongEntries))
                }
                _ => Err(current),
            },
            None if now == Some(&Found::None) => Err(self.givens.clone()),
            None => Err(current),
        }
    }

    /// Runs the searches `needs` asks for on this thread, as a worker would.
    fn search_for(&mut self, needs: fn(&Session) -> Option<Vec<u8>>) {
        while let Some(cells) = needs(self) {
            let grid =
                Grid::from_cells(self.shape.clone(), cells.clone()).expect("cells of this size");
            let outcome = crate::solver::solve(&grid, &SolveOptions::default()).outcome;
            let found = Found::from_outcome(&outcome).expect("a search without a budget ends");
            self.learn(&cells, found).expect("the solver's own answer");
        }
    }

    /// Keeps what a search found for `cells` (a grid of this size): hints,
    /// checks and the answers line read it instead of searching. A solution
    /// is refused, and nothing kept, unless the independent verifier
    /// accepts it for those cells.
    pub fn learn(&mut self, cells: &[u8], found: Found) -> Result<(), Refusal> {
        let grid =
            Grid::from_cells(self.shape.clone(), cells.to_vec()).map_err(Refusal::BadCells)?;
        if let Some(s) = found.example() {
            let solution =
                Grid::from_cells(self.shape.clone(), s.to_vec()).map_err(Refusal::BadCells)?;
            verify(&grid, &solution).map_err(Refusal::NotASolution)?;
        }
        if found != Found::None {
            self.solvable = Some(cells.to_vec());
        }
        // A search with a lower limit (Solve's 2) says less than one before
        // it (the answers line's 1,000): the count that says more is kept.
        let counted = |f: Option<&Found>| match f {
            Some(Found::Several { count, .. }) => *count,
            _ => 0,
        };
        if counted(self.found(cells)) > counted(Some(&found)) {
            return Ok(());
        }
        self.known.retain(|k| k.cells != cells);
        self.known.insert(
            0,
            Known {
                cells: cells.to_vec(),
                found,
            },
        );
        self.known.truncate(KNOWN);
        Ok(())
    }

    /// What a search found for exactly these cells, if one was learned.
    pub fn found(&self, cells: &[u8]) -> Option<&Found> {
        self.known
            .iter()
            .find(|k| k.cells == cells)
            .map(|k| &k.found)
    }

    /// The grid "answers as you type" needs searched: the current grid,
    /// when nothing is known about it yet (none for an empty grid, or one
    /// whose clash already answers).
    pub fn answers_needs(&self) -> Option<Vec<u8>> {
        let current = self.current();
        let empty = current.iter().all(|&d| d == 0);
        (!empty && self.conflicts.is_empty() && self.found(&current).is_none()).then_some(current)
    }

    /// What the grid so far allows, once known (none for an empty grid).
    pub fn answers(&self) -> Option<Answers> {
        if let Some(&c) = self.conflicts.first() {
            return Some(Answers::Conflict(c));
        }
        let current = self.current();
        Some(match self.found(&current)? {
            Found::Unique(_) => Answers::Unique,
            Found::Several { count, more, .. } => Answers::Several {
                count: *count,
                more: *more,
            },
            Found::None => Answers::None {
                since: self
                    .solvable
                    .as_ref()
                    .map(|before| {
                        (0..current.len())
                            .filter(|&c| current[c] != 0 && current[c] != before[c])
                            .collect()
                    })
                    .unwrap_or_default(),
            },
        })
    }

    /// Every value some solution of the current grid holds, per cell, as a
    /// worker computed it for `cells`: kept only if `cells` is the grid as
    /// it is now (until the next change). Returns whether it was kept.
    pub fn set_possible(&mut self, cells: &[u8], masks: Vec<u32>) -> bool {
        let fits = masks.len() == self.shape.cells() && cells == self.current();
        if fits {
            self.possible = Some(masks);
        }
        fits
    }

    /// The values some solution holds in `cell`, when they are known for
    /// the grid as it is (0 where no solution exists).
    pub fn possible(&self, cell: usize) -> Option<u32> {
        self.possible.as_ref().map(|p| p[cell])
    }

    /// Shows the logical path of the givens, from its first step: each
    /// step's cells and houses marked on the grid as it stood before it.
    /// Entries stay as they are, out of sight, until the path is closed.
    pub fn explain(&mut self) -> Feedback {
        let puzzle =
            Grid::from_cells(self.shape.clone(), self.givens.clone()).expect("givens of this size");
        match logic::path(&puzzle, Level::Expert) {
            Ok(path) => {
                self.hinting = None;
                self.walk = Some(Walk { path, at: 0 });
                self.walk_feedback()
            }
            Err(c) => Feedback {
                kind: Kind::Hint {
                    hint: Hint::Conflict(c),
                    level: HintLevel::Nudge,
                },
                cells: vec![c.first, c.second],
            },
        }
    }

    /// Shows step `at` of the logical path (clamped to its end).
    pub fn walk_to(&mut self, at: usize) -> Feedback {
        match &mut self.walk {
            Some(w) => {
                w.at = at.min(w.path.steps.len());
                self.walk_feedback()
            }
            None => self.explain(),
        }
    }

    /// Moves `delta` steps along the logical path.
    pub fn walk_by(&mut self, delta: isize) -> Feedback {
        let at = self
            .walk
            .as_ref()
            .map_or(0, |w| w.at.saturating_add_signed(delta));
        self.walk_to(at)
    }

    /// Back to the person's grid.
    pub fn close_walk(&mut self) -> Feedback {
        self.walk = None;
        Feedback::of(Kind::WalkClosed)
    }

    fn walk_feedback(&self) -> Feedback {
        let w = self.walk.as_ref().expect("a walk");
        let cells = w.current().map(|s| s.cells.clone()).unwrap_or_default();
        Feedback {
            kind: Kind::Walk {
                at: w.at,
                steps: w.path.steps.len(),
                end: w.path.end,
                level: w.path.level(),
            },
            cells,
        }
    }

    /// Compares the entries with the unique solution and marks the wrong
    /// ones, without showing their right digits. Searches on this thread
    /// for the solution when it is not known (see [`Session::check_known`]).
    pub fn check(&mut self) -> Feedback {
        self.search_for(Session::check_needs);
        self.check_known()
    }

    /// The grid a check needs searched first (the givens), if any. With no
    /// entries, or clashing givens, it answers at once.
    pub fn check_needs(&self) -> Option<Vec<u8>> {
        let answers_at_once = self.entry_count() == 0 || self.givens_conflict().is_some();
        (!answers_at_once && self.found(&self.givens).is_none()).then(|| self.givens.clone())
    }

    /// [`Session::check`] from what searches already found: refused with
    /// [`Refusal::NeedsSearch`] when the givens need a search first.
    pub fn check_known(&mut self) -> Feedback {
        let (puzzle, entries) = self.grids();
        let check = if let Some(c) = self.givens_conflict() {
            Check::Conflict(c)
        } else if self.entry_count() == 0 {
            Check::Right {
                missing: self.givens.iter().filter(|&&g| g == 0).count(),
            }
        } else {
            match self.found(&self.givens) {
                None => return Feedback::refused(Refusal::NeedsSearch(self.givens.clone())),
                Some(Found::None) => Check::NoSolution,
                Some(Found::Several { .. }) => Check::NotUnique,
                Some(Found::Unique(s)) => {
                    let truth = Grid::from_cells(self.shape.clone(), s.clone()).expect("verified");
                    logic::check_against(&puzzle, &entries, &truth)
                }
            }
        };
        self.wrong = match &check {
            Check::Wrong { cells, .. } => cells.clone(),
            _ => Vec::new(),
        };
        let cells = match &check {
            Check::Conflict(c) => vec![c.first, c.second],
            _ => self.wrong.clone(),
        };
        Feedback {
            kind: Kind::Checked(check),
            cells,
        }
    }

    /// Entries made so far (not counting those under givens).
    pub fn entry_count(&self) -> usize {
        self.entries.iter().filter(|&&e| e != 0).count()
    }

    fn grids(&self) -> (Grid, Grid) {
        (
            Grid::from_cells(self.shape.clone(), self.givens.clone()).expect("givens of this size"),
            Grid::from_cells(self.shape.clone(), self.entries.clone())
                .expect("entries of this size"),
        )
    }
}

/// The layout a typed puzzle is copied in: one line for the small sizes, the
/// judges' block for the large.
pub fn default_layout(shape: &Shape) -> Layout {
    if shape.side() <= 9 {
        Layout::Line
    } else {
        Layout::Block
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn session(text: &str) -> Session {
        let mut s = Session::new(Shape::S9);
        assert!(matches!(s.load_text(text, None).kind, Kind::Loaded { .. }));
        s
    }

    fn solution_of(s: &Session) -> Vec<u8> {
        let g = Grid::from_cells(s.shape().clone(), s.givens().to_vec()).unwrap();
        match crate::solve(&g, &crate::SolveOptions::default()).outcome {
            crate::Outcome::Unique(g) => g.cells().to_vec(),
            other => panic!("{other}"),
        }
    }

    #[test]
    fn edit_sets_givens_and_play_sets_entries() {
        let mut s = Session::new(Shape::S4);
        assert_eq!(s.put(3, true).kind, Kind::Edited);
        assert_eq!((s.givens()[0], s.cursor()), (3, 1));
        s.set_mode(Mode::Play);
        s.select(0);
        assert_eq!(s.put(1, true).kind, Kind::Refused(Refusal::Given(0)));
        assert_eq!(s.cursor(), 0, "a refused key does not move on");
        s.select(1);
        assert_eq!(s.put(3, true).kind, Kind::Edited);
        assert_eq!(s.entries()[1], 3);
        assert_eq!(s.shown(1), (3, Role::Entry));
        // The entry clashes with the given in row 1: both are marked.
        assert!(s.in_conflict(0) && s.in_conflict(1));
        assert_eq!(s.givens_conflict(), None);
        s.select(1);
        assert_eq!(s.put(3, false).kind, Kind::Unchanged);
        // Edit mode over an entry: the given replaces it.
        s.set_mode(Mode::Edit);
        s.put(2, false);
        assert_eq!((s.givens()[1], s.entries()[1]), (2, 0));
        assert!(s.conflicts().is_empty());
    }

    #[test]
    fn backspace_empties_here_or_steps_back() {
        let mut s = Session::new(Shape::S4);
        s.put(1, true);
        s.put(2, true);
        assert_eq!(s.cursor(), 2);
        s.backspace();
        assert_eq!((s.cursor(), &s.givens()[..3]), (1, &[1, 0, 0][..]));
        s.backspace();
        assert_eq!((s.cursor(), &s.givens()[..3]), (0, &[0, 0, 0][..]));
    }

    #[test]
    fn moves_stop_at_the_edges() {
        let mut s = Session::new(Shape::S9);
        s.step(-1, -1);
        assert_eq!(s.cursor(), 0);
        s.step(8, 20);
        assert_eq!(s.cursor(), 80);
        assert_eq!(
            s.select(81).kind,
            Kind::Refused(Refusal::NoSuchCell(81)),
            "no cell beyond the grid"
        );
    }

    #[test]
    fn undo_and_redo_walk_the_history_and_say_which_cells() {
        let mut s = Session::new(Shape::S4);
        assert_eq!(s.undo().kind, Kind::Refused(Refusal::NothingToUndo));
        s.put(1, true);
        s.put(2, true);
        let back = s.undo();
        assert_eq!((back.kind, back.cells), (Kind::Undone, vec![1]));
        assert_eq!(&s.givens()[..2], &[1, 0]);
        assert!(s.can_redo());
        assert_eq!(s.redo().kind, Kind::Redone);
        assert_eq!(&s.givens()[..2], &[1, 2]);
        assert_eq!(s.redo().kind, Kind::Refused(Refusal::NothingToRedo));
        // A new edit after undo drops the redo branch.
        s.undo();
        s.select(3);
        s.put(4, false);
        assert!(!s.can_redo());
        // Clear is one step back.
        s.clear();
        assert!(s.givens().iter().all(|&d| d == 0));
        s.undo();
        assert_eq!(&s.givens()[..4], &[1, 0, 0, 4]);
    }

    #[test]
    fn amending_a_two_digit_number_stays_one_undo_step() {
        let mut s = Session::new(Shape::S16);
        s.set_alphabet(Alphabet::Numbers);
        s.put(1, true);
        s.amend(0, 16);
        assert_eq!((s.givens()[0], s.cursor()), (16, 1));
        s.undo();
        assert_eq!(s.givens()[0], 0);
        assert!(!s.can_undo());
    }

    #[test]
    fn loading_text_takes_its_size_and_unreadable_text_changes_nothing() {
        let mut s = Session::new(Shape::S16);
        s.put(5, true);
        let bad = s.load_text("12345", None);
        assert!(matches!(bad.kind, Kind::Refused(Refusal::Unreadable(_))));
        assert_eq!((s.shape(), s.givens()[0]), (&Shape::S16, 5));
        let good = s.load_text(&format!("{NINE}\n{NINE}\n"), None);
        assert_eq!(
            good.kind,
            Kind::Loaded {
                shape: Shape::S9,
                alphabet: Alphabet::Digits,
                givens: 17,
                entries: 0,
                puzzles: 2,
                notes: 0
            }
        );
        assert_eq!((s.shape(), s.mode()), (&Shape::S9, Mode::Edit));
        // Within a size, loading is undoable.
        s.load_text(&NINE.replace('4', "."), None);
        s.undo();
        assert_eq!(s.givens()[0], 4);
        // So is a load of another size: the 16×16 comes back as it was.
        s.undo();
        assert_eq!((s.shape(), s.givens()[0]), (&Shape::S16, 5));
        assert_eq!(s.alphabet(), Alphabet::default_for(16));
        s.redo();
        assert_eq!((s.shape(), s.givens()[0]), (&Shape::S9, 4));
    }

    #[test]
    fn a_candidate_grid_loads_its_candidates_as_notes_in_one_step() {
        // A solved grid's digit in some cells; in the others that digit and
        // the lowest its row does not place, as a position's candidates.
        let digit = |r: usize, c: usize| (r * 3 + r / 3 + c) % 9 + 1;
        let placed = |r: usize, c: usize| (r + c).is_multiple_of(4);
        let other = |r: usize, c: usize| {
            (1..=9)
                .find(|&e| e != digit(r, c) && !(0..9).any(|k| placed(r, k) && digit(r, k) == e))
                .unwrap()
        };
        let mut text = String::new();
        for r in 0..9 {
            for c in 0..9 {
                text += if c % 3 == 0 { "| " } else { " " };
                let d = digit(r, c);
                text += &if placed(r, c) {
                    format!("{d}  ")
                } else {
                    format!("{d}{}", other(r, c))
                };
            }
            text += " |\n";
        }
        let mut s = session(NINE);
        s.select(1);
        s.toggle_note(7);
        let before = (s.givens().to_vec(), s.notes().to_vec());
        assert_eq!(before.1[1], 1 << 6);
        let loaded = s.load_text(&text, None);
        let Kind::Loaded { givens, notes, .. } = loaded.kind else {
            panic!("{loaded:?}");
        };
        let marked = (0..81).filter(|&i| !placed(i / 9, i % 9)).count();
        assert_eq!((givens, notes), (81 - marked, marked));
        for i in 0..81 {
            let (r, c) = (i / 9, i % 9);
            let d = digit(r, c);
            let want = if placed(r, c) {
                0
            } else {
                1 << (d - 1) | 1 << (other(r, c) - 1)
            };
            assert_eq!(
                (s.notes()[i], s.givens()[i] != 0),
                (want, want == 0),
                "cell {i}"
            );
        }
        // One undo takes back the givens and the notes together.
        s.undo();
        assert_eq!((s.givens(), s.notes()), (&before.0[..], &before.1[..]));
        s.redo();
        assert_eq!(s.notes().iter().filter(|&&n| n != 0).count(), marked);
        // A plain puzzle loaded after it leaves no notes behind.
        s.load_text(NINE, None);
        assert!(s.notes().iter().all(|&n| n == 0));
    }

    #[test]
    fn a_hodoku_line_loads_the_players_digits_as_entries_and_goes_on_in_play() {
        const SOLVED: &str =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        // NINE with two of its empty cells placed by the player (`+`).
        let mut grid = String::new();
        for (i, ch) in NINE.chars().enumerate() {
            if i == 1 || i == 2 {
                grid.push('+');
                grid.push(SOLVED.as_bytes()[i] as char);
            } else {
                grid.push(ch);
            }
        }
        let mut s = Session::new(Shape::S9);
        let loaded = s.load_text(&format!(":0000:x:{grid}:::"), None);
        let Kind::Loaded {
            givens,
            entries,
            notes,
            ..
        } = loaded.kind
        else {
            panic!("{loaded:?}");
        };
        assert_eq!((givens, entries, notes), (17, 2, 0));
        assert_eq!(s.mode(), Mode::Play);
        assert_eq!((s.givens()[1], s.entries()[1]), (0, 1));
        assert_eq!((s.givens()[2], s.entries()[2]), (0, 7));
        assert_eq!(s.givens()[0], 4);
        // A puzzle with no digits of the player's is for editing, as before.
        s.load_text(NINE, None);
        assert_eq!(s.mode(), Mode::Edit);
    }

    #[test]
    fn a_puzzle_in_other_regions_is_one_step_back() {
        // Two 4×4 jigsaws: every jigsaw of a side shares the page's slot,
        // so undo is the only way back to the first one's work.
        let a = Shape::jigsaw(&[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]).unwrap();
        let b = Shape::jigsaw(&[0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]).unwrap();
        let mut s = Session::new(a.clone());
        s.put(1, true);
        s.set_mode(Mode::Play);
        s.put(2, true);
        let f = s.replace(Grid::empty(b.clone()), Grid::empty(b.clone()));
        assert_eq!(f.kind, Kind::Replaced);
        assert_eq!((s.shape(), s.mode()), (&b, Mode::Play), "the mode stays");
        let back = s.undo();
        assert_eq!(back.kind, Kind::Undone);
        assert_eq!(
            back.cells.len(),
            16,
            "every cell is redrawn in the old regions"
        );
        assert_eq!(
            (s.shape(), &s.givens()[..2], &s.entries()[..2]),
            (&a, &[1, 0][..], &[0, 2][..])
        );
        assert_eq!(s.redo().kind, Kind::Redone);
        assert_eq!((s.shape(), s.filled_count()), (&b, 0));
    }

    #[test]
    fn a_link_round_trips_and_opens_in_play() {
        let mut s = session(NINE);
        s.set_mode(Mode::Play);
        s.select(1);
        s.put(1, true);
        let link = s.share_text();
        let mut t = Session::new(Shape::S16);
        let opened = t.open_link(&link);
        assert!(matches!(
            opened.kind,
            Kind::Opened {
                givens: 17,
                entries: 1,
                conflict: None,
                ..
            }
        ));
        assert_eq!(
            (t.givens(), t.entries(), t.mode()),
            (s.givens(), s.entries(), Mode::Play)
        );
        assert!(matches!(
            t.open_link("v1.junk").kind,
            Kind::Refused(Refusal::BadLink(_))
        ));
        assert_eq!(t.givens(), s.givens(), "a bad link changes nothing");
        assert!(
            matches!(
                t.open_link(&link).kind,
                Kind::Opened {
                    replaced: false,
                    ..
                }
            ),
            "the same grid"
        );
        let mut u = session(NINE);
        assert!(matches!(
            u.open_link(&link).kind,
            Kind::Opened { replaced: true, .. }
        ));
        u.undo();
        assert_eq!(
            u.givens(),
            s.givens(),
            "the grid it replaced is one step back"
        );
        assert!(u.entries().iter().all(|&d| d == 0));
        assert!(
            matches!(
                Session::new(Shape::S9).open_link(&link).kind,
                Kind::Opened {
                    replaced: false,
                    ..
                }
            ),
            "an empty grid"
        );
    }

    #[test]
    fn a_link_with_clashing_givens_opens_and_names_the_clash() {
        let mut s = Session::new(Shape::S4);
        s.put(1, true);
        s.put(1, true);
        let mut t = Session::new(Shape::S4);
        let opened = t.open_link(&s.share_text());
        assert!(matches!(
            opened.kind,
            Kind::Opened {
                conflict: Some(_),
                ..
            }
        ));
        assert_eq!(opened.cells, vec![0, 1]);
    }

    #[test]
    fn a_solution_keeps_right_entries_corrects_wrong_ones_and_drops_stale_marks() {
        let mut s = session(NINE);
        let truth = solution_of(&s);
        s.set_mode(Mode::Play);
        // A right entry in cell 1, a wrong one in cell 2.
        s.select(1);
        s.put(truth[1], false);
        s.select(2);
        let wrong = truth[2] % 9 + 1;
        s.put(wrong, false);
        let checked = s.check();
        assert_eq!(checked.cells, vec![2]);
        assert!(s.is_wrong(2));
        let shown = s.show_solution(&truth);
        assert_eq!(
            shown.kind,
            Kind::SolutionShown {
                filled: 81 - 17 - 1,
                corrected: 1
            }
        );
        assert_eq!(s.shown(1), (truth[1], Role::Entry));
        assert_eq!(s.shown(2), (truth[2], Role::Filled));
        assert_eq!(s.shown(0), (4, Role::Given));
        assert!(!s.is_wrong(2) && (0..81).all(|c| !s.in_conflict(c)));
        // The entries are still there once the solution goes.
        s.hide_solution();
        assert_eq!(s.shown(2), (wrong, Role::Entry));
        // Typing drops the solution.
        s.show_solution(&truth);
        s.select(3);
        s.put(truth[3], false);
        assert!(s.solution().is_none());
    }

    #[test]
    fn a_wrong_solution_is_refused_and_nothing_changes() {
        let mut s = session(NINE);
        let mut bad = solution_of(&s);
        bad.swap(1, 2);
        assert!(matches!(
            s.show_solution(&bad).kind,
            Kind::Refused(Refusal::NotASolution(_))
        ));
        assert!(matches!(
            s.show_solution(&[1, 2]).kind,
            Kind::Refused(Refusal::BadCells(_))
        ));
        assert!(s.solution().is_none());
    }

    #[test]
    fn a_hint_nudges_then_explains_then_reveals_and_never_fills() {
        let mut s = session(NINE);
        let truth = solution_of(&s);
        s.set_mode(Mode::Play);
        let start = s.cursor();
        // 1. The technique and the house: no cell named, the cursor stays.
        let nudge = s.hint();
        let Kind::Hint { hint, level } = &nudge.kind else {
            panic!("{:?}", nudge.kind)
        };
        assert_eq!(*level, HintLevel::Nudge);
        let (cell, digit) = match hint {
            Hint::Step { step, .. } => step.placement().unwrap(),
            Hint::Reveal { cell, digit, .. } => (*cell, *digit),
            other => panic!("{other:?}"),
        };
        assert_eq!(digit, truth[cell], "the hint is about the solution's digit");
        assert_eq!((s.cursor(), s.hinted()), (start, None));
        assert!((0..81).any(|c| s.in_hint_house(c)), "a house to look at");
        // 2. The reasoning: the cell and the pattern marked, the cursor there.
        let explain = s.hint();
        assert!(matches!(
            explain.kind,
            Kind::Hint {
                level: HintLevel::Explain | HintLevel::Reveal,
                ..
            }
        ));
        assert_eq!((s.cursor(), s.hinted()), (cell, Some(cell)));
        assert!(explain.cells.contains(&cell));
        assert!(s.in_pattern(cell) || s.in_hint_house(cell));
        // 3. The digit, on request; still nothing filled.
        let reveal = s.hint();
        assert!(matches!(
            reveal.kind,
            Kind::Hint {
                level: HintLevel::Reveal,
                ..
            }
        ));
        assert_eq!(s.entries()[cell], 0, "a hint fills nothing");
        // Any edit clears the marks, and the next hint starts over.
        s.put(truth[cell], false);
        assert_eq!(s.hinted(), None);
        assert!(matches!(
            s.hint().kind,
            Kind::Hint {
                level: HintLevel::Nudge,
                ..
            }
        ));
    }

    #[test]
    fn no_hint_while_the_whole_solution_is_shown() {
        let mut s = session(NINE);
        let truth = solution_of(&s);
        s.show_solution(&truth);
        assert_eq!(s.hint_needs(), None, "nothing to search for");
        assert_eq!(s.hint_known().kind, Kind::Refused(Refusal::SolutionShown));
        s.hide_solution();
        assert!(matches!(s.hint().kind, Kind::Hint { .. }));
    }

    #[test]
    fn the_logical_path_is_walked_step_by_step_and_entries_wait() {
        let mut s = session(NINE);
        s.set_mode(Mode::Play);
        let truth = solution_of(&s);
        let empty = (0..81).find(|&c| s.givens()[c] == 0).unwrap();
        s.select(empty);
        s.put(truth[empty], false);
        let f = s.explain();
        let Kind::Walk { at: 0, steps, .. } = f.kind else {
            panic!("{:?}", f.kind)
        };
        assert!(steps > 10);
        // Before the first step: only givens on show, candidates for all.
        assert_eq!(s.shown(empty), (0, Role::Empty));
        let (cands, _) = s.walk_candidates(empty).unwrap();
        assert!(cands >> (truth[empty] - 1) & 1 == 1);
        // The step on show has its pattern marked.
        let first = s.walk().unwrap().0.steps[0].clone();
        assert!(first.cells.iter().all(|&c| s.in_pattern(c)));
        // Forward: the first step's placement is shown as filled.
        s.walk_by(1);
        for &(cell, d) in &first.placements {
            assert_eq!(s.shown(cell), (d, Role::Filled));
        }
        // To the end and past it: clamped.
        let Kind::Walk { at, .. } = s.walk_to(usize::MAX).kind else {
            panic!()
        };
        assert_eq!(at, steps);
        // Back to the person's grid: the entry is still there.
        assert_eq!(s.close_walk().kind, Kind::WalkClosed);
        assert_eq!(s.shown(empty), (truth[empty], Role::Entry));
        assert!(s.walk_candidates(empty).is_none());
    }

    #[test]
    fn checks_say_right_wrong_or_why_not() {
        let mut s = session(NINE);
        let truth = solution_of(&s);
        assert_eq!(
            s.check().kind,
            Kind::Checked(Check::Right { missing: 64 }),
            "no entries: nothing wrong, 64 to go"
        );
        s.set_mode(Mode::Play);
        s.select(1);
        s.put(truth[1] % 9 + 1, false);
        assert!(matches!(s.check().kind, Kind::Checked(Check::Wrong { .. })));
        // An empty grid has many solutions; with no entries a check says so
        // at once, without a search.
        s.resize(Shape::S9);
        assert_eq!(s.check_needs(), None);
        assert_eq!(s.check().kind, Kind::Checked(Check::Right { missing: 81 }));
        s.set_mode(Mode::Play);
        s.put(1, false);
        assert_eq!(s.check().kind, Kind::Checked(Check::NotUnique));
    }

    #[test]
    fn readonly_moves_but_does_not_edit() {
        let mut s = session(NINE);
        s.set_readonly(true);
        assert_eq!(s.step(0, 1).kind, Kind::Moved);
        assert_eq!(s.put(5, true).kind, Kind::Refused(Refusal::ReadOnly));
        assert_eq!(s.clear().kind, Kind::Refused(Refusal::ReadOnly));
        assert_eq!(s.givens()[0], 4);
        s.resize(Shape::S4);
        assert!(s.readonly(), "a new size keeps the setting");
    }

    #[test]
    fn replacing_keeps_entries_off_givens_and_changes_size_when_needed() {
        let mut s = Session::new(Shape::S9);
        let g = Grid::from_side(4, vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        let e = Grid::from_side(4, vec![2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(s.replace(g, e).kind, Kind::Replaced);
        assert_eq!((s.shape(), &s.entries()[..2]), (&Shape::S4, &[0, 3][..]));
    }

    #[test]
    fn hints_and_checks_read_what_the_worker_found_and_never_search() {
        let mut s = session(NINE);
        s.set_mode(Mode::Play);
        let truth = solution_of(&s);
        // Nothing known: the hint asks for a search of the grid as it is.
        let asked = s.hint_known();
        let Kind::Refused(Refusal::NeedsSearch(cells)) = asked.kind else {
            panic!("{:?}", asked.kind)
        };
        assert_eq!(cells, s.current());
        assert!(s.hinted().is_none(), "a refused hint changes nothing");
        // A check with no entries answers at once, searching nothing.
        assert_eq!(s.check_needs(), None);
        assert!(matches!(
            s.check_known().kind,
            Kind::Checked(Check::Right { missing: 64 })
        ));
        // A wrong "solution" is refused by the verifier, and not kept.
        let mut bad = truth.clone();
        bad.swap(1, 2);
        let givens = s.givens().to_vec();
        assert!(matches!(
            s.learn(&givens, Found::Unique(bad)),
            Err(Refusal::NotASolution(_))
        ));
        assert_eq!(s.found(&givens), None);
        // Once the worker's answer is in, hints and checks need nothing more.
        s.learn(&givens, Found::Unique(truth.clone())).unwrap();
        assert_eq!(s.hint_needs(), None);
        assert!(matches!(s.hint_known().kind, Kind::Hint { .. }));
        s.select(1);
        s.put(truth[1] % 9 + 1, false);
        assert_eq!(s.check_needs(), None, "the givens' solution is still known");
        assert!(matches!(
            s.check_known().kind,
            Kind::Checked(Check::Wrong { .. })
        ));
        assert!(matches!(
            s.hint_known().kind,
            Kind::Hint {
                hint: Hint::WrongEntries | Hint::Conflict(_),
                ..
            }
        ));
        // Undo comes back to a grid whose answer is known.
        s.undo();
        assert_eq!(s.answers(), Some(Answers::Unique));
    }

    #[test]
    fn a_count_that_says_more_is_not_replaced_by_one_that_says_less() {
        let mut s = Session::new(Shape::S4);
        s.put(1, true);
        let now = s.current();
        let grid = Grid::from_cells(Shape::S4, now.clone()).unwrap();
        let many = crate::solve(
            &grid,
            &SolveOptions {
                limit: 1000,
                ..SolveOptions::default()
            },
        )
        .outcome;
        let few = crate::solve(&grid, &SolveOptions::default()).outcome;
        s.learn(&now, Found::from_outcome(&many).unwrap()).unwrap();
        s.learn(&now, Found::from_outcome(&few).unwrap()).unwrap();
        assert_eq!(
            s.answers(),
            Some(Answers::Several {
                count: 72,
                more: false
            })
        );
    }

    #[test]
    fn a_hint_on_several_solutions_follows_the_entries() {
        // The empty 4×4: many solutions; the entries pick one of them.
        let mut s = Session::new(Shape::S4);
        s.set_mode(Mode::Play);
        s.put(3, true);
        // The session searches for itself natively, as the worker would.
        let f = s.hint();
        let Kind::Hint { hint, .. } = f.kind else {
            panic!("{:?}", f.kind)
        };
        if let Hint::Reveal { cell, digit, .. } = hint {
            let mut cells = s.current();
            cells[cell] = digit;
            let grid = Grid::from_cells(Shape::S4, cells).unwrap();
            assert!(crate::solve(&grid, &SolveOptions::default())
                .outcome
                .solution()
                .is_some());
        }
        assert!(matches!(s.found(&s.current()), Some(Found::Several { .. })));
    }

    #[test]
    fn notes_toggle_in_empty_cells_and_a_placed_digit_clears_its_peers() {
        let mut s = Session::new(Shape::S9);
        s.set_mode(Mode::Play);
        s.select(0);
        assert_eq!(s.toggle_note(5).kind, Kind::Noted);
        s.toggle_note(7);
        assert_eq!(s.cursor(), 0, "notes do not move the cursor");
        s.select(10); // a peer in box 1
        s.toggle_note(5);
        s.select(80); // no peer of cell 4
        s.toggle_note(5);
        assert_eq!(
            (s.notes()[0], s.notes()[10], s.notes()[80]),
            (0b101_0000, 0b1_0000, 0b1_0000)
        );
        // 5 placed in row 1 leaves the notes of its row, column and box.
        s.select(4);
        s.put(5, false);
        assert_eq!(
            (s.notes()[0], s.notes()[10], s.notes()[80]),
            (0b100_0000, 0b1_0000, 0b1_0000),
            "row 1 lost its 5; box 1 is no peer of row 1, column 5; nor is row 9"
        );
        // One undo brings back the digit's cell and its peers' notes.
        s.undo();
        assert_eq!(s.notes()[0], 0b101_0000);
        // With the setting off, notes stay.
        s.set_clear_notes(false);
        s.select(4);
        s.put(5, false);
        assert_eq!(s.notes()[0], 0b101_0000);
        // A cell with a digit takes no notes; Delete clears a cell's notes.
        assert_eq!(s.toggle_note(1).kind, Kind::Refused(Refusal::Filled(4)));
        s.select(0);
        assert_eq!(s.put(0, false).kind, Kind::Noted);
        assert_eq!(s.notes()[0], 0);
        s.undo();
        assert_eq!(s.notes()[0], 0b101_0000);
        s.redo();
        assert_eq!(s.notes()[0], 0);
    }

    #[test]
    fn notes_go_with_undo_links_and_are_hidden_under_digits() {
        let mut s = session(NINE);
        s.set_mode(Mode::Play);
        let truth = solution_of(&s);
        s.select(1);
        s.toggle_note(truth[1]);
        s.toggle_note(truth[1] % 9 + 1);
        s.select(2);
        s.toggle_note(1);
        let notes = s.notes().to_vec();
        assert!(s.undo().cells.contains(&2));
        s.redo();
        assert_eq!(s.notes(), &notes[..]);
        // The link carries them, and a session opening it shows them.
        let mut t = Session::new(Shape::S16);
        t.open_link(&s.share_text());
        assert_eq!(t.notes(), &notes[..]);
        assert_eq!((t.givens(), t.entries()), (s.givens(), s.entries()));
        // Under a shown solution the digit hides the notes, which stay.
        s.show_solution(&truth);
        assert_eq!(s.shown_notes(1), 0);
        s.hide_solution();
        assert_eq!(s.shown_notes(1), notes[1]);
        // A second key of a number amends the note in the same undo step.
        let mut n = Session::new(Shape::S16);
        n.set_alphabet(Alphabet::Numbers);
        n.toggle_note(1);
        n.amend_note(0, 1, 16);
        assert_eq!(n.notes()[0], 1 << 15);
        n.undo();
        assert_eq!(n.notes()[0], 0);
        // Restoring checks the length and drops bits beyond the side.
        assert!(n.set_notes(&[1, 2]).is_err());
        let mut all = vec![0; 256];
        all[3] = u32::MAX;
        n.set_notes(&all).unwrap();
        assert_eq!(n.notes()[3], 0xffff);
    }

    #[test]
    fn a_shown_solution_marks_the_entries_it_corrected() {
        let mut s = session(NINE);
        s.set_mode(Mode::Play);
        let truth = solution_of(&s);
        s.select(1);
        s.put(truth[1], false);
        s.select(2);
        s.put(truth[2] % 9 + 1, false);
        s.show_solution(&truth);
        assert!(s.corrected(2) && !s.corrected(1) && !s.corrected(3));
        s.hide_solution();
        assert!(!s.corrected(2));
    }

    #[test]
    fn possible_values_are_kept_for_the_grid_they_were_found_for() {
        let mut s = session(NINE);
        let now = s.current();
        let masks = vec![1; 81];
        assert!(
            !s.set_possible(&now[1..], masks.clone()),
            "cells of another grid"
        );
        assert!(s.set_possible(&now, masks));
        assert_eq!(s.possible(3), Some(1));
        s.select(1);
        s.put(2, false);
        assert_eq!(s.possible(3), None, "an edit makes them stale");
    }
}
