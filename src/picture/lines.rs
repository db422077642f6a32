//! The grid's side and its houses, from the lines of the straightened square.
//!
//! Side: a grid of side `n` has `n + 1` lines each way, evenly spaced, each
//! crossing the whole square. Every larger side tried first would need lines
//! where there are none, and every smaller one that fits (3 for a 9×9) is
//! a divisor of the real one, so the largest side whose lines are all there
//! is the grid's.
//!
//! Houses: the lines between boxes or jigsaw regions are drawn thicker. Each
//! inner edge between two cells gets its thickness; boxes of `R × C` are
//! the pattern whose edges are clearly thicker than the rest; otherwise the
//! thick edges cut the grid into regions, which must be `n` regions of `n`
//! cells. A grid of uniform lines (a table, graph paper) has neither and is
//! no Sudoku.

use super::ink::{Gray, Ink};
use crate::shape::MAX_SIDE;

/// The least side [`side`] finds: the boxes of a 9×9 whose cell lines are
/// lost. (A 4×4's boxes, 2, would be any framed cross.)
const BOXES_ONLY: usize = 3;

/// Where the grid lies in the straightened square: from `offset` to
/// `offset + size` both ways (the square keeps a margin around the grid, so
/// that a frame the corners cut into is still whole).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The grid's first line, in pixels from the square's edge.
    pub offset: f32,
    /// The grid's side in pixels.
    pub size: f32,
}

impl Frame {
    /// The place of line `i` of a grid of `side`.
    fn line(&self, i: usize, side: usize) -> f32 {
        self.offset + i as f32 * self.size / side as f32
    }
}

/// Fraction of a line's length that must be ink for the line to be there:
/// below 1 for photos, where blur and light break thin lines.
const LINE: f32 = 0.55;

/// What is left of the one line each way allowed to be weaker, against
/// [`LINE`].
const WEAK: f32 = 0.6;

/// Lines all there along this much of their length one way let the other
/// way's be [`FAINT`] times [`LINE`].
const CLEAR: f32 = 0.8;
const FAINT: f32 = 0.8;

/// For each column, the fraction of rows with ink in it or a neighbour (a
/// line one pixel off straight still counts); `columns = false` gives rows.
fn profile(ink: &Ink, columns: bool) -> Vec<f32> {
    let n = ink.width;
    let row = |y: usize| &ink.bits[y * n..][..n];
    // Row by row, in memory order: a column's count grows by each row where
    // it or a neighbour is ink; a row's is the columns where it or a
    // neighbouring row is.
    let mut counts = vec![0u32; n];
    for y in 0..n {
        if columns {
            // The first and last columns have one neighbour.
            let r = row(y);
            counts[0] += (r[0] | r[1.min(n - 1)]) as u32;
            for (c, near) in counts[1..].iter_mut().zip(r.windows(3)) {
                *c += (near[0] | near[1] | near[2]) as u32;
            }
            if n > 1 {
                counts[n - 1] += (r[n - 2] | r[n - 1]) as u32;
            }
        } else {
            let (a, b, c) = (row(y.saturating_sub(1)), row(y), row((y + 1).min(n - 1)));
            counts[y] = a
                .iter()
                .zip(b)
                .zip(c)
                .map(|((a, b), c)| (a | b | c) as u32)
                .sum();
        }
    }
    counts.iter().map(|&c| c as f32 / n as f32).collect()
}

/// The weakest of the strongest lines near each of the `side - 1` inner
/// places where lines are expected, the next weakest, and the mean
/// strongest ink mid-way between them.
fn line_scores(profile: &[f32], side: usize, frame: Frame) -> (f32, f32, f32) {
    let size = profile.len() as f32;
    let cell = frame.size / side as f32;
    let reach = (cell * 0.15).max(2.0);
    let best = |from: f32, to: f32| {
        let (a, b) = (from.max(0.0) as usize, (to.min(size - 1.0)) as usize);
        profile[a..=b.max(a)].iter().cloned().fold(0.0, f32::max)
    };
    let (mut weakest, mut next) = (f32::MAX, f32::MAX);
    let mut mid = 0.0;
    for i in 0..=side {
        let at = frame.line(i, side);
        // The frame is not needed: some grids are drawn without one.
        if i > 0 && i < side {
            let line = best(at - reach, at + reach);
            if line < weakest {
                (weakest, next) = (line, weakest);
            } else {
                next = next.min(line);
            }
        }
        if i < side {
            let centre = at + cell / 2.0;
            mid += best(centre - cell * 0.1, centre + cell * 0.1);
        }
    }
    (weakest, next, mid / side as f32)
}

/// The grid's side: the largest from 4 to 25 whose lines are all there both
/// ways; else 3, a 9×9's box lines alone (its cell lines dashed, or too
/// faint in a photo to survive the threshold), which the reader then reads
/// as 9×9 with the boxes to be borne out by the symbols; or `None`.
pub fn side(ink: &Ink, frame: Frame) -> Option<usize> {
    cells_side(&profile(ink, true), &profile(ink, false), frame)
}

/// [`side`] from the column and row profiles.
fn cells_side(cols: &[f32], rows: &[f32], frame: Frame) -> Option<usize> {
    (BOXES_ONLY..=MAX_SIDE).rev().find(|&n| {
        let (weak_c, line_c, mid_c) = line_scores(cols, n, frame);
        let (weak_r, line_r, mid_r) = line_scores(rows, n, frame);
        // One line each way may be broken further (a photo's fold or glare
        // across it), as long as it is still more there than not.
        let one_weak = weak_c >= LINE * WEAK && weak_r >= LINE * WEAK;
        // One way's lines may be fainter still (a photo's light along
        // them, or a print's thinner rules one way) where the other way's
        // are all plainly there.
        let (k_c, k_r) = if line_c >= CLEAR {
            (1.0, FAINT)
        } else if line_r >= CLEAR {
            (FAINT, 1.0)
        } else {
            (1.0, 1.0)
        };
        one_weak
            && line_c >= LINE * k_c
            && line_r >= LINE * k_r
            && mid_c < 0.75 * weak_c
            && mid_r < 0.75 * weak_r
    })
}

/// When [`side`] finds none: the largest side from 3 to 5 whose lines are
/// all there both ways, ink mid-way between them or not. That is a grid's
/// boxes whose cell lines are there in part (dashed one way, broken by a
/// photo's light): too little for the cells' side, too much for the boxes'
/// side alone, where the mid-way test takes it for a divisor of a larger
/// grid — which it is. The reader reads it at its side squared only, with
/// the boxes to be borne out by the symbols.
pub fn box_side(ink: &Ink, frame: Frame) -> Option<usize> {
    boxes_side(&profile(ink, true), &profile(ink, false), frame)
}

/// [`box_side`] from the column and row profiles.
fn boxes_side(cols: &[f32], rows: &[f32], frame: Frame) -> Option<usize> {
    (BOXES_ONLY..=5).rev().find(|&n| {
        let (weak_c, line_c, _) = line_scores(cols, n, frame);
        let (weak_r, line_r, _) = line_scores(rows, n, frame);
        // The cells' lines, there in part: at least half as much as a line.
        let (_, cells_c, _) = line_scores(cols, n * n, frame);
        let (_, cells_r, _) = line_scores(rows, n * n, frame);
        weak_c >= LINE * WEAK
            && weak_r >= LINE * WEAK
            && line_c >= LINE
            && line_r >= LINE
            && cells_c.min(cells_r) >= LINE * 0.5
    })
}

/// The grid's side and whether it was seen by its boxes alone: [`side`],
/// else [`box_side`] (`true`), from one pair of profiles.
pub fn sides(ink: &Ink, frame: Frame) -> Option<(usize, bool)> {
    let (cols, rows) = (profile(ink, true), profile(ink, false));
    cells_side(&cols, &rows, frame)
        .map(|n| (n, false))
        .or_else(|| boxes_side(&cols, &rows, frame).map(|n| (n, true)))
}

/// Where each of the `side + 1` lines one way lies, and how far its ink
/// reaches either side of that place: the peak of the profile near the
/// expected place (the frame of a grid seen at an angle, or a thick line,
/// is not exactly where an even division puts it). A line that is not
/// there (a grid without a frame) keeps its expected place and no width.
pub fn line_places(ink: &Ink, side: usize, columns: bool, frame: Frame) -> Vec<(f32, f32)> {
    let profile = profile(ink, columns);
    let cell = frame.size / side as f32;
    let reach = (cell * 0.2).max(2.0) as isize;
    let mut places: Vec<(f32, f32)> = (0..=side)
        .map(|i| {
            let expected = frame.line(i, side) as isize;
            place_near(&profile, i, side, expected, expected, reach)
        })
        .collect();
    // The frame is the strong run nearest one step (the lines' median
    // spacing) from the line inside it, where the lines inside are found:
    // the corners may put it a few pixels off (a page seen at an angle),
    // nearer a shadow or the page's edge beside it, which was taken for
    // it, the last row's cells a quarter of a cell too tall (a `9` read
    // `2`).
    let found: Vec<f32> = (1..side - 1)
        .filter(|&i| places[i].1 > 0.0 && places[i + 1].1 > 0.0)
        .map(|i| places[i + 1].0 - places[i].0)
        .collect();
    if found.len() >= 3 {
        let mut steps = found;
        steps.sort_by(f32::total_cmp);
        let step = steps[steps.len() / 2];
        for (i, inner) in [(0, 1), (side, side - 1)] {
            if places[inner].1 > 0.0 {
                let by_step = places[inner].0 + if i == 0 { -step } else { step };
                let expected = frame.line(i, side) as isize;
                places[i] = place_near(&profile, i, side, expected, by_step as isize, reach);
            }
        }
    }
    places
}

/// Line `i`'s place and half width: the strong ink within `reach` of
/// `expected`; for the frame, its run nearest `nearest` (see
/// [`line_places`]).
fn place_near(
    profile: &[f32],
    i: usize,
    side: usize,
    expected: isize,
    nearest: isize,
    reach: isize,
) -> (f32, f32) {
    let size = profile.len();
    let window =
        (expected - reach).max(0) as usize..=((expected + reach).max(0) as usize).min(size - 1);
    let top = window.clone().map(|x| profile[x]).fold(0.0, f32::max);
    if top < LINE * 0.8 {
        return (expected as f32, 0.0);
    }
    let strong: Vec<usize> = window.filter(|&x| profile[x] >= top * 0.6).collect();
    let (mut lo, mut hi) = (strong[0], *strong.last().unwrap());
    // Outside the frame, another line may run beside it (a page's
    // column rule, a panel's edge): the frame is the run of strong ink
    // nearest `nearest`, not the span of both, or the last cells would
    // take in the frame and read it as a `1`. Inside, two runs are one
    // line drawn double.
    if i == 0 || i == side {
        let runs = strong.split_inclusive(|&x| !strong.contains(&(x + 1)));
        let gap = |r: &[usize]| {
            let (a, b) = (r[0] as isize, r[r.len() - 1] as isize);
            (a - nearest).max(nearest - b).max(0)
        };
        if let Some(run) = runs.min_by_key(|r| gap(r)) {
            (lo, hi) = (run[0], run[run.len() - 1]);
        }
    }
    let (lo, hi) = (lo as f32, hi as f32);
    ((lo + hi + 1.0) / 2.0, (hi + 1.0 - lo) / 2.0)
}

/// `places` (as [`line_places`] gives them) in a drawn picture, each line
/// narrowed to the run of pixel rows (columns, when `columns`) around its
/// darkest that hold at least 60% as much ink, and the pixel either side
/// that the profile's neighbours add. A drawn line is crisp; the step
/// into a dark theme's lit row, at the threshold, is ink along the row for
/// a few pixels beside the line, and the profile's run took the line for
/// nine pixels wide: that row's cells lost their top third (a `B` read
/// `D`, surely). A run broken by a pale gap is cut there.
pub fn crisp(ink: &Ink, places: Vec<(f32, f32)>, columns: bool) -> Vec<(f32, f32)> {
    // Lines across the picture (`columns`) are counted down each pixel
    // column; lines down it, along each pixel row.
    let (n, along) = if columns {
        (ink.width, ink.height)
    } else {
        (ink.height, ink.width)
    };
    let ink_along = |k: usize| {
        (0..along)
            .filter(|&j| if columns { ink.at(k, j) } else { ink.at(j, k) })
            .count()
    };
    places
        .into_iter()
        .map(|(place, half)| {
            if half < 1.0 {
                return (place, half);
            }
            // The inverse of `line_places`' place and half width.
            let (lo, hi) = ((place - half) as usize, (place + half) as usize - 1);
            let counts: Vec<usize> = (lo..=hi.min(n - 1)).map(ink_along).collect();
            let peak_at = (0..counts.len()).max_by_key(|&k| counts[k]).unwrap_or(0);
            let strong = |k: usize| counts[k] * 10 >= counts[peak_at] * 6;
            let (mut a, mut b) = (peak_at, peak_at);
            while a > 0 && strong(a - 1) {
                a -= 1;
            }
            while b + 1 < counts.len() && strong(b + 1) {
                b += 1;
            }
            let (lo, hi) = (lo + a.saturating_sub(1), lo + (b + 1).min(hi - lo));
            ((lo + hi + 1) as f32 / 2.0, (hi + 1 - lo) as f32 / 2.0)
        })
        .collect()
}

/// A bent line is followed band by band where this share of the band's
/// length is ink near it (a symbol's stroke beside a line is well under).
const BENT_LINE: f32 = 0.75;

/// How far the `lines` one way (their [`line_places`]) move within each
/// band of cells the other way (`bands`: the other way's), one move a
/// band. A page that does not lie flat bends its lines, and a line's one
/// place along its whole length puts the cells near the frame off their
/// lines by a fifth of a cell and more, reading a line as a `1` and
/// cutting symbols. Each line found is sought within each band, up to 0.3
/// of a cell from its place (where the span would leave the square, as a
/// frame's may, it has no say); the band's lines, found or not, all move
/// as the median of those found there, smoothed across the bands (below).
pub fn bent_moves(
    ink: &Ink,
    columns: bool,
    lines: &[(f32, f32)],
    bands: &[(f32, f32)],
    cell: f32,
) -> Vec<f32> {
    let n = ink.width;
    let count = bands.len().saturating_sub(1);
    if count == 0 || n < 3 {
        return vec![0.0; count];
    }
    // `along` runs down a vertical line (across a horizontal one).
    let bit = |along: usize, across: usize| {
        if columns {
            ink.bits[along * n + across]
        } else {
            ink.bits[across * n + along]
        }
    };
    // How far line `(place, half)` has moved in `band`, within `reach`:
    // nowhere while its span (its whole width, as found along its whole
    // length) is plainly a line across the band; else the shift whose span
    // holds the most ink, the nearest among equals; `None` where no span
    // is plainly a line (broken by light, or not drawn).
    let shift = |band: usize, (place, half): (f32, f32), reach: f32| -> Option<f32> {
        let from = (bands[band].0 + bands[band].1).max(0.0) as usize;
        let to = ((bands[band + 1].0 - bands[band + 1].1).max(0.0) as usize).min(n - 1);
        let (lo, hi) = (place - half - reach, place + half + reach);
        if to < from + 2 || lo < 1.0 || hi > (n - 2) as f32 {
            return None;
        }
        let (lo, hi) = (lo.round() as usize, hi.round() as usize);
        let length = (to + 1 - from) as f32;
        // A pixel off straight still counts, as in the whole profile.
        let score: Vec<f32> = (lo..=hi)
            .map(|x| {
                let near = (from..=to).filter(|&a| bit(a, x - 1) || bit(a, x) || bit(a, x + 1));
                near.count() as f32 / length
            })
            .collect();
        let width = ((2.0 * half).round() as usize).max(1);
        let steps = score.len().saturating_sub(width);
        let mean = |k: usize| score[k..k + width].iter().sum::<f32>() / width as f32;
        let centre = steps / 2;
        let mut best = (centre, mean(centre));
        if best.1 >= BENT_LINE {
            return Some(0.0);
        }
        for d in 1..=steps.div_ceil(2) {
            for k in [centre.checked_sub(d), Some(centre + d)]
                .into_iter()
                .flatten()
            {
                if k <= steps && mean(k) > best.1 {
                    best = (k, mean(k));
                }
            }
        }
        (best.1 >= BENT_LINE).then_some(best.0 as f32 - centre as f32)
    };
    let reach = (cell * 0.3).max(2.0);
    // The median; of an even count, the middle one nearer no move.
    let median = |mut v: Vec<f32>| -> f32 {
        v.sort_by(f32::total_cmp);
        let (a, b) = (v[(v.len() - 1) / 2], v[v.len() / 2]);
        if a.abs() < b.abs() {
            a
        } else {
            b
        }
    };
    // A page bends smoothly and its lines together: each band's lines move
    // as the median of those found there (at least three), and that as the
    // median of the band's and its neighbours'. A symbol's stroke beside a
    // line, taken for it in one cell, is outvoted.
    let by_band: Vec<f32> = (0..count)
        .map(|band| {
            let votes: Vec<f32> = (0..lines.len())
                .filter(|&i| lines[i].1 > 0.0)
                .filter_map(|i| shift(band, lines[i], reach))
                .collect();
            if votes.len() < 3 {
                0.0
            } else {
                median(votes)
            }
        })
        .collect();
    (0..count)
        .map(|band| median(by_band[band.saturating_sub(1)..=(band + 1).min(count - 1)].to_vec()))
        .collect()
}

/// [`line_places`] for a grid seen by its boxes (read at the boxes' side
/// squared), whose cell lines, every but each `root`-th, are thinner than
/// its box lines. A cell line found wider than the box lines either side
/// of it is a pale line with a row of symbols' tops or feet beside it,
/// which outweigh it in the profile (a 16×16 screenshot shrunk: letters
/// cut at the top and read as others); it is put between the box lines
/// evenly, without width.
pub fn box_line_places(
    ink: &Ink,
    side: usize,
    root: usize,
    columns: bool,
    frame: Frame,
) -> Vec<(f32, f32)> {
    let mut places = line_places(ink, side, columns, frame);
    for i in 0..=side {
        let k = i % root;
        if k == 0 {
            continue;
        }
        let (a, b) = (places[i - k], places[i - k + root]);
        if places[i].1 > a.1.min(b.1) {
            places[i] = (a.0 + (b.0 - a.0) * k as f32 / root as f32, 0.0);
        }
    }
    places
}

/// How the cells group into houses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Houses {
    /// Boxes of rows × columns.
    Boxes(usize, usize),
    /// Irregular regions: each cell's region, `0..side`.
    Regions(Vec<u8>),
}

/// The weight of the line on each inner edge: per row (or column) along
/// the edge less its ends (where crossing lines are), the run of ink
/// through the ink nearest the expected place, a pixel beyond it each way,
/// summed as darkness below the paper beside it (so a thin dark line and a
/// wide pale one weigh what they look); then the 30th percentile of those:
/// a large symbol touching a thin line along much of its middle (the bowl
/// of a `6` above the bar of a `4`) does not make it thick.
/// The paper beside a line: in a `drawn` picture each side's own, so that
/// a step between fills along an edge (a selected cell's lit row and
/// column beside unlit cells, a shaded box beside a white one) weighs
/// little: measured against the lighter side, the darker fill next to it
/// weighed as much as a box line (a dark 6×6 whose lit column and row made
/// thick edges across its boxes, its boxes not found). In a photo, the
/// lighter of the two: measured per side there, four photos of the
/// benchmark sets lost their boxes, against one gained.
/// Returns (vertical edges right of column c in row r, indexed r·(n−1)+c;
/// horizontal edges below row r in column c, indexed r·n+c).
fn edge_thickness(
    ink: &Ink,
    square: &Gray,
    side: usize,
    frame: Frame,
    drawn: bool,
) -> (Vec<f32>, Vec<f32>) {
    let size = ink.width as isize;
    let cell = frame.size / side as f32;
    let (near, reach) = ((cell / 4.0) as isize, (cell / 3.0) as isize);
    let mut counts = Vec::new();
    let mut measure = |vertical: bool, line: usize, cell_index: usize| {
        let at = frame.line(line, side) as isize;
        let from = (frame.line(cell_index, side) + cell * 0.15) as usize;
        let to = (frame.line(cell_index + 1, side) - cell * 0.15) as usize;
        counts.clear();
        for along in from..to.max(from + 1) {
            let along = along.min(ink.width - 1);
            let hit = |across: isize| {
                (0..size).contains(&across)
                    && if vertical {
                        ink.at(across as usize, along)
                    } else {
                        ink.at(along, across as usize)
                    }
            };
            let Some(q) = (0..=near).flat_map(|d| [at - d, at + d]).find(|&p| hit(p)) else {
                counts.push(0.0);
                continue;
            };
            let (mut lo, mut hi) = (q, q);
            while lo > at - reach && hit(lo - 1) {
                lo -= 1;
            }
            while hi < at + reach && hit(hi + 1) {
                hi += 1;
            }
            let raw = |across: isize| {
                let a = across.clamp(0, size - 1) as usize;
                (if vertical {
                    square.at(a, along)
                } else {
                    square.at(along, a)
                }) as f32
            };
            // The paper here: a few pixels off the line, each side's or the
            // lighter (a shadow darkens lines and paper alike).
            let (before, beyond) = (raw(lo - 3).max(1.0), raw(hi + 3).max(1.0));
            let lighter = before.max(beyond);
            let middle = (lo + hi) / 2;
            let level = |across: isize| {
                let paper = match (drawn, across <= middle) {
                    (false, _) => lighter,
                    (true, true) => before,
                    (true, false) => beyond,
                };
                ((paper - raw(across)) / paper).max(0.0)
            };
            counts.push((lo - 1..=hi + 1).map(level).sum());
        }
        counts.sort_by(f32::total_cmp);
        counts[counts.len() * 3 / 10]
    };
    let mut vertical = Vec::with_capacity(side * (side - 1));
    for r in 0..side {
        for c in 0..side - 1 {
            vertical.push(measure(true, c + 1, r));
        }
    }
    let mut horizontal = Vec::with_capacity(side * (side - 1));
    for r in 0..side - 1 {
        for c in 0..side {
            horizontal.push(measure(false, r + 1, c));
        }
    }
    (vertical, horizontal)
}

/// Whether a line of ink at row (or, with `columns`, column) `at` runs on
/// beyond the box `[x0, y0, x1, y1]` (ends excluded): ink at 80% of the
/// pixels within `reach` past either end that lie inside the grid. A line
/// crosses the cells beside one; a symbol's bar stays in its own.
pub fn runs_on(
    ink: &Ink,
    [x0, y0, x1, y1]: [usize; 4],
    columns: bool,
    at: usize,
    reach: usize,
    frame: Frame,
) -> bool {
    let (lo, hi) = if columns { (y0, y1) } else { (x0, x1) };
    let limit = if columns { ink.height } else { ink.width };
    let first = (frame.offset.max(0.0) as usize).max(lo.saturating_sub(reach));
    let last = ((frame.offset + frame.size).ceil() as usize)
        .min(limit)
        .min(hi + reach);
    let beyond: Vec<usize> = (first..lo).chain(hi..last).collect();
    let inked = beyond
        .iter()
        .filter(|&&t| {
            if columns {
                ink.at(at, t)
            } else {
                ink.at(t, at)
            }
        })
        .count();
    beyond.len() * 2 >= reach && inked * 10 >= beyond.len() * 8
}

/// Whether the grid's inner lines are darker than the paper beside them:
/// at the middle of each cell's side, the darkest pixel across the line
/// against the paper a quarter cell off on either side (the lighter side:
/// a symbol may darken one), the median of all those differences above a
/// few levels. The darkest pixel is taken on all three, so that noise
/// favours none.
pub fn darker_than_paper(square: &Gray, side: usize, frame: Frame) -> bool {
    let cell = frame.size / side as f32;
    let reach = ((cell / 12.0) as isize).max(2);
    let off = (cell / 4.0) as isize;
    let last = square.width as isize - 1;
    let mut differences = Vec::with_capacity(2 * side * (side - 1));
    for line in 1..side {
        let at = frame.line(line, side).round() as isize;
        for k in 0..side {
            let along = (frame.line(k, side) + cell / 2.0).round() as isize;
            for vertical in [true, false] {
                let darkest = |centre: isize| {
                    (centre - reach..=centre + reach)
                        .map(|p| {
                            let (p, a) = (p.clamp(0, last) as usize, along.clamp(0, last) as usize);
                            if vertical {
                                square.at(p, a)
                            } else {
                                square.at(a, p)
                            }
                        })
                        .min()
                        .unwrap_or(0) as i32
                };
                let paper = darkest(at - off).max(darkest(at + off));
                differences.push(paper - darkest(at));
            }
        }
    }
    differences.sort_unstable();
    differences[differences.len() / 2] > 8
}

/// The houses the thick lines draw, or `None` when the lines are uniform or
/// cut no valid set of regions; `drawn`: see [`edge_thickness`].
pub fn houses(ink: &Ink, square: &Gray, side: usize, frame: Frame, drawn: bool) -> Option<Houses> {
    let (vertical, horizontal) = edge_thickness(ink, square, side, frame, drawn);
    let all: Vec<f32> = vertical.iter().chain(&horizontal).cloned().collect();
    // Boxes: the pattern that splits the edges most cleanly into thick and thin.
    let mut best: Option<(f32, usize, usize)> = None;
    for rows in 2..side {
        if !side.is_multiple_of(rows) || side / rows < 2 {
            continue;
        }
        let cols = side / rows;
        let is_box_v = |i: usize| (i % (side - 1) + 1).is_multiple_of(cols);
        let is_box_h = |i: usize| (i / side + 1).is_multiple_of(rows);
        let (mut thick, mut thin) = (Vec::new(), Vec::new());
        for (i, &t) in vertical.iter().enumerate() {
            if is_box_v(i) { &mut thick } else { &mut thin }.push(t);
        }
        for (i, &t) in horizontal.iter().enumerate() {
            if is_box_h(i) { &mut thick } else { &mut thin }.push(t);
        }
        let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len().max(1) as f32;
        let (b, o) = (mean(&thick), mean(&thin));
        if b < o * 1.3 {
            continue;
        }
        let mid = (b + o) / 2.0;
        let right =
            thick.iter().filter(|&&t| t > mid).count() + thin.iter().filter(|&&t| t <= mid).count();
        let score = right as f32 / all.len() as f32;
        // Clean, or less clean but far thicker on average (a photo's blur
        // and uneven light spread both kinds).
        let clean = score >= 0.97 || (score >= 0.85 && b >= o * 1.6);
        if clean && best.is_none_or(|(s, _, _)| score > s) {
            best = Some((score, rows, cols));
        }
    }
    if let Some((_, rows, cols)) = best {
        return Some(Houses::Boxes(rows, cols));
    }
    let regions = regions(&vertical, &horizontal, side)
        .or_else(|| grown_regions(&vertical, &horizontal, side))?;
    // Regions that are the rows or the columns draw no puzzle: thick lines
    // one way only are a larger grid's box lines seen between every row of
    // a grid taken at a divisor of its side (a 12×12 of 3×4 boxes whose
    // faint cell lines one way left only a 4×4 of its lines).
    let lines_of = |row: bool| {
        (0..side * side).all(|cell| {
            let (r, c) = (cell / side, cell % side);
            let first = if row { r * side } else { c };
            regions[cell] == regions[first]
        })
    };
    if lines_of(true) || lines_of(false) {
        return None;
    }
    // Regions that are boxes after all (their lines less even than the test
    // above asks).
    let boxes = (2..side)
        .filter(|&r| side.is_multiple_of(r) && side / r >= 2)
        .find(|&rows| {
            let cols = side / rows;
            (0..side * side).all(|cell| {
                let (r, c) = (cell / side, cell % side);
                let first = (r / rows * rows) * side + c / cols * cols;
                regions[cell] == regions[first]
            })
        });
    Some(match boxes {
        Some(rows) => Houses::Boxes(rows, side / rows),
        None => Houses::Regions(regions),
    })
}

/// Regions cut by the thick edges, when they are `side` regions of `side`
/// cells. Thick is above a cut between the thicknesses: first the best
/// two-way split (Otsu's criterion), then every other gap between measured
/// thicknesses, nearest that one first: in a photo a blurred thick edge or
/// a dark thin one can sit on the wrong side of the best split, and only
/// the cut that leaves every region its `side` cells is the drawing's. A
/// cut must leave the thick edges at least 1.3 times the thin ones.
fn regions(vertical: &[f32], horizontal: &[f32], side: usize) -> Option<Vec<u8>> {
    let mut all: Vec<f32> = vertical.iter().chain(horizontal).cloned().collect();
    all.sort_by(f32::total_cmp);
    let total: f32 = all.iter().sum();
    let mut cuts: Vec<(f32, f32)> = Vec::new(); // (between-class score, cut)
    let mut below = 0.0;
    for i in 1..all.len() {
        below += all[i - 1];
        if all[i] == all[i - 1] {
            continue;
        }
        let (n0, n1) = (i as f32, (all.len() - i) as f32);
        let (m0, m1) = (below / n0, (total - below) / n1);
        if m1 < m0 * 1.3 {
            continue;
        }
        cuts.push((n0 * n1 * (m1 - m0).powi(2), (all[i - 1] + all[i]) / 2.0));
    }
    let otsu = cuts
        .iter()
        .cloned()
        .fold((0.0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
        .1;
    cuts.sort_by(|a, b| (a.1 - otsu).abs().total_cmp(&(b.1 - otsu).abs()));
    cuts.iter()
        .find_map(|&(_, cut)| cut_regions(vertical, horizontal, side, cut))
}

/// Regions grown across the thinnest edges first, never past `side` cells,
/// for when no single cut draws them: a photo's blur thickens the thin
/// lines at one end of the grid past the thick ones at the other, and a
/// screenshot's highlighted cell draws a thick edge inside a region. Each
/// edge is weighed against the thin lines near it (the 30th percentile
/// within two cells: a region's inner edges outnumber its borders there),
/// and cells are joined across the lightest edges (Kruskal's order) unless
/// the join would make a region too large, so that one edge measured
/// wrong is outvoted by the region's other edges. Kept only when every
/// region has `side` cells and the drawing bears them out: the borders'
/// median at least 1.4 times the inner edges', and at most one edge in ten
/// on the wrong side of the middle (uniform lines cut anyhow fail both).
fn grown_regions(vertical: &[f32], horizontal: &[f32], side: usize) -> Option<Vec<u8>> {
    // (cells joined, the edge's middle in cells (row, column), thickness)
    let mut edges: Vec<(usize, usize, f32, f32, f32)> = Vec::with_capacity(2 * side * side);
    for r in 0..side {
        for c in 0..side - 1 {
            let t = vertical[r * (side - 1) + c];
            edges.push((
                r * side + c,
                r * side + c + 1,
                r as f32 + 0.5,
                c as f32 + 1.0,
                t,
            ));
        }
    }
    for r in 0..side - 1 {
        for c in 0..side {
            let t = horizontal[r * side + c];
            edges.push((
                r * side + c,
                (r + 1) * side + c,
                r as f32 + 1.0,
                c as f32 + 0.5,
                t,
            ));
        }
    }
    let mut near = Vec::new();
    let mut weighed: Vec<(f32, usize, usize)> = edges
        .iter()
        .map(|&(a, b, r, c, t)| {
            near.clear();
            near.extend(
                edges
                    .iter()
                    .filter(|e| (e.2 - r).abs() <= 2.0 && (e.3 - c).abs() <= 2.0)
                    .map(|e| e.4),
            );
            near.sort_by(f32::total_cmp);
            let thin = near[near.len() * 3 / 10].max(1e-3);
            (t / thin, a, b)
        })
        .collect();
    weighed.sort_by(|x, y| x.0.total_cmp(&y.0));

    let cells = side * side;
    let mut parent: Vec<usize> = (0..cells).collect();
    let mut size = vec![1usize; cells];
    for &(_, a, b) in &weighed {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        if ra != rb && size[ra] + size[rb] <= side {
            parent[ra] = rb;
            size[rb] += size[ra];
        }
    }
    let mut label = vec![usize::MAX; cells];
    let mut labels = Vec::with_capacity(cells);
    let mut next = 0;
    for cell in 0..cells {
        let r = root(&mut parent, cell);
        if size[r] != side {
            return None;
        }
        if label[r] == usize::MAX {
            label[r] = next;
            next += 1;
        }
        labels.push(label[r] as u8);
    }

    let (mut borders, mut inner): (Vec<f32>, Vec<f32>) = (Vec::new(), Vec::new());
    for &(t, a, b) in &weighed {
        if labels[a] == labels[b] {
            &mut inner
        } else {
            &mut borders
        }
        .push(t);
    }
    let median = |v: &[f32]| v[v.len() / 2];
    let (b, i) = (median(&borders), median(&inner));
    let mid = (b + i) / 2.0;
    let wrong =
        borders.iter().filter(|&&t| t <= mid).count() + inner.iter().filter(|&&t| t > mid).count();
    (b >= 1.4 * i && wrong * 10 <= weighed.len()).then_some(labels)
}

/// The representative of cell `i`'s set in a union-find forest (halving the
/// path on the way).
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The regions the edges thicker than `cut` draw, when they are `side`
/// regions of `side` cells.
fn cut_regions(vertical: &[f32], horizontal: &[f32], side: usize, cut: f32) -> Option<Vec<u8>> {
    // Join cells across thin edges.
    let mut parent: Vec<usize> = (0..side * side).collect();
    let mut join = |a: usize, b: usize| {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    };
    for r in 0..side {
        for c in 0..side - 1 {
            if vertical[r * (side - 1) + c] <= cut {
                join(r * side + c, r * side + c + 1);
            }
        }
    }
    for r in 0..side - 1 {
        for c in 0..side {
            if horizontal[r * side + c] <= cut {
                join(r * side + c, (r + 1) * side + c);
            }
        }
    }
    // A cell with thick edges all round is no region: it is a screenshot's
    // selected cell, whose own colour thickens its edges. It joins the one
    // region beside it that it completes.
    let mut sizes = vec![0usize; side * side];
    for cell in 0..side * side {
        sizes[root(&mut parent, cell)] += 1;
    }
    for cell in 0..side * side {
        if sizes[root(&mut parent, cell)] != 1 {
            continue;
        }
        let (r, c) = (cell / side, cell % side);
        let beside = [
            (r > 0).then(|| cell - side),
            (r + 1 < side).then(|| cell + side),
            (c > 0).then(|| cell - 1),
            (c + 1 < side).then(|| cell + 1),
        ];
        let mut completed: Vec<usize> = beside
            .into_iter()
            .flatten()
            .map(|other| root(&mut parent, other))
            .filter(|&region| sizes[region] + 1 == side)
            .collect();
        completed.sort_unstable();
        completed.dedup();
        if let [region] = completed[..] {
            parent[cell] = region;
            sizes[region] += 1;
        }
    }
    let mut label = vec![usize::MAX; side * side];
    let mut next = 0usize;
    let mut labels = vec![0usize; side * side];
    let mut counts = vec![0usize; side * side];
    for (cell, slot) in labels.iter_mut().enumerate() {
        let r = root(&mut parent, cell);
        if label[r] == usize::MAX {
            label[r] = next;
            next += 1;
        }
        *slot = label[r];
        counts[label[r]] += 1;
    }
    (next == side && counts[..side].iter().all(|&c| c == side))
        .then(|| labels.iter().map(|&l| l as u8).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drawn grid: `side` cells of `cell` pixels, thin lines 1 px, thick
    /// lines 3 px on the edges `thick(vertical, line, along_cell)` says.
    fn drawn(side: usize, cell: usize, thick: impl Fn(bool, usize, usize) -> bool) -> Ink {
        let size = side * cell;
        let mut bits = vec![false; size * size];
        for line in 0..=side {
            for along in 0..size {
                let w = if line == 0 || line == side || thick(true, line, along / cell) {
                    3
                } else {
                    1
                };
                for k in 0..w {
                    let x = (line * cell + k).saturating_sub(w / 2).min(size - 1);
                    bits[along * size + x] = true;
                }
                let w = if line == 0 || line == side || thick(false, line, along / cell) {
                    3
                } else {
                    1
                };
                for k in 0..w {
                    let y = (line * cell + k).saturating_sub(w / 2).min(size - 1);
                    bits[y * size + along] = true;
                }
            }
        }
        Ink {
            width: size,
            height: size,
            bits,
        }
    }

    fn whole(ink: &Ink) -> Frame {
        Frame {
            offset: 0.0,
            size: ink.width as f32,
        }
    }

    /// The drawing as a grey picture: ink black on white.
    fn gray(ink: &Ink) -> Gray {
        Gray::new(
            ink.width,
            ink.height,
            ink.bits.iter().map(|&b| if b { 0 } else { 255 }).collect(),
        )
        .unwrap()
    }

    #[test]
    fn a_line_runs_on_beyond_a_cell_and_a_bar_does_not() {
        // A 4×4 of 20-pixel cells; a cell's inner part, [24, 24, 36, 36].
        let mut ink = drawn(4, 20, |_, _, _| false);
        let cell = [24, 24, 36, 36];
        // The line under row 1, bent up into the cell's last rows: it runs
        // on through the cells beside.
        for x in 0..80 {
            ink.bits[35 * 80 + x] = true;
        }
        assert!(runs_on(&ink, cell, false, 35, 10, whole(&ink)));
        // A symbol's bar across the cell's first row stays in the cell.
        for x in 24..36 {
            ink.bits[24 * 80 + x] = true;
        }
        assert!(!runs_on(&ink, cell, false, 24, 10, whole(&ink)));
        // The frame beside a corner cell: past the grid is not looked at.
        let mut frame = drawn(4, 20, |_, _, _| false);
        for y in 0..80 {
            frame.bits[y * 80 + 2] = true;
        }
        assert!(runs_on(&frame, [2, 4, 16, 16], true, 2, 10, whole(&frame)));
    }

    #[test]
    fn thick_lines_between_every_row_are_no_regions() {
        // A 4×4 whose horizontal lines are all thick (a 12×12's box lines
        // seen at a divisor of its side): rows as regions draw no puzzle.
        let ink = drawn(4, 20, |vertical, _, _| !vertical);
        assert_eq!(houses(&ink, &gray(&ink), 4, whole(&ink), true), None);
        let ink = drawn(4, 20, |vertical, _, _| vertical);
        assert_eq!(houses(&ink, &gray(&ink), 4, whole(&ink), true), None);
    }

    #[test]
    fn cell_lines_faint_one_way_are_there_when_the_other_way_is_plain() {
        // A 9×9 whose horizontal cell lines show along half their length
        // (every other stretch of 10 pixels gone), its vertical ones whole.
        let mut ink = drawn(9, 20, |_, line, _| line % 3 == 0);
        for line in (1..9).filter(|l| l % 3 != 0) {
            for x in (0..180).filter(|x| (x / 10) % 2 == 1) {
                ink.bits[line * 20 * 180 + x] = false;
            }
        }
        assert_eq!(side(&ink, whole(&ink)), Some(9));
        // Faint both ways, it is not.
        let mut both = ink.clone();
        for line in (1..9).filter(|l| l % 3 != 0) {
            for y in (0..180).filter(|y| (y / 10) % 2 == 1) {
                both.bits[y * 180 + line * 20] = false;
            }
        }
        assert_ne!(side(&both, whole(&both)), Some(9));
    }

    #[test]
    fn a_cell_line_widened_by_symbols_beside_it_is_put_between_the_box_lines() {
        // A 16×16 of 20-pixel cells; along 60% of the grid, a row of
        // letters' tops two and three pixels under the thin line at y = 40.
        let mut ink = drawn(16, 20, |_, line, _| line % 4 == 0);
        for y in [42, 43] {
            for x in 0..192 {
                ink.bits[y * ink.width + x] = true;
            }
        }
        let frame = whole(&ink);
        let found = line_places(&ink, 16, false, frame);
        assert!(
            found[2].1 > found[4].1,
            "the line and the tops as one: {:?}",
            found[2]
        );
        let places = box_line_places(&ink, 16, 4, false, frame);
        assert!(
            (places[2].0 - 40.0).abs() <= 1.0 && places[2].1 == 0.0,
            "{:?}",
            places[2]
        );
        // The other cell lines, thinner than the box lines, stay as found.
        assert_eq!(places[1], found[1]);
        assert_eq!(places[3], found[3]);
        assert_eq!(places[4], found[4]);
    }

    #[test]
    fn a_rule_beside_the_frame_is_not_the_frame() {
        // A 9×9 of 20-pixel cells in a 200-pixel picture, and a page's
        // column rule down the whole picture three pixels right of the
        // frame: the frame is where it is drawn, not between the two.
        let grid = drawn(9, 20, |_, _, _| false);
        let mut ink = Ink {
            width: 200,
            height: 200,
            bits: vec![false; 200 * 200],
        };
        for y in 0..180 {
            for x in 0..180 {
                ink.bits[y * 200 + x] = grid.at(x, y);
            }
        }
        for y in 0..200 {
            ink.bits[y * 200 + 183] = true;
        }
        let frame = Frame {
            offset: 0.0,
            size: 180.0,
        };
        let places = line_places(&ink, 9, true, frame);
        assert!(
            (places[9].0 - 179.5).abs() <= 0.5 && places[9].1 <= 1.5,
            "{:?}",
            places[9]
        );
    }

    #[test]
    fn a_drawn_line_is_narrowed_to_its_own_ink() {
        // A 9×9 of 20-pixel cells; under the thin line at y = 40, five rows
        // two-fifths ink, each shifted a pixel (a lit row's edge at the
        // threshold): each row is under 60% of the line, but with its
        // neighbours, as the profile counts, four-fifths.
        let mut ink = drawn(9, 20, |_, line, _| line % 3 == 0);
        for y in 41..=45 {
            for x in (0..180).filter(|x| (x + y) % 5 < 2) {
                ink.bits[y * ink.width + x] = true;
            }
        }
        let found = line_places(&ink, 9, false, whole(&ink));
        assert!(found[2].1 >= 3.0, "the band taken as line: {:?}", found[2]);
        let narrowed = crisp(&ink, found.clone(), false);
        assert!(
            (narrowed[2].0 - 40.5).abs() <= 0.5 && narrowed[2].1 <= 1.5,
            "{:?}",
            narrowed[2]
        );
        // The other lines, thin and thick, are as found.
        for line in (0..=9).filter(|&l| l != 2) {
            assert_eq!(narrowed[line], found[line], "line {line}");
        }
        // Down the picture nothing is beside the lines.
        let found = line_places(&ink, 9, true, whole(&ink));
        assert_eq!(crisp(&ink, found.clone(), true), found);
    }

    #[test]
    fn a_nine_by_nine_with_box_lines() {
        let ink = drawn(9, 20, |_, line, _| line % 3 == 0);
        assert_eq!(side(&ink, whole(&ink)), Some(9));
        assert_eq!(
            houses(&ink, &gray(&ink), 9, whole(&ink), true),
            Some(Houses::Boxes(3, 3))
        );
    }

    #[test]
    fn a_nine_by_nine_whose_cell_lines_are_lost_shows_its_boxes() {
        // Only the box lines (and the frame) drawn: no side from 4 up has
        // all its lines, and the boxes' side is found for the reader to
        // try as a 9×9.
        let size = 180;
        let mut bits = vec![false; size * size];
        for line in 0..=3 {
            let at = (line * 60).min(size - 2);
            for along in 0..size {
                for k in 0..2 {
                    bits[along * size + at + k] = true;
                    bits[(at + k) * size + along] = true;
                }
            }
        }
        let ink = Ink {
            width: size,
            height: size,
            bits,
        };
        assert_eq!(side(&ink, whole(&ink)), Some(3));
    }

    #[test]
    fn boxes_whose_cell_lines_show_in_part() {
        // A 16×16 whose thin horizontal lines keep a quarter of their
        // length: no side has all its lines with nothing mid-way (4 has the
        // thin vertical lines mid-way), but the boxes' 4 has all its lines
        // and the cells' lines are there at least in part. (At 40%, with
        // the vertical lines whole, the 16 is found itself.)
        let mut ink = drawn(16, 20, |_, line, _| line % 4 == 0);
        let size = 320;
        for line in (1..16).filter(|l| l % 4 != 0) {
            for x in (size / 4)..size {
                ink.bits[line * 20 * size + x] = false;
            }
        }
        assert_eq!(side(&ink, whole(&ink)), None);
        assert_eq!(box_side(&ink, whole(&ink)), Some(4));
        // Box lines alone with nothing of the cells' lines are no grid.
        let bare = drawn(4, 80, |_, _, _| false);
        assert_eq!(box_side(&bare, whole(&bare)), None);
    }

    #[test]
    fn one_line_each_way_may_be_broken_not_two() {
        // Thin horizontal lines with all but `kept` of their length gone
        // (glare, a fold): one such line leaves the 9×9 found; two, or one
        // nearly all gone, leave no side from 4 up with every line there,
        // only the boxes' (which the reader tries as a 9×9 to be borne out).
        // Two kept at 40% count, the vertical lines being whole (lines
        // faint one way); at a quarter, they do not.
        let broken = |lines: &[usize], kept: f32| {
            let mut ink = drawn(9, 20, |_, line, _| line % 3 == 0);
            for &line in lines {
                for x in (180.0 * kept) as usize..180 {
                    ink.bits[line * 20 * 180 + x] = false;
                }
            }
            side(&ink, whole(&ink))
        };
        assert_eq!(broken(&[4], 0.4), Some(9));
        assert_eq!(broken(&[4, 7], 0.4), Some(9));
        assert_eq!(broken(&[4, 7], 0.25), Some(3));
        assert_eq!(broken(&[4], 0.2), Some(3));
    }

    #[test]
    fn six_by_six_boxes_have_a_way_up() {
        // Boxes of 2 rows × 3 columns: thick vertical lines every 3 columns,
        // thick horizontal lines every 2 rows.
        let ink = drawn(6, 24, |vertical, line, _| {
            if vertical {
                line % 3 == 0
            } else {
                line % 2 == 0
            }
        });
        assert_eq!(side(&ink, whole(&ink)), Some(6));
        assert_eq!(
            houses(&ink, &gray(&ink), 6, whole(&ink), true),
            Some(Houses::Boxes(2, 3))
        );
    }

    #[test]
    fn a_step_between_fills_is_no_line_in_a_drawn_picture() {
        // 6×6 boxes of 2×3 on white, its second column filled grey (a
        // selected cell's lit column, as a dark theme turned over shows
        // it), the threshold's ink taking in the grey along its edges.
        let (side, cell) = (6, 24);
        let mut ink = drawn(side, cell, |vertical, line, _| {
            if vertical {
                line % 3 == 0
            } else {
                line % 2 == 0
            }
        });
        let mut page = gray(&ink);
        let size = ink.width;
        for y in 0..size {
            for x in cell + 1..2 * cell {
                if !ink.bits[y * size + x] {
                    page.pixels[y * size + x] = 140;
                }
                if x < cell + 5 || x >= 2 * cell - 4 {
                    ink.bits[y * size + x] = true;
                }
            }
        }
        let frame = whole(&ink);
        assert_eq!(
            houses(&ink, &page, side, frame, true),
            Some(Houses::Boxes(2, 3))
        );
        // Against the lighter side, the grey beside each edge weighs as a
        // box line.
        assert_ne!(
            houses(&ink, &page, side, frame, false),
            Some(Houses::Boxes(2, 3))
        );
    }

    #[test]
    fn lines_are_darker_than_paper_one_way_round() {
        let ink = drawn(6, 40, |_, line, _| line % 3 == 0);
        let page = gray(&ink);
        assert!(darker_than_paper(&page, 6, whole(&ink)));
        // Turned over, the lines are light on dark paper.
        assert!(!darker_than_paper(&page.inverted(), 6, whole(&ink)));
    }

    #[test]
    fn uniform_lines_draw_no_houses() {
        let ink = drawn(9, 20, |_, _, _| false);
        assert_eq!(side(&ink, whole(&ink)), Some(9));
        assert_eq!(houses(&ink, &gray(&ink), 9, whole(&ink), true), None);
    }

    #[test]
    fn a_jigsaw_from_its_thick_edges() {
        // 4×4 regions, none a row, a column or a box.
        let regions: [u8; 16] = [0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let ink = drawn(4, 30, |vertical, line, along| {
            let (a, b) = if vertical {
                (along * 4 + line - 1, along * 4 + line)
            } else {
                ((line - 1) * 4 + along, line * 4 + along)
            };
            regions[a] != regions[b]
        });
        assert_eq!(side(&ink, whole(&ink)), Some(4));
        assert_eq!(
            houses(&ink, &gray(&ink), 4, whole(&ink), true),
            Some(Houses::Regions(regions.to_vec()))
        );
    }
}

#[cfg(test)]
mod grown_tests {
    use super::*;

    /// A 9×9 jigsaw's regions, row by row.
    const JIGSAW: &str =
        "122222222111123333111443355614443335666644555766644558776999588777999998777988888";

    fn labels() -> Vec<u8> {
        JIGSAW.bytes().map(|b| b - b'1').collect()
    }

    /// Edge thicknesses from `weight(border, row, column)` at each edge's
    /// middle, in the order `edge_thickness` returns them.
    fn measured(weight: impl Fn(bool, f32, f32) -> f32) -> (Vec<f32>, Vec<f32>) {
        let l = labels();
        let mut vertical = Vec::new();
        for r in 0..9 {
            for c in 0..8 {
                let border = l[r * 9 + c] != l[r * 9 + c + 1];
                vertical.push(weight(border, r as f32 + 0.5, c as f32 + 1.0));
            }
        }
        let mut horizontal = Vec::new();
        for r in 0..8 {
            for c in 0..9 {
                let border = l[r * 9 + c] != l[(r + 1) * 9 + c];
                horizontal.push(weight(border, r as f32 + 1.0, c as f32 + 0.5));
            }
        }
        (vertical, horizontal)
    }

    /// The same partition, whatever the labels.
    fn same_regions(a: &[u8], b: &[u8]) -> bool {
        (0..a.len()).all(|i| (0..a.len()).all(|j| (a[i] == a[j]) == (b[i] == b[j])))
    }

    #[test]
    fn a_highlighted_cell_is_outvoted() {
        // The cursor's frame draws an edge thick inside its region (row 8,
        // between columns 6 and 7), cutting two of its cells off: no cut
        // leaves nine regions of nine.
        let (mut v, h) = measured(|border, _, _| if border { 1.3 } else { 0.3 });
        v[7 * 8 + 5] = 1.4;
        assert_eq!(regions(&v, &h, 9), None);
        let grown = grown_regions(&v, &h, 9).expect("regions");
        assert!(same_regions(&grown, &labels()));
    }

    #[test]
    fn a_selected_cell_framed_all_round_joins_the_region_it_completes() {
        // A screenshot's selected cell in a colour of its own: its four
        // edges measure as thick as the borders. It is no region of one
        // cell; the region beside it that it completes is its own.
        let (mut v, mut h) = measured(|border, _, _| if border { 2.1 } else { 0.4 });
        let (r, c) = (6, 4);
        v[r * 8 + c - 1] = 2.3;
        v[r * 8 + c] = 2.3;
        h[(r - 1) * 9 + c] = 2.3;
        h[r * 9 + c] = 2.3;
        let found = regions(&v, &h, 9).expect("regions");
        assert!(same_regions(&found, &labels()));
        // Two cells so, side by side: no longer one cell's frame.
        v[r * 8 + c + 1] = 2.3;
        h[(r - 1) * 9 + c + 1] = 2.3;
        h[r * 9 + c + 1] = 2.3;
        assert_eq!(regions(&v, &h, 9), None);
    }

    #[test]
    fn blur_thickening_toward_one_end_is_weighed_locally() {
        // Every line thickens down the grid: the bottom's thin lines are
        // thicker than the top's borders.
        let (v, h) = measured(|border, r, _| (1.0 + 0.25 * r) * if border { 1.8 } else { 1.0 });
        assert_eq!(regions(&v, &h, 9), None);
        let grown = grown_regions(&v, &h, 9).expect("regions");
        assert!(same_regions(&grown, &labels()));
    }

    #[test]
    fn uniform_lines_grow_no_regions() {
        // Lines all alike: Kruskal's order grows nine rows of nine (the
        // vertical edges come first), which the drawing does not bear out;
        // nor a thicker ring of edges round the middle box alone.
        let (v, h) = measured(|_, _, _| 1.0);
        assert_eq!(grown_regions(&v, &h, 9), None);
        let (v, h) = measured(|_, r, c| {
            if (3.0..=6.0).contains(&r) && (3.0..=6.0).contains(&c) {
                1.5
            } else {
                1.0
            }
        });
        assert_eq!(grown_regions(&v, &h, 9), None);
    }

    /// A 9×9 of 20-pixel cells from 10 to 190 on a 200-pixel square, lines
    /// two pixels wide; each vertical line's `x` moved by `bow(y)`, and a
    /// stroke one pixel wide at `(x, y0..y1)` for each of `strokes`.
    fn bowed(bow: impl Fn(usize) -> usize, strokes: &[(usize, usize, usize)]) -> Ink {
        let n = 200;
        let mut bits = vec![false; n * n];
        for y in 10..=191 {
            for i in 0..=9 {
                let x = 10 + 20 * i + bow(y);
                bits[y * n + x] = true;
                bits[y * n + x + 1] = true;
            }
        }
        for i in 0..=9 {
            let y = 10 + 20 * i;
            bits[y * n + 10..=y * n + 197].fill(true);
            bits[(y + 1) * n + 10..=(y + 1) * n + 197].fill(true);
        }
        for &(x, y0, y1) in strokes {
            for y in y0..y1 {
                bits[y * n + x] = true;
            }
        }
        Ink {
            width: n,
            height: n,
            bits,
        }
    }

    /// Each line's place and half width ([`line_places`]).
    type Places = Vec<(f32, f32)>;

    /// [`line_places`] both ways of a [`bowed`] grid.
    fn bowed_places(ink: &Ink) -> (Places, Places) {
        let frame = Frame {
            offset: 10.0,
            size: 180.0,
        };
        (
            line_places(ink, 9, true, frame),
            line_places(ink, 9, false, frame),
        )
    }

    #[test]
    fn a_bent_pages_lines_are_followed_band_by_band() {
        // Bowed right by up to 7 pixels in the middle rows, as a page that
        // does not lie flat: along its whole length a line is where it is
        // in none of the middle rows.
        let bow = |y: usize| {
            (7.0 * (std::f32::consts::PI * (y - 10) as f32 / 180.0).sin()).round() as usize
        };
        let ink = bowed(bow, &[]);
        let (xs, ys) = bowed_places(&ink);
        let moves = bent_moves(&ink, true, &xs, &ys, 20.0);
        for (i, line) in xs.iter().enumerate() {
            // The middle row's lines, each two pixels from x + 7.
            let truth = (10 + 20 * i + 7) as f32 + 1.0;
            let bent = line.0 + moves[4];
            assert!((bent - truth).abs() <= 1.0, "{bent} against {truth}");
            assert!((line.0 - truth).abs() >= 2.0, "{line:?}");
        }
        // The horizontal lines are straight: they stay.
        assert_eq!(bent_moves(&ink, false, &ys, &xs, 20.0), vec![0.0; 9]);
    }

    #[test]
    fn the_frame_is_one_step_beyond_the_line_inside_it() {
        // A 9×9 of 40-pixel cells, lines two pixels wide from 10 to 370,
        // and a page's edge below the frame (rows 378–379). The corners
        // put the bottom frame at 376, where the edge is the strong ink
        // nearest; the lines inside are found, every 40 rows.
        let n = 420;
        let mut bits = vec![false; n * n];
        for i in 0..=9 {
            let at = 10 + 40 * i;
            for y in [at, at + 1] {
                bits[y * n + 10..=y * n + 371].fill(true);
            }
            for y in 10..=371 {
                bits[y * n + at] = true;
                bits[y * n + at + 1] = true;
            }
        }
        for y in 378..=379 {
            bits[y * n + 10..=y * n + 371].fill(true);
        }
        let ink = Ink {
            width: n,
            height: n,
            bits,
        };
        let off = Frame {
            offset: 10.0,
            size: 366.0,
        };
        let ys = line_places(&ink, 9, false, off);
        assert!((ys[8].0 - 331.0).abs() <= 1.0, "{:?}", ys[8]);
        assert!((ys[9].0 - 371.0).abs() <= 1.0, "{:?}", ys[9]);
        // Where the corners are right, the frame stays where it is.
        let right = Frame {
            offset: 10.0,
            size: 361.0,
        };
        assert!((line_places(&ink, 9, false, right)[9].0 - 371.0).abs() <= 1.0);
    }

    #[test]
    fn a_stroke_beside_a_straight_line_does_not_move_it() {
        // Straight lines, and in one row of cells long strokes close beside
        // three lines (a `1` set against them), longer than the lines there.
        let strokes = [(48, 71, 90), (89, 71, 90), (128, 71, 90)];
        let ink = bowed(|_| 0, &strokes);
        let (xs, ys) = bowed_places(&ink);
        assert_eq!(bent_moves(&ink, true, &xs, &ys, 20.0), vec![0.0; 9]);
    }
}
