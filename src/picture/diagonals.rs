//! An X-Sudoku's diagonals drawn as lines, corner to corner, instead of
//! shaded (see `shading.rs`): many puzzle books and sites draw them so. The
//! lines are found, the X added to the shape, and each line taken out of
//! the cells it crosses before they are read: an empty cell's stroke from
//! corner to corner, or one through a pencil mark, was read as a symbol.
//!
//! A diagonal is drawn where, in nearly every cell on it, the picture's
//! ink follows the cell's diagonal from corner to corner (its middle part,
//! away from the corners where the grid's own lines meet) while the lines
//! beside it, a quarter of a cell away, are not: a line, not a dark or
//! hatched cell. Symbols are small beside their cell and few run corner to
//! corner, so cells off the diagonals must not show the same.
//!
//! Taking a line out keeps the symbols it meets: where a stroke crosses it,
//! where the ink across it is wider than the line, and where the ink is
//! darker than the line (see [`erase`]).
//!
//! Measured on `make_set.py --extras 1 --lines 1` sets of 9×9 screenshots
//! and photos (docs/BENCHMARKS.md, eighteenth pass).

use super::ink::{Gray, Ink};

/// The share of a diagonal's middle that its ink must follow in a cell…
const FOLLOWED: f32 = 0.85;

/// …less than this share of the lines beside it (a pencil mark or a
/// symbol's stroke may lie on them)…
const BESIDE: f32 = 0.7;

/// …the share of the diagonal's cells that must show it so (a few are
/// crossed by a symbol or a shadow's edge)…
const ON_LINE: f32 = 0.8;

/// …and the most of the other cells that may show either of their own
/// diagonals so: a hatched grid shows them all; a large `2`, `4` or `7`
/// may run nearly corner to corner (4 of the 64 in one screenshot with
/// faint diagonals), but empty cells on the diagonals show no line.
const OFF_LINE: f32 = 0.2;

/// A line from `from` to `to` in the straightened picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Where it starts, `(x, y)` in pixels.
    pub from: (f32, f32),
    /// Where it ends.
    pub to: (f32, f32),
}

impl Stroke {
    fn length(self) -> f32 {
        (self.to.0 - self.from.0).hypot(self.to.1 - self.from.1)
    }

    /// The point a share `t` of the way along, moved `off` pixels to the
    /// side (the stroke's normal).
    fn at(self, t: f32, off: f32) -> (f32, f32) {
        let (dx, dy) = (self.to.0 - self.from.0, self.to.1 - self.from.1);
        let len = self.length().max(1e-3);
        (
            self.from.0 + dx * t - dy / len * off,
            self.from.1 + dy * t + dx / len * off,
        )
    }

    /// The distance of `p` from the stroke's line, signed by its side.
    fn distance(self, p: (f32, f32)) -> f32 {
        let (dx, dy) = (self.to.0 - self.from.0, self.to.1 - self.from.1);
        ((p.1 - self.from.1) * dx - (p.0 - self.from.0) * dy) / self.length().max(1e-3)
    }
}

/// The drawn diagonals found.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The strokes through each cell (row-major; none off the diagonals,
    /// two through the centre cell of an odd side).
    pub strokes: Vec<Vec<Stroke>>,
    /// Half the ink's width across them, in pixels.
    pub half_width: f32,
}

/// The corner-to-corner strokes of cell `(r, c)`: its main diagonal and its
/// anti-diagonal, between the lines' centres `xs`, `ys`.
fn cell_strokes(xs: &[(f32, f32)], ys: &[(f32, f32)], r: usize, c: usize) -> [Stroke; 2] {
    [
        Stroke {
            from: (xs[c].0, ys[r].0),
            to: (xs[c + 1].0, ys[r + 1].0),
        },
        Stroke {
            from: (xs[c + 1].0, ys[r].0),
            to: (xs[c].0, ys[r + 1].0),
        },
    ]
}

/// The straightened picture as the lines are looked for in it.
#[derive(Clone, Copy)]
pub struct Picture<'a> {
    /// Its ink.
    pub ink: &'a Ink,
    /// Its grey levels.
    pub square: &'a Gray,
    /// How much darker than the paper on both sides a faint line must be.
    faint: f32,
}

/// The least darkness of a faint line against the paper beside it, in
/// grey levels, where the picture's grain is less.
const FAINT: f32 = 8.0;

impl<'a> Picture<'a> {
    /// `square` and its `ink`, whose grain is `noise` (three times its σ:
    /// [`super::ink::noise`]).
    pub fn new(ink: &'a Ink, square: &'a Gray, noise: u64) -> Picture<'a> {
        Picture {
            ink,
            square,
            faint: (noise as f32).max(FAINT),
        }
    }

    fn inside(&self, (x, y): (f32, f32)) -> Option<(usize, usize)> {
        (x >= 0.0 && y >= 0.0 && (x as usize) < self.ink.width && (y as usize) < self.ink.height)
            .then_some((x as usize, y as usize))
    }

    fn inked(&self, p: (f32, f32)) -> bool {
        self.ink.inked(p)
    }

    fn level(&self, p: (f32, f32)) -> Option<f32> {
        self.inside(p).map(|(x, y)| self.square.at(x, y) as f32)
    }

    /// Whether a line runs within `reach` pixels across `s` of its point a
    /// share `t` along, moved `off` to its side: ink there, or a pixel
    /// there darker by `faint` than the paper on both sides beyond. A pale
    /// one-pixel line drawn at a slant, beside a dark symbol, falls out of
    /// the ink (its threshold follows the symbol's darkness around it).
    fn line_near(&self, s: Stroke, t: f32, off: f32, reach: f32) -> bool {
        let steps = reach.ceil() as i32;
        let across = |k: i32| s.at(t, off + k as f32);
        if (-steps..=steps).any(|k| self.inked(across(k))) {
            return true;
        }
        // A faint line is looked for in paper only: beside ink, a symbol's
        // anti-aliased edge is as faint.
        if (-steps - 3..=steps + 3).any(|k| self.inked(across(k))) {
            return false;
        }
        let darkest = (-steps..=steps)
            .filter_map(|k| self.level(across(k)))
            .fold(f32::MAX, f32::min);
        let paper = |k: i32| self.level(across(k)).unwrap_or(0.0);
        darkest + self.faint <= paper(steps + 2).min(paper(-steps - 2))
    }

    /// The share of `s` from `lo` to `1 − lo` of the way that a line
    /// follows within `reach`, moved `off` to its side.
    fn followed(&self, s: Stroke, off: f32, reach: f32, lo: f32) -> f32 {
        let span = 1.0 - 2.0 * lo;
        let n = (s.length() * span).ceil().max(4.0) as usize;
        let on = (0..n)
            .filter(|&i| self.line_near(s, lo + span * (i as f32 + 0.5) / n as f32, off, reach))
            .count();
        on as f32 / n as f32
    }

    /// The ink's widths across `s` at the samples of its middle that have
    /// ink within a sixth of a cell: the inked pixels counted there.
    fn widths_across(&self, s: Stroke, cell: f32) -> Vec<usize> {
        let n = (s.length() * 0.6).ceil().max(4.0) as usize;
        let reach = (cell / 6.0).ceil() as i32;
        (0..n)
            .filter_map(|i| {
                let t = 0.2 + 0.6 * (i as f32 + 0.5) / n as f32;
                let count = (-reach..=reach)
                    .filter(|&k| self.inked(s.at(t, k as f32)))
                    .count();
                (count > 0).then_some(count)
            })
            .collect()
    }
}

/// The X's diagonals drawn as lines in a `side`×`side` grid whose lines'
/// centres and half widths are `xs`, `ys`, if they are (see the module's
/// comment).
pub fn drawn(picture: Picture, xs: &[(f32, f32)], ys: &[(f32, f32)], side: usize) -> Option<Lines> {
    if side < 4 {
        return None;
    }
    let cell = (xs[side].0 - xs[0].0).max(ys[side].0 - ys[0].0) / side as f32;
    let reach = (cell * 0.05).max(1.5);
    // Whether stroke `s` is a line: followed from a fifth of the way to
    // four fifths, and not a dark or hatched cell: the lines beside it, a
    // quarter of a cell away (their middle half, inside the cell), are not.
    let beside = cell / 4.0;
    let line = |s: Stroke| {
        picture.followed(s, 0.0, reach, 0.2) >= FOLLOWED
            && picture
                .followed(s, beside, reach, 0.25)
                .min(picture.followed(s, -beside, reach, 0.25))
                < BESIDE
    };
    let mut strokes = vec![Vec::new(); side * side];
    let (mut on, mut count) = (0, 0);
    for r in 0..side {
        for (c, which) in [(r, 0), (side - 1 - r, 1)] {
            let s = cell_strokes(xs, ys, r, c)[which];
            count += 1;
            on += line(s) as usize;
            strokes[r * side + c].push(s);
        }
    }
    if (on as f32) < count as f32 * ON_LINE {
        return None;
    }
    let off = (0..side * side)
        .filter(|&i| strokes[i].is_empty())
        .filter(|&i| {
            cell_strokes(xs, ys, i / side, i % side)
                .into_iter()
                .any(line)
        })
        .count();
    let others = side * side - (2 * side - side % 2);
    if off as f32 > others as f32 * OFF_LINE {
        return None;
    }
    let mut widths: Vec<usize> = strokes
        .iter()
        .flatten()
        .flat_map(|&s| picture.widths_across(s, cell))
        .collect();
    widths.sort_unstable();
    // A faint line out of the ink is a pixel wide.
    let width = widths.get(widths.len() / 2).copied().unwrap_or(1) as f32;
    Some(Lines {
        strokes,
        half_width: width / 2.0,
    })
}

/// `inner` (a cell's inner part, cut at `origin` in the straightened
/// picture) with the strokes made `paper` across `half_width` and a pixel
/// more (the line's blurred edge), but where a symbol meets them: where a
/// stroke crosses the line (it goes on beyond it on both sides), where the
/// ink across the line is wider than the line (a stroke running along it),
/// and where the ink is darker than the line (a black `7`'s bar along a
/// coloured line). There the ink is kept, so that the symbol keeps its
/// shape. `dark` is the level under which a pixel is ink.
pub fn erase(
    inner: &Gray,
    origin: (usize, usize),
    strokes: &[Stroke],
    half_width: f32,
    paper: f32,
    dark: f32,
) -> Gray {
    let mut clean = inner.clone();
    let band = half_width + 1.0;
    let paper = paper.round().clamp(0.0, 255.0) as u8;
    let (w, h) = (inner.width as isize, inner.height as isize);
    let value = |(x, y): (f32, f32)| {
        let (x, y) = (x.floor() as isize, y.floor() as isize);
        ((0..w).contains(&x) && (0..h).contains(&y)).then(|| inner.at(x as usize, y as usize))
    };
    let inked = |p: (f32, f32)| value(p).is_some_and(|v| (v as f32) < dark);
    // How far a run across the line is followed.
    let far = (half_width * 6.0 + 6.0).ceil() as i32;
    // The strokes in the inner part's own coordinates.
    let strokes: Vec<Stroke> = strokes
        .iter()
        .map(|s| Stroke {
            from: (s.from.0 - origin.0 as f32, s.from.1 - origin.1 as f32),
            to: (s.to.0 - origin.0 as f32, s.to.1 - origin.1 as f32),
        })
        .collect();
    for (i, &s) in strokes.iter().enumerate() {
        // Ink, but not the other line's (in the centre cell of an odd side,
        // where the two cross): that is no symbol's stroke.
        let inked = |p: (f32, f32)| {
            inked(p)
                && strokes
                    .iter()
                    .enumerate()
                    .all(|(j, o)| j == i || o.distance(p).abs() > band)
        };
        let len = s.length().max(1e-3);
        let (ux, uy) = (-(s.to.1 - s.from.1) / len, (s.to.0 - s.from.0) / len);
        // The ink's run across the line at `c` (on the line), in pixels: from
        // the inked pixel nearest the line, each way while inked.
        let run = |c: (f32, f32)| {
            let at = |k: i32| (c.0 + ux * k as f32, c.1 + uy * k as f32);
            let Some(start) = (0..=band.ceil() as i32)
                .flat_map(|k| [k, -k])
                .find(|&k| inked(at(k)))
            else {
                return 0;
            };
            let up = (1..=far).take_while(|&k| inked(at(start + k))).count();
            let down = (1..=far).take_while(|&k| inked(at(start - k))).count();
            1 + up + down
        };
        // Whether a straight stroke crosses the line at `c`: ink just
        // beyond the band on both sides, at points opposite through `c` (a
        // pixel either way), however slanted the stroke (up to the band's
        // width and more along the line). Ink on both sides elsewhere is
        // not a stroke through `c`.
        let along = (band + 3.0).ceil() as i32;
        let crossed = |c: (f32, f32)| {
            let side = |sign: f32, k: i32| {
                let k = sign * k as f32;
                inked((
                    c.0 + ux * sign * (band + 1.0) + uy * k,
                    c.1 + uy * sign * (band + 1.0) - ux * k,
                ))
            };
            (-along..=along).any(|k| side(1.0, k) && (k - 1..=k + 1).any(|j| side(-1.0, j)))
        };
        // The line's own run: the lower quartile of the runs along it in
        // the cell (a symbol covers less than half its length), at this
        // cell's threshold, where the line may be thinner than in the
        // picture's ink; a run two pixels wider is a symbol's.
        let mut runs: Vec<usize> = (0..len.ceil() as usize)
            .map(|i| run(s.at(i as f32 / len, 0.0)))
            .filter(|&r| r > 0)
            .collect();
        runs.sort_unstable();
        let widest = runs.get(runs.len() / 4).copied().unwrap_or(0) + 2;
        // The line's own level: the darkest across it, at most places along
        // it (the 60th percentile). Where the symbols are darker than the
        // line (a screenshot's coloured line under black digits) by 30
        // levels and more, a pixel darker than half-way between is a
        // symbol's wherever it lies.
        let mut levels: Vec<u8> = (0..len.ceil() as usize)
            .filter_map(|i| {
                let t = i as f32 / len;
                // Half a pixel apart: whole pixels across a slanted line
                // step over its core at some places.
                let steps = (band * 2.0).ceil() as i32;
                (-steps..=steps)
                    .filter_map(|k| value(s.at(t, k as f32 * 0.5)))
                    .min()
            })
            .collect();
        levels.sort_unstable();
        let line_level = levels.get(levels.len() * 3 / 5).map_or(0.0, |&v| v as f32);
        let darkest = inner.percentile(0.01) as f32;
        let symbol = if line_level - darkest >= 30.0 {
            (line_level + darkest) / 2.0
        } else {
            -1.0
        };
        for y in 0..h {
            for x in 0..w {
                let p = (x as f32 + 0.5, y as f32 + 0.5);
                let d = s.distance(p);
                if d.abs() > band {
                    continue;
                }
                let on_line = (p.0 - ux * d, p.1 - uy * d);
                if (inner.at(x as usize, y as usize) as f32) >= symbol
                    && run(on_line) <= widest
                    && !crossed(on_line)
                {
                    clean.pixels[y as usize * inner.width + x as usize] = paper;
                }
            }
        }
    }
    clean
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIDE: usize = 9;
    const CELL: usize = 20;

    /// A 9×9 grid of one-pixel lines, 20 pixels a cell, with more ink where
    /// `more` says: its ink and its lines' places.
    fn grid(more: impl Fn(usize, usize) -> bool) -> (Ink, Vec<(f32, f32)>) {
        let size = SIDE * CELL + 1;
        let bits = (0..size * size)
            .map(|i| {
                let (x, y) = (i % size, i / size);
                x % CELL == 0 || y % CELL == 0 || more(x, y)
            })
            .collect();
        let places = (0..=SIDE).map(|i| ((i * CELL) as f32 + 0.5, 0.5)).collect();
        (
            Ink {
                width: size,
                height: size,
                bits,
            },
            places,
        )
    }

    /// Whether `grid(more)`'s diagonals are found, its paper 250 and its
    /// ink 0, with `faint` lines drawn at 235 out of the ink.
    fn found_with(
        more: impl Fn(usize, usize) -> bool,
        faint: impl Fn(usize, usize) -> bool,
    ) -> Option<Lines> {
        let (ink, places) = grid(more);
        let levels = (0..ink.bits.len())
            .map(
                |i| match (ink.bits[i], faint(i % ink.width, i / ink.width)) {
                    (true, _) => 0,
                    (false, true) => 235,
                    (false, false) => 250,
                },
            )
            .collect();
        let square = Gray::new(ink.width, ink.height, levels).unwrap();
        drawn(Picture::new(&ink, &square, 0), &places, &places, SIDE)
    }

    fn found(more: impl Fn(usize, usize) -> bool) -> Option<Lines> {
        found_with(more, |_, _| false)
    }

    const LAST: usize = SIDE * CELL;

    #[test]
    fn drawn_diagonals_are_found() {
        let lines = found(|x, y| x == y || x + y == LAST).expect("an X drawn");
        let through = |r: usize, c: usize| lines.strokes[r * SIDE + c].len();
        assert_eq!(
            (through(0, 0), through(8, 0), through(4, 4), through(0, 1)),
            (1, 1, 2, 0)
        );
        assert_eq!(lines.strokes.iter().filter(|s| !s.is_empty()).count(), 17);
        assert!(
            (0.5..=1.5).contains(&lines.half_width),
            "{}",
            lines.half_width
        );
        // Two pixels wide, and a symbol's stroke across a few of the cells.
        let thick = |x: usize, y: usize| x.abs_diff(y) <= 1 || (x + y).abs_diff(LAST) <= 1;
        assert!(found(
            |x, y| thick(x, y) || ((x % CELL) == 10 && (y % CELL) > 4 && (y % CELL) < 16 && x < 60)
        )
        .is_some());
    }

    #[test]
    fn no_diagonals_without_both_lines_or_with_lines_everywhere() {
        assert!(found(|_, _| false).is_none(), "a plain grid");
        assert!(found(|x, y| x == y).is_none(), "one diagonal");
        assert!(
            found(|x, y| x == y || (x + y == LAST && y < LAST / 2)).is_none(),
            "half the other"
        );
        // Every cell crossed the same way (a hatched grid), or dark.
        assert!(found(|x, y| x % CELL == y % CELL || x + y == LAST).is_none());
        assert!(found(|_, _| true).is_none());
    }

    #[test]
    fn faint_diagonals_out_of_the_ink_are_found() {
        // Pale lines the threshold left out (beside dark symbols), and
        // symbols' blocks over a third of the diagonal's cells.
        let x = |x: usize, y: usize| x == y || x + y == LAST;
        let symbol = |x: usize, y: usize| {
            (x / CELL).is_multiple_of(3)
                && (6..14).contains(&(x % CELL))
                && (6..14).contains(&(y % CELL))
        };
        assert!(found_with(symbol, x).is_some());
        assert!(found_with(symbol, |_, _| false).is_none());
        // Faint hatching in every cell is no X.
        assert!(found_with(symbol, |x, y| x % CELL == y % CELL || x + y == LAST).is_none());
    }

    /// A 30×30 cell of paper 250 with `ink` at the level it gives.
    fn cell(ink: impl Fn(usize, usize) -> Option<u8>) -> Gray {
        let pixels = (0..900)
            .map(|i| ink(i % 30, i / 30).unwrap_or(250))
            .collect();
        Gray::new(30, 30, pixels).unwrap()
    }

    fn erased(inner: &Gray) -> Gray {
        let stroke = Stroke {
            from: (0.0, 0.0),
            to: (30.0, 30.0),
        };
        erase(inner, (0, 0), &[stroke], 1.0, 250.0, 175.0)
    }

    #[test]
    fn a_line_alone_is_taken_out() {
        let line = cell(|x, y| (x == y).then_some(100));
        assert!(erased(&line).pixels.iter().all(|&v| v == 250));
    }

    #[test]
    fn taking_a_line_out_keeps_the_symbols_it_meets() {
        // A bar across the line, as dark as the line: kept whole, the line
        // away from it taken out.
        let bar = |x: usize, y: usize| (14..17).contains(&x) && (5..25).contains(&y);
        let inner = cell(|x, y| (x == y || bar(x, y)).then_some(100));
        let out = erased(&inner);
        for (x, y) in (0..900).map(|i| (i % 30, i / 30)) {
            if bar(x, y) {
                assert!(out.at(x, y) < 175, "the bar at ({x}, {y})");
            }
        }
        assert_eq!((out.at(4, 4), out.at(26, 26)), (250, 250));
        // A stroke along the line, wider than it: kept.
        let wide = |x: usize, y: usize| x.abs_diff(y) <= 3 && (8..20).contains(&x);
        let out = erased(&cell(|x, y| (x == y || wide(x, y)).then_some(100)));
        assert!((9..19).all(|k| out.at(k, k) < 175 && out.at(k + 1, k) < 175));
        assert_eq!(out.at(25, 25), 250);
        // A stroke along the line as wide as it but darker (a black `7`'s
        // bar on a coloured line): kept.
        let out = erased(&cell(|x, y| {
            (x == y).then_some(if (8..20).contains(&x) { 30 } else { 130 })
        }));
        assert!((8..20).all(|k| out.at(k, k) < 175));
        assert_eq!(out.at(25, 25), 250);
    }
}
