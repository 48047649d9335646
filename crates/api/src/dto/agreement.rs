//! EXAM beside ROUGE-1 against the gold articles (000's Table 4): one row per EXAM-mode system,
//! both ranks, and how well the two leaderboards agree.

use super::{BoardCorrelation, ExamScore};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
