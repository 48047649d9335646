//! One response's share of the joint objective: ℓ = r log p + (1 − r) log(1 − p) for
//! p = c + (1 − c)σ(z), its derivatives in z and c, and (when asked) −ℓ's second derivatives in
//! (z, c) — observed or expected — with one exponential, one logarithm and two divisions
//! (this is the joint fit's inner loop): [`cell`] for one response, [`Terms`] for one item's
//! column of answers at once. Branch-free, with the vectorisable exponential and logarithm of
//! `fastmath`: a column's loop runs in vector registers, and a cell's terms are the same bits
//! alone or in a column, on any processor.
//!
//! With q = ∂ℓ/∂p and a binary r, ∂²ℓ/∂p² = −q², so the Hessian follows from the first
//! derivatives and σ: ∂p/∂z = w = (1 − c)σ(1 − σ), ∂²p/∂z² = w(1 − 2σ), ∂²p/∂z∂c = −w/(1 − c).
//! The expected information is w²/(p(1 − p)), w(1 − σ)/(p(1 − p)) and (1 − σ)²/(p(1 − p)).

#![expect(
    clippy::inline_always,
    reason = "the loops must be inlined into pulp's dispatch to be compiled for its instruction set"
)]

use crate::irt::fastmath::{exp_neg, ln_positive};

/// Which second derivatives a pass computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Second {
    /// None: the value and the gradient only.
    None,
    /// The Hessian itself.
    Observed,
    /// The expected information (Fisher scoring): positive semi-definite, but for the priors'
    /// curvature (negative in a above e).
    Expected,
}

/// An answer as the pass reads it.
pub(super) const WRONG: u8 = 0;
/// A right answer.
pub(super) const RIGHT: u8 = 1;
/// No answer: the cell adds nothing.
pub(super) const MISSING: u8 = 2;

/// What every response to one item shares.
pub(super) struct Guess {
    c: f64,
    /// 1/(1 − c).
    inverse_rest: f64,
    /// ln(1 − c).
    log_rest: f64,
    /// Whether c > 0 (the right answer's logarithm is then taken of p itself).
    guessing: bool,
}

impl Guess {
    pub fn of(c: f64) -> Self {
        Self {
            c,
            inverse_rest: 1.0 / (1.0 - c),
            log_rest: if c > 0.0 { ln_positive(1.0 - c) } else { 0.0 },
            guessing: c > 0.0,
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

/// The terms at z of `answer` (all zero for a missing one). Both answers' terms are computed
/// and one kept, so that a column's loop has no branch. ln(1 + e^{−|z|}) is taken as a plain
/// logarithm: where e^{−|z|} is below the rounding of 1 the term it loses is below 1e-16,
/// absolute.
#[inline(always)]
pub(super) fn cell(z: f64, answer: u8, guess: &Guess, second: Second) -> Cell {
    let right = answer == RIGHT;
    let c = guess.c;
    let decay = exp_neg(-z.abs());
    // σ = e/d and p = c + (1 − c)σ = q/d, with e = 1 or e^{−|z|} by z's sign, d = 1 + e^{−|z|}
    // and q = c d + (1 − c) e: 1/d and 1/q from one division, 1/(d q).
    let one_plus = 1.0 + decay;
    let numerator = if z >= 0.0 { 1.0 } else { decay };
    let scaled = c * one_plus + (1.0 - c) * numerator;
    let reciprocal = 1.0 / (one_plus * scaled);
    let sigma = numerator * (scaled * reciprocal);
    let inverse_p = one_plus * (one_plus * reciprocal);
    let chance = scaled * (scaled * reciprocal);
    // p for a right answer with guessing, else 1 + e^{−|z|}.
    let logarithm = ln_positive(if right && guess.guessing {
        chance
    } else {
        one_plus
    });
    let log_likelihood = if !right {
        guess.log_rest - (z.max(0.0) + logarithm)
    } else if guess.guessing {
        logarithm
    } else {
        -((-z).max(0.0) + logarithm)
    };
    let (d_z, d_c) = if right {
        (
            (1.0 - c) * sigma * (1.0 - sigma) * inverse_p,
            (1.0 - sigma) * inverse_p,
        )
    } else {
        (-sigma, -guess.inverse_rest)
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
    let seen = answer != MISSING;
    let keep = |v: f64| if seen { v } else { 0.0 };
    Cell {
        log_likelihood: keep(log_likelihood),
        d_z: keep(d_z),
        d_c: keep(d_c),
        zz: keep(zz),
        zc: keep(zc),
        cc: keep(cc),
    }
}

/// The terms of one item's column of answers, each as [`cell`]'s (buffers reused from item to
/// item); the second derivatives only when the pass asks for them.
#[derive(Default)]
pub(super) struct Terms {
    pub log_likelihood: Vec<f64>,
    pub d_z: Vec<f64>,
    pub d_c: Vec<f64>,
    pub zz: Vec<f64>,
    pub zc: Vec<f64>,
    pub cc: Vec<f64>,
}

impl Terms {
    /// The terms at each of `z` for the matching `answers`.
    #[inline(always)]
    pub fn compute(&mut self, z: &[f64], answers: &[u8], guess: &Guess, second: Second) {
        let n = z.len().min(answers.len());
        let (z, answers) = (&z[..n], &answers[..n]);
        for column in [&mut self.log_likelihood, &mut self.d_z, &mut self.d_c] {
            column.resize(n, 0.0);
        }
        let (ll, d_z, d_c) = (
            &mut self.log_likelihood[..n],
            &mut self.d_z[..n],
            &mut self.d_c[..n],
        );
        if second == Second::None {
            for s in 0..n {
                let cell = cell(z[s], answers[s], guess, Second::None);
                (ll[s], d_z[s], d_c[s]) = (cell.log_likelihood, cell.d_z, cell.d_c);
            }
            return;
        }
        for column in [&mut self.zz, &mut self.zc, &mut self.cc] {
            column.resize(n, 0.0);
        }
        // One loop per kind of pass, so that each is compiled for its own arithmetic.
        if second == Second::Observed {
            self.fill(z, answers, guess, Second::Observed);
        } else {
            self.fill(z, answers, guess, Second::Expected);
        }
    }

    /// Every term at each of `z` (the buffers sized to it).
    #[inline(always)]
    fn fill(&mut self, z: &[f64], answers: &[u8], guess: &Guess, second: Second) {
        let n = z.len();
        let (ll, d_z, d_c) = (
            &mut self.log_likelihood[..n],
            &mut self.d_z[..n],
            &mut self.d_c[..n],
        );
        let (zz, zc, cc) = (&mut self.zz[..n], &mut self.zc[..n], &mut self.cc[..n]);
        let answers = &answers[..n];
        for s in 0..n {
            let cell = cell(z[s], answers[s], guess, second);
            (ll[s], d_z[s], d_c[s]) = (cell.log_likelihood, cell.d_z, cell.d_c);
            (zz[s], zc[s], cc[s]) = (cell.zz, cell.zc, cell.cc);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the textbook formulas: ℓ from p directly, its derivatives by central
    /// differences, and the expected information as the observed one averaged over the two
    /// answers (E[∂ℓ/∂p] = 0).
    fn answer(right: bool) -> u8 {
        if right { RIGHT } else { WRONG }
    }

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
                let expected = cell(z, RIGHT, &guess, Second::Expected);
                let both =
                    [true, false].map(|right| cell(z, answer(right), &guess, Second::Observed));
                for (observed, right) in both.iter().zip([true, false]) {
                    let what = format!("z {z} c {c} right {right}");
                    near(observed.log_likelihood, ell(z, c, right), 1e-12, &what);
                    let plain = cell(z, answer(right), &guess, Second::None);
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

    /// A column's terms are each cell's alone, to the bit, for every answer and kind of pass,
    /// with and without guessing; a missing answer adds nothing.
    #[test]
    fn a_column_is_its_cells() {
        let z: Vec<f64> = (0..=40).map(|k| -9.0 + 0.45 * f64::from(k)).collect();
        let answers: Vec<u8> = (0..z.len())
            .map(|k| [RIGHT, WRONG, MISSING][k % 3])
            .collect();
        let mut terms = Terms::default();
        for c in [0.0, 0.2] {
            let guess = Guess::of(c);
            for second in [Second::None, Second::Observed, Second::Expected] {
                terms.compute(&z, &answers, &guess, second);
                assert_eq!(terms.log_likelihood.len(), z.len());
                for (s, (&z, &answer)) in z.iter().zip(&answers).enumerate() {
                    let alone = cell(z, answer, &guess, second);
                    let mut got = [terms.log_likelihood[s], terms.d_z[s], terms.d_c[s]].to_vec();
                    let mut want = [alone.log_likelihood, alone.d_z, alone.d_c].to_vec();
                    if second != Second::None {
                        got.extend([terms.zz[s], terms.zc[s], terms.cc[s]]);
                        want.extend([alone.zz, alone.zc, alone.cc]);
                    }
                    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                    assert_eq!(bits(&got), bits(&want), "z {z} c {c} {answer} {second:?}");
                    if answer == MISSING {
                        assert!(want.iter().all(|v| *v == 0.0));
                    }
                }
            }
        }
    }
}
