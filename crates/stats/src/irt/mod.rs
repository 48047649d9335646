//! Item Response Theory (METHODS.md §3): the 1PL, 2PL and 3PL logistic models, item and test
//! information, joint maximum likelihood with box bounds ([`fit_joint`]), marginal maximum
//! likelihood by EM with EAP abilities ([`fit_marginal`]), the hierarchical model over factor
//! tags, fit diagnostics and iterative exam improvement.
//!
//! The model (no scaling constant, D = 1):
//!
//! ```text
//! p_i(θ) = c_i + (1 − c_i) / (1 + exp(−a_i (θ − b_i)))
//! ```

mod cat;
mod diagnostics;
mod estep;
mod fastmath;
mod improve;
mod jml;
mod mml;
pub mod optimize;
mod parallel;
mod responses;

pub use cat::{
    Cat, CatSettings, CatStep, Prediction, Validation, leave_one_out, simulate as simulate_cat,
};
pub use diagnostics::{ItemFit, ModelFit, diagnose};
pub use estep::QUADRATURE_POINTS;
pub use improve::{Estimation, Fit, ImprovementStep, fit_by, improve_exam};
pub use jml::{Factors, ItemErrors, JointFit, fit_joint};
pub use mml::{
    MarginalFit, PosteriorAbility, eap_abilities, fit_marginal, marginal_log_likelihood, quadrature,
};
pub use responses::ResponseMatrix;

use serde::{Deserialize, Serialize};

/// Which parameters an item has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemModel {
    /// Rasch: difficulty only (a = 1, c = 0).
    OnePl,
    /// Discrimination and difficulty (c = 0).
    TwoPl,
    /// Discrimination, difficulty and guessing.
    ThreePl,
}

impl ItemModel {
    /// Number of free parameters per item.
    pub fn parameters(self) -> usize {
        match self {
            Self::OnePl => 1,
            Self::TwoPl => 2,
            Self::ThreePl => 3,
        }
    }
}

/// One item's parameters.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Item {
    /// a: how sharply the item separates abilities around its difficulty.
    pub discrimination: f64,
    /// b: the ability at which the item is half-way between guessing and certain.
    pub difficulty: f64,
    /// c: the chance of a right answer at very low ability.
    pub guessing: f64,
}

impl Item {
    /// p_i(θ) = c + (1 − c) σ(a (θ − b)).
    pub fn probability(&self, theta: f64) -> f64 {
        let s = sigmoid(self.discrimination * (theta - self.difficulty));
        self.guessing + (1.0 - self.guessing) * s
    }

    /// The item information of the 3PL (correct for c > 0, METHODS.md §3):
    ///
    /// ```text
    /// I_i(θ) = a² · (p − c)² / (1 − c)² · (1 − p) / p
    /// ```
    ///
    /// For c = 0 it is the 2PL's a² p (1 − p).
    pub fn information(&self, theta: f64) -> f64 {
        let p = self.probability(theta);
        if p <= 0.0 {
            return 0.0;
        }
        let c = self.guessing;
        self.discrimination.powi(2) * ((p - c) / (1.0 - c)).powi(2) * (1.0 - p) / p
    }
}

/// The logistic function, without overflow for large |z|.
pub(crate) fn sigmoid(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

/// The log-likelihood of one response and its derivatives with respect to z = a(θ − b) and c.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CellTerm {
    pub log_likelihood: f64,
    pub d_z: f64,
    pub d_c: f64,
}

/// ℓ = r log p + (1 − r) log(1 − p) for p = c + (1 − c) σ(z) of both responses at once,
/// `(wrong, right)`, sharing their exponential and logarithm, written so that neither tail loses
/// precision (the marginal fit's inner loop; the joint fit's is `jml/kernel.rs`).
pub(crate) fn cell_terms(z: f64, c: f64) -> (CellTerm, CellTerm) {
    let shared = Logistic::at(z);
    (shared.wrong(z, c), shared.right(z, c))
}

/// What both responses' terms at z share: σ(z) and ln(1 + e^{−|z|}).
struct Logistic {
    s: f64,
    log1p_e: f64,
}

impl Logistic {
    fn at(z: f64) -> Self {
        let e = (-z.abs()).exp();
        let s = if z >= 0.0 {
            1.0 / (1.0 + e)
        } else {
            e / (1.0 + e)
        };
        Self {
            s,
            log1p_e: e.ln_1p(),
        }
    }

    // softplus(±z) = max(±z, 0) + ln(1 + e^{−|z|})
    fn right(&self, z: f64, c: f64) -> CellTerm {
        let s = self.s;
        let p = c + (1.0 - c) * s;
        let log_likelihood = if c == 0.0 {
            -((-z).max(0.0) + self.log1p_e)
        } else {
            p.ln()
        };
        CellTerm {
            log_likelihood,
            d_z: (1.0 - c) * s * (1.0 - s) / p,
            d_c: (1.0 - s) / p,
        }
    }

    fn wrong(&self, z: f64, c: f64) -> CellTerm {
        let log_not_guessed = if c == 0.0 { 0.0 } else { (-c).ln_1p() };
        CellTerm {
            log_likelihood: log_not_guessed - (z.max(0.0) + self.log1p_e),
            d_z: -self.s,
            d_c: -1.0 / (1.0 - c),
        }
    }
}

/// Box bounds, starting values and penalties of an estimation (METHODS.md §3).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Preset {
    /// Bounds of a.
    pub discrimination: (f64, f64),
    /// Bounds of b.
    pub difficulty: (f64, f64),
    /// Bounds of c.
    pub guessing: (f64, f64),
    /// Bounds of θ (JML; each factor effect in the hierarchical model).
    pub ability: (f64, f64),
    /// Starting item.
    pub start: Item,
    /// Weak priors as penalties: log a ~ N(0, 0.5²), b ~ N(0, 2²), c ~ Beta(2, 8).
    pub priors: bool,
    /// Identify the scale by centring (JML): abilities are the fitted raw values minus their
    /// mean, inside the likelihood, so the optimum found is the centred model's own.
    pub centre: bool,
}

impl Preset {
    /// The paper's (004) bounds: a ∈ [0.1, 1.5], b ∈ [0.01, 1], c ∈ [0.2, 0.4], θ ∈ [−3, 3];
    /// start a = 1, b = 0.5, c = 0.25, θ = 0 (inside the bounds, unlike the published code).
    pub fn paper() -> Self {
        Self {
            discrimination: (0.1, 1.5),
            difficulty: (0.01, 1.0),
            guessing: (0.2, 0.4),
            ability: (-3.0, 3.0),
            start: Item {
                discrimination: 1.0,
                difficulty: 0.5,
                guessing: 0.25,
            },
            priors: false,
            centre: false,
        }
    }

    /// Wide bounds (a ∈ [0.05, 5], b ∈ [−6, 6], c ∈ [0, 0.5], θ ∈ [−6, 6] on the raw values)
    /// with weak priors and θ centred to mean 0.
    pub fn standard() -> Self {
        Self {
            discrimination: (0.05, 5.0),
            difficulty: (-6.0, 6.0),
            guessing: (0.0, 0.5),
            ability: (-6.0, 6.0),
            start: Item {
                discrimination: 1.0,
                difficulty: 0.0,
                guessing: 0.2,
            },
            priors: true,
            centre: true,
        }
    }

    /// The same bounds without the prior penalties (plain maximum likelihood, as mirt fits).
    #[must_use]
    pub fn without_priors(mut self) -> Self {
        self.priors = false;
        self
    }

    /// Looks a preset up by name: "paper", "standard", or "unpenalised" (the standard bounds
    /// without priors: plain maximum likelihood, as mirt fits by default).
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "paper" => Some(Self::paper()),
            "standard" => Some(Self::standard()),
            "unpenalised" => Some(Self::standard().without_priors()),
            _ => None,
        }
    }

    /// The penalty (negative log prior, constants dropped) of one item and its gradient with
    /// respect to (a, b, c); zero without priors. c's Beta(2, 8) prior is only used when c is
    /// estimated.
    pub(crate) fn penalty(&self, item: &Item, model: ItemModel) -> (f64, [f64; 3]) {
        if !self.priors {
            return (0.0, [0.0; 3]);
        }
        let mut value = 0.0;
        let mut gradient = [0.0; 3];
        if model != ItemModel::OnePl {
            let log_a = item.discrimination.ln();
            value += log_a * log_a / (2.0 * 0.25);
            gradient[0] = log_a / (0.25 * item.discrimination);
        }
        value += item.difficulty * item.difficulty / 8.0;
        gradient[1] = item.difficulty / 4.0;
        if model == ItemModel::ThreePl {
            let c = item.guessing;
            value -= c.ln() + 7.0 * (1.0 - c).ln();
            gradient[2] = -1.0 / c + 7.0 / (1.0 - c);
        }
        (value, gradient)
    }

    /// The penalty's second derivatives in a, b and c (its Hessian is diagonal).
    pub(crate) fn penalty_curvature(&self, item: &Item, model: ItemModel) -> [f64; 3] {
        if !self.priors {
            return [0.0; 3];
        }
        let mut curvature = [0.0, 0.25, 0.0];
        if model != ItemModel::OnePl {
            let a = item.discrimination;
            curvature[0] = (1.0 - a.ln()) / (0.25 * a * a);
        }
        if model == ItemModel::ThreePl {
            let c = item.guessing;
            curvature[2] = 1.0 / (c * c) + 7.0 / ((1.0 - c) * (1.0 - c));
        }
        curvature
    }

    /// The bounds of c actually used: a Beta prior has no density at 0, so the lower bound
    /// moves just inside.
    pub(crate) fn guessing_bounds(&self) -> (f64, f64) {
        if self.priors {
            (self.guessing.0.max(1e-4), self.guessing.1)
        } else {
            self.guessing
        }
    }
}

/// Where an item's free parameters sit in a flat parameter vector.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ItemLayout {
    pub model: ItemModel,
    pub offset: usize,
}

impl ItemLayout {
    /// Which of (a, b, c) the model estimates, in the order they sit in the vector.
    pub fn slots(&self) -> &'static [usize] {
        match self.model {
            ItemModel::OnePl => &[1],
            ItemModel::TwoPl => &[0, 1],
            ItemModel::ThreePl => &[0, 1, 2],
        }
    }

    pub fn read(&self, x: &[f64], i: usize) -> Item {
        let base = self.offset + i * self.model.parameters();
        match self.model {
            ItemModel::OnePl => Item {
                discrimination: 1.0,
                difficulty: x[base],
                guessing: 0.0,
            },
            ItemModel::TwoPl => Item {
                discrimination: x[base],
                difficulty: x[base + 1],
                guessing: 0.0,
            },
            ItemModel::ThreePl => Item {
                discrimination: x[base],
                difficulty: x[base + 1],
                guessing: x[base + 2],
            },
        }
    }

    /// Adds a gradient with respect to (a, b, c) into the slots the model estimates.
    pub fn add_gradient(&self, g: &mut [f64], i: usize, d: [f64; 3]) {
        let base = self.offset + i * self.model.parameters();
        match self.model {
            ItemModel::OnePl => g[base] += d[1],
            ItemModel::TwoPl => {
                g[base] += d[0];
                g[base + 1] += d[1];
            }
            ItemModel::ThreePl => {
                g[base] += d[0];
                g[base + 1] += d[1];
                g[base + 2] += d[2];
            }
        }
    }

    /// Appends an item's start values and bounds.
    pub fn push(
        &self,
        item: &Item,
        preset: &Preset,
        x: &mut Vec<f64>,
        lo: &mut Vec<f64>,
        hi: &mut Vec<f64>,
    ) {
        let c_bounds = preset.guessing_bounds();
        let slots: &[(f64, (f64, f64))] = match self.model {
            ItemModel::OnePl => &[(item.difficulty, preset.difficulty)],
            ItemModel::TwoPl => &[
                (item.discrimination, preset.discrimination),
                (item.difficulty, preset.difficulty),
            ],
            ItemModel::ThreePl => &[
                (item.discrimination, preset.discrimination),
                (item.difficulty, preset.difficulty),
                (item.guessing, c_bounds),
            ],
        };
        for (value, (low, high)) in slots {
            x.push(value.clamp(*low, *high));
            lo.push(*low);
            hi.push(*high);
        }
    }
}

/// The start item of a model under a preset (a = 1 for the 1PL, c = 0 without guessing).
pub(crate) fn start_item(model: ItemModel, preset: &Preset) -> Item {
    let mut item = preset.start;
    if model == ItemModel::OnePl {
        item.discrimination = 1.0;
    }
    if model != ItemModel::ThreePl {
        item.guessing = 0.0;
    }
    item
}

/// Which aggregate of item information a test-information curve shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aggregate {
    /// (1/|Q'|) Σ I_i(θ), as in Guinet et al. (004).
    Mean,
    /// Σ I_i(θ), the textbook test information.
    Sum,
}

/// The test information of `items` at each θ of `grid`.
pub fn test_information(items: &[Item], grid: &[f64], aggregate: Aggregate) -> Vec<f64> {
    grid.iter()
        .map(|&theta| {
            let sum: f64 = items.iter().map(|item| item.information(theta)).sum();
            match aggregate {
                Aggregate::Sum => sum,
                Aggregate::Mean if items.is_empty() => 0.0,
                Aggregate::Mean => sum / items.len() as f64,
            }
        })
        .collect()
}

/// The standard error of an ability estimate from the items it answered:
/// 1 / sqrt(Σ I_i(θ)); None when the items carry no information there.
pub fn ability_standard_error(items: &[Item], theta: f64) -> Option<f64> {
    let information: f64 = items.iter().map(|item| item.information(theta)).sum();
    (information > 0.0).then(|| 1.0 / information.sqrt())
}

/// Evenly spaced θ values from `low` to `high` inclusive.
pub fn theta_grid(low: f64, high: f64, points: usize) -> Vec<f64> {
    let steps = points.max(2) - 1;
    (0..=steps)
        .map(|k| low + (high - low) * k as f64 / steps as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn probability_and_information_by_hand() {
        let item = Item {
            discrimination: 1.5,
            difficulty: 0.5,
            guessing: 0.2,
        };
        // At θ = b: σ = 1/2, p = 0.2 + 0.8 · 0.5 = 0.6
        assert!(close(item.probability(0.5), 0.6));
        // I = 2.25 · (0.4/0.8)² · 0.4/0.6 = 2.25 · 0.25 · 0.666… = 0.375
        assert!(close(item.information(0.5), 0.375));
        // The published code's 2PL formula would give a² p (1 − p) = 2.25 · 0.24 = 0.54.
        assert!((item.information(0.5) - 0.54).abs() > 0.1);
        // 2PL at θ = b: a²/4
        let two = Item {
            guessing: 0.0,
            ..item
        };
        assert!(close(two.information(0.5), 2.25 / 4.0));
        // At θ = 1.5 (z = 1.5): σ = 0.8175745, p = 0.8540596
        let s = 1.0 / (1.0 + (-1.5f64).exp());
        assert!(close(item.probability(1.5), 0.2 + 0.8 * s));
    }

    #[test]
    fn test_information_says_mean_or_sum() {
        let items = [
            Item {
                discrimination: 1.0,
                difficulty: 0.0,
                guessing: 0.0,
            },
            Item {
                discrimination: 2.0,
                difficulty: 0.0,
                guessing: 0.0,
            },
        ];
        // At θ = 0: 0.25 and 1.0
        assert!(close(
            test_information(&items, &[0.0], Aggregate::Sum)[0],
            1.25
        ));
        assert!(close(
            test_information(&items, &[0.0], Aggregate::Mean)[0],
            0.625
        ));
        assert!(close(
            ability_standard_error(&items, 0.0).unwrap(),
            1.0 / 1.25f64.sqrt()
        ));
        assert_eq!(ability_standard_error(&[], 0.0), None);
    }

    #[test]
    fn cell_terms_match_direct_formulas() {
        for &(z, c) in &[(0.3, 0.0), (-2.0, 0.25), (40.0, 0.1), (-40.0, 0.0)] {
            for right in [true, false] {
                let s = sigmoid(z);
                let p: f64 = c + (1.0 - c) * s;
                let direct = if right { p.ln() } else { (1.0 - p).ln() };
                let pick = |(wrong, right_term): (CellTerm, CellTerm)| {
                    if right { right_term } else { wrong }
                };
                let term = pick(cell_terms(z, c));
                if direct.is_finite() {
                    assert!(
                        (term.log_likelihood - direct).abs() < 1e-9,
                        "{z} {c} {right}"
                    );
                } else {
                    assert!(term.log_likelihood.is_finite());
                }
                // Numerical derivative in z
                let h = 1e-6;
                let f = |z: f64| pick(cell_terms(z, c)).log_likelihood;
                let numeric = (f(z + h) - f(z - h)) / (2.0 * h);
                assert!((term.d_z - numeric).abs() < 1e-5, "{z} {c} {right}");
            }
        }
    }
}
