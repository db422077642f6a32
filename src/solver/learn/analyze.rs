//! Conflict analysis: from a failed clause back to the first unique
//! implication point, the learned clause minimised (MiniSat's scheme) and
//! shrunk (CaDiCaL's all-UIP shrinking).
//!
//! Every implied literal has a clause that forced it (its reason): for a
//! native constraint that clause is never stored, it is read off the
//! constraint (`antecedents`). Resolving the failed clause with the reasons
//! of its latest literals, until one literal of the current level is left,
//! gives a clause that the constraints imply and that, after jumping back,
//! forces the negation of that literal.

use super::{Conflict, LearnSearch, Lit, Reason};

impl LearnSearch {
    /// The literals of `conflict`'s clause (all false) into `out`.
    fn conflict_lits(&self, conflict: Conflict, out: &mut Vec<Lit>) {
        out.clear();
        match conflict {
            Conflict::Amo(u, v) => out.extend([2 * u + 1, 2 * v + 1]),
            Conflict::Alo(k) => out.extend(self.model.con(k).iter().map(|&u| 2 * u)),
            Conflict::Clause(c) => out.extend_from_slice(self.clauses.get(c)),
        }
    }

    /// The other literals of the clause that forced variable `v` (all false)
    /// into `out`.
    pub(super) fn antecedents(&self, v: u32, out: &mut Vec<Lit>) {
        out.clear();
        match self.reason[v as usize] {
            Reason::None => {}
            // ¬v because w: the clause (¬v ∨ ¬w).
            Reason::Amo(w) => out.push(2 * w + 1),
            // v because the others of constraint k are false: (v ∨ others).
            Reason::Alo(k) => out.extend(
                self.model
                    .con(k)
                    .iter()
                    .filter(|&&u| u != v)
                    .map(|&u| 2 * u),
            ),
            Reason::Clause(c) => out.extend(self.clauses.get(c).iter().filter(|&&l| l >> 1 != v)),
        }
    }

    /// Analyses `conflict` at the current level into `self.learnt` (the
    /// asserting literal first, a literal of the highest other level
    /// second). Returns the level to jump back to and the clause's literal
    /// block distance.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (u32, u32) {
        let now = self.level_now();
        let mut learnt = std::mem::take(&mut self.learnt);
        let mut lits = std::mem::take(&mut self.ante);
        learnt.clear();
        learnt.push(0);
        self.conflict_lits(conflict, &mut lits);
        if let Conflict::Clause(c) = conflict {
            self.clauses.touch(c);
        }
        let mut pending = 0;
        let mut index = self.trail.len();
        loop {
            for &q in &lits {
                let v = (q >> 1) as usize;
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.order.bump(v as u32, 1.0);
                    if self.level[v] >= now {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            // The latest literal of this level that took part.
            let p = loop {
                index -= 1;
                let l = self.trail[index];
                if self.seen[(l >> 1) as usize] {
                    break l;
                }
            };
            let v = p >> 1;
            self.seen[v as usize] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = p ^ 1;
                break;
            }
            self.antecedents(v, &mut lits);
            if let Reason::Clause(c) = self.reason[v as usize] {
                self.clauses.touch(c);
            }
        }
        self.ante = lits;

        // Minimise: drop literals implied by the others.
        self.to_clear.clear();
        self.to_clear.extend_from_slice(&learnt);
        let levels = learnt[1..]
            .iter()
            .fold(0u32, |acc, &l| acc | self.abstract_level(l >> 1));
        let mut j = 1;
        for i in 1..learnt.len() {
            let l = learnt[i];
            if self.reason[(l >> 1) as usize] == Reason::None || !self.redundant(l, levels) {
                learnt[j] = l;
                j += 1;
            }
        }
        learnt.truncate(j);
        for &l in &self.to_clear {
            self.seen[(l >> 1) as usize] = false;
        }

        self.shrink(&mut learnt);
        self.strengthen(&mut learnt);

        // The highest level among the rest goes second (it is watched).
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.level[(learnt[i] >> 1) as usize] > self.level[(learnt[best] >> 1) as usize]
                {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back = self.level[(learnt[1] >> 1) as usize];
        }
        let lbd = self.lbd(&learnt);
        self.learnt = learnt;
        (back, lbd)
    }

    /// Shrinks each level's block of two or more literals to that level's
    /// unique implication point where it can (all-UIP shrinking, as
    /// CaDiCaL's `shrink`): resolving the block's literals with their
    /// reasons, latest first, until one literal of the level is left, is
    /// sound when every literal of a lower level that this brings in is
    /// already in the clause (or fixed at level 0); the block then becomes
    /// that one literal. Same levels, so the same jump back and distance.
    fn shrink(&mut self, learnt: &mut Vec<Lit>) {
        if learnt.len() < 3 {
            return;
        }
        // Highest level first, by insertion: a clause is a few dozen
        // literals, and the standard library's sort would add kilobytes to
        // the WebAssembly modules.
        let mut rest: Vec<Lit> = learnt[1..].to_vec();
        let level = |l: Lit| self.level[(l >> 1) as usize];
        for i in 1..rest.len() {
            let mut j = i;
            while j > 0 && level(rest[j - 1]) < level(rest[j]) {
                rest.swap(j - 1, j);
                j -= 1;
            }
        }
        for &l in &rest {
            self.seen[(l >> 1) as usize] = true;
        }
        let mut ante = std::mem::take(&mut self.ante);
        let mut block: Vec<u32> = Vec::new();
        let mut out: Vec<Lit> = Vec::with_capacity(rest.len());
        let mut i = 0;
        while i < rest.len() {
            let lvl = self.level[(rest[i] >> 1) as usize];
            let mut end = i + 1;
            while end < rest.len() && self.level[(rest[end] >> 1) as usize] == lvl {
                end += 1;
            }
            if end - i < 2 {
                out.push(rest[i]);
                i = end;
                continue;
            }
            // The block's variables, and those its reasons bring in.
            block.clear();
            for &l in &rest[i..end] {
                self.in_block[(l >> 1) as usize] = true;
                block.push(l >> 1);
            }
            let mut open = end - i;
            let mut index = self.trail_lim[lvl as usize];
            let mut uip = None;
            loop {
                index -= 1;
                let t = self.trail[index];
                let v = t >> 1;
                if !self.in_block[v as usize] {
                    continue;
                }
                open -= 1;
                if open == 0 {
                    uip = Some(t ^ 1);
                    break;
                }
                self.antecedents(v, &mut ante);
                let mut ok = true;
                for &a in &ante {
                    let u = (a >> 1) as usize;
                    if self.level[u] == 0 || self.in_block[u] {
                        continue;
                    }
                    if self.level[u] == lvl {
                        self.in_block[u] = true;
                        block.push(u as u32);
                        open += 1;
                    } else if !self.seen[u] {
                        ok = false;
                        break;
                    }
                }
                if !ok {
                    break;
                }
            }
            for &v in &block {
                self.in_block[v as usize] = false;
            }
            match uip {
                Some(l) => out.push(l),
                None => out.extend_from_slice(&rest[i..end]),
            }
            i = end;
        }
        for &l in &rest {
            self.seen[(l >> 1) as usize] = false;
        }
        self.ante = ante;
        debug_assert!(out.iter().all(|&l| self.val[l as usize] == super::FALSE));
        learnt.truncate(1);
        learnt.extend_from_slice(&out);
    }

    /// Drops from the learned clause every positive literal `x` that shares
    /// a constraint with a negative literal `¬y` of the clause: resolving
    /// with the constraint's `¬x ∨ ¬y` gives the clause without `x`
    /// (self-subsumption), which the constraints imply as well.
    fn strengthen(&mut self, learnt: &mut Vec<Lit>) {
        self.stamp += 1;
        let mut any = false;
        for &l in learnt.iter() {
            if l & 1 == 1 {
                let v = (l >> 1) as usize;
                for k in self.model.var_cons[v] {
                    self.marks[k as usize] = self.stamp;
                }
                for &(k, _) in self.model.extras_of(v) {
                    self.marks[k as usize] = self.stamp;
                }
                any = true;
            }
        }
        if !any {
            return;
        }
        let mut j = 1;
        for i in 1..learnt.len() {
            let l = learnt[i];
            let v = (l >> 1) as usize;
            let drop = l & 1 == 0
                && (self.model.var_cons[v]
                    .iter()
                    .any(|&k| self.marks[k as usize] == self.stamp)
                    || self
                        .model
                        .extras_of(v)
                        .iter()
                        .any(|&(k, _)| self.marks[k as usize] == self.stamp));
            if !drop {
                learnt[j] = l;
                j += 1;
            }
        }
        learnt.truncate(j);
    }

    fn abstract_level(&self, v: u32) -> u32 {
        1 << (self.level[v as usize] & 31)
    }

    /// Whether learned literal `l` follows from literals already in the
    /// clause, through reasons only (MiniSat's `litRedundant`).
    fn redundant(&mut self, l: Lit, levels: u32) -> bool {
        let mut stack = std::mem::take(&mut self.stack);
        let mut ante = std::mem::take(&mut self.ante);
        stack.clear();
        stack.push(l);
        let top = self.to_clear.len();
        let mut ok = true;
        'outer: while let Some(q) = stack.pop() {
            self.antecedents(q >> 1, &mut ante);
            for &a in &ante {
                let v = (a >> 1) as usize;
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                if self.reason[v] != Reason::None && self.abstract_level(v as u32) & levels != 0 {
                    self.seen[v] = true;
                    stack.push(a);
                    self.to_clear.push(a);
                } else {
                    for &c in &self.to_clear[top..] {
                        self.seen[(c >> 1) as usize] = false;
                    }
                    self.to_clear.truncate(top);
                    ok = false;
                    break 'outer;
                }
            }
        }
        self.ante = ante;
        self.stack = stack;
        ok
    }

    /// The number of distinct decision levels among `lits`.
    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels: Vec<u32> = lits
            .iter()
            .map(|&l| self.level[(l >> 1) as usize])
            .collect();
        levels.sort_unstable();
        levels.dedup();
        levels.len() as u32
    }
}
