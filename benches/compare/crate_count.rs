//! The whole-process anchor for the CLI: the least a program needs to
//! answer a file of one-line 9×9 puzzles with the `sudoku` crate — read,
//! parse, solve (up to two solutions), print one line each: the same lines
//! as `bitsudoku count`, or with `solve` the solution as `bitsudoku solve`
//! prints it. `benches/whole-process.sh` runs both side by side.
//!
//!   cargo build --release --manifest-path benches/compare/Cargo.toml --bin crate-count
//!   benches/compare/target/release/crate-count [count|solve] FILE
use std::io::{self, BufRead, BufWriter, Write};

use sudoku::Sudoku;

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (solve, path) = match args.as_slice() {
        [path] => (false, path),
        [mode, path] if mode == "count" || mode == "solve" => (mode == "solve", path),
        _ => panic!("usage: crate-count [count|solve] FILE"),
    };
    let input = io::BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    for line in input.lines() {
        let line = line?;
        let text = line.trim_end();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let sudoku = match Sudoku::from_str_line(text) {
            Ok(sudoku) => sudoku,
            Err(e) => {
                writeln!(out, "error\t{e}")?;
                continue;
            }
        };
        if solve {
            match sudoku.solution() {
                Some(solution) => writeln!(out, "{}", solution.to_str_line())?,
                None => writeln!(out, "no unique solution")?,
            }
        } else {
            match sudoku.solutions_count_up_to(2) {
                0 => writeln!(out, "0\tnone")?,
                1 => writeln!(out, "1\tunique")?,
                _ => writeln!(out, "2+\tseveral")?,
            }
        }
    }
    out.flush()
}
