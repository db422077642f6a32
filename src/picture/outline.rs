//! Where the grid is: its lines are one connected piece of ink, the largest
//! in the picture; its four corners are that piece's extreme points along the
//! two diagonals.
//!
//! Why the extremes: a grid seen at a tilt of up to ~15° or turned a few
//! degrees is a convex quadrilateral whose corners are the points furthest
//! towards top-left (least x + y), bottom-right (most x + y), top-right
//! (most x − y) and bottom-left (least x − y). Text and clutter around the
//! grid are separate pieces and do not move them.

use super::ink::Ink;

/// A connected piece of ink: its size and extreme points.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Bounding box: least x, least y, most x, most y.
    pub bounds: [usize; 4],
    /// Top-left, top-right, bottom-right, bottom-left, as `(x, y)`.
    pub corners: [(f32, f32); 4],
    /// One of its pixels (row-major index), to trace it again.
    pub seed: usize,
}

impl Piece {
    /// The bounding box's width and height.
    pub fn size(&self) -> (usize, usize) {
        (
            self.bounds[2] - self.bounds[0] + 1,
            self.bounds[3] - self.bounds[1] + 1,
        )
    }
}

/// The pieces of ink whose bounding box is at least `min_side` pixels each
/// way, largest box first (8-connected: a thin line drawn at an angle
/// touches itself only at corners).
pub fn large_pieces(ink: &Ink, min_side: usize) -> Vec<Piece> {
    let (w, h) = (ink.width, ink.height);
    // Ink not yet in a piece; the stack holds places, not indices (which
    // took a division each to find the place again).
    let mut left = ink.bits.clone();
    let mut stack = Vec::new();
    let mut pieces = Vec::new();
    for start in 0..w * h {
        if !left[start] {
            continue;
        }
        left[start] = false;
        stack.push((start % w, start / w));
        let mut bounds = [usize::MAX, usize::MAX, 0, 0];
        // Extremes of x + y and x − y (offset by h to stay unsigned).
        let mut ext = [usize::MAX, 0, 0, usize::MAX];
        let mut at = [(0usize, 0usize); 4];
        while let Some((x, y)) = stack.pop() {
            bounds[0] = bounds[0].min(x);
            bounds[1] = bounds[1].min(y);
            bounds[2] = bounds[2].max(x);
            bounds[3] = bounds[3].max(y);
            let (sum, diff) = (x + y, x + h - y);
            if sum < ext[0] {
                ext[0] = sum;
                at[0] = (x, y);
            }
            if diff > ext[1] {
                ext[1] = diff;
                at[1] = (x, y);
            }
            if sum > ext[2] {
                ext[2] = sum;
                at[2] = (x, y);
            }
            if diff < ext[3] {
                ext[3] = diff;
                at[3] = (x, y);
            }
            for ny in y.saturating_sub(1)..(y + 2).min(h) {
                for nx in x.saturating_sub(1)..(x + 2).min(w) {
                    let j = ny * w + nx;
                    if left[j] {
                        left[j] = false;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        if bounds[2] + 1 - bounds[0] >= min_side && bounds[3] + 1 - bounds[1] >= min_side {
            pieces.push(Piece {
                bounds,
                corners: at.map(|(x, y)| (x as f32 + 0.5, y as f32 + 0.5)),
                seed: start,
            });
        }
    }
    pieces.sort_by_key(|p| std::cmp::Reverse(p.size().0 * p.size().1));
    pieces
}

/// The corners of a grid drawn without a frame: its outer lines stop where
/// the cells end, so the piece's extreme points are line ends, not corners.
/// The convex hull of such a piece has four long sides (along the first and
/// last lines' ends) and four short cut corners; the long sides, extended,
/// meet at the corners. A framed grid's hull is its frame, and gives the
/// same corners as the extremes.
pub fn hull_corners(ink: &Ink, piece: &Piece) -> Option<[(f32, f32); 4]> {
    // Each row's leftmost and rightmost pixel of the piece: the hull's
    // vertices are among them.
    let (w, h) = (ink.width, ink.height);
    let [x0, y0, x1, y1] = piece.bounds;
    let rows = y1 + 1 - y0;
    let mut left = vec![usize::MAX; rows];
    let mut right = vec![0usize; rows];
    let mut seen = vec![false; (x1 + 1 - x0) * rows];
    let index = |x: usize, y: usize| (y - y0) * (x1 + 1 - x0) + (x - x0);
    let mut stack = vec![piece.seed];
    seen[index(piece.seed % w, piece.seed / w)] = true;
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        left[y - y0] = left[y - y0].min(x);
        right[y - y0] = right[y - y0].max(x);
        for ny in y.saturating_sub(1)..(y + 2).min(h) {
            for nx in x.saturating_sub(1)..(x + 2).min(w) {
                if (x0..=x1).contains(&nx)
                    && (y0..=y1).contains(&ny)
                    && ink.at(nx, ny)
                    && !seen[index(nx, ny)]
                {
                    seen[index(nx, ny)] = true;
                    stack.push(ny * w + nx);
                }
            }
        }
    }
    let mut points: Vec<(f32, f32)> = Vec::new();
    for r in 0..rows {
        if left[r] != usize::MAX {
            let y = (y0 + r) as f32 + 0.5;
            points.push((left[r] as f32, y));
            points.push((right[r] as f32 + 1.0, y));
        }
    }
    let hull = convex_hull(points);
    if hull.len() < 4 {
        return None;
    }
    // The longest hull edge facing each way (up, right, down, left in the
    // picture), as a point and a direction.
    let centre = (
        hull.iter().map(|p| p.0).sum::<f32>() / hull.len() as f32,
        hull.iter().map(|p| p.1).sum::<f32>() / hull.len() as f32,
    );
    type Edge = ((f32, f32), (f32, f32), f32);
    let mut best: [Option<Edge>; 4] = [None; 4];
    for i in 0..hull.len() {
        let (a, b) = (hull[i], hull[(i + 1) % hull.len()]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        // Mostly horizontal edges are the top or bottom, by which side of
        // the centre they lie; mostly vertical ones the left or right.
        let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let side = if dx.abs() >= dy.abs() {
            if my < centre.1 {
                0
            } else {
                2
            }
        } else if mx > centre.0 {
            1
        } else {
            3
        };
        if best[side].is_none_or(|(_, _, l)| len > l) {
            best[side] = Some((a, b, len));
        }
    }
    let lines: Vec<((f32, f32), (f32, f32))> = best
        .iter()
        .map(|e| e.map(|(a, b, _)| (a, b)))
        .collect::<Option<_>>()?;
    let meet = |p: ((f32, f32), (f32, f32)), q: ((f32, f32), (f32, f32))| {
        let (d1, d2) = (
            (p.1 .0 - p.0 .0, p.1 .1 - p.0 .1),
            (q.1 .0 - q.0 .0, q.1 .1 - q.0 .1),
        );
        let det = d1.0 * d2.1 - d1.1 * d2.0;
        if det.abs() < 1e-6 {
            return None;
        }
        let t = ((q.0 .0 - p.0 .0) * d2.1 - (q.0 .1 - p.0 .1) * d2.0) / det;
        Some((p.0 .0 + t * d1.0, p.0 .1 + t * d1.1))
    };
    // Top-left is where the left edge meets the top edge, and so on.
    Some([
        meet(lines[3], lines[0])?,
        meet(lines[0], lines[1])?,
        meet(lines[1], lines[2])?,
        meet(lines[2], lines[3])?,
    ])
}

/// The convex hull (Andrew's monotone chain).
fn convex_hull(mut points: Vec<(f32, f32)>) -> Vec<(f32, f32)> {
    points.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: (f32, f32), a: (f32, f32), b: (f32, f32)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut hull: Vec<(f32, f32)> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &(f32, f32)>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) >= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// The share of each side's samples that a framed grid's frame must cover.
const FRAMED: f32 = 0.9;

/// Whether `corners` (a piece's extreme points) are a frame's: ink runs
/// along each straight side between them, within a few pixels, along 90%
/// of its length. A frameless grid's extreme points are line ends, and
/// between them lie the other lines' ends only. A framed grid's corners
/// are its extreme points, and its hull's sides are no better: where a
/// shadow's edge strung ink onto the frame's middle (a photo's 6×6), the
/// hull's longest side facing left ran from a corner to that ink, and,
/// extended, put the next corner a third of a cell out.
pub fn framed(ink: &Ink, corners: &[(f32, f32); 4]) -> bool {
    let longest = (0..4)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % 4]);
            (a.0 - b.0).hypot(a.1 - b.1)
        })
        .fold(0.0, f32::max);
    let reach = (longest / 150.0).max(2.0).ceil() as isize;
    (0..4).all(|i| {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        let len = (a.0 - b.0).hypot(a.1 - b.1).max(1.0);
        let (nx, ny) = (-(b.1 - a.1) / len, (b.0 - a.0) / len);
        let n = len.ceil() as usize;
        let on = (0..n)
            .filter(|&k| {
                let t = (k as f32 + 0.5) / n as f32;
                let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                (-reach..=reach).any(|d| ink.inked((x + nx * d as f32, y + ny * d as f32)))
            })
            .count();
        on as f32 >= FRAMED * n as f32
    })
}

/// Whether four corners make a plausible view of a square grid: convex,
/// no side shorter than a third of the longest, not much skewed.
pub fn plausible(corners: &[(f32, f32); 4]) -> bool {
    let side = |a: (f32, f32), b: (f32, f32)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    let sides: Vec<f32> = (0..4)
        .map(|i| side(corners[i], corners[(i + 1) % 4]))
        .collect();
    let longest = sides.iter().cloned().fold(0.0, f32::max);
    if sides.iter().any(|&s| s * 3.0 < longest) {
        return false;
    }
    // Convex, turning the same way at each corner.
    let cross = |i: usize| {
        let (a, b, c) = (corners[i], corners[(i + 1) % 4], corners[(i + 2) % 4]);
        (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
    };
    let turns: Vec<f32> = (0..4).map(cross).collect();
    if !(turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0)) {
        return false;
    }
    // Diagonals of similar length: a square at a moderate tilt.
    let (d1, d2) = (side(corners[0], corners[2]), side(corners[1], corners[3]));
    d1.min(d2) * 1.6 > d1.max(d2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_piece_and_its_corners() {
        // A 30×30 square outline from (5,5) to (24,24) and a dot elsewhere.
        let (w, h) = (30, 30);
        let mut bits = vec![false; w * h];
        for i in 5..25 {
            for (x, y) in [(i, 5), (i, 24), (5, i), (24, i)] {
                bits[y * w + x] = true;
            }
        }
        bits[2 * w + 28] = true;
        let ink = Ink {
            width: w,
            height: h,
            bits,
        };
        let pieces = large_pieces(&ink, 3);
        assert_eq!(pieces.len(), 1);
        let p = &pieces[0];
        assert_eq!(p.bounds, [5, 5, 24, 24]);
        assert_eq!(p.corners[0], (5.5, 5.5));
        assert_eq!(p.corners[2], (24.5, 24.5));
        assert!(plausible(&p.corners));
        let hull = hull_corners(&ink, p).unwrap();
        for (got, want) in hull
            .iter()
            .zip([(5.0, 5.5), (25.0, 5.5), (25.0, 24.5), (5.0, 24.5)])
        {
            assert!(
                (got.0 - want.0).abs() < 0.6 && (got.1 - want.1).abs() < 0.6,
                "{hull:?}"
            );
        }
    }

    #[test]
    fn a_grid_without_a_frame_has_its_corners_where_its_lines_would_meet() {
        // Lines at 10, 20, 30 each way, each running from 0 to 40: no
        // frame, so the extremes are line ends.
        let (w, h) = (41, 41);
        let mut bits = vec![false; w * h];
        for line in [10, 20, 30] {
            for a in 0..41 {
                bits[line * w + a] = true;
                bits[a * w + line] = true;
            }
        }
        let ink = Ink {
            width: w,
            height: h,
            bits,
        };
        let p = &large_pieces(&ink, 3)[0];
        assert!(!framed(&ink, &p.corners));
        let c = hull_corners(&ink, p).unwrap();
        for (got, want) in c
            .iter()
            .zip([(0.0, 0.5), (41.0, 0.5), (41.0, 40.5), (0.0, 40.5)])
        {
            assert!(
                (got.0 - want.0).abs() < 0.6 && (got.1 - want.1).abs() < 0.6,
                "{c:?}"
            );
        }
    }

    #[test]
    fn a_frame_with_ink_strung_onto_its_side_keeps_its_corners() {
        // A frame from (20, 20) to (99, 99) with a line at 60 each way,
        // and a strand of ink (a shadow's edge) running out of the left
        // side's middle, down and to the left. The hull's longest side
        // facing left runs from the top-left corner to the strand's end:
        // extended, it misses the bottom-left corner. The extremes are the
        // frame's corners, and ink runs between them.
        let (w, h) = (120, 120);
        let mut bits = vec![false; w * h];
        for a in 20..100 {
            for line in [20, 60, 99] {
                bits[line * w + a] = true;
                bits[a * w + line] = true;
            }
        }
        for k in 0..12 {
            bits[(62 + k) * w + 19 - k] = true;
        }
        let ink = Ink {
            width: w,
            height: h,
            bits,
        };
        let p = &large_pieces(&ink, 3)[0];
        assert_eq!(p.corners[3], (20.5, 99.5));
        assert!(framed(&ink, &p.corners));
        let hull = hull_corners(&ink, p).unwrap();
        assert!((hull[3].0 - 20.0).abs() > 3.0, "{hull:?}");
    }

    #[test]
    fn a_sliver_is_no_grid() {
        assert!(!plausible(&[
            (0.0, 0.0),
            (100.0, 0.0),
            (100.0, 10.0),
            (0.0, 10.0)
        ]));
        assert!(!plausible(&[
            (0.0, 0.0),
            (100.0, 100.0),
            (100.0, 0.0),
            (0.0, 100.0)
        ]));
    }
}
