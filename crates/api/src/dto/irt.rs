//! Item Response Theory: on a project (settings, the fit, abilities, items, the exam
//! improvement, adaptive exams) and on any response matrix without a project (the IRT
//! workbench page and `proctor irt fit`).

use super::{ExamVersion, Factor, SystemGroup, Verdict};
use proctor_charts::Chart;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which item response model to fit (METHODS.md §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum IrtModel {
    /// Rasch: difficulty only.
    #[serde(rename = "1pl")]
    OnePl,
    /// Discrimination and difficulty.
    #[serde(rename = "2pl")]
    TwoPl,
    /// Discrimination, difficulty and guessing.
    #[serde(rename = "3pl")]
    ThreePl,
}

/// How to estimate it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum IrtMethod {
    /// Joint maximum likelihood with box bounds: for few examinees (5–100 systems).
    Joint,
    /// Marginal maximum likelihood by EM, abilities by EAP: for many examinees.
    Marginal,
}

/// The project's one current IRT setting (METHODS.md §3): every panel that ranks or drops
/// questions by IRT uses it, so no two panels disagree because they fitted different models.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct IrtSettings {
    /// The model (default 2PL: with fewer than ~200 examinees the 3PL's guessing parameters are
    /// weakly identified).
    pub model: IrtModel,
    /// The estimation method (default joint: an exam has few examinees).
    pub method: IrtMethod,
    /// Bounds and priors: "standard" (default) or "paper" (004's).
    pub preset: String,
}

impl Default for IrtSettings {
    fn default() -> Self {
        Self {
            model: IrtModel::TwoPl,
            method: IrtMethod::Joint,
            preset: "standard".to_owned(),
        }
    }
}

/// What to fit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// A new setting for the project, used from now on by every panel (None: the project's
    /// current one).
    pub settings: Option<IrtSettings>,
    /// Fit abilities as sums of the systems' factor effects (the hierarchical model; joint
    /// method only). Every system must carry the same factors.
    pub hierarchical: bool,
    /// The level each factor's effects are reported against, e.g. retriever = closed-book
    /// (default: a factor's first level in alphabetical order).
    pub baselines: Vec<Factor>,
    /// The systems the model is fitted on (default: all).
    pub selection: SystemSelection,
}

/// Which systems an analysis uses.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SystemSelection {
    /// These systems by name (empty: every system).
    pub systems: Vec<String>,
    /// Only the systems that carry all of these factors, e.g. reader, retriever, top_k for the
    /// built-in pipelines (empty: no such condition).
    pub tagged: Vec<String>,
}

/// One question's fitted parameters and diagnostics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtItem {
    /// The question's id in its exam file.
    pub question: String,
    /// a, with its standard error.
    pub discrimination: f64,
    /// SE of a (None when fixed by the model or on a bound).
    pub discrimination_se: Option<f64>,
    /// b.
    pub difficulty: f64,
    /// SE of b.
    pub difficulty_se: Option<f64>,
    /// c.
    pub guessing: f64,
    /// SE of c.
    pub guessing_se: Option<f64>,
    /// Infit mean square (near 1 is good).
    pub infit: Option<f64>,
    /// Outfit mean square.
    pub outfit: Option<f64>,
    /// Correlation of the item with the rest of the exam.
    pub point_biserial: Option<f64>,
    /// Why the item is worth a look: "low discrimination", "negative point-biserial".
    pub flags: Vec<String>,
    /// Its characteristic curve: the chance of a right answer at each θ of the information
    /// curve (empty in fits kept by earlier versions).
    #[serde(default)]
    pub curve: Vec<f64>,
}

/// Whether an exam can place a system on its scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Measurable {
    /// Some right and some not: the ability is a measurement.
    Within,
    /// Every question right: above what this exam can measure.
    Above,
    /// No question right: below what this exam can measure.
    Below,
}

/// A system's ability on the exam's scale, as shown on screen (METHODS.md §3): EAP under
/// θ ~ N(0, 1) given the fitted items, finite for every system, with its posterior sd.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtAbility {
    /// The system.
    pub system: String,
    /// θ: the posterior mean (EAP) under N(0, 1) given the item estimates.
    pub ability: f64,
    /// Its posterior standard deviation (the ± shown with it).
    pub standard_error: f64,
    /// The estimate the fit itself made (joint: maximum likelihood, which runs to its bound
    /// for a perfect or zero score; marginal: the same EAP).
    pub fitted: f64,
    /// Questions right, of those answered or missed (errors are missing here).
    pub raw_score: u32,
    /// Questions with a response (right, wrong or unanswered).
    pub responses: u32,
    /// Whether the exam can measure this system (a perfect or zero raw score cannot).
    pub measurable: Measurable,
}

/// A factor level's effect on ability, against its factor's baseline level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtEffect {
    /// The factor.
    pub factor: String,
    /// The level.
    pub level: String,
    /// Effect relative to the baseline (which has 0).
    pub effect: f64,
    /// Whether this level is the baseline.
    pub baseline: bool,
}

/// Test information over θ, as the mean over items (004's curves) and as the sum (textbook).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct InformationCurve {
    /// θ values.
    pub theta: Vec<f64>,
    /// (1/|Q|) Σ I_i(θ).
    pub mean: Vec<f64>,
    /// Σ I_i(θ).
    pub sum: Vec<f64>,
}

/// A fitted IRT model of an exam.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtReport {
    /// The exam version.
    pub exam: ExamVersion,
    /// What was fitted.
    pub request: IrtRequest,
    /// The IRT setting it was fitted with.
    pub settings: IrtSettings,
    /// Items, in exam order.
    pub items: Vec<IrtItem>,
    /// Systems, best first.
    pub systems: Vec<IrtAbility>,
    /// Factor effects (hierarchical fits).
    pub effects: Vec<IrtEffect>,
    /// Log-likelihood at the estimates (marginal for the EM method).
    pub log_likelihood: f64,
    /// RMSE of the predicted probabilities against the 0/1 responses.
    pub rmse: f64,
    /// RMSE of predicting each question's share right (the baseline to beat).
    pub item_mean_rmse: f64,
    /// Test information.
    pub information: InformationCurve,
    /// Whether the estimation met its stopping rule.
    pub converged: bool,
}

/// Iterative exam improvement (004, Algorithm 1, corrected), with the project's IRT setting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImproveRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// Number of steps.
    pub steps: u32,
    /// Share of the active questions dropped at each step (e.g. 0.1).
    pub fraction: f64,
    /// The systems the model is fitted on (default: all).
    pub selection: SystemSelection,
}

/// One step of the improvement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImprovementStep {
    /// 0 is the full exam.
    pub step: u32,
    /// Questions dropped at this step.
    pub dropped: Vec<String>,
    /// Questions still active.
    pub remaining: u32,
    /// Systems by ability after refitting, best first.
    pub leaderboard: Vec<IrtAbility>,
    /// Mean test information of the remaining questions.
    pub information: InformationCurve,
    /// Log-likelihood of the refit.
    pub log_likelihood: f64,
}

/// Every step of an improvement run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImprovementReport {
    /// The exam version.
    pub exam: ExamVersion,
    /// What was run.
    pub request: ImproveRequest,
    /// The project's IRT setting it ran with.
    pub settings: IrtSettings,
    /// The steps, the full exam first.
    pub steps: Vec<ImprovementStep>,
}

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
