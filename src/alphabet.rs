//! How digits are written: the symbol sets of each size, and blanks.
//!
//! | size  | alphabets (default first)                 |
//! |-------|-------------------------------------------|
//! | 4×4   | `1`–`4`                                   |
//! | 9×9   | `1`–`9`                                   |
//! | 16×16 | `A`–`P`, `0`–`F` (hex), `1`–`9A`–`G`      |
//! | 25×25 | `A`–`Y`, `1`–`9A`–`P`                     |
//!
//! Blanks: `.`, `-`, `_`, `*`, and `0` for the digit sizes (4×4, 9×9). In
//! 16×16 and 25×25 a `0` is never a blank: it marks the hex alphabet.
//! Letters are read in either case and written in upper case.

use crate::grid::Size;
use std::fmt;

/// A symbol set. Which symbols it holds depends on the size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Alphabet {
    /// `1`–`9` (4×4 and 9×9).
    Digits,
    /// `A`, `B`, … (16×16 `A`–`P`, the judges' format; 25×25 `A`–`Y`).
    Letters,
    /// `0`–`F` (16×16); `0` is a value here, not a blank.
    Hex,
    /// `1`–`9` then `A`… (16×16 `1`–`9A`–`G`, 25×25 `1`–`9A`–`P`).
    DigitsLetters,
}

const DIGITS: &str = "123456789";
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXY";
const HEX: &str = "0123456789ABCDEF";
const DIGITS_LETTERS: &str = "123456789ABCDEFGHIJKLMNOP";

/// Characters that always mean an empty cell.
pub const BLANKS: [char; 4] = ['.', '-', '_', '*'];

impl Alphabet {
    /// Every alphabet, in the order used to list them.
    pub const ALL: [Alphabet; 4] = [
        Alphabet::Digits,
        Alphabet::Letters,
        Alphabet::Hex,
        Alphabet::DigitsLetters,
    ];

    /// The alphabets a size can be written in, its default first.
    pub fn for_size(size: Size) -> &'static [Alphabet] {
        match size.side() {
            4 | 9 => &[Alphabet::Digits],
            16 => &[Alphabet::Letters, Alphabet::Hex, Alphabet::DigitsLetters],
            _ => &[Alphabet::Letters, Alphabet::DigitsLetters],
        }
    }

    /// The alphabet a size is written in unless the input says otherwise.
    pub fn default_for(size: Size) -> Alphabet {
        Alphabet::for_size(size)[0]
    }

    /// True when puzzles of `size` can be written in this alphabet.
    pub fn fits_size(self, size: Size) -> bool {
        Alphabet::for_size(size).contains(&self)
    }

    /// The symbols for digits `1..=side`, in order; `None` when the alphabet
    /// does not serve this size.
    pub fn symbols(self, size: Size) -> Option<&'static str> {
        if !self.fits_size(size) {
            return None;
        }
        let n = size.side();
        Some(match self {
            Alphabet::Digits => &DIGITS[..n],
            Alphabet::Letters => &LETTERS[..n],
            Alphabet::Hex => HEX,
            Alphabet::DigitsLetters => &DIGITS_LETTERS[..n],
        })
    }

    /// The symbol of `digit` (`1..=side`). Panics when the alphabet does not
    /// serve `size` or the digit is out of range (both are caller bugs).
    pub fn symbol(self, size: Size, digit: u8) -> char {
        let symbols = self
            .symbols(size)
            .expect("alphabet does not serve this size");
        symbols.as_bytes()[digit as usize - 1] as char
    }

    /// The digit `ch` stands for; `None` when `ch` is not one of this
    /// alphabet's symbols for `size` (blanks included).
    pub fn digit(self, size: Size, ch: char) -> Option<u8> {
        let symbols = self.symbols(size)?;
        let ch = ch.to_ascii_uppercase();
        symbols.find(ch).map(|i| i as u8 + 1)
    }

    /// True when `ch` means an empty cell in this alphabet.
    pub fn is_blank(self, ch: char) -> bool {
        BLANKS.contains(&ch) || (ch == '0' && self == Alphabet::Digits)
    }

    /// The blank written when printing, unless the input used another.
    pub fn default_blank(self, size: Size) -> char {
        // The judges' 16×16 format writes `-`; everything else uses `.`.
        if size == Size::S16 && self == Alphabet::Letters {
            '-'
        } else {
            '.'
        }
    }

    /// A short name for messages: `A–P`, `0–F`, `1–9A–G`.
    pub fn name(self, size: Size) -> String {
        match self.symbols(size) {
            Some(s) => {
                let (first, last) = (s.chars().next().unwrap(), s.chars().last().unwrap());
                if self == Alphabet::DigitsLetters && size.side() > 9 {
                    format!("1–9A–{last}")
                } else {
                    format!("{first}–{last}")
                }
            }
            None => self.to_string(),
        }
    }

    /// Reads a name given by a user: `letters`, `hex`, `digits`,
    /// `digits-letters`, or the symbol ranges `A-P`, `0-F`, `1-9A-G`, `1-9`.
    pub fn from_name(name: &str) -> Option<Alphabet> {
        let n = name.trim().to_ascii_lowercase().replace('–', "-");
        Some(match n.as_str() {
            "digits" | "1-9" | "1-4" => Alphabet::Digits,
            "letters" | "a-p" | "a-y" | "alpha" => Alphabet::Letters,
            "hex" | "0-f" => Alphabet::Hex,
            "digits-letters" | "digitsletters" | "1-9a-g" | "1-9a-p" | "base36" => {
                Alphabet::DigitsLetters
            }
            _ => return None,
        })
    }

    /// The stable machine name (`digits`, `letters`, `hex`, `digits-letters`).
    pub fn id(self) -> &'static str {
        match self {
            Alphabet::Digits => "digits",
            Alphabet::Letters => "letters",
            Alphabet::Hex => "hex",
            Alphabet::DigitsLetters => "digits-letters",
        }
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Lists alphabets for a message: `A–P, 0–F or 1–9A–G` (`conjunction` "or").
pub fn describe_alphabets(size: Size, alphabets: &[Alphabet], conjunction: &str) -> String {
    let names: Vec<String> = alphabets.iter().map(|a| a.name(size)).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        k => format!(
            "{} {conjunction} {}",
            names[..k - 1].join(", "),
            names[k - 1]
        ),
    }
}
