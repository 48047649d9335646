//! Marginal maximum likelihood by EM (Bock & Aitkin 1981; METHODS.md §3): abilities are
//! integrated out over θ ~ N(0, 1) on mirt's default quadrature (61 equally spaced points on
//! [−6, 6] with normal weights); items are re-estimated from the expected counts at each
//! point; abilities are then expected a posteriori (EAP) with their posterior sd.

use super::jml::{ItemErrors, standard_errors};
use super::optimize::{Settings, minimize};
use super::{Item, ItemLayout, ItemModel, Preset, ResponseMatrix, cell_term, start_item};
use crate::StatsError;
use nalgebra::DMatrix;
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

/// Expected counts at the quadrature nodes, as J × K matrices stored column by column (item i
/// at node k is entry `k * J + i`): n examinees at node k who answered item i, r of them
/// right; and the marginal log-likelihood.
struct Expectation {
    answered: Vec<f64>,
    right: Vec<f64>,
    log_likelihood: f64,
}

/// The E-step as dense matrix products over the response patterns (no patterns × items ×
/// nodes temporaries): for a block of patterns with right-answer matrix X and missing-cell
/// matrix M (items × patterns, 0/1), the log posterior at the nodes is `c + G·X − W·M`
/// (nodes × patterns), where per node and item G = log p − log(1 − p), W = log(1 − p), and
/// c = log prior weight + Σ over items of log(1 − p); with the count-weighted posteriors P
/// (nodes × patterns), the expected right counts are `X·Pᵀ`, the missing ones `M·Pᵀ`, and
/// the answered ones the node totals less the missing.
fn expectation(
    responses: &Patterns,
    items: &[Item],
    nodes: &[f64],
    log_weights: &[f64],
    mut posterior_out: Option<&mut Vec<Vec<f64>>>,
) -> Expectation {
    let (k_count, i_count) = (nodes.len(), items.len());
    let mut wrong = DMatrix::<f64>::zeros(k_count, i_count);
    let mut gain = DMatrix::<f64>::zeros(k_count, i_count);
    let mut constant = log_weights.to_vec();
    for (k, x) in nodes.iter().enumerate() {
        for (i, item) in items.iter().enumerate() {
            let z = item.discrimination * (x - item.difficulty);
            let q = cell_term(z, item.guessing, false).log_likelihood;
            wrong[(k, i)] = q;
            gain[(k, i)] = cell_term(z, item.guessing, true).log_likelihood - q;
            constant[k] += q;
        }
    }
    let tables = NodeTables {
        wrong: &wrong,
        gain: &gain,
        constant: &constant,
    };
    // The patterns come in a fixed number of blocks, summed in block order: the same result on
    // any number of cores, the blocks shared out between them.
    let blocks = &responses.blocks;
    let want_posteriors = posterior_out.is_some();
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(blocks.len());
    let partials: Vec<Partial> = if threads <= 1 {
        blocks
            .iter()
            .map(|block| tables.accumulate(block, want_posteriors))
            .collect()
    } else {
        let mut slots: Vec<Option<Partial>> = (0..blocks.len()).map(|_| None).collect();
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let tables = &tables;
                    scope.spawn(move || {
                        (t..blocks.len())
                            .step_by(threads)
                            .map(|c| (c, tables.accumulate(&blocks[c], want_posteriors)))
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
    let mut missing = vec![0.0; k_count * i_count];
    let mut right = vec![0.0; k_count * i_count];
    let mut total = 0.0;
    for partial in partials {
        total += partial.total;
        for (a, b) in node_totals.iter_mut().zip(&partial.node_totals) {
            *a += b;
        }
        if let Some(partial_missing) = &partial.missing {
            for (a, b) in missing.iter_mut().zip(partial_missing) {
                *a += b;
            }
        }
        for (a, b) in right.iter_mut().zip(&partial.right) {
            *a += b;
        }
        if let Some(out) = posterior_out.as_deref_mut() {
            out.extend(partial.posteriors);
        }
    }
    // Examinees at node k who answered item i: everyone at k, less those who skipped it.
    let answered = missing
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

/// Cells (patterns × items) above which the patterns are split into [`BLOCKS`] blocks whose
/// E-steps are shared between the cores.
const PARALLEL_CELLS: usize = 20_000;
/// How far (in log units) below the most likely node a node's posterior is taken as 0: e^−40
/// ≈ 4e−18, below what a sum of at most a few hundred terms that starts at 1 can hold.
const NEGLIGIBLE: f64 = 40.0;
/// Blocks the patterns are split into when they are.
const BLOCKS: usize = 16;
/// Items above which the M-step is shared between cores.
const PARALLEL_ITEMS: usize = 64;

/// What every examinee's posterior is computed from, as K × J matrices: per node and item,
/// log(1 − p) and log p − log(1 − p); per node, the log prior weight plus Σ log(1 − p) over the
/// items.
struct NodeTables<'a> {
    wrong: &'a DMatrix<f64>,
    gain: &'a DMatrix<f64>,
    constant: &'a [f64],
}

/// One block's share of the expected counts (J × K, column by column) and of the
/// log-likelihood.
struct Partial {
    node_totals: Vec<f64>,
    missing: Option<Vec<f64>>,
    right: Vec<f64>,
    total: f64,
    posteriors: Vec<Vec<f64>>,
}

impl NodeTables<'_> {
    fn accumulate(&self, block: &Block, keep_posteriors: bool) -> Partial {
        let k_count = self.constant.len();
        let p_count = block.counts.len();
        // K × P: the log posterior of each pattern (a column) at each node.
        let mut log_post = DMatrix::<f64>::zeros(k_count, p_count);
        log_post.gemm(1.0, self.gain, &block.right, 0.0);
        if let Some(missing) = &block.missing {
            log_post.gemm(-1.0, self.wrong, missing, 1.0);
        }
        // Each column becomes its posterior times the pattern's count.
        let mut total = 0.0;
        let mut node_totals = vec![0.0; k_count];
        let mut posteriors = Vec::new();
        for (column, &count) in log_post
            .as_mut_slice()
            .chunks_exact_mut(k_count)
            .zip(&block.counts)
        {
            for (value, c) in column.iter_mut().zip(self.constant) {
                *value += c;
            }
            let top = column.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mut norm = 0.0;
            for value in column.iter_mut() {
                // Nodes more than e^40 less likely than the best add nothing an f64 sum keeps.
                let below = *value - top;
                *value = if below < -NEGLIGIBLE {
                    0.0
                } else {
                    below.exp()
                };
                norm += *value;
            }
            total += count * (top + norm.ln());
            for value in column.iter_mut() {
                *value /= norm;
            }
            if keep_posteriors {
                posteriors.push(column.to_vec());
            }
            for (value, node) in column.iter_mut().zip(&mut node_totals) {
                *value *= count;
                *node += *value;
            }
        }
        // P × K: the weighted posteriors, a pattern per row.
        let weighted = log_post.transpose();
        let counts_of = |cells: &DMatrix<f64>| -> Vec<f64> {
            let mut out = DMatrix::<f64>::zeros(cells.nrows(), k_count);
            out.gemm(1.0, cells, &weighted, 0.0);
            out.data.into()
        };
        Partial {
            node_totals,
            missing: block.missing.as_ref().map(counts_of),
            right: counts_of(&block.right),
            total,
            posteriors,
        }
    }
}

/// The responses as EM reads them: identical response patterns merged, each with its count,
/// in blocks of patterns.
struct Patterns {
    blocks: Vec<Block>,
    /// For each examinee of the matrix, its pattern (patterns numbered block after block).
    of_examinee: Vec<usize>,
}

/// A block of patterns: which items each got right and which it left missing, as 0/1
/// matrices (items × patterns: a pattern per column).
struct Block {
    right: DMatrix<f64>,
    /// None when no pattern of the block has a missing cell.
    missing: Option<DMatrix<f64>>,
    counts: Vec<f64>,
}

impl Patterns {
    fn new(responses: &ResponseMatrix) -> Self {
        let mut index: std::collections::HashMap<&[Option<bool>], usize> =
            std::collections::HashMap::new();
        let mut firsts: Vec<usize> = Vec::new();
        let mut counts: Vec<f64> = Vec::new();
        let mut of_examinee = Vec::with_capacity(responses.examinees());
        for s in 0..responses.examinees() {
            let next = firsts.len();
            let slot = *index.entry(responses.row(s)).or_insert(next);
            if slot == next {
                firsts.push(s);
                counts.push(0.0);
            }
            counts[slot] += 1.0;
            of_examinee.push(slot);
        }
        let i_count = responses.items();
        let blocks = if firsts.len() * i_count >= PARALLEL_CELLS {
            BLOCKS
        } else {
            1
        };
        let size = firsts.len().div_ceil(blocks).max(1);
        let blocks = firsts
            .chunks(size)
            .zip(counts.chunks(size))
            .map(|(members, counts)| {
                let p_count = members.len();
                let mut right = DMatrix::<f64>::zeros(i_count, p_count);
                let mut missing = DMatrix::<f64>::zeros(i_count, p_count);
                let mut any_missing = false;
                for (p, &s) in members.iter().enumerate() {
                    for (i, cell) in responses.row(s).iter().enumerate() {
                        match cell {
                            Some(true) => right[(i, p)] = 1.0,
                            Some(false) => {}
                            None => {
                                missing[(i, p)] = 1.0;
                                any_missing = true;
                            }
                        }
                    }
                }
                Block {
                    right,
                    missing: any_missing.then_some(missing),
                    counts: counts.to_vec(),
                }
            })
            .collect();
        Self {
            blocks,
            of_examinee,
        }
    }

    fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.counts.len()).sum()
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
    let mut posteriors = Vec::with_capacity(patterns.len());
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
