//! `bitsudoku generate`: seeded puzzles with one solution.

use std::io::{self, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use bitsudoku::generate::{generate, Generator, ATTEMPTS};
use bitsudoku::logic::Level;
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
    /// Make puzzles of this level: easy (singles), medium (+ locked candidates), hard
    /// (+ subsets and fish), expert (+ wings and chains), beyond (needs guessing).
    #[arg(long, value_parser = super::parse_level)]
    difficulty: Option<Level>,
    /// Print the time per puzzle to stderr.
    #[arg(long)]
    stats: bool,
}

/// One puzzle a line in the size's default alphabet, then a comment with the
/// seed that makes it again and its grade:
/// `<puzzle>\tseed=42 givens=24 level=medium technique=pointing steps=57 guesses=0`.
/// With `--difficulty`, a seed whose grids all came out at another level
/// (after the generator's attempts) is reported on stderr and skipped; the
/// exit status is then 1.
pub fn run(args: &GenerateArgs) -> io::Result<u8> {
    let first = args.seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64
    });
    let notation = Notation::default_for(args.size, Layout::Line);
    let mut out = io::stdout().lock();
    let mut status = 0;
    for i in 0..args.count {
        let seed = first.wrapping_add(i);
        let started = Instant::now();
        let (g, attempts) = match args.difficulty {
            None => (generate(args.size, seed, args.symmetric), 1),
            Some(level) => {
                let mut generator =
                    Generator::with_level(args.size, seed, args.symmetric, Some(level));
                while !generator.step(usize::MAX) {}
                if !generator.matched() {
                    eprintln!(
                        "seed {seed}: no {level} {} puzzle in {ATTEMPTS} grids (the last came out {})",
                        args.size,
                        generator.finish().grade.level()
                    );
                    status = 1;
                    continue;
                }
                (generator.finish(), generator.attempts())
            }
        };
        if args.stats {
            eprintln!(
                "seed {seed}: {} µs, {attempts} grid{}",
                started.elapsed().as_micros(),
                if attempts == 1 { "" } else { "s" }
            );
        }
        let line = format(&g.puzzle, &notation);
        writeln!(
            out,
            "{}\tseed={seed} givens={} level={} technique={} steps={} guesses={}",
            line.trim_end(),
            g.puzzle.filled(),
            g.grade.level(),
            g.grade.hardest.map_or("-", |t| t.id()),
            g.grade.steps,
            g.grade.guesses
        )?;
        out.flush()?;
    }
    Ok(status)
}
