//! A tiny workload for one SAT crate, exported as `check() -> i32` for a
//! wasm32-unknown-unknown build: 1 = the satisfiable formula (9×9 Sudoku
//! with a few givens) got a model that satisfies it, +2 = the
//! unsatisfiable one (pigeons 7 into 6 holes) was refuted.

fn exactly_one(out: &mut Vec<Vec<i32>>, lits: &[i32]) {
    out.push(lits.to_vec());
    for i in 0..lits.len() {
        for j in i + 1..lits.len() {
            out.push(vec![-lits[i], -lits[j]]);
        }
    }
}

/// (vars, clauses): a 9×9 Sudoku with its first row given.
pub fn sudoku() -> (usize, Vec<Vec<i32>>) {
    let v = |r: usize, c: usize, d: usize| (r * 81 + c * 9 + d + 1) as i32;
    let mut cl = Vec::new();
    for a in 0..9 {
        for b in 0..9 {
            exactly_one(&mut cl, &(0..9).map(|d| v(a, b, d)).collect::<Vec<_>>());
            exactly_one(&mut cl, &(0..9).map(|c| v(a, c, b)).collect::<Vec<_>>());
            exactly_one(&mut cl, &(0..9).map(|r| v(r, a, b)).collect::<Vec<_>>());
            let (r0, c0) = (a / 3 * 3, a % 3 * 3);
            exactly_one(
                &mut cl,
                &(0..9)
                    .map(|k| v(r0 + k / 3, c0 + k % 3, b))
                    .collect::<Vec<_>>(),
            );
        }
    }
    for c in 0..9 {
        cl.push(vec![v(0, c, (c * 4) % 9)]);
    }
    (729, cl)
}

/// (vars, clauses): 7 pigeons, 6 holes.
pub fn pigeons() -> (usize, Vec<Vec<i32>>) {
    let (p, h) = (7, 6);
    let v = |i: usize, j: usize| (i * h + j + 1) as i32;
    let mut cl = Vec::new();
    for i in 0..p {
        cl.push((0..h).map(|j| v(i, j)).collect());
    }
    for j in 0..h {
        for a in 0..p {
            for b in a + 1..p {
                cl.push(vec![-v(a, j), -v(b, j)]);
            }
        }
    }
    (p * h, cl)
}

fn satisfies(cl: &[Vec<i32>], model: &[bool]) -> bool {
    cl.iter().all(|c| {
        c.iter()
            .any(|&l| model[l.unsigned_abs() as usize - 1] == (l > 0))
    })
}

#[allow(unused_variables)]
fn solve(vars: usize, cl: &[Vec<i32>]) -> Option<Vec<bool>> {
    #[cfg(feature = "varisat")]
    {
        use varisat::ExtendFormula;
        let mut s = varisat::Solver::new();
        for c in cl {
            let l: Vec<_> = c
                .iter()
                .map(|&x| varisat::Lit::from_dimacs(x as isize))
                .collect();
            s.add_clause(&l);
        }
        if !s.solve().ok()? {
            return None;
        }
        let mut m = vec![false; vars];
        for l in s.model()? {
            m[l.var().index()] = l.is_positive();
        }
        return Some(m);
    }
    #[cfg(feature = "batsat")]
    {
        use batsat::SolverInterface;
        let mut s =
            batsat::Solver::new(batsat::SolverOpts::default(), batsat::BasicCallbacks::new());
        let vs: Vec<_> = (0..vars).map(|_| s.new_var_default()).collect();
        for c in cl {
            let mut l: Vec<_> = c
                .iter()
                .map(|&x| batsat::Lit::new(vs[x.unsigned_abs() as usize - 1], x > 0))
                .collect();
            s.add_clause_reuse(&mut l);
        }
        if s.solve_limited(&[]) != batsat::lbool::TRUE {
            return None;
        }
        return Some(
            vs.iter()
                .map(|&v| s.value_var(v) == batsat::lbool::TRUE)
                .collect(),
        );
    }
    #[cfg(feature = "splr")]
    {
        use splr::{Certificate, SolveIF};
        let config = splr::Config {
            quiet_mode: true,
            ..Default::default()
        };
        let mut s = splr::Solver::try_from((config, cl)).ok()?;
        return match s.solve().ok()? {
            Certificate::UNSAT => None,
            Certificate::SAT(v) => Some(v.iter().map(|&x| x > 0).collect()),
        };
    }
    #[cfg(feature = "screwsat")]
    {
        use screwsat::solver::{Lit, LitBool, Solver, Status};
        let c: Vec<Vec<Lit>> = cl
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&x| Lit::new(x.unsigned_abs() - 1, x > 0))
                    .collect()
            })
            .collect();
        let mut s = Solver::new(vars, &c);
        return match s.solve(None) {
            Status::Sat => Some(s.models.iter().map(|&b| b == LitBool::True).collect()),
            _ => None,
        };
    }
    #[allow(unreachable_code)]
    None
}

#[no_mangle]
pub extern "C" fn check() -> i32 {
    let mut r = 0;
    let (v, cl) = sudoku();
    if let Some(m) = solve(v, &cl) {
        if satisfies(&cl, &m) {
            r |= 1;
        }
    }
    let (v, cl) = pigeons();
    if solve(v, &cl).is_none() {
        r |= 2;
    }
    r
}

#[cfg(test)]
#[test]
fn native() {
    assert_eq!(check(), 3);
}
