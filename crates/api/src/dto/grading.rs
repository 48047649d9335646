//! Grading: comparing systems (two side by side, or every system against a baseline, with the
//! one verdict) and EXAM beside ROUGE-1 against the gold articles (000's Table 4).

use super::{BoardCorrelation, ExamScore, SystemGroup};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which two systems to compare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CompareRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// The first system's name.
    pub first: String,
    /// The second system's name.
    pub second: String,
}

/// The questions behind the counts of a comparison, by id, in exam order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ComparedQuestions {
    /// Right for both.
    pub both: Vec<String>,
    /// Right for the first only.
    pub only_first: Vec<String>,
    /// Right for the second only.
    pub only_second: Vec<String>,
    /// Right for neither.
    pub neither: Vec<String>,
}

/// The one verdict on a difference between two systems (METHODS.md §9): one primary test, the
/// same in every panel and door, corrected by Holm over the family named here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Verdict {
    /// The primary test: "exact McNemar" (accuracy) or "paired randomisation" (EXAM).
    pub test: String,
    /// Its two-sided p-value for this pair.
    pub p_value: f64,
    /// The p-value after Holm's correction over the family.
    pub adjusted_p_value: f64,
    /// Comparisons in the family (1: no correction).
    pub family_size: u32,
    /// The family in words: "the 3 systems, each against Echo Bot".
    pub family: String,
    /// Whether the difference is real: adjusted p < 0.05.
    pub real: bool,
    /// Lin's marker for the first against the second, from the adjusted p-value:
    /// ▲/▼ p < 0.01, △/▽ p < 0.05, ^/v p < 0.10, ◦ not significant.
    pub marker: String,
    /// The verdict as every panel says it.
    pub sentence: String,
    /// Accuracy only: the questions McNemar's test needs to tell this pair apart with 80%
    /// power at α = 0.05, at its discordance and difference (none when they do not differ;
    /// METHODS.md §11, before any family correction).
    pub questions_needed: Option<u32>,
    /// Accuracy only: the smallest difference in accuracy (a share) this exam detects with 80%
    /// power at α = 0.05 for a pair that disagrees as often as this one.
    pub detectable_difference: Option<f64>,
}

/// Two systems compared question by question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Comparison {
    /// The first system.
    pub first: String,
    /// The second system.
    pub second: String,
    /// Questions compared: every active question (errors and unanswered are not right).
    pub pairs: u32,
    /// Right for both.
    pub both: u32,
    /// Right for the first only.
    pub only_first: u32,
    /// Right for the second only.
    pub only_second: u32,
    /// Right for neither.
    pub neither: u32,
    /// The ids of the questions behind each count.
    pub questions: ComparedQuestions,
    /// The first's accuracy on these questions.
    pub first_accuracy: f64,
    /// The second's accuracy on these questions.
    pub second_accuracy: f64,
    /// first − second, in accuracy.
    pub difference: f64,
    /// Lower end of the 95% paired bootstrap interval of the difference (its size).
    pub low: f64,
    /// Upper end of that interval.
    pub high: f64,
    /// Resamples drawn.
    pub resamples: u32,
    /// Their seed: the same data always gives the same interval.
    pub seed: u32,
    /// Whether the interval excludes 0.
    pub excludes_zero: bool,
    /// The verdict on accuracy: exact McNemar, Holm over the family.
    pub verdict: Verdict,
    /// The verdict on the EXAM score, when both systems sat in EXAM mode: paired randomisation
    /// over queries, Holm over the same family.
    pub exam_verdict: Option<Verdict>,
    /// Secondary: two-sided p-value of Wilcoxon's signed-rank test over the questions.
    pub wilcoxon_p: f64,
    /// Secondary: two-sided p-value of the paired t-test (None when the differences do not vary).
    pub t_test_p: Option<f64>,
}

/// Every system against one baseline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SignificanceRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// The system the others are compared with.
    pub baseline: String,
    /// The group on view (None: both, each its own family).
    pub group: Option<SystemGroup>,
}

/// One system against the baseline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SignificanceRow {
    /// The system.
    pub system: String,
    /// Its group (its family).
    pub group: SystemGroup,
    /// Questions compared.
    pub pairs: u32,
    /// Its accuracy minus the baseline's.
    pub difference: f64,
    /// Lower end of the 95% paired bootstrap interval of the difference.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// The one verdict.
    pub verdict: Verdict,
    /// Secondary: Wilcoxon signed-rank p-value (uncorrected).
    pub wilcoxon_p: f64,
    /// Secondary: paired t-test p-value (uncorrected).
    pub t_test_p: Option<f64>,
}

/// Significance of every system against a baseline, corrected for the number of comparisons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SignificanceTable {
    /// The baseline.
    pub baseline: String,
    /// One row per other system, in leaderboard order.
    pub rows: Vec<SignificanceRow>,
    /// How the verdicts were reached, in one sentence for the note beside the table.
    pub method: String,
}

/// An EXAM-mode system's articles scored two ways.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ExamAgreementRow {
    /// The system.
    pub system: String,
    /// Its EXAM score (with n-EXAM and whether it is comparable to gold).
    pub exam: ExamScore,
    /// Its rank by EXAM (1 = best).
    pub exam_rank: u32,
    /// Its rank by ROUGE-1 F1 (1 = best); None without gold articles.
    pub rouge_rank: Option<u32>,
}

/// 000's Table 4: EXAM and ROUGE-1 side by side, and their rank agreement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ExamAgreement {
    /// The exam graded.
    pub exam: String,
    /// EXAM-mode systems, best EXAM first.
    pub rows: Vec<ExamAgreementRow>,
    /// The gold articles' EXAM score.
    pub gold: Option<ExamScore>,
    /// Gold articles in the project for the exam's queries.
    pub gold_queries: u32,
    /// The agreement of the ROUGE-1 leaderboard with the EXAM one (Kendall, Spearman, with
    /// ties within noise broken at random); None with fewer than three systems or no gold.
    pub agreement: Option<BoardCorrelation>,
    /// Why there is no agreement, in plain words.
    pub note: Option<String>,
}
