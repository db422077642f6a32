//! The batch loop of `solve`, `count` and `check`: read puzzles, answer each,
//! write the answers in input order.
//!
//! With `--jobs N` the answering runs on a rayon pool of N threads while this
//! thread reads and writes. Puzzles go out in chunks; answers come back over
//! a crossbeam channel in any order and are written in input order, so the
//! output is byte for byte that of `--jobs 1`. At most `WINDOW_PER_JOB × N`
//! chunks are out at once: memory stays flat however long the input, and a
//! slow puzzle holds back only the window behind it.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Read, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bitsudoku::collection::{describe_conflict, Finding, Tally, Verdict, TSV_HEADER};
use bitsudoku::logic::{path, End, Level};
use bitsudoku::{
    format::write_grid, parse::Entries, Entry, EstimateOptions, Estimator, Grid, Layout, Outcome,
    ParseOptions, Puzzle, SolveOptions, Solver, Summary,
};
use serde::Serialize;

use super::progress::{Progress, Reporter, Shared};
use super::{Format, Separator, Times};

/// Puzzles per chunk handed to a worker: enough that the hand-off costs
/// little beside a 10 µs puzzle, few enough that chunks spread evenly.
const CHUNK: usize = 16;
/// Chunks in flight per worker.
const WINDOW_PER_JOB: usize = 8;

#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode {
    Solve(Separator),
    Count,
    /// `count --estimate`.
    Estimate(EstimateOptions),
    Check(Format),
    /// The logical path, one step a line, with techniques up to this level.
    Explain(Level),
}

/// One item of the input: a puzzle (or why it could not be read), or a read
/// error that ends the input.
enum Item {
    Entry(Entry),
    ReadError { line: usize, error: String },
}

/// What answering one item produced, kept until its turn to be written.
#[derive(Default)]
struct Record {
    /// For standard output. A block solution (`block`) gets `--separator
    /// between`'s blank line in front when it is not the first.
    out: String,
    block: bool,
    /// For standard error.
    err: String,
    failed: bool,
    unreadable: bool,
    /// The solve time and puzzle number, for `--stats`' summary.
    time: Option<(Duration, usize)>,
    tally: Tally,
}

/// How to answer a puzzle: everything the workers share, read-only.
pub(crate) struct Judge {
    pub options: SolveOptions,
    pub mode: Mode,
    pub stats: bool,
    pub timeout: Option<Duration>,
    /// The progress bar's totals, when there is a bar and the run counts:
    /// a puzzle reports to them while it searches.
    pub live: Option<Arc<Shared>>,
}

thread_local! {
    /// Each worker's last solver, whose memory the next puzzle reuses.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// What stopped a search before it ended.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Timeout(f64),
    Nodes(u64),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Timeout(s) => write!(f, "timed out after {s} s (--timeout)"),
            Stop::Nodes(n) => write!(f, "gave up after {n} search nodes (--max-nodes)"),
        }
    }
}

/// `check --format json`'s line: one object per puzzle.
#[derive(Serialize)]
struct JsonVerdict<'a> {
    puzzle: usize,
    line: usize,
    size: Option<usize>,
    outcome: &'static str,
    /// Solutions established (found so far for `unfinished`).
    count: Option<u64>,
    /// Whether there may be more than `count`.
    more: bool,
    difficulty: Option<&'static str>,
    guesses: Option<u64>,
    solution: Option<String>,
    reason: Option<&'a str>,
}

impl Judge {
    fn judge(&self, name: &str, item: Item) -> Record {
        match item {
            Item::ReadError { line, error } => Record {
                err: format!("bitsudoku: {name}: cannot read past line {line}: {error}\n"),
                unreadable: true,
                ..Record::default()
            },
            Item::Entry(entry) => {
                SOLVER.with(|slot| self.answer(name, entry, &mut slot.borrow_mut()))
            }
        }
    }

    fn answer(&self, name: &str, entry: Entry, solver: &mut Option<Solver>) -> Record {
        let mut rec = Record::default();
        let where_ = |line: usize, column: Option<usize>| Here {
            name,
            index: entry.index,
            line,
            column,
        };
        let puzzle = match &entry.result {
            Ok(p) => p,
            Err(e) => {
                rec.failed = true;
                match self.mode {
                    Mode::Check(format) => {
                        self.print_verdict(&mut rec, &Verdict::unreadable(&entry, e), format)
                    }
                    // One output line per puzzle, so `count`'s lines match its input's.
                    Mode::Count | Mode::Estimate(_) => {
                        rec.err = format!("{}: {}\n", where_(e.line, e.column), e.kind);
                        rec.out.push_str("-\tinvalid\n");
                    }
                    Mode::Solve(_) | Mode::Explain(_) => {
                        rec.err = format!("{}: {}\n", where_(e.line, e.column), e.kind)
                    }
                }
                return rec;
            }
        };
        // Written only into a message: most puzzles have none.
        let here = where_(entry.line, None);
        if let Mode::Explain(level) = self.mode {
            explain(&mut rec, &here, entry.index, entry.line, puzzle, level);
            return rec;
        }
        let started = Instant::now();
        if let Mode::Estimate(options) = self.mode {
            self.estimate(&mut rec, &here, puzzle, &options, entry.index);
            return rec;
        }
        let (engine, limit) = (self.options.engine, self.options.limit);
        let solver = Solver::reuse(solver, &puzzle.grid, engine, limit);
        let budget = self.options.max_nodes.saturating_sub(solver.stats().nodes);
        let timeout = self.timeout;
        let out_of_time = || timeout.is_some_and(|t| started.elapsed() >= t);
        let finished = match self.live.as_ref().map(Shared::reporter) {
            None if timeout.is_none() => solver.run(budget),
            None => solver.run_until(budget, out_of_time),
            Some(mut reporter) => {
                let finished = solver.run_watching(budget, |s| {
                    reporter.update(s.found(), s.stats().nodes);
                    out_of_time()
                });
                reporter.finish(solver.found(), solver.stats().nodes);
                finished
            }
        };
        // A count needs no solution: the grids are built only for the rest.
        let summary = solver.summary();
        let stats = solver.stats();
        let elapsed = started.elapsed();
        // Why the search stopped short, in the words of the option that
        // stopped it. Set whenever the outcome is `OutOfBudget`.
        let stopped = match (summary, finished) {
            (Summary::OutOfBudget { .. }, _) | (_, false) => Some(match self.timeout {
                Some(t) if stats.nodes < self.options.max_nodes => Stop::Timeout(t.as_secs_f64()),
                _ => Stop::Nodes(self.options.max_nodes),
            }),
            _ => None,
        };
        if self.stats {
            rec.time = Some((elapsed, entry.index));
            let outcome = match stopped {
                Some(Stop::Timeout(_)) => "timeout",
                _ => summary.id(),
            };
            let conflicts = match stats.conflicts {
                0 => String::new(),
                c => format!(", {c} conflicts"),
            };
            rec.err = format!(
                "{here}: {outcome}, {} guesses, {} nodes{conflicts}, {} µs\n",
                stats.guesses,
                stats.nodes,
                elapsed.as_micros()
            );
        }
        match self.mode {
            Mode::Solve(separator) => solution(
                &mut rec,
                &here,
                puzzle,
                &solver.report().outcome,
                stopped,
                separator,
            ),
            Mode::Count => count(&mut rec, &here, puzzle, summary, stopped),
            Mode::Explain(_) => unreachable!("explained above"),
            Mode::Estimate(_) => unreachable!("estimates are answered above"),
            Mode::Check(format) => {
                let report = solver.report();
                let finding = Finding::from_report(puzzle, &report, stopped.map(|s| s.to_string()));
                let verdict = Verdict::of(entry.index, entry.line, puzzle, finding);
                self.print_verdict(&mut rec, &verdict, format);
            }
        }
        rec
    }

    /// `count --estimate`'s line for one puzzle. `--timeout` and
    /// `--max-nodes` end the probes early: the estimate from those done so
    /// far is printed with a warning (it says how many), or `-` when fewer
    /// than two were done.
    fn estimate(
        &self,
        rec: &mut Record,
        here: &Here,
        puzzle: &Puzzle,
        options: &EstimateOptions,
        index: usize,
    ) {
        let started = Instant::now();
        let mut estimator = Estimator::new(&puzzle.grid, options);
        let timeout = self.timeout;
        let mut reporter: Option<Reporter> = self.live.as_ref().map(Shared::reporter);
        let finished = estimator.run_watching(self.options.max_nodes, |e| {
            if let Some(r) = &mut reporter {
                r.update(e.probes_done(), e.nodes());
            }
            timeout.is_some_and(|t| started.elapsed() >= t)
        });
        let estimate = estimator.estimate();
        if let Some(r) = reporter {
            r.finish(estimate.probes, estimate.nodes);
        }
        let stopped = (!finished).then_some(match timeout {
            Some(t) if estimate.nodes < self.options.max_nodes => Stop::Timeout(t.as_secs_f64()),
            _ => Stop::Nodes(self.options.max_nodes),
        });
        if self.stats {
            let elapsed = started.elapsed();
            rec.time = Some((elapsed, index));
            let word = match (stopped, estimate.exact) {
                (Some(Stop::Timeout(_)), _) => "timeout",
                (Some(Stop::Nodes(_)), _) => "budget",
                (None, Some(_)) => "exact",
                (None, None) => "estimate",
            };
            rec.err = format!(
                "{here}: {word}, {} probes, {} nodes, {} µs\n",
                estimate.probes,
                estimate.nodes,
                elapsed.as_micros()
            );
        }
        if let Some(c) = &estimate.conflict {
            let why = describe_conflict(c, &puzzle.grid, &puzzle.notation);
            rec.err.push_str(&format!("{here}: {why}\n"));
        }
        match stopped {
            Some(stop) if estimate.probes < 2 => {
                rec.err.push_str(&format!("{here}: {stop}\n"));
                rec.failed = true;
                let word = match stop {
                    Stop::Timeout(_) => "timeout",
                    Stop::Nodes(_) => "budget",
                };
                rec.out = format!("-\t{word}\n");
            }
            Some(stop) => {
                rec.err.push_str(&format!(
                    "{here}: warning: {stop}: estimated from {} of {} probes\n",
                    estimate.probes, options.probes
                ));
                rec.out = format!("{estimate}\n");
            }
            None => rec.out = format!("{estimate}\n"),
        }
    }

    fn print_verdict(&self, rec: &mut Record, verdict: &Verdict, format: Format) {
        rec.tally.add(&verdict.finding);
        rec.failed = verdict.finding.is_failure();
        rec.out = match format {
            Format::Text => verdict.text(),
            Format::Tsv => verdict.tsv(),
            Format::Json => {
                let f = &verdict.finding;
                let json = JsonVerdict {
                    puzzle: verdict.index,
                    line: verdict.line,
                    size: verdict.shape.as_ref().map(|s| s.side()),
                    outcome: f.id(),
                    count: f.solutions().map(|(n, _)| n),
                    more: f.solutions().is_some_and(|(_, more)| more),
                    difficulty: f.difficulty(),
                    guesses: f.guesses(),
                    solution: verdict.solution_text(),
                    reason: f.reason(),
                };
                serde_json::to_string(&json).expect("a verdict serializes")
            }
        };
        rec.out.push('\n');
    }
}

/// Where a puzzle is, for messages (`FILE:puzzle 3 (line 5, column 2)`).
struct Here<'a> {
    name: &'a str,
    index: usize,
    line: usize,
    column: Option<usize>,
}

impl fmt::Display for Here<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:puzzle {} (line {}", self.name, self.index, self.line)?;
        if let Some(c) = self.column {
            write!(f, ", column {c}")?;
        }
        f.write_str(")")
    }
}

fn solution(
    rec: &mut Record,
    here: &Here,
    puzzle: &Puzzle,
    outcome: &Outcome,
    stopped: Option<Stop>,
    separator: Separator,
) {
    let note = |rec: &mut Record, text: String, failed: bool| {
        rec.err.push_str(&format!("{here}: {text}\n"));
        rec.failed |= failed;
    };
    if let Some(stop) = stopped {
        match outcome.solution() {
            // A solution found before the stop is still a solution: print
            // it, and say the proof of uniqueness did not finish.
            Some(g) => {
                note(rec, format!("warning: uniqueness unproven: {stop}"), false);
                grid_text(rec, puzzle, g, separator);
            }
            None => note(rec, stop.to_string(), true),
        }
        return;
    }
    match outcome {
        Outcome::Unique(g) | Outcome::Solved(g) => grid_text(rec, puzzle, g, separator),
        Outcome::Several { example, .. } => {
            note(rec, "warning: several solutions; printed one".into(), false);
            grid_text(rec, puzzle, example, separator);
        }
        Outcome::NoSolution => note(rec, "no solution".into(), true),
        Outcome::Conflict(c) => note(
            rec,
            describe_conflict(c, &puzzle.grid, &puzzle.notation),
            true,
        ),
        // `stopped` is set for it: handled above.
        Outcome::OutOfBudget { .. } => {}
    }
}

fn grid_text(rec: &mut Record, puzzle: &Puzzle, grid: &Grid, separator: Separator) {
    let text = &mut rec.out;
    write_grid(text, grid, &puzzle.notation);
    if let Some(comment) = &puzzle.comment {
        // Keep the line's comment after the solution: `<solution>\t<name>`.
        text.pop();
        text.push_str(comment);
        text.push('\n');
    }
    if puzzle.notation.layout != Layout::Line {
        rec.block = true;
        if separator == Separator::After {
            text.push('\n');
        }
    }
}

/// `count`'s line: a count of 0 for a conflict or no solution is a count
/// like any other (status 0); a puzzle that could not be read or whose
/// search was stopped gets `-` or `N+` and status 1.
/// `explain`: a header, one line per step (`Hidden single: R3C7=5`), then
/// how the path ended; a blank line after each puzzle. Where the techniques
/// run out it says so and stops: it never guesses.
fn explain(
    rec: &mut Record,
    here: &Here,
    index: usize,
    line: usize,
    puzzle: &Puzzle,
    level: Level,
) {
    let (size, alphabet) = (puzzle.grid.shape(), puzzle.notation.alphabet);
    let p = match path(&puzzle.grid, level) {
        Ok(p) => p,
        Err(c) => {
            rec.failed = true;
            rec.err = format!(
                "{here}: {}\n",
                describe_conflict(&c, &puzzle.grid, &puzzle.notation)
            );
            return;
        }
    };
    let out = &mut rec.out;
    out.push_str(&format!("# puzzle {index} (line {line}, {size})\n"));
    for step in &p.steps {
        out.push_str(&format!(
            "{}: {}\n",
            step.technique,
            step.effects(size, alphabet)
        ));
    }
    let steps = p.steps.len();
    match p.end {
        End::Solved => out.push_str(&format!(
            "Solved in {steps} steps: {}{}.\n",
            p.level(),
            p.hardest()
                .map_or(String::new(), |t| format!(" (hardest technique: {t})"))
        )),
        End::Stuck => out.push_str(&format!(
            "Stuck after {steps} steps: no technique up to {} applies; {} cells are left, and logic alone goes no further (the rest needs guessing).\n",
            level.min(Level::Expert),
            p.last.empty()
        )),
        End::Dead(_) => {
            rec.failed = true;
            out.push_str(&format!(
                "No solution: after {steps} steps a cell or a house has no candidate left.\n"
            ))
        }
    }
    out.push('\n');
}

fn count(rec: &mut Record, here: &Here, puzzle: &Puzzle, summary: Summary, stopped: Option<Stop>) {
    if let Some(stop) = stopped {
        rec.err.push_str(&format!("{here}: {stop}\n"));
        rec.failed = true;
        let word = match stop {
            Stop::Timeout(_) => "timeout",
            Stop::Nodes(_) => "budget",
        };
        rec.out = format!("{}+\t{word}\n", summary.found());
        return;
    }
    let word = match summary {
        Summary::Unique => "1\tunique\n",
        Summary::Solved => "1+\tsolved\n",
        // Written without the formatter: on a file of puzzles with several
        // solutions it was 2.5% of a count.
        Summary::Several { count, more } => {
            rec.out.push_str(itoa::Buffer::new().format(count));
            if more {
                rec.out.push('+');
            }
            "\tseveral\n"
        }
        Summary::NoSolution => "0\tnone\n",
        Summary::Conflict(c) => {
            let why = describe_conflict(&c, &puzzle.grid, &puzzle.notation);
            rec.err.push_str(&format!("{here}: {why}\n"));
            "0\tconflict\n"
        }
        // `stopped` is set for it: handled above.
        Summary::OutOfBudget { .. } => "",
    };
    rec.out.push_str(word);
}

/// Counts the bytes its reader hands out, for the progress bar.
struct Counted<R> {
    inner: R,
    bytes: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.set(self.bytes.get() + n as u64);
        Ok(n)
    }
}

/// Items of one input in chunks, each with the bytes read when it was cut.
struct Chunks<R: Read> {
    entries: Entries<io::BufReader<encoding_rs_io::DecodeReaderBytes<Counted<R>, Vec<u8>>>>,
    bytes: Rc<Cell<u64>>,
    ended: bool,
}

impl<R: Read> Chunks<R> {
    fn new(reader: R, parse: ParseOptions) -> Chunks<R> {
        let bytes = Rc::new(Cell::new(0));
        let counted = Counted {
            inner: reader,
            bytes: bytes.clone(),
        };
        Chunks {
            entries: Entries::new(
                io::BufReader::with_capacity(1 << 16, super::decoded(counted)),
                parse,
            ),
            bytes,
            ended: false,
        }
    }

    fn next_chunk(&mut self) -> Option<(Vec<Item>, u64)> {
        if self.ended {
            return None;
        }
        let mut items = Vec::with_capacity(CHUNK);
        while items.len() < CHUNK {
            match self.entries.next() {
                Some(Ok(entry)) => items.push(Item::Entry(entry)),
                Some(Err(e)) => items.push(Item::ReadError {
                    line: self.entries.lines_read(),
                    error: e.to_string(),
                }),
                None => {
                    self.ended = true;
                    break;
                }
            }
        }
        (!items.is_empty()).then(|| (items, self.bytes.get()))
    }
}

/// Where the records go, in input order: standard output (a buffer in
/// tests) and standard error, through the progress bar.
pub(crate) struct Sink<W: Write> {
    pub out: W,
    mode: Mode,
    /// Block solutions printed so far (for the `between` separator).
    blocks: u64,
    failed: bool,
    unreadable: bool,
    tally: Tally,
    progress: Progress,
    started: Instant,
}

impl<W: Write> Sink<W> {
    fn write(&mut self, rec: Record, times: &mut Times) -> io::Result<()> {
        if !rec.err.is_empty() {
            self.progress.eprint(&rec.err);
        }
        if rec.block {
            if self.blocks > 0 && matches!(self.mode, Mode::Solve(Separator::Between)) {
                self.out.write_all(b"\n")?;
            }
            self.blocks += 1;
        }
        self.out.write_all(rec.out.as_bytes())?;
        self.failed |= rec.failed;
        self.unreadable |= rec.unreadable;
        self.tally.add_all(&rec.tally);
        if let Some((took, index)) = rec.time {
            times.add(took, index);
        }
        Ok(())
    }
}

/// One run over all inputs.
pub(crate) struct Job<W: Write> {
    judge: Judge,
    parse: ParseOptions,
    pool: Option<rayon::ThreadPool>,
    pub sink: Sink<W>,
}

impl<W: Write> Job<W> {
    pub fn new(
        judge: Judge,
        parse: ParseOptions,
        jobs: usize,
        progress: Progress,
        out: W,
    ) -> Job<W> {
        let mode = judge.mode;
        // One job answers on this thread, as before --jobs existed; so does
        // a system that will not start the threads.
        let pool = (jobs > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .thread_name(|i| format!("bitsudoku-{i}"))
                    .build()
                    .ok()
            })
            .flatten();
        Job {
            judge,
            parse,
            pool,
            sink: Sink {
                out,
                mode,
                blocks: 0,
                failed: false,
                unreadable: false,
                tally: Tally::default(),
                progress,
                started: Instant::now(),
            },
        }
    }

    pub fn start(&mut self) -> io::Result<()> {
        if let Mode::Check(Format::Tsv) = self.judge.mode {
            writeln!(self.sink.out, "{TSV_HEADER}")?;
        }
        Ok(())
    }

    /// Ends the run: `check`'s summary, and the exit status.
    pub fn finish(&mut self) -> io::Result<u8> {
        self.sink.progress.finish();
        if let Mode::Check(format) = self.judge.mode {
            let tally = self.sink.tally;
            match format {
                Format::Text => writeln!(self.sink.out, "{tally}")?,
                // Standard output holds rows only; the summary is for people.
                Format::Tsv | Format::Json => eprintln!("bitsudoku: {tally}"),
            }
            if self.judge.stats {
                let secs = self.sink.started.elapsed().as_secs_f64();
                eprintln!(
                    "bitsudoku: checked {} puzzles in {secs:.3} s ({:.0} puzzles/s)",
                    tally.total(),
                    tally.total() as f64 / secs.max(1e-9)
                );
            }
        }
        self.sink.out.flush()?;
        Ok(self.status())
    }

    /// Puzzles written so far.
    pub fn puzzles(&self) -> u64 {
        self.sink.progress.puzzles()
    }

    pub fn status(&self) -> u8 {
        if self.sink.unreadable {
            2
        } else if self.sink.failed {
            1
        } else {
            0
        }
    }

    /// Marks an input that could not be opened.
    pub fn unreadable(&mut self, message: &str) {
        self.sink.progress.eprint(message);
        self.sink.unreadable = true;
    }

    /// Answers every puzzle of one input. `base` is the bytes of earlier
    /// inputs, for the progress bar.
    pub fn run_input(&mut self, name: &str, reader: impl Read, base: u64) -> io::Result<()> {
        let mut times = Times::default();
        let mut chunks = Chunks::new(reader, self.parse);
        let Job {
            judge, pool, sink, ..
        } = self;
        let result = match pool {
            None => (|| {
                while let Some((items, bytes)) = chunks.next_chunk() {
                    let n = items.len() as u64;
                    for item in items {
                        sink.write(judge.judge(name, item), &mut times)?;
                    }
                    sink.progress.advance(base + bytes, n);
                }
                Ok(())
            })(),
            Some(pool) => {
                let window = WINDOW_PER_JOB * pool.current_num_threads();
                let judge = &*judge;
                pool.in_place_scope(|scope| {
                    let (tx, rx) = crossbeam_channel::unbounded::<(u64, Vec<Record>)>();
                    let mut waiting: BTreeMap<u64, Vec<Record>> = BTreeMap::new();
                    let mut bytes_at: BTreeMap<u64, u64> = BTreeMap::new();
                    let (mut sent, mut written) = (0u64, 0u64);
                    let mut result = Ok(());
                    loop {
                        let chunk = if result.is_ok() && sent - written < window as u64 {
                            chunks.next_chunk()
                        } else {
                            None
                        };
                        if let Some((items, bytes)) = chunk {
                            let tx = tx.clone();
                            let seq = sent;
                            bytes_at.insert(seq, bytes);
                            scope.spawn(move |_| {
                                let records = items.into_iter().map(|i| judge.judge(name, i));
                                // The receiver outlives the scope.
                                let _ = tx.send((seq, records.collect()));
                            });
                            sent += 1;
                            continue;
                        }
                        if written == sent {
                            break;
                        }
                        // The window is full or the input has ended: write
                        // what has come back, in order.
                        let (seq, records) = rx.recv().expect("a worker's answers");
                        waiting.insert(seq, records);
                        while let Some(records) = waiting.remove(&written) {
                            let n = records.len() as u64;
                            if result.is_ok() {
                                for rec in records {
                                    if let Err(e) = sink.write(rec, &mut times) {
                                        result = Err(e);
                                        break;
                                    }
                                }
                            }
                            let bytes = bytes_at.remove(&written).unwrap_or(0);
                            sink.progress.advance(base + bytes, n);
                            written += 1;
                        }
                    }
                    result
                })
            }
        };
        if judge.stats && times.count > 0 {
            sink.progress.eprint(&times.summary(name));
        }
        result
    }
}
