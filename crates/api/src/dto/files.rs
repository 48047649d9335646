//! The files handed over: the exam written out, the report, charts and tables.

use super::CatCheckRequest;
use super::CorrelateRequest;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A file format an exam is written out in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ExamFileFormat {
    /// Comma-separated values, choices in columns A–D (opens in a spreadsheet).
    Csv,
    /// Proctor's JSON records, with each generated question's provenance.
    Json,
    /// auto-rag-eval's exam.json.
    AutoRagEval,
    /// For vendors to run themselves: ids, stems, choices, queries and an empty answer
    /// column, no keys; it comes back as an answer file.
    VendorCsv,
    /// The same as JSON Lines.
    VendorJsonl,
}

/// Write an exam version out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExportRequest {
    /// The exam (default: the one on view).
    pub exam: Option<String>,
    /// The version (default: the one on view, else the newest).
    pub version: Option<u32>,
    /// The format.
    pub format: ExamFileFormat,
}

/// A section of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ReportSection {
    /// The question the evaluation answers.
    Question,
    /// The exam: version, size, topics, bias baselines.
    Exam,
    /// The leaderboard with its chart.
    Leaderboard,
    /// The chosen systems pair by pair: verdict, per topic and Bloom level, where they differ.
    HeadToHead,
    /// Article writers by EXAM, ROUGE-1 and nuggets (left out without article writers).
    Articles,
    /// The formulation break-down (left out without formulation samples).
    Formulations,
    /// Accuracy per topic (radar and table).
    Topics,
    /// Bloom levels and question types.
    Bloom,
    /// Abilities and test information of the last IRT fit.
    Irt,
    /// Questions worth a look and the last exam improvement.
    Quality,
    /// One note per system.
    Systems,
    /// How the numbers are computed, with the papers.
    Methods,
    /// Proctor's version, the exam version's hash, each sitting's set-up and dates, the seeds.
    Provenance,
}

impl ReportSection {
    /// Every section, in the report's order.
    pub const ALL: [Self; 13] = [
        Self::Question,
        Self::Exam,
        Self::Leaderboard,
        Self::HeadToHead,
        Self::Articles,
        Self::Formulations,
        Self::Topics,
        Self::Bloom,
        Self::Irt,
        Self::Quality,
        Self::Systems,
        Self::Methods,
        Self::Provenance,
    ];
}

/// Write the report of an exam.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReportRequest {
    /// The exam (default: the one on view).
    pub exam: Option<String>,
    /// The sections, in order (empty: all).
    pub sections: Vec<ReportSection>,
    /// The question the evaluation answers, in the analyst's words (empty: a default).
    pub question: String,
    /// The systems the report covers, each a system that sat the exam (empty: the analyst's
    /// own; the reference pipelines then appear as one line of context).
    #[serde(default)]
    pub systems: Vec<String>,
}

/// Write the report to a file the user chose (the desktop window's save dialog).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SaveReportRequest {
    /// The report.
    pub report: ReportRequest,
    /// Where.
    pub path: String,
}

/// A report: one self-contained HTML file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Report {
    /// A file name for it.
    pub file_name: String,
    /// The HTML.
    pub html: String,
}

/// Which chart, of what: every chart the app shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChartSpec {
    /// Accuracy with intervals and the readers' ceilings.
    Leaderboard,
    /// Accuracy per topic (radar) of these systems (none: the first three).
    Topics {
        /// The systems drawn.
        systems: Vec<String>,
    },
    /// Accuracy per Bloom level (bars) of these systems (none: the first three).
    Bloom {
        /// The systems drawn.
        systems: Vec<String>,
    },
    /// Accuracy per question type (bars) of these systems (none: the first three).
    QuestionTypes {
        /// The systems drawn.
        systems: Vec<String>,
    },
    /// Two systems side by side, on the whole exam and topic by topic, with the verdict.
    Compare {
        /// The first system.
        first: String,
        /// The second system.
        second: String,
    },
    /// Item characteristic curves of these questions (at most 12) from the last IRT fit,
    /// with the systems' abilities marked.
    ItemCurves {
        /// The questions' ids.
        questions: Vec<String>,
    },
    /// The test information curve of the last IRT fit, with the systems' abilities marked.
    Information,
    /// The test information left after each step of the last exam improvement.
    Improvement,
    /// Proctor's scores against another leaderboard's.
    Agreement {
        /// The leaderboards to correlate with.
        request: CorrelateRequest,
        /// Which of them (default: the first).
        against: Option<String>,
    },
    /// The adaptive-exam check: each system's prediction error beside random subsets.
    Adaptive {
        /// The check.
        request: CatCheckRequest,
    },
}

/// An image format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ImageFormat {
    /// Scalable vector graphics (for documents and the web).
    Svg,
    /// A bitmap at twice the screen size (for slides).
    Png,
}

/// A chart of the exam on view, as a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ChartRequest {
    /// Which chart.
    pub chart: ChartSpec,
    /// Which format.
    pub format: ImageFormat,
}

/// A chart or table written out, as the doors carry a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FileContent {
    /// A file name for it.
    pub file_name: String,
    /// Its media type.
    pub mime: String,
    /// Whether `content` is base64 (a PNG, a workbook) rather than text (an SVG, a CSV).
    pub base64: bool,
    /// The file's content.
    pub content: String,
}

/// Write a chart to a file the user chose (the desktop window's save dialog).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SaveChartRequest {
    /// The chart.
    pub chart: ChartRequest,
    /// Where.
    pub path: String,
}

/// Write an exam version to a file the user chose (the desktop window's save dialog).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SaveExamRequest {
    /// What to write.
    pub export: ExportRequest,
    /// Where.
    pub path: String,
}

/// An exam written out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExportedExam {
    /// A file name for it.
    pub file_name: String,
    /// Its content.
    pub content: String,
    /// Questions written (retired questions are left out).
    pub questions: u32,
}

/// Which table, of what: every table the results show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TableSpec {
    /// The leaderboard: counts, accuracy with its interval, EXAM scores.
    Leaderboard,
    /// Accuracy per topic, one column per system.
    Topics,
    /// Accuracy per Bloom level.
    Bloom,
    /// Accuracy per question type.
    QuestionTypes,
    /// Every system against a baseline, with the verdict.
    Significance {
        /// The system the others are compared with.
        baseline: String,
    },
    /// The questions' parameters and fit from the last IRT fit.
    IrtItems,
    /// The systems' abilities from the last IRT fit.
    IrtAbilities,
    /// The steps of the last exam improvement.
    Improvement,
    /// The systems with their sittings and, over HTTP, their operations.
    Systems,
    /// EXAM beside ROUGE-1 against the gold articles, with both ranks.
    ExamAgreement,
}

/// A table file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TableFormat {
    /// Comma-separated values (UTF-8).
    Csv,
    /// An Excel workbook.
    Xlsx,
}

/// A table of the exam on view, as a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TableRequest {
    /// Which table.
    pub table: TableSpec,
    /// Which format.
    pub format: TableFormat,
}

/// Write a table to a file the user chose (the desktop window's save dialog).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SaveTableRequest {
    /// The table.
    pub table: TableRequest,
    /// Where.
    pub path: String,
}
