//! The independent checker.
//!
//! Deliberately naive and self-contained: it shares no code with the solvers
//! (not even the house helpers of [`crate::grid`]), so a bug there cannot hide
//! a wrong answer. It reads only the raw cells and the side.

use std::fmt;

use crate::grid::Grid;

/// Why a solution is rejected. Cells are row-major indices.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VerifyError {
    /// The two grids differ in size.
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
    /// A digit appears twice in a row, column or box (`house` names which).
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
            VerifyError::SizeMismatch => f.write_str("the solution and the puzzle differ in size"),
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
/// `puzzle`.
pub fn verify(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
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
    is_valid_full(s)
}

/// Checks that a complete grid (given as its raw cells) has every digit once in
/// every row, column and box.
pub fn is_valid_full(cells: &[u8]) -> Result<(), VerifyError> {
    // Side and box size straight from the cell count.
    let mut n = 0;
    while n * n < cells.len() {
        n += 1;
    }
    let mut b = 0;
    while b * b < n {
        b += 1;
    }
    if n * n != cells.len() || b * b != n {
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
    for br in 0..b {
        for bc in 0..b {
            let mut group = Vec::with_capacity(n);
            for r in br * b..br * b + b {
                for c in bc * b..bc * b + b {
                    group.push(cells[r * n + c]);
                }
            }
            check_house(&group, || format!("box {}", br * b + bc + 1))?;
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
