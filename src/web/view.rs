//! The grid on the page: a [`Session`] painted through web-sys.
//!
//! `GridView` builds an ARIA grid (`role=grid` › `role=row` › `role=gridcell`)
//! in a container, passes keys through [`Keys`] to the session, and after
//! every action paints only the cells whose look changed (the draw state,
//! kept here). What the session does and decides is tested natively in
//! `session.rs`; what it says is in [`words`]. Each action returns a
//! [`Feedback`]: the kind, the cells, the sentence and its tone, so the
//! page never reads meaning out of a sentence.

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlElement};

use super::api::{alphabet_of, now_ms, shape_of, shape_or_fresh};
use super::keys::{Action, Keys};
use super::words::{self, Tone};
use crate::format::Layout;
use crate::grid::Grid;
use crate::logic::Candidates;
use crate::session::{self, Found, Kind, Mode, Role, Session};
use crate::shape::Shape;

/// What a cell looks like; compared with the last painted look to skip
/// DOM writes.
#[derive(Clone, PartialEq, Eq, Default)]
struct Look {
    text: String,
    /// Candidate digits shown small in an empty cell (0: none shown).
    candidates: u32,
    /// The person's notes shown in an empty cell (they come before
    /// candidates).
    notes: u32,
    role: Option<Role>,
    /// Of those, the ones the step on show removes (struck through).
    strike: u32,
    conflict: bool,
    wrong: bool,
    /// The solution's digit over a wrong entry.
    corrected: bool,
    /// The first digit of a number, waiting for a second.
    pending: bool,
    hint: bool,
    in_house: bool,
    /// A cell of the pattern of the step on show (or of the hint).
    pattern: bool,
    /// The cell the step on show fills.
    place: bool,
    cursor: bool,
    label: String,
}

/// An action's result for the page: what happened (`kind`), the cells
/// involved, a sentence with its tone, whether the grid changed, and a
/// `command` the page carries out (`solve`, `leave`) or `""`.
#[wasm_bindgen]
pub struct Feedback {
    kind: &'static str,
    cells: Vec<u32>,
    message: String,
    tone: Tone,
    changed: bool,
    handled: bool,
    command: &'static str,
    offer: &'static str,
    pending_ms: f64,
}

#[wasm_bindgen]
impl Feedback {
    /// `moved`, `edited`, `unchanged`, `refused`, `undone`, `redone`,
    /// `loaded`, `opened`, `replaced`, `cleared`, `solution-shown`,
    /// `solution-hidden`, `mode`, `hint`, `walk`, `walk-closed`, `checked`,
    /// or `passed` (a key left to the browser).
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.kind.to_string()
    }
    /// The cells involved, row-major.
    #[wasm_bindgen(getter)]
    pub fn cells(&self) -> Vec<u32> {
        self.cells.clone()
    }
    /// A sentence for the status line (may be empty).
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.message.clone()
    }
    /// `keep` (leave the status), `clear`, `hint`, `info`, `ok`, `warn`,
    /// `error`.
    #[wasm_bindgen(getter)]
    pub fn tone(&self) -> String {
        self.tone.id().to_string()
    }
    /// Givens or entries changed: save, and older results are stale.
    #[wasm_bindgen(getter)]
    pub fn changed(&self) -> bool {
        self.changed
    }
    /// The grid used the key: the page should not (`preventDefault`).
    #[wasm_bindgen(getter)]
    pub fn handled(&self) -> bool {
        self.handled
    }
    /// `solve` (Ctrl+Enter), `leave` (Escape) or `""`.
    #[wasm_bindgen(getter)]
    pub fn command(&self) -> String {
        self.command.to_string()
    }
    /// For a key that is no symbol of the grid: the alphabet id that has
    /// it, to offer the switch (`""` for none).
    #[wasm_bindgen(getter)]
    pub fn offer(&self) -> String {
        self.offer.to_string()
    }
    /// How long the first digit of a number waits for a second (0 when
    /// none waits): repaint after it (`refreshPending`).
    #[wasm_bindgen(getter, js_name = pendingMs)]
    pub fn pending_ms(&self) -> f64 {
        self.pending_ms
    }
}

fn kind_id(kind: &Kind) -> &'static str {
    match kind {
        Kind::Moved => "moved",
        Kind::Edited => "edited",
        Kind::Noted => "noted",
        Kind::Noting(_) => "noting",
        Kind::Unchanged => "unchanged",
        Kind::Refused(_) => "refused",
        Kind::Undone => "undone",
        Kind::Redone => "redone",
        Kind::Loaded { .. } => "loaded",
        Kind::Opened { .. } => "opened",
        Kind::Replaced => "replaced",
        Kind::Cleared => "cleared",
        Kind::SolutionShown { .. } => "solution-shown",
        Kind::SolutionHidden => "solution-hidden",
        Kind::Mode(_) => "mode",
        Kind::Hint { .. } => "hint",
        Kind::Walk { .. } => "walk",
        Kind::WalkClosed => "walk-closed",
        Kind::Checked(_) => "checked",
    }
}

#[wasm_bindgen]
pub struct GridView {
    root: HtmlElement,
    cells: Vec<HtmlElement>,
    painted: Vec<Look>,
    /// The shape the cells were built for: a new one of the same side
    /// (a jigsaw's regions, X, windows) redraws borders and shading too.
    built: Option<Shape>,
    session: Session,
    keys: Keys,
    show_candidates: bool,
    show_possible: bool,
}

fn js(e: JsValue) -> JsError {
    JsError::new(&format!("{e:?}"))
}

#[wasm_bindgen]
impl GridView {
    /// Renders an empty grid of `side` into `container` (its children are
    /// replaced).
    #[wasm_bindgen(constructor)]
    pub fn new(
        container: HtmlElement,
        #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
    ) -> Result<GridView, JsError> {
        let size = shape_or_fresh(&side)?;
        let mut view = GridView {
            root: container,
            cells: Vec::new(),
            painted: Vec::new(),
            built: None,
            session: Session::new(size),
            keys: Keys::default(),
            show_candidates: false,
            show_possible: false,
        };
        view.build()?;
        Ok(view)
    }

    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.session.shape().side() as u32
    }

    /// The shape line (`9`, `box=2x6`, `box=3x3+x`, `jigsaw AAB…`; see
    /// `Shape::spec`).
    #[wasm_bindgen(getter)]
    pub fn shape(&self) -> String {
        self.session.shape().spec()
    }

    /// A name for the shape: `9×9`, `12×12 (boxes 2×6)`, `9×9 jigsaw X`.
    #[wasm_bindgen(getter, js_name = shapeName)]
    pub fn shape_name(&self) -> String {
        self.session.shape().to_string()
    }

    /// The alphabet id the grid is shown in.
    #[wasm_bindgen(getter)]
    pub fn alphabet(&self) -> String {
        self.session.alphabet().id().to_string()
    }

    /// The layout used by [`GridView::text`]: the one the puzzle came in.
    #[wasm_bindgen(getter)]
    pub fn layout(&self) -> String {
        self.session.layout().id().to_string()
    }

    /// `edit` (typing sets givens) or `play` (typing sets entries).
    #[wasm_bindgen(getter)]
    pub fn mode(&self) -> String {
        self.session.mode().id().to_string()
    }

    /// Switches between `edit` and `play`.
    #[wasm_bindgen(js_name = setMode)]
    pub fn set_mode(&mut self, mode: &str) -> Result<Feedback, JsError> {
        let mode = Mode::from_id(mode)
            .ok_or_else(|| JsError::new(&format!("unknown mode '{mode}': use edit or play")))?;
        let f = self.session.set_mode(mode);
        self.answer(f)
    }

    /// A read-only grid moves its cursor but takes no edits.
    #[wasm_bindgen(js_name = setReadonly)]
    pub fn set_readonly(&mut self, readonly: bool) {
        self.session.set_readonly(readonly);
    }

    /// The givens, 0 for empty.
    pub fn givens(&self) -> Vec<u8> {
        self.session.givens().to_vec()
    }

    /// The person's entries, 0 for none.
    pub fn entries(&self) -> Vec<u8> {
        self.session.entries().to_vec()
    }

    /// Givens and entries together.
    pub fn current(&self) -> Vec<u8> {
        self.session.current()
    }

    /// The cell with the cursor.
    #[wasm_bindgen(getter)]
    pub fn cursor(&self) -> u32 {
        self.session.cursor() as u32
    }

    /// Whether a solution is shown.
    #[wasm_bindgen(getter, js_name = hasSolution)]
    pub fn has_solution(&self) -> bool {
        self.session.solution().is_some()
    }

    /// Cells showing the solver's digits (0 without a solution).
    #[wasm_bindgen(getter, js_name = filledCount)]
    pub fn filled_count(&self) -> u32 {
        self.session.filled_count() as u32
    }

    #[wasm_bindgen(getter, js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.session.can_undo()
    }

    #[wasm_bindgen(getter, js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.session.can_redo()
    }

    /// Starts over with an empty grid of another shape: a side, a shape
    /// line, or `jigsaw 9` for new regions (a history of its own).
    pub fn resize(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
    ) -> Result<(), JsError> {
        self.session.resize(shape_or_fresh(&side)?);
        self.build()
    }

    /// Shows the grid in another alphabet of its size (`letters`, `hex`,
    /// `numbers`…).
    #[wasm_bindgen(js_name = setAlphabet)]
    pub fn set_alphabet(&mut self, id: &str) -> Result<(), JsError> {
        let alphabet = alphabet_of(id, self.session.shape().side())?;
        self.session.set_alphabet(alphabet);
        self.refresh()
    }

    /// Sets the layout [`GridView::text`] writes (`line`, `block`, `pretty`).
    #[wasm_bindgen(js_name = setLayout)]
    pub fn set_layout(&mut self, id: &str) -> Result<(), JsError> {
        let layout = Layout::from_name(id).ok_or_else(|| {
            JsError::new(&format!("unknown layout '{id}': use line, block or pretty"))
        })?;
        self.session.set_layout(layout);
        Ok(())
    }

    /// The symbols of the current alphabet, digit 1 first (`10`…`16` for
    /// numbers).
    pub fn symbols(&self) -> Vec<String> {
        self.session
            .alphabet()
            .symbol_list(self.session.shape().side())
    }

    /// Shows each empty cell's candidates (or stops showing them).
    #[wasm_bindgen(js_name = setShowCandidates)]
    pub fn set_show_candidates(&mut self, show: bool) -> Result<(), JsError> {
        self.show_candidates = show;
        self.refresh()
    }

    /// Shows in each empty cell every value some solution holds, once
    /// known (`setPossible`), instead of the candidates.
    #[wasm_bindgen(js_name = setShowPossible)]
    pub fn set_show_possible(&mut self, show: bool) -> Result<(), JsError> {
        self.show_possible = show;
        self.refresh()
    }

    /// Every possible value per cell, as a worker found it for `cells`
    /// (`PossibleJob`): shown if `cells` is still the grid. Returns the
    /// sentence and tone for the answers line, or `undefined` when the grid
    /// has changed since.
    #[wasm_bindgen(js_name = setPossible)]
    pub fn set_possible(
        &mut self,
        cells: &[u8],
        masks: Vec<u32>,
    ) -> Result<Option<Vec<String>>, JsError> {
        let words = words::possible_done(&masks, &self.session);
        if !self.session.set_possible(cells, masks) {
            return Ok(None);
        }
        self.refresh()?;
        Ok(Some(vec![words.0, words.1.id().to_string()]))
    }

    /// Whether typing writes notes (the Notes switch).
    #[wasm_bindgen(getter)]
    pub fn noting(&self) -> bool {
        self.session.noting()
    }

    /// Turns the Notes switch.
    #[wasm_bindgen(js_name = setNoting)]
    pub fn set_noting(&mut self, on: bool) -> Result<Feedback, JsError> {
        let f = self.session.set_noting(on);
        self.answer(f)
    }

    /// Whether a placed digit leaves its peers' notes (on by default).
    #[wasm_bindgen(js_name = setClearNotes)]
    pub fn set_clear_notes(&mut self, on: bool) {
        self.session.set_clear_notes(on);
    }

    /// The person's notes per cell (bit `d - 1` for digit `d`).
    pub fn notes(&self) -> Vec<u32> {
        self.session.notes().to_vec()
    }

    /// Restores saved notes (one mask per cell); refused when their number
    /// is not the grid's.
    #[wasm_bindgen(js_name = setNotes)]
    pub fn set_notes(&mut self, notes: Vec<u32>) -> Result<(), JsError> {
        self.session
            .set_notes(&notes)
            .map_err(|r| JsError::new(&refusal_words(r, &self.session)))?;
        self.refresh()
    }

    /// Keeps what the worker's search found for `cells`: `outcome` (a
    /// `Solution`'s: `unique`, `several`, `none`, `conflict`), its count and
    /// `more`, and its solution. Returns an error message when the
    /// independent verifier refuses the solution (nothing is kept), else
    /// `undefined`.
    pub fn learn(
        &mut self,
        cells: &[u8],
        outcome: &str,
        count: f64,
        more: bool,
        solution: Option<Vec<u8>>,
    ) -> Result<Option<String>, JsError> {
        let found = match (outcome, solution) {
            ("unique", Some(s)) => Found::Unique(s),
            ("several", Some(example)) => Found::Several {
                count: count as u64,
                more,
                example,
            },
            ("none" | "conflict", _) => Found::None,
            // Limit 1 or a budget: nothing certain to keep.
            _ => return Ok(None),
        };
        match self.session.learn(cells, found) {
            Ok(()) => {
                self.refresh()?;
                Ok(None)
            }
            Err(r) => Ok(Some(refusal_words(r, &self.session))),
        }
    }

    /// The grid a hint needs searched before `hint()` can answer (a worker
    /// searches it, then `learn`), or `undefined`.
    #[wasm_bindgen(js_name = hintNeeds)]
    pub fn hint_needs(&self) -> Option<Vec<u8>> {
        self.session.hint_needs()
    }

    /// The grid a check needs searched first (the givens), or `undefined`:
    /// with no entries a check answers at once.
    #[wasm_bindgen(js_name = checkNeeds)]
    pub fn check_needs(&self) -> Option<Vec<u8>> {
        self.session.check_needs()
    }

    /// The grid "answers as you type" needs searched: the current one, when
    /// nothing is known about it yet.
    #[wasm_bindgen(js_name = answersNeeds)]
    pub fn answers_needs(&self) -> Option<Vec<u8>> {
        self.session.answers_needs()
    }

    /// The answers line: `[sentence, tone]`, or `undefined` while not known.
    #[wasm_bindgen(getter)]
    pub fn answers(&self) -> Option<Vec<String>> {
        words::answers(&self.session).map(|(m, t)| vec![m, t.id().to_string()])
    }

    /// Repaints the cell whose first digit waited for a second, once the
    /// wait is over.
    #[wasm_bindgen(js_name = refreshPending)]
    pub fn refresh_pending(&mut self) -> Result<(), JsError> {
        self.refresh()
    }

    /// A new puzzle's givens, entries cleared (undoable).
    #[wasm_bindgen(js_name = setGivens)]
    pub fn set_givens(&mut self, cells: &[u8]) -> Result<Feedback, JsError> {
        self.set_puzzle(cells, &vec![0; cells.len()], JsValue::UNDEFINED)
    }

    /// Replaces givens and entries at once. `shape` (a side or shape
    /// line) names their shape; without it, the grid's own shape when the
    /// length fits it, else the usual boxes of that length. Cells that are
    /// no grid are refused (`kind` `refused`), the grid kept.
    #[wasm_bindgen(js_name = setPuzzle)]
    pub fn set_puzzle(
        &mut self,
        givens: &[u8],
        entries: &[u8],
        #[wasm_bindgen(unchecked_param_type = "number | string | undefined")] shape: JsValue,
    ) -> Result<Feedback, JsError> {
        let shape = if !shape.is_undefined() && !shape.is_null() {
            shape_of(&shape)?
        } else if givens.len() == self.session.shape().cells() {
            self.session.shape().clone()
        } else {
            Shape::from_cells(givens.len()).ok_or_else(|| {
                JsError::new(&format!(
                    "{} cells are no grid: use n² for a side n of 4, 6, 8, 9, 10, 12, … 25",
                    givens.len()
                ))
            })?
        };
        let grid = |cells: &[u8]| {
            Grid::from_cells(shape.clone(), cells.to_vec())
                .map_err(|e| JsError::new(&e.to_string()))
        };
        let (g, e) = (grid(givens)?, grid(entries)?);
        let f = self.session.replace(g, e);
        self.answer(f)
    }

    /// Reads the first puzzle of `text` (any layout and alphabet the parser
    /// knows) as givens, in edit mode, taking its size, alphabet and layout.
    /// Unreadable text leaves the grid as it was and says why. `alphabet`
    /// (an id, may be empty) only settles text whose symbols fit several.
    #[wasm_bindgen(js_name = loadText)]
    pub fn load_text(&mut self, text: &str, alphabet: &str) -> Result<Feedback, JsError> {
        let prefer = crate::alphabet::Alphabet::from_name(alphabet);
        let f = self.session.load_text(text, prefer);
        self.answer(f)
    }

    /// The givens and entries as a link fragment (`share` module format).
    #[wasm_bindgen(js_name = shareText)]
    pub fn share_text(&self) -> String {
        self.session.share_text()
    }

    /// Opens a link fragment made by [`GridView::share_text`]; a bad link
    /// leaves the grid as it was and says why.
    #[wasm_bindgen(js_name = openLink)]
    pub fn open_link(&mut self, text: &str) -> Result<Feedback, JsError> {
        let f = self.session.open_link(text);
        self.answer(f)
    }

    /// A link's shape line and side, without opening it (`undefined` for a
    /// bad link): the page first shows its saved grid of that shape, so
    /// that the link's puzzle is one Undo away from the person's work.
    #[wasm_bindgen(js_name = linkShape)]
    pub fn link_shape(&self, text: &str) -> Option<Vec<String>> {
        let shared = crate::share::decode(text).ok()?;
        let shape = shared.givens.shape();
        Some(vec![shape.spec(), shape.side().to_string()])
    }

    /// The grid as text — the solution when one is shown, else givens and
    /// entries — in the current alphabet and the layout the puzzle came in.
    pub fn text(&self) -> String {
        self.session.text()
    }

    /// Shows a solution of the givens, checked by the independent verifier
    /// first (refused otherwise, the grid unchanged). Right entries keep
    /// their colour; wrong ones show the solution's digit.
    #[wasm_bindgen(js_name = showSolution)]
    pub fn show_solution(&mut self, cells: &[u8]) -> Result<Feedback, JsError> {
        let f = self.session.show_solution(cells);
        self.answer(f)
    }

    /// Removes the solution, keeping givens and entries.
    #[wasm_bindgen(js_name = clearSolution)]
    pub fn clear_solution(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.hide_solution();
        self.answer(f)
    }

    /// Empties the grid (undoable).
    pub fn clear(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.clear();
        self.answer(f)
    }

    /// Takes back the last change.
    pub fn undo(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.undo();
        self.answer(f)
    }

    /// Puts back the last change taken back.
    pub fn redo(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.redo();
        self.answer(f)
    }

    /// The conflicts in words (the first, and how many more), if any.
    #[wasm_bindgen(getter, js_name = conflictMessage)]
    pub fn conflict_message(&self) -> Option<String> {
        words::conflicts(&self.session)
    }

    /// Whether two givens (not entries) clash: then there is nothing to
    /// solve. The clash in words.
    #[wasm_bindgen(getter, js_name = givensConflict)]
    pub fn givens_conflict(&self) -> Option<String> {
        words::givens_conflict(&self.session)
    }

    /// The cells marked as in conflict.
    #[wasm_bindgen(js_name = conflictCells)]
    pub fn conflict_cells(&self) -> Vec<u32> {
        (0..self.session.shape().cells())
            .filter(|&c| self.session.in_conflict(c))
            .map(|c| c as u32)
            .collect()
    }

    /// The next step for the person; marks its cell and house. Never
    /// reveals more than one cell, and never searches: when `hintNeeds`
    /// names a grid, it is refused until the worker's answer is learned.
    pub fn hint(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.hint_known();
        self.answer(f)
    }

    /// Shows the logical path of the givens from its first step, each
    /// step's pattern marked on the grid as it stood; the entries wait,
    /// unchanged, until [`GridView::close_walk`].
    pub fn explain(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.explain();
        self.answer(f)
    }

    /// Shows step `at` (0-based) of the logical path; past the last, where
    /// the path ended.
    #[wasm_bindgen(js_name = walkTo)]
    pub fn walk_to(&mut self, at: u32) -> Result<Feedback, JsError> {
        let f = self.session.walk_to(at as usize);
        self.answer(f)
    }

    /// Moves `delta` steps along the logical path (negative: back).
    #[wasm_bindgen(js_name = walkBy)]
    pub fn walk_by(&mut self, delta: i32) -> Result<Feedback, JsError> {
        let f = self.session.walk_by(delta as isize);
        self.answer(f)
    }

    /// Back to the person's grid.
    #[wasm_bindgen(js_name = closeWalk)]
    pub fn close_walk(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.close_walk();
        self.answer(f)
    }

    /// The step of the logical path on show (`undefined` when the path is
    /// not on show; the number of steps when it shows the end).
    #[wasm_bindgen(getter, js_name = walkAt)]
    pub fn walk_at(&self) -> Option<u32> {
        self.session.walk().map(|(_, at)| at as u32)
    }

    /// The steps of the logical path on show, one line each (`Hidden
    /// single: In box 3, 5 fits only R2C8`); empty when it is not on show.
    #[wasm_bindgen(js_name = walkSteps)]
    pub fn walk_steps(&self) -> Vec<String> {
        let s = &self.session;
        s.walk()
            .map(|(path, _)| words::walk_lines(path, s.shape(), s.alphabet()))
            .unwrap_or_default()
    }

    /// How the logical path ends, in one sentence (empty when it is not on
    /// show).
    #[wasm_bindgen(js_name = walkEnd)]
    pub fn walk_end(&self) -> String {
        let s = &self.session;
        s.walk()
            .map(|(path, _)| words::walk_end(path, s.shape()).0)
            .unwrap_or_default()
    }

    /// Marks the wrong entries, without showing their right digits. Never
    /// searches (see `checkNeeds`).
    pub fn check(&mut self) -> Result<Feedback, JsError> {
        let f = self.session.check_known();
        self.answer(f)
    }

    /// Moves the cursor to `cell`, and the keyboard focus with it when
    /// `focus` is true.
    pub fn select(&mut self, cell: u32, focus: bool) -> Result<Feedback, JsError> {
        let f = self.session.select(cell as usize);
        let f = self.answer(f)?;
        if focus {
            self.focus()?;
        }
        Ok(f)
    }

    /// Gives the keyboard focus to the cursor cell.
    pub fn focus(&self) -> Result<(), JsError> {
        self.cells[self.session.cursor()].focus().map_err(js)
    }

    /// A key (`KeyboardEvent.key`, with its `code`) typed in the grid, with
    /// Ctrl (or ⌘) and Shift. See `keys.rs` for the map; in a grid of
    /// numbers, `1` then `6` within a second enters 16.
    pub fn key(
        &mut self,
        key: &str,
        code: &str,
        ctrl: bool,
        shift: bool,
    ) -> Result<Feedback, JsError> {
        let action = self
            .keys
            .action(key, code, ctrl, shift, now_ms(), &self.session);
        let n = self.session.shape().side();
        let s = &mut self.session;
        let f = match action {
            Action::Pass => return Ok(passed("")),
            Action::Leave => return Ok(passed("leave")),
            Action::Solve => {
                let mut f = passed("solve");
                f.handled = true;
                return Ok(f);
            }
            Action::Step { rows, cols } => s.step(rows, cols),
            Action::RowStart => s.select(s.cursor() / n * n),
            Action::RowEnd => s.select(s.cursor() / n * n + n - 1),
            Action::Put(d) => s.put(d, true),
            Action::Amend { cell, digit } => s.amend(cell, digit),
            Action::Note(d) => s.toggle_note(d),
            Action::AmendNote { cell, from, to } => s.amend_note(cell, from, to),
            Action::ToggleNotes => s.set_noting(!s.noting()),
            Action::Delete => s.put(0, false),
            Action::Backspace => s.backspace(),
            Action::NotASymbol(ch) => session_refusal(session::Refusal::NotASymbol(ch)),
            Action::Undo => s.undo(),
            Action::Redo => s.redo(),
        };
        let f = self.answer(f)?;
        self.focus()?;
        Ok(f)
    }

    /// Puts a digit (0 empties) in the cursor cell from the on-screen pad,
    /// and moves on; with the Notes switch on, toggles the note instead.
    #[wasm_bindgen(js_name = putDigit)]
    pub fn put_digit(&mut self, digit: u8) -> Result<Feedback, JsError> {
        let f = if self.session.noting() && digit != 0 {
            self.session.toggle_note(digit)
        } else {
            self.session.put(digit, digit != 0)
        };
        self.answer(f)
    }
}

fn passed(command: &'static str) -> Feedback {
    Feedback {
        kind: "passed",
        cells: Vec::new(),
        message: String::new(),
        tone: Tone::Keep,
        changed: false,
        handled: false,
        command,
        offer: "",
        pending_ms: 0.0,
    }
}

fn refusal_words(r: session::Refusal, s: &Session) -> String {
    words::feedback(&session_refusal(r), s).0
}

fn session_refusal(r: session::Refusal) -> session::Feedback {
    session::Feedback {
        kind: Kind::Refused(r),
        cells: Vec::new(),
    }
}

impl GridView {
    /// Repaints and turns the session's feedback into the page's.
    fn answer(&mut self, f: session::Feedback) -> Result<Feedback, JsError> {
        if self.built.as_ref() != Some(self.session.shape()) {
            self.build()?;
        } else {
            self.refresh()?;
        }
        let (message, tone) = words::feedback(&f, &self.session);
        Ok(Feedback {
            kind: kind_id(&f.kind),
            cells: f.cells.iter().map(|&c| c as u32).collect(),
            message,
            tone,
            changed: f.changed(),
            handled: true,
            command: "",
            offer: words::offer(&f, &self.session).map_or("", |a| a.id()),
            pending_ms: self.keys.pending(now_ms()).map_or(0.0, |(_, ms)| ms),
        })
    }

    /// Rebuilds the cells (after a change of size).
    fn build(&mut self) -> Result<(), JsError> {
        let document = self.document()?;
        let size = self.session.shape().clone();
        self.built = Some(size.clone());
        let n = size.side();
        // Small digits sit in a pad of b columns (b² ≥ n).
        let b = (1..=n).find(|b| b * b >= n).unwrap_or(n);
        let geometry = crate::shape::Geometry::of(&size);
        self.root.set_text_content(None);
        self.root.set_attribute("role", "grid").map_err(js)?;
        self.root
            .set_attribute("aria-label", &format!("{size} Sudoku grid"))
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
            // Without a name a row reads out its cells run together.
            row.set_attribute("aria-label", &format!("Row {}", r + 1))
                .map_err(js)?;
            for c in 0..n {
                let cell: HtmlElement =
                    document.create_element("div").map_err(js)?.unchecked_into();
                cell.set_attribute("role", "gridcell").map_err(js)?;
                cell.set_attribute("data-cell", &(r * n + c).to_string())
                    .map_err(js)?;
                // One Tab stop: only the cursor cell is in the tab order.
                cell.set_attribute("tabindex", "-1").map_err(js)?;
                let mut class = String::from("cell");
                let at = r * n + c;
                // Thick lines where the region changes: boxes of any
                // shape, and a jigsaw's regions alike.
                if c + 1 < n && size.region_of(at) != size.region_of(at + 1) {
                    class.push_str(" box-right");
                }
                if r + 1 < n && size.region_of(at) != size.region_of(at + n) {
                    class.push_str(" box-bottom");
                }
                for h in geometry.houses_of(at) {
                    match size.house(*h as usize) {
                        crate::shape::House::Diagonal(_) => class.push_str(" diagonal"),
                        crate::shape::House::Window(_) => class.push_str(" window"),
                        _ => {}
                    }
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

    fn look(&self, cell: usize, candidates: &[u32], pending: Option<usize>) -> Look {
        let s = &self.session;
        let (digit, role) = s.shown(cell);
        let text = if digit == 0 {
            String::new()
        } else {
            s.alphabet().symbol(s.shape().side(), digit)
        };
        let notes = s.shown_notes(cell);
        let (candidates, strike) = match s.walk_candidates(cell) {
            Some((c, gone)) if digit == 0 => (c, gone),
            Some(_) => (0, 0),
            None if digit == 0 && notes == 0 => (candidates.get(cell).copied().unwrap_or(0), 0),
            None => (0, 0),
        };
        let pending = pending == Some(cell) && digit != 0;
        let mut label = words::cell_label(s, cell, candidates);
        if pending {
            label.push_str(", waiting for a second digit");
        }
        Look {
            text,
            candidates,
            notes,
            strike,
            role: Some(role),
            conflict: s.in_conflict(cell),
            wrong: s.is_wrong(cell),
            corrected: s.corrected(cell),
            pending,
            hint: s.hinted() == Some(cell),
            in_house: s.in_hint_house(cell),
            pattern: s.in_pattern(cell),
            place: s.walk_places(cell),
            cursor: cell == s.cursor(),
            label,
        }
    }

    /// Each empty cell's small digits, when they are shown: every possible
    /// value once known (with that option), else the candidates.
    fn candidates(&self) -> Vec<u32> {
        let s = &self.session;
        if s.solution().is_some() || s.walk().is_some() {
            return Vec::new();
        }
        if self.show_possible && s.possible(0).is_some() {
            return (0..s.shape().cells())
                .map(|c| s.possible(c).unwrap_or(0))
                .collect();
        }
        if !self.show_candidates {
            return Vec::new();
        }
        let grid = Grid::from_cells(s.shape().clone(), s.current()).expect("cells of this size");
        match Candidates::new(&grid) {
            Ok(c) => (0..s.shape().cells()).map(|cell| c.mask(cell)).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Brings every cell's DOM in line with the session.
    fn refresh(&mut self) -> Result<(), JsError> {
        let candidates = self.candidates();
        let pending = self.keys.pending(now_ms()).map(|(cell, _)| cell);
        let document = self.document()?;
        let (size, alphabet) = (self.session.shape().clone(), self.session.alphabet());
        for cell in 0..self.cells.len() {
            let look = self.look(cell, &candidates, pending);
            if look == self.painted[cell] {
                continue;
            }
            let el = &self.cells[cell];
            let old = &self.painted[cell];
            if look.text != old.text
                || look.candidates != old.candidates
                || look.notes != old.notes
                || look.strike != old.strike
            {
                let small = if look.notes != 0 {
                    Some(("notes", look.notes))
                } else if look.candidates != 0 {
                    Some(("cands", look.candidates))
                } else {
                    None
                };
                match small {
                    Some((class, mask)) => {
                        // Small symbols, one slot per digit so they keep
                        // their places; on 25×25 only those present, larger.
                        let list = size.side() > 16;
                        el.set_text_content(None);
                        let pad = document.create_element("div").map_err(js)?;
                        let class = if list {
                            format!("{class} list")
                        } else {
                            class.to_string()
                        };
                        pad.set_attribute("class", &class).map_err(js)?;
                        pad.set_attribute("aria-hidden", "true").map_err(js)?;
                        for d in 0..size.side() as u8 {
                            let on = mask >> d & 1 != 0;
                            if list && !on {
                                continue;
                            }
                            let slot = document.create_element("span").map_err(js)?;
                            if on {
                                slot.set_text_content(Some(&alphabet.symbol(size.side(), d + 1)));
                                if look.strike >> d & 1 != 0 {
                                    slot.set_attribute("class", "strike").map_err(js)?;
                                }
                            }
                            pad.append_child(&slot).map_err(js)?;
                        }
                        el.append_child(&pad).map_err(js)?;
                    }
                    None => el.set_text_content(Some(&look.text)),
                }
            }
            let classes = el.class_list();
            let role = look.role;
            for (class, on) in [
                ("given", role == Some(Role::Given)),
                ("entry", role == Some(Role::Entry)),
                ("filled", role == Some(Role::Filled)),
                ("conflict", look.conflict),
                ("wrong", look.wrong),
                ("corrected", look.corrected),
                ("pending", look.pending),
                ("noted", look.notes != 0),
                ("hint", look.hint),
                ("in-house", look.in_house),
                ("pattern", look.pattern),
                ("place", look.place),
                ("wide", look.text.len() > 1),
            ] {
                classes.toggle_with_force(class, on).map_err(js)?;
            }
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
