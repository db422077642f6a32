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
    format::write_grid, Alphabet, Conflict, Engine, Grid, Layout, Notation, Outcome, ParseOptions,
    Parser, Puzzle, Size, SolveOptions, Solver,
};
use clap::{Args, Parser as ClapParser, Subcommand, ValueEnum};

#[derive(ClapParser, Debug)]
#[command(
    name = "bitsudoku",
    version,
    about = "Solve 4×4, 9×9, 16×16 and 25×25 Sudoku puzzles in the judges' formats",
    after_help = "Exit status: 0 when every puzzle was answered, 1 when some were not, 2 for usage errors \
                  and unreadable files."
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

pub(crate) fn parse_size(s: &str) -> Result<Size, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| format!("'{s}' is not a side: use 4, 9, 16 or 25"))
}

enum Line {
    Read,
    /// Longer than the cap: the rest was read past, not stored.
    TooLong,
    End,
}

/// Reads one line into `bytes`, storing at most `cap` bytes: a longer line
/// is consumed to its end without being held, so memory stays flat on any
/// input (`/dev/zero` included: it is one endless line).
fn read_line_capped(
    reader: &mut impl BufRead,
    bytes: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Line> {
    let mut seen = 0usize;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(match seen {
                0 => Line::End,
                _ if seen > cap => Line::TooLong,
                _ => Line::Read,
            });
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        if seen + n <= cap + 1 {
            bytes.extend_from_slice(chunk);
        } else {
            bytes.clear();
        }
        seen += n;
        reader.consume(n);
        if done {
            // The cap counts the line without its `\n`.
            return Ok(if seen > cap + 1 {
                Line::TooLong
            } else {
                Line::Read
            });
        }
    }
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
    let result = match cli.command {
        Command::Solve(args) => {
            let limit = if args.first { 1 } else { 2 };
            let mut job = Job::new(&args.input, limit, Mode::Solve(args.separator));
            job.run_inputs(&args.input.files)
        }
        Command::Count(args) => {
            let mut job = Job::new(&args.input, args.limit, Mode::Count);
            job.run_inputs(&args.input.files)
        }
        Command::Bench(args) => bench::run(&args),
        Command::Generate(args) => generate::run(&args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        // stdout closed early (`| head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bitsudoku: {e}");
            ExitCode::from(2)
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    Solve(Separator),
    Count,
}

/// One run over all inputs.
struct Job {
    options: SolveOptions,
    parse: ParseOptions,
    mode: Mode,
    stats: bool,
    timeout: Option<Duration>,
    out: BufWriter<io::Stdout>,
    /// Block solutions printed so far (for the `between` separator).
    blocks: u64,
    failed: bool,
    unreadable: bool,
    /// The last puzzle's solver, whose memory the next one reuses.
    solver: Option<Solver>,
}

impl Job {
    fn new(args: &InputArgs, limit: u64, mode: Mode) -> Job {
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
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
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
            match File::open(file) {
                Ok(f) => self.run_input(file, BufReader::with_capacity(1 << 16, f))?,
                Err(e) => {
                    eprintln!("bitsudoku: cannot read {file}: {e}");
                    self.unreadable = true;
                }
            }
        }
        self.out.flush()?;
        Ok(if self.unreadable {
            2
        } else if self.failed {
            1
        } else {
            0
        })
    }

    fn run_input(&mut self, name: &str, mut reader: impl BufRead) -> io::Result<()> {
        let mut parser = Parser::new(self.parse);
        let mut bytes = Vec::with_capacity(1024);
        let mut times = Times::default();
        loop {
            bytes.clear();
            match read_line_capped(&mut reader, &mut bytes, bitsudoku::parse::MAX_LINE) {
                Ok(Line::End) => break,
                Ok(Line::Read) => {}
                Ok(Line::TooLong) => {
                    parser.push_overlong_line();
                    while let Some(entry) = parser.next_entry() {
                        self.answer(name, entry, &mut times)?;
                    }
                    continue;
                }
                Err(e) => {
                    eprintln!(
                        "bitsudoku: {name}: read error after line {}: {e}",
                        parser_line(&parser)
                    );
                    self.unreadable = true;
                    break;
                }
            }
            // Invalid UTF-8 becomes U+FFFD, which the parser reports with its column.
            let line = String::from_utf8_lossy(&bytes);
            parser.push_line(&line);
            while let Some(entry) = parser.next_entry() {
                self.answer(name, entry, &mut times)?;
            }
            if parser.is_ended() {
                break;
            }
        }
        parser.finish();
        while let Some(entry) = parser.next_entry() {
            self.answer(name, entry, &mut times)?;
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
        let timed_out = !finished && solver.stats().nodes < self.options.max_nodes;
        let report = solver.report();
        let elapsed = started.elapsed();
        if self.stats {
            times.add(elapsed, entry.index);
        }
        if self.stats {
            eprintln!(
                "{here}: {}, {} guesses, {} nodes, {} µs",
                report.outcome.id(),
                report.stats.guesses,
                report.stats.nodes,
                elapsed.as_micros()
            );
        }
        if timed_out {
            let limit = self.timeout.unwrap_or_default().as_secs_f64();
            eprintln!("{here}: timed out after {limit} s (--timeout)");
            self.failed = true;
            // What was found so far, whatever the outcome says.
            if let Mode::Count = self.mode {
                writeln!(self.out, "{}+\ttimeout", solver.found())?;
            }
            return Ok(());
        }
        match self.mode {
            Mode::Solve(separator) => {
                self.print_solution(&here, &puzzle, &report.outcome, separator)
            }
            Mode::Count => self.print_count(&here, &puzzle, &report.outcome),
        }
    }

    fn print_solution(
        &mut self,
        here: &str,
        puzzle: &Puzzle,
        outcome: &Outcome,
        separator: Separator,
    ) -> io::Result<()> {
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
            Outcome::OutOfBudget { .. } => {
                eprintln!(
                    "{here}: gave up after {} search nodes (--max-nodes)",
                    self.options.max_nodes
                );
                self.failed = true;
                Ok(())
            }
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

    fn print_count(&mut self, here: &str, puzzle: &Puzzle, outcome: &Outcome) -> io::Result<()> {
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
                self.failed = true;
                "0\tconflict".to_string()
            }
            Outcome::OutOfBudget { found, .. } => {
                eprintln!(
                    "{here}: gave up after {} search nodes (--max-nodes)",
                    self.options.max_nodes
                );
                self.failed = true;
                format!("{found}+\tbudget")
            }
        };
        writeln!(self.out, "{line}")
    }
}

fn parser_line(_: &Parser) -> String {
    "the last line read".to_string()
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
