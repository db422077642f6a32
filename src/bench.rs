//! The benchmark harness, tdoku-style: warm up, then solve every puzzle of a
//! set for at least a target time, check every answer with the independent
//! verifier (a wrong answer fails the run), and report puzzles/s, µs per
//! puzzle (median and p99), the share solved without guessing and guesses
//! per puzzle.
//!
//! Any solver fits: it is a closure from a puzzle to an [`Answer`]. The clock
//! is a parameter, so the same harness runs natively and inside WebAssembly
//! (the page's module exports it as `benchSet`). Who prints the rows: the
//! CLI's `bench` (tables and JSON), `benches/compare/` (beside reference
//! solvers), `benches/wasm/` (wasm beside native).

use crate::grid::Grid;
use crate::solver::{Engine, Solver};
use crate::verify::verify;

/// What a solver says about one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// A solution, when one was found.
    pub solution: Option<Grid>,
    /// Solutions found, up to the limit.
    pub count: u64,
    /// Branch points, when the solver reports them.
    pub guesses: Option<u64>,
}

/// How to run a set.
#[derive(Clone, Copy, Debug)]
pub struct BenchOptions {
    /// Timed solving per set, at least one full pass.
    pub seconds: f64,
    /// Warm-up before timing, at most one pass.
    pub warmup_seconds: f64,
    /// 1: first solution; 2: solution and proof of uniqueness.
    pub limit: u64,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            seconds: 2.0,
            warmup_seconds: 0.5,
            limit: 2,
        }
    }
}

/// One set, one solver.
#[derive(Clone, Debug)]
pub struct Row {
    pub set: String,
    pub solver: String,
    pub limit: u64,
    pub puzzles: usize,
    /// Timed solves (whole passes over the set).
    pub solves: u64,
    pub seconds: f64,
    pub puzzles_per_second: f64,
    pub median_us: f64,
    pub p99_us: f64,
    /// Share of puzzles solved without a guess, in percent (`None` when the
    /// solver does not report guesses).
    pub no_guess_percent: Option<f64>,
    pub guesses_per_puzzle: Option<f64>,
    /// Puzzles with several solutions (limit 2).
    pub several: usize,
}

/// An answer the verifier rejected, or a solvable puzzle reported unsolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongAnswer {
    pub puzzle: usize,
    pub reason: String,
}

/// Our engines as harness solvers.
pub fn engine_solver(engine: Engine, limit: u64) -> impl FnMut(&Grid) -> Answer {
    let mut reused: Option<Solver> = None;
    move |puzzle| {
        let solver = Solver::reuse(&mut reused, puzzle, engine, limit);
        solver.run(u64::MAX);
        let report = solver.report();
        Answer {
            count: solver.found(),
            guesses: Some(report.stats.guesses),
            solution: report.outcome.into_solution(),
        }
    }
}

/// Runs `solve` over `puzzles` as described in the module documentation;
/// `clock` reads a monotonic time in seconds.
pub fn run(
    set: &str,
    solver_name: &str,
    puzzles: &[Grid],
    options: &BenchOptions,
    mut solve: impl FnMut(&Grid) -> Answer,
    mut clock: impl FnMut() -> f64,
) -> Result<Row, WrongAnswer> {
    assert!(!puzzles.is_empty(), "a benchmark set holds puzzles");
    let check = |i: usize, answer: &Answer| -> Result<(), WrongAnswer> {
        let wrong = |reason: String| WrongAnswer {
            puzzle: i + 1,
            reason,
        };
        let grid = answer
            .solution
            .as_ref()
            .ok_or_else(|| wrong("no solution reported".into()))?;
        verify(&puzzles[i], grid).map_err(|e| wrong(e.to_string()))?;
        if answer.count == 0 || answer.count > options.limit {
            return Err(wrong(format!(
                "count {} with limit {}",
                answer.count, options.limit
            )));
        }
        Ok(())
    };

    // Warm-up: at most one pass, checked too.
    let warm = clock();
    for (i, p) in puzzles.iter().enumerate() {
        if clock() - warm >= options.warmup_seconds {
            break;
        }
        check(i, &solve(p))?;
    }

    let mut times: Vec<f64> = Vec::with_capacity(puzzles.len());
    let mut total = 0.0;
    let mut first_pass: Vec<Answer> = Vec::with_capacity(puzzles.len());
    loop {
        for (i, p) in puzzles.iter().enumerate() {
            let start = clock();
            let answer = solve(p);
            let took = clock() - start;
            total += took;
            times.push(took);
            check(i, &answer)?;
            if first_pass.len() < puzzles.len() {
                first_pass.push(answer);
            }
        }
        if total >= options.seconds {
            break;
        }
    }
    times.sort_unstable_by(f64::total_cmp);
    let pct = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1e6;
    let guesses: Option<Vec<u64>> = first_pass.iter().map(|a| a.guesses).collect();
    let n = puzzles.len() as f64;
    Ok(Row {
        set: set.to_string(),
        solver: solver_name.to_string(),
        limit: options.limit,
        puzzles: puzzles.len(),
        solves: times.len() as u64,
        seconds: total,
        puzzles_per_second: times.len() as f64 / total,
        median_us: pct(0.5),
        p99_us: pct(0.99),
        no_guess_percent: guesses
            .as_ref()
            .map(|g| g.iter().filter(|&&k| k == 0).count() as f64 * 100.0 / n),
        guesses_per_puzzle: guesses.as_ref().map(|g| g.iter().sum::<u64>() as f64 / n),
        several: first_pass.iter().filter(|a| a.count >= 2).count(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_all, ParseOptions};

    #[test]
    fn a_wrong_answer_fails_the_run() {
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let puzzles: Vec<Grid> = parse_all(text, ParseOptions::default())
            .into_iter()
            .map(|e| e.result.unwrap().grid)
            .collect();
        let options = BenchOptions {
            seconds: 0.0,
            warmup_seconds: 0.0,
            limit: 2,
        };
        let clock = || 0.0;
        let row = run(
            "one",
            "bitmask",
            &puzzles,
            &options,
            engine_solver(Engine::Bitmask, 2),
            clock,
        )
        .unwrap();
        assert_eq!((row.puzzles, row.solves, row.several), (1, 1, 0));
        // A solver that swaps two digits of the true solution is caught.
        let mut liar = engine_solver(Engine::Bitmask, 2);
        let wrong = run(
            "one",
            "liar",
            &puzzles,
            &options,
            move |p| {
                let mut a = liar(p);
                let g = a.solution.as_mut().unwrap();
                let (x, y) = (g.get(1), g.get(2));
                g.set(1, y);
                g.set(2, x);
                a
            },
            clock,
        )
        .unwrap_err();
        assert_eq!(wrong.puzzle, 1);
        let silent = run(
            "one",
            "silent",
            &puzzles,
            &options,
            |_| Answer {
                solution: None,
                count: 0,
                guesses: None,
            },
            clock,
        );
        assert_eq!(silent.unwrap_err().reason, "no solution reported");
    }
}
