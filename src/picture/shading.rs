//! Extra houses drawn as shaded cells: an X-Sudoku's two diagonals, a
//! windoku's windows. Apps and puzzle books shade them (grey in print, a
//! tint on a light screen, lighter on a dark one); a grid read without them
//! is another puzzle, with more solutions.
//!
//! A set of cells is shaded when its cells' paper is darker than the paper
//! of the cells around them outside the set, and the cells outside are not:
//! each cell is weighed against its own neighbourhood (the other cells
//! outside the set within two cells), so a photo's light, which changes
//! over many cells, is not taken for shading. A screenshot's highlighted
//! row and column (the selected cell's, drawn over the shading) are left
//! out; a few other cells shaded (the cells of a selected symbol) are
//! allowed. A photo's lines are not looked at so: print highlights
//! nothing, and where a photo's light falls off down the page, each row is
//! one level, darker than the grid's plain paper. Where an app gives its
//! givens' cells a background of their own, the cells written in are left
//! out too (the caller's second look).
//!
//! Measured on `make_set.py --seed 41 --count 300 --extras 0.5`
//! (docs/BENCHMARKS.md, seventeenth and eighteenth passes): read with their
//! extra houses, all 33 photos and 28 of 29 screenshots that have them;
//! none found in its other pictures or in the 2,040 of the other sets,
//! which have none.

use crate::shape::{Extras, Shape};

/// The least shading, in grey levels of the straightened picture, below
/// which a set of cells is not taken as shaded: a tint mixed a tenth into
/// white is 8 levels and more.
const MIN_SHADE: f32 = 5.0;

/// A set of fewer cells is not weighed: a 4×4's one window is four cells,
/// and four cells darker than their neighbours may as well be a photo's
/// light (a band of shadow across a page read a classic 4×4 as a windoku).
const MIN_CELLS: usize = 8;

/// The fewest of the set's cells weighed (neither lit nor written in), at
/// least a quarter of it: with a screenshot's highlights and the givens'
/// cells left out, one cell of an X was left to weigh, and it alone was
/// taken for shaded diagonals.
const MIN_WEIGHED: usize = 4;

/// The share of the set's cells that must be shaded (a few hold a selected
/// cell's highlight or lie in a shadow's edge)…
const INSIDE: f32 = 0.85;

/// …and the most of the other cells that may look so: a screenshot's
/// highlighted row and column, or the cells of a selected symbol, are a
/// fifth of an X's other cells (shaded boxes in a checkerboard are half).
const OUTSIDE: f32 = 0.3;

/// The extra houses `shape`'s cells show shaded, from each cell's paper
/// level (`papers`, row-major; light is high): the diagonals, the windows,
/// or neither. Both at once are not told apart from either. The cells
/// `written` says (none where it is shorter) are left out: an app may
/// give its givens' cells a background of their own, as dark as the
/// shading or darker, over it. Highlighted lines are looked for where
/// `drawn` (a screenshot) only: taking a photo's rows of falling light for
/// highlights left a 6×6's top two rows to weigh, and its diagonals were
/// seen shaded there.
pub fn shaded(shape: &Shape, papers: &[f32], written: &[bool], drawn: bool) -> Extras {
    let side = shape.side();
    let set = |extras: Extras| -> Option<Vec<bool>> {
        let with = shape.clone().with_extras(extras).ok()?;
        let mut inside = vec![false; side * side];
        for h in 3 * side..with.house_count() {
            for cell in with.house_cells(with.house(h)) {
                inside[cell] = true;
            }
        }
        (inside.iter().filter(|&&i| i).count() >= MIN_CELLS).then_some(inside)
    };
    let mut lit = if drawn {
        highlighted(shape, papers)
    } else {
        vec![false; side * side]
    };
    for (lit, &written) in lit.iter_mut().zip(written) {
        *lit |= written;
    }
    let stands = |extras: Extras| set(extras).is_some_and(|s| stands_out(&s, &lit, papers, side));
    let diagonals = stands(Extras {
        diagonals: true,
        windows: false,
    });
    let windows = !diagonals
        && stands(Extras {
            diagonals: false,
            windows: true,
        });
    Extras { diagonals, windows }
}

/// Whether the cells `written` are shaded as a set and the others not,
/// the highlighted lines left out: an app's background for its givens.
/// Shading the first look took for extra houses is then looked at again
/// without them (the caller): where most cells of a 6×6's diagonals were
/// givens, their background alone was taken for an X. A real X or windoku
/// with plain givens is not so: its givens off the extra houses are as
/// light as the paper beside them.
pub fn givens_shaded(shape: &Shape, papers: &[f32], written: &[bool]) -> bool {
    let side = shape.side();
    written.len() == side * side
        && written.iter().filter(|&&w| w).count() >= MIN_CELLS
        && stands_out(written, &highlighted(shape, papers), papers, side)
}

/// The cells of the rows and columns a screenshot highlights (the selected
/// cell's): a line whose cells' paper is all one level, darker than the
/// grid's plain paper (its 90th percentile), but for one cell (the
/// selected one, in its own colour). Where a row and a column so lit
/// cross, at the selected cell, apps light its box (or region) too: it is
/// left out when its cells are of the lines' level. A highlight is drawn
/// over the shading of the cells it crosses: they say nothing of it, and
/// their neighbours are weighed without them.
fn highlighted(shape: &Shape, papers: &[f32]) -> Vec<bool> {
    let side = shape.side();
    let mut sorted = papers.to_vec();
    sorted.sort_by(f32::total_cmp);
    let plain = sorted[sorted.len() * 9 / 10];
    let mut lit = vec![false; side * side];
    // The lit rows with their level, and the lit columns.
    let (mut rows, mut cols): (Vec<(usize, f32)>, Vec<usize>) = (Vec::new(), Vec::new());
    for columns in [false, true] {
        for line in 0..side {
            let cell = |k: usize| {
                if columns {
                    k * side + line
                } else {
                    line * side + k
                }
            };
            let mut levels: Vec<f32> = (0..side).map(|k| papers[cell(k)]).collect();
            levels.sort_by(f32::total_cmp);
            let level = levels[side / 2];
            let odd = levels.iter().filter(|&&v| (v - level).abs() > 2.0).count();
            if odd <= 1 && level <= plain - MIN_SHADE {
                for k in 0..side {
                    lit[cell(k)] = true;
                }
                if columns {
                    cols.push(line);
                } else {
                    rows.push((line, level));
                }
            }
        }
    }
    for &(row, level) in &rows {
        for &col in &cols {
            let selected = row * side + col;
            let mut cells = shape.house_cells(shape.region_house(selected));
            cells.retain(|&c| c != selected);
            if cells.iter().all(|&c| (papers[c] - level).abs() <= 2.0) {
                for c in cells {
                    lit[c] = true;
                }
            }
        }
    }
    lit
}

/// Whether the cells of `inside` are shaded and the others not (see the
/// module's comment), the cells `lit` left out.
fn stands_out(inside: &[bool], lit: &[bool], papers: &[f32], side: usize) -> bool {
    // How much darker each cell is than the cells outside the set within
    // two cells (their median), itself left out.
    let depth = |cell: usize| -> Option<f32> {
        let (r, c) = (cell / side, cell % side);
        let mut around: Vec<f32> = Vec::with_capacity(24);
        for rr in r.saturating_sub(2)..(r + 3).min(side) {
            for cc in c.saturating_sub(2)..(c + 3).min(side) {
                let other = rr * side + cc;
                if other != cell && !inside[other] && !lit[other] {
                    around.push(papers[other]);
                }
            }
        }
        if around.is_empty() {
            return None;
        }
        around.sort_by(f32::total_cmp);
        Some(around[around.len() / 2] - papers[cell])
    };
    let (mut shades, mut others) = (Vec::new(), Vec::new());
    for cell in (0..side * side).filter(|&c| !lit[c]) {
        if let Some(d) = depth(cell) {
            if inside[cell] {
                &mut shades
            } else {
                &mut others
            }
            .push(d);
        }
    }
    let size = inside.iter().filter(|&&i| i).count();
    if shades.len() < (size / 4).max(MIN_WEIGHED) || others.is_empty() {
        return false;
    }
    shades.sort_by(f32::total_cmp);
    let shade = shades[shades.len() / 2];
    if shade < MIN_SHADE {
        return false;
    }
    let share = |v: &[f32]| v.iter().filter(|&&d| d >= shade / 2.0).count() as f32 / v.len() as f32;
    share(&shades) >= INSIDE && share(&others) <= OUTSIDE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paper levels of a 9×9: 240, less `shade` on the cells `shaded`
    /// picks, plus a slow gradient across (a photo's light).
    fn papers(shaded: impl Fn(usize, usize) -> bool, shade: f32) -> Vec<f32> {
        papers_of(9, shaded, shade)
    }

    /// The same for a grid of `side`.
    fn papers_of(side: usize, shaded: impl Fn(usize, usize) -> bool, shade: f32) -> Vec<f32> {
        (0..side * side)
            .map(|i| {
                let (r, c) = (i / side, i % side);
                240.0 - 3.0 * c as f32 - if shaded(r, c) { shade } else { 0.0 }
            })
            .collect()
    }

    fn window(r: usize, c: usize) -> bool {
        let inner = |k: usize| (1..4).contains(&k) || (5..8).contains(&k);
        inner(r) && inner(c)
    }

    #[test]
    fn shaded_diagonals_and_windows_are_extra_houses() {
        let nine = Shape::boxes(3, 3).unwrap();
        let x = papers(|r, c| r == c || r + c == 8, 15.0);
        assert_eq!(
            shaded(&nine, &x, &[], true),
            Extras {
                diagonals: true,
                windows: false
            }
        );
        let hyper = papers(window, 15.0);
        assert_eq!(
            shaded(&nine, &hyper, &[], true),
            Extras {
                diagonals: false,
                windows: true
            }
        );
        // A highlighted row across an X: still an X. So with a row and a
        // column highlighted in a colour of their own, over the shading.
        let lit = papers(|r, c| r == c || r + c == 8 || r == 4, 15.0);
        assert!(shaded(&nine, &lit, &[], true).diagonals);
        let mut cross = papers(|r, c| r == c || r + c == 8, 15.0);
        for k in 0..9 {
            cross[2 * 9 + k] = 200.0;
            cross[k * 9 + 6] = 200.0;
        }
        cross[2 * 9 + 6] = 170.0;
        assert!(shaded(&nine, &cross, &[], true).diagonals);
        let mut cross = papers(window, 15.0);
        for k in 0..9 {
            cross[5 * 9 + k] = 200.0;
            cross[k * 9 + 3] = 200.0;
        }
        assert!(shaded(&nine, &cross, &[], true).windows);
    }

    #[test]
    fn plain_light_and_shaded_boxes_are_no_extra_houses() {
        let nine = Shape::boxes(3, 3).unwrap();
        assert_eq!(
            shaded(&nine, &papers(|_, _| false, 0.0), &[], true),
            Extras::NONE
        );
        // Boxes shaded in a checkerboard, either way round: the diagonals
        // lie in shaded boxes (or in none), and so do as many other cells.
        for parity in 0..2 {
            let boxes = papers(|r, c| (r / 3 + c / 3) % 2 == parity, 15.0);
            assert_eq!(shaded(&nine, &boxes, &[], true), Extras::NONE);
        }
        // Shading too faint to be drawn, and the diagonals' cells lighter.
        let faint = papers(|r, c| r == c || r + c == 8, 3.0);
        assert_eq!(shaded(&nine, &faint, &[], true), Extras::NONE);
        let light = papers(|r, c| r == c || r + c == 8, -15.0);
        assert_eq!(shaded(&nine, &light, &[], true), Extras::NONE);
        // A third of the other cells shaded with the diagonals (the givens'
        // cells, say): too many to tell.
        let givens = papers(|r, c| r == c || r + c == 8 || (r + c) % 3 == 0, 15.0);
        assert_eq!(shaded(&nine, &givens, &[], true), Extras::NONE);
    }

    #[test]
    fn a_photos_light_falling_off_down_the_page_is_no_highlight() {
        // A 6×6 photographed with its light falling off six levels a row:
        // each row is of one level, as a screenshot's highlighted row is.
        // Taken for highlights, they leave its top row to weigh, and there
        // the diagonals' two cells are darker than their neighbours. Now
        // two cells are too few to weigh as well (`MIN_WEIGHED`).
        let six = Shape::boxes(2, 3).unwrap();
        // (The paper levels measured in such a photo.)
        #[rustfmt::skip]
        let papers = [
            221.0, 223.0, 225.0, 225.0, 223.0, 220.0,
            215.0, 217.0, 219.0, 219.0, 217.0, 215.0,
            209.0, 211.0, 213.0, 211.0, 211.0, 209.0,
            203.0, 205.0, 206.0, 205.0, 205.0, 202.0,
            197.0, 197.0, 200.0, 198.0, 197.0, 195.0,
            192.0, 194.0, 194.0, 195.0, 193.0, 191.0,
        ];
        assert_eq!(shaded(&six, &papers, &[], false), Extras::NONE);
        assert_eq!(shaded(&six, &papers, &[], true), Extras::NONE);
    }

    #[test]
    fn a_four_by_four_window_is_too_few_cells_to_tell() {
        // A 4×4's centre 2×2 darker than the rest (its one window, or a
        // band of shadow across a photographed page): not taken for a
        // windoku. Its diagonals, eight cells, are weighed.
        let four = Shape::boxes(2, 2).unwrap();
        let centre = papers_of(4, |r, c| (1..3).contains(&r) && (1..3).contains(&c), 15.0);
        assert_eq!(shaded(&four, &centre, &[], true), Extras::NONE);
        let x = papers_of(4, |r, c| r == c || r + c == 3, 15.0);
        assert!(shaded(&four, &x, &[], true).diagonals);
    }

    #[test]
    fn a_selected_cells_box_is_lit_with_its_row_and_column() {
        // A dark screenshot (levels as measured, browser seed 9, picture
        // 25): boxes in a checkerboard, the selected cell's row, column
        // and box lit, the givens' cells a background of their own. With
        // the written cells and the lit lines left out, the box was one
        // X cell's only neighbours, and that one cell read as shaded
        // diagonals.
        let nine = Shape::boxes(3, 3).unwrap();
        #[rustfmt::skip]
        let papers: Vec<f32> = [
            227, 227, 190, 204, 204, 204, 227, 227, 227,
            227, 227, 190, 204, 204, 204, 227, 227, 227,
            227, 227, 190, 204, 204, 204, 227, 227, 227,
            204, 204, 190, 227, 227, 227, 204, 204, 204,
            204, 204, 190, 227, 227, 227, 204, 204, 204,
            204, 204, 190, 227, 227, 227, 204, 204, 204,
            190, 190, 190, 204, 204, 204, 227, 227, 227,
            190, 190, 190, 204, 204, 204, 227, 227, 227,
            190, 190, 204, 190, 190, 190, 190, 190, 190,
        ].iter().map(|&v: &i32| v as f32).collect();
        #[rustfmt::skip]
        let written: Vec<bool> = [
            1, 1, 0, 1, 0, 0, 1, 1, 1,
            1, 1, 1, 0, 0, 0, 1, 1, 0,
            1, 1, 0, 0, 0, 1, 1, 1, 1,
            0, 0, 1, 1, 1, 1, 1, 0, 1,
            0, 0, 0, 1, 1, 0, 0, 1, 0,
            1, 1, 0, 1, 1, 1, 0, 1, 0,
            0, 0, 1, 0, 1, 1, 1, 0, 1,
            1, 0, 1, 0, 0, 1, 1, 1, 0,
            1, 0, 0, 1, 1, 0, 1, 0, 0,
        ].iter().map(|&w: &i32| w == 1).collect();
        let lit = highlighted(&nine, &papers);
        for (cell, &lit) in lit.iter().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            let want = r == 8 || c == 2 || (r >= 6 && c < 3);
            assert_eq!(lit, want, "R{}C{}", r + 1, c + 1);
        }
        assert_eq!(shaded(&nine, &papers, &[], true), Extras::NONE);
        assert_eq!(shaded(&nine, &papers, &written, true), Extras::NONE);
        // The box alone lit (no row or column lit to cross it) is not
        // left out: a shaded region is what the shading is made of.
        let mut plain = vec![240.0; 81];
        for cell in [54, 55, 56, 63, 64, 65, 72, 73, 74] {
            plain[cell] = 190.0;
        }
        assert!(highlighted(&nine, &plain).iter().all(|&l| !l));
    }

    #[test]
    fn an_x_weighed_on_too_few_cells_is_not_told() {
        // Diagonals shaded, but all but three of their cells written in
        // (R1C1, R1C9, R2C2): three cells are too few to tell an X by.
        let nine = Shape::boxes(3, 3).unwrap();
        let x = papers(|r, c| r == c || r + c == 8, 15.0);
        assert!(shaded(&nine, &x, &[], true).diagonals);
        let written: Vec<bool> = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                (r == c || r + c == 8) && !matches!((r, c), (0, 0) | (0, 8) | (1, 1))
            })
            .collect();
        assert_eq!(shaded(&nine, &x, &written, true), Extras::NONE);
    }

    #[test]
    fn givens_shaded_on_most_of_the_diagonals_are_no_x() {
        // A 6×6 whose givens' cells have a background of their own: eleven
        // of its diagonals' twelve cells are givens, and four other cells.
        // The first look sees an X; the givens stand out as a set, and
        // without them one diagonal cell is left, too few to tell.
        let six = Shape::boxes(2, 3).unwrap();
        let diagonal = |r: usize, c: usize| r == c || r + c == 5;
        let given = |r: usize, c: usize| {
            (diagonal(r, c) && (r, c) != (2, 2))
                || matches!((r, c), (0, 2) | (1, 4) | (3, 0) | (5, 3))
        };
        let grey = papers_of(6, given, 35.0);
        let written: Vec<bool> = (0..36).map(|i| given(i / 6, i % 6)).collect();
        assert!(shaded(&six, &grey, &[], true).diagonals);
        assert!(givens_shaded(&six, &grey, &written));
        assert_eq!(shaded(&six, &grey, &written, true), Extras::NONE);
        // A shaded X whose givens are plain: its givens off the diagonals
        // are as light as the paper, and the X stands.
        let nine = Shape::boxes(3, 3).unwrap();
        let x = papers(|r, c| r == c || r + c == 8, 15.0);
        let written: Vec<bool> = (0..81usize)
            .map(|i| (i / 9 + 2 * (i % 9)).is_multiple_of(3))
            .collect();
        assert!(shaded(&nine, &x, &[], true).diagonals);
        assert!(!givens_shaded(&nine, &x, &written));
        // Nor does a windoku's.
        let hyper = papers(window, 15.0);
        assert!(!givens_shaded(&nine, &hyper, &written));
    }

    #[test]
    fn the_givens_own_background_is_left_out() {
        // A windoku whose givens' cells (a third of them, in and out of
        // the windows) have a darker background of their own: too many
        // other cells look shaded, until the written cells are left out.
        let nine = Shape::boxes(3, 3).unwrap();
        let given = |r: usize, c: usize| (r + 2 * c).is_multiple_of(3);
        let mut hyper = papers(window, 15.0);
        for (i, paper) in hyper.iter_mut().enumerate() {
            if given(i / 9, i % 9) {
                *paper = 205.0;
            }
        }
        let written: Vec<bool> = (0..81).map(|i| given(i / 9, i % 9)).collect();
        assert_eq!(shaded(&nine, &hyper, &[], true), Extras::NONE);
        assert!(shaded(&nine, &hyper, &written, true).windows);
        // And nothing written makes plain paper shaded.
        let plain = papers(|_, _| false, 0.0);
        assert_eq!(shaded(&nine, &plain, &written, true), Extras::NONE);
    }
}
