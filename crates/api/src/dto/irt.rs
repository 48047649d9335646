//! Item Response Theory on a project: settings, the fit, abilities, items and the exam improvement.

use super::{ExamVersion, Factor};
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
