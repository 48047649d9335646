//! IRT on any response matrix, without a project: the IRT workbench page and `proctor irt fit`.

use super::{InformationCurve, IrtAbility, IrtItem, IrtSettings};
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
    /// Seconds the fit took (reading the file included).
    pub seconds: f64,
}
