//! Correlations and paired tests against scipy.stats (1.17) on generated cases with ties,
//! zeros and small and large samples: agreement to 1e-9.

use crate::reference::{agree, run};
use proctor_stats::correlation::{kendall_tau_b, pearson, spearman};
use proctor_stats::significance::{TestMethod, mcnemar_exact, paired_t, wilcoxon};
use proctor_stats::{SplitMix64, StatsError};
use serde_json::{Value, json};

/// Pairs of samples: continuous (no ties), small integers (many ties), with zeros.
fn cases(rng: &mut SplitMix64) -> Vec<(Vec<f64>, Vec<f64>)> {
    let mut out = Vec::new();
    for &n in &[3usize, 5, 8, 12, 13, 14, 20, 25, 33, 34, 40, 51, 80] {
        let x: Vec<f64> = (0..n).map(|_| rng.normal()).collect();
        let y: Vec<f64> = x.iter().map(|v| 0.5 * v + rng.normal()).collect();
        out.push((x, y));
        let x: Vec<f64> = (0..n).map(|_| (rng.unit() * 4.0).floor()).collect();
        let y: Vec<f64> = x
            .iter()
            .map(|v| v + (rng.unit() * 3.0).floor() - 1.0)
            .collect();
        out.push((x, y));
    }
    out
}

/// scipy's [statistic, p-value], or None where it answers NaN (then Proctor must refuse).
fn pair(value: &Value) -> Option<(f64, f64)> {
    Some((value[0].as_f64()?, value[1].as_f64()?))
}

#[test]
fn correlations_and_paired_tests_agree_with_scipy() {
    let mut rng = SplitMix64::new(2026);
    let cases = cases(&mut rng);
    // Paired tests are also run on 0/1 outcomes, as question-level scores are.
    let mut paired = cases.clone();
    for &n in &[10usize, 13, 30, 60, 120] {
        let a: Vec<f64> = (0..n).map(|_| f64::from(rng.unit() < 0.7)).collect();
        let b: Vec<f64> = (0..n).map(|_| f64::from(rng.unit() < 0.5)).collect();
        paired.push((a, b));
    }
    let input = json!({
        "correlations": cases.iter().map(|(x, y)| json!({"x": x, "y": y})).collect::<Vec<_>>(),
        "paired": paired.iter().map(|(a, b)| json!({"a": a, "b": b})).collect::<Vec<_>>(),
    });
    let reference = run("scipy_stats.py", &input);
    for (k, (x, y)) in cases.iter().enumerate() {
        let expected = &reference["correlations"][k];
        let n = x.len();
        for (name, key, ours) in [
            ("kendalltau", "kendall", kendall_tau_b(x, y)),
            ("spearmanr", "spearman", spearman(x, y)),
            ("pearsonr", "pearson", pearson(x, y)),
        ] {
            let Some((statistic, p)) = pair(&expected[key]) else {
                assert_eq!(
                    ours,
                    Err(StatsError::Constant),
                    "{name}, case {k}: scipy gives NaN"
                );
                continue;
            };
            let ours = ours.unwrap();
            agree(
                &format!("{name} statistic, case {k} (n = {n})"),
                ours.coefficient,
                statistic,
                1e-9,
            );
            agree(
                &format!("{name} p-value, case {k} (n = {n})"),
                ours.p_value,
                p,
                1e-9,
            );
        }
    }
    for (k, (a, b)) in paired.iter().enumerate() {
        let expected = &reference["paired"][k];
        let n = a.len();
        let ours = wilcoxon(a, b).unwrap();
        if let Some((statistic, p)) = pair(&expected["wilcoxon"]) {
            agree(
                &format!("wilcoxon statistic, case {k} (n = {n}, {:?})", ours.method),
                ours.statistic,
                statistic,
                1e-9,
            );
            agree(
                &format!("wilcoxon p-value, case {k} (n = {n}, {:?})", ours.method),
                ours.p_value,
                p,
                1e-9,
            );
        } else {
            // scipy: NaN when every difference is zero; Proctor: "no difference", p = 1.
            assert_eq!(
                (ours.method, ours.p_value),
                (TestMethod::NoDifference, 1.0),
                "case {k}"
            );
        }
        let ours = paired_t(a, b);
        let Some((statistic, p)) = pair(&expected["ttest"]) else {
            // scipy: ±inf or NaN when the differences do not vary.
            let refused = matches!(ours, Err(StatsError::Constant))
                || matches!(ours, Ok(t) if t.method == TestMethod::NoDifference);
            assert!(
                refused,
                "ttest_rel case {k}: scipy has no finite answer, Proctor gave {ours:?}"
            );
            continue;
        };
        let ours = ours.unwrap();
        agree(
            &format!("ttest_rel statistic, case {k} (n = {n})"),
            ours.statistic,
            statistic,
            1e-9,
        );
        agree(
            &format!("ttest_rel p-value, case {k} (n = {n})"),
            ours.p_value,
            p,
            1e-9,
        );
    }
}

#[test]
fn exact_mcnemar_agrees_with_scipys_binomial_test() {
    let mut pairs: Vec<(u64, u64)> = vec![(0, 0), (1, 0), (0, 5), (7, 2), (5, 5), (10, 0), (3, 4)];
    for b in [12u64, 30, 57, 200, 1000] {
        pairs.push((b, b / 2));
        pairs.push((b / 3, b));
        pairs.push((b, b + 1));
    }
    let input = json!({"correlations": [], "paired": [], "mcnemar": pairs});
    let reference = run("scipy_stats.py", &input);
    for (k, (b, c)) in pairs.iter().enumerate() {
        let expected = reference["mcnemar"][k].as_f64().unwrap();
        let ours = mcnemar_exact(*b, *c);
        agree(
            &format!("McNemar p, b = {b}, c = {c}"),
            ours.p_value,
            expected,
            1e-9,
        );
        assert_eq!(ours.n as u64, b + c);
    }
    // By hand: 7 against 2 discordant → 2 · (1 + 9 + 36) / 512.
    agree(
        "McNemar 7:2",
        mcnemar_exact(7, 2).p_value,
        92.0 / 512.0,
        1e-15,
    );
}
