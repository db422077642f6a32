//! Text out: a grid in a layout and an alphabet.
//!
//! Every layout printed here is read back by [`crate::parse`] to the same grid.

use crate::alphabet::Alphabet;
use crate::grid::{Grid, Size};

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
}

impl Notation {
    /// The default notation of a size: its default alphabet and blank.
    pub fn default_for(size: Size, layout: Layout) -> Notation {
        let alphabet = Alphabet::default_for(size);
        Notation {
            alphabet,
            layout,
            blank: alphabet.default_blank(size),
        }
    }

    /// This notation with its alphabet checked against `size`: an alphabet that
    /// does not serve the size is replaced by the size's default.
    pub fn for_size(self, size: Size) -> Notation {
        if self.alphabet.fits_size(size) {
            self
        } else {
            Notation::default_for(size, self.layout)
        }
    }
}

/// The grid as text, every line ending in `\n`.
pub fn format(grid: &Grid, notation: &Notation) -> String {
    let mut out = String::with_capacity(grid.size().cells() * 2 + 64);
    write_grid(&mut out, grid, notation);
    out
}

/// Appends the grid as text to `out`, every line ending in `\n`.
///
/// An alphabet that does not serve the grid's size falls back to the size's
/// default, so a caller cannot make this panic.
pub fn write_grid(out: &mut String, grid: &Grid, notation: &Notation) {
    let size = grid.size();
    let notation = notation.for_size(size);
    let n = size.side();
    let b = size.box_size();
    let blank = if notation.alphabet.is_blank(notation.blank) {
        notation.blank
    } else {
        notation.alphabet.default_blank(size)
    };
    if !notation.alphabet.is_single_char() {
        write_numbers(out, grid, notation.layout, blank);
        return;
    }
    let symbol = |digit: u8| {
        if digit == 0 {
            blank
        } else {
            notation
                .alphabet
                .symbols(size)
                .expect("a single-character alphabet")
                .as_bytes()[digit as usize - 1] as char
        }
    };
    match notation.layout {
        Layout::Line => {
            out.extend(grid.cells().iter().map(|&d| symbol(d)));
            out.push('\n');
        }
        Layout::Block => {
            for row in grid.cells().chunks(n) {
                out.extend(row.iter().map(|&d| symbol(d)));
                out.push('\n');
            }
        }
        Layout::Pretty => {
            let lines = grid.cells().chunks(n).map(|row| {
                let mut line = String::with_capacity(4 * n);
                for (c, &d) in row.iter().enumerate() {
                    if c > 0 {
                        line.push_str(if c % b == 0 { " | " } else { " " });
                    }
                    line.push(symbol(d));
                }
                line
            });
            write_banded(out, lines, b);
        }
    }
}

/// Numbers (1–16, 1–25) separated by commas: a line layout on one line, the
/// others a row a line, aligned. The commas make the text read back as
/// numbers whatever the digits (`parse.rs`).
fn write_numbers(out: &mut String, grid: &Grid, layout: Layout, blank: char) {
    use std::fmt::Write;
    let n = grid.size().side();
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
            let b = grid.size().box_size();
            let lines = grid.cells().chunks(n).map(|row| {
                let boxes: Vec<String> = row
                    .chunks(b)
                    .map(|part| {
                        let cells: Vec<String> =
                            part.iter().map(|&d| format!("{:>2}", text(d))).collect();
                        cells.join(", ")
                    })
                    .collect();
                boxes.join(" | ")
            });
            write_banded(out, lines, b);
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
