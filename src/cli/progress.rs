//! The progress bar on standard error (indicatif): puzzles done, rate and
//! time left. Only on a terminal, only once a batch has run a second (a
//! short batch never flickers one), never with `--quiet`. Messages to
//! standard error go through here so they print above the bar.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A batch shorter than this shows no bar.
const SHOW_AFTER: Duration = Duration::from_secs(1);

pub(crate) struct Progress {
    /// `None` when no bar may be shown.
    bar: Option<ProgressBar>,
    shown: bool,
    started: Instant,
    show_after: Duration,
    puzzles: u64,
}

impl Progress {
    /// A bar over `total` bytes of input (a spinner when unknown), if
    /// standard error is a terminal and `quiet` is off.
    pub fn new(quiet: bool, total: Option<u64>) -> Progress {
        let wanted = !quiet && io::stderr().is_terminal();
        let bar = wanted.then(|| {
            let (bar, template) = match total {
                Some(len) => (
                    ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden()),
                    "{wide_bar} {percent:>3}% · {msg} · {eta} left",
                ),
                None => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                    "{spinner} {msg} · {elapsed}",
                ),
            };
            bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
            bar
        });
        // For the tests, which drive a pseudo-terminal: show the bar at once.
        let show_after = match std::env::var("BITSUDOKU_PROGRESS_AFTER_MS") {
            Ok(ms) => ms.parse().map_or(SHOW_AFTER, Duration::from_millis),
            Err(_) => SHOW_AFTER,
        };
        Progress {
            bar,
            shown: false,
            started: Instant::now(),
            show_after,
            puzzles: 0,
        }
    }

    /// `puzzles` more are written; `position` bytes of input are behind them.
    pub fn advance(&mut self, position: u64, puzzles: u64) {
        self.puzzles += puzzles;
        let Some(bar) = &self.bar else { return };
        let elapsed = self.started.elapsed();
        if !self.shown {
            if elapsed < self.show_after {
                return;
            }
            bar.set_draw_target(ProgressDrawTarget::stderr());
            // Keeps the clock moving through one long puzzle.
            bar.enable_steady_tick(Duration::from_millis(200));
            self.shown = true;
        }
        bar.set_position(position);
        let rate = self.puzzles as f64 / elapsed.as_secs_f64().max(1e-3);
        bar.set_message(format!("{} puzzles · {rate:.0}/s", self.puzzles));
    }

    /// Puzzles written so far.
    pub fn puzzles(&self) -> u64 {
        self.puzzles
    }

    /// Prints to standard error above the bar.
    pub fn eprint(&self, text: &str) {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(|| eprint!("{text}")),
            _ => eprint!("{text}"),
        }
    }

    /// Removes the bar.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
