//! `bitsudoku generate`: seeded puzzles with one solution.

use std::io::{self, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use bitsudoku::generate::{Generator, ATTEMPTS};
use bitsudoku::logic::Level;
use bitsudoku::{format, Extras, Layout, Notation, Shape};
use clap::Args;

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Side of the grid: 4 to 25 (with boxes, one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20,
    /// 21, 24, 25).
    #[arg(long, value_parser = super::parse_side, default_value = "9")]
    size: usize,
    /// Boxes of R rows by C columns instead of the side's usual boxes (sets the side).
    #[arg(long = "box", value_name = "RxC", value_parser = super::parse_box, conflicts_with = "jigsaw")]
    boxes: Option<(usize, usize)>,
    /// Irregular regions, made at random (connected, n cells each) for each puzzle.
    #[arg(long)]
    jigsaw: bool,
    /// Both main diagonals are houses too (X-Sudoku).
    #[arg(long)]
    x: bool,
    /// The windoku windows are houses too (sides 4, 9, 16, 25).
    #[arg(long)]
    hyper: bool,
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
    let extras = Extras {
        diagonals: args.x,
        windows: args.hyper,
    };
    let side = args.boxes.map_or(args.size, |(r, c)| r * c);
    let shape = if args.jigsaw {
        None
    } else {
        let boxes = args.boxes.or_else(|| bitsudoku::shape::usual_box(side));
        let Some((r, c)) = boxes else {
            eprintln!("bitsudoku: a {side}×{side} grid has no boxes; use --jigsaw, or a side of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24 or 25");
            return Ok(2);
        };
        match Shape::boxes(r, c).and_then(|s| s.with_extras(extras)) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("bitsudoku: {e}");
                return Ok(2);
            }
        }
    };
    if args.jigsaw && args.hyper && bitsudoku::shape::window_box(side).is_none() {
        eprintln!("bitsudoku: windoku windows need a side of 4, 9, 16 or 25, not {side}");
        return Ok(2);
    }
    let notation = Notation::default_for(side, Layout::Line);
    let mut out = io::stdout().lock();
    let mut status = 0;
    for i in 0..args.count {
        let seed = first.wrapping_add(i);
        let started = Instant::now();
        let generator = match &shape {
            Some(shape) => Generator::with_level(shape, seed, args.symmetric, args.difficulty),
            None => Some(Generator::jigsaw(
                side,
                extras,
                seed,
                args.symmetric,
                args.difficulty,
            )),
        };
        let Some(mut generator) = generator else {
            eprintln!("bitsudoku: no grid of this shape has a solution");
            return Ok(2);
        };
        while !generator.step(usize::MAX) {}
        if !generator.matched() {
            let g = generator.finish();
            eprintln!(
                "seed {seed}: no {} {} puzzle in {ATTEMPTS} grids (the last came out {})",
                args.difficulty.map_or("", |l| l.id()),
                g.puzzle.shape(),
                g.grade.level()
            );
            status = 1;
            continue;
        }
        let (g, attempts) = (generator.finish(), generator.attempts());
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
