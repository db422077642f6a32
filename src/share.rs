//! Puzzles in links: short, URL-safe, versioned.
//!
//! `1.<side>.<payload>`: the payload is base64url (no padding) of every cell
//! packed into `bits` bits, high bit first — 0 empty, `1..=n` a given,
//! `n+1..=2n` an entry (the player's digit). Bits per cell: 4 for 4×4, 5 for
//! 9×9, 6 for 16×16 and 25×25, so a 9×9 takes 68 characters and a 16×16 256.

use std::fmt;

use crate::grid::{Grid, Size};

const VERSION: &str = "1";
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a shared string is not a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ShareError {
    /// Not `version.side.payload`.
    Shape,
    /// A version this build does not read.
    Version(String),
    /// A side other than 4, 9, 16, 25.
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
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Shape => f.write_str("not a bitsudoku link (expected 1.<side>.<cells>)"),
            ShareError::Version(v) => write!(f, "link version {v:?} is not one this page reads"),
            ShareError::Side(s) => write!(f, "side {s:?} is not 4, 9, 16 or 25"),
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
        }
    }
}

impl std::error::Error for ShareError {}

fn bits_for(size: Size) -> usize {
    let values = 2 * size.side() + 1;
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

/// The link text for `givens` plus `entries` (entries under givens are dropped).
pub fn encode(givens: &Grid, entries: &Grid) -> String {
    let size = givens.size();
    let n = size.side() as u32;
    let bits = bits_for(size);
    let mut out = format!("{VERSION}.{}.", size.side());
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
    out
}

/// Reads a link text (the part after `#`) back into givens and entries.
pub fn decode(text: &str) -> Result<(Grid, Grid), ShareError> {
    let text = text.trim().trim_start_matches('#');
    let mut parts = text.splitn(3, '.');
    let (Some(version), Some(side), Some(payload)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(ShareError::Shape);
    };
    if version != VERSION {
        return Err(ShareError::Version(version.chars().take(16).collect()));
    }
    let size = side
        .parse::<usize>()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| ShareError::Side(side.chars().take(16).collect()))?;
    let n = size.side() as u32;
    let bits = bits_for(size);
    let needed = (size.cells() * bits).div_ceil(6);
    let mut givens = Grid::empty(size);
    let mut entries = Grid::empty(size);
    let (mut acc, mut held, mut cell) = (0u64, 0usize, 0usize);
    for (position, ch) in payload.chars().enumerate() {
        if cell == size.cells() {
            break;
        }
        let Some(sextet) = ALPHABET.iter().position(|&a| a as char == ch) else {
            return Err(ShareError::Character {
                position,
                found: ch,
            });
        };
        acc = acc << 6 | sextet as u64;
        held += 6;
        while held >= bits && cell < size.cells() {
            held -= bits;
            let value = (acc >> held) as u32 & ((1 << bits) - 1);
            match value {
                0 => {}
                v if v <= n => givens.set(cell, v as u8),
                v if v <= 2 * n => entries.set(cell, (v - n) as u8),
                v => return Err(ShareError::Value { cell, value: v }),
            }
            cell += 1;
        }
    }
    if cell < size.cells() {
        return Err(ShareError::Length {
            expected: size.cells(),
            found: cell,
        });
    }
    let length = payload.chars().count();
    if length > needed {
        return Err(ShareError::Trailing {
            extra: length - needed,
        });
    }
    Ok((givens, entries))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_solution, Rng};

    #[test]
    fn round_trip_every_size() {
        for size in Size::ALL {
            let mut rng = Rng::new(size.side() as u64);
            let solution = random_solution(size, &mut rng);
            let mut givens = Grid::empty(size);
            let mut entries = Grid::empty(size);
            for cell in 0..size.cells() {
                match rng.below(3) {
                    0 => givens.set(cell, solution.get(cell)),
                    1 => entries.set(cell, solution.get(cell)),
                    _ => {}
                }
            }
            let text = encode(&givens, &entries);
            assert_eq!(
                decode(&text),
                Ok((givens.clone(), entries.clone())),
                "{text}"
            );
            assert_eq!(decode(&format!("#{text}")), Ok((givens, entries)));
        }
    }

    #[test]
    fn lengths_fit_a_chat() {
        let len = |size: Size| encode(&Grid::empty(size), &Grid::empty(size)).len();
        assert_eq!(len(Size::S9), "1.9.".len() + 68);
        assert_eq!(len(Size::S16), "1.16.".len() + 256);
    }

    #[test]
    fn bad_links_say_why() {
        assert_eq!(decode("hello"), Err(ShareError::Shape));
        assert_eq!(decode("2.9.AAAA"), Err(ShareError::Version("2".into())));
        assert_eq!(decode("1.10.AAAA"), Err(ShareError::Side("10".into())));
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
        let good = encode(&Grid::empty(Size::S9), &Grid::empty(Size::S9));
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
