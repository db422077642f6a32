//! The Collection panel's exports: a streaming reader that cuts text into
//! puzzles (any layout and alphabet the CLI reads), and a resumable check of
//! one puzzle whose row is the CLI's `check --format tsv` row.

use wasm_bindgen::prelude::*;

use super::api::{alphabet_of, grid_of, now_ms};
use crate::collection::{Finding, Verdict};
use crate::format::{Layout, Notation};
use crate::parse::{ParseOptions, Parser, Puzzle, MAX_LINE};
use crate::solver::{Engine, Solver};

/// Text in, puzzles out, in input order; memory holds one line and the
/// block being read, however long the input.
#[wasm_bindgen]
pub struct CollectionReader {
    parser: Parser,
    /// The line being read, when a piece of text ended inside it.
    partial: String,
    /// The line being read is past [`MAX_LINE`]: none of it is kept.
    overlong: bool,
    /// The last line ended with a `\r`: a `\n` right after it (in this
    /// piece or the next) completes a `\r\n`.
    after_cr: bool,
}

impl Default for CollectionReader {
    fn default() -> Self {
        CollectionReader::new()
    }
}

#[wasm_bindgen]
impl CollectionReader {
    #[wasm_bindgen(constructor)]
    pub fn new() -> CollectionReader {
        CollectionReader {
            parser: Parser::new(ParseOptions::default()),
            partial: String::new(),
            overlong: false,
            after_cr: false,
        }
    }

    /// Feeds the next piece of the text; pieces may cut lines anywhere. A
    /// line ends at `\n`, `\r\n` or a lone `\r`.
    pub fn push(&mut self, text: &str) {
        let mut rest = text;
        if !rest.is_empty() && std::mem::take(&mut self.after_cr) {
            rest = rest.strip_prefix('\n').unwrap_or(rest);
        }
        while let Some(end) = rest.find(['\n', '\r']) {
            self.take(&rest[..end]);
            self.end_line();
            let cr = rest.as_bytes()[end] == b'\r';
            rest = &rest[end + 1..];
            if cr {
                match rest.strip_prefix('\n') {
                    Some(after) => rest = after,
                    None => self.after_cr = rest.is_empty(),
                }
            }
        }
        self.take(rest);
    }

    /// Ends the text: a block still open is reported as cut short.
    pub fn finish(&mut self) {
        if self.overlong || !self.partial.is_empty() {
            self.end_line();
        }
        self.parser.finish();
    }

    /// The next puzzle (or unreadable entry) read so far, if any.
    #[wasm_bindgen(js_name = next)]
    pub fn next_entry(&mut self) -> Option<CollectionEntry> {
        self.parser.next_entry().map(|entry| match &entry.result {
            Ok(puzzle) => CollectionEntry {
                index: entry.index as u32,
                line: entry.line as u32,
                side: puzzle.grid.shape().side() as u32,
                shape: puzzle.grid.shape().spec(),
                cells: puzzle.grid.cells().to_vec(),
                alphabet: puzzle.notation.alphabet.id(),
                blank: puzzle.notation.blank.to_string(),
                row: None,
            },
            Err(e) => CollectionEntry {
                index: entry.index as u32,
                line: entry.line as u32,
                side: 0,
                shape: String::new(),
                cells: Vec::new(),
                alphabet: "",
                blank: String::new(),
                row: Some(Verdict::unreadable(&entry, e).tsv()),
            },
        })
    }
}

impl CollectionReader {
    fn take(&mut self, piece: &str) {
        if self.overlong {
            return;
        }
        // The parser refuses a line over MAX_LINE; a `\r` may follow it.
        if self.partial.len() + piece.len() > MAX_LINE + 1 {
            self.overlong = true;
            self.partial = String::new();
        } else {
            self.partial.push_str(piece);
        }
    }

    fn end_line(&mut self) {
        if std::mem::take(&mut self.overlong) {
            self.parser.push_overlong_line();
        } else {
            self.parser.push_line(&self.partial);
            self.partial.clear();
        }
    }
}

/// One entry of a collection: a puzzle to check, or the row of one that
/// could not be read.
#[wasm_bindgen]
pub struct CollectionEntry {
    index: u32,
    line: u32,
    side: u32,
    shape: String,
    cells: Vec<u8>,
    alphabet: &'static str,
    blank: String,
    row: Option<String>,
}

#[wasm_bindgen]
impl CollectionEntry {
    /// 1-based position in the input, unreadable entries included.
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> u32 {
        self.index
    }
    /// The puzzle's first line.
    #[wasm_bindgen(getter)]
    pub fn line(&self) -> u32 {
        self.line
    }
    /// The side, 0 for an unreadable entry.
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.side
    }
    /// The shape line (`9`, `box=2x6`, `jigsaw AAB…`), empty for an
    /// unreadable entry.
    #[wasm_bindgen(getter)]
    pub fn shape(&self) -> String {
        self.shape.clone()
    }
    /// The givens, 0 for empty.
    #[wasm_bindgen(getter)]
    pub fn cells(&self) -> Vec<u8> {
        self.cells.clone()
    }
    /// The alphabet's id.
    #[wasm_bindgen(getter)]
    pub fn alphabet(&self) -> String {
        self.alphabet.to_string()
    }
    /// The character written for an empty cell.
    #[wasm_bindgen(getter)]
    pub fn blank(&self) -> String {
        self.blank.clone()
    }
    /// For an unreadable entry, its finished row (`invalid` with the
    /// reason); `undefined` for a puzzle to check.
    #[wasm_bindgen(getter)]
    pub fn row(&self) -> Option<String> {
        self.row.clone()
    }
}

/// A check of one puzzle in slices: the worker runs it through, the
/// single-file page in slices between frames.
#[wasm_bindgen]
pub struct CheckJob {
    solver: Solver,
    puzzle: Puzzle,
    index: usize,
    line: usize,
    max_nodes: u64,
    millis: f64,
}

#[wasm_bindgen]
impl CheckJob {
    /// Checks the puzzle at `index` (first line `line`), counting up to
    /// `limit` solutions and giving up after `max_nodes` (0: never).
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        cells: &[u8],
        #[wasm_bindgen(unchecked_param_type = "number | string")] side: JsValue,
        alphabet: &str,
        blank: &str,
        index: u32,
        line: u32,
        limit: u32,
        max_nodes: f64,
    ) -> Result<CheckJob, JsError> {
        let grid = grid_of(cells, &side)?;
        let alphabet = alphabet_of(alphabet, grid.shape().side())?;
        let kind = !grid.shape().is_plain();
        let blank = blank.chars().next().unwrap_or('.');
        let start = now_ms();
        let solver = Solver::new(&grid, Engine::Bitmask, limit.max(2) as u64);
        Ok(CheckJob {
            solver,
            puzzle: Puzzle {
                grid,
                notation: Notation {
                    alphabet,
                    layout: Layout::Line,
                    blank,
                    kind,
                },
                comment: None,
                notes: Vec::new(),
                placed: Vec::new(),
            },
            index: index as usize,
            line: line as usize,
            max_nodes: if max_nodes >= 1.0 {
                max_nodes as u64
            } else {
                u64::MAX
            },
            millis: now_ms() - start,
        })
    }

    /// Searches for about `ms` milliseconds at most; returns whether the
    /// check has ended (answered, or out of its node budget).
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64) -> bool {
        let start = now_ms();
        let budget = self.max_nodes.saturating_sub(self.solver.stats().nodes);
        let done = self.solver.run_until(budget, || now_ms() - start >= ms);
        self.millis += now_ms() - start;
        done || self.solver.stats().nodes >= self.max_nodes
    }

    /// Search nodes so far.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.solver.stats().nodes as f64
    }

    /// The verdict once [`CheckJob::run_for`] said the check ended.
    pub fn result(&self) -> CheckResult {
        let report = self.solver.report();
        let stopped = (!self.solver.is_finished()).then(|| {
            format!(
                "gave up after {} positions (a puzzle this hard is best solved alone)",
                self.max_nodes
            )
        });
        let start = now_ms();
        let finding = Finding::from_report(&self.puzzle, &report, stopped);
        let verdict = Verdict::of(self.index, self.line, &self.puzzle, finding);
        CheckResult {
            row: verdict.tsv(),
            micros: ((self.millis + now_ms() - start) * 1000.0).round(),
        }
    }
}

/// A checked puzzle: the row `bitsudoku check --format tsv` prints for it,
/// and the time it took.
#[wasm_bindgen]
pub struct CheckResult {
    row: String,
    micros: f64,
}

#[wasm_bindgen]
impl CheckResult {
    /// The TSV row, without a newline.
    #[wasm_bindgen(getter)]
    pub fn row(&self) -> String {
        self.row.clone()
    }
    /// Microseconds spent on it.
    #[wasm_bindgen(getter)]
    pub fn micros(&self) -> f64 {
        self.micros
    }
}
