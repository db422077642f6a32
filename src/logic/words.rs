//! Steps in words, in the puzzle's own symbols and a player's words (cells
//! as `row 3, column 7`; the command line's `R3C7` is in `Step::effects`).

use super::{digits_of, Step, Technique};
use crate::alphabet::Alphabet;
use crate::shape::{House, Shape};

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `row 3`, `rows 2 and 5`, `columns 1, 4 and 7`: houses of one kind.
fn lines(houses: &[House]) -> String {
    let (word, words) = match houses.first() {
        Some(House::Row(_)) => ("row", "rows"),
        Some(House::Col(_)) => ("column", "columns"),
        _ => ("box", "boxes"),
    };
    let numbers: Vec<String> = houses
        .iter()
        .map(|h| match h {
            House::Row(i)
            | House::Col(i)
            | House::Box(i)
            | House::Region(i)
            | House::Diagonal(i)
            | House::Window(i) => (i + 1).to_string(),
        })
        .collect();
    format!(
        "{} {}",
        if numbers.len() == 1 { word } else { words },
        list(&numbers)
    )
}

/// `row, column and box`, `row, column, region and diagonal`: the kinds
/// of house a cell lies in.
fn house_kinds(shape: &Shape, cell: usize) -> String {
    let words: Vec<String> = shape
        .houses_of(cell)
        .iter()
        .map(|h| {
            match h {
                House::Row(_) => "row",
                House::Col(_) => "column",
                House::Box(_) => "box",
                House::Region(_) => "region",
                House::Diagonal(_) => "diagonal",
                House::Window(_) => "window",
            }
            .to_string()
        })
        .collect();
    list(&words)
}

/// The text with its first letter in upper case (our own, ASCII words).
fn capital(text: &str) -> String {
    let mut out = text.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

pub(super) fn describe(step: &Step, shape: &Shape, alphabet: Alphabet, reveal: bool) -> String {
    let sym = |d: u8| alphabet.symbol(shape.side(), d).to_string();
    let name = |c: usize| shape.cell_words(c);
    let names = |cells: &[usize]| list(&cells.iter().map(|&c| name(c)).collect::<Vec<_>>());
    let (one, many) = (alphabet.noun(false), alphabet.noun(true));
    let digit_list = |mask: u32| list(&digits_of(mask).map(sym).collect::<Vec<_>>());
    // The cells that lose candidates, each once, in order.
    let mut losers: Vec<usize> = step.eliminations.iter().map(|&(c, _)| c).collect();
    losers.dedup();
    let losers = names(&losers);
    let digit = step.digits.trailing_zeros() as u8 + 1;
    match step.technique {
        Technique::NakedSingle => {
            let cell = capital(&name(step.cells[0]));
            if reveal {
                format!("{cell} can only be {}", sym(digit))
            } else {
                format!(
                    "{cell} has one candidate left: the only {one} its {} do not hold",
                    house_kinds(shape, step.cells[0])
                )
            }
        }
        Technique::HiddenSingle => {
            let (cell, house) = (name(step.cells[0]), step.houses[0]);
            if reveal {
                format!("In {house}, {} fits only {cell}", sym(digit))
            } else {
                format!("In {house}, one of the missing {many} fits only {cell}")
            }
        }
        Technique::Pointing | Technique::Claiming => {
            let (within, along) = (step.houses[0], step.houses[1]);
            format!(
                "In {within}, {d} lies only where it meets {along}, so {d} leaves the rest of {along} ({losers})",
                d = sym(digit)
            )
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            let d = digit_list(step.digits);
            format!(
                "{} hold only {d} between them, so {d} leave the rest of {} ({losers})",
                capital(&names(&step.cells)),
                step.houses[0]
            )
        }
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "In {}, {} fit only {}, so those cells hold nothing else ({losers})",
            step.houses[0],
            digit_list(step.digits),
            names(&step.cells)
        ),
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let k = step.houses.len() / 2;
            let (base, cover) = step.houses.split_at(k);
            format!(
                "In {}, {d} lies only in {}, so {d} leaves the rest of {} ({losers})",
                lines(base),
                lines(cover),
                if k == 1 { "that line" } else { "those lines" },
                d = sym(digit)
            )
        }
        Technique::XyWing | Technique::XyzWing => {
            let [pivot, a, b] = [step.cells[0], step.cells[1], step.cells[2]];
            let or = |m: u32| {
                let ds: Vec<String> = digits_of(m).map(sym).collect();
                match ds.as_slice() {
                    [rest @ .., last] if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => ds.join(""),
                }
            };
            let held = |i: usize| step.candidates.get(i).copied().unwrap_or(0);
            let z = sym(digit);
            let head = format!(
                "{} holds {}, and sees {} ({}) and {} ({})",
                capital(&name(pivot)),
                or(held(0)),
                name(a),
                or(held(1)),
                name(b),
                or(held(2))
            );
            if step.technique == Technique::XyzWing {
                format!("{head}: one of the three holds {z}, so {z} leaves the cells that see all three ({losers})")
            } else {
                format!("{head}: whichever {} holds, one of the other two is left with {z}, so {z} leaves the cells that see both ({losers})", name(pivot))
            }
        }
        Technique::XChain => {
            // Strong links first and last: = for "one of these two holds
            // it", − for "not both".
            let mut chain = String::new();
            for (i, &c) in step.cells.iter().enumerate() {
                if i > 0 {
                    chain.push_str(if i % 2 == 1 { " = " } else { " − " });
                }
                chain.push_str(&name(c));
            }
            let (first, last) = (step.cells[0], *step.cells.last().expect("a chain"));
            format!(
                "A chain of {d} ({chain}): {} or {} holds {d}, so {d} leaves the cells that see both ({losers})",
                name(first),
                name(last),
                d = sym(digit)
            )
        }
    }
}
