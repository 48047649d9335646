//! Pure numerics: no I/O, no clock, no randomness without a seed.
//!
//! This crate owns the estimators behind every number Proctor shows, as METHODS.md defines them:
//!
//! - §1 proportions with Wilson intervals ([`Proportion`]), means with standard errors
//!   ([`MeanEstimate`]), the seeded paired bootstrap interval ([`paired_bootstrap`]; for many
//!   pairs of right/not-right scores at once, [`bootstrap_binary`]);
//! - §2 leaderboard correlations ([`correlation`]): Pearson, Spearman, Kendall τ-b with scipy's
//!   p-values, ties within noise broken at random; ROUGE-1 ([`rouge`]) on the terms of [`text`];
//!   trec_eval's measures from qrels and runs ([`ir`]);
//! - §3 Item Response Theory ([`irt`]): 1PL/2PL/3PL, joint ML with box bounds, marginal ML by
//!   EM with EAP abilities, the hierarchical model, information, diagnostics, exam improvement;
//! - §7 nugget evaluation ([`nugget`]): POURPRE, F(β = 3), Nuggeteer-style judgements;
//! - §9 paired significance tests ([`significance`]);
//! - §10 the formulation break-down ([`breakdown`]).
//!
//! Every function refuses bad input (empty, unpaired, NaN, constant) with a [`StatsError`] or
//! returns a documented degenerate result; none returns NaN.
//!
//! ```
//! use proctor_stats::Proportion;
//!
//! let accuracy = Proportion::new(5, 10).unwrap();
//! let (low, high) = accuracy.wilson_95();
//! assert!((low - 0.2366).abs() < 1e-4 && (high - 0.7634).abs() < 1e-4);
//! ```

mod binary;
mod bootstrap;
pub mod breakdown;
pub mod correlation;
pub mod ir;
pub mod irt;
mod mean;
pub mod nugget;
mod porter;
pub mod power;
mod proportion;
mod rank;
pub mod rouge;
pub mod significance;
mod special;
pub mod text;

pub use binary::bootstrap_binary;
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
    /// Too few observations for the estimate.
    #[error("needs at least {needed} observations, got {got}")]
    TooFew {
        /// The minimum.
        needed: usize,
        /// What was given.
        got: usize,
    },
    /// A sample does not vary, so the quantity is undefined (e.g. a correlation with a
    /// constant leaderboard).
    #[error("the values do not vary")]
    Constant,
    /// A row or column of a response matrix has no response at all.
    #[error("{what} {index} has no responses")]
    NoResponses {
        /// "item" or "examinee".
        what: &'static str,
        /// Its index.
        index: usize,
    },
    /// An argument outside its domain.
    #[error("{0}")]
    Invalid(&'static str),
}

/// Orders two numbers as people read them: −0.0 and 0.0 are the same value (a tie), which
/// `f64::total_cmp` alone would separate.
pub(crate) fn compare_values(a: f64, b: f64) -> std::cmp::Ordering {
    (a + 0.0).total_cmp(&(b + 0.0))
}

/// Refuses NaN and infinite values, naming the first.
pub(crate) fn check_finite(values: &[f64]) -> Result<(), StatsError> {
    match values.iter().position(|v| !v.is_finite()) {
        Some(bad) => Err(StatsError::NotFinite(bad)),
        None => Ok(()),
    }
}
