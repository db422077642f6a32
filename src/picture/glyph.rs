//! What is written in one cell: nothing, pencil marks (nothing too), or one
//! or two symbols, each cut out and scaled to a small square for the
//! classifier.
//!
//! - Only the inner part of the cell is read, so its lines stay out; a piece
//!   of line that still reaches in (a thick box line, a photo's slightly bent
//!   line) is long, thin and touches the border, and is dropped.
//! - The paper is made even first ([`flatten`]): a shadow's edge across a
//!   cell is no ink. The threshold is then the cell's own, half-way between
//!   its paper and its darkest ink: a highlighted cell, a shadow or a
//!   coloured entry all keep their shapes.
//! - Pencil marks are much smaller than a symbol: a cell whose tallest piece
//!   is under 30% of the cell holds none (less in a grid whose symbols are
//!   all small, as `read_cells` finds), and pieces much smaller than the
//!   tallest are not part of the symbol. A glyph that falls apart at the
//!   strong threshold is measured whole where pale hairlines join it.
//! - Two symbols (numbers 10 to 25) sit side by side: pieces that overlap
//!   across are one symbol.
//! - A hairline paler than the threshold (a serif `O`'s top at a small size)
//!   still joins the ink it touches; where that joins what the threshold
//!   kept apart, both cuts are kept and the alphabet picks the one that fits
//!   (the two digits of a blurred `12` touch the same way).
//!
//! The scaling keeps the symbol's proportions (a `1` stays narrow), and the
//! levels stay grey (blur and anti-aliasing carry shape).

use super::ink::{Gray, Ink};

/// The side of the square a symbol is scaled to.
pub const GLYPH: usize = 20;

/// Inputs to the classifier: the square's levels, then the symbol's width
/// over its height and its height over the cell's.
pub const FEATURES: usize = GLYPH * GLYPH + 2;

/// One symbol cut out of a cell.
#[derive(Clone, Debug)]
pub struct Mark {
    /// The classifier's inputs, ink 1 and paper 0.
    pub features: Vec<f32>,
}

impl Mark {
    /// Its ink's width over its height (up to 2).
    pub fn aspect(&self) -> f32 {
        self.features[GLYPH * GLYPH] * 2.0
    }
}

/// What a cell holds.
#[derive(Clone, Debug, Default)]
pub struct CellInk {
    /// Its symbols left to right; empty for an empty cell.
    pub marks: Vec<Mark>,
    /// The same ink cut other ways, when they differ: the halves a
    /// hairline joins in [`CellInk::marks`] kept apart, and a mark too wide
    /// for one symbol cut at its thinnest column. A serif `O` is one symbol
    /// joined and two cut; a blurred `12` is two cut and may be one joined;
    /// a blurred `20` is one piece. The alphabet decides which reading fits.
    pub others: Vec<Vec<Mark>>,
    /// The ink read as one symbol where every cut makes it several: a
    /// serif `H` whose stems only a hairline paler than the weak threshold
    /// joins, a `P`'s bowl beside its stem. Only alphabets of one-character
    /// symbols read it (under numbers it would join a `12`'s digits).
    pub whole: Vec<Mark>,
    /// The tallest piece of ink over the cell's side (0 when blank).
    pub tallest: f32,
    /// The tallest symbol of [`CellInk::marks`] over the cell's side, its
    /// pieces joined and filling its height: as [`CellInk::tallest`] unless
    /// a symbol fell apart (a thin stroke broken by blur or JPEG), when it
    /// stands taller.
    pub standing: f32,
    /// How far the middle of [`CellInk::marks`]' ink lies from the middle
    /// of the cell's inner part, across, over its width (0 when blank).
    pub off_centre: f32,
    /// The width of its strokes over the cell's side (0 when blank): see
    /// [`stroke`]. Pencil marks' strokes are about half as wide as symbols'.
    pub stroke: f32,
    /// The tallest piece of ink at the strong threshold alone, over the
    /// cell's side: less than [`CellInk::tallest`] where the piece that
    /// stands was joined by paler pixels.
    pub split: f32,
    /// Whether the joined cut's pieces, side by side, stand on different
    /// lines, as pencil marks in their slots do (see [`misaligned`]).
    pub misaligned: bool,
}

impl CellInk {
    /// Every way of cutting the cell's ink into symbols (none when blank).
    pub fn readings(&self) -> impl Iterator<Item = &Vec<Mark>> {
        std::iter::once(&self.marks)
            .filter(|m| !m.is_empty())
            .chain(&self.others)
            .chain(std::iter::once(&self.whole).filter(|m| !m.is_empty()))
    }

    /// Whether any ink was read as symbols.
    pub fn written(&self) -> bool {
        self.readings().next().is_some()
    }

    /// This reading (blank) of a cell `first` read written another way:
    /// the cell is blank, though not surely so, its ink as tall as `first`'s.
    pub fn blank_after(self, first: &CellInk) -> CellInk {
        CellInk {
            tallest: first.tallest.max(self.tallest),
            standing: first.standing.max(self.standing),
            ..self
        }
    }
}

struct Piece {
    bounds: [usize; 4],
    pixels: usize,
}

/// The inner part of a cell, as a small grey picture: the box from `left`
/// to `right` and `top` to `bottom` (between its lines' ink), less a margin
/// of 5% of the cell's side.
pub fn inner(picture: &Gray, bounds: [f32; 4], cell: f32) -> Gray {
    cut(picture, inner_box(picture, bounds, cell))
}

/// The part `[x0, y0, x1, y1]` (ends excluded, not empty) of `picture`.
pub fn cut(picture: &Gray, [x0, y0, x1, y1]: [usize; 4]) -> Gray {
    let mut pixels = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for yy in y0..y1 {
        pixels.extend_from_slice(&picture.pixels[yy * picture.width + x0..yy * picture.width + x1]);
    }
    Gray::new(x1 - x0, y1 - y0, pixels).expect("a non-empty box")
}

/// Where [`inner`] cuts: `[x0, y0, x1, y1]` in `picture`, ends excluded.
pub fn inner_box(picture: &Gray, [left, top, right, bottom]: [f32; 4], cell: f32) -> [usize; 4] {
    let inset = (cell * 0.05).max(1.5);
    let x0 = (left + inset).round().max(0.0) as usize;
    let y0 = (top + inset).round().max(0.0) as usize;
    let x1 = ((right - inset).round().max(0.0) as usize)
        .min(picture.width)
        .max(x0 + 1);
    let y1 = ((bottom - inset).round().max(0.0) as usize)
        .min(picture.height)
        .max(y0 + 1);
    let (x0, y0) = (x0.min(picture.width - 1), y0.min(picture.height - 1));
    let (x1, y1) = (
        x1.min(picture.width).max(x0 + 1),
        y1.min(picture.height).max(y0 + 1),
    );
    [x0, y0, x1, y1]
}

/// `b` (an [`inner_box`]) given back its margin on each side where a
/// symbol crosses it: a two-digit number set tight in a 25×25 cell, its
/// last digit against the frame, lost that digit's outer half to the
/// margin and read `13` as `1`. A side widens while the next column (or
/// row) out holds ink of the picture joined to the ink inside, up to the
/// line's edge in `bounds` (as for [`inner_box`]), and stops at a column
/// the ink fills nearly all along (90%: the line itself, or its
/// anti-aliased edge; a symbol is shorter than its cell); an edge the ink
/// fills that way already (a line's remnant) does not widen. In a drawn
/// picture "all along" is between the lines across, not along the inner
/// part alone: where the lines' ink is wide (a dark theme's faint tile
/// gaps, the threshold's ink spread around them) the inner part shrinks
/// to the height of a number set large in a 25×25 cell, whose `1` then
/// filled it and stopped the widening (`11` read `1`); in a photo the
/// lines' places are less sure, and the inner part is kept. Only the sides in `sides` (left, top, right, bottom) widen: in a
/// photo, a thin cell line's blurred edge is too pale to fill its column
/// in the picture's ink, and joined to a symbol set near it came in as
/// part of the symbol (a `20` read `2`); the frame's edge, thick and
/// dark, does fill it. In a `photo` a column inked at both its ends is not
/// taken either: a symbol has paper above and below it, where a line's
/// edge broken up by grain runs the cell's length (an empty cell beside
/// the frame read `11`); the frame across the other way reaches one end.
pub fn widen(
    ink: &Ink,
    b: [usize; 4],
    [left, top, right, bottom]: [f32; 4],
    sides: [bool; 4],
    photo: bool,
) -> [usize; 4] {
    let [x0, y0, x1, y1] = b;
    // Ink on line `i` (a column when `columns`) across `lo..hi`.
    let inked = |columns: bool, i: usize, k: usize| {
        if columns {
            ink.at(i, k)
        } else {
            ink.at(k, i)
        }
    };
    // The span a column (or row) is measured along: `lo..hi`, the inner
    // part's; in a drawn picture widened to the lines across.
    let along = |columns: bool, lo: usize, hi: usize| {
        let (start, end, n) = if columns {
            (top, bottom, ink.height)
        } else {
            (left, right, ink.width)
        };
        if photo {
            (lo, hi)
        } else {
            (
                (start.max(0.0) as usize).min(lo),
                (end.ceil() as usize).min(n).max(hi),
            )
        }
    };
    let filled = |columns: bool, i: usize, lo: usize, hi: usize| {
        let (lo, hi) = along(columns, lo, hi);
        (lo..hi).filter(|&k| inked(columns, i, k)).count() * 10 >= (hi - lo) * 9
    };
    // Ink in the first and in the last tenth of the line (a pixel at least).
    let at_ends = |columns: bool, i: usize, lo: usize, hi: usize| {
        let end = ((hi - lo) / 10).max(1);
        (lo..lo + end).any(|k| inked(columns, i, k)) && (hi - end..hi).any(|k| inked(columns, i, k))
    };
    // From the edge line `edge` (inside the box) outward by `step` (±1),
    // no further than `limit`: the new edge line.
    let side = |columns: bool, edge: usize, step: isize, limit: usize, lo: usize, hi: usize| {
        if filled(columns, edge, lo, hi) {
            return edge;
        }
        let mut at = edge;
        while at != limit {
            let next = at.saturating_add_signed(step);
            let joined = (lo..hi).any(|k| {
                inked(columns, next, k)
                    && (k.saturating_sub(1)..(k + 2).min(hi)).any(|j| inked(columns, at, j))
            });
            if !joined || filled(columns, next, lo, hi) || (photo && at_ends(columns, next, lo, hi))
            {
                break;
            }
            at = next;
        }
        at
    };
    let (w, h) = (ink.width, ink.height);
    // The lines' edges, as pixel indices inside the cell.
    let inside_lo = |edge: f32| edge.ceil().max(0.0) as usize;
    let inside_hi = |edge: f32, n: usize| ((edge.floor() as usize).max(1) - 1).min(n - 1);
    let limit = |k: usize, edge: usize, line: usize| if sides[k] { line } else { edge };
    [
        side(true, x0, -1, limit(0, x0, inside_lo(left).min(x0)), y0, y1),
        side(false, y0, -1, limit(1, y0, inside_lo(top).min(y0)), x0, x1),
        side(
            true,
            x1 - 1,
            1,
            limit(2, x1 - 1, inside_hi(right, w).max(x1 - 1)),
            y0,
            y1,
        ) + 1,
        side(
            false,
            y1 - 1,
            1,
            limit(3, y1 - 1, inside_hi(bottom, h).max(y1 - 1)),
            x0,
            x1,
        ) + 1,
    ]
}

/// The inner part with its paper made even: each pixel divided by the paper
/// level around it, so a shadow's edge or a light gradient across a cell is
/// not read as ink, and a symbol half in shadow keeps its shape. The paper
/// level is a grey closing (the lightest level within 0.3 of the cell, then
/// the darkest of those): the window is wider than half a symbol, so from
/// anywhere on one it reaches the paper beside it (0.1 left the middles of
/// small blurred symbols taken for paper: 25×25 photos lost), while light
/// changes over many cells. A shadow darkens paper and ink by one factor,
/// so dividing restores both.
pub fn flatten(inner: &Gray, cell: f32) -> Gray {
    Paper::of(inner, cell).even(inner, [0, 0, inner.width, inner.height])
}

/// The paper level of a picture ([`flatten`]'s closing), kept by blocks of
/// `f`×`f` pixels.
pub struct Paper {
    f: usize,
    /// Blocks a row.
    across: usize,
    levels: Vec<u8>,
}

impl Paper {
    /// The paper levels of `picture`, whose cells are `cell` pixels wide.
    pub fn of(picture: &Gray, cell: f32) -> Paper {
        let r = (cell * 0.3).ceil().max(2.0) as usize;
        let (w, h) = (picture.width, picture.height);
        // Light changes slowly: the closing is taken on the lightest pixel
        // of each block of `f`×`f` (itself a first step of the closing's
        // max), a sixteenth of the work when the cell is large.
        let f = (r / 4).max(1);
        let (pw, ph) = (w.div_ceil(f), h.div_ceil(f));
        let mut levels = vec![0u8; pw * ph];
        for y in 0..h {
            let row = &mut levels[(y / f) * pw..][..pw];
            for (level, run) in row.iter_mut().zip(picture.pixels[y * w..][..w].chunks(f)) {
                *level = run.iter().fold(*level, |a, &b| a.max(b));
            }
        }
        let pr = r.div_ceil(f);
        running(&mut levels, pw, ph, pr, u8::max);
        running(&mut levels, pw, ph, pr, u8::min);
        Paper {
            f,
            across: pw,
            levels,
        }
    }

    /// The least and greatest paper level over the part `[x0, y0, x1, y1]`.
    pub fn range(&self, [x0, y0, x1, y1]: [usize; 4]) -> (u8, u8) {
        let f = self.f;
        (y0 / f..=(y1 - 1) / f)
            .flat_map(|by| &self.levels[by * self.across..][x0 / f..=(x1 - 1) / f])
            .fold((u8::MAX, 0), |(lo, hi), &v| (lo.min(v), hi.max(v)))
    }

    /// The part `[x0, y0, x1, y1]` of `picture` (the one measured), each
    /// pixel divided by its paper level.
    pub fn even(&self, picture: &Gray, [x0, y0, x1, y1]: [usize; 4]) -> Gray {
        let f = self.f;
        let mut pixels = Vec::with_capacity((x1 - x0) * (y1 - y0));
        for y in y0..y1 {
            let row = &self.levels[(y / f) * self.across..][..self.across];
            pixels.extend(
                picture.pixels[y * picture.width + x0..][..x1 - x0]
                    .iter()
                    .zip(x0..)
                    .map(|(&v, x)| ((v as u32 * 255) / (row[x / f] as u32).max(1)).min(255) as u8),
            );
        }
        Gray::new(x1 - x0, y1 - y0, pixels).expect("a non-empty box")
    }
}

/// `pick` (max or min) over a square of `2r + 1` pixels around each pixel,
/// clipped at the borders: rows, then columns, each a running window by van
/// Herk's blocks (prefix and suffix runs), a few steps a pixel whatever `r`.
fn running(pixels: &mut [u8], w: usize, h: usize, r: usize, pick: fn(u8, u8) -> u8) {
    let mut line = Vec::new();
    let mut out = Vec::new();
    let mut pass =
        |pixels: &mut [u8], count: usize, len: usize, at: &dyn Fn(usize, usize) -> usize| {
            for i in 0..count {
                line.clear();
                line.extend((0..len).map(|k| pixels[at(i, k)]));
                window(&line, r, pick, &mut out);
                for (k, &v) in out.iter().enumerate() {
                    pixels[at(i, k)] = v;
                }
            }
        };
    pass(pixels, h, w, &|y, x| y * w + x);
    pass(pixels, w, h, &|x, y| y * w + x);
}

/// `out[k]` = `pick` over `line[k - r ..= k + r]` (clipped).
fn window(line: &[u8], r: usize, pick: fn(u8, u8) -> u8, out: &mut Vec<u8>) {
    let n = line.len();
    let block = 2 * r + 1;
    // prefix[k]: from the start of k's block to k; suffix[k]: from k to its end.
    let mut prefix = line.to_vec();
    let mut suffix = line.to_vec();
    for k in 1..n {
        if k % block != 0 {
            prefix[k] = pick(prefix[k - 1], line[k]);
        }
    }
    for k in (0..n.saturating_sub(1)).rev() {
        if (k + 1) % block != 0 {
            suffix[k] = pick(suffix[k + 1], line[k]);
        }
    }
    out.clear();
    out.extend((0..n).map(|k| {
        let (lo, hi) = (k.saturating_sub(r), (k + r).min(n - 1));
        // [lo, hi] spans at most two blocks: the end of lo's and the start
        // of hi's. Within one block it starts the block (a whole window, or
        // one clipped at the start) or ends the line (clipped at the end).
        if lo / block != hi / block {
            pick(suffix[lo], prefix[hi])
        } else if lo % block == 0 {
            prefix[hi]
        } else {
            suffix[lo]
        }
    }));
}

/// The paper level and the darkest ink level of a cell's inner part: the
/// 80th and 1st percentiles (a symbol covers well under a fifth of it),
/// the 1st without the rows and columns near the edges that are mostly
/// dark: a remnant of a frame line (a photo's slightly bent line) is darker
/// than grey writing beside it, and set the threshold above it.
pub fn levels(inner: &Gray) -> (f32, f32) {
    let (w, h) = (inner.width, inner.height);
    let paper = inner.percentile(0.8);
    let dark = inner.percentile(0.01);
    let mid = ((paper as u16 + dark as u16) / 2) as u8;
    let near = |i: usize, n: usize| i < n.div_ceil(7) || i >= n - n.div_ceil(7);
    let rows: Vec<bool> = (0..h)
        .map(|y| near(y, h) && (0..w).filter(|&x| inner.at(x, y) < mid).count() * 10 >= w * 7)
        .collect();
    let cols: Vec<bool> = (0..w)
        .map(|x| near(x, w) && (0..h).filter(|&y| inner.at(x, y) < mid).count() * 10 >= h * 7)
        .collect();
    if !rows.contains(&true) && !cols.contains(&true) {
        return (paper as f32, dark as f32);
    }
    let rest: Vec<u8> = (0..h)
        .filter(|&y| !rows[y])
        .flat_map(|y| (0..w).filter(|&x| !cols[x]).map(move |x| inner.at(x, y)))
        .collect();
    let kept = |edge: &[bool]| edge.iter().filter(|&&e| !e).count();
    let rest =
        Gray::new(kept(&cols), kept(&rows), rest).map_or(dark, |g| g.percentile(0.01)) as f32;
    // Without the remnant, what is left must still be writing (40% of the
    // contrast, as `read_cells` asks of a cell against the strongest); an
    // empty cell's grain is not.
    let (paper, dark) = (paper as f32, dark as f32);
    if paper - rest >= (paper - dark) * 0.4 {
        (paper, rest)
    } else {
        (paper, dark)
    }
}

/// The runs of rows (top, bottom) and columns (left, right) from each edge
/// of a cell's inner part inward that are darker than `mid` nearly all
/// across (90%), each at most a seventh of the side: where a line's remnant
/// may lie. A symbol set low in a photo's bent grid meets the frame, the two
/// one piece of ink read as a symbol with a bar under it (`4` as `A`, `B`
/// as `2`). A symbol's own bar may be as wide in a small cell; the caller
/// tells the two apart by whether the ink runs on beyond the cell.
pub fn edge_runs(inner: &Gray, mid: f32) -> [usize; 4] {
    let (w, h) = (inner.width, inner.height);
    let dark = |count: usize, n: usize| count * 10 >= n * 9;
    let row = |y: usize| dark((0..w).filter(|&x| (inner.at(x, y) as f32) < mid).count(), w);
    let col = |x: usize| dark((0..h).filter(|&y| (inner.at(x, y) as f32) < mid).count(), h);
    let run = |n: usize, line: &dyn Fn(usize) -> bool, from_end: bool| {
        (0..n.div_ceil(7))
            .map(|i| if from_end { n - 1 - i } else { i })
            .take_while(|&i| line(i))
            .count()
    };
    [
        run(h, &row, false),
        run(h, &row, true),
        run(w, &col, false),
        run(w, &col, true),
    ]
}

/// `inner` with the edge runs `[top, bottom, left, right]` (see
/// [`edge_runs`]) made `paper`.
pub fn erase_edges(inner: &Gray, [top, bottom, left, right]: [usize; 4], paper: f32) -> Gray {
    let (w, h) = (inner.width, inner.height);
    let paper = paper.round().clamp(0.0, 255.0) as u8;
    let mut clean = inner.clone();
    for y in 0..h {
        for x in 0..w {
            if y < top || y + bottom >= h || x < left || x + right >= w {
                clean.pixels[y * w + x] = paper;
            }
        }
    }
    clean
}

/// Reads a cell's inner part (from [`inner`]); `cell` is the whole cell's
/// side in pixels, `min_contrast` the least paper-to-ink difference that is
/// writing rather than noise.
pub fn read_cell(inner: &Gray, cell: f32, min_contrast: f32) -> CellInk {
    read_cell_down_to(
        inner,
        levels(inner),
        cell,
        min_contrast,
        SYMBOL_HEIGHT,
        false,
    )
}

/// The least height of a symbol over the cell's side, where nothing else
/// tells: pencil marks are well under it, symbols well over it.
pub const SYMBOL_HEIGHT: f32 = 0.3;

/// [`read_cell`] with the cell's [`levels`] already measured and symbols
/// down to `min_height` of the cell's side (a grid whose symbols are all
/// small, see `read_cells`); a cell whose tallest piece is shorter is blank.
/// `drawn`: the picture is drawn, without grain (see below).
pub fn read_cell_down_to(
    inner: &Gray,
    (paper, dark): (f32, f32),
    cell: f32,
    min_contrast: f32,
    min_height: f32,
    drawn: bool,
) -> CellInk {
    let contrast = paper - dark;
    let mut out = CellInk::default();
    if contrast < min_contrast {
        return out;
    }
    let (w, h) = (inner.width, inner.height);
    let strong = dark + contrast * 0.5;
    let split_pieces = pieces(inner, strong, strong, w, h);
    let split_bounds = beyond_specks(&split_pieces, cell);
    let split = symbols(split_pieces, cell, w, h);
    let joined_pieces = pieces(inner, strong, dark + contrast * WEAK, w, h);
    let joined_bounds = beyond_specks(&joined_pieces, cell);
    let joined = symbols(joined_pieces, cell, w, h);
    // A glyph that falls apart at the strong threshold (a small serif 5's
    // flag over its bowl) is whole on the hysteresis cut, its strong pieces
    // stacked along nearly all its height; pale noise joined into a tall
    // piece leaves gaps between its specks.
    let split_height = split.tallest.map_or(0.0, height);
    let tallest = match joined.tallest {
        Some(b) if height(b) > split_height && stacked(&split_bounds, b) => height(b),
        // The stroke between them paler than the strong threshold yet well
        // darker than the weak one (a thin serif 5's stem at 15 pixels, its
        // bowl most of its height): the pieces at a threshold between the
        // two cover it. A column of pencil marks that blur joins is as tall
        // as several of its marks.
        Some(b)
            if height(b) > split_height
                && split_height * 2.0 >= height(b)
                && stacked(
                    &meeting(inner, dark + contrast * (0.5 + WEAK) / 2.0, cell, b),
                    b,
                ) =>
        {
            height(b)
        }
        // Drawn, there is no grain to string together: the hysteresis cut
        // is the glyph. A thin light face's `1` whose one-pixel stem falls
        // across two pixel columns is paler than the strong threshold all
        // along, between a darker flag and foot (an `11` read blank).
        Some(b) if drawn && height(b) > split_height => height(b),
        _ => split_height,
    };
    out.tallest = tallest / cell;
    out.split = split_height / cell;
    if tallest < cell * min_height {
        return out;
    }
    // A broken symbol's pieces fill most of its height (64% to 88% on
    // benchmark photos: a `5`'s bar apart from its bowl, a thin `7`'s stem
    // in pieces), not a mark and a speck far below it. Pencil marks in a
    // column of slots, joined, stand taller than the grid's symbols
    // (`read_cells` bounds that).
    out.misaligned = misaligned(&joined, cell);
    out.standing = joined
        .boxes
        .iter()
        .filter(|&&b| covered(&joined_bounds, b) >= 0.6)
        .map(|&b| height(b))
        .fold(tallest, f32::max)
        / cell;
    let marks = |boxes: &[[usize; 4]]| -> Vec<Mark> {
        boxes
            .iter()
            .map(|b| Mark {
                features: features(inner, *b, paper, contrast, cell),
            })
            .collect()
    };
    // Every way of cutting the ink, the joined cut first, each once.
    let mut cuts: Vec<Vec<[usize; 4]>> = vec![joined.boxes.clone()];
    // Cut apart, the same ink makes at least as many symbols; fewer means
    // the cut lost one (a thin 5 in small pieces, each dropped as a speck).
    // So do pieces left over inside one symbol of the joined cut that
    // together stand a symbol's height: the 5 of a `15` in pieces too short
    // to stand alone, read `1` (a line's remnant joined on is flat).
    let lost = joined.boxes.iter().any(|b| {
        let inside = split
            .left_over
            .iter()
            .filter(|p| p[0] >= b[0] && p[2] <= b[2] && p[1] >= b[1] && p[3] <= b[3]);
        let (top, bottom) = inside.fold((usize::MAX, 0), |(t, u), p| (t.min(p[1]), u.max(p[3])));
        top <= bottom && (bottom + 1 - top) as f32 >= split_height * 0.55
    });
    if split.boxes.len() >= joined.boxes.len() && !lost {
        cuts.push(split.boxes.clone());
    }
    // One piece as wide as two digits, on either cut: a blurred `20` is one
    // at the strong threshold; a `15` whose 5 falls apart there is one only
    // where pale pixels join it to the 1.
    for reading in [&split.boxes, &joined.boxes] {
        if let [b] = reading[..] {
            cuts.extend(cut_wide(inner, b, strong, drawn).into_iter().map(Vec::from));
        }
    }
    if let Some(b) = whole(&joined, cell) {
        out.whole = marks(&[b]);
    }
    if let (Some(first), Some(last)) = (cuts[0].first(), cuts[0].last()) {
        let middle = (first[0] + last[2] + 1) as f32 / 2.0;
        out.off_centre = (middle - w as f32 / 2.0).abs() / w as f32;
    }
    out.stroke = stroke(inner, &cuts[0], strong, paper, contrast) / cell;
    for (i, boxes) in cuts.iter().enumerate() {
        if !cuts[..i].contains(boxes) {
            let read = marks(boxes);
            if i == 0 {
                out.marks = read;
            } else {
                out.others.push(read);
            }
        }
    }
    out
}

/// The median stroke width of the ink darker than `level` within `boxes`:
/// through each ink pixel, the shorter of its runs across and down (a
/// stem's run across is its width, a bar's run down is its height). A run
/// counts its pixels and the one on either side by how dark they are
/// (paper 0, `paper - contrast` 1): an antialiased or blurred stroke's
/// width falls between whole pixels.
fn stroke(inner: &Gray, boxes: &[[usize; 4]], level: f32, paper: f32, contrast: f32) -> f32 {
    let w = inner.width;
    let at = |x: usize, y: usize| inner.pixels[y * w + x] as f32;
    let darkness = |x: usize, y: usize| ((paper - at(x, y)) / contrast).clamp(0.0, 1.0);
    // The runs through one line of pixels, `len` long, `(x, y)` its k-th:
    // each run's pixels with its width.
    let runs =
        |len: usize, place: &dyn Fn(usize) -> (usize, usize), out: &mut Vec<(usize, f32)>| {
            out.clear();
            let mut k = 0;
            while k < len {
                let ink = |j: usize| {
                    let (x, y) = place(j);
                    at(x, y) < level
                };
                if !ink(k) {
                    k += 1;
                    continue;
                }
                let start = k;
                while k < len && ink(k) {
                    k += 1;
                }
                let edges = start
                    .checked_sub(1)
                    .into_iter()
                    .chain((k < len).then_some(k));
                let width: f32 = (start..k)
                    .chain(edges)
                    .map(|j| {
                        let (x, y) = place(j);
                        darkness(x, y)
                    })
                    .sum();
                out.extend((start..k).map(|j| (j, width)));
            }
        };
    let mut widths = Vec::new();
    let mut line = Vec::new();
    for b in boxes {
        let (bw, bh) = (b[2] + 1 - b[0], b[3] + 1 - b[1]);
        let mut down = vec![0f32; bw * bh];
        for x in 0..bw {
            runs(bh, &|k| (b[0] + x, b[1] + k), &mut line);
            for &(k, width) in &line {
                down[k * bw + x] = width;
            }
        }
        for y in 0..bh {
            runs(bw, &|k| (b[0] + k, b[1] + y), &mut line);
            widths.extend(line.iter().map(|&(k, width)| width.min(down[y * bw + k])));
        }
    }
    median(&mut widths)
}

/// The median of `values` (the upper one of an even count; 0 for none).
pub fn median(values: &mut [f32]) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    let middle = values.len() / 2;
    *values.select_nth_unstable_by(middle, f32::total_cmp).1
}

/// The least box holding boxes `a` and `b` (`[left, top, right, bottom]`).
fn union(a: [usize; 4], b: &[usize; 4]) -> [usize; 4] {
    [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].max(b[2]),
        a[3].max(b[3]),
    ]
}

/// The box of a cell's symbols taken as one, with the pieces left over
/// beside them within their height, when that makes several marks one no
/// wider than a wide letter (1.3 times its height).
fn whole(joined: &Symbols, cell: f32) -> Option<[usize; 4]> {
    let mut u = joined.boxes.iter().fold(*joined.boxes.first()?, union);
    let mut marks = joined.boxes.len();
    let reach = (cell * 0.15) as usize;
    for p in &joined.left_over {
        let within = p[1] + 1 >= u[1] && p[3] <= u[3] + 1;
        let near = p[0] <= u[2] + reach && p[2] + reach >= u[0];
        if within && near {
            u = union(u, p);
            marks += 1;
        }
    }
    (marks >= 2 && (u[2] + 1 - u[0]) * 10 <= (u[3] + 1 - u[1]) * 13).then_some(u)
}

/// A box at least 0.9 times as wide as it is tall is wider than any digit:
/// when it is one piece, two digits may touch (a blurred `20`). Cut at the
/// columns of least ink in its middle part (the two least, each a
/// reading: where a small `2` leans into its `0`, the least is inside the
/// `0`; only the least where it has no ink), each half trimmed to its ink.
/// In a drawn picture, from 0.8: a narrow face's `11`, whose feet touch
/// at a small size, is 8 pixels wide by 9 tall (read blank as one mark),
/// or 11 by 13 (read `1`); in a photo, blur widens an `8` to 0.9 (read
/// `11`). No drawn digit alone is that wide: a cut is only a reading more.
fn cut_wide(inner: &Gray, b: [usize; 4], strong: f32, drawn: bool) -> Vec<[[usize; 4]; 2]> {
    let (w, h) = (b[2] + 1 - b[0], b[3] + 1 - b[1]);
    let least = if drawn { 80 } else { 90 };
    if w * 100 < h * least || w < 6 {
        return Vec::new();
    }
    let is_ink = |x: usize, y: usize| (inner.at(x, y) as f32) < strong;
    let column = |x: usize| (b[1]..=b[3]).filter(|&y| is_ink(x, y)).count();
    // The two least by ink, the nearer the middle first among equals (a
    // pass, not a sort: a sort brought 4 KB of code into the wasm module).
    let middle = b[0] + w / 2;
    let key = |x: usize| (column(x), x.abs_diff(middle));
    let mut cuts: Vec<usize> = Vec::with_capacity(2);
    for x in b[0] + w * 3 / 10..=b[0] + w * 7 / 10 {
        let at = cuts
            .iter()
            .position(|&c| key(x) < key(c))
            .unwrap_or(cuts.len());
        if at < 2 {
            cuts.insert(at, x);
            cuts.truncate(2);
        }
    }
    let trim = |x0: usize, x1: usize| -> Option<[usize; 4]> {
        let mut t = [usize::MAX, usize::MAX, 0, 0];
        for y in b[1]..=b[3] {
            for x in x0..=x1 {
                if is_ink(x, y) {
                    t = [t[0].min(x), t[1].min(y), t[2].max(x), t[3].max(y)];
                }
            }
        }
        (t[0] != usize::MAX).then_some(t)
    };
    // A column without ink parts the halves: no other cut is needed.
    let tries = if column(cuts[0]) == 0 { 1 } else { 2 };
    cuts.iter()
        .take(tries)
        .filter_map(|&cut| Some([trim(b[0], cut - 1)?, trim(cut + 1, b[2])?]))
        .collect()
}

/// The fewest pixels of a piece of ink that is more than a speck.
fn speck(cell: f32) -> usize {
    ((cell * cell) * 0.002).max(2.0) as usize
}

/// The boxes of the pieces more than specks.
fn beyond_specks(pieces: &[Piece], cell: f32) -> Vec<[usize; 4]> {
    pieces
        .iter()
        .filter(|p| p.pixels >= speck(cell))
        .map(|p| p.bounds)
        .collect()
}

/// Whether a cell's pieces beside one another (its symbols and the pieces
/// left over beside them) stand on different lines: a pair whose tops or
/// whose bottoms lie apart by more than a quarter of the taller's height.
/// Pencil marks sit in three rows of slots; one character stands on one
/// line. Each piece weighed is at least [`MARK_HEIGHT`] of the cell and 35%
/// of the tallest: a display serif `3`'s balls, parted from it by
/// hairlines, are less. Still taken for marks: a photographed display
/// serif `9` whose hairline from bowl to tail is lost.
fn misaligned(joined: &Symbols, cell: f32) -> bool {
    // A piece left over within a symbol's span is part of it (a display
    // serif `2`'s ball, parted by a hairline).
    let beside = |p: &&[usize; 4]| joined.boxes.iter().all(|b| p[2] < b[0] || p[0] > b[2]);
    let parts: Vec<&[usize; 4]> = (joined.boxes.iter())
        .chain(joined.left_over.iter().filter(beside))
        .collect();
    let tallest = parts.iter().map(|b| height(**b)).fold(0.0, f32::max);
    let least = (cell * MARK_HEIGHT).max(tallest * 0.35);
    let parts: Vec<&[usize; 4]> = parts.into_iter().filter(|b| height(**b) >= least).collect();
    parts.iter().enumerate().any(|(i, a)| {
        parts[i + 1..].iter().any(|b| {
            let apart = height(**a).max(height(**b)) * 0.25;
            let tops = a[1].abs_diff(b[1]) as f32;
            let bottoms = a[3].abs_diff(b[3]) as f32;
            tops > apart || bottoms > apart
        })
    })
}

/// The least height, over the cell's side, of a piece [`misaligned`]
/// weighs: a pencil mark's (a fifth of a cell and up), not a speck's.
const MARK_HEIGHT: f32 = 0.12;

/// A box's height in pixels.
fn height(b: [usize; 4]) -> f32 {
    (b[3] + 1 - b[1]) as f32
}

/// The boxes of the pieces of ink darker than `level` (more than specks)
/// that reach into `outer`, cut to it.
fn meeting(inner: &Gray, level: f32, cell: f32, outer: [usize; 4]) -> Vec<[usize; 4]> {
    pieces(inner, level, level, inner.width, inner.height)
        .iter()
        .filter(|p| p.pixels >= speck(cell))
        .map(|p| p.bounds)
        .filter(|m| m[0] <= outer[2] && m[2] >= outer[0] && m[1] <= outer[3] && m[3] >= outer[1])
        .map(|m| {
            [
                m[0].max(outer[0]),
                m[1].max(outer[1]),
                m[2].min(outer[2]),
                m[3].min(outer[3]),
            ]
        })
        .collect()
}

/// Whether the pieces inside `outer` cover at least 85% of its rows.
fn stacked(pieces: &[[usize; 4]], outer: [usize; 4]) -> bool {
    covered(pieces, outer) >= 0.85
}

/// The share of `outer`'s rows that the pieces inside it cover.
fn covered(pieces: &[[usize; 4]], outer: [usize; 4]) -> f32 {
    let mut rows = vec![false; outer[3] + 1 - outer[1]];
    for p in pieces
        .iter()
        .filter(|p| p[0] >= outer[0] && p[2] <= outer[2] && p[1] >= outer[1] && p[3] <= outer[3])
    {
        rows[p[1] - outer[1]..=p[3] - outer[1]].fill(true);
    }
    rows.iter().filter(|&&r| r).count() as f32 / rows.len() as f32
}

/// A cell's ink cut into symbols.
struct Symbols {
    /// The tallest piece's box.
    tallest: Option<[usize; 4]>,
    /// The symbols' boxes, left to right.
    boxes: Vec<[usize; 4]>,
    /// Pieces more than specks, not lines' remnants, too short to be a
    /// symbol and beside every symbol: pencil marks, or part of a symbol
    /// that fell apart.
    left_over: Vec<[usize; 4]>,
}

/// The symbols among a cell's pieces of ink: lines' remnants and specks
/// dropped, then pieces nearly as tall as the tallest, joined when they
/// overlap across; smaller pieces within a symbol's span (a broken stroke)
/// join it.
fn symbols(mut pieces: Vec<Piece>, cell: f32, w: usize, h: usize) -> Symbols {
    let thin = cell * 0.15;
    let speck = speck(cell);
    pieces.retain(|p| p.pixels >= speck);
    // A piece of line runs along the side it touches, most of its length;
    // a symbol cut by the margin (a wide number) does not. A `1` beside the
    // frame looks like one, but its top and bottom are its neighbour's.
    let along_edge = |p: &Piece| {
        let (pw, ph) = (p.bounds[2] + 1 - p.bounds[0], p.bounds[3] + 1 - p.bounds[1]);
        let along_side = (p.bounds[0] == 0 || p.bounds[2] + 1 == w)
            && (pw as f32) < thin.max(2.0)
            && ph * 10 >= h * 6;
        let along_top = (p.bounds[1] == 0 || p.bounds[3] + 1 == h)
            && (ph as f32) < thin.max(2.0)
            && pw * 10 >= w * 6;
        along_side || along_top
    };
    // A piece pressed into a corner, against two edges and no more than
    // half the cell each way, is where lines cross (a photo's bent line,
    // a smudge): a symbol is centred in its cell.
    let in_corner = |p: &Piece| {
        let b = p.bounds;
        let (pw, ph) = (b[2] + 1 - b[0], b[3] + 1 - b[1]);
        (b[1] == 0 || b[3] + 1 == h) && (b[0] == 0 || b[2] + 1 == w) && pw * 2 <= w && ph * 2 <= h
    };
    pieces.retain(|p| !in_corner(p));
    let edges: Vec<bool> = pieces.iter().map(along_edge).collect();
    let aligned = |p: &Piece| {
        pieces.iter().zip(&edges).any(|(q, &edge)| {
            let tolerance = ((q.bounds[3] - q.bounds[1]) as f32 * 0.12).max(2.0);
            !edge
                && (p.bounds[1] as f32 - q.bounds[1] as f32).abs() <= tolerance
                && (p.bounds[3] as f32 - q.bounds[3] as f32).abs() <= tolerance
        })
    };
    let keep: Vec<bool> = pieces
        .iter()
        .zip(&edges)
        .map(|(p, &edge)| !edge || (p.bounds[1] > 0 && p.bounds[3] + 1 < h && aligned(p)))
        .collect();
    let mut pieces: Vec<Piece> = pieces
        .into_iter()
        .zip(keep)
        .filter_map(|(p, keep)| keep.then_some(p))
        .collect();
    let tallest_box = pieces.iter().map(|p| p.bounds).max_by_key(|b| b[3] - b[1]);
    let tallest = tallest_box.map_or(0.0, height);
    let mut symbols: Vec<[usize; 4]> = Vec::new();
    let mut left_over = Vec::new();
    pieces.sort_by_key(|p| std::cmp::Reverse(p.bounds[3] - p.bounds[1]));
    for p in &pieces {
        let b = p.bounds;
        let overlaps = |s: &[usize; 4]| {
            let lo = b[0].max(s[0]);
            let hi = b[2].min(s[2]);
            hi >= lo && (hi - lo + 1) * 2 >= (b[2] - b[0] + 1).min(s[2] - s[0] + 1)
        };
        if let Some(s) = symbols.iter_mut().find(|s| overlaps(s)) {
            *s = union(*s, &b);
        } else if height(p.bounds) >= tallest * 0.55 {
            symbols.push(b);
        } else {
            left_over.push(b);
        }
    }
    symbols.sort_by_key(|s| s[0]);
    Symbols {
        tallest: tallest_box,
        boxes: symbols,
        left_over,
    }
}

/// How pale a pixel may be, as a fraction of the cell's contrast from its
/// darkest ink, and still join the ink around it.
const WEAK: f32 = 0.7;

/// The pieces of ink (8-connected) in a small picture, by hysteresis: ink
/// is darker than `strong`, and pixels darker than `weak` join the ink they
/// touch. A serif face's hairlines (the top of an `O`, the join of a `D`'s
/// bowl) fall between the two at small sizes; without them the halves of a
/// letter would be read as two symbols. A piece's bounds and size count
/// its ink only.
fn pieces(inner: &Gray, strong: f32, weak: f32, w: usize, h: usize) -> Vec<Piece> {
    let level = |i: usize| inner.pixels[i] as f32;
    let mut seen = vec![false; w * h];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if level(start) >= strong || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push((start % w, start / w));
        let mut bounds = [usize::MAX, usize::MAX, 0, 0];
        let mut pixels = 0;
        while let Some((x, y)) = stack.pop() {
            if level(y * w + x) < strong {
                pixels += 1;
                bounds = [
                    bounds[0].min(x),
                    bounds[1].min(y),
                    bounds[2].max(x),
                    bounds[3].max(y),
                ];
            }
            for ny in y.saturating_sub(1)..(y + 2).min(h) {
                for nx in x.saturating_sub(1)..(x + 2).min(w) {
                    let j = ny * w + nx;
                    if level(j) < weak && !seen[j] {
                        seen[j] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        out.push(Piece { bounds, pixels });
    }
    out
}

/// A symbol's box scaled into the [`GLYPH`]² square (longest side filling
/// it but for a pixel's margin, centred), as ink levels, then its shape.
fn features(inner: &Gray, b: [usize; 4], paper: f32, contrast: f32, cell: f32) -> Vec<f32> {
    let (w, h) = ((b[2] + 1 - b[0]) as f32, (b[3] + 1 - b[1]) as f32);
    let scale = (GLYPH as f32 - 2.0) / w.max(h);
    let (ox, oy) = (
        (GLYPH as f32 - w * scale) / 2.0,
        (GLYPH as f32 - h * scale) / 2.0,
    );
    let mut out = vec![0f32; FEATURES];
    const SUB: usize = 3;
    // Each sub-sample's place in the cell's pixels, across and down (the
    // same for every row and every column of the glyph): the pixel before
    // it, its fraction of the way to the next, and the step to the next;
    // `None` outside the box, which is paper: `inner.sample` at each point,
    // its places worked out once per axis.
    let axis = |origin: usize, offset: f32, extent: f32, len: usize, step: usize| {
        (0..GLYPH * SUB)
            .map(|i| {
                let t = (i / SUB) as f32 + ((i % SUB) as f32 + 0.5) / SUB as f32;
                let p = (t - offset) / scale;
                if p < 0.0 || p > extent {
                    return None;
                }
                let p = (origin as f32 + p - 0.5).clamp(0.0, (len - 1) as f32);
                let p0 = p as usize;
                Some((p0, p - p0 as f32, if p0 + 1 < len { step } else { 0 }))
            })
            .collect::<Vec<_>>()
    };
    let across = axis(b[0], ox, w, inner.width, 1);
    let down = axis(b[1], oy, h, inner.height, inner.width);
    for gy in 0..GLYPH {
        for gx in 0..GLYPH {
            let mut sum = 0.0;
            for &(y0, fy, dy) in down[gy * SUB..][..SUB].iter().flatten() {
                for &(x0, fx, dx) in across[gx * SUB..][..SUB].iter().flatten() {
                    let level = inner.bilinear(y0 * inner.width + x0, dx, dy, fx, fy);
                    sum += ((paper - level) / contrast).clamp(0.0, 1.0);
                }
            }
            out[gy * GLYPH + gx] = sum / (SUB * SUB) as f32;
        }
    }
    out[GLYPH * GLYPH] = (w / h).min(2.0) / 2.0;
    out[GLYPH * GLYPH + 1] = (h / cell).min(1.0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 40×40 cell, white, with dark rectangles.
    fn cell_with(rects: &[[usize; 4]]) -> Gray {
        let mut pixels = vec![240u8; 1600];
        for r in rects {
            for y in r[1]..r[3] {
                for x in r[0]..r[2] {
                    pixels[y * 40 + x] = 20;
                }
            }
        }
        Gray::new(40, 40, pixels).unwrap()
    }

    /// [`cell_with`] those rectangles, read as a drawn picture's cell.
    fn read_drawn(rects: &[[usize; 4]]) -> CellInk {
        let g = cell_with(rects);
        let inner = inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0);
        read_cell_down_to(&inner, levels(&inner), 40.0, 30.0, 0.18, true)
    }

    #[test]
    fn a_narrow_eleven_whose_feet_touch_is_cut_in_a_drawn_picture() {
        // Two stems with their feet joined: 8 pixels wide, 9 tall (x
        // 10..18, y 10..19), the least ink in the columns between them.
        let eleven = cell_with(&[[11, 10, 13, 19], [15, 10, 17, 19], [10, 18, 18, 19]]);
        let b = [10, 10, 17, 18];
        let cuts = cut_wide(&eleven, b, 130.0, true);
        assert!(!cuts.is_empty());
        assert!(cuts[0][0][2] < 15 && cuts[0][1][0] >= 13, "{cuts:?}");
        // In a photo that width is a blurred `8`'s: not cut.
        assert!(cut_wide(&eleven, b, 130.0, false).is_empty());
        // A larger `11` in a narrow face, 11 pixels wide by 13 tall: cut.
        let eleven = cell_with(&[[10, 10, 12, 23], [19, 10, 21, 23], [10, 22, 21, 23]]);
        let cuts = cut_wide(&eleven, [10, 10, 20, 22], 130.0, true);
        assert!(!cuts.is_empty());
        assert!(cuts[0][0][2] < 19 && cuts[0][1][0] >= 12, "{cuts:?}");
    }

    /// The ink of a white picture with dark rectangles, as a drawn
    /// picture's threshold finds it.
    fn ink_with(width: usize, height: usize, rects: &[[usize; 4]]) -> Ink {
        let mut bits = vec![false; width * height];
        for r in rects {
            for y in r[1]..r[3] {
                for x in r[0]..r[2] {
                    bits[y * width + x] = true;
                }
            }
        }
        Ink {
            width,
            height,
            bits,
        }
    }

    #[test]
    fn a_symbol_against_a_line_gets_the_margin_back_and_a_remnant_does_not() {
        // A 40×40 picture: a cell 36 pixels a side, its line at x 36..40
        // and y 36..40; the inner part leaves a 2-pixel margin.
        let (line_x, line_y) = ([36, 0, 40, 40], [0, 36, 40, 40]);
        const ALL: [bool; 4] = [true; 4];
        let bounds = [0.0, 0.0, 36.0, 36.0];
        let g = cell_with(&[]);
        let b = inner_box(&g, bounds, 36.0);
        assert_eq!(b, [2, 2, 34, 34]);
        // A digit set against the line (its right half in the margin): the
        // box widens to the line, and no further.
        let ink = ink_with(40, 40, &[line_x, line_y, [20, 10, 36, 28]]);
        assert_eq!(widen(&ink, b, bounds, ALL, false), [2, 2, 36, 34]);
        // A digit ending a pixel short of the box: nothing to give back.
        let ink = ink_with(40, 40, &[line_x, line_y, [20, 10, 33, 28]]);
        assert_eq!(widen(&ink, b, bounds, ALL, false), b);
        // Ending in the margin: the box widens to its last column.
        let ink = ink_with(40, 40, &[line_x, line_y, [20, 10, 35, 28]]);
        assert_eq!(widen(&ink, b, bounds, ALL, false), [2, 2, 35, 34]);
        // Only the sides asked for widen (a photo's cell beside the frame).
        assert_eq!(widen(&ink, b, bounds, [true, true, false, true], false), b);
        assert_eq!(
            widen(&ink, b, bounds, [false, false, true, false], false),
            [2, 2, 35, 34]
        );
        // A tall symbol crossing the bottom margin, and a line's remnant
        // filling the box's right edge: the bottom widens, the right not
        // (the remnant, crossing the top margin, takes the top out to the
        // line's edge: it is erased as a remnant after).
        let ink = ink_with(40, 40, &[line_x, line_y, [10, 6, 20, 36], [33, 0, 36, 40]]);
        assert_eq!(widen(&ink, b, bounds, ALL, false), [2, 0, 34, 36]);
        // A `1` as tall as the inner part, against the margin: in a drawn
        // picture it fills the inner part's height but not the cell's, and
        // the box widens over it; a photo's test, along the inner part,
        // takes it for a line.
        let ink = ink_with(40, 40, &[line_x, line_y, [30, 2, 36, 34]]);
        assert_eq!(widen(&ink, b, bounds, ALL, false), [2, 2, 36, 34]);
        assert_eq!(widen(&ink, b, bounds, ALL, true), b);
        // In a photo, a column of the margin inked at both ends (a line's
        // grainy edge) is not taken; one inked at one end (where the frame
        // across meets it) is.
        let mut rects = vec![line_x, line_y, [20, 10, 35, 28]];
        rects.extend((2..34).step_by(4).map(|y| [34, y, 35, y + 2]));
        let ink = ink_with(40, 40, &rects);
        assert_eq!(widen(&ink, b, bounds, ALL, false), [2, 2, 35, 34]);
        assert_eq!(widen(&ink, b, bounds, ALL, true), b);
        let ink = ink_with(40, 40, &[line_x, line_y, [20, 10, 35, 28], [34, 2, 35, 8]]);
        assert_eq!(widen(&ink, b, bounds, ALL, true), [2, 2, 35, 34]);
        // Ink in the margin not joined to the ink at the box's edge (a
        // speck below the symbol's end): no widening.
        let ink = ink_with(
            40,
            40,
            &[line_x, line_y, [20, 10, 34, 20], [34, 24, 36, 26]],
        );
        assert_eq!(widen(&ink, b, bounds, ALL, false), b);
    }

    #[test]
    fn strokes_are_measured_across_their_narrow_side_and_pencil_marks_are_thin() {
        let read = |rects: &[[usize; 4]], pale: &[(usize, usize)]| {
            let mut g = cell_with(rects);
            for &(x, y) in pale {
                g.pixels[y * 40 + x] = 130;
            }
            let inner = inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0);
            read_cell_down_to(&inner, levels(&inner), 40.0, 30.0, 0.18, true)
        };
        // A `7` in strokes four pixels wide, bar and stem alike: its width
        // either way; a `T`-like bar and stem of six.
        let seven = read(&[[12, 8, 28, 12], [22, 12, 26, 30]], &[]);
        assert_eq!(seven.stroke * 40.0, 4.0);
        let bold = read(&[[10, 8, 30, 14], [17, 14, 23, 30]], &[]);
        assert_eq!(bold.stroke * 40.0, 6.0);
        // A half-dark pixel column beside a stem counts half.
        let soft: Vec<_> = (12..30).map(|y| (26, y)).collect();
        let seven_soft = read(&[[12, 8, 28, 12], [22, 12, 26, 30]], &soft);
        assert!((4.0..5.0).contains(&(seven_soft.stroke * 40.0)));
        // Two marks half a symbol's size in two-pixel strokes, stacked and
        // joined by a pale pixel: one piece at the weak threshold, each
        // mark shorter alone, strokes half as wide.
        let marks = read(
            &[
                [17, 8, 23, 10],
                [21, 10, 23, 17],
                [17, 19, 23, 21],
                [17, 21, 19, 28],
            ],
            &[(21, 17), (21, 18)],
        );
        assert!(
            marks.split < marks.tallest,
            "{} {}",
            marks.split,
            marks.tallest
        );
        assert_eq!(marks.stroke * 40.0, 2.0);
    }

    #[test]
    fn pencil_marks_stand_on_different_lines_and_a_number_on_one() {
        let read = read_drawn;
        // A column of two marks (a `1` over a `4`, touching) at the left,
        // a `5` beside the lower one: their bottoms meet, their tops lie
        // apart by half the column.
        let marks = read(&[[6, 6, 10, 30], [16, 19, 22, 30]]);
        assert!(marks.misaligned);
        // A mark in the top row beside one in the bottom row.
        let corners = read(&[[6, 6, 12, 16], [24, 22, 30, 32]]);
        assert!(corners.misaligned);
        // A number's two digits on one line, one a little shorter.
        let number = read(&[[6, 8, 14, 30], [20, 10, 30, 30]]);
        assert!(!number.misaligned);
        // A symbol with a small piece parted at its side (a ball that a
        // hairline joined): too small to weigh.
        let ball = read(&[[14, 8, 28, 32], [8, 8, 12, 13]]);
        assert!(!ball.misaligned);
        // One symbol.
        assert!(!read(&[[14, 8, 26, 32]]).misaligned);
    }

    #[test]
    fn a_symbol_broken_in_pieces_stands_its_whole_height() {
        let read = read_drawn;
        // A `7`'s bar two pixels above its stem: the stem is the tallest
        // piece, the two joined stand 16 pixels, 14 of them inked.
        let seven = read(&[[12, 8, 26, 11], [17, 13, 20, 24]]);
        assert_eq!(seven.tallest, 11.0 / 40.0);
        assert_eq!(seven.standing, 16.0 / 40.0);
        // A mark with a speck far below it: joined across, mostly gap.
        let mark = read(&[[18, 6, 22, 14], [19, 28, 21, 30]]);
        assert_eq!(mark.tallest, 8.0 / 40.0);
        assert_eq!(mark.standing, mark.tallest);
    }

    #[test]
    fn a_marks_place_across_its_cell_is_measured() {
        // A bar 16 px tall (40% of the cell) in the middle, then two
        // 7-px marks stacked at the cell's left that touch: one piece as
        // tall, its middle a quarter of the inner part off the middle.
        let read = |rects: &[[usize; 4]]| {
            let g = cell_with(rects);
            read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0)
        };
        let centred = read(&[[18, 12, 22, 28]]);
        assert_eq!(centred.marks.len(), 1);
        assert!(centred.off_centre < 0.05, "{}", centred.off_centre);
        let stacked = read(&[[6, 6, 10, 13], [6, 13, 10, 22]]);
        assert_eq!(stacked.marks.len(), 1);
        assert!(stacked.off_centre > 0.22, "{}", stacked.off_centre);
        assert_eq!(read(&[]).off_centre, 0.0);
    }

    #[test]
    fn blank_and_pencil_marks_are_empty() {
        let g = cell_with(&[]);
        assert!(
            read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0)
                .marks
                .is_empty()
        );
        // Three small marks, 6 px tall (15% of the cell).
        let g = cell_with(&[[6, 6, 9, 12], [16, 6, 19, 12], [26, 6, 29, 12]]);
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert!(read.marks.is_empty());
        assert!(read.tallest < 0.3);
    }

    #[test]
    fn a_glyph_fallen_apart_is_a_symbol_and_specks_strung_together_are_not() {
        // A small serif 5: its flag (5 px) over its bowl (8 px), each under
        // 30% of the cell, joined by a pale hairline into 14 px (35%).
        let mut g = cell_with(&[[14, 12, 26, 17], [14, 18, 26, 26]]);
        for x in 14..26 {
            g.pixels[17 * 40 + x] = 165;
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        assert!(read.tallest > 0.3, "{}", read.tallest);
        // Three specks of noise strung along a pale streak: as tall, but
        // with gaps between them.
        let mut g = cell_with(&[[18, 10, 22, 13], [18, 18, 22, 21], [18, 26, 22, 29]]);
        for y in 13..26 {
            g.pixels[y * 40 + 20] = 165;
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert!(read.marks.is_empty());
        assert!(read.tallest < 0.3, "{}", read.tallest);
    }

    #[test]
    fn a_glyph_whose_stem_is_paler_than_the_strong_threshold_is_whole() {
        // A serif 5 at 19 px: its flag (3 px) joined to its bowl (11 px, 28%
        // of the cell) by a 4 px stem paler than the strong threshold (130)
        // but darker than half-way to the weak one (152).
        let mut g = cell_with(&[[14, 8, 26, 11], [14, 15, 26, 27]]);
        for y in 11..15 {
            for x in 14..17 {
                g.pixels[y * 40 + x] = 140;
            }
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        assert!(read.tallest > 0.45, "{}", read.tallest);
        // A column of three pencil marks (5 px) joined the same way: each
        // mark is well under half the column.
        let mut g = cell_with(&[[18, 6, 22, 11], [18, 15, 22, 20], [18, 24, 22, 29]]);
        for y in (11..15).chain(20..24) {
            g.pixels[y * 40 + 20] = 140;
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert!(read.marks.is_empty());
        assert!(read.tallest < 0.3, "{}", read.tallest);
    }

    #[test]
    fn a_dark_line_along_an_edge_does_not_set_the_ink_level() {
        // Grey writing (level 140) above a black remnant of the frame line
        // along the bottom: the ink level is the writing's.
        let mut g = cell_with(&[]);
        for y in 10..28 {
            for x in 14..26 {
                g.pixels[y * 40 + x] = 140;
            }
        }
        for y in 36..40 {
            for x in 0..40 {
                g.pixels[y * 40 + x] = 10;
            }
        }
        assert_eq!(levels(&g), (240.0, 140.0));
        let read = read_cell(&g, 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        assert!(read.tallest > 0.4, "{}", read.tallest);
        // Without the writing, the cell's faint grain is not ink: the line
        // still sets the level.
        let mut g = cell_with(&[]);
        for (i, p) in g.pixels.iter_mut().enumerate() {
            *p = if i / 40 >= 36 {
                10
            } else {
                240 - (i * 7 % 13) as u8
            };
        }
        assert_eq!(levels(&g).1, 10.0);
        assert!(read_cell(&g, 40.0, 30.0).marks.is_empty());
    }

    #[test]
    fn a_bar_is_one_narrow_symbol_and_two_bars_two() {
        let g = cell_with(&[[18, 8, 22, 32]]);
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        let f = &read.marks[0].features;
        assert!(f[GLYPH * GLYPH] < 0.15, "narrow: {}", f[GLYPH * GLYPH]);
        // The middle column of the square is ink, the corners paper.
        assert!(f[10 * GLYPH + 10] > 0.9 && f[0] < 0.01);
        let g = cell_with(&[[10, 8, 14, 32], [24, 8, 28, 32]]);
        assert_eq!(
            read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0)
                .marks
                .len(),
            2
        );
    }

    #[test]
    fn a_hairline_joins_halves_and_the_split_reading_is_kept() {
        // Two dark bars joined at top and bottom by pale hairlines (a serif
        // `O` at a small size): one symbol joined, two cut at half contrast.
        let mut g = cell_with(&[[12, 8, 16, 32], [24, 8, 28, 32]]);
        for x in 16..24 {
            for y in [8, 31] {
                g.pixels[y * 40 + x] = 165;
            }
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        assert!(read.marks[0].features[GLYPH * GLYPH] > 0.3, "wide");
        assert_eq!(read.others.iter().map(Vec::len).collect::<Vec<_>>(), [2]);
        assert_eq!(read.readings().count(), 2);
        // Paper between them: two symbols, one reading.
        let g = cell_with(&[[12, 8, 16, 32], [24, 8, 28, 32]]);
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 2);
        assert!(read.others.is_empty());
    }

    #[test]
    fn a_stem_paler_than_its_foot_stands_in_a_drawn_picture() {
        // A thin face's `1`: a dark flag and foot, its stem between them
        // paler than the strong threshold but within the weak one.
        let mut g = cell_with(&[[17, 8, 21, 10], [15, 30, 25, 32]]);
        for y in 10..30 {
            for x in 18..20 {
                g.pixels[y * 40 + x] = 170;
            }
        }
        let inner = inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0);
        let read =
            |drawn| read_cell_down_to(&inner, levels(&inner), 40.0, 30.0, SYMBOL_HEIGHT, drawn);
        assert_eq!(read(true).marks.len(), 1);
        // In a photo the same pale run may be grain strung together.
        assert!(read(false).marks.is_empty());
    }

    #[test]
    fn strokes_a_hairline_joins_are_also_read_whole() {
        // A serif `H` whose bar is paler than the weak threshold: two
        // stems, and the two as one symbol.
        let mut g = cell_with(&[[12, 8, 16, 32], [24, 8, 28, 32]]);
        for x in 16..24 {
            g.pixels[20 * 40 + x] = 200;
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 2);
        assert_eq!(read.whole.len(), 1);
        assert!(std::ptr::eq(read.readings().last().unwrap(), &read.whole));
        // A stem and, a column of paper away, a bowl half its height (a
        // `P`): the bowl is left over beside a one-stroke symbol, and the
        // two are read whole.
        let g = cell_with(&[[12, 8, 16, 32], [18, 8, 26, 18]]);
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        assert_eq!(read.whole.len(), 1);
        // One symbol alone has no whole reading; nor have two far wider
        // together than a letter.
        let g = cell_with(&[[12, 8, 16, 32]]);
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert!(read.whole.is_empty());
        let g = cell_with(&[[2, 16, 14, 24], [26, 16, 38, 24]]);
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert!(read.whole.is_empty());
    }

    #[test]
    fn a_one_beside_the_frame_is_kept_and_touching_digits_are_cut() {
        // A bar touching the inner part's left side, its top and bottom
        // those of the block beside it: the 1 of a 15 written at the frame.
        let g = cell_with(&[[0, 5, 5, 33], [12, 5, 24, 33]]);
        let read = read_cell(&inner(&g, [-3.0, 0.0, 37.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 2);
        // Alone, the same bar is a line's remnant.
        let g = cell_with(&[[0, 5, 5, 33]]);
        let read = read_cell(&inner(&g, [-3.0, 0.0, 37.0, 40.0], 40.0), 40.0, 30.0);
        assert!(read.marks.is_empty());
        // Two blocks joined by a thin bridge: one piece, also read as two
        // (cut at either of the bridge's two columns nearest the middle).
        let g = cell_with(&[[6, 10, 17, 30], [17, 19, 21, 21], [21, 10, 32, 30]]);
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        assert_eq!(read.others.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2]);
        // Parted by a column of paper but joined by a pale bridge: one cut.
        let mut g = cell_with(&[[6, 10, 17, 30], [18, 10, 29, 30]]);
        g.pixels[20 * 40 + 17] = 165;
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1);
        assert_eq!(read.others.iter().map(Vec::len).collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn a_symbol_fallen_apart_beside_another_is_not_lost() {
        // A 15: a bar, and a 5 whose flag (8 px) and bowl (11 px) are each
        // too short beside the bar (24 px) to stand alone, all joined by pale
        // hairlines into one piece.
        let mut g = cell_with(&[[10, 8, 14, 32], [17, 8, 33, 16], [17, 21, 33, 32]]);
        for y in 16..21 {
            g.pixels[y * 40 + 17] = 165;
        }
        for x in 14..17 {
            g.pixels[31 * 40 + x] = 165;
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert_eq!(read.marks.len(), 1, "one piece joined");
        let counts: Vec<usize> = read.readings().map(Vec::len).collect();
        assert!(counts.contains(&2), "{counts:?}");
        assert!(!counts[1..].contains(&1), "the 1 alone: {counts:?}");
        // A bar with a remnant of line along the bottom joined on by a pale
        // hairline: the bar alone is still a reading.
        let mut g = cell_with(&[[18, 6, 22, 30], [4, 36, 36, 38]]);
        for y in 30..36 {
            g.pixels[y * 40 + 20] = 165;
        }
        let read = read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0);
        assert!(
            read.others.iter().any(|r| r.len() == 1),
            "{:?}",
            read.others.len()
        );
    }

    #[test]
    fn the_running_window_is_the_extreme_of_its_span() {
        let line: Vec<u8> = (0..37u32).map(|i| ((i * 97 + 13) % 251) as u8).collect();
        let mut out = Vec::new();
        for r in [1, 2, 3, 7, 20, 40] {
            for pick in [u8::max as fn(u8, u8) -> u8, u8::min] {
                window(&line, r, pick, &mut out);
                for (k, &v) in out.iter().enumerate() {
                    let span = &line[k.saturating_sub(r)..=(k + r).min(line.len() - 1)];
                    assert_eq!(v, span.iter().copied().fold(span[0], pick), "r {r} at {k}");
                }
            }
        }
    }

    #[test]
    fn a_shadow_across_a_cell_is_not_ink() {
        // The right half in a shadow at 60% of the light: blank paper is
        // read as blank, and a bar half in the shadow keeps its full height.
        let shade = |g: &mut Gray| {
            for y in 0..40 {
                for x in 20..40 {
                    g.pixels[y * 40 + x] = (g.pixels[y * 40 + x] as f32 * 0.6) as u8;
                }
            }
        };
        let mut g = cell_with(&[]);
        shade(&mut g);
        let cut = inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0);
        assert!(!read_cell(&cut, 40.0, 30.0).marks.is_empty(), "unflattened");
        assert!(read_cell(&flatten(&cut, 40.0), 40.0, 30.0).marks.is_empty());
        let mut g = cell_with(&[[16, 8, 24, 32]]);
        shade(&mut g);
        let read = read_cell(
            &flatten(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0),
            40.0,
            30.0,
        );
        assert_eq!(read.marks.len(), 1);
        assert!(read.tallest > 0.55, "{}", read.tallest);
    }

    #[test]
    fn a_shadows_soft_edge_at_a_cells_side_is_paper_against_the_whole_pictures() {
        // Three cells of 40 pixels in a row; a shadow's soft edge darkens
        // the middle one toward its right side (240 down to 60% over 20
        // pixels), and the shadow goes on over the next cell.
        let light = |x: usize| 240.0 * (1.0 - 0.4 * ((x as f32 - 62.0) / 20.0).clamp(0.0, 1.0));
        let pixels = (0..40 * 120).map(|i| light(i % 120) as u8).collect();
        let g = Gray::new(120, 40, pixels).unwrap();
        let middle = inner_box(&g, [40.0, 0.0, 80.0, 40.0], 40.0);
        // Made even within the cell alone, the window is cut at its side:
        // the paper there is taken from the light part, and the shade is ink.
        let alone = flatten(&cut(&g, middle), 40.0);
        assert!(!read_cell(&alone, 40.0, 30.0).marks.is_empty(), "alone");
        let paper = Paper::of(&g, 40.0);
        assert!(read_cell(&paper.even(&g, middle), 40.0, 30.0)
            .marks
            .is_empty());
        let (lo, hi) = paper.range(middle);
        assert!(lo < 200 && hi == 240, "{lo}..{hi}");
        // Even light: the same paper either way.
        let left = inner_box(&g, [0.0, 0.0, 40.0, 40.0], 40.0);
        assert_eq!(paper.range(left), (240, 240));
        assert_eq!(paper.even(&g, left), flatten(&cut(&g, left), 40.0));
    }

    #[test]
    fn a_line_along_an_edge_is_found_and_erased_and_a_bar_inside_is_not() {
        // A 4 whose foot meets a line's remnant across the bottom rows.
        let g = cell_with(&[[14, 8, 17, 37], [8, 24, 26, 27], [0, 36, 40, 40]]);
        assert_eq!(edge_runs(&g, 130.0), [0, 4, 0, 0]);
        let clean = erase_edges(&g, [0, 4, 0, 0], 240.0);
        assert!(clean.pixels[36 * 40..].iter().all(|&p| p == 240));
        assert_eq!(clean.at(15, 35), 20, "the symbol above is kept");
        // A bar across most of the cell but not from edge to edge, and a
        // bar across it away from the edge, are no line's remnant.
        let bars = cell_with(&[[3, 0, 37, 3], [0, 20, 40, 23]]);
        assert_eq!(edge_runs(&bars, 130.0), [0, 0, 0, 0]);
        // Down the left edge, a column remnant.
        let side = cell_with(&[[0, 0, 2, 40], [14, 8, 26, 32]]);
        assert_eq!(edge_runs(&side, 130.0), [0, 0, 2, 0]);
    }

    #[test]
    fn a_blot_in_a_corner_is_no_symbol() {
        // Ink pressed into the top-right corner, a third of the cell tall:
        // where lines cross, not a symbol. The same ink in the middle is.
        let corner = read_cell(
            &inner(&cell_with(&[[26, 0, 40, 16]]), [0.0, 0.0, 40.0, 40.0], 40.0),
            40.0,
            30.0,
        );
        assert!(corner.marks.is_empty() && corner.others.is_empty());
        let middle = read_cell(
            &inner(
                &cell_with(&[[14, 12, 26, 28]]),
                [0.0, 0.0, 40.0, 40.0],
                40.0,
            ),
            40.0,
            30.0,
        );
        assert_eq!(middle.marks.len(), 1);
    }

    #[test]
    fn a_line_reaching_in_is_dropped() {
        // A thick line along the top edge of the inner part.
        let g = cell_with(&[[0, 4, 40, 6]]);
        assert!(
            read_cell(&inner(&g, [0.0, 0.0, 40.0, 40.0], 40.0), 40.0, 30.0)
                .marks
                .is_empty()
        );
    }
}
