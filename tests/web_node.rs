//! The wasm façade, run in Node by wasm-bindgen's test runner:
//! `cargo test --target wasm32-unknown-unknown --test web_node`.
#![cfg(target_arch = "wasm32")]

use bitsudoku::web::api::{
    alphabets, conflicts, count, format_grid, generate, parse, solve, symbols, verify_solution,
    SolveJob,
};
use bitsudoku::{verify, Grid};
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const UVA: &str = include_str!("data/judge/uva1309.in");
const NINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The message a JS caller sees in the exception.
fn message(err: JsError) -> String {
    let value: JsValue = err.into();
    js_sys::Error::from(value).message().into()
}

#[wasm_bindgen_test]
fn parse_and_format_round_trip() {
    let p = parse(UVA, 0, None).unwrap();
    assert_eq!(
        (p.side(), p.alphabet(), p.layout(), p.blank(), p.puzzles()),
        (16, "letters".into(), "block".into(), "-".into(), 4)
    );
    let first_case: String = UVA.lines().take(16).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        format_grid(&p.cells(), JsValue::from(16), "letters", "block").unwrap(),
        first_case
    );
    // The same grid in another alphabet and layout reads back the same.
    let hex = format_grid(&p.cells(), JsValue::from(16), "hex", "line").unwrap();
    let back = parse(&hex, 0, None).unwrap();
    assert_eq!((back.cells(), back.alphabet()), (p.cells(), "hex".into()));
}

#[wasm_bindgen_test]
fn errors_become_exceptions_that_say_where() {
    let bad = NINE.replacen('8', "x", 1);
    let err = parse(&bad, 0, None).err().expect("an error");
    assert_eq!(
        message(err),
        "line 1, column 7: unknown symbol 'x': a 9×9 puzzle uses 1–9 and . - _ * for empty cells"
    );
    assert_eq!(
        message(parse("", 0, None).err().unwrap()),
        "line 1: no puzzle in the input"
    );
    assert_eq!(
        message(parse(NINE, 11, None).err().unwrap()),
        "line 1: 81 cells on a line: a 11×11 puzzle has 121 on a line or rows of 11"
    );
    assert_eq!(
        message(parse(NINE, 0, Some("greek".into())).err().unwrap()),
        "unknown alphabet 'greek'"
    );
    let cells = vec![0u8; 80];
    assert_eq!(
        message(count(&cells, JsValue::from(9), 2).err().unwrap()),
        "a grid needs 81 cells, found 80"
    );
    let mut cells = vec![0u8; 81];
    cells[4] = 10;
    assert_eq!(
        message(solve(&cells, JsValue::from(9), 2, 0.0).err().unwrap()),
        "cell 5 holds 10, but digits run from 1 to 9 (0 = empty)"
    );
    assert_eq!(
        message(
            format_grid(&[0; 81], JsValue::from(9), "hex", "line")
                .err()
                .unwrap()
        ),
        "a 9×9 grid cannot be written in hex"
    );
}

#[wasm_bindgen_test]
fn conflicts_are_cell_pairs() {
    let mut cells = vec![0u8; 81];
    cells[0] = 4;
    cells[8] = 4; // same row
    cells[10] = 4; // same box as cell 0
    assert_eq!(
        conflicts(&cells, JsValue::from(9)).unwrap(),
        vec![0, 8, 0, 10]
    );
    let job = SolveJob::new(&cells, JsValue::from(9), 2, "digits").unwrap();
    let r = job.result();
    assert_eq!(r.outcome(), "conflict");
    assert_eq!(
        r.message(),
        "Conflicting givens: row 1 holds '4' twice, in columns 1 and 9."
    );
    assert!(r.cells().is_none());
}

#[wasm_bindgen_test]
fn counting_and_alphabets() {
    assert_eq!(count(&[0; 16], JsValue::from(4), 1000).unwrap(), 288);
    assert_eq!(count(&[0; 16], JsValue::from(4), 2).unwrap(), 2);
    let p = parse(NINE, 0, None).unwrap();
    assert_eq!(count(&p.cells(), JsValue::from(9), 2).unwrap(), 1);
    assert_eq!(
        alphabets(16).unwrap(),
        ["letters", "hex", "digits-letters", "numbers"]
    );
    assert_eq!(symbols(16, "numbers").unwrap()[15], "16");
    assert_eq!(symbols(4, "digits").unwrap(), ["1", "2", "3", "4"]);
}

#[wasm_bindgen_test]
fn solving_in_slices_gives_a_verified_solution() {
    let p = parse(UVA, 0, None).unwrap();
    let mut job = SolveJob::new(&p.cells(), JsValue::from(16), 2, "letters").unwrap();
    let mut slices = 1;
    while !job.run(200) {
        slices += 1;
    }
    assert!(
        slices > 1,
        "a budget of 200 nodes needs several slices here"
    );
    let r = job.result();
    assert_eq!(r.outcome(), "unique");
    assert_eq!(r.message(), "Solved: the only solution.");
    assert!(r.details().contains("positions tried"), "{}", r.details());
    let puzzle = Grid::from_side(16, p.cells()).unwrap();
    let solution = Grid::from_side(16, r.cells().unwrap()).unwrap();
    verify(&puzzle, &solution).unwrap();
    assert_eq!(r.nodes(), job.nodes());

    let one_shot = solve(&p.cells(), JsValue::from(16), 2, 0.0).unwrap();
    assert_eq!(one_shot.cells(), r.cells());
    // The budget is checked between nodes; a board's probes (16×16) count
    // as nodes and finish first, up to 24 of them.
    let stopped = solve(&p.cells(), JsValue::from(16), 2, 10.0).unwrap();
    assert_eq!(stopped.outcome(), "budget");
    assert!(
        (10.0..=10.0 + 24.0).contains(&stopped.nodes()),
        "{}",
        stopped.nodes()
    );
    let several = solve(&[0; 81], JsValue::from(9), 2, 0.0).unwrap();
    assert_eq!(several.outcome(), "several");
    assert_eq!(several.count(), 2.0);
}

/// The Collection panel's reader, fed in pieces of every size from 1 byte
/// up, reads what the core's parser reads from the whole text, and each
/// checked row is the core's verdict row (what `bitsudoku check --format
/// tsv` prints).
#[wasm_bindgen_test]
fn the_collection_reader_takes_pieces_cut_anywhere() {
    use bitsudoku::collection::{Finding, Verdict};
    use bitsudoku::web::collection::{CheckJob, CollectionReader};
    let text = format!(
        "{NINE}\nabc\r\n11{}\n\n{UVA}\n{}\n{NINE}",
        ".".repeat(79),
        "x".repeat(9000)
    );
    let whole = bitsudoku::parse_all(&text, Default::default());
    assert!(whole.len() > 6);
    for piece in [1, 2, 3, 7, 64, 81, 1000, 5000, 20_000] {
        let mut reader = CollectionReader::new();
        let mut read = Vec::new();
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let mut cut = piece.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            reader.push(&rest[..cut]);
            rest = &rest[cut..];
            while let Some(e) = reader.next_entry() {
                read.push(e);
            }
        }
        reader.finish();
        while let Some(e) = reader.next_entry() {
            read.push(e);
        }
        assert_eq!(read.len(), whole.len(), "pieces of {piece}");
        for (got, want) in read.iter().zip(&whole) {
            assert_eq!(
                (got.index(), got.line()),
                (want.index as u32, want.line as u32)
            );
            match &want.result {
                Ok(p) => {
                    assert_eq!(got.row(), None);
                    assert_eq!(got.cells(), p.grid.cells().to_vec(), "pieces of {piece}");
                    let mut job = CheckJob::new(
                        &got.cells(),
                        JsValue::from(got.shape()),
                        &got.alphabet(),
                        &got.blank(),
                        got.index(),
                        got.line(),
                        2,
                        0.0,
                    )
                    .unwrap();
                    assert!(job.run_for(f64::INFINITY));
                    let report = bitsudoku::solve(&p.grid, &Default::default());
                    let finding = Finding::from_report(p, &report, None);
                    let row = Verdict::of(want.index, want.line, p, finding).tsv();
                    assert_eq!(job.result().row(), row);
                }
                Err(e) => assert_eq!(got.row(), Some(Verdict::unreadable(want, e).tsv())),
            }
        }
    }
}

/// The page's counting, estimating and browsing jobs (feature `page`).
#[cfg(feature = "page")]
mod counting {
    use super::*;
    use bitsudoku::web::api::{CountJob, EstimateJob, SolutionsJob};

    const NINE_COUNTS: &str = include_str!("data/9x9_counts.txt");

    /// The counting set's puzzle with the fewest solutions, and their number.
    fn fewest_solutions() -> (Vec<u8>, u64) {
        NINE_COUNTS
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(p, n)| (parse(p, 9, None).unwrap().cells(), n.parse().unwrap()))
            .min_by_key(|&(_, n)| n)
            .unwrap()
    }

    #[wasm_bindgen_test]
    fn a_count_runs_in_slices_and_says_what_it_found_so_far() {
        let mut job = CountJob::new(&[0; 16], JsValue::from(4), 0.0).unwrap();
        let mut seen = vec![job.found()];
        // 0 ms: one stop check's worth of nodes a slice.
        while !job.run_for(0.0) {
            seen.push(job.found());
            assert!(job.more() && !job.done());
            assert_eq!(
                job.outcome(),
                if job.found() < 2.0 {
                    "budget"
                } else {
                    "several"
                }
            );
        }
        assert!(seen.len() > 2, "several slices: {seen:?}");
        assert!(seen.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!((job.found(), job.more(), job.done()), (288.0, false, true));
        assert_eq!(job.outcome(), "several");
        assert!(job.nodes() > 288.0);

        let mut limited = CountJob::new(&[0; 81], JsValue::from(9), 100_000.0).unwrap();
        while !limited.run_for(5.0) {}
        assert_eq!((limited.found(), limited.more()), (100_000.0, true));

        let (cells, want) = fewest_solutions();
        let mut job = CountJob::new(&cells, JsValue::from(9), 0.0).unwrap();
        while !job.run_for(1.0) {}
        assert_eq!((job.found(), job.more()), (want as f64, false));

        let mut conflicting = vec![0u8; 81];
        conflicting[0] = 5;
        conflicting[1] = 5;
        let job = CountJob::new(&conflicting, JsValue::from(9), 0.0).unwrap();
        assert_eq!(
            (job.done(), job.found(), job.outcome()),
            (true, 0.0, "conflict".into())
        );
        for bad in [-1.0, 1.5, f64::NAN] {
            assert_eq!(
                message(
                    CountJob::new(&[0; 16], JsValue::from(4), bad)
                        .err()
                        .unwrap()
                ),
                "the limit is a whole number from 0 to 2^53"
            );
        }
    }

    #[wasm_bindgen_test]
    fn an_estimate_in_slices_is_the_command_lines_to_the_digit() {
        // `bitsudoku count --estimate --probes 2000 --seed 1` on an empty 9×9,
        // natively: the same seed gives the same bits in WebAssembly.
        let mut job = EstimateJob::new(&[0; 81], JsValue::from(9), 2000, 1.0).unwrap();
        let mut slices = 0;
        while !job.run_for(2.0) {
            slices += 1;
            assert!(job.probes_done() < 2000.0);
        }
        assert!(slices > 1);
        assert_eq!((job.probes(), job.probes_done()), (2000.0, 2000.0));
        let e = job.result();
        assert_eq!(
            e.line(),
            "~6.80e21\testimate\tse=3.9%\t95%=6.28e21..7.32e21\tprobes=2000\tseed=1"
        );
        assert_eq!(e.exact(), None);
        assert_eq!(
            (e.text(), e.interval()),
            ("6.80e21".into(), vec!["6.28e21".into(), "7.32e21".into()])
        );
        assert!((e.estimate() / 6.67e21 - 1.0).abs() < 0.1);
        assert!((e.log10() - 21.83).abs() < 0.05);
        assert!((e.relative_error() - 0.039).abs() < 0.001);

        // A small tree: the exact search beside the probes ends first.
        let mut small = EstimateJob::new(&[0; 16], JsValue::from(4), 10_000, 7.0).unwrap();
        while !small.run_for(5.0) {}
        let e = small.result();
        assert_eq!(
            (e.exact(), e.line(), e.relative_error()),
            (Some(288.0), "288\texact".into(), 0.0)
        );
        let mut conflicting = vec![0u8; 16];
        conflicting[0] = 1;
        conflicting[1] = 1;
        let job = EstimateJob::new(&conflicting, JsValue::from(4), 100, 1.0).unwrap();
        assert!(job.done() && job.result().conflict());
        assert_eq!(job.result().line(), "0\tconflict");
        assert_eq!(
            message(
                EstimateJob::new(&[0; 16], JsValue::from(4), 1, 1.0)
                    .err()
                    .unwrap()
            ),
            "an estimate needs at least 2 probes"
        );
    }

    #[wasm_bindgen_test]
    fn solutions_are_browsed_one_at_a_time() {
        let (cells, want) = fewest_solutions();
        let puzzle = Grid::from_side(9, cells.clone()).unwrap();
        let mut job = SolutionsJob::new(&cells, JsValue::from(9)).unwrap();
        let mut seen = std::collections::HashSet::new();
        while !job.exhausted() {
            // 0 ms: a pause after each stop check, until a solution comes (these
            // come within one: slicing is tested natively, in slices of 7 nodes).
            if let Some(solution) = job.next_for(0.0) {
                let grid = Grid::from_side(9, solution.clone()).unwrap();
                verify(&puzzle, &grid).unwrap();
                assert!(seen.insert(solution), "each solution once");
                assert_eq!(job.handed(), seen.len() as f64);
            }
        }
        assert_eq!((seen.len() as u64, job.handed()), (want, want as f64));
        assert_eq!(job.outcome(), "several");
        assert_eq!(job.next_for(100.0), None);

        let p = parse(NINE, 0, None).unwrap();
        let mut unique = SolutionsJob::new(&p.cells(), JsValue::from(9)).unwrap();
        let first = unique.next_for(f64::INFINITY).unwrap();
        assert_eq!(
            first,
            solve(&p.cells(), JsValue::from(9), 2, 0.0)
                .unwrap()
                .cells()
                .unwrap()
        );
        assert_eq!(unique.next_for(f64::INFINITY), None);
        assert!(unique.exhausted());
        assert_eq!((unique.handed(), unique.outcome()), (1.0, "unique".into()));
    }
}

#[wasm_bindgen_test]
fn every_call_takes_a_shape_line_where_it_takes_a_side() {
    // A 6×6 of 3×2 boxes (not the usual 2×3): read with its kind, solved,
    // written back with it.
    let six = "box=3x2 1.....4.....2.....3.....5.....6.....";
    let p = parse(six, 0, None).unwrap();
    assert_eq!((p.side(), p.shape()), (6, "box=3x2".to_string()));
    let shape = JsValue::from(p.shape());
    let solved = solve(&p.cells(), shape.clone(), 2, 0.0).unwrap();
    let cells = solved.cells().expect("a solution");
    verify_solution(&p.cells(), &cells, shape.clone()).unwrap();
    let line = format_grid(&cells, shape.clone(), "digits", "line").unwrap();
    assert!(line.starts_with("box=3x2 "), "{line}");
    // A plain 6 is the usual 2×3 boxes.
    assert_eq!(parse(&six[8..], 0, None).unwrap().shape(), "6");
    assert!(message(
        count(&p.cells(), JsValue::from("box=4x4"), 2)
            .err()
            .unwrap()
    )
    .contains("36"));
    assert_eq!(
        message(
            count(&p.cells(), JsValue::from("box=1x6"), 2)
                .err()
                .unwrap()
        ),
        "boxes of 1×6 do not tile a grid: a box is 2 or more cells each way"
    );

    // A fresh jigsaw: regions made by the generator, a unique puzzle whose
    // solution the verifier accepts under the returned shape.
    for kind in ["jigsaw 9", "jigsaw+x 6", "box=3x3+hyper", "box=3x4+x"] {
        let g = generate(JsValue::from(kind), 7.0, false, "").unwrap();
        let shape = JsValue::from(g.shape());
        verify_solution(&g.cells(), &g.solution(), shape.clone()).unwrap();
        assert_eq!(
            count(&g.cells(), shape, 2).unwrap(),
            1,
            "{kind}: {}",
            g.shape()
        );
    }
}
