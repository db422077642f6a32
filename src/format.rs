//! Text out: a grid in a layout and an alphabet.
//!
//! Every layout printed here is read back by [`crate::parse`] to the same grid.

use crate::alphabet::Alphabet;
use crate::grid::Grid;
use crate::shape::{Shape, MAX_SIDE};

/// How a puzzle is laid out in text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Layout {
    /// One puzzle per line, `side²` symbols (the 9×9 sets, POJ 3074).
    Line,
    /// `side` lines of `side` symbols (UVA 1309 / POJ 3076).
    Block,
    /// A block with spaces between cells, `|` between boxes and `-+-` lines
    /// between bands, as people paste it.
    Pretty,
}

impl Layout {
    /// The stable machine name: `line`, `block`, `pretty`.
    pub fn id(self) -> &'static str {
        match self {
            Layout::Line => "line",
            Layout::Block => "block",
            Layout::Pretty => "pretty",
        }
    }

    /// Reads a machine name.
    pub fn from_name(name: &str) -> Option<Layout> {
        match name.trim().to_ascii_lowercase().as_str() {
            "line" => Some(Layout::Line),
            "block" => Some(Layout::Block),
            "pretty" => Some(Layout::Pretty),
            _ => None,
        }
    }
}

/// Everything needed to write a grid the way its input was written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Notation {
    /// The symbols written for the digits.
    pub alphabet: Alphabet,
    /// Line, block or pretty.
    pub layout: Layout,
    /// The character written for an empty cell.
    pub blank: char,
    /// Whether the kind (`box=2x3`) is written even for a plain grid (the
    /// side's usual boxes, nothing extra), as the input did. Every other
    /// shape always writes its kind, so that it reads back the same.
    pub kind: bool,
}

impl Notation {
    /// The default notation of a side: its default alphabet and blank.
    pub fn default_for(side: usize, layout: Layout) -> Notation {
        let alphabet = Alphabet::default_for(side);
        Notation {
            alphabet,
            layout,
            blank: alphabet.default_blank(side),
            kind: false,
        }
    }

    /// This notation with its alphabet checked against `side`: an alphabet
    /// that does not serve the side is replaced by the side's default.
    pub fn for_side(self, side: usize) -> Notation {
        if self.alphabet.fits_side(side) {
            self
        } else {
            Notation {
                kind: self.kind,
                ..Notation::default_for(side, self.layout)
            }
        }
    }
}

/// The grid as text, every line ending in `\n`.
pub fn format(grid: &Grid, notation: &Notation) -> String {
    let mut out = String::with_capacity(grid.shape().cells() * 2 + 64);
    write_grid(&mut out, grid, notation);
    out
}

/// Appends the grid as text to `out`, every line ending in `\n`.
///
/// A grid that is not plain (its side's usual boxes and nothing extra)
/// starts with its kind: `box=2x6`, `jigsaw`, `box=3x3+x`, on the line of a
/// one-line puzzle or on a line of its own before a block; a jigsaw's region
/// letters follow its cells, on the line or after each row. An alphabet that
/// does not serve the grid's side falls back to the side's default, so a
/// caller cannot make this panic.
pub fn write_grid(out: &mut String, grid: &Grid, notation: &Notation) {
    let shape = grid.shape();
    let n = shape.side();
    let notation = notation.for_side(n);
    let blank = if notation.alphabet.is_blank(n, notation.blank) {
        notation.blank
    } else {
        notation.alphabet.default_blank(n)
    };
    let kind = (notation.kind || !shape.is_plain()).then(|| shape.kind());
    let regions = shape.is_jigsaw().then(|| shape.region_text());
    if let (Some(kind), false) = (&kind, notation.layout == Layout::Line) {
        out.push_str(kind);
        out.push('\n');
    }
    if notation.layout == Layout::Line {
        if let Some(kind) = &kind {
            out.push_str(kind);
            out.push(' ');
        }
    }
    let start = out.len();
    if notation.alphabet.is_single_char() {
        write_symbols(out, grid, notation, blank);
    } else {
        write_numbers(out, grid, notation.layout, blank);
    }
    if let Some(regions) = regions {
        // The region letters after the cells: of the whole grid on a line,
        // of each row after it in a block.
        if notation.layout == Layout::Line {
            out.pop();
            out.push(' ');
            out.push_str(&regions);
            out.push('\n');
        } else {
            let rows: Vec<String> = out[start..].lines().map(str::to_string).collect();
            out.truncate(start);
            for (row, letters) in rows.iter().zip(regions.as_bytes().chunks(n)) {
                out.push_str(row);
                out.push_str("  ");
                out.extend(letters.iter().map(|&b| b as char));
                out.push('\n');
            }
        }
    }
}

/// The band height and the stack width of the pretty layout's rules: the
/// boxes, or none for a jigsaw.
fn rules(shape: &Shape) -> (usize, usize) {
    shape.box_dims().unwrap_or((usize::MAX, usize::MAX))
}

fn write_symbols(out: &mut String, grid: &Grid, notation: Notation, blank: char) {
    let shape = grid.shape();
    let n = shape.side();
    let symbols = notation
        .alphabet
        .symbols(n)
        .expect("a single-character alphabet")
        .as_bytes();
    let symbol = |digit: u8| {
        if digit == 0 {
            blank
        } else {
            symbols[digit as usize - 1] as char
        }
    };
    match notation.layout {
        // Every symbol and every blank (`write_grid` passes one the
        // alphabet accepts) is ASCII: a row of bytes from a table, pushed as
        // one string (a char at a time, this was most of the cost of
        // printing a batch's solutions).
        Layout::Line | Layout::Block => {
            let mut table = [blank as u8; 26];
            table[1..=n].copy_from_slice(&symbols[..n]);
            let row = if notation.layout == Layout::Line {
                n * n
            } else {
                n
            };
            let mut bytes = [0u8; MAX_SIDE * MAX_SIDE + 1];
            out.reserve(n * n + n);
            for cells in grid.cells().chunks(row) {
                for (b, &d) in bytes.iter_mut().zip(cells) {
                    *b = table[d as usize];
                }
                bytes[cells.len()] = b'\n';
                out.push_str(std::str::from_utf8(&bytes[..=cells.len()]).expect("ASCII"));
            }
        }
        Layout::Pretty => {
            let (band, stack) = rules(shape);
            let lines = grid.cells().chunks(n).map(|row| {
                let mut line = String::with_capacity(4 * n);
                for (c, &d) in row.iter().enumerate() {
                    if c > 0 {
                        line.push_str(if c % stack == 0 { " | " } else { " " });
                    }
                    line.push(symbol(d));
                }
                line
            });
            write_banded(out, lines, band);
        }
    }
}

/// Numbers (1–16, 1–25) separated by commas: a line layout on one line, the
/// others a row a line, aligned. The commas make the text read back as
/// numbers whatever the digits (`parse.rs`).
fn write_numbers(out: &mut String, grid: &Grid, layout: Layout, blank: char) {
    use std::fmt::Write;
    let n = grid.shape().side();
    let text = |d: u8| {
        if d == 0 {
            blank.to_string()
        } else {
            d.to_string()
        }
    };
    match layout {
        Layout::Line => {
            let cells: Vec<String> = grid.cells().iter().map(|&d| text(d)).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        Layout::Block => {
            for row in grid.cells().chunks(n) {
                let cells: Vec<String> = row.iter().map(|&d| format!("{:>2}", text(d))).collect();
                let _ = writeln!(out, "{}", cells.join(", "));
            }
        }
        Layout::Pretty => {
            // Boxes apart: ` | ` between them and a rule between bands.
            let (band, stack) = rules(grid.shape());
            let lines = grid.cells().chunks(n).map(|row| {
                let boxes: Vec<String> = row
                    .chunks(stack.min(n))
                    .map(|part| {
                        let cells: Vec<String> =
                            part.iter().map(|&d| format!("{:>2}", text(d))).collect();
                        cells.join(", ")
                    })
                    .collect();
                boxes.join(" | ")
            });
            write_banded(out, lines, band);
        }
    }
}

/// Writes the rows of a pretty grid, a rule (`------+------`, drawn under the
/// first row's `|`) between each band of `b` rows.
fn write_banded(out: &mut String, lines: impl Iterator<Item = String>, b: usize) {
    let mut border = String::new();
    for (r, line) in lines.enumerate() {
        if r > 0 && r % b == 0 {
            if border.is_empty() {
                border = line
                    .chars()
                    .map(|ch| if ch == '|' { '+' } else { '-' })
                    .collect();
            }
            out.push_str(&border);
            out.push('\n');
        }
        out.push_str(&line);
        out.push('\n');
    }
}
