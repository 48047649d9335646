//! How many questions it takes to tell two systems apart (METHODS.md §11).
//!
//! McNemar's test compares two systems on the questions only one of them got right. With the
//! discordance rate ψ = p₁₀ + p₀₁ (the share of questions exactly one gets right) and the
//! difference δ = p₁₀ − p₀₁ (the difference in accuracy), the number of questions at which the
//! two-sided test at α reaches power 1 − β is (Connor 1987, Biometrics 43:207–211)
//!
//! ```text
//! n = ( z₁₋α/₂ √ψ + z₁₋β √(ψ − δ²) )² / δ²
//! ```
//!
//! and, turned round, the smallest |δ| an exam of n questions detects at that discordance
//! solves the same equation for δ. Proctor uses α = 0.05 and 80% power throughout; a test
//! checks the formula against the exact test by simulation.

/// z for a two-sided test at α = 0.05.
pub const Z_ALPHA: f64 = 1.959_963_984_540_054;
/// z for 80% power.
pub const Z_POWER: f64 = 0.841_621_233_572_914_3;

/// Questions McNemar's test needs to reach 80% power at α = 0.05, for a pair that disagrees on
/// a share `discordance` of the questions and differs by `difference` in accuracy; `None` when
/// they do not differ (no number of questions tells them apart) or the rates are impossible.
pub fn mcnemar_questions_needed(discordance: f64, difference: f64) -> Option<f64> {
    let delta = difference.abs();
    if !(delta > 0.0 && discordance > 0.0 && discordance <= 1.0 && delta <= discordance) {
        return None;
    }
    let root = Z_ALPHA * discordance.sqrt() + Z_POWER * (discordance - delta * delta).sqrt();
    Some(root * root / (delta * delta))
}

/// The smallest difference in accuracy McNemar's test detects with 80% power at α = 0.05 on
/// `questions` questions, for a pair that disagrees on a share `discordance` of them; `None`
/// without questions or disagreement. Never more than the discordance itself.
pub fn mcnemar_detectable_difference(discordance: f64, questions: f64) -> Option<f64> {
    if !(questions > 0.0 && discordance > 0.0 && discordance <= 1.0) {
        return None;
    }
    // (n + z_β²) δ² − 2 A √n δ + (A² − z_β² ψ) = 0 with A = z_α √ψ: the larger root.
    let a = Z_ALPHA * discordance.sqrt();
    let n = questions;
    let zb2 = Z_POWER * Z_POWER;
    let qa = n + zb2;
    let qb = -2.0 * a * n.sqrt();
    let qc = a * a - zb2 * discordance;
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return None;
    }
    let delta = (-qb + disc.sqrt()) / (2.0 * qa);
    Some(delta.min(discordance))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;
    use crate::significance::mcnemar_exact;

    #[test]
    fn connors_formula_by_hand_and_its_inverse() {
        // ψ = 0.3, δ = 0.1: (1.96·√0.3 + 0.8416·√0.29)² / 0.01 = 233.1.
        let n = mcnemar_questions_needed(0.3, 0.1).unwrap();
        assert!((n - 233.08).abs() < 0.05, "{n}");
        assert_eq!(mcnemar_questions_needed(0.3, -0.1), Some(n), "symmetric");
        let delta = mcnemar_detectable_difference(0.3, n).unwrap();
        assert!((delta - 0.1).abs() < 1e-9, "{delta}");
        assert_eq!(mcnemar_questions_needed(0.3, 0.0), None);
        assert_eq!(mcnemar_questions_needed(0.0, 0.0), None);
        assert_eq!(
            mcnemar_questions_needed(0.1, 0.2),
            None,
            "δ cannot exceed ψ"
        );
        assert_eq!(mcnemar_detectable_difference(0.3, 0.0), None);
        // More questions detect smaller differences.
        let d120 = mcnemar_detectable_difference(0.3, 120.0).unwrap();
        let d2000 = mcnemar_detectable_difference(0.3, 2000.0).unwrap();
        assert!(d2000 < d120 && d120 <= 0.3);
    }

    #[test]
    fn the_exact_test_reaches_about_80_percent_power_at_that_size() {
        // Simulated exams of the size the formula asks for, from p₁₀ = 0.2, p₀₁ = 0.1.
        let (p10, p01) = (0.2, 0.1);
        let n = mcnemar_questions_needed(p10 + p01, p10 - p01)
            .unwrap()
            .ceil() as usize;
        let mut rng = SplitMix64::new(11);
        let trials = 2_000;
        let mut rejected = 0;
        for _ in 0..trials {
            let (mut b, mut c) = (0u64, 0u64);
            for _ in 0..n {
                let u = rng.unit();
                if u < p10 {
                    b += 1;
                } else if u < p10 + p01 {
                    c += 1;
                }
            }
            if mcnemar_exact(b, c).p_value < 0.05 {
                rejected += 1;
            }
        }
        let power = f64::from(rejected) / f64::from(trials);
        // The exact test is a little conservative: its power sits just under the target.
        assert!((0.75..=0.85).contains(&power), "power {power} at n = {n}");
    }
}
