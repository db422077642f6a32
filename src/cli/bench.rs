//! `bitsudoku bench`: the harness of `bitsudoku::bench` over files.

use std::io::{self, Write};

use bitsudoku::bench::{engine_solver, run as run_set, BenchOptions};

use super::table::{format_row, header, json_row};
use bitsudoku::{parse_all, Alphabet, Engine, Grid, ParseOptions, Size};
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
    #[arg(long, value_parser = super::parse_size)]
    size: Option<Size>,
    /// The alphabet, when the symbols do not settle it.
    #[arg(long, value_parser = super::parse_alphabet)]
    alphabet: Option<Alphabet>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Bitmask,
    Dlx,
    All,
}

pub fn run(args: &BenchArgs) -> io::Result<u8> {
    let engines: &[Engine] = match args.engine {
        Which::Bitmask => &[Engine::Bitmask],
        Which::Dlx => &[Engine::Dlx],
        Which::All => &[Engine::Bitmask, Engine::Dlx],
    };
    let options = BenchOptions {
        seconds: args.seconds,
        limit: args.limit,
        ..BenchOptions::default()
    };
    let parse = ParseOptions {
        size: args.size,
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
        let text = if file == "-" {
            io::read_to_string(io::stdin())
        } else {
            std::fs::read_to_string(file)
        };
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                eprintln!("bitsudoku: cannot read {file}: {e}");
                status = 2;
                continue;
            }
        };
        let mut puzzles: Vec<Grid> = Vec::new();
        for entry in parse_all(&text, parse) {
            match entry.result {
                Ok(p) => puzzles.push(p.grid),
                Err(e) => {
                    eprintln!("{file}:puzzle {} ({e}): not benchmarked", entry.index);
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
    }
    Ok(status)
}

/// A monotonic clock in seconds, for the harness.
fn seconds_since_start() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}
