//! The puzzle as the learning engine sees it: one Boolean **variable** per
//! candidate left after the band engine's root propagation (cell, digit),
//! and one **exactly-one constraint** per open cell and per house and digit
//! still to place.
//!
//! ```text
//!  var v ── cell c, digit d ──► its four constraints:
//!          [ cell c | row(c), d | column(c), d | region(c), d ]
//!          and, with diagonals or windows, up to two more (`extras`)
//!  constraint k: vars con_vars[con_start[k] .. con_start[k+1]]
//! ```
//!
//! Every Sudoku rule is one of these: a cell holds exactly one digit, a
//! house holds each digit exactly once. Placed cells and eliminated
//! candidates have no variable, so the engine works on the few thousand
//! candidates that are really in doubt rather than on all n³.

use crate::shape::{Geometry, Shape};

/// Variables and constraints.
pub(super) struct Model {
    /// Side `n`.
    pub n: usize,
    /// The root's digits (1-based), 0 for an open cell.
    pub fixed: Vec<u8>,
    /// Per variable: its cell and digit (0-based).
    pub var_cell: Vec<u16>,
    pub var_digit: Vec<u8>,
    /// Per variable: its cell constraint, then row, column and box.
    pub var_cons: Vec<[u32; 4]>,
    /// Per variable: its position in each of those constraints.
    pub var_pos: Vec<[u8; 4]>,
    /// Per variable, its constraints of extra houses (diagonals, windows)
    /// with its positions in them: `extras[extra_start[v]..extra_start[v +
    /// 1]]`. Empty (no offsets at all) for a shape without extra houses,
    /// so the classic path pays one test.
    pub extra_start: Vec<u32>,
    pub extras: Vec<(u32, u8)>,
    /// Per cell and digit (`cell·n + d`): its variable, or `NONE`.
    pub var_at: Vec<u32>,
    /// Constraint `k` holds `con_vars[con_start[k]..con_start[k + 1]]`.
    pub con_start: Vec<u32>,
    pub con_vars: Vec<u32>,
}

pub(super) const NONE: u32 = u32::MAX;

impl Model {
    /// The model of a root with `fixed` digits (0 = open) and, per open
    /// cell, its candidate digits `cand` (bit `d` for digit `d + 1`).
    /// `None` when some house has a digit with no place and no cell holds
    /// it, or an open cell has no candidate: no solution.
    pub fn new(shape: &Shape, fixed: &[u8], cand: &[u32]) -> Option<Model> {
        let g = Geometry::of(shape);
        let n = g.n;
        let cells = n * n;
        let mut m = Model {
            n,
            fixed: fixed.to_vec(),
            var_cell: Vec::new(),
            var_digit: Vec::new(),
            var_cons: Vec::new(),
            var_pos: Vec::new(),
            extra_start: Vec::new(),
            extras: Vec::new(),
            var_at: vec![NONE; cells * n],
            con_start: vec![0],
            con_vars: Vec::new(),
        };
        // The digits placed in each house leave its other cells (the
        // engines' roots have done this already; other callers may not).
        let mut placed = vec![0u32; g.houses];
        for (cell, &d) in fixed.iter().enumerate() {
            if d != 0 {
                for &h in g.houses_of(cell) {
                    placed[h as usize] |= 1 << (d - 1);
                }
            }
        }
        // Cells, in order: each open cell's variables are consecutive.
        for cell in 0..cells {
            if fixed[cell] != 0 {
                continue;
            }
            let taken = g
                .houses_of(cell)
                .iter()
                .fold(0, |acc, &h| acc | placed[h as usize]);
            let cand = cand[cell] & !taken;
            if cand == 0 {
                return None;
            }
            let k = m.cons() as u32;
            let start = m.con_vars.len();
            for d in 0..n {
                if cand >> d & 1 != 0 {
                    let v = m.var_cell.len() as u32;
                    m.var_cell.push(cell as u16);
                    m.var_digit.push(d as u8);
                    m.var_cons.push([k, 0, 0, 0]);
                    m.var_pos.push([(m.con_vars.len() - start) as u8, 0, 0, 0]);
                    m.var_at[cell * n + d] = v;
                    m.con_vars.push(v);
                }
            }
            m.close();
        }
        // Houses: rows, columns, regions, then the extra houses; in each,
        // every digit not placed.
        let mut extra: Vec<Vec<(u32, u8)>> = Vec::new();
        if g.houses > 3 * n {
            extra.resize(m.vars(), Vec::new());
        }
        for (house, &placed) in placed.iter().enumerate() {
            for d in 0..n {
                if placed >> d & 1 != 0 {
                    continue;
                }
                let k = m.cons() as u32;
                let start = m.con_vars.len();
                for &cell in g.cells_of(house) {
                    let v = m.var_at[cell as usize * n + d];
                    if v != NONE {
                        let pos = (m.con_vars.len() - start) as u8;
                        if house < 3 * n {
                            m.var_cons[v as usize][1 + house / n] = k;
                            m.var_pos[v as usize][1 + house / n] = pos;
                        } else {
                            extra[v as usize].push((k, pos));
                        }
                        m.con_vars.push(v);
                    }
                }
                if m.con_vars.len() as u32 == *m.con_start.last().unwrap() {
                    return None;
                }
                m.close();
            }
        }
        if !extra.is_empty() {
            m.extra_start.push(0);
            for list in extra {
                m.extras.extend(list);
                m.extra_start.push(m.extras.len() as u32);
            }
        }
        Some(m)
    }

    /// The constraints of extra houses that variable `v` is in, with its
    /// positions in them (none for most shapes).
    #[inline(always)]
    pub fn extras_of(&self, v: usize) -> &[(u32, u8)] {
        if self.extra_start.is_empty() {
            return &[];
        }
        &self.extras[self.extra_start[v] as usize..self.extra_start[v + 1] as usize]
    }

    /// A model with no variables (for a root already known to fail).
    pub fn empty(n: usize) -> Model {
        Model {
            n,
            fixed: Vec::new(),
            var_cell: Vec::new(),
            var_digit: Vec::new(),
            var_cons: Vec::new(),
            var_pos: Vec::new(),
            extra_start: Vec::new(),
            extras: Vec::new(),
            var_at: Vec::new(),
            con_start: vec![0],
            con_vars: Vec::new(),
        }
    }

    fn close(&mut self) {
        self.con_start.push(self.con_vars.len() as u32);
    }

    /// Number of variables.
    pub fn vars(&self) -> usize {
        self.var_cell.len()
    }

    /// Number of constraints.
    pub fn cons(&self) -> usize {
        self.con_start.len() - 1
    }

    /// The variables of constraint `k`.
    #[inline(always)]
    pub fn con(&self, k: u32) -> &[u32] {
        let k = k as usize;
        &self.con_vars[self.con_start[k] as usize..self.con_start[k + 1] as usize]
    }

    /// The full grid that sets the variables `chosen` (one per open cell).
    pub fn grid(&self, chosen: impl Iterator<Item = u32>) -> Vec<u8> {
        let mut out = self.fixed.clone();
        for v in chosen {
            out[self.var_cell[v as usize] as usize] = self.var_digit[v as usize] + 1;
        }
        out
    }
}
