//! The grid on the page, rendered and kept up to date from Rust.
//!
//! A `GridView` is bound to a container element. It builds an ARIA grid
//! (`role=grid` › `role=row` › `role=gridcell`), holds the puzzle — the
//! givens, the player's entries, the solution shown, the cursor — interprets
//! keys, keeps an undo history, and marks every cell: given, entry, filled by
//! the solver, in conflict, wrong (after a check), hinted. The page's JS only
//! forwards events. DOM writes happen only for cells whose look changed.
//!
//! Two modes: in *edit* mode typing sets givens (entering a puzzle); in *play*
//! mode it sets entries, and the givens stay fixed.

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlElement};

use super::api::{alphabet_of, describe_conflict, size_of};
use crate::alphabet::Alphabet;
use crate::format::{format, Layout, Notation};
use crate::grid::{house_cells, Conflict, Grid, House, Size};
use crate::logic::{self, Candidates, Check, Hint, Step};
use crate::parse::{parse_first, ParseOptions};
use crate::share;
use crate::verify::verify;

/// Snapshots kept for undo.
const HISTORY: usize = 500;

/// What a cell looks like; compared with the last painted look to skip
/// DOM writes.
#[derive(Clone, PartialEq, Eq, Default)]
struct Look {
    text: String,
    /// Candidate digits shown small in an empty cell (0: none shown).
    candidates: u32,
    given: bool,
    entry: bool,
    filled: bool,
    conflict: bool,
    wrong: bool,
    hint: bool,
    in_house: bool,
    cursor: bool,
    label: String,
}

/// What a key did.
#[wasm_bindgen]
pub struct KeyResult {
    handled: bool,
    changed: bool,
    message: Option<String>,
}

#[wasm_bindgen]
impl KeyResult {
    /// The view used the key: the page should not (call `preventDefault`).
    #[wasm_bindgen(getter)]
    pub fn handled(&self) -> bool {
        self.handled
    }
    /// The grid changed (save it, clear old results).
    #[wasm_bindgen(getter)]
    pub fn changed(&self) -> bool {
        self.changed
    }
    /// Something to tell the user, e.g. why a key did nothing.
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> Option<String> {
        self.message.clone()
    }
}

impl KeyResult {
    fn ignored() -> KeyResult {
        KeyResult {
            handled: false,
            changed: false,
            message: None,
        }
    }
    fn moved() -> KeyResult {
        KeyResult {
            handled: true,
            changed: false,
            message: None,
        }
    }
    fn edited() -> KeyResult {
        KeyResult {
            handled: true,
            changed: true,
            message: None,
        }
    }
    fn refused(message: String) -> KeyResult {
        KeyResult {
            handled: true,
            changed: false,
            message: Some(message),
        }
    }
}

#[wasm_bindgen]
pub struct GridView {
    root: HtmlElement,
    cells: Vec<HtmlElement>,
    painted: Vec<Look>,
    size: Size,
    alphabet: Alphabet,
    layout: Layout,
    givens: Vec<u8>,
    /// The player's digits, never under a given.
    entries: Vec<u8>,
    solution: Option<Vec<u8>>,
    conflicts: Vec<Conflict>,
    /// Entries a check found wrong (until the next change).
    wrong: Vec<usize>,
    /// The hinted cell and its house (until the next change).
    hint: Option<(usize, House)>,
    show_candidates: bool,
    play: bool,
    readonly: bool,
    undo: Vec<(Vec<u8>, Vec<u8>)>,
    redo: Vec<(Vec<u8>, Vec<u8>)>,
    cursor: usize,
}

fn js(e: JsValue) -> JsError {
    JsError::new(&format!("{e:?}"))
}

#[wasm_bindgen]
impl GridView {
    /// Renders an empty grid of `side` into `container` (its children are
    /// replaced).
    #[wasm_bindgen(constructor)]
    pub fn new(container: HtmlElement, side: u32) -> Result<GridView, JsError> {
        let size = size_of(side)?;
        let mut view = GridView {
            root: container,
            cells: Vec::new(),
            painted: Vec::new(),
            size,
            alphabet: Alphabet::default_for(size),
            layout: default_layout(size),
            givens: vec![0; size.cells()],
            entries: vec![0; size.cells()],
            solution: None,
            conflicts: Vec::new(),
            wrong: Vec::new(),
            hint: None,
            show_candidates: false,
            play: false,
            readonly: false,
            undo: Vec::new(),
            redo: Vec::new(),
            cursor: 0,
        };
        view.build()?;
        Ok(view)
    }

    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.size.side() as u32
    }

    /// The alphabet id the grid is shown in.
    #[wasm_bindgen(getter)]
    pub fn alphabet(&self) -> String {
        self.alphabet.id().to_string()
    }

    /// The layout used by [`GridView::text`]: the one the puzzle came in.
    #[wasm_bindgen(getter)]
    pub fn layout(&self) -> String {
        self.layout.id().to_string()
    }

    /// `edit` (typing sets givens) or `play` (typing sets entries).
    #[wasm_bindgen(getter)]
    pub fn mode(&self) -> String {
        if self.play { "play" } else { "edit" }.to_string()
    }

    /// Switches between `edit` and `play`.
    #[wasm_bindgen(js_name = setMode)]
    pub fn set_mode(&mut self, mode: &str) -> Result<(), JsError> {
        self.play = match mode {
            "edit" => false,
            "play" => true,
            other => {
                return Err(JsError::new(&format!(
                    "unknown mode '{other}': use edit or play"
                )))
            }
        };
        Ok(())
    }

    /// A read-only grid moves its cursor but takes no edits.
    #[wasm_bindgen(js_name = setReadonly)]
    pub fn set_readonly(&mut self, readonly: bool) {
        self.readonly = readonly;
    }

    /// The givens, 0 for empty.
    pub fn givens(&self) -> Vec<u8> {
        self.givens.clone()
    }

    /// The player's entries, 0 for none.
    pub fn entries(&self) -> Vec<u8> {
        self.entries.clone()
    }

    /// Givens and entries together: the grid as the player sees it (without
    /// a solution).
    pub fn current(&self) -> Vec<u8> {
        self.givens
            .iter()
            .zip(&self.entries)
            .map(|(&g, &e)| if g != 0 { g } else { e })
            .collect()
    }

    /// The cell with the cursor.
    #[wasm_bindgen(getter)]
    pub fn cursor(&self) -> u32 {
        self.cursor as u32
    }

    /// Whether a solution is shown.
    #[wasm_bindgen(getter, js_name = hasSolution)]
    pub fn has_solution(&self) -> bool {
        self.solution.is_some()
    }

    /// Number of cells the solver filled (0 without a solution).
    #[wasm_bindgen(getter, js_name = filledCount)]
    pub fn filled_count(&self) -> u32 {
        match &self.solution {
            Some(_) => self.givens.iter().filter(|&&d| d == 0).count() as u32,
            None => 0,
        }
    }

    #[wasm_bindgen(getter, js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    #[wasm_bindgen(getter, js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Starts over with an empty grid of another side (no undo across sizes).
    pub fn resize(&mut self, side: u32) -> Result<(), JsError> {
        let size = size_of(side)?;
        self.size = size;
        self.alphabet = Alphabet::default_for(size);
        self.layout = default_layout(size);
        self.givens = vec![0; size.cells()];
        self.entries = vec![0; size.cells()];
        self.undo.clear();
        self.redo.clear();
        self.cursor = 0;
        self.changed();
        self.build()
    }

    /// Shows the grid in another alphabet of its size (`letters`, `hex`, …).
    #[wasm_bindgen(js_name = setAlphabet)]
    pub fn set_alphabet(&mut self, id: &str) -> Result<(), JsError> {
        self.alphabet = alphabet_of(id, self.size)?;
        self.refresh()
    }

    /// Sets the layout [`GridView::text`] writes (`line`, `block`, `pretty`).
    #[wasm_bindgen(js_name = setLayout)]
    pub fn set_layout(&mut self, id: &str) -> Result<(), JsError> {
        self.layout = Layout::from_name(id).ok_or_else(|| {
            JsError::new(&format!("unknown layout '{id}': use line, block or pretty"))
        })?;
        Ok(())
    }

    /// The symbols of the current alphabet, digit 1 first.
    pub fn symbols(&self) -> Vec<String> {
        let symbols = self.alphabet.symbols(self.size).unwrap_or_default();
        symbols.chars().map(String::from).collect()
    }

    /// Shows each empty cell's candidates (or stops showing them).
    #[wasm_bindgen(js_name = setShowCandidates)]
    pub fn set_show_candidates(&mut self, show: bool) -> Result<(), JsError> {
        self.show_candidates = show;
        self.refresh()
    }

    /// Replaces the givens and clears the entries (undoable).
    #[wasm_bindgen(js_name = setGivens)]
    pub fn set_givens(&mut self, cells: &[u8]) -> Result<(), JsError> {
        self.set_puzzle(cells, &vec![0; self.size.cells()])
    }

    /// Replaces givens and entries at once (undoable). Entries under givens
    /// are dropped.
    #[wasm_bindgen(js_name = setPuzzle)]
    pub fn set_puzzle(&mut self, givens: &[u8], entries: &[u8]) -> Result<(), JsError> {
        let g = Grid::from_cells(self.size, givens.to_vec())
            .map_err(|e| JsError::new(&e.to_string()))?;
        let e = Grid::from_cells(self.size, entries.to_vec())
            .map_err(|e| JsError::new(&e.to_string()))?;
        self.remember();
        self.givens = g.cells().to_vec();
        self.entries = e
            .cells()
            .iter()
            .zip(&self.givens)
            .map(|(&e, &g)| if g == 0 { e } else { 0 })
            .collect();
        self.changed();
        self.refresh()
    }

    /// Reads the first puzzle of `text` (any layout and alphabet the parser
    /// knows) and shows it as givens, taking its size, alphabet and layout.
    /// On error the grid is left as it was. `alphabet` (an id, may be empty)
    /// only settles text whose symbols fit several alphabets. Returns a
    /// sentence for the user.
    #[wasm_bindgen(js_name = loadText)]
    pub fn load_text(&mut self, text: &str, alphabet: &str) -> Result<String, JsError> {
        let options = ParseOptions {
            prefer: Alphabet::from_name(alphabet),
            ..ParseOptions::default()
        };
        let (puzzle, count) =
            parse_first(text, options).map_err(|e| JsError::new(&e.to_string()))?;
        let size = puzzle.grid.size();
        self.adopt(size)?;
        self.alphabet = puzzle.notation.alphabet;
        self.layout = puzzle.notation.layout;
        self.set_givens(puzzle.grid.cells())?;
        let mut message = format!(
            "Loaded a {size} puzzle in {} with {} givens.",
            self.alphabet.name(size),
            puzzle.grid.filled()
        );
        if count > 1 {
            message.push_str(&format!(
                " The text held {count} puzzles; this is the first."
            ));
        }
        Ok(message)
    }

    /// The givens and entries as a link fragment (`share` module format).
    #[wasm_bindgen(js_name = shareText)]
    pub fn share_text(&self) -> String {
        let g = Grid::from_cells(self.size, self.givens.clone()).expect("cells of this size");
        let e = Grid::from_cells(self.size, self.entries.clone()).expect("cells of this size");
        share::encode(&g, &e)
    }

    /// Loads a link fragment made by [`GridView::share_text`]; on error the
    /// grid is left as it was and the message says what is wrong.
    #[wasm_bindgen(js_name = loadShared)]
    pub fn load_shared(&mut self, text: &str) -> Result<String, JsError> {
        let (givens, entries) = share::decode(text)
            .map_err(|e| JsError::new(&format!("The link's puzzle could not be read: {e}.")))?;
        let size = givens.size();
        self.adopt(size)?;
        self.set_puzzle(givens.cells(), entries.cells())?;
        self.play = entries.filled() > 0 || givens.filled() > 0;
        Ok(format!(
            "Opened a shared {size} puzzle with {} givens and {} entries.",
            givens.filled(),
            entries.filled()
        ))
    }

    /// The grid as text — the solution when one is shown, else givens and
    /// entries — in the current alphabet and the layout the puzzle came in.
    pub fn text(&self) -> String {
        let cells = self.solution.clone().unwrap_or_else(|| self.current());
        let grid = Grid::from_cells(self.size, cells).expect("cells of this size");
        let notation = Notation {
            alphabet: self.alphabet,
            layout: self.layout,
            blank: self.alphabet.default_blank(self.size),
        };
        format(&grid, &notation)
    }

    /// Shows a solution: the cells without a given show its digits, marked
    /// as filled. Refused — with the grid unchanged — unless it is a
    /// complete, valid grid that keeps every given (checked by the
    /// independent verifier). Returns the number of cells filled.
    #[wasm_bindgen(js_name = showSolution)]
    pub fn show_solution(&mut self, cells: &[u8]) -> Result<u32, JsError> {
        let solution = Grid::from_cells(self.size, cells.to_vec())
            .map_err(|e| JsError::new(&e.to_string()))?;
        let puzzle = Grid::from_cells(self.size, self.givens.clone()).expect("givens of this size");
        verify(&puzzle, &solution)
            .map_err(|e| JsError::new(&format!("not a solution of this grid: {e}")))?;
        self.solution = Some(solution.cells().to_vec());
        self.refresh()?;
        Ok(self.filled_count())
    }

    /// Removes the solution, keeping givens and entries.
    #[wasm_bindgen(js_name = clearSolution)]
    pub fn clear_solution(&mut self) -> Result<(), JsError> {
        self.solution = None;
        self.refresh()
    }

    /// Empties the grid (undoable).
    pub fn clear(&mut self) -> Result<(), JsError> {
        self.remember();
        self.givens.fill(0);
        self.entries.fill(0);
        self.changed();
        self.refresh()
    }

    /// Takes back the last change; returns whether there was one.
    #[wasm_bindgen(js_name = undo)]
    pub fn undo_step(&mut self) -> Result<bool, JsError> {
        self.travel(true)
    }

    /// Puts back the last change taken back; returns whether there was one.
    #[wasm_bindgen(js_name = redo)]
    pub fn redo_step(&mut self) -> Result<bool, JsError> {
        self.travel(false)
    }

    /// The first conflict in words, with how many more there are.
    #[wasm_bindgen(getter, js_name = conflictMessage)]
    pub fn conflict_message(&self) -> Option<String> {
        let first = self.conflicts.first()?;
        let both_givens = self.givens[first.first] != 0 && self.givens[first.second] != 0;
        let mut message = format!(
            "Conflicting {}: {}.",
            if both_givens { "givens" } else { "digits" },
            describe_conflict(first, self.size, self.alphabet)
        );
        match self.conflicts.len() {
            1 => {}
            2 => message.push_str(" One more conflict is marked."),
            k => message.push_str(&format!(" {} more conflicts are marked.", k - 1)),
        }
        Some(message)
    }

    /// Whether two givens (not entries) clash: then there is nothing to solve.
    #[wasm_bindgen(getter, js_name = givensConflict)]
    pub fn givens_conflict(&self) -> Option<String> {
        let grid = Grid::from_cells(self.size, self.givens.clone()).expect("givens of this size");
        let c = grid.conflicts().first().copied()?;
        Some(format!(
            "Conflicting givens: {}.",
            describe_conflict(&c, self.size, self.alphabet)
        ))
    }

    /// The cells marked as in conflict.
    #[wasm_bindgen(js_name = conflictCells)]
    pub fn conflict_cells(&self) -> Vec<u32> {
        let mut cells: Vec<u32> = self
            .conflicts
            .iter()
            .flat_map(|c| [c.first as u32, c.second as u32])
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The next step for the player, in words; highlights its cell and house.
    /// Never reveals more than one cell.
    pub fn hint(&mut self) -> Result<String, JsError> {
        let puzzle = Grid::from_cells(self.size, self.givens.clone()).expect("givens of this size");
        let entries =
            Grid::from_cells(self.size, self.entries.clone()).expect("entries of this size");
        let (size, alphabet) = (self.size, self.alphabet);
        let sym = |d: u8| alphabet.symbol(size, d);
        self.hint = None;
        let message = match logic::hint(&puzzle, &entries) {
            Hint::Solved => "The grid is complete and right.".to_string(),
            Hint::Conflict(c) => format!(
                "First fix the conflict: {}.",
                describe_conflict(&c, size, alphabet)
            ),
            Hint::WrongEntries => {
                "Some of your entries are wrong: no solution fits them. Check shows which.".into()
            }
            Hint::NoSolution => "This puzzle has no solution, so there is no next step.".into(),
            Hint::Step { step, before } => {
                let (cell, _) = step.placement().expect("a hint step fills a cell");
                let house = match &step {
                    Step::HiddenSingle { house, .. } => *house,
                    _ => size.houses_of(cell)[2],
                };
                self.hint = Some((cell, house));
                self.cursor = cell;
                let mut text = String::new();
                for b in &before {
                    text.push_str(&b.describe(size, alphabet));
                    text.push_str(". Then: ");
                }
                text.push_str(&step.describe(size, alphabet));
                text.push('.');
                text
            }
            Hint::Reveal {
                cell,
                digit,
                candidates,
            } => {
                self.hint = Some((cell, size.houses_of(cell)[2]));
                self.cursor = cell;
                format!(
                    "No single or locked candidate helps here. {} has the fewest candidates ({candidates}); \
                     the solver says it is {}.",
                    size.cell_name(cell),
                    sym(digit)
                )
            }
        };
        self.refresh()?;
        Ok(message)
    }

    /// Compares the entries with the unique solution and marks the wrong
    /// ones, without showing their right digits. Returns a sentence.
    pub fn check(&mut self) -> Result<String, JsError> {
        let puzzle = Grid::from_cells(self.size, self.givens.clone()).expect("givens of this size");
        let entries =
            Grid::from_cells(self.size, self.entries.clone()).expect("entries of this size");
        self.wrong.clear();
        let message = match logic::check(&puzzle, &entries) {
            Check::Right { missing: 0 } => "Every cell is filled and right. Well done!".to_string(),
            Check::Right { missing } => {
                format!("All your entries are right; {missing} cells to go.")
            }
            Check::Wrong { cells, missing } => {
                let k = cells.len();
                self.wrong = cells;
                format!(
                    "{k} of your entries {} wrong (marked); {missing} cells empty.",
                    if k == 1 { "is" } else { "are" }
                )
            }
            Check::Conflict(c) => format!(
                "Conflicting givens: {}.",
                describe_conflict(&c, self.size, self.alphabet)
            ),
            Check::NoSolution => {
                "The givens have no solution, so there is nothing to check against.".into()
            }
            Check::NotUnique => {
                "The givens have several solutions, so no single answer to check against.".into()
            }
        };
        self.refresh()?;
        Ok(message)
    }

    /// Moves the cursor to `cell`, and the keyboard focus with it when
    /// `focus` is true.
    pub fn select(&mut self, cell: u32, focus: bool) -> Result<(), JsError> {
        let cell = cell as usize;
        if cell >= self.size.cells() {
            return Err(JsError::new(&format!(
                "no cell {cell} in a {} grid",
                self.size
            )));
        }
        self.cursor = cell;
        self.refresh()?;
        if focus {
            self.focus()?;
        }
        Ok(())
    }

    /// Gives the keyboard focus to the cursor cell.
    pub fn focus(&self) -> Result<(), JsError> {
        self.cells[self.cursor].focus().map_err(js)
    }

    /// Interprets a key (`KeyboardEvent.key`) typed in the grid:
    /// a symbol fills the cursor cell (a given in edit mode, an entry in
    /// play mode) and moves on; `-` `.` `_` `*` space (and `0` where it is no
    /// symbol) empty it and move on; Delete empties it; Backspace empties
    /// it, or the one before when it is already empty; arrows, Home and End
    /// move; Tab moves to the next cell (Shift+Tab back) and leaves the grid
    /// at its ends. Any other printable key changes nothing and says why.
    pub fn key(&mut self, key: &str, shift: bool) -> Result<KeyResult, JsError> {
        let n = self.size.side();
        let cells = self.size.cells();
        let (row, col) = (self.cursor / n, self.cursor % n);
        let result = match key {
            "ArrowLeft" => self.go(row * n + col.saturating_sub(1)),
            "ArrowRight" => self.go(row * n + (col + 1).min(n - 1)),
            "ArrowUp" => self.go(row.saturating_sub(1) * n + col),
            "ArrowDown" => self.go((row + 1).min(n - 1) * n + col),
            "Home" => self.go(row * n),
            "End" => self.go(row * n + n - 1),
            "Tab" if shift && self.cursor > 0 => self.go(self.cursor - 1),
            "Tab" if !shift && self.cursor + 1 < cells => self.go(self.cursor + 1),
            "Tab" => KeyResult::ignored(),
            "Delete" => self.put(self.cursor, 0, false),
            "Backspace" => {
                if self.digit_at(self.cursor) == 0 && self.cursor > 0 {
                    self.cursor -= 1;
                }
                self.put(self.cursor, 0, false)
            }
            _ => {
                let mut chars = key.chars();
                match (chars.next(), chars.next()) {
                    (Some(ch), None) => self.symbol_key(ch),
                    // Named keys (Shift, F5, Escape…) belong to the browser.
                    _ => KeyResult::ignored(),
                }
            }
        };
        if result.handled {
            self.refresh()?;
            self.focus()?;
        }
        Ok(result)
    }
}

impl GridView {
    /// The digit the player controls in `cell` in the current mode.
    fn digit_at(&self, cell: usize) -> u8 {
        if self.play {
            self.entries[cell]
        } else {
            self.givens[cell]
        }
    }

    fn symbol_key(&mut self, ch: char) -> KeyResult {
        if let Some(digit) = self.alphabet.digit(self.size, ch) {
            return self.put(self.cursor, digit, true);
        }
        if ch == ' ' || self.alphabet.is_blank(ch) {
            return self.put(self.cursor, 0, true);
        }
        KeyResult::refused(format!(
            "'{ch}' is not a symbol of this {} grid: type {}, or - . or space for an empty cell.",
            self.size,
            self.alphabet.name(self.size)
        ))
    }

    fn go(&mut self, cell: usize) -> KeyResult {
        self.cursor = cell;
        KeyResult::moved()
    }

    /// Writes a given (edit mode) or an entry (play mode); 0 clears. Moves
    /// on when `advance`.
    fn put(&mut self, cell: usize, digit: u8, advance: bool) -> KeyResult {
        if self.readonly {
            return KeyResult::refused("This grid is read-only.".into());
        }
        if self.play && self.givens[cell] != 0 {
            return KeyResult::refused(format!(
                "{} is a given. Switch to “Edit puzzle” to change givens.",
                self.size.cell_name(cell)
            ));
        }
        let changed = self.digit_at(cell) != digit || (!self.play && self.entries[cell] != 0);
        if changed {
            self.remember();
            if self.play {
                self.entries[cell] = digit;
            } else {
                self.givens[cell] = digit;
                self.entries[cell] = 0;
            }
            self.changed();
        } else if self.solution.is_some() {
            // Typing over a shown solution means working on the grid again.
            self.solution = None;
        }
        if advance && cell + 1 < self.size.cells() {
            self.cursor = cell + 1;
        }
        if changed {
            KeyResult::edited()
        } else {
            KeyResult::moved()
        }
    }

    /// One step back (`back`) or forward through the history: the current
    /// state goes to the other stack.
    fn travel(&mut self, back: bool) -> Result<bool, JsError> {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(state) = from.pop() else {
            return Ok(false);
        };
        to.push((self.givens.clone(), self.entries.clone()));
        (self.givens, self.entries) = state;
        self.changed();
        self.refresh()?;
        Ok(true)
    }

    /// Keeps the state before a change, for undo.
    fn remember(&mut self) {
        self.undo.push((self.givens.clone(), self.entries.clone()));
        if self.undo.len() > HISTORY {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// After any change of givens or entries: stale results go.
    fn changed(&mut self) {
        self.solution = None;
        self.wrong.clear();
        self.hint = None;
        let grid = Grid::from_cells(self.size, self.current()).expect("cells of this size");
        self.conflicts = grid.conflicts();
    }

    /// Takes a size, rebuilding the cells when it changes.
    fn adopt(&mut self, size: Size) -> Result<(), JsError> {
        if size != self.size {
            self.size = size;
            // The old alphabet may not serve the new size.
            self.alphabet = Alphabet::default_for(size);
            self.layout = default_layout(size);
            self.givens = vec![0; size.cells()];
            self.entries = vec![0; size.cells()];
            self.undo.clear();
            self.redo.clear();
            self.cursor = 0;
            self.changed();
            self.build()?;
        }
        Ok(())
    }

    /// Rebuilds the cells (after a change of size).
    fn build(&mut self) -> Result<(), JsError> {
        let document = self.document()?;
        let (n, b) = (self.size.side(), self.size.box_size());
        self.root.set_text_content(None);
        self.root.set_attribute("role", "grid").map_err(js)?;
        self.root
            .set_attribute("aria-label", &format!("{} Sudoku grid", self.size))
            .map_err(js)?;
        self.root.class_list().add_1("sudoku-grid").map_err(js)?;
        let style = self.root.style();
        style.set_property("--side", &n.to_string()).map_err(js)?;
        style.set_property("--box", &b.to_string()).map_err(js)?;
        self.root
            .set_attribute("data-side", &n.to_string())
            .map_err(js)?;
        self.cells.clear();
        for r in 0..n {
            let row = document.create_element("div").map_err(js)?;
            row.set_attribute("role", "row").map_err(js)?;
            row.set_attribute("class", "sudoku-row").map_err(js)?;
            for c in 0..n {
                let cell: HtmlElement =
                    document.create_element("div").map_err(js)?.unchecked_into();
                cell.set_attribute("role", "gridcell").map_err(js)?;
                cell.set_attribute("data-cell", &(r * n + c).to_string())
                    .map_err(js)?;
                cell.set_attribute("tabindex", "-1").map_err(js)?;
                let mut class = String::from("cell");
                if c % b == b - 1 && c != n - 1 {
                    class.push_str(" box-right");
                }
                if r % b == b - 1 && r != n - 1 {
                    class.push_str(" box-bottom");
                }
                cell.set_attribute("class", &class).map_err(js)?;
                row.append_child(&cell).map_err(js)?;
                self.cells.push(cell);
            }
            self.root.append_child(&row).map_err(js)?;
        }
        // Force a first paint of every cell.
        self.painted = vec![
            Look {
                label: String::from("?"),
                ..Look::default()
            };
            n * n
        ];
        self.refresh()
    }

    fn document(&self) -> Result<Document, JsError> {
        self.root
            .owner_document()
            .ok_or_else(|| JsError::new("the grid is not in a document"))
    }

    fn look(&self, cell: usize, marks: &Marks) -> Look {
        let (given, entry) = (self.givens[cell], self.entries[cell]);
        let shown = match (&self.solution, given, entry) {
            (_, g, _) if g != 0 => g,
            (Some(s), _, _) => s[cell],
            (None, _, e) => e,
        };
        let text = if shown == 0 {
            String::new()
        } else {
            self.alphabet.symbol(self.size, shown).to_string()
        };
        let filled = given == 0 && self.solution.is_some();
        let is_entry = given == 0 && entry != 0 && !filled;
        let candidates = if shown == 0 {
            marks.candidates[cell]
        } else {
            0
        };
        let mut label = format!("{}: ", self.size.cell_name(cell));
        if shown == 0 {
            label.push_str("empty");
            if candidates != 0 {
                let list: Vec<String> = (0..self.size.side() as u8)
                    .filter(|d| candidates >> d & 1 != 0)
                    .map(|d| self.alphabet.symbol(self.size, d + 1).to_string())
                    .collect();
                label.push_str(&format!(", candidates {}", list.join(" ")));
            }
        } else if filled {
            label.push_str(&format!("{text}, filled by the solver"));
        } else if is_entry {
            label.push_str(&format!("{text}, your entry"));
        } else {
            label.push_str(&format!("{text}, given"));
        }
        let conflict = marks.conflict[cell];
        let wrong = marks.wrong[cell];
        if conflict {
            label.push_str(", in conflict");
        }
        if wrong {
            label.push_str(", wrong");
        }
        let hint = self.hint.is_some_and(|(c, _)| c == cell);
        if hint {
            label.push_str(", hint");
        }
        Look {
            text,
            candidates,
            given: given != 0,
            entry: is_entry,
            filled,
            conflict,
            wrong,
            hint,
            in_house: marks.house[cell],
            cursor: cell == self.cursor,
            label,
        }
    }

    fn marks(&self) -> Marks {
        let cells = self.size.cells();
        let mut m = Marks {
            conflict: vec![false; cells],
            wrong: vec![false; cells],
            house: vec![false; cells],
            candidates: vec![0; cells],
        };
        for c in &self.conflicts {
            m.conflict[c.first] = true;
            m.conflict[c.second] = true;
        }
        for &c in &self.wrong {
            m.wrong[c] = true;
        }
        if let Some((_, house)) = self.hint {
            for c in house_cells(self.size, house) {
                m.house[c] = true;
            }
        }
        if self.show_candidates && self.solution.is_none() {
            let grid = Grid::from_cells(self.size, self.current()).expect("cells of this size");
            if let Ok(cands) = Candidates::new(&grid) {
                for (cell, slot) in m.candidates.iter_mut().enumerate() {
                    *slot = cands.mask(cell);
                }
            }
        }
        m
    }

    /// Brings every cell's DOM in line with the state.
    fn refresh(&mut self) -> Result<(), JsError> {
        let marks = self.marks();
        let document = self.document()?;
        for cell in 0..self.cells.len() {
            let look = self.look(cell, &marks);
            if look == self.painted[cell] {
                continue;
            }
            let el = &self.cells[cell];
            let old = &self.painted[cell];
            if look.text != old.text || look.candidates != old.candidates {
                if look.candidates != 0 {
                    // Small candidates, one slot per digit so they keep their places.
                    el.set_text_content(None);
                    let pad = document.create_element("div").map_err(js)?;
                    pad.set_attribute("class", "cands").map_err(js)?;
                    pad.set_attribute("aria-hidden", "true").map_err(js)?;
                    for d in 0..self.size.side() as u8 {
                        let slot = document.create_element("span").map_err(js)?;
                        if look.candidates >> d & 1 != 0 {
                            slot.set_text_content(Some(
                                &self.alphabet.symbol(self.size, d + 1).to_string(),
                            ));
                        }
                        pad.append_child(&slot).map_err(js)?;
                    }
                    el.append_child(&pad).map_err(js)?;
                } else {
                    el.set_text_content(Some(&look.text));
                }
            }
            let classes = el.class_list();
            classes.toggle_with_force("given", look.given).map_err(js)?;
            classes.toggle_with_force("entry", look.entry).map_err(js)?;
            classes
                .toggle_with_force("filled", look.filled)
                .map_err(js)?;
            classes
                .toggle_with_force("conflict", look.conflict)
                .map_err(js)?;
            classes.toggle_with_force("wrong", look.wrong).map_err(js)?;
            classes.toggle_with_force("hint", look.hint).map_err(js)?;
            classes
                .toggle_with_force("in-house", look.in_house)
                .map_err(js)?;
            if look.cursor != old.cursor {
                el.set_attribute("tabindex", if look.cursor { "0" } else { "-1" })
                    .map_err(js)?;
                el.set_attribute("aria-selected", if look.cursor { "true" } else { "false" })
                    .map_err(js)?;
            }
            if look.label != old.label {
                el.set_attribute("aria-label", &look.label).map_err(js)?;
            }
            self.painted[cell] = look;
        }
        Ok(())
    }
}

/// Per-cell marks computed once per refresh.
struct Marks {
    conflict: Vec<bool>,
    wrong: Vec<bool>,
    house: Vec<bool>,
    candidates: Vec<u32>,
}

/// The layout a typed puzzle is copied in: one line for the small sizes, the
/// judges' block for the large.
fn default_layout(size: Size) -> Layout {
    if size.side() <= 9 {
        Layout::Line
    } else {
        Layout::Block
    }
}
