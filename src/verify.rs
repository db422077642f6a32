//! The independent checker.
//!
//! Deliberately naive and self-contained: it shares no code with the solvers
//! (not even the house lists of [`crate::shape`]), so a bug there cannot
//! hide a wrong answer. It reads only the raw cells and the shape's
//! description (side, box dimensions or region map, extra houses), and works
//! out every house itself.

use std::fmt;

use crate::grid::Grid;
use crate::shape::Regions;

/// Why a solution is rejected. Cells are row-major indices.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VerifyError {
    /// The two grids differ in shape.
    SizeMismatch,
    /// The solution has an empty cell.
    Empty {
        /// The first empty cell.
        cell: usize,
    },
    /// The solution changed a given.
    GivenChanged {
        /// The cell.
        cell: usize,
        /// The puzzle's digit there.
        given: u8,
        /// The solution's.
        found: u8,
    },
    /// A digit appears twice in a house (`house` names which).
    Repeated {
        /// The house, in words (`row 3`).
        house: String,
        /// The repeated digit.
        digit: u8,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::SizeMismatch => {
                f.write_str("the solution and the puzzle differ in size or shape")
            }
            VerifyError::Empty { cell } => write!(f, "cell {} is empty", cell + 1),
            VerifyError::GivenChanged { cell, given, found } => {
                write!(
                    f,
                    "cell {} holds {found}, but the puzzle gives {given}",
                    cell + 1
                )
            }
            VerifyError::Repeated { house, digit } => write!(f, "{digit} appears twice in {house}"),
        }
    }
}

impl std::error::Error for VerifyError {}

/// Checks that `solution` is a complete, valid grid that keeps every given of
/// `puzzle`, in the puzzle's shape.
pub fn verify(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    if puzzle.shape() != solution.shape() {
        return Err(VerifyError::SizeMismatch);
    }
    let p = puzzle.cells();
    let s = solution.cells();
    if p.len() != s.len() {
        return Err(VerifyError::SizeMismatch);
    }
    for i in 0..s.len() {
        if s[i] == 0 {
            return Err(VerifyError::Empty { cell: i });
        }
        if p[i] != 0 && p[i] != s[i] {
            return Err(VerifyError::GivenChanged {
                cell: i,
                given: p[i],
                found: s[i],
            });
        }
    }
    is_valid_full(solution)
}

/// Checks that a complete grid has every digit once in every house of its
/// shape: rows, columns, regions (boxes or jigsaw regions) and the extra
/// houses. The houses are worked out here from the shape's description, not
/// taken from [`crate::shape`]'s lists.
pub fn is_valid_full(grid: &Grid) -> Result<(), VerifyError> {
    let shape = grid.shape();
    let cells = grid.cells();
    let n = shape.side();
    if n * n != cells.len() {
        return Err(VerifyError::SizeMismatch);
    }
    for r in 0..n {
        let row: Vec<u8> = (0..n).map(|c| cells[r * n + c]).collect();
        check_house(&row, || format!("row {}", r + 1))?;
    }
    for c in 0..n {
        let col: Vec<u8> = (0..n).map(|r| cells[r * n + c]).collect();
        check_house(&col, || format!("column {}", c + 1))?;
    }
    // Each cell's region, from the box dimensions or the region map.
    let region: Vec<usize> = match shape.regions() {
        Regions::Boxes { rows, cols } => {
            let (h, w) = (*rows as usize, *cols as usize);
            (0..n * n)
                .map(|cell| (cell / n / h) * (n / w) + (cell % n) / w)
                .collect()
        }
        Regions::Jigsaw(map) => map.iter().map(|&r| r as usize).collect(),
    };
    let word = if shape.is_jigsaw() { "region" } else { "box" };
    for x in 0..n {
        let group: Vec<u8> = (0..n * n)
            .filter(|&cell| region[cell] == x)
            .map(|cell| cells[cell])
            .collect();
        if group.len() != n {
            return Err(VerifyError::Repeated {
                house: format!("{word} {} (with {} cells)", x + 1, group.len()),
                digit: 0,
            });
        }
        check_house(&group, || format!("{word} {}", x + 1))?;
    }
    let extras = shape.extras();
    if extras.diagonals {
        let main: Vec<u8> = (0..n).map(|i| cells[i * n + i]).collect();
        check_house(&main, || "the main diagonal".to_string())?;
        let anti: Vec<u8> = (0..n).map(|i| cells[i * n + n - 1 - i]).collect();
        check_house(&anti, || "the anti-diagonal".to_string())?;
    }
    if extras.windows {
        // Windows of b×b, one cell in from each edge and one apart.
        let b = (2..=5)
            .find(|b| b * b == n)
            .ok_or(VerifyError::SizeMismatch)?;
        let starts: Vec<usize> = (0..b - 1).map(|k| 1 + k * (b + 1)).collect();
        for (i, &top) in starts.iter().enumerate() {
            for (j, &left) in starts.iter().enumerate() {
                let mut window = Vec::with_capacity(n);
                for r in top..top + b {
                    for c in left..left + b {
                        window.push(cells[r * n + c]);
                    }
                }
                check_house(&window, || format!("window {}", i * (b - 1) + j + 1))?;
            }
        }
    }
    Ok(())
}

fn check_house(values: &[u8], name: impl Fn() -> String) -> Result<(), VerifyError> {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        let v_usize = v as usize;
        if v_usize == 0 || v_usize > values.len() || seen[v_usize] {
            return Err(VerifyError::Repeated {
                house: name(),
                digit: v,
            });
        }
        seen[v_usize] = true;
    }
    Ok(())
}
