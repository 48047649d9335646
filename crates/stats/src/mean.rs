//! The mean of a sample with its standard error.

use crate::StatsError;
use serde::{Deserialize, Serialize};

/// Mean, sample standard deviation and standard error of the mean of `n` observations.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MeanEstimate {
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation (divisor n − 1); 0 when n = 1.
    pub sd: f64,
    /// Standard error of the mean, sd / sqrt(n); 0 when n = 1.
    pub standard_error: f64,
    /// Number of observations.
    pub n: usize,
}

impl MeanEstimate {
    /// Estimates from the observations; refuses an empty sample and non-finite values.
    ///
    /// With a single observation there is no spread to measure: sd and standard error are 0
    /// (documented degenerate result, never NaN).
    pub fn of(values: &[f64]) -> Result<Self, StatsError> {
        if values.is_empty() {
            return Err(StatsError::Empty);
        }
        if let Some(bad) = values.iter().position(|v| !v.is_finite()) {
            return Err(StatsError::NotFinite(bad));
        }
        let n = values.len();
        let mean = values.iter().sum::<f64>() / n as f64;
        let sd = if n > 1 {
            let squares: f64 = values.iter().map(|v| (v - mean).powi(2)).sum();
            (squares / (n - 1) as f64).sqrt()
        } else {
            0.0
        };
        Ok(Self {
            mean,
            sd,
            standard_error: sd / (n as f64).sqrt(),
            n,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_hand_computed_values() {
        // mean 0.5; squared deviations 0.25+0+0.25+0 ... for [0, .5, 1, .5]: 0.25+0+0.25+0 = 0.5
        // sd = sqrt(0.5/3) = 0.408248; se = sd/2 = 0.204124
        let e = MeanEstimate::of(&[0.0, 0.5, 1.0, 0.5]).unwrap();
        assert!((e.mean - 0.5).abs() < 1e-12);
        assert!((e.sd - 0.408_248_29).abs() < 1e-8);
        assert!((e.standard_error - 0.204_124_15).abs() < 1e-8);
    }

    #[test]
    fn degenerate_inputs_give_errors_or_zero_spread() {
        assert_eq!(MeanEstimate::of(&[]), Err(StatsError::Empty));
        assert_eq!(
            MeanEstimate::of(&[1.0, f64::NAN]),
            Err(StatsError::NotFinite(1))
        );
        let one = MeanEstimate::of(&[0.7]).unwrap();
        assert_eq!((one.sd, one.standard_error), (0.0, 0.0));
    }
}
