//! The puzzle as the learning engine sees it: one Boolean **variable** per
//! candidate left after the band engine's root propagation (cell, digit),
//! and one **exactly-one constraint** per open cell and per house and digit
//! still to place.
//!
//! ```text
//!  var v ── cell c, digit d ──► its four constraints:
//!          [ cell c | row(c), d | column(c), d | box(c), d ]
//!  constraint k: vars con_vars[con_start[k] .. con_start[k+1]]
//! ```
//!
//! Every Sudoku rule is one of these: a cell holds exactly one digit, a
//! house holds each digit exactly once. Placed cells and eliminated
//! candidates have no variable, so the engine works on the few thousand
//! candidates that are really in doubt rather than on all n³.

/// Variables and constraints.
pub(super) struct Model {
    /// Box size `b`.
    pub b: usize,
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
    pub fn new(b: usize, fixed: &[u8], cand: &[u32]) -> Option<Model> {
        let n = b * b;
        let cells = n * n;
        let mut m = Model {
            b,
            n,
            fixed: fixed.to_vec(),
            var_cell: Vec::new(),
            var_digit: Vec::new(),
            var_cons: Vec::new(),
            var_pos: Vec::new(),
            var_at: vec![NONE; cells * n],
            con_start: vec![0],
            con_vars: Vec::new(),
        };
        // The digits placed in each house leave its other cells (the band
        // engine's root has done this already; other callers may not).
        let mut placed = vec![0u32; 3 * n];
        for (cell, &d) in fixed.iter().enumerate() {
            if d != 0 {
                for h in m.houses(cell) {
                    placed[h] |= 1 << (d - 1);
                }
            }
        }
        // Cells, in order: each open cell's variables are consecutive.
        for cell in 0..cells {
            if fixed[cell] != 0 {
                continue;
            }
            let [r, c, x] = m.houses(cell);
            let cand = cand[cell] & !(placed[r] | placed[c] | placed[x]);
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
        // Houses: rows, columns, boxes; in each, every digit not placed.
        for (house, &placed) in placed.iter().enumerate() {
            for d in 0..n {
                if placed >> d & 1 != 0 {
                    continue;
                }
                let k = m.cons() as u32;
                let start = m.con_vars.len();
                for i in 0..n {
                    let v = m.var_at[m.house_cell(house, i) * n + d];
                    if v != NONE {
                        m.var_cons[v as usize][1 + house / n] = k;
                        m.var_pos[v as usize][1 + house / n] = (m.con_vars.len() - start) as u8;
                        m.con_vars.push(v);
                    }
                }
                if m.con_vars.len() as u32 == *m.con_start.last().unwrap() {
                    return None;
                }
                m.close();
            }
        }
        Some(m)
    }

    /// A model with no variables (for a root already known to fail).
    pub fn empty(b: usize) -> Model {
        Model {
            b,
            n: b * b,
            fixed: Vec::new(),
            var_cell: Vec::new(),
            var_digit: Vec::new(),
            var_cons: Vec::new(),
            var_pos: Vec::new(),
            var_at: Vec::new(),
            con_start: vec![0],
            con_vars: Vec::new(),
        }
    }

    fn close(&mut self) {
        self.con_start.push(self.con_vars.len() as u32);
    }

    /// The row, column and box of `cell`, as house indices.
    fn houses(&self, cell: usize) -> [usize; 3] {
        let (n, b) = (self.n, self.b);
        let (r, c) = (cell / n, cell % n);
        [r, n + c, 2 * n + r / b * b + c / b]
    }

    /// The `i`-th cell of `house` (rows, then columns, then boxes).
    pub fn house_cell(&self, house: usize, i: usize) -> usize {
        let (n, b) = (self.n, self.b);
        match house / n {
            0 => house * n + i,
            1 => i * n + (house - n),
            _ => {
                let x = house - 2 * n;
                (x / b * b + i / b) * n + x % b * b + i % b
            }
        }
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
