//! Pure numerics: no I/O, no clock, no randomness without a seed.
//!
//! This crate owns the estimators behind every number Proctor shows. So far: proportions with
//! Wilson score intervals ([`Proportion`]), the mean with its standard error ([`MeanEstimate`]),
//! and the seeded paired bootstrap for differences ([`paired_bootstrap`]), as METHODS.md §1
//! defines them.
//!
//! ```
//! use proctor_stats::Proportion;
//!
//! let accuracy = Proportion::new(5, 10).unwrap();
//! let (low, high) = accuracy.wilson_95();
//! assert!((low - 0.2366).abs() < 1e-4 && (high - 0.7634).abs() < 1e-4);
//! ```

mod bootstrap;
mod mean;
mod proportion;

pub use bootstrap::{PairedDifference, SplitMix64, paired_bootstrap};
pub use mean::MeanEstimate;
pub use proportion::{Proportion, Z_95};

/// Why an estimate could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StatsError {
    /// There were no observations.
    #[error("no observations")]
    Empty,
    /// More successes than trials.
    #[error("{successes} successes out of only {trials} trials")]
    SuccessesExceedTrials {
        /// Counted successes.
        successes: u64,
        /// Counted trials.
        trials: u64,
    },
    /// Paired samples of different lengths.
    #[error("paired samples differ in length ({0} and {1})")]
    Unpaired(usize, usize),
    /// An observation was NaN or infinite.
    #[error("observation {0} is not a finite number")]
    NotFinite(usize),
}
