//! The KIND argument of the examples that make puzzles: a side (`9`, `12`:
//! its usual boxes), `box=RxC`, or `jigsaw=N` (fresh random regions for each
//! puzzle), each with `+x` and `+hyper` after it if wanted: `box=3x3+x`,
//! `jigsaw=9+x`.

use bitsudoku::generate::{random_jigsaw, random_solution, Rng};
use bitsudoku::{Extras, Grid, Shape};

/// The shape of the next puzzle, and its solution.
pub fn next(kind: &str, rng: &mut Rng) -> (Shape, Grid) {
    let mut parts = kind.split('+');
    let head = parts.next().unwrap_or("");
    let extras = parts.fold(Extras::NONE, |mut e, p| {
        match p {
            "x" => e.diagonals = true,
            "hyper" => e.windows = true,
            other => panic!("unknown extra {other}: +x or +hyper"),
        }
        e
    });
    let shape = if let Some(n) = head.strip_prefix("jigsaw=") {
        return random_jigsaw(n.parse().expect("jigsaw=N"), extras, rng);
    } else if let Some(dims) = head.strip_prefix("box=") {
        let (r, c) = dims.split_once('x').expect("box=RxC");
        Shape::boxes(r.parse().unwrap(), c.parse().unwrap()).expect("boxes that tile")
    } else {
        Shape::from_side(head.parse().expect("a side")).expect("a side with boxes")
    };
    let shape = shape.with_extras(extras).expect("extras this shape takes");
    let solution = random_solution(&shape, rng).expect("a solution");
    (shape, solution)
}
