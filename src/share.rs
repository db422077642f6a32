//! Puzzles in links: short, URL-safe, versioned.
//!
//! `1.<side>.<payload>`: the payload is base64url (no padding) of every cell
//! packed into `bits` bits, high bit first — 0 empty, `1..=n` a given,
//! `n+1..=2n` an entry (the player's digit). Bits per cell: 4 for 4×4, 5 for
//! 9×9, 6 for 16×16 and 25×25, so a 9×9 takes 68 characters and a 16×16 256.
//!
//! `2.<side>.<payload>` adds sections, each `.<tag><data>` with a one-letter
//! tag: `n` holds the player's notes (below). A link without notes is still
//! written as version 1, which every build reads. A section this build does
//! not know is skipped: sections add to the puzzle and never change what its
//! cells mean (a change of meaning takes a new version).
//!
//! `3.<side>.<payload>` is a grid of another shape than the side's usual
//! boxes, given by its sections: `b2x6` (boxes of 2×6), `j` and the region
//! letters of a jigsaw (`jAAABBB…`), `x` (the diagonals are houses), `h`
//! (the windoku windows). The shape changes which grids are solutions, so a
//! build that would skip these sections must refuse the link: hence a
//! version of its own, which builds before shapes refuse.
//!
//! Notes (`n`): one bit per cell, set for a cell with notes, then for each
//! such cell in order its notes as `n` bits (bit `d - 1` for digit `d`, the
//! lowest digit last), base64url like the cells. Notes in three cells of a
//! 9×9 add 20 characters (`.n`, then 81 + 3 × 9 bits in 18).

use std::fmt;

use crate::grid::Grid;
use crate::shape::{region_letter, usual_box, Extras, Shape};

const VERSION: &str = "1";
/// The version written when a link has sections (notes).
const SECTIONS: &str = "2";
/// The version written for a shape other than the side's usual boxes.
const SHAPED: &str = "3";
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a shared string is not a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ShareError {
    /// Not `version.side.payload`.
    Shape,
    /// A version this build does not read.
    Version(String),
    /// A side or shape section this build does not read.
    Side(String),
    /// A character outside base64url, at this position of the payload.
    Character {
        /// 0-based, in the payload.
        position: usize,
        /// The character.
        found: char,
    },
    /// The payload holds too few cells.
    Length {
        /// The cells of the side.
        expected: usize,
        /// The cells the payload holds.
        found: usize,
    },
    /// A cell value out of range.
    Value {
        /// The cell.
        cell: usize,
        /// Its packed value (above `2n`).
        value: u32,
    },
    /// Characters after the last cell: a link joined with other text, or
    /// not one this page wrote.
    Trailing {
        /// How many.
        extra: usize,
    },
    /// The notes section is damaged: cut off, or a character outside
    /// base64url.
    Notes,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Shape => f.write_str("not a bitsudoku link (expected 1.<side>.<cells>)"),
            ShareError::Version(v) => write!(f, "link version {v:?} is not one this page reads"),
            ShareError::Side(s) => write!(f, "{s:?} is no shape this page reads"),
            ShareError::Character { position, found } => {
                write!(
                    f,
                    "character {} of the cells ({found:?}) is not base64url",
                    position + 1
                )
            }
            ShareError::Length { expected, found } => {
                write!(f, "the link holds {found} of {expected} cells (cut off?)")
            }
            ShareError::Value { cell, value } => {
                write!(f, "cell {} holds {value}, out of range", cell + 1)
            }
            ShareError::Trailing { extra } => write!(
                f,
                "{extra} character{} after the last cell (joined with other text?)",
                if *extra == 1 { "" } else { "s" }
            ),
            ShareError::Notes => f.write_str("its notes are cut off or damaged"),
        }
    }
}

impl std::error::Error for ShareError {}

/// What a link holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Shared {
    /// The puzzle.
    pub givens: Grid,
    /// The player's digits (none under a given).
    pub entries: Grid,
    /// The player's notes per cell (bit `d - 1` for digit `d`).
    pub notes: Vec<u32>,
}

fn bits_for(side: usize) -> usize {
    let values = 2 * side + 1;
    (usize::BITS - (values - 1).leading_zeros()) as usize
}

/// Bits in, base64url characters out.
#[derive(Default)]
struct Packer {
    acc: u64,
    held: usize,
}

impl Packer {
    fn push(&mut self, value: u32, width: usize, out: &mut String) {
        self.acc = self.acc << width | value as u64;
        self.held += width;
        while self.held >= 6 {
            self.held -= 6;
            out.push(ALPHABET[(self.acc >> self.held) as usize & 63] as char);
        }
    }

    /// Pads the last character with zero bits.
    fn finish(&mut self, out: &mut String) {
        if self.held > 0 {
            let pad = 6 - self.held;
            self.push(0, pad, out);
        }
    }
}

/// Base64url characters in, bits out.
struct Unpacker<'a> {
    chars: std::iter::Enumerate<std::str::Chars<'a>>,
    acc: u64,
    held: usize,
}

impl Unpacker<'_> {
    fn new(text: &str) -> Unpacker<'_> {
        Unpacker {
            chars: text.chars().enumerate(),
            acc: 0,
            held: 0,
        }
    }

    /// The next `width` bits (at most 25): `Ok(None)` at the end of the
    /// text, `Err((position, found))` at a character outside base64url.
    fn take(&mut self, width: usize) -> Result<Option<u32>, (usize, char)> {
        while self.held < width {
            let Some((position, ch)) = self.chars.next() else {
                return Ok(None);
            };
            let sextet = ALPHABET
                .iter()
                .position(|&a| a as char == ch)
                .ok_or((position, ch))?;
            self.acc = (self.acc << 6 | sextet as u64) & ((1 << 60) - 1);
            self.held += 6;
        }
        self.held -= width;
        Ok(Some((self.acc >> self.held) as u32 & ((1 << width) - 1)))
    }

    /// Characters left unread.
    fn rest(self) -> usize {
        self.chars.count()
    }
}

/// The link text for `givens` plus `entries` (entries under givens are
/// dropped) and the player's `notes` (one mask per cell; empty or all zero
/// for none: then the link is version 1, which every build reads).
pub fn encode(givens: &Grid, entries: &Grid, notes: &[u32]) -> String {
    let size = givens.shape();
    let n = size.side() as u32;
    let bits = bits_for(size.side());
    let has_notes = notes.iter().any(|&m| m != 0);
    let version = match (size.is_plain(), has_notes) {
        (false, _) => SHAPED,
        (true, true) => SECTIONS,
        (true, false) => VERSION,
    };
    let mut out = format!("{version}.{}.", size.side());
    let mut bits_out = Packer::default();
    for cell in 0..size.cells() {
        let value = match (givens.get(cell), entries.get(cell)) {
            (0, 0) => 0,
            (0, e) => n + e as u32,
            (g, _) => g as u32,
        };
        bits_out.push(value, bits, &mut out);
    }
    bits_out.finish(&mut out);
    if !size.is_plain() {
        if size.is_jigsaw() {
            out.push_str(".j");
            out.push_str(&size.region_text());
        } else if let Some((r, c)) = size.box_dims() {
            if usual_box(size.side()) != Some((r, c)) {
                out.push_str(&format!(".b{r}x{c}"));
            }
        }
        if size.extras().diagonals {
            out.push_str(".x");
        }
        if size.extras().windows {
            out.push_str(".h");
        }
    }
    if has_notes {
        out.push_str(".n");
        let mask = (1u32 << n) - 1;
        let mut notes_out = Packer::default();
        for cell in 0..size.cells() {
            let m = notes.get(cell).copied().unwrap_or(0) & mask;
            notes_out.push(u32::from(m != 0), 1, &mut out);
        }
        for cell in 0..size.cells() {
            let m = notes.get(cell).copied().unwrap_or(0) & mask;
            if m != 0 {
                notes_out.push(m, size.side(), &mut out);
            }
        }
        notes_out.finish(&mut out);
    }
    out
}

/// Reads a link text (the part after `#`) back into givens, entries and
/// notes.
pub fn decode(text: &str) -> Result<Shared, ShareError> {
    let text = text.trim().trim_start_matches('#');
    let mut parts = text.splitn(3, '.');
    let (Some(version), Some(side), Some(payload)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(ShareError::Shape);
    };
    let (payload, sections) = match version {
        VERSION => (payload, ""),
        SECTIONS | SHAPED => payload.split_once('.').unwrap_or((payload, "")),
        _ => return Err(ShareError::Version(version.chars().take(16).collect())),
    };
    let side = side
        .parse::<usize>()
        .ok()
        .filter(|n| (crate::shape::MIN_SIDE..=crate::shape::MAX_SIDE).contains(n))
        .ok_or_else(|| ShareError::Side(side.chars().take(16).collect()))?;
    let shaped = if version == SHAPED { sections } else { "" };
    let size = read_shape(side, shaped)?;
    let n = size.side() as u32;
    let bits = bits_for(side);
    let needed = (size.cells() * bits).div_ceil(6);
    let mut givens = Grid::empty(size.clone());
    let mut entries = Grid::empty(size.clone());
    let mut cells = Unpacker::new(payload);
    for cell in 0..size.cells() {
        let value = match cells.take(bits) {
            Ok(Some(v)) => v,
            Ok(None) => {
                return Err(ShareError::Length {
                    expected: size.cells(),
                    found: cell,
                })
            }
            Err((position, found)) => return Err(ShareError::Character { position, found }),
        };
        match value {
            0 => {}
            v if v <= n => givens.set(cell, v as u8),
            v if v <= 2 * n => entries.set(cell, (v - n) as u8),
            v => return Err(ShareError::Value { cell, value: v }),
        }
    }
    let length = payload.chars().count();
    if length > needed {
        return Err(ShareError::Trailing {
            extra: length - needed,
        });
    }
    let mut notes = vec![0; size.cells()];
    for section in sections.split('.').filter(|s| !s.is_empty()) {
        if let Some(data) = section.strip_prefix('n') {
            notes = decode_notes(&size, data)?;
        }
    }
    Ok(Shared {
        givens,
        entries,
        notes,
    })
}

/// The shape of a link of `side` with these sections after the payload
/// (notes and sections of later builds are left to the caller).
fn read_shape(side: usize, sections: &str) -> Result<Shape, ShareError> {
    let bad = |s: &str| ShareError::Side(s.chars().take(16).collect());
    let mut shape = Shape::from_side(side);
    let mut extras = Extras::NONE;
    for section in sections.split('.').filter(|s| !s.is_empty()) {
        let (head, rest) = section.split_at(section.len().min(1));
        match head {
            "b" => {
                let (r, c) = rest.split_once('x').ok_or_else(|| bad(section))?;
                let r = r.parse().map_err(|_| bad(section))?;
                let c = c.parse().map_err(|_| bad(section))?;
                shape = Shape::boxes(r, c).ok();
            }
            "j" => {
                let regions: Option<Vec<u8>> = rest
                    .chars()
                    .map(|ch| (0..side).find(|&i| region_letter(i) == ch).map(|i| i as u8))
                    .collect();
                shape = regions.and_then(|r| Shape::jigsaw(&r).ok());
            }
            "x" if rest.is_empty() => extras.diagonals = true,
            "h" if rest.is_empty() => extras.windows = true,
            _ => {}
        }
        if shape.as_ref().is_none_or(|s| s.side() != side) {
            return Err(bad(section));
        }
    }
    shape
        .ok_or_else(|| bad(&side.to_string()))?
        .with_extras(extras)
        .map_err(|_| bad("h"))
}

fn decode_notes(size: &Shape, data: &str) -> Result<Vec<u32>, ShareError> {
    fn take(bits: &mut Unpacker, width: usize) -> Result<u32, ShareError> {
        match bits.take(width) {
            Ok(Some(v)) => Ok(v),
            _ => Err(ShareError::Notes),
        }
    }
    let mut bits = Unpacker::new(data);
    let mut has = Vec::with_capacity(size.cells());
    for _ in 0..size.cells() {
        has.push(take(&mut bits, 1)? == 1);
    }
    let mut notes = vec![0; size.cells()];
    for (cell, _) in has.iter().enumerate().filter(|(_, &h)| h) {
        notes[cell] = take(&mut bits, size.side())?;
    }
    // Only the last character's padding may follow.
    if bits.rest() > 0 {
        return Err(ShareError::Notes);
    }
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_solution, Rng};

    #[test]
    fn round_trip_every_shape() {
        let x = Extras {
            diagonals: true,
            windows: false,
        };
        let both = Extras {
            diagonals: true,
            windows: true,
        };
        let mut shapes: Vec<Shape> = Shape::SQUARES.to_vec();
        shapes.push(Shape::from_side(6).unwrap());
        shapes.push(Shape::boxes(2, 6).unwrap());
        shapes.push(Shape::boxes(4, 5).unwrap().with_extras(x).unwrap());
        shapes.push(Shape::S9.with_extras(both).unwrap());
        shapes.push(crate::generate::random_jigsaw(7, x, &mut Rng::new(3)).0);
        for size in shapes {
            let mut rng = Rng::new(size.side() as u64);
            let solution = random_solution(&size, &mut rng).expect("a solution");
            let mut givens = Grid::empty(size.clone());
            let mut entries = Grid::empty(size.clone());
            for cell in 0..size.cells() {
                match rng.below(3) {
                    0 => givens.set(cell, solution.get(cell)),
                    1 => entries.set(cell, solution.get(cell)),
                    _ => {}
                }
            }
            let text = encode(&givens, &entries, &[]);
            let first = if size.is_plain() { "1." } else { "3." };
            assert!(text.starts_with(first), "no notes: version 1 ({text})");
            let plain = Shared {
                givens: givens.clone(),
                entries: entries.clone(),
                notes: vec![0; size.cells()],
            };
            assert_eq!(decode(&text), Ok(plain.clone()), "{text}");
            assert_eq!(decode(&format!("#{text}")), Ok(plain));
            // Notes in the empty cells, the highest digit among them.
            let all = (1u32 << size.side()) - 1;
            let notes: Vec<u32> = (0..size.cells())
                .map(|c| match (givens.get(c) + entries.get(c), rng.below(3)) {
                    (0, 0) => all,
                    (0, 1) => rng.below(1 << size.side()) as u32,
                    _ => 0,
                })
                .collect();
            let text = encode(&givens, &entries, &notes);
            let first = if size.is_plain() { "2." } else { "3." };
            assert!(text.starts_with(first), "{text}");
            let shared = decode(&text).expect("its own link");
            assert_eq!((shared.givens, shared.entries), (givens, entries));
            assert_eq!(shared.notes, notes, "{text}");
        }
    }

    #[test]
    fn old_links_still_open_and_unknown_sections_are_skipped() {
        // A version 1 link written before notes existed (the e2e tests'
        // link9 makes the same for 4 in the first cell).
        let old = format!("1.9.{}{}", "I", "A".repeat(67));
        let shared = decode(&old).expect("a version 1 link");
        assert_eq!(shared.givens.get(0), 4);
        assert!(shared.notes.iter().all(|&m| m == 0));
        // A section this build does not know adds nothing and breaks nothing.
        let mut notes = vec![0; 81];
        notes[1] = 0b101;
        let text = encode(&shared.givens, &shared.entries, &notes);
        let later = format!("{text}.zsomething-new");
        assert_eq!(decode(&later).expect("skips .z").notes, notes);
        // Damaged notes say so.
        let cut = &text[..text.len() - 2];
        assert_eq!(decode(cut), Err(ShareError::Notes));
        assert_eq!(decode(&format!("{text}A")), Err(ShareError::Notes));
    }

    #[test]
    fn lengths_fit_a_chat() {
        let len = |size: Shape| encode(&Grid::empty(size.clone()), &Grid::empty(size), &[]).len();
        assert_eq!(len(Shape::S9), "1.9.".len() + 68);
        assert_eq!(len(Shape::S16), "1.16.".len() + 256);
        assert_eq!(
            len(Shape::boxes(2, 6).unwrap()),
            "3.12.".len() + 120 + ".b2x6".len()
        );
        let mut notes = vec![0; 81];
        notes[..3].copy_from_slice(&[1, 2, 0b1_0000_0000]);
        let nine = Grid::empty(Shape::S9);
        assert_eq!(encode(&nine, &nine, &notes).len(), "2.9.".len() + 68 + 20);
        let mut notes = vec![0; 625];
        notes[..300].fill(1 << 24);
        let big = Grid::empty(Shape::S25);
        assert_eq!(
            encode(&big, &big, &notes).len(),
            "2.25.".len() + encode(&big, &big, &[]).len() - "1.25.".len() + 1357
        );
    }

    #[test]
    fn bad_links_say_why() {
        assert_eq!(decode("hello"), Err(ShareError::Shape));
        assert_eq!(decode("4.9.AAAA"), Err(ShareError::Version("4".into())));
        assert_eq!(decode("1.11.AAAA"), Err(ShareError::Side("11".into())));
        assert_eq!(decode("1.30.AAAA"), Err(ShareError::Side("30".into())));
        let a9 = "A".repeat(68);
        assert_eq!(
            decode(&format!("3.9.{a9}.b2x5")),
            Err(ShareError::Side("b2x5".into()))
        );
        assert_eq!(
            decode(&format!("3.9.{a9}.jAB")),
            Err(ShareError::Side("jAB".into()))
        );
        assert_eq!(
            decode(&format!("3.6.{}.h", "A".repeat(30))),
            Err(ShareError::Side("h".into()))
        );
        assert_eq!(
            decode("1.9.AA<script>"),
            Err(ShareError::Character {
                position: 2,
                found: '<'
            })
        );
        assert_eq!(
            decode("1.9.AAAA"),
            Err(ShareError::Length {
                expected: 81,
                found: 4
            })
        );
        let good = encode(&Grid::empty(Shape::S9), &Grid::empty(Shape::S9), &[]);
        assert_eq!(
            decode(&format!("{good}Ax")),
            Err(ShareError::Trailing { extra: 2 })
        );
        assert_eq!(
            decode(&format!("{good}&utm=mail")),
            Err(ShareError::Trailing { extra: 9 })
        );
        // 31 (five bits, all set) is beyond 2×9.
        assert_eq!(
            decode(&format!("1.9.{}", "_".repeat(68))),
            Err(ShareError::Value { cell: 0, value: 31 })
        );
    }
}
