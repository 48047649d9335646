//! The formulation break-down of Vakulenko et al. (002; METHODS.md §10): for each sample, is
//! it answered correctly from the Original question, the Rewritten one and the Human rewrite?
//! The 8 patterns, the errors they attribute to answering or to rewriting, the share answerable
//! without rewriting (002, eq. 1), and the shares as the threshold sweeps [0, 1].

use serde::{Deserialize, Serialize};

/// One sample: the metric (P@1, nDCG@3, F1, accuracy…) under each formulation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// With the original question.
    pub original: f64,
    /// With the model's rewrite.
    pub rewritten: f64,
    /// With the human rewrite.
    pub human: f64,
    /// Whether the human rewrite is the original question unchanged.
    pub human_equals_original: bool,
}

/// One row of the break-down table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pattern {
    /// Correct with the original question.
    pub original: bool,
    /// Correct with the rewrite.
    pub rewritten: bool,
    /// Correct with the human rewrite.
    pub human: bool,
    /// Samples with this pattern.
    pub count: usize,
    /// … of which the human rewrite equals the original (the numbers in parentheses).
    pub unchanged: usize,
}

/// The break-down at one threshold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Breakdown {
    /// A sample is correct under a formulation when its metric ≥ this.
    pub threshold: f64,
    /// The 8 patterns, in the paper's order (✗✗✗, ✓✗✗, ✗✓✗, ✓✓✗, ✗✗✓, ✓✗✓, ✗✓✓, ✓✓✓).
    pub patterns: Vec<Pattern>,
    /// Human ✗: errors of the answering component.
    pub answering_errors: usize,
    /// Human ✓, Rewritten ✗: errors of the rewriting component.
    pub rewriting_errors: usize,
    /// Human ✓, Rewritten ✓, Original ✗: answered thanks to rewriting.
    pub rewriting_needed: usize,
    /// Human ✓, Rewritten ✓, Original ✓: answered without rewriting.
    pub rewriting_not_needed: usize,
    /// 002's eq. 1: of the samples answerable with the human rewrite (leaving out those the
    /// annotators did not rewrite), the share answered from the original question. None when
    /// no such sample exists.
    pub answerable_without_rewriting: Option<f64>,
}

/// The break-down at `threshold`.
pub fn breakdown(samples: &[Sample], threshold: f64) -> Breakdown {
    let mut patterns: Vec<Pattern> = (0..8)
        .map(|bits| Pattern {
            original: bits & 1 != 0,
            rewritten: bits & 2 != 0,
            human: bits & 4 != 0,
            count: 0,
            unchanged: 0,
        })
        .collect();
    for sample in samples {
        let index = usize::from(sample.original >= threshold)
            | usize::from(sample.rewritten >= threshold) << 1
            | usize::from(sample.human >= threshold) << 2;
        patterns[index].count += 1;
        patterns[index].unchanged += usize::from(sample.human_equals_original);
    }
    let total = |keep: &dyn Fn(&Pattern) -> bool| -> (usize, usize) {
        patterns
            .iter()
            .filter(|p| keep(p))
            .fold((0, 0), |(c, u), p| (c + p.count, u + p.unchanged))
    };
    let (answering_errors, _) = total(&|p| !p.human);
    let (rewriting_errors, _) = total(&|p| p.human && !p.rewritten);
    let (rewriting_needed, _) = total(&|p| p.human && p.rewritten && !p.original);
    let (rewriting_not_needed, _) = total(&|p| p.human && p.rewritten && p.original);
    let (answerable, answerable_unchanged) = total(&|p| p.human);
    let (from_original, original_unchanged) = total(&|p| p.human && p.original);
    let denominator = answerable - answerable_unchanged;
    Breakdown {
        threshold,
        patterns,
        answering_errors,
        rewriting_errors,
        rewriting_needed,
        rewriting_not_needed,
        answerable_without_rewriting: (denominator > 0)
            .then(|| (from_original - original_unchanged) as f64 / denominator as f64),
    }
}

/// Samples scored under any number of formulations (two or three in practice), counted by
/// pattern: the pattern's index has bit i set when formulation i's score is ≥ `threshold`
/// (for three formulations in the order Original, Rewritten, Human this is the order of
/// [`Breakdown::patterns`]). Each entry is (samples, of which `unchanged`).
pub fn pattern_counts(
    scores: &[Vec<f64>],
    unchanged: &[bool],
    threshold: f64,
) -> Vec<(usize, usize)> {
    let formulations = scores.first().map_or(0, Vec::len);
    let mut counts = vec![(0, 0); 1 << formulations];
    for (i, sample) in scores.iter().enumerate() {
        let index = sample
            .iter()
            .enumerate()
            .fold(0, |bits, (f, s)| bits | usize::from(*s >= threshold) << f);
        if let Some(slot) = counts.get_mut(index) {
            slot.0 += 1;
            slot.1 += usize::from(unchanged.get(i).copied().unwrap_or(false));
        }
    }
    counts
}

/// The shares of the four regions of 002's Figure 1 at one threshold.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The threshold.
    pub threshold: f64,
    /// Share of answering errors.
    pub answering_errors: f64,
    /// Share of rewriting errors.
    pub rewriting_errors: f64,
    /// Share answered thanks to rewriting.
    pub rewriting_needed: f64,
    /// Share answered without rewriting.
    pub rewriting_not_needed: f64,
}

/// The four shares at thresholds 0, 0.02, …, 1 (51 points), for the stacked-area chart.
pub fn sweep(samples: &[Sample]) -> Vec<SweepPoint> {
    let n = samples.len().max(1) as f64;
    (0..=50)
        .map(|k| {
            let threshold = f64::from(k) / 50.0;
            let b = breakdown(samples, threshold);
            SweepPoint {
                threshold,
                answering_errors: b.answering_errors as f64 / n,
                rewriting_errors: b.rewriting_errors as f64 / n,
                rewriting_needed: b.rewriting_needed as f64 / n,
                rewriting_not_needed: b.rewriting_not_needed as f64 / n,
            }
        })
        .collect()
}

/// Recall of a reference answer set by another: |a ∩ b| / |b| (1 for an empty `b`).
pub fn set_recall<T: PartialEq>(answers: &[T], reference: &[T]) -> f64 {
    if reference.is_empty() {
        return 1.0;
    }
    reference.iter().filter(|r| answers.contains(r)).count() as f64 / reference.len() as f64
}

/// Jaccard similarity of two answer sets: |a ∩ b| / |a ∪ b| (1 when both are empty).
pub fn jaccard<T: PartialEq>(a: &[T], b: &[T]) -> f64 {
    let common = a.iter().filter(|x| b.contains(x)).count();
    let union = a.len() + b.len() - common;
    if union == 0 {
        1.0
    } else {
        common as f64 / union as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(o: f64, r: f64, h: f64, same: bool) -> Sample {
        Sample {
            original: o,
            rewritten: r,
            human: h,
            human_equals_original: same,
        }
    }

    #[test]
    fn the_papers_equation_one() {
        // CANARD, F1 = 1 (002, Table 2): ✗✗✓ 232, ✓✗✓ 40, ✗✓✓ 269, ✓✓✓ 1988 (333).
        // (40 + 1988 − 333) / (232 + 40 + 269 + 1988 − 333) = 1695 / 2196 = 0.7719
        let mut samples = Vec::new();
        samples.extend(std::iter::repeat_n(sample(0.0, 0.0, 1.0, false), 232));
        samples.extend(std::iter::repeat_n(sample(1.0, 0.0, 1.0, false), 40));
        samples.extend(std::iter::repeat_n(sample(0.0, 1.0, 1.0, false), 269));
        samples.extend(std::iter::repeat_n(
            sample(1.0, 1.0, 1.0, false),
            1988 - 333,
        ));
        samples.extend(std::iter::repeat_n(sample(1.0, 1.0, 1.0, true), 333));
        samples.extend(std::iter::repeat_n(sample(0.0, 0.0, 0.0, true), 10));
        let b = breakdown(&samples, 1.0);
        assert_eq!(b.patterns[7].count, 1988);
        assert_eq!(b.patterns[7].unchanged, 333);
        assert_eq!(b.patterns[0].count, 10);
        assert_eq!((b.answering_errors, b.rewriting_errors), (10, 272));
        assert_eq!((b.rewriting_needed, b.rewriting_not_needed), (269, 1988));
        assert!((b.answerable_without_rewriting.unwrap() - 1695.0 / 2196.0).abs() < 1e-12);
    }

    #[test]
    fn pattern_counts_agree_with_the_three_way_table() {
        let samples = [
            sample(0.3, 0.6, 0.9, false),
            sample(0.0, 0.1, 0.2, true),
            sample(1.0, 1.0, 1.0, true),
            sample(0.7, 0.2, 0.9, false),
        ];
        let scores: Vec<Vec<f64>> = samples
            .iter()
            .map(|s| vec![s.original, s.rewritten, s.human])
            .collect();
        let unchanged: Vec<bool> = samples.iter().map(|s| s.human_equals_original).collect();
        let counts = pattern_counts(&scores, &unchanged, 0.5);
        let table = breakdown(&samples, 0.5);
        for (p, c) in table.patterns.iter().zip(&counts) {
            assert_eq!((p.count, p.unchanged), *c);
        }
        // Two formulations: four patterns, ✓✗ is bit 0.
        let two = pattern_counts(&[vec![0.9, 0.1], vec![0.1, 0.9], vec![0.9, 0.9]], &[], 0.5);
        assert_eq!(two, vec![(0, 0), (1, 0), (1, 0), (1, 0)]);
    }

    #[test]
    fn the_sweep_partitions_every_sample() {
        let samples = [
            sample(0.3, 0.6, 0.9, false),
            sample(0.0, 0.1, 0.2, true),
            sample(1.0, 1.0, 1.0, false),
        ];
        let points = sweep(&samples);
        assert_eq!(points.len(), 51);
        for p in &points {
            let sum = p.answering_errors
                + p.rewriting_errors
                + p.rewriting_needed
                + p.rewriting_not_needed;
            assert!((sum - 1.0).abs() < 1e-12);
        }
        // At 0.5: sample 1 is ✗✓✓ (needed rewriting), 2 is ✗✗✗, 3 is ✓✓✓.
        let mid = points[25];
        assert!((mid.rewriting_needed - 1.0 / 3.0).abs() < 1e-12);
        assert!((mid.answering_errors - 1.0 / 3.0).abs() < 1e-12);
        assert!(breakdown(&[], 0.5).answerable_without_rewriting.is_none());
    }

    #[test]
    fn answer_set_similarities() {
        assert!((set_recall(&[1, 2], &[2, 3]) - 0.5).abs() < 1e-12);
        assert!((jaccard(&[1, 2], &[2, 3]) - 1.0 / 3.0).abs() < 1e-12);
        assert!((jaccard::<u8>(&[], &[]) - 1.0).abs() < 1e-12);
    }
}
