//! The `bitsudoku` command: batch solving in the judges' formats.
//!
//! Streams its inputs line by line (memory does not grow with the number of
//! puzzles), prints solutions to stdout in each puzzle's own layout and
//! alphabet, and reports bad puzzles on stderr as
//! `input:puzzle N (line L): message` without stopping the batch.
//! Exit code: 0 when every puzzle was answered, 1 when some were not, 2 for
//! usage errors and unreadable files.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
