//! The solver helps the reader: a grid read with a conflict, no solution or
//! several is not handed over as it is. The cells most likely misread are
//! those the classifier was least sure of, and among them those whose next
//! most likely reading makes the puzzle consistent with one solution: the
//! solver tries each in milliseconds.

use super::Reading;
use std::sync::Arc;

use crate::grid::Grid;
use crate::shape::Geometry;
use crate::solver::{solve, Outcome, SolveOptions};

/// Node budget of each of the solver's searches of a reading: [`settle`]'s
/// (in [`super::read`]) and, from the page and the CLI, [`check`]'s.
pub const BUDGET: u64 = 200_000;

/// At most this many cells are pointed at: a person checks them by eye.
pub const MAX_DOUBTS: usize = 5;

/// Below this confidence a cell is doubtful even in a valid puzzle.
pub const SURE: f32 = 0.9;

/// What the solver says of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// One solution: a real puzzle.
    Unique,
    /// Several solutions (a given may have been missed).
    Several,
    /// No solution, or two equal symbols in a house.
    Broken,
    /// The search ran out of its budget.
    Unknown,
}

/// Changes that make the reading a puzzle with one solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Correction {
    /// `(cell, value)` pairs, value 0 for empty.
    pub changes: Vec<(usize, u8)>,
    /// How likely the classifier finds the changed reading against the
    /// reading it gave (a ratio; higher first).
    pub likelihood: f32,
}

/// The solver's verdict and the cells to look at.
#[derive(Clone, Debug)]
pub struct Check {
    /// The reading as it is.
    pub status: Status,
    /// Cells to check by eye, most doubtful first (at most [`MAX_DOUBTS`]).
    pub doubtful: Vec<usize>,
    /// Corrections the solver found, most likely first (at most three).
    pub corrections: Vec<Correction>,
    /// How many grids the solver was asked about (the reading included).
    pub searches: usize,
}

/// The verdict on a grid, each search stopped after `budget` nodes.
pub(crate) fn verdict(grid: &Grid, budget: u64) -> Status {
    costed_verdict(grid, budget).0
}

/// [`verdict`], with the search nodes it took.
fn costed_verdict(grid: &Grid, budget: u64) -> (Status, u64) {
    if grid.has_conflict() {
        return (Status::Broken, 0);
    }
    let options = SolveOptions {
        max_nodes: budget,
        ..SolveOptions::default()
    };
    let report = solve(grid, &options);
    let status = match report.outcome {
        Outcome::Unique(_) => Status::Unique,
        Outcome::Several { .. } | Outcome::Solved(_) => Status::Several,
        Outcome::NoSolution | Outcome::Conflict(_) => Status::Broken,
        Outcome::OutOfBudget { .. } => Status::Unknown,
    };
    (status, report.stats.nodes)
}

/// The search nodes a stage's verdicts may take in all, from `work` (nodes
/// times cells: a node's cost grows with the grid, about 15 µs on a 25×25
/// against 1 µs on a 16×16), each verdict at most `each`. A stage that has
/// spent it gets [`Status::Unknown`]: a photo of a 25×25 with a misread
/// spent a third of a second settling it, and a second on the corrections.
struct Nodes {
    left: u64,
    each: u64,
}

impl Nodes {
    fn new(work: u64, grid: &Grid, each: u64) -> Nodes {
        Nodes {
            left: work / grid.cells().len().max(1) as u64,
            each,
        }
    }

    fn verdict(&mut self, grid: &Grid) -> Status {
        if self.left == 0 {
            return Status::Unknown;
        }
        let (status, nodes) = costed_verdict(grid, self.each.min(self.left));
        self.left = self.left.saturating_sub(nodes);
        status
    }

    /// Of `tries` (likeliest first), each made to `grid`, the first the
    /// solver finds with one solution, else the first with several; those
    /// with a repeat are passed over, at most `limit` others searched.
    fn pick<'c>(
        &mut self,
        grid: &Grid,
        tries: impl IntoIterator<Item = &'c Changes>,
        limit: usize,
    ) -> Option<&'c Changes> {
        let mut several = None;
        let mut asked = 0;
        for changes in tries {
            let changed = changed(grid, changes.iter().map(|&(c, v, _)| (c, v)));
            if changed.has_conflict() {
                continue;
            }
            asked += 1;
            if asked > limit || self.left == 0 {
                break;
            }
            match self.verdict(&changed) {
                Status::Unique => return Some(changes),
                Status::Several if several.is_none() => several = Some(changes),
                _ => {}
            }
        }
        several
    }
}

/// The work ([`Nodes`]) of [`check`]'s corrections: 16,000 nodes on a
/// 25×25, about a quarter of a second.
const CHECK_WORK: u64 = 10_000_000;

/// `grid` with `(cell, value)` changes made.
fn changed(grid: &Grid, changes: impl IntoIterator<Item = (usize, u8)>) -> Grid {
    let mut g = grid.clone();
    for (cell, value) in changes {
        g.set(cell, value);
    }
    g
}

/// Checks a reading; each search is stopped after `budget` nodes, and the
/// searches for corrections take [`CHECK_WORK`] in all.
pub fn check(reading: &Reading, budget: u64) -> Check {
    let grid = &reading.grid;
    let status = verdict(grid, budget);
    let searches = std::cell::Cell::new(1);
    let mut by_doubt: Vec<usize> = (0..grid.cells().len()).collect();
    by_doubt.sort_by(|&a, &b| reading.confidence[a].total_cmp(&reading.confidence[b]));
    let unsure: Vec<usize> = by_doubt
        .iter()
        .cloned()
        .filter(|&c| reading.confidence[c] < SURE)
        .collect();
    let mut corrections = Vec::new();
    if status != Status::Unique && status != Status::Unknown {
        // Cells in a conflict first, then the least sure symbols.
        let mut suspects: Vec<usize> = Vec::new();
        for c in grid.conflicts() {
            for cell in [c.first, c.second] {
                if !suspects.contains(&cell) {
                    suspects.push(cell);
                }
            }
        }
        suspects.sort_by(|&a, &b| reading.confidence[a].total_cmp(&reading.confidence[b]));
        for &cell in by_doubt.iter().filter(|&&c| grid.get(c) != 0).take(10) {
            if !suspects.contains(&cell) {
                suspects.push(cell);
            }
        }
        let odds = |cell: usize, p: f32| p.max(1e-6) / reading.confidence[cell].max(1e-6);
        let mut nodes = Nodes::new(CHECK_WORK, grid, budget);
        let mut try_changes = |changes: &[(usize, u8)]| {
            searches.set(searches.get() + (nodes.left > 0) as usize);
            nodes.verdict(&changed(grid, changes.iter().copied()))
        };
        // Emptying a cell only adds solutions: a grid with several stays so
        // with any given taken out. The single changes' verdicts are kept to
        // skip the pairs this rules out.
        let mut several: Vec<(usize, u8)> = Vec::new();
        for &cell in &suspects {
            for &(value, p) in &reading.alternatives[cell] {
                if value == 0 && status == Status::Several {
                    continue;
                }
                match try_changes(&[(cell, value)]) {
                    Status::Unique => corrections.push(Correction {
                        changes: vec![(cell, value)],
                        likelihood: odds(cell, p),
                    }),
                    Status::Several => several.push((cell, value)),
                    _ => {}
                }
            }
        }
        // Whether a pair of changes is known to leave several solutions: one
        // of them empties a cell and the other alone (or the reading itself,
        // when both empty) left several.
        let stays_several = |x: (usize, u8), y: (usize, u8)| {
            (x.1 == 0 && y.1 == 0 && status == Status::Several)
                || (y.1 == 0 && several.contains(&x))
                || (x.1 == 0 && several.contains(&y))
        };
        if corrections.is_empty() {
            // Two changes among the six most suspect cells' best alternatives
            // (emptying included).
            let top: Vec<usize> = suspects.iter().cloned().take(6).collect();
            for (i, &a) in top.iter().enumerate() {
                for &b in &top[i + 1..] {
                    for &(va, pa) in reading.alternatives[a].iter().take(2) {
                        for &(vb, pb) in reading.alternatives[b].iter().take(2) {
                            if !stays_several((a, va), (b, vb))
                                && try_changes(&[(a, va), (b, vb)]) == Status::Unique
                            {
                                corrections.push(Correction {
                                    changes: vec![(a, va), (b, vb)],
                                    likelihood: odds(a, pa) * odds(b, pb),
                                });
                            }
                        }
                    }
                }
            }
        }
        corrections.sort_by(|a, b| b.likelihood.total_cmp(&a.likelihood));
        corrections.truncate(3);
    }
    let mut doubtful: Vec<usize> = Vec::new();
    for cell in corrections
        .iter()
        .flat_map(|c| c.changes.iter().map(|&(cell, _)| cell))
        .chain(reading.settled.iter().cloned())
        .chain(unsure)
    {
        if !doubtful.contains(&cell) && doubtful.len() < MAX_DOUBTS {
            doubtful.push(cell);
        }
    }
    Check {
        status,
        doubtful,
        corrections,
        searches: searches.get(),
    }
}

/// Gives back the faint entries ([`super::Reading::faint`]) the solution
/// bears out: a pale pen entry photographed beside black print, read 0.6 to
/// 0.9 sure, was left empty lest a smudge stand as a symbol; one whose
/// symbol is the solution's in its cell is no smudge (a symbol read at
/// random would agree one time in the grid's side). Where the reading has
/// one solution, each that agrees is given back; where it has several (an
/// entry lost may be a given), the surest in turn while the grid keeps a
/// solution, if they leave it one (and then the rest, which that one
/// settles, are left empty). They keep
/// their confidence, under [`SURE`], so [`check`] still points at them.
/// Returns how many cells were given back.
pub fn restore(reading: &mut Reading, budget: u64) -> usize {
    if reading.faint.is_empty() || reading.grid.has_conflict() {
        return 0;
    }
    let options = SolveOptions {
        max_nodes: budget,
        ..SolveOptions::default()
    };
    let back: Vec<(usize, u8, f32)> = match solve(&reading.grid, &options).outcome {
        Outcome::Unique(solution) => reading
            .faint
            .iter()
            .copied()
            .filter(|&(cell, symbol, sure)| sure >= FAINT_SURE && solution.get(cell) == symbol)
            .collect(),
        Outcome::Several { .. } | Outcome::Solved(_) => {
            // The surest first, each kept while some solution bears it out.
            let mut faint = reading.faint.clone();
            faint.sort_by(|a, b| b.2.total_cmp(&a.2));
            let mut grid = reading.grid.clone();
            let mut kept = Vec::new();
            let mut status = Status::Several;
            for f in faint {
                let with = changed(&grid, [(f.0, f.1)]);
                match verdict(&with, budget) {
                    Status::Broken | Status::Unknown => continue,
                    s => status = s,
                }
                grid = with;
                kept.push(f);
                if status == Status::Unique {
                    break;
                }
            }
            if status == Status::Unique {
                kept
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    };
    for &(cell, symbol, sure) in &back {
        reading.grid.set(cell, symbol);
        reading.confidence[cell] = sure;
        reading.alternatives[cell] = vec![(0, 1.0 - sure)];
    }
    reading.faint.retain(|f| !back.contains(f));
    back.len()
}

/// How sure a faint entry must be read to be given back because the one
/// solution holds it ([`restore`]): a cell of pencil marks read as one of
/// them, which the solution may well hold, reads far less sure.
const FAINT_SURE: f32 = 0.5;

/// At most this many cells are changed to settle a reading's repeats.
const MAX_SETTLED: usize = 12;

/// Repeat-free readings the solver is asked about, likeliest first.
const SETTLE_TRIES: usize = 4;

/// The search for repeat-free readings stops after this many steps.
const SETTLE_STEPS: usize = 20_000;

/// A change is considered only while its symbol is at least this likely
/// against the symbol read (the classifier's odds).
const SETTLE_ODDS: f32 = 1e-4;

/// How likely a symbol read with confidence `c` is no symbol, per `1 - c`.
/// A symbol read unsure in a photo is far likelier another symbol, blurred,
/// than a speck: at a tenth, settling emptied 123 marks over the benchmark
/// photos and 103 of them held a symbol (58 their next reading, which then
/// cost more than emptying), against 20 specks, most at the frame's corners.
const SETTLE_EMPTY: f32 = 0.01;

/// The work ([`Nodes`]) of [`settle`]'s verdicts: 8,000 nodes on a 25×25.
/// With [`BUDGET`] for each of its four, a 25×25 photo spent 0.3 s on
/// readings with several solutions, looking for one with one.
const SETTLE_WORK: u64 = 5_000_000;

/// Settles a reading whose symbols repeat in a house, before anyone sees
/// it: a printed Sudoku never repeats, so each repeat is a misread on one of
/// its two cells. The cheapest sets of changes to the cells' next readings
/// that leave no repeat (a change costing how much less likely the
/// classifier finds it) are put to the solver, and the first with one
/// solution is taken, else the first with several (a grid with a given
/// missed has several; one with no solution is no way out). A mark read
/// with little confidence may also be emptied (a speck or a line's corner
/// read as a symbol), the less sure the likelier. A misread a font
/// makes again and again (a blurred `Q` read as `O` in every place) is
/// settled at once, where the corrections of [`check`] stop at two. The cells
/// changed keep the symbol first read as their next reading, get a
/// confidence under one half and are listed in [`Reading::settled`], and
/// [`check`] points at them first (after its own corrections).
/// Returns how many cells were changed.
pub fn settle(reading: &mut Reading, budget: u64) -> usize {
    if !reading.grid.has_conflict() {
        return 0;
    }
    let mut search = Settle::new(reading);
    search.run(0.0);
    let found = std::mem::take(&mut search.found);
    let mut nodes = Nodes::new(SETTLE_WORK, &reading.grid, budget);
    let tries = found.iter().map(|(_, changes)| changes);
    let Some(changes) = nodes.pick(&reading.grid, tries, SETTLE_TRIES).cloned() else {
        return 0;
    };
    let (changes, alike) = look_alikes(reading, changes, &mut nodes);
    mark(reading, &changes);
    reading.alike.extend(alike);
    changes.len()
}

/// Two readings this close in both the probability of the symbol read and
/// that of the symbol it was settled as are one glyph drawn twice.
const ALIKE: f32 = 0.02;

/// `changes` with the cells read as a changed cell was read: the same
/// symbol, as sure within [`ALIKE`], and the symbol it was changed to as
/// likely. A screenshot draws a symbol alike in every cell and the
/// classifier reads each the same: where one made a repeat, the others are
/// the same misread that repeats nothing (a thin `13` read `11`, 0.57 sure,
/// in nine cells, two of them in a repeat). A glyph read surely is not
/// followed so. Taken only where the grid keeps free of repeats and the
/// solver does not find it without a solution: else the cells are not the
/// same misread.
fn look_alikes(
    reading: &Reading,
    changes: Changes,
    nodes: &mut Nodes,
) -> (Changes, Vec<(usize, usize)>) {
    let cells = reading.grid.cells();
    let mut more = changes.clone();
    let mut alike = Vec::new();
    for &(settled, to, p) in &changes {
        let (from, q) = (cells[settled], reading.confidence[settled]);
        if from == 0 || to == 0 || q >= SURE {
            continue;
        }
        for (cell, &read) in cells.iter().enumerate() {
            if read != from
                || (reading.confidence[cell] - q).abs() > ALIKE
                || more.iter().any(|m| m.0 == cell)
            {
                continue;
            }
            let mut next = reading.alternatives[cell]
                .iter()
                .chain(&reading.longer[cell]);
            if let Some(&(_, pc)) = next.find(|a| a.0 == to) {
                if (pc - p).abs() <= ALIKE {
                    more.push((cell, to, pc));
                    alike.push((cell, settled));
                }
            }
        }
    }
    if alike.is_empty() {
        return (changes, alike);
    }
    let grid = changed(&reading.grid, more.iter().map(|&(c, v, _)| (c, v)));
    if grid.has_conflict() || nodes.verdict(&grid) == Status::Broken {
        return (changes, Vec::new());
    }
    (more, alike)
}

/// Cells changed to settle a reading: `(cell, value, probability)`.
type Changes = Vec<(usize, u8, f32)>;

/// A misread a font makes again and again joins a group only while its
/// next reading is at least this likely against the symbol read.
const RELABEL_ODDS: f32 = 0.2;

/// The work ([`Nodes`]) of [`relabel`]'s verdicts, 4,000 nodes on a 25×25:
/// a reading whose own verdict takes longer is left as it is (a 25×25 with
/// several solutions can take a second to show it, where a misread usually
/// shows within a few nodes).
const RELABEL_WORK: u64 = 2_500_000;

/// Sets of changes [`relabel`] puts to the solver at most.
const RELABEL_TRIES: usize = 120;

/// The least confident cells [`relabel`] tries to change alone beside a
/// group.
const RELABEL_SINGLES: usize = 8;

/// Settles a reading with no repeat and no solution where one symbol was
/// misread the same way in several places: a font's `20` read as `3`, a
/// blurred `K` as `E`. A printed puzzle has one solution, so a reading
/// with none holds a misread; one the font makes everywhere leaves no
/// repeat to find it by ([`settle`]) and is more cells than a person should
/// correct. The groups are the cells read `a` whose next reading `b` is
/// likely ([`RELABEL_ODDS`]), two cells or more. Each group changed whole,
/// two groups, and a group with one of the least sure cells changed too
/// (another misread beside it) are put to the solver, likeliest first, and
/// the first with one solution is taken (the changes then explain every
/// misread the reading had, which a chance change does not), else the
/// first with several, as [`settle`] does. Marked as [`settle`] marks its
/// cells. Returns how many cells were changed.
pub fn relabel(reading: &mut Reading) -> usize {
    let grid = &reading.grid;
    let mut nodes = Nodes::new(RELABEL_WORK, grid, BUDGET);
    let cells = grid.cells();
    // The cost of a change: how much less likely the classifier finds it.
    let cost = |cell: usize, p: f32| {
        (reading.confidence[cell].max(1e-12) / p.max(1e-12))
            .ln()
            .max(0.0)
    };
    let mut groups: Vec<(f32, Changes)> = Vec::new();
    for a in 1..=grid.shape().side() as u8 {
        let mut by_symbol: Vec<Changes> = Vec::new();
        for cell in (0..cells.len()).filter(|&c| cells[c] == a) {
            for &(b, p) in &reading.alternatives[cell] {
                if b != 0 && p >= reading.confidence[cell] * RELABEL_ODDS {
                    match by_symbol.iter_mut().find(|g| g[0].1 == b) {
                        Some(group) => group.push((cell, b, p)),
                        None => by_symbol.push(vec![(cell, b, p)]),
                    }
                }
            }
        }
        for group in by_symbol.into_iter().filter(|g| g.len() >= 2) {
            // One misread, made in several places: its cost is counted once.
            let mean = group.iter().map(|&(c, _, p)| cost(c, p)).sum::<f32>() / group.len() as f32;
            groups.push((mean, group));
        }
    }
    if groups.is_empty() {
        return 0;
    }
    if nodes.verdict(grid) != Status::Broken {
        return 0;
    }
    // The cells in a repeat first, then the least sure.
    let mut singles: Vec<usize> = grid
        .conflicts()
        .iter()
        .flat_map(|r| [r.first, r.second])
        .collect();
    let mut unsure: Vec<usize> = Vec::new();
    for c in (0..cells.len()).filter(|&c| cells[c] != 0 && reading.confidence[c] < SURE) {
        let sure = reading.confidence[c];
        unsure.insert(
            unsure.partition_point(|&u| reading.confidence[u] <= sure),
            c,
        );
    }
    singles.extend(unsure);
    let mut seen = vec![false; cells.len()];
    singles.retain(|&c| !std::mem::replace(&mut seen[c], true));
    // Likeliest first (kept in order as they come: a sort's code is more
    // than the reader's module should carry for a few hundred).
    let mut tries: Vec<(f32, Changes)> = Vec::new();
    let mut add = |cost: f32, changes: Changes| {
        let at = tries.partition_point(|(c, _)| *c <= cost);
        tries.insert(at, (cost, changes));
    };
    for (i, (ca, a)) in groups.iter().enumerate() {
        add(*ca, a.clone());
        for (cb, b) in &groups[i + 1..] {
            if b.iter().all(|x| a.iter().all(|y| x.0 != y.0)) {
                add(ca + cb, [a.as_slice(), b].concat());
            }
        }
        let others = singles.iter().filter(|&&c| a.iter().all(|y| y.0 != c));
        for &cell in others.take(RELABEL_SINGLES) {
            for &(value, p) in reading.alternatives[cell]
                .iter()
                .filter(|a| a.0 != 0)
                .take(2)
            {
                let mut changes = a.clone();
                changes.push((cell, value, p));
                add(ca + cost(cell, p), changes);
            }
        }
    }
    let tries = tries.iter().map(|(_, changes)| changes);
    let Some(changes) = nodes.pick(grid, tries, RELABEL_TRIES).cloned() else {
        return 0;
    };
    mark(reading, &changes);
    reading
        .relabelled
        .extend(changes.iter().map(|&(cell, _, _)| cell));
    changes.len()
}

/// Makes a settling's changes, each cell keeping the symbol first read as
/// its next reading, with a confidence under one half, and listed in
/// [`Reading::settled`].
fn mark(reading: &mut Reading, changes: &Changes) {
    for &(cell, value, p) in changes {
        reading.settled.push(cell);
        let (old, q) = (reading.grid.get(cell), reading.confidence[cell]);
        reading.grid.set(cell, value);
        reading.confidence[cell] = p / (p + q).max(1e-12);
        let alternatives = &mut reading.alternatives[cell];
        alternatives.retain(|&(v, _)| v != value);
        alternatives.insert(0, (old, q));
        reading.longer[cell].retain(|&(v, _)| v != value);
    }
}

/// The search behind [`settle`]: depth first over the first repeat left,
/// either cell changed to one of its next readings, each cell changed at
/// most once; the cheapest repeat-free readings kept.
struct Settle<'a> {
    reading: &'a Reading,
    geometry: Arc<Geometry>,
    /// The reading's cells as changed so far.
    cells: Vec<u8>,
    /// The pairs of cells the reading repeats a symbol in. No change makes
    /// a repeat, so these are all there ever are.
    repeats: Vec<(usize, usize)>,
    /// The cells changed so far.
    changes: Changes,
    /// The cheapest repeat-free change sets, cheapest first, with their cost.
    found: Vec<(f32, Changes)>,
    steps: usize,
}

impl<'a> Settle<'a> {
    fn new(reading: &'a Reading) -> Settle<'a> {
        let grid = &reading.grid;
        Settle {
            reading,
            geometry: Geometry::of(grid.shape()),
            cells: grid.cells().to_vec(),
            repeats: grid
                .conflicts()
                .iter()
                .map(|r| (r.first, r.second))
                .collect(),
            changes: Vec::new(),
            found: Vec::new(),
            steps: 0,
        }
    }

    fn run(&mut self, cost: f32) {
        self.steps += 1;
        let bound = (self.found.len() == SETTLE_TRIES).then(|| self.found[SETTLE_TRIES - 1].0);
        if self.steps > SETTLE_STEPS || bound.is_some_and(|b| cost >= b) {
            return;
        }
        let cells = &self.cells;
        let repeat = self
            .repeats
            .iter()
            .find(|&&(a, b)| cells[a] != 0 && cells[a] == cells[b]);
        let Some(&(first, second)) = repeat else {
            let mut changes = self.changes.clone();
            changes.sort_by_key(|&(cell, _, _)| cell);
            if !self.found.iter().any(|(_, c)| *c == changes) {
                let at = self.found.partition_point(|(c, _)| *c <= cost);
                self.found.insert(at, (cost, changes));
                self.found.truncate(SETTLE_TRIES);
            }
            return;
        };
        if self.changes.len() == MAX_SETTLED {
            return;
        }
        let mut options: Vec<(f32, usize, u8, f32)> = Vec::new();
        for cell in [first, second] {
            if self.changes.iter().any(|&(c, _, _)| c == cell) {
                continue;
            }
            let read = self.reading.confidence[cell].max(1e-12);
            // A mark read with little confidence may be no symbol at all
            // (a speck, a line's corner): emptying it is likelier the less
            // sure the reading.
            let empty = (0, (1.0 - read).max(0.0) * SETTLE_EMPTY);
            // The numbers one digit longer too (a digit lost against a line).
            let longer = &self.reading.longer[cell];
            for &(value, p) in self.reading.alternatives[cell]
                .iter()
                .chain(longer)
                .chain([&empty])
            {
                if p > 0.0 && p >= read * SETTLE_ODDS {
                    options.push(((read / p).ln().max(0.0), cell, value, p));
                }
            }
        }
        options.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (step, cell, value, p) in options {
            // A change that repeats another symbol is no way out: the
            // cheapest settling would otherwise chase one misread through
            // the right symbols around it.
            let peers = self.geometry.peers(cell);
            if value != 0 && peers.iter().any(|&q| self.cells[q as usize] == value) {
                continue;
            }
            let old = self.cells[cell];
            self.cells[cell] = value;
            self.changes.push((cell, value, p));
            self.run(cost + step);
            self.changes.pop();
            self.cells[cell] = old;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_first, ParseOptions};

    fn reading(text: &str) -> Reading {
        let grid = parse_first(text, ParseOptions::default()).unwrap().0.grid;
        let n = grid.cells().len();
        Reading {
            grid,
            alphabet: crate::Alphabet::Digits,
            confidence: vec![1.0; n],
            alternatives: vec![Vec::new(); n],
            longer: vec![Vec::new(); n],
            corners: [(0.0, 0.0); 4],
            settled: Vec::new(),
            relabelled: Vec::new(),
            alike: Vec::new(),
            faint: Vec::new(),
        }
    }

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn faint_entries_the_solution_bears_out_are_given_back() {
        let Outcome::Unique(solution) =
            solve(&reading(PUZZLE).grid, &SolveOptions::default()).outcome
        else {
            panic!("PUZZLE has one solution");
        };
        let blank: Vec<usize> = (0..81)
            .filter(|&c| reading(PUZZLE).grid.get(c) == 0)
            .collect();
        let (right, wrong, unsure) = (blank[0], blank[1], blank[2]);
        let other = |c: usize| solution.get(c) % 9 + 1;
        // One solution: the entry it holds comes back, still doubtful;
        // a symbol it does not hold, or one read under half sure, stays out.
        let mut r = reading(PUZZLE);
        r.faint = vec![
            (right, solution.get(right), 0.7),
            (wrong, other(wrong), 0.8),
            (unsure, solution.get(unsure), 0.3),
        ];
        assert_eq!(restore(&mut r, BUDGET), 1);
        assert_eq!(r.grid.get(right), solution.get(right));
        assert!(r.confidence[right] < SURE && check(&r, BUDGET).doubtful.contains(&right));
        assert_eq!((r.grid.get(wrong), r.grid.get(unsure)), (0, 0));
        // A given read faint (this puzzle is minimal: without it, several
        // solutions) comes back when it leaves one solution; a wrong
        // reading of it does not.
        for (symbol, back) in [(solution.get(0), 1), (other(0), 0)] {
            let mut r = reading(PUZZLE);
            r.grid.set(0, 0);
            r.faint = vec![(0, symbol, 0.2)];
            assert_eq!(restore(&mut r, BUDGET), back);
            assert_eq!(r.grid.get(0), if back == 1 { symbol } else { 0 });
        }
    }

    #[test]
    fn a_good_reading_needs_no_correction() {
        let check = check(&reading(PUZZLE), 100_000);
        assert_eq!(check.status, Status::Unique);
        assert!(check.corrections.is_empty() && check.doubtful.is_empty());
    }

    #[test]
    fn a_stage_s_verdicts_share_its_work() {
        // A puzzle the solver needs a search for (PUZZLE it solves at once).
        let grid = reading(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        )
        .grid;
        // Work for one node fewer than this puzzle takes, and then no
        // search at all (a repeat would be Broken at once).
        let (status, took) = costed_verdict(&grid, BUDGET);
        assert!(status == Status::Unique && took > 1, "{took}");
        let mut nodes = Nodes::new((took - 1) * 81, &grid, BUDGET);
        assert_eq!(nodes.verdict(&grid), Status::Unknown);
        assert_eq!(nodes.left, 0);
        let repeat = changed(&grid, [(1, 1)]);
        assert!(repeat.has_conflict());
        assert_eq!(verdict(&repeat, BUDGET), Status::Broken);
        assert_eq!(nodes.verdict(&repeat), Status::Unknown);
        // Enough, each verdict within its own budget.
        let mut nodes = Nodes::new(CHECK_WORK, &grid, BUDGET);
        let before = nodes.left;
        assert_eq!(nodes.verdict(&grid), Status::Unique);
        assert!(nodes.left < before);
        let mut tight = Nodes::new(CHECK_WORK, &grid, took - 1);
        assert_eq!(tight.verdict(&grid), Status::Unknown);
    }

    #[test]
    fn a_misread_symbol_is_found_by_the_solver() {
        // The 8 in row 1 read as a 4 (a conflict with the 4 in the same
        // row), the classifier's second guess being 8.
        let mut r = reading(PUZZLE);
        r.grid.set(6, 4);
        r.confidence[6] = 0.5;
        r.alternatives[6] = vec![(8, 0.4), (3, 0.05), (0, 0.0)];
        // Another unsure cell that is right: changing it does not help.
        r.confidence[8] = 0.6;
        r.alternatives[8] = vec![(6, 0.3), (0, 0.0)];
        let check = check(&r, 100_000);
        assert_eq!(check.status, Status::Broken);
        assert_eq!(check.corrections[0].changes, vec![(6, 8)]);
        assert_eq!(check.doubtful[0], 6);
        assert!(check.doubtful.contains(&8));
    }

    #[test]
    fn a_reading_with_several_solutions_is_not_emptied_further() {
        // A missed given: several solutions. Taking out more givens can only
        // add solutions, so no search is spent on emptying a cell.
        let mut r = reading(PUZZLE);
        r.grid.set(0, 0);
        for cell in [6, 8] {
            r.confidence[cell] = 0.5;
            r.alternatives[cell] = vec![(0, 0.3)];
        }
        let check = check(&r, 100_000);
        assert_eq!(check.status, Status::Several);
        assert!(check.corrections.is_empty());
        assert_eq!(check.searches, 1);
    }

    #[test]
    fn an_emptying_is_tried_beside_a_change_that_alone_breaks() {
        // A mark read as a given in an empty cell (a value the solution does
        // not have there) and a given misread: neither change alone helps,
        // the pair does, and the pair is not skipped.
        let answer = match solve(&reading(PUZZLE).grid, &SolveOptions::default()).outcome {
            Outcome::Unique(g) => g,
            other => panic!("{other:?}"),
        };
        let mut r = reading(PUZZLE);
        let (extra, misread) = (1, 6);
        let wrong = (1..=9)
            .find(|&v| {
                v != answer.get(extra) && {
                    let mut g = r.grid.clone();
                    g.set(extra, v);
                    !g.has_conflict()
                }
            })
            .unwrap();
        r.grid.set(extra, wrong);
        r.grid.set(misread, 4);
        r.confidence[extra] = 0.5;
        r.alternatives[extra] = vec![(0, 0.4)];
        r.confidence[misread] = 0.6;
        r.alternatives[misread] = vec![(8, 0.3)];
        let check = check(&r, 100_000);
        assert_eq!(check.status, Status::Broken);
        let mut changes = check.corrections[0].changes.clone();
        changes.sort();
        assert_eq!(changes, vec![(extra, 0), (misread, 8)]);
        assert_eq!(check.searches, 4);
    }

    /// PUZZLE read with the 8s at cells 6 and 40 taken for 4s (each a
    /// repeat of a 4 in its row), the classifier's next reading 8.
    fn misread_twice() -> Reading {
        let mut r = reading(PUZZLE);
        for cell in [6, 40] {
            r.grid.set(cell, 4);
            r.confidence[cell] = 0.5;
            r.alternatives[cell] = vec![(8, 0.4), (0, 0.0)];
        }
        // The 4s they repeat are less sure, but their next readings much
        // less likely.
        for cell in [0, 42] {
            r.confidence[cell] = 0.8;
            r.alternatives[cell] = vec![(9, 0.05), (0, 0.0)];
        }
        r
    }

    #[test]
    fn a_misread_made_twice_is_settled_at_once() {
        let mut r = misread_twice();
        // A right given read with less confidence still.
        r.confidence[10] = 0.1;
        assert_eq!(settle(&mut r, 100_000), 2);
        assert_eq!(r.grid, reading(PUZZLE).grid);
        for cell in [6, 40] {
            assert!(r.confidence[cell] < 0.5);
            assert_eq!(r.alternatives[cell][0], (4, 0.5));
        }
        // The settled cells are the first to check.
        assert_eq!(r.settled, vec![6, 40]);
        assert_eq!(check(&r, 100_000).doubtful[..3], [6, 40, 10]);
        // Nothing to settle in a reading without a repeat.
        assert_eq!(settle(&mut r, 100_000), 0);
    }

    #[test]
    fn a_misread_settled_by_a_repeat_is_settled_where_it_reads_alike() {
        // Both 8s (cells 6 and 40) read 5 alike, 0.57 sure with 8 next: the
        // first repeats the 5 of its row, the second nothing (the puzzle
        // read has several solutions).
        let misread = |second_sure: f32| {
            let mut r = reading(PUZZLE);
            for (cell, sure) in [(6, 0.57), (40, second_sure)] {
                r.grid.set(cell, 5);
                r.confidence[cell] = sure;
                r.alternatives[cell] = vec![(8, 0.4), (0, 0.0)];
            }
            r
        };
        let alone = changed(&reading(PUZZLE).grid, [(40, 5)]);
        assert!(!alone.has_conflict());
        assert_eq!(verdict(&alone, BUDGET), Status::Several);
        let mut r = misread(0.57);
        assert_eq!(settle(&mut r, 100_000), 2);
        assert_eq!(r.grid, reading(PUZZLE).grid);
        assert_eq!(r.settled, vec![6, 40]);
        assert_eq!(r.alike, vec![(40, 6)]);
        // Read otherwise, a glyph of its own: left as read.
        let mut r = misread(0.7);
        assert_eq!(settle(&mut r, 100_000), 1);
        assert_eq!(r.grid.get(40), 5);
    }

    #[test]
    fn no_settling_repeats_another_symbol_or_leaves_no_solution() {
        // The 4s' next readings are all there is, and each repeats a 9 in
        // its row: nothing is changed.
        let mut r = misread_twice();
        for cell in [6, 40] {
            r.alternatives[cell].clear();
        }
        // Each read surely (no mark to empty).
        for cell in [0, 6, 40, 42] {
            r.confidence[cell] = 1.0;
        }
        let mut grid = r.grid.clone();
        for cell in [7, 44] {
            grid.set(cell, 9);
            // Were the 9s moved in turn, the repeats would be gone.
            r.alternatives[cell] = vec![(3, 0.3)];
            r.confidence[cell] = 0.6;
        }
        r.grid = grid.clone();
        let mut search = Settle::new(&r);
        search.run(0.0);
        assert!(search.found.is_empty(), "{:?}", search.found);
        assert_eq!(settle(&mut r, 100_000), 0);
        assert_eq!(r.grid, grid);
        // One repeat, and its only way out repeats nothing but leaves the
        // puzzle with no solution: not taken.
        let mut r = reading(PUZZLE);
        r.grid.set(6, 4);
        let dead = (1..=9)
            .find(|&v| {
                let mut g = reading(PUZZLE).grid;
                g.set(6, v);
                !g.has_conflict() && verdict(&g, 100_000) == Status::Broken
            })
            .unwrap();
        r.alternatives[6] = vec![(dead, 0.4)];
        let before = r.grid.clone();
        assert_eq!(settle(&mut r, 100_000), 0);
        assert_eq!(r.grid, before);
    }

    #[test]
    fn a_number_one_digit_longer_settles_but_is_no_correction() {
        // The 8 at cell 6 read surely as a 4 (a repeat of R1C1's 4), as a
        // `16` against a line is read `6`; the one way out is among its
        // numbers one digit longer (here 8, for the sake of a 9×9).
        let mut r = reading(PUZZLE);
        r.grid.set(6, 4);
        r.confidence[6] = 0.99;
        r.longer[6] = vec![(8, 0.001)];
        // The corrections do not try it: too unlikely to show a person.
        let found = check(&r, 100_000);
        assert_eq!(found.status, Status::Broken);
        assert!(found.corrections.is_empty(), "{:?}", found.corrections);
        // Settling the repeat does.
        assert_eq!(settle(&mut r, 100_000), 1);
        assert_eq!(r.grid, reading(PUZZLE).grid);
        assert_eq!(r.alternatives[6][0], (4, 0.99));
        assert!(r.longer[6].is_empty());
    }

    /// PUZZLE with its 8s (cells 6 and 40) read as another symbol that
    /// repeats nothing and leaves no solution, each read fairly unsure with
    /// 8 its next reading; and that symbol.
    fn misread_everywhere() -> (Reading, u8) {
        let right = reading(PUZZLE).grid;
        let wrong = (1..=9)
            .find(|&v| {
                let g = changed(&right, [(6, v), (40, v)]);
                v != 8 && !g.has_conflict() && verdict(&g, 100_000) == Status::Broken
            })
            .unwrap();
        let mut r = reading(PUZZLE);
        for cell in [6, 40] {
            r.grid.set(cell, wrong);
            r.confidence[cell] = 0.5;
            r.alternatives[cell] = vec![(8, 0.3), (3, 0.1), (0, 0.0)];
        }
        (r, wrong)
    }

    #[test]
    fn a_misread_a_font_makes_everywhere_is_relabelled() {
        let (mut r, wrong) = misread_everywhere();
        // A right cell read unsure, its next reading the same misread's
        // symbol: too unlikely to join the group.
        r.confidence[0] = 0.6;
        r.alternatives[0] = vec![(8, 0.05), (0, 0.0)];
        assert!(!r.grid.has_conflict());
        assert_eq!(relabel(&mut r), 2);
        assert_eq!(r.grid, reading(PUZZLE).grid);
        assert_eq!(r.settled, vec![6, 40]);
        assert_eq!(r.relabelled, vec![6, 40]);
        for cell in [6, 40] {
            assert_eq!(r.alternatives[cell][0], (wrong, 0.5));
            assert!(r.confidence[cell] < 0.5);
        }
        // A reading with one solution is left alone.
        assert_eq!(relabel(&mut r), 0);
    }

    #[test]
    fn a_group_and_another_misread_are_relabelled_together() {
        // Beside the group, the 5 of R1C9 (cell 8) read as a 9, its next
        // reading 5: the group alone leaves no solution.
        let (mut r, _) = misread_everywhere();
        let nine = (1..=9)
            .filter(|&v| v != 5)
            .find(|&v| !changed(&reading(PUZZLE).grid, [(8, v)]).has_conflict())
            .unwrap();
        r.grid.set(8, nine);
        let group_alone = changed(&r.grid, [(6, 8), (40, 8)]);
        assert_ne!(verdict(&group_alone, 100_000), Status::Unique);
        r.confidence[8] = 0.55;
        r.alternatives[8] = vec![(5, 0.4), (0, 0.0)];
        assert_eq!(relabel(&mut r), 3);
        assert_eq!(r.grid, reading(PUZZLE).grid);
    }

    #[test]
    fn one_misread_is_no_group() {
        // One cell misread (no repeat, no solution) is for the corrections
        // of `check` to point at: two cells make a group.
        let right = reading(PUZZLE).grid;
        let wrong = (1..=9)
            .find(|&v| {
                let g = changed(&right, [(6, v)]);
                v != 8 && !g.has_conflict() && verdict(&g, 100_000) == Status::Broken
            })
            .unwrap();
        let mut r = reading(PUZZLE);
        r.grid.set(6, wrong);
        r.confidence[6] = 0.5;
        r.alternatives[6] = vec![(8, 0.4), (0, 0.0)];
        let before = r.grid.clone();
        assert_eq!(relabel(&mut r), 0);
        assert_eq!(r.grid, before);
        assert!(r.settled.is_empty());
        assert_eq!(check(&r, 100_000).corrections[0].changes, vec![(6, 8)]);
    }

    #[test]
    fn a_doubtful_mark_that_repeats_a_given_is_emptied() {
        // An empty cell (R1C2) with a speck read as 5, unsure, repeating
        // the 5 of its row (R1C9), which is read fairly surely; each cell's
        // next reading repeats nothing and is likelier than emptying, but
        // only emptying the speck leaves one solution.
        let mut r = reading(PUZZLE);
        r.grid.set(1, 5);
        r.confidence[1] = 0.15;
        r.alternatives[1] = vec![(9, 0.02), (0, 0.0)];
        r.confidence[8] = 0.7;
        r.alternatives[8] = vec![(6, 0.2), (0, 0.0)];
        assert_eq!(settle(&mut r, 100_000), 1);
        assert_eq!(r.grid, reading(PUZZLE).grid);
        assert_eq!(r.alternatives[1][0], (5, 0.15));
        assert!(check(&r, 100_000).doubtful.contains(&1));
    }
}
