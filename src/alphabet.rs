//! How digits are written: the symbol sets of each size, and blanks.
//!
//! | size  | alphabets (default first)                         |
//! |-------|---------------------------------------------------|
//! | 4×4   | `1`–`4`                                           |
//! | 9×9   | `1`–`9`                                           |
//! | 16×16 | `A`–`P`, `0`–`F` (hex), `1`–`9A`–`G`, numbers 1–16 |
//! | 25×25 | `A`–`Y`, `1`–`9A`–`P`, numbers 1–25               |
//!
//! Blanks: `.`, `-`, `_`, `*`, and `0` for the digit sizes (4×4, 9×9) and for
//! numbers. In the 16×16 and 25×25 letter alphabets a `0` is never a blank:
//! it marks the hex alphabet. Letters are read in either case and written in
//! upper case.
//!
//! Every alphabet but numbers writes one character per cell; numbers are
//! written as decimal numbers separated by spaces or commas, as puzzle sites
//! print 16×16 and 25×25 (`parse.rs` reads such lines).

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
    /// Decimal numbers `1`–`16` or `1`–`25`, `0` for an empty cell.
    Numbers,
}

const DIGITS: &str = "123456789";
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXY";
const HEX: &str = "0123456789ABCDEF";
const DIGITS_LETTERS: &str = "123456789ABCDEFGHIJKLMNOP";

/// Characters that always mean an empty cell.
pub const BLANKS: [char; 4] = ['.', '-', '_', '*'];

impl Alphabet {
    /// Every alphabet, in the order used to list them.
    pub const ALL: [Alphabet; 5] = [
        Alphabet::Digits,
        Alphabet::Letters,
        Alphabet::Hex,
        Alphabet::DigitsLetters,
        Alphabet::Numbers,
    ];

    /// The alphabets a size can be written in, its default first.
    pub fn for_size(size: Size) -> &'static [Alphabet] {
        match size.side() {
            4 | 9 => &[Alphabet::Digits],
            16 => &[
                Alphabet::Letters,
                Alphabet::Hex,
                Alphabet::DigitsLetters,
                Alphabet::Numbers,
            ],
            _ => &[
                Alphabet::Letters,
                Alphabet::DigitsLetters,
                Alphabet::Numbers,
            ],
        }
    }

    /// The alphabets of a size that write one character per cell: those a
    /// line of characters can be in.
    pub fn single_char(size: Size) -> &'static [Alphabet] {
        let all = Alphabet::for_size(size);
        match all.last() {
            Some(Alphabet::Numbers) => &all[..all.len() - 1],
            _ => all,
        }
    }

    /// What a player calls one symbol of this alphabet: `digit`, `letter`,
    /// `number` or `symbol` (or their plurals).
    pub fn noun(self, plural: bool) -> &'static str {
        match (self, plural) {
            (Alphabet::Digits, false) => "digit",
            (Alphabet::Digits, true) => "digits",
            (Alphabet::Letters, false) => "letter",
            (Alphabet::Letters, true) => "letters",
            (Alphabet::Numbers, false) => "number",
            (Alphabet::Numbers, true) => "numbers",
            (_, false) => "symbol",
            (_, true) => "symbols",
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

    /// The single-character symbols for digits `1..=side`, in order; `None`
    /// when the alphabet does not serve this size or writes numbers.
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
            Alphabet::Numbers => return None,
        })
    }

    /// The symbol of `digit` (`1..=side`) as text: one character, or a
    /// number. An alphabet that does not serve `size` writes the size's
    /// default; a digit out of range is a caller bug (it panics).
    pub fn symbol(self, size: Size, digit: u8) -> String {
        assert!(
            (1..=size.side()).contains(&(digit as usize)),
            "digit out of range"
        );
        match self.symbols(size) {
            Some(symbols) => (symbols.as_bytes()[digit as usize - 1] as char).to_string(),
            None if self == Alphabet::Numbers && self.fits_size(size) => digit.to_string(),
            None => Alphabet::default_for(size).symbol(size, digit),
        }
    }

    /// Every symbol of the size, digit 1 first.
    pub fn symbol_list(self, size: Size) -> Vec<String> {
        (1..=size.side() as u8)
            .map(|d| self.symbol(size, d))
            .collect()
    }

    /// The digit `ch` stands for; `None` when `ch` is not one of this
    /// alphabet's symbols for `size` (blanks included). For numbers, the
    /// digits `1`–`9`: the first character of every number.
    pub fn digit(self, size: Size, ch: char) -> Option<u8> {
        if self == Alphabet::Numbers {
            return ch
                .to_digit(10)
                .filter(|&d| d >= 1 && self.fits_size(size))
                .map(|d| d as u8);
        }
        let symbols = self.symbols(size)?;
        let ch = ch.to_ascii_uppercase();
        symbols.find(ch).map(|i| i as u8 + 1)
    }

    /// The digit a written number stands for (`"16"` → 16) in numbers of
    /// `size`; `None` for anything else.
    pub fn number(size: Size, text: &str) -> Option<u8> {
        if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let v: usize = text.parse().ok()?;
        (1..=size.side()).contains(&v).then_some(v as u8)
    }

    /// True when `ch` means an empty cell in this alphabet.
    pub fn is_blank(self, ch: char) -> bool {
        BLANKS.contains(&ch) || (ch == '0' && matches!(self, Alphabet::Digits | Alphabet::Numbers))
    }

    /// The blank written when printing, unless the input used another.
    pub fn default_blank(self, size: Size) -> char {
        // The judges' 16×16 format writes `-`; number grids write `0`;
        // everything else uses `.`.
        match self {
            Alphabet::Letters if size == Size::S16 => '-',
            Alphabet::Numbers => '0',
            _ => '.',
        }
    }

    /// A short name for messages: `A–P`, `0–F`, `1–9A–G`, `1–16`.
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
            None if self == Alphabet::Numbers && self.fits_size(size) => {
                format!("numbers 1–{}", size.side())
            }
            None => self.to_string(),
        }
    }

    /// Reads a name given by a user: `letters`, `hex`, `digits`,
    /// `digits-letters`, `numbers`, or the symbol ranges `A-P`, `0-F`,
    /// `1-9A-G`, `1-9`, `1-16`.
    pub fn from_name(name: &str) -> Option<Alphabet> {
        let n = name.trim().to_ascii_lowercase().replace('–', "-");
        Some(match n.as_str() {
            "digits" | "1-9" | "1-4" => Alphabet::Digits,
            "letters" | "a-p" | "a-y" | "alpha" => Alphabet::Letters,
            "hex" | "0-f" => Alphabet::Hex,
            "digits-letters" | "digitsletters" | "1-9a-g" | "1-9a-p" | "base36" => {
                Alphabet::DigitsLetters
            }
            "numbers" | "decimal" | "1-16" | "1-25" => Alphabet::Numbers,
            _ => return None,
        })
    }

    /// The stable machine name (`digits`, `letters`, `hex`,
    /// `digits-letters`, `numbers`).
    pub fn id(self) -> &'static str {
        match self {
            Alphabet::Digits => "digits",
            Alphabet::Letters => "letters",
            Alphabet::Hex => "hex",
            Alphabet::DigitsLetters => "digits-letters",
            Alphabet::Numbers => "numbers",
        }
    }

    /// Whether the alphabet writes one character per cell.
    pub fn is_single_char(self) -> bool {
        self != Alphabet::Numbers
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
