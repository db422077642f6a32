//! Parsing, as tables: inputs and what each puzzle must come out as.

use bitsudoku::{format, parse_all, Alphabet, Entry, Layout, ParseOptions, Shape};

/// Renders an entry compactly: `ok <size> <alphabet> <layout> <cells as line>`
/// or `err <line>[:<col>] <message>`.
fn show(e: &Entry) -> String {
    match &e.result {
        Ok(p) => {
            let size = p.grid.shape();
            let mut notation = p.notation;
            notation.layout = Layout::Line;
            let cells = format(&p.grid, &notation);
            let comment = p
                .comment
                .as_deref()
                .map(|c| format!(" #{}", c.trim()))
                .unwrap_or_default();
            format!(
                "ok {} {} {} {}{comment}",
                size.side(),
                p.notation.alphabet,
                p.notation.layout.id(),
                cells.trim_end()
            )
        }
        Err(err) => match err.column {
            Some(c) => format!("err {}:{c} {}", err.line, err.kind),
            None => format!("err {} {}", err.line, err.kind),
        },
    }
}

fn run(input: &str, options: ParseOptions) -> Vec<String> {
    parse_all(input, options).iter().map(show).collect()
}

const NINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// `NINE` solved.
const SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const UVA_CASE: &str = "\
-------N---L---H
BA-----K------I-
-ED--JH-BC-I-F--
--P-M----F-HL---
--L---K-----A---
O--DN-F-C----J-E
-B---L-A--H--PG-
---G--DB--P-K--C
CF--A--ID--B-OP-
-D---F-L--N---J-
M---P--J-G-E--A-
--E--H-C--F-B--D
-IK-L-A-F----C--
D-M--NJ--I-CF-L-
NP---C--AO---DB-
--A-E--F-D--J-N-
";

#[test]
fn good_inputs() {
    let pretty = "\
+-------+-------+-------+
| 4 . . | . . . | 8 . 5 |
| . 3 . | . . . | . . . |
| . . . | 7 . . | . . . |
+-------+-------+-------+
| . 2 . | . . . | . 6 . |
| . . . | . 8 . | 4 . . |
| . . . | . 1 . | . . . |
+-------+-------+-------+
| . . . | 6 . 3 | . 7 . |
| 5 . . | 2 . . | . . . |
| 1 . 4 | . . . | . . . |
+-------+-------+-------+
";
    let nine_ok = format!("ok 9 digits line {NINE}");
    let nine_block: String = NINE
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let cases: Vec<(&str, String, Vec<String>)> = vec![
        ("one line", format!("{NINE}\n"), vec![nine_ok.clone()]),
        ("no final newline", NINE.to_string(), vec![nine_ok.clone()]),
        (
            "CRLF",
            format!("{NINE}\r\n{NINE}\r\n"),
            vec![nine_ok.clone(), nine_ok.clone()],
        ),
        (
            "comment after a puzzle",
            format!("{NINE}\tplatinum blonde\n"),
            vec![format!("{nine_ok} #platinum blonde")],
        ),
        (
            "comment lines and BOM",
            format!("\u{feff}# a set\n{NINE}\n# more\n"),
            vec![nine_ok.clone()],
        ),
        (
            "zero blanks",
            NINE.replace('.', "0"),
            vec![format!("ok 9 digits line {}", NINE.replace('.', "0"))],
        ),
        (
            "mixed blanks print as the first one",
            NINE.replacen('.', "_", 3)
                .replacen('.', "*", 2)
                .replacen('.', "-", 1),
            vec![format!("ok 9 digits line {}", NINE.replace('.', "_"))],
        ),
        (
            "end stops the input",
            format!("{NINE}\nend\n{NINE}\n"),
            vec![nine_ok.clone()],
        ),
        (
            "9x9 block",
            nine_block.clone(),
            vec![format!("ok 9 digits block {NINE}")],
        ),
        (
            "pasted with borders",
            pretty.to_string(),
            vec![format!("ok 9 digits pretty {NINE}")],
        ),
        (
            "two blocks back to back",
            format!("{nine_block}{nine_block}"),
            vec![format!("ok 9 digits block {NINE}"); 2],
        ),
        (
            "judge block",
            UVA_CASE.to_string(),
            vec![format!(
                "ok 16 letters block {}",
                UVA_CASE.replace('\n', "")
            )],
        ),
        (
            "judge block, lower case",
            UVA_CASE.to_lowercase(),
            vec![format!(
                "ok 16 letters block {}",
                UVA_CASE.replace('\n', "")
            )],
        ),
        (
            "4x4 lines with 1-4 only, fewer than 16",
            "1.3...4...2.4...\n.2.3............\n".to_string(),
            vec![
                "ok 4 digits line 1.3...4...2.4...".into(),
                "ok 4 digits line .2.3............".into(),
            ],
        ),
        (
            "4x4 block",
            "12..\n..12\n2...\n...3\n".to_string(),
            vec!["ok 4 digits block 12....122......3".into()],
        ),
        (
            "16 lines of 1-4 that repeat in a 16x16 column",
            "1234............\n".repeat(16),
            vec!["ok 4 digits line 1234............".to_string(); 16],
        ),
    ];
    for (name, input, want) in cases {
        assert_eq!(run(&input, ParseOptions::default()), want, "{name}");
    }
}

#[test]
fn alphabets_detected_or_named() {
    let letters = UVA_CASE.replace('\n', "");
    let to = |from: &str, to: &str| -> String {
        letters
            .chars()
            .map(|c| from.find(c).map_or(c, |i| to.as_bytes()[i] as char))
            .collect()
    };
    let ap = "ABCDEFGHIJKLMNOP";
    let hex = to(ap, "0123456789ABCDEF");
    let dl = to(ap, "123456789ABCDEFG");
    assert_eq!(
        run(&hex, ParseOptions::default()),
        [format!("ok 16 hex line {hex}")]
    );
    assert_eq!(
        run(&dl, ParseOptions::default()),
        [format!("ok 16 digits-letters line {dl}")]
    );
    // Symbols 1–9 and A–F only: hex (with 0 missing) or 1–9A–G (with G missing).
    let neither_0_nor_g = dl.replace('G', "-");
    assert_eq!(
        run(&neither_0_nor_g, ParseOptions::default()),
        ["err 1 the symbols fit 0–F and 1–9A–G alike; name the alphabet (--alphabet hex|digits-letters)"]
    );
    let named = ParseOptions {
        alphabet: Some(Alphabet::DigitsLetters),
        ..ParseOptions::default()
    };
    assert_eq!(
        run(&neither_0_nor_g, named),
        [format!("ok 16 digits-letters line {neither_0_nor_g}")]
    );
    // A file keeps to one alphabet: the earlier puzzle settles the later one.
    assert_eq!(
        run(
            &format!("{dl}\n{neither_0_nor_g}\n"),
            ParseOptions::default()
        ),
        [
            format!("ok 16 digits-letters line {dl}"),
            format!("ok 16 digits-letters line {neither_0_nor_g}")
        ]
    );
    // A named alphabet applies to the sizes it serves; others are detected.
    let hex_named = ParseOptions {
        alphabet: Some(Alphabet::Hex),
        ..ParseOptions::default()
    };
    assert_eq!(run(NINE, hex_named), [format!("ok 9 digits line {NINE}")]);
    // 25×25 in both alphabets.
    let g =
        bitsudoku::generate::random_solution(&Shape::S25, &mut bitsudoku::generate::Rng::new(3))
            .expect("a solution");
    for alphabet in [Alphabet::Letters, Alphabet::DigitsLetters] {
        let notation = bitsudoku::Notation {
            alphabet,
            layout: Layout::Line,
            blank: '.',
            kind: false,
        };
        let text = format(&g, &notation);
        assert_eq!(
            run(&text, ParseOptions::default()),
            [format!("ok 25 {alphabet} line {}", text.trim_end())]
        );
    }
}

#[test]
fn bad_inputs_name_where_and_what() {
    let long = format!("{NINE}7");
    let block_truncated: String = UVA_CASE
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    let block_short_row = UVA_CASE.replacen("BA-----K------I-", "BA-----K-----I-", 1);
    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        ("empty input", String::new(), vec!["err 1 no puzzle in the input"]),
        ("only comments", "# nothing\n\n".into(), vec!["err 2 no puzzle in the input"]),
        (
            "wrong length",
            long.clone(),
            vec!["err 1 82 cells on a line: a puzzle line has n² (16, 36, 64, 81, 100, 144, … 625), a block row n (4, 6, 8, 9, 10, 12, … 25)"],
        ),
        (
            "unknown symbol",
            NINE.replacen('8', "x", 1),
            vec!["err 1:7 unknown symbol 'x': a 9×9 puzzle uses 1–9 and . - _ * for empty cells"],
        ),
        (
            "control character",
            NINE.replacen('8', "\u{7}", 1),
            vec!["err 1:7 unknown symbol U+0007: a 9×9 puzzle uses 1–9 and . - _ * for empty cells"],
        ),
        (
            "non-BMP character",
            NINE.replacen('8', "🧩", 1),
            vec!["err 1:7 unknown symbol '🧩': a 9×9 puzzle uses 1–9 and . - _ * for empty cells"],
        ),
        (
            "mixed alphabets in 16x16",
            UVA_CASE.replacen('N', "0", 1),
            vec!["err 1:12 mixed alphabets: 'L' is not in 0–F, the alphabet of the symbols before it"],
        ),
        (
            "letter beyond the alphabet",
            UVA_CASE.replacen('H', "Q", 1),
            vec!["err 1:16 unknown symbol 'Q': a 16×16 puzzle uses A–P, 0–F or 1–9A–G and . - _ * for empty cells"],
        ),
        ("truncated block", block_truncated, vec!["err 1 truncated block: 12 of 16 rows before the blank line or the end"]),
        ("short row in a block", block_short_row, vec!["err 2 a row of 15 cells in a block of 16×16"]),
        (
            "ambiguous 16 lines",
            "................\n".repeat(16),
            vec!["err 1 16 lines of 16 symbols from 1–4: 4×4 puzzles or one 16×16 block? Name the size (--size 4 or --size 16)"],
        ),
    ];
    for (name, input, want) in cases {
        assert_eq!(run(&input, ParseOptions::default()), want, "{name}");
    }
}

#[test]
fn size_named_settles_16_symbol_lines() {
    let lines = "1...............\n".repeat(16);
    let four = ParseOptions {
        side: Some(4),
        ..ParseOptions::default()
    };
    assert_eq!(
        run(&lines, four),
        vec!["ok 4 digits line 1..............."; 16]
    );
    let sixteen = ParseOptions {
        side: Some(16),
        alphabet: Some(Alphabet::DigitsLetters),
        ..ParseOptions::default()
    };
    let got = run(&lines, sixteen);
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("ok 16 digits-letters block 1..............."),
        "{got:?}"
    );
    // A named size rejects other sizes.
    assert_eq!(
        run(NINE, sixteen),
        ["err 1 81 cells on a line: a 16×16 puzzle has 256 on a line or rows of 16"]
    );
}

#[test]
fn a_bad_puzzle_does_not_stop_the_batch() {
    let two_rows: String = UVA_CASE.lines().take(2).map(|l| format!("{l}\n")).collect();
    let input = format!(
        "{NINE}\n{}\n{NINE}\n\n{UVA_CASE}\n{two_rows}{NINE}\n",
        NINE.replacen('4', "Z", 1)
    );
    let got = run(&input, ParseOptions::default());
    let kinds: Vec<&str> = got.iter().map(|s| &s[..s.find(' ').unwrap()]).collect();
    assert_eq!(kinds, ["ok", "err", "ok", "ok", "err", "ok"], "{got:#?}");
    let lines: Vec<usize> = parse_all(&input, ParseOptions::default())
        .iter()
        .map(|e| e.line)
        .collect();
    assert_eq!(lines, [1, 2, 3, 5, 22, 24]);
}

/// The UVA case as rows of numbers 1–16 (0 for empty) joined by `sep`.
fn uva_numbers(sep: &str) -> String {
    UVA_CASE
        .lines()
        .map(|row| {
            let cells: Vec<String> = row
                .chars()
                .map(|c| match c {
                    '-' => "0".to_string(),
                    c => (c as u8 - b'A' + 1).to_string(),
                })
                .collect();
            cells.join(sep) + "\n"
        })
        .collect()
}

#[test]
fn numbers_separated_by_spaces_or_commas() {
    let letters = run(UVA_CASE, ParseOptions::default());
    let same_cells = |got: &[String]| {
        assert_eq!(got.len(), 1, "{got:?}");
        // The same grid as the letters, written back as numbers.
        let want: Vec<String> = letters[0]
            .rsplit(' ')
            .next()
            .unwrap()
            .chars()
            .map(|c| match c {
                '-' => "0".into(),
                c => (c as u8 - b'A' + 1).to_string(),
            })
            .collect();
        assert!(got[0].ends_with(&want.join(",")), "{got:?}");
    };
    for sep in [" ", ", ", ",", "\t", " ; "] {
        let got = run(&uva_numbers(sep), ParseOptions::default());
        assert!(
            got[0].starts_with("ok 16 numbers block "),
            "{sep:?}: {got:?}"
        );
        same_cells(&got);
    }
    // One line of 256 numbers.
    let line = uva_numbers(",").replace('\n', ",");
    let got = run(line.trim_end_matches(','), ParseOptions::default());
    assert!(got[0].starts_with("ok 16 numbers line "), "{got:?}");
    same_cells(&got);
    // Rows without a number above 9 read as numbers when another row of the
    // block has one: the first row here is "0 0 0 … 14 0 0 0 12 0 0 0 8".
    let spaced = uva_numbers(" ");
    assert!(spaced.lines().next().unwrap().contains("14"));
    let small_first = format!(
        "1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n{}",
        spaced.lines().skip(1).collect::<Vec<_>>().join("\n")
    );
    let got = run(&small_first, ParseOptions::default());
    assert!(
        got[0].starts_with("ok 16 numbers block 1,0,0,0,"),
        "{got:?}"
    );
    // Blanks may be dots; a 9×9 in numbers is a 9×9 in digits.
    let nine: String = NINE
        .chars()
        .map(|c| {
            if c == '.' {
                "0".to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",");
    assert_eq!(
        run(&nine, ParseOptions::default()),
        run(NINE, ParseOptions::default())
            .iter()
            .map(|s| s.replace('.', "0"))
            .collect::<Vec<_>>()
    );
}

#[test]
fn numbers_out_of_range_or_mixed_say_where() {
    let mut rows: Vec<String> = uva_numbers(" ").lines().map(str::to_string).collect();
    rows[3] = rows[3].replacen("0", "17", 1);
    let got = run(&(rows.join("\n") + "\n"), ParseOptions::default());
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("err 4:") && got[0].contains("a number above 16"),
        "{got:?}"
    );
    // The same with box bars (our pretty layout of numbers): still a wrong
    // number, never a candidate grid's row that holds `1` and `7`.
    let barred: Vec<String> = rows
        .iter()
        .map(|r| {
            let w: Vec<&str> = r.split_whitespace().collect();
            let boxes: Vec<String> = w.chunks(4).map(|b| b.join(" ")).collect();
            format!("| {} |", boxes.join(" | "))
        })
        .collect();
    let got = run(&(barred.join("\n") + "\n"), ParseOptions::default());
    assert!(
        got.len() == 1 && got[0].starts_with("err 4:") && got[0].contains("a number above 16"),
        "{got:?}"
    );
    // 26 in a 25×25 row.
    let row25 = (1..=25)
        .map(|v| if v == 3 { "26".into() } else { v.to_string() })
        .collect::<Vec<_>>()
        .join(" ");
    let got = run(&format!("{row25}\n").repeat(25), ParseOptions::default());
    assert!(got[0].starts_with("err 1:5 a number above 25"), "{got:?}");
}

#[test]
fn number_grids_round_trip() {
    use bitsudoku::{parse_first, Notation};
    let (p, _) = parse_first(&uva_numbers(" "), ParseOptions::default()).unwrap();
    for layout in [Layout::Line, Layout::Block, Layout::Pretty] {
        let notation = Notation {
            layout,
            ..p.notation
        };
        let text = format(&p.grid, &notation);
        let (back, _) = parse_first(&text, ParseOptions::default())
            .unwrap_or_else(|e| panic!("{layout:?}: {e}\n{text}"));
        assert_eq!(back.grid, p.grid, "{layout:?}");
        assert_eq!(back.notation.alphabet, Alphabet::Numbers, "{layout:?}");
    }
    // A sparse grid whose numbers are all below 10 still reads back: the
    // commas say numbers.
    let mut sparse = p.grid.clone();
    for cell in 0..256 {
        if sparse.get(cell) > 9 {
            sparse.set(cell, 0);
        }
    }
    for layout in [Layout::Line, Layout::Block] {
        let text = format(
            &sparse,
            &Notation {
                layout,
                ..p.notation
            },
        );
        assert_eq!(
            parse_first(&text, ParseOptions::default()).unwrap().0.grid,
            sparse,
            "{text}"
        );
    }
}

/// The streaming reader gives what `parse_all` gives, wherever its buffer
/// cuts the lines.
#[test]
fn streamed_entries_match_parse_all_at_every_chunk_size() {
    let long = "x".repeat(bitsudoku::parse::MAX_LINE + 5);
    let inputs = [
        format!("{NINE}\tname\n{UVA_CASE}\n{NINE}"),
        format!("{NINE}\r\n{long}\n{NINE}\n"),
        long.clone(),
        format!("\u{feff}{UVA_CASE}end\n{NINE}\n"),
        String::new(),
    ];
    for input in &inputs {
        let whole = run(input, ParseOptions::default());
        for chunk in [1, 2, 3, 7, 64, 8193, 1 << 16] {
            let reader = std::io::BufReader::with_capacity(chunk, input.as_bytes());
            let streamed: Vec<String> =
                bitsudoku::parse::Entries::new(reader, ParseOptions::default())
                    .map(|e| show(&e.expect("reading memory cannot fail")))
                    .collect();
            assert_eq!(streamed, whole, "chunk {chunk}");
        }
    }
}

/// A read error ends the stream once, with nothing made up after it.
#[test]
fn a_read_error_ends_the_stream_without_a_second_error() {
    struct Broken(bool);
    impl std::io::Read for Broken {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if std::mem::replace(&mut self.0, false) {
                buf[..10].copy_from_slice(b"123456789\n");
                return Ok(10);
            }
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let reader = std::io::BufReader::new(Broken(true));
    let mut entries = bitsudoku::parse::Entries::new(reader, ParseOptions::default());
    let error = entries
        .next()
        .expect("an item")
        .expect_err("the read error");
    assert_eq!(error.to_string(), "disk on fire");
    assert_eq!(entries.lines_read(), 1);
    assert!(
        entries.next().is_none(),
        "no truncated-block report after it"
    );
}

/// Runs of dashes: borders when they can be, a bad row when they are a near
/// miss (so a block never takes the next puzzle's row).
#[test]
fn runs_of_dashes() {
    let rows = |short: usize| {
        (0..9)
            .map(|i| {
                if i == short {
                    "-".repeat(8)
                } else {
                    "-".repeat(9)
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        run(&format!("{}\n\n{NINE}\n", rows(4)), ParseOptions::default()),
        [
            "err 5 a row of 8 cells in a block of 9×9".to_string(),
            format!("ok 9 digits line {NINE}")
        ]
    );
    // Long runs between rows of a block are borders.
    let bordered = NINE
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect::<Vec<_>>()
        .join(&format!("\n{}\n", "-".repeat(12)));
    assert_eq!(
        run(&bordered, ParseOptions::default()),
        [format!("ok 9 digits block {NINE}")]
    );
    // Alone: a short rule is decoration, a near miss of a puzzle is not.
    assert_eq!(
        run(&format!("---\n{}\n{NINE}\n", "-".repeat(80)), ParseOptions::default()),
        [
            "err 2 80 cells on a line: a puzzle line has n² (16, 36, 64, 81, 100, 144, … 625), a block row n (4, 6, 8, 9, 10, 12, … 25)".to_string(),
            format!("ok 9 digits line {NINE}")
        ]
    );
}

/// A 16×16 block whose only symbol beyond 1–4 is in its last row: until
/// then its rows read as 4×4 puzzles too; the last row settles it and
/// completes the block (it was once reported as truncated).
#[test]
fn a_block_told_apart_by_its_last_row_is_read_whole() {
    let mut text = String::new();
    for _ in 0..15 {
        text.push_str("................\n");
    }
    text.push_str("..............L.\n");
    let got = run(&text, ParseOptions::default());
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("ok 16 "), "{got:?}");
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    let block = UVA_CASE.replace('\n', "\r");
    assert_eq!(run(&block, ParseOptions::default()).len(), 1);
    assert!(run(&block, ParseOptions::default())[0].starts_with("ok 16 letters block"));
    let two = format!("{NINE}\r{NINE}\r");
    assert_eq!(run(&two, ParseOptions::default()).len(), 2);
    // \r\n stays one line end: no blank line between the rows of a block.
    assert_eq!(
        run(&UVA_CASE.replace('\n', "\r\n"), ParseOptions::default()),
        run(UVA_CASE, ParseOptions::default())
    );
}

#[test]
fn tables_copied_from_a_page_or_a_spreadsheet() {
    // A 9×9 as a web table copies: tabs between cells, empty fields for
    // empty cells (the last ones too; a row may be all empty).
    let nine = format!("{}{}", ".".repeat(9), &NINE[9..]);
    let rows: Vec<String> = nine
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&b| {
                    if b == b'.' {
                        String::new()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect();
    let table = rows.join("\n");
    assert_eq!(
        run(&table, ParseOptions::default()),
        vec![format!("ok 9 digits block {nine}")]
    );
    // A tab after each row, Windows line ends, spaces in the fields: the same.
    let padded = rows
        .iter()
        .map(|r| format!("{}\t\r\n", r.replace('\t', " \t ")))
        .collect::<String>();
    assert_eq!(
        run(&padded, ParseOptions::default()),
        run(&table, ParseOptions::default())
    );
    // A later row that left off its empty tail is filled.
    let mut short = rows.clone();
    short[8] = short[8].trim_end_matches('\t').to_string();
    assert_ne!(short[8], rows[8]);
    assert_eq!(
        run(&short.join("\n"), ParseOptions::default()),
        run(&table, ParseOptions::default())
    );
    // A 16×16 of numbers from a spreadsheet: every field kept, 0 or empty
    // for an empty cell.
    let numbers: Vec<String> = UVA_CASE
        .lines()
        .map(|row| {
            row.chars()
                .enumerate()
                .map(|(i, ch)| match ch {
                    '-' if i % 2 == 0 => String::new(),
                    '-' => "0".to_string(),
                    c => (c as u8 - b'A' + 1).to_string(),
                })
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect();
    let got = run(&numbers.join("\n"), ParseOptions::default());
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("ok 16 numbers block"), "{got:?}");
    let letters = run(UVA_CASE, ParseOptions::default());
    let grid = |entries: Vec<Entry>| entries.into_iter().next().unwrap().result.unwrap().grid;
    assert_eq!(
        grid(parse_all(&numbers.join("\n"), ParseOptions::default())),
        grid(parse_all(UVA_CASE, ParseOptions::default())),
        "{letters:?}"
    );
    // A field that is a word is no cell: the line says where.
    let bad = "5\tthree\t\t\t7\t\t\t\t";
    assert!(run(bad, ParseOptions::default())[0].starts_with("err 1"));

    // The same tables saved as CSV: commas, or semicolons, fields quoted or
    // not, read as the tabs are.
    let csv = |text: &str, sep: &str| text.replace('\t', sep);
    for sep in [",", ";", "\",\""] {
        let quote = |t: String| {
            if sep.starts_with('"') {
                t.lines().map(|l| format!("\"{l}\"\n")).collect()
            } else {
                t
            }
        };
        assert_eq!(
            run(&quote(csv(&table, sep)), ParseOptions::default()),
            run(&table, ParseOptions::default()),
            "{sep}"
        );
        assert_eq!(
            run(&quote(csv(&short.join("\n"), sep)), ParseOptions::default()),
            run(&table, ParseOptions::default()),
            "{sep}"
        );
        assert_eq!(
            grid(parse_all(
                &quote(csv(&numbers.join("\n"), sep)),
                ParseOptions::default()
            )),
            grid(parse_all(UVA_CASE, ParseOptions::default())),
            "{sep}"
        );
    }
    // Letters between commas, `-` for an empty cell.
    let letters_csv: String = UVA_CASE
        .lines()
        .map(|row| {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            format!("{}\n", cells.join(","))
        })
        .collect();
    assert_eq!(
        grid(parse_all(&letters_csv, ParseOptions::default())),
        grid(parse_all(UVA_CASE, ParseOptions::default()))
    );
    // A CSV line of numbers with nothing empty is a numbers line as before,
    // and a bad field is reported at its column.
    assert_eq!(
        run(
            "1,2,0,0\n0,0,0,0\n0,0,0,0\n0,0,0,0\n",
            ParseOptions::default()
        ),
        run("1200\n0000\n0000\n0000\n", ParseOptions::default())
    );
    let bad = "5,3,,x7,,,,,";
    assert_eq!(
        run(bad, ParseOptions::default()),
        vec![
            "err 1:6 \"x7\" is no cell: a field of a CSV row holds one symbol, one number or \
             nothing for an empty cell"
                .to_string()
        ]
    );
    // A whole puzzle with a comment that has commas is still a puzzle.
    let commented = format!("{NINE} hard, from a forum, 2024");
    assert_eq!(
        run(&commented, ParseOptions::default()),
        vec![format!("ok 9 digits line {NINE} #hard, from a forum, 2024")]
    );
}

#[test]
fn a_title_between_rows_is_its_own_line_and_takes_no_row() {
    // "hello world" after a block's first row: reported at its line, and the
    // block keeps all sixteen of its rows.
    let mut rows: Vec<&str> = UVA_CASE.lines().collect();
    rows.insert(1, "hello world");
    let text = format!("{NINE}\n{}\n{NINE}\n", rows.join("\n"));
    let got = run(&text, ParseOptions::default());
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(got[0].starts_with("ok 9 "), "{got:?}");
    assert!(got[1].starts_with("err 3 10 cells on a line"), "{got:?}");
    assert_eq!(got[2], run(UVA_CASE, ParseOptions::default())[0]);
    assert!(got[3].starts_with("ok 9 "), "{got:?}");
    // Rows of the block's symbols but the wrong length still break it there.
    let mut short: Vec<&str> = UVA_CASE.lines().collect();
    short[1] = "BA-----K";
    let got = run(&short.join("\n"), ParseOptions::default());
    assert!(got[0].starts_with("err 2 a row of 8 cells"), "{got:?}");
}

/// `grid` (one line, `.` for empty) drawn as a text grid: box lines from
/// `chars` (vertical, horizontal, corner), cells one space apart, empty
/// cells as `empty`.
fn drawn(grid: &str, side: usize, bw: usize, bh: usize, chars: [char; 3], empty: char) -> String {
    let [v, h, corner] = chars;
    let rule: String = (0..side / bw)
        .map(|_| format!("{corner}{}", h.to_string().repeat(2 * bw + 1)))
        .collect::<String>()
        + &corner.to_string();
    let cells: Vec<char> = grid.chars().collect();
    let mut out = String::new();
    for r in 0..side {
        if r % bh == 0 {
            out += &format!("{rule}\n");
        }
        for c in 0..side {
            if c % bw == 0 {
                out.push(v);
                out.push(' ');
            }
            let ch = cells[r * side + c];
            out.push(if ch == '.' { empty } else { ch });
            out.push(' ');
        }
        out += &format!("{v}\n");
    }
    out + &rule + "\n"
}

#[test]
fn grids_drawn_with_box_characters_or_spaces_for_empty_cells() {
    let grid = |t: &str| {
        parse_all(t, ParseOptions::default())[0]
            .result
            .clone()
            .unwrap()
            .grid
    };
    let nine_ok = format!("ok 9 digits pretty {NINE}");
    let uva: String = UVA_CASE.lines().collect();
    let sixteen = uva.replace('-', ".");
    // Box-drawing characters as forum posts and terminals draw grids, with
    // `.` or spaces for the empty cells; ASCII bars with spaces too.
    for (chars, empty) in [
        (['│', '─', '┼'], '.'),
        (['║', '═', '╬'], ' '),
        (['┃', '━', '╋'], ' '),
        (['|', '-', '+'], ' '),
    ] {
        let text = drawn(NINE, 9, 3, 3, chars, empty);
        assert_eq!(
            run(&text, ParseOptions::default()),
            vec![nine_ok.clone()],
            "{text}"
        );
        let text = drawn(&sixteen, 16, 4, 4, chars, empty);
        let got = run(&text, ParseOptions::default());
        assert_eq!(got.len(), 1, "{text}\n{got:?}");
        assert!(got[0].starts_with("ok 16 "), "{text}\n{got:?}");
        assert_eq!(grid(&text), grid(UVA_CASE));
    }
    // The middle dot for empty cells, drawn or on one line.
    let dotted = drawn(NINE, 9, 3, 3, ['│', '─', '┼'], '·');
    assert_eq!(grid(&dotted), grid(NINE), "{dotted}");
    assert_eq!(grid(&NINE.replace('.', "·")), grid(NINE));
    // 6×6 boxes of 2 rows by 3 columns, spaces for empty cells.
    let six = "1.....2.4...3...5...6.1.....5...4..2";
    let text = drawn(six, 6, 3, 2, ['|', '-', '+'], ' ');
    assert_eq!(
        run(&text, ParseOptions::default()),
        vec![format!("ok 6 digits pretty {six}")],
        "{text}"
    );
    // Corners of every kind make a rule, not a row.
    let framed = drawn(NINE, 9, 3, 3, ['│', '─', '┼'], '.')
        .replacen('┼', "┌", 1)
        .replace("┼\n│", "┐\n│");
    assert_eq!(
        run(&framed, ParseOptions::default()),
        vec![nine_ok.clone()],
        "{framed}"
    );
    // A drawn row one cell short is reported at its line.
    let mut rows: Vec<String> = drawn(NINE, 9, 3, 3, ['║', '═', '╬'], ' ')
        .lines()
        .map(String::from)
        .collect();
    rows[2] = rows[2].replacen("║ ", "║", 1);
    let got = run(&rows.join("\n"), ParseOptions::default());
    assert!(got.iter().any(|g| g.starts_with("err 3")), "{got:?}");
}

#[test]
fn frames_with_stars_at_their_corners_are_rules() {
    // Sudoku Explainer and HoDoKu print a grid framed so; a row of stars
    // alone is still a row of empty cells.
    let rows: Vec<String> = NINE
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!(" |{}|{}|{}|", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let rule = " |---+---+---|";
    let framed = format!(
        " *-----------*\n{}\n{rule}\n{}\n{rule}\n{}\n *-----------*\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_eq!(
        run(&framed, ParseOptions::default()),
        vec![format!("ok 9 digits pretty {NINE}")],
        "{framed}"
    );
    let mut blank_row = NINE.to_string();
    blank_row.replace_range(..9, "*********");
    let block: String = blank_row
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let got = run(&block, ParseOptions::default());
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("ok 9 digits block "), "{got:?}");
}

#[test]
fn puzzles_written_as_arrays_or_strings_in_code() {
    let nine_ok = vec![format!("ok 9 digits line {NINE}")];
    let grid = |t: &str| {
        let entries = parse_all(t, ParseOptions::default());
        assert_eq!(
            entries.len(),
            1,
            "{t}\n{:?}",
            run(t, ParseOptions::default())
        );
        entries[0].result.clone().unwrap().grid
    };
    let rows: Vec<&str> = NINE
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    // LeetCode's board: one line of quoted symbols in brackets.
    let leetcode = format!(
        "[{}]",
        rows.iter()
            .map(|r| format!(
                "[{}]",
                r.chars()
                    .map(|c| format!("\"{c}\""))
                    .collect::<Vec<_>>()
                    .join(",")
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    assert_eq!(grid(&leetcode), grid(NINE), "{leetcode}");
    // Python, JavaScript and C arrays of numbers, 0 for empty, one row a line.
    let numbers = |open: &str, close: &str, head: &str, tail: &str| {
        let body: String = rows
            .iter()
            .map(|r| {
                let cells: Vec<String> = r
                    .chars()
                    .map(|c| if c == '.' { "0".into() } else { c.to_string() })
                    .collect();
                format!("    {open}{}{close},\n", cells.join(", "))
            })
            .collect();
        format!("{head}\n{body}{tail}\n")
    };
    for text in [
        numbers("[", "]", "board = [", "]"),
        numbers("[", "]", "const board = [", "];"),
        numbers("{", "}", "int board[9][9] = {", "};"),
        numbers("[", "]", "{\"grid\": [", "]}"),
    ] {
        assert_eq!(grid(&text), grid(NINE), "{text}");
    }
    // Rows as strings, and a whole puzzle as a string value.
    let strings = format!(
        "const puzzle = [\n{}];\n",
        rows.iter()
            .map(|r| format!("  \"{r}\",\n"))
            .collect::<String>()
    );
    assert_eq!(grid(&strings), grid(NINE), "{strings}");
    for text in [
        format!("puzzle = '{NINE}'"),
        format!("puzzles = [\"{NINE}\","),
    ] {
        assert_eq!(run(&text, ParseOptions::default()), nine_ok, "{text}");
    }
    // An array named as the puzzle in a record, its other members kept.
    let array = numbers("[", "]", "", "")
        .lines()
        .map(str::trim)
        .collect::<String>();
    let array = format!("[{}]", array.trim_end_matches(','));
    let record = format!("{{\"id\": 1, \"puzzle\": {array}, \"level\": \"hard\"}}");
    assert_eq!(
        run(&record, ParseOptions::default()),
        vec![format!(
            "ok 9 digits line {} #\"id\": 1, \"level\": \"hard\"",
            NINE.replace('.', "0")
        )],
        "{record}"
    );
    // Code laid out one value a line (`json.dumps(…, indent=2)`,
    // `JSON.stringify(board, null, 2)`): rows of values, or one flat array;
    // an array named other than as the puzzle is skipped whole.
    let block = vec![format!("ok 9 digits block {}", NINE.replace('.', "0"))];
    let laid_out = |quote: &str| {
        let rows: Vec<String> = rows
            .iter()
            .map(|r| {
                let values: Vec<String> = r
                    .chars()
                    .map(|c| format!("      {quote}{}{quote}", if c == '.' { '0' } else { c }))
                    .collect();
                format!("    [\n{}\n    ]", values.join(",\n"))
            })
            .collect();
        format!("  [\n{}\n  ]", rows.join(",\n"))
    };
    let named = |name: &str| laid_out("").replacen("  [", &format!("  \"{name}\": ["), 1);
    let record = format!(
        "{{\n  \"id\": 1,\n{},\n{},\n  \"level\": \"hard\"\n}}\n",
        named("solution"),
        named("puzzle")
    );
    assert_eq!(run(&record, ParseOptions::default()), block, "{record}");
    let quoted = laid_out("\"");
    let got = run(&quoted, ParseOptions::default());
    assert_eq!(got.len(), 1, "{quoted}");
    assert!(got[0].starts_with("ok 9 digits block "), "{got:?}");
    let flat: String = std::iter::once("[\n".to_string())
        .chain(
            NINE.chars()
                .map(|c| format!("  {},\n", if c == '.' { '0' } else { c })),
        )
        .chain(std::iter::once("]\n".to_string()))
        .collect();
    let flat = flat.replace(",\n]", "\n]");
    assert_eq!(
        run(&flat, ParseOptions::default()),
        vec![format!("ok 9 digits line {}", NINE.replace('.', "0"))]
    );
    // A bad value is reported on its own line.
    let bad = quoted.replacen("\"4\"", "\"x\"", 1);
    let got = run(&bad, ParseOptions::default());
    assert!(got[0].starts_with("err 3:8 unknown symbol 'x'"), "{got:?}");
    // A record's other fields are its comment.
    let record = format!("{{\"id\": 7, \"puzzle\": \"{NINE}\"}}");
    assert_eq!(
        run(&record, ParseOptions::default()),
        vec![format!("ok 9 digits line {NINE} #\"id\": 7")]
    );
    // A record whose last string is not the puzzle: the puzzle by its key,
    // the other fields its comment.
    let record = format!("{{\"puzzle\": \"{NINE}\", \"solution\": \"{SOLVED}\"}}");
    assert_eq!(
        run(&record, ParseOptions::default()),
        vec![format!(
            "ok 9 digits line {NINE} #\"solution\": \"{SOLVED}\""
        )]
    );
    let record = format!("{{\"solution\": \"{SOLVED}\", \"puzzle\": \"{NINE}\", \"id\": 4}}");
    assert_eq!(
        run(&record, ParseOptions::default()),
        vec![format!(
            "ok 9 digits line {NINE} #\"solution\": \"{SOLVED}\", \"id\": 4"
        )]
    );
    // A bad symbol is reported at its own column.
    let bad = format!("  \"{}\",", NINE.replacen('.', "x", 1));
    assert_eq!(
        run(&bad, ParseOptions::default()),
        vec!["err 1:5 unknown symbol 'x': a 9×9 puzzle uses 1–9 and . - _ * for empty cells"]
    );
}

#[test]
fn rows_and_columns_with_labels() {
    let rows: Vec<&str> = NINE
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    let spaced = |r: &str| {
        let c: Vec<String> = r.chars().map(String::from).collect();
        format!(
            "{} | {} | {}",
            c[..3].join(" "),
            c[3..6].join(" "),
            c[6..].join(" ")
        )
    };
    let letters = "ABCDEFGHI";
    let rule = "  +-------+-------+-------+";
    // Coordinates as books and forum posts print them: letters down the
    // side and numbers across, above the grid and below it.
    let mut coords = String::from("    1 2 3   4 5 6   7 8 9\n");
    for (i, r) in rows.iter().enumerate() {
        if i % 3 == 0 {
            coords += &format!("{rule}\n");
        }
        coords += &format!("{} | {} |\n", &letters[i..=i], spaced(r));
    }
    coords += &format!("{rule}\n    1 2 3   4 5 6   7 8 9\n");
    let ok = vec![format!("ok 9 digits pretty {NINE}")];
    assert_eq!(run(&coords, ParseOptions::default()), ok, "{coords}");
    // The same without the header, labelled r1…r9, written densely.
    let dense: String = rows
        .iter()
        .enumerate()
        .map(|(i, r)| format!("r{}|{}|{}|{}|\n", i + 1, &r[..3], &r[3..6], &r[6..]))
        .collect();
    assert_eq!(run(&dense, ParseOptions::default()), ok, "{dense}");
    // Labels without bars, told by the header: one cell more than a row.
    let bare: String = std::iter::once("  a b c d e f g h i\n".to_string())
        .chain(rows.iter().enumerate().map(|(i, r)| {
            let c: Vec<String> = r.chars().map(String::from).collect();
            format!("{}  {}\n", i + 1, c.join(" "))
        }))
        .collect();
    assert_eq!(run(&bare, ParseOptions::default()), ok, "{bare}");
    // A table with a header row and a label column, copied from a page.
    let table: String = std::iter::once("\t1\t2\t3\t4\t5\t6\t7\t8\t9\n".to_string())
        .chain(rows.iter().enumerate().map(|(i, r)| {
            let c: Vec<String> = r.chars().map(|c| c.to_string().replace('.', "")).collect();
            format!("{}\t{}\n", &letters[i..=i], c.join("\t"))
        }))
        .collect();
    let got = run(&table, ParseOptions::default());
    assert_eq!(got.len(), 1, "{table}\n{got:?}");
    assert!(
        got[0].ends_with(&NINE.replace('.', "0")) || got[0].ends_with(NINE),
        "{got:?}"
    );
    // 16×16 with numbers as labels.
    let uva: Vec<&str> = UVA_CASE.lines().collect();
    let sixteen: String = uva
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let c: Vec<String> = r.chars().map(String::from).collect();
            let boxes: Vec<String> = c.chunks(4).map(|b| b.join(" ")).collect();
            format!("{:>2} | {} |\n", i + 1, boxes.join(" | "))
        })
        .collect();
    let got = run(&sixteen, ParseOptions::default());
    assert_eq!(
        got,
        vec![run(UVA_CASE, ParseOptions::default())[0].replace(" block ", " pretty ")],
        "{sixteen}"
    );
    // A bad symbol in a labelled row is reported at its own column.
    let bad = coords.replacen("A | 4", "A | x", 1);
    let got = run(&bad, ParseOptions::default());
    assert!(got[0].starts_with("err 3:5 unknown symbol 'x'"), "{got:?}");
    // A first row of 1 to 9 in a block with no labels is a row.
    let mut block = String::from("123456789\n");
    let solved =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    for r in solved.as_bytes().chunks(9).skip(1) {
        block += std::str::from_utf8(r).unwrap();
        block.push('\n');
    }
    assert_eq!(
        run(&block, ParseOptions::default()),
        vec![format!("ok 9 digits block {solved}")]
    );
    // Boxes of one width a label cannot be told from: a 12×12 row with
    // boxes three wide is a row, not a label and nine cells.
    let row12 = "123|456|789|ABC";
    let got = run(row12, ParseOptions::default());
    assert_eq!(
        got,
        vec!["err 1 truncated block: 1 of 12 rows before the blank line or the end"]
    );
}

#[test]
fn datasets_saved_as_csv_with_the_solution_beside_the_puzzle() {
    let ok = |comment: &str| format!("ok 9 digits line {NINE} #{comment}");
    let zeros = NINE.replace('.', "0");
    let ok0 = |comment: &str| format!("ok 9 digits line {zeros} #{comment}");
    // Kaggle's "1 million Sudoku games": quizzes,solutions, 0 for empty.
    let kaggle = format!("quizzes,solutions\n{zeros},{SOLVED}\n{zeros},{SOLVED}\n");
    assert_eq!(
        run(&kaggle, ParseOptions::default()),
        vec![ok0(SOLVED), ok0(SOLVED)],
        "{kaggle}"
    );
    // "3 million Sudoku puzzles with ratings": the puzzle is the second field.
    let rated = format!("id,puzzle,solution,clues,difficulty\n0,{NINE},{SOLVED},24,2.2\n");
    assert_eq!(
        run(&rated, ParseOptions::default()),
        vec![ok(&format!("0,{SOLVED},24,2.2"))]
    );
    // The header decides when the solution comes first; without one, the
    // first whole puzzle is the puzzle; semicolons and quotes too.
    let swapped = format!("solution;puzzle\n\"{SOLVED}\";\"{NINE}\"\n");
    assert_eq!(
        run(&swapped, ParseOptions::default()),
        vec![ok(&format!("\"{SOLVED}\""))]
    );
    let bare = format!("{NINE},{SOLVED}\n");
    assert_eq!(run(&bare, ParseOptions::default()), vec![ok(SOLVED)]);
    // A bad symbol in a record is reported at its own column.
    let bad = format!("7,{}", NINE.replacen('.', "x", 1));
    assert_eq!(
        run(&bad, ParseOptions::default()),
        vec!["err 1:4 unknown symbol 'x': a 9×9 puzzle uses 1–9 and . - _ * for empty cells"]
    );
    // A header that names no puzzle column is no header; prose with commas
    // is no record.
    let got = run("name,rating\n", ParseOptions::default());
    assert!(got[0].starts_with("err 1 "), "{got:?}");
    let got = run(
        "See `16x16_counts.txt`, and more\n",
        ParseOptions::default(),
    );
    assert!(got[0].starts_with("err 1 "), "{got:?}");
}

#[test]
fn files_of_other_sudoku_programs() {
    let rows: String = NINE
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let block = vec![format!("ok 9 digits block {NINE}")];
    // SadMan Sudoku's .sdk: tagged comments, [Puzzle], and the player's
    // [State] after it, which is no second puzzle.
    let sdk = format!("#A Someone\n#D A puzzle\n#L Hard\n[Puzzle]\n{rows}[State]\n{rows}");
    assert_eq!(run(&sdk, ParseOptions::default()), block, "{sdk}");
    let two = format!("[Puzzle]\n{rows}\n[Puzzle]\n{rows}");
    assert_eq!(run(&two, ParseOptions::default()).len(), 2, "{two}");
    // OpenSudoku's XML: each puzzle an attribute's value; element text too.
    let zeros = NINE.replace('.', "0");
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n  \
         <name>Set</name>\n  <game data=\"{zeros}\" />\n  <game><data>{NINE}</data></game>\n\
         </opensudoku>\n"
    );
    assert_eq!(
        run(&xml, ParseOptions::default()),
        vec![
            format!("ok 9 digits line {zeros}"),
            format!("ok 9 digits line {NINE}")
        ],
        "{xml}"
    );
    // A bad symbol in markup is reported at its own column.
    let bad = format!("<game data=\"{}\"/>", NINE.replacen('.', "x", 1));
    assert_eq!(
        run(&bad, ParseOptions::default()),
        vec!["err 1:14 unknown symbol 'x': a 9×9 puzzle uses 1–9 and . - _ * for empty cells"]
    );
    // Markup with no puzzle in it is no puzzle.
    let got = run("<html>\n<p>Hello</p>\n</html>\n", ParseOptions::default());
    assert_eq!(got, vec!["err 3 no puzzle in the input"]);
}

#[test]
fn candidate_grids_as_solvers_print_them() {
    // Each empty cell's candidates: the digits no given in its row, column
    // or box holds.
    let cells: Vec<char> = NINE.chars().collect();
    let sees = |a: usize, b: usize| {
        a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
    };
    let words: Vec<String> = (0..81)
        .map(|i| match cells[i] {
            '.' => ('1'..='9')
                .filter(|&d| !(0..81).any(|j| j != i && sees(i, j) && cells[j] == d))
                .collect(),
            d => d.to_string(),
        })
        .collect();
    let width = words.iter().map(String::len).max().unwrap();
    let rule = |l: char, m: char, r: char| {
        let band = "-".repeat(3 * (width + 1) + 1);
        format!("{l}{band}{m}{band}{m}{band}{r}")
    };
    let mut pm = rule('.', '.', '.') + "\n";
    for r in 0..9 {
        if r == 3 || r == 6 {
            pm += &(rule(':', '+', ':') + "\n");
        }
        for c in 0..9 {
            if c % 3 == 0 {
                pm += "| ";
            }
            pm += &format!("{:<width$} ", words[r * 9 + c]);
        }
        pm += "|\n";
    }
    pm += &(rule('\'', '\'', '\'') + "\n");
    // A cell of one candidate reads as that digit, the rest as empty.
    let expected: String = words
        .iter()
        .map(|w| {
            if w.len() == 1 {
                w.chars().next().unwrap()
            } else {
                '.'
            }
        })
        .collect();
    assert!(expected.len() == 81 && expected != NINE.replace('.', ""));
    assert_eq!(
        run(&pm, ParseOptions::default()),
        vec![format!("ok 9 digits pretty {expected}")],
        "{pm}"
    );
    // The candidates come with the puzzle, as its notes: each empty cell's
    // word as a set of digits, none for a placed cell.
    let notes = |text: &str| match &parse_all(text, ParseOptions::default())[0].result {
        Ok(p) => p.notes.clone(),
        Err(e) => panic!("{e:?}"),
    };
    let mask = |w: &str| (w.bytes()).fold(0u32, |m, b| m | 1 << (b - b'1'));
    let wanted: Vec<u32> = (words.iter())
        .map(|w| if w.len() > 1 { mask(w) } else { 0 })
        .collect();
    assert_eq!(notes(&pm), wanted);
    // An eliminated candidate is gone from its cell's notes (the position a
    // forum post quotes is past the givens' own eliminations).
    let cell = (0..81).find(|&i| words[i].len() > 2).unwrap();
    let fewer = &words[cell][1..];
    let (r, c) = (cell / 9, cell % 9);
    let moved = pm
        .lines()
        .nth(1 + r + r / 3)
        .map(|row| row.to_string())
        .unwrap();
    let row_words: Vec<&str> = moved.split(['|', ' ']).filter(|w| !w.is_empty()).collect();
    assert_eq!(row_words[c], words[cell]);
    let edited = moved.replacen(
        &format!(" {} ", words[cell]),
        &format!(" {fewer:<w$} ", w = words[cell].len()),
        1,
    );
    let pm_fewer = pm.replacen(&moved, &edited, 1);
    let mut want_fewer = wanted.clone();
    want_fewer[cell] = mask(fewer);
    assert_eq!(notes(&pm_fewer), want_fewer, "{pm_fewer}");
    // Any other layout has none.
    assert!(notes(NINE).is_empty());
    // The same words in columns without bars or rules, as some programs
    // save a position, read the same.
    let bare: String = pm
        .lines()
        .filter(|l| l.contains(|c: char| c.is_ascii_digit()))
        .map(|l| l.replace('|', " ") + "\n")
        .collect();
    assert_eq!(
        run(&bare, ParseOptions::default()),
        vec![format!("ok 9 digits pretty {expected}")],
        "{bare}"
    );
    assert_eq!(notes(&bare), wanted);
    // Copied from a web page, where the spaces are no-break spaces.
    let web = bare.replace(' ', "\u{a0}");
    assert_eq!(notes(&web), wanted);
    // Each word's symbols distinct and of the side: a repeat is no set of
    // candidates, and its row is reported.
    let bad = pm.replacen(
        &format!(" {} ", words[1]),
        &format!(" 11{} ", &words[1][2..]),
        1,
    );
    let got = run(&bad, ParseOptions::default());
    assert!(got[0].starts_with("err 2 "), "{got:?}");
    // A whole puzzle's rows, n words of n symbols between bars, stay a puzzle.
    let rows: Vec<&str> = SOLVED
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    let line = format!("| {} |", rows.join(" "));
    assert_eq!(
        run(&line, ParseOptions::default()),
        vec![format!("ok 9 digits line {SOLVED}")]
    );
}

#[test]
fn positions_in_hodoku_library_lines() {
    // `:code:digit:grid:deleted:eliminated:placed:` — a `+` before a digit
    // the player placed; deleted candidates as digit, row, column.
    let mut grid = String::new();
    let placed = [1usize, 2, 10];
    for (i, ch) in NINE.chars().enumerate() {
        if placed.contains(&i) {
            grid.push('+');
            grid.push(SOLVED.as_bytes()[i] as char);
        } else {
            grid.push(ch);
        }
    }
    let mut cells: Vec<char> = NINE.chars().collect();
    for &i in &placed {
        cells[i] = SOLVED.as_bytes()[i] as char;
    }
    let position: String = cells.iter().collect();
    let sees = |a: usize, b: usize| {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    };
    let basic: Vec<u32> = (0..81)
        .map(|i| {
            if cells[i] != '.' {
                return 0;
            }
            (1..=9u32)
                .filter(|&d| {
                    !(0..81).any(|j| sees(i, j) && cells[j] == char::from_digit(d, 10).unwrap())
                })
                .fold(0, |m, d| m | 1 << (d - 1))
        })
        .collect();
    // Two candidates deleted from two open cells (their lowest ones).
    let open: Vec<usize> = (0..81)
        .filter(|&i| basic[i].count_ones() > 2)
        .take(2)
        .collect();
    let mut wanted = basic.clone();
    let mut deleted = Vec::new();
    for &i in &open {
        let d = basic[i].trailing_zeros() + 1;
        wanted[i] &= !(1 << (d - 1));
        deleted.push(format!("{d}{}{}", i / 9 + 1, i % 9 + 1));
    }
    let line = format!(":0100:5:{grid}:{}:511::", deleted.join(" "));
    assert_eq!(
        run(&line, ParseOptions::default()),
        vec![format!("ok 9 digits line {position} #{line}")]
    );
    let entries = parse_all(&line, ParseOptions::default());
    let puzzle = entries[0].result.as_ref().unwrap();
    assert_eq!(puzzle.notes, wanted);
    // The `+` digits are the player's: in the grid, and named as placed.
    assert_eq!(puzzle.placed, placed);
    // Without deletions, the position alone: no notes.
    let plain = format!(":0000:x:{grid}:::");
    let entries = parse_all(&plain, ParseOptions::default());
    let puzzle = entries[0].result.as_ref().unwrap();
    assert_eq!(puzzle.grid.filled(), 81 - position.matches('.').count());
    assert!(puzzle.notes.is_empty());
    // A deletion that names no cell is reported where it is.
    let bad = format!(":0100:5:{grid}:{} 5x1:::", deleted[0]);
    let column = bad.find("5x1").unwrap() + 1;
    assert_eq!(
        run(&bad, ParseOptions::default()),
        vec![format!(
            "err 1:{column} \"5x1\" is no deleted candidate: a HoDoKu line writes each as \
             its digit, row and column (\"811\": 8 from row 1, column 1)"
        )]
    );
}
