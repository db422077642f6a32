//! The grid on the page, rendered and kept up to date from Rust.
//!
//! A `GridView` is bound to a container element. It builds an ARIA grid
//! (`role=grid` › `role=row` › `role=gridcell`), holds the puzzle (givens, the
//! solution shown, the cursor), interprets keys, and marks every cell as
//! given, filled by the solver, or in conflict. The page's JS only forwards
//! events. DOM writes happen only for cells whose look changed.

use wasm_bindgen::prelude::*;
use web_sys::HtmlElement;

use super::api::{alphabet_of, describe_conflict, size_of};
use crate::alphabet::Alphabet;
use crate::format::{format, Layout, Notation};
use crate::grid::{Conflict, Grid, Size};
use crate::parse::{parse_first, ParseOptions};
use crate::verify::verify;

/// What a cell looks like; compared with the last painted look to skip
/// DOM writes.
#[derive(Clone, PartialEq, Eq, Default)]
struct Look {
    text: String,
    given: bool,
    filled: bool,
    conflict: bool,
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
    /// The givens changed (save them, clear old results).
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
    solution: Option<Vec<u8>>,
    conflicts: Vec<Conflict>,
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
            solution: None,
            conflicts: Vec::new(),
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

    /// The givens, 0 for empty.
    pub fn givens(&self) -> Vec<u8> {
        self.givens.clone()
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

    /// Starts over with an empty grid of another side.
    pub fn resize(&mut self, side: u32) -> Result<(), JsError> {
        let size = size_of(side)?;
        self.size = size;
        self.alphabet = Alphabet::default_for(size);
        self.layout = default_layout(size);
        self.givens = vec![0; size.cells()];
        self.solution = None;
        self.conflicts.clear();
        self.cursor = 0;
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

    /// Replaces the givens (clears any solution).
    #[wasm_bindgen(js_name = setGivens)]
    pub fn set_givens(&mut self, cells: &[u8]) -> Result<(), JsError> {
        let grid = Grid::from_cells(self.size, cells.to_vec())
            .map_err(|e| JsError::new(&e.to_string()))?;
        self.givens = grid.cells().to_vec();
        self.solution = None;
        self.update_conflicts();
        self.refresh()
    }

    /// Reads the first puzzle of `text` (any layout and alphabet the parser
    /// knows) and shows it, taking its size, alphabet and layout. On error
    /// the grid is left as it was. `alphabet` (an id, may be empty) only
    /// settles text whose symbols fit several alphabets. Returns a sentence
    /// for the user.
    #[wasm_bindgen(js_name = loadText)]
    pub fn load_text(&mut self, text: &str, alphabet: &str) -> Result<String, JsError> {
        let options = ParseOptions {
            prefer: Alphabet::from_name(alphabet),
            ..ParseOptions::default()
        };
        let (puzzle, count) =
            parse_first(text, options).map_err(|e| JsError::new(&e.to_string()))?;
        let size = puzzle.grid.size();
        let rebuild = size != self.size;
        self.size = size;
        self.alphabet = puzzle.notation.alphabet;
        self.layout = puzzle.notation.layout;
        self.givens = puzzle.grid.cells().to_vec();
        self.solution = None;
        self.cursor = self.cursor.min(size.cells() - 1);
        self.update_conflicts();
        if rebuild {
            self.build()?;
        } else {
            self.refresh()?;
        }
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

    /// The grid as text — givens, plus the solution when one is shown — in
    /// the current alphabet and the layout the puzzle came in.
    pub fn text(&self) -> String {
        let cells = self.solution.clone().unwrap_or_else(|| self.givens.clone());
        let grid = Grid::from_cells(self.size, cells).expect("cells of this size");
        let notation = Notation {
            alphabet: self.alphabet,
            layout: self.layout,
            blank: self.alphabet.default_blank(self.size),
        };
        format(&grid, &notation)
    }

    /// Shows a solution: the empty cells take its digits and are marked as
    /// filled. Refused — with the grid unchanged — unless it is a complete,
    /// valid grid that keeps every given (checked by the independent
    /// verifier). Returns the number of cells filled.
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

    /// Removes the solution, keeping the givens.
    #[wasm_bindgen(js_name = clearSolution)]
    pub fn clear_solution(&mut self) -> Result<(), JsError> {
        self.solution = None;
        self.refresh()
    }

    /// Empties the grid.
    pub fn clear(&mut self) -> Result<(), JsError> {
        self.givens.fill(0);
        self.solution = None;
        self.conflicts.clear();
        self.refresh()
    }

    /// The first conflict in words, with how many more there are.
    #[wasm_bindgen(getter, js_name = conflictMessage)]
    pub fn conflict_message(&self) -> Option<String> {
        let first = self.conflicts.first()?;
        let mut message = format!(
            "Conflicting givens: {}.",
            describe_conflict(first, self.size, self.alphabet)
        );
        match self.conflicts.len() {
            1 => {}
            2 => message.push_str(" One more conflict is marked."),
            k => message.push_str(&format!(" {} more conflicts are marked.", k - 1)),
        }
        Some(message)
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
    /// a symbol fills the cursor cell and moves on; `-` `.` `_` `*` space
    /// (and `0` where it is no symbol) empty it and move on; Delete empties
    /// it; Backspace empties it, or the one before when it is already empty;
    /// arrows, Home and End move; Tab moves to the next cell (Shift+Tab back)
    /// and leaves the grid at its ends. Any other printable key changes
    /// nothing and says why.
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
                if self.givens[self.cursor] == 0 && self.cursor > 0 {
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
    fn symbol_key(&mut self, ch: char) -> KeyResult {
        if let Some(digit) = self.alphabet.digit(self.size, ch) {
            return self.put(self.cursor, digit, true);
        }
        if ch == ' ' || self.alphabet.is_blank(ch) {
            return self.put(self.cursor, 0, true);
        }
        KeyResult {
            handled: true,
            changed: false,
            message: Some(format!(
                "'{ch}' is not a symbol of this {} grid: type {}, or - . or space for an empty cell.",
                self.size,
                self.alphabet.name(self.size)
            )),
        }
    }

    fn go(&mut self, cell: usize) -> KeyResult {
        self.cursor = cell;
        KeyResult::moved()
    }

    /// Writes a given (0 clears), dropping a solution that the edit makes
    /// stale, and moves on when `advance`.
    fn put(&mut self, cell: usize, digit: u8, advance: bool) -> KeyResult {
        let changed = self.givens[cell] != digit || self.solution.is_some();
        self.givens[cell] = digit;
        if changed {
            self.solution = None;
            self.update_conflicts();
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

    fn update_conflicts(&mut self) {
        let grid = Grid::from_cells(self.size, self.givens.clone()).expect("givens of this size");
        self.conflicts = grid.conflicts();
    }

    /// Rebuilds the cells (after a change of size).
    fn build(&mut self) -> Result<(), JsError> {
        let document = self
            .root
            .owner_document()
            .ok_or_else(|| JsError::new("the grid is not in a document"))?;
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
        self.painted = vec![Look::default(); n * n];
        // Force a first paint of every cell.
        for look in &mut self.painted {
            look.label = String::from("?");
        }
        self.refresh()
    }

    fn look(&self, cell: usize, in_conflict: &[bool]) -> Look {
        let given = self.givens[cell];
        let shown = match (&self.solution, given) {
            (_, d) if d != 0 => d,
            (Some(s), _) => s[cell],
            (None, _) => 0,
        };
        let text = if shown == 0 {
            String::new()
        } else {
            self.alphabet.symbol(self.size, shown).to_string()
        };
        let filled = given == 0 && shown != 0;
        let conflict = in_conflict[cell];
        let mut label = format!("{}: ", self.size.cell_name(cell));
        match (shown, filled) {
            (0, _) => label.push_str("empty"),
            (_, true) => label.push_str(&format!("{text}, filled by the solver")),
            (_, false) => label.push_str(&format!("{text}, given")),
        }
        if conflict {
            label.push_str(", in conflict");
        }
        Look {
            text,
            given: given != 0,
            filled,
            conflict,
            cursor: cell == self.cursor,
            label,
        }
    }

    /// Brings every cell's DOM in line with the state.
    fn refresh(&mut self) -> Result<(), JsError> {
        let mut in_conflict = vec![false; self.size.cells()];
        for c in &self.conflicts {
            in_conflict[c.first] = true;
            in_conflict[c.second] = true;
        }
        for cell in 0..self.cells.len() {
            let look = self.look(cell, &in_conflict);
            if look == self.painted[cell] {
                continue;
            }
            let el = &self.cells[cell];
            let old = &self.painted[cell];
            if look.text != old.text {
                el.set_text_content(Some(&look.text));
            }
            let classes = el.class_list();
            classes.toggle_with_force("given", look.given).map_err(js)?;
            classes
                .toggle_with_force("filled", look.filled)
                .map_err(js)?;
            classes
                .toggle_with_force("conflict", look.conflict)
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

/// The layout a typed puzzle is copied in: one line for the small sizes, the
/// judges' block for the large.
fn default_layout(size: Size) -> Layout {
    if size.side() <= 9 {
        Layout::Line
    } else {
        Layout::Block
    }
}
