//! Depth-first search over propagated boards: what to branch on, counting
//! solutions up to a limit, and the node budget.
//!
//! The search is an explicit stack, not recursion, so it can stop after any
//! number of nodes and resume later (the page solves in slices to stay
//! responsive and cancelable). Boards live in one arena, one per depth;
//! branching copies the parent board into the next slot, and the last
//! alternative reuses the parent's slot.
//!
//! From 16×16 up, the root and, once the search has failed, each open board
//! is first probed (`BandSearch::probe`): both digits of up to 12 bivalue
//! cells tried on a copy, a digit that fails removed, what neither branch
//! allows removed, and the search branches on the cell whose branches
//! removed the most.

use super::board::{
    assign, assign_givens, cell_view, clear, digits, eliminate, filtered_start, narrow, stride,
    unsolved, Contradiction, Work, OPEN,
};
use super::propagate::propagate;
use super::shape::{bits, house_cell, Shape, Word};
use super::Stats;

/// What to branch on: a cell's candidates, or a digit's places in a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// Try each digit of `digits` in `cell`.
    Cell { cell: usize, digits: u32 },
    /// Try `digit` (0-based) in each cell of house `house` whose position in
    /// the house is in `places`.
    Digit {
        house: usize,
        digit: usize,
        places: u32,
    },
    /// 9×9: narrow a digit's band or stack to each of its `configs` in turn
    /// (`configs.rs`; `at` says which).
    Config { at: usize, configs: u32 },
}

/// The most constrained choice of an unsolved board, from its cell view
/// `cand`: the open cell with the fewest candidates (minimum remaining
/// values), unless it has more than two and some digit has only two places
/// in a house; then that digit.
///
/// With `weights` (conflicts seen per house), cells are ranked by
/// candidates per weight of their three houses (dom/wdeg): the search goes
/// where it failed before.
pub(super) fn choose<S: Shape>(cand: &[u32], weights: Option<&[u32]>) -> Choice {
    let mut best = usize::MAX;
    let mut best_count = u32::MAX;
    let mut best_weight = 1u64;
    match weights {
        None => {
            for (i, &m) in cand[..S::CELLS].iter().enumerate() {
                if m & OPEN != 0 {
                    let k = m.count_ones() - 1;
                    if k < best_count {
                        best = i;
                        best_count = k;
                        if k <= 2 {
                            break;
                        }
                    }
                }
            }
        }
        Some(w) => {
            for (i, &m) in cand[..S::CELLS].iter().enumerate() {
                if m & OPEN != 0 {
                    let k = m.count_ones() - 1;
                    let (r, c) = (i / S::N, i % S::N);
                    let x = 2 * S::N + r / S::B * S::B + c / S::B;
                    let weight = (w[r] + w[S::N + c] + w[x]) as u64;
                    // k / weight < best_count / best_weight
                    if (k as u64) * best_weight < (best_count as u64) * weight {
                        best = i;
                        best_count = k;
                        best_weight = weight;
                    }
                }
            }
        }
    }
    debug_assert!(best != usize::MAX, "an unsolved board has an open cell");
    if best_count > 2 {
        let mut pick: Option<(usize, u32)> = None;
        for h in 0..S::HOUSES {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for i in 0..S::N {
                let m = cand[house_cell::<S>(h, i)] & !OPEN;
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let pairs = twice & !thrice;
            if pairs != 0 {
                let better = match (pick, weights) {
                    (None, _) => true,
                    (Some((p, _)), Some(w)) => w[h] > w[p],
                    (Some(_), None) => false,
                };
                if better {
                    pick = Some((h, pairs & pairs.wrapping_neg()));
                }
                if weights.is_none() {
                    break;
                }
            }
        }
        if let Some((house, digit)) = pick {
            let places = (0..S::N)
                .filter(|&i| cand[house_cell::<S>(house, i)] & digit != 0)
                .fold(0u32, |acc, i| acc | 1 << i);
            return Choice::Digit {
                house,
                digit: digit.trailing_zeros() as usize,
                places,
            };
        }
    }
    Choice::Cell {
        cell: best,
        digits: cand[best] & !OPEN,
    }
}

/// When each cell's placement last failed, by a clock that counts failures
/// (0 for never; empty until one fails): the order of conflict-ordering
/// search, which both engines branch by.
#[derive(Default)]
pub(super) struct Failures {
    stamps: Vec<u32>,
    clock: u32,
}

impl Failures {
    pub(super) fn clear(&mut self) {
        self.stamps.clear();
        self.clock = 0;
    }

    /// Notes that placing `cell` (of `cells`) just failed.
    pub(super) fn note(&mut self, cell: usize, cells: usize) {
        if self.clock == u32::MAX {
            // Four billion failures: start the order afresh.
            self.stamps.fill(0);
            self.clock = 0;
        }
        self.stamps.resize(cells, 0);
        self.clock += 1;
        self.stamps[cell] = self.clock;
    }

    pub(super) fn is_empty(&self) -> bool {
        self.stamps.is_empty()
    }

    /// When placing `cell` last failed (0 for never); only when not empty.
    #[inline]
    pub(super) fn stamp(&self, cell: usize) -> u32 {
        self.stamps[cell]
    }

    /// Among `cells`, the one whose placement failed latest, if any did.
    #[inline]
    pub(super) fn latest(&self, cells: impl Iterator<Item = usize>) -> Option<usize> {
        if self.stamps.is_empty() {
            return None;
        }
        let mut latest: Option<(usize, u32)> = None;
        for cell in cells {
            let stamp = self.stamp(cell);
            if stamp > latest.map_or(0, |(_, t)| t) {
                latest = Some((cell, stamp));
            }
        }
        latest.map(|(cell, _)| cell)
    }
}

/// The bivalue cell whose placement failed most recently (by `failures`),
/// else the one whose houses saw the most conflicts (the
/// first such without weights), found with one fold per band; `None` when
/// no cell has two candidates. Cheaper than building the cell view: on 9×9
/// nearly every branch point has one.
///
/// That order is conflict-ordering search (Gay, Hartert, Lecoutre and
/// Schaus, 2015; last-conflict reasoning generalised): the search goes
/// back first to the cells that failed latest, so a culprit decided
/// higher up is found sooner. Only bivalue cells: their frames are the
/// cheapest, and on `minimal_16x16` and fresh minimal 16×16 the same rule
/// on wider cells ran slower.
pub(super) fn choose_pair<S: Shape>(
    board: &[S::W],
    weights: Option<&[u32]>,
    failures: &Failures,
) -> Option<Choice> {
    // The bivalue cells of each band; before any conflict, the first.
    let first = weights.is_none() && failures.is_empty();
    let pairs = S::pairs_fast(board).unwrap_or_else(|| fold_pairs::<S>(board, first));
    if first {
        let (k, band) = pairs
            .iter()
            .enumerate()
            .take(S::B)
            .find(|(_, b)| !b.is_zero())?;
        let cell = k * S::BAND + band.trailing_zeros() as usize;
        return Some(pair_choice::<S>(board, cell));
    }
    if !failures.is_empty() {
        // Written out, with 0 for "none" (stamps are unique but for 0),
        // rather than through `Failures::latest`: on hard 9×9 a search is
        // at a branch point once per two nodes, and each has a few dozen
        // bivalue cells.
        let (mut cell, mut latest) = (0, 0u32);
        for (k, &band) in pairs.iter().enumerate().take(S::B) {
            let mut band = band;
            while !band.is_zero() {
                let at = k * S::BAND + band.trailing_zeros() as usize;
                band = band.clear_lowest();
                let stamp = failures.stamp(at);
                if stamp > latest {
                    (cell, latest) = (at, stamp);
                }
            }
        }
        if latest > 0 {
            return Some(pair_choice::<S>(board, cell));
        }
    }
    let mut best: Option<(usize, u32)> = None;
    for (k, &band) in pairs.iter().enumerate().take(S::B) {
        for p in bits(band) {
            let cell = k * S::BAND + p;
            let weight = match weights {
                None => return Some(pair_choice::<S>(board, cell)),
                Some(w) => {
                    let (r, c) = (cell / S::N, cell % S::N);
                    let x = 2 * S::N + r / S::B * S::B + c / S::B;
                    w[r] + w[S::N + c] + w[x]
                }
            };
            if best.is_none_or(|(_, b)| weight > b) {
                best = Some((cell, weight));
            }
        }
    }
    best.map(|(cell, _)| pair_choice::<S>(board, cell))
}

/// The bivalue cells of each band (the first `S::B` entries).
fn bivalue<S: Shape>(board: &[S::W]) -> [S::W; 5] {
    S::pairs_fast(board).unwrap_or_else(|| fold_pairs::<S>(board, false))
}

/// [`bivalue`] by one fold over the digits per band; with `first`, only up
/// to the first band that has one.
fn fold_pairs<S: Shape>(board: &[S::W], first: bool) -> [S::W; 5] {
    let mut pairs = [S::W::ZERO; 5];
    for (k, band) in pairs.iter_mut().enumerate().take(S::B) {
        let (mut once, mut twice, mut thrice) = (S::W::ZERO, S::W::ZERO, S::W::ZERO);
        for d in 0..S::N {
            let x = board[d * S::B + k];
            thrice |= twice & x;
            twice |= once & x;
            once |= x;
        }
        *band = twice & !thrice & unsolved::<S>(board, k);
        if first && !band.is_zero() {
            break;
        }
    }
    pairs
}

fn pair_choice<S: Shape>(board: &[S::W], cell: usize) -> Choice {
    Choice::Cell {
        cell,
        digits: cell_digits::<S>(board, cell),
    }
}

/// The candidates of `cell`, bit `d` for digit `d + 1`.
fn cell_digits<S: Shape>(board: &[S::W], cell: usize) -> u32 {
    let (k, bit) = (cell / S::BAND, S::W::bit(cell % S::BAND));
    (0..S::N)
        .filter(|&d| board[d * S::B + k] & bit != S::W::ZERO)
        .fold(0, |acc, d| acc | 1 << d)
}

/// What a frame branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Branch {
    Cell,
    Digit,
    Config,
}

/// A branch point; its board is the arena slot of the same index. (The
/// house engine's search keeps the same frames.)
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// The cell branched on; for a digit choice the house; for a
    /// configuration the digit-band or stack.
    pub(super) at: u16,
    /// For a digit choice, the digit placed in turn in the house's cells
    /// (0-based); unused otherwise.
    pub(super) digit: u8,
    pub(super) by: Branch,
    /// Alternatives not tried yet: digits of the cell, positions in the
    /// house, or configurations.
    pub(super) remaining: u32,
}

impl From<Choice> for Frame {
    fn from(choice: Choice) -> Frame {
        let frame = match choice {
            Choice::Cell { cell, digits } => Frame {
                at: cell as u16,
                digit: 0,
                by: Branch::Cell,
                remaining: digits,
            },
            Choice::Digit {
                house,
                digit,
                places,
            } => Frame {
                at: house as u16,
                digit: digit as u8,
                by: Branch::Digit,
                remaining: places,
            },
            Choice::Config { at, configs } => Frame {
                at: at as u16,
                digit: 0,
                by: Branch::Config,
                remaining: configs,
            },
        };
        debug_assert!(frame.remaining.count_ones() >= 2);
        frame
    }
}

/// Counts a contradiction against each house it happened in (`weights`
/// starts at 1 for each of `houses`): the conflict weights the branching
/// rule divides by.
pub(super) fn count_conflict(weights: &mut Vec<u32>, houses: usize, c: Contradiction) {
    if weights.is_empty() {
        weights.resize(houses, 1);
    }
    let mut set = c.0;
    while set != 0 {
        let h = set.trailing_zeros() as usize;
        set &= set - 1;
        weights[h] += 1;
    }
}

/// One resumable search.
pub(crate) struct BandSearch<S: Shape> {
    stride: usize,
    boards: Vec<S::W>,
    frames: Vec<Frame>,
    work: Work<S>,
    /// The cell view of the board being settled.
    cand: Vec<u32>,
    /// Conflicts seen per house, for dom/wdeg branching (empty when the
    /// size does not use it). Kept across the whole search, not per board.
    weights: Vec<u32>,
    limit: u64,
    pub(crate) found: u64,
    /// The board of the first solution found (empty before one is): its
    /// digits are read only when asked, so a count pays a copy, not a
    /// conversion, per search.
    first: Vec<S::W>,
    /// The arena slot of the solution found last: it stays there until the
    /// search resumes, so `latest` reads it only when asked, and a count
    /// pays one store per solution.
    solved_at: usize,
    pub(crate) stats: Stats,
    pub(crate) finished: bool,
    /// The branching order: see [`choose_pair`].
    failures: Failures,
    /// The cell placed to reach the board being settled.
    placing: Option<usize>,
    /// The two branches of the cell being probed (`probe`), less the
    /// matching's copy of the planes.
    probe_board: Vec<S::W>,
    probe_other: Vec<S::W>,
    /// The bivalue cell whose two probes removed the most (their product):
    /// what the board that was probed branches on.
    probe_pick: Option<usize>,
    /// Per cell, what its probes removed when last probed in this search
    /// (the pick's score); `u64::MAX` for never probed or failed, so that
    /// those come first.
    probe_scores: Vec<u64>,
    /// Scratch: the bivalue cells of a board and their scores.
    probe_order: Vec<(u64, usize)>,
    shape: std::marker::PhantomData<S>,
}

/// The bivalue cells probed at a board: those whose probes removed the
/// most when last probed (in this search), cells never probed and cells
/// whose probe failed first. Probing all of them found little more on hard
/// 16×16 for a tenth more work, and cost easy puzzles a third
/// (docs/BENCHMARKS.md).
const PROBED: usize = 12;

impl<S: Shape> BandSearch<S> {
    /// Sets up the search for `givens` (0 = empty) and propagates the root.
    /// `limit` ≥ 1 is the number of solutions after which it stops.
    pub(crate) fn new(givens: &[u8], limit: u64) -> Self {
        let mut s = BandSearch {
            stride: stride::<S>(),
            // One board until the first branch; most easy puzzles never
            // branch, so the cell view and the weights wait until needed.
            boards: Vec::new(),
            frames: Vec::new(),
            work: Work::new(),
            cand: Vec::new(),
            weights: Vec::new(),
            limit: 1,
            found: 0,
            first: Vec::new(),
            solved_at: 0,
            stats: Stats::default(),
            finished: false,
            failures: Failures::default(),
            placing: None,
            probe_board: Vec::new(),
            probe_other: Vec::new(),
            probe_pick: None,
            probe_scores: Vec::new(),
            probe_order: Vec::new(),
            shape: std::marker::PhantomData,
        };
        s.restart(givens, limit);
        s
    }

    /// Starts over on `givens`, keeping the memory of earlier solves.
    pub(crate) fn restart(&mut self, givens: &[u8], limit: u64) {
        self.boards.clear();
        self.boards.resize(self.stride, S::W::default());
        self.frames.clear();
        self.work.clear();
        if S::SUBSETS {
            self.cand.resize(S::CELLS, 0);
        }
        self.weights.clear();
        self.limit = limit.max(1);
        self.found = 0;
        self.first.clear();
        self.stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        self.finished = false;
        self.failures.clear();
        self.placing = None;
        self.probe_scores.clear();
        let board = &mut self.boards[..self.stride];
        clear::<S>(board);
        if !assign_givens::<S>(board, givens) {
            // A given whose digit a peer already took: no solution.
            self.finished = true;
            return;
        }
        self.work.touch_all();
        // Lightly until the first contradiction (see `Work::light`).
        self.work.light = true;
        self.settle(0);
        // Solved or refuted by propagation alone: nothing left to search.
        self.finished |= self.frames.is_empty();
    }

    /// The root after propagation, before any branch: the digits placed
    /// (0 for an open cell) and each open cell's candidates (bit `d` for
    /// digit `d + 1`, 0 for a placed cell). Only meaningful before `run`.
    pub(crate) fn root(&self) -> (Vec<u8>, Vec<u32>) {
        let board = &self.boards[..self.stride];
        let mut cand = vec![0u32; S::CELLS];
        cell_view::<S>(board, &mut cand);
        let mut fixed = digits::<S>(board);
        for (cell, m) in cand.iter_mut().enumerate() {
            if *m & OPEN != 0 {
                fixed[cell] = 0;
                *m &= !OPEN;
            }
        }
        (fixed, cand)
    }

    /// The first solution found, if any.
    pub(crate) fn first_cells(&self) -> Option<Vec<u8>> {
        (!self.first.is_empty()).then(|| digits::<S>(&self.first))
    }

    /// The solution found last: only while the search stands where it
    /// found it (stopped at the limit, or ended there).
    pub(crate) fn latest(&self) -> Vec<u8> {
        let at = self.solved_at * self.stride;
        digits::<S>(&self.boards[at..at + self.stride])
    }

    /// Looks for up to `limit` solutions: a search stopped at its old limit
    /// with branches left resumes (from the next alternative) on `run`.
    pub(crate) fn raise_limit(&mut self, limit: u64) {
        self.limit = self.limit.max(limit);
        // Only the limit ends a search with frames left.
        if self.finished && !self.frames.is_empty() && self.found < self.limit {
            self.finished = false;
        }
    }

    /// The root board after propagation, before any branch. Only
    /// meaningful before `run`.
    pub(crate) fn root_board(&self) -> &[S::W] {
        &self.boards[..self.stride]
    }

    /// Propagates the board in `slot` (from 16×16 up, then probes it);
    /// records it as a solution, or opens a frame on it.
    fn settle(&mut self, slot: usize) {
        let board = &mut self.boards[slot * self.stride..(slot + 1) * self.stride];
        let mut outcome = propagate::<S>(board, &mut self.work, &mut self.cand);
        // At the root, and once the search has failed: a search that finds
        // its solutions without failing (a board with many) gains nothing
        // from the probes, and on easy 16×16 they cost more than its tree.
        if S::SUBSETS && outcome == Ok(false) && (!self.work.light || self.frames.is_empty()) {
            outcome = self.probe(slot);
        }
        let board = &mut self.boards[slot * self.stride..(slot + 1) * self.stride];
        match outcome {
            Err(c) => {
                if let Some(cell) = self.placing {
                    self.failures.note(cell, S::CELLS);
                }
                self.learn(c)
            }
            Ok(true) => {
                self.found += 1;
                self.solved_at = slot;
                if self.first.is_empty() {
                    self.first.extend_from_slice(board);
                }
                if self.found >= self.limit {
                    self.finished = true;
                }
            }
            Ok(false) => {
                let weights = (!self.weights.is_empty()).then_some(&self.weights[..]);
                // From 16×16 up, the cell the probes found the most telling
                // (still bivalue: later probes may have settled it).
                let picked = self
                    .probe_pick
                    .take()
                    .filter(|_| S::SUBSETS)
                    .map(|c| pair_choice::<S>(board, c))
                    .filter(|choice| matches!(choice, Choice::Cell { digits, .. } if digits.count_ones() == 2));
                let pair = picked
                    .or_else(|| choose_pair::<S>(board, weights, &self.failures))
                    .or_else(|| S::choose_fast(board));
                let choice = pair.unwrap_or_else(|| {
                    self.cand.resize(S::CELLS, 0);
                    cell_view::<S>(board, &mut self.cand);
                    choose::<S>(&self.cand, weights)
                });
                self.open_frame(slot, choice)
            }
        }
    }

    /// Probes the bivalue cells of the open board in `slot` (16×16 and up;
    /// at most [`PROBED`] of them): each of its two digits placed on a copy,
    /// propagated without the matching. A digit that fails leaves the cell;
    /// when both hold, what neither allows leaves the board. Returns the
    /// board's propagation afterwards, as `propagate` does (`Ok(false)` if
    /// nothing changed).
    ///
    /// Both are sound: every solution of the board places one of the two
    /// digits, and propagation keeps every solution of the board it runs
    /// on; so each solution lies in the branch of its digit, and in the
    /// union of the two branches' candidates.
    ///
    /// Why (docs/BENCHMARKS.md, "Probing the bivalue cells"): on hard
    /// 16×16 a node costs about 40,000 instructions, a third of them the
    /// matching, and the search made about 80 guesses a puzzle; a probe
    /// without the matching is cheaper than a node, the union removes what
    /// both branches would remove again below, and the cell whose probes
    /// removed the most (after march's lookahead, the product of the two)
    /// is the branch that shrinks the tree most. About 9–12 guesses a
    /// puzzle remain. On 9×9, where a node costs a few hundred
    /// instructions, the probes cost more than the tree they save.
    fn probe(&mut self, slot: usize) -> Result<bool, Contradiction> {
        let range = slot * self.stride..(slot + 1) * self.stride;
        // The probes need the planes, `unsolved` and `passed`, not the
        // matching's `filtered` copy.
        let copied = filtered_start::<S>();
        self.probe_board.resize(copied, S::W::ZERO);
        self.probe_other.resize(copied, S::W::ZERO);
        self.probe_pick = None;
        let pairs = bivalue::<S>(&self.boards[range.clone()]);
        self.probe_scores.resize(S::CELLS, u64::MAX);
        // The best PROBED by score, kept by replacing the lowest (no sort:
        // it would add its code to each size's engine in WebAssembly).
        let mut order = std::mem::take(&mut self.probe_order);
        order.clear();
        for (k, &band) in pairs.iter().enumerate().take(S::B) {
            for p in bits(band) {
                let cell = k * S::BAND + p;
                let score = self.probe_scores[cell];
                if order.len() < PROBED {
                    order.push((score, cell));
                    continue;
                }
                // The first of the lowest, as a strict `<` scan finds it.
                let low = (0..PROBED).min_by_key(|&i| order[i].0).unwrap_or(0);
                if score > order[low].0 {
                    order[low] = (score, cell);
                }
            }
        }
        let result = self.probe_cells(range, &order);
        self.probe_order = order;
        result
    }

    /// [`BandSearch::probe`] on `cells` (with their last scores) of the
    /// board in `range`, in that order.
    fn probe_cells(
        &mut self,
        range: std::ops::Range<usize>,
        cells: &[(u64, usize)],
    ) -> Result<bool, Contradiction> {
        let mut result = Ok(false);
        let mut best = 0u64;
        for &(_, cell) in cells {
            let digits = cell_digits::<S>(&self.boards[range.clone()], cell);
            if digits.count_ones() != 2 {
                // Settled by an earlier probe.
                continue;
            }
            let first = digits.trailing_zeros() as usize;
            let second = (digits & (digits - 1)).trailing_zeros() as usize;
            let failed = if self.probe_fails(&range, cell, first) {
                Some(first)
            } else {
                std::mem::swap(&mut self.probe_board, &mut self.probe_other);
                self.probe_fails(&range, cell, second).then_some(second)
            };
            let board = &mut self.boards[range.clone()];
            match failed {
                Some(d) => {
                    self.probe_scores[cell] = u64::MAX;
                    eliminate::<S>(board, &mut self.work, d, cell)
                }
                None => {
                    let (mut here, mut a, mut b) = (0u32, 0u32, 0u32);
                    for i in 0..S::N * S::B {
                        let keep = self.probe_board[i] | self.probe_other[i];
                        here += board[i].count_ones();
                        a += self.probe_board[i].count_ones();
                        b += self.probe_other[i].count_ones();
                        narrow::<S>(board, &mut self.work, i / S::B, i % S::B, keep);
                    }
                    let score =
                        (here.saturating_sub(a) + 1) as u64 * (here.saturating_sub(b) + 1) as u64;
                    self.probe_scores[cell] = score;
                    if score > best {
                        best = score;
                        self.probe_pick = Some(cell);
                    }
                }
            }
            if !self.work.bands.is_zero() {
                result = propagate::<S>(board, &mut self.work, &mut self.cand);
                if result != Ok(false) {
                    return result;
                }
            }
        }
        result
    }

    /// Places `d` in `cell` on a copy of the board in `range` (into
    /// `probe_board`) and propagates it without the matching: whether that
    /// fails (then noted as a failure of the cell). A probe counts as a
    /// node: it costs about what a node costs, less the matching.
    fn probe_fails(&mut self, range: &std::ops::Range<usize>, cell: usize, d: usize) -> bool {
        let copied = self.probe_board.len();
        self.probe_board
            .copy_from_slice(&self.boards[range.start..range.start + copied]);
        self.stats.nodes += 1;
        self.work.clear();
        self.work.probing = true;
        let failed = assign::<S>(&mut self.probe_board, &mut self.work, d, cell)
            .and_then(|()| propagate::<S>(&mut self.probe_board, &mut self.work, &mut self.cand))
            .err();
        self.work.probing = false;
        self.work.clear();
        let Some(c) = failed else {
            return false;
        };
        self.failures.note(cell, S::CELLS);
        if S::WEIGHTS {
            count_conflict(&mut self.weights, S::HOUSES, c);
        }
        true
    }

    /// Pushes the frame that branches on `choice` for the open board in
    /// `slot`.
    fn open_frame(&mut self, slot: usize, choice: Choice) {
        debug_assert_eq!(self.frames.len(), slot);
        self.stats.guesses += 1;
        self.frames.push(choice.into());
    }

    /// Remembers where a contradiction happened.
    fn learn(&mut self, c: Contradiction) {
        // The puzzle is not an easy one: every rule from now on.
        self.work.light = false;
        if S::WEIGHTS {
            count_conflict(&mut self.weights, S::HOUSES, c);
        }
    }

    /// Runs until the search ends or `max_nodes` (a total, counting the
    /// root) is reached. Returns whether it ended.
    pub(crate) fn run(&mut self, max_nodes: u64) -> bool {
        while !self.finished {
            let Some(top) = self.frames.len().checked_sub(1) else {
                self.finished = true;
                break;
            };
            if self.stats.nodes >= max_nodes {
                return false;
            }
            let frame = &mut self.frames[top];
            let next = frame.remaining.trailing_zeros() as usize;
            frame.remaining &= frame.remaining - 1;
            let (at, by) = (frame.at as usize, frame.by);
            let (cell, digit) = match by {
                Branch::Digit => (house_cell::<S>(at, next), frame.digit as usize),
                Branch::Cell | Branch::Config => (at, next),
            };
            let slot = if frame.remaining == 0 {
                // The last alternative: work in the parent's slot.
                self.frames.pop();
                top
            } else {
                let (from, to) = (top * self.stride, (top + 1) * self.stride);
                if self.boards.len() < to + self.stride {
                    self.boards.resize(to + self.stride, S::W::default());
                }
                self.boards.copy_within(from..to, to);
                top + 1
            };
            self.stats.nodes += 1;
            let board = &mut self.boards[slot * self.stride..(slot + 1) * self.stride];
            if by == Branch::Config {
                S::apply_config(board, at, next);
            } else if let Err(c) = assign::<S>(board, &mut self.work, digit, cell) {
                self.work.clear();
                self.failures.note(cell, S::CELLS);
                self.learn(c);
                continue;
            }
            self.placing = (by != Branch::Config).then_some(cell);
            self.settle(slot);
            self.placing = None;
        }
        true
    }
}
