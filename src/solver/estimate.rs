//! Estimating a number of solutions too large to count, with Knuth's random
//! probes (D. E. Knuth, "Estimating the efficiency of backtrack programs",
//! Mathematics of Computation 29, 1975).
//!
//! A probe walks one random path from the root of the band engine's search
//! tree to a leaf: at a node whose branch has `d` alternatives (all of them,
//! those that fail at once included) it takes one uniformly and multiplies
//! its running product by `d`. A path that ends in a solution is worth the
//! product, one that ends in a contradiction 0. Each solution ends exactly
//! one path, which a probe walks with probability 1/product, so a probe's
//! expected value is the number of solutions: the mean of K probes is an
//! unbiased estimate, and its standard error is the probes' standard
//! deviation over √K.
//!
//! Why the band engine's tree: propagation is sound (it removes only
//! candidates that no solution uses), so it prunes paths without changing
//! which leaves are solutions. The estimate stays unbiased and its variance
//! drops, the branches being fewer and more even. The branching rule is the
//! search's without conflict weights, so that every probe walks the same
//! tree and the probes are independent.
//!
//! The distribution is heavy-tailed (a few probes carry much of the sum), so
//! the normal interval mean ± 1.96·SE is approximate, and an estimate from
//! few probes is more often low than high.
//!
//! Beside the probes, the exact search runs node for node: when it ends
//! first, the count is exact (small trees: a 4×4, a puzzle with a few
//! thousand solutions). An estimate costs at most twice its probes.

use std::fmt;

use super::board::{assign, cell_view, Work};
use super::houses::{HouseProber, HouseSearch, HouseSet, ProbeStep};
use super::propagate::propagate;
use super::search::{choose, choose_pair, BandSearch, Choice, Failures};
use super::shape::{house_cell, Shape, S2, S3, S4, S5};
use super::{Engine, Solver, STOP_CHECK_NODES};
use crate::generate::Rng;
use crate::grid::{Conflict, Grid};

/// A non-negative number `mantissa · 2^exponent`: an f64 with a wider
/// exponent, for products and counts beyond f64's 1.8·10³⁰⁸ (a 25×25's
/// probes reach them). Only products of small integers and f64 scalings
/// are needed, and multiplying by a power of two is exact, so the same
/// probes give the same bits on every platform.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Magnitude {
    /// Below 2⁶⁴; 0 for zero.
    mantissa: f64,
    /// A multiple of 64, from 0 up.
    exponent: i64,
}

/// 2⁶⁴: mantissas stay below it.
const SPAN: f64 = 18_446_744_073_709_551_616.0;

/// 2^k exactly: 0 below f64's smallest number, ∞ above its largest.
fn exp2i(k: i64) -> f64 {
    match k {
        1024.. => f64::INFINITY,
        -1022..=1023 => f64::from_bits(((k + 1023) as u64) << 52),
        -1074..=-1023 => f64::from_bits(1 << (k + 1074)),
        _ => 0.0,
    }
}

impl Magnitude {
    /// Zero.
    pub const ZERO: Magnitude = Magnitude {
        mantissa: 0.0,
        exponent: 0,
    };
    /// One.
    pub const ONE: Magnitude = Magnitude {
        mantissa: 1.0,
        exponent: 0,
    };

    /// `n` (exact below 2⁵³).
    pub fn from_u64(n: u64) -> Magnitude {
        Magnitude::new(n as f64, 0)
    }

    fn new(mut mantissa: f64, mut exponent: i64) -> Magnitude {
        if !(mantissa > 0.0 && mantissa.is_finite()) {
            return Magnitude::ZERO;
        }
        while mantissa >= SPAN {
            mantissa /= SPAN;
            exponent += 64;
        }
        Magnitude { mantissa, exponent }
    }

    /// This number times `k` ≥ 0.
    pub fn times(self, k: f64) -> Magnitude {
        Magnitude::new(self.mantissa * k, self.exponent)
    }

    /// This number divided by `other` (∞ when `other` is 0, NaN for 0/0).
    pub fn ratio(self, other: Magnitude) -> f64 {
        self.mantissa / other.mantissa * exp2i(self.exponent - other.exponent)
    }

    /// Whether it is 0.
    pub fn is_zero(self) -> bool {
        self.mantissa == 0.0
    }

    /// As an f64: ∞ beyond its range.
    pub fn to_f64(self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        self.mantissa * exp2i(self.exponent)
    }

    /// Its decimal logarithm (−∞ for 0).
    pub fn log10(self) -> f64 {
        self.mantissa.log10() + self.exponent as f64 * std::f64::consts::LOG10_2
    }
}

/// Writes `x` ≥ 0 rounded to `decimals` digits after the point, in integer
/// arithmetic: core's float formatting would add 15 KB to the WebAssembly.
fn fixed(f: &mut fmt::Formatter<'_>, x: f64, decimals: u32) -> fmt::Result {
    let scale = 10u64.pow(decimals);
    let n = (x * scale as f64 + 0.5) as u64;
    match decimals {
        0 => write!(f, "{n}"),
        d => write!(f, "{}.{:0d$}", n / scale, n % scale, d = d as usize),
    }
}

/// Three significant digits: `288`, `12.3`, `0.402`, and `6.67e21` from a
/// million up (or below a thousandth).
impl fmt::Display for Magnitude {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        let log = self.log10();
        let power = log.floor() as i64;
        if (-3..6).contains(&power) {
            return fixed(f, self.to_f64(), (2 - power).max(0) as u32);
        }
        // The leading digits, 100 to 999 (rounding may carry into the
        // power: 9.996e6 is 1.00e7).
        let mut digits = ((log - power as f64) * std::f64::consts::LN_10).exp() * 100.0 + 0.5;
        let mut power = power;
        if digits >= 1000.0 {
            digits /= 10.0;
            power += 1;
        }
        let digits = digits as u64;
        write!(f, "{}.{:02}e{power}", digits / 100, digits % 100)
    }
}

/// The running mean of the probes' values and the sum of their squared
/// deviations from it (Welford's method), in units of 2^`exponent`: the
/// scale of the largest value so far. When a larger value comes, the sums
/// shrink to its scale; values 2¹⁰⁷⁴ times smaller than the largest then
/// count as 0, as they no longer move the mean.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    n: u64,
    exponent: i64,
    mean: f64,
    m2: f64,
}

impl Tally {
    fn add(&mut self, x: Magnitude) {
        if !x.is_zero() && x.exponent > self.exponent {
            let k = self.exponent - x.exponent;
            self.mean *= exp2i(k);
            self.m2 *= exp2i(2 * k);
            self.exponent = x.exponent;
        }
        let v = x.mantissa * exp2i(x.exponent - self.exponent);
        self.n += 1;
        let delta = v - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (v - self.mean);
    }

    fn mean(&self) -> Magnitude {
        Magnitude::new(self.mean, self.exponent)
    }

    /// The sample standard deviation over √n; 0 below two values.
    fn standard_error(&self) -> Magnitude {
        if self.n < 2 {
            return Magnitude::ZERO;
        }
        let n = self.n as f64;
        let variance = self.m2.max(0.0) / (n - 1.0);
        Magnitude::new((variance / n).sqrt(), self.exponent)
    }
}

/// Walks probes down the band engine's tree from a propagated root.
struct Prober<S: Shape> {
    root: Vec<S::W>,
    board: Vec<S::W>,
    work: Work<S>,
    /// The cell view, for branching and for the subset rule.
    cand: Vec<u32>,
    /// The running product of the probe under way; `None` between probes.
    walk: Option<Magnitude>,
}

impl<S: Shape> Prober<S> {
    fn new(root: &[S::W]) -> Prober<S> {
        Prober {
            root: root.to_vec(),
            board: root.to_vec(),
            work: Work::new(),
            cand: vec![0; S::CELLS],
            walk: None,
        }
    }

    /// Takes one branch of the probe under way (starting one from the root
    /// when none is): returns the probe's value when the branch ends it.
    fn step(&mut self, rng: &mut Rng) -> Option<Magnitude> {
        let product = match self.walk.take() {
            Some(product) => product,
            None => {
                self.board.copy_from_slice(&self.root);
                Magnitude::ONE
            }
        };
        let board = &mut self.board[..];
        let choice = choose_pair::<S>(board, None, &Failures::default()).unwrap_or_else(|| {
            cell_view::<S>(board, &mut self.cand);
            choose::<S>(&self.cand, None)
        });
        let alternatives = match choice {
            Choice::Cell { digits, .. } => digits,
            Choice::Digit { places, .. } => places,
            Choice::Config { configs, .. } => configs,
        };
        // Every alternative counts, the ones that fail at once too.
        let d = alternatives.count_ones();
        let mut rest = alternatives;
        for _ in 0..rng.below(d as usize) {
            rest &= rest - 1;
        }
        let pick = rest.trailing_zeros() as usize;
        let (cell, digit) = match choice {
            Choice::Cell { cell, .. } => (cell, pick),
            Choice::Digit { house, digit, .. } => (house_cell::<S>(house, pick), digit),
            Choice::Config { .. } => unreachable!("probes choose cells and digits only"),
        };
        let product = product.times(d as f64);
        if assign::<S>(board, &mut self.work, digit, cell).is_err() {
            self.work.clear();
            return Some(Magnitude::ZERO);
        }
        match propagate::<S>(board, &mut self.work, &mut self.cand) {
            Err(_) => Some(Magnitude::ZERO),
            Ok(true) => Some(product),
            Ok(false) => {
                self.walk = Some(product);
                None
            }
        }
    }
}

enum Probes {
    N2(Prober<S2>),
    N3(Prober<S3>),
    N4(Prober<S4>),
    N5(Prober<S5>),
    H2(Houses<2>),
    H4(Houses<4>),
    H10(Houses<10, u128>),
}

/// Probes down the house engine's tree.
struct Houses<const W: usize, H = u64> {
    prober: HouseProber<W, H>,
    walk: Option<Magnitude>,
}

impl<const W: usize, H: HouseSet> Houses<W, H> {
    fn step(&mut self, rng: &mut Rng) -> Option<Magnitude> {
        let product = match self.walk.take() {
            Some(product) => product,
            None => {
                self.prober.reset();
                Magnitude::ONE
            }
        };
        let (d, step) = self.prober.branch(|d| rng.below(d));
        // Every alternative counts, the ones that fail at once too.
        let product = product.times(d as f64);
        match step {
            ProbeStep::Ended(false) => Some(Magnitude::ZERO),
            ProbeStep::Ended(true) => Some(product),
            ProbeStep::Open => {
                self.walk = Some(product);
                None
            }
        }
    }
}

impl Probes {
    fn step(&mut self, rng: &mut Rng) -> Option<Magnitude> {
        match self {
            Probes::N2(p) => p.step(rng),
            Probes::N3(p) => p.step(rng),
            Probes::N4(p) => p.step(rng),
            Probes::N5(p) => p.step(rng),
            Probes::H2(p) => p.step(rng),
            Probes::H4(p) => p.step(rng),
            Probes::H10(p) => p.step(rng),
        }
    }

    fn between_probes(&self) -> bool {
        match self {
            Probes::N2(p) => p.walk.is_none(),
            Probes::N3(p) => p.walk.is_none(),
            Probes::N4(p) => p.walk.is_none(),
            Probes::N5(p) => p.walk.is_none(),
            Probes::H2(p) => p.walk.is_none(),
            Probes::H4(p) => p.walk.is_none(),
            Probes::H10(p) => p.walk.is_none(),
        }
    }
}

/// The root after propagation: decided (its number of solutions, 0 or 1),
/// or a tree to probe.
fn root(puzzle: &Grid) -> Result<Probes, u64> {
    fn of<S: Shape>(givens: &[u8], wrap: fn(Prober<S>) -> Probes) -> Result<Probes, u64> {
        let band = BandSearch::<S>::new(givens, 1);
        if band.finished {
            return Err(band.found);
        }
        Ok(wrap(Prober::new(band.root_board())))
    }
    fn of_houses<const W: usize, H: HouseSet>(
        shape: &crate::shape::Shape,
        givens: &[u8],
        wrap: fn(Houses<W, H>) -> Probes,
    ) -> Result<Probes, u64> {
        let search = HouseSearch::<W, H>::new(shape, givens, 1);
        if search.finished {
            return Err(search.found);
        }
        Ok(wrap(Houses {
            prober: HouseProber::new(&search),
            walk: None,
        }))
    }
    let (shape, givens) = (puzzle.shape(), puzzle.cells());
    match (shape.square_box(), shape.cells()) {
        (Some(2), _) => of(givens, Probes::N2),
        (Some(3), _) => of(givens, Probes::N3),
        (Some(4), _) => of(givens, Probes::N4),
        (Some(_), _) => of(givens, Probes::N5),
        (None, 0..=128) => of_houses(shape, givens, Probes::H2),
        (None, 129..=256) => of_houses(shape, givens, Probes::H4),
        (None, _) => of_houses(shape, givens, Probes::H10),
    }
}

/// How to estimate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EstimateOptions {
    /// Probes to walk; at least 2, for an error.
    pub probes: u64,
    /// The random generator's seed: the same seed gives the same estimate,
    /// on every platform.
    pub seed: u64,
    /// Whether the exact search runs beside the probes, node for node, to
    /// give the exact count when it ends first.
    pub exact: bool,
}

impl Default for EstimateOptions {
    fn default() -> Self {
        EstimateOptions {
            probes: 10_000,
            seed: 1,
            exact: true,
        }
    }
}

/// An estimated number of solutions, or the exact count.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    /// The probes' mean (the count, when exact).
    pub mean: Magnitude,
    /// Its standard error: the probes' standard deviation over the square
    /// root of their number (0 when exact; meaningless below two probes).
    pub standard_error: Magnitude,
    /// Probes walked.
    pub probes: u64,
    /// The seed of the probes.
    pub seed: u64,
    /// Search nodes spent, probes and exact search together.
    pub nodes: u64,
    /// The count, when it is known exactly: the exact search ended before
    /// the probes did, or propagation decided the puzzle.
    pub exact: Option<u64>,
    /// Two givens that share a house and a digit (the count is then 0).
    pub conflict: Option<Conflict>,
}

impl Estimate {
    /// The standard error relative to the estimate (0 when the estimate is).
    pub fn relative_error(&self) -> f64 {
        if self.mean.is_zero() {
            return 0.0;
        }
        self.standard_error.ratio(self.mean)
    }

    /// The normal 95% interval, mean ± 1.96·SE, cut at 0. Approximate: the
    /// probes' distribution is heavy-tailed.
    pub fn interval(&self) -> (Magnitude, Magnitude) {
        let spread = 1.96 * self.relative_error();
        (
            self.mean.times((1.0 - spread).max(0.0)),
            self.mean.times(1.0 + spread),
        )
    }
}

/// The line `bitsudoku count --estimate` prints, without its newline:
/// `~6.67e21 TAB estimate TAB se=1.4% TAB 95%=6.49e21..6.85e21 TAB
/// probes=10000 TAB seed=1`, or `288 TAB exact`, or `0 TAB conflict`.
impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.conflict.is_some() {
            return f.write_str("0\tconflict");
        }
        if let Some(count) = self.exact {
            return write!(f, "{count}\texact");
        }
        let percent = 100.0 * self.relative_error();
        let decimals = match percent {
            p if p >= 10.0 => 0,
            p if p >= 1.0 => 1,
            _ => 2,
        };
        let (low, high) = self.interval();
        write!(f, "~{}\testimate\tse=", self.mean)?;
        fixed(f, percent, decimals)?;
        write!(
            f,
            "%\t95%={low}..{high}\tprobes={}\tseed={}",
            self.probes, self.seed
        )
    }
}

/// An estimate that runs in slices: [`Estimator::run`] as often as needed,
/// then [`Estimator::estimate`].
pub struct Estimator {
    /// `None` when propagation decided the puzzle.
    probes: Option<Probes>,
    rng: Rng,
    options: EstimateOptions,
    tally: Tally,
    probe_nodes: u64,
    /// The exact search beside the probes.
    exact: Option<Solver>,
    /// The count, once known exactly.
    count: Option<u64>,
    conflict: Option<Conflict>,
    finished: bool,
}

impl Estimator {
    /// Prepares an estimate (checks the givens, propagates the root).
    pub fn new(puzzle: &Grid, options: &EstimateOptions) -> Estimator {
        let options = EstimateOptions {
            probes: options.probes.max(2),
            ..*options
        };
        let conflict = puzzle.conflicts().first().copied();
        let (probes, count) = match (conflict, root(puzzle)) {
            (Some(_), _) => (None, Some(0)),
            (None, Ok(probes)) => (Some(probes), None),
            (None, Err(decided)) => (None, Some(decided)),
        };
        let exact = (options.exact && probes.is_some())
            .then(|| Solver::new(puzzle, Engine::Band, u64::MAX));
        Estimator {
            probes,
            rng: Rng::new(options.seed),
            options,
            tally: Tally::default(),
            probe_nodes: 0,
            exact,
            count,
            conflict,
            finished: count.is_some(),
        }
    }

    /// Walks `more_nodes` further nodes at most (probes and exact search
    /// together). Returns whether the estimate is done.
    pub fn run(&mut self, more_nodes: u64) -> bool {
        self.run_until(more_nodes, || false)
    }

    /// Like [`Estimator::run`], but asks `stop` every
    /// [`STOP_CHECK_NODES`](super::STOP_CHECK_NODES) nodes and pauses as
    /// soon as it says yes. A paused estimate resumes where it stopped, and
    /// the slices do not change the result.
    pub fn run_until(&mut self, more_nodes: u64, mut stop: impl FnMut() -> bool) -> bool {
        self.run_watching(more_nodes, |_| stop())
    }

    /// Like [`Estimator::run_until`], but `watch` sees the estimator each
    /// time (to report its progress as it goes) before it says whether to
    /// stop.
    pub fn run_watching(
        &mut self,
        more_nodes: u64,
        mut watch: impl FnMut(&Estimator) -> bool,
    ) -> bool {
        let cap = self.nodes().saturating_add(more_nodes);
        let mut check = self.nodes() + STOP_CHECK_NODES;
        while !self.finished {
            let nodes = self.nodes();
            if nodes >= cap {
                return false;
            }
            if nodes >= check {
                if watch(self) {
                    return false;
                }
                check = nodes + STOP_CHECK_NODES;
            }
            let probes = self.probes.as_mut().expect("an undecided root");
            // Between probes, the exact search catches up with them.
            if let Some(exact) = &mut self.exact {
                let behind = self.probe_nodes.saturating_sub(exact.stats().nodes);
                if behind > 0 && probes.between_probes() {
                    let slice = behind.min(cap - nodes).min(STOP_CHECK_NODES);
                    if exact.run(slice) {
                        self.count = exact.report().outcome.count();
                        self.finished = true;
                    }
                    continue;
                }
            }
            if self.tally.n >= self.options.probes {
                self.finished = true;
                break;
            }
            self.probe_nodes += 1;
            if let Some(value) = probes.step(&mut self.rng) {
                self.tally.add(value);
            }
        }
        true
    }

    /// Whether the estimate is done.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Probes walked to their end so far.
    pub fn probes_done(&self) -> u64 {
        self.tally.n
    }

    /// Search nodes so far, probes and exact search together.
    pub fn nodes(&self) -> u64 {
        self.probe_nodes + self.exact.as_ref().map_or(0, |s| s.stats().nodes)
    }

    /// The estimate from the probes walked so far (the count, once exact).
    pub fn estimate(&self) -> Estimate {
        let (mean, standard_error) = match self.count {
            Some(n) => (Magnitude::from_u64(n), Magnitude::ZERO),
            None => (self.tally.mean(), self.tally.standard_error()),
        };
        Estimate {
            mean,
            standard_error,
            probes: self.tally.n,
            seed: self.options.seed,
            nodes: self.nodes(),
            exact: self.count,
            conflict: self.conflict,
        }
    }
}

/// Estimates the number of solutions of `puzzle` (or counts them, when the
/// search is small enough).
pub fn estimate(puzzle: &Grid, options: &EstimateOptions) -> Estimate {
    let mut estimator = Estimator::new(puzzle, options);
    estimator.run(u64::MAX);
    estimator.estimate()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magnitudes_beyond_f64_keep_their_digits() {
        let mut x = Magnitude::ONE;
        for _ in 0..400 {
            x = x.times(25.0);
        }
        // 25⁴⁰⁰ = 10^559.176
        assert!((x.log10() - 400.0 * 25f64.log10()).abs() < 1e-9);
        assert_eq!(x.to_f64(), f64::INFINITY);
        assert_eq!(x.to_string(), "1.50e559");
        assert!((x.ratio(x.times(0.5)) - 2.0).abs() < 1e-15);
        for (n, text) in [
            (0, "0"),
            (1, "1.00"),
            (288, "288"),
            (123_456, "123456"),
            (999_999, "999999"),
            (1_000_000, "1.00e6"),
            (u64::MAX, "1.84e19"),
        ] {
            assert_eq!(Magnitude::from_u64(n).to_string(), text);
        }
        let nine = Magnitude::ONE.times(6_670_903_752_021_072_936_960.0);
        assert_eq!(nine.to_string(), "6.67e21");
        assert_eq!(Magnitude::from_u64(9_996_000).to_string(), "1.00e7");
        assert_eq!(Magnitude::ONE.times(0.4021).to_string(), "0.402");
        assert_eq!(Magnitude::ONE.times(12.34).to_string(), "12.3");
        assert_eq!(Magnitude::ONE.times(0.00012).to_string(), "1.20e-4");
    }

    #[test]
    fn the_tally_is_welfords_mean_and_error_at_any_scale() {
        let values = [3.0, 0.0, 5.0, 0.0, 0.0, 8.0, 2.0];
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        for scale in [0, 1, 64, 2000] {
            let mut tally = Tally::default();
            for v in values {
                let mut x = Magnitude::ONE.times(v);
                for _ in 0..scale {
                    x = x.times(2.0);
                }
                tally.add(x);
            }
            let unit = (0..scale).fold(Magnitude::ONE, |u, _| u.times(2.0));
            assert!((tally.mean().ratio(unit) - mean).abs() < 1e-12, "{scale}");
            assert!((tally.standard_error().ratio(unit) - se).abs() < 1e-12);
        }
    }
}
