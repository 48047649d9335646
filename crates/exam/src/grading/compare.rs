//! Two sittings compared question by question (METHODS.md §1, §9): the discordant questions,
//! the paired tests and the seeded bootstrap interval of the difference in accuracy.

use super::{GradedQuestion, Sitting};
use proctor_core::Outcome;
use proctor_stats::significance::{PairedTest, mcnemar_exact, paired_t, wilcoxon};
use proctor_stats::{PairedDifference, bootstrap_binary};

/// Resamples drawn for the interval of a difference (METHODS.md §1).
pub const RESAMPLES: usize = 10_000;
/// Seed of those resamples: the same data always gives the same interval.
pub const SEED: u64 = 20_261_122;

/// Two sittings compared question by question on the active questions (an error or an
/// unanswered question is not right, as in accuracy).
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Questions compared: every active question.
    pub pairs: usize,
    /// Right for both.
    pub both: usize,
    /// Right for the first only.
    pub only_first: usize,
    /// Right for the second only.
    pub only_second: usize,
    /// Right for neither.
    pub neither: usize,
    /// Accuracy of the first on the pairs.
    pub first_accuracy: f64,
    /// Accuracy of the second on the pairs.
    pub second_accuracy: f64,
    /// first − second, with its 95% paired bootstrap interval over questions.
    pub difference: PairedDifference,
    /// The exact McNemar test on the questions right for one only: the one verdict test for
    /// accuracy (METHODS.md §9).
    pub mcnemar: PairedTest,
    /// Wilcoxon's signed-rank test of the per-question scores (a secondary column).
    pub wilcoxon: PairedTest,
    /// The paired t-test; None when the per-question differences do not vary.
    pub t_test: Option<PairedTest>,
}

/// 1 when the sitting answered the question right, else 0 (wrong, unanswered, error).
pub fn right(sitting: &Sitting, question: &GradedQuestion) -> bool {
    matches!(sitting.responses.get(&question.id), Some(Outcome::Chosen(i)) if *i == question.key)
}

/// The discordant counts of two sittings: (right for the first only, right for the second only).
pub fn discordant(
    questions: &[GradedQuestion],
    first: &Sitting,
    second: &Sitting,
) -> (usize, usize) {
    questions.iter().fold((0, 0), |(a, b), q| {
        match (right(first, q), right(second, q)) {
            (true, false) => (a + 1, b),
            (false, true) => (a, b + 1),
            _ => (a, b),
        }
    })
}

/// The discordant counts (as [`discordant`]) at the two extremes of the replies that still need
/// a person's look: (every such reply of the first read right and of the second read not right;
/// the other way round). Where none need a look, both are the counts as they stand.
pub fn discordant_when_read(
    questions: &[GradedQuestion],
    first: &Sitting,
    second: &Sitting,
) -> ((usize, usize), (usize, usize)) {
    let open = |s: &Sitting, q: &GradedQuestion| {
        matches!(s.responses.get(&q.id), Some(Outcome::NeedsLook))
    };
    let count = |first_right: &dyn Fn(&GradedQuestion) -> bool,
                 second_right: &dyn Fn(&GradedQuestion) -> bool| {
        questions.iter().fold((0, 0), |(a, b), q| {
            match (first_right(q), second_right(q)) {
                (true, false) => (a + 1, b),
                (false, true) => (a, b + 1),
                _ => (a, b),
            }
        })
    };
    let best = count(&|q| right(first, q) || open(first, q), &|q| {
        right(second, q)
    });
    let worst = count(&|q| right(first, q), &|q| {
        right(second, q) || open(second, q)
    });
    (best, worst)
}

/// Compares two sittings question by question; `None` when the exam has no active question.
pub fn compare(
    questions: &[GradedQuestion],
    first: &Sitting,
    second: &Sitting,
) -> Option<Comparison> {
    compare_each(questions, &[first], second).pop()
}

/// Compares each of `members` with `baseline` question by question, the resamples drawn once
/// for all of them (each pair's numbers are those [`compare`] gives it); empty when the exam
/// has no active question.
pub fn compare_each(
    questions: &[GradedQuestion],
    members: &[&Sitting],
    baseline: &Sitting,
) -> Vec<Comparison> {
    let rights = |s: &Sitting| -> Vec<bool> { questions.iter().map(|q| right(s, q)).collect() };
    let base = rights(baseline);
    let each: Vec<Vec<bool>> = members.iter().map(|m| rights(m)).collect();
    let slices: Vec<&[bool]> = each.iter().map(Vec::as_slice).collect();
    let Ok(resampled) = bootstrap_binary(&base, &slices, RESAMPLES, 0.95, SEED) else {
        return Vec::new();
    };
    let scores = |r: &[bool]| -> Vec<f64> { r.iter().map(|&x| f64::from(u8::from(x))).collect() };
    let b = scores(&base);
    let second = base.as_slice();
    slices
        .iter()
        .zip(resampled)
        .filter_map(|(&first, resampled)| {
            let a = scores(first);
            let count = |wanted: (bool, bool)| {
                first
                    .iter()
                    .zip(second)
                    .filter(|(x, y)| (**x, **y) == wanted)
                    .count()
            };
            let pairs = a.len() as f64;
            let (only_first, only_second) = (count((true, false)), count((false, true)));
            Some(Comparison {
                pairs: a.len(),
                both: count((true, true)),
                only_first,
                only_second,
                neither: count((false, false)),
                mcnemar: mcnemar_exact(only_first as u64, only_second as u64),
                first_accuracy: a.iter().sum::<f64>() / pairs,
                second_accuracy: b.iter().sum::<f64>() / pairs,
                difference: resampled,
                wilcoxon: wilcoxon(&a, &b).ok()?,
                t_test: paired_t(&a, &b).ok(),
            })
        })
        .collect()
}
