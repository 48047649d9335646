//! The formulation break-down (METHODS.md §10; Vakulenko et al. 002): samples asked as the
//! original question, a model's rewrite and a human rewrite (or any two formulations), and where
//! the errors come from.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How the answers under two formulations are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AnswerSimilarity {
    /// The share of the reference formulation's answers also returned.
    Recall,
    /// Answers in common / answers in either.
    Jaccard,
}

/// What to break down.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FormulationRequest {
    /// A sample is answered under a formulation when its score is at least this.
    pub threshold: f64,
    /// How answer sets are compared in the scatter.
    pub similarity: AnswerSimilarity,
}

/// One row of the pattern table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FormulationPattern {
    /// Answered (✓) or not (✗) under each formulation, in [`FormulationBreakdown::formulations`]
    /// order.
    pub answered: Vec<bool>,
    /// Samples with this pattern.
    pub count: u32,
    /// … of which the human rewrite is the original question unchanged.
    pub unchanged: u32,
    /// The samples' ids.
    pub samples: Vec<String>,
}

/// Where the errors come from (three formulations: Original, Rewritten, Human).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Attribution {
    /// Human ✗: the answering component fails even on the human rewrite.
    pub answering_errors: u32,
    /// Human ✓, Rewritten ✗: the rewriting component lost what the human kept.
    pub rewriting_errors: u32,
    /// Human ✓, Rewritten ✓, Original ✗: answered thanks to rewriting.
    pub rewriting_needed: u32,
    /// Human ✓, Rewritten ✓, Original ✓: answered without rewriting.
    pub rewriting_not_needed: u32,
    /// 002's eq. 1: of the samples answered from the human rewrite (those the annotators left
    /// unchanged set aside), the share answered from the original question too.
    pub answerable_without_rewriting: Option<f64>,
}

/// The shares at one threshold, for the stacked areas.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FormulationSweepPoint {
    /// The threshold.
    pub threshold: f64,
    /// One share per [`FormulationBreakdown::sweep_labels`] entry; they sum to 1.
    pub shares: Vec<f64>,
}

/// One sample in the similarity scatter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SimilarityPoint {
    /// The sample.
    pub sample: String,
    /// ROUGE-1 recall of the reference question by the other.
    pub question: f64,
    /// The answer sets' similarity.
    pub answer: f64,
    /// The two questions, for the tooltip.
    pub questions: Vec<String>,
}

/// Question similarity against answer similarity, with Pearson's r.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SimilarityScatter {
    /// The formulation compared.
    pub formulation: String,
    /// The reference formulation.
    pub reference: String,
    /// Samples with answers under both.
    pub points: Vec<SimilarityPoint>,
    /// Pearson's r (None with fewer than three points or no spread).
    pub r: Option<f64>,
    /// Its two-sided p-value.
    pub p_value: Option<f64>,
}

/// The break-down of the project's formulation samples.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FormulationBreakdown {
    /// The formulations in table order (Original, Rewritten, Human when so named).
    pub formulations: Vec<String>,
    /// Samples.
    pub samples: u32,
    /// The threshold used.
    pub threshold: f64,
    /// Mean score under each formulation, in the same order.
    pub means: Vec<f64>,
    /// Every pattern (2^formulations rows, ✗…✗ first).
    pub patterns: Vec<FormulationPattern>,
    /// Samples whose human rewrite equals the original question (None without both).
    pub unchanged: Option<u32>,
    /// Error attribution (three formulations named Original, Rewritten and Human).
    pub attribution: Option<Attribution>,
    /// What each share of the sweep is.
    pub sweep_labels: Vec<String>,
    /// The shares at thresholds 0, 0.02, …, 1.
    pub sweep: Vec<FormulationSweepPoint>,
    /// Question against answer similarity (when the file gives answers).
    pub scatter: Option<SimilarityScatter>,
    /// What is missing or assumed, in plain words.
    pub notes: Vec<String>,
}
