//! Arbitrary bytes → the CLI's whole input path (the chunked line reader, the
//! parser, the solver under a node limit, the printer) never panics, holds no
//! more than a capped line, and `count` (`--estimate` too) and `check` print
//! exactly one line per puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The binary's own module, compiled in: what runs is what ships.
#[path = "../../src/cli/mod.rs"]
#[allow(dead_code)]
mod cli;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    // The first byte picks the command, a size hint and the read chunk.
    let size = ["", "4", "9", "16", "25"][(first & 7) as usize % 5];
    let chunk = 1 + ((first >> 3) as usize * 37) % 700;
    // The length picks the threads and whether `solve` becomes `check`:
    // the ordered hand-back of --jobs 2 is exercised too.
    let command = match (first & 0x80 != 0, data.len() % 3) {
        (true, _) => "count",
        (false, 0) => "check",
        _ => "solve",
    };
    let jobs = if data.len() % 4 == 0 { "2" } else { "1" };
    let mut args = vec![command, "--max-nodes", "300", "--jobs", jobs];
    if !size.is_empty() {
        args.extend(["--size", size]);
    }
    // Some counts estimate instead: one line per puzzle too.
    if command == "count" && data.len() % 5 == 0 {
        args.extend(["--estimate", "--probes", "20"]);
    }
    let (status, out) = cli::run_bytes(&args, rest, chunk).expect("valid arguments");
    assert!(status <= 1, "no usage error from puzzle bytes");
    if command != "solve" {
        // The CLI reads its input transcoded (UTF-16 by its byte order
        // mark), so the puzzles are counted in the same text.
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut cli::decoded(rest), &mut text).expect("bytes in memory");
        let entries = bitsudoku::parse::Entries::new(
            &text[..],
            bitsudoku::ParseOptions {
                side: size.parse().ok(),
                ..Default::default()
            },
        )
        .count();
        let lines = out.iter().filter(|&&b| b == b'\n').count();
        // `check`'s text ends with a summary line.
        let summary = usize::from(command == "check");
        assert_eq!(lines, entries + summary, "one line per puzzle");
    }
});
