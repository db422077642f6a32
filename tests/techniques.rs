//! Each technique on hand-made positions (`tests/data/techniques.txt`): the
//! step it finds there places and eliminates exactly what the file says,
//! and nothing more.

use std::collections::BTreeSet;

use bitsudoku::logic::{Candidates, Technique};
use bitsudoku::{Alphabet, Grid, Shape};

struct Case {
    line: usize,
    technique: Technique,
    note: String,
    size: Shape,
    masks: Vec<u32>,
    expect: BTreeSet<String>,
}

/// `R3C7` (1-based) as a cell index.
fn cell(size: &Shape, name: &str) -> usize {
    let rest = name.strip_prefix('R').expect("R<row>C<column>");
    let (r, c) = rest.split_once('C').expect("R<row>C<column>");
    size.cell(
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
    )
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/techniques.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let Some(head) = line.strip_prefix("== ") else {
            continue;
        };
        let (id, note) = head.split_once(" | ").expect("== id | note");
        let technique = Technique::from_id(id).unwrap_or_else(|| panic!("line {}: {id}", i + 1));
        let mut size = Shape::S9;
        let mut masks = Vec::new();
        let mut expect = BTreeSet::new();
        while let Some((_, l)) = lines.next_if(|(_, l)| !l.starts_with("== ")) {
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.as_slice() {
                ["size", n] => {
                    size = Shape::from_side(n.parse().unwrap()).unwrap();
                    masks = vec![(1u32 << size.side()) - 1; size.cells()];
                }
                ["plane", d] => {
                    let bit = 1u32 << (d.parse::<u32>().unwrap() - 1);
                    for r in 0..size.side() {
                        let (_, row) = lines.next().expect("a row of the plane");
                        for (c, ch) in row.chars().enumerate() {
                            if ch != 'x' {
                                masks[size.cell(r, c)] &= !bit;
                            }
                        }
                    }
                }
                ["cell", name, digits @ ..] => {
                    masks[cell(&size, name)] = digits
                        .iter()
                        .fold(0, |acc, d| acc | 1 << (d.parse::<u32>().unwrap() - 1));
                }
                ["expect", effects @ ..] => {
                    expect = effects.iter().map(|s| s.to_string()).collect()
                }
                [] => {}
                other => panic!("line {}: {other:?}", i + 1),
            }
        }
        out.push(Case {
            line: i + 1,
            technique,
            note: note.to_string(),
            size,
            masks,
            expect,
        });
    }
    out
}

#[test]
fn each_technique_finds_exactly_its_step() {
    let cases = cases();
    for case in &cases {
        let grid = Grid::empty(case.size.clone());
        let position = Candidates::from_parts(&grid, case.masks.clone());
        let at = format!(
            "line {} ({}: {})",
            case.line,
            case.technique.id(),
            case.note
        );
        let step = case
            .technique
            .find(&position)
            .unwrap_or_else(|| panic!("{at}: no step found"));
        assert_eq!(step.technique, case.technique, "{at}");
        let got: BTreeSet<String> = step
            .effects(&case.size, Alphabet::default_for(case.size.side()))
            .split_whitespace()
            .map(str::to_string)
            .collect();
        assert_eq!(got, case.expect, "{at}");
        // The words name the technique's pattern without panicking.
        assert!(!step
            .describe(&case.size, Alphabet::default_for(case.size.side()))
            .is_empty());
    }
    // Every technique has a position.
    for t in Technique::ALL {
        assert!(
            cases.iter().any(|c| c.technique == t),
            "{t:?} has a test position"
        );
    }
}

#[test]
fn no_technique_fires_where_every_candidate_is_open() {
    for size in Shape::SQUARES {
        let grid = Grid::empty(size.clone());
        let open = Candidates::from_parts(&grid, vec![(1u32 << size.side()) - 1; size.cells()]);
        for t in Technique::ALL {
            assert_eq!(t.find(&open), None, "{size} {t:?}");
        }
    }
}
