//! `bitsudoku bench`: the harness of `bitsudoku::bench` over files.

use std::io::{self, BufRead, Write};

use bitsudoku::bench::{engine_solver, run as run_set, BenchOptions};

use super::table::{format_row, header, json_row};
use bitsudoku::{
    parse::Entries, solve, Alphabet, Engine, Grid, Outcome, ParseOptions, SolveOptions,
};
use clap::{Args, ValueEnum};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Puzzle files (any layout the parser reads); standard input when none.
    files: Vec<String>,
    /// Which engine to time.
    #[arg(long, value_enum, default_value_t = Which::Bitmask)]
    engine: Which,
    /// 1: stop at the first solution; 2: also prove it is the only one.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=2))]
    limit: u64,
    /// Timed seconds per file and engine (at least one full pass).
    #[arg(long, default_value_t = 2.0, value_parser = super::parse_bench_seconds)]
    seconds: f64,
    /// Print one JSON object per row instead of a table.
    #[arg(long)]
    json: bool,
    /// Read only puzzles of this side.
    #[arg(long, value_parser = super::parse_side)]
    size: Option<usize>,
    /// Boxes of R rows by C columns for puzzles written without a kind.
    #[arg(long = "box", value_name = "RxC", value_parser = super::parse_box)]
    boxes: Option<(usize, usize)>,
    /// The alphabet, when the symbols do not settle it.
    #[arg(long, value_parser = super::parse_alphabet)]
    alphabet: Option<Alphabet>,
    /// Also time `solve` on the whole file with this many threads beside
    /// one, and print the speed-up (default: one per core; 1 skips it).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    jobs: Option<u16>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Bitmask,
    Band,
    Learn,
    Dlx,
    All,
}

pub fn run(args: &BenchArgs) -> io::Result<u8> {
    let engines: &[Engine] = match args.engine {
        Which::Bitmask => &[Engine::Bitmask],
        Which::Dlx => &[Engine::Dlx],
        Which::Band => &[Engine::Band],
        Which::Learn => &[Engine::Learn],
        Which::All => &[Engine::Bitmask, Engine::Band, Engine::Learn, Engine::Dlx],
    };
    let options = BenchOptions {
        seconds: args.seconds,
        limit: args.limit,
        ..BenchOptions::default()
    };
    let parse = ParseOptions {
        side: args.size,
        boxes: args.boxes,
        alphabet: args.alphabet,
        prefer: None,
    };
    let inputs: Vec<String> = if args.files.is_empty() {
        vec!["-".into()]
    } else {
        args.files.clone()
    };
    let mut out = io::stdout().lock();
    if !args.json {
        writeln!(out, "{}", header())?;
    }
    let mut status = 0;
    for file in &inputs {
        let reader: Box<dyn BufRead> = if file == "-" {
            Box::new(io::BufReader::new(super::decoded(io::stdin().lock())))
        } else {
            match super::open_file(file) {
                Ok(f) => Box::new(io::BufReader::with_capacity(1 << 16, super::decoded(f))),
                Err(why) => {
                    eprintln!("bitsudoku: cannot read {file}: {why}");
                    status = 2;
                    continue;
                }
            }
        };
        // Streamed like `solve`'s input: only the puzzles are held.
        let mut puzzles: Vec<Grid> = Vec::new();
        let mut entries = Entries::new(reader, parse);
        while let Some(entry) = entries.next() {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    let line = entries.lines_read();
                    eprintln!("bitsudoku: {file}: cannot read past line {line}: {e}");
                    status = 2;
                    break;
                }
            };
            let here = format!("{file}:puzzle {} (line {})", entry.index, entry.line);
            match entry.result {
                Ok(p) => match unsolvable(&p.grid) {
                    Some(why) => {
                        eprintln!("{here}: {why}: not benchmarked");
                        status = 1;
                    }
                    None => puzzles.push(p.grid),
                },
                Err(e) => {
                    eprintln!("{here}: {}: not benchmarked", e.kind);
                    status = 1;
                }
            }
        }
        if puzzles.is_empty() {
            continue;
        }
        let set = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
        for &engine in engines {
            match run_set(
                &set,
                engine.id(),
                &puzzles,
                &options,
                engine_solver(engine, args.limit),
                seconds_since_start,
            ) {
                Ok(row) if args.json => writeln!(out, "{}", json_row(&row))?,
                Ok(row) => writeln!(out, "{}", format_row(&row))?,
                Err(wrong) => {
                    eprintln!(
                        "{file}:puzzle {}: WRONG ANSWER from {}: {}",
                        wrong.puzzle,
                        engine.id(),
                        wrong.reason
                    );
                    status = 1;
                }
            }
            out.flush()?;
        }
        let jobs = args.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |n| n as usize,
        );
        if jobs > 1 && file != "-" {
            let bytes = std::fs::read(file)?;
            let one = batch_rate(&bytes, parse, args.limit, 1, args.seconds);
            let many = batch_rate(&bytes, parse, args.limit, jobs, args.seconds);
            let speedup = many / one;
            if args.json {
                writeln!(
                    out,
                    "{{\"set\":{},\"scaling\":{{\"jobs\":{jobs},\"puzzles_per_s_1\":{one:.0},\"puzzles_per_s\":{many:.0},\"speedup\":{speedup:.3}}}}}",
                    super::table::json_string(&set)
                )?;
            } else {
                writeln!(
                    out,
                    "{set}: solve --jobs 1 {one:.0} puzzles/s, --jobs {jobs} {many:.0} puzzles/s: ×{speedup:.2}"
                )?;
            }
            out.flush()?;
        }
    }
    Ok(status)
}

/// Puzzles per second of `solve --jobs N` over `bytes` (parsing and
/// printing included, output discarded), over at least `seconds` and one pass.
fn batch_rate(bytes: &[u8], parse: ParseOptions, limit: u64, jobs: usize, seconds: f64) -> f64 {
    let judge = || super::batch::Judge {
        options: SolveOptions {
            limit,
            ..SolveOptions::default()
        },
        mode: super::batch::Mode::Solve(super::Separator::Between),
        stats: false,
        timeout: None,
        live: None,
    };
    let mut job = super::batch::Job::new(
        judge(),
        parse,
        jobs,
        super::progress::Progress::new(true, None, None),
        io::sink(),
    );
    let started = std::time::Instant::now();
    let mut passes = 0u64;
    while passes == 0 || started.elapsed().as_secs_f64() < seconds {
        // Errors cannot happen writing to a sink.
        let _ = job.run_input("<bench>", bytes, 0);
        passes += 1;
    }
    job.puzzles() as f64 / started.elapsed().as_secs_f64()
}

/// Why a puzzle cannot be in a benchmark set, which holds solvable puzzles
/// only: the harness takes a missing solution for a wrong answer. Both
/// engines must agree that there is none, so a fault of one engine is still
/// caught as a wrong answer.
fn unsolvable(puzzle: &Grid) -> Option<&'static str> {
    let outcome = |engine| {
        let options = SolveOptions {
            engine,
            limit: 1,
            max_nodes: u64::MAX,
        };
        solve(puzzle, &options).outcome
    };
    match outcome(Engine::Bitmask) {
        Outcome::Conflict(_) => Some("conflicting givens"),
        Outcome::NoSolution if outcome(Engine::Dlx).solution().is_none() => Some("no solution"),
        _ => None,
    }
}

/// A monotonic clock in seconds, for the harness.
fn seconds_since_start() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}
