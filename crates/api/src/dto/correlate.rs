//! Leaderboard agreement: Proctor's leaderboard against another one or TREC runs' measures.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which of Proctor's leaderboards to correlate with another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LeaderboardMetric {
    /// Accuracy (standard error sqrt(p(1 − p)/n)).
    Accuracy,
    /// The EXAM score of EXAM-mode systems, with its standard error over queries.
    Exam,
    /// The ability θ of the last IRT fit kept in the project, with its standard error.
    Ability,
    /// ROUGE-1 F1 of EXAM-mode systems' articles against the gold articles, with its
    /// standard error over queries.
    Rouge1,
}

/// What to correlate Proctor's leaderboard with: another leaderboard file, and/or official IR
/// measures of the systems' TREC runs against qrels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CorrelateRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// Proctor's side.
    pub metric: LeaderboardMetric,
    /// A leaderboard file (system, score, optional standard_error).
    pub leaderboard: Option<String>,
    /// A TREC qrels file, for the runs.
    pub qrels: Option<String>,
    /// TREC run files, one per system (named by its tag, or else by the file's name).
    pub runs: Vec<String>,
}

/// One system on both leaderboards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AgreementPoint {
    /// The system.
    pub system: String,
    /// Its score on Proctor's leaderboard.
    pub proctor: f64,
    /// Its score on the other.
    pub other: f64,
}

/// Agreement of Proctor's leaderboard with one other (METHODS.md §2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BoardCorrelation {
    /// The other leaderboard ("MAP", "board.csv", …).
    pub against: String,
    /// Each system on both: Proctor's score and the other's.
    pub points: Vec<AgreementPoint>,
    /// Systems on both.
    pub systems: u32,
    /// Kendall's τ-b and its p-value.
    pub kendall: f64,
    /// p-value of τ.
    pub kendall_p: f64,
    /// Spearman's ρ.
    pub spearman: f64,
    /// p-value of ρ.
    pub spearman_p: f64,
    /// Pearson's r.
    pub pearson: f64,
    /// p-value of r.
    pub pearson_p: f64,
    /// τ with ties within noise broken at random: mean of the repeats.
    pub kendall_ties_broken: f64,
    /// … and its sd.
    pub kendall_ties_broken_sd: f64,
    /// ρ with ties within noise broken at random: mean.
    pub spearman_ties_broken: f64,
    /// … and its sd.
    pub spearman_ties_broken_sd: f64,
    /// Number of random tie-breaks (seeded).
    pub repeats: u32,
}

/// One run's official measures (means over the queries judged and retrieved).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TrecScores {
    /// The system.
    pub system: String,
    /// Queries evaluated.
    pub queries: u32,
    /// Mean average precision.
    pub map: f64,
    /// P@10.
    pub precision_at_10: f64,
    /// R-precision.
    pub r_precision: f64,
    /// nDCG@20.
    pub ndcg_at_20: f64,
    /// Mean reciprocal rank.
    pub reciprocal_rank: f64,
}

/// Proctor's leaderboard against others.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CorrelationReport {
    /// Proctor's side.
    pub metric: LeaderboardMetric,
    /// Official measures of the runs, when runs were given.
    pub trec: Vec<TrecScores>,
    /// One row per other leaderboard.
    pub correlations: Vec<BoardCorrelation>,
    /// Systems on only one side, left out of the correlations.
    pub left_out: Vec<String>,
    /// Other leaderboards on which every system scores the same, so no correlation exists.
    pub constant: Vec<String>,
}
