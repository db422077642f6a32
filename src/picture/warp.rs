//! Straightening: the perspective map from a square onto the grid's four
//! corners, and the square picture sampled through it.
//!
//! A plane seen by a camera maps to the picture by a homography (eight
//! numbers); four point pairs fix it. The grid's lines are straight in the
//! picture too, so after this every row and column is axis-aligned and the
//! cells are equal squares.

use super::ink::Gray;

/// A homography: `(x, y) ↦ ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (…))`.
#[derive(Clone, Copy, Debug)]
pub struct Homography([f32; 8]);

impl Homography {
    /// The map taking the corners of the square `[0, size]²` (top-left,
    /// top-right, bottom-right, bottom-left) to `corners`; `None` when the
    /// corners are degenerate.
    pub fn square_to(size: f32, corners: &[(f32, f32); 4]) -> Option<Homography> {
        let from = [(0.0, 0.0), (size, 0.0), (size, size), (0.0, size)];
        // Eight equations in a..h, solved in f64 (the unknowns differ in
        // scale by orders of magnitude).
        let mut m = [[0f64; 9]; 8];
        for i in 0..4 {
            let (x, y) = (from[i].0 as f64, from[i].1 as f64);
            let (u, v) = (corners[i].0 as f64, corners[i].1 as f64);
            m[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            m[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        for col in 0..8 {
            let pivot = (col..8).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
            if m[pivot][col].abs() < 1e-12 {
                return None;
            }
            m.swap(col, pivot);
            for row in 0..8 {
                if row != col {
                    let k = m[row][col] / m[col][col];
                    let pivot_row = m[col];
                    for (x, p) in m[row][col..].iter_mut().zip(&pivot_row[col..]) {
                        *x -= k * p;
                    }
                }
            }
        }
        let mut h = [0f32; 8];
        for i in 0..8 {
            h[i] = (m[i][8] / m[i][i]) as f32;
        }
        h.iter().all(|v| v.is_finite()).then_some(Homography(h))
    }

    /// Where `(x, y)` of the square lands in the picture.
    #[inline]
    pub fn map(&self, x: f32, y: f32) -> (f32, f32) {
        let h = &self.0;
        let w = h[6] * x + h[7] * y + 1.0;
        (
            (h[0] * x + h[1] * y + h[2]) / w,
            (h[3] * x + h[4] * y + h[5]) / w,
        )
    }
}

/// The square picture of the quadrilateral `corners` in `picture`, the
/// quadrilateral `size` pixels a side with `margin` pixels of what is around
/// it on every side; each pixel sampled at its centre (bilinear).
pub fn straighten(
    picture: &Gray,
    corners: &[(f32, f32); 4],
    size: usize,
    margin: usize,
) -> Option<Gray> {
    let map = Homography::square_to(size as f32, corners)?;
    let whole = size + 2 * margin;
    let mut pixels = vec![0u8; whole * whole];
    // A row in two passes: first where each pixel falls in the picture
    // (the map and the clamp, which the compiler vectorises), then the
    // four pixels around it.
    let (last_x, last_y) = ((picture.width - 1) as f32, (picture.height - 1) as f32);
    let mut fall = vec![(0f32, 0f32); whole];
    for (y, row) in pixels.chunks_exact_mut(whole).enumerate() {
        let v = y as f32 + 0.5 - margin as f32;
        for (x, at) in fall.iter_mut().enumerate() {
            let (px, py) = map.map(x as f32 + 0.5 - margin as f32, v);
            *at = ((px - 0.5).clamp(0.0, last_x), (py - 0.5).clamp(0.0, last_y));
        }
        for (out, &(px, py)) in row.iter_mut().zip(&fall) {
            // Rounded half up: the level is never negative (`round` is a
            // library call, a tenth of the straightening's time).
            *out = (picture.sample_inside(px, py) + 0.5) as u8;
        }
    }
    Gray::new(whole, whole, pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corners_map_to_the_corners() {
        let corners = [(10.0, 20.0), (110.0, 25.0), (105.0, 130.0), (5.0, 120.0)];
        let h = Homography::square_to(50.0, &corners).unwrap();
        for (from, to) in [(0.0, 0.0), (50.0, 0.0), (50.0, 50.0), (0.0, 50.0)]
            .iter()
            .zip(corners)
        {
            let (x, y) = h.map(from.0, from.1);
            assert!(
                (x - to.0).abs() < 1e-3 && (y - to.1).abs() < 1e-3,
                "{x},{y} vs {to:?}"
            );
        }
    }

    #[test]
    fn straightening_an_axis_aligned_square_copies_it() {
        let pixels: Vec<u8> = (0..100).map(|i| (i * 2) as u8).collect();
        let g = Gray::new(10, 10, pixels).unwrap();
        let s = straighten(
            &g,
            &[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)],
            10,
            0,
        )
        .unwrap();
        assert_eq!(s, g);
    }
}
