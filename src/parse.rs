//! Text in: every layout and alphabet, streamed line by line.
//!
//! The parser is push-driven so that the core does no I/O: a front end feeds it
//! lines ([`Parser::push_line`]) and takes finished puzzles or errors
//! ([`Parser::next_entry`]). It holds at most one block (25 lines) at a time,
//! so memory does not grow with the input. [`Entries`] pulls lines from any
//! reader into it, holding at most [`MAX_LINE`] bytes of a line.
//!
//! What a line is: text up to `\n`, `\r\n` or a lone `\r` (old Mac text).
//! - a line `end` ends the input (POJ 3074);
//! - a blank line ends a group (the blank line between judge cases);
//! - section headings (`[Puzzle]`; SadMan Sudoku's `.sdk`) are skipped,
//!   and so is a section that holds no puzzle (`[State]`) up to a blank
//!   line or the next heading;
//! - a line of markup (`<…>`) holds the first attribute value or element
//!   text that is a whole puzzle (OpenSudoku's `<game data="…"/>`), or none;
//! - `#…` lines and border lines (`+---+---+`, `------+------`) are skipped
//!   (a run of dashes only when it cannot be a row);
//! - box-drawing characters (`│ ─ ┼ ║ ═ ╬ …`) are read as `|`, `-` and `+`;
//! - code around an array of rows is skipped (`board = [`, `];`), and a
//!   row or puzzle in code is read from inside its brackets and quotes
//!   (`[5, 3, 0, …],`, `"53..7....",`, `"puzzle": "…"`); values laid out
//!   one a line inside code (`4,`) are gathered into a row or a puzzle at
//!   the next line of code ([`Parser::code_member`]);
//! - any other line holds cells: every character but whitespace and `|`;
//!   in a row drawn between bars with its empty cells as spaces
//!   (`| 5 3   |   7   |       |`), the cells by their columns.
//!   When its first word is a whole puzzle (`n²` symbols for a side with
//!   boxes: 16, 36, 64, 81, … 625), the rest of the line is a comment
//!   (`<puzzle>\t<name>`). A row of a candidate grid (`| 4  1679  12679 |
//!   …`) holds one cell a word: a digit alone, or an empty cell;
//! - a record of a dataset (a CSV row, a JSON object) with a whole puzzle
//!   in one field is read as that puzzle, the other fields its comment
//!   ([`Parser::record`]); a CSV header naming the puzzle's column is no
//!   puzzle;
//! - a row's label before its first bar (`A | 5 3 . | …`) is left out, and
//!   so is a header of column labels (`1 2 3 …`) above such rows, or above
//!   rows one cell longer than it, whose first cell is then their label
//!   ([`Parser::labels`]).
//!
//! How lines make puzzles: a line of `n²` symbols is a puzzle; a line of `n`
//! symbols starts a block of `n` rows. Either takes the usual boxes of its
//! side (6 → 2×3, 12 → 3×4, …; [`crate::shape::usual_box`]) unless
//! [`ParseOptions::boxes`] says otherwise. A 16-symbol line is either a 4×4
//! puzzle or a 16×16 row: the symbols of its group decide (a symbol beyond
//! `1`–`4` means 16×16), and when they cannot, the error says so.
//!
//! **Kinds.** A line may start with the puzzle's kind: `box=RxC` (boxes of
//! `R` rows by `C` columns) or `jigsaw`, then `+x` (both diagonals are
//! houses) and/or `+hyper` (the windoku windows): `box=2x3 <36 cells>`,
//! `box=3x3+x <81 cells>`, `jigsaw <cells> <regions>`. With the cells on the
//! same line it is a one-line puzzle; alone on its line it heads the block
//! that follows. A jigsaw's regions are its last word: `n²` labels on a
//! line (`n` per row in a block), each label on `n` cells (letters `A`, `B`,
//! … or any letters and digits).
//!
//! Numbers: a line of decimal numbers separated by commas, or by spaces with
//! some number above 9 (`0` or a blank for empty), holds one cell per number,
//! as puzzle sites print 16×16 and 25×25. A block with one such line is read
//! as numbers throughout, its other rows too.
//!
//! Tabs: a line of fields separated by tabs (a table copied from a web page
//! or a spreadsheet) holds one cell per field, an empty field an empty cell.
//! Empty fields after the last cell are dropped when the row is longer than
//! a side; a later row shorter than its block (a copy that left off its
//! empty tail) is filled with empty cells. A spreadsheet saved as CSV
//! (commas, or semicolons where the comma is the decimal point) is read the
//! same way when a field is empty or not a number: `5,3,,,7,,,,`; a field
//! may be quoted (`"5"`).

use std::collections::VecDeque;

/// The longest line read, in bytes. A 25×25 puzzle on one line is 625
/// symbols; decorated, a row is under 200; comments get the rest.
pub const MAX_LINE: usize = 8192;
use std::fmt;

use crate::alphabet::{describe_alphabets, Alphabet};
use crate::format::{Layout, Notation};
use crate::grid::Grid;
use crate::shape::{usual_box, Extras, Shape, ShapeError, BOX_SIDES, MAX_SIDE, MIN_SIDE};

/// A parsed puzzle and how it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// The alphabet, layout and blank it was written in, for writing its
    /// solution back the same way.
    pub notation: Notation,
    /// Text after a one-line puzzle, with the whitespace before it
    /// (`"\tname"`); printed after the solution so nothing is lost.
    pub comment: Option<String>,
    /// The candidates a candidate grid gives its empty cells, row-major
    /// (bit `d - 1` for digit `d`; 0 for a given); empty when the text
    /// gives none. The page shows them as the person's notes.
    pub notes: Vec<u32>,
    /// Cells of `grid` the text marks as placed by the player rather than
    /// given (HoDoKu's `+`), row-major; the page loads them as entries.
    pub placed: Vec<usize>,
}

/// What the caller knows about the input.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ParseOptions {
    /// Only puzzles of this side are read.
    pub side: Option<usize>,
    /// Boxes of `rows × cols` for puzzles written without a kind, instead
    /// of the usual boxes of their side (`--box RxC`).
    pub boxes: Option<(usize, usize)>,
    /// The alphabet for the sizes it serves; others are detected.
    pub alphabet: Option<Alphabet>,
    /// Settles symbols that fit several alphabets, for the sizes it serves
    /// (the page passes the alphabet it shows); never forces one.
    pub prefer: Option<Alphabet>,
}

/// One puzzle of the input, or why it could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// 1-based position in the input, errors included.
    pub index: usize,
    /// The puzzle's first line (1-based).
    pub line: usize,
    /// The puzzle, or why it could not be read.
    pub result: Result<Puzzle, ParseError>,
}

/// Where and what: the line (1-based), the column when one character is at
/// fault (1-based, in characters), and the kind.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// The line at fault (1-based).
    pub line: usize,
    /// The character at fault (1-based, in characters), when there is one.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with a puzzle's text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseErrorKind {
    /// The input holds no puzzle.
    Empty,
    /// A character that is neither a symbol of the side nor a blank.
    UnknownSymbol {
        /// The character.
        found: char,
        /// The side being read.
        side: usize,
        /// The alphabets tried: the one named, or every single-character
        /// alphabet of the size.
        expected: Vec<Alphabet>,
    },
    /// Every character is a symbol of some alphabet, but no one alphabet
    /// holds them all: `found` breaks `alphabet`, which the symbols before it fit.
    MixedAlphabets {
        /// The first character outside `alphabet`.
        found: char,
        /// The side being read.
        side: usize,
        /// The alphabet the symbols before it fit.
        alphabet: Alphabet,
    },
    /// The symbols fit several alphabets that print differently.
    AmbiguousAlphabet {
        /// The side being read.
        side: usize,
        /// The alphabets the symbols fit.
        fits: Vec<Alphabet>,
    },
    /// Lines of 16 symbols `1`–`4`: 4×4 puzzles or a 16×16 block.
    AmbiguousSize {
        /// How many such lines.
        lines: usize,
    },
    /// A line that is neither a whole puzzle nor a block row.
    LineLength {
        /// The cells on the line.
        cells: usize,
        /// The side asked for ([`ParseOptions::side`], or the kind's), if
        /// any.
        expected: Option<usize>,
    },
    /// A row of a block with the wrong number of cells.
    RowLength {
        /// The cells on the row.
        cells: usize,
        /// The block's side.
        side: usize,
    },
    /// A block cut short by a blank line or the end of the input.
    TruncatedBlock {
        /// The rows read.
        rows: usize,
        /// The rows a block of this side needs.
        side: usize,
    },
    /// A number above the side in a grid written in numbers.
    NumberOutOfRange {
        /// The grid's side, the largest number allowed.
        side: usize,
    },
    /// A line longer than [`MAX_LINE`] bytes (the largest puzzle with its
    /// decoration is far shorter): skipped, so memory stays flat.
    LineTooLong {
        /// [`MAX_LINE`].
        max: usize,
    },
    /// A first word that looks like a kind (`box=…`, `jigsaw…`, `+x`) but
    /// is none.
    UnknownKind {
        /// The word.
        word: String,
    },
    /// A kind whose shape cannot be: boxes that do not tile, windows on a
    /// side without them, regions of the wrong size.
    Shape(ShapeError),
    /// A jigsaw row or line whose region labels do not match its cells.
    Regions {
        /// The labels found.
        found: usize,
        /// The labels needed: one per cell.
        expected: usize,
    },
    /// A jigsaw with more labels than regions.
    TooManyRegions {
        /// The distinct labels.
        found: usize,
        /// The side: the regions a jigsaw has.
        side: usize,
    },
    /// A kind on a line of its own with no puzzle after it.
    KindWithoutPuzzle,
    /// A field of a CSV line that is no cell: not one symbol, one number
    /// or empty.
    Field {
        /// The field, without its spaces and quotes.
        text: String,
    },
    /// A word of a HoDoKu library line's deleted candidates that is not a
    /// digit, a row and a column (`811`).
    Deleted {
        /// The word.
        text: String,
    },
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => f.write_str("no puzzle in the input"),
            ParseErrorKind::UnknownSymbol {
                found,
                side,
                expected,
            } => write!(
                f,
                "unknown symbol {}: a {side}×{side} puzzle uses {} and . - _ * for empty cells",
                quote(*found),
                describe_alphabets(*side, expected, "or")
            ),
            ParseErrorKind::MixedAlphabets {
                found,
                side,
                alphabet,
            } => write!(
                f,
                "mixed alphabets: {} is not in {}, the alphabet of the symbols before it",
                quote(*found),
                alphabet.name(*side)
            ),
            ParseErrorKind::AmbiguousAlphabet { side, fits } => write!(
                f,
                "the symbols fit {} alike; name the alphabet (--alphabet {})",
                describe_alphabets(*side, fits, "and"),
                fits.iter().map(|a| a.id()).collect::<Vec<_>>().join("|")
            ),
            ParseErrorKind::AmbiguousSize { lines } => write!(
                f,
                "{lines} lines of 16 symbols from 1–4: 4×4 puzzles or one 16×16 block? \
                 Name the size (--size 4 or --size 16)"
            ),
            ParseErrorKind::LineLength { cells, expected } => match expected {
                Some(n) => write!(
                    f,
                    "{cells} cells on a line: a {n}×{n} puzzle has {} on a line or rows of {n}",
                    n * n
                ),
                None => write!(
                    f,
                    "{cells} cells on a line: a puzzle line has n² (16, 36, 64, 81, 100, 144, \
                     … 625), a block row n (4, 6, 8, 9, 10, 12, … 25)"
                ),
            },
            ParseErrorKind::RowLength { cells, side } => {
                write!(f, "a row of {cells} cells in a block of {side}×{side}")
            }
            ParseErrorKind::TruncatedBlock { rows, side } => write!(
                f,
                "truncated block: {rows} of {side} rows before the blank line or the end"
            ),
            ParseErrorKind::LineTooLong { max } => write!(
                f,
                "a line longer than {max} bytes, skipped: the largest puzzle is 625 symbols and its decoration"
            ),
            ParseErrorKind::NumberOutOfRange { side } => write!(
                f,
                "a number above {side}: a {side}×{side} grid holds 1 to {side}, and 0 for an empty cell"
            ),
            ParseErrorKind::UnknownKind { word } => write!(
                f,
                "unknown kind {word:?}: a kind is box=RxC (such as box=2x3) or jigsaw, \
                 with +x and +hyper after it"
            ),
            ParseErrorKind::Shape(e) => e.fmt(f),
            ParseErrorKind::Regions { found, expected } => write!(
                f,
                "{found} region labels for {expected} cells: a jigsaw gives each cell a \
                 region, after its cells"
            ),
            ParseErrorKind::TooManyRegions { found, side } => write!(
                f,
                "{found} different region labels: a {side}×{side} jigsaw has {side} regions"
            ),
            ParseErrorKind::KindWithoutPuzzle => {
                f.write_str("a kind with no puzzle after it")
            }
            ParseErrorKind::Field { text } => write!(
                f,
                "{text:?} is no cell: a field of a CSV row holds one symbol, one number \
                 or nothing for an empty cell"
            ),
            ParseErrorKind::Deleted { text } => write!(
                f,
                "{text:?} is no deleted candidate: a HoDoKu line writes each as its digit, \
                 row and column (\"811\": 8 from row 1, column 1)"
            ),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(c) = self.column {
            write!(f, ", column {c}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for ParseError {}

/// Shows a character so that blanks and control characters stay visible.
fn quote(ch: char) -> String {
    if ch.is_control() || ch.is_whitespace() {
        format!("U+{:04X}", ch as u32)
    } else {
        format!("'{ch}'")
    }
}

/// A line that holds cells.
#[derive(Debug, Default)]
struct Line {
    number: usize,
    /// The cell characters and their 1-based columns.
    cells: Vec<(char, u32)>,
    comment: Option<String>,
    /// Spaces or `|` between the cells: a pasted, decorated grid.
    decorated: bool,
    /// The line read as numbers, each encoded as its `1`–`9A`–`P` character
    /// (`.` for empty), when every word of it is a number or a blank.
    numbers: Option<Vec<(char, u32)>>,
    /// The line can only be numbers (a comma, or a number above 9); then
    /// `cells` holds them.
    numeric: bool,
    /// Fields separated by tabs: one cell per field, so a short row may be
    /// a row whose empty tail was left off.
    tabbed: bool,
    /// A jigsaw's region labels (its last word) and their columns.
    regions: Vec<(char, u32)>,
    /// A row label was taken off its start (`A | 5 3 . | …`).
    labelled: bool,
    /// Each cell's own line, for cells gathered from values laid out one a
    /// line ([`Parser::code_member`]); empty when they are all on `number`.
    cell_lines: Vec<usize>,
    /// A candidate grid's words beside its cells (empty for a placed
    /// cell); empty for any other line.
    marks: Vec<String>,
    /// The cells (indices into `cells`) placed by the player, not given.
    placed: Vec<usize>,
}

impl Line {
    /// The line the `i`-th cell is on.
    fn cell_line(&self, i: usize) -> usize {
        self.cell_lines.get(i).copied().unwrap_or(self.number)
    }

    /// Moves every column `by` to the right: the line was split from a
    /// part of its text that starts `by` characters in.
    fn shift_columns(&mut self, by: u32) {
        let numbers = self.numbers.iter_mut().flatten();
        for (_, col) in self
            .cells
            .iter_mut()
            .chain(&mut self.regions)
            .chain(numbers)
        {
            *col += by;
        }
    }
}

/// A kind written before a puzzle (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Kind {
    /// Boxes of `rows × cols`, or `None` for a jigsaw.
    boxes: Option<(usize, usize)>,
    extras: Extras,
}

impl Kind {
    /// Reads a kind word (`box=2x3`, `jigsaw+x`, `box=3x3+hyper+x`): `None`
    /// when the word does not look like one, `Some(Err)` when it looks like
    /// one but is none.
    fn read(word: &str) -> Option<Result<Kind, ParseErrorKind>> {
        Some(match crate::shape::read_kind(word)? {
            Ok((boxes, extras)) => Ok(Kind { boxes, extras }),
            Err(()) => Err(ParseErrorKind::UnknownKind {
                word: word.to_string(),
            }),
        })
    }

    /// The side a kind fixes (boxes do; a jigsaw takes its cells').
    fn side(self) -> Option<usize> {
        self.boxes.map(|(r, c)| r * c)
    }

    fn is_jigsaw(self) -> bool {
        self.boxes.is_none()
    }
}

/// A block being read: its side, its kind (from a line before it) and
/// whether it is written in numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block {
    side: usize,
    kind: Option<Kind>,
    numbers: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Idle,
    /// Collecting the rows of a block.
    Block(Block),
    /// 16-symbol lines that all fit 4×4 so far.
    Maybe16,
}

/// Whether a side can be a jigsaw's.
fn jigsaw_side(n: usize) -> bool {
    (MIN_SIDE..=MAX_SIDE).contains(&n)
}

/// The streaming parser. See the module documentation for the rules.
#[derive(Debug)]
pub struct Parser {
    options: ParseOptions,
    line_no: usize,
    index: usize,
    mode: Mode,
    pending: Vec<Line>,
    /// A kind alone on its line, for the puzzle that follows, and its line.
    kind: Option<(Kind, usize)>,
    /// The alphabet last read for each side: a file keeps to one alphabet, so it
    /// settles a later puzzle whose symbols fit several.
    last_alphabet: [Option<Alphabet>; MAX_SIDE + 1],
    /// The byte table of the last side read as a plain line (see
    /// [`Parser::plain_line`]); made on first use.
    table: Option<Box<LineTable>>,
    /// Whether plain lines take [`Parser::plain_line`] (the tests turn it
    /// off to compare it with the general reader).
    shortcut: bool,
    /// Code around arrays laid out one value a line (see
    /// [`Parser::code_member`]).
    code: Code,
    /// Inside a section that holds no puzzle (`[State]`), until a blank
    /// line or the next section.
    skipping: bool,
    /// The column of a CSV dataset that holds the puzzle, as its header
    /// named it (see [`Parser::record`]).
    record_column: Option<usize>,
    /// The block just read had labelled rows: a header of column labels
    /// may follow it (see [`Parser::labels`]).
    labels_ended: bool,
    out: VecDeque<Entry>,
    ended: bool,
}

/// Where the reader is in code around arrays (see [`Parser::code_line`]).
#[derive(Debug, Default)]
struct Code {
    /// Brackets opened by the lines of code so far and not closed.
    depth: usize,
    /// Inside an array that is not the puzzle, until the depth is back to this.
    skip_to: Option<usize>,
    /// Cells of values laid out one a line, not yet handed on.
    gathered: Option<Line>,
}

/// What each ASCII byte is in the single-character alphabets a side may be
/// written in: one table lookup a cell, where the general reader asks each
/// alphabet about each character.
#[derive(Debug)]
struct LineTable {
    side: usize,
    shape: Shape,
    /// The alphabets tried: the one named, or every single-character one
    /// of the side, as [`Parser::read_unit`] tries them.
    candidates: &'static [Alphabet],
    /// Bit `i`: the byte is a symbol or a blank of `candidates[i]` (none
    /// for bytes beyond ASCII: every symbol is ASCII, and the one blank
    /// beyond it, `·`, leaves such a line to the general reader).
    fits: [u8; 256],
    /// The digit the byte stands for in `candidates[i]` (0 for a blank).
    digit: [[u8; 256]; 4],
}

impl LineTable {
    fn new(side: usize, shape: Shape, candidates: &'static [Alphabet]) -> LineTable {
        let mut table = LineTable {
            side,
            shape,
            candidates,
            fits: [0; 256],
            digit: [[0; 256]; 4],
        };
        for (i, a) in candidates.iter().enumerate().take(4) {
            for b in 0..128u8 {
                let ch = b as char;
                let digit = a.digit(side, ch);
                if digit.is_some() || a.is_blank(side, ch) {
                    table.fits[b as usize] |= 1 << i;
                }
                table.digit[i][b as usize] = digit.unwrap_or(0);
            }
        }
        table
    }
}

impl Parser {
    /// A parser at the start of an input.
    pub fn new(options: ParseOptions) -> Parser {
        let mut last_alphabet = [None; MAX_SIDE + 1];
        if let Some(a) = options.prefer {
            for (side, slot) in last_alphabet.iter_mut().enumerate() {
                if a.fits_side(side) {
                    *slot = Some(a);
                }
            }
        }
        Parser {
            options,
            line_no: 0,
            index: 0,
            mode: Mode::Idle,
            pending: Vec::new(),
            kind: None,
            last_alphabet,
            table: None,
            shortcut: true,
            labels_ended: false,
            record_column: None,
            skipping: false,
            code: Code::default(),
            out: VecDeque::new(),
            ended: false,
        }
    }

    /// Feeds one line, with or without its `\n`, `\r\n` or `\r`. A line
    /// longer than [`MAX_LINE`] bytes is reported and skipped.
    pub fn push_line(&mut self, raw: &str) {
        let mut text = raw.strip_suffix('\n').unwrap_or(raw);
        if text.len() > MAX_LINE {
            self.push_overlong_line();
            return;
        }
        if self.ended {
            return;
        }
        self.line_no += 1;
        text = text.strip_suffix('\r').unwrap_or(text);
        if self.line_no == 1 {
            text = text.strip_prefix('\u{feff}').unwrap_or(text);
        }
        // Natively only: in WebAssembly the path added 2 KB gzipped to a
        // first visit, where the page reads little text.
        if cfg!(not(target_arch = "wasm32"))
            && self.shortcut
            && self.mode == Mode::Idle
            && self.kind.is_none()
            && self.plain_line(text)
        {
            return;
        }
        let drawn = box_drawing_as_ascii(text);
        let text = drawn.as_deref().unwrap_or(text);
        let trimmed = text.trim();
        if trimmed == "end" {
            self.end_group();
            self.ended = true;
        } else if trimmed.is_empty() && is_empty_row(text) {
            let line = split_cells(text, self.line_no);
            self.content(line);
        } else if trimmed.is_empty() {
            self.flush_gathered();
            self.code = Code::default();
            self.end_group();
            self.skipping = false;
        } else if let Some(name) = section(trimmed) {
            // SadMan Sudoku's `.sdk`: `[Puzzle]`, then its rows; the
            // player's `[State]` after it is no puzzle.
            self.end_group();
            self.skipping = !name.eq_ignore_ascii_case("puzzle");
        } else if self.skipping {
        } else if trimmed.starts_with('<') && trimmed.ends_with('>') {
            self.markup(text);
        } else if is_code_wrapper(trimmed) {
            self.code_line(trimmed);
        } else if self.code.depth > 0 && self.code_member(text, trimmed) {
            // A cell or a member of an array or object laid out one a line.
        } else if let Some(read) = library_line(text, self.line_no) {
            self.flush_gathered();
            match read {
                Ok(line) => self.content(line),
                Err((column, kind)) => self.emit_error(self.line_no, Some(column), kind),
            }
        } else if trimmed.starts_with('#') || is_border(trimmed, self.open_side()) {
            // Comments and decoration hold no cells.
        } else {
            self.flush_gathered();
            self.cells_line(text);
        }
    }

    /// A line of code around an array (`board = [`, `[`, `],`, `}`): the
    /// cells gathered one a line before it are a row or a puzzle; an array
    /// named other than as a puzzle (`"solution": [`) is skipped whole.
    fn code_line(&mut self, trimmed: &str) {
        self.flush_gathered();
        let opens = trimmed.matches(['[', '{', '(']).count();
        let closes = trimmed.matches([']', '}', ')']).count();
        if self.code.skip_to.is_none() && opens > closes {
            let name = field_text(trimmed.split(':').next().unwrap_or(""));
            let named = trimmed.contains(':') && !name.is_empty();
            if named && !is_puzzle_key(name) {
                self.code.skip_to = Some(self.code.depth);
            }
        }
        self.code.depth = (self.code.depth + opens).saturating_sub(closes);
        if self.code.skip_to.is_some_and(|d| self.code.depth <= d) {
            self.code.skip_to = None;
        }
    }

    /// A line inside code laid out one value a line (`json.dumps(indent=2)`,
    /// `JSON.stringify(board, null, 2)`): a cell (`4,`, `"5",`) is
    /// gathered; a member (`"id": 7,`) holds no cells unless it is a record
    /// with a puzzle; anything inside an array being skipped holds none.
    /// False for any other line.
    fn code_member(&mut self, text: &str, trimmed: &str) -> bool {
        if self.code.skip_to.is_some() {
            return true;
        }
        let value = trimmed.strip_suffix([',', ';']).unwrap_or(trimmed);
        let cell = field_text(value);
        let number =
            cell.len() <= 2 && !cell.is_empty() && cell.bytes().all(|b| b.is_ascii_digit());
        let mut chars = cell.chars();
        let single = matches!((chars.next(), chars.next()), (Some(c), None) if !is_bracket(c));
        if number || single {
            let col = text
                .find(cell)
                .map_or(1, |at| text[..at].chars().count() as u32 + 1);
            let ch = if number {
                number_char(cell.parse().unwrap_or(0))
            } else {
                cell.chars().next().unwrap_or('.')
            };
            let line = self.code.gathered.get_or_insert_with(|| Line {
                number: self.line_no,
                cells: Vec::new(),
                numbers: Some(Vec::new()),
                ..Line::default()
            });
            line.cells.push((ch, col));
            line.cell_lines.push(self.line_no);
            line.numeric |= number && cell.len() == 2;
            if let Some(numbers) = &mut line.numbers {
                if number || crate::alphabet::BLANKS.contains(&ch) {
                    numbers.push((ch, col));
                } else {
                    line.numbers = None;
                }
            }
            return true;
        }
        if trimmed.starts_with('"') && trimmed.as_bytes().windows(2).any(|w| w == b"\":") {
            self.flush_gathered();
            self.record(text);
            return true;
        }
        false
    }

    /// Hands on the cells gathered one a line, as one line of cells.
    fn flush_gathered(&mut self) {
        if let Some(mut line) = self.code.gathered.take() {
            if line.numeric {
                line.numbers = None;
            }
            self.content(line);
        }
    }

    /// The usual line of a collection, read without the general reader's
    /// work: a whole puzzle of plain ASCII symbols, optionally a comment
    /// after a space, between puzzles. Returns false, having changed
    /// nothing, for any other line — or one the general reader would
    /// report — which then takes the general path. It gives what that path
    /// gives (the tests compare the two); the general path costs several
    /// times the solving of an easy 9×9.
    fn plain_line(&mut self, text: &str) -> bool {
        let bytes = text.as_bytes();
        // A word of `side²` printable ASCII symbols, then nothing or a
        // space: a tab makes table fields; other whitespace, control
        // characters and non-ASCII in the word fit no alphabet (the table
        // turns them away below).
        let end = find2(b' ', b'\t', bytes).unwrap_or(bytes.len());
        let Some(side) = BOX_SIDES[1..].iter().copied().find(|s| s * s == end) else {
            return false;
        };
        if bytes.get(end).is_some_and(|&b| b != b' ')
            || self.options.side.is_some_and(|s| s != side)
        {
            return false;
        }
        let word = &bytes[..end];
        // Characters that make a line something else: a comment, a
        // border, a kind; a tab in the comment makes table fields. (The
        // separators of numbers and boxes, `|` `,` `;`, are no symbol and
        // no blank: the table below turns such a line away.)
        let first = word[0];
        if first == b'#'
            || word.iter().all(|b| matches!(b, b'-' | b'+' | b'='))
            || (matches!(first | 0x20, b'b' | b'j') || first == b'+')
                && Kind::read(&text[..end]).is_some()
            || bytes[end..].contains(&b'\t')
        {
            return false;
        }
        let named = self
            .options
            .alphabet
            .filter(|a| a.fits_side(side) && a.is_single_char());
        let candidates: &'static [Alphabet] = match named {
            Some(a) => Alphabet::for_side(side)
                .iter()
                .position(|&b| b == a)
                .map_or(&[], |i| &Alphabet::for_side(side)[i..=i]),
            None => Alphabet::single_char(side),
        };
        if candidates.is_empty() || candidates.len() > 4 {
            return false;
        }
        let fresh = self
            .table
            .as_ref()
            .is_none_or(|t| t.side != side || t.candidates != candidates);
        if fresh {
            let shape = self.plain_shape(side);
            self.table = Some(Box::new(LineTable::new(side, shape, candidates)));
        }
        let table = self.table.as_ref().expect("made above");
        let fits = word.iter().fold((1u8 << candidates.len()) - 1, |m, &b| {
            m & table.fits[b as usize]
        });
        let chosen = match fits.count_ones() {
            0 => return false,
            1 => fits.trailing_zeros() as usize,
            // Several fit: the side's last alphabet settles it, or the
            // general reader reports the ambiguity.
            _ => match self.last_alphabet[side]
                .and_then(|a| candidates.iter().position(|&c| c == a))
                .filter(|&i| fits & (1 << i) != 0)
            {
                Some(i) => i,
                None => return false,
            },
        };
        let alphabet = candidates[chosen];
        let digit = &table.digit[chosen];
        let digits: Vec<u8> = word.iter().map(|&b| digit[b as usize]).collect();
        let blank = digits
            .iter()
            .position(|&d| d == 0)
            .map_or_else(|| alphabet.default_blank(side), |i| word[i] as char);
        let grid = Grid::from_cells(table.shape.clone(), digits)
            .expect("one digit per cell, each within the side");
        let tail = text[end..].trim_end();
        let comment = (!tail.is_empty()).then(|| tail.to_string());
        self.last_alphabet[side] = Some(alphabet);
        let puzzle = Puzzle {
            grid,
            notation: Notation {
                alphabet,
                layout: Layout::Line,
                blank,
                kind: false,
            },
            comment,
            notes: Vec::new(),
            placed: Vec::new(),
        };
        self.emit(self.line_no, Ok(puzzle));
        true
    }

    /// A line with content: a kind and what follows it, or cells.
    fn cells_line(&mut self, mut text: &str) {
        let lead = text.len() - text.trim_start().len();
        let first_word = text[lead..].split_whitespace().next().unwrap_or("");
        // Only a letter or a `+` can start a kind: the usual line pays one test.
        let may_be_kind = first_word
            .bytes()
            .next()
            .is_some_and(|b| matches!(b | 0x20, b'b' | b'j') || b == b'+');
        if may_be_kind {
            if let Some(kind) = Kind::read(first_word) {
                self.end_group();
                if let Some(old) = self.kind.take() {
                    self.emit_error(old.1, None, ParseErrorKind::KindWithoutPuzzle);
                }
                let kind = match kind {
                    Ok(kind) => kind,
                    Err(e) => {
                        let column = text[..lead].chars().count() + 1;
                        self.emit_error(self.line_no, Some(column), e);
                        return;
                    }
                };
                let rest_at = lead + first_word.len();
                let rest = &text[rest_at..];
                if rest.trim().is_empty() {
                    self.kind = Some((kind, self.line_no));
                    return;
                }
                // A one-line puzzle of this kind.
                let mut line = self.split(rest, kind.is_jigsaw(), true);
                line.shift_columns(text[..rest_at].chars().count() as u32);
                self.kind_line(kind, line);
                return;
            }
        }
        let jigsaw = match self.mode {
            Mode::Block(b) => b.kind.is_some_and(Kind::is_jigsaw),
            _ => self.kind.is_some_and(|(k, _)| k.is_jigsaw()),
        };
        if jigsaw {
            text = text.trim_end();
        }
        if !jigsaw && self.record(text) {
            return;
        }
        if !jigsaw {
            if let Some((column, text)) = bad_csv_field(text) {
                self.emit_error(
                    self.line_no,
                    Some(column as usize),
                    ParseErrorKind::Field { text },
                );
                return;
            }
        }
        // The line after a jigsaw's kind may be its whole puzzle, with a
        // comment after the regions.
        let first = matches!(self.mode, Mode::Idle) && self.kind.is_some();
        let line = match labelled_row(text, self.line_no).filter(|_| !jigsaw) {
            Some(line) => line,
            None => self.split(text, jigsaw, first),
        };
        self.content(line);
    }

    /// A line of markup (XML, HTML): the first attribute value or element
    /// text that is a whole puzzle, as OpenSudoku's files hold each puzzle
    /// (`<game data="0304…"/>`); a line of tags alone holds no cells.
    fn markup(&mut self, text: &str) {
        let mut rest = text;
        while let Some(at) = rest.find(['"', '\'', '>']) {
            let close = match rest.as_bytes()[at] {
                b'>' => '<',
                q => q as char,
            };
            let value_at = at + 1;
            let Some(len) = rest[value_at..].find(close) else {
                return;
            };
            let value = rest[value_at..value_at + len].trim();
            if is_puzzle_word(value) {
                let start = value.as_ptr() as usize - text.as_ptr() as usize;
                let mut line = split_cells(value, self.line_no);
                line.shift_columns(text[..start].chars().count() as u32);
                self.content(line);
                return;
            }
            rest = &rest[value_at + len + usize::from(close != '<')..];
        }
    }

    /// A dataset's record with a whole puzzle in one of its fields: a CSV
    /// row (`quizzes,solutions`; `id,puzzle,solution,clues,difficulty`)
    /// or a JSON record (`{"puzzle": "…", "solution": "…"}`). The puzzle is
    /// the field its header or key names ([`PUZZLE_KEYS`]), or else the
    /// first whole puzzle; the other fields are its comment. A header
    /// naming the puzzle's column is read for the records after it. Returns
    /// false, having changed nothing, for any other line.
    fn record(&mut self, text: &str) -> bool {
        let Some(sep) = csv_separator(text) else {
            return false;
        };
        // A puzzle then a comment is read as ever.
        if whole_puzzle(text.split_whitespace().next().unwrap_or("")) {
            return false;
        }
        if let Some((key, open, close)) = keyed_array(text) {
            // `{"id": 7, "puzzle": [[5, 3, 0, …], …]}`: the array as LeetCode's.
            let mut line = split_cells(&text[open..close], self.line_no);
            line.shift_columns(text[..open].chars().count() as u32);
            // The other members, without the braces around them all.
            let ends = |c: char| c.is_whitespace() || c == ',' || c == ';';
            let before = text[..key].trim_matches(ends);
            let before = before
                .strip_prefix('{')
                .unwrap_or(before)
                .trim_matches(ends);
            let after = text[close..].trim_matches(ends);
            let after = after.strip_suffix('}').unwrap_or(after).trim_matches(ends);
            let rest = match (before.is_empty(), after.is_empty()) {
                (true, true) => None,
                (false, true) => Some(String::from("\t") + before),
                (true, false) => Some(String::from("\t") + after),
                (false, false) => Some(format!("\t{before}, {after}")),
            };
            line.comment = rest;
            self.content(line);
            return true;
        }
        let key = is_puzzle_key;
        // One pass over the fields: whether they are all names (a header)
        // and which names the puzzle's; the whole puzzles named by their
        // key (JSON), by the header's column, and the first.
        let (mut fields, mut names, mut header) = (0, true, None);
        let (mut keyed, mut by_column, mut first) = (None, None, None);
        for (i, field) in text.split(sep).enumerate() {
            fields += 1;
            let name = field_text(field);
            names &= name.len() >= 2
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b' '));
            if header.is_none() && key(name) {
                header = Some(i);
            }
            let (k, value) = match field.split_once(':') {
                Some((k, v)) if k.contains(['"', '\'']) => (field_text(k), field_text(v)),
                _ => ("", name),
            };
            if is_puzzle_word(value) {
                if keyed.is_none() && key(k) {
                    keyed = Some((i, value));
                }
                if by_column.is_none() && self.record_column == Some(i) {
                    by_column = Some((i, value));
                }
                first = first.or(Some((i, value)));
            }
        }
        if fields < 2 {
            return false;
        }
        if let (true, Some(i)) = (names, header) {
            self.record_column = Some(i);
            return true;
        }
        let Some((chosen, value)) = keyed.or(by_column).or(first) else {
            return false;
        };
        let at = value.as_ptr() as usize - text.as_ptr() as usize;
        let start = text[..at].chars().count() as u32;
        let mut line = split_cells(value, self.line_no);
        line.shift_columns(start);
        let mut rest = String::new();
        for (i, field) in text.split(sep).enumerate() {
            if i != chosen {
                if !rest.is_empty() {
                    rest.push(sep);
                }
                rest.push_str(field);
            }
        }
        let rest = rest.trim_matches(|c: char| is_bracket(c) || c.is_whitespace());
        line.comment = (!rest.is_empty()).then(|| {
            let mut comment = String::from("\t");
            comment.push_str(rest);
            comment
        });
        self.content(line);
        true
    }

    /// Splits a line into cells (and, for a jigsaw, its region labels).
    /// A jigsaw's one-line puzzle is `CELLS REGIONS [comment]` when its
    /// cells are one word; otherwise, and in a block's rows, the regions
    /// are the last word.
    fn split(&self, text: &str, jigsaw: bool, one_line: bool) -> Line {
        if !jigsaw {
            return split_cells(text, self.line_no);
        }
        let body = text.trim_end();
        let words: Vec<(usize, &str)> = body
            .split_whitespace()
            .map(|w| (w.as_ptr() as usize - body.as_ptr() as usize, w))
            .collect();
        let count = |w: &str| {
            if w.contains(',') {
                w.split(',').count()
            } else {
                w.chars().count()
            }
        };
        let (cells_end, regions_at, regions_end, comment) = match words.as_slice() {
            [(_, cells), (at, regions), rest @ ..]
                if one_line && count(cells) == regions.chars().count() && count(cells) >= 16 =>
            {
                let end = at + regions.len();
                let comment = rest.first().map(|_| body[end..].to_string());
                (*at, *at, end, comment)
            }
            // One word on a puzzle's line: its cells, with no regions
            // after them (said when the shape is read).
            [_] if one_line => (body.len(), body.len(), body.len(), None),
            [.., (at, regions)] => (*at, *at, at + regions.len(), None),
            [] => (0, 0, 0, None),
        };
        let mut line = split_cells(&body[..cells_end], self.line_no);
        let start = body[..regions_at].chars().count() as u32;
        line.regions = body[regions_at..regions_end]
            .chars()
            .enumerate()
            .map(|(i, ch)| (ch, start + i as u32 + 1))
            .collect();
        // What the cells' reader took for a comment is more cells here.
        if let Some(extra) = line.comment.take() {
            let at = line.cells.last().map_or(0, |c| c.1);
            line.cells.extend(
                extra
                    .chars()
                    .enumerate()
                    .filter(|(_, ch)| !ch.is_whitespace() && *ch != '|')
                    .map(|(i, ch)| (ch, at + i as u32 + 1)),
            );
        }
        line.comment = comment;
        line
    }

    /// A kind and a one-line puzzle after it.
    fn kind_line(&mut self, kind: Kind, line: Line) {
        let n = line.cells.len();
        let side = kind
            .side()
            .or_else(|| (MIN_SIDE..=MAX_SIDE).find(|s| s * s == n));
        match side {
            Some(side) if side * side == n && self.options.side.is_none_or(|s| s == side) => {
                let number = line.number;
                let result = self
                    .shape_of(side, Some(kind), &[&line])
                    .and_then(|shape| {
                        self.read_unit(&shape, std::slice::from_ref(&line), Layout::Line, true)
                    })
                    .map(|mut p| {
                        p.comment = line.comment;
                        p
                    });
                self.emit(number, result);
            }
            _ => {
                let kind = ParseErrorKind::LineLength {
                    cells: n,
                    expected: kind.side().or(self.options.side),
                };
                self.emit_error(line.number, None, kind);
            }
        }
    }

    /// Counts a line too long to hold (a reader that stopped storing it at
    /// [`MAX_LINE`] bytes): a block in progress ends there, and the line is
    /// reported as one bad puzzle.
    pub fn push_overlong_line(&mut self) {
        if self.ended {
            return;
        }
        self.line_no += 1;
        self.end_group();
        self.emit(
            self.line_no,
            Err(ParseError {
                line: self.line_no,
                column: None,
                kind: ParseErrorKind::LineTooLong { max: MAX_LINE },
            }),
        );
    }

    /// Ends the input: a block still open is reported as truncated, and an
    /// input without any puzzle as empty. Idempotent.
    pub fn finish(&mut self) {
        self.flush_gathered();
        self.end_group();
        if let Some((_, line)) = self.kind.take() {
            self.emit_error(line, None, ParseErrorKind::KindWithoutPuzzle);
        }
        if self.index == 0 {
            self.emit(
                self.line_no.max(1),
                Err(ParseError {
                    line: self.line_no.max(1),
                    column: None,
                    kind: ParseErrorKind::Empty,
                }),
            );
        }
        self.ended = true;
    }

    /// True once a line `end` was read (or [`Parser::finish`] called): later
    /// lines are ignored.
    pub fn is_ended(&self) -> bool {
        self.ended
    }

    /// The side of the block being read, if any.
    fn open_side(&self) -> Option<usize> {
        match self.mode {
            Mode::Idle => self.kind.and_then(|(k, _)| k.side()),
            Mode::Block(b) => Some(b.side),
            Mode::Maybe16 => Some(16),
        }
    }

    /// The next finished puzzle or error, in input order.
    pub fn next_entry(&mut self) -> Option<Entry> {
        self.out.pop_front()
    }

    /// Whether a plain line of `n` cells can be a whole puzzle, and the
    /// side it would have.
    fn line_side(&self, n: usize) -> Option<usize> {
        BOX_SIDES
            .iter()
            .copied()
            .find(|s| s * s == n)
            .filter(|s| self.options.side.is_none_or(|h| h == *s))
    }

    /// Whether a plain line of `n` cells can be a block's row.
    fn row_side(&self, n: usize) -> Option<usize> {
        BOX_SIDES
            .contains(&n)
            .then_some(n)
            .filter(|s| self.options.side.is_none_or(|h| h == *s))
    }

    fn content(&mut self, mut line: Line) {
        if !self.labels(&mut line) {
            return;
        }
        if line.tabbed {
            // A copied table may leave off a row's empty tail: fill it to the
            // side of the block its first row started.
            let n = line.cells.len();
            if let Mode::Block(b) = self.mode {
                let side = b.side;
                let blank_tail = line.cells.iter().skip(side).all(|c| c.0 == '.');
                if n > side && blank_tail {
                    line.cells.truncate(side);
                    if let Some(numbers) = &mut line.numbers {
                        numbers.truncate(side);
                    }
                }
                if n < side {
                    let col = line.cells.last().map_or(1, |c| c.1 + 1);
                    line.cells.resize(side, ('.', col));
                    if let Some(numbers) = &mut line.numbers {
                        numbers.resize(side, ('.', col));
                    }
                }
            }
        }
        let n = line.cells.len();
        if line.numeric
            && matches!(
                self.mode,
                Mode::Maybe16 | Mode::Block(Block { numbers: false, .. })
            )
        {
            // Rows read as characters so far were numbers too.
            let fits = |l: &Line| l.numbers.as_ref().is_some_and(|c| c.len() == n);
            let side_ok = match self.mode {
                Mode::Block(b) => b.side == n || b.kind.is_none() && BOX_SIDES.contains(&n),
                _ => BOX_SIDES.contains(&n),
            };
            if side_ok && self.pending.iter().all(fits) {
                for l in &mut self.pending {
                    l.cells = l.numbers.take().expect("checked");
                    l.numeric = true;
                    // Spaces between numbers are no decoration; bars are,
                    // and only a comma line has them in our own output.
                    l.decorated = false;
                }
                let kind = match self.mode {
                    Mode::Block(b) => b.kind,
                    _ => None,
                };
                self.mode = Mode::Block(Block {
                    side: n,
                    kind,
                    numbers: true,
                });
            }
        }
        if !line.numeric && matches!(self.mode, Mode::Block(Block { numbers: true, .. })) {
            if let Some(cells) = line.numbers.take() {
                line.cells = cells;
                line.numeric = true;
                line.decorated = false;
            }
        }
        let n = line.cells.len();
        match self.mode {
            Mode::Idle => self.start(line),
            Mode::Block(b) if b.kind.is_none() && n != b.side && self.line_side(n).is_some() => {
                // A whole puzzle on one line: the block before it was cut short.
                self.end_group();
                self.start(line);
            }
            Mode::Block(b) if n != b.side && !b.numbers && is_text(&line, b.side) => {
                // A title or a note between a block's rows (a character no
                // alphabet of the side has): reported on its own line, and
                // the block goes on instead of taking it as a row.
                let kind = ParseErrorKind::LineLength {
                    cells: n,
                    expected: self.options.side,
                };
                self.emit_error(line.number, None, kind);
            }
            Mode::Block(b) => {
                self.pending.push(line);
                if self.pending.len() == b.side {
                    self.emit_block(b);
                }
            }
            Mode::Maybe16 if n == 16 && line.comment.is_none() => {
                let fits4 = fits_4x4(&line);
                self.pending.push(line);
                if !fits4 {
                    // A symbol beyond 1–4: the group is a 16×16 block, which
                    // this line may complete.
                    let block = Block {
                        side: 16,
                        kind: None,
                        numbers: false,
                    };
                    self.mode = Mode::Block(block);
                    if self.pending.len() == 16 {
                        self.emit_block(block);
                    }
                } else if self.pending.len() == 16 {
                    self.decide_16();
                }
            }
            Mode::Maybe16 => {
                // A line of another length, or with a comment, is no 16×16
                // row, so the lines before it were 4×4 puzzles.
                self.flush_4x4_lines();
                self.start(line);
            }
        }
    }

    /// Row and column labels, as books and forum posts print coordinates:
    /// a header of column labels (`1 2 3 4 5 6 7 8 9`, `A B C …`) above
    /// rows that start with a label (`A | 5 3 . | …`, or `A 5 3 . …` under
    /// such a header), and the header again below them. The header is
    /// itself a valid row, so it is told apart only by the labelled row
    /// after it: it is dropped then, as is a row's label under a header or
    /// in a block of labelled rows (one cell more than the side, the first
    /// set apart). Returns false for a line that holds no cells (the header
    /// repeated below the block).
    fn labels(&mut self, line: &mut Line) -> bool {
        let footer = std::mem::take(&mut self.labels_ended);
        let Mode::Block(b) = self.mode else {
            return !(footer && self.mode == Mode::Idle && header_len(line).is_some());
        };
        let header = match self.pending.as_slice() {
            [first] => header_len(first),
            _ => None,
        };
        let row_len = header.unwrap_or(b.side);
        let labelled_block = header.is_some() || self.pending.iter().any(|l| l.labelled);
        let n = line.cells.len();
        let label_first = match line.cells.as_slice() {
            // A table's row may have lost its empty tail (see below).
            [a, ..] if line.tabbed => a.0 != '.' && n <= row_len + 1,
            [a, b, ..] => b.1 > a.1 + 1 && n == row_len + 1,
            _ => false,
        };
        if !line.labelled && labelled_block && b.kind.is_none() && label_first {
            let col = line.cells.last().map_or(1, |c| c.1 + 1);
            line.cells.resize(row_len + 1, ('.', col));
            line.cells.remove(0);
            if !line.marks.is_empty() {
                line.marks.resize(row_len + 1, String::new());
                line.marks.remove(0);
            }
            if let Some(numbers) = &mut line.numbers {
                numbers.resize(row_len + 1, ('.', col));
                numbers.remove(0);
            }
            line.labelled = true;
        }
        if line.labelled && header.is_some() {
            // The header was no row: the block starts with this line.
            self.pending.clear();
            self.mode = Mode::Idle;
        }
        true
    }

    /// Sixteen lines of 16 symbols from 1–4: 4×4 puzzles or a 16×16 block?
    /// A repeat in a row, column or box of the 16×16 reading rules the block
    /// out. (A 16×16 reading without repeats has none inside a line either,
    /// so the 4×4 reading is then valid too: ambiguous.)
    fn decide_16(&mut self) {
        if no_repeats(
            &Shape::S16,
            self.pending
                .iter()
                .flat_map(|l| l.cells.iter().map(|c| c.0)),
        ) {
            let first = self.pending[0].number;
            self.pending.clear();
            self.mode = Mode::Idle;
            self.emit_error(first, None, ParseErrorKind::AmbiguousSize { lines: 16 });
        } else {
            self.flush_4x4_lines();
        }
    }

    fn start(&mut self, line: Line) {
        let n = line.cells.len();
        if let Some((kind, _)) = self.kind.take() {
            // More cells than a row holds: the whole puzzle, on the line
            // after its kind.
            let square = |k: usize| k > MAX_SIDE && (MIN_SIDE..=MAX_SIDE).any(|s| s * s == k);
            if square(n) {
                self.kind_line(kind, line);
                return;
            }
            let k = line.regions.len();
            if n == 0 && (MIN_SIDE..=MAX_SIDE).any(|s| s * s == k) {
                // A jigsaw's cells with no regions after them.
                let kind = ParseErrorKind::Regions {
                    found: 0,
                    expected: k,
                };
                self.emit_error(line.number, None, kind);
                return;
            }
            // The first row of a block headed by its kind.
            let side = kind.side().unwrap_or(n);
            if side == n && jigsaw_side(n) && self.options.side.is_none_or(|s| s == n) {
                self.mode = Mode::Block(Block {
                    side,
                    kind: Some(kind),
                    numbers: line.numeric,
                });
                self.pending.push(line);
            } else {
                let kind = ParseErrorKind::RowLength {
                    cells: n,
                    side: kind.side().or(self.options.side).unwrap_or(n),
                };
                self.emit_error(line.number, None, kind);
            }
            return;
        }
        let as_line = self.line_side(n);
        let as_row = self.row_side(n);
        match (as_line, as_row) {
            (Some(_), Some(_)) => {
                // 16 symbols, no size named: the group decides. A comment
                // marks a whole puzzle; a symbol beyond 1–4, a 16×16 row.
                let block = |numbers| Block {
                    side: 16,
                    kind: None,
                    numbers,
                };
                if line.comment.is_some() {
                    self.emit_line(4, line);
                } else if line.numeric {
                    self.mode = Mode::Block(block(true));
                    self.pending.push(line);
                } else if fits_4x4(&line) {
                    self.mode = Mode::Maybe16;
                    self.pending.push(line);
                } else {
                    self.mode = Mode::Block(block(false));
                    self.pending.push(line);
                }
            }
            (Some(side), None) => self.emit_line(side, line),
            (None, Some(side)) => {
                self.mode = Mode::Block(Block {
                    side,
                    kind: None,
                    numbers: line.numeric,
                });
                self.pending.push(line);
            }
            (None, None) => {
                let kind = match self.options.side {
                    // The named side's n² cells, but the side has no boxes
                    // (5, 7, 11, …): only a jigsaw line, with its regions, fits.
                    Some(s) if s * s == n => ParseErrorKind::Shape(ShapeError::UnsupportedSide(s)),
                    expected => ParseErrorKind::LineLength { cells: n, expected },
                };
                self.emit_error(line.number, None, kind);
            }
        }
    }

    fn end_group(&mut self) {
        match self.mode {
            Mode::Idle => {}
            Mode::Block(b) => {
                let first = self.pending[0].number;
                let rows = self.pending.len();
                let side = b.side;
                // A row of the wrong length explains the block better than the
                // missing rows do.
                match self.pending.iter().find(|l| l.cells.len() != side) {
                    Some(bad) => {
                        let kind = ParseErrorKind::RowLength {
                            cells: bad.cells.len(),
                            side,
                        };
                        let at = bad.number;
                        self.emit_at(first, at, None, kind);
                    }
                    None => {
                        self.emit_error(first, None, ParseErrorKind::TruncatedBlock { rows, side })
                    }
                }
            }
            Mode::Maybe16 => self.flush_4x4_lines(),
        }
        self.pending.clear();
        self.mode = Mode::Idle;
    }

    fn flush_4x4_lines(&mut self) {
        let lines = std::mem::take(&mut self.pending);
        self.mode = Mode::Idle;
        for line in lines {
            self.emit_line(4, line);
        }
    }

    /// The shape of a plain grid of `side`: its usual boxes, or the boxes
    /// the options name for that side.
    fn plain_shape(&self, side: usize) -> Shape {
        let (r, c) = match self.options.boxes {
            Some((r, c)) if r * c == side => (r, c),
            _ => usual_box(side).expect("a side with boxes"),
        };
        Shape::boxes(r, c).expect("boxes that tile the side")
    }

    /// The shape of a puzzle of `side` and `kind` (a jigsaw's regions come
    /// from its lines).
    fn shape_of(
        &self,
        side: usize,
        kind: Option<Kind>,
        lines: &[&Line],
    ) -> Result<Shape, ParseError> {
        let first = lines.first().map_or(self.line_no, |l| l.number);
        let at = |kind| ParseError {
            line: first,
            column: None,
            kind,
        };
        let Some(kind) = kind else {
            return Ok(self.plain_shape(side));
        };
        let shape = match kind.boxes {
            Some((r, c)) => Shape::boxes(r, c).map_err(|e| at(ParseErrorKind::Shape(e)))?,
            None => {
                let mut labels: Vec<char> = Vec::new();
                let mut regions = Vec::with_capacity(side * side);
                for line in lines {
                    let expected = if lines.len() == 1 { side * side } else { side };
                    if line.regions.len() != expected || line.cells.len() * line.regions.len() == 0
                    {
                        return Err(ParseError {
                            line: line.number,
                            column: None,
                            kind: ParseErrorKind::Regions {
                                found: line.regions.len(),
                                expected,
                            },
                        });
                    }
                    for &(ch, col) in &line.regions {
                        let ch = ch.to_ascii_uppercase();
                        let id = match labels.iter().position(|&l| l == ch) {
                            Some(i) => i,
                            None if labels.len() < side && ch.is_ascii_alphanumeric() => {
                                labels.push(ch);
                                labels.len() - 1
                            }
                            None => {
                                let kind = if ch.is_ascii_alphanumeric() {
                                    ParseErrorKind::TooManyRegions {
                                        found: side + 1,
                                        side,
                                    }
                                } else {
                                    ParseErrorKind::UnknownKind {
                                        word: ch.to_string(),
                                    }
                                };
                                return Err(ParseError {
                                    line: line.number,
                                    column: Some(col as usize),
                                    kind,
                                });
                            }
                        };
                        regions.push(id as u8);
                    }
                }
                Shape::jigsaw(&regions).map_err(|e| {
                    // Name the region by its label, as written.
                    let e = match e {
                        ShapeError::RegionSize {
                            region,
                            cells,
                            side,
                        } => ShapeError::RegionLabel {
                            label: labels.get(region).copied().unwrap_or('?'),
                            cells,
                            side,
                        },
                        other => other,
                    };
                    at(ParseErrorKind::Shape(e))
                })?
            }
        };
        shape
            .with_extras(kind.extras)
            .map_err(|e| at(ParseErrorKind::Shape(e)))
    }

    fn emit_line(&mut self, side: usize, line: Line) {
        let number = line.number;
        let shape = self.plain_shape(side);
        let result = self.read_unit(&shape, std::slice::from_ref(&line), Layout::Line, false);
        let result = result.map(|mut p| {
            p.comment = line.comment;
            p
        });
        self.emit(number, result);
    }

    fn emit_block(&mut self, block: Block) {
        let lines = std::mem::take(&mut self.pending);
        self.mode = Mode::Idle;
        self.labels_ended = lines.iter().any(|l| l.labelled);
        let first = lines[0].number;
        let side = block.side;
        let result = match lines.iter().find(|l| l.cells.len() != side) {
            Some(bad) => Err(ParseError {
                line: bad.number,
                column: None,
                kind: ParseErrorKind::RowLength {
                    cells: bad.cells.len(),
                    side,
                },
            }),
            None => {
                let layout = if lines.iter().any(|l| l.decorated) {
                    Layout::Pretty
                } else {
                    Layout::Block
                };
                let refs: Vec<&Line> = lines.iter().collect();
                self.shape_of(side, block.kind, &refs)
                    .and_then(|shape| self.read_unit(&shape, &lines, layout, block.kind.is_some()))
            }
        };
        self.emit(first, result);
        // Give the buffer back so a long run of blocks allocates once.
        self.pending = lines;
        self.pending.clear();
    }

    /// Turns the cells of one puzzle into a grid, choosing the alphabet.
    fn read_unit(
        &mut self,
        shape: &Shape,
        lines: &[Line],
        layout: Layout,
        kind: bool,
    ) -> Result<Puzzle, ParseError> {
        let side = shape.side();
        let cells = || {
            lines.iter().flat_map(|l| {
                (l.cells.iter().enumerate()).map(move |(i, &(ch, col))| (ch, l.cell_line(i), col))
            })
        };
        if lines.iter().any(|l| l.numeric) {
            return read_numbers(shape, lines, layout, kind);
        }
        let named = self
            .options
            .alphabet
            .filter(|a| a.fits_side(side) && a.is_single_char());
        let candidates: &[Alphabet] = match &named {
            Some(a) => std::slice::from_ref(a),
            None => Alphabet::single_char(side),
        };
        let fits = |a: Alphabet, ch: char| a.is_blank(side, ch) || a.digit(side, ch).is_some();
        // For each candidate, the position of the first character it rejects.
        let first_bad: Vec<Option<usize>> = candidates
            .iter()
            .map(|&a| cells().position(|(ch, _, _)| !fits(a, ch)))
            .collect();
        let mut fitting: Vec<Alphabet> = candidates
            .iter()
            .zip(&first_bad)
            .filter(|(_, bad)| bad.is_none())
            .map(|(&a, _)| a)
            .collect();
        let marked = lines.iter().any(|l| !l.marks.is_empty());
        if fitting.len() > 1 && marked {
            // A candidate grid's candidates settle what its placed cells
            // leave open (`1`–`9A`–`G` or `0`–`F` when only digits are placed).
            let mut by_marks = fitting.clone();
            by_marks.retain(|&a| {
                (lines.iter().flat_map(|l| &l.marks))
                    .all(|m| m.chars().all(|ch| a.digit(side, ch).is_some()))
            });
            if !by_marks.is_empty() {
                fitting = by_marks;
            }
        }
        let alphabet = match fitting.len() {
            1 => fitting[0],
            0 => {
                // Blame the character that ends the longest run one alphabet fits.
                let (best, at) = candidates
                    .iter()
                    .zip(&first_bad)
                    .filter_map(|(&a, bad)| bad.map(|i| (a, i)))
                    .fold(None, |acc: Option<(Alphabet, usize)>, (a, i)| match acc {
                        Some((_, j)) if j >= i => acc,
                        _ => Some((a, i)),
                    })
                    .expect("no alphabet fits, so each has a first rejected character");
                let (found, line, col) = cells().nth(at).expect("position within the cells");
                let known = Alphabet::single_char(side).iter().any(|&a| fits(a, found));
                let kind = if known && named.is_none() && at > 0 {
                    ParseErrorKind::MixedAlphabets {
                        found,
                        side,
                        alphabet: best,
                    }
                } else {
                    ParseErrorKind::UnknownSymbol {
                        found,
                        side,
                        expected: candidates.to_vec(),
                    }
                };
                return Err(ParseError {
                    line,
                    column: Some(col as usize),
                    kind,
                });
            }
            _ => match self.last_alphabet[side].filter(|a| fitting.contains(a)) {
                Some(a) => a,
                None => {
                    return Err(ParseError {
                        line: lines[0].number,
                        column: None,
                        kind: ParseErrorKind::AmbiguousAlphabet {
                            side,
                            fits: fitting,
                        },
                    })
                }
            },
        };
        self.last_alphabet[side] = Some(alphabet);
        let mut blank = None;
        let digits: Vec<u8> = cells()
            .map(|(ch, _, _)| match alphabet.digit(side, ch) {
                Some(d) => d,
                None => {
                    blank.get_or_insert(ch);
                    0
                }
            })
            .collect();
        let grid = Grid::from_cells(shape.clone(), digits)
            .expect("one digit per cell, each within the side");
        let mut notes = Vec::new();
        if marked {
            // A symbol of no alphabet's cell (one alphabet fitting only the
            // placed cells) is left out of the notes, not refused.
            for l in lines {
                for i in 0..l.cells.len() {
                    let mut mask = 0u32;
                    for ch in l.marks.get(i).map_or("", |m| m).chars() {
                        if let Some(d) = alphabet.digit(side, ch) {
                            mask |= 1 << (d - 1);
                        }
                    }
                    notes.push(mask);
                }
            }
        }
        let mut placed = Vec::new();
        let mut at = 0;
        for l in lines {
            placed.extend(l.placed.iter().map(|&i| at + i));
            at += l.cells.len();
        }
        Ok(Puzzle {
            grid,
            notation: Notation {
                alphabet,
                layout,
                blank: blank.unwrap_or_else(|| alphabet.default_blank(side)),
                kind,
            },
            comment: None,
            notes,
            placed,
        })
    }

    fn emit_error(&mut self, line: usize, column: Option<usize>, kind: ParseErrorKind) {
        self.emit_at(line, line, column, kind);
    }

    fn emit_at(&mut self, first: usize, line: usize, column: Option<usize>, kind: ParseErrorKind) {
        self.emit(first, Err(ParseError { line, column, kind }));
    }

    fn emit(&mut self, line: usize, result: Result<Puzzle, ParseError>) {
        self.index += 1;
        self.out.push_back(Entry {
            index: self.index,
            line,
            result,
        });
    }
}

/// Every puzzle and error of a byte stream, in order, read line by line with
/// at most [`MAX_LINE`] bytes of a line held: memory stays flat on any input
/// (`/dev/zero` is one endless line, reported once). The core does no I/O of
/// its own; this only pulls from a reader it is given.
///
/// A read error is yielded once and ends the stream, with no "truncated" or
/// "empty" report after it: the error already says why the input stopped.
pub struct Entries<R> {
    reader: R,
    parser: Parser,
    bytes: Vec<u8>,
    state: Stream,
    /// The last line ended with a `\r`: a `\n` right after it belongs to
    /// it (`\r\n`), even in the reader's next buffer.
    after_cr: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stream {
    Reading,
    Finished,
    Failed,
}

impl<R: std::io::BufRead> Entries<R> {
    /// The entries of `reader`, read as `options` say.
    pub fn new(reader: R, options: ParseOptions) -> Entries<R> {
        Entries {
            reader,
            parser: Parser::new(options),
            bytes: Vec::with_capacity(1024),
            state: Stream::Reading,
            after_cr: false,
        }
    }

    /// Lines read so far (for a read error's message).
    pub fn lines_read(&self) -> usize {
        self.parser.line_no
    }
}

impl<R: std::io::BufRead> Iterator for Entries<R> {
    type Item = std::io::Result<Entry>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(entry) = self.parser.next_entry() {
                return Some(Ok(entry));
            }
            if self.state != Stream::Reading {
                return None;
            }
            if self.parser.is_ended() {
                self.parser.finish();
                self.state = Stream::Finished;
                continue;
            }
            self.bytes.clear();
            match read_line_capped(
                &mut self.reader,
                &mut self.bytes,
                MAX_LINE,
                &mut self.after_cr,
            ) {
                Ok(LineRead::End) => {
                    self.parser.finish();
                    self.state = Stream::Finished;
                }
                Ok(LineRead::TooLong) => self.parser.push_overlong_line(),
                Ok(LineRead::Held) => {
                    // Invalid UTF-8 becomes U+FFFD, reported with its column
                    // (the strict check first: it is several times faster).
                    match std::str::from_utf8(&self.bytes) {
                        Ok(line) => self.parser.push_line(line),
                        Err(_) => self.parser.push_line(&String::from_utf8_lossy(&self.bytes)),
                    }
                }
                Err(e) => {
                    self.state = Stream::Failed;
                    return Some(Err(e));
                }
            }
        }
    }
}

enum LineRead {
    Held,
    /// Longer than the cap: the rest was read past, not stored.
    TooLong,
    End,
}

/// Reads one line into `bytes`, storing at most `cap` bytes (plus its end):
/// a longer line is consumed to its end without being held. A line ends at
/// `\n` or `\r`; `after_cr` carries a `\r` ending over to the next call,
/// which then skips the `\n` of a `\r\n`.
fn read_line_capped(
    reader: &mut impl std::io::BufRead,
    bytes: &mut Vec<u8>,
    cap: usize,
    after_cr: &mut bool,
) -> std::io::Result<LineRead> {
    let mut seen = 0usize;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if std::mem::take(after_cr) && buf.first() == Some(&b'\n') {
            reader.consume(1);
            continue;
        }
        if buf.is_empty() {
            return Ok(match seen {
                0 => LineRead::End,
                _ if seen > cap => LineRead::TooLong,
                _ => LineRead::Held,
            });
        }
        let (n, done) = match find2(b'\n', b'\r', buf) {
            Some(i) => {
                *after_cr = buf[i] == b'\r';
                (i + 1, true)
            }
            None => (buf.len(), false),
        };
        if seen + n <= cap + 1 {
            bytes.extend_from_slice(&buf[..n]);
        } else {
            bytes.clear();
        }
        seen += n;
        reader.consume(n);
        if done {
            // The cap counts the line without its `\n`.
            return Ok(if seen > cap + 1 {
                LineRead::TooLong
            } else {
                LineRead::Held
            });
        }
    }
}

/// The first place of byte `a` or `b`: with memchr natively (SIMD); a plain
/// loop in WebAssembly, where every kilobyte is downloaded.
#[inline]
fn find2(a: u8, b: u8, bytes: &[u8]) -> Option<usize> {
    #[cfg(not(target_arch = "wasm32"))]
    return memchr::memchr2(a, b, bytes);
    #[cfg(target_arch = "wasm32")]
    return bytes.iter().position(|&x| x == a || x == b);
}

/// The lines of a text, each with its end: `\n`, `\r\n`, or a lone `\r`.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = match find2(b'\n', b'\r', rest.as_bytes()) {
            Some(i) if rest[i..].starts_with("\r\n") => i + 2,
            Some(i) => i + 1,
            None => rest.len(),
        };
        let (line, tail) = rest.split_at(end);
        rest = tail;
        Some(line)
    })
}

/// Parses a whole text: every puzzle and error, in order.
pub fn parse_all(text: &str, options: ParseOptions) -> Vec<Entry> {
    let mut parser = Parser::new(options);
    let mut out = Vec::new();
    for line in lines(text) {
        parser.push_line(line);
        out.extend(std::iter::from_fn(|| parser.next_entry()));
        if parser.is_ended() {
            break;
        }
    }
    parser.finish();
    out.extend(std::iter::from_fn(|| parser.next_entry()));
    out
}

/// Parses a text that should hold one puzzle (a paste, a URL): the first puzzle
/// or the first error; later puzzles are ignored and counted.
pub fn parse_first(text: &str, options: ParseOptions) -> Result<(Puzzle, usize), ParseError> {
    let entries = parse_all(text, options);
    let count = entries.len();
    match entries.into_iter().next() {
        Some(Entry { result, .. }) => result.map(|p| (p, count)),
        None => unreachable!("finish() reports an empty input"),
    }
}

/// The cells of numbers lines: the numbers were encoded as `1`–`9A`–`P`
/// characters (`0` or the blank character empty, `?` out of range) by [`read_numbers_of`].
fn read_numbers(
    shape: &Shape,
    lines: &[Line],
    layout: Layout,
    kind: bool,
) -> Result<Puzzle, ParseError> {
    let side = shape.side();
    let mut digits = Vec::with_capacity(shape.cells());
    let mut blank = None;
    for line in lines {
        for (i, &(ch, col)) in line.cells.iter().enumerate() {
            let d = match ch {
                _ if ch == '0' || crate::alphabet::BLANKS.contains(&ch) => {
                    blank.get_or_insert(ch);
                    0
                }
                _ => match Alphabet::DigitsLetters.digit(MAX_SIDE, ch) {
                    Some(d) if d as usize <= side => d,
                    _ => {
                        return Err(ParseError {
                            line: line.cell_line(i),
                            column: Some(col as usize),
                            kind: ParseErrorKind::NumberOutOfRange { side },
                        })
                    }
                },
            };
            digits.push(d);
        }
    }
    let grid =
        Grid::from_cells(shape.clone(), digits).expect("one digit per cell, each within the side");
    Ok(Puzzle {
        grid,
        notation: Notation {
            alphabet: if side > 9 {
                Alphabet::Numbers
            } else {
                Alphabet::Digits
            },
            layout,
            blank: blank.unwrap_or('0'),
            kind,
        },
        comment: None,
        notes: Vec::new(),
        placed: Vec::new(),
    })
}

fn read_numbers_of(text: &str) -> Option<(Vec<(char, u32)>, bool)> {
    let mut cells = Vec::new();
    let mut numeric = false;
    let mut col = 0u32;
    let mut word = String::new();
    let mut word_col = 0;
    let mut push = |word: &mut String, at: u32, numeric: &mut bool| -> Option<()> {
        if word.is_empty() {
            return Some(());
        }
        let first = word.chars().next()?;
        let ch = if word.chars().count() == 1 && crate::alphabet::BLANKS.contains(&first) {
            first
        } else if word.len() <= 2 && word.bytes().all(|b| b.is_ascii_digit()) {
            *numeric |= word.len() == 2;
            number_char(word.parse::<u32>().ok()?)
        } else {
            return None;
        };
        cells.push((ch, at));
        word.clear();
        Some(())
    };
    for ch in text.chars() {
        col += 1;
        if ch.is_whitespace() || matches!(ch, ',' | ';' | '|') {
            numeric |= matches!(ch, ',' | ';');
            push(&mut word, word_col, &mut numeric)?;
        } else {
            if word.is_empty() {
                word_col = col;
            }
            word.push(ch);
        }
    }
    push(&mut word, word_col, &mut numeric)?;
    // A lone number is no row of numbers.
    (cells.len() > 1).then_some((cells, numeric))
}

/// A line with box-drawing characters (U+2500–U+257F: `│ ─ ┼ ║ ═ ╬ …`, as
/// grids are drawn in forum posts and terminal output) written as the
/// ASCII decoration the reader knows: vertical lines `|`, horizontal ones
/// `-`, corners and junctions `+`, one character for one so that columns
/// stay where they were. `None` when the line has none.
fn box_drawing_as_ascii(text: &str) -> Option<String> {
    let drawing = |c: char| ('\u{2500}'..='\u{257F}').contains(&c);
    if text.is_ascii() || !text.contains(drawing) {
        return None;
    }
    let ascii =
        |c: char| match c {
            '─' | '━' | '═' | '┄' | '┅' | '┈' | '┉' | '╌' | '╍' | '╴' | '╶' | '╸' | '╺' | '╼'
            | '╾' => '-',
            '│' | '┃' | '║' | '┆' | '┇' | '┊' | '┋' | '╎' | '╏' | '╵' | '╷' | '╹' | '╻' | '╽'
            | '╿' => '|',
            c if drawing(c) => '+',
            c => c,
        };
    Some(text.chars().map(ascii).collect())
}

/// Decoration between rows: `+---+---+`, `------+------`, `=====`, `*---*`, or a run of
/// dashes that cannot be a row of blanks. A run of dashes that is a near miss
/// is no border: shorter than a row of the block being read (`side`), or
/// within two of a whole puzzle's length. It is read as cells, so its wrong
/// length is reported at its line instead of the line vanishing and the
/// block taking a row of the next puzzle.
fn is_border(trimmed: &str, side: Option<usize>) -> bool {
    // A frame's top or bottom with stars at its corners (`*-----------*`,
    // as Sudoku Explainer and HoDoKu print grids): stars are blanks, but
    // a row of empty cells is not written half in stars, half in dashes.
    // (A whole puzzle's length is left to the cells, as the one-line
    // reader reads it.)
    let starred = trimmed.len() >= 3
        && !BOX_SIDES.iter().any(|&s| s * s == trimmed.len())
        && trimmed.starts_with('*')
        && trimmed.ends_with('*')
        && trimmed.contains('-')
        && trimmed
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | '*'));
    if starred {
        return true;
    }
    // The same with dots, colons and quotes at the corners, as candidate
    // grids are framed (`.-----.-----.`, `:-----+-----:`, `'-----'-----'`),
    // longer than any row; a row of empty cells is not written half in
    // dots, half in dashes either.
    let corner = |c: char| matches!(c, '.' | ':' | '\'');
    let dotted = trimmed.len() > MAX_SIDE
        && !BOX_SIDES.iter().any(|&s| s * s == trimmed.len())
        && trimmed.starts_with(corner)
        && trimmed.ends_with(corner)
        && trimmed.contains('-')
        && trimmed
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|') || corner(c));
    if dotted {
        return true;
    }
    if !trimmed
        .chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
    {
        return false;
    }
    if trimmed.contains(['+', '=']) {
        return true;
    }
    let dashes = trimmed.chars().filter(|&c| c == '-').count();
    // Inside a block only its own side is a row: a longer run between its
    // rows is a rule, even when another side has that many cells.
    let row = side.map_or(BOX_SIDES.contains(&dashes), |n| n == dashes);
    let row_or_puzzle = row || BOX_SIDES.iter().any(|&s| s * s == dashes);
    let short_row = side.is_some_and(|n| dashes < n);
    let near_puzzle = BOX_SIDES[1..]
        .iter()
        .any(|&s| (s * s).abs_diff(dashes) <= 2);
    !(row_or_puzzle || short_row || near_puzzle)
}

/// The character a number is encoded as among the cells: `0` empty, `1`–`9A`–`P`
/// for 1 to 25, `?` beyond.
fn number_char(v: u32) -> char {
    match v {
        0 => '0',
        1..=25 => char::from(DIGITS_LETTERS_25[v as usize - 1]),
        _ => '?',
    }
}

const DIGITS_LETTERS_25: &[u8; 25] = b"123456789ABCDEFGHIJKLMNOP";

/// The separator of a CSV line: a comma, or a semicolon where the comma is
/// the decimal point; `None` for a line with neither.
fn csv_separator(text: &str) -> Option<char> {
    [',', ';'].into_iter().find(|&sep| text.contains(sep))
}

/// The names of a dataset's column, or a record's key, that hold the
/// puzzle (Kaggle's `quizzes`, `puzzle`; `grid`, `board`, …).
const PUZZLE_KEYS: &[&str] = &[
    "puzzle", "puzzles", "quiz", "quizzes", "grid", "board", "givens", "problem", "question",
    "sudoku", "unsolved",
];

/// Whether a column's name or a record's key names the puzzle.
#[inline(never)]
fn is_puzzle_key(name: &str) -> bool {
    PUZZLE_KEYS.iter().any(|k| name.eq_ignore_ascii_case(k))
}

/// Whether a word is a whole puzzle on one line: `n²` characters for a side
/// with boxes, no space.
fn whole_puzzle(word: &str) -> bool {
    let n = word.chars().count();
    BOX_SIDES.iter().any(|&s| s * s == n) && !word.contains(char::is_whitespace)
}

/// Where an array named as the puzzle in a record is (`"puzzle": [[5, 3,
/// 0, …], …]`): its name's opening quote, its `[` and just after its `]`.
fn keyed_array(text: &str) -> Option<(usize, usize, usize)> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(q) = text[from..].find('"').map(|i| from + i) {
        let len = text[q + 1..].find('"')?;
        let name = &text[q + 1..q + 1 + len];
        from = q + len + 2;
        let after = text[from..].trim_start();
        let Some(value) = after.strip_prefix(':').map(str::trim_start) else {
            continue;
        };
        if !value.starts_with('[') || !is_puzzle_key(name) {
            continue;
        }
        let open = text.len() - value.len();
        let mut depth = 0usize;
        for (i, &b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some((q, open, i + 1));
                    }
                }
                _ => {}
            }
        }
        return None;
    }
    None
}

/// A whole puzzle of symbols and blanks: not a word of prose.
fn is_puzzle_word(word: &str) -> bool {
    whole_puzzle(word)
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || crate::alphabet::BLANKS.contains(&c))
}

/// The name of a section heading, `[Puzzle]` or `[State]` alone on its
/// line (SadMan Sudoku's `.sdk` files): letters only, one of them
/// lowercase, which no row of symbols in brackets has.
fn section(trimmed: &str) -> Option<&str> {
    let name = trimmed.strip_prefix('[')?.strip_suffix(']')?;
    (name.bytes().all(|b| b.is_ascii_alphabetic()) && name.bytes().any(|b| b.is_ascii_lowercase()))
        .then_some(name)
}

/// The first field that is no cell, and its column, on a line that is
/// plainly a CSV row: no tab and no box bar (numbers' pretty layout), a
/// separator, at least four fields, most of them cells (empty, one symbol
/// or one number), and no whole puzzle before a comment. Other lines with
/// commas are read as before.
fn bad_csv_field(text: &str) -> Option<(u32, String)> {
    let sep = csv_separator(text).filter(|_| !text.contains(['\t', '|']))?;
    let first_word = text.split_whitespace().next().unwrap_or("");
    if BOX_SIDES
        .iter()
        .any(|&s| s * s == first_word.chars().count())
    {
        return None;
    }
    let is_cell = |f: &str| {
        let mut chars = f.chars();
        chars.next().is_none()
            || chars.next().is_none()
            || f.len() <= 2 && f.bytes().all(|b| b.is_ascii_digit())
    };
    let fields: Vec<&str> = text.split(sep).collect();
    let cells = fields.iter().filter(|f| is_cell(field_text(f))).count();
    if fields.len() < 4 || cells * 2 <= fields.len() {
        return None;
    }
    let mut col = 1u32;
    for field in fields {
        let inner = field_text(field);
        if !is_cell(inner) {
            return Some((col + field_lead(field), inner.to_string()));
        }
        col += field.chars().count() as u32 + 1;
    }
    None
}

/// A field without the spaces and the double quotes around it.
/// Brackets around it too: an array in code (`[5, 3, 0, …],` or LeetCode's
/// `[["5","3",".", …]]`) is fields between brackets.
// Out of line: inlined at each of its callers it cost the page's module
// several kilobytes.
#[inline(never)]
fn field_text(field: &str) -> &str {
    let field = field.trim().trim_matches(is_bracket).trim();
    field
        .strip_prefix(['"', '\''])
        .and_then(|f| f.strip_suffix(['"', '\'']))
        .map_or(field, str::trim)
}

/// The contents of a line that is one quoted string in code (`"53..7....",`
/// in an array of rows, `puzzles = ['53..7…',`, `'…']`, `"puzzle": "…"`),
/// and the columns before them; `None` for any other line. Before the
/// string: nothing but opening brackets, after a name given it (`=` or
/// `:`); after it, nothing but closing brackets, commas and semicolons.
fn quoted_row(text: &str) -> Option<(&str, u32)> {
    let body = text.trim_end_matches(is_closing);
    let quote = body
        .chars()
        .next_back()
        .filter(|&q| q == '"' || q == '\'')?;
    let start = body[..body.len() - 1].rfind(quote)?;
    let inner = &body[start + 1..body.len() - 1];
    let before = text[..start].trim_end_matches(|c: char| is_bracket(c) || c.is_whitespace());
    // Strings before it only as names (`"id": 7, "puzzle": "…"`): in
    // `{"puzzle": "…", "solution": "…"}` the last string is not the puzzle.
    (before.is_empty() || before.ends_with(['=', ':']) && only_names(before))
        .then(|| (inner, text[..=start].chars().count() as u32))
}

/// Whether every quoted string in `text` is a name: a `:` follows it.
fn only_names(text: &str) -> bool {
    let mut rest = text;
    while let Some(open) = rest.find(['"', '\'']) {
        let quote = char::from(rest.as_bytes()[open]);
        let Some(len) = rest[open + 1..].find(quote) else {
            return false;
        };
        rest = &rest[open + len + 2..];
        if !rest.trim_start().starts_with(':') {
            return false;
        }
    }
    true
}

fn is_bracket(c: char) -> bool {
    matches!(c, '[' | ']' | '{' | '}' | '(' | ')')
}

/// What may follow a row in code: brackets, commas, semicolons, spaces.
fn is_closing(c: char) -> bool {
    is_bracket(c) || matches!(c, ',' | ';') || c.is_whitespace()
}

/// The characters before a field's text: spaces, brackets and quotes.
fn field_lead(field: &str) -> u32 {
    field
        .chars()
        .take_while(|&c| c.is_whitespace() || is_bracket(c) || matches!(c, '"' | '\''))
        .count() as u32
}

/// A line of code around an array of rows: brackets alone (`]`, `};`), or
/// a name given the array that opens (`board = [`, `"grid": [`,
/// `int[][] board = {`).
fn is_code_wrapper(trimmed: &str) -> bool {
    // (Commas alone are a CSV row of empty cells.)
    trimmed.chars().all(is_closing) && trimmed.contains(is_bracket)
        || trimmed.ends_with(['[', '{', '(']) && trimmed.contains(['=', ':'])
}

/// A line of fields separated by `sep` (a tab, or a CSV line's comma or
/// semicolon), one cell each (see the module documentation); `None` when
/// some field is not one symbol, one number or empty (a comment after a
/// puzzle, a title).
fn split_fields(text: &str, sep: char, number: usize) -> Option<Line> {
    let mut fields: Vec<(&str, u32)> = Vec::new();
    let mut col = 1u32;
    for field in text.split(sep) {
        fields.push((field_text(field), col + field_lead(field)));
        col += field.chars().count() as u32 + 1;
    }
    // A tab after the last cell makes an empty field that is no cell. Empty
    // fields at the end are dropped down to a classic side (4, 9, 16, 25:
    // the tables people copy), or failing that to any side; a block then
    // fills or trims its rows to its own side (see `Parser::content`).
    let full = fields.len();
    let trailing = fields.iter().rev().take_while(|f| f.0.is_empty()).count();
    let keep = |sides: &[usize]| {
        (full.saturating_sub(trailing).max(1)..=full)
            .rev()
            .find(|n| sides.contains(n))
    };
    let classic = [4, 9, 16, 25];
    if let Some(n) = keep(&classic).or_else(|| keep(&BOX_SIDES)) {
        fields.truncate(n);
    }
    let mut cells = Vec::with_capacity(fields.len());
    let mut numbers = Some(Vec::with_capacity(fields.len()));
    let mut numeric = false;
    for (field, col) in fields {
        let mut chars = field.chars();
        let (first, second) = (chars.next(), chars.next());
        let as_number = if field.len() <= 2 && field.bytes().all(|b| b.is_ascii_digit()) {
            field.parse::<u32>().ok().map(number_char)
        } else {
            None
        };
        match (first, second) {
            (None, _) => {
                cells.push(('.', col));
                if let Some(n) = &mut numbers {
                    n.push(('.', col));
                }
            }
            (Some(ch), None) => {
                cells.push((ch, col));
                match (&mut numbers, as_number) {
                    (Some(n), Some(c)) => n.push((c, col)),
                    (Some(n), None) if crate::alphabet::BLANKS.contains(&ch) => n.push((ch, col)),
                    _ => numbers = None,
                }
            }
            (Some(_), Some(_)) => {
                let c = as_number?;
                numeric = true;
                cells.push((c, col));
                if let Some(n) = &mut numbers {
                    n.push((c, col));
                }
            }
        }
    }
    if numeric {
        cells = numbers.take()?;
    }
    Some(Line {
        number,
        cells,
        numbers,
        numeric,
        tabbed: true,
        ..Line::default()
    })
}

fn split_cells(text: &str, number: usize) -> Line {
    if let Some((inner, shift)) = quoted_row(text) {
        // A string in code (`"53..7....",`): its contents, at their columns.
        let mut line = split_cells(inner, number);
        line.shift_columns(shift);
        return line;
    }
    if text.contains('\t') {
        if let Some(line) = split_fields(text, '\t', number) {
            return line;
        }
    }
    if let Some(line) = split_candidates(text, number) {
        return line;
    }
    let numbers = read_numbers_of(text);
    // A CSV line: its fields when one is empty (the numbers' reading would
    // lose it) or when they are not all numbers (letters).
    if let Some(sep) = csv_separator(text) {
        if numbers.is_none() || text.split(sep).any(|f| field_text(f).is_empty()) {
            if let Some(line) = split_fields(text, sep, number) {
                return line;
            }
        }
    }
    if let Some((cells, true)) = numbers {
        return Line {
            number,
            cells,
            // Box bars: the pretty layout of numbers.
            decorated: text.contains('|'),
            numeric: true,
            ..Line::default()
        };
    }
    if let Some(line) = split_by_position(text, number) {
        return line;
    }
    let numbers = numbers.map(|(cells, _)| cells);
    let lead = text.len() - text.trim_start().len();
    let rest = &text[lead..];
    let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let word = &rest[..word_end];
    let word_cells = word.chars().count();
    let lead_cols = text[..lead].chars().count() as u32;
    if !word.contains('|') && BOX_SIDES.iter().any(|&s| s * s == word_cells) {
        let cells = word
            .chars()
            .enumerate()
            .map(|(i, ch)| (ch, lead_cols + i as u32 + 1))
            .collect();
        let tail = rest[word_end..].trim_end();
        let comment = (!tail.trim().is_empty()).then(|| tail.to_string());
        return Line {
            number,
            cells,
            comment,
            numbers,
            ..Line::default()
        };
    }
    let cells: Vec<(char, u32)> = text
        .chars()
        .enumerate()
        .filter(|&(_, ch)| !ch.is_whitespace() && ch != '|')
        .map(|(i, ch)| (ch, i as u32 + 1))
        .collect();
    let inner = text.trim();
    let decorated = inner.contains(|c: char| c.is_whitespace() || c == '|');
    Line {
        number,
        cells,
        decorated,
        numbers,
        ..Line::default()
    }
}

/// A line of HoDoKu's library format, as its technique collections and
/// forum posts give a position: `:0100:1:.+92….+9:811 515 …:193::`, the
/// fields a technique's code, its digit, the grid (`+` before a digit the
/// player placed: the puzzle's `placed`), the candidates deleted (`dRC`:
/// digit `d` gone from row `R`, column `C`), then what the step
/// eliminates and places. The grid's
/// digits, placed ones included, are its cells; where candidates were
/// deleted, each empty cell's notes are the digits its row, column and box
/// leave it, less those deleted. The whole line is the comment.
#[inline(never)]
fn library_line(text: &str, number: usize) -> Option<Result<Line, (usize, ParseErrorKind)>> {
    let lead = text.len() - text.trim_start().len();
    let line = text.trim();
    let mut fields = line.strip_prefix(':')?.split(':');
    let code = fields.next()?;
    let step_digit = fields.next()?;
    let grid = fields.next()?;
    if code.is_empty() || !code.bytes().all(|b| b.is_ascii_digit()) || grid.is_empty() {
        return None;
    }
    let grid_at = lead + 1 + code.len() + 1 + step_digit.len() + 1;
    let first_col = text[..grid_at].chars().count() + 1;
    let (mut cells, mut placed) = (Vec::new(), Vec::new());
    let mut plus = false;
    for (i, ch) in grid.chars().enumerate() {
        if ch == '+' {
            plus = true;
            continue;
        }
        if std::mem::take(&mut plus) {
            placed.push(cells.len());
        }
        cells.push((ch, (first_col + i) as u32));
    }
    let mut marks = Vec::new();
    let deleted = fields.next().unwrap_or("").trim();
    if cells.len() == 81 && !deleted.is_empty() {
        let digit = |ch: char| ch.to_digit(10).filter(|d| (1..=9).contains(d));
        let mut gone = [0u32; 81];
        for word in deleted.split_whitespace() {
            let dcr = match word.as_bytes() {
                &[d, r, c] => digit(d as char).zip(digit(r as char)).zip(digit(c as char)),
                _ => None,
            };
            let Some(((d, r), c)) = dcr else {
                // The word is a slice of `text`: its byte offset in it.
                let at = word.as_ptr() as usize - text.as_ptr() as usize;
                let column = text[..at].chars().count() + 1;
                let text = word.to_string();
                return Some(Err((column, ParseErrorKind::Deleted { text })));
            };
            gone[(r as usize - 1) * 9 + c as usize - 1] |= 1 << d;
        }
        let values: Vec<u32> = cells.iter().map(|c| digit(c.0).unwrap_or(0)).collect();
        let geometry = crate::shape::Geometry::of(&Shape::S9);
        marks = (0..81)
            .map(|i| {
                if values[i] != 0 {
                    return String::new();
                }
                let taken =
                    (geometry.peers(i).iter()).fold(gone[i], |m, &j| m | 1 << values[j as usize]);
                (1..=9u32)
                    .filter(|d| taken & 1 << d == 0)
                    .filter_map(|d| char::from_digit(d, 10))
                    .collect()
            })
            .collect();
    }
    Some(Ok(Line {
        number,
        cells,
        comment: Some(String::from("\t") + line),
        marks,
        placed,
        ..Line::default()
    }))
}

/// A row of a candidate grid, as solvers print the position and forum
/// posts quote it: `| 4  1679  12679 | 139  2369 …`, one word a cell, a
/// digit alone a placed one, several the candidates of an empty cell (kept
/// as the line's `marks`, which become the puzzle's notes). Box bars are
/// optional (some programs save the words in columns alone).
/// `None` unless the line has `n` words for a side of at least
/// 6, each of distinct symbols of one of the side's alphabets, some word
/// of several, no numbers' reading (every word a number up to the side),
/// and the row a position's (below); nor are `n` words of `n` symbols
/// candidates: they are a whole puzzle's rows.
fn split_candidates(text: &str, number: usize) -> Option<Line> {
    // The words counted first, byte by byte and without allocating: most
    // lines are not candidates (a grid's row has no word of several).
    let (mut count, mut run, mut long) = (0usize, 0usize, false);
    for b in text.bytes() {
        if b.is_ascii_whitespace() || b == b'|' {
            run = 0;
        } else {
            count += usize::from(run == 0);
            run += 1;
            long |= run > 1;
        }
    }
    // (A separator beyond ASCII, as a web page's no-break space, joins
    // words here: such a line takes the full test below.)
    if text.is_ascii() && (!long || count < 6 || !BOX_SIDES.contains(&count)) {
        return None;
    }
    let mut words: Vec<(&str, u32)> = Vec::new();
    let mut col = 0u32;
    let mut start: Option<(usize, u32)> = None;
    for (at, ch) in text.char_indices() {
        col += 1;
        let gap = ch.is_whitespace() || ch == '|';
        match (gap, start) {
            (false, None) => start = Some((at, col)),
            (true, Some((from, c))) => {
                words.push((&text[from..at], c));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((from, c)) = start {
        words.push((&text[from..], c));
    }
    let n = words.len();
    let long = words.iter().filter(|w| w.0.chars().count() > 1).count();
    if n < 6
        || !BOX_SIDES.contains(&n)
        || long == 0
        || long == n && words.iter().all(|w| w.0.len() == n)
    {
        return None;
    }
    let numbers = words
        .iter()
        .all(|w| w.0.len() <= 2 && w.0.parse::<usize>().is_ok_and(|v| v <= n));
    if numbers {
        return None;
    }
    let fits = |a: &Alphabet| {
        words.iter().all(|w| {
            let mut seen = 0u32;
            w.0.chars().all(|ch| match a.digit(n, ch) {
                Some(d) if seen & (1 << d) == 0 => {
                    seen |= 1 << d;
                    true
                }
                _ => false,
            })
        })
    };
    if !Alphabet::single_char(n).iter().any(fits) {
        return None;
    }
    // A position's row: its placed symbols distinct, and none of them
    // among the row's candidates (every solver prints them so). A row of
    // numbers is not (`| 0 0 17 0 | …`: blanks repeat; `10`, `11` share a
    // digit with a placed one), so a wrong number in it is reported, not
    // read as candidates.
    let mut placed = 0u128;
    for w in words.iter().filter(|w| w.0.len() == 1) {
        let bit = 1u128 << (w.0.as_bytes()[0].to_ascii_uppercase() & 127);
        if placed & bit != 0 {
            return None;
        }
        placed |= bit;
    }
    let in_row =
        |w: &str| (w.bytes()).any(|b| placed & 1u128 << (b.to_ascii_uppercase() & 127) != 0);
    if words.iter().any(|w| w.0.len() > 1 && in_row(w.0)) {
        return None;
    }
    let cells = words
        .iter()
        .map(|&(w, c)| {
            let mut chars = w.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) => (ch, c),
                _ => ('.', c),
            }
        })
        .collect();
    let marks = (words.iter())
        .map(|&(w, _)| {
            if w.chars().nth(1).is_some() {
                w.to_string()
            } else {
                String::new()
            }
        })
        .collect();
    Some(Line {
        number,
        cells,
        marks,
        decorated: true,
        ..Line::default()
    })
}

/// A drawn row whose empty cells are spaces: `| 5 3   |   7   |       |`.
/// Between its outer bars, boxes of equal width `2c + 1` hold `c` cells at
/// their odd columns and spaces at the even ones; a space at a cell's
/// column is an empty cell. `None` unless the line is drawn so and some
/// cell is a space (otherwise the general reading gives the same cells).
fn split_by_position(text: &str, number: usize) -> Option<Line> {
    let inner = text.trim().strip_prefix('|')?.strip_suffix('|')?;
    let lead = text.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
    let boxes: Vec<Vec<char>> = inner.split('|').map(|b| b.chars().collect()).collect();
    let width = boxes[0].len();
    if boxes.len() < 2
        || width < 3
        || width.is_multiple_of(2)
        || boxes.iter().any(|b| b.len() != width)
    {
        return None;
    }
    if !BOX_SIDES.contains(&(boxes.len() * (width - 1) / 2)) {
        return None;
    }
    let mut cells = Vec::new();
    let mut col = lead + 1;
    let mut spaces = false;
    for b in &boxes {
        for (i, &ch) in b.iter().enumerate() {
            if i % 2 == 0 && ch != ' ' {
                return None;
            }
            if i % 2 == 1 {
                spaces |= ch == ' ';
                cells.push((if ch == ' ' { '.' } else { ch }, col + i as u32));
            }
        }
        col += width as u32 + 1;
    }
    spaces.then_some(Line {
        number,
        cells,
        decorated: true,
        ..Line::default()
    })
}

/// A row with a label before its first bar (`A | 5 3 . | . 7 . | . . . |`,
/// `r1|53.|.7.|...`, `10 | 1 . 12 . | …`): its cells, at their columns,
/// without the label. The label is one word of at most three letters and
/// digits, told from a box by its size: the boxes after it hold the same
/// number of cells each, more than the label would (a row's boxes are all
/// as wide, so a real row never starts with a narrower one).
fn labelled_row(text: &str, number: usize) -> Option<Line> {
    let lead = text.len() - text.trim_start().len();
    let bar = lead + text[lead..].find('|')?;
    let label = text[lead..bar].trim_end();
    if label.is_empty() || label.len() > 3 || !label.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let row = text[bar..].trim_end();
    let mut line = split_cells(row, number);
    let n = line.cells.len();
    if !BOX_SIDES.contains(&n) || line.tabbed {
        return None;
    }
    // The cells in each box, by the bars' columns (a box of spaces holds
    // empty cells too); nothing after a closing bar.
    let bars: Vec<u32> = (row.chars().enumerate())
        .filter(|&(_, c)| c == '|')
        .map(|(i, _)| i as u32 + 1)
        .collect();
    let mut boxes: Vec<usize> = bars
        .iter()
        .enumerate()
        .map(|(i, &at)| {
            let end = bars.get(i + 1).copied().unwrap_or(u32::MAX);
            line.cells.iter().filter(|c| c.1 > at && c.1 < end).count()
        })
        .collect();
    if boxes.last() == Some(&0) {
        boxes.pop();
    }
    let width = boxes.first().copied()?;
    let label_cells = if line.numeric {
        1
    } else {
        label.chars().count()
    };
    if width <= label_cells || boxes.iter().any(|&k| k != width) {
        return None;
    }
    line.shift_columns(text[..bar].chars().count() as u32);
    line.labelled = true;
    line.decorated = true;
    Some(line)
}

/// The number of labels when a line is a header of column labels: the
/// first symbols of `1`–`9A`–`P` (also numbers 1–25), `0`–`9A`–`O` or the
/// alphabet, in order, after an empty corner cell or not; `None` when it is
/// something else.
fn header_len(line: &Line) -> Option<usize> {
    let cells = match line.cells.as_slice() {
        [('.', _), rest @ ..] if line.tabbed => rest,
        all => all,
    };
    let n = cells.len();
    let in_order = |seq: &[u8]| {
        n <= seq.len()
            && cells
                .iter()
                .zip(seq)
                .all(|(c, &s)| c.0.eq_ignore_ascii_case(&(s as char)))
    };
    (BOX_SIDES.contains(&n)
        && (in_order(DIGITS_LETTERS_25)
            || in_order(b"0123456789ABCDEFGHIJKLMNO")
            || in_order(b"ABCDEFGHIJKLMNOPQRSTUVWXY")))
    .then_some(n)
}

/// True when the characters, read as the cells of a `shape` grid in row-major
/// order, repeat no symbol within a house (blanks aside).
fn no_repeats(shape: &Shape, chars: impl Iterator<Item = char>) -> bool {
    let cells: Vec<char> = chars.collect();
    let blank = |ch: char| Alphabet::Digits.is_blank(shape.side(), ch);
    (0..cells.len()).all(|a| {
        blank(cells[a]) || (a + 1..cells.len()).all(|b| cells[a] != cells[b] || !shape.sees(a, b))
    })
}

/// A line of tabs alone with as many fields as a side: a table's row of
/// empty cells, not a blank line.
fn is_empty_row(text: &str) -> bool {
    let fields = text.split('\t').count();
    text.contains('\t') && (BOX_SIDES.contains(&fields) || BOX_SIDES.contains(&(fields - 1)))
}

/// True when some character of the line is no symbol of any alphabet of
/// `side` and no blank: words, not a row of cells.
fn is_text(line: &Line, side: usize) -> bool {
    line.cells.iter().any(|&(ch, _)| {
        !Alphabet::single_char(side)
            .iter()
            .any(|a| a.is_blank(side, ch) || a.digit(side, ch).is_some())
    })
}

/// True when every cell of the line is a 4×4 symbol or a blank.
fn fits_4x4(line: &Line) -> bool {
    line.cells
        .iter()
        .all(|&(ch, _)| Alphabet::Digits.is_blank(4, ch) || Alphabet::Digits.digit(4, ch).is_some())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every entry of `text`, read with or without the plain-line shortcut.
    fn entries(text: &str, options: ParseOptions, shortcut: bool) -> Vec<Entry> {
        let mut parser = Parser::new(options);
        parser.shortcut = shortcut;
        let mut out = Vec::new();
        for line in lines(text) {
            parser.push_line(line);
            out.extend(std::iter::from_fn(|| parser.next_entry()));
        }
        parser.finish();
        out.extend(std::iter::from_fn(|| parser.next_entry()));
        out
    }

    fn same_both_ways(text: &str, options: ParseOptions) {
        let fast = entries(text, options, true);
        let general = entries(text, options, false);
        assert_eq!(fast, general, "{text:?} with {options:?}");
    }

    const OPTIONS: [ParseOptions; 5] = [
        ParseOptions {
            side: None,
            boxes: None,
            alphabet: None,
            prefer: None,
        },
        ParseOptions {
            side: Some(9),
            boxes: None,
            alphabet: None,
            prefer: None,
        },
        ParseOptions {
            side: None,
            boxes: Some((2, 4)),
            alphabet: None,
            prefer: None,
        },
        ParseOptions {
            side: None,
            boxes: None,
            alphabet: Some(Alphabet::Hex),
            prefer: None,
        },
        ParseOptions {
            side: None,
            boxes: None,
            alphabet: None,
            prefer: Some(Alphabet::DigitsLetters),
        },
    ];

    #[test]
    fn the_shortcut_reads_the_data_files_as_the_general_reader_does() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
        let mut files = 0;
        for file in std::fs::read_dir(dir).unwrap() {
            let path = file.unwrap().path();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            files += 1;
            for options in OPTIONS {
                same_both_ways(&text, options);
            }
        }
        assert!(files >= 10, "{files} data files");
        // The shortcut does take the usual lines.
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut parser = Parser::new(ParseOptions::default());
        parser.push_line(line);
        assert!(parser.next_entry().unwrap().result.is_ok());
        assert!(parser.table.is_some(), "the plain line took the shortcut");
    }

    /// Lines near a whole puzzle's length, of symbols, blanks and the
    /// characters that make a line something else.
    fn line() -> impl Strategy<Value = String> {
        let pool: Vec<char> = "123456789ABCDEFGPYabjgp0.-_*+=|,;#x \tb\u{e9}"
            .chars()
            .collect();
        let lengths = prop::sample::select(vec![
            15, 16, 17, 35, 36, 63, 64, 80, 81, 82, 100, 144, 256, 625,
        ]);
        (lengths, any::<u64>(), 0usize..4).prop_map(move |(n, seed, style)| {
            let mut x = seed | 1;
            let mut next = |k: usize| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % k as u64) as usize
            };
            let symbols: &[char] = match style {
                // Mostly a puzzle's symbols: the shortcut's own lines.
                0 => &pool[..9],
                1 => &pool[..16],
                2 => &pool[..26],
                _ => &pool,
            };
            // One blank a line, as files write them; now and then another.
            let blanks = ['.', '0', '-', '_', '*'];
            let blank = blanks[next(blanks.len())];
            let mut text: String = (0..n)
                .map(|_| match next(20) {
                    0..=5 => blank,
                    6 => blanks[next(blanks.len())],
                    _ => symbols[next(symbols.len())],
                })
                .collect();
            match next(4) {
                0 => text.push_str(" name"),
                1 => text.push_str("\tname"),
                _ => {}
            }
            text
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn the_shortcut_reads_any_lines_as_the_general_reader_does(
            lines in prop::collection::vec(line(), 1..6),
            options in prop::sample::select(OPTIONS.to_vec()),
        ) {
            same_both_ways(&lines.join("\n"), options);
        }
    }
}
