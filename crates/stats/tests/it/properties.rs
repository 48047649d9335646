//! Property tests: estimators do not depend on the order of rows and columns, EM never lowers
//! the likelihood, estimates stay inside their bounds, and rank statistics are symmetric.

use proctor_stats::correlation::{kendall_tau_b, spearman};
use proctor_stats::irt::{ItemModel, Preset, ResponseMatrix, fit_joint, fit_marginal};
use proctor_stats::significance::wilcoxon;
use proptest::prelude::*;

/// A 0/1 matrix in which every item and examinee has at least one response and no item or
/// examinee is constant (so every fit is well posed).
fn matrix() -> impl Strategy<Value = Vec<Vec<u8>>> {
    (4usize..12, 3usize..7).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(prop::collection::vec(0u8..2, cols), rows)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn em_never_lowers_the_likelihood(rows in matrix()) {
        let responses = ResponseMatrix::from_scores(&rows).unwrap();
        for model in [ItemModel::TwoPl, ItemModel::ThreePl] {
            // The trace holds the plain marginal log-likelihood, which EM without priors never
            // lowers (with priors it is the penalised one that rises).
            let fit = fit_marginal(&responses, model, &Preset::standard(), 200, false).unwrap();
            let plain = fit_marginal(&responses, model, &Preset::standard().without_priors(), 200, false).unwrap();
            for pair in plain.trace.windows(2) {
                prop_assert!(pair[1] >= pair[0] - 1e-7, "{:?} then {}", pair[0], pair[1]);
            }
            prop_assert!(plain.log_likelihood.is_finite());
            prop_assert!(fit.abilities.iter().chain(&fit.ability_sds).all(|v| v.is_finite()));
        }
    }

    #[test]
    fn joint_estimates_stay_in_bounds_and_ignore_row_order(rows in matrix()) {
        let responses = ResponseMatrix::from_scores(&rows).unwrap();
        let preset = Preset::paper();
        let fit = fit_joint(&responses, ItemModel::ThreePl, &preset, None, None).unwrap();
        for item in &fit.items {
            prop_assert!((0.1..=1.5).contains(&item.discrimination));
            prop_assert!((0.01..=1.0).contains(&item.difficulty));
            prop_assert!((0.2..=0.4).contains(&item.guessing));
        }
        prop_assert!(fit.abilities.iter().all(|t| (-3.0..=3.0).contains(t)));
        prop_assert!(fit.log_likelihood.is_finite());
        // Reversed rows: the same likelihood and the same abilities, reversed.
        let reversed: Vec<Vec<u8>> = rows.iter().rev().cloned().collect();
        let again = fit_joint(&ResponseMatrix::from_scores(&reversed).unwrap(), ItemModel::ThreePl, &preset, None, None).unwrap();
        prop_assert!((fit.log_likelihood - again.log_likelihood).abs() < 1e-3 * fit.log_likelihood.abs().max(1.0),
            "{} vs {}", fit.log_likelihood, again.log_likelihood);
    }

    #[test]
    fn marginal_fit_ignores_column_order(rows in matrix()) {
        let responses = ResponseMatrix::from_scores(&rows).unwrap();
        let fit = fit_marginal(&responses, ItemModel::TwoPl, &Preset::standard(), 500, false).unwrap();
        let swapped: Vec<Vec<u8>> = rows.iter().map(|r| r.iter().rev().copied().collect()).collect();
        let again = fit_marginal(&ResponseMatrix::from_scores(&swapped).unwrap(), ItemModel::TwoPl, &Preset::standard(), 500, false).unwrap();
        let n = fit.items.len();
        for i in 0..n {
            prop_assert!((fit.items[i].difficulty - again.items[n - 1 - i].difficulty).abs() < 1e-4);
        }
        // EM stops once no parameter moves by more than 1e-4 (mirt's rule), so two fits whose
        // sums run in another order agree to that precision, not to the last digit: on
        // [[0,1,1,0,1,0],[0,1,1,0,1,0],[0,1,0,1,1,1],[0,0,0,1,0,1],[0,0,0,0,0,1]] both stop
        // after 10 iterations with log-likelihoods 1.2e-6 apart.
        prop_assert!((fit.log_likelihood - again.log_likelihood).abs() < 1e-4,
            "{} vs {}", fit.log_likelihood, again.log_likelihood);
    }

    #[test]
    fn rank_statistics_ignore_pair_order_and_are_symmetric(
        x in prop::collection::vec(0u8..5, 3..30),
        shift in 0usize..30,
    ) {
        let x: Vec<f64> = x.iter().map(|v| f64::from(*v)).collect();
        let y: Vec<f64> = x.iter().enumerate().map(|(i, v)| v + f64::from((i * 7 % 3) as u8)).collect();
        if let (Ok(k), Ok(s)) = (kendall_tau_b(&x, &y), spearman(&x, &y)) {
            let k_rot = shift % x.len();
            let (mut xr, mut yr) = (x.clone(), y.clone());
            xr.rotate_left(k_rot);
            yr.rotate_left(k_rot);
            let k2 = kendall_tau_b(&xr, &yr).unwrap();
            prop_assert!((k.coefficient - k2.coefficient).abs() < 1e-12);
            prop_assert!((k.p_value - k2.p_value).abs() < 1e-12);
            let s2 = spearman(&yr, &xr).unwrap();
            prop_assert!((s.coefficient - s2.coefficient).abs() < 1e-12);
            prop_assert!((0.0..=1.0).contains(&k.p_value) && (0.0..=1.0).contains(&s.p_value));
        }
        let w = wilcoxon(&x, &y).unwrap();
        let w2 = wilcoxon(&y, &x).unwrap();
        prop_assert!((w.p_value - w2.p_value).abs() < 1e-12 && w.p_value.is_finite());
    }
}
