//! IRT against R mirt on LSAT7 (METHODS.md §3).

use proctor_stats::irt::{ItemModel, Preset, ResponseMatrix, fit_marginal, fit_joint};

/// LSAT7 (Bock & Lieberman 1970) as in R's ltm and mirt: 32 patterns with their counts.
pub fn lsat7() -> ResponseMatrix {
    let counts = [
        12, 19, 1, 7, 3, 19, 3, 17, 10, 5, 3, 7, 7, 23, 8, 28, 7, 39, 11, 34, 14, 51, 15, 90, 6,
        25, 7, 35, 18, 136, 32, 308,
    ];
    let mut rows = Vec::new();
    for (pattern, &count) in counts.iter().enumerate() {
        let row: Vec<u8> = (0..5).map(|bit| ((pattern >> (4 - bit)) & 1) as u8).collect();
        for _ in 0..count {
            rows.push(row.clone());
        }
    }
    ResponseMatrix::from_scores(&rows).unwrap()
}

#[test]
fn lsat7_2pl_matches_mirt() {
    let fit = fit_marginal(&lsat7(), ItemModel::TwoPl, &Preset::standard().without_priors(), 2000, true).unwrap();
    eprintln!("{:?} {} {}", fit.items, fit.log_likelihood, fit.iterations);
    eprintln!("{:?}", fit.item_errors);
    let a = [0.98755, 1.08084, 1.70748, 0.76499, 0.73567];
    let b = [-1.8793, -0.7475, -1.0572, -0.6353, -2.5208];
    assert!((fit.log_likelihood - -2658.8051).abs() < 0.01, "{}", fit.log_likelihood);
    for i in 0..5 {
        assert!((fit.items[i].discrimination - a[i]).abs() < 0.02, "a{i}");
        assert!((fit.items[i].difficulty - b[i]).abs() < 0.02, "b{i}");
    }
    let fit3 = fit_marginal(&lsat7(), ItemModel::ThreePl, &Preset::standard().without_priors(), 5000, false).unwrap();
    eprintln!("{:?} {} {}", fit3.items, fit3.log_likelihood, fit3.iterations);
    let j = fit_joint(&lsat7(), ItemModel::ThreePl, &Preset::paper(), None, None).unwrap();
    eprintln!("{:?} {} {}", j.items, j.log_likelihood, j.iterations);
}
