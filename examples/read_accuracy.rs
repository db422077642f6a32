//! The picture reader's accuracy table: reads every picture of a set made by
//! `benches/pictures/make_set.py` and compares with its `truth.tsv`.
//!
//!   cargo run --release --example read_accuracy -- DIR [--list]
//!
//! Per category (screen, photo, none): pictures; grids found; grids read
//! with the right shape; cells right (of every cell of every grid with a
//! picture, a grid not found counting all its cells wrong); grids exact;
//! grids exact after at most two corrections among the cells the reader
//! marks doubtful (at most five, the solver's suggestions first); and the
//! time to read, median and worst (decoding excluded: the browser decodes
//! on the page). `--list` prints every picture not read exactly;
//! `--by-side` makes a row per category and side. On stderr, `READ_TIMES=1`
//! prints each picture's time and `READ_CORNERS=1` the grid's corners found
//! (for `benches/pictures/variants.py --crop`).

use std::collections::BTreeMap;
use std::time::Instant;

use bitsudoku::picture::doubt::{check, BUDGET};
use bitsudoku::picture::{read, Gray};
use bitsudoku::shape::{read_kind, Extras};
use bitsudoku::Shape;

#[derive(Default)]
struct Tally {
    pictures: usize,
    found: usize,
    shape_right: usize,
    cells: usize,
    cells_right: usize,
    exact: usize,
    helped: usize,
    times: Vec<f64>,
}

fn truth_shape(side: usize, spec: &str) -> Option<Shape> {
    // Extra houses after a `+` (`box=3x3+x`, `box=3x3+hyper`), in the
    // words the shape line takes.
    let (spec, extras) = match spec.split_once('+') {
        Some((regions, plus)) => (regions, read_kind(&format!("jigsaw+{plus}"))?.ok()?.1),
        None => (spec, Extras::NONE),
    };
    plain_shape(side, spec)?.with_extras(extras).ok()
}

fn plain_shape(side: usize, spec: &str) -> Option<Shape> {
    if let Some(rc) = spec.strip_prefix("box=") {
        let (r, c) = rc.split_once('x')?;
        return Shape::boxes(r.parse().ok()?, c.parse().ok()?).ok();
    }
    let regions: Vec<u8> = spec
        .strip_prefix("jigsaw=")?
        .chars()
        .map(|c| c.to_digit(36).and_then(|d| (d as u8).checked_sub(1)))
        .collect::<Option<_>>()?;
    (regions.len() == side * side).then(|| Shape::jigsaw(&regions).ok())?
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .expect("usage: read_accuracy DIR [--list]");
    let list = args.iter().any(|a| a == "--list");
    let by_side = args.iter().any(|a| a == "--by-side");
    let truth = std::fs::read_to_string(format!("{dir}/truth.tsv")).expect("DIR/truth.tsv");
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for row in truth.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        if f.len() < 6 {
            continue;
        }
        let (file, category) = (f[0], f[1]);
        let image = image::open(format!("{dir}/{file}"))
            .expect("a picture")
            .to_rgba8();
        let picture = Gray::from_rgba(
            image.width() as usize,
            image.height() as usize,
            image.as_raw(),
        )
        .unwrap();
        let start = Instant::now();
        let result = read(&picture);
        let seconds = start.elapsed().as_secs_f64();
        if std::env::var_os("READ_TIMES").is_some() {
            eprintln!("{file}\t{:.0} ms", seconds * 1000.0);
        }
        if std::env::var_os("READ_CORNERS").is_some() {
            if let Ok(r) = &result {
                eprintln!("CORNERS\t{file}\t{:?}", r.corners);
            }
        }
        let key = if by_side && category != "none" {
            format!("{category} {:>2}×{}", f[2], f[2])
        } else {
            category.to_string()
        };
        let t = tallies.entry(key).or_default();
        t.pictures += 1;
        t.times.push(seconds);
        if category == "none" {
            if let Ok(r) = &result {
                t.found += 1;
                if list {
                    println!(
                        "{file}: a {}×{} grid invented",
                        r.grid.shape().side(),
                        r.grid.shape().side()
                    );
                }
            }
            continue;
        }
        let side: usize = f[2].parse().expect("side");
        let want: Vec<u8> = f[5]
            .split(',')
            .map(|v| v.parse().expect("cell value"))
            .collect();
        t.cells += want.len();
        let Ok(reading) = result else {
            if list {
                println!("{file}: not found ({})", result.unwrap_err());
            }
            continue;
        };
        t.found += 1;
        let shape_right = truth_shape(side, f[3]).as_ref() == Some(reading.grid.shape());
        if !shape_right {
            if list {
                println!(
                    "{file}: shape {} read as {}",
                    f[3],
                    reading.grid.shape().spec()
                );
            }
            continue;
        }
        t.shape_right += 1;
        let wrong: Vec<usize> = (0..want.len())
            .filter(|&c| reading.grid.get(c) != want[c])
            .collect();
        t.cells_right += want.len() - wrong.len();
        if wrong.is_empty() {
            t.exact += 1;
            t.helped += 1;
            continue;
        }
        let checked = check(&reading, BUDGET);
        let helped = wrong.len() <= 2 && wrong.iter().all(|c| checked.doubtful.contains(c));
        t.helped += helped as usize;
        if list {
            let cells: Vec<String> = wrong
                .iter()
                .map(|&c| {
                    format!(
                        "{} {}→{} ({:.2})",
                        reading.grid.shape().cell_name(c),
                        want[c],
                        reading.grid.get(c),
                        reading.confidence[c]
                    )
                })
                .collect();
            println!(
                "{file}: {} wrong: {}{}",
                wrong.len(),
                cells.join(", "),
                if helped { " [found by doubt]" } else { "" }
            );
        }
    }
    println!("| category | pictures | found | shape right | cells right | grids exact | exact after ≤ 2 corrections | read time median / max |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (category, t) in &mut tallies {
        t.times.sort_by(f64::total_cmp);
        let median = t.times[t.times.len() / 2] * 1e3;
        let max = t.times.last().unwrap() * 1e3;
        let pct = |a: usize, b: usize| {
            if b == 0 {
                "–".to_string()
            } else {
                format!("{:.2}%", 100.0 * a as f64 / b as f64)
            }
        };
        if category.as_str() == "none" {
            println!(
                "| none | {} | {} invented | – | – | – | – | {median:.0} / {max:.0} ms |",
                t.pictures, t.found
            );
        } else {
            println!(
                "| {category} | {} | {} | {} | {} | {} | {} | {median:.0} / {max:.0} ms |",
                t.pictures,
                t.found,
                t.shape_right,
                pct(t.cells_right, t.cells),
                pct(t.exact, t.pictures),
                pct(t.helped, t.pictures)
            );
        }
    }
}
