//! Checking a collection: one verdict per puzzle, in the words and columns
//! that the CLI's `check` and the page's Collection panel both print, so a
//! file checked in either place gives the same rows.
//!
//! A verdict says whether the puzzle is fit to publish: `unique` (with its
//! solution and difficulty), `several` (with the count up to the limit),
//! `none`, `invalid` (unreadable, or givens that conflict, with the reason)
//! or `unfinished` (a node budget or a timeout stopped the search).

use std::fmt::{self, Write as _};

use crate::format::{write_grid, Layout, Notation};
use crate::grid::{Conflict, Grid};
use crate::logic::{grade_with, Grade};
use crate::parse::{Entry, ParseError, Puzzle};
use crate::shape::Shape;
use crate::solver::{Outcome, Report};

/// What checking found, without the puzzle's place in the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Finding {
    /// Exactly one solution. `grade` is `None` only if grading disagrees
    /// with the search, which the tests rule out.
    Unique {
        /// The only solution.
        solution: Grid,
        /// How hard it is.
        grade: Option<Grade>,
    },
    /// Exactly `count` solutions, or at least `count` when `more`.
    Several {
        /// Solutions found, up to the limit.
        count: u64,
        /// Whether the search stopped at the limit.
        more: bool,
    },
    /// No grid completes the givens.
    NoSolution,
    /// The puzzle could not be read, or its givens conflict.
    Invalid {
        /// Why, in words.
        reason: String,
    },
    /// The search was stopped (`reason` says by what) with `found`
    /// solutions so far.
    Unfinished {
        /// Solutions found before the stop.
        found: u64,
        /// What stopped it, in words (a timeout, a node budget).
        reason: String,
    },
}

impl Finding {
    /// The finding for a puzzle whose search ended or was stopped. `stopped`
    /// says why it stopped, when it did; a unique puzzle is graded here.
    pub fn from_report(puzzle: &Puzzle, report: &Report, stopped: Option<String>) -> Finding {
        let grid = &puzzle.grid;
        if let Some(reason) = stopped {
            return Finding::Unfinished {
                found: report.outcome.found(),
                reason,
            };
        }
        match &report.outcome {
            Outcome::Unique(solution) => Finding::Unique {
                solution: solution.clone(),
                // The logical grader knows techniques the search does not
                // use (subsets on 9×9, wings, chains): a puzzle the search
                // guessed on may still be solved by logic, so it always runs.
                grade: grade_with(grid, || Some(report.stats.guesses)),
            },
            // A limit of 1 stops at the first solution: one found, and
            // whether it is the only one is not known.
            Outcome::Solved(_) => Finding::Several {
                count: 1,
                more: true,
            },
            Outcome::Several { count, more, .. } => Finding::Several {
                count: *count,
                more: *more,
            },
            Outcome::NoSolution => Finding::NoSolution,
            Outcome::Conflict(c) => Finding::Invalid {
                reason: describe_conflict(c, grid, &puzzle.notation),
            },
            Outcome::OutOfBudget { found, .. } => Finding::Unfinished {
                found: *found,
                reason: "the search was stopped".into(),
            },
        }
    }

    /// The finding for input that could not be read as a puzzle.
    pub fn unreadable(error: &ParseError) -> Finding {
        Finding::Invalid {
            reason: error.to_string(),
        }
    }

    /// `unique`, `several`, `none`, `invalid` or `unfinished`.
    pub fn id(&self) -> &'static str {
        match self {
            Finding::Unique { .. } => "unique",
            Finding::Several { .. } => "several",
            Finding::NoSolution => "none",
            Finding::Invalid { .. } => "invalid",
            Finding::Unfinished { .. } => "unfinished",
        }
    }

    /// Everything but `unique` is a failure: a puzzle not fit to publish.
    pub fn is_failure(&self) -> bool {
        !matches!(self, Finding::Unique { .. })
    }

    /// Solutions established, and whether there may be more: `None` when
    /// the puzzle could not be read.
    pub fn solutions(&self) -> Option<(u64, bool)> {
        match self {
            Finding::Unique { .. } => Some((1, false)),
            Finding::Several { count, more } => Some((*count, *more)),
            Finding::NoSolution => Some((0, false)),
            Finding::Invalid { .. } => None,
            Finding::Unfinished { found, .. } => Some((*found, true)),
        }
    }

    /// [`Finding::solutions`] as text: `1`, `3`, `2+` (at least two), `0`;
    /// `-` when the puzzle could not be read.
    pub fn count_text(&self) -> String {
        match self.solutions() {
            Some((n, more)) => format!("{n}{}", if more { "+" } else { "" }),
            None => "-".into(),
        }
    }

    /// The grade's stable word for a unique puzzle (`hidden-singles`, …,
    /// `guessing`).
    pub fn difficulty(&self) -> Option<&'static str> {
        match self {
            Finding::Unique { grade: Some(g), .. } => Some(g.id()),
            _ => None,
        }
    }

    /// Branch points the search needed, for a unique puzzle logic does not
    /// finish.
    pub fn guesses(&self) -> Option<u64> {
        match self {
            Finding::Unique { grade: Some(g), .. } if g.hardest.is_none() => Some(g.guesses),
            _ => None,
        }
    }

    /// The reason of an invalid or unfinished puzzle.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Finding::Invalid { reason } | Finding::Unfinished { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

/// `conflicting givens: R1C3 and R1C9 both hold 'A' in row 1`, in the
/// puzzle's own symbols.
pub fn describe_conflict(c: &Conflict, grid: &Grid, notation: &Notation) -> String {
    let shape = grid.shape();
    let side = shape.side();
    let symbol = notation.for_side(side).alphabet.symbol(side, c.digit);
    format!(
        "conflicting givens: {} and {} both hold '{symbol}' in {}",
        shape.cell_name(c.first),
        shape.cell_name(c.second),
        c.house
    )
}

/// One row of a report: a finding and where its puzzle is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// 1-based position in the input, unreadable puzzles included.
    pub index: usize,
    /// The puzzle's first line (1-based).
    pub line: usize,
    /// The shape, when the puzzle was read.
    pub shape: Option<Shape>,
    /// How the puzzle was written: its solution is written the same way,
    /// on one line.
    pub notation: Option<Notation>,
    /// What checking found.
    pub finding: Finding,
}

/// The columns of [`Verdict::tsv`], in order.
pub const TSV_HEADER: &str = "puzzle\tline\tsize\toutcome\tcount\tdifficulty\tsolution\treason";

impl Verdict {
    /// The verdict of an entry the caller could not read as a puzzle; a
    /// readable one is checked by the caller and goes to [`Verdict::of`].
    pub fn unreadable(entry: &Entry, error: &ParseError) -> Verdict {
        Verdict {
            index: entry.index,
            line: entry.line,
            shape: None,
            notation: None,
            finding: Finding::unreadable(error),
        }
    }

    /// The verdict of a puzzle that was read and searched.
    pub fn of(index: usize, line: usize, puzzle: &Puzzle, finding: Finding) -> Verdict {
        Verdict {
            index,
            line,
            shape: Some(puzzle.grid.shape().clone()),
            notation: Some(puzzle.notation),
            finding,
        }
    }

    /// A unique puzzle's solution on one line, in the puzzle's own alphabet.
    pub fn solution_text(&self) -> Option<String> {
        let (Finding::Unique { solution, .. }, Some(notation)) = (&self.finding, self.notation)
        else {
            return None;
        };
        let notation = Notation {
            layout: Layout::Line,
            ..notation.for_side(solution.shape().side())
        };
        let mut text = String::with_capacity(solution.shape().cells() * 3);
        write_grid(&mut text, solution, &notation);
        Some(text.trim_end().to_string())
    }

    /// The row for machines, [`TSV_HEADER`]'s columns, `-` for what does
    /// not apply; no newline. Tabs and newlines in a reason become spaces.
    pub fn tsv(&self) -> String {
        let size = self
            .shape
            .as_ref()
            .map_or("-".to_string(), |s| s.side().to_string());
        let reason = self
            .finding
            .reason()
            .map_or("-".to_string(), |r| r.replace(['\t', '\n', '\r'], " "));
        format!(
            "{}\t{}\t{size}\t{}\t{}\t{}\t{}\t{reason}",
            self.index,
            self.line,
            self.finding.id(),
            self.finding.count_text(),
            self.finding.difficulty().unwrap_or("-"),
            self.solution_text().as_deref().unwrap_or("-"),
        )
    }

    /// The row for people: `puzzle 3 (line 7, 9×9): unique, medium: hidden singles`.
    pub fn text(&self) -> String {
        let mut out = format!("puzzle {} (line {}", self.index, self.line);
        if let Some(shape) = &self.shape {
            let _ = write!(out, ", {shape}");
        }
        out.push_str("): ");
        let _ = match &self.finding {
            Finding::Unique { grade, .. } => match grade {
                Some(g) => write!(out, "unique, {g}"),
                None => write!(out, "unique"),
            },
            Finding::Several { count, more: true } => {
                write!(out, "several: at least {count} solutions")
            }
            Finding::Several { count, .. } => write!(out, "several: {count} solutions"),
            Finding::NoSolution => write!(out, "none: no solution"),
            Finding::Invalid { reason } => write!(out, "invalid: {reason}"),
            Finding::Unfinished { found, reason } => {
                write!(out, "unfinished: {reason} ({found} solutions found)")
            }
        };
        out
    }
}

/// Counts of each outcome, for a report's last line.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    /// [`Finding::Unique`] verdicts.
    pub unique: u64,
    /// [`Finding::Several`].
    pub several: u64,
    /// [`Finding::NoSolution`].
    pub none: u64,
    /// [`Finding::Invalid`].
    pub invalid: u64,
    /// [`Finding::Unfinished`].
    pub unfinished: u64,
}

impl Tally {
    /// Counts one more finding.
    pub fn add(&mut self, finding: &Finding) {
        *match finding {
            Finding::Unique { .. } => &mut self.unique,
            Finding::Several { .. } => &mut self.several,
            Finding::NoSolution => &mut self.none,
            Finding::Invalid { .. } => &mut self.invalid,
            Finding::Unfinished { .. } => &mut self.unfinished,
        } += 1;
    }

    /// Adds another tally's counts.
    pub fn add_all(&mut self, other: &Tally) {
        self.unique += other.unique;
        self.several += other.several;
        self.none += other.none;
        self.invalid += other.invalid;
        self.unfinished += other.unfinished;
    }

    /// Puzzles counted.
    pub fn total(&self) -> u64 {
        self.unique + self.several + self.none + self.invalid + self.unfinished
    }

    /// Puzzles that are not unique.
    pub fn failures(&self) -> u64 {
        self.total() - self.unique
    }
}

/// `1465 puzzles: 1460 unique, 2 several, 1 none, 2 invalid, 0 unfinished`.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.total();
        write!(
            f,
            "{n} puzzle{}: {} unique, {} several, {} none, {} invalid, {} unfinished",
            if n == 1 { "" } else { "s" },
            self.unique,
            self.several,
            self.none,
            self.invalid,
            self.unfinished
        )
    }
}
