//! How digits are written: the symbol sets of each side, and blanks.
//!
//! | side          | alphabets (default first)                              |
//! |---------------|--------------------------------------------------------|
//! | 4 to 9        | `1`–`n` (`1`–`4`, `1`–`6`, …, `1`–`9`)                 |
//! | 10 to 24      | `1`–`9` then `A`… (12×12: `1`–`9ABC`), `A`…, numbers   |
//! | 16            | `A`–`P`, `0`–`F` (hex), `1`–`9A`–`G`, numbers 1–16      |
//! | 25            | `A`–`Y`, `1`–`9A`–`P`, numbers 1–25                    |
//!
//! Blanks: `.`, `-`, `_`, `*`, and `0` wherever it is no symbol: on every
//! side but 16, where a `0` marks the hex alphabet. Letters are read in
//! either case and written in upper case.
//!
//! Every alphabet but numbers writes one character per cell; numbers are
//! written as decimal numbers separated by spaces or commas, as puzzle sites
//! print 16×16 and 25×25 (`parse.rs` reads such lines).

use std::fmt;

/// A symbol set. Which symbols it holds depends on the side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Alphabet {
    /// `1`–`n` (sides up to 9).
    Digits,
    /// `A`, `B`, … (16×16 `A`–`P`, the judges' format; 25×25 `A`–`Y`).
    Letters,
    /// `0`–`F` (16×16); `0` is a value here, not a blank.
    Hex,
    /// `1`–`9` then `A`… (12×12 `1`–`9ABC`, 16×16 `1`–`9A`–`G`, 25×25
    /// `1`–`9A`–`P`).
    DigitsLetters,
    /// Decimal numbers `1`–`n` (sides from 10), `0` for an empty cell.
    Numbers,
}

const DIGITS: &str = "123456789";
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXY";
const HEX: &str = "0123456789ABCDEF";
const DIGITS_LETTERS: &str = "123456789ABCDEFGHIJKLMNOP";

/// Characters that always mean an empty cell (`·`, the middle dot, as some
/// programs print grids).
pub const BLANKS: [char; 5] = ['.', '-', '_', '*', '·'];

impl Alphabet {
    /// Every alphabet, in the order used to list them.
    pub const ALL: [Alphabet; 5] = [
        Alphabet::Digits,
        Alphabet::Letters,
        Alphabet::Hex,
        Alphabet::DigitsLetters,
        Alphabet::Numbers,
    ];

    /// The alphabets a side can be written in, its default first.
    pub fn for_side(side: usize) -> &'static [Alphabet] {
        match side {
            0..=9 => &[Alphabet::Digits],
            16 => &[
                Alphabet::Letters,
                Alphabet::Hex,
                Alphabet::DigitsLetters,
                Alphabet::Numbers,
            ],
            25 => &[
                Alphabet::Letters,
                Alphabet::DigitsLetters,
                Alphabet::Numbers,
            ],
            _ => &[
                Alphabet::DigitsLetters,
                Alphabet::Letters,
                Alphabet::Numbers,
            ],
        }
    }

    /// The alphabets of a side that write one character per cell: those a
    /// line of characters can be in.
    pub fn single_char(side: usize) -> &'static [Alphabet] {
        let all = Alphabet::for_side(side);
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

    /// The alphabet a side is written in unless the input says otherwise.
    pub fn default_for(side: usize) -> Alphabet {
        Alphabet::for_side(side)[0]
    }

    /// True when puzzles of `side` can be written in this alphabet.
    pub fn fits_side(self, side: usize) -> bool {
        Alphabet::for_side(side).contains(&self)
    }

    /// The single-character symbols for digits `1..=side`, in order; `None`
    /// when the alphabet does not serve this side or writes numbers.
    pub fn symbols(self, side: usize) -> Option<&'static str> {
        if !self.fits_side(side) {
            return None;
        }
        Some(match self {
            Alphabet::Digits => &DIGITS[..side],
            Alphabet::Letters => &LETTERS[..side],
            Alphabet::Hex => HEX,
            Alphabet::DigitsLetters => &DIGITS_LETTERS[..side],
            Alphabet::Numbers => return None,
        })
    }

    /// The symbol of `digit` (`1..=side`) as text: one character, or a
    /// number. An alphabet that does not serve `side` writes the side's
    /// default; a digit out of range is a caller bug (it panics).
    pub fn symbol(self, side: usize, digit: u8) -> String {
        assert!((1..=side).contains(&(digit as usize)), "digit out of range");
        match self.symbols(side) {
            Some(symbols) => (symbols.as_bytes()[digit as usize - 1] as char).to_string(),
            None if self == Alphabet::Numbers && self.fits_side(side) => digit.to_string(),
            None => Alphabet::default_for(side).symbol(side, digit),
        }
    }

    /// Every symbol of the side, digit 1 first.
    pub fn symbol_list(self, side: usize) -> Vec<String> {
        (1..=side as u8).map(|d| self.symbol(side, d)).collect()
    }

    /// The digit `ch` stands for; `None` when `ch` is not one of this
    /// alphabet's symbols for `side` (blanks included). For numbers, the
    /// digits `1`–`9`: the first character of every number.
    pub fn digit(self, side: usize, ch: char) -> Option<u8> {
        if self == Alphabet::Numbers {
            return ch
                .to_digit(10)
                .filter(|&d| d >= 1 && self.fits_side(side))
                .map(|d| d as u8);
        }
        let symbols = self.symbols(side)?;
        // Every symbol is ASCII: a byte scan over a side's few symbols is a
        // fraction of a general char search, and the parser asks this for
        // every cell of every puzzle.
        if !ch.is_ascii() {
            return None;
        }
        let b = (ch as u8).to_ascii_uppercase();
        symbols.bytes().position(|s| s == b).map(|i| i as u8 + 1)
    }

    /// The digit a written number stands for (`"16"` → 16) in numbers of
    /// `side`; `None` for anything else.
    pub fn number(side: usize, text: &str) -> Option<u8> {
        if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let v: usize = text.parse().ok()?;
        (1..=side).contains(&v).then_some(v as u8)
    }

    /// True when `ch` means an empty cell in this alphabet on `side`: a
    /// blank, or `0` unless it is a symbol of some alphabet of the side
    /// (on 16×16, where it marks the hex alphabet).
    pub fn is_blank(self, side: usize, ch: char) -> bool {
        BLANKS.contains(&ch)
            || (ch == '0' && (matches!(self, Alphabet::Digits | Alphabet::Numbers) || side != 16))
    }

    /// The blank written when printing, unless the input used another.
    pub fn default_blank(self, side: usize) -> char {
        // The judges' 16×16 format writes `-`; number grids write `0`;
        // everything else uses `.`.
        match self {
            Alphabet::Letters if side == 16 => '-',
            Alphabet::Numbers => '0',
            _ => '.',
        }
    }

    /// A short name for messages: `A–P`, `0–F`, `1–9A–G`, `1–16`.
    pub fn name(self, side: usize) -> String {
        match self.symbols(side) {
            Some(s) => {
                let (first, last) = (s.chars().next().unwrap(), s.chars().last().unwrap());
                match self {
                    Alphabet::DigitsLetters if side == 10 => "1–9A".to_string(),
                    Alphabet::DigitsLetters if side > 10 => format!("1–9A–{last}"),
                    _ => format!("{first}–{last}"),
                }
            }
            None if self == Alphabet::Numbers && self.fits_side(side) => {
                format!("numbers 1–{side}")
            }
            None => self.to_string(),
        }
    }

    /// Reads a name given by a user: `letters`, `hex`, `digits`,
    /// `digits-letters`, `numbers`, or the symbol ranges `A-P`, `0-F`,
    /// `1-9A-G`, `1-9`, `1-16` (any last symbol).
    pub fn from_name(name: &str) -> Option<Alphabet> {
        let n = name.trim().to_ascii_lowercase().replace('–', "-");
        let letter = |s: &str| s.len() == 1 && s.as_bytes()[0].is_ascii_lowercase();
        Some(match n.as_str() {
            "digits" => Alphabet::Digits,
            "letters" | "alpha" => Alphabet::Letters,
            "hex" | "0-f" => Alphabet::Hex,
            "digits-letters" | "digitsletters" | "base36" | "1-9a" => Alphabet::DigitsLetters,
            "numbers" | "decimal" => Alphabet::Numbers,
            _ => match n.split_once('-') {
                Some(("1", last)) if last.len() == 1 && last != "0" => {
                    last.parse::<u8>().ok().map(|_| Alphabet::Digits)?
                }
                Some(("1", last)) if last.len() == 2 => {
                    last.parse::<u8>().ok().map(|_| Alphabet::Numbers)?
                }
                Some(("1", rest)) if rest.starts_with("9a-") && letter(&rest[3..]) => {
                    Alphabet::DigitsLetters
                }
                Some(("a", last)) if letter(last) => Alphabet::Letters,
                _ => return None,
            },
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
pub fn describe_alphabets(side: usize, alphabets: &[Alphabet], conjunction: &str) -> String {
    let names: Vec<String> = alphabets.iter().map(|a| a.name(side)).collect();
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
