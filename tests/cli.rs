//! The `bitsudoku` binary end to end: judge files byte for byte, batch
//! behaviour, messages and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitsudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

const NINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const NINE_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn judge_samples_byte_for_byte() {
    // (input, expected output, separator)
    let judges = [
        ("uva1309", "between"),
        ("poj3076", "after"),
        ("acwing169", "after"),
        ("poj3074", "between"),
    ];
    for (name, separator) in judges {
        let input = std::fs::read_to_string(data(&format!("judge/{name}.in"))).unwrap();
        let expected = std::fs::read(data(&format!("judge/{name}.out"))).unwrap();
        for engine in ["bitmask", "dlx"] {
            let out = run(
                &["solve", "--engine", engine, "--separator", separator],
                &input,
            );
            assert_eq!(text(&out.stderr), "", "{name} {engine}");
            assert!(out.status.success(), "{name} {engine}");
            assert!(
                out.stdout == expected,
                "{name} {engine}: output differs:\n{}",
                text(&out.stdout)
            );
        }
        // Files on the command line give the same bytes as stdin.
        let out = run(
            &[
                "solve",
                "--separator",
                separator,
                &data(&format!("judge/{name}.in")),
            ],
            "",
        );
        assert!(out.stdout == expected, "{name} from a file");
    }
    // The default separator is UVA's.
    let uva = std::fs::read_to_string(data("judge/uva1309.in")).unwrap();
    assert_eq!(
        run(&["solve"], &uva).stdout,
        std::fs::read(data("judge/uva1309.out")).unwrap()
    );
}

#[test]
fn a_bad_puzzle_in_a_batch_is_reported_and_the_rest_solved() {
    let bad_symbol = NINE.replacen('8', "x", 1);
    let conflict = format!("44{}", &NINE[2..]);
    let input = format!("{NINE}\n{bad_symbol}\n{conflict}\n{NINE}\tlast one\n");
    let out = run(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!("{NINE_SOLVED}\n{NINE_SOLVED}\tlast one\n")
    );
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 2 (line 2, column 7): unknown symbol 'x': a 9×9 puzzle uses 1–9 and . - _ * for empty cells\n\
         <stdin>:puzzle 3 (line 3): conflicting givens: R1C1 and R1C2 both hold '4' in row 1\n"
    );
}

#[test]
fn no_solution_several_and_budget() {
    // R1C3 can hold nothing: its row has 1–8 and its column a 9.
    let none = format!("12.345678{}9{}", ".".repeat(11), ".".repeat(60));
    let out = run(&["solve"], &format!("{none}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 1 (line 1): no solution\n"
    );
    assert_eq!(text(&out.stdout), "");

    // An empty grid has many solutions: one is printed, with a warning.
    let empty = ".".repeat(81);
    let out = run(&["solve"], &empty);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 1 (line 1): warning: several solutions; printed one\n"
    );
    let printed = bitsudoku::parse_first(&text(&out.stdout), Default::default())
        .unwrap()
        .0
        .grid;
    bitsudoku::verify(&bitsudoku::Grid::empty(bitsudoku::Shape::S9), &printed).unwrap();

    let hardest = std::fs::read_to_string(data("9x9_hardest.txt")).unwrap();
    let first = hardest.lines().find(|l| !l.starts_with('#')).unwrap();
    let out = run(&["solve", "--max-nodes", "3"], first);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 1 (line 1): gave up after 3 search nodes (--max-nodes)\n"
    );
}

#[test]
fn count_prints_one_line_per_puzzle() {
    let conflict = format!("44{}", &NINE[2..]);
    let input = format!("{NINE}\n{}\n{conflict}\n1...............\n", ".".repeat(81));
    let out = run(&["count"], &input);
    assert_eq!(
        text(&out.stdout),
        "1\tunique\n2+\tseveral\n0\tconflict\n2+\tseveral\n"
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "conflicting givens are counted: 0 solutions"
    );
    let out = run(
        &["count", "--limit", "1000", "--size", "4"],
        ".................\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["count", "--limit", "1000"], "................\n");
    assert_eq!(text(&out.stdout), "288\tseveral\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn count_lines_match_the_input_errors_included() {
    let none = format!("12.345678{}9{}", ".".repeat(11), ".".repeat(60));
    let bad = NINE.replacen('8', "x", 1);
    let block_of_nine = format!("{}\n", ".........\n".repeat(9));
    let input = format!(
        "{NINE}\n{bad}\n{none}\n123\n\n{block_of_nine}\n{}\n{NINE}\n",
        "..".repeat(9)
    );
    let out = run(&["count"], &input);
    assert_eq!(
        text(&out.stdout),
        "1\tunique\n-\tinvalid\n0\tnone\n-\tinvalid\n2+\tseveral\n-\tinvalid\n1\tunique\n"
    );
    let err = text(&out.stderr);
    assert_eq!(
        err.lines().count(),
        3,
        "one message per invalid puzzle: {err}"
    );
    assert!(err.contains("puzzle 2 (line 2, column 7)"), "{err}");
    assert!(err.contains("puzzle 4 (line 4)"), "{err}");
    assert!(err.contains("puzzle 6 (line 17)"), "{err}");
    assert_eq!(out.status.code(), Some(1), "some puzzles were not counted");

    // With no invalid puzzle, `none` and `conflict` are counts like others.
    let conflict = format!("44{}", &NINE[2..]);
    let out = run(&["count"], &format!("{none}\n{conflict}\n"));
    assert_eq!(text(&out.stdout), "0\tnone\n0\tconflict\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn count_estimate_prints_an_estimate_or_the_exact_count() {
    let conflict = format!("44{}", &NINE[2..]);
    let counted = std::fs::read_to_string(data("9x9_counts.txt")).unwrap();
    let (puzzle, count) = counted.lines().nth(1).unwrap().split_once('\t').unwrap();
    let input = format!(
        "{}\n{NINE}\n{conflict}\n{puzzle}\n{}\nabc\n",
        ".".repeat(81),
        ".".repeat(16)
    );
    let args = ["count", "--estimate", "--probes", "2000", "--seed", "3"];
    let out = run(&args, &input);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "one line per puzzle: {stdout}");
    // ~6.67e21 TAB estimate TAB se=1.4% TAB 95%=6.4e21..6.9e21 TAB probes=2000 TAB seed=3
    let fields: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(fields.len(), 6, "{}", lines[0]);
    let mean: f64 = fields[0].strip_prefix('~').unwrap().parse().unwrap();
    assert!((mean / 6.67e21 - 1.0).abs() < 0.2, "{}", lines[0]);
    assert_eq!(fields[1], "estimate");
    let se: f64 = fields[2]["se=".len()..]
        .trim_end_matches('%')
        .parse()
        .unwrap();
    assert!(se > 0.0 && se < 10.0, "{}", lines[0]);
    let (low, high) = fields[3]["95%=".len()..].split_once("..").unwrap();
    let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
    assert!(low < mean && mean < high, "{}", lines[0]);
    assert_eq!(&fields[4..], ["probes=2000", "seed=3"]);
    // Small searches end within the probes: exact counts.
    assert_eq!(
        &lines[1..],
        [
            "1\texact",
            "0\tconflict",
            &format!("{count}\texact"),
            "288\texact",
            "-\tinvalid"
        ]
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("puzzle 3 (line 3): conflicting givens"),
        "{err}"
    );
    assert!(err.contains("puzzle 6 (line 6"), "{err}");
    assert_eq!(out.status.code(), Some(1), "the last line is no puzzle");
    // The same seed, the same output, on any number of threads.
    assert_eq!(
        run(&[&args[..], &["-j", "2"]].concat(), &input).stdout,
        out.stdout
    );
    let other = run(&["count", "--estimate", "--probes", "2000"], &input);
    assert_ne!(text(&other.stdout).lines().next(), Some(lines[0]));
    assert!(text(&other.stdout)
        .lines()
        .next()
        .unwrap()
        .ends_with("seed=1"));
}

#[test]
fn a_stopped_estimate_says_how_many_probes_it_rests_on() {
    let empty = format!("{}\n", ".".repeat(81));
    let out = run(&["count", "--estimate", "--max-nodes", "5000"], &empty);
    let stdout = text(&out.stdout);
    let probes: u64 = stdout.trim_end().rsplit('\t').nth(1).unwrap()["probes=".len()..]
        .parse()
        .unwrap();
    assert!((2..10_000).contains(&probes), "{stdout}");
    assert_eq!(
        text(&out.stderr),
        format!(
            "<stdin>:puzzle 1 (line 1): warning: gave up after 5000 search nodes \
             (--max-nodes): estimated from {probes} of 10000 probes\n"
        )
    );
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["count", "--estimate", "--max-nodes", "20"], &empty);
    assert_eq!(text(&out.stdout), "-\tbudget\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn estimate_options_are_checked() {
    for args in [
        &["count", "--probes", "100"][..],
        &["count", "--seed", "2"],
        &["count", "--estimate", "--limit", "5"],
        &["count", "--estimate", "--engine", "dlx"],
        &["count", "--estimate", "--probes", "1"],
        &["solve", "--estimate"],
    ] {
        // No input: a usage error exits before reading any.
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// Nodes the search takes, from `--stats`.
fn nodes(args: &[&str], puzzle: &str) -> u64 {
    let out = run(args, puzzle);
    let err = text(&out.stderr);
    let words: Vec<&str> = err.split(", ").collect();
    let field = words
        .iter()
        .find(|w| w.ends_with(" nodes"))
        .expect("stats line");
    field.trim_end_matches(" nodes").parse().unwrap()
}

#[test]
fn a_solution_found_before_the_proof_stopped_is_printed() {
    let hardest = std::fs::read_to_string(data("9x9_hardest.txt")).unwrap();
    // A puzzle whose first solution comes well before the end of the proof.
    let (puzzle, first) = hardest
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap())
        .map(|p| {
            let first = nodes(&["solve", "--first", "--stats"], p);
            let all = nodes(&["solve", "--stats"], p);
            (p, first, all)
        })
        .find(|&(_, first, all)| all > first + 10)
        .map(|(p, first, _)| (p, first))
        .expect("a puzzle whose proof takes longer than its solution");
    let limit = (first + 1).to_string();
    let out = run(&["solve", "--max-nodes", &limit], puzzle);
    assert_eq!(
        text(&out.stderr),
        format!(
            "<stdin>:puzzle 1 (line 1): warning: uniqueness unproven: gave up after {limit} search nodes (--max-nodes)\n"
        )
    );
    assert_eq!(out.status.code(), Some(0), "a solution was printed");
    let printed = bitsudoku::parse_first(&text(&out.stdout), Default::default())
        .unwrap()
        .0
        .grid;
    let givens = bitsudoku::parse_first(puzzle, Default::default())
        .unwrap()
        .0
        .grid;
    bitsudoku::verify(&givens, &printed).unwrap();
    // `count` says what it established: at least one.
    let out = run(&["count", "--max-nodes", &limit], puzzle);
    assert_eq!(text(&out.stdout), "1+\tbudget\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_short_run_of_dashes_in_a_block_is_a_bad_row_not_a_border() {
    // The third row of the first block lost a dash: it must not vanish and
    // let the block take the next puzzle's first row.
    let rows: Vec<String> = (0..9)
        .map(|i| if i == 2 { "-".repeat(8) } else { "-".repeat(9) })
        .collect();
    let input = format!("{}\n\n{NINE}\n", rows.join("\n"));
    let out = run(&["count"], &input);
    assert_eq!(text(&out.stdout), "-\tinvalid\n1\tunique\n");
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 1 (line 3): a row of 8 cells in a block of 9×9\n"
    );
    // A long run of dashes between decorated rows is still a border, and
    // one that misses a whole puzzle's length by a cell is reported.
    let pretty = bitsudoku::format(
        &bitsudoku::parse_first(NINE, Default::default())
            .unwrap()
            .0
            .grid,
        &bitsudoku::Notation::default_for(9, bitsudoku::Layout::Pretty),
    )
    .replace('+', "-");
    let input = format!("{}\n{pretty}", "-".repeat(80));
    let out = run(&["count"], &input);
    assert_eq!(
        text(&out.stdout),
        "-\tinvalid\n1\tunique\n",
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn stats_go_to_stderr() {
    let out = run(&["solve", "--stats"], &format!("{NINE}\n{NINE}\n"));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with("<stdin>:puzzle 1 (line 1): unique, "),
        "{err}"
    );
    assert!(
        lines[0].contains(" guesses, ") && lines[0].ends_with(" µs"),
        "{err}"
    );
    assert!(lines[2].starts_with("<stdin>: 2 puzzles, median "), "{err}");
    assert_eq!(text(&out.stdout), format!("{NINE_SOLVED}\n{NINE_SOLVED}\n"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["solve", "--engine", "magic"][..],
        &["solve", "--separator", "never"],
        &["frobnicate"],
        &["count", "--limit", "0"],
        &["solve", "--size", "30"],
        &["solve", "--box", "1x9"],
        &["solve", "--box", "3"],
        &["solve", "--alphabet", "greek"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?} explains itself");
    }
    // An unreadable file is reported; the other inputs are still solved.
    let missing = data("no-such-file.txt");
    let out = run(&["solve", &missing, "-"], NINE);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), format!("{NINE_SOLVED}\n"));
    assert!(
        text(&out.stderr).contains("cannot read"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn empty_input_is_an_error() {
    let out = run(&["solve"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 1 (line 1): no puzzle in the input\n"
    );
}

/// `solve` on `bytes` given on stdin.
fn solve_bytes(bytes: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitsudoku"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn text_saved_as_utf16_with_its_byte_order_mark_is_read() {
    // As Windows PowerShell's `>` and Notepad's "Unicode" save it: the same
    // answers, written in UTF-8; a bad symbol still reported at its column.
    let text_in = format!("{NINE}\r\n{NINE}\r\n");
    let units: Vec<u16> = text_in.encode_utf16().collect();
    let le: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain(units.iter().flat_map(|u| u.to_le_bytes()))
        .collect();
    let be: Vec<u8> = [0xfe, 0xff]
        .into_iter()
        .chain(units.iter().flat_map(|u| u.to_be_bytes()))
        .collect();
    for bytes in [le, be] {
        let out = solve_bytes(&bytes);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), format!("{NINE_SOLVED}\n{NINE_SOLVED}\n"));
    }
    let bad: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain(
            NINE.replacen('.', "x", 1)
                .encode_utf16()
                .flat_map(|u| u.to_le_bytes()),
        )
        .collect();
    let out = solve_bytes(&bad);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("<stdin>:puzzle 1 (line 1, column 2): unknown symbol 'x'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn invalid_utf8_is_reported_with_its_column() {
    let mut bytes = NINE.as_bytes().to_vec();
    bytes[3] = 0xff;
    let out = solve_bytes(&bytes);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr)
            .starts_with("<stdin>:puzzle 1 (line 1, column 4): unknown symbol '\u{fffd}'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn timeout_stops_one_puzzle_and_the_batch_goes_on() {
    // Counting an empty 9×9 toward 10¹² solutions never ends by itself.
    let input = format!("{}\n{NINE}\n", ".".repeat(81));
    let out = run(
        &["count", "--limit", "1000000000000", "--timeout", "0.3"],
        &input,
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].ends_with("+\ttimeout"), "{stdout}");
    assert_eq!(lines[1], "1\tunique");
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 1 (line 1): timed out after 0.3 s (--timeout)\n"
    );
    assert_eq!(run(&["solve", "--timeout", "0"], "").status.code(), Some(2));
}

#[test]
fn out_of_range_seconds_are_usage_errors_not_panics() {
    for args in [
        &["solve", "--timeout", "1e20"][..],
        &["solve", "--timeout", "inf"],
        &["solve", "--timeout=-1"],
        &["bench", "--seconds", "nan"],
        &["bench", "--seconds", "inf"],
        &["bench", "--seconds=-1"],
    ] {
        let out = run(args, "");
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains("seconds"),
            "{args:?}: the error says what is wrong: {}",
            text(&out.stderr)
        );
    }
    // A long but representable timeout works.
    let out = run(
        &["solve", "--timeout", "1e9"],
        &format!("{}\n", ".".repeat(81)),
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn an_endless_line_is_skipped_in_flat_memory_and_the_rest_is_read() {
    let nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let input = format!("{nine}\n{}\n{nine}\n", "x".repeat(5_000_000));
    let out = run(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1), "a bad puzzle in the batch");
    assert_eq!(
        text(&out.stderr),
        "<stdin>:puzzle 2 (line 2): a line longer than 8192 bytes, skipped: the largest puzzle is 625 symbols and its decoration\n"
    );
    assert_eq!(
        text(&out.stdout).lines().count(),
        2,
        "both puzzles around it are solved"
    );
    // /dev/zero is one endless line: read past in bounded memory, so a short
    // read of it ends (here cut at 50 MB by `head`-like input).
    let zeros = "\0".repeat(50_000_000);
    let out = run(&["count"], &zeros);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("a line longer than 8192 bytes"));
}

#[test]
fn a_directory_argument_gets_one_clear_error() {
    let dir = data("");
    let out = run(&["solve", &dir, "-"], NINE);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!("bitsudoku: cannot read {dir}: it is a directory\n")
    );
    assert_eq!(text(&out.stdout), format!("{NINE_SOLVED}\n"));
    let out = run(&["bench", "--seconds", "0", &dir], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("it is a directory"));
}

#[test]
fn output_that_cannot_be_written_is_a_failure() {
    // A full device: the write error is reported.
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_bitsudoku"))
        .args(["solve", &data("9x9_hardest.txt")])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot write the output"),
        "{}",
        text(&out.stderr)
    );
    // Standard output closed: said at once, and not a success.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" solve \"$1\" >&-"])
        .args([env!("CARGO_BIN_EXE_bitsudoku"), &data("9x9_hardest.txt")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "bitsudoku: standard output is closed; nothing would be printed\n"
    );
    // A reader that goes away early: no message, but no success either.
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitsudoku"))
        .args(["count", "--limit", "1", &data("9x9_17clue.txt")])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "");
    // Writing to /dev/null on purpose is fine.
    let out = Command::new(env!("CARGO_BIN_EXE_bitsudoku"))
        .args(["solve", &data("9x9_hardest.txt")])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn stats_name_a_timeout_a_timeout() {
    let out = run(
        &[
            "count",
            "--stats",
            "--limit",
            "1000000000000",
            "--timeout",
            "0.05",
        ],
        &".".repeat(81),
    );
    let err = text(&out.stderr);
    assert!(
        err.starts_with("<stdin>:puzzle 1 (line 1): timeout, "),
        "{err}"
    );
    assert!(!err.contains("budget"), "{err}");
}

#[test]
fn bench_skips_unsolvable_puzzles_and_times_the_rest() {
    let none = format!("12.345678{}9{}", ".".repeat(11), ".".repeat(60));
    let conflict = format!("44{}", &NINE[2..]);
    let input = format!("{NINE}\n{none}\n{conflict}\n{NINE}\n");
    let out = run(&["bench", "--seconds", "0", "--json"], &input);
    let err = text(&out.stderr);
    assert_eq!(
        err,
        "-:puzzle 2 (line 2): no solution: not benchmarked\n\
         -:puzzle 3 (line 3): conflicting givens: not benchmarked\n"
    );
    assert!(!err.contains("WRONG"), "{err}");
    assert!(
        text(&out.stdout).contains("\"puzzles\":2"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Every size and layout, several solutions, none, conflicts and unreadable
/// puzzles, in one file; the slow 25×25 puzzles first, so later answers come
/// back before them.
fn mixed_collection() -> String {
    let lines = |name: &str, n: usize| -> String {
        let text = std::fs::read_to_string(data(name)).unwrap();
        let puzzles: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .take(n)
            .collect();
        puzzles.join("\n") + "\n"
    };
    let uva = std::fs::read_to_string(data("judge/uva1309.in")).unwrap();
    [
        lines("25x25_half.txt", 3),
        lines("9x9_classic.txt", 40),
        "abc\n".to_string(),
        lines("4x4.txt", 20),
        format!("11{}\n", ".".repeat(79)),
        lines("9x9_several.txt", 30),
        format!("12345678.........9{}\n", ".".repeat(63)),
        lines("16x16_gecode.txt", 6),
        format!("\n{uva}\n"),
        lines("9x9_hardest.txt", 60),
        "1234\n".to_string(),
        lines("16x16_vu_kr.txt", 5),
    ]
    .concat()
}

#[test]
fn jobs_give_the_output_of_one_job_byte_for_byte() {
    let input = mixed_collection();
    let path = std::env::temp_dir().join(format!("bitsudoku-mixed-{}.txt", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let file = path.to_str().unwrap();
    let commands: [&[&str]; 8] = [
        &["solve"],
        &["solve", "--separator", "after", "--first"],
        &["solve", "--max-nodes", "100"],
        &["count", "--limit", "5"],
        &["check"],
        &["check", "--format", "tsv", "--limit", "3"],
        &["check", "--format", "json", "--max-nodes", "100"],
        &["count", "--engine", "dlx"],
    ];
    for command in commands {
        let with = |jobs: &str, from_file: bool| {
            let mut args = command.to_vec();
            args.extend(["--jobs", jobs]);
            if from_file {
                args.push(file);
                run(&args, "")
            } else {
                run(&args, &input)
            }
        };
        let one = with("1", false);
        let out = text(&one.stdout);
        assert!(out.lines().count() > 150, "{command:?}: {out}");
        // The batch holds failures: they are reported, and the rest answered.
        assert_eq!(one.status.code(), Some(1), "{command:?}");
        if command[0] != "check" {
            assert!(text(&one.stderr).contains("puzzle "), "{command:?}");
        }
        for (jobs, from_file) in [("2", false), ("3", true), ("8", false), ("1", true)] {
            let many = with(jobs, from_file);
            let name = |s: String| s.replace(file, "<stdin>");
            assert_eq!(
                many.status.code(),
                one.status.code(),
                "{command:?} --jobs {jobs}"
            );
            assert!(
                many.stdout == one.stdout,
                "{command:?} --jobs {jobs}: standard output differs"
            );
            assert_eq!(
                name(text(&many.stderr)),
                text(&one.stderr),
                "{command:?} --jobs {jobs}: standard error differs"
            );
        }
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn check_agrees_with_count_and_names_every_outcome() {
    let input = mixed_collection();
    let count = run(&["count", "--limit", "4"], &input);
    let check = run(&["check", "--format", "tsv", "--limit", "4"], &input);
    let json = run(&["check", "--format", "json", "--limit", "4"], &input);
    let counts: Vec<String> = text(&count.stdout).lines().map(String::from).collect();
    let rows: Vec<String> = text(&check.stdout).lines().map(String::from).collect();
    let objects: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(
        rows[0],
        "puzzle\tline\tsize\toutcome\tcount\tdifficulty\tsolution\treason"
    );
    assert_eq!(rows.len() - 1, counts.len());
    assert_eq!(objects.len(), counts.len());
    let mut seen = std::collections::BTreeSet::new();
    for (i, (count, row)) in counts.iter().zip(&rows[1..]).enumerate() {
        let (n, word) = count.split_once('\t').unwrap();
        let columns: Vec<&str> = row.split('\t').collect();
        assert_eq!(columns.len(), 8, "{row}");
        assert_eq!(columns[0], (i + 1).to_string());
        let expected = match word {
            "unique" => "unique",
            "several" => "several",
            "none" => "none",
            "conflict" | "invalid" => "invalid",
            other => panic!("count said {other}"),
        };
        assert_eq!(columns[3], expected, "puzzle {}", i + 1);
        assert_eq!(objects[i]["outcome"], expected);
        if expected != "invalid" {
            assert_eq!(columns[4], n, "puzzle {}", i + 1);
        }
        if expected == "unique" {
            assert_ne!(columns[5], "-");
            assert_eq!(objects[i]["solution"].as_str(), Some(columns[6]));
            // The solution column is the puzzle's solution, checked by the
            // independent verifier.
            let solution = bitsudoku::parse_first(columns[6], Default::default())
                .unwrap()
                .0
                .grid;
            let size = solution.shape().clone();
            let puzzle = bitsudoku::parse_all(&input, Default::default())[i]
                .result
                .clone()
                .unwrap();
            assert_eq!(puzzle.grid.shape(), &size);
            bitsudoku::verify(&puzzle.grid, &solution).unwrap();
        } else {
            assert_eq!(columns[6], "-");
        }
        seen.insert(expected);
    }
    assert_eq!(seen.len(), 4, "unique, several, none and invalid: {seen:?}");
    // The summary goes to stderr for machine formats, last on stdout for people.
    let tally = text(&check.stderr);
    assert!(
        tally.contains(&format!("{} puzzles: ", counts.len())),
        "{tally}"
    );
    let people = run(&["check", "--limit", "4"], &input);
    let last = text(&people.stdout).lines().last().unwrap().to_string();
    assert!(tally.contains(&last), "{last}");
    assert_eq!(people.status.code(), Some(1), "not every puzzle is unique");
    let fine = run(&["check"], &format!("{NINE}\n"));
    assert_eq!(fine.status.code(), Some(0));
}

/// Runs the binary on a pseudo-terminal (util-linux `script`), the way a
/// person at a terminal does; returns what the terminal showed.
fn on_a_terminal(args: &str) -> String {
    let command = format!("{} {args} >/dev/null", env!("CARGO_BIN_EXE_bitsudoku"));
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("BITSUDOKU_PROGRESS_AFTER_MS", "0")
        .stdin(Stdio::null())
        .output()
        .expect("script(1) from util-linux runs");
    text(&out.stdout)
}

#[test]
fn a_progress_bar_on_a_terminal_only() {
    let path = std::env::temp_dir().join(format!("bitsudoku-bar-{}.txt", std::process::id()));
    let hardest = std::fs::read_to_string(data("9x9_hardest.txt")).unwrap();
    std::fs::write(&path, hardest.repeat(4)).unwrap();
    let file = path.to_str().unwrap();
    let shown = on_a_terminal(&format!("solve --jobs 2 {file}"));
    assert!(shown.contains(" puzzles · "), "{shown:?}");
    assert!(
        shown.contains("% · "),
        "a file's size gives a percentage: {shown:?}"
    );
    assert!(shown.contains(" left"), "{shown:?}");
    assert!(!on_a_terminal(&format!("check --quiet {file}")).contains("puzzles ·"));
    // Piped, standard error holds only messages: none for this file.
    let piped = run(&["solve", file], "");
    assert_eq!(text(&piped.stderr), "");
    // One long count: its workers move the bar while it runs.
    std::fs::write(&path, format!("{}\n", ".".repeat(81))).unwrap();
    for jobs in [1, 2] {
        let shown = on_a_terminal(&format!("count --limit 2000000 --jobs {jobs} {file}"));
        assert!(shown.contains(" solutions · "), "{shown:?}");
        assert!(shown.contains(" positions · "), "{shown:?}");
        assert!(
            shown.contains("0 puzzles · "),
            "before the puzzle is done: {shown:?}"
        );
    }
    let shown = on_a_terminal(&format!("count --estimate --probes 20000 {file}"));
    assert!(shown.contains(" probes · "), "{shown:?}");
    assert!(!on_a_terminal(&format!("count -q --limit 2000000 {file}")).contains("positions"));
    let piped = run(&["count", "--limit", "2000000", file], "");
    assert_eq!(text(&piped.stderr), "");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn lone_carriage_returns_end_lines_as_old_mac_text_does() {
    // Every line ending: \r alone, \r\n, \n, mixed, and a \r\n cut across
    // the reader's 8 KiB buffer (a long comment puts the \r last in it).
    let long = "x".repeat(9000);
    let inputs = [
        format!("{NINE}\r{NINE}\r"),
        format!("{NINE}\r\n{NINE}\r\n"),
        format!("{NINE}\r{NINE}\n{NINE}"),
        format!("{NINE}\r\r{NINE}\r"),
        format!("{NINE} {}\r\n{NINE}\r", &long[..8192 - 83]),
    ];
    let expected = [2, 2, 3, 2, 2];
    for (input, &n) in inputs.iter().zip(&expected) {
        let out = run(&["count"], input);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let lines = text(&out.stdout);
        assert_eq!(lines.lines().count(), n, "{input:?}: {lines}");
        assert!(lines.lines().all(|l| l == "1\tunique"), "{lines}");
        let solved = run(&["solve"], input);
        let printed = text(&solved.stdout);
        let solutions: Vec<&str> = printed
            .lines()
            .map(|l| l.split_whitespace().next().unwrap_or(""))
            .collect();
        assert_eq!(solutions.len(), n, "{printed}");
        for s in solutions {
            let g = bitsudoku::parse_first(s, bitsudoku::ParseOptions::default())
                .unwrap()
                .0
                .grid;
            let p = bitsudoku::parse_first(NINE, bitsudoku::ParseOptions::default())
                .unwrap()
                .0
                .grid;
            bitsudoku::verify(&p, &g).expect("every puzzle solved, and checked");
        }
    }
}

/// Every shape's line format, through the binary and back: the solved line
/// keeps the puzzle's kind (so it reads back as the same shape), the
/// verifier accepts it, and solving the solved line prints it again. Block
/// layout too: a kind heading the rows.
#[test]
fn every_shape_round_trips_through_solve() {
    use bitsudoku::{parse_all, verify, ParseOptions};
    for file in [
        "shapes_boxes.txt",
        "shapes_variants.txt",
        "shapes_jigsaw.txt",
    ] {
        let input = std::fs::read_to_string(data(file)).unwrap();
        let puzzles: Vec<&str> = input
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split('\t').next().unwrap())
            .collect();
        let out = run(&["solve"], &(puzzles.join("\n") + "\n"));
        assert_eq!(text(&out.stderr), "", "{file}");
        let solved = text(&out.stdout);
        let lines: Vec<&str> = solved.lines().collect();
        assert_eq!(lines.len(), puzzles.len(), "{file}");
        for (puzzle, line) in puzzles.iter().zip(&lines) {
            let kind = |l: &str| l.split_once(' ').map(|(k, _)| k.to_string());
            assert_eq!(kind(puzzle), kind(line), "{file}: {line}");
            let p = &parse_all(puzzle, ParseOptions::default())[0];
            let s = &parse_all(line, ParseOptions::default())[0];
            let (p, s) = (p.result.as_ref().unwrap(), s.result.as_ref().unwrap());
            assert_eq!(p.grid.shape(), s.grid.shape(), "{file}: {line}");
            assert_eq!(verify(&p.grid, &s.grid), Ok(()), "{file}: {line}");
        }
        let again = run(&["solve"], &solved);
        assert_eq!(
            text(&again.stdout),
            solved,
            "{file}: a solved line solves to itself"
        );
    }
    // A jigsaw as a block: its kind, then rows of cells and region labels.
    let block = "jigsaw\n12.. AAAB\n.... CABB\n.... CCDB\n.... CDDD\n";
    let out = run(&["solve"], block);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert!(printed.starts_with("jigsaw\n"), "{printed}");
    assert_eq!(text(&run(&["solve"], &printed).stdout), printed);
}

#[test]
fn read_prints_a_picture_s_puzzle_for_the_other_commands() {
    // The 9×9 screenshot fixture: one line that `count` reads back.
    let out = run(&["read", &data("pictures/0000-screen-9.png")], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = text(&out.stdout);
    assert_eq!(line.lines().count(), 1);
    assert_eq!(line.trim().len(), 81);
    let truth = std::fs::read_to_string(data("pictures/truth.tsv")).unwrap();
    let cells: Vec<u8> = truth
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .nth(5)
        .unwrap()
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect();
    let read: Vec<u8> = line
        .trim()
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    assert_eq!(read, cells);
    let counted = run(&["count"], &line);
    assert!(counted.status.success(), "{}", text(&counted.stderr));
    assert_eq!(text(&counted.stdout).lines().count(), 1);
}

#[test]
fn read_turns_a_phone_photo_the_way_its_exif_says() {
    // 0031 is 0002's photo stored lying on its side, with the EXIF
    // orientation a phone writes (turn a quarter clockwise to show).
    let upright = run(&["read", &data("pictures/0002-photo-9.jpg")], "");
    let stored = run(&["read", &data("pictures/0031-photo-9.jpg")], "");
    assert!(stored.status.success(), "{}", text(&stored.stderr));
    assert_eq!(text(&stored.stdout), text(&upright.stdout));
    assert_eq!(text(&stored.stdout).trim().len(), 81);
}

#[test]
fn read_says_where_no_puzzle_was_found_and_goes_on() {
    let crossword = data("pictures/0005-none-crossword.png");
    let screen = data("pictures/0003-screen-6.png");
    let out = run(&["read", "--format", "tsv", &crossword, &screen], "");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("no puzzle found in {crossword}")),
        "{err}"
    );
    let rows: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(
        rows[0],
        "file\tside\tshape\talphabet\tpuzzle\tstatus\tdoubtful\tconfidence"
    );
    assert_eq!(rows.len(), 2);
    let f: Vec<&str> = rows[1].split('\t').collect();
    // The shape as the JS API names it: the side alone for its usual boxes.
    assert_eq!((f[1], f[2], f[3]), ("6", "6", "digits"));
    assert_eq!(f[7].split(',').count(), 36);
    // A file that is no picture is an unreadable file: status 2.
    let out = run(&["read", &data("pictures/truth.tsv")], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read"));
}

#[test]
fn read_names_the_cells_it_settled() {
    // 0027: a `10` (`A` among 12×12's symbols) read `5`, beside a `5` of
    // its house, taken as its next reading, `A`; 0035: a `16` against the
    // frame that lost its `1`, read `6` beside a `6`, taken as the number a
    // digit longer, `16`; 0061 below. (The weights before the fourteenth pass settled
    // 0018's two `20`s, read `22`, and 0019's frame corner, read `4`: both
    // read right at once now; until the nineteenth pass grain in 0025's
    // empty cell was read `2` beside a `2`, and emptied; until the
    // twenty-seventh 0060's `10`s and `20`s were read `2` and `3`, and
    // changed together.)
    for (file, said) in [
        (
            "0027-photo-12.jpg",
            "R2C6 read as 5 repeats a symbol in its row, column or box: taken as A, check it",
        ),
        (
            "0035-photo-16.jpg",
            "R16C13 read as 6 repeats a symbol in its row, column or box: taken as 16, check it",
        ),
        // 0068: every `13` read `11`, two of them in a repeat; the others,
        // read just as those were, repeat nothing.
        (
            "0068-screen-25.png",
            "R2C3 read as 11 is read just as R6C8 was, which repeated a symbol: taken as 13, check it",
        ),
        // 0061: five `K`s read `E` that repeat nothing and an `H` read `M`,
        // the puzzle read with no solution until all six change together.
        (
            "0061-photo-16.jpg",
            "R1C8 read as E is one of the cells changed together to give the puzzle read a solution: taken as K, check it",
        ),
    ] {
        let path = data(&format!("pictures/{file}"));
        let out = run(&["read", &path], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(err.contains(&format!("{path}: {said}")), "{err}");
    }
}
