//! `bitsudoku read`: the puzzle in each picture, one line each, in the
//! format the other commands read (`bitsudoku read a.png | bitsudoku solve`).
//! The `image` crate decodes; everything else is the core's
//! (`bitsudoku::picture`).

use std::io::{self, Write};

use bitsudoku::picture::doubt::{check, Status, BUDGET};
use bitsudoku::picture::{read, Gray, Reading};
use bitsudoku::{format, Layout, Notation};
use clap::{Args, ValueEnum};

#[derive(Args, Debug)]
pub struct ReadArgs {
    /// Pictures: PNG, JPEG, GIF, BMP or WebP.
    #[arg(required = true)]
    files: Vec<String>,
    /// text: one puzzle line per picture (notes on doubtful cells go to stderr);
    /// tsv: a header, then per picture its file, side, shape, alphabet, puzzle, the
    /// solver's verdict, the doubtful cells and every cell's confidence.
    #[arg(long, value_enum, default_value_t = ReadFormat::Text)]
    format: ReadFormat,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ReadFormat {
    Text,
    Tsv,
}

/// The picture's pixels the way up it is shown: a phone stores a photo as
/// its sensor saw it and says in the EXIF orientation how to turn it (a
/// portrait photo is usually stored lying on its side), as browsers and
/// viewers do.
fn decode(path: &str) -> Result<Gray, String> {
    use image::ImageDecoder;
    let mut decoder = image::ImageReader::open(path)
        .map_err(|e| e.to_string())?
        .with_guessed_format()
        .map_err(|e| e.to_string())?
        .into_decoder()
        .map_err(|e| e.to_string())?;
    // An unreadable orientation leaves the picture as stored.
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut image = image::DynamicImage::from_decoder(decoder).map_err(|e| e.to_string())?;
    image.apply_orientation(orientation);
    let image = image.to_rgba8();
    let (w, h) = (image.width() as usize, image.height() as usize);
    Gray::from_rgba(w, h, image.as_raw()).ok_or_else(|| "the picture is empty".into())
}

fn line(reading: &Reading) -> String {
    let side = reading.grid.shape().side();
    let notation = Notation {
        alphabet: reading.alphabet,
        layout: Layout::Line,
        blank: reading.alphabet.default_blank(side),
        kind: false,
    };
    format(&reading.grid, &notation).trim_end().to_string()
}

pub fn run(args: &ReadArgs) -> io::Result<u8> {
    let mut out = io::BufWriter::new(io::stdout());
    let mut status = 0u8;
    if args.format == ReadFormat::Tsv {
        writeln!(
            out,
            "file\tside\tshape\talphabet\tpuzzle\tstatus\tdoubtful\tconfidence"
        )?;
    }
    for path in &args.files {
        let picture = match decode(path) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bitsudoku: cannot read {path}: {e}");
                status = 2;
                continue;
            }
        };
        let reading = match read(&picture) {
            Ok(r) => r,
            Err(why) => {
                eprintln!("bitsudoku: no puzzle found in {path} ({why})");
                status = status.max(1);
                continue;
            }
        };
        let checked = check(&reading, BUDGET);
        let shape = reading.grid.shape();
        let name = |cell: usize| shape.cell_name(cell);
        let symbol = |v: u8| {
            if v == 0 {
                "empty".to_string()
            } else {
                reading.alphabet.symbol(shape.side(), v)
            }
        };
        match args.format {
            ReadFormat::Text => {
                writeln!(out, "{}", line(&reading))?;
                let verdict = match checked.status {
                    Status::Unique => None,
                    Status::Several => Some("has several solutions"),
                    Status::Broken => Some("has no solution"),
                    Status::Unknown => Some("could not be checked"),
                };
                for &cell in &reading.settled {
                    let first = reading.alternatives[cell].first().map_or(0, |a| a.0);
                    let like = reading.alike.iter().find(|a| a.0 == cell);
                    let why = if reading.relabelled.contains(&cell) {
                        "is one of the cells changed together to give the puzzle read a solution"
                            .to_string()
                    } else if let Some(&(_, like)) = like {
                        format!(
                            "is read just as {} was, which repeated a symbol",
                            name(like)
                        )
                    } else {
                        "repeats a symbol in its row, column or box".to_string()
                    };
                    eprintln!(
                        "bitsudoku: {path}: {} read as {} {why}: taken as {}, check it",
                        name(cell),
                        symbol(first),
                        symbol(reading.grid.get(cell))
                    );
                }
                if let Some(v) = verdict {
                    eprintln!("bitsudoku: {path}: the puzzle read {v}");
                }
                for c in &checked.corrections {
                    let changes: Vec<String> = c
                        .changes
                        .iter()
                        .map(|&(cell, v)| format!("{} as {}", name(cell), symbol(v)))
                        .collect();
                    eprintln!(
                        "bitsudoku: {path}: reading {} gives one solution",
                        changes.join(" and ")
                    );
                }
                if checked.status == Status::Unique && !checked.doubtful.is_empty() {
                    let cells: Vec<String> = checked.doubtful.iter().map(|&c| name(c)).collect();
                    eprintln!(
                        "bitsudoku: {path}: check {} (read with doubt)",
                        cells.join(", ")
                    );
                }
            }
            ReadFormat::Tsv => {
                let confidence: Vec<String> = reading
                    .confidence
                    .iter()
                    .map(|c| format!("{c:.2}"))
                    .collect();
                let doubtful: Vec<String> = checked.doubtful.iter().map(|&c| name(c)).collect();
                writeln!(
                    out,
                    "{path}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    shape.side(),
                    shape.spec(),
                    reading.alphabet,
                    line(&reading),
                    format!("{:?}", checked.status).to_lowercase(),
                    doubtful.join(","),
                    confidence.join(",")
                )?;
            }
        }
    }
    out.flush()?;
    Ok(status)
}
