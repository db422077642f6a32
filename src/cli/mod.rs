//! Argument parsing and the batch loop. Only conversions and I/O live here;
//! every decision about puzzles is the core's.

mod batch;
mod bench;
mod generate;
mod progress;
mod read;
mod table;

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use batch::{Job, Judge, Mode};
use bitsudoku::logic::Level;
use bitsudoku::{Alphabet, Engine, EstimateOptions, ParseOptions, Shape, SolveOptions};
use clap::{Args, Parser as ClapParser, Subcommand, ValueEnum};
use progress::Progress;

#[derive(ClapParser, Debug)]
#[command(
    name = "bitsudoku",
    version,
    about = "Solve Sudoku from 4×4 to 25×25 — square and rectangular boxes, jigsaw, X and windoku — \
             in the judges' formats",
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
    /// Check a collection: one line per puzzle (unique with its difficulty, several, none,
    /// invalid with the reason, or unfinished), then a summary.
    Check(CheckArgs),
    /// Print the logical path of every puzzle, one step a line: the technique, then its
    /// placements (R3C7=5) and eliminations (R3C7<>5). Where logic runs out it says so.
    Explain(ExplainArgs),
    /// Read the puzzle in each picture (a screenshot or a photo of a printed grid) and print it
    /// as one line that the other commands read: `bitsudoku read a.png | bitsudoku solve`.
    /// Exit status 1 when some picture holds no puzzle.
    Read(read::ReadArgs),
}

#[derive(Args, Debug)]
struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Use techniques up to this level: easy (singles), medium (+ locked candidates),
    /// hard (+ subsets and fish), expert (+ wings and chains).
    #[arg(long, value_parser = parse_level, default_value = "expert")]
    level: Level,
}

pub(crate) fn parse_level(s: &str) -> Result<Level, String> {
    Level::from_id(s)
        .ok_or_else(|| format!("'{s}' is no level: easy, medium, hard, expert or beyond"))
}

#[derive(Args, Debug)]
struct InputArgs {
    /// Input files; standard input when none (or for `-`).
    files: Vec<String>,
    /// The search engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Bitmask)]
    engine: EngineArg,
    /// Read only puzzles of this side (settles 16-symbol lines: 4×4 puzzles or 16×16 rows).
    #[arg(long, value_parser = parse_side)]
    size: Option<usize>,
    /// Boxes of R rows by C columns for puzzles written without a kind (a line of cells),
    /// instead of their side's usual boxes (6: 2x3, 8: 2x4, 10: 2x5, 12: 3x4, …).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    boxes: Option<(usize, usize)>,
    /// The alphabet, for the sides it serves: letters (A–P, A–Y), hex (0–F),
    /// digits-letters (1–9A–G, 1–9A–P), digits (1–9), numbers (1–16, 1–25,
    /// comma-separated). Detected when omitted.
    #[arg(long, value_parser = parse_alphabet)]
    alphabet: Option<Alphabet>,
    /// Give up on a puzzle after this many search nodes (checked between nodes: a 16×16 or larger board's probes count as nodes and finish first).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after this many seconds (it is reported; the batch goes on).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Print the outcome, guesses, nodes and time of every puzzle to stderr.
    #[arg(long)]
    stats: bool,
    /// Answer on this many threads (default: one per core). The output is the same
    /// as with --jobs 1, in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    jobs: Option<u16>,
    /// No progress bar (it shows on a terminal when a batch runs over a second).
    #[arg(long, short = 'q')]
    quiet: bool,
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
    /// Estimate the number of solutions with random probes down the search tree (Knuth's
    /// estimator), with its error: for counts too large to enumerate. A search that ends
    /// within the probes' work gives the exact count.
    #[arg(long, conflicts_with_all = ["limit", "engine"])]
    estimate: bool,
    /// Probes for --estimate: the error shrinks as one over their square root.
    #[arg(long, value_name = "K", default_value_t = 10_000, requires = "estimate",
          value_parser = clap::value_parser!(u64).range(2..))]
    probes: u64,
    /// Seed of --estimate's probes: the same seed gives the same estimate.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "estimate")]
    seed: u64,
}

impl CountArgs {
    fn mode(&self) -> Mode {
        if self.estimate {
            Mode::Estimate(EstimateOptions {
                probes: self.probes,
                seed: self.seed,
                exact: true,
            })
        } else {
            Mode::Count
        }
    }
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Count up to this many solutions for a puzzle that is not unique.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(2..))]
    limit: u64,
    /// text: a line for people per puzzle and a summary; tsv: a header and one row per
    /// puzzle; json: one object per line. The summary of tsv and json goes to stderr.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Text,
    Tsv,
    Json,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum EngineArg {
    Bitmask,
    Band,
    Learn,
    Dlx,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Separator {
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

/// Input as UTF-8: a file that starts with a UTF-16 byte order mark is
/// transcoded (invalid sequences become U+FFFD, which the parser reports
/// at its column); any other is passed through as it is.
pub(crate) fn decoded<R: Read>(reader: R) -> encoding_rs_io::DecodeReaderBytes<R, Vec<u8>> {
    encoding_rs_io::DecodeReaderBytesBuilder::new()
        .strip_bom(true)
        .build(reader)
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

pub(crate) fn parse_side(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (4..=25).contains(n))
        .ok_or_else(|| format!("'{s}' is not a side: use 4 to 25"))
}

pub(crate) fn parse_box(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is no box: write rows x columns, such as 2x3 or 3x4");
    let (r, c) = s.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (r, c) = (
        r.trim().parse::<usize>().map_err(|_| bad())?,
        c.trim().parse::<usize>().map_err(|_| bad())?,
    );
    Shape::boxes(r, c).map_err(|e| e.to_string())?;
    Ok((r, c))
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
            run_batch(&args.input, limit, Mode::Solve(args.separator), out())
        }
        Command::Count(args) => run_batch(&args.input, args.limit, args.mode(), out()),
        Command::Check(args) => run_batch(&args.input, args.limit, Mode::Check(args.format), out()),
        Command::Explain(args) => run_batch(&args.input, 2, Mode::Explain(args.level), out()),
        Command::Bench(args) => bench::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Read(args) => read::run(&args),
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

fn judge(args: &InputArgs, limit: u64, mode: Mode) -> (Judge, ParseOptions) {
    let judge = Judge {
        options: SolveOptions {
            engine: match args.engine {
                EngineArg::Bitmask => Engine::Bitmask,
                EngineArg::Band => Engine::Band,
                EngineArg::Dlx => Engine::Dlx,
                EngineArg::Learn => Engine::Learn,
            },
            limit,
            max_nodes: args.max_nodes.unwrap_or(u64::MAX),
        },
        mode,
        stats: args.stats,
        timeout: args.timeout,
        live: None,
    };
    let parse = ParseOptions {
        side: args.size,
        boxes: args.boxes,
        alphabet: args.alphabet,
        prefer: None,
    };
    (judge, parse)
}

/// Threads for `--jobs`: one per core unless told.
fn jobs(args: &InputArgs) -> usize {
    match args.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// The size of an input, when it is a file (standard input too, when it is
/// redirected from one): the progress bar's 100%.
fn input_len(file: &str) -> Option<u64> {
    if file != "-" {
        return std::fs::metadata(file)
            .ok()
            .and_then(|m| m.is_file().then_some(m.len()));
    }
    #[cfg(unix)]
    {
        rustix::fs::fstat(io::stdin()).ok().and_then(|s| {
            let regular = rustix::fs::FileType::from_raw_mode(s.st_mode).is_file();
            regular.then_some(s.st_size as u64)
        })
    }
    #[cfg(not(unix))]
    None
}

/// What a run's progress bar counts while puzzles run: the solutions of a
/// count, the probes of an estimate; nothing for `solve` and `check`.
fn counting(mode: Mode) -> Option<&'static str> {
    match mode {
        Mode::Count => Some("solutions"),
        Mode::Estimate(_) => Some("probes"),
        Mode::Solve(_) | Mode::Check(_) | Mode::Explain(_) => None,
    }
}

/// `solve`, `count`, `check` or `explain` over the inputs named on the
/// command line.
fn run_batch(args: &InputArgs, limit: u64, mode: Mode, out: impl Write) -> io::Result<u8> {
    let (mut judge, parse) = judge(args, limit, mode);
    let files: Vec<&str> = if args.files.is_empty() {
        vec!["-"]
    } else {
        args.files.iter().map(String::as_str).collect()
    };
    let lens: Vec<Option<u64>> = files.iter().map(|f| input_len(f)).collect();
    let total = lens.iter().try_fold(0u64, |sum, len| len.map(|l| sum + l));
    let progress = Progress::new(args.quiet, total, counting(mode));
    judge.live = counting(mode).and(progress.live());
    let mut job = Job::new(judge, parse, jobs(args), progress, out);
    job.start()?;
    let mut base = 0;
    for (file, len) in files.into_iter().zip(lens) {
        if file == "-" {
            job.run_input("<stdin>", io::stdin().lock(), base)?;
        } else {
            match open_file(file) {
                Ok(f) => job.run_input(file, f, base)?,
                Err(why) => job.unreadable(&format!("bitsudoku: cannot read {file}: {why}\n")),
            }
        }
        base += len.unwrap_or(0);
    }
    job.finish()
}

/// `solve`, `count` or `check` over bytes in memory, the way `main` runs
/// them over files: the whole input path for the fuzz target
/// (`fuzz/fuzz_targets/cli.rs` compiles this module in). The reader hands
/// out `chunk` bytes at a time, so lines cross buffer boundaries anywhere.
/// Returns the exit status and what was printed; messages go to stderr as
/// usual.
#[allow(dead_code)] // used by the fuzz target only
pub fn run_bytes(args: &[&str], input: &[u8], chunk: usize) -> Result<(u8, Vec<u8>), String> {
    let cli = Cli::try_parse_from(std::iter::once("bitsudoku").chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    let (input_args, limit, mode) = match &cli.command {
        Command::Solve(a) => (
            &a.input,
            if a.first { 1 } else { 2 },
            Mode::Solve(a.separator),
        ),
        Command::Count(a) => (&a.input, a.limit, a.mode()),
        Command::Check(a) => (&a.input, a.limit, Mode::Check(a.format)),
        Command::Explain(a) => (&a.input, 2, Mode::Explain(a.level)),
        _ => return Err("only solve, count, check and explain read puzzles this way".into()),
    };
    let (judge, parse) = judge(input_args, limit, mode);
    let progress = Progress::new(true, None, None);
    let mut job = Job::new(judge, parse, jobs(input_args), progress, Vec::new());
    let reader = Trickle {
        input,
        chunk: chunk.max(1),
    };
    job.start().map_err(|e| e.to_string())?;
    job.run_input("<bytes>", reader, 0)
        .map_err(|e| e.to_string())?;
    let status = job.finish().map_err(|e| e.to_string())?;
    Ok((status, std::mem::take(&mut job.sink.out)))
}

/// Hands out at most `chunk` bytes per read.
struct Trickle<'a> {
    input: &'a [u8],
    chunk: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.chunk.min(buf.len()).min(self.input.len());
        buf[..n].copy_from_slice(&self.input[..n]);
        self.input = &self.input[n..];
        Ok(n)
    }
}

/// Solve times of one input for `--stats`, in a fixed-size histogram so
/// memory stays flat however many puzzles there are: exact below 1024 µs,
/// within 0.1% above.
#[derive(Default)]
pub(crate) struct Times {
    buckets: Vec<u64>,
    pub(crate) count: u64,
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

    pub(crate) fn add(&mut self, took: Duration, index: usize) {
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
    pub(crate) fn summary(&self, name: &str) -> String {
        format!(
            "{name}: {} puzzle{}, median {} µs, worst {} µs (puzzle {}), total {:.3} s\n",
            self.count,
            if self.count == 1 { "" } else { "s" },
            self.median_us(),
            self.worst.0.as_micros(),
            self.worst.1,
            self.total.as_secs_f64()
        )
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
