//! Every sentence the page and the widget show, in one place: session
//! feedback, solve results and conflicts in words, with their tone. Plain
//! Rust (no browser), so the wording is tested natively.

use crate::alphabet::Alphabet;
use crate::grid::{Conflict, Size};
use crate::logic::{Check, End, Hint, Path};
use crate::session::{Feedback, HintLevel, Kind, Mode, Refusal, Role, Session};
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

/// `R1C1 and R1C5 both hold '7' in row 1`.
pub fn conflict(c: &Conflict, size: Size, alphabet: Alphabet) -> String {
    format!(
        "{} and {} both hold '{}' in {}",
        size.cell_name(c.first),
        size.cell_name(c.second),
        alphabet.symbol(size, c.digit),
        c.house
    )
}

/// The session's conflicts, the first in words, or `None`.
pub fn conflicts(s: &Session) -> Option<String> {
    let first = s.conflicts().first()?;
    let both_givens = s.givens()[first.first] != 0 && s.givens()[first.second] != 0;
    let mut message = format!(
        "Conflicting {}: {}.",
        if both_givens { "givens" } else { "digits" },
        conflict(first, s.size(), s.alphabet())
    );
    match s.conflicts().len() {
        1 => {}
        2 => message.push_str(" One more conflict is marked."),
        k => message.push_str(&format!(" {} more conflicts are marked.", k - 1)),
    }
    Some(message)
}

/// Two givens clash: nothing to solve.
pub fn givens_conflict(s: &Session) -> Option<String> {
    let c = s.givens_conflict()?;
    Some(format!(
        "Conflicting givens: {}.",
        conflict(&c, s.size(), s.alphabet())
    ))
}

/// What to type in this grid: `A–P`, `1–16 (two digits quickly for 10–16)`.
fn symbols_to_type(size: Size, alphabet: Alphabet) -> String {
    if alphabet == Alphabet::Numbers {
        format!(
            "1–{n} (for 10–{n}, the two digits quickly)",
            n = size.side()
        )
    } else {
        alphabet.name(size)
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

/// A cell for screen readers: `R3C7: K, your entry, in conflict`.
pub fn cell_label(s: &Session, cell: usize, candidates: u32) -> String {
    let (size, alphabet) = (s.size(), s.alphabet());
    let (digit, role) = s.shown(cell);
    let mut label = format!("{}: ", size.cell_name(cell));
    let symbol = || alphabet.symbol(size, digit);
    match role {
        Role::Empty => {
            label.push_str("empty");
            if candidates != 0 {
                let list: Vec<String> = (0..size.side() as u8)
                    .filter(|d| candidates >> d & 1 != 0)
                    .map(|d| alphabet.symbol(size, d + 1))
                    .collect();
                label.push_str(&format!(", candidates {}", list.join(" ")));
            }
        }
        Role::Given => label.push_str(&format!("{}, given", symbol())),
        Role::Entry => label.push_str(&format!("{}, your entry", symbol())),
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

/// An action's feedback in words, with its tone.
pub fn feedback(f: &Feedback, s: &Session) -> (String, Tone) {
    let (size, alphabet) = (s.size(), s.alphabet());
    match &f.kind {
        Kind::Moved | Kind::Unchanged => (String::new(), Tone::Keep),
        Kind::Edited | Kind::Replaced => after_change(s, ""),
        Kind::Undone => after_change(s, "Undone."),
        Kind::Redone => after_change(s, "Redone."),
        Kind::Cleared => ("Grid cleared. Undo brings it back.".into(), Tone::Info),
        Kind::Refused(r) => refusal(r, s),
        Kind::Loaded {
            size,
            alphabet,
            givens,
            puzzles,
        } => {
            let mut m = format!(
                "Loaded a {size} puzzle in {} with {}.",
                alphabet.name(*size),
                count(*givens, "given", "givens")
            );
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
            size,
            givens,
            entries,
            conflict: clash,
        } => {
            let m = format!(
                "Opened a shared {size} puzzle with {} and {}.",
                count(*givens, "given", "givens"),
                count(*entries, "entry", "entries")
            );
            match clash {
                Some(c) => (
                    format!(
                        "{m} Its givens conflict: {}, so it has no solution.",
                        conflict(c, *size, alphabet)
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
                "One of your entries differed from it: the solution's digit is shown there.".into(),
                Tone::Warn,
            ),
            k => (
                format!(
                    "{k} of your entries differed from it: the solution's digits are shown there."
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
    let (size, alphabet) = (s.size(), s.alphabet());
    match r {
        Refusal::ReadOnly => ("This grid is read-only.".into(), Tone::Hint),
        Refusal::Given(cell) => (
            format!(
                "{} is a given. Switch to Edit puzzle to change givens.",
                size.cell_name(*cell)
            ),
            Tone::Hint,
        ),
        Refusal::NotASymbol(ch) => (
            format!(
                "'{ch}' is not a symbol of this {size} grid: type {}, or - . or space for an empty cell.",
                symbols_to_type(size, alphabet)
            ),
            Tone::Hint,
        ),
        Refusal::NoSuchCell(cell) => (format!("There is no cell {cell} in a {size} grid."), Tone::Hint),
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
    }
}

fn hint(h: &Hint, level: HintLevel, size: Size, alphabet: Alphabet) -> (String, Tone) {
    match h {
        Hint::Solved => ("The grid is complete and right.".into(), Tone::Ok),
        Hint::Conflict(c) => (
            format!("First fix the conflict: {}.", conflict(c, size, alphabet)),
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
                            step.technique.name().to_lowercase()
                        )
                    };
                    format!(
                        "Look for {} {} in {}.{more} Hint again for the reasoning.",
                        article(first.technique.name()),
                        first.technique.name().to_lowercase(),
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
                    "{} has the fewest candidates ({candidates}); the solver says it is {}.",
                    size.cell_name(*cell),
                    alphabet.symbol(size, *digit)
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
    let (size, alphabet) = (s.size(), s.alphabet());
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
pub fn walk_end(path: &Path, size: Size) -> (String, Tone) {
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

/// While counting: `Counting… 12,345 solutions so far (1,234,567 positions
/// tried).`
pub fn counting(found: u64, nodes: u64) -> String {
    format!(
        "Counting… {} so far ({} tried).",
        many(found, "solution", "solutions"),
        many(nodes, "position", "positions")
    )
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
pub fn walk_lines(path: &Path, size: Size, alphabet: Alphabet) -> Vec<String> {
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
                conflict(c, s.size(), s.alphabet())
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

/// A solve's result in words: what was found and what it cost. `engine`
/// is the one that finished (the learning engine after a hand-over).
pub fn solved(
    outcome: &Outcome,
    stats: Stats,
    engine: Engine,
    micros: u64,
    size: Size,
    alphabet: Alphabet,
) -> (String, Tone) {
    let cost = match engine {
        Engine::Learn => format!(
            "{}; a hard one: the learning engine took {} and learned from {}",
            duration(micros),
            many(stats.guesses, "decision", "decisions"),
            many(stats.conflicts, "dead end", "dead ends")
        ),
        _ => format!(
            "{}, {}, {}",
            duration(micros),
            many(stats.guesses, "guess", "guesses"),
            many(stats.nodes, "node", "nodes")
        ),
    };
    match outcome {
        Outcome::Unique(_) => (format!("Solved: the only solution ({cost})."), Tone::Ok),
        Outcome::Solved(_) => (
            format!("Solved ({cost}); uniqueness not checked."),
            Tone::Ok,
        ),
        Outcome::Several { count, more, .. } => (
            format!(
                "This puzzle has {}{count} solutions; showing one ({cost}).",
                if *more { "at least " } else { "" }
            ),
            Tone::Warn,
        ),
        Outcome::NoSolution => (
            format!("No solution: these givens cannot be completed ({cost})."),
            Tone::Error,
        ),
        Outcome::Conflict(c) => (
            format!("Conflicting givens: {}.", conflict(c, size, alphabet)),
            Tone::Error,
        ),
        Outcome::OutOfBudget { .. } => (format!("Stopped after {cost}."), Tone::Warn),
    }
}

/// What a running solve is doing after `micros` of work, for the status
/// line: positions tried; once the learning engine has taken over, that
/// the puzzle is hard and how far the engine got.
pub fn progress(p: &Progress, micros: u64) -> String {
    match p.engine {
        Engine::Learn => format!(
            "A hard puzzle: the learning engine has taken over ({}). {} tried, {} learned from; {} of {} candidates settled for good.",
            duration(micros),
            many(p.stats.nodes, "position", "positions"),
            many(p.stats.conflicts, "dead end", "dead ends"),
            grouped(p.settled),
            grouped(p.candidates)
        ),
        _ => format!("Solving… {} tried.", many(p.stats.nodes, "position", "positions")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    const NINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

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
        let g = Grid::empty(Size::S4);
        let (m, tone) = solved(
            &Outcome::Unique(g.clone()),
            stats,
            Engine::Bitmask,
            40,
            Size::S4,
            Alphabet::Digits,
        );
        assert_eq!(m, "Solved: the only solution (40 µs, 1 guess, 1 node).");
        assert_eq!(tone, Tone::Ok);
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
            Size::S4,
            Alphabet::Digits,
        );
        assert_eq!(
            m,
            "Solved: the only solution (2.4 s; a hard one: the learning engine took 123,456 decisions and learned from 1 dead end)."
        );
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
        assert_eq!(progress(&p, 1000), "Solving… 1,234,567 positions tried.");
        p.engine = Engine::Learn;
        p.stats.conflicts = 1000;
        p.candidates = 1861;
        p.settled = 41;
        assert_eq!(
            progress(&p, 12_300_000),
            "A hard puzzle: the learning engine has taken over (12.3 s). 1,234,567 positions tried, 1,000 dead ends learned from; 41 of 1,861 candidates settled for good."
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
        let mut s = Session::new(Size::S9);
        s.load_text(NINE, None);
        let (m, tone) = words(&mut s, Session::check);
        assert_eq!(m, "No entries to check yet; 64 cells to go.");
        assert_eq!(tone, Tone::Info);
        s.set_mode(Mode::Play);
        s.select(1);
        let truth = crate::solve(
            &Grid::from_cells(Size::S9, s.givens().to_vec()).unwrap(),
            &crate::SolveOptions::default(),
        )
        .outcome
        .solution()
        .unwrap()
        .cells()
        .to_vec();
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
        let mut s = Session::new(Size::S4);
        s.put(1, true);
        s.put(1, true);
        let (m, tone) = feedback(&s.undo(), &s);
        assert_eq!((m.as_str(), tone), ("Undone.", Tone::Info));
        let (m, tone) = feedback(&s.redo(), &s);
        assert!(m.starts_with("Redone. Conflicting givens: R1C1 and R1C2 both hold '1' in row 1."));
        assert_eq!(tone, Tone::Error);
        s.select(1);
        let (m, tone) = feedback(&s.put(2, false), &s);
        assert_eq!((m.as_str(), tone), ("", Tone::Clear));
    }

    #[test]
    fn refusals_say_what_to_type() {
        let mut s = Session::new(Size::S16);
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
            "R1C1 is a given. Switch to Edit puzzle to change givens."
        );
    }
}
