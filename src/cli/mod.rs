//! Argument parsing and the batch loop. Only conversions and I/O live here;
//! every decision about puzzles is the core's.

mod bench;
mod generate;
mod table;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bitsudoku::{
    format::write_grid, parse::Entries, Alphabet, Conflict, Engine, Grid, Layout, Notation,
    Outcome, ParseOptions, Puzzle, Size, SolveOptions, Solver,
};
use clap::{Args, Parser as ClapParser, Subcommand, ValueEnum};

#[derive(ClapParser, Debug)]
#[command(
    name = "bitsudoku",
    version,
    about = "Solve 4×4, 9×9, 16×16 and 25×25 Sudoku puzzles in the judges' formats",
    after_help = "Exit status: 0 when every puzzle was answered (solve: a solution printed; count: a count \
                  established, 0 for no solution or conflicting givens included), 1 when some were not \
                  (unreadable puzzle, no solution to print, timeout or node limit), 2 for usage errors, \
                  unreadable files and output that could not be written."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve every puzzle and print each solution in the puzzle's own layout and alphabet.
    Solve(SolveArgs),
    /// Print the number of solutions of every puzzle (up to --limit) and whether it is unique.
    Count(CountArgs),
    /// Measure solving speed on puzzle sets; every answer is checked by the independent verifier.
    Bench(bench::BenchArgs),
    /// Make random puzzles with exactly one solution, graded by what solving them takes.
    Generate(generate::GenerateArgs),
}

#[derive(Args, Debug)]
struct InputArgs {
    /// Input files; standard input when none (or for `-`).
    files: Vec<String>,
    /// The search engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Bitmask)]
    engine: EngineArg,
    /// Read only puzzles of this side (settles 16-symbol lines: 4×4 puzzles or 16×16 rows).
    #[arg(long, value_parser = parse_size)]
    size: Option<Size>,
    /// The alphabet, for the sizes it serves: letters (A–P, A–Y), hex (0–F),
    /// digits-letters (1–9A–G, 1–9A–P), digits (1–9), numbers (1–16, 1–25,
    /// comma-separated). Detected when omitted.
    #[arg(long, value_parser = parse_alphabet)]
    alphabet: Option<Alphabet>,
    /// Give up on a puzzle after this many search nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after this many seconds (it is reported; the batch goes on).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Print the outcome, guesses, nodes and time of every puzzle to stderr.
    #[arg(long)]
    stats: bool,
}

#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Blank lines around block solutions: `between` cases (UVA 1309) or `after` each (POJ 3076, AcWing 169).
    #[arg(long, value_enum, default_value_t = Separator::Between)]
    separator: Separator,
    /// Stop at the first solution instead of also checking that it is the only one.
    #[arg(long)]
    first: bool,
}

#[derive(Args, Debug)]
struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Count up to this many solutions.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum EngineArg {
    Bitmask,
    Dlx,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Separator {
    Between,
    After,
}

/// True when the process started with standard output closed. Rust's
/// runtime then opens `/dev/null` read-write in its place, so writes
/// succeed and are lost; a shell's `>/dev/null` opens it write-only.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    use rustix::fs::{fcntl_getfl, fstat, OFlags};
    let out = io::stdout();
    let fd = std::os::fd::AsFd::as_fd(&out);
    let read_write = fcntl_getfl(fd).is_ok_and(|f| f & OFlags::RWMODE == OFlags::RDWR);
    let null = |s: rustix::fs::Stat| (s.st_dev, s.st_ino);
    read_write
        && match (fstat(fd), std::fs::metadata("/dev/null")) {
            (Ok(s), Ok(m)) => {
                use std::os::unix::fs::MetadataExt;
                null(s) == (m.dev() as _, m.ino() as _)
            }
            _ => false,
        }
}

#[cfg(not(unix))]
fn stdout_was_closed() -> bool {
    false
}

/// Opens an input file; a directory is refused by name, before any read
/// fails with the system's less helpful words.
pub(crate) fn open_file(path: &str) -> Result<File, String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    match file.metadata() {
        Ok(m) if m.is_dir() => Err("it is a directory".into()),
        _ => Ok(file),
    }
}

pub(crate) fn parse_size(s: &str) -> Result<Size, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| format!("'{s}' is not a side: use 4, 9, 16 or 25"))
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.parse::<f64>() {
        // `try_`: a number of seconds beyond a Duration is a usage error,
        // not a panic.
        Ok(v) if v > 0.0 && v.is_finite() => Duration::try_from_secs_f64(v)
            .map_err(|_| format!("'{s}' seconds is longer than this program can wait")),
        _ => Err(format!("'{s}' is not a number of seconds above 0")),
    }
}

/// Seconds for `bench`: a finite number from 0 (one pass) to a day.
pub(crate) fn parse_bench_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=86_400.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "'{s}' is not a number of seconds from 0 (one pass) to 86400"
        )),
    }
}

pub(crate) fn parse_alphabet(s: &str) -> Result<Alphabet, String> {
    Alphabet::from_name(s).ok_or_else(|| {
        format!("unknown alphabet '{s}': use letters, hex, digits-letters, digits or numbers")
    })
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with status 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    if stdout_was_closed() {
        // `>&-`: every write would vanish without an error, so say so and
        // stop before doing any work.
        eprintln!("bitsudoku: standard output is closed; nothing would be printed");
        return ExitCode::from(2);
    }
    let out = || BufWriter::with_capacity(1 << 16, io::stdout());
    let result = match cli.command {
        Command::Solve(args) => {
            let limit = if args.first { 1 } else { 2 };
            let mut job = Job::new(&args.input, limit, Mode::Solve(args.separator), out());
            job.run_inputs(&args.input.files)
        }
        Command::Count(args) => {
            let mut job = Job::new(&args.input, args.limit, Mode::Count, out());
            job.run_inputs(&args.input.files)
        }
        Command::Bench(args) => bench::run(&args),
        Command::Generate(args) => generate::run(&args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        // The reader went away (`| head`): stop without a message, but not
        // with success, since output was lost.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(2),
        Err(e) => {
            eprintln!("bitsudoku: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

/// `solve` or `count` over bytes in memory, the way `main` runs them over
/// files: the whole input path for the fuzz target (`fuzz/fuzz_targets/cli.rs`
/// compiles this module in). The reader hands out `chunk` bytes at a time, so
/// lines cross buffer boundaries anywhere. Returns the exit status and what
/// was printed; messages go to stderr as usual.
#[allow(dead_code)] // used by the fuzz target only
pub fn run_bytes(args: &[&str], input: &[u8], chunk: usize) -> Result<(u8, Vec<u8>), String> {
    let cli = Cli::try_parse_from(std::iter::once("bitsudoku").chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    let reader = BufReader::with_capacity(chunk.max(1), input);
    let mut job = match cli.command {
        Command::Solve(a) => {
            let limit = if a.first { 1 } else { 2 };
            Job::new(&a.input, limit, Mode::Solve(a.separator), Vec::new())
        }
        Command::Count(a) => Job::new(&a.input, a.limit, Mode::Count, Vec::new()),
        _ => return Err("only solve and count read puzzles this way".into()),
    };
    job.run_input("<bytes>", reader)
        .map_err(|e| e.to_string())?;
    let status = job.status();
    Ok((status, job.out))
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    Solve(Separator),
    Count,
}

/// One run over all inputs, writing to `W` (standard output; a buffer in tests).
struct Job<W: Write> {
    options: SolveOptions,
    parse: ParseOptions,
    mode: Mode,
    stats: bool,
    timeout: Option<Duration>,
    out: W,
    /// Block solutions printed so far (for the `between` separator).
    blocks: u64,
    failed: bool,
    unreadable: bool,
    /// The last puzzle's solver, whose memory the next one reuses.
    solver: Option<Solver>,
}

impl<W: Write> Job<W> {
    fn new(args: &InputArgs, limit: u64, mode: Mode, out: W) -> Job<W> {
        Job {
            options: SolveOptions {
                engine: match args.engine {
                    EngineArg::Bitmask => Engine::Bitmask,
                    EngineArg::Dlx => Engine::Dlx,
                },
                limit,
                max_nodes: args.max_nodes.unwrap_or(u64::MAX),
            },
            parse: ParseOptions {
                size: args.size,
                alphabet: args.alphabet,
                prefer: None,
            },
            mode,
            stats: args.stats,
            timeout: args.timeout,
            out,
            blocks: 0,
            failed: false,
            unreadable: false,
            solver: None,
        }
    }

    fn run_inputs(&mut self, files: &[String]) -> io::Result<u8> {
        if files.is_empty() {
            self.run_input("<stdin>", io::stdin().lock())?;
        }
        for file in files {
            if file == "-" {
                self.run_input("<stdin>", io::stdin().lock())?;
                continue;
            }
            match open_file(file) {
                Ok(f) => self.run_input(file, BufReader::with_capacity(1 << 16, f))?,
                Err(why) => {
                    eprintln!("bitsudoku: cannot read {file}: {why}");
                    self.unreadable = true;
                }
            }
        }
        self.out.flush()?;
        Ok(self.status())
    }

    fn status(&self) -> u8 {
        if self.unreadable {
            2
        } else if self.failed {
            1
        } else {
            0
        }
    }

    fn run_input(&mut self, name: &str, reader: impl BufRead) -> io::Result<()> {
        let mut times = Times::default();
        let mut entries = Entries::new(reader, self.parse);
        while let Some(entry) = entries.next() {
            match entry {
                Ok(entry) => self.answer(name, entry, &mut times)?,
                Err(e) => {
                    eprintln!(
                        "bitsudoku: {name}: cannot read past line {}: {e}",
                        entries.lines_read()
                    );
                    self.unreadable = true;
                }
            }
        }
        if self.stats && times.count > 0 {
            times.summarize(name);
        }
        Ok(())
    }

    fn answer(&mut self, name: &str, entry: bitsudoku::Entry, times: &mut Times) -> io::Result<()> {
        let where_ = |line: usize, column: Option<usize>| match column {
            Some(c) => format!("{name}:puzzle {} (line {line}, column {c})", entry.index),
            None => format!("{name}:puzzle {} (line {line})", entry.index),
        };
        let puzzle = match entry.result {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{}: {}", where_(e.line, e.column), e.kind);
                self.failed = true;
                // One output line per puzzle, so `count`'s lines match its input's.
                if let Mode::Count = self.mode {
                    writeln!(self.out, "-\tinvalid")?;
                }
                return Ok(());
            }
        };
        let here = where_(entry.line, None);
        let started = Instant::now();
        let (engine, limit) = (self.options.engine, self.options.limit);
        let solver = Solver::reuse(&mut self.solver, &puzzle.grid, engine, limit);
        let budget = self.options.max_nodes.saturating_sub(solver.stats().nodes);
        let finished = match self.timeout {
            Some(limit) => solver.run_until(budget, || started.elapsed() >= limit),
            None => solver.run(budget),
        };
        let report = solver.report();
        let elapsed = started.elapsed();
        // Why the search stopped short, in the words of the option that
        // stopped it. Set whenever the outcome is `OutOfBudget`.
        let stopped = match (&report.outcome, finished) {
            (Outcome::OutOfBudget { .. }, _) | (_, false) => Some(match self.timeout {
                Some(t) if report.stats.nodes < self.options.max_nodes => {
                    Stop::Timeout(t.as_secs_f64())
                }
                _ => Stop::Nodes(self.options.max_nodes),
            }),
            _ => None,
        };
        if self.stats {
            times.add(elapsed, entry.index);
            let outcome = match stopped {
                Some(Stop::Timeout(_)) => "timeout",
                _ => report.outcome.id(),
            };
            eprintln!(
                "{here}: {outcome}, {} guesses, {} nodes, {} µs",
                report.stats.guesses,
                report.stats.nodes,
                elapsed.as_micros()
            );
        }
        match self.mode {
            Mode::Solve(separator) => {
                self.print_solution(&here, &puzzle, &report.outcome, stopped, separator)
            }
            Mode::Count => self.print_count(&here, &puzzle, &report.outcome, stopped),
        }
    }

    fn print_solution(
        &mut self,
        here: &str,
        puzzle: &Puzzle,
        outcome: &Outcome,
        stopped: Option<Stop>,
        separator: Separator,
    ) -> io::Result<()> {
        if let Some(stop) = stopped {
            return match outcome.solution() {
                // A solution found before the stop is still a solution:
                // print it, and say the proof of uniqueness did not finish.
                Some(g) => {
                    eprintln!("{here}: warning: uniqueness unproven: {stop}");
                    self.print_grid(puzzle, g, separator)
                }
                None => {
                    eprintln!("{here}: {stop}");
                    self.failed = true;
                    Ok(())
                }
            };
        }
        match outcome {
            Outcome::Unique(g) | Outcome::Solved(g) => self.print_grid(puzzle, g, separator),
            Outcome::Several { example, .. } => {
                eprintln!("{here}: warning: several solutions; printed one");
                self.print_grid(puzzle, example, separator)
            }
            Outcome::NoSolution => {
                eprintln!("{here}: no solution");
                self.failed = true;
                Ok(())
            }
            Outcome::Conflict(c) => {
                eprintln!(
                    "{here}: {}",
                    describe_conflict(c, &puzzle.grid, &puzzle.notation)
                );
                self.failed = true;
                Ok(())
            }
            // `stopped` is set for it: handled above.
            Outcome::OutOfBudget { .. } => Ok(()),
        }
    }

    fn print_grid(&mut self, puzzle: &Puzzle, grid: &Grid, separator: Separator) -> io::Result<()> {
        let mut text = String::with_capacity(grid.size().cells() * 2 + 2);
        let block = puzzle.notation.layout != Layout::Line;
        if block && separator == Separator::Between && self.blocks > 0 {
            text.push('\n');
        }
        write_grid(&mut text, grid, &puzzle.notation);
        if let Some(comment) = &puzzle.comment {
            // Keep the line's comment after the solution: `<solution>\t<name>`.
            text.pop();
            text.push_str(comment);
            text.push('\n');
        }
        if block {
            self.blocks += 1;
            if separator == Separator::After {
                text.push('\n');
            }
        }
        self.out.write_all(text.as_bytes())
    }

    /// `count`'s line: a count of 0 for a conflict or no solution is a count
    /// like any other (status 0); a puzzle that could not be read or whose
    /// search was stopped gets `-` or `N+` and status 1.
    fn print_count(
        &mut self,
        here: &str,
        puzzle: &Puzzle,
        outcome: &Outcome,
        stopped: Option<Stop>,
    ) -> io::Result<()> {
        if let Some(stop) = stopped {
            eprintln!("{here}: {stop}");
            self.failed = true;
            let word = match stop {
                Stop::Timeout(_) => "timeout",
                Stop::Nodes(_) => "budget",
            };
            return writeln!(self.out, "{}+\t{word}", outcome.found());
        }
        let line = match outcome {
            Outcome::Unique(_) => "1\tunique".to_string(),
            Outcome::Solved(_) => "1+\tsolved".to_string(),
            Outcome::Several { count, more, .. } => {
                format!("{count}{}\tseveral", if *more { "+" } else { "" })
            }
            Outcome::NoSolution => "0\tnone".to_string(),
            Outcome::Conflict(c) => {
                eprintln!(
                    "{here}: {}",
                    describe_conflict(c, &puzzle.grid, &puzzle.notation)
                );
                "0\tconflict".to_string()
            }
            // `stopped` is set for it: handled above.
            Outcome::OutOfBudget { .. } => return Ok(()),
        };
        writeln!(self.out, "{line}")
    }
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

/// `R1C3 and R1C9 both hold 'A' (row 1)`.
fn describe_conflict(c: &Conflict, grid: &Grid, notation: &Notation) -> String {
    let size = grid.size();
    let symbol = notation.for_size(size).alphabet.symbol(size, c.digit);
    format!(
        "conflicting givens: {} and {} both hold '{symbol}' in {}",
        size.cell_name(c.first),
        size.cell_name(c.second),
        c.house
    )
}

/// Solve times of one input for `--stats`, in a fixed-size histogram so
/// memory stays flat however many puzzles there are: exact below 1024 µs,
/// within 0.1% above.
#[derive(Default)]
struct Times {
    buckets: Vec<u64>,
    count: u64,
    total: Duration,
    worst: (Duration, usize),
}

impl Times {
    fn bucket(us: u64) -> usize {
        if us < 1024 {
            return us as usize;
        }
        let e = 63 - us.leading_zeros() as usize; // 10 and up
        ((e - 9) << 10) + ((us >> (e - 10)) as usize & 1023)
    }

    fn lower_bound(bucket: usize) -> u64 {
        if bucket < 1024 {
            return bucket as u64;
        }
        let (e, m) = ((bucket >> 10) + 9, bucket as u64 & 1023);
        (1024 + m) << (e - 10)
    }

    fn add(&mut self, took: Duration, index: usize) {
        let b = Self::bucket(took.as_micros() as u64);
        if self.buckets.len() <= b {
            self.buckets.resize(b + 1, 0);
        }
        self.buckets[b] += 1;
        self.count += 1;
        self.total += took;
        if took >= self.worst.0 {
            self.worst = (took, index);
        }
    }

    fn median_us(&self) -> u64 {
        let mut seen = 0;
        for (b, &k) in self.buckets.iter().enumerate() {
            seen += k;
            if seen * 2 > self.count {
                return Self::lower_bound(b);
            }
        }
        0
    }

    /// One stderr line per input: count, median, worst, total.
    fn summarize(&self, name: &str) {
        eprintln!(
            "{name}: {} puzzle{}, median {} µs, worst {} µs (puzzle {}), total {:.3} s",
            self.count,
            if self.count == 1 { "" } else { "s" },
            self.median_us(),
            self.worst.0.as_micros(),
            self.worst.1,
            self.total.as_secs_f64()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::Times;

    #[test]
    fn json_escapes() {
        assert_eq!(
            super::table::json_string("a\"b\\c\n"),
            "\"a\\\"b\\\\c\\u000a\""
        );
    }

    #[test]
    fn buckets_round_down_within_a_thousandth() {
        for us in [0u64, 1, 1023, 1024, 1025, 5000, 123_456, 9_999_999_999] {
            let low = Times::lower_bound(Times::bucket(us));
            assert!(low <= us && us - low <= us / 1000, "{us} -> {low}");
        }
    }
}
