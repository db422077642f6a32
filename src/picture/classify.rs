//! Which symbol a mark is: a small neural network (one hidden layer), its
//! weights trained by `examples/train_reader.rs` on symbols rendered from
//! many fonts and committed as `reader.weights` (8-bit, a scale per row).
//!
//! Why so small: printed symbols cut out and scaled to one size differ
//! mostly in font, weight and blur; a hidden layer of a hundred or so units
//! separates them, and the weights stay a few tens of kilobytes for the
//! page to download.

use super::glyph::FEATURES;

/// Every symbol the classifier knows: digits and the letters the alphabets
/// use (`A`–`Y`).
pub const SYMBOLS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXY";

/// The trained network.
pub const WEIGHTS: &[u8] = include_bytes!("reader.weights");

/// A fully connected layer: per output a scale, a bias and 8-bit weights.
#[derive(Clone, Debug)]
struct Layer {
    inputs: usize,
    scales: Vec<f32>,
    biases: Vec<f32>,
    weights: Vec<i8>,
}

impl Layer {
    fn outputs(&self) -> usize {
        self.scales.len()
    }

    fn apply(&self, input: &[f32], out: &mut Vec<f32>) {
        out.clear();
        for o in 0..self.outputs() {
            let row = &self.weights[o * self.inputs..][..self.inputs];
            out.push(dot(row, input) * self.scales[o] + self.biases[o]);
        }
    }
}

/// `Σ row[i] · input[i]`, in eight sums side by side: a single running sum
/// is a chain of dependent additions, which the compiler may not reorder
/// (floating point), and eight of them vectorise.
fn dot(row: &[i8], input: &[f32]) -> f32 {
    debug_assert_eq!(row.len(), input.len());
    let mut lanes = [0f32; 8];
    let (rows, inputs) = (row.chunks_exact(8), input.chunks_exact(8));
    let tail: f32 = (rows.remainder().iter().zip(inputs.remainder()))
        .map(|(&w, &x)| w as f32 * x)
        .sum();
    for (w, x) in rows.zip(inputs) {
        for i in 0..8 {
            lanes[i] += w[i] as f32 * x[i];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// A network read from its bytes.
#[derive(Clone, Debug)]
pub struct Classifier {
    hidden: Layer,
    output: Layer,
}

/// Little-endian reader over the weights file.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Some(head)
    }
    fn u16(&mut self) -> Option<usize> {
        self.take(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
    }
    fn f32(&mut self) -> Option<f32> {
        self.take(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn layer(&mut self, inputs: usize, outputs: usize) -> Option<Layer> {
        let mut layer = Layer {
            inputs,
            scales: Vec::with_capacity(outputs),
            biases: Vec::with_capacity(outputs),
            weights: Vec::with_capacity(inputs * outputs),
        };
        for _ in 0..outputs {
            layer.scales.push(self.f32()?);
            layer.biases.push(self.f32()?);
            layer
                .weights
                .extend(self.take(inputs)?.iter().map(|&b| b as i8));
        }
        Some(layer)
    }
}

/// The file's first bytes.
pub const MAGIC: &[u8; 4] = b"BSR1";

impl Classifier {
    /// The committed network.
    pub fn trained() -> Classifier {
        Classifier::from_bytes(WEIGHTS).expect("the committed weights are well formed")
    }

    /// A network from the weights file format: `BSR1`, inputs, hidden units
    /// and outputs as u16, then each layer's rows (scale f32, bias f32, one
    /// i8 a weight). `None` when malformed or not for [`FEATURES`] inputs
    /// and [`SYMBOLS`] outputs.
    pub fn from_bytes(bytes: &[u8]) -> Option<Classifier> {
        let mut b = Bytes(bytes);
        if b.take(4)? != MAGIC {
            return None;
        }
        let (inputs, hidden, outputs) = (b.u16()?, b.u16()?, b.u16()?);
        if inputs != FEATURES || outputs != SYMBOLS.len() || hidden == 0 {
            return None;
        }
        let hidden_layer = b.layer(inputs, hidden)?;
        let output = b.layer(hidden, outputs)?;
        b.0.is_empty().then_some(Classifier {
            hidden: hidden_layer,
            output,
        })
    }

    /// The probability of each of [`SYMBOLS`] for one mark's features.
    pub fn probabilities(&self, features: &[f32]) -> Vec<f32> {
        let mut hidden = Vec::new();
        self.hidden.apply(features, &mut hidden);
        for h in &mut hidden {
            *h = h.max(0.0);
        }
        let mut out = Vec::new();
        self.output.apply(&hidden, &mut out);
        softmax(&mut out);
        out
    }
}

/// Scores to probabilities, in place.
pub fn softmax(scores: &mut [f32]) {
    let top = scores.iter().cloned().fold(f32::MIN, f32::max);
    let mut sum = 0.0;
    for s in scores.iter_mut() {
        *s = (*s - top).exp();
        sum += *s;
    }
    for s in scores.iter_mut() {
        *s /= sum;
    }
}

/// Writes a layer in the weights format from f32 weights (`rows × inputs`),
/// each row scaled so its largest weight is ±127.
pub fn write_layer(out: &mut Vec<u8>, weights: &[f32], biases: &[f32], inputs: usize) {
    for (o, &bias) in biases.iter().enumerate() {
        let row = &weights[o * inputs..][..inputs];
        let top = row.iter().fold(0f32, |m, w| m.max(w.abs())).max(1e-8);
        let scale = top / 127.0;
        out.extend_from_slice(&scale.to_le_bytes());
        out.extend_from_slice(&bias.to_le_bytes());
        out.extend(
            row.iter()
                .map(|w| (w / scale).round().clamp(-127.0, 127.0) as i8 as u8),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_weights_load() {
        let c = Classifier::trained();
        let p = c.probabilities(&vec![0.0; FEATURES]);
        assert_eq!(p.len(), SYMBOLS.len());
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    }

    #[test]
    fn a_written_layer_reads_back() {
        let mut bytes = MAGIC.to_vec();
        for v in [FEATURES, 1, SYMBOLS.len()] {
            bytes.extend_from_slice(&(v as u16).to_le_bytes());
        }
        let w1: Vec<f32> = (0..FEATURES)
            .map(|i| if i == 0 { 1.0 } else { 0.0 })
            .collect();
        write_layer(&mut bytes, &w1, &[0.0], FEATURES);
        // Output k scores k × hidden: the largest input favours the last symbol.
        let w2: Vec<f32> = (0..SYMBOLS.len()).map(|k| k as f32).collect();
        write_layer(&mut bytes, &w2, &vec![0.0; SYMBOLS.len()], 1);
        let c = Classifier::from_bytes(&bytes).unwrap();
        let mut x = vec![0.0; FEATURES];
        x[0] = 1.0;
        let p = c.probabilities(&x);
        let best = (0..p.len()).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap();
        assert_eq!(best, SYMBOLS.len() - 1);
        assert!(Classifier::from_bytes(&bytes[..bytes.len() - 1]).is_none());
    }
}
