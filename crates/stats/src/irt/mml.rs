//! Marginal maximum likelihood by EM (Bock & Aitkin 1981; METHODS.md §3): abilities are
//! integrated out over θ ~ N(0, 1) on mirt's default quadrature (61 equally spaced points on
//! [−6, 6] with normal weights); items are re-estimated from the expected counts at each
//! point; abilities are then expected a posteriori (EAP) with their posterior sd.

use super::estep::{Expectation, Patterns, QUADRATURE_POINTS, expectation, posteriors};
use super::jml::{ItemErrors, standard_errors};
use super::optimize::{Settings, minimize};
use super::parallel::in_order;
use super::{Item, ItemLayout, ItemModel, Preset, ResponseMatrix, cell_terms, start_item};
use crate::StatsError;
use serde::{Deserialize, Serialize};

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

/// The largest parameter change of an EM step at which the fit stops (mirt's default). A
/// tighter one moves the 10,000 × 50 benchmark's log-likelihood by less than 1e-3.
const TOLERANCE: f64 = 1e-4;

/// The most free item parameters whose standard errors a marginal fit computes (the observed
/// information is a dense matrix of every pair, from two E-steps per parameter).
pub const MAX_ERROR_PARAMETERS: usize = 600;

/// Items above which the M-step is shared between cores.
const PARALLEL_ITEMS: usize = 64;

/// What the M-step of one item needs: the expected counts and the model.
struct MStep<'a> {
    expected: &'a Expectation,
    nodes: &'a [f64],
    model: ItemModel,
    preset: &'a Preset,
}

impl MStep<'_> {
    /// Item `item`'s expected counts at the nodes: answered, and right.
    fn counts(&self, item: usize) -> (&[f64], &[f64]) {
        let span = item * self.nodes.len()..(item + 1) * self.nodes.len();
        (
            &self.expected.answered[span.clone()],
            &self.expected.right[span],
        )
    }

    /// Item `item`'s M-step by Newton's method, for a 1PL or 2PL item without priors: in
    /// slope–intercept form (z = a·x + d, b = −d/a) the expected complete-data log-likelihood
    /// is concave (a logistic regression on the nodes, weighted by the expected counts), so
    /// each step solves its weighted least squares, halved until the objective does not fall.
    /// None when the optimum lies outside the preset's bounds or the steps do not settle: the
    /// bounded quasi-Newton solver then takes the item.
    #[expect(clippy::many_single_char_names, reason = "the symbols of the formulas")]
    fn newton(&self, item: usize, start: &Item) -> Option<Item> {
        const STEPS: usize = 50;
        let slope_free = self.model == ItemModel::TwoPl;
        let (answered, right) = self.counts(item);
        // The objective, its gradient in (a, d) and its negative Hessian (aa, ad, dd).
        let at = |a: f64, d: f64| -> (f64, [f64; 2], [f64; 3]) {
            let (mut value, mut g, mut h) = (0.0, [0.0; 2], [0.0; 3]);
            for ((&x, &n), &r) in self.nodes.iter().zip(answered).zip(right) {
                let z = a * x + d;
                let e = (-z.abs()).exp();
                let s = if z >= 0.0 {
                    1.0 / (1.0 + e)
                } else {
                    e / (1.0 + e)
                };
                value += r * z - n * (z.max(0.0) + e.ln_1p());
                let (slope, weight) = (r - n * s, n * s * (1.0 - s));
                g[0] += slope * x;
                g[1] += slope;
                h[0] += weight * x * x;
                h[1] += weight * x;
                h[2] += weight;
            }
            (value, g, h)
        };
        let (mut a, mut d) = (
            start.discrimination,
            -start.discrimination * start.difficulty,
        );
        let (mut value, mut g, mut h) = at(a, d);
        let mut settled = false;
        for _ in 0..STEPS {
            let (step_a, step_d) = if slope_free {
                let det = h[0] * h[2] - h[1] * h[1];
                (
                    (h[2] * g[0] - h[1] * g[1]) / det,
                    (h[0] * g[1] - h[1] * g[0]) / det,
                )
            } else {
                (0.0, g[1] / h[2])
            };
            if !(step_a.is_finite() && step_d.is_finite()) {
                return None;
            }
            if step_a.abs().max(step_d.abs()) < 1e-10 {
                settled = true;
                break;
            }
            let mut t = 1.0;
            loop {
                let (next_a, next_d) = (a + t * step_a, d + t * step_d);
                let found = at(next_a, next_d);
                if found.0 >= value - 1e-12 * value.abs() {
                    (a, d) = (next_a, next_d);
                    (value, g, h) = found;
                    break;
                }
                t /= 2.0;
                if t < 1e-6 {
                    return None;
                }
            }
        }
        let b = -d / a;
        let inside = |v: f64, (low, high): (f64, f64)| v.is_finite() && low <= v && v <= high;
        (settled
            && (!slope_free || inside(a, self.preset.discrimination))
            && inside(b, self.preset.difficulty))
        .then_some(Item {
            discrimination: a,
            difficulty: b,
            guessing: 0.0,
        })
    }

    /// The negative expected complete-data log-likelihood of item `item` (plus its penalty)
    /// at the free parameters `parameters`, with its gradient written into `gradient`.
    fn objective(&self, parameters: &[f64], gradient: &mut [f64], item: usize) -> f64 {
        let layout = ItemLayout {
            model: self.model,
            offset: 0,
        };
        let current = layout.read(parameters, 0);
        let (answered, right) = self.counts(item);
        let mut value = 0.0;
        let mut d = [0.0; 3];
        for ((x, &answered), &right) in self.nodes.iter().zip(answered).zip(right) {
            if answered == 0.0 {
                continue;
            }
            let centred = x - current.difficulty;
            let z = current.discrimination * centred;
            let (no, yes) = cell_terms(z, current.guessing);
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
    // Items without guessing and without priors take Newton's method (see `MStep::newton`).
    let by_newton = !preset.priors && model != ItemModel::ThreePl;
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
            if by_newton && let Some(found) = step.newton(i, item) {
                return found;
            }
            let (mut x, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
            layout.push(item, preset, &mut x, &mut lo, &mut hi);
            let found = minimize(|p, g| step.objective(p, g, i), &x, &lo, &hi, m_settings);
            layout.read(&found.x, 0)
        };
        // Items fitted one by one (each independent of the others), shared between the cores
        // when there are enough of them.
        let updated: Vec<Item> = if items.len() >= PARALLEL_ITEMS {
            in_order(items.iter().collect(), fit_one)
        } else {
            items
                .iter()
                .enumerate()
                .map(|(i, item)| fit_one(i, item))
                .collect()
        };
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
    let mut expected = expectation(&patterns, &items, &nodes, &log_weights);
    while iterations < max_iterations {
        trace.push(expected.log_likelihood);
        iterations += 1;
        let (first, change) = m_step(&items, &expected);
        if change < TOLERANCE {
            items = first;
            converged = true;
            break;
        }
        let expected_first = expectation(&patterns, &first, &nodes, &log_weights);
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
            let at_candidate = expectation(&patterns, &candidate, &nodes, &log_weights);
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
        expected = expectation(&patterns, &items, &nodes, &log_weights);
    }
    let last = posteriors(&patterns, &items, &nodes, &log_weights);
    let (abilities, ability_sds) = patterns
        .of_examinee
        .iter()
        .map(|&pattern| (last.means[pattern], last.sds[pattern]))
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
        let expected = expectation(responses, &current, nodes, log_weights);
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

/// The marginal log-likelihood of `responses` under the items (from any fit, or another
/// program's) on mirt's quadrature, θ ~ N(0, 1): what [`fit_marginal`] maximises, so two sets
/// of items are compared on the same likelihood.
pub fn marginal_log_likelihood(responses: &ResponseMatrix, items: &[Item]) -> f64 {
    let (nodes, weights) = quadrature(QUADRATURE_POINTS);
    let log_weights: Vec<f64> = weights.iter().map(|w| w.ln()).collect();
    posteriors(&Patterns::new(responses), items, &nodes, &log_weights).log_likelihood
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
    let patterns = Patterns::new(responses);
    let found = posteriors(&patterns, items, &nodes, &log_weights);
    patterns
        .of_examinee
        .iter()
        .map(|&pattern| PosteriorAbility {
            mean: found.means[pattern],
            sd: found.sds[pattern],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// Newton's M-step finds the bounded quasi-Newton solver's optimum of the same expected
    /// counts, for 1PL and 2PL items, and leaves to it an item whose optimum is out of bounds.
    #[test]
    fn newton_m_steps_find_the_quasi_newton_optimum() {
        let mut rng = SplitMix64::new(11);
        let truth: Vec<Item> = (0..12)
            .map(|_| Item {
                discrimination: 0.5 + 1.5 * rng.unit(),
                difficulty: rng.normal(),
                guessing: 0.0,
            })
            .collect();
        let rows: Vec<Vec<Option<bool>>> = (0..400)
            .map(|_| {
                let theta = rng.normal();
                truth
                    .iter()
                    .map(|item| (rng.unit() > 0.1).then(|| rng.unit() < item.probability(theta)))
                    .collect()
            })
            .collect();
        let responses = ResponseMatrix::new(rows).expect("a matrix");
        let (nodes, weights) = quadrature(QUADRATURE_POINTS);
        let log_weights: Vec<f64> = weights.iter().map(|w| w.ln()).collect();
        let patterns = Patterns::new(&responses);
        let expected = expectation(&patterns, &truth, &nodes, &log_weights);
        let preset = Preset::named("unpenalised").expect("a preset");
        for model in [ItemModel::OnePl, ItemModel::TwoPl] {
            let step = MStep {
                expected: &expected,
                nodes: &nodes,
                model,
                preset: &preset,
            };
            let layout = ItemLayout { model, offset: 0 };
            let start = start_item(model, &preset);
            for i in 0..truth.len() {
                let by_newton = step.newton(i, &start).expect("an interior optimum");
                let (mut x, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
                layout.push(&start, &preset, &mut x, &mut lo, &mut hi);
                let settings = Settings {
                    gradient_tolerance: 1e-10,
                    relative_tolerance: 0.0,
                    max_iterations: 2_000,
                    memory: 5,
                };
                let found = minimize(|p, g| step.objective(p, g, i), &x, &lo, &hi, settings);
                let by_search = layout.read(&found.x, 0);
                assert!(
                    (by_newton.discrimination - by_search.discrimination).abs() < 1e-6
                        && (by_newton.difficulty - by_search.difficulty).abs() < 1e-6,
                    "{model:?} item {i}: {by_newton:?} vs {by_search:?}"
                );
            }
        }
        // Bounds that exclude the optimum: Newton declines the item.
        let narrow = Preset {
            discrimination: (0.1, 0.2),
            ..preset
        };
        let step = MStep {
            expected: &expected,
            nodes: &nodes,
            model: ItemModel::TwoPl,
            preset: &narrow,
        };
        assert!(step.newton(0, &truth[0]).is_none());
    }
}
