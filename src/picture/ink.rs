//! Grey pictures and the ink in them: shrinking, which side is ink, and the
//! adaptive threshold every later stage reads.
//!
//! A threshold against the mean of a window around each pixel, not one
//! level for the whole picture: a phone photo is lit unevenly (a shadow can
//! make the paper on one side darker than the ink on the other), and a grid
//! line is thin, so only its neighbourhood says whether it is ink.

/// A grey picture, one byte a pixel, 0 black to 255 white, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gray {
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// `width × height` levels, row by row.
    pub pixels: Vec<u8>,
}

impl Gray {
    /// A picture from grey levels; `None` when the length is not
    /// `width × height` or either side is zero.
    pub fn new(width: usize, height: usize, pixels: Vec<u8>) -> Option<Gray> {
        (width > 0 && height > 0 && pixels.len() == width.checked_mul(height)?).then_some(Gray {
            width,
            height,
            pixels,
        })
    }

    /// A square picture turned `k` quarter turns, so that its corner `k`
    /// (top-left, top-right, bottom-right, bottom-left) is top-left.
    pub fn turned(&self, k: usize) -> Gray {
        Gray {
            width: self.width,
            height: self.height,
            pixels: turned(&self.pixels, self.width, k),
        }
    }

    /// A picture from RGBA bytes (a canvas's `ImageData`); transparent pixels
    /// count as white, as a page shows them.
    pub fn from_rgba(width: usize, height: usize, rgba: &[u8]) -> Option<Gray> {
        if rgba.len() != width.checked_mul(height)?.checked_mul(4)? {
            return None;
        }
        let pixels = rgba
            .chunks_exact(4)
            .map(|p| {
                let luma = (p[0] as u32 * 77 + p[1] as u32 * 150 + p[2] as u32 * 29) >> 8;
                let a = p[3] as u32;
                ((luma * a + 255 * (255 - a)) / 255) as u8
            })
            .collect();
        Gray::new(width, height, pixels)
    }

    /// The level at `(x, y)`.
    #[inline]
    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// The level at a point between pixels, interpolated; outside the picture
    /// the nearest edge pixel.
    pub fn sample(&self, x: f32, y: f32) -> f32 {
        let x = x.clamp(0.0, (self.width - 1) as f32);
        let y = y.clamp(0.0, (self.height - 1) as f32);
        self.sample_inside(x, y)
    }

    /// [`Gray::sample`] at a point already inside the picture (clamped).
    #[inline]
    pub fn sample_inside(&self, x: f32, y: f32) -> f32 {
        let (x0, y0) = (x as usize, y as usize);
        // The next pixel across and down, or this one at the last column
        // or row.
        let across = usize::from(x0 + 1 < self.width);
        let down = if y0 + 1 < self.height { self.width } else { 0 };
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        self.bilinear(y0 * self.width + x0, across, down, fx, fy)
    }

    /// The level `fx` of the way from pixel `at` to the one `across` steps
    /// on, and `fy` of the way to the row `down` steps on (0 at the last
    /// column or row); one slice of the two rows (one bounds check).
    #[inline]
    pub fn bilinear(&self, at: usize, across: usize, down: usize, fx: f32, fy: f32) -> f32 {
        let p = &self.pixels[at..=at + down + across];
        let top = p[0] as f32 * (1.0 - fx) + p[across] as f32 * fx;
        let bottom = p[down] as f32 * (1.0 - fx) + p[down + across] as f32 * fx;
        top * (1.0 - fy) + bottom * fy
    }

    /// The picture shrunk by a whole `factor`, each pixel the mean of its
    /// block (a box filter keeps thin lines as grey rather than dropping them).
    pub fn shrink(&self, factor: usize) -> Gray {
        if factor <= 1 {
            return self.clone();
        }
        let (w, h) = (self.width / factor, self.height / factor);
        let (w, h) = (w.max(1), h.max(1));
        let mut sums = vec![0u32; w * h];
        for y in 0..(h * factor).min(self.height) {
            let row = &self.pixels[y * self.width..][..(w * factor).min(self.width)];
            let out = &mut sums[(y / factor) * w..][..w];
            for (x, &p) in row.iter().enumerate() {
                out[x / factor] += p as u32;
            }
        }
        let area = (factor * factor) as u32;
        Gray {
            width: w,
            height: h,
            pixels: sums.into_iter().map(|s| (s / area) as u8).collect(),
        }
    }

    /// The picture with dark and light swapped.
    pub fn inverted(&self) -> Gray {
        Gray {
            width: self.width,
            height: self.height,
            pixels: self.pixels.iter().map(|&p| 255 - p).collect(),
        }
    }

    /// The picture smoothed by the binomial kernel `[1 2 1] ⊗ [1 2 1] / 16`
    /// (edges repeated).
    pub fn smoothed(&self) -> Gray {
        let (w, h) = (self.width, self.height);
        let pass = |src: &[u8], step: usize, len: usize, count: usize| -> Vec<u8> {
            // Along rows (step 1, len w) or columns (step w, len h).
            let mut out = vec![0u8; src.len()];
            for line in 0..count {
                let base = if step == 1 { line * w } else { line };
                for i in 0..len {
                    let at = |k: usize| src[base + k * step] as u32;
                    let (a, b, c) = (at(i.saturating_sub(1)), at(i), at((i + 1).min(len - 1)));
                    out[base + i * step] = ((a + 2 * b + c + 2) / 4) as u8;
                }
            }
            out
        };
        let rows = pass(&self.pixels, 1, w, h);
        Gray {
            width: w,
            height: h,
            pixels: pass(&rows, w, h, w),
        }
    }

    /// The median level: below the middle, the picture is mostly dark (a dark
    /// theme), and its ink is light.
    pub fn median(&self) -> u8 {
        self.percentile(0.5)
    }

    /// The level with `fraction` of the pixels darker: the first level whose
    /// count, with the darker ones', passes `fraction` of all.
    pub fn percentile(&self, fraction: f32) -> u8 {
        let mut counts = [0usize; 256];
        for &p in &self.pixels {
            counts[p as usize] += 1;
        }
        let want = (self.pixels.len() as f32 * fraction) as usize;
        let mut seen = 0;
        for (level, &c) in counts.iter().enumerate() {
            seen += c;
            if seen > want {
                return level as u8;
            }
        }
        255
    }
}

/// Which pixels are ink: a bit a pixel, row by row.
#[derive(Clone, Debug)]
pub struct Ink {
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// `true` where the pixel is ink.
    pub bits: Vec<bool>,
}

impl Ink {
    /// A square [`Gray::turned`].
    pub fn turned(&self, k: usize) -> Ink {
        Ink {
            width: self.width,
            height: self.height,
            bits: turned(&self.bits, self.width, k),
        }
    }

    /// Whether `(x, y)` is ink.
    #[inline]
    pub fn at(&self, x: usize, y: usize) -> bool {
        self.bits[y * self.width + x]
    }

    /// Whether the pixel at the point `(x, y)` is ink (none outside).
    pub fn inked(&self, (x, y): (f32, f32)) -> bool {
        x >= 0.0
            && y >= 0.0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.at(x as usize, y as usize)
    }
}

/// [`threshold`]'s ink at a radius of a 40th of the picture's short side,
/// kept where it is also dark: under `share` of the way from the picture's
/// 2nd percentile to its 98th. A grid's dark frame stands out from paler
/// lines and steps around it (a sheet's grey cell lines, a photo's page
/// edge against a table no darker than it).
pub fn dark_ink(picture: &Gray, share: f32) -> Ink {
    let mut ink = broad_threshold(picture);
    keep_dark(&mut ink, picture, share);
    ink
}

/// [`threshold`]'s ink at a radius of a 40th of the picture's short side
/// (at least 7), as [`dark_ink`] takes it before keeping the dark part.
pub fn broad_threshold(picture: &Gray) -> Ink {
    let short = picture.width.min(picture.height);
    threshold(picture, (short / 40).max(7))
}

/// `ink` of `picture` kept where it is under `share` of the way from the
/// picture's 2nd percentile to its 98th (see [`dark_ink`]).
pub fn keep_dark(ink: &mut Ink, picture: &Gray, share: f32) {
    let (light, darkest) = (
        picture.percentile(0.98) as f32,
        picture.percentile(0.02) as f32,
    );
    let dark = (darkest + (light - darkest) * share) as u8;
    for (bit, &p) in ink.bits.iter_mut().zip(&picture.pixels) {
        *bit &= p < dark;
    }
}

/// Ink where a pixel is darker than the mean of the `(2r+1)²` window around
/// it by more than `MARGIN` (4) levels, small enough for the pale one-pixel
/// lines of many web grids, or three times the picture's noise where that
/// is more (a photo's grain and JPEG ringing on blank paper are no ink).
/// Measured on the benchmark set: margins of 1/16 and 1/32 of the mean lost
/// 11 and 1 of 124 screenshots' grids.
///
/// Whole numbers throughout, no division: `p < mean − margin` is
/// `(p + margin) · area < total`. The summed-area table is kept in `u32`
/// with wrapping sums: a window's total is at most `255 · area`, under
/// 2³² for any window under 4,000 pixels a side (the reader's pictures are
/// at most 2,000), and wrapping differences of the table give it exactly.
pub fn threshold(picture: &Gray, radius: usize) -> Ink {
    let margin = MARGIN.max(noise(picture));
    let (w, h) = (picture.width, picture.height);
    debug_assert!((2 * radius as u64 + 1).pow(2) * 255 < 1 << 32);
    // Summed-area table with a zero row and column in front.
    let stride = w + 1;
    let mut sums = vec![0u32; stride * (h + 1)];
    for (y, row) in picture.pixels.chunks_exact(w).enumerate() {
        let (above, below) = sums.split_at_mut((y + 1) * stride);
        let (above, below) = (&above[y * stride..], &mut below[..stride]);
        let mut run = 0u32;
        for (x, &p) in row.iter().enumerate() {
            run = run.wrapping_add(p as u32);
            below[x + 1] = above[x + 1].wrapping_add(run);
        }
    }
    let mut bits = vec![false; w * h];
    for (y, (row, out)) in picture
        .pixels
        .chunks_exact(w)
        .zip(bits.chunks_exact_mut(w))
        .enumerate()
    {
        let (y0, y1) = (y.saturating_sub(radius), (y + radius + 1).min(h));
        let (top, bottom) = (
            &sums[y0 * stride..][..stride],
            &sums[y1 * stride..][..stride],
        );
        let rows = (y1 - y0) as u64;
        let dark = |p: u8, total: u32, area: u64| (p as u64 + margin) * area < total as u64;
        // Columns whose window the picture's left or right edge cuts.
        let near_edge = (0..radius.min(w)).chain(w.saturating_sub(radius).max(radius)..w);
        for x in near_edge {
            let (x0, x1) = (x.saturating_sub(radius), (x + radius + 1).min(w));
            let total = bottom[x1]
                .wrapping_sub(bottom[x0])
                .wrapping_sub(top[x1])
                .wrapping_add(top[x0]);
            out[x] = dark(row[x], total, (x1 - x0) as u64 * rows);
        }
        // The rest, whose windows are whole: column x's window starts at
        // x − radius and ends before x + radius + 1 (vectorised).
        if w <= 2 * radius {
            continue;
        }
        let span = 2 * radius + 1;
        let area = span as u64 * rows;
        let ends = bottom[span..].iter().zip(&top[span..]);
        let starts = bottom.iter().zip(top);
        let cells = row[radius..w - radius].iter().zip(&mut out[radius..]);
        for (((&p, ink), (&b1, &t1)), (&b0, &t0)) in cells.zip(ends).zip(starts) {
            let total = b1.wrapping_sub(b0).wrapping_sub(t1).wrapping_add(t0);
            *ink = dark(p, total, area);
        }
    }
    Ink {
        width: w,
        height: h,
        bits,
    }
}

/// The least margin of [`threshold`], in levels.
const MARGIN: u64 = 4;

/// The ink grown by `reach` pixels every way (a square's reach): a grid
/// drawn as dark tiles with light gaps between them (a dark theme's cells)
/// is one piece of ink so, where each tile, or each box of tiles, is a
/// piece of its own. Two passes of a running "any": along the rows, then
/// down the columns.
pub fn grown(ink: &Ink, reach: usize) -> Ink {
    let (w, h) = (ink.width, ink.height);
    let spread = |line: &[bool], out: &mut [bool]| {
        // The last ink at or before each place, and the first at or after.
        let n = line.len();
        let mut last = None;
        for i in 0..n {
            if line[i] {
                last = Some(i);
            }
            out[i] = last.is_some_and(|l| i - l <= reach);
        }
        let mut next = None;
        for i in (0..n).rev() {
            if line[i] {
                next = Some(i);
            }
            out[i] |= next.is_some_and(|j| j - i <= reach);
        }
    };
    let mut across = vec![false; w * h];
    for (row, out) in ink.bits.chunks_exact(w).zip(across.chunks_exact_mut(w)) {
        spread(row, out);
    }
    let mut bits = vec![false; w * h];
    let (mut column, mut out) = (vec![false; h], vec![false; h]);
    for x in 0..w {
        for y in 0..h {
            column[y] = across[y * w + x];
        }
        spread(&column, &mut out);
        for y in 0..h {
            bits[y * w + x] = out[y];
        }
    }
    Ink {
        width: w,
        height: h,
        bits,
    }
}

/// The ink that is darker than the picture on both sides of it, across or
/// down, `reach` pixels away: lines and strokes, not the dark side of a
/// step between two levels of paper (a grid of white cells on a grey page,
/// whose steps the adaptive threshold marks as ink all round the grid).
/// Lines wider than `2 · reach` keep only their core.
pub fn ridges(ink: &Ink, picture: &Gray, reach: usize) -> Ink {
    let (w, h) = (ink.width, ink.height);
    let mut bits = vec![false; w * h];
    for y in reach..h.saturating_sub(reach) {
        for x in reach..w.saturating_sub(reach) {
            if !ink.at(x, y) {
                continue;
            }
            let p = picture.at(x, y) as i32 + 2;
            let across = p < picture.at(x - reach, y) as i32 && p < picture.at(x + reach, y) as i32;
            let down = p < picture.at(x, y - reach) as i32 && p < picture.at(x, y + reach) as i32;
            bits[y * w + x] = across || down;
        }
    }
    Ink {
        width: w,
        height: h,
        bits,
    }
}

/// Three times the noise's standard deviation, in levels, estimated from
/// the median difference between neighbouring pixels (edges are few, so
/// the median sees the grain; a clean screenshot gives 0).
pub fn noise(picture: &Gray) -> u64 {
    let mut counts = [0usize; 256];
    let mut n = 0;
    for row in picture.pixels.chunks_exact(picture.width).step_by(2) {
        for pair in row.windows(2).step_by(2) {
            counts[pair[0].abs_diff(pair[1]) as usize] += 1;
            n += 1;
        }
    }
    let mut seen = 0;
    let median = counts
        .iter()
        .position(|&c| {
            seen += c;
            seen * 2 > n
        })
        .unwrap_or(0);
    // For Gaussian noise, median |a − b| = 0.954 σ.
    (3.0 * median as f32 / 0.954).round() as u64
}

/// The pixels of a `side`-square picture turned `k` quarter turns: the
/// new `(x, y)` is the old corner `k`'s neighbourhood, walked the same way.
fn turned<T: Copy>(pixels: &[T], side: usize, k: usize) -> Vec<T> {
    debug_assert_eq!(pixels.len(), side * side, "a square picture");
    let last = side - 1;
    let mut out = Vec::with_capacity(pixels.len());
    for y in 0..side {
        for x in 0..side {
            let (u, v) = match k % 4 {
                0 => (x, y),
                1 => (last - y, x),
                2 => (last - x, last - y),
                _ => (y, last - x),
            };
            out.push(pixels[v * side + u]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_grown_by_half_their_gap_are_one_piece() {
        // Two 10-pixel tiles with a 4-pixel gap between them: grown by 2
        // they meet, by 1 they do not; the growth reaches 2 pixels out.
        let mut ink = Ink {
            width: 30,
            height: 14,
            bits: vec![false; 30 * 14],
        };
        for y in 2..12 {
            for x in (2..12).chain(16..26) {
                ink.bits[y * 30 + x] = true;
            }
        }
        let by_one = grown(&ink, 1);
        assert!(!by_one.at(13, 6) && !by_one.at(14, 6) && by_one.at(12, 6) && by_one.at(15, 6));
        let by_two = grown(&ink, 2);
        assert!((12..16).all(|x| by_two.at(x, 6)));
        assert!(by_two.at(0, 0) && !by_two.at(29, 6) && by_two.at(27, 13));
    }

    #[test]
    fn a_turn_brings_the_named_corner_to_the_top_left() {
        // 0 1 2 / 3 4 5 / 6 7 8: corners top-left 0, top-right 2,
        // bottom-right 8, bottom-left 6.
        let g = Gray::new(3, 3, (0..9).collect()).unwrap();
        for (k, corner) in [(0, 0), (1, 2), (2, 8), (3, 6)] {
            let t = g.turned(k);
            assert_eq!(t.at(0, 0), corner, "turn {k}");
            // The next corner clockwise comes top-right.
            assert_eq!(t.at(2, 0), [2, 8, 6, 0][k], "turn {k}");
        }
        assert_eq!(g.turned(1).turned(3).pixels, g.pixels);
        assert_eq!(g.turned(2).turned(2).pixels, g.pixels);
        let ink = Ink {
            width: 3,
            height: 3,
            bits: (0..9).map(|i| i == 2).collect(),
        };
        assert!(ink.turned(1).at(0, 0));
    }

    #[test]
    fn smoothing_spreads_a_speck_and_keeps_flat_paper() {
        let mut pixels = vec![200u8; 25];
        pixels[12] = 40; // one dark pixel in the middle of 5×5
        let g = Gray::new(5, 5, pixels).unwrap().smoothed();
        // 200 − 160 · (2/4)² at the speck, − 160 · 2/16 beside it.
        assert_eq!(g.at(2, 2), 160);
        assert_eq!(g.at(1, 2), 180);
        assert_eq!(g.at(1, 1), 190);
        assert_eq!(g.at(0, 0), 200);
    }

    /// The threshold as defined, window by window, on pictures narrower
    /// and wider than its window: the summed-area table, the whole-window
    /// columns and the edge columns give the same ink. The pictures are
    /// paper with a gentle gradient (little noise, so the margin is small)
    /// and dark specks of every depth, so that ink and paper both occur.
    #[test]
    fn the_threshold_is_its_definition() {
        let mut seed = 7u32;
        let mut random = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            seed >> 16
        };
        let mut level = |i: usize, w: usize| {
            let paper = 170 + ((i % w) * 5 + (i / w) * 3) % 40;
            let speck = if random() % 4 == 0 { random() % 120 } else { 0 };
            (paper - speck as usize) as u8
        };
        let mut seen = [false; 2];
        for (w, h, radius) in [
            (1, 1, 1),
            (3, 7, 2),
            (9, 4, 4),
            (10, 10, 5),
            (23, 17, 3),
            (40, 3, 7),
        ] {
            let g = Gray::new(w, h, (0..w * h).map(|i| level(i, w)).collect()).unwrap();
            let margin = MARGIN.max(noise(&g));
            let ink = threshold(&g, radius);
            for y in 0..h {
                for x in 0..w {
                    let (x0, x1) = (x.saturating_sub(radius), (x + radius + 1).min(w));
                    let (y0, y1) = (y.saturating_sub(radius), (y + radius + 1).min(h));
                    let total: u64 = (y0..y1)
                        .flat_map(|v| (x0..x1).map(move |u| (u, v)))
                        .map(|(u, v)| g.at(u, v) as u64)
                        .sum();
                    let area = ((x1 - x0) * (y1 - y0)) as u64;
                    let mean = total as f64 / area as f64;
                    let dark = (g.at(x, y) as f64) < mean - margin as f64;
                    assert_eq!(
                        ink.at(x, y),
                        dark,
                        "{w}×{h}, radius {radius}, at ({x}, {y})"
                    );
                    seen[dark as usize] = true;
                }
            }
        }
        assert_eq!(seen, [true, true], "both ink and paper");
    }

    #[test]
    fn a_thin_grey_line_is_ink_and_blank_paper_is_not() {
        // A 40×40 white picture with a light grey line down column 20.
        let mut pixels = vec![250u8; 1600];
        for y in 0..40 {
            pixels[y * 40 + 20] = 200;
        }
        let ink = threshold(&Gray::new(40, 40, pixels).unwrap(), 6);
        assert!((0..40).all(|y| ink.at(20, y)));
        assert_eq!(ink.bits.iter().filter(|&&b| b).count(), 40);
    }

    #[test]
    fn a_step_between_papers_is_no_ridge_and_a_line_is() {
        // Left half grey 230, right half white, a line down column 30.
        let mut pixels = vec![255u8; 1600];
        for y in 0..40 {
            for x in 0..20 {
                pixels[y * 40 + x] = 230;
            }
            pixels[y * 40 + 30] = 180;
        }
        let g = Gray::new(40, 40, pixels).unwrap();
        let ink = threshold(&g, 6);
        assert!(ink.at(19, 20), "the step's dark side is ink");
        let r = ridges(&ink, &g, 3);
        assert!(!r.at(19, 20) && r.at(30, 20));
    }

    #[test]
    fn shrinking_averages_blocks() {
        let g = Gray::new(4, 2, vec![0, 255, 100, 100, 255, 0, 100, 100]).unwrap();
        let s = g.shrink(2);
        assert_eq!((s.width, s.height), (2, 1));
        assert_eq!(s.pixels, vec![127, 100]);
    }

    #[test]
    fn rgba_with_transparency_reads_as_on_white() {
        let g = Gray::from_rgba(2, 1, &[0, 0, 0, 255, 0, 0, 0, 0]).unwrap();
        assert_eq!(g.pixels, vec![0, 255]);
        assert!(Gray::from_rgba(2, 2, &[0; 8]).is_none());
    }
}
