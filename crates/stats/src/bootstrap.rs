//! The paired bootstrap: an interval for the difference of two means over the same items
//! (METHODS.md §1: 10,000 resamples over questions, seeded).

use crate::StatsError;
use serde::{Deserialize, Serialize};

/// SplitMix64: a tiny generator whose output for a seed is fixed forever, so a seeded resampling
/// gives the same interval on every machine and in every version of Proctor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The generator as it will be after `draws` more calls of [`SplitMix64::next_u64`] (its
    /// state only counts up: a jump costs one multiplication).
    #[must_use]
    pub fn skipped(&self, draws: u64) -> Self {
        Self(
            self.0
                .wrapping_add(draws.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        )
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in [0, 1) (the top 53 bits).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A standard normal number (Box–Muller, from two uniforms).
    pub fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit().max(1e-300), self.unit());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// A uniform integer in `0..n` (Lemire's multiply-shift with rejection: no modulo bias).
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        // The low half can only fall in the biased zone (below 2^64 mod n < n) when it is below
        // n: the division is left for that rare case.
        if (product as u64) < n {
            let zone = n.wrapping_neg() % n;
            while (product as u64) < zone {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as usize
    }
}

/// The difference mean(a) − mean(b) of paired observations, with a percentile interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PairedDifference {
    /// mean(a) − mean(b) on the observed pairs.
    pub difference: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
    /// Number of pairs.
    pub pairs: usize,
    /// Number of resamples drawn.
    pub resamples: usize,
}

/// The `q` quantile of sorted values, interpolating linearly between order statistics at
/// position (n − 1)·q (numpy's default).
pub(crate) fn quantile(sorted: &[f64], q: f64) -> f64 {
    let position = (sorted.len() - 1) as f64 * q;
    let below = position.floor() as usize;
    let above = position.ceil() as usize;
    sorted[below] + (sorted[above] - sorted[below]) * (position - below as f64)
}

/// Resamples the pairs with replacement `resamples` times and returns the central `level`
/// percentile interval of the resampled differences (e.g. 0.95 → 2.5% and 97.5%).
pub fn paired_bootstrap(
    a: &[f64],
    b: &[f64],
    resamples: usize,
    level: f64,
    seed: u64,
) -> Result<PairedDifference, StatsError> {
    if a.len() != b.len() {
        return Err(StatsError::Unpaired(a.len(), b.len()));
    }
    if a.is_empty() || resamples == 0 {
        return Err(StatsError::Empty);
    }
    if let Some(bad) = a.iter().chain(b).position(|v| !v.is_finite()) {
        return Err(StatsError::NotFinite(bad % a.len()));
    }
    let differences: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    if differences.iter().any(|d| !d.is_finite()) {
        return Err(StatsError::Invalid(
            "a difference is beyond the range of f64",
        ));
    }
    let n = differences.len();
    let mut rng = SplitMix64::new(seed);
    // Σ (d / n) rather than Σ d / n: the sum of many values near f64::MAX must not overflow.
    let mut means: Vec<f64> = (0..resamples)
        .map(|_| {
            (0..n)
                .map(|_| differences[rng.below(n)] / n as f64)
                .sum::<f64>()
        })
        .collect();
    means.sort_by(f64::total_cmp);
    let tail = (1.0 - level) / 2.0;
    Ok(PairedDifference {
        difference: differences.iter().map(|d| d / n as f64).sum::<f64>(),
        low: quantile(&means, tail),
        high: quantile(&means, 1.0 - tail),
        pairs: n,
        resamples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_its_reference_output() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_is_uniform_enough() {
        let mut rng = SplitMix64::new(7);
        let mut counts = [0usize; 3];
        for _ in 0..30_000 {
            counts[rng.below(3)] += 1;
        }
        assert!(
            counts.iter().all(|c| (9_500..10_500).contains(c)),
            "{counts:?}"
        );
    }

    #[test]
    fn quantile_interpolates_like_numpy() {
        // numpy.quantile([1, 2, 3, 4], 0.25) = 1.75; 0.975 → 3.925
        assert!((quantile(&[1.0, 2.0, 3.0, 4.0], 0.25) - 1.75).abs() < 1e-12);
        assert!((quantile(&[1.0, 2.0, 3.0, 4.0], 0.975) - 3.925).abs() < 1e-12);
    }

    #[test]
    fn two_pairs_resample_to_their_exact_distribution() {
        // Differences [1, 0]: a resampled mean is 0 (p 1/4), 0.5 (1/2) or 1 (1/4), so the 95%
        // interval is [0, 1] and the observed difference 0.5.
        let d = paired_bootstrap(&[1.0, 1.0], &[0.0, 1.0], 10_000, 0.95, 1).unwrap();
        assert!((d.difference - 0.5).abs() < 1e-12);
        assert_eq!((d.low, d.high), (0.0, 1.0));
    }

    #[test]
    fn identical_systems_differ_by_exactly_zero() {
        let a = [1.0, 0.0, 1.0, 1.0];
        let d = paired_bootstrap(&a, &a, 1_000, 0.95, 3).unwrap();
        assert_eq!((d.difference, d.low, d.high), (0.0, 0.0, 0.0));
    }

    #[test]
    fn the_seed_fixes_the_interval() {
        let a: Vec<f64> = (0..50).map(|i| f64::from(i % 3 == 0)).collect();
        let b: Vec<f64> = (0..50).map(|i| f64::from(i % 2 == 0)).collect();
        let first = paired_bootstrap(&a, &b, 2_000, 0.95, 42).unwrap();
        assert_eq!(first, paired_bootstrap(&a, &b, 2_000, 0.95, 42).unwrap());
        assert_ne!(first, paired_bootstrap(&a, &b, 2_000, 0.95, 43).unwrap());
        assert!(first.low < first.difference && first.difference < first.high);
    }

    #[test]
    fn refuses_unpaired_empty_and_nan_input() {
        assert_eq!(
            paired_bootstrap(&[1.0], &[], 10, 0.95, 0),
            Err(StatsError::Unpaired(1, 0))
        );
        assert_eq!(
            paired_bootstrap(&[], &[], 10, 0.95, 0),
            Err(StatsError::Empty)
        );
        assert_eq!(
            paired_bootstrap(&[1.0, f64::NAN], &[0.0, 0.0], 10, 0.95, 0),
            Err(StatsError::NotFinite(1))
        );
    }
}
