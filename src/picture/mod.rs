//! Reading a puzzle from a picture: a screenshot, or a photo of a printed
//! grid. Pure: pixels in, a puzzle with a confidence per cell out.
//!
//! The stages, each in its own file and tested on its own:
//! 1. [`ink`]: the picture in grey, shrunk to at most 1600 pixels; which
//!    side is ink (a dark theme's ink is light); an adaptive threshold.
//! 2. [`outline`]: the grid is the largest connected piece of ink; its
//!    corners.
//! 3. [`warp`]: the perspective map from a square onto those corners, and
//!    the straightened square.
//! 4. [`lines`]: the side from the evenly spaced lines, the boxes or jigsaw
//!    regions from the thick ones; [`shading`]: an X-Sudoku's diagonals or
//!    a windoku's windows from their shaded cells.
//! 5. [`glyph`]: each cell empty (pencil marks count as empty) or one or two
//!    symbols cut out and scaled.
//! 6. [`classify`]: a small trained network gives each symbol's
//!    probabilities; the alphabet that explains all cells best is the
//!    puzzle's (digits, letters, hex, `1`–`9A`…, numbers).
//!    A grid whose symbols read unsure is read turned too (a picture on its
//!    side or upside down) and kept the way up that reads sure.
//! 7. [`doubt`]: symbols read twice in a house, and a misread a font makes
//!    in several places, are settled with the cells' next readings where
//!    the solver finds the result solvable; then the solver checks the
//!    result and points at the cells most likely misread.
//!
//! No grid is invented: a picture whose largest piece of ink is no grid of
//! evenly spaced lines with boxes or regions, or whose cells hold no symbol,
//! is "no puzzle found".

pub mod classify;
pub mod diagonals;
pub mod doubt;
pub mod glyph;
pub mod ink;
pub mod lines;
pub mod outline;
pub mod shading;
pub mod warp;

use std::cell::{Cell, OnceCell, RefCell};
use std::fmt;

use crate::alphabet::Alphabet;
use crate::grid::Grid;
use crate::shape::{Geometry, Shape};
use classify::{Classifier, SYMBOLS};
pub use ink::Gray;
use lines::Houses;

/// The longest side a picture is read at; larger ones are shrunk first
/// (a 25×25 at this size still has cells of 40 pixels or more).
const MAX_SIDE_PIXELS: usize = 2000;

/// The noise measure ([`ink::noise`]) from which a grid's cells are read
/// smoothed, and the least cell side in pixels for that (`read_cells`);
/// in a photo, also the least cell side at which writing must stand out of
/// its grain ([`GRAIN_CONTRAST`]).
const GRAINY: u64 = 15;
const GRAINY_CELL: f32 = 48.0;

/// A puzzle read from a picture.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The puzzle: its shape and the symbols read (0 for empty).
    pub grid: Grid,
    /// The alphabet its symbols are written in.
    pub alphabet: Alphabet,
    /// Per cell, how sure the reading is, 0 to 1.
    pub confidence: Vec<f32>,
    /// Per cell, the next most likely readings (0 = empty) with their
    /// probabilities, most likely first.
    pub alternatives: Vec<Vec<(u8, f32)>>,
    /// Per cell read as a number, the numbers one digit longer that end or
    /// start with it (a digit lost against a line), with their
    /// probabilities: rare, so tried only to settle a repeat
    /// ([`doubt::settle`]), not among the corrections of [`doubt::check`].
    pub longer: Vec<Vec<(u8, f32)>>,
    /// The grid's corners in the picture's pixels: top-left, top-right,
    /// bottom-right, bottom-left, the grid's own (in a picture turned on
    /// its side, its top-left is elsewhere).
    pub corners: [(f32, f32); 4],
    /// The cells changed to settle a symbol read twice in a house
    /// ([`doubt::settle`]) or a misread made in several places
    /// ([`doubt::relabel`]): the first to check.
    pub settled: Vec<usize>,
    /// Those of [`Reading::settled`] changed by [`doubt::relabel`].
    pub relabelled: Vec<usize>,
    /// Those of [`Reading::settled`] changed by [`doubt::settle`] because
    /// they were read as the second cell of the pair was, which repeated a
    /// symbol (the same glyph, read the same way), with that cell.
    pub alike: Vec<(usize, usize)>,
    /// Cells whose ink, paler than the grid's symbols or in pieces, was
    /// read as a symbol too unsure to keep, and left empty: the cell, the
    /// symbol and how sure. [`doubt::restore`] gives back those the
    /// solution bears out.
    pub faint: Vec<(usize, u8, f32)>,
}

/// Why no puzzle was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotFound {
    /// The picture is too small to hold a readable grid.
    TooSmall,
    /// No piece of ink forms a grid of evenly spaced lines.
    NoGrid,
    /// A grid of lines, but no boxes or regions drawn in it (a table).
    NoHouses(usize),
    /// A grid with boxes, but nothing written in its cells.
    Empty(usize),
}

impl fmt::Display for NotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotFound::TooSmall => write!(f, "the picture is too small to hold a grid"),
            NotFound::NoGrid => write!(f, "no grid of evenly spaced lines"),
            NotFound::NoHouses(n) => {
                write!(
                    f,
                    "a grid of {n}×{n} cells, but no boxes or regions drawn in it"
                )
            }
            NotFound::Empty(n) => write!(f, "a {n}×{n} grid with nothing written in it"),
        }
    }
}

/// Reads the puzzle in `picture`.
pub fn read(picture: &Gray) -> Result<Reading, NotFound> {
    read_with(picture, &Classifier::trained())
}

/// [`read`] with a given classifier (the trainer's, while it learns).
pub fn read_with(picture: &Gray, classifier: &Classifier) -> Result<Reading, NotFound> {
    if picture.width.min(picture.height) < 40 {
        return Err(NotFound::TooSmall);
    }
    let factor = picture.width.max(picture.height).div_ceil(MAX_SIDE_PIXELS);
    let small = picture.shrink(factor);
    // Dark ink on light paper unless the picture is mostly dark; the other
    // way when that finds nothing (a light page on a dark table).
    let dark = small.median() < 110;
    let flipped = small.inverted();
    let tries: [&Gray; 2] = if dark {
        [&flipped, &small]
    } else {
        [&small, &flipped]
    };
    let mut best = NotFound::NoGrid;
    let mut found = None;
    let turns = Turns::new();
    // Outlines seen by their boxes alone, whose cells' lines show in part
    // (`lines::box_side`), are read last, and only when nothing else looked
    // like a grid: reading them costs a classification of every cell, and a
    // crossword or a table has lines enough to tempt it. A grid of its
    // boxes' side without houses does not count: that is what each box of
    // such a grid is when read alone (a dark 25×25 whose faint tile gaps
    // show only its boxes' edges: each box a 5×5 table, the grid never
    // read).
    let mut boxes_only: Vec<(usize, Deferred)> = Vec::new();
    for (i, view) in tries.iter().enumerate() {
        let mut deferred = Some(Vec::new());
        match read_view(view, classifier, &mut deferred, &turns) {
            Ok(reading) => {
                boxes_only.extend(deferred.into_iter().flatten().map(|c| (i, c)));
                // A reading with no solution in the first view may be the
                // wrong polarity's: a light page on a dark table, where the
                // page, flipped, is dark ink with a grid of light lines in
                // it, its cells read as symbols. The other view's reading
                // takes its place when that one is whole and surer.
                found = match found.take() {
                    Some(first) if !better_view(&first, &reading) => Some(first),
                    _ => Some(reading),
                };
                let broken =
                    |r: &Reading| doubt::verdict(&r.grid, doubt::BUDGET) == doubt::Status::Broken;
                if i > 0 || !found.as_ref().is_some_and(broken) {
                    break;
                }
                continue;
            }
            // Keep the most telling reason.
            Err(e) if e != NotFound::NoGrid => best = e,
            Err(_) => {}
        }
        boxes_only.extend(deferred.into_iter().flatten().map(|c| (i, c)));
    }
    if found.is_none() {
        found = boxes_only.iter().find_map(|(i, (corners, side))| {
            if best != NotFound::NoGrid && best != NotFound::NoHouses(*side) {
                return None;
            }
            read_grid(tries[*i], corners, classifier, &mut None, &turns).ok()
        });
    } else if let Some(small) = found
        .as_ref()
        .filter(|r| !boxes_only.is_empty() && r.grid.shape().side() <= 5)
    {
        // A small reading with no solution, or hardly sure of its symbols,
        // yields to a grid seen by its boxes whose reading has one or more
        // (and, for an unsure one, is surer): a 16×16 of letters whose cell
        // lines are not drawn, or are lighter than its cells, seen by its
        // boxes and so put off, while one of its boxes, framed by box
        // lines, read as a 4×4 of its letters (or of a few of its symbols
        // that touch, unsure: the rest are too small for such cells).
        // (Only a grid of a box's side: a larger one with a misread is no
        // box, and the grids put off cost a photo a tenth of a second.)
        let broken = doubt::verdict(&small.grid, doubt::BUDGET) == doubt::Status::Broken;
        let sure = sureness(small);
        if broken || sure < DOUBTFUL {
            let better = boxes_only.iter().find_map(|(i, (corners, _))| {
                read_grid(tries[*i], corners, classifier, &mut None, &turns)
                    .ok()
                    .filter(|r| {
                        (broken || sureness(r) > sure)
                            && doubt::verdict(&r.grid, doubt::BUDGET) != doubt::Status::Broken
                    })
            });
            found = better.or(found);
        }
    }
    if found.is_none() {
        found = read_tiles(&tries, classifier, &turns);
    }
    if found.is_none() {
        found = read_dark(&tries, classifier, &turns);
    }
    if found.is_none() {
        found = turns
            .unsure_boxes
            .take()
            .filter(|r| sureness(r) >= DOUBTFUL);
    }
    let mut reading = found.ok_or(best)?;
    doubt::settle(&mut reading, doubt::BUDGET);
    doubt::relabel(&mut reading);
    doubt::restore(&mut reading, doubt::BUDGET);
    for c in &mut reading.corners {
        *c = (c.0 * factor as f32, c.1 * factor as f32);
    }
    Ok(reading)
}

/// A grid's corners in a picture: top-left, top-right, bottom-right,
/// bottom-left.
type Corners = [(f32, f32); 4];

/// An outline seen by its boxes alone, put off (see [`read_grid`]): its
/// corners and its boxes' side.
type Deferred = (Corners, usize);

/// One polarity: the largest pieces of ink in turn, until one is a grid;
/// then, in a clean picture, the same with the ink's ridges only, when
/// steps between papers (white cells on a grey page) hid the outline.
/// Outlines seen by their boxes alone go to `boxes_only` (see [`read_grid`]).
fn read_view(
    view: &Gray,
    classifier: &Classifier,
    boxes_only: &mut Option<Vec<Deferred>>,
    turns: &Turns,
) -> Result<Reading, NotFound> {
    let short = view.width.min(view.height);
    let ink = ink::threshold(view, (short / 40).max(7));
    // Steps between papers and grids drawn upright are drawn pictures'
    // (a photo's paper is one, its grid at an angle).
    let clean = ink::noise(view) <= CLEAN;
    let found = read_pieces(view, &ink, clean, classifier, boxes_only, turns, false);
    // A grid whose houses or symbols were wanting had its outline right.
    if !clean || !matches!(found, Err(NotFound::NoGrid)) {
        return found;
    }
    let ridges = ink::ridges(&ink, view, (short / 200).max(3));
    match read_pieces(view, &ridges, clean, classifier, boxes_only, turns, false) {
        Ok(reading) => Ok(reading),
        Err(NotFound::NoGrid) => found,
        Err(e) => Err(e),
    }
}

/// A grid drawn as dark tiles with gaps lighter than them, on light paper
/// (a dark theme's cells in a light page, or the other way round), when
/// nothing else was found. Its lines are light: in the view where they are
/// ink, the grid's frame runs into the page around it (a step between the
/// page and the frame's lighter grey is ink too), and in the other view
/// each tile, or each box, is a piece of its own. So the tiles are grown
/// together in the view where they are ink, into one piece whose extreme
/// points, less the growth, are the grid's corners, and the grid is read in
/// the other view, where its gaps are the lines.
fn read_tiles(tries: &[&Gray; 2], classifier: &Classifier, turns: &Turns) -> Option<Reading> {
    for (i, view) in tries.iter().enumerate() {
        // Found at 600 pixels a side or less (a seventh of the work at
        // 1,600; at 400 a phone's small grid in a photo lost its gaps),
        // read at full size.
        let factor = view.width.min(view.height).div_ceil(600);
        let small = view.shrink(factor);
        let short = small.width.min(small.height);
        // Levels from the picture's extremes, not its median: the grid may
        // fill most of a photo.
        let (light, darkest) = (small.percentile(0.98) as f32, small.percentile(0.02) as f32);
        // Ink that is dark as well: a photo's page edge near the grid is
        // ink (a step to the table's lighter or darker shade) but no darker
        // than the table, and grown it would join the grid to the page.
        let ink = ink::dark_ink(&small, 0.5);
        // Grown to bridge a box's gap (up to a sixth of a cell) and no
        // more: grown further, the grid joins what is drawn near it (a
        // panel's edge, a title). A gap's share of the picture varies, so
        // twice: by 1/250 of the picture's side, then by 1/100. The three
        // largest pieces each time (a dark table's edges along the page may
        // be larger than the grid).
        let pieces = [250, 100].into_iter().flat_map(|part| {
            let reach = (short / part).max(2);
            let grown = ink::grown(&ink, reach);
            let pieces = outline::large_pieces(&grown, (short / 8).max(40));
            pieces.into_iter().take(3).map(move |p| (p, reach as f32))
        });
        for (piece, r) in pieces {
            // Tiles are most of their grid: its mean is well on the ink's
            // side (a page of text grown together, or a chessboard, is
            // not).
            let [x0, y0, x1, y1] = piece.bounds;
            let sum: u64 = (y0..=y1)
                .map(|y| {
                    let row = &small.pixels[y * small.width..][x0..=x1];
                    row.iter().map(|&p| p as u64).sum::<u64>()
                })
                .sum();
            let mean = sum as f32 / ((x1 + 1 - x0) * (y1 + 1 - y0)) as f32;
            if light - mean < (light - darkest) * 0.6 {
                continue;
            }
            let f = factor as f32;
            let c = piece.corners;
            let corners = [
                (c[0].0 + r, c[0].1 + r),
                (c[1].0 - r, c[1].1 + r),
                (c[2].0 - r, c[2].1 - r),
                (c[3].0 + r, c[3].1 - r),
            ]
            .map(|(x, y)| (x * f, y * f));
            // An outline read before, as its lines or its paper found it
            // (a crossword's white squares, black in the other view, are
            // tiles too), fails the same way again.
            if !outline::plausible(&corners) || turns.read_before(&corners, 2.0 * r * f + 2.0) {
                continue;
            }
            let other = tries[1 - i];
            if let Ok(reading) = read_grid(other, &corners, classifier, &mut None, turns) {
                if sureness(&reading) >= DOUBTFUL {
                    return Some(reading);
                }
            }
        }
    }
    None
}

/// A grid drawn dark among paler lines that run on past its frame (a
/// Sudoku typed into a spreadsheet, its frame and box borders dark over the
/// sheet's grey cell lines, which are its own cell lines too): the sheet's
/// lines join the frame into one piece as large as the sheet, whose outline
/// is no grid. So, when nothing else was found, the ink that is also dark
/// (under half way between the view's 2nd and 98th percentiles, as in
/// [`read_tiles`], then three quarters: [`DARK_SHARES`]) is looked at
/// alone; its pieces' outlines are read in the whole view, where the paler
/// lines are the cells'. Outlines read before are not read again.
fn read_dark(tries: &[&Gray; 2], classifier: &Classifier, turns: &Turns) -> Option<Reading> {
    tries.iter().find_map(|view| {
        let clean = ink::noise(view) <= CLEAN;
        let all = ink::broad_threshold(view);
        DARK_SHARES.iter().find_map(|&share| {
            let mut ink = all.clone();
            ink::keep_dark(&mut ink, view, share);
            // Grown a pixel: a frame that near the cut falls apart here and
            // there (a JPEG's block edges), and one piece it is the grid's
            // outline.
            let ink = ink::grown(&ink, 1);
            read_pieces(view, &ink, clean, classifier, &mut None, turns, true).ok()
        })
    })
}

/// How far from the darkest ink toward the paper a grid's frame may be in
/// [`read_dark`], in turn: black borders half way, then a coloured frame
/// paler than the symbols. Such a frame, three pixels wide, is darker at
/// its core than the sheet's one-pixel grey lines, which scaling and JPEG
/// make paler still (a pale green frame, its core 206–211 against lines
/// mostly paler than 212, the three-quarter mark, but for dots where they
/// cross).
const DARK_SHARES: [f32; 2] = [0.5, 0.75];

/// The largest pieces of `ink` in turn, until one is a grid; in a `clean`
/// picture, a piece's bounding box is tried as its outline too. `fresh`:
/// only outlines not read before.
fn read_pieces(
    view: &Gray,
    ink: &ink::Ink,
    clean: bool,
    classifier: &Classifier,
    boxes_only: &mut Option<Vec<Deferred>>,
    turns: &Turns,
    fresh: bool,
) -> Result<Reading, NotFound> {
    let reach = (view.width.min(view.height) as f32 / 200.0).max(2.0);
    let short = view.width.min(view.height);
    let mut best = NotFound::NoGrid;
    // A grid read but hardly sure of any symbol, kept while the other
    // outlines are tried (the surest kept).
    let mut doubtful: Option<(f32, Reading)> = None;
    for piece in outline::large_pieces(ink, (short / 8).max(40))
        .iter()
        .take(4)
    {
        // A framed grid's extreme points are its corners; a frameless one's
        // are line ends a cell or so inside them, and the hull's sides,
        // extended, meet at the corners (tried where no frame runs between
        // the extreme points). The hull's sides bend with a
        // photo's curved page, so they are tried only when they move a
        // corner by more than a third of a 9×9 cell.
        let extremes = piece.corners;
        let size = (piece.size().0.max(piece.size().1)) as f32;
        let moves = |corners: &[(f32, f32); 4]| {
            corners
                .iter()
                .zip(&extremes)
                .any(|(a, b)| (a.0 - b.0).abs().max((a.1 - b.1).abs()) > size / 27.0)
        };
        let hull = (!outline::framed(ink, &extremes))
            .then(|| outline::hull_corners(ink, piece))
            .flatten()
            .filter(moves);
        // Last, the piece's bounding box: a frameless grid drawn upright
        // (a screenshot) fills it exactly, though its extreme points are
        // line ends and its hull's sides are no grid edges.
        let b = piece.bounds.map(|v| v as f32 + 0.5);
        let upright = [(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])];
        let boxed = Some(upright).filter(|u| clean && moves(u));
        for corners in hull.iter().chain([&extremes]).chain(boxed.iter()) {
            if !outline::plausible(corners) || (fresh && turns.read_before(corners, reach)) {
                continue;
            }
            match read_grid(view, corners, classifier, boxes_only, turns) {
                Ok(reading) if sureness(&reading) >= DOUBTFUL => return Ok(reading),
                Ok(reading) => {
                    let sure = sureness(&reading);
                    if doubtful.as_ref().is_none_or(|(s, _)| sure > *s) {
                        doubtful = Some((sure, reading));
                    }
                }
                Err(e) if e != NotFound::NoGrid => best = e,
                Err(_) => {}
            }
        }
    }
    doubtful.map(|(_, reading)| reading).ok_or(best)
}

/// How far off its cell's middle, across, one mark shorter than the grid's
/// symbols may lie and still be a symbol ([`glyph::CellInk::off_centre`]).
const OFF_CENTRE: f32 = 0.22;

/// A grid read less sure than this of its symbols ([`sureness`]), even
/// turned, is taken only if no other outline of the picture reads surer: a
/// photo of a jigsaw turned a quarter offered a 4×4 of something else
/// first, read 0.18 sure. The least sure grid read on the benchmark sets
/// as made is 0.40 (a blurred 25×25 photo), so none of them waits.
const DOUBTFUL: f32 = 0.3;

/// Reads the grid inside `corners`. One seen by its boxes alone, whose
/// cells' lines show in part, is read at its boxes' side squared when
/// `boxes_only` is `None`; else its corners are noted there for later.
///
/// A grid whose symbols read unsure or not at all is read turned a quarter
/// turn either way and upside down too. A phone stores a photo the way its
/// sensor lay and says in its EXIF how to turn it; a picture that lost that
/// (copied, shared, scanned sideways) shows its grid turned, and its
/// symbols, read as they lie, are unsure and repeat (or, lying down, are
/// too short to be symbols). On the fixtures and benchmark sets, readings
/// the right way up are 0.9 sure and more, turned ones under 0.8, so a turn
/// is tried below [`UPRIGHT`] and taken above it, as far as the picture's
/// [`Turns`] allow, where it has as many cells written in as the reading
/// the way the picture lies: a symbol lying down is shorter than one
/// standing, and read turned the right way every cell written in on its
/// side was still written in (on 670 turned pictures of three sets), but a
/// photo of small blurred numbers, upright and read 0.70 sure, read 0.91
/// sure on its side with 27 of its 93 numbers left, each lying down and
/// taken for a `2`. The straightened square is turned, and the corners
/// named from another one: the grid's own top-left first.
fn read_grid(
    view: &Gray,
    corners: &Corners,
    classifier: &Classifier,
    boxes_only: &mut Option<Vec<Deferred>>,
    turns: &Turns,
) -> Result<Reading, NotFound> {
    turns.outlines.borrow_mut().push(*corners);
    let edge = (0..4)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % 4]);
            ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
        })
        .fold(0.0, f32::max);
    let size = (edge.round() as usize).clamp(400, 1000);
    // A margin around the grid: corners found a pixel or two inside a thick
    // or rounded frame would otherwise cut it, and the symbols beside it.
    let margin = size / 50;
    let frame = lines::Frame {
        offset: margin as f32,
        size: size as f32,
    };
    let square = warp::straighten(view, corners, size, margin).ok_or(NotFound::NoGrid)?;
    let ink = ink::threshold(&square, (size / 50).max(5));
    let (side, by_boxes) = lines::sides(&ink, frame).ok_or(NotFound::NoGrid)?;
    if let (true, Some(later)) = (by_boxes, boxes_only.as_mut()) {
        if !later.contains(&(*corners, side)) {
            later.push((*corners, side));
        }
        return Err(NotFound::NoGrid);
    }
    // A photo of a page on a dark table is mostly dark and tried with its
    // light taken for ink first; a large-celled grid can then be found from
    // the dark paper beside its lines, its symbols read as holes. Such a
    // grid is mostly dark and its lines are no darker than its paper: it is
    // the other view's. (A dark theme's tiles, light gaps between darker
    // cells, are lines lighter than the paper too, but their grid turned
    // the right way is mostly light.)
    let mostly_dark = || {
        let (low, high) = (
            square.percentile(0.02) as u32,
            square.percentile(0.98) as u32,
        );
        (square.median() as u32) * 2 < low + high
    };
    if !lines::darker_than_paper(&square, side, frame) && mostly_dark() {
        return Err(NotFound::NoGrid);
    }
    let straight = Straightened {
        square: &square,
        ink: &ink,
        frame,
        corners,
        unsure_boxes: Some(&turns.unsure_boxes),
    };
    let found = read_symbols(&straight, side, by_boxes, classifier, false);
    // Dark tiles parted by darker gaps, their symbols light (a dark app
    // whose black background shows between its cells): the gaps are this
    // view's lines, but its symbols are the other view's ink, and read here
    // the cells are blank. A mostly dark grid is read both ways, and the
    // way with more cells written in is taken.
    if mostly_dark() {
        let inverted = square.inverted();
        let other = Straightened {
            square: &inverted,
            ..straight
        };
        let written = |r: &Result<Reading, NotFound>| r.as_ref().map_or(0, |r| r.grid.filled());
        let other = read_symbols(&other, side, by_boxes, classifier, false);
        if written(&other) > written(&found) {
            return other;
        }
    }
    if found.as_ref().is_ok_and(|r| sureness(r) >= UPRIGHT) || !turns.grids.spend() {
        return found;
    }
    // Each turn is first read in part (a probe, see `read_cells`): most of
    // a reading's time is the symbols', and most grids that come here are
    // the right way up, only hard to read, or no puzzle at all. The turns
    // whose probe is sure enough are read whole, the surest probe first (a
    // 25×25 of numbers upside down probed 0.82 sure lying on either side,
    // 0.98 the right way up); on a tie, quarter turns first (a phone held
    // sideways).
    // A turn: the square and its ink turned, and the corners renamed.
    let turned = |k: usize| {
        let corners: Corners = std::array::from_fn(|i| corners[(i + k) % 4]);
        (square.turned(k), ink.turned(k), corners)
    };
    let read = |(square, ink, corners): &(Gray, ink::Ink, Corners), probe| {
        let straight = Straightened {
            square,
            ink,
            frame,
            corners,
            unsure_boxes: None,
        };
        read_symbols(&straight, side, by_boxes, classifier, probe).ok()
    };
    let mut probed: Vec<(f32, _)> = [1, 3, 2]
        .into_iter()
        .map(turned)
        .filter_map(|turn| read(&turn, true).map(|r| (sureness(&r), turn)))
        .filter(|(sure, _)| *sure >= PROBED)
        .collect();
    let upright_filled = found.as_ref().map_or(0, |r| r.grid.filled());
    // (Three at most: the surest picked each time, the first of equals.)
    while !probed.is_empty() && turns.reads.spend() {
        let surest = (0..probed.len())
            .min_by(|&a, &b| probed[b].0.total_cmp(&probed[a].0))
            .unwrap_or(0);
        let (_, turn) = probed.remove(surest);
        if let Some(reading) = read(&turn, false)
            .filter(|r| sureness(r) >= UPRIGHT && r.grid.filled() >= upright_filled)
        {
            return Ok(reading);
        }
    }
    found
}

/// The symbols of a straightened grid whose lines show `side` cells a side
/// (seen `by_boxes`: its boxes' side); in part for a `probe` (see
/// [`read_cells`]).
fn read_symbols(
    straight: &Straightened,
    side: usize,
    by_boxes: bool,
    classifier: &Classifier,
    probe: bool,
) -> Result<Reading, NotFound> {
    if by_boxes {
        return read_cells(straight, side * side, true, classifier, probe)
            .map_err(|_| NotFound::NoGrid);
    }
    match read_cells(straight, side, false, classifier, probe) {
        // Boxes seen as cells: a dark theme's or a faint print's cell lines
        // too pale to find beside its box lines (a 16×16 taken for a 4×4 with
        // nothing written in it, every cell too large for its symbols; a
        // 25×25 taken for a 5×5 table, its lines all alike; a 9×9 whose
        // dashed or faint cell lines left only its boxes, a 3×3). The
        // cells are then the boxes' sides squared, the boxes the lines found,
        // and the symbols must bear them out.
        Err(e @ (NotFound::Empty(_) | NotFound::NoHouses(_))) if (2..=5).contains(&side) => {
            read_cells(straight, side * side, true, classifier, probe).map_err(|_| e)
        }
        found => found,
    }
}

/// Whether `second`, a reading in the other view, is to take the place of
/// `first`, a reading with no solution: it has one or more, and is surer.
fn better_view(first: &Reading, second: &Reading) -> bool {
    doubt::verdict(&second.grid, doubt::BUDGET) != doubt::Status::Broken
        && sureness(second) > sureness(first)
}

/// How sure a reading is of its symbols: the mean confidence of its filled
/// cells (1 for none).
fn sureness(reading: &Reading) -> f32 {
    let (sum, filled) = reading
        .grid
        .cells()
        .iter()
        .zip(&reading.confidence)
        .filter(|(&v, _)| v != 0)
        .fold((0.0, 0usize), |(s, n), (_, &c)| (s + c, n + 1));
    if filled == 0 {
        1.0
    } else {
        sum / filled as f32
    }
}

/// How much of one picture's reading may go to turning grids: a picture
/// that is no puzzle (a chessboard, a table) offers many grids that read
/// unsure. Probes are cheap, a whole reading is not; a turned photo of a
/// page may first offer the page and its columns of text as grids (a 5×5,
/// a 4×4), so more grids are probed than read whole.
struct Turns {
    /// Grids whose turns are probed.
    grids: Budget,
    /// Turns read whole (their probe was sure).
    reads: Budget,
    /// The outlines read so far, in either view ([`read_tiles`] reads none
    /// of them again).
    outlines: RefCell<Vec<Corners>>,
    /// A reading put by ([`Straightened::unsure_boxes`]).
    unsure_boxes: RefCell<Option<Reading>>,
}

impl Turns {
    fn new() -> Turns {
        Turns {
            grids: Budget(Cell::new(TURNED_GRIDS)),
            reads: Budget(Cell::new(TURNED_READS)),
            outlines: RefCell::new(Vec::new()),
            unsure_boxes: RefCell::new(None),
        }
    }

    /// Whether an outline within `reach` pixels of `corners`, corner by
    /// corner, was read before: it fails the same way again.
    fn read_before(&self, corners: &Corners, reach: f32) -> bool {
        self.outlines.borrow().iter().any(|o| {
            o.iter()
                .zip(corners)
                .all(|(p, q)| (p.0 - q.0).abs().max((p.1 - q.1).abs()) <= reach)
        })
    }
}

/// A count that [`Budget::spend`] takes one from while it lasts.
struct Budget(Cell<u8>);

impl Budget {
    /// Takes one; `false` when none was left.
    fn spend(&self) -> bool {
        let left = self.0.get();
        self.0.set(left.saturating_sub(1));
        left > 0
    }
}

/// Grids of one picture whose turns are probed, and turns read whole.
const TURNED_GRIDS: u8 = 4;
const TURNED_READS: u8 = 2;

/// A grid read turned is probed first on every n-th cell, about
/// `PROBE_CELLS` of them but n at most `PROBE_STRIDE`, and read whole if
/// the probe is at least `PROBED` sure (a sample's mean wanders more than
/// the whole's).
const PROBE_CELLS: usize = 60;
const PROBE_STRIDE: usize = 7;
const PROBED: f32 = 0.8;

/// A reading at least this sure ([`sureness`]) is the right way up.
const UPRIGHT: f32 = 0.85;

/// A grid straightened: its picture, its ink, where the grid lies in them
/// and the corners it came from.
struct Straightened<'a> {
    square: &'a Gray,
    ink: &'a ink::Ink,
    frame: lines::Frame,
    corners: &'a [(f32, f32); 4],
    /// Where a photo's reading with boxes assumed that only an unsure
    /// cell's repeats keep from being borne out is put by (see
    /// [`bears_out_boxes`]), the first one: taken if nothing else is found.
    /// `None` for turns.
    unsure_boxes: Option<&'a RefCell<Option<Reading>>>,
}

/// Reads the cells of a straightened grid of `side` cells a side; with
/// `unproven`, its boxes are kept only if the symbols bear them out. A
/// `probe` reads about 60 cells, evenly spread (the rest read empty, and
/// the boxes are not judged).
fn read_cells(
    straight: &Straightened,
    side: usize,
    unproven: bool,
    classifier: &Classifier,
    probe: bool,
) -> Result<Reading, NotFound> {
    let stride = if probe {
        (side * side / PROBE_CELLS).clamp(1, PROBE_STRIDE)
    } else {
        1
    };
    let (square, ink, frame) = (straight.square, straight.ink, straight.frame);
    let size = frame.size as usize;
    // A drawn picture (a screenshot: upright, no grain, no shadow), upright
    // whichever corner is the grid's top-left (a picture turned).
    let noise = ink::noise(square);
    let [(x0, y0), (x1, y1), (x2, y2), (x3, y3)] = *straight.corners;
    let near = |a: f32, b: f32| (a - b).abs() <= 1.0;
    let upright = (near(y0, y1) && near(y3, y2) && near(x0, x3) && near(x1, x2))
        || (near(x0, x1) && near(x3, x2) && near(y0, y3) && near(y1, y2));
    let drawn = upright && noise <= CLEAN;
    // Lines all alike: the usual boxes are assumed ([`usual_boxes`]), and
    // kept only if the symbols read bear them out (below).
    let houses = lines::houses(ink, square, side, frame, drawn);
    let assumed = unproven || houses.is_none();
    let shape = match houses {
        Some(Houses::Boxes(rows, cols)) => Shape::boxes(rows, cols),
        Some(Houses::Regions(regions)) => Shape::jigsaw(&regions),
        None => {
            let (rows, cols) = usual_boxes(side).ok_or(NotFound::NoHouses(side))?;
            Shape::boxes(rows, cols)
        }
    }
    .map_err(|_| NotFound::NoHouses(side))?;

    // Each cell's inner part, and the contrast that is writing: well above
    // what blank cells show, judged against the grid's most contrasted cells.
    let cell = size as f32 / side as f32;
    let places = |columns| match (2..=5).find(|r| r * r == side).filter(|_| unproven) {
        Some(root) => lines::box_line_places(ink, side, root, columns, frame),
        None => lines::line_places(ink, side, columns, frame),
    };
    let (xs, ys) = (places(true), places(false));
    let (xs, ys) = if drawn {
        (lines::crisp(ink, xs, true), lines::crisp(ink, ys, false))
    } else {
        (xs, ys)
    };
    // In a photo, how far the lines across each row move within it, and
    // those across each column (a page that does not lie flat bends its
    // lines); a drawn picture's are straight.
    let (dx, dy) = if drawn {
        (vec![0.0; side], vec![0.0; side])
    } else {
        (
            lines::bent_moves(ink, true, &xs, &ys, cell),
            lines::bent_moves(ink, false, &ys, &xs, cell),
        )
    };
    let boxes: Vec<[usize; 4]> = (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            let bounds = [
                xs[c].0 + dx[r] + xs[c].1,
                ys[r].0 + dy[c] + ys[r].1,
                xs[c + 1].0 + dx[r] - xs[c + 1].1,
                ys[r + 1].0 + dy[c] - ys[r + 1].1,
            ];
            // A symbol set against a line keeps its part in the margin: in
            // a drawn picture along every line, in a photo along the frame
            // alone (see `glyph::widen`).
            let sides = [c == 0, r == 0, c + 1 == side, r + 1 == side].map(|frame| drawn || frame);
            glyph::widen(
                ink,
                glyph::inner_box(square, bounds, cell),
                bounds,
                sides,
                !drawn,
            )
        })
        .collect();
    // A grainy photo's grain, strung together at a cell's thresholds, reads
    // as symbols in empty cells. Where the grain is strong (three times its
    // σ at 15 levels and more) and the cells large enough for their strokes
    // to keep (48 pixels and more: not a 25×25, whose 2-pixel strokes it
    // would wash out), the cells are read from the square smoothed, σ
    // about 1.2 pixels.
    let smooth =
        (cell >= GRAINY_CELL && noise >= GRAINY).then(|| square.smoothed().smoothed().smoothed());
    let source = smooth.as_ref().unwrap_or(square);
    // Each cell's inner part with its paper made even, and the paper's
    // level before (where extra houses are shaded).
    let (inners, papers): (Vec<Gray>, Vec<f32>) = boxes
        .iter()
        .map(|b| {
            let raw = glyph::cut(source, *b);
            (glyph::flatten(&raw, cell), raw.percentile(0.8) as f32)
        })
        .unzip();
    // An X's diagonals drawn as lines: taken out of the cells they cross.
    let lines = diagonals::drawn(diagonals::Picture::new(ink, square, noise), &xs, &ys, side);
    let inners: Vec<Gray> = match &lines {
        Some(lines) => inners
            .into_iter()
            .zip(&boxes)
            .zip(&lines.strokes)
            .map(|((inner, b), strokes)| {
                if strokes.is_empty() {
                    return inner;
                }
                let (paper, dark) = glyph::levels(&inner);
                let mid = (paper + dark) / 2.0;
                diagonals::erase(&inner, (b[0], b[1]), strokes, lines.half_width, paper, mid)
            })
            .collect(),
        None => inners,
    };
    let mut extras = shading::shaded(&shape, &papers, &[], drawn);
    extras.diagonals |= lines.is_some();
    let mut shape = match extras {
        extras if extras.any() => shape.with_extras(extras).map_err(|_| NotFound::NoGrid)?,
        _ => shape,
    };
    let levels: Vec<(f32, f32)> = inners.iter().map(glyph::levels).collect();
    // A line's remnant along a cell's edge, where it runs on beyond the
    // cell, made paper: a symbol that meets it is read without it too. The
    // remnant is counted from a quarter of the way from paper to ink: a
    // blurred line's soft edge is lighter than half-way, yet joins a symbol
    // set close to it (a `7` on the frame read as `L`, a `5` as `S`).
    let reach = (cell * 0.5) as usize;
    let erased: Vec<Option<Gray>> = inners
        .iter()
        .zip(&boxes)
        .zip(&levels)
        .map(|((inner, b), &(paper, dark))| {
            let mut runs = glyph::edge_runs(inner, (paper * 3.0 + dark) / 4.0);
            // Each edge: across columns or rows, where, and which way is out.
            let edges = [
                (false, b[1], -1),
                (false, b[3] - 1, 1),
                (true, b[0], -1),
                (true, b[2] - 1, 1),
            ];
            // The line itself lies a little outside the cell's inner part
            // (its margin): a blurred line's pale edge may be all that
            // reaches in, too pale for the picture's ink. So the line is
            // looked for from the edge outward, a tenth of a cell.
            let outward = (cell * 0.1).ceil() as isize;
            for (run, (columns, at, out)) in runs.iter_mut().zip(edges) {
                let last = if columns { ink.width } else { ink.height } - 1;
                let place = |k: isize| at.saturating_add_signed(k * out).min(last);
                if *run > 0
                    && !(0..=outward)
                        .any(|k| lines::runs_on(ink, *b, columns, place(k), reach, frame))
                {
                    *run = 0;
                }
            }
            (runs != [0; 4]).then(|| glyph::erase_edges(inner, runs, paper))
        })
        .collect();
    let mut contrasts: Vec<f32> = levels.iter().map(|(paper, dark)| paper - dark).collect();
    contrasts.sort_by(f32::total_cmp);
    let strong = contrasts[contrasts.len() * 97 / 100];
    // 40% of the strongest: pale grey pencil marks (and a shadow's edge
    // across them) in a photo stay under it; coloured entries on a dark
    // theme's shaded boxes stay over it (0.35 and 0.45 each lost one kind
    // on the benchmark sets).
    let min_contrast = (strong * 0.4).max(28.0);
    // An entry in a pale colour drawn thin (a teal serif `7` shrunk to 17
    // pixels; a teal `I`, `J` or `L` in a 25×25 photo) falls just under
    // that. Such a cell is read down to 30% as well, and its symbol kept
    // only if as tall as the grid's and read surely (below): a pencil mark
    // is half a symbol's height, and a shrunk picture's pale smudge or a
    // photo's grain reads as nothing in particular.
    // Down to 20% where the blank cells are clean: pale blue pen entries
    // photographed beside black print stand 23–30% of it, the blank cells
    // under 7%. A quarter of the cells is blank in any puzzle; where they
    // stand over a third of the pale floor (a screen's moiré, grain), the
    // floor stays at 30%. Only cells under 30% are read down to it: a
    // shadow's edge across a blank cell, read lower, stood as a symbol.
    let usual_pale = (strong * PALE.1).max(28.0);
    let blank = contrasts[contrasts.len() / 4];
    let pale_contrast = usual_pale.min((strong * PALE.0).max(blank * 3.0).max(28.0));
    // A symbol is at least 30% of the cell; from side 10 up (numbers of two
    // digits, often set small to fit), 70% of the grid's symbols' height
    // where they are smaller (pencil marks are about half a symbol's
    // height). Their height is the 95th percentile of the cells' tallest
    // pieces: a Sudoku fills over a sixth of its cells, so it falls among
    // the symbols whatever else is drawn. Not below 10: a 16×16 whose cell
    // lines are too faint is first seen as a 4×4 with nothing written in
    // its (large) cells, and read again at 16 for that.
    let smallest = if side >= 10 {
        SMALLEST_SYMBOL
    } else {
        SMALL_SYMBOL
    };
    let pale: Vec<bool> = levels
        .iter()
        .map(|&(paper, dark)| paper - dark >= pale_contrast && paper - dark < min_contrast)
        .collect();
    // In a photo, grain strung together may stand a symbol's height where
    // the grain is strongest (a shadowed corner or edge: a camera's grain
    // grows as the light falls), even read smoothed. A blank cell's
    // contrast (its paper against its darkest 1%) is then about 3 to 3.2
    // times the grain's σ; writing must stand [`GRAIN_CONTRAST`] times it.
    // The σ is measured on the paper's side of each cell's levels and taken
    // among the cell's neighbours' (a quarter of the way up): a cell that
    // ink fills measures its strokes' edges, not grain. Only where cells
    // are large ([`GRAINY_CELL`]): a small cell's thin strokes, blurred,
    // stand little more than its grain.
    let grain = (!drawn && cell >= GRAINY_CELL).then(|| local_grain(&inners, side));
    // A cell's paper is made even within its inner part, whose edges clip
    // the closing's window: where a shadow's soft edge runs through a cell
    // and darkens it toward one side, the paper there is taken from the
    // lighter part and the shade reads as ink (a blank cell read `1` along
    // the shadow). The paper levels of the whole grid follow the shadow
    // across the cell's edges; a photo's cell that reads blank against
    // them is blank. They do not replace the cell's own for its symbol: a
    // blurred line with a symbol beside it is ink wider than the window,
    // and the paper there is taken too dark (an `L`'s foot lost). Taken
    // once a photo's cell reads written ([`UNEVEN_PAPER`]), not in probes.
    let paper = OnceCell::new();
    let mut cells: Vec<glyph::CellInk> = inners
        .iter()
        .zip(&levels)
        .zip(&erased)
        .enumerate()
        .map(|(i, ((g, &l), erased))| {
            if i % stride != 0 {
                return glyph::CellInk::default();
            }
            // A cell over `min_contrast` reads the same at the lower one.
            let mut least = if l.0 - l.1 >= usual_pale {
                usual_pale
            } else {
                pale_contrast
            };
            if let Some(grain) = &grain {
                least = least.max(GRAIN_CONTRAST * grain[i]);
            }
            let mut read = glyph::read_cell_down_to(g, l, cell, least, smallest, drawn);
            if !read.written() {
                return read;
            }
            let uneven = |p: &glyph::Paper| {
                let (lo, hi) = p.range(boxes[i]);
                (hi - lo) as f32 >= hi as f32 * UNEVEN_PAPER
            };
            let whole = (!drawn && stride == 1)
                .then(|| paper.get_or_init(|| glyph::Paper::of(source, cell)))
                .filter(|p| uneven(p));
            if let Some(paper) = whole {
                let even = paper.even(source, boxes[i]);
                let levels = glyph::levels(&even);
                let again = glyph::read_cell_down_to(&even, levels, cell, least, smallest, drawn);
                if !again.written() {
                    return again.blank_after(&read);
                }
            }
            // A blank cell stays blank: a line's remnant cut off may leave
            // a stub that stands alone (a blank 9×9 cell read `1`).
            if let Some(e) = erased {
                let without = glyph::read_cell_down_to(e, l, cell, least, smallest, drawn);
                // Nothing but a grid line's edge: the cell is blank (the
                // frame's corner in a photo's last cell read `4` or `11`).
                if !without.written() {
                    return without.blank_after(&read);
                }
                read.tallest = read.tallest.max(without.tallest);
                read.stroke = without.stroke;
                read.split = without.split;
                read.standing = read.standing.max(without.standing);
                let cuts = std::iter::once(&without.marks).filter(|m| !m.is_empty());
                read.others.extend(cuts.chain(&without.others).cloned());
                if read.whole.is_empty() {
                    read.whole = without.whole;
                }
            }
            read
        })
        .collect();
    // The grid's symbols' height is taken from the cells over
    // `min_contrast`: in a noisy photo, pale cells are mostly grain strung
    // together, as tall as a symbol or taller, and counted they raised the
    // height a symbol needs over a 25×25's small numbers (57 lost).
    let mut heights: Vec<f32> = cells
        .iter()
        .zip(&pale)
        .step_by(stride)
        .map(|(c, &pale)| if pale { 0.0 } else { c.tallest })
        .collect();
    heights.sort_by(f32::total_cmp);
    let symbol = heights[heights.len() * 95 / 100];
    let min_height = (symbol * 0.7).clamp(smallest, glyph::SYMBOL_HEIGHT);
    // The grid's symbols' stroke width: the median of the cells standing a
    // symbol's height over `min_contrast` unjoined and no taller than a
    // symbol (not the marks it tells).
    let column =
        |c: &glyph::CellInk| side < 10 && symbol > 0.0 && c.tallest >= symbol * MARKS_COLUMN;
    let stroke = glyph::median(
        &mut (cells.iter().zip(&pale))
            .filter(|(c, &pale)| c.written() && !pale && c.split >= min_height && !column(c))
            .map(|(c, _)| c.stroke)
            .collect::<Vec<f32>>(),
    );
    // A symbol whose thin strokes blur or JPEG broke into pieces each
    // shorter than `min_height` (a `7`'s stem apart from its bar, a `5`'s
    // flag apart from its bowl) still stands a symbol's height, its pieces
    // joined. Pencil marks stand half of it; a column of them, joined,
    // stands taller ([`BROKEN_HEIGHT`]) or is `stacked_marks`. Kept, like a
    // pale entry, only if read surely: specks joined read as nothing in
    // particular.
    let mut broken = vec![false; cells.len()];
    for ((c, &pale), broken) in cells.iter_mut().zip(&pale).zip(&mut broken) {
        // Pencil marks are set at half a symbol's size and their strokes
        // are about half as wide, where any entry, light face or bold, is
        // drawn at the grid's size. Marks stand a symbol's height only
        // joined: stacked so close that paler pixels join them (a `5` over
        // an `8` in a cell's middle read `2`), or in a column taller than
        // the grid's symbols (a `1` over a `4` over a `7`; not in a larger
        // grid, where a symbol with a line's remnant stands as tall). Such
        // ink with strokes well thinner than the grid's symbols' is marks
        // ([`THIN`]). Not in a 25×25 photo, whose strokes of two or three
        // pixels blur makes as uneven as marks' (symbols' lost).
        let thin = if drawn { THIN.0 } else { THIN.1 };
        let thin_marks = (drawn || side < 25)
            && c.written()
            && (c.split < min_height || column(c))
            && c.stroke < stroke * thin
            && (stroke - c.stroke) * cell >= THIN.2;
        // Pencil marks stacked in a side column of their slots, so close
        // that once straightened they touch, one piece nearly a symbol's
        // height (a `1` over a `4` at a cell's left): read as one mark
        // where its ink is joined, shorter than the grid's symbols and a
        // quarter of the cell's width or more off its middle, where a
        // symbol is centred. The cell's other cuts may part it and the
        // marks beside it (a `2` beside the `1`, too short to be a symbol
        // in the joined cut). Not in a photo of a larger grid: there a
        // number that lost a digit to a line or to blur is such a mark (a
        // `18` read as its `8`). In a drawn picture the marks may stand
        // as tall as a symbol (a `C` over a `G` at a 16×16 cell's right
        // read `E`): an app centres every entry it draws, so a piece that
        // far off the middle is marks whatever its height. A photo's
        // straightening may leave a printed entry that far off.
        let stacked_marks = (drawn || side < 10)
            && c.off_centre > OFF_CENTRE
            && (drawn || c.tallest < symbol * 0.85)
            && c.marks.len() == 1;
        // In a grid under 10 a side every entry is one character: ink in
        // pieces side by side that stand on different lines (a `1` over a
        // `4` touching, a `5` beside the `4`; a `3` in the top row beside
        // a `5` over an `8`) is pencil marks in their slots, whatever the
        // pieces' height or strokes (photographed marks blur as thick as
        // print). A symbol broken apart is one piece across, or pieces
        // within one span (see `glyph::misaligned`).
        let stacked_marks = stacked_marks || (side < 10 && c.misaligned);
        *broken = !stacked_marks
            && c.tallest < min_height
            && (BROKEN_HEIGHT.0..=BROKEN_HEIGHT.1).contains(&(c.standing / symbol))
            && c.written();
        let short = c.tallest < min_height && !*broken;
        if stacked_marks || thin_marks || short || (pale && c.tallest < symbol * PALE_HEIGHT) {
            c.marks.clear();
            c.others.clear();
            c.whole.clear();
        }
    }
    let written: Vec<bool> = cells.iter().map(glyph::CellInk::written).collect();
    // No extra houses seen shaded in a drawn picture: looked for again
    // without the cells written in, whose background may be the givens'
    // own, as apps draw them. So too where the written cells are shaded
    // as a set: the givens' own background, fallen mostly on the houses'
    // cells, was what the first look saw (a 6×6 read as an X). Not in
    // photos: print does not shade its givens, and there, with fewer cells
    // to weigh in uneven light, the second look found extra houses in two
    // of 2,040 pictures with none.
    if drawn && stride == 1 {
        let givens_own =
            extras.any() && lines.is_none() && shading::givens_shaded(&shape, &papers, &written);
        if givens_own || !extras.any() {
            let again = shading::shaded(&shape, &papers, &written, drawn);
            if givens_own || again.any() {
                shape = shape.with_extras(again).map_err(|_| NotFound::NoGrid)?;
            }
        }
    }
    let marked = written.iter().filter(|&&w| w).count();
    if marked == 0 {
        return Err(NotFound::Empty(side));
    }
    // Boxes to be borne out need givens enough (`bears_out_boxes`): known
    // before the classifier's work.
    if assumed && !givens_enough(marked * stride, side * side) {
        return Err(NotFound::NoHouses(side));
    }
    let probabilities: Vec<Vec<Marks>> = cells
        .iter()
        .map(|c| {
            c.readings()
                .map(|marks| {
                    marks
                        .iter()
                        .map(|m| classifier.probabilities(&m.features))
                        .collect()
                })
                .collect()
        })
        .collect();
    let (alphabet, mut grid_cells, mut confidence, alternatives, longer) =
        choose_alphabet(side, &cells, &probabilities);
    let mut faint = Vec::new();
    for i in 0..grid_cells.len() {
        if (pale[i] || broken[i]) && grid_cells[i] != 0 && confidence[i] < PALE_SURE {
            // Pen beside print is a photo's; a drawn picture's faint ink
            // is an app's pencil marks, which hold the solution's symbol.
            if !drawn {
                faint.push((i, grid_cells[i], confidence[i]));
            }
            grid_cells[i] = 0;
            confidence[i] = 0.6;
        }
    }
    let grid = Grid::from_cells(shape, grid_cells).map_err(|_| NotFound::NoGrid)?;
    let mut reading = Reading {
        grid,
        alphabet,
        confidence,
        alternatives,
        longer,
        corners: *straight.corners,
        settled: Vec::new(),
        relabelled: Vec::new(),
        alike: Vec::new(),
        faint,
    };
    // (A probe's few symbols say nothing of the boxes.)
    let bears_out = |grid: &Grid| bears_out_boxes(grid, &[]);
    if assumed && stride == 1 && !bears_out(&reading.grid) {
        // Oblong boxes assumed the usual way round may stand the other way
        // (3×2 for a 6×6), which the symbols may bear out instead.
        let grid = &reading.grid;
        let turned = usual_boxes(side)
            .filter(|&(rows, cols)| rows != cols)
            .and_then(|(rows, cols)| Shape::boxes(cols, rows).ok())
            .and_then(|turned| turned.with_extras(grid.shape().extras()).ok())
            .and_then(|turned| Grid::from_cells(turned, grid.cells().to_vec()).ok())
            .filter(bears_out);
        match turned {
            Some(grid) => reading.grid = grid,
            None => {
                // A photo's boxes borne out but for an unsure cell's
                // repeats: put by, and read only if nothing else is found
                // (a drawn picture's first view read a speck as a `3`
                // beside a `3`; the other view read it right).
                let slot = straight.unsure_boxes.filter(|_| !drawn);
                if let Some(slot) =
                    slot.filter(|_| bears_out_boxes(&reading.grid, &reading.confidence))
                {
                    slot.borrow_mut().get_or_insert(reading);
                }
                return Err(NotFound::NoHouses(side));
            }
        }
    }
    Ok(reading)
}

/// How many times the grain's σ a cell's contrast must be to be writing,
/// in a photo's large cells (a blank cell's is about 3 to 3.2 times).
const GRAIN_CONTRAST: f32 = 4.5;

/// Each cell's grain: the σ of its paper's levels, estimated from the
/// distance between its median and 80th percentile (0.84 σ in a normal
/// spread; a symbol covers well under half a cell), the lower quartile of
/// it over the 3×3 cells around it, the block moved inside the grid at its
/// edges. A written cell's estimate is its symbol's edges, many times a
/// blank one's: a corner's four cells, all written, had a bold `B` read
/// blank against them; nine hold blank cells enough.
fn local_grain(inners: &[Gray], side: usize) -> Vec<f32> {
    let own: Vec<f32> = inners
        .iter()
        .map(|g| (g.percentile(0.8) as f32 - g.percentile(0.5) as f32) / 0.84)
        .collect();
    let first = |k: usize| k.saturating_sub(1).min(side.saturating_sub(3));
    (0..side * side)
        .map(|i| {
            let (r, c) = (first(i / side), first(i % side));
            let mut near: Vec<f32> = (r..(r + 3).min(side))
                .flat_map(|y| (c..(c + 3).min(side)).map(move |x| y * side + x))
                .map(|j| own[j])
                .collect();
            near.sort_by(f32::total_cmp);
            near[near.len() / 4]
        })
        .collect()
}

/// A cell whose paper levels over the whole grid ([`glyph::Paper`]) differ
/// by this share of the lightest is unevenly lit: a shadow's edge may cross
/// it (its read blank against those levels is kept; from 4% to 20% the
/// same readings on every set, 40% lost them).
const UNEVEN_PAPER: f32 = 0.125;

/// How likely a number read one digit short is against the digit read
/// (the classifier's odds): rare, but a way to settle a repeat.
const LOST_DIGIT: f32 = 1e-3;

/// A mark at least this wide for its height is wider than any digit: one
/// digit read in it under numbers is taken as a tenth as likely. (A `9`
/// with a line's remnant joined on measures 1.0; two small digits that
/// blur joins, 1.1 to 1.4.)
const WIDE_MARK: f32 = 1.1;
const WIDE_ONE: f32 = 0.1;

/// At most this many symbols one digit longer are kept ([`Reading::longer`]).
const LOST_TRIES: usize = 2;

/// A picture's noise ([`ink::noise`]) at most this is clean: drawn, not
/// photographed.
const CLEAN: u64 = 6;

/// A pale entry's least contrast (of the strongest cells': where blank
/// cells are clean, and elsewhere), and the height (of the grid's
/// symbols') and confidence its symbol must show to stand.
const PALE: (f32, f32) = (0.2, 0.3);
const PALE_HEIGHT: f32 = 0.85;
const PALE_SURE: f32 = 0.9;

/// Marks joined into a symbol's height are thin: strokes under this share
/// of the grid's symbols' in a drawn picture, and in a photo (whose blur
/// widens every stroke by about as much, the thin more in proportion),
/// and thinner by a pixel or more. Measured over the benchmark sets:
/// joined marks in drawn pictures stand 0.31–0.72 of the grid's strokes,
/// symbols 0.73 and up; in photos, at 0.5, 38 of 143 marks against 2 of
/// 227 symbols (both in 25×25s).
const THIN: (f32, f32, f32) = (0.65, 0.5, 1.0);
/// A column of pencil marks in a grid under 10 a side, joined, stands
/// this many times the grid's symbols' height or more (1.45–1.75 on the
/// benchmark sets).
const MARKS_COLUMN: f32 = 1.3;

/// How tall a symbol broken into short pieces stands, joined, of the
/// grid's symbols' height, to be read (and then only surely, as a pale
/// one): about as tall. Pencil marks in two rows of slots, joined, stand
/// taller (1.25 to 1.4 times on the benchmark photos).
const BROKEN_HEIGHT: (f32, f32) = (0.85, 1.15);

/// The least height of a symbol over its cell's side, in a grid of side
/// 10 or more whose symbols are all small.
const SMALLEST_SYMBOL: f32 = 0.18;

/// The least height of a symbol in a grid of side under 10 whose symbols
/// are all small (digits set small in a large tile).
const SMALL_SYMBOL: f32 = 0.22;

/// The boxes assumed in a grid of `side` cells whose lines do not draw
/// them (its box lines no thicker than the rest, or its boxes shown only by
/// shading): square where `side` is a square, else the squarest oblong,
/// wider than tall (2×3 for a 6×6, 3×4 for a 12×12), as such puzzles are
/// mostly printed. `None` where `side` has no such factors (a prime).
fn usual_boxes(side: usize) -> Option<(usize, usize)> {
    (2..=side)
        .rev()
        .find(|&rows| rows * rows <= side && side.is_multiple_of(rows))
        .map(|rows| (rows, side / rows))
}

/// Whether a grid read with boxes assumed (its box lines no thicker than
/// the rest, as in some prints, or lost to a photo's blur) is a Sudoku:
/// givens enough for one (a fifth of the cells, 17 of 81) and no symbol
/// twice in a row, column or box. A table of numbers repeats them; a
/// Sudoku's givens never do. From 16×16 up, where a hundred givens and
/// more are read, a few misread ones are allowed: repeats at most
/// [`MISREAD_REPEATS`] of those that as many symbols set at random would
/// make (a 25×25 photo's 175 givens with 14 misread make 23 repeats,
/// chance 62; a chessboard read as a 16×16 makes 1.6 to 1.8 times chance,
/// and a table more). The doubtful cells are then pointed at as for any
/// grid with a conflict. From 9 to 15 a side, with the cells' `confidence`
/// given (a photo's reading put by, see [`Straightened::unsure_boxes`]), a
/// misread is allowed where every repeat holds a cell read under half sure
/// and at most [`UNSURE_REPEATS`] such cells: a table repeats its symbols
/// read surely (a photo's italic pen `1` read `7`, 0.29 sure, beside two
/// printed `7`s). Not under 9: a chessboard's 4×4 or 8×8, a 16×16's box
/// read alone.
fn bears_out_boxes(grid: &Grid, confidence: &[f32]) -> bool {
    let (cells, filled) = (grid.cells().len(), grid.filled());
    if !givens_enough(filled, cells) || filled < 4 {
        return false;
    }
    let conflicts = grid.conflicts();
    let repeats = conflicts.len();
    if grid.shape().side() >= 16 {
        return repeats as f32 <= MISREAD_REPEATS * chance_repeats(grid);
    }
    if grid.shape().side() < 9 {
        return repeats == 0;
    }
    // The fewest unsure cells that hold every repeat: a repeat with one
    // unsure cell needs that one, a repeat of two either, and a cell may
    // hold several repeats.
    let unsure = |c: usize| confidence.get(c).is_some_and(|&p| p < 0.5);
    let mut repeats: Vec<(usize, usize)> = Vec::new();
    for c in &conflicts {
        repeats.push(match (unsure(c.first), unsure(c.second)) {
            (false, false) => return false,
            (true, true) => (c.first, c.second),
            (true, false) => (c.first, c.first),
            (false, true) => (c.second, c.second),
        });
    }
    held_by(&repeats, UNSURE_REPEATS)
}

/// Whether at most `cells` cells hold every pair: one of the first pair's
/// two is among them.
fn held_by(pairs: &[(usize, usize)], cells: usize) -> bool {
    let Some(&(a, b)) = pairs.first() else {
        return true;
    };
    cells > 0
        && [a, b].iter().any(|&c| {
            let rest: Vec<(usize, usize)> = pairs
                .iter()
                .copied()
                .filter(|&(x, y)| x != c && y != c)
                .collect();
            held_by(&rest, cells - 1)
        })
}

/// At most this many cells read unsure may repeat a symbol in a grid
/// under 16 read with boxes assumed ([`bears_out_boxes`]).
const UNSURE_REPEATS: usize = 2;

/// How many pairs of cells in a house would hold the same symbol if the
/// grid's filled cells held symbols at random: each house's pairs over the
/// number of symbols.
fn chance_repeats(grid: &Grid) -> f32 {
    let geometry = Geometry::of(grid.shape());
    let pairs: usize = (0..geometry.houses)
        .map(|h| {
            let m = geometry
                .cells_of(h)
                .iter()
                .filter(|&&c| grid.get(c as usize) != 0)
                .count();
            m * m.saturating_sub(1) / 2
        })
        .sum();
    pairs as f32 / grid.shape().side() as f32
}

/// At most this share of [`chance_repeats`] in a grid read with boxes
/// assumed, from 16×16 up ([`bears_out_boxes`]).
const MISREAD_REPEATS: f32 = 0.5;

/// Whether `filled` of `cells` are givens enough for a Sudoku: a fifth
/// (17 of 81).
fn givens_enough(filled: usize, cells: usize) -> bool {
    filled * 5 >= cells
}

/// Each symbol's probabilities for one reading of a cell's marks.
type Marks = Vec<Vec<f32>>;

/// Per cell: the value read, its confidence, the alternatives, the numbers
/// one digit longer.
type Cells = (
    Alphabet,
    Vec<u8>,
    Vec<f32>,
    Vec<Vec<(u8, f32)>>,
    Vec<Vec<(u8, f32)>>,
);

/// The alphabet under which the marks are most likely, and each cell's
/// reading in it. A symbol's likelihood is the product of its characters'
/// probabilities; a cell whose number of marks fits no symbol of the
/// alphabet costs it dearly. A cell whose ink can be cut two ways is read
/// the way that fits best.
fn choose_alphabet(side: usize, cells: &[glyph::CellInk], probs: &[Vec<Marks>]) -> Cells {
    let index = |c: char| SYMBOLS.find(c);
    let mut best: Option<(f32, Cells)> = None;
    for &alphabet in Alphabet::for_side(side) {
        let symbols: Vec<Vec<usize>> = alphabet
            .symbol_list(side)
            .iter()
            .map(|s| s.chars().map(|c| index(c).unwrap_or(0)).collect())
            .collect();
        let mut total = 0.0f32;
        let mut values = Vec::with_capacity(cells.len());
        let mut confidence = Vec::with_capacity(cells.len());
        let mut alternatives = Vec::with_capacity(cells.len());
        let mut longer = Vec::with_capacity(cells.len());
        // The ink taken whole is a reading only where every symbol is one
        // character ([`glyph::CellInk::whole`]); it comes last.
        let one_character = symbols.iter().all(|s| s.len() == 1);
        for (cell, readings) in cells.iter().zip(probs) {
            let readings = match readings.split_last() {
                Some((_, rest)) if !one_character && !cell.whole.is_empty() => rest,
                _ => &readings[..],
            };
            if readings.is_empty() {
                // Sure when the cell is plainly blank; less so when it held
                // a piece of ink nearly a symbol's size.
                let sure = if cell.tallest < 0.22 { 1.0 } else { 0.6 };
                values.push(0);
                confidence.push(sure);
                alternatives.push(Vec::new());
                longer.push(Vec::new());
                continue;
            }
            // Under numbers, one mark as wide as two digits is two digits
            // that touch (a small blurred `23` read `2`), which its cut
            // readings offer.
            let wide: Vec<bool> = cell
                .readings()
                .map(|m| !one_character && m.len() == 1 && m[0].aspect() >= WIDE_MARK)
                .collect();
            let mut scored: Vec<(u8, f32)> = symbols
                .iter()
                .enumerate()
                .map(|(v, chars)| {
                    let p = readings
                        .iter()
                        .zip(&wide)
                        .map(|(marks, &wide)| {
                            let fit = |chars: &[usize]| -> f32 {
                                chars.iter().zip(marks).map(|(&c, m)| m[c]).product()
                            };
                            if chars.len() == marks.len() {
                                fit(chars) * if wide { WIDE_ONE } else { 1.0 }
                            } else if chars.len() == marks.len() + 1 {
                                // One character fewer than the symbol: a
                                // digit of a number lost against a line
                                // (a `16` beside the frame read `6`).
                                let n = chars.len();
                                LOST_DIGIT * fit(&chars[1..]).max(fit(&chars[..n - 1]))
                            } else {
                                // Marks that do not fit: judge by the widest fit.
                                1e-6 * fit(chars)
                            }
                        })
                        .fold(0.0, f32::max);
                    (v as u8 + 1, p)
                })
                .collect();
            scored.sort_by(|a, b| b.1.total_cmp(&a.1));
            let (value, p) = scored[0];
            total += p.max(1e-12).ln();
            values.push(value);
            confidence.push(p);
            let mut alt: Vec<(u8, f32)> = scored[1..3.min(scored.len())].to_vec();
            alt.push((0, 0.0));
            // The symbol read with a digit lost beside it, for settling a
            // repeat: by its likelihood it would rarely be among the next two.
            let is_longer = |&&(v, _): &&(u8, f32)| {
                let (read, other) = (&symbols[value as usize - 1], &symbols[v as usize - 1]);
                other.len() == read.len() + 1 && (other.ends_with(read) || other.starts_with(read))
            };
            longer.push(
                scored
                    .iter()
                    .filter(is_longer)
                    .take(LOST_TRIES)
                    .filter(|l| !alt.iter().any(|a| a.0 == l.0))
                    .copied()
                    .collect(),
            );
            alternatives.push(alt);
        }
        if best.as_ref().is_none_or(|(t, _)| total > *t) {
            best = Some((total, (alphabet, values, confidence, alternatives, longer)));
        }
    }
    best.expect("every side has an alphabet").1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mark whose ink is `aspect` times as wide as it is tall.
    fn mark_of_aspect(aspect: f32) -> glyph::Mark {
        let mut features = vec![0.0; glyph::FEATURES];
        features[glyph::FEATURES - 2] = aspect / 2.0;
        glyph::Mark { features }
    }

    /// Probabilities for a mark: `p` on `c`, the rest spread evenly.
    fn likely(c: char, p: f32) -> Vec<f32> {
        let mut out = vec![(1.0 - p) / (SYMBOLS.len() - 1) as f32; SYMBOLS.len()];
        out[SYMBOLS.find(c).unwrap()] = p;
        out
    }

    #[test]
    fn one_mark_as_wide_as_two_digits_is_read_as_two() {
        // A small blurred `23` under numbers, one piece 1.18 times as wide
        // as tall, read `2` (0.86), and cut in two, `2` and `3` (0.77 and
        // 0.93); beside it a `12` in two marks settles the alphabet.
        let cells = [
            glyph::CellInk {
                marks: vec![mark_of_aspect(1.18)],
                others: vec![vec![mark_of_aspect(0.59), mark_of_aspect(0.56)]],
                ..Default::default()
            },
            glyph::CellInk {
                marks: vec![mark_of_aspect(0.4), mark_of_aspect(0.6)],
                ..Default::default()
            },
        ];
        let probs = vec![
            vec![
                vec![likely('2', 0.86)],
                vec![likely('2', 0.77), likely('3', 0.93)],
            ],
            vec![vec![likely('1', 0.99), likely('2', 0.99)]],
        ];
        let (alphabet, values, ..) = choose_alphabet(25, &cells, &probs);
        assert_eq!(alphabet, Alphabet::Numbers);
        assert_eq!(values, [23, 12]);
        // A digit of a digit's width is still read alone.
        let mut narrow = cells.clone();
        narrow[0].marks = vec![mark_of_aspect(0.7)];
        let (_, values, ..) = choose_alphabet(25, &narrow, &probs);
        assert_eq!(values, [2, 12]);
    }

    #[test]
    fn a_number_one_digit_longer_is_kept_for_settling() {
        // A 16×16 read as numbers (a `12` in two marks) and a cell read `6`
        // surely: `16`, one digit longer, is kept for settling, rare.
        let sure = |c: char| {
            let mut p = vec![0.01 / (SYMBOLS.len() - 1) as f32; SYMBOLS.len()];
            p[SYMBOLS.find(c).unwrap()] = 0.99;
            p
        };
        let mark = || mark_of_aspect(0.6);
        let cells = [
            glyph::CellInk {
                marks: vec![mark(), mark()],
                ..Default::default()
            },
            glyph::CellInk {
                marks: vec![mark()],
                ..Default::default()
            },
        ];
        // The `6` with an `8` and a `5` next, likelier than a lost digit.
        let mut six = sure('6');
        six[SYMBOLS.find('8').unwrap()] = 0.005;
        six[SYMBOLS.find('5').unwrap()] = 0.002;
        let probs = vec![vec![vec![sure('1'), sure('2')]], vec![vec![six]]];
        let (alphabet, values, confidence, alternatives, longer) =
            choose_alphabet(16, &cells, &probs);
        assert_eq!(alphabet, Alphabet::Numbers);
        assert_eq!(values, [12, 6]);
        assert!(confidence[1] > 0.9);
        // Kept apart from the alternatives: the corrections do not try it.
        assert_eq!(alternatives[1], [(8, 0.005), (5, 0.002), (0, 0.0)]);
        let lost = longer[1].iter().find(|a| a.0 == 16).expect("16 tried");
        assert!((lost.1 - LOST_DIGIT * 0.99).abs() < 1e-5, "{lost:?}");
    }

    #[test]
    fn usual_boxes_are_square_or_wider_than_tall() {
        let got: Vec<_> = [4, 6, 7, 8, 9, 10, 12, 15, 16, 20, 25]
            .map(usual_boxes)
            .to_vec();
        assert_eq!(
            got,
            [
                Some((2, 2)),
                Some((2, 3)),
                None,
                Some((2, 4)),
                Some((3, 3)),
                Some((2, 5)),
                Some((3, 4)),
                Some((3, 5)),
                Some((4, 4)),
                Some((4, 5)),
                Some((5, 5))
            ]
        );
    }

    /// 18 givens of a classic 9×9, none repeated in a row, column or box:
    /// row 1 holds 1 to 9, row 2 the same shifted by a box.
    fn two_rows() -> Vec<u8> {
        let mut cells = vec![0u8; 81];
        for (i, d) in (1..=9).enumerate() {
            cells[i] = d;
            cells[9 + (i + 3) % 9] = d;
        }
        cells
    }

    #[test]
    fn assumed_boxes_need_givens_enough_and_no_repeat() {
        let mut cells = two_rows();
        let sure = vec![0.95; 81];
        let grid = Grid::from_side(9, cells.clone()).unwrap();
        assert!(bears_out_boxes(&grid, &sure));
        // A 1 again in the first box: a table, not a Sudoku.
        cells[20] = 1;
        let table = Grid::from_side(9, cells.clone()).unwrap();
        assert!(!bears_out_boxes(&table, &sure));
        // Unless the repeated 1 was read unsure: a misread the solver will
        // point at. Every repeat must hold an unsure cell: a sure 2 under
        // row 2's 2 (column 5) is a table again.
        let mut unsure = sure.clone();
        unsure[20] = 0.3;
        assert!(bears_out_boxes(&table, &unsure));
        cells[31] = 2;
        let two = Grid::from_side(9, cells.clone()).unwrap();
        assert_eq!(two.conflicts().len(), 2);
        assert!(!bears_out_boxes(&two, &unsure));
        // The fewest unsure cells that hold every repeat count, not one
        // of each repeat's: a 3 read unsure in R3C3 repeats R1C3's unsure
        // 3 and R3C9's sure one, and an unsure 1 in R5C1 repeats R1C1's
        // sure one: two misreads (R3C3, R5C1) hold all three repeats.
        let mut cells = two_rows();
        cells[20] = 3;
        cells[26] = 3;
        cells[36] = 1;
        let three = Grid::from_side(9, cells).unwrap();
        assert_eq!(three.conflicts().len(), 3);
        let mut unsure = sure.clone();
        for c in [2, 20, 36] {
            unsure[c] = 0.3;
        }
        assert!(bears_out_boxes(&three, &unsure));
        // A third repeat held by no cell they hold: three misreads.
        let mut cells = three.cells().to_vec();
        cells[80] = 6;
        let four = Grid::from_side(9, cells).unwrap();
        unsure[80] = 0.3;
        assert!(!bears_out_boxes(&four, &unsure));
        // Too few givens to be one.
        let mut few = vec![0u8; 81];
        few[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert!(!bears_out_boxes(&Grid::from_side(9, few).unwrap(), &sure));
    }

    #[test]
    fn a_large_grid_with_boxes_assumed_may_hold_a_few_misreads() {
        // 25×25: the first 10 rows of a valid pattern, 250 givens.
        let side = 25;
        let valid = |r: usize, c: usize| ((r % 5 * 5 + r / 5 + c) % side + 1) as u8;
        let mut cells = vec![0u8; side * side];
        for r in 0..10 {
            for c in 0..side {
                cells[r * side + c] = valid(r, c);
            }
        }
        assert!(bears_out_boxes(
            &Grid::from_side(side, cells.clone()).unwrap(),
            &[]
        ));
        // Misread symbols, each repeating one in its row: a few are allowed.
        let mut misread = cells.clone();
        for r in 0..10 {
            misread[r * side] = misread[r * side + 1];
        }
        let grid = Grid::from_side(side, misread).unwrap();
        assert_eq!(grid.conflicts().len(), 10);
        assert!(bears_out_boxes(&grid, &[]));
        // The same cells holding symbols at random repeat about as often
        // as chance has them (a chessboard or a table read as a grid).
        let mut seed = 12345u32;
        let random: Vec<u8> = cells
            .iter()
            .map(|&v| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                if v == 0 {
                    0
                } else {
                    (seed >> 16) as u8 % side as u8 + 1
                }
            })
            .collect();
        let grid = Grid::from_side(side, random).unwrap();
        let (repeats, chance) = (grid.conflicts().len() as f32, chance_repeats(&grid));
        assert!(
            repeats > chance * 0.7 && repeats < chance * 1.3,
            "{repeats} {chance}"
        );
        assert!(!bears_out_boxes(&grid, &[]));
        // A table: the same symbols in every row.
        let mut table = vec![0u8; side * side];
        for r in 0..10 {
            for c in 0..side {
                table[r * side + c] = (c + 1) as u8;
            }
        }
        assert!(!bears_out_boxes(
            &Grid::from_side(side, table).unwrap(),
            &[]
        ));
    }

    /// Cells of 40 × 40 pixels, paper at 200 with grain of σ 12 (a sum of
    /// uniform draws); the `inked` cells half covered with ink.
    fn grainy_cells(side: usize, inked: &[usize]) -> Vec<Gray> {
        let mut seed = 7u32;
        let mut uniform = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 8) as f32 / (1 << 24) as f32 - 0.5
        };
        // Twelve uniform draws on [-0.5, 0.5) sum to σ 1.
        (0..side * side)
            .map(|cell| {
                let pixels = (0..40 * 40)
                    .map(|p| {
                        let level = 200.0 + 12.0 * (0..12).map(|_| uniform()).sum::<f32>();
                        if inked.contains(&cell) && (p % 40) < 20 {
                            40
                        } else {
                            level.clamp(0.0, 255.0) as u8
                        }
                    })
                    .collect();
                Gray::new(40, 40, pixels).unwrap()
            })
            .collect()
    }

    #[test]
    fn the_grain_is_measured_on_the_paper_and_among_neighbours() {
        // One cell of nine written: every cell's estimate is near 12.
        let grain = local_grain(&grainy_cells(3, &[4]), 3);
        for (cell, g) in grain.iter().enumerate() {
            assert!((9.0..15.0).contains(g), "cell {cell}: grain {g}");
        }
        // A 4×4 whose corner's four cells are all written (a bold `B` in
        // the last one was read blank against their symbols' edges): the
        // corner's neighbours are taken from inside the grid.
        let grain = local_grain(&grainy_cells(4, &[0, 1, 4, 5]), 4);
        for (cell, g) in grain.iter().enumerate() {
            assert!((9.0..15.0).contains(g), "cell {cell}: grain {g}");
        }
    }

    #[test]
    fn a_blank_picture_has_no_puzzle() {
        let g = Gray::new(300, 200, vec![255; 60_000]).unwrap();
        assert_eq!(read(&g).unwrap_err(), NotFound::NoGrid);
        let g = Gray::new(30, 20, vec![255; 600]).unwrap();
        assert_eq!(read(&g).unwrap_err(), NotFound::TooSmall);
    }
}
