//! IRT against R mirt's published LSAT7 numbers and the PyPI `mirt` package, and recovery of
//! known 3PL parameters from simulated responses (METHODS.md §3).

use crate::reference::{agree, run};
use proctor_stats::SplitMix64;
use proctor_stats::correlation::pearson;
use proctor_stats::irt::{
    Aggregate, Estimation, Factors, Item, ItemModel, Preset, ResponseMatrix, diagnose, fit_joint,
    fit_marginal, improve_exam, test_information, theta_grid,
};
use serde_json::json;

/// LSAT7 (Bock & Lieberman 1970) as distributed with R's ltm and mirt: 32 patterns, 1000 rows.
pub fn lsat7_rows() -> Vec<Vec<u8>> {
    let counts = [
        12, 19, 1, 7, 3, 19, 3, 17, 10, 5, 3, 7, 7, 23, 8, 28, 7, 39, 11, 34, 14, 51, 15, 90, 6,
        25, 7, 35, 18, 136, 32, 308,
    ];
    let mut rows = Vec::new();
    for (pattern, &count) in counts.iter().enumerate() {
        let row: Vec<u8> = (0..5)
            .map(|bit| ((pattern >> (4 - bit)) & 1) as u8)
            .collect();
        rows.extend(std::iter::repeat_n(row, count));
    }
    rows
}

/// Responses of `examinees` N(0, 1) examinees to `items`, drawn from the 3PL.
pub fn simulate(items: &[Item], abilities: &[f64], rng: &mut SplitMix64) -> Vec<Vec<u8>> {
    abilities
        .iter()
        .map(|&theta| {
            items
                .iter()
                .map(|item| u8::from(rng.unit() < item.probability(theta)))
                .collect()
        })
        .collect()
}

#[test]
fn lsat7_2pl_matches_r_mirt() {
    // R: mirt(LSAT7 expanded, 1, itemtype = "2PL"); coef(..., IRTpars = TRUE)  (mirt 1.41)
    let responses = ResponseMatrix::from_scores(&lsat7_rows()).unwrap();
    let fit = fit_marginal(
        &responses,
        ItemModel::TwoPl,
        &Preset::standard().without_priors(),
        2000,
        true,
    )
    .unwrap();
    assert!(fit.converged);
    agree(
        "LSAT7 2PL log-likelihood",
        fit.log_likelihood,
        -2658.8051,
        0.01,
    );
    let a = [0.98755, 1.08084, 1.70748, 0.76499, 0.73567];
    let b = [-1.8793, -0.7475, -1.0572, -0.6353, -2.5208];
    for i in 0..5 {
        agree(
            &format!("LSAT7 2PL a{}", i + 1),
            fit.items[i].discrimination,
            a[i],
            0.02,
        );
        agree(
            &format!("LSAT7 2PL b{}", i + 1),
            fit.items[i].difficulty,
            b[i],
            0.02,
        );
        let errors = fit.item_errors[i];
        assert!(
            errors
                .discrimination
                .is_some_and(|se| se > 0.05 && se < 0.5),
            "{errors:?}"
        );
    }
    // EAP abilities: posterior sds below the prior's 1, and all-right above all-wrong.
    assert!(fit.ability_sds.iter().all(|sd| *sd > 0.3 && *sd < 1.0));
    assert!(fit.abilities[999] > fit.abilities[0]);
}

#[test]
fn lsat7_3pl_reaches_mirts_maximum() {
    // R mirt's 3PL maximum log-likelihood on LSAT7 is −2658.0544; the parameters are weakly
    // identified there, so only the likelihood is compared.
    let responses = ResponseMatrix::from_scores(&lsat7_rows()).unwrap();
    let fit = fit_marginal(
        &responses,
        ItemModel::ThreePl,
        &Preset::standard().without_priors(),
        5000,
        false,
    )
    .unwrap();
    agree(
        "LSAT7 3PL log-likelihood",
        fit.log_likelihood,
        -2658.0544,
        0.01,
    );
}

#[test]
fn lsat7_2pl_matches_python_mirt() {
    let rows = lsat7_rows();
    let reference = run("mirt_fit.py", &json!({"data": rows, "model": "2PL"}));
    let responses = ResponseMatrix::from_scores(&rows).unwrap();
    let fit = fit_marginal(
        &responses,
        ItemModel::TwoPl,
        &Preset::standard().without_priors(),
        2000,
        false,
    )
    .unwrap();
    agree(
        "2PL log-likelihood vs mirt (PyPI)",
        fit.log_likelihood,
        reference["log_likelihood"].as_f64().unwrap(),
        0.01,
    );
    for i in 0..5 {
        agree(
            &format!("a{} vs mirt (PyPI)", i + 1),
            fit.items[i].discrimination,
            reference["discrimination"][i].as_f64().unwrap(),
            0.02,
        );
        agree(
            &format!("b{} vs mirt (PyPI)", i + 1),
            fit.items[i].difficulty,
            reference["difficulty"][i].as_f64().unwrap(),
            0.02,
        );
    }
}

/// Known 3PL items: a ~ U(0.5, 2.5), b ~ N(0, 1), c ~ U(0.05, 0.3).
fn simulated_3pl(examinees: usize, items: usize, seed: u64) -> (Vec<Item>, Vec<Vec<u8>>) {
    let mut rng = SplitMix64::new(seed);
    let truth: Vec<Item> = (0..items)
        .map(|_| Item {
            discrimination: 0.5 + 2.0 * rng.unit(),
            difficulty: rng.normal().clamp(-2.5, 2.5),
            guessing: 0.05 + 0.25 * rng.unit(),
        })
        .collect();
    let abilities: Vec<f64> = (0..examinees).map(|_| rng.normal()).collect();
    let rows = simulate(&truth, &abilities, &mut rng);
    (truth, rows)
}

#[test]
fn simulated_3pl_is_recovered_and_agrees_with_python_mirt() {
    let (truth, rows) = simulated_3pl(2000, 40, 20_261_122);
    let responses = ResponseMatrix::from_scores(&rows).unwrap();
    let fit = fit_marginal(
        &responses,
        ItemModel::ThreePl,
        &Preset::standard(),
        3000,
        false,
    )
    .unwrap();
    let column = |items: &[Item], f: fn(&Item) -> f64| items.iter().map(f).collect::<Vec<_>>();
    let r_a = pearson(
        &column(&fit.items, |i| i.discrimination),
        &column(&truth, |i| i.discrimination),
    )
    .unwrap();
    let r_b = pearson(
        &column(&fit.items, |i| i.difficulty),
        &column(&truth, |i| i.difficulty),
    )
    .unwrap();
    assert!(
        r_b.coefficient > 0.95,
        "difficulty recovered with r = {}",
        r_b.coefficient
    );
    // Discriminations: with 2,000 examinees the 3PL's a is noisy (its standard errors are
    // 0.15–0.3 at a ≈ 2); r = 0.913 here. The reference on the same responses does no better:
    // Proctor must recover a at least as well as the PyPI mirt does.
    let reference = run("mirt_fit.py", &json!({"data": rows, "model": "3PL"}));
    let their_a: Vec<f64> = reference["discrimination"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let reference_r_a = pearson(&their_a, &column(&truth, |i| i.discrimination)).unwrap();
    assert!(
        r_a.coefficient > 0.9 && r_a.coefficient >= reference_r_a.coefficient - 0.005,
        "discrimination recovered with r = {} (mirt (PyPI): {})",
        r_a.coefficient,
        reference_r_a.coefficient
    );
    // Side by side with the PyPI mirt on the same data: plain ML (no priors) reaches at least
    // its likelihood, and the difficulties agree.
    let plain = fit_marginal(
        &responses,
        ItemModel::ThreePl,
        &Preset::standard().without_priors(),
        3000,
        false,
    )
    .unwrap();
    let theirs = reference["log_likelihood"].as_f64().unwrap();
    assert!(
        plain.log_likelihood >= theirs - 1.0,
        "3PL log-likelihood: Proctor {} vs mirt (PyPI) {theirs}",
        plain.log_likelihood
    );
    let their_b: Vec<f64> = reference["difficulty"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let r = pearson(&column(&plain.items, |i| i.difficulty), &their_b).unwrap();
    assert!(
        r.coefficient > 0.97,
        "difficulty vs mirt (PyPI): r = {}",
        r.coefficient
    );
}

#[test]
fn joint_fit_respects_the_paper_bounds_and_ranks_systems() {
    // 30 "systems" × 200 items from the 3PL: JML with the paper's preset keeps every estimate in
    // its box and orders the systems as their true abilities.
    let mut rng = SplitMix64::new(11);
    let truth: Vec<Item> = (0..200)
        .map(|_| Item {
            discrimination: 0.5 + rng.unit(),
            difficulty: rng.unit(),
            guessing: 0.25,
        })
        .collect();
    let abilities: Vec<f64> = (0..30).map(|s| -2.5 + 5.0 * f64::from(s) / 29.0).collect();
    let rows = simulate(&truth, &abilities, &mut rng);
    let responses = ResponseMatrix::from_scores(&rows).unwrap();
    let preset = Preset::paper();
    let fit = fit_joint(&responses, ItemModel::ThreePl, &preset, None, None).unwrap();
    for item in &fit.items {
        assert!((0.1..=1.5).contains(&item.discrimination));
        assert!((0.01..=1.0).contains(&item.difficulty));
        assert!((0.2..=0.4).contains(&item.guessing));
    }
    assert!(fit.abilities.iter().all(|t| (-3.0..=3.0).contains(t)));
    let r = proctor_stats::correlation::spearman(&fit.abilities, &abilities).unwrap();
    assert!(
        r.coefficient > 0.95,
        "ability order recovered with ρ = {}",
        r.coefficient
    );
    // Information curves: the mean is the sum over the item count.
    let grid = theta_grid(-3.0, 3.0, 13);
    let sum = test_information(&fit.items, &grid, Aggregate::Sum);
    let mean = test_information(&fit.items, &grid, Aggregate::Mean);
    for (s, m) in sum.iter().zip(&mean) {
        assert!((s / 200.0 - m).abs() < 1e-12);
    }
    let diagnostics = diagnose(&responses, &fit.items, &fit.abilities);
    assert!(
        diagnostics.rmse < diagnostics.item_mean_rmse,
        "{diagnostics:?}"
    );
}

/// 2 retrievers × 3 readers, 4 systems each; θ = retriever effect + reader effect (retriever
/// 0, 1; reader −1, 0, 0.8, baselines the first levels): the design and the true abilities.
pub fn retriever_reader_design() -> (Factors, Vec<f64>) {
    let retriever = [0.0, 1.0];
    let reader = [-1.0, 0.0, 0.8];
    let mut assignment = Vec::new();
    let mut abilities = Vec::new();
    for (r, re) in retriever.iter().enumerate() {
        for (d, de) in reader.iter().enumerate() {
            for _ in 0..4 {
                assignment.push(vec![r, d]);
                abilities.push(re + de);
            }
        }
    }
    let factors = Factors {
        names: vec!["retriever".into(), "reader".into()],
        levels: vec![
            vec!["closed book".into(), "bm25".into()],
            vec!["lexical".into(), "embedding".into(), "combined".into()],
        ],
        assignment,
        baseline: vec![0, 0],
    };
    (factors, abilities)
}

#[test]
#[expect(clippy::float_cmp, reason = "the baseline's effect is exactly 0")]
fn hierarchical_effects_recover_factor_order() {
    let (factors, abilities) = retriever_reader_design();
    let mut rng = SplitMix64::new(5);
    let truth: Vec<Item> = (0..300)
        .map(|_| Item {
            discrimination: 1.2,
            difficulty: rng.normal(),
            guessing: 0.0,
        })
        .collect();
    let rows = simulate(&truth, &abilities, &mut rng);
    let responses = ResponseMatrix::from_scores(&rows).unwrap();
    let fit = fit_joint(
        &responses,
        ItemModel::TwoPl,
        &Preset::standard(),
        Some(&factors),
        None,
    )
    .unwrap();
    let effect = |level: &str| {
        fit.effects
            .iter()
            .find(|e| e.level == level)
            .unwrap()
            .effect
    };
    assert_eq!(effect("closed book"), 0.0);
    agree("bm25 effect over closed book", effect("bm25"), 1.0, 0.35);
    agree("combined over lexical", effect("combined"), 1.8, 0.45);
    assert!(effect("embedding") > 0.5 && effect("embedding") < effect("combined"));
}

#[test]
fn improvement_drops_the_least_discriminating_items() {
    // Ten items that carry no signal (a ≈ 0) among forty: the first steps drop them.
    let mut rng = SplitMix64::new(9);
    let truth: Vec<Item> = (0..40)
        .map(|i| Item {
            discrimination: if i % 4 == 0 { 0.0 } else { 1.5 },
            difficulty: rng.normal(),
            guessing: 0.0,
        })
        .collect();
    let abilities: Vec<f64> = (0..60).map(|_| rng.normal()).collect();
    let rows = simulate(&truth, &abilities, &mut rng);
    let responses = ResponseMatrix::from_scores(&rows).unwrap();
    let grid = theta_grid(-3.0, 3.0, 7);
    let steps = improve_exam(
        &responses,
        ItemModel::TwoPl,
        &Preset::standard(),
        Estimation::Joint,
        3,
        0.1,
        &grid,
    )
    .unwrap();
    assert_eq!(steps.len(), 4);
    assert_eq!(steps[1].dropped.len(), 4); // ⌈10% of 40⌉
    assert_eq!(steps[2].dropped.len(), 4); // ⌈10% of 36⌉
    let dropped: Vec<usize> = steps[1..3].iter().flat_map(|s| s.dropped.clone()).collect();
    let noise = dropped.iter().filter(|i| *i % 4 == 0).count();
    assert!(noise >= 6, "dropped {dropped:?}");
    assert_eq!(steps[3].active.len(), 40 - 4 - 4 - 4);
    assert!(steps.iter().all(|s| s.information.len() == 7));
}

#[test]
fn degenerate_exams_give_finite_answers() {
    // Item 0 everyone gets right, item 1 everyone gets wrong, examinee 0 gets all right.
    let rows = vec![
        vec![1, 0, 1, 1],
        vec![1, 0, 0, 1],
        vec![1, 0, 1, 0],
        vec![1, 0, 0, 0],
    ];
    let responses = ResponseMatrix::from_scores(&rows).unwrap();
    for model in [ItemModel::OnePl, ItemModel::TwoPl, ItemModel::ThreePl] {
        for preset in [Preset::paper(), Preset::standard()] {
            let joint = fit_joint(&responses, model, &preset, None, None).unwrap();
            let numbers = joint
                .items
                .iter()
                .flat_map(|i| [i.discrimination, i.difficulty, i.guessing])
                .chain(joint.abilities.iter().copied())
                .chain(joint.ability_errors.iter().flatten().copied())
                .chain(joint.item_errors.iter().flat_map(|e| {
                    [e.discrimination, e.difficulty, e.guessing]
                        .into_iter()
                        .flatten()
                }))
                .chain([joint.log_likelihood]);
            for v in numbers {
                assert!(v.is_finite(), "{model:?}: {joint:?}");
            }
            let marginal = fit_marginal(&responses, model, &preset, 500, true).unwrap();
            assert!(marginal.log_likelihood.is_finite());
            assert!(
                marginal
                    .abilities
                    .iter()
                    .chain(&marginal.ability_sds)
                    .all(|v| v.is_finite())
            );
            let fit = diagnose(&responses, &marginal.items, &marginal.abilities);
            assert!(fit.rmse.is_finite() && fit.item_mean_rmse.is_finite());
            // The constant items have no point-biserial, not a NaN one.
            assert_eq!(fit.items[0].point_biserial, None);
            assert_eq!(fit.items[1].point_biserial, None);
        }
    }
    // An empty matrix is refused.
    assert_eq!(
        ResponseMatrix::from_scores(&[]),
        Err(proctor_stats::StatsError::Empty)
    );
}

#[test]
fn eap_abilities_are_the_marginal_fits_and_finite_at_perfect_scores() {
    use proctor_stats::irt::eap_abilities;
    let responses = ResponseMatrix::from_scores(&lsat7_rows()).unwrap();
    let fit = fit_marginal(
        &responses,
        ItemModel::TwoPl,
        &Preset::standard().without_priors(),
        2_000,
        false,
    )
    .unwrap();
    let eap = eap_abilities(&responses, &fit.items);
    for (s, posterior) in eap.iter().enumerate() {
        assert!(
            (posterior.mean - fit.abilities[s]).abs() < 1e-9,
            "examinee {s}"
        );
        assert!(
            (posterior.sd - fit.ability_sds[s]).abs() < 1e-9,
            "examinee {s}"
        );
    }
    // All right and all wrong: finite, on the right sides, and less certain than the middle.
    let rows = vec![
        vec![Some(true); 5],
        vec![Some(false); 5],
        vec![Some(true), Some(false), Some(true), Some(false), None],
    ];
    let extremes = eap_abilities(&ResponseMatrix::new(rows).unwrap(), &fit.items);
    assert!(extremes[0].mean > 0.5 && extremes[0].mean.is_finite());
    assert!(extremes[1].mean < -0.5 && extremes[1].mean.is_finite());
    assert!(extremes.iter().all(|p| p.sd > 0.0 && p.sd < 1.0));
}
