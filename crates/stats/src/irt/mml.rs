//! Marginal maximum likelihood by EM (Bock & Aitkin 1981; METHODS.md §3): abilities are
//! integrated out over θ ~ N(0, 1) on mirt's default quadrature (61 equally spaced points on
//! [−6, 6] with normal weights); items are re-estimated from the expected counts at each
//! point; abilities are then expected a posteriori (EAP) with their posterior sd.

use super::jml::{ItemErrors, standard_errors};
use super::optimize::{Settings, minimize};
use super::{Item, ItemLayout, ItemModel, Preset, ResponseMatrix, cell_term, start_item};
use crate::StatsError;
use serde::{Deserialize, Serialize};

/// Number of quadrature points (mirt's default for one dimension).
pub const QUADRATURE_POINTS: usize = 61;

/// mirt's quadrature: `points` equally spaced nodes on [−6, 6] with weights proportional to
/// the standard normal density, summing to 1.
pub fn quadrature(points: usize) -> (Vec<f64>, Vec<f64>) {
    let nodes = super::theta_grid(-6.0, 6.0, points);
    let density: Vec<f64> = nodes.iter().map(|x| (-x * x / 2.0).exp()).collect();
    let total: f64 = density.iter().sum();
    (nodes, density.into_iter().map(|d| d / total).collect())
}

/// The result of a marginal fit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MarginalFit {
    /// The model fitted.
    pub model: ItemModel,
    /// Estimated items.
    pub items: Vec<Item>,
    /// Their standard errors from the observed information of the marginal likelihood
    /// (empty when not requested).
    pub item_errors: Vec<ItemErrors>,
    /// EAP abilities.
    pub abilities: Vec<f64>,
    /// Posterior standard deviations of the abilities.
    pub ability_sds: Vec<f64>,
    /// The marginal log-likelihood at the estimates.
    pub log_likelihood: f64,
    /// The marginal log-likelihood at each EM iteration's starting point.
    pub trace: Vec<f64>,
    /// EM iterations.
    pub iterations: usize,
    /// Whether the change in parameters fell below the tolerance.
    pub converged: bool,
}

/// Expected counts at the quadrature nodes: n[k][i] examinees at node k who answered item i,
/// r[k][i] of them right; and the marginal log-likelihood.
struct Expectation {
    answered: Vec<f64>,
    right: Vec<f64>,
    log_likelihood: f64,
}

fn expectation(
    responses: &Patterns,
    items: &[Item],
    nodes: &[f64],
    log_weights: &[f64],
    mut posterior_out: Option<&mut Vec<Vec<f64>>>,
) -> Expectation {
    let (k_count, i_count) = (nodes.len(), items.len());
    // Per node: log(1 − p) of every item, Σ over items, and log p − log(1 − p) per item; an
    // examinee's log-likelihood at a node is then the sum plus the gains of its right answers
    // minus the terms of its missing items — half the work of summing every cell.
    let mut wrong = vec![0.0; k_count * i_count];
    let mut gain = vec![0.0; k_count * i_count];
    let mut all_wrong = vec![0.0; k_count];
    for (k, x) in nodes.iter().enumerate() {
        for (i, item) in items.iter().enumerate() {
            let z = item.discrimination * (x - item.difficulty);
            let q = cell_term(z, item.guessing, false).log_likelihood;
            wrong[k * i_count + i] = q;
            gain[k * i_count + i] = cell_term(z, item.guessing, true).log_likelihood - q;
            all_wrong[k] += q;
        }
    }
    let tables = NodeTables {
        wrong: &wrong,
        gain: &gain,
        all_wrong: &all_wrong,
        log_weights,
        items: i_count,
    };
    // The examinees in a fixed number of blocks, summed in block order: the same result on
    // any number of cores, the blocks shared out between them.
    let patterns = &responses.examinees;
    let blocks = if patterns.len() * k_count * i_count >= PARALLEL_WORK {
        BLOCKS
    } else {
        1
    };
    let size = patterns.len().div_ceil(blocks).max(1);
    let chunks: Vec<&[Pattern]> = patterns.chunks(size).collect();
    let want_posteriors = posterior_out.is_some();
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(chunks.len());
    let partials: Vec<Partial> = if threads <= 1 {
        chunks
            .iter()
            .map(|chunk| tables.accumulate(chunk, want_posteriors))
            .collect()
    } else {
        let mut slots: Vec<Option<Partial>> = (0..chunks.len()).map(|_| None).collect();
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let (chunks, tables) = (&chunks, &tables);
                    scope.spawn(move || {
                        (t..chunks.len())
                            .step_by(threads)
                            .map(|c| (c, tables.accumulate(chunks[c], want_posteriors)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for handle in handles {
                for (c, partial) in handle.join().expect("an E-step block") {
                    slots[c] = Some(partial);
                }
            }
        });
        slots.into_iter().flatten().collect()
    };
    let mut node_totals = vec![0.0; k_count];
    let mut answered_missing = vec![0.0; k_count * i_count];
    let mut right = vec![0.0; k_count * i_count];
    let mut total = 0.0;
    for partial in partials {
        total += partial.total;
        for (a, b) in node_totals.iter_mut().zip(&partial.node_totals) {
            *a += b;
        }
        for (a, b) in answered_missing.iter_mut().zip(&partial.answered_missing) {
            *a += b;
        }
        for (a, b) in right.iter_mut().zip(&partial.right) {
            *a += b;
        }
        if let Some(out) = posterior_out.as_deref_mut() {
            out.extend(partial.posteriors);
        }
    }
    // Examinees at node k who answered item i: everyone at k, less those who skipped it.
    let answered = answered_missing
        .iter()
        .enumerate()
        .map(|(cell, skipped)| node_totals[cell / i_count] - skipped)
        .collect();
    Expectation {
        answered,
        right,
        log_likelihood: total,
    }
}

/// The largest parameter change of an EM step at which the fit stops (mirt's default). A
/// tighter one moves the 10,000 × 50 benchmark's log-likelihood by less than 1e-3.
const TOLERANCE: f64 = 1e-4;

/// The most free item parameters whose standard errors a marginal fit computes (the observed
/// information is a dense matrix of every pair, from two E-steps per parameter).
pub const MAX_ERROR_PARAMETERS: usize = 600;

/// Work (patterns × nodes × items) above which the E-step is shared between cores.
const PARALLEL_WORK: usize = 2_000_000;
/// Blocks the examinees are split into when it is.
const BLOCKS: usize = 16;
/// Items above which the M-step is shared between cores.
const PARALLEL_ITEMS: usize = 64;

/// What every examinee's posterior is computed from: per node and item, log(1 − p) and
/// log p − log(1 − p); per node, Σ log(1 − p) over items and the log prior weight.
struct NodeTables<'a> {
    wrong: &'a [f64],
    gain: &'a [f64],
    all_wrong: &'a [f64],
    log_weights: &'a [f64],
    items: usize,
}

/// One block's share of the expected counts and of the log-likelihood.
struct Partial {
    node_totals: Vec<f64>,
    answered_missing: Vec<f64>,
    right: Vec<f64>,
    total: f64,
    posteriors: Vec<Vec<f64>>,
}

impl NodeTables<'_> {
    fn accumulate(&self, patterns: &[Pattern], keep_posteriors: bool) -> Partial {
        let (k_count, i_count) = (self.log_weights.len(), self.items);
        let mut out = Partial {
            node_totals: vec![0.0; k_count],
            answered_missing: vec![0.0; k_count * i_count],
            right: vec![0.0; k_count * i_count],
            total: 0.0,
            posteriors: Vec::new(),
        };
        let mut log_post = vec![0.0; k_count];
        let mut posterior = vec![0.0; k_count];
        for examinee in patterns {
            for (k, slot) in log_post.iter_mut().enumerate() {
                let row = k * i_count;
                let mut sum = self.log_weights[k] + self.all_wrong[k];
                for &i in &examinee.right {
                    sum += self.gain[row + i as usize];
                }
                for &i in &examinee.missing {
                    sum -= self.wrong[row + i as usize];
                }
                *slot = sum;
            }
            let top = log_post.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let norm: f64 = log_post.iter().map(|v| (v - top).exp()).sum();
            out.total += examinee.count * (top + norm.ln());
            for k in 0..k_count {
                posterior[k] = (log_post[k] - top).exp() / norm;
                let w = examinee.count * posterior[k];
                out.node_totals[k] += w;
                let row = k * i_count;
                for &i in &examinee.right {
                    out.right[row + i as usize] += w;
                }
                for &i in &examinee.missing {
                    out.answered_missing[row + i as usize] += w;
                }
            }
            if keep_posteriors {
                out.posteriors.push(posterior.clone());
            }
        }
        out
    }
}

/// The responses as EM reads them: identical response patterns merged, each with its count,
/// and the items each pattern got right or left missing.
struct Patterns {
    examinees: Vec<Pattern>,
    /// For each examinee of the matrix, its pattern.
    of_examinee: Vec<usize>,
}

struct Pattern {
    count: f64,
    right: Vec<u32>,
    missing: Vec<u32>,
}

impl Patterns {
    fn new(responses: &ResponseMatrix) -> Self {
        let mut index: std::collections::HashMap<Vec<Option<bool>>, usize> =
            std::collections::HashMap::new();
        let mut examinees: Vec<Pattern> = Vec::new();
        let mut of_examinee = Vec::with_capacity(responses.examinees());
        for s in 0..responses.examinees() {
            let cells: Vec<Option<bool>> = (0..responses.items())
                .map(|i| responses.get(s, i))
                .collect();
            let next = examinees.len();
            let slot = *index.entry(cells.clone()).or_insert(next);
            if slot == next {
                let pick = |want: Option<bool>| -> Vec<u32> {
                    cells
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| **c == want)
                        .map(|(i, _)| i as u32)
                        .collect()
                };
                examinees.push(Pattern {
                    count: 0.0,
                    right: pick(Some(true)),
                    missing: pick(None),
                });
            }
            examinees[slot].count += 1.0;
            of_examinee.push(slot);
        }
        Self {
            examinees,
            of_examinee,
        }
    }
}

/// What the M-step of one item needs: the expected counts and the model.
struct MStep<'a> {
    expected: &'a Expectation,
    nodes: &'a [f64],
    model: ItemModel,
    preset: &'a Preset,
}

impl MStep<'_> {
    /// The negative expected complete-data log-likelihood of item `item` (plus its penalty)
    /// at the free parameters `parameters`, with its gradient written into `gradient`.
    fn objective(&self, parameters: &[f64], gradient: &mut [f64], item: usize) -> f64 {
        let layout = ItemLayout {
            model: self.model,
            offset: 0,
        };
        let current = layout.read(parameters, 0);
        let items = self.expected.answered.len() / self.nodes.len();
        let mut value = 0.0;
        let mut d = [0.0; 3];
        for (k, x) in self.nodes.iter().enumerate() {
            let answered = self.expected.answered[k * items + item];
            if answered == 0.0 {
                continue;
            }
            let right = self.expected.right[k * items + item];
            let centred = x - current.difficulty;
            let z = current.discrimination * centred;
            let (yes, no) = (
                cell_term(z, current.guessing, true),
                cell_term(z, current.guessing, false),
            );
            value -= right * yes.log_likelihood + (answered - right) * no.log_likelihood;
            let d_z = right * yes.d_z + (answered - right) * no.d_z;
            d[0] -= d_z * centred;
            d[1] += d_z * current.discrimination;
            d[2] -= right * yes.d_c + (answered - right) * no.d_c;
        }
        let (penalty, pg) = self.preset.penalty(&current, self.model);
        gradient.fill(0.0);
        layout.add_gradient(gradient, 0, [d[0] + pg[0], d[1] + pg[1], d[2] + pg[2]]);
        value + penalty
    }
}

/// Fits `model` by marginal maximum likelihood (EM) under `preset`'s bounds (and priors, if it
/// has them). `standard_errors` asks for the observed-information errors of the items, which
/// cost two E-steps per parameter and a dense matrix of every pair of parameters: they are
/// computed for at most [`MAX_ERROR_PARAMETERS`] free parameters and left empty beyond.
pub fn fit_marginal(
    responses: &ResponseMatrix,
    model: ItemModel,
    preset: &Preset,
    max_iterations: usize,
    standard_errors: bool,
) -> Result<MarginalFit, StatsError> {
    let (nodes, weights) = quadrature(QUADRATURE_POINTS);
    let log_weights: Vec<f64> = weights.iter().map(|w| w.ln()).collect();
    let i_count = responses.items();
    let patterns = Patterns::new(responses);
    let layout = ItemLayout { model, offset: 0 };
    let mut items = vec![start_item(model, preset); i_count];
    let mut trace = Vec::new();
    let mut converged = false;
    let mut iterations = 0;
    let m_settings = Settings {
        gradient_tolerance: 1e-8,
        relative_tolerance: 1e-14,
        max_iterations: 200,
        memory: 5,
    };
    // The free parameters as one vector, and their bounds (the same for every item).
    let flat = |items: &[Item]| -> Vec<f64> {
        let (mut x, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
        for item in items {
            layout.push(item, preset, &mut x, &mut lo, &mut hi);
        }
        x
    };
    let (lo, hi) = {
        let (mut x, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
        layout.push(&items[0], preset, &mut x, &mut lo, &mut hi);
        (lo, hi)
    };
    let unflat = |x: &[f64]| -> Vec<Item> { (0..i_count).map(|i| layout.read(x, i)).collect() };
    // The M-step: every item re-estimated from the expected counts (items are independent:
    // shared between the cores in contiguous blocks when there are many); with the largest
    // change.
    let m_step = |items: &[Item], expected: &Expectation| -> (Vec<Item>, f64) {
        let step = MStep {
            expected,
            nodes: &nodes,
            model,
            preset,
        };
        let fit_one = |i: usize, item: &Item| -> Item {
            let (mut x, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
            layout.push(item, preset, &mut x, &mut lo, &mut hi);
            let found = minimize(|p, g| step.objective(p, g, i), &x, &lo, &hi, m_settings);
            layout.read(&found.x, 0)
        };
        let threads = if items.len() >= PARALLEL_ITEMS {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        } else {
            1
        };
        let mut updated = items.to_vec();
        if threads <= 1 {
            for (i, slot) in updated.iter_mut().enumerate() {
                *slot = fit_one(i, &items[i]);
            }
        } else {
            let size = items.len().div_ceil(threads);
            std::thread::scope(|scope| {
                for (c, block) in updated.chunks_mut(size).enumerate() {
                    let fit_one = &fit_one;
                    scope.spawn(move || {
                        for (k, slot) in block.iter_mut().enumerate() {
                            let i = c * size + k;
                            *slot = fit_one(i, &items[i]);
                        }
                    });
                }
            });
        }
        let largest_change = items
            .iter()
            .zip(&updated)
            .map(|(old, new)| {
                (new.discrimination - old.discrimination)
                    .abs()
                    .max((new.difficulty - old.difficulty).abs())
                    .max((new.guessing - old.guessing).abs())
            })
            .fold(0.0f64, f64::max);
        (updated, largest_change)
    };
    // What EM never lowers: the log-likelihood less the priors' penalty (none without priors).
    let objective = |items: &[Item], log_likelihood: f64| {
        log_likelihood
            - items
                .iter()
                .map(|item| preset.penalty(item, model).0)
                .sum::<f64>()
    };
    // EM accelerated by SQUAREM (Varadhan & Roland 2008, scheme S3): two EM steps, then a step
    // along their squared extrapolation, kept inside the bounds and only when it does not lower
    // the objective below the last EM step's (else the two EM steps stand) — so the trace of the
    // log-likelihood still never falls. Stopping rule: the largest parameter change of an EM
    // step below [`TOLERANCE`].
    let mut expected = expectation(&patterns, &items, &nodes, &log_weights, None);
    while iterations < max_iterations {
        trace.push(expected.log_likelihood);
        iterations += 1;
        let (first, change) = m_step(&items, &expected);
        if change < TOLERANCE {
            items = first;
            converged = true;
            break;
        }
        let expected_first = expectation(&patterns, &first, &nodes, &log_weights, None);
        if iterations >= max_iterations {
            items = first;
            break;
        }
        trace.push(expected_first.log_likelihood);
        iterations += 1;
        let (second, change) = m_step(&first, &expected_first);
        if change < TOLERANCE {
            items = second;
            converged = true;
            break;
        }
        let (x0, x1, x2) = (flat(&items), flat(&first), flat(&second));
        let r: Vec<f64> = x1.iter().zip(&x0).map(|(a, b)| a - b).collect();
        let v: Vec<f64> = x2
            .iter()
            .zip(&x1)
            .zip(&x0)
            .map(|((c, b), a)| c - 2.0 * b + a)
            .collect();
        let norm = |u: &[f64]| u.iter().map(|e| e * e).sum::<f64>().sqrt();
        let (rn, vn) = (norm(&r), norm(&v));
        let alpha = if vn > 0.0 { (-rn / vn).min(-1.0) } else { -1.0 };
        if alpha < -1.0 {
            let jumped: Vec<f64> = (0..x0.len())
                .map(|j| {
                    let bound = j % lo.len();
                    (x0[j] - 2.0 * alpha * r[j] + alpha * alpha * v[j]).clamp(lo[bound], hi[bound])
                })
                .collect();
            let candidate = unflat(&jumped);
            let at_candidate = expectation(&patterns, &candidate, &nodes, &log_weights, None);
            if at_candidate.log_likelihood.is_finite()
                && objective(&candidate, at_candidate.log_likelihood)
                    >= objective(&first, expected_first.log_likelihood)
            {
                items = candidate;
                expected = at_candidate;
                continue;
            }
        }
        items = second;
        expected = expectation(&patterns, &items, &nodes, &log_weights, None);
    }
    let mut posteriors = Vec::with_capacity(patterns.examinees.len());
    let last = expectation(
        &patterns,
        &items,
        &nodes,
        &log_weights,
        Some(&mut posteriors),
    );
    let (abilities, ability_sds): (Vec<f64>, Vec<f64>) = patterns
        .of_examinee
        .iter()
        .map(|&pattern| {
            let post = &posteriors[pattern];
            let mean: f64 = post.iter().zip(&nodes).map(|(w, x)| w * x).sum();
            let second: f64 = post.iter().zip(&nodes).map(|(w, x)| w * x * x).sum();
            (mean, (second - mean * mean).max(0.0).sqrt())
        })
        .unzip();
    let item_errors = if standard_errors && i_count * model.parameters() <= MAX_ERROR_PARAMETERS {
        marginal_item_errors(&patterns, &items, model, preset, &nodes, &log_weights)
    } else {
        Vec::new()
    };
    Ok(MarginalFit {
        model,
        items,
        item_errors,
        abilities,
        ability_sds,
        log_likelihood: last.log_likelihood,
        trace,
        iterations,
        converged,
    })
}

/// Standard errors from the observed information of the marginal log-likelihood: its gradient
/// (by Fisher's identity, the gradient of the expected complete-data log-likelihood under the
/// posterior at the same parameters) differenced numerically.
fn marginal_item_errors(
    responses: &Patterns,
    items: &[Item],
    model: ItemModel,
    preset: &Preset,
    nodes: &[f64],
    log_weights: &[f64],
) -> Vec<ItemErrors> {
    let layout = ItemLayout { model, offset: 0 };
    let k = model.parameters();
    let i_count = items.len();
    let mut point = Vec::with_capacity(i_count * k);
    for item in items {
        let (mut lo, mut hi) = (Vec::new(), Vec::new());
        let unbounded = Preset {
            discrimination: (f64::NEG_INFINITY, f64::INFINITY),
            difficulty: (f64::NEG_INFINITY, f64::INFINITY),
            guessing: (f64::NEG_INFINITY, f64::INFINITY),
            priors: false,
            ..*preset
        };
        layout.push(item, &unbounded, &mut point, &mut lo, &mut hi);
    }
    let gradient = |p: &[f64]| -> Vec<f64> {
        let current: Vec<Item> = (0..i_count)
            .map(|i| {
                ItemLayout {
                    model,
                    offset: i * k,
                }
                .read(p, 0)
            })
            .collect();
        let expected = expectation(responses, &current, nodes, log_weights, None);
        let step = MStep {
            expected: &expected,
            nodes,
            model,
            preset,
        };
        let mut g = vec![0.0; p.len()];
        for i in 0..i_count {
            step.objective(&p[i * k..(i + 1) * k], &mut g[i * k..(i + 1) * k], i);
        }
        g
    };
    let errors = standard_errors(&point, gradient);
    (0..i_count)
        .map(|i| {
            let e = |slot: usize| errors[i * k + slot];
            match model {
                ItemModel::OnePl => ItemErrors {
                    discrimination: None,
                    difficulty: e(0),
                    guessing: None,
                },
                ItemModel::TwoPl => ItemErrors {
                    discrimination: e(0),
                    difficulty: e(1),
                    guessing: None,
                },
                ItemModel::ThreePl => ItemErrors {
                    discrimination: e(0),
                    difficulty: e(1),
                    guessing: e(2),
                },
            }
        })
        .collect()
}

/// An examinee's ability as expected a posteriori under θ ~ N(0, 1), given estimated items.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PosteriorAbility {
    /// The posterior mean (EAP).
    pub mean: f64,
    /// The posterior standard deviation.
    pub sd: f64,
}

/// EAP abilities of every examinee of `responses` under θ ~ N(0, 1) on mirt's quadrature, given
/// the items (from any fit). Finite for every examinee, also one who got everything right or
/// wrong, where a maximum-likelihood θ runs to its bound (METHODS.md §3, "abilities on
/// screen"). Missing responses are skipped.
pub fn eap_abilities(responses: &ResponseMatrix, items: &[Item]) -> Vec<PosteriorAbility> {
    let (nodes, weights) = quadrature(QUADRATURE_POINTS);
    let log_weights: Vec<f64> = weights.iter().map(|w| w.ln()).collect();
    // log P(right) and log P(wrong) of each item at each node, computed once.
    let table: Vec<Vec<(f64, f64)>> = items
        .iter()
        .map(|item| {
            nodes
                .iter()
                .map(|&theta| {
                    let p = item.probability(theta).clamp(1e-300, 1.0 - 1e-16);
                    (p.ln(), (1.0 - p).ln())
                })
                .collect()
        })
        .collect();
    (0..responses.examinees())
        .map(|s| {
            let mut log_post = log_weights.clone();
            for (i, logs) in table.iter().enumerate() {
                let Some(right) = responses.get(s, i) else {
                    continue;
                };
                for (k, value) in log_post.iter_mut().enumerate() {
                    *value += if right { logs[k].0 } else { logs[k].1 };
                }
            }
            let top = log_post.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let post: Vec<f64> = log_post.iter().map(|v| (v - top).exp()).collect();
            let norm: f64 = post.iter().sum();
            let mean = post.iter().zip(&nodes).map(|(w, x)| w * x).sum::<f64>() / norm;
            let second = post.iter().zip(&nodes).map(|(w, x)| w * x * x).sum::<f64>() / norm;
            PosteriorAbility {
                mean,
                sd: (second - mean * mean).max(0.0).sqrt(),
            }
        })
        .collect()
}
