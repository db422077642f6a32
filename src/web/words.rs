//! Every sentence the page and the widget show, in one place: session
//! feedback, solve results and conflicts in words, with their tone. Plain
//! Rust (no browser), so the wording is tested natively.
//!
//! A player's words: cells are `row 3, column 7`, symbols are digits,
//! letters or numbers as the grid shows them, and the solver's own numbers
//! (guesses, positions, engines) go to the details a person may open.

use crate::alphabet::Alphabet;
use crate::grid::{Conflict, House};
use crate::logic::{Check, End, Hint, Path};
use crate::session::{Answers, Feedback, HintLevel, Kind, Mode, Refusal, Role, Session};
use crate::shape::Shape;
use crate::solver::{Engine, Outcome, Progress, Stats};

/// How a message is shown. `Keep` leaves the status as it is (a cursor
/// move has nothing to say); `Clear` empties it (an edit makes the last
/// result stale).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Keep,
    Clear,
    /// A passing note about a key, gone with the next good key.
    Hint,
    Info,
    Ok,
    Warn,
    Error,
}

impl Tone {
    pub fn id(self) -> &'static str {
        match self {
            Tone::Keep => "keep",
            Tone::Clear => "clear",
            Tone::Hint => "hint",
            Tone::Info => "info",
            Tone::Ok => "ok",
            Tone::Warn => "warn",
            Tone::Error => "error",
        }
    }
}

/// `1 entry`, `2 entries`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A number with its thousands grouped: `12,345`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// `1 entry`, `2 entries`, with the thousands grouped.
fn many(n: u64, one: &str, more: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { more })
}

/// A duration for people: `40 µs`, `1.25 ms`, `12.5 ms`, `340 ms`, `2.4 s`
/// (no float formatting, which would add 15 KB to the WebAssembly).
pub fn duration(micros: u64) -> String {
    let (ms, frac) = (micros / 1000, micros % 1000);
    match ms {
        0 if micros == 0 => "under 1 µs".to_string(),
        0 => format!("{micros} µs"),
        1..=9 => format!("{ms}.{:02} ms", frac / 10),
        10..=99 => format!("{ms}.{} ms", frac / 100),
        100..=999 => format!("{ms} ms"),
        _ => format!("{}.{} s", ms / 1000, ms % 1000 / 100),
    }
}

/// The text with its first letter in upper case (ASCII: our own words;
/// Unicode's case tables would cost the WebAssembly more than they serve).
pub fn capital(text: &str) -> String {
    let mut out = text.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// `row 1 holds '7' twice, in columns 1 and 5`: a clash in a player's
/// words.
pub fn conflict(c: &Conflict, size: &Shape, alphabet: Alphabet) -> String {
    let symbol = alphabet.symbol(size.side(), c.digit);
    let (a, b) = (c.first, c.second);
    match c.house {
        House::Row(_) => format!(
            "{} holds '{symbol}' twice, in columns {} and {}",
            c.house,
            size.col(a) + 1,
            size.col(b) + 1
        ),
        House::Col(_) => format!(
            "{} holds '{symbol}' twice, in rows {} and {}",
            c.house,
            size.row(a) + 1,
            size.row(b) + 1
        ),
        _ => format!(
            "{} holds '{symbol}' twice, at {} and at {}",
            c.house,
            size.cell_words(a),
            size.cell_words(b)
        ),
    }
}

/// The session's conflicts, the first in words, or `None`.
pub fn conflicts(s: &Session) -> Option<String> {
    let first = s.conflicts().first()?;
    let both_givens = s.givens()[first.first] != 0 && s.givens()[first.second] != 0;
    let mut message = format!(
        "{}: {}.",
        if both_givens {
            "Conflicting givens"
        } else {
            "A clash"
        },
        conflict(first, s.shape(), s.alphabet())
    );
    match s.conflicts().len() {
        1 => {}
        2 => message.push_str(" One more clash is marked."),
        k => message.push_str(&format!(" {} more clashes are marked.", k - 1)),
    }
    Some(message)
}

/// Two givens clash: nothing to solve.
pub fn givens_conflict(s: &Session) -> Option<String> {
    let c = s.givens_conflict()?;
    Some(format!(
        "Conflicting givens: {}.",
        conflict(&c, s.shape(), s.alphabet())
    ))
}

/// What to type in this grid: `A–P`, `1–16 (two digits quickly for 10–16)`.
fn symbols_to_type(size: &Shape, alphabet: Alphabet) -> String {
    if alphabet == Alphabet::Numbers {
        format!(
            "1–{n} (for 10–{n}, the two digits quickly)",
            n = size.side()
        )
    } else {
        alphabet.name(size.side())
    }
}

/// After a change of the grid: its conflicts, or nothing (older results
/// are stale).
fn after_change(s: &Session, done: &str) -> (String, Tone) {
    match conflicts(s) {
        Some(m) if done.is_empty() => (m, Tone::Error),
        Some(m) => (format!("{done} {m}"), Tone::Error),
        None if done.is_empty() => (String::new(), Tone::Clear),
        None => (done.to_string(), Tone::Info),
    }
}

/// The symbols of a mask, for people: `1 5 7`.
fn symbols_of(mask: u32, size: &Shape, alphabet: Alphabet) -> String {
    (0..size.side() as u8)
        .filter(|d| mask >> d & 1 != 0)
        .map(|d| alphabet.symbol(size.side(), d + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cell for screen readers: `Row 3, column 7: K, your entry, in
/// conflict`; an empty cell says its notes, and the small candidates shown
/// (`candidates`, 0 for none).
pub fn cell_label(s: &Session, cell: usize, candidates: u32) -> String {
    let (size, alphabet) = (s.shape(), s.alphabet());
    let (digit, role) = s.shown(cell);
    let mut label = format!("{}: ", capital(&size.cell_words(cell)));
    let symbol = || alphabet.symbol(size.side(), digit);
    match role {
        Role::Empty => {
            label.push_str("empty");
            let notes = s.shown_notes(cell);
            if notes != 0 {
                label.push_str(&format!(
                    ", your notes {}",
                    symbols_of(notes, size, alphabet)
                ));
            }
            if candidates != 0 {
                let list = symbols_of(candidates, size, alphabet);
                label.push_str(&format!(", candidates {list}"));
            }
        }
        Role::Given => label.push_str(&format!("{}, given", symbol())),
        Role::Entry => label.push_str(&format!("{}, your entry", symbol())),
        Role::Filled if s.corrected(cell) => label.push_str(&format!(
            "{}, the solution's; your {} was wrong",
            symbol(),
            alphabet.symbol(size.side(), s.entries()[cell])
        )),
        Role::Filled => label.push_str(&format!("{}, filled by the solver", symbol())),
    }
    if s.in_conflict(cell) {
        label.push_str(", in conflict");
    }
    if s.is_wrong(cell) {
        label.push_str(", wrong");
    }
    if s.hinted() == Some(cell) {
        label.push_str(", hint");
    }
    label
}

/// The alphabet to offer when a key is no symbol of the grid's but is one
/// of another alphabet of its size: numbers first for a digit.
pub fn offer(f: &Feedback, s: &Session) -> Option<Alphabet> {
    let Kind::Refused(Refusal::NotASymbol(ch)) = f.kind else {
        return None;
    };
    let size = s.shape();
    let fits = |a: &&Alphabet| **a != s.alphabet() && a.digit(size.side(), ch).is_some();
    let all = Alphabet::for_side(size.side());
    let numbers = all.iter().filter(fits).find(|&&a| a == Alphabet::Numbers);
    numbers.or_else(|| all.iter().find(fits)).copied()
}

/// An action's feedback in words, with its tone.
pub fn feedback(f: &Feedback, s: &Session) -> (String, Tone) {
    let (size, alphabet) = (s.shape(), s.alphabet());
    match &f.kind {
        Kind::Moved | Kind::Unchanged => (String::new(), Tone::Keep),
        Kind::Edited | Kind::Replaced => after_change(s, ""),
        Kind::Noted => (String::new(), Tone::Clear),
        Kind::Noting(true) => (
            "Notes: typing writes small notes in the cell; N (or /) switches back to digits."
                .into(),
            Tone::Info,
        ),
        Kind::Noting(false) => ("Digits: typing fills the cell.".into(), Tone::Info),
        Kind::Undone => after_change(s, "Undone."),
        Kind::Redone => after_change(s, "Redone."),
        Kind::Cleared => ("Grid cleared. Undo brings it back.".into(), Tone::Info),
        Kind::Refused(r) => refusal(r, s),
        Kind::Loaded {
            shape,
            alphabet,
            givens,
            entries,
            puzzles,
            notes,
        } => {
            let mut m = format!(
                "Loaded a {shape} puzzle in {} with {}",
                alphabet.name(shape.side()),
                count(*givens, "given", "givens")
            );
            if *entries > 0 {
                m.push_str(if *notes > 0 { ", " } else { " and " });
                m.push_str(&count(*entries, "entry", "entries"));
            }
            if *notes > 0 {
                m.push_str(" and the candidates of ");
                m.push_str(&count(*notes, "cell", "cells"));
                m.push_str(" as notes");
            }
            m.push('.');
            if *puzzles > 1 {
                m.push_str(&format!(
                    " The text held {puzzles} puzzles; this is the first."
                ));
            }
            match conflicts(s) {
                Some(c) => (format!("{m} {c}"), Tone::Error),
                None => (m, Tone::Ok),
            }
        }
        Kind::Opened {
            shape,
            givens,
            entries,
            conflict: clash,
            replaced,
        } => {
            let mut m = format!(
                "Opened a shared {shape} puzzle with {} and {}.",
                count(*givens, "given", "givens"),
                count(*entries, "entry", "entries")
            );
            if *replaced {
                m.push_str(" Undo brings back the grid you had.");
            }
            match clash {
                Some(c) => (
                    format!(
                        "{m} Its givens conflict: {}, so it has no solution.",
                        conflict(c, shape, alphabet)
                    ),
                    Tone::Error,
                ),
                None => match conflicts(s) {
                    Some(c) => (format!("{m} {c}"), Tone::Warn),
                    None => (m, Tone::Ok),
                },
            }
        }
        Kind::SolutionShown { corrected, .. } => match corrected {
            0 => (String::new(), Tone::Keep),
            1 => (
                format!(
                    "One of your entries differed from it: the solution's {} is shown there, marked.",
                    alphabet.noun(false)
                ),
                Tone::Warn,
            ),
            k => (
                format!(
                    "{k} of your entries differed from it: the solution's {} are shown there, marked.",
                    alphabet.noun(true)
                ),
                Tone::Warn,
            ),
        },
        Kind::SolutionHidden => (
            "Solution removed; your givens and entries are kept.".into(),
            Tone::Info,
        ),
        Kind::Mode(Mode::Play) => (
            "Play: typing fills your entries; the givens stay fixed.".into(),
            Tone::Info,
        ),
        Kind::Mode(Mode::Edit) => ("Edit puzzle: typing sets givens.".into(), Tone::Info),
        Kind::Hint { hint: h, level } => hint(h, *level, size, alphabet),
        Kind::Walk { at, steps, .. } => walk(s, *at, *steps),
        Kind::WalkClosed => ("Back to your grid.".into(), Tone::Info),
        Kind::Checked(c) => check(c, s),
    }
}

fn refusal(r: &Refusal, s: &Session) -> (String, Tone) {
    let (size, alphabet) = (s.shape(), s.alphabet());
    match r {
        Refusal::ReadOnly => ("This grid is read-only.".into(), Tone::Hint),
        Refusal::Given(cell) => (
            format!(
                "{} holds a given. Switch to Edit puzzle to change givens.",
                capital(&size.cell_words(*cell))
            ),
            Tone::Hint,
        ),
        Refusal::NotASymbol(ch) => {
            let f = Feedback {
                kind: Kind::Refused(r.clone()),
                cells: Vec::new(),
            };
            let mut m = format!(
                "'{ch}' is not a symbol of this {size} grid: type {}, or - . or space for an empty cell.",
                symbols_to_type(size, alphabet)
            );
            if let Some(other) = offer(&f, s) {
                m.push_str(&format!(
                    " To type {}, switch Symbols to {}.",
                    if other == Alphabet::Numbers {
                        "numbers"
                    } else {
                        "these symbols"
                    },
                    other.name(size.side())
                ));
            }
            (m, Tone::Hint)
        }
        Refusal::Filled(cell) => (
            format!(
                "{} holds a {}: notes go in empty cells.",
                capital(&size.cell_words(*cell)),
                alphabet.noun(false)
            ),
            Tone::Hint,
        ),
        Refusal::NeedsSearch(_) => ("Working it out first…".into(), Tone::Info),
        Refusal::NoSuchCell(cell) => (
            format!("There is no cell {cell} in a {size} grid."),
            Tone::Hint,
        ),
        Refusal::Unreadable(e) => (
            format!("Could not read the puzzle: {e}. Your grid is unchanged."),
            Tone::Error,
        ),
        Refusal::BadLink(e) => (
            format!("The link's puzzle could not be read: {e}. Your grid is unchanged."),
            Tone::Error,
        ),
        Refusal::BadCells(e) => (format!("Not a grid of this size: {e}."), Tone::Error),
        Refusal::NotASolution(e) => (
            format!("The answer was refused by the checker: {e}. Your grid is unchanged."),
            Tone::Error,
        ),
        Refusal::NothingToUndo => ("Nothing to undo.".into(), Tone::Hint),
        Refusal::NothingToRedo => ("Nothing to redo.".into(), Tone::Hint),
        Refusal::SolutionShown => (
            "The solution is on the grid. Hide solution to take hints on your own entries.".into(),
            Tone::Hint,
        ),
    }
}

fn hint(h: &Hint, level: HintLevel, size: &Shape, alphabet: Alphabet) -> (String, Tone) {
    match h {
        Hint::Solved => ("The grid is complete and right.".into(), Tone::Ok),
        Hint::Conflict(c) => (
            format!("First fix the clash: {}.", conflict(c, size, alphabet)),
            Tone::Error,
        ),
        Hint::WrongEntries => (
            "Some of your entries are wrong: no solution fits them. Check shows which.".into(),
            Tone::Warn,
        ),
        Hint::NoSolution => (
            "This puzzle has no solution, so there is no next step.".into(),
            Tone::Warn,
        ),
        Hint::Step { step, before } => {
            let first = before.first().unwrap_or(step);
            let text = match level {
                HintLevel::Nudge => {
                    let houses: Vec<String> = crate::session::focus(first, size)
                        .iter()
                        .map(|h| h.to_string())
                        .collect();
                    let more = if before.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " It clears the way for the next {}.",
                            step.technique.name().to_ascii_lowercase()
                        )
                    };
                    format!(
                        "Look for {} {} in {}.{more} Hint again for the reasoning.",
                        article(first.technique.name()),
                        first.technique.name().to_ascii_lowercase(),
                        crate::logic::list(&houses)
                    )
                }
                HintLevel::Explain | HintLevel::Reveal => {
                    let mut text = String::new();
                    for b in before {
                        text.push_str(&format!(
                            "{}: {}. ",
                            b.technique,
                            b.describe(size, alphabet)
                        ));
                    }
                    if level == HintLevel::Explain {
                        text.push_str(&format!(
                            "{}: {}. Hint again to see the digit.",
                            step.technique,
                            step.describe_unrevealed(size, alphabet)
                        ));
                    } else {
                        text.push_str(&format!(
                            "{}: {}.",
                            step.technique,
                            step.describe(size, alphabet)
                        ));
                    }
                    text
                }
            };
            (text, Tone::Info)
        }
        Hint::Reveal {
            cell,
            digit,
            candidates,
        } => match level {
            HintLevel::Nudge => (
                "None of this page's techniques finds the next step: here it takes a guess. \
                 Hint again for the digit of the cell with the fewest candidates."
                    .into(),
                Tone::Info,
            ),
            _ => (
                format!(
                    "{} has the fewest candidates ({candidates}); the solution has {} there.",
                    capital(&size.cell_words(*cell)),
                    alphabet.symbol(size.side(), *digit)
                ),
                Tone::Info,
            ),
        },
    }
}

/// `a` or `an` for a technique's name.
fn article(name: &str) -> &'static str {
    match name.chars().next() {
        Some('X') | Some('A') | Some('E') | Some('I') | Some('O') | Some('U') => "an",
        _ => "a",
    }
}

/// The step of the logical path on show, in one sentence.
fn walk(s: &Session, at: usize, steps: usize) -> (String, Tone) {
    let (size, alphabet) = (s.shape(), s.alphabet());
    let Some((path, _)) = s.walk() else {
        return (String::new(), Tone::Keep);
    };
    match path.steps.get(at) {
        Some(step) => (
            format!(
                "Step {} of {steps}: {}: {}.",
                at + 1,
                step.technique,
                step.describe(size, alphabet)
            ),
            Tone::Info,
        ),
        None => walk_end(path, size),
    }
}

/// How the logical path ends, in one sentence.
pub fn walk_end(path: &Path, size: &Shape) -> (String, Tone) {
    let steps = path.steps.len();
    match path.end {
        End::Solved => (
            format!(
                "Solved by logic in {}: {} ({}).",
                count(steps, "step", "steps"),
                path.level(),
                path.hardest()
                    .map_or("nothing to do".to_string(), |t| format!("hardest technique: {t}"))
            ),
            Tone::Ok,
        ),
        End::Stuck => (
            format!(
                "After {}, no technique of this page applies: the {} left need guessing.",
                count(steps, "step", "steps"),
                count(path.last.empty(), "cell", "cells")
            ),
            Tone::Warn,
        ),
        End::Dead(_) => (
            format!(
                "After {}, some cell or house has no candidate left: these givens have no solution in {size}.",
                count(steps, "step", "steps")
            ),
            Tone::Error,
        ),
    }
}

/// `1.6%`, `23%`, `0.4%`: a share in percent, without float formatting.
fn percent(share: f64) -> String {
    let tenths = (share * 1000.0).round() as u64;
    if tenths >= 100 {
        format!("{}%", tenths / 10)
    } else {
        format!("{}.{}%", tenths / 10, tenths % 10)
    }
}

/// While counting: `Counting… 12,345 solutions so far.` (`_nodes`: the
/// positions tried, kept out of a player's sight.)
pub fn counting(found: u64, _nodes: u64) -> String {
    format!("Counting… {} so far.", many(found, "solution", "solutions"))
}

/// A count's result: `outcome` is the count's (`none`, `unique`, `several`,
/// `conflict`); `more` when it stopped at its limit.
pub fn counted(found: u64, more: bool, outcome: &str) -> (String, Tone) {
    match (outcome, more) {
        ("conflict", _) => (
            "Two givens clash, so there is no solution to count.".into(),
            Tone::Error,
        ),
        (_, true) => (
            format!(
                "At least {}; estimating how many…",
                many(found, "solution", "solutions")
            ),
            Tone::Info,
        ),
        (_, false) => match found {
            0 => (
                "No solution: these givens cannot be completed.".into(),
                Tone::Error,
            ),
            1 => ("Exactly one solution.".into(), Tone::Ok),
            n => (format!("Exactly {} solutions.", grouped(n)), Tone::Warn),
        },
    }
}

/// While estimating: `Estimating… 2,500 of 10,000 random probes.`
pub fn estimating(done: u64, probes: u64) -> String {
    format!(
        "Estimating… {} of {} random probes.",
        grouped(done),
        grouped(probes)
    )
}

/// An estimate's result, after an exact count stopped at `at_least`
/// solutions.
pub fn estimated(e: &crate::solver::Estimate, at_least: u64) -> (String, Tone) {
    if let Some(n) = e.exact {
        return counted(n, false, if n == 0 { "none" } else { "several" });
    }
    let (low, high) = e.interval();
    (
        format!(
            "More than {}: about {} (estimated from {} random probes, ±{}; 95% between {low} and {high}).",
            many(at_least, "solution", "solutions"),
            e.mean,
            grouped(e.probes),
            percent(e.relative_error())
        ),
        Tone::Warn,
    )
}

/// Browsing: solution `index` (1-based) on show, `handed` found so far,
/// whether that is all of them (`exhausted`), and whether the person asked
/// for one more than there is (`past`).
pub fn browsing(index: u64, handed: u64, exhausted: bool, past: bool) -> (String, Tone) {
    match (handed, exhausted, past) {
        (0, true, _) => (
            "No solution: these givens cannot be completed.".into(),
            Tone::Error,
        ),
        (_, true, true) => (
            format!(
                "That was the last one: {} in all.",
                many(handed, "solution", "solutions")
            ),
            Tone::Info,
        ),
        (_, true, false) => (
            format!("Solution {} of {}.", grouped(index), grouped(handed)),
            Tone::Info,
        ),
        _ => (
            format!("Solution {}; Next searches on for more.", grouped(index)),
            Tone::Info,
        ),
    }
}

/// One line per step of a logical path, for the step-by-step list:
/// `Hidden single: In box 3, 5 fits only R2C8`.
pub fn walk_lines(path: &Path, size: &Shape, alphabet: Alphabet) -> Vec<String> {
    path.steps
        .iter()
        .map(|step| format!("{}: {}", step.technique, step.describe(size, alphabet)))
        .collect()
}

fn check(c: &Check, s: &Session) -> (String, Tone) {
    let entries = s.entry_count();
    let to_go = |missing: usize| count(missing, "cell", "cells");
    match c {
        Check::Right { missing: 0 } => (
            "Every cell is filled and right. Well done!".into(),
            Tone::Ok,
        ),
        Check::Right { missing } => match entries {
            0 => (
                format!("No entries to check yet; {} to go.", to_go(*missing)),
                Tone::Info,
            ),
            1 => (
                format!("Your entry is right; {} to go.", to_go(*missing)),
                Tone::Ok,
            ),
            k => (
                format!(
                    "All {k} of your entries are right; {} to go.",
                    to_go(*missing)
                ),
                Tone::Ok,
            ),
        },
        Check::Wrong { cells, missing } => {
            let k = cells.len();
            (
                format!(
                    "{k} of your {} {} wrong (marked); {} empty.",
                    count(entries, "entry", "entries"),
                    if k == 1 { "is" } else { "are" },
                    count(*missing, "cell", "cells")
                ),
                Tone::Warn,
            )
        }
        Check::Conflict(c) => (
            format!(
                "Conflicting givens: {}.",
                conflict(c, s.shape(), s.alphabet())
            ),
            Tone::Error,
        ),
        Check::NoSolution => (
            "The givens have no solution, so there is nothing to check against.".into(),
            Tone::Warn,
        ),
        Check::NotUnique => (
            "The givens have several solutions, so no single answer to check against.".into(),
            Tone::Warn,
        ),
    }
}

/// A solve's result in a player's words: what was found and how long it
/// took. The solver's own numbers are in [`solve_details`].
pub fn solved(
    outcome: &Outcome,
    _stats: Stats,
    _engine: Engine,
    micros: u64,
    size: &Shape,
    alphabet: Alphabet,
) -> (String, Tone) {
    // A time a person notices; shorter ones are in the details.
    let took = if micros >= 100_000 {
        format!(" in {}", duration(micros))
    } else {
        String::new()
    };
    match outcome {
        Outcome::Unique(_) => (format!("Solved{took}: the only solution."), Tone::Ok),
        Outcome::Solved(_) => (
            format!("Solved{took}; whether it is the only solution was not checked."),
            Tone::Ok,
        ),
        Outcome::Several { count, more, .. } => (
            format!(
                "This puzzle has {}{count} solutions; showing one.",
                if *more { "at least " } else { "" }
            ),
            Tone::Warn,
        ),
        Outcome::NoSolution => (
            "No solution: these givens cannot be completed.".into(),
            Tone::Error,
        ),
        Outcome::Conflict(c) => (
            format!("Conflicting givens: {}.", conflict(c, size, alphabet)),
            Tone::Error,
        ),
        Outcome::OutOfBudget { .. } => (format!("Stopped after {}.", duration(micros)), Tone::Warn),
    }
}

/// What a solve cost, for those who open the details: `40 µs; 1 guess, 1
/// position tried`, or what the learning engine did.
pub fn solve_details(stats: Stats, engine: Engine, micros: u64) -> String {
    match engine {
        Engine::Learn => format!(
            "{}; a hard one: the learning engine took over, made {} and learned from {}.",
            duration(micros),
            many(stats.guesses, "decision", "decisions"),
            many(stats.conflicts, "dead end", "dead ends")
        ),
        _ => format!(
            "{}; {}, {} tried.",
            duration(micros),
            many(stats.guesses, "guess", "guesses"),
            many(stats.nodes, "position", "positions")
        ),
    }
}

/// What a running solve is doing after `micros` of work, for the status
/// line; once the learning engine has taken over, that the puzzle is hard
/// and how far it got. The positions and dead ends are in
/// [`progress_details`].
pub fn progress(p: &Progress, micros: u64) -> String {
    match p.engine {
        Engine::Learn => format!(
            "A hard puzzle: still solving ({}); {} of {} candidates settled for good.",
            duration(micros),
            grouped(p.settled),
            grouped(p.candidates)
        ),
        _ => format!("Solving… ({}).", duration(micros)),
    }
}

/// The solver's numbers while it runs, for those who open the details.
pub fn progress_details(p: &Progress) -> String {
    match p.engine {
        Engine::Learn => format!(
            "The learning engine has taken over: {} tried, {} learned from.",
            many(p.stats.nodes, "position", "positions"),
            many(p.stats.conflicts, "dead end", "dead ends")
        ),
        _ => format!("{} tried.", many(p.stats.nodes, "position", "positions")),
    }
}

/// The line "answers as you type": what the grid so far allows, with its
/// tone; `None` while that is not known, for an empty grid, and while a
/// solution is on show (the solve's result speaks then).
pub fn answers(s: &Session) -> Option<(String, Tone)> {
    if s.solution().is_some() {
        return None;
    }
    let (size, alphabet) = (s.shape(), s.alphabet());
    Some(match s.answers()? {
        Answers::Conflict(c) => (
            format!(
                "The grid so far has no solution: {}.",
                conflict(&c, size, alphabet)
            ),
            Tone::Error,
        ),
        Answers::None { since } => {
            let current = s.current();
            let at = |c: usize| {
                format!(
                    "the {} at {}",
                    alphabet.symbol(size.side(), current[c]),
                    size.cell_words(c)
                )
            };
            let m = match since.as_slice() {
                [] => "The grid so far has no solution.".to_string(),
                [one] => format!(
                    "The grid so far has no solution: {} made it impossible.",
                    at(*one)
                ),
                [first, second] => format!(
                    "The grid so far has no solution since {} and {}.",
                    at(*first),
                    at(*second)
                ),
                more => format!(
                    "The grid so far has no solution since these {} cells were filled: {} and more.",
                    more.len(),
                    at(more[0])
                ),
            };
            (m, Tone::Error)
        }
        Answers::Unique => ("The grid so far has exactly one solution.".into(), Tone::Ok),
        Answers::Several { count, more } => (
            format!(
                "The grid so far has {}{} solutions.",
                if more { "at least " } else { "" },
                grouped(count)
            ),
            Tone::Info,
        ),
    })
}

/// While every possible value is being found: `Every possible value: 120
/// of 310 checked.`
pub fn possible_progress(done: u64, total: u64) -> String {
    format!(
        "Finding every possible value: {} of {} checked.",
        grouped(done),
        grouped(total)
    )
}

/// Every possible value found: how many cells still have a choice.
pub fn possible_done(masks: &[u32], s: &Session) -> (String, Tone) {
    let current = s.current();
    let open: Vec<u32> = masks
        .iter()
        .zip(&current)
        .filter(|&(_, &d)| d == 0)
        .map(|(&m, _)| m)
        .collect();
    if open.is_empty() {
        return (String::new(), Tone::Clear);
    }
    if open.contains(&0) {
        return ("No solution, so no value is possible.".into(), Tone::Error);
    }
    let choice = open.iter().filter(|m| m.count_ones() > 1).count();
    match choice {
        0 => (
            "Every possible value shown: each empty cell has one.".into(),
            Tone::Ok,
        ),
        k => (
            format!(
                "Every possible value shown: {} still have a choice.",
                count(k, "cell", "cells")
            ),
            Tone::Info,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    const NINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The unique solution of the session's givens, searched here.
    fn truth_of(s: &Session) -> Vec<u8> {
        let g = Grid::from_cells(s.shape().clone(), s.givens().to_vec()).unwrap();
        let outcome = crate::solve(&g, &crate::SolveOptions::default()).outcome;
        outcome.solution().unwrap().cells().to_vec()
    }

    fn words(s: &mut Session, f: impl FnOnce(&mut Session) -> Feedback) -> (String, Tone) {
        let fb = f(s);
        feedback(&fb, s)
    }

    #[test]
    fn durations_never_read_zero() {
        assert_eq!(duration(0), "under 1 µs");
        assert_eq!(duration(7), "7 µs");
        assert_eq!(duration(999), "999 µs");
        assert_eq!(duration(1_250), "1.25 ms");
        assert_eq!(duration(12_500), "12.5 ms");
        assert_eq!(duration(340_000), "340 ms");
        assert_eq!(duration(2_400_000), "2.4 s");
    }

    #[test]
    fn counts_are_plural_only_when_they_should_be() {
        assert_eq!(count(1, "entry", "entries"), "1 entry");
        assert_eq!(count(0, "entry", "entries"), "0 entries");
        let stats = Stats {
            guesses: 1,
            nodes: 1,
            conflicts: 0,
        };
        let g = Grid::empty(Shape::S4);
        let (m, tone) = solved(
            &Outcome::Unique(g.clone()),
            stats,
            Engine::Bitmask,
            40,
            &Shape::S4,
            Alphabet::Digits,
        );
        assert_eq!(m, "Solved: the only solution.");
        assert_eq!(tone, Tone::Ok);
        assert_eq!(
            solve_details(stats, Engine::Bitmask, 40),
            "40 µs; 1 guess, 1 position tried."
        );
        let hard = Stats {
            guesses: 123_456,
            nodes: 123_457,
            conflicts: 1,
        };
        let (m, _) = solved(
            &Outcome::Unique(g),
            hard,
            Engine::Learn,
            2_400_000,
            &Shape::S4,
            Alphabet::Digits,
        );
        assert_eq!(m, "Solved in 2.4 s: the only solution.");
        assert_eq!(
            solve_details(hard, Engine::Learn, 2_400_000),
            "2.4 s; a hard one: the learning engine took over, made 123,456 decisions and learned from 1 dead end."
        );
        // No solver's jargon in a player's sentence.
        for jargon in ["guess", "node", "position", "engine"] {
            assert!(!m.contains(jargon), "{m}");
        }
    }

    #[test]
    fn progress_says_when_the_puzzle_is_hard() {
        let mut p = Progress {
            engine: Engine::Bitmask,
            stats: Stats {
                nodes: 1_234_567,
                guesses: 600_000,
                conflicts: 0,
            },
            candidates: 0,
            settled: 0,
        };
        assert_eq!(progress(&p, 1000), "Solving… (1.00 ms).");
        assert_eq!(progress_details(&p), "1,234,567 positions tried.");
        p.engine = Engine::Learn;
        p.stats.conflicts = 1000;
        p.candidates = 1861;
        p.settled = 41;
        assert_eq!(
            progress(&p, 12_300_000),
            "A hard puzzle: still solving (12.3 s); 41 of 1,861 candidates settled for good."
        );
        assert_eq!(
            progress_details(&p),
            "The learning engine has taken over: 1,234,567 positions tried, 1,000 dead ends learned from."
        );
        assert_eq!(percent(0.016), "1.6%");
        assert_eq!(percent(0.23), "23%");
        assert_eq!(counted(412, false, "several").0, "Exactly 412 solutions.");
        assert_eq!(counted(1, false, "unique").0, "Exactly one solution.");
        assert_eq!(
            counted(100_000, true, "several").0,
            "At least 100,000 solutions; estimating how many…"
        );
        assert_eq!(browsing(3, 412, true, false).0, "Solution 3 of 412.");
        assert_eq!(
            browsing(3, 3, true, true).0,
            "That was the last one: 3 solutions in all."
        );
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
    }

    #[test]
    fn a_check_with_no_entries_does_not_praise_them() {
        let mut s = Session::new(Shape::S9);
        s.load_text(NINE, None);
        let (m, tone) = words(&mut s, Session::check);
        assert_eq!(m, "No entries to check yet; 64 cells to go.");
        assert_eq!(tone, Tone::Info);
        s.set_mode(Mode::Play);
        s.select(1);
        let truth = truth_of(&s);
        s.put(truth[1], false);
        assert_eq!(
            words(&mut s, Session::check).0,
            "Your entry is right; 63 cells to go."
        );
        s.select(2);
        s.put(truth[2] % 9 + 1, false);
        assert_eq!(
            words(&mut s, Session::check).0,
            "1 of your 2 entries is wrong (marked); 62 cells empty."
        );
    }

    #[test]
    fn undo_replaces_the_status_and_edits_clear_stale_results() {
        let mut s = Session::new(Shape::S4);
        s.put(1, true);
        s.put(1, true);
        let (m, tone) = feedback(&s.undo(), &s);
        assert_eq!((m.as_str(), tone), ("Undone.", Tone::Info));
        let (m, tone) = feedback(&s.redo(), &s);
        assert!(
            m.starts_with("Redone. Conflicting givens: row 1 holds '1' twice, in columns 1 and 2.")
        );
        assert_eq!(tone, Tone::Error);
        s.select(1);
        let (m, tone) = feedback(&s.put(2, false), &s);
        assert_eq!((m.as_str(), tone), ("", Tone::Clear));
    }

    #[test]
    fn refusals_say_what_to_type() {
        let mut s = Session::new(Shape::S16);
        s.set_alphabet(Alphabet::Numbers);
        let refused = Feedback {
            kind: Kind::Refused(Refusal::NotASymbol('x')),
            cells: Vec::new(),
        };
        let (m, tone) = feedback(&refused, &s);
        assert_eq!(tone, Tone::Hint);
        assert!(
            m.contains("1–16 (for 10–16, the two digits quickly)"),
            "{m}"
        );
        s.put(3, false);
        s.set_mode(Mode::Play);
        let (m, _) = words(&mut s, |s| s.put(1, false));
        assert_eq!(
            m,
            "Row 1, column 1 holds a given. Switch to Edit puzzle to change givens."
        );
    }

    #[test]
    fn a_digit_in_a_letters_grid_offers_the_numbers() {
        let s = Session::new(Shape::S16);
        let refused = Feedback {
            kind: Kind::Refused(Refusal::NotASymbol('1')),
            cells: Vec::new(),
        };
        assert_eq!(offer(&refused, &s), Some(Alphabet::Numbers));
        let (m, _) = feedback(&refused, &s);
        assert!(
            m.ends_with("To type numbers, switch Symbols to numbers 1–16."),
            "{m}"
        );
        // A key no alphabet of the size has offers nothing.
        let none = Feedback {
            kind: Kind::Refused(Refusal::NotASymbol('?')),
            cells: Vec::new(),
        };
        assert_eq!(offer(&none, &s), None);
        assert!(!feedback(&none, &s).0.contains("switch"));
    }

    #[test]
    fn cells_are_named_in_words_with_their_notes_and_corrections() {
        let mut s = Session::new(Shape::S9);
        s.load_text(NINE, None);
        s.set_mode(Mode::Play);
        s.select(1);
        s.toggle_note(2);
        s.toggle_note(7);
        assert_eq!(
            cell_label(&s, 1, 0),
            "Row 1, column 2: empty, your notes 2 7"
        );
        let truth = truth_of(&s);
        let wrong = truth[2] % 9 + 1;
        s.select(2);
        s.put(wrong, false);
        s.show_solution(&truth);
        assert_eq!(
            cell_label(&s, 2, 0),
            format!(
                "Row 1, column 3: {}, the solution's; your {wrong} was wrong",
                truth[2]
            )
        );
    }

    #[test]
    fn answers_as_you_type_say_how_many_and_which_entry_made_it_impossible() {
        let mut s = Session::new(Shape::S9);
        s.load_text(NINE, None);
        assert_eq!(answers(&s), None, "nothing known yet");
        let g = s.givens().to_vec();
        let truth = crate::solve(
            &Grid::from_cells(Shape::S9, g.clone()).unwrap(),
            &crate::SolveOptions::default(),
        )
        .outcome
        .solution()
        .unwrap()
        .cells()
        .to_vec();
        s.learn(&g, crate::session::Found::Unique(truth.clone()))
            .unwrap();
        assert_eq!(
            answers(&s).unwrap().0,
            "The grid so far has exactly one solution."
        );
        s.set_mode(Mode::Play);
        s.select(1);
        // A wrong digit that clashes with nothing in sight.
        let wrong = (1..=9)
            .find(|&d| {
                s.select(1);
                s.put(d, false);
                let quiet = d != truth[1] && s.conflicts().is_empty();
                if !quiet {
                    s.undo();
                }
                quiet
            })
            .unwrap();
        let now = s.current();
        s.learn(&now, crate::session::Found::None).unwrap();
        let (m, tone) = answers(&s).unwrap();
        assert_eq!(
            m,
            format!(
                "The grid so far has no solution: the {wrong} at row 1, column 2 made it impossible."
            )
        );
        assert_eq!(tone, Tone::Error);
    }
}
