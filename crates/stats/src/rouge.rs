//! ROUGE-1 (METHODS.md §2): unigram overlap of a candidate with a reference, as precision,
//! recall and F1. With stemming on and stopwords kept it is the `rouge-score` package's
//! `rouge1` exactly.

use crate::text::Terms;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Precision, recall and F1 of an overlap.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Overlap {
    /// Overlapping terms / candidate terms (0 for an empty candidate).
    pub precision: f64,
    /// Overlapping terms / reference terms (0 for an empty reference).
    pub recall: f64,
    /// 2PR / (P + R), 0 when both are 0.
    pub f1: f64,
}

fn counts(terms: Vec<String>) -> HashMap<String, usize> {
    let mut out = HashMap::new();
    for term in terms {
        *out.entry(term).or_insert(0) += 1;
    }
    out
}

/// ROUGE-1 of `candidate` against `reference`: the overlap counts each term min(count in
/// candidate, count in reference) times.
pub fn rouge1(candidate: &str, reference: &str, terms: Terms) -> Overlap {
    let candidate = counts(terms.of(candidate));
    let reference = counts(terms.of(reference));
    let overlap: usize = candidate
        .iter()
        .map(|(term, n)| (*n).min(reference.get(term).copied().unwrap_or(0)))
        .sum();
    let total = |c: &HashMap<String, usize>| c.values().sum::<usize>();
    let ratio = |n: usize, d: usize| if d == 0 { 0.0 } else { n as f64 / d as f64 };
    let precision = ratio(overlap, total(&candidate));
    let recall = ratio(overlap, total(&reference));
    let f1 = if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    };
    Overlap {
        precision,
        recall,
        f1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        let terms = Terms {
            stem: true,
            drop_stopwords: false,
        };
        // candidate: the cat sat on the mat (6); reference: the cat is on the mat (6)
        // overlap: the ×2, cat, on, mat = 5 → P = R = F = 5/6
        let o = rouge1("The cat sat on the mat.", "the cat is on the mat", terms);
        assert!((o.precision - 5.0 / 6.0).abs() < 1e-12);
        assert!((o.f1 - 5.0 / 6.0).abs() < 1e-12);
        let empty = rouge1("", "the cat", terms);
        assert_eq!((empty.precision, empty.recall, empty.f1), (0.0, 0.0, 0.0));
    }
}
