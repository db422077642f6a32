//! The learning engine: conflict-driven clause learning (CDCL) over the
//! puzzle's candidates, with the Sudoku rules as native constraints.
//!
//! The band engine (`search.rs`) goes depth first and forgets why a branch
//! failed; on the hardest minimal 25×25 puzzles it then refutes the same
//! small contradiction in thousands of places. This engine remembers: each
//! contradiction is traced back to the decisions that caused it, and the
//! clause "not all of these together" is kept, so the search never walks
//! into that combination again, and may jump back over decisions that had
//! nothing to do with it.
//!
//! - **Variables** are the candidates the root propagation left
//!   (`model.rs`); a literal is a variable or its negation.
//! - **Constraints** are exactly-one over a cell's digits and over a
//!   digit's places in a house, propagated natively (`propagate`), not
//!   as thousands of pairwise clauses: a true variable makes the others of
//!   its four constraints false (a placement clears its peers); a
//!   constraint left with one non-false variable makes it true (naked and
//!   hidden singles).
//! - **Learning**: first unique implication point, with recursive clause
//!   minimisation, each earlier level's literals shrunk to that level's
//!   implication point where they can be, then strengthened by the
//!   constraints (`analyze.rs`);
//!   clauses are watched by two literals (`clauses.rs`), and the less useful
//!   half of those not recently used deleted from time to time.
//! - **Deciding**: among the most active variables (VSIDS, `order.rs`),
//!   the one with the fewest alternatives left in one of its constraints
//!   (`pick`), placed: a placement propagates much further than an
//!   elimination, and phase saving (deciding a variable's last value,
//!   mostly false) needed 2.2× the conflicts on the frontier puzzles.
//!   Restarts on the Luby sequence.
//! - **Counting**: after a solution, the clause "not all of these
//!   decisions" excludes it and nothing else, so the search goes on to the
//!   next; with limit 2 the search ends with the second solution or with
//!   the proof that there is none.
//!
//! Like the band engine, it runs in slices of decisions and resumes.

mod analyze;
mod clauses;
mod model;
mod order;

use super::Stats;
use clauses::Clauses;
use model::Model;
use order::Order;

/// A literal: variable `v` is `2v` (true) or `2v + 1` (false).
pub(super) type Lit = u32;

const TRUE: u8 = 1;
const FALSE: u8 = 0;
const UNSET: u8 = 2;

/// Why a literal holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
    /// A decision, or a fact at level 0.
    None,
    /// Variable `v` is false because variable `.0` of a shared constraint is
    /// true: the clause (¬v ∨ ¬w).
    Amo(u32),
    /// Variable `v` is true because every other variable of constraint `.0`
    /// is false: the constraint's clause (at least one).
    Alo(u32),
    /// Learned clause `.0`.
    Clause(u32),
}

/// Which clause every literal of which is false.
#[derive(Clone, Copy, Debug)]
pub(super) enum Conflict {
    /// Two true variables in one constraint.
    Amo(u32, u32),
    /// A constraint with every variable false.
    Alo(u32),
    /// A learned clause with every literal false.
    Clause(u32),
}

/// Conflicts between restarts: the Luby sequence 1, 1, 2, 1, 1, 2, 4, …
/// times this (100 and 1000 needed 13% and 0% more conflicts than 300 on
/// the frontier puzzles and their isomorphs).
const RESTART_UNIT: u64 = 300;
/// How many of the most active variables a decision chooses among. On 23
/// minimal 25×25 puzzles, against deciding the most active alone: 8, 16
/// and 32 with activity over size gave 22%, 23% and 22% fewer conflicts;
/// 16 with activity over size squared 25% (over size to the fourth, the
/// same).
const LOOK: usize = 16;
/// Clauses learned before the first clean-up, and the growth after each
/// (Glucose's schedule).
const REDUCE_FIRST: usize = 2000;
const REDUCE_STEP: usize = 300;

/// What an earlier search (the band engine, before handing over) found and
/// spent: the learning engine counts on from there.
#[derive(Default)]
pub(crate) struct Before {
    pub stats: Stats,
    /// The solution found, if any: excluded, and counted.
    pub first: Option<Vec<u8>>,
}

/// One resumable search.
pub(crate) struct LearnSearch {
    model: Model,
    /// Per literal: `TRUE`, `FALSE` or `UNSET`.
    val: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    /// Where each decision level starts on the trail.
    trail_lim: Vec<usize>,
    /// Trail literals before this one are propagated.
    qhead: usize,
    /// Per constraint: its variables not false, bit `i` for its `i`-th.
    live: Vec<u32>,
    order: Order,
    clauses: Clauses,
    /// Scratch space of conflict analysis.
    seen: Vec<bool>,
    /// Scratch marks of clause shrinking (`analyze::shrink`).
    in_block: Vec<bool>,
    learnt: Vec<Lit>,
    ante: Vec<Lit>,
    stack: Vec<Lit>,
    to_clear: Vec<Lit>,
    /// Per constraint: a stamp, for marking sets of constraints.
    marks: Vec<u32>,
    stamp: u32,
    restarts: u64,
    /// The conflict count at which the next restart is due.
    restart_at: u64,
    /// The number of learned clauses at which the next clean-up is due.
    reduce_at: usize,
    /// Learned clauses added since the last clean-up.
    since_reduce: usize,
    limit: u64,
    pub(crate) found: u64,
    pub(crate) first: Option<Vec<u8>>,
    pub(crate) stats: Stats,
    pub(crate) finished: bool,
    /// Finished at the limit, standing on a solution that is not excluded
    /// yet (see `raise_limit`).
    paused: bool,
}

impl LearnSearch {
    /// The first solution found, if any.
    pub(crate) fn first_cells(&self) -> Option<Vec<u8>> {
        self.first.clone()
    }

    /// A search from a root of box size `b` with `fixed` digits (0 = open)
    /// and, per open cell, its candidates `cand` (bit `d` for digit
    /// `d + 1`), as the band engine's root propagation leaves them. It
    /// counts up to `limit` solutions, carrying on from `before`.
    pub(crate) fn new(
        shape: &crate::shape::Shape,
        fixed: &[u8],
        cand: &[u32],
        limit: u64,
        before: Before,
    ) -> Self {
        let model = Model::new(shape, fixed, cand);
        let failed = model.is_none();
        let model = model.unwrap_or_else(|| Model::empty(shape.side()));
        let (vars, cons) = (model.vars(), model.cons());
        let live = (0..cons as u32)
            .map(|k| (1u64 << model.con(k).len()) as u32 - 1)
            .collect();
        let mut s = LearnSearch {
            val: vec![UNSET; 2 * vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            live,
            order: Order::new(vars),
            clauses: Clauses::new(vars),
            seen: vec![false; vars],
            in_block: vec![false; vars],
            learnt: Vec::new(),
            ante: Vec::new(),
            stack: Vec::new(),
            to_clear: Vec::new(),
            marks: vec![0; cons],
            stamp: 0,
            restarts: 0,
            restart_at: RESTART_UNIT,
            since_reduce: 0,
            reduce_at: REDUCE_FIRST,
            limit: limit.max(1),
            found: before.first.is_some() as u64,
            first: before.first,
            stats: Stats {
                nodes: before.stats.nodes.max(1),
                ..before.stats
            },
            finished: failed,
            paused: false,
            model,
        };
        s.finished |= s.found >= s.limit;
        if !s.finished {
            let exclude = s.first.clone();
            s.start(exclude.as_deref());
        }
        s
    }

    /// The candidates the search started from, and how many of them are
    /// settled for good (set at level 0).
    pub(crate) fn settled(&self) -> (u64, u64) {
        let level0 = self.trail_lim.first().copied().unwrap_or(self.trail.len());
        (self.model.vars() as u64, level0 as u64)
    }

    /// Level-0 facts: constraints with one variable, solutions to exclude;
    /// then the root's propagation.
    fn start(&mut self, exclude: Option<&[u8]>) {
        for k in 0..self.model.cons() as u32 {
            if let [v] = *self.model.con(k) {
                if !self.add_root(&[2 * v]) {
                    return;
                }
            }
        }
        if let Some(solution) = exclude {
            let n = self.model.n;
            let lits: Vec<Lit> = (0..self.model.fixed.len())
                .filter(|&c| self.model.fixed[c] == 0)
                .map(|c| 2 * self.model.var_at[c * n + solution[c] as usize - 1] + 1)
                .collect();
            if !self.add_root(&lits) {
                return;
            }
        }
        if self.propagate().is_err() {
            self.finished = true;
        }
    }

    /// Adds a clause that must always hold, at decision level 0. Returns
    /// false (and ends the search) when it cannot hold.
    fn add_root(&mut self, lits: &[Lit]) -> bool {
        debug_assert!(self.trail_lim.is_empty());
        if lits.iter().any(|&l| self.val[l as usize] == TRUE) {
            return true;
        }
        let open: Vec<Lit> = lits
            .iter()
            .copied()
            .filter(|&l| self.val[l as usize] == UNSET)
            .collect();
        match open.len() {
            0 => self.finished = true,
            1 => self.assign(open[0], Reason::None),
            _ => {
                self.clauses.add(&open, 0, true);
            }
        }
        !self.finished
    }

    fn level_now(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Makes literal `l` true.
    #[inline]
    fn assign(&mut self, l: Lit, reason: Reason) {
        let v = (l >> 1) as usize;
        debug_assert_eq!(self.val[l as usize], UNSET);
        self.val[l as usize] = TRUE;
        self.val[(l ^ 1) as usize] = FALSE;
        self.level[v] = self.level_now();
        self.reason[v] = reason;
        self.trail.push(l);
        if l & 1 == 1 {
            let (cons, pos) = (self.model.var_cons[v], self.model.var_pos[v]);
            for i in 0..4 {
                self.live[cons[i] as usize] &= !(1 << pos[i]);
            }
            for &(k, p) in self.model.extras_of(v) {
                self.live[k as usize] &= !(1 << p);
            }
        }
    }

    /// Undoes every decision level above `level`.
    fn backtrack(&mut self, level: u32) {
        if self.level_now() <= level {
            return;
        }
        let start = self.trail_lim[level as usize];
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = (l >> 1) as usize;
            self.val[l as usize] = UNSET;
            self.val[(l ^ 1) as usize] = UNSET;
            if l & 1 == 1 {
                let (cons, pos) = (self.model.var_cons[v], self.model.var_pos[v]);
                for i in 0..4 {
                    self.live[cons[i] as usize] |= 1 << pos[i];
                }
                for &(k, p) in self.model.extras_of(v) {
                    self.live[k as usize] |= 1 << p;
                }
            }
            self.order.insert(v as u32);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.qhead = start;
    }

    /// Applies every constraint and clause to the literals not yet
    /// propagated, until nothing follows or something fails.
    fn propagate(&mut self) -> Result<(), Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let v = p >> 1;
            let cons = self.model.var_cons[v as usize];
            if p & 1 == 0 {
                // Rule 1: a variable true makes the others of its
                // constraints false (a digit placed leaves its peers).
                let pos = self.model.var_pos[v as usize];
                for i in 0..4 {
                    self.clear_others(cons[i], pos[i], v)?;
                }
                for i in 0..self.model.extras_of(v as usize).len() {
                    let (k, p) = self.model.extras_of(v as usize)[i];
                    self.clear_others(k, p, v)?;
                }
            } else {
                // Rule 2: a constraint left with one variable not false
                // makes it true (naked and hidden singles); with none, it
                // fails.
                for k in cons {
                    self.settle(k)?;
                }
                for i in 0..self.model.extras_of(v as usize).len() {
                    self.settle(self.model.extras_of(v as usize)[i].0)?;
                }
            }
            self.watch(p ^ 1)?;
        }
        Ok(())
    }

    /// Rule 1 for constraint `k`, where variable `v` (at position `pos`)
    /// is true: the others become false.
    #[inline(always)]
    fn clear_others(&mut self, k: u32, pos: u8, v: u32) -> Result<(), Conflict> {
        let k = k as usize;
        let start = self.model.con_start[k] as usize;
        let mut others = self.live[k] & !(1 << pos);
        while others != 0 {
            let u = self.model.con_vars[start + others.trailing_zeros() as usize];
            others &= others - 1;
            if self.val[2 * u as usize] == TRUE {
                return Err(Conflict::Amo(u, v));
            }
            self.assign(2 * u + 1, Reason::Amo(v));
        }
        Ok(())
    }

    /// Rule 2 for constraint `k`, which just lost a variable: one left not
    /// false is true; none is a conflict.
    #[inline(always)]
    fn settle(&mut self, k: u32) -> Result<(), Conflict> {
        let live = self.live[k as usize];
        if live == 0 {
            return Err(Conflict::Alo(k));
        }
        if live & (live - 1) == 0 {
            let start = self.model.con_start[k as usize] as usize;
            let u = self.model.con_vars[start + live.trailing_zeros() as usize];
            if self.val[2 * u as usize] == UNSET {
                self.assign(2 * u, Reason::Alo(k));
            }
        }
        Ok(())
    }

    /// Visits the clauses watching `f`, which just became false: each finds
    /// another literal to watch, or is unit (its last literal follows), or
    /// is false (a conflict).
    fn watch(&mut self, f: Lit) -> Result<(), Conflict> {
        let mut ws = std::mem::take(&mut self.clauses.watches[f as usize]);
        let (mut i, mut j) = (0, 0);
        let mut result = Ok(());
        'next: while i < ws.len() {
            let w = ws[i];
            i += 1;
            if self.val[w.blocker as usize] == TRUE {
                ws[j] = w;
                j += 1;
                continue;
            }
            let lits = self.clauses.get_mut(w.clause);
            let len = lits.len();
            if lits[0] == f {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let keep = clauses::Watch {
                clause: w.clause,
                blocker: first,
            };
            if first != w.blocker && self.val[first as usize] == TRUE {
                ws[j] = keep;
                j += 1;
                continue;
            }
            for k in 2..len {
                if self.val[lits[k] as usize] != FALSE {
                    lits.swap(1, k);
                    let other = lits[1];
                    self.clauses.watches[other as usize].push(keep);
                    continue 'next;
                }
            }
            ws[j] = keep;
            j += 1;
            if self.val[first as usize] == FALSE {
                result = Err(Conflict::Clause(w.clause));
                while i < ws.len() {
                    ws[j] = ws[i];
                    i += 1;
                    j += 1;
                }
            } else {
                self.assign(first, Reason::Clause(w.clause));
            }
        }
        ws.truncate(j);
        self.clauses.watches[f as usize] = ws;
        result
    }

    /// Runs until the search ends or `max_nodes` (a total, counting the
    /// root) is reached. Returns whether it ended.
    pub(crate) fn run(&mut self, max_nodes: u64) -> bool {
        while !self.finished {
            match self.propagate() {
                Err(conflict) => {
                    self.stats.conflicts += 1;
                    if self.trail_lim.is_empty() {
                        // Refuted without a decision: nothing (more) to find.
                        self.finished = true;
                        break;
                    }
                    self.learn(conflict);
                }
                Ok(()) => {
                    if self.stats.conflicts >= self.restart_at {
                        self.restart();
                    }
                    if self.stats.nodes >= max_nodes {
                        return false;
                    }
                    match self.pick() {
                        Some(l) => {
                            self.stats.nodes += 1;
                            self.stats.guesses += 1;
                            self.trail_lim.push(self.trail.len());
                            self.assign(l, Reason::None);
                        }
                        None => self.solution(),
                    }
                }
            }
        }
        true
    }

    /// Learns from `conflict`: jumps back to where the learned clause has
    /// one literal left, and asserts it.
    fn learn(&mut self, conflict: Conflict) {
        let (level, lbd) = self.analyze(conflict);
        self.backtrack(level);
        let learnt = std::mem::take(&mut self.learnt);
        if learnt.len() == 1 {
            self.assign(learnt[0], Reason::None);
        } else {
            let id = self.clauses.add(&learnt, lbd, false);
            self.assign(learnt[0], Reason::Clause(id));
            self.since_reduce += 1;
        }
        self.learnt = learnt;
        self.order.decay();
        if self.since_reduce >= self.reduce_at {
            self.reduce();
        }
    }

    /// The next decision, true (a placement): of the [`LOOK`] most active
    /// unassigned variables, the one with the highest activity over the
    /// square of its tightest constraint's size (the fewest places left
    /// for it among its cell's digits and its houses' places), as dom/wdeg
    /// divides by the domain. `None` when every variable is set.
    fn pick(&mut self) -> Option<Lit> {
        let mut look = [0u32; LOOK];
        let mut n = 0;
        while n < LOOK {
            match self.order.pop() {
                Some(v) if self.val[2 * v as usize] == UNSET => {
                    look[n] = v;
                    n += 1;
                }
                Some(_) => {}
                None => break,
            }
        }
        let look = &look[..n];
        let score = |v: u32| {
            let v = v as usize;
            let cons = self.model.var_cons[v].iter().copied();
            let extras = self.model.extras_of(v).iter().map(|&(k, _)| k);
            let size = cons
                .chain(extras)
                .map(|k| self.live[k as usize].count_ones())
                .min()
                .unwrap_or(1);
            self.order.activity[v] / f64::from(size * size)
        };
        let mut best = (0, f64::MIN);
        for (i, &v) in look.iter().enumerate() {
            let s = score(v);
            if s > best.1 {
                best = (i, s);
            }
        }
        let best = best.0;
        for (i, &v) in look.iter().enumerate() {
            if i != best {
                self.order.insert(v);
            }
        }
        look.get(best).map(|&v| 2 * v)
    }

    /// Every variable is set and nothing fails: a solution.
    fn solution(&mut self) {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(self.latest());
        }
        if self.trail_lim.is_empty() {
            // No decision to revise: nothing else to find.
            self.finished = true;
            return;
        }
        if self.found >= self.limit {
            // At the limit: stop here, the solution on the trail, until
            // `raise_limit` asks for more.
            self.finished = true;
            self.paused = true;
            return;
        }
        self.exclude_latest();
    }

    /// The solution found last, read off the trail: only while the search
    /// stands where it found it (paused at the limit, or finished there).
    pub(crate) fn latest(&self) -> Vec<u8> {
        let chosen = self.trail.iter().filter(|&&l| l & 1 == 0).map(|&l| l >> 1);
        self.model.grid(chosen)
    }

    /// Looks for up to `limit` solutions: a search paused at its old limit
    /// excludes the solution it stands on and goes on.
    pub(crate) fn raise_limit(&mut self, limit: u64) {
        self.limit = self.limit.max(limit);
        if self.paused && self.found < self.limit {
            self.paused = false;
            self.finished = false;
            self.exclude_latest();
        }
    }

    /// Backtracks from the solution on the trail, excluding it.
    fn exclude_latest(&mut self) {
        // Any other solution differs from this one in some decision: the
        // decisions propagate to this one. The clause of their negations,
        // latest first, excludes it and nothing else.
        let mut lits = std::mem::take(&mut self.learnt);
        lits.clear();
        lits.extend(self.trail_lim.iter().rev().map(|&i| self.trail[i] ^ 1));
        let level = self.level_now() - 1;
        self.backtrack(level);
        if lits.len() == 1 {
            self.assign(lits[0], Reason::None);
        } else {
            let id = self.clauses.add(&lits, lits.len() as u32, true);
            self.assign(lits[0], Reason::Clause(id));
        }
        self.learnt = lits;
    }

    /// Starts over from level 0, keeping what was learned.
    fn restart(&mut self) {
        self.backtrack(0);
        self.restarts += 1;
        self.restart_at = self.stats.conflicts + RESTART_UNIT * luby(self.restarts);
    }

    /// Deletes the less useful learned clauses (`Clauses::reduce`); clause
    /// ids change, so the reasons on the trail follow.
    fn reduce(&mut self) {
        for &l in &self.trail {
            if let Reason::Clause(c) = self.reason[(l >> 1) as usize] {
                self.clauses.lock(c);
            }
        }
        let moved = self.clauses.reduce();
        for &l in &self.trail {
            if let Reason::Clause(c) = &mut self.reason[(l >> 1) as usize] {
                *c = moved[*c as usize];
            }
        }
        self.since_reduce = 0;
        self.reduce_at += REDUCE_STEP;
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …: term `i` (0-based).
fn luby(mut i: u64) -> u64 {
    // Find the finite subsequence that contains index i, and the size of it.
    let (mut size, mut seq) = (1u64, 0u32);
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
