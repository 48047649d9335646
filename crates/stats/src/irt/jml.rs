//! Joint maximum likelihood with box bounds (Guinet et al. 004; METHODS.md §3): abilities (or
//! factor effects) and item parameters are estimated together by the projected quasi-Newton
//! minimiser; missing responses are skipped.

use super::optimize::{Settings, minimize};
use super::{Item, ItemLayout, ItemModel, Preset, ResponseMatrix, cell_term, start_item};
use crate::StatsError;
use nalgebra::{DMatrix, SymmetricEigen};
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
    /// Quasi-Newton iterations.
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
    let offsets = factors.map(Factors::offsets);
    let theta_of = |x: &[f64], s: usize| -> f64 {
        match (factors, &offsets) {
            (Some(f), Some(off)) => f.assignment[s]
                .iter()
                .zip(off)
                .map(|(level, o)| x[o + level])
                .sum(),
            _ => x[s],
        }
    };
    let mut thetas = vec![0.0; examinees];
    let mut d_theta = vec![0.0; examinees];
    // The "standard" preset identifies the scale by centring: abilities are the raw sums
    // minus their mean, θ_s = raw_s − mean(raw), inside the objective, so the optimiser works on
    // the centred model itself and its stopping rule speaks for the centred estimates.
    let centre = preset.centre;
    let centred_thetas = |x: &[f64]| -> Vec<f64> {
        let raw: Vec<f64> = (0..examinees).map(|s| theta_of(x, s)).collect();
        if !centre || examinees == 0 {
            return raw;
        }
        let mean = raw.iter().sum::<f64>() / examinees as f64;
        raw.into_iter().map(|t| t - mean).collect()
    };
    // The items in a fixed number of blocks, each block's terms summed in block order: the
    // same result on any number of cores, the blocks shared out between them when the
    // matrix is large.
    let blocks = if examinees * items >= PARALLEL_CELLS {
        BLOCKS
    } else {
        1
    };
    let block_size = items.div_ceil(blocks).max(1);
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(blocks);
    // One block of items: its share of the objective, its items' gradients, and its share of
    // the abilities' gradients.
    let block_terms = |x: &[f64], thetas: &[f64], block: usize| -> BlockTerms {
        let first = block * block_size;
        let last = ((block + 1) * block_size).min(items);
        let mut total = 0.0;
        let mut d_theta = vec![0.0; examinees];
        let mut item_gradients = Vec::with_capacity(last.saturating_sub(first));
        for i in first..last {
            let item = layout.read(x, i);
            let mut d = [0.0; 3];
            for (s, theta) in thetas.iter().enumerate() {
                let Some(right) = responses.get(s, i) else {
                    continue;
                };
                let centred = theta - item.difficulty;
                let term = cell_term(item.discrimination * centred, item.guessing, right);
                total -= term.log_likelihood;
                d_theta[s] -= term.d_z * item.discrimination;
                d[0] -= term.d_z * centred;
                d[1] += term.d_z * item.discrimination;
                d[2] -= term.d_c;
            }
            let (penalty, pg) = preset.penalty(&item, model);
            total += penalty;
            item_gradients.push([d[0] + pg[0], d[1] + pg[1], d[2] + pg[2]]);
        }
        (total, item_gradients, d_theta)
    };
    let mut objective = |x: &[f64], g: &mut [f64]| -> f64 {
        g.fill(0.0);
        thetas.copy_from_slice(&centred_thetas(x));
        d_theta.fill(0.0);
        let parts: Vec<BlockTerms> = if threads <= 1 {
            (0..blocks).map(|b| block_terms(x, &thetas, b)).collect()
        } else {
            let mut slots: Vec<Option<BlockTerms>> = (0..blocks).map(|_| None).collect();
            let (terms, thetas) = (&block_terms, &thetas);
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        scope.spawn(move || {
                            (t..blocks)
                                .step_by(threads)
                                .map(|b| (b, terms(x, thetas, b)))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for handle in handles {
                    for (b, part) in handle.join().expect("a block of items") {
                        slots[b] = Some(part);
                    }
                }
            });
            slots.into_iter().flatten().collect()
        };
        let mut total = 0.0;
        for (b, (part, item_gradients, part_theta)) in parts.into_iter().enumerate() {
            total += part;
            for (k, d) in item_gradients.into_iter().enumerate() {
                layout.add_gradient(g, b * block_size + k, d);
            }
            for (a, v) in d_theta.iter_mut().zip(part_theta) {
                *a += v;
            }
        }
        if centre && examinees > 0 {
            // d raw_s = d θ_s − mean(d θ): the chain rule through the centring.
            let mean = d_theta.iter().sum::<f64>() / examinees as f64;
            for d in &mut d_theta {
                *d -= mean;
            }
        }
        match (factors, &offsets) {
            (Some(f), Some(off)) => {
                for (s, levels) in f.assignment.iter().enumerate() {
                    for (level, o) in levels.iter().zip(off) {
                        g[o + level] += d_theta[s];
                    }
                }
            }
            _ => g[..examinees].copy_from_slice(&d_theta),
        }
        total
    };
    let found = minimize(&mut objective, &x, &lower, &upper, Settings::default());
    let (iterations, converged, objective) = (found.iterations, found.converged, found.value);
    let x = found.x;
    let abilities: Vec<f64> = centred_thetas(&x);
    let fitted: Vec<Item> = (0..items).map(|i| layout.read(&x, i)).collect();
    let log_likelihood = log_likelihood(responses, &fitted, &abilities);
    let item_errors = fitted
        .iter()
        .enumerate()
        .map(|(i, item)| item_errors(responses, i, item, &abilities, model, preset))
        .collect();
    let ability_errors = (0..examinees)
        .map(|s| {
            let information: f64 = (0..items)
                .filter(|&i| responses.get(s, i).is_some())
                .map(|i| fitted[i].information(abilities[s]))
                .sum();
            (information > 0.0).then(|| 1.0 / information.sqrt())
        })
        .collect();
    let raw_effects = x[..person_count].to_vec();
    let x = &x;
    let effects = match (factors, &offsets) {
        (Some(f), Some(off)) => f
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
        log_likelihood,
        objective,
        iterations,
        converged,
    })
}

/// One block of items' share of the joint objective: its value, its items' gradients (a, b,
/// c), and its share of every ability's gradient.
type BlockTerms = (f64, Vec<[f64; 3]>, Vec<f64>);

/// Cells (examinees × items) above which the objective's items are split into [`BLOCKS`]
/// blocks shared between the cores.
const PARALLEL_CELLS: usize = 20_000;
/// Blocks the items are split into when they are.
const BLOCKS: usize = 8;

/// Σ r log p + (1 − r) log(1 − p) over the observed cells.
pub(crate) fn log_likelihood(responses: &ResponseMatrix, items: &[Item], abilities: &[f64]) -> f64 {
    let mut total = 0.0;
    for (s, theta) in abilities.iter().enumerate() {
        for (i, item) in items.iter().enumerate() {
            if let Some(right) = responses.get(s, i) {
                let z = item.discrimination * (theta - item.difficulty);
                total += cell_term(z, item.guessing, right).log_likelihood;
            }
        }
    }
    total
}

/// The standard errors of one item's free parameters from the observed information (the
/// Hessian of the penalised negative log-likelihood in those parameters, abilities fixed),
/// by central differences of the analytic gradient.
fn item_errors(
    responses: &ResponseMatrix,
    i: usize,
    item: &Item,
    abilities: &[f64],
    model: ItemModel,
    preset: &Preset,
) -> ItemErrors {
    let k = model.parameters();
    let layout = ItemLayout { model, offset: 0 };
    let point: Vec<f64> = match model {
        ItemModel::OnePl => vec![item.difficulty],
        ItemModel::TwoPl => vec![item.discrimination, item.difficulty],
        ItemModel::ThreePl => vec![item.discrimination, item.difficulty, item.guessing],
    };
    let gradient = |p: &[f64]| -> Vec<f64> {
        let it = layout.read(p, 0);
        let mut d = [0.0; 3];
        for (s, theta) in abilities.iter().enumerate() {
            let Some(right) = responses.get(s, i) else {
                continue;
            };
            let centred = theta - it.difficulty;
            let term = cell_term(it.discrimination * centred, it.guessing, right);
            d[0] -= term.d_z * centred;
            d[1] += term.d_z * it.discrimination;
            d[2] -= term.d_c;
        }
        let (_, pg) = preset.penalty(&it, model);
        let mut g = vec![0.0; k];
        layout.add_gradient(&mut g, 0, [d[0] + pg[0], d[1] + pg[1], d[2] + pg[2]]);
        g
    };
    let errors = standard_errors(&point, gradient);
    let get = |slot: Option<usize>| slot.and_then(|s| errors.get(s).copied().flatten());
    match model {
        ItemModel::OnePl => ItemErrors {
            discrimination: None,
            difficulty: get(Some(0)),
            guessing: None,
        },
        ItemModel::TwoPl => ItemErrors {
            discrimination: get(Some(0)),
            difficulty: get(Some(1)),
            guessing: None,
        },
        ItemModel::ThreePl => ItemErrors {
            discrimination: get(Some(0)),
            difficulty: get(Some(1)),
            guessing: get(Some(2)),
        },
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
    let symmetric = (&hessian + hessian.transpose()) * 0.5;
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
