//! Iterative exam improvement (004, Algorithm 1, corrected as METHODS.md §3 says): at each step
//! drop the fraction ρ of the active items with the lowest discrimination, then refit starting
//! from the previous estimates. Every step is kept.

use super::{
    Aggregate, Item, ItemErrors, ItemModel, Preset, ResponseMatrix, fit_joint, fit_marginal,
    test_information,
};
use crate::StatsError;
use serde::{Deserialize, Serialize};

/// One step of the improvement: the exam after dropping, refitted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImprovementStep {
    /// Step number; 0 is the full exam.
    pub step: usize,
    /// Items (indices into the original exam) still active after this step.
    pub active: Vec<usize>,
    /// Items dropped at this step.
    pub dropped: Vec<usize>,
    /// The refitted active items, in `active` order.
    pub items: Vec<Item>,
    /// The refitted abilities.
    pub abilities: Vec<f64>,
    /// Mean test information of the active items on `grid`.
    pub information: Vec<f64>,
    /// The θ values of `information`.
    pub grid: Vec<f64>,
    /// Log-likelihood of the refit.
    pub log_likelihood: f64,
}

/// How item parameters are estimated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Estimation {
    /// Joint maximum likelihood with box bounds.
    Joint,
    /// Marginal maximum likelihood by EM.
    Marginal,
}

/// A fit by either method, in the terms both give.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// Estimated items.
    pub items: Vec<Item>,
    /// Their standard errors (empty when not computed).
    pub item_errors: Vec<ItemErrors>,
    /// Abilities (joint estimates, or EAP for the marginal method).
    pub abilities: Vec<f64>,
    /// Log-likelihood at the estimates (marginal for the marginal method).
    pub log_likelihood: f64,
    /// Whether the estimation met its stopping rule.
    pub converged: bool,
    /// Its iterations (EM steps for the marginal method).
    pub iterations: usize,
}

/// Fits `model` by `estimation` from a cold start: joint ML (its item standard errors always
/// computed), or marginal ML by EM (with item standard errors when `standard_errors`).
pub fn fit_by(
    responses: &ResponseMatrix,
    model: ItemModel,
    preset: &Preset,
    estimation: Estimation,
    standard_errors: bool,
) -> Result<Fit, StatsError> {
    Ok(match estimation {
        Estimation::Joint => {
            let fit = fit_joint(responses, model, preset, None, None)?;
            Fit {
                items: fit.items,
                item_errors: fit.item_errors,
                abilities: fit.abilities,
                log_likelihood: fit.log_likelihood,
                converged: fit.converged,
                iterations: fit.iterations,
            }
        }
        Estimation::Marginal => {
            let fit = fit_marginal(responses, model, preset, 2_000, standard_errors)?;
            Fit {
                items: fit.items,
                item_errors: fit.item_errors,
                abilities: fit.abilities,
                log_likelihood: fit.log_likelihood,
                converged: fit.converged,
                iterations: fit.iterations,
            }
        }
    })
}

/// A fit's items, abilities and log-likelihood, by either method (joint fits warm-started).
fn refit(
    responses: &ResponseMatrix,
    model: ItemModel,
    preset: &Preset,
    estimation: Estimation,
    warm: Option<(&[f64], &[Item])>,
) -> Result<(Vec<Item>, Vec<f64>, f64), StatsError> {
    match estimation {
        Estimation::Joint => {
            let fit = fit_joint(responses, model, preset, None, warm)?;
            Ok((fit.items, fit.abilities, fit.log_likelihood))
        }
        Estimation::Marginal => {
            let fit = fit_by(responses, model, preset, estimation, false)?;
            Ok((fit.items, fit.abilities, fit.log_likelihood))
        }
    }
}

/// Runs `steps` steps of dropping the fraction `fraction` (at least one item) of the lowest
/// discrimination items, refitting each time (joint fits start from the previous step's
/// estimates). Stops early when fewer than two items would remain.
pub fn improve_exam(
    responses: &ResponseMatrix,
    model: ItemModel,
    preset: &Preset,
    estimation: Estimation,
    steps: usize,
    fraction: f64,
    grid: &[f64],
) -> Result<Vec<ImprovementStep>, StatsError> {
    if !(0.0..1.0).contains(&fraction) || fraction.is_nan() {
        return Err(StatsError::Invalid(
            "the fraction to drop must be in [0, 1)",
        ));
    }
    let (items, abilities, log_likelihood) = refit(responses, model, preset, estimation, None)?;
    let mut active: Vec<usize> = (0..responses.items()).collect();
    let mut record = vec![ImprovementStep {
        step: 0,
        active: active.clone(),
        dropped: Vec::new(),
        information: test_information(&items, grid, Aggregate::Mean),
        grid: grid.to_vec(),
        items,
        abilities,
        log_likelihood,
    }];
    for step in 1..=steps {
        let previous = record.last().expect("step 0 is always recorded");
        let drop_count = ((fraction * active.len() as f64).ceil() as usize).max(1);
        if active.len() < drop_count + 2 {
            break;
        }
        let mut by_discrimination: Vec<usize> = (0..active.len()).collect();
        by_discrimination.sort_by(|&x, &y| {
            previous.items[x]
                .discrimination
                .total_cmp(&previous.items[y].discrimination)
                .then(x.cmp(&y))
        });
        let mut dropped_positions: Vec<usize> = by_discrimination[..drop_count].to_vec();
        dropped_positions.sort_unstable();
        let kept_positions: Vec<usize> = (0..active.len())
            .filter(|p| dropped_positions.binary_search(p).is_err())
            .collect();
        let dropped: Vec<usize> = dropped_positions.iter().map(|&p| active[p]).collect();
        let warm_items: Vec<Item> = kept_positions.iter().map(|&p| previous.items[p]).collect();
        active = kept_positions.iter().map(|&p| active[p]).collect();
        let reduced = responses.select_items(&active)?;
        let (items, abilities, log_likelihood) = refit(
            &reduced,
            model,
            preset,
            estimation,
            Some((&previous.abilities, &warm_items)),
        )?;
        record.push(ImprovementStep {
            step,
            active: active.clone(),
            dropped,
            information: test_information(&items, grid, Aggregate::Mean),
            grid: grid.to_vec(),
            items,
            abilities,
            log_likelihood,
        });
    }
    Ok(record)
}
