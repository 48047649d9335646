//! IRT on any response matrix, without a project: the IRT workbench page and `proctor irt fit`.

use super::{InformationCurve, IrtAbility, IrtItem, IrtSettings, SystemGroup, Verdict};
use proctor_charts::Chart;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Fit an IRT model to a response-matrix file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FitResponsesRequest {
    /// The file: wide CSV/TSV (a subject per row, an item per column), long CSV/TSV/JSONL
    /// (subject, item, response) or py-irt's JSONL.
    pub path: String,
    /// Model, estimation method and preset.
    pub settings: IrtSettings,
    /// Whether to compute the items' standard errors (marginal fits: two E-steps per
    /// parameter, and never beyond 600 free parameters).
    pub standard_errors: bool,
}

/// An IRT model fitted to a response-matrix file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ResponsesFit {
    /// The file's name.
    pub file: String,
    /// Its shape: "wide", "long" or "py-irt".
    pub layout: String,
    /// Subjects (rows).
    pub subjects: u32,
    /// Items (columns).
    pub item_count: u32,
    /// Missing cells (skipped, never scored 0).
    pub missing: u64,
    /// What was fitted.
    pub settings: IrtSettings,
    /// The items, in the file's order.
    pub items: Vec<IrtItem>,
    /// The subjects by ability, best first.
    pub abilities: Vec<IrtAbility>,
    /// Log-likelihood at the estimates (marginal for the EM method).
    pub log_likelihood: f64,
    /// RMSE of the predicted probabilities against the 0/1 responses.
    pub rmse: f64,
    /// RMSE of predicting each item's share right (the baseline to beat).
    pub item_mean_rmse: f64,
    /// Test information.
    pub information: InformationCurve,
    /// The information curve as the page draws it (abilities marked when few).
    pub information_chart: Chart,
    /// Whether the estimation met its stopping rule.
    pub converged: bool,
    /// Its iterations (EM steps for the marginal method).
    pub iterations: u32,
    /// Seconds the fit took (reading the file included).
    pub seconds: f64,
    /// The process's peak memory so far in megabytes (None where the system does not say).
    pub peak_memory_mb: Option<f64>,
}

/// Check adaptive exams on the exam on view (METHODS.md §11): every system that answered every
/// question is left out in turn, the questions calibrated on the others with the project's IRT
/// setting, and the system sits an adaptive exam of a share of the questions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CatCheckRequest {
    /// The exam (default: the one on view).
    pub exam: Option<String>,
    /// The share of the questions each adaptive exam asks (0.5: half).
    pub share: f64,
    /// Take the topics in turn (each topic asked about as often as the others).
    pub balance_topics: bool,
    /// Pass over a question already shown to at least this share of the systems examined
    /// before, while another is left (catsim's `r_max`; None: no limit).
    pub max_exposure: Option<f64>,
    /// Check only this group's systems — the reference pipelines, or the systems being
    /// judged (None: every system). Each is calibrated on every other system either way.
    pub group: Option<SystemGroup>,
}

/// The adaptive exams' and random subsets' mean errors over one group's systems.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CatGroupErrors {
    /// The group.
    pub group: SystemGroup,
    /// Its systems checked.
    pub systems: u32,
    /// Mean |predicted − actual| of their adaptive exams.
    pub mean_error: f64,
    /// Mean error of their random subsets.
    pub mean_random_error: f64,
}

/// One system examined adaptively.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CatCheckRow {
    /// The system.
    pub system: String,
    /// Its group.
    pub group: SystemGroup,
    /// Questions the adaptive exam asked.
    pub used: u32,
    /// Its ability θ̂ after them, with its posterior sd.
    pub ability: f64,
    /// The sd.
    pub standard_error: f64,
    /// Its predicted accuracy on the whole exam.
    pub predicted: f64,
    /// The 95% interval of the prediction.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// Its actual accuracy on the whole exam.
    pub actual: f64,
    /// The mean error of random subsets of as many questions (50 draws, seeded).
    pub random_error: f64,
}

/// How well adaptive exams predict the whole exam, beside random subsets of the same size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CatCheck {
    /// What was asked.
    pub request: CatCheckRequest,
    /// The IRT setting the questions were calibrated with.
    pub settings: IrtSettings,
    /// Active questions of the exam.
    pub questions: u32,
    /// Systems of the group checked left out because they have errors (missing answers) —
    /// they cannot be checked.
    pub skipped: Vec<String>,
    /// The systems that sat the exam (each calibrates the questions for the others).
    pub calibrating: u32,
    /// One row per system checked.
    pub rows: Vec<CatCheckRow>,
    /// Mean |predicted − actual| of the adaptive exams.
    pub mean_error: f64,
    /// Mean error of the random subsets.
    pub mean_random_error: f64,
    /// The same means for each group among the systems checked (the reference pipelines, the
    /// systems being judged), in that order.
    pub groups: Vec<CatGroupErrors>,
    /// Share of the actual accuracies inside their predicted 95% interval.
    pub coverage: f64,
    /// Whether the adaptive exams' errors differ from the random subsets' for real: the
    /// paired randomisation test over the systems checked (METHODS.md §9's test for per-unit
    /// scores); None with fewer than two systems.
    pub verdict: Option<Verdict>,
    /// The errors as the page draws them (adaptive against random, per system).
    pub chart: Chart,
}
