//! How well a fitted IRT model describes the responses (METHODS.md §3, 004's Table 5): RMSE of
//! the predicted probabilities against the observed 0/1 beside the RMSE of predicting each
//! item's mean, and per item the infit and outfit mean squares, the corrected point-biserial
//! correlation and the flags.

use super::{Item, ResponseMatrix};
use serde::{Deserialize, Serialize};

/// Discrimination below which an item is flagged.
pub const LOW_DISCRIMINATION: f64 = 0.2;

/// Fit statistics of one item.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ItemFit {
    /// Information-weighted mean square: Σ (r − p)² / Σ p (1 − p). Near 1 is good.
    pub infit: Option<f64>,
    /// Unweighted mean square of the standardised residuals (r − p) / sqrt(p (1 − p)).
    pub outfit: Option<f64>,
    /// Correlation of the item's score with the rest score (the examinee's share right on the
    /// other items); None when either does not vary.
    pub point_biserial: Option<f64>,
    /// a below 0.2.
    pub low_discrimination: bool,
    /// A negative point-biserial: stronger examinees do worse on it.
    pub negative_point_biserial: bool,
}

impl ItemFit {
    /// Whether the item is flagged for review.
    pub fn flagged(&self) -> bool {
        self.low_discrimination || self.negative_point_biserial
    }
}

/// Fit of a whole model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelFit {
    /// sqrt(mean (r − p̂)²) over the observed responses.
    pub rmse: f64,
    /// The same when every response to an item is predicted by the item's share right.
    pub item_mean_rmse: f64,
    /// Per item.
    pub items: Vec<ItemFit>,
}

/// Diagnoses `items` and `abilities` fitted to `responses`.
pub fn diagnose(responses: &ResponseMatrix, items: &[Item], abilities: &[f64]) -> ModelFit {
    let (examinees, item_count) = (responses.examinees(), responses.items());
    let mut squares = 0.0;
    let mut baseline_squares = 0.0;
    let mut cells = 0usize;
    // Each examinee's answered and right counts, once: an item's rest score is these less its
    // own response (counting them again per item made the diagnosis quadratic in the items).
    let (answered, right): (Vec<usize>, Vec<usize>) = (0..examinees)
        .map(|s| {
            (0..item_count)
                .filter_map(|i| responses.get(s, i))
                .fold((0, 0), |(n, k), r| (n + 1, k + usize::from(r)))
        })
        .unzip();
    let fits = (0..item_count)
        .map(|i| {
            let observed: Vec<(usize, f64)> = (0..examinees)
                .filter_map(|s| responses.get(s, i).map(|r| (s, f64::from(u8::from(r)))))
                .collect();
            let mean = observed.iter().map(|(_, r)| r).sum::<f64>() / observed.len() as f64;
            let (mut residual, mut variance, mut outfit) = (0.0, 0.0, 0.0);
            for &(s, r) in &observed {
                let p = items[i].probability(abilities[s]);
                squares += (r - p).powi(2);
                baseline_squares += (r - mean).powi(2);
                cells += 1;
                let v = p * (1.0 - p);
                residual += (r - p).powi(2);
                variance += v;
                if v > 0.0 {
                    outfit += (r - p).powi(2) / v;
                }
            }
            let point_biserial = rest_correlation(responses, i, &answered, &right);
            ItemFit {
                infit: (variance > 0.0).then(|| residual / variance),
                outfit: (variance > 0.0).then(|| outfit / observed.len() as f64),
                point_biserial,
                low_discrimination: items[i].discrimination < LOW_DISCRIMINATION,
                negative_point_biserial: point_biserial.is_some_and(|r| r < 0.0),
            }
        })
        .collect();
    ModelFit {
        rmse: (squares / cells as f64).sqrt(),
        item_mean_rmse: (baseline_squares / cells as f64).sqrt(),
        items: fits,
    }
}

/// Pearson correlation of item i's score with the share right on the other items answered,
/// from each examinee's counts of answered and right items.
fn rest_correlation(
    responses: &ResponseMatrix,
    i: usize,
    answered: &[usize],
    right: &[usize],
) -> Option<f64> {
    let pairs: Vec<(f64, f64)> = (0..responses.examinees())
        .filter_map(|s| {
            let r = responses.get(s, i)?;
            let elsewhere = answered[s] - 1;
            if elsewhere == 0 {
                return None;
            }
            let right_elsewhere = right[s] - usize::from(r);
            Some((
                f64::from(u8::from(r)),
                right_elsewhere as f64 / elsewhere as f64,
            ))
        })
        .collect();
    let x: Vec<f64> = pairs.iter().map(|p| p.0).collect();
    let y: Vec<f64> = pairs.iter().map(|p| p.1).collect();
    crate::correlation::pearson(&x, &y)
        .ok()
        .map(|c| c.coefficient)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn residuals_by_hand() {
        // One item a = 1, b = 0, c = 0; two examinees at θ = 0 (p = 0.5), one right, one wrong.
        let responses = ResponseMatrix::from_scores(&[vec![1, 1], vec![0, 1]]).unwrap();
        let items = [
            Item {
                discrimination: 1.0,
                difficulty: 0.0,
                guessing: 0.0,
            },
            Item {
                discrimination: 0.1,
                difficulty: -3.0,
                guessing: 0.0,
            },
        ];
        let fit = diagnose(&responses, &items, &[0.0, 0.0]);
        // Item 0: residuals ±0.5, squares 0.25 each, variance 0.25 each → infit 1, outfit 1.
        assert!((fit.items[0].infit.unwrap() - 1.0).abs() < 1e-12);
        assert!((fit.items[0].outfit.unwrap() - 1.0).abs() < 1e-12);
        assert!(fit.items[1].low_discrimination && fit.items[1].flagged());
        // Item 1 is always right: its score does not vary, no point-biserial.
        assert_eq!(fit.items[1].point_biserial, None);
        // Item-mean baseline: item 0 mean 0.5 (squares 0.25, 0.25), item 1 mean 1 (0, 0).
        assert!((fit.item_mean_rmse - (0.5f64 / 4.0).sqrt()).abs() < 1e-12);
    }
}
