//! Route (a): a pure-Rust SAT crate on what bitsudoku's root propagation
//! leaves of a puzzle. One variable per remaining candidate of an open cell;
//! exactly-one (at-least-one plus pairwise at-most-one) per open cell and per
//! house and digit not yet placed. The first model is blocked and the formula
//! solved again to prove uniqueness. Every solution goes through
//! `bitsudoku::verify`.
//!
//! Each puzzle runs in a child process (this binary again, `--child`), killed
//! after `--timeout` seconds: not every crate can be interrupted.
//!
//!   sat-crates --solver varisat|batsat|splr|screwsat [--timeout S] [--only 17,18,3,2] [--no-prop] FILE

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use bitsudoku::{parse_all, propagated_candidates, verify, Grid, ParseOptions, Puzzle};

const SOLVERS: &[&str] = &["varisat", "batsat", "splr", "screwsat"];

struct Args {
    solver: String,
    timeout: f64,
    only: Option<Vec<usize>>,
    child: Option<usize>,
    /// Skip bitsudoku's propagation: candidates are the digits no given peer holds.
    no_prop: bool,
    file: String,
}

fn usage() -> ! {
    eprintln!(
        "usage: sat-crates --solver {} [--timeout SECONDS] [--only I,J,...] [--no-prop] FILE",
        SOLVERS.join("|")
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut solver = None;
    let mut timeout = 120.0;
    let mut only = None;
    let mut child = None;
    let mut no_prop = false;
    let mut file = None;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--solver" => solver = it.next(),
            "--timeout" => {
                timeout = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| usage())
            }
            "--only" => {
                let list = it.next().unwrap_or_else(|| usage());
                only = Some(
                    list.split(',')
                        .map(|s| s.trim().parse().unwrap_or_else(|_| usage()))
                        .collect(),
                );
            }
            "--child" => child = it.next().and_then(|s| s.parse().ok()),
            "--no-prop" => no_prop = true,
            "-h" | "--help" => usage(),
            _ if file.is_none() && !a.starts_with("--") => file = Some(a),
            _ => usage(),
        }
    }
    let solver = solver.unwrap_or_else(|| usage());
    if !SOLVERS.contains(&solver.as_str()) {
        usage();
    }
    Args {
        solver,
        timeout,
        only,
        child,
        no_prop,
        file: file.unwrap_or_else(|| usage()),
    }
}

/// The puzzles of `file`, 1-based, with the comment line before each (if any).
fn read_puzzles(file: &str) -> Vec<(usize, Puzzle, String)> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2)
    });
    let lines: Vec<&str> = text.lines().collect();
    parse_all(&text, ParseOptions::default())
        .into_iter()
        .map(|e| {
            let p = e.result.unwrap_or_else(|err| {
                eprintln!("{file}: puzzle {}: {err:?}", e.index);
                std::process::exit(2)
            });
            let label = e
                .line
                .checked_sub(2)
                .and_then(|i| lines.get(i))
                .filter(|l| l.starts_with('#'))
                .map(|l| l.trim_start_matches('#').trim().chars().take(24).collect())
                .unwrap_or_default();
            (e.index, p, label)
        })
        .collect()
}

// ---------------------------------------------------------------- encoding

struct Encoding {
    n: usize,
    /// Digits fixed by propagation (0 = open).
    fixed: Vec<u8>,
    /// var_of[cell * n + d] = DIMACS variable (1-based) for digit d + 1, or 0.
    var_of: Vec<i32>,
    /// (cell, digit) of each variable, index var - 1.
    meaning: Vec<(usize, u8)>,
    clauses: Vec<Vec<i32>>,
    /// An empty clause was met: no solution.
    empty: bool,
}

fn houses(n: usize) -> Vec<Vec<usize>> {
    let b = (n as f64).sqrt().round() as usize;
    let mut hs = Vec::with_capacity(3 * n);
    for r in 0..n {
        hs.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        hs.push((0..n).map(|r| r * n + c).collect());
    }
    for bx in 0..n {
        let (r0, c0) = (bx / b * b, bx % b * b);
        hs.push((0..n).map(|k| (r0 + k / b) * n + c0 + k % b).collect());
    }
    hs
}

fn exactly_one(clauses: &mut Vec<Vec<i32>>, lits: &[i32]) {
    clauses.push(lits.to_vec());
    for i in 0..lits.len() {
        for j in i + 1..lits.len() {
            clauses.push(vec![-lits[i], -lits[j]]);
        }
    }
}

fn encode(n: usize, cand: &[u32]) -> Encoding {
    let cells = n * n;
    let hs = houses(n);
    let mut fixed = vec![0u8; cells];
    for (c, &m) in cand.iter().enumerate() {
        if m.count_ones() == 1 {
            fixed[c] = m.trailing_zeros() as u8 + 1;
        }
    }
    // Digits a house already holds (propagation should have removed them
    // from the peers; cleared here too, for safety).
    let mut held = vec![0u32; hs.len()];
    let mut houses_of = vec![Vec::with_capacity(3); cells];
    for (h, cs) in hs.iter().enumerate() {
        for &c in cs {
            houses_of[c].push(h);
            if fixed[c] != 0 {
                held[h] |= 1 << (fixed[c] - 1);
            }
        }
    }
    let mut var_of = vec![0i32; cells * n];
    let mut meaning = Vec::new();
    let mut clauses = Vec::new();
    let mut empty = false;
    for c in 0..cells {
        if fixed[c] != 0 {
            continue;
        }
        let mut m = cand[c];
        for &h in &houses_of[c] {
            m &= !held[h];
        }
        let mut lits = Vec::new();
        for d in 0..n {
            if m >> d & 1 == 1 {
                meaning.push((c, d as u8 + 1));
                var_of[c * n + d] = meaning.len() as i32;
                lits.push(meaning.len() as i32);
            }
        }
        empty |= lits.is_empty();
        exactly_one(&mut clauses, &lits);
    }
    for (h, cs) in hs.iter().enumerate() {
        for d in 0..n {
            if held[h] >> d & 1 == 1 {
                continue;
            }
            let lits: Vec<i32> = cs
                .iter()
                .map(|&c| var_of[c * n + d])
                .filter(|&v| v != 0)
                .collect();
            empty |= lits.is_empty();
            exactly_one(&mut clauses, &lits);
        }
    }
    Encoding {
        n,
        fixed,
        var_of,
        meaning,
        clauses,
        empty,
    }
}

impl Encoding {
    /// The grid a model (value of each variable, index var - 1) stands for.
    fn grid(&self, model: &[bool]) -> Grid {
        let mut cells = self.fixed.clone();
        for (v, &(c, d)) in self.meaning.iter().enumerate() {
            if model[v] {
                cells[c] = d;
            }
        }
        Grid::from_side(self.n, cells).expect("grid")
    }

    /// The clause that forbids this model: the negation of its true variables.
    fn block(&self, model: &[bool]) -> Vec<i32> {
        (0..self.meaning.len())
            .filter(|&v| model[v])
            .map(|v| -(v as i32 + 1))
            .collect()
    }

    fn vars(&self) -> usize {
        self.meaning.len()
    }

    #[allow(dead_code)]
    fn var(&self, cell: usize, d: usize) -> i32 {
        self.var_of[cell * self.n + d]
    }
}

// ---------------------------------------------------------------- solvers

/// Some(model) for SAT, None for UNSAT.
type Answer = Option<Vec<bool>>;

/// A solver that keeps its state between the two calls.
trait Incremental {
    fn solve(&mut self) -> Answer;
    fn add(&mut self, clause: &[i32]);
}

struct Varisat(varisat::Solver<'static>, usize);

impl Varisat {
    fn new(vars: usize, clauses: &[Vec<i32>]) -> Self {
        use varisat::ExtendFormula;
        let mut s = varisat::Solver::new();
        let mut lits = Vec::new();
        for cl in clauses {
            lits.clear();
            lits.extend(cl.iter().map(|&l| varisat::Lit::from_dimacs(l as isize)));
            s.add_clause(&lits);
        }
        Varisat(s, vars)
    }
}

impl Incremental for Varisat {
    fn solve(&mut self) -> Answer {
        if !self.0.solve().expect("varisat") {
            return None;
        }
        let mut m = vec![false; self.1];
        for l in self.0.model().expect("model") {
            let i = l.var().index();
            if i < self.1 {
                m[i] = l.is_positive();
            }
        }
        Some(m)
    }
    fn add(&mut self, clause: &[i32]) {
        use varisat::ExtendFormula;
        let lits: Vec<_> = clause
            .iter()
            .map(|&l| varisat::Lit::from_dimacs(l as isize))
            .collect();
        self.0.add_clause(&lits);
    }
}

struct Batsat(batsat::Solver<batsat::BasicCallbacks>, Vec<batsat::Var>);

impl Batsat {
    fn new(vars: usize, clauses: &[Vec<i32>]) -> Self {
        use batsat::SolverInterface;
        let mut s =
            batsat::Solver::new(batsat::SolverOpts::default(), batsat::BasicCallbacks::new());
        let vs: Vec<_> = (0..vars).map(|_| s.new_var_default()).collect();
        let mut b = Batsat(s, vs);
        for cl in clauses {
            b.add(cl);
        }
        b
    }
}

impl Incremental for Batsat {
    fn solve(&mut self) -> Answer {
        use batsat::SolverInterface;
        let r = self.0.solve_limited(&[]);
        if r == batsat::lbool::FALSE {
            return None;
        }
        assert!(r == batsat::lbool::TRUE, "batsat: unknown");
        Some(
            self.1
                .iter()
                .map(|&v| self.0.value_var(v) == batsat::lbool::TRUE)
                .collect(),
        )
    }
    fn add(&mut self, clause: &[i32]) {
        use batsat::SolverInterface;
        let mut lits: Vec<_> = clause
            .iter()
            .map(|&l| batsat::Lit::new(self.1[l.unsigned_abs() as usize - 1], l > 0))
            .collect();
        self.0.add_clause_reuse(&mut lits);
    }
}

/// splr, from scratch each time: its eliminator removes clauses, so adding
/// one after a solve is not safe.
fn splr_solve(vars: usize, clauses: &[Vec<i32>]) -> Answer {
    use splr::{Certificate, SolveIF};
    let config = splr::Config {
        quiet_mode: true,
        c_timeout: 1.0e7,
        ..Default::default()
    };
    let mut s = match splr::Solver::try_from((config, clauses)) {
        Ok(s) => s,
        Err(Ok(Certificate::UNSAT)) => return None,
        Err(e) => panic!("splr: {e:?}"),
    };
    match s.solve().expect("splr") {
        Certificate::UNSAT => None,
        Certificate::SAT(v) => {
            let mut m = vec![false; vars];
            for l in v {
                let i = l.unsigned_abs() as usize - 1;
                if i < vars {
                    m[i] = l > 0;
                }
            }
            Some(m)
        }
    }
}

/// screwsat, from scratch each time.
fn screwsat_solve(vars: usize, clauses: &[Vec<i32>]) -> Answer {
    use screwsat::solver::{Lit, LitBool, Solver, Status};
    let cls: Vec<Vec<Lit>> = clauses
        .iter()
        .map(|c| {
            c.iter()
                .map(|&l| Lit::new(l.unsigned_abs() - 1, l > 0))
                .collect()
        })
        .collect();
    let mut s = Solver::new(vars, &cls);
    match s.solve(None) {
        Status::Sat => Some(s.models.iter().map(|&b| b == LitBool::True).collect()),
        Status::Unsat => None,
        Status::Indeterminate => panic!("screwsat: indeterminate"),
    }
}

// ---------------------------------------------------------------- one puzzle (child)

fn child(args: &Args, index: usize) {
    let puzzles = read_puzzles(&args.file);
    let (_, puzzle, _) = puzzles
        .into_iter()
        .find(|(i, _, _)| *i == index)
        .expect("index");
    let grid = &puzzle.grid;
    let n = grid.size().side();
    let out = |s: String| {
        let mut o = std::io::stdout().lock();
        writeln!(o, "@@ {s}").unwrap();
        o.flush().unwrap();
    };
    let t = Instant::now();
    let cand = if args.no_prop {
        // Givens only; encode() removes the digits a house already holds.
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        Some(
            grid.cells()
                .iter()
                .map(|&d| if d == 0 { full } else { 1 << (d - 1) })
                .collect(),
        )
    } else {
        propagated_candidates(grid)
    };
    let prop = t.elapsed().as_secs_f64();
    let Some(cand) = cand else {
        out(format!("prop {prop:.6} vars 0 clauses 0"));
        out("solve 0 none".into());
        out("unique 0 none".into());
        return;
    };
    let enc = encode(n, &cand);
    out(format!(
        "prop {prop:.6} vars {} clauses {}",
        enc.vars(),
        enc.clauses.len()
    ));
    if enc.empty {
        out("solve 0 none".into());
        out("unique 0 none".into());
        return;
    }
    if enc.vars() == 0 {
        let g = enc.grid(&[]);
        let ok = verify(grid, &g).is_ok();
        out(format!("solve 0 {}", if ok { "sat" } else { "WRONG" }));
        out("unique 0 unique-by-propagation".into());
        return;
    }
    let check = |m: &[bool]| -> &'static str {
        match verify(grid, &enc.grid(m)) {
            Ok(()) => "sat",
            Err(_) => "WRONG",
        }
    };
    let t = Instant::now();
    match args.solver.as_str() {
        "varisat" | "batsat" => {
            let mut s: Box<dyn Incremental> = if args.solver == "varisat" {
                Box::new(Varisat::new(enc.vars(), &enc.clauses))
            } else {
                Box::new(Batsat::new(enc.vars(), &enc.clauses))
            };
            let Some(m) = s.solve() else {
                out(format!("solve {:.6} none", t.elapsed().as_secs_f64()));
                return;
            };
            out(format!(
                "solve {:.6} {}",
                t.elapsed().as_secs_f64(),
                check(&m)
            ));
            let t = Instant::now();
            s.add(&enc.block(&m));
            let r = s.solve();
            let what = match &r {
                None => "unique",
                Some(m2) if check(m2) == "sat" && m2 != &m => "multiple",
                Some(_) => "WRONG",
            };
            out(format!("unique {:.6} {what}", t.elapsed().as_secs_f64()));
        }
        _ => {
            let f = if args.solver == "splr" {
                splr_solve
            } else {
                screwsat_solve
            };
            let Some(m) = f(enc.vars(), &enc.clauses) else {
                out(format!("solve {:.6} none", t.elapsed().as_secs_f64()));
                return;
            };
            out(format!(
                "solve {:.6} {}",
                t.elapsed().as_secs_f64(),
                check(&m)
            ));
            let t = Instant::now();
            let mut cls = enc.clauses.clone();
            cls.push(enc.block(&m));
            let r = f(enc.vars(), &cls);
            let what = match &r {
                None => "unique",
                Some(m2) if check(m2) == "sat" && m2 != &m => "multiple",
                Some(_) => "WRONG",
            };
            out(format!("unique {:.6} {what}", t.elapsed().as_secs_f64()));
        }
    }
}

// ---------------------------------------------------------------- parent

#[derive(Default)]
struct Row {
    prop: Option<f64>,
    vars: usize,
    clauses: usize,
    solve: Option<(f64, String)>,
    unique: Option<(f64, String)>,
}

fn run_one(args: &Args, index: usize) -> (Row, Option<String>) {
    let exe = std::env::current_exe().expect("exe");
    let mut cmd = Command::new(exe);
    cmd.args([
        "--solver",
        &args.solver,
        "--child",
        &index.to_string(),
        &args.file,
    ]);
    if args.no_prop {
        cmd.arg("--no-prop");
    }
    let mut ch = cmd
        .stdout(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .expect("spawn");
    let stdout = ch.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs_f64(args.timeout);
    let mut row = Row::default();
    let mut note = None;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                let w: Vec<&str> = line
                    .strip_prefix("@@ ")
                    .unwrap_or("")
                    .split_whitespace()
                    .collect();
                match w.as_slice() {
                    ["prop", p, "vars", v, "clauses", c] => {
                        row.prop = p.parse().ok();
                        row.vars = v.parse().unwrap_or(0);
                        row.clauses = c.parse().unwrap_or(0);
                    }
                    ["solve", s, what] => {
                        row.solve = Some((s.parse().unwrap_or(f64::NAN), what.to_string()))
                    }
                    ["unique", s, what] => {
                        row.unique = Some((s.parse().unwrap_or(f64::NAN), what.to_string()))
                    }
                    _ => {}
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = ch.kill();
                let _ = ch.wait();
                note = Some("timeout".into());
                break;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let st = ch.wait().expect("wait");
                if !st.success() {
                    note = Some(format!("child failed: {st}"));
                }
                break;
            }
        }
    }
    (row, note)
}

fn main() {
    let args = parse_args();
    if let Some(i) = args.child {
        child(&args, i);
        return;
    }
    let puzzles = read_puzzles(&args.file);
    let order: Vec<usize> = match &args.only {
        Some(list) => list.clone(),
        None => puzzles.iter().map(|p| p.0).collect(),
    };
    println!(
        "# solver {}  timeout {} s  file {}{}",
        args.solver,
        args.timeout,
        args.file,
        if args.no_prop {
            "  (--no-prop: givens only, no bitsudoku propagation)"
        } else {
            ""
        }
    );
    println!(
        "{:>4}  {:<24} {:>8} {:>7} {:>8} {:>9} {:>9}  outcome",
        "#", "label", "prop s", "vars", "clauses", "solve s", "unique s"
    );
    let mut totals = Vec::new();
    let mut failures = 0;
    for i in order {
        let Some((_, _, label)) = puzzles.iter().find(|p| p.0 == i) else {
            eprintln!("no puzzle {i}");
            continue;
        };
        let (row, note) = run_one(&args, i);
        let f = |x: &Option<(f64, String)>| match x {
            Some((s, _)) => format!("{s:.3}"),
            None => "-".into(),
        };
        let outcome = match (&row.solve, &row.unique, &note) {
            (_, Some((_, u)), None) => u.clone(),
            (Some((_, s)), None, None) => s.clone(),
            (Some(_), None, Some(n)) => format!("{n} (in uniqueness)"),
            (None, _, Some(n)) => format!("{n} (in first solve)"),
            (_, _, n) => n.clone().unwrap_or_else(|| "?".into()),
        };
        match (&row.solve, &row.unique, &note) {
            (Some((s, _)), Some((u, w)), None) if w == "unique" => {
                totals.push(row.prop.unwrap_or(0.0) + s + u)
            }
            _ => failures += 1,
        }
        println!(
            "{:>4}  {:<24} {:>8} {:>7} {:>8} {:>9} {:>9}  {}",
            i,
            label,
            row.prop.map(|p| format!("{p:.4}")).unwrap_or("-".into()),
            row.vars,
            row.clauses,
            f(&row.solve),
            f(&row.unique),
            outcome
        );
    }
    totals.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let total: f64 = totals.iter().sum();
    let median = if totals.is_empty() {
        f64::NAN
    } else if totals.len() % 2 == 1 {
        totals[totals.len() / 2]
    } else {
        (totals[totals.len() / 2 - 1] + totals[totals.len() / 2]) / 2.0
    };
    println!(
        "# proved unique: {}  other (timeout/failure): {}  total {:.3} s  median {:.4} s (prop+solve+unique, proved ones only)",
        totals.len(),
        failures,
        total,
        median
    );
}
