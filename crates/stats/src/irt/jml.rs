//! Joint maximum likelihood with box bounds (Guinet et al. 004; METHODS.md §3): abilities (or
//! factor effects) and item parameters are estimated together: by projected Newton steps on
//! large matrices with few abilities, else by the projected quasi-Newton minimiser (see
//! [`newton`] for when which); missing responses are skipped.

mod abilities;
mod cells;
mod kernel;
mod linear;
mod newton;

use super::optimize::Settings;
use super::{Item, ItemLayout, ItemModel, Preset, ResponseMatrix, start_item};
use crate::StatsError;
use abilities::Abilities;
use cells::Problem;
use nalgebra::{DMatrix, SymmetricEigen};
use newton::minimize_joint;
use serde::{Deserialize, Serialize};

/// The hierarchical model's design: each examinee is a combination of factor levels and its
/// ability is the sum of their effects, θ_s = Σ_k θ_{k, level_k(s)}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Factors {
    /// Factor names, e.g. "retriever".
    pub names: Vec<String>,
    /// Level names of each factor, e.g. `["closed book", "bm25"]`.
    pub levels: Vec<Vec<String>>,
    /// For each examinee, its level index in each factor.
    pub assignment: Vec<Vec<usize>>,
    /// The level of each factor that effects are reported against.
    pub baseline: Vec<usize>,
}

impl Factors {
    fn check(&self, examinees: usize) -> Result<(), StatsError> {
        if self.assignment.len() != examinees {
            return Err(StatsError::Unpaired(self.assignment.len(), examinees));
        }
        if self.names.len() != self.levels.len() || self.names.len() != self.baseline.len() {
            return Err(StatsError::Unpaired(self.names.len(), self.levels.len()));
        }
        let bad = self.assignment.iter().any(|row| {
            row.len() != self.names.len()
                || row.iter().zip(&self.levels).any(|(l, ls)| *l >= ls.len())
        }) || self
            .baseline
            .iter()
            .zip(&self.levels)
            .any(|(b, ls)| *b >= ls.len());
        if bad || self.names.is_empty() {
            return Err(StatsError::Invalid(
                "factor levels do not match the factors",
            ));
        }
        Ok(())
    }

    fn offsets(&self) -> Vec<usize> {
        let mut offsets = Vec::with_capacity(self.levels.len());
        let mut total = 0;
        for levels in &self.levels {
            offsets.push(total);
            total += levels.len();
        }
        offsets
    }

    fn effect_count(&self) -> usize {
        self.levels.iter().map(Vec::len).sum()
    }
}

/// One level's effect on ability, relative to its factor's baseline level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FactorEffect {
    /// The factor.
    pub factor: String,
    /// The level.
    pub level: String,
    /// θ_{k,level} − θ_{k,baseline}.
    pub effect: f64,
}

/// Standard errors of an item's estimated parameters (None where the parameter is fixed by the
/// model or the information matrix cannot be inverted, e.g. on a bound).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ItemErrors {
    /// SE of a.
    pub discrimination: Option<f64>,
    /// SE of b.
    pub difficulty: Option<f64>,
    /// SE of c.
    pub guessing: Option<f64>,
}

/// The result of a joint fit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JointFit {
    /// The model fitted.
    pub model: ItemModel,
    /// The bounds and penalties used.
    pub preset: Preset,
    /// Estimated items.
    pub items: Vec<Item>,
    /// Their standard errors (observed information of each item, abilities held fixed).
    pub item_errors: Vec<ItemErrors>,
    /// Estimated abilities, one per examinee.
    pub abilities: Vec<f64>,
    /// 1 / sqrt(Σ I_i(θ)) over the items the examinee answered; None without information.
    pub ability_errors: Vec<Option<f64>>,
    /// Factor effects relative to their baselines (hierarchical fits only).
    pub effects: Vec<FactorEffect>,
    /// Raw effects, in factor order then level order (for warm starts).
    pub raw_effects: Vec<f64>,
    /// Σ r log p + (1 − r) log(1 − p) over the observed responses.
    pub log_likelihood: f64,
    /// The minimised objective: −log-likelihood plus the priors' penalties.
    pub objective: f64,
    /// Steps taken: Newton steps, then any quasi-Newton iterations.
    pub iterations: usize,
    /// Whether the optimiser met its stopping rule.
    pub converged: bool,
}

/// Fits `model` to `responses` by joint maximum likelihood under `preset`.
///
/// With `factors`, abilities are sums of factor-level effects (the hierarchical model).
/// `warm` starts from an earlier fit on the same examinees and (with `warm_items`) the given
/// items' earlier estimates — used by the iterative exam improvement.
pub fn fit_joint(
    responses: &ResponseMatrix,
    model: ItemModel,
    preset: &Preset,
    factors: Option<&Factors>,
    warm: Option<(&[f64], &[Item])>,
) -> Result<JointFit, StatsError> {
    if let Some(factors) = factors {
        factors.check(responses.examinees())?;
    }
    let examinees = responses.examinees();
    let items = responses.items();
    let person_count = factors.map_or(examinees, Factors::effect_count);
    let layout = ItemLayout {
        model,
        offset: person_count,
    };
    let mut x = Vec::new();
    let mut lower = Vec::new();
    let mut upper = Vec::new();
    for k in 0..person_count {
        let start = warm.map_or(0.0, |(persons, _)| persons.get(k).copied().unwrap_or(0.0));
        x.push(start.clamp(preset.ability.0, preset.ability.1));
        lower.push(preset.ability.0);
        upper.push(preset.ability.1);
    }
    let fresh = start_item(model, preset);
    for i in 0..items {
        let item = warm.and_then(|(_, it)| it.get(i)).copied().unwrap_or(fresh);
        layout.push(&item, preset, &mut x, &mut lower, &mut upper);
    }
    let problem = Problem::new(
        responses,
        layout,
        preset,
        Abilities {
            examinees,
            factors: factors.map(|f| (f, f.offsets())),
            centre: preset.centre,
        },
    );
    let found = minimize_joint(&problem, &x, &lower, &upper, Settings::default());
    let (iterations, converged, objective) = (found.iterations, found.converged, found.value);
    let x = found.x;
    let abilities: Vec<f64> = problem.abilities.thetas(&x);
    let fitted: Vec<Item> = (0..items).map(|i| layout.read(&x, i)).collect();
    let measured = problem.measure(&fitted, &abilities);
    let item_errors = problem
        .item_information(&x)
        .iter()
        .map(|block| item_errors(block, &layout))
        .collect();
    let ability_errors = measured
        .information
        .iter()
        .map(|&information| (information > 0.0).then(|| 1.0 / information.sqrt()))
        .collect();
    let raw_effects = x[..person_count].to_vec();
    let x = &x;
    let effects = match &problem.abilities.factors {
        Some((f, off)) => f
            .names
            .iter()
            .enumerate()
            .flat_map(|(k, name)| {
                let base = x[off[k] + f.baseline[k]];
                f.levels[k]
                    .iter()
                    .enumerate()
                    .map(move |(l, level)| FactorEffect {
                        factor: name.clone(),
                        level: level.clone(),
                        effect: x[off[k] + l] - base,
                    })
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(JointFit {
        model,
        preset: *preset,
        items: fitted,
        item_errors,
        abilities,
        ability_errors,
        effects,
        raw_effects: if factors.is_some() {
            raw_effects
        } else {
            Vec::new()
        },
        log_likelihood: measured.log_likelihood,
        objective,
        iterations,
        converged,
    })
}

/// The standard errors of one item's free parameters from its observed information: the
/// Hessian of the penalised negative log-likelihood in those parameters, abilities fixed.
fn item_errors(block: &[[f64; 3]; 3], layout: &ItemLayout) -> ItemErrors {
    let slots = layout.slots();
    let hessian = DMatrix::from_fn(slots.len(), slots.len(), |r, c| block[slots[r]][slots[c]]);
    let errors = inverse_errors(&hessian);
    let of = |parameter: usize| {
        slots
            .iter()
            .position(|&s| s == parameter)
            .and_then(|p| errors[p])
    };
    ItemErrors {
        discrimination: of(0),
        difficulty: of(1),
        guessing: of(2),
    }
}

/// sqrt of the diagonal of the inverse Hessian, the Hessian taken by central differences of
/// `gradient` (of a function being minimised) at `point`; None for every parameter when the
/// Hessian is not positive definite.
pub(crate) fn standard_errors(
    point: &[f64],
    gradient: impl Fn(&[f64]) -> Vec<f64>,
) -> Vec<Option<f64>> {
    let k = point.len();
    let mut hessian = DMatrix::<f64>::zeros(k, k);
    for j in 0..k {
        let h = 1e-5 * point[j].abs().max(1.0);
        let mut up = point.to_vec();
        let mut down = point.to_vec();
        up[j] += h;
        down[j] -= h;
        let (gu, gd) = (gradient(&up), gradient(&down));
        for r in 0..k {
            hessian[(r, j)] = (gu[r] - gd[r]) / (2.0 * h);
        }
    }
    inverse_errors(&hessian)
}

/// sqrt of the diagonal of the inverse of `hessian` (symmetrised); None for every parameter
/// when it is not positive definite.
fn inverse_errors(hessian: &DMatrix<f64>) -> Vec<Option<f64>> {
    let k = hessian.nrows();
    let symmetric = (hessian + hessian.transpose()) * 0.5;
    let eigen = SymmetricEigen::new(symmetric.clone());
    if eigen
        .eigenvalues
        .iter()
        .any(|v| !v.is_finite() || *v <= 1e-12)
    {
        return vec![None; k];
    }
    match symmetric.try_inverse() {
        Some(inverse) => (0..k)
            .map(|j| {
                let v = inverse[(j, j)];
                (v.is_finite() && v > 0.0).then(|| v.sqrt())
            })
            .collect(),
        None => vec![None; k],
    }
}
