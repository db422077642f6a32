//! The progress bar on standard error (indicatif): puzzles done, rate and
//! time left. Only on a terminal, only once a batch has run a second (a
//! short batch never flickers one), never with `--quiet`. Messages to
//! standard error go through here so they print above the bar.
//!
//! A count or an estimate also shows the solutions (or probes) found so far
//! and the positions tried. Those come from the workers while they search
//! ([`Reporter`]), not from finished puzzles, so one long puzzle moves the
//! bar too, and can be the one to show it once the second has passed.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A batch shorter than this shows no bar.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// How often a worker adds what its puzzle found to the totals: often
/// enough for a bar redrawn five times a second, rarely enough to cost
/// nothing.
const REPORT_EVERY: Duration = Duration::from_millis(100);

pub(crate) struct Progress {
    /// `None` when no bar may be shown.
    shared: Option<Arc<Shared>>,
    puzzles: u64,
}

/// The bar, and what the workers add to it.
pub(crate) struct Shared {
    bar: ProgressBar,
    shown: AtomicBool,
    started: Instant,
    show_after: Duration,
    totals: Arc<Totals>,
}

/// Solutions (or probes) and positions over the whole run, puzzles under
/// way included.
#[derive(Default)]
struct Totals {
    found: AtomicU64,
    nodes: AtomicU64,
}

impl Progress {
    /// A bar over `total` bytes of input (a spinner when unknown), if
    /// standard error is a terminal and `quiet` is off. `counting` names
    /// what the workers report as found (`solutions`, `probes`), for a
    /// count or an estimate.
    pub fn new(quiet: bool, total: Option<u64>, counting: Option<&'static str>) -> Progress {
        let wanted = !quiet && io::stderr().is_terminal();
        // For the tests, which drive a pseudo-terminal: show the bar at once.
        let show_after = match std::env::var("BITSUDOKU_PROGRESS_AFTER_MS") {
            Ok(ms) => ms.parse().map_or(SHOW_AFTER, Duration::from_millis),
            Err(_) => SHOW_AFTER,
        };
        let shared = wanted.then(|| {
            let totals = Arc::new(Totals::default());
            let live = if counting.is_some() {
                " · {found} · {positions} · {elapsed}"
            } else {
                ""
            };
            let (bar, template) = match (total, counting) {
                (Some(len), None) => (
                    ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden()),
                    "{wide_bar} {percent:>3}% · {msg} · {eta} left".to_string(),
                ),
                (Some(len), Some(_)) => (
                    ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden()),
                    format!("{{wide_bar}} {{percent:>3}}% · {{msg}}{live}"),
                ),
                (None, _) => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                    if counting.is_some() {
                        format!("{{spinner}} {{msg}}{live}")
                    } else {
                        "{spinner} {msg} · {elapsed}".to_string()
                    },
                ),
            };
            let what = counting.unwrap_or("solutions");
            let (found, nodes) = (totals.clone(), totals.clone());
            let style = ProgressStyle::with_template(&template)
                .expect("a valid template")
                .with_key(
                    "found",
                    move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let n = found.found.load(Ordering::Relaxed);
                        let _ = write!(w, "{} {what}", HumanCount(n));
                    },
                )
                .with_key(
                    "positions",
                    move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let n = nodes.nodes.load(Ordering::Relaxed);
                        let _ = write!(w, "{} positions", HumanCount(n));
                    },
                );
            bar.set_style(style);
            // What a long first puzzle's bar says until a puzzle is done.
            bar.set_message("0 puzzles");
            Arc::new(Shared {
                bar,
                shown: AtomicBool::new(false),
                started: Instant::now(),
                show_after,
                totals,
            })
        });
        Progress { shared, puzzles: 0 }
    }

    /// What the workers need to report a puzzle under way: `None` when no
    /// bar may be shown.
    pub fn live(&self) -> Option<Arc<Shared>> {
        self.shared.clone()
    }

    /// `puzzles` more are written; `position` bytes of input are behind them.
    pub fn advance(&mut self, position: u64, puzzles: u64) {
        self.puzzles += puzzles;
        let Some(shared) = &self.shared else { return };
        if !shared.show_when_due() {
            return;
        }
        let bar = &shared.bar;
        bar.set_position(position);
        let elapsed = shared.started.elapsed();
        let rate = self.puzzles as f64 / elapsed.as_secs_f64().max(1e-3);
        bar.set_message(format!("{} puzzles · {rate:.0}/s", self.puzzles));
    }

    /// Puzzles written so far.
    pub fn puzzles(&self) -> u64 {
        self.puzzles
    }

    /// Prints to standard error above the bar.
    pub fn eprint(&self, text: &str) {
        match &self.shared {
            Some(shared) if shared.shown.load(Ordering::Acquire) => {
                shared.bar.suspend(|| eprint!("{text}"))
            }
            _ => eprint!("{text}"),
        }
    }

    /// Removes the bar.
    pub fn finish(&mut self) {
        if let Some(shared) = self.shared.take() {
            shared.bar.finish_and_clear();
        }
    }
}

impl Shared {
    /// Shows the bar once the run has lasted long enough, from whichever
    /// thread gets there first. Returns whether it shows.
    fn show_when_due(&self) -> bool {
        if self.shown.load(Ordering::Acquire) {
            return true;
        }
        if self.started.elapsed() < self.show_after {
            return false;
        }
        if !self.shown.swap(true, Ordering::AcqRel) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            // Keeps the clock and the counts moving through one long puzzle.
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
        true
    }

    /// A report for one puzzle, starting now.
    pub fn reporter(self: &Arc<Self>) -> Reporter {
        Reporter {
            shared: self.clone(),
            said: (0, 0),
            at: Instant::now(),
        }
    }
}

/// A worker's report on the puzzle it searches: what it found and tried
/// since it last said, added to the run's totals every [`REPORT_EVERY`]
/// and at the end.
pub(crate) struct Reporter {
    shared: Arc<Shared>,
    /// Found and nodes already added to the totals.
    said: (u64, u64),
    at: Instant,
}

impl Reporter {
    /// The puzzle has found `found` and tried `nodes` so far.
    pub fn update(&mut self, found: u64, nodes: u64) {
        if self.at.elapsed() >= REPORT_EVERY {
            self.at = Instant::now();
            self.say(found, nodes);
            self.shared.show_when_due();
        }
    }

    /// The puzzle is done with `found` and `nodes`.
    pub fn finish(mut self, found: u64, nodes: u64) {
        self.say(found, nodes);
    }

    fn say(&mut self, found: u64, nodes: u64) {
        let totals = &self.shared.totals;
        totals
            .found
            .fetch_add(found.saturating_sub(self.said.0), Ordering::Relaxed);
        totals
            .nodes
            .fetch_add(nodes.saturating_sub(self.said.1), Ordering::Relaxed);
        self.said = (found, nodes);
    }
}
