//! Benchmark rows as a table or as JSON lines: what `bitsudoku bench` prints,
//! and `benches/compare/compare.rs` too (it includes this file).

use bitsudoku::bench::Row;

/// The header of [`format_row`].
pub(crate) fn header() -> String {
    format!(
        "{:<36} {:<10} {:>5} {:>8} {:>12} {:>11} {:>11} {:>9} {:>10}",
        "set",
        "solver",
        "limit",
        "puzzles",
        "puzzles/s",
        "median µs",
        "p99 µs",
        "no-guess",
        "guesses"
    )
}

/// One row of the table.
pub(crate) fn format_row(r: &Row) -> String {
    let opt =
        |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    format!(
        "{:<36} {:<10} {:>5} {:>8} {:>12.0} {:>11.1} {:>11.1} {:>8}% {:>10}",
        r.set,
        r.solver,
        r.limit,
        r.puzzles,
        r.puzzles_per_second,
        r.median_us,
        r.p99_us,
        opt(r.no_guess_percent, 1),
        opt(r.guesses_per_puzzle, 1)
    )
}

/// The row as a JSON object.
pub(crate) fn json_row(r: &Row) -> String {
    let opt = |v: Option<f64>| v.map_or("null".to_string(), |v| format!("{v}"));
    format!(
        "{{\"set\":{},\"solver\":{},\"limit\":{},\"puzzles\":{},\"solves\":{},\"seconds\":{},\
         \"puzzles_per_second\":{},\"median_us\":{},\"p99_us\":{},\"no_guess_percent\":{},\
         \"guesses_per_puzzle\":{},\"several\":{}}}",
        json_string(&r.set),
        json_string(&r.solver),
        r.limit,
        r.puzzles,
        r.solves,
        r.seconds,
        r.puzzles_per_second,
        r.median_us,
        r.p99_us,
        opt(r.no_guess_percent),
        opt(r.guesses_per_puzzle),
        r.several
    )
}

pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
