//! The picture reader's export (feature `picture`, the module the page loads
//! only when a picture is opened): RGBA pixels in, the puzzle read, the
//! solver's verdict and the cells to check out. The reading is the core's
//! (`crate::picture`).

use wasm_bindgen::prelude::*;

use crate::format::{format, Layout, Notation};
use crate::picture::doubt::{check, Status, BUDGET};
use crate::picture::{read, Gray};

/// What a picture holds.
#[wasm_bindgen]
pub struct PictureReading {
    found: bool,
    reason: String,
    shape: String,
    side: u32,
    alphabet: String,
    puzzle: String,
    cells: Vec<u8>,
    confidence: Vec<f32>,
    doubtful: Vec<u32>,
    status: String,
    suggestion: Vec<u32>,
    corners: Vec<f32>,
}

#[wasm_bindgen]
impl PictureReading {
    /// Whether a puzzle was found.
    #[wasm_bindgen(getter)]
    pub fn found(&self) -> bool {
        self.found
    }
    /// Why not, when none was: "no grid of evenly spaced lines", ….
    #[wasm_bindgen(getter)]
    pub fn reason(&self) -> String {
        self.reason.clone()
    }
    /// The shape line (`9`, `box=2x3`, `jigsaw AAB…`), as the grid API takes it.
    #[wasm_bindgen(getter)]
    pub fn shape(&self) -> String {
        self.shape.clone()
    }
    /// The side.
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.side
    }
    /// The alphabet's id (`digits`, `letters`, `hex`, `digits-letters`, `numbers`).
    #[wasm_bindgen(getter)]
    pub fn alphabet(&self) -> String {
        self.alphabet.clone()
    }
    /// The puzzle as one line in its alphabet, as `parse` reads it.
    #[wasm_bindgen(getter)]
    pub fn puzzle(&self) -> String {
        self.puzzle.clone()
    }
    /// The values read, row by row, 0 for empty.
    #[wasm_bindgen(getter)]
    pub fn cells(&self) -> Vec<u8> {
        self.cells.clone()
    }
    /// How sure each cell's reading is, 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn confidence(&self) -> Vec<f32> {
        self.confidence.clone()
    }
    /// Cells to check by eye, most doubtful first (at most five).
    #[wasm_bindgen(getter)]
    pub fn doubtful(&self) -> Vec<u32> {
        self.doubtful.clone()
    }
    /// The solver's verdict on the reading: `unique`, `several`, `broken`
    /// (no solution or a repeated symbol) or `unknown`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> String {
        self.status.clone()
    }
    /// The likeliest correction that gives one solution, as cell, value
    /// pairs flattened (`[cell, value, cell, value]`; value 0 empties);
    /// empty when there is none.
    #[wasm_bindgen(getter)]
    pub fn suggestion(&self) -> Vec<u32> {
        self.suggestion.clone()
    }
    /// The grid's corners in the picture's pixels: x, y of top-left,
    /// top-right, bottom-right, bottom-left.
    #[wasm_bindgen(getter)]
    pub fn corners(&self) -> Vec<f32> {
        self.corners.clone()
    }
}

/// Reads the puzzle in a picture given as RGBA bytes (a canvas's
/// `ImageData.data`), `width × height` pixels.
#[wasm_bindgen(js_name = readPicture)]
pub fn read_picture(rgba: &[u8], width: u32, height: u32) -> Result<PictureReading, JsError> {
    let picture = Gray::from_rgba(width as usize, height as usize, rgba)
        .ok_or_else(|| JsError::new("the pixels are not width × height × 4 bytes"))?;
    let mut out = PictureReading {
        found: false,
        reason: String::new(),
        shape: String::new(),
        side: 0,
        alphabet: String::new(),
        puzzle: String::new(),
        cells: Vec::new(),
        confidence: Vec::new(),
        doubtful: Vec::new(),
        status: String::new(),
        suggestion: Vec::new(),
        corners: Vec::new(),
    };
    let reading = match read(&picture) {
        Ok(r) => r,
        Err(why) => {
            out.reason = why.to_string();
            return Ok(out);
        }
    };
    let checked = check(&reading, BUDGET);
    let shape = reading.grid.shape();
    let side = shape.side();
    let notation = Notation {
        alphabet: reading.alphabet,
        layout: Layout::Line,
        blank: reading.alphabet.default_blank(side),
        kind: false,
    };
    out.found = true;
    out.shape = shape.spec();
    out.side = side as u32;
    out.alphabet = reading.alphabet.to_string();
    out.puzzle = format(&reading.grid, &notation).trim_end().to_string();
    out.cells = reading.grid.cells().to_vec();
    out.confidence = reading.confidence.clone();
    out.doubtful = checked.doubtful.iter().map(|&c| c as u32).collect();
    out.status = match checked.status {
        Status::Unique => "unique",
        Status::Several => "several",
        Status::Broken => "broken",
        Status::Unknown => "unknown",
    }
    .into();
    if let Some(c) = checked.corrections.first() {
        out.suggestion = c
            .changes
            .iter()
            .flat_map(|&(cell, v)| [cell as u32, v as u32])
            .collect();
    }
    out.corners = reading.corners.iter().flat_map(|&(x, y)| [x, y]).collect();
    Ok(out)
}
