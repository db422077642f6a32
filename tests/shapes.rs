//! Known answers for shapes, written here by hand: every 4×4 grid of a shape
//! is enumerated by brute force over houses listed in this file (not the
//! shape module's), and every engine must count the same number from the
//! empty grid; and grids that break only an extra house are refused by the
//! verifier.

use bitsudoku::{count_solutions, verify, Engine, Grid, Shape, VerifyError};

const ENGINES: [Engine; 4] = [Engine::Bitmask, Engine::Band, Engine::Learn, Engine::Dlx];

/// Houses of a 4×4 by hand: rows, columns, and `more` (as cell lists).
fn houses_4x4(more: &[[usize; 4]]) -> Vec<[usize; 4]> {
    let mut houses: Vec<[usize; 4]> = (0..4)
        .map(|r| [4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3])
        .collect();
    houses.extend((0..4).map(|c| [c, c + 4, c + 8, c + 12]));
    houses.extend_from_slice(more);
    houses
}

/// Every filling of a 4×4 with 1–4 that has each digit once in each house.
fn brute_force(houses: &[[usize; 4]]) -> u64 {
    let perms: Vec<[u8; 4]> = (0..256u32)
        .map(|i| [i & 3, i >> 2 & 3, i >> 4 & 3, i >> 6 & 3].map(|d| d as u8 + 1))
        .filter(|p| (1..=4).all(|d| p.contains(&d)))
        .collect();
    let mut count = 0;
    for a in &perms {
        for b in &perms {
            for c in &perms {
                for d in &perms {
                    let cells: Vec<u8> = [a, b, c, d]
                        .iter()
                        .flat_map(|r| r.iter().copied())
                        .collect();
                    let ok = houses.iter().all(|h| {
                        let mut seen = 0u8;
                        h.iter().all(|&i| {
                            let bit = 1 << cells[i];
                            let fresh = seen & bit == 0;
                            seen |= bit;
                            fresh
                        })
                    });
                    count += ok as u64;
                }
            }
        }
    }
    count
}

const BOXES: [[usize; 4]; 4] = [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]];
const DIAGONALS: [[usize; 4]; 2] = [[0, 5, 10, 15], [3, 6, 9, 12]];

fn engines_count(shape: &Shape) -> Vec<u64> {
    let empty = Grid::empty(shape.clone());
    ENGINES
        .iter()
        .map(|&e| count_solutions(&empty, e, 1_000))
        .collect()
}

#[test]
fn every_engine_counts_the_4x4_grids_of_each_shape() {
    let classic = houses_4x4(&BOXES);
    assert_eq!(brute_force(&classic), 288, "the 4×4 count everyone knows");
    assert_eq!(engines_count(&Shape::S4), vec![288; 4]);

    let x = houses_4x4(&[BOXES.as_slice(), DIAGONALS.as_slice()].concat());
    let want = brute_force(&x);
    assert!(want > 0 && want < 288);
    assert_eq!(
        engines_count(&Shape::from_spec("box=2x2+x").unwrap()),
        vec![want; 4]
    );

    // Jigsaws drawn by hand: the second's region C is in two pieces, and
    // (as the brute force finds) no grid fits it, which every engine must
    // see too.
    for regions in ["AAABCABBCCDBCDDD", "AABBACCBACDBDDDC"] {
        let mut houses = houses_4x4(&[]);
        for label in ['A', 'B', 'C', 'D'] {
            let cells: Vec<usize> = regions.match_indices(label).map(|(i, _)| i).collect();
            houses.push(cells.try_into().unwrap());
        }
        let want = brute_force(&houses);
        let shape = Shape::from_spec(&format!("jigsaw {regions}")).unwrap();
        assert_eq!(engines_count(&shape), vec![want; 4], "{regions}");
        assert_eq!(want == 0, regions.ends_with('C'), "{regions}: {want}");
    }
}

#[test]
fn the_verifier_holds_every_extra_house() {
    // A classic 9×9 solution whose main diagonal repeats: right as a
    // classic grid, wrong as an X-Sudoku.
    let classic: Vec<u8> =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    let grid = Grid::from_cells(Shape::S9, classic.clone()).unwrap();
    assert_eq!(verify(&grid, &grid), Ok(()));
    for spec in ["box=3x3+x", "box=3x3+hyper"] {
        let shape = Shape::from_spec(spec).unwrap();
        let grid = Grid::from_cells(shape, classic.clone()).unwrap();
        let want = if spec.ends_with('x') {
            ("the main diagonal", 9)
        } else {
            ("window 1", 1)
        };
        match verify(&grid, &grid) {
            Err(VerifyError::Repeated { house, digit }) => {
                assert_eq!((house.as_str(), digit), want)
            }
            other => panic!("{spec}: {other:?}"),
        }
    }
}

/// The generator's shortcut: a unique puzzle with one given emptied stays
/// unique exactly when no solution puts another digit there. Checked
/// against the learning engine counting to two, for givens of every
/// shape's test puzzles up to 12×12: the puzzles are minimal (emptying a
/// given leaves several solutions), and with a few cells of the solution
/// added (emptying one of those leaves one).
#[test]
fn emptying_a_given_agrees_with_counting() {
    let (mut unique_seen, mut several_seen) = (0, 0);
    for name in [
        "shapes_boxes.txt",
        "shapes_variants.txt",
        "shapes_jigsaw.txt",
    ] {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        for entry in bitsudoku::parse_all(&text, bitsudoku::ParseOptions::default()) {
            let minimal = entry.result.unwrap().grid;
            if minimal.shape().side() > 12 || count_solutions(&minimal, Engine::Bitmask, 2) != 1 {
                continue;
            }
            let bitsudoku::Outcome::Unique(solution) =
                bitsudoku::solve(&minimal, &bitsudoku::SolveOptions::default()).outcome
            else {
                panic!("{name}:{}: not unique", entry.line);
            };
            let cells = minimal.cells().len();
            let mut fuller = minimal.clone();
            for cell in (0..cells)
                .filter(|&c| minimal.get(c) == 0)
                .step_by(5)
                .take(4)
            {
                fuller.set(cell, solution.get(cell));
            }
            for puzzle in [&minimal, &fuller] {
                let givens: Vec<usize> = (0..cells).filter(|&c| puzzle.get(c) != 0).collect();
                for &cell in givens.iter().step_by(givens.len().div_ceil(8)) {
                    let mut emptied = puzzle.clone();
                    let digit = emptied.get(cell);
                    emptied.set(cell, 0);
                    let Some(unique) =
                        bitsudoku::unique_after_emptying(&emptied, cell, digit, u64::MAX)
                    else {
                        break; // square boxes: the generator counts instead
                    };
                    let count = count_solutions(&emptied, Engine::Learn, 2);
                    assert_eq!(unique, count == 1, "{name}:{}: cell {cell}", entry.line);
                    if unique {
                        unique_seen += 1;
                    } else {
                        several_seen += 1;
                    }
                }
            }
        }
    }
    assert!(
        unique_seen > 50 && several_seen > 50,
        "{unique_seen} unique, {several_seen} several"
    );
}
