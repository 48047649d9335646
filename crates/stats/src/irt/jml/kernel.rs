//! One response's share of the joint objective: ℓ = r log p + (1 − r) log(1 − p) for
//! p = c + (1 − c)σ(z), its derivatives in z and c, and (when asked) −ℓ's second derivatives in
//! (z, c) — observed or expected — with one exponential, one logarithm and at most two
//! divisions (this is the joint fit's inner loop): [`cell`] for one response, [`Run`] for one
//! item's right (or wrong) answers at once, stage by stage, with the same arithmetic.
//!
//! With q = ∂ℓ/∂p and a binary r, ∂²ℓ/∂p² = −q², so the Hessian follows from the first
//! derivatives and σ: ∂p/∂z = w = (1 − c)σ(1 − σ), ∂²p/∂z² = w(1 − 2σ), ∂²p/∂z∂c = −w/(1 − c).
//! The expected information is w²/(p(1 − p)), w(1 − σ)/(p(1 − p)) and (1 − σ)²/(p(1 − p)).

use super::cells::Second;

/// What every response to one item shares.
pub(super) struct Guess {
    c: f64,
    /// 1/(1 − c).
    inverse_rest: f64,
    /// ln(1 − c).
    log_rest: f64,
}

impl Guess {
    pub fn of(c: f64) -> Self {
        Self {
            c,
            inverse_rest: 1.0 / (1.0 - c),
            log_rest: if c == 0.0 { 0.0 } else { (-c).ln_1p() },
        }
    }
}

/// One response's terms.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cell {
    pub log_likelihood: f64,
    /// ∂ℓ/∂z.
    pub d_z: f64,
    /// ∂ℓ/∂c.
    pub d_c: f64,
    /// −∂²ℓ/∂z², −∂²ℓ/∂z∂c, −∂²ℓ/∂c² (observed or expected, by the pass; zero without).
    pub zz: f64,
    pub zc: f64,
    pub cc: f64,
}

/// The terms at z of a right or wrong answer. ln(1 + e^{−|z|}) is taken as a plain logarithm
/// (cheaper than `ln_1p`): where e^{−|z|} is below the rounding of 1 the term it loses is
/// below 1e-16, absolute.
#[inline]
pub(super) fn cell(z: f64, guess: &Guess, right: bool, second: Second) -> Cell {
    let decay = (-z.abs()).exp();
    let (sigma, chance) = sigma_and_chance(z, decay, guess);
    let logarithm = logarithm_of(decay, chance, guess, right).ln();
    finish(z, sigma, chance, logarithm, guess, right, second)
}

/// σ(z) and p = c + (1 − c)σ from z and e^{−|z|}.
#[inline]
fn sigma_and_chance(z: f64, decay: f64, guess: &Guess) -> (f64, f64) {
    let sigma = if z >= 0.0 { 1.0 } else { decay } / (1.0 + decay);
    (sigma, guess.c + (1.0 - guess.c) * sigma)
}

/// What the logarithm is taken of: p for a right answer with guessing, else 1 + e^{−|z|}.
#[inline]
fn logarithm_of(decay: f64, chance: f64, guess: &Guess, right: bool) -> f64 {
    if right && guess.c != 0.0 {
        chance
    } else {
        1.0 + decay
    }
}

/// The cell's terms from σ, p and the logarithm of [`logarithm_of`].
#[inline]
fn finish(
    z: f64,
    sigma: f64,
    chance: f64,
    logarithm: f64,
    guess: &Guess,
    right: bool,
    second: Second,
) -> Cell {
    let c = guess.c;
    let (log_likelihood, d_z, d_c, inverse_p) = if right {
        let inverse_p = 1.0 / chance;
        let log_likelihood = if c == 0.0 {
            -((-z).max(0.0) + logarithm)
        } else {
            logarithm
        };
        (
            log_likelihood,
            (1.0 - c) * sigma * (1.0 - sigma) * inverse_p,
            (1.0 - sigma) * inverse_p,
            inverse_p,
        )
    } else {
        let inverse_p = if second == Second::Expected {
            1.0 / chance
        } else {
            0.0
        };
        (
            guess.log_rest - (z.max(0.0) + logarithm),
            -sigma,
            -guess.inverse_rest,
            inverse_p,
        )
    };
    let (zz, zc, cc) = match second {
        Second::None => (0.0, 0.0, 0.0),
        Second::Observed => (
            d_z * d_z - d_z * (1.0 - 2.0 * sigma),
            d_z * d_c + d_z * guess.inverse_rest,
            d_c * d_c,
        ),
        Second::Expected => (
            (1.0 - c) * sigma * sigma * (1.0 - sigma) * inverse_p,
            sigma * (1.0 - sigma) * inverse_p,
            (1.0 - sigma) * guess.inverse_rest * inverse_p,
        ),
    };
    Cell {
        log_likelihood,
        d_z,
        d_c,
        zz,
        zc,
        cc,
    }
}

/// The terms of a run of answers alike (one item's right answers, or its wrong ones), stage
/// by stage: every exponential, then σ and p, then every logarithm, then the rest. One cell is
/// a chain of dependent steps (exp → divide → log → divide) that keeps the processor waiting;
/// a run's stages are loops of independent steps. Each cell's terms are [`cell`]'s, to the bit.
#[derive(Default)]
pub(super) struct Run {
    decay: Vec<f64>,
    sigma: Vec<f64>,
    chance: Vec<f64>,
    logarithm: Vec<f64>,
    cells: Vec<Cell>,
}

impl Run {
    /// The terms at each of `z` (buffers reused from run to run).
    pub fn terms(&mut self, z: &[f64], guess: &Guess, right: bool, second: Second) -> &[Cell] {
        self.decay.clear();
        self.decay.extend(z.iter().map(|z| (-z.abs()).exp()));
        let n = z.len();
        self.sigma.resize(n, 0.0);
        self.chance.resize(n, 0.0);
        for (((&z, &decay), sigma), chance) in z
            .iter()
            .zip(&self.decay)
            .zip(self.sigma.iter_mut())
            .zip(self.chance.iter_mut())
        {
            (*sigma, *chance) = sigma_and_chance(z, decay, guess);
        }
        self.logarithm.clear();
        self.logarithm.extend(
            self.decay
                .iter()
                .zip(&self.chance)
                .map(|(&decay, &chance)| logarithm_of(decay, chance, guess, right).ln()),
        );
        self.cells.clear();
        self.cells.extend((0..z.len()).map(|k| {
            finish(
                z[k],
                self.sigma[k],
                self.chance[k],
                self.logarithm[k],
                guess,
                right,
                second,
            )
        }));
        &self.cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the textbook formulas: ℓ from p directly, its derivatives by central
    /// differences, and the expected information as the observed one averaged over the two
    /// answers (E[∂ℓ/∂p] = 0).
    #[test]
    fn terms_match_the_formulas() {
        // 1 − p = (1 − c)/(1 + e^z), written so that neither tail cancels.
        let ell = |z: f64, c: f64, right: bool| {
            if right {
                (c + (1.0 - c) / (1.0 + (-z).exp())).ln()
            } else {
                (1.0 - c).ln() - z.exp().ln_1p()
            }
        };
        let near = |x: f64, y: f64, tolerance: f64, what: &str| {
            assert!(
                (x - y).abs() <= tolerance * y.abs().max(1.0),
                "{what}: {x} vs {y}"
            );
        };
        for c in [0.0, 0.25] {
            let guess = Guess::of(c);
            for step in 0..=24 {
                let z = -6.0 + 0.5 * f64::from(step);
                let p = c + (1.0 - c) / (1.0 + (-z).exp());
                let expected = cell(z, &guess, true, Second::Expected);
                let both = [true, false].map(|right| cell(z, &guess, right, Second::Observed));
                for (observed, right) in both.iter().zip([true, false]) {
                    let what = format!("z {z} c {c} right {right}");
                    near(observed.log_likelihood, ell(z, c, right), 1e-12, &what);
                    let plain = cell(z, &guess, right, Second::None);
                    near(plain.log_likelihood, observed.log_likelihood, 0.0, &what);
                    let h = 1e-5;
                    let d_z = (ell(z + h, c, right) - ell(z - h, c, right)) / (2.0 * h);
                    near(observed.d_z, d_z, 1e-7, &what);
                    let k = 1e-4;
                    let zz = (ell(z + k, c, right) - 2.0 * ell(z, c, right) + ell(z - k, c, right))
                        / (k * k);
                    near(observed.zz, -zz, 1e-5, &what);
                    if c > 0.0 {
                        let d_c = (ell(z, c + h, right) - ell(z, c - h, right)) / (2.0 * h);
                        near(observed.d_c, d_c, 1e-7, &what);
                        let cc = (ell(z, c + k, right) - 2.0 * ell(z, c, right)
                            + ell(z, c - k, right))
                            / (k * k);
                        near(observed.cc, -cc, 1e-5, &what);
                        let zc = (ell(z + k, c + k, right)
                            - ell(z + k, c - k, right)
                            - ell(z - k, c + k, right)
                            + ell(z - k, c - k, right))
                            / (4.0 * k * k);
                        near(observed.zc, -zc, 1e-5, &what);
                    }
                }
                let [r, w] = both;
                let what = format!("expected at z {z} c {c}");
                near(expected.zz, p * r.zz + (1.0 - p) * w.zz, 1e-12, &what);
                near(expected.zc, p * r.zc + (1.0 - p) * w.zc, 1e-12, &what);
                near(expected.cc, p * r.cc + (1.0 - p) * w.cc, 1e-12, &what);
            }
        }
    }

    /// A run's terms are each cell's alone, to the bit, for either answer, every kind of pass,
    /// with and without guessing.
    #[test]
    fn a_run_is_its_cells() {
        let z: Vec<f64> = (0..=40).map(|k| -9.0 + 0.45 * f64::from(k)).collect();
        let mut run = Run::default();
        for c in [0.0, 0.2] {
            let guess = Guess::of(c);
            for right in [true, false] {
                for second in [Second::None, Second::Observed, Second::Expected] {
                    let terms = run.terms(&z, &guess, right, second).to_vec();
                    assert_eq!(terms.len(), z.len());
                    for (&z, got) in z.iter().zip(&terms) {
                        let alone = cell(z, &guess, right, second);
                        let bits = |c: &Cell| {
                            [c.log_likelihood, c.d_z, c.d_c, c.zz, c.zc, c.cc].map(f64::to_bits)
                        };
                        assert_eq!(bits(got), bits(&alone), "z {z} c {c} {right} {second:?}");
                    }
                }
            }
        }
    }
}
