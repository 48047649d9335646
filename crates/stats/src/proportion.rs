//! A share of successes with its Wilson score interval.

use crate::StatsError;
use serde::{Deserialize, Serialize};

/// The 0.975 quantile of the standard normal distribution, for two-sided 95% intervals.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// `successes` out of `trials`, with `trials > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proportion {
    successes: u64,
    trials: u64,
}

impl Proportion {
    /// A proportion; refuses zero trials and more successes than trials.
    pub fn new(successes: u64, trials: u64) -> Result<Self, StatsError> {
        if trials == 0 {
            return Err(StatsError::Empty);
        }
        if successes > trials {
            return Err(StatsError::SuccessesExceedTrials { successes, trials });
        }
        Ok(Self { successes, trials })
    }

    /// Number of successes.
    pub fn successes(self) -> u64 {
        self.successes
    }

    /// Number of trials.
    pub fn trials(self) -> u64 {
        self.trials
    }

    /// The point estimate p̂ = successes / trials.
    pub fn estimate(self) -> f64 {
        self.successes as f64 / self.trials as f64
    }

    /// The Wilson score interval at the given normal quantile `z`:
    ///
    /// ```text
    /// centre = (p̂ + z²/2n) / (1 + z²/n)
    /// half   = z / (1 + z²/n) · sqrt(p̂(1 − p̂)/n + z²/4n²)
    /// ```
    ///
    /// Unlike the Wald interval it stays inside [0, 1] and is sensible at p̂ = 0 or 1.
    pub fn wilson(self, z: f64) -> (f64, f64) {
        let n = self.trials as f64;
        let p = self.estimate();
        let z2 = z * z;
        let denominator = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denominator;
        let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The 95% Wilson score interval.
    pub fn wilson_95(self) -> (f64, f64) {
        self.wilson(Z_95)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn wilson_matches_hand_computed_values() {
        // 5/10: z² = 3.841459, centre 0.5, half = 1.959964/1.384146 · sqrt(0.025 + 0.009604)
        let (lo, hi) = Proportion::new(5, 10).unwrap().wilson_95();
        assert!(close(lo, 0.236_593) && close(hi, 0.763_407), "{lo} {hi}");
        // 0/10: lower bound 0, upper z²/n / (1 + z²/n) = 0.384146 / 1.384146
        let (lo, hi) = Proportion::new(0, 10).unwrap().wilson_95();
        assert!(close(lo, 0.0) && close(hi, 0.277_533), "{lo} {hi}");
        // 81/100: the bounds are the roots of (0.81 − p)² = z² p (1 − p) / 100,
        // p = 0.722212 and 0.874852.
        let (lo, hi) = Proportion::new(81, 100).unwrap().wilson_95();
        assert!(close(lo, 0.722_212) && close(hi, 0.874_852), "{lo} {hi}");
        for bound in [lo, hi] {
            let lhs = (0.81 - bound).powi(2);
            let rhs = Z_95 * Z_95 * bound * (1.0 - bound) / 100.0;
            assert!((lhs - rhs).abs() < 1e-12);
        }
    }

    #[test]
    fn refuses_degenerate_input() {
        assert_eq!(Proportion::new(0, 0), Err(StatsError::Empty));
        assert_eq!(
            Proportion::new(3, 2),
            Err(StatsError::SuccessesExceedTrials {
                successes: 3,
                trials: 2
            })
        );
    }

    proptest! {
        #[test]
        fn interval_contains_estimate_and_stays_in_unit_range(trials in 1u64..5000, k in 0u64..5000) {
            let p = Proportion::new(k.min(trials), trials).unwrap();
            let (lo, hi) = p.wilson_95();
            prop_assert!((0.0..=1.0).contains(&lo) && (0.0..=1.0).contains(&hi));
            prop_assert!(lo <= p.estimate() + 1e-12 && p.estimate() <= hi + 1e-12);
        }
    }
}
