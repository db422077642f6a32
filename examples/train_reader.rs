//! Trains the picture reader's symbol classifier and writes its weights
//! (`src/picture/reader.weights`).
//!
//! Every training example is a cell drawn from scratch: a symbol from one of
//! the given fonts, at a random size, place, slant, rotation, width, weight
//! of paper and ink, with box lines at its edges, blur and noise; then cut
//! out by the reader's own code (`picture::glyph`), so the network learns
//! exactly what it will be shown. Each round draws fresh cells (seeded: the
//! same seed and fonts give the same weights).
//!
//!   cargo run --release --example train_reader -- --fonts LIST [--seed S] [--rounds N] [--out FILE]
//!
//! LIST names one font file a line (`benches/pictures/make_set.py
//! --list-fonts train` writes the training half of the fonts; the other half
//! is kept for measuring). Prints the accuracy on fresh cells of the
//! training fonts and, with `--check LIST`, of other fonts.

// The network's loops index several arrays by the same unit: ranges read
// clearer than zipped iterators there.
#![allow(clippy::needless_range_loop)]

use ab_glyph::{point, Font, FontVec, PxScale};
use bitsudoku::generate::Rng;
use bitsudoku::picture::classify::{write_layer, Classifier, MAGIC, SYMBOLS};
use bitsudoku::picture::glyph::{flatten, inner, read_cell, FEATURES};
use bitsudoku::picture::Gray;
use rayon::prelude::*;

const HIDDEN: usize = 128;
const CLASSES: usize = SYMBOLS.len();

fn uniform(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
}

fn between(rng: &mut Rng, lo: f32, hi: f32) -> f32 {
    lo + (hi - lo) * uniform(rng)
}

fn normal(rng: &mut Rng) -> f32 {
    let (a, b) = (uniform(rng).max(1e-7), uniform(rng));
    (-2.0 * a.ln()).sqrt() * (std::f32::consts::TAU * b).cos()
}

/// A font with the symbols' coverage pre-drawn at a large size.
struct Face {
    name: String,
    /// Per symbol: width, height and coverage at a cap height of [`BIG`].
    glyphs: Vec<(usize, usize, Vec<f32>)>,
}

const BIG: f32 = 96.0;

fn load(path: &str) -> Option<Face> {
    let font = FontVec::try_from_vec(std::fs::read(path).ok()?).ok()?;
    // Scale so that an `H` is BIG pixels tall.
    let probe = font
        .glyph_id('H')
        .with_scale_and_position(PxScale::from(100.0), point(0.0, 0.0));
    let h = font.outline_glyph(probe)?.px_bounds().height();
    let scale = PxScale::from(100.0 * BIG / h);
    let mut glyphs = Vec::new();
    for c in SYMBOLS.chars() {
        if font.glyph_id(c).0 == 0 {
            return None;
        }
        let g = font
            .glyph_id(c)
            .with_scale_and_position(scale, point(0.0, 0.0));
        let outlined = font.outline_glyph(g)?;
        let b = outlined.px_bounds();
        let (w, h) = (
            b.width().ceil() as usize + 1,
            b.height().ceil() as usize + 1,
        );
        let mut cov = vec![0f32; w * h];
        outlined.draw(|x, y, c| {
            if (x as usize) < w && (y as usize) < h {
                cov[y as usize * w + x as usize] = c;
            }
        });
        if cov.iter().sum::<f32>() < 10.0 {
            return None;
        }
        glyphs.push((w, h, cov));
    }
    Some(Face {
        name: path.rsplit('/').next().unwrap_or(path).to_string(),
        glyphs,
    })
}

/// Coverage of a pre-drawn glyph at a point, 0 outside.
fn coverage(g: &(usize, usize, Vec<f32>), x: f32, y: f32) -> f32 {
    let (w, h, cov) = (g.0, g.1, &g.2);
    if x < 0.0 || y < 0.0 || x >= (w - 1) as f32 || y >= (h - 1) as f32 {
        return 0.0;
    }
    let (x0, y0) = (x as usize, y as usize);
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let at = |xx: usize, yy: usize| cov[yy * w + xx];
    (at(x0, y0) * (1.0 - fx) + at(x0 + 1, y0) * fx) * (1.0 - fy)
        + (at(x0, y0 + 1) * (1.0 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
}

/// One drawn cell holding `symbols` (indices into SYMBOLS), and the
/// features the reader cuts from it.
fn example(face: &Face, symbols: &[usize], rng: &mut Rng) -> Option<Vec<Vec<f32>>> {
    // One cell in three small (a 25×25 in a photo: cells of 14–26 pixels),
    // its symbols down to 28% of it (numbers set small to fit two digits).
    let cell = if uniform(rng) < 0.35 {
        between(rng, 14.0, 26.0)
    } else {
        between(rng, 18.0, 64.0)
    };
    let size = cell.round() as usize;
    let height = cell * between(rng, 0.28, 0.7) * if symbols.len() > 1 { 0.85 } else { 1.0 };
    let squeeze = between(rng, 0.85, 1.15);
    let angle = between(rng, -0.07, 0.07);
    let shear = between(rng, -0.12, 0.12);
    let bold = if uniform(rng) < 0.25 {
        between(rng, 0.0, 0.35)
    } else {
        0.0
    };
    // Place the symbols side by side, centred with some jitter.
    let k = height / BIG;
    let widths: Vec<f32> = symbols
        .iter()
        .map(|&s| face.glyphs[s].0 as f32 * k * squeeze)
        .collect();
    let gap = height * 0.08;
    let total = widths.iter().sum::<f32>() + gap * (symbols.len() - 1) as f32;
    let fit = (cell * 0.8 / total).min(1.0);
    let (cx, cy) = (
        cell / 2.0 + between(rng, -0.07, 0.07) * cell,
        cell / 2.0 + between(rng, -0.07, 0.07) * cell,
    );
    let mut centres = Vec::new();
    let mut left = cx - total * fit / 2.0;
    for w in &widths {
        centres.push(left + w * fit / 2.0);
        left += (w + gap) * fit;
    }
    let (sin, cos) = angle.sin_cos();
    let paper = between(rng, 150.0, 255.0);
    let ink = between(rng, 0.0, (paper - 70.0).max(0.0));
    let mut cov = vec![0f32; size * size];
    const SUB: usize = 3;
    for y in 0..size {
        for x in 0..size {
            let mut sum = 0.0;
            for sy in 0..SUB {
                for sx in 0..SUB {
                    let px = x as f32 + (sx as f32 + 0.5) / SUB as f32;
                    let py = y as f32 + (sy as f32 + 0.5) / SUB as f32;
                    let mut best = 0f32;
                    for (i, &s) in symbols.iter().enumerate() {
                        let g = &face.glyphs[s];
                        // Undo rotation, then shear and squeeze, into the big glyph.
                        let (dx, dy) = (px - centres[i], py - cy);
                        let (rx, ry) = (cos * dx + sin * dy, -sin * dx + cos * dy);
                        let rx = (rx - shear * ry) / (squeeze * fit);
                        let ry = ry / fit;
                        let (gx, gy) = (rx / k + g.0 as f32 / 2.0, ry / k + g.1 as f32 / 2.0);
                        let mut c = coverage(g, gx, gy);
                        if bold > 0.0 {
                            let r = bold / k * fit;
                            c = c.max(coverage(g, gx - r, gy)).max(coverage(g, gx + r, gy));
                        }
                        best = best.max(c);
                    }
                    sum += best;
                }
            }
            cov[y * size + x] = sum / (SUB * SUB) as f32;
        }
    }
    // Lines at the edges (a box line may be thick), then blur and noise.
    let mut levels: Vec<f32> = cov.iter().map(|c| paper - (paper - ink) * c).collect();
    let line_ink = between(rng, 0.0, paper - 40.0);
    // The reader cuts the cell between its lines' ink, give or take a pixel.
    let widths = [0, 1, 2, 3].map(|_| rng.below(((cell * 0.08) as usize).max(1) + 1) + 1);
    for (edge, &width) in widths.iter().enumerate() {
        for t in 0..width {
            for a in 0..size {
                let (x, y) = match edge {
                    0 => (a, t),
                    1 => (a, size - 1 - t),
                    2 => (t, a),
                    _ => (size - 1 - t, a),
                };
                levels[y * size + x] = line_ink;
            }
        }
    }
    let slack = |rng: &mut Rng| between(rng, -1.0, 1.0);
    let bounds = [
        widths[2] as f32 + slack(rng),
        widths[0] as f32 + slack(rng),
        (size - widths[3]) as f32 + slack(rng),
        (size - widths[1]) as f32 + slack(rng),
    ];
    // A photo's blur is in its own pixels: as strong on small symbols as on
    // large ones.
    let sigma = if uniform(rng) < 0.55 {
        between(rng, 0.3, 1.7)
    } else {
        0.0
    };
    if sigma > 0.0 {
        levels = blur(&levels, size, sigma);
    }
    let noise = between(rng, 0.0, 10.0);
    let pixels: Vec<u8> = levels
        .iter()
        .map(|&v| (v + noise * normal(rng)).round().clamp(0.0, 255.0) as u8)
        .collect();
    let gray = Gray::new(size, size, pixels)?;
    let part = flatten(&inner(&gray, bounds, size as f32), size as f32);
    let read = read_cell(&part, size as f32, 28.0);
    // The cut the alphabet would choose: the one with a mark per symbol.
    let cut = read
        .readings()
        .find(|marks| marks.len() == symbols.len())
        .map(|marks| marks.iter().map(|m| m.features.clone()).collect());
    cut
}

fn blur(levels: &[f32], size: usize, sigma: f32) -> Vec<f32> {
    let r = (sigma * 2.5).ceil() as isize;
    let kernel: Vec<f32> = (-r..=r)
        .map(|i| (-(i * i) as f32 / (2.0 * sigma * sigma)).exp())
        .collect();
    let norm: f32 = kernel.iter().sum();
    let pass = |src: &[f32], horizontal: bool| {
        let mut out = vec![0f32; src.len()];
        for y in 0..size {
            for x in 0..size {
                let mut s = 0.0;
                for (j, k) in kernel.iter().enumerate() {
                    let o = j as isize - r;
                    let (xx, yy) = if horizontal {
                        ((x as isize + o).clamp(0, size as isize - 1) as usize, y)
                    } else {
                        (x, (y as isize + o).clamp(0, size as isize - 1) as usize)
                    };
                    s += k * src[yy * size + xx];
                }
                out[y * size + x] = s / norm;
            }
        }
        out
    };
    pass(&pass(levels, true), false)
}

/// `count` labelled examples, drawn in parallel, each from its own seed.
fn examples(faces: &[Face], seed: u64, count: usize) -> Vec<(Vec<f32>, usize)> {
    (0..count)
        .into_par_iter()
        .flat_map_iter(|i| {
            let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i as u64);
            let face = &faces[rng.below(faces.len())];
            // One symbol; one example in five a two-digit number (10 to 25).
            let symbols: Vec<usize> = if rng.below(5) == 0 {
                let n = 10 + rng.below(16);
                vec![n / 10, n % 10]
            } else {
                vec![rng.below(CLASSES)]
            };
            let out = example(face, &symbols, &mut rng).unwrap_or_default();
            out.into_iter().zip(symbols).collect::<Vec<_>>()
        })
        .collect()
}

struct Net {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl Net {
    fn new(rng: &mut Rng) -> Net {
        let s1 = (2.0 / FEATURES as f32).sqrt();
        let s2 = (2.0 / HIDDEN as f32).sqrt();
        Net {
            w1: (0..HIDDEN * FEATURES).map(|_| normal(rng) * s1).collect(),
            b1: vec![0.0; HIDDEN],
            w2: (0..CLASSES * HIDDEN).map(|_| normal(rng) * s2).collect(),
            b2: vec![0.0; CLASSES],
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for v in [FEATURES, HIDDEN, CLASSES] {
            out.extend_from_slice(&(v as u16).to_le_bytes());
        }
        write_layer(&mut out, &self.w1, &self.b1, FEATURES);
        write_layer(&mut out, &self.w2, &self.b2, HIDDEN);
        out
    }
}

/// One pass of minibatch SGD with momentum over `data`; returns the mean loss.
fn train(net: &mut Net, velocity: &mut Net, data: &[(Vec<f32>, usize)], rate: f32) -> f32 {
    const BATCH: usize = 32;
    let mut grad = Net {
        w1: vec![0.0; net.w1.len()],
        b1: vec![0.0; HIDDEN],
        w2: vec![0.0; net.w2.len()],
        b2: vec![0.0; CLASSES],
    };
    let mut loss = 0.0;
    let mut h = vec![0f32; HIDDEN];
    let mut z = vec![0f32; CLASSES];
    let mut dh = vec![0f32; HIDDEN];
    for batch in data.chunks(BATCH) {
        for (x, label) in batch {
            for j in 0..HIDDEN {
                let row = &net.w1[j * FEATURES..][..FEATURES];
                h[j] = (row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>() + net.b1[j]).max(0.0);
            }
            for k in 0..CLASSES {
                let row = &net.w2[k * HIDDEN..][..HIDDEN];
                z[k] = row.iter().zip(&h).map(|(w, v)| w * v).sum::<f32>() + net.b2[k];
            }
            bitsudoku::picture::classify::softmax(&mut z);
            loss -= z[*label].max(1e-9).ln();
            z[*label] -= 1.0;
            dh.iter_mut().for_each(|d| *d = 0.0);
            for k in 0..CLASSES {
                let dz = z[k];
                grad.b2[k] += dz;
                let row = &mut grad.w2[k * HIDDEN..][..HIDDEN];
                for j in 0..HIDDEN {
                    row[j] += dz * h[j];
                    dh[j] += dz * net.w2[k * HIDDEN + j];
                }
            }
            for j in 0..HIDDEN {
                if h[j] <= 0.0 {
                    continue;
                }
                grad.b1[j] += dh[j];
                let row = &mut grad.w1[j * FEATURES..][..FEATURES];
                for (g, v) in row.iter_mut().zip(x) {
                    *g += dh[j] * v;
                }
            }
        }
        let scale = rate / batch.len() as f32;
        let step = |p: &mut [f32], v: &mut [f32], g: &mut [f32], decay: f32| {
            for ((p, v), g) in p.iter_mut().zip(v.iter_mut()).zip(g.iter_mut()) {
                *v = 0.9 * *v - scale * (*g + decay * *p);
                *p += *v;
                *g = 0.0;
            }
        };
        step(&mut net.w1, &mut velocity.w1, &mut grad.w1, 1e-4);
        step(&mut net.b1, &mut velocity.b1, &mut grad.b1, 0.0);
        step(&mut net.w2, &mut velocity.w2, &mut grad.w2, 1e-4);
        step(&mut net.b2, &mut velocity.b2, &mut grad.b2, 0.0);
    }
    loss / data.len() as f32
}

/// Accuracy of the quantized network on `data`, and the commonest mistakes.
fn accuracy(c: &Classifier, data: &[(Vec<f32>, usize)]) -> (f32, Vec<(char, char, usize)>) {
    let mut right = 0;
    let mut mistakes = std::collections::HashMap::new();
    for (x, label) in data {
        let p = c.probabilities(x);
        let best = (0..CLASSES).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap();
        if best == *label {
            right += 1;
        } else {
            let s: Vec<char> = SYMBOLS.chars().collect();
            *mistakes.entry((s[*label], s[best])).or_insert(0) += 1;
        }
    }
    let mut list: Vec<(char, char, usize)> =
        mistakes.into_iter().map(|((a, b), n)| (a, b, n)).collect();
    list.sort_by_key(|m| std::cmp::Reverse(m.2));
    list.truncate(8);
    (right as f32 / data.len().max(1) as f32, list)
}

fn faces(list: &str) -> Vec<Face> {
    let text = std::fs::read_to_string(list).unwrap_or_else(|e| panic!("{list}: {e}"));
    let mut out: Vec<Face> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| load(l.trim()))
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let list = arg("--fonts").expect("--fonts LIST: one font file a line");
    let seed: u64 = arg("--seed").map_or(1, |s| s.parse().expect("--seed N"));
    let rounds: usize = arg("--rounds").map_or(80, |s| s.parse().expect("--rounds N"));
    let per_round: usize = arg("--per-round").map_or(25_000, |s| s.parse().expect("--per-round N"));
    let out = arg("--out").unwrap_or_else(|| "src/picture/reader.weights".into());
    let train_faces = faces(&list);
    let check_faces = arg("--check").map(|l| faces(&l)).unwrap_or_default();
    eprintln!(
        "{} training fonts, {} check fonts",
        train_faces.len(),
        check_faces.len()
    );
    let mut rng = Rng::new(seed);
    let mut net = Net::new(&mut rng);
    let mut velocity = Net {
        w1: vec![0.0; net.w1.len()],
        b1: vec![0.0; HIDDEN],
        w2: vec![0.0; net.w2.len()],
        b2: vec![0.0; CLASSES],
    };
    let held = examples(&train_faces, seed ^ 0xFEED, 6000);
    let other = if check_faces.is_empty() {
        Vec::new()
    } else {
        examples(&check_faces, seed ^ 0xBEEF, 6000)
    };
    for round in 0..rounds {
        let data = examples(&train_faces, seed + 1000 + round as u64, per_round);
        let rate = 0.02 * (1.0 - round as f32 / rounds as f32).max(0.05);
        let loss = train(&mut net, &mut velocity, &data, rate);
        if round % 5 == 4 || round + 1 == rounds {
            let c = Classifier::from_bytes(&net.bytes()).expect("well formed");
            let (a, _) = accuracy(&c, &held);
            let o = if other.is_empty() {
                String::new()
            } else {
                format!(", other fonts {:.4}", accuracy(&c, &other).0)
            };
            eprintln!("round {round}: loss {loss:.4}, training fonts {a:.4}{o}");
        }
    }
    let bytes = net.bytes();
    let c = Classifier::from_bytes(&bytes).expect("well formed");
    let (a, m) = accuracy(&c, &held);
    eprintln!("training fonts: {a:.4}; mistakes (truth, read, count): {m:?}");
    if !other.is_empty() {
        let (a, m) = accuracy(&c, &other);
        eprintln!("other fonts: {a:.4}; mistakes: {m:?}");
    }
    std::fs::write(&out, &bytes).unwrap_or_else(|e| panic!("{out}: {e}"));
    eprintln!("wrote {out}: {} bytes", bytes.len());
}
