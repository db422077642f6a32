//! `bitsudoku generate`: seeded puzzles with one solution.

use std::io::{self, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use bitsudoku::generate::generate;
use bitsudoku::{format, Layout, Notation, Size};
use clap::Args;

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Side of the grid.
    #[arg(long, value_parser = super::parse_size, default_value = "9")]
    size: Size,
    /// Seed of the first puzzle (puzzle i uses seed + i); random when omitted.
    #[arg(long)]
    seed: Option<u64>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Givens symmetric under a 180° rotation.
    #[arg(long)]
    symmetric: bool,
    /// Print the time per puzzle to stderr.
    #[arg(long)]
    stats: bool,
}

/// One puzzle a line in the size's default alphabet, then a comment with the
/// seed that makes it again and its grade:
/// `<puzzle>\tseed=42 givens=24 grade=hidden-singles guesses=0`.
pub fn run(args: &GenerateArgs) -> io::Result<u8> {
    let first = args.seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64
    });
    let notation = Notation::default_for(args.size, Layout::Line);
    let mut out = io::stdout().lock();
    for i in 0..args.count {
        let seed = first.wrapping_add(i);
        let started = Instant::now();
        let g = generate(args.size, seed, args.symmetric);
        if args.stats {
            eprintln!("seed {seed}: {} µs", started.elapsed().as_micros());
        }
        let line = format(&g.puzzle, &notation);
        writeln!(
            out,
            "{}\tseed={seed} givens={} grade={} guesses={}",
            line.trim_end(),
            g.puzzle.filled(),
            g.grade.id(),
            g.grade.guesses
        )?;
        out.flush()?;
    }
    Ok(0)
}
