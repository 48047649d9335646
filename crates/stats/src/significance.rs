//! Paired significance tests between two systems over the same questions or queries
//! (METHODS.md §9): Wilcoxon signed-rank as scipy's `wilcoxon` defaults, the paired t-test, a
//! paired bootstrap test and a randomisation (sign-flip) test, Holm's correction, and the
//! markers of Lin (2006).

use crate::rank::{average_ranks, tie_groups};
use crate::special::{normal_two_sided, t_two_sided};
use crate::{SplitMix64, StatsError, check_finite};
use serde::{Deserialize, Serialize};

/// How a p-value was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestMethod {
    /// The exact null distribution.
    Exact,
    /// Every sign assignment enumerated (an exact permutation test).
    Enumerated,
    /// The normal approximation.
    Normal,
    /// Student's t distribution.
    StudentT,
    /// Random resamples drawn with a fixed seed.
    Resampled,
    /// The two samples are identical: no test is needed, p = 1.
    NoDifference,
}

/// The outcome of a paired test.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PairedTest {
    /// The test statistic (Wilcoxon: min(R+, R−); t: the t value; resampling tests: the mean
    /// difference).
    pub statistic: f64,
    /// Two-sided p-value.
    pub p_value: f64,
    /// Pairs entering the test (Wilcoxon: non-zero differences).
    pub n: usize,
    /// How the p-value was computed.
    pub method: TestMethod,
}

/// The mean of a − b in the samples' own units, computed without overflow; an error when the
/// mean itself lies beyond the range of f64.
fn mean_difference(a: &[f64], b: &[f64]) -> Result<f64, StatsError> {
    let n = a.len() as f64;
    let mean = a.iter().map(|x| x / n).sum::<f64>() - b.iter().map(|y| y / n).sum::<f64>();
    if mean.is_finite() {
        Ok(mean)
    } else {
        Err(StatsError::Invalid(
            "the mean difference is beyond the range of f64",
        ))
    }
}

/// a − b pair by pair, on a scale where every difference and their sum are finite: the tests
/// here depend on the differences only up to a positive factor (ranks, signs, t, p), so values
/// near f64::MAX are divided by the largest magnitude instead of overflowing to infinity.
fn differences(a: &[f64], b: &[f64]) -> Result<Vec<f64>, StatsError> {
    if a.len() != b.len() {
        return Err(StatsError::Unpaired(a.len(), b.len()));
    }
    if a.is_empty() {
        return Err(StatsError::Empty);
    }
    check_finite(a)?;
    check_finite(b)?;
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let largest = d.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    if largest.is_finite() && largest * d.len() as f64 <= f64::MAX / 4.0 {
        return Ok(d);
    }
    // Halving is exact, so (x/2 − y/2) keeps every tie and sign of x − y; then scale to ≤ 1.
    let halves: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / 2.0 - y / 2.0).collect();
    let largest = halves.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    Ok(halves.into_iter().map(|v| v / largest).collect())
}

/// Wilcoxon's signed-rank test of a − b, as `scipy.stats.wilcoxon(a, b)` with its defaults
/// (zero differences dropped, no continuity correction, method "auto"): more than 50 pairs →
/// normal approximation with the tie correction; otherwise the exact distribution when there
/// are no ties and no zeros, every sign assignment when n ≤ 13, else the normal approximation.
pub fn wilcoxon(a: &[f64], b: &[f64]) -> Result<PairedTest, StatsError> {
    let d = differences(a, b)?;
    let nonzero: Vec<f64> = d.iter().copied().filter(|v| *v != 0.0).collect();
    let count = nonzero.len();
    if count == 0 {
        return Ok(PairedTest {
            statistic: 0.0,
            p_value: 1.0,
            n: 0,
            method: TestMethod::NoDifference,
        });
    }
    let magnitudes: Vec<f64> = nonzero.iter().map(|v| v.abs()).collect();
    let ranks = average_ranks(&magnitudes);
    let r_plus: f64 = nonzero
        .iter()
        .zip(&ranks)
        .filter(|(v, _)| **v > 0.0)
        .map(|(_, r)| r)
        .sum();
    let total = count as f64 * (count as f64 + 1.0) / 2.0;
    let statistic = r_plus.min(total - r_plus);
    let groups = tie_groups(&magnitudes);
    let has_ties = groups.iter().any(|g| *g > 1);
    let has_zeros = count < d.len();
    let (p_value, method) = if d.len() > 50 || ((has_ties || has_zeros) && d.len() > 13) {
        let cn = count as f64;
        let tie_correction: f64 = groups.iter().map(|&t| (t * t * t - t) as f64).sum();
        let se = ((cn * (cn + 1.0) * (2.0 * cn + 1.0) - tie_correction / 2.0) / 24.0).sqrt();
        let z = (r_plus - cn * (cn + 1.0) / 4.0) / se;
        (normal_two_sided(z), TestMethod::Normal)
    } else if !has_ties && !has_zeros {
        (wilcoxon_exact_p(count, r_plus), TestMethod::Exact)
    } else {
        (
            wilcoxon_enumerated_p(&nonzero, &ranks, r_plus),
            TestMethod::Enumerated,
        )
    };
    Ok(PairedTest {
        statistic,
        p_value,
        n: count,
        method,
    })
}

/// Exact two-sided p of R+ among n untied non-zero differences: 2 · min(P(T ≥ ⌊R+⌋),
/// P(T ≤ ⌈R+⌉)), where T is the sum of a random subset of {1, …, n}.
fn wilcoxon_exact_p(n: usize, r_plus: f64) -> f64 {
    let top = n * (n + 1) / 2;
    // ways[k] / 2^n = P(T = k); built one rank at a time, halving as we go.
    let mut ways = vec![0.0; top + 1];
    ways[0] = 1.0;
    for rank in 1..=n {
        for k in (0..=top).rev() {
            let with = if k >= rank { ways[k - rank] } else { 0.0 };
            ways[k] = f64::midpoint(ways[k], with);
        }
    }
    let low = r_plus.floor() as usize;
    let high = (r_plus.ceil() as usize).min(top);
    let upper: f64 = ways[low..].iter().sum();
    let lower: f64 = ways[..=high].iter().sum();
    (2.0 * upper.min(lower)).clamp(0.0, 1.0)
}

/// The p-value over all 2^n sign assignments of the non-zero differences (scipy's permutation
/// branch for n ≤ 13; zeros flip to themselves and only double every count, which cancels).
fn wilcoxon_enumerated_p(nonzero: &[f64], ranks: &[f64], observed: f64) -> f64 {
    let n = nonzero.len();
    let gamma = observed.abs() * f64::EPSILON * 100.0;
    let (mut at_most, mut at_least) = (0u64, 0u64);
    for mask in 0u64..(1 << n) {
        let r_plus: f64 = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| ranks[i])
            .sum();
        at_most += u64::from(r_plus <= observed + gamma);
        at_least += u64::from(r_plus >= observed - gamma);
    }
    let all = (1u64 << n) as f64;
    (2.0 * (at_most as f64 / all).min(at_least as f64 / all)).clamp(0.0, 1.0)
}

/// The paired t-test of a − b (scipy's `ttest_rel`). Identical samples give t = 0, p = 1;
/// differences that are constant but not zero have no spread to test against:
/// [`StatsError::Constant`].
#[expect(clippy::many_single_char_names, reason = "the symbols of the formulas")]
pub fn paired_t(a: &[f64], b: &[f64]) -> Result<PairedTest, StatsError> {
    let d = differences(a, b)?;
    if d.len() < 2 {
        return Err(StatsError::TooFew {
            needed: 2,
            got: d.len(),
        });
    }
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let variance = d.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    if variance == 0.0 {
        if mean == 0.0 {
            return Ok(PairedTest {
                statistic: 0.0,
                p_value: 1.0,
                n: d.len(),
                method: TestMethod::NoDifference,
            });
        }
        return Err(StatsError::Constant);
    }
    let t = mean / (variance / n).sqrt();
    Ok(PairedTest {
        statistic: t,
        p_value: t_two_sided(t, n - 1.0),
        n: d.len(),
        method: TestMethod::StudentT,
    })
}

/// The paired bootstrap test: resample the differences, centred on zero to impose the null,
/// `resamples` times; p = (1 + #{|mean*| ≥ |mean|}) / (1 + resamples).
pub fn bootstrap_test(
    a: &[f64],
    b: &[f64],
    resamples: usize,
    seed: u64,
) -> Result<PairedTest, StatsError> {
    let d = differences(a, b)?;
    let n = d.len();
    let statistic = mean_difference(a, b)?;
    let observed = d.iter().sum::<f64>() / n as f64;
    let centred: Vec<f64> = d.iter().map(|v| v - observed).collect();
    let threshold = observed.abs() * (1.0 - 1e-12);
    let mut rng = SplitMix64::new(seed);
    let extreme = (0..resamples)
        .filter(|_| {
            let mean = (0..n).map(|_| centred[rng.below(n)]).sum::<f64>() / n as f64;
            mean.abs() >= threshold
        })
        .count();
    Ok(PairedTest {
        statistic,
        p_value: (1 + extreme) as f64 / (1 + resamples) as f64,
        n,
        method: TestMethod::Resampled,
    })
}

/// The randomisation (sign-flip) test of the mean difference: under the null each pair's
/// difference is as likely negative as positive. With 2^n ≤ `resamples` every assignment is
/// enumerated (exact); otherwise `resamples` seeded random flips, p = (1 + extreme) /
/// (1 + resamples).
pub fn permutation_test(
    a: &[f64],
    b: &[f64],
    resamples: usize,
    seed: u64,
) -> Result<PairedTest, StatsError> {
    let d = differences(a, b)?;
    let n = d.len();
    let statistic = mean_difference(a, b)?;
    let observed = d.iter().sum::<f64>();
    let threshold = observed.abs() * (1.0 - 1e-12);
    let (p_value, method) = if n < 63 && (1u64 << n) <= resamples as u64 {
        let extreme = (0u64..(1 << n))
            .filter(|mask| {
                let sum: f64 = (0..n)
                    .map(|i| if mask & (1 << i) != 0 { -d[i] } else { d[i] })
                    .sum();
                sum.abs() >= threshold
            })
            .count();
        (extreme as f64 / (1u64 << n) as f64, TestMethod::Enumerated)
    } else {
        let mut rng = SplitMix64::new(seed);
        let extreme = (0..resamples)
            .filter(|_| {
                let sum: f64 = d
                    .iter()
                    .map(|v| if rng.next_u64() >> 63 == 1 { -v } else { *v })
                    .sum();
                sum.abs() >= threshold
            })
            .count();
        (
            (1 + extreme) as f64 / (1 + resamples) as f64,
            TestMethod::Resampled,
        )
    };
    Ok(PairedTest {
        statistic,
        p_value,
        n,
        method,
    })
}

/// The exact McNemar test of two systems' right/not-right answers to the same questions: the
/// two-sided binomial test, p = 0.5, on the discordant questions (`only_first` right only for
/// the first, `only_second` right only for the second), which is the exact paired permutation
/// test for 0/1 scores (METHODS.md §9). p = min(1, 2 · P(X ≤ min(b, c))), X ~ Bin(b + c, ½);
/// p = 1 when no question is discordant. Matches `scipy.stats.binomtest(b, b + c).pvalue`.
pub fn mcnemar_exact(only_first: u64, only_second: u64) -> PairedTest {
    let n = only_first + only_second;
    let k = only_first.min(only_second);
    let statistic = only_first as f64 - only_second as f64;
    if n == 0 {
        return PairedTest {
            statistic,
            p_value: 1.0,
            n: 0,
            method: TestMethod::NoDifference,
        };
    }
    // P(X ≤ k) = Σ_{j ≤ k} C(n, j) / 2^n, each term from the last by C(n, j) = C(n, j − 1) ·
    // (n − j + 1) / j: exact for small counts, starting from 2^−n (a power of two); in log space
    // where 2^−n would underflow.
    let tail = if n <= 1000 {
        let mut term = 0.5_f64.powi(i32::try_from(n).unwrap_or(i32::MAX));
        let mut tail = term;
        for j in 1..=k {
            term *= (n - j + 1) as f64 / j as f64;
            tail += term;
        }
        tail
    } else {
        let mut ln_term = -(n as f64) * std::f64::consts::LN_2;
        let mut tail = ln_term.exp();
        for j in 1..=k {
            ln_term += ((n - j + 1) as f64).ln() - (j as f64).ln();
            tail += ln_term.exp();
        }
        tail
    };
    let p_value = if 2 * k == n {
        1.0
    } else {
        (2.0 * tail).min(1.0)
    };
    PairedTest {
        statistic,
        p_value,
        n: usize::try_from(n).unwrap_or(usize::MAX),
        method: TestMethod::Exact,
    }
}

/// Pearson's χ² goodness of fit of `counts` against equal expected counts (the key positions of
/// an exam against uniform): the statistic and its p-value on `counts.len() − 1` degrees of
/// freedom. `None` for fewer than two categories or no observations. Matches
/// `scipy.stats.chisquare`.
pub fn chi_square_uniform(counts: &[u64]) -> Option<(f64, f64)> {
    let total: u64 = counts.iter().sum();
    if counts.len() < 2 || total == 0 {
        return None;
    }
    #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    let expected = total as f64 / counts.len() as f64;
    #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    let statistic: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    #[expect(clippy::cast_precision_loss, reason = "a handful of categories")]
    let df = (counts.len() - 1) as f64;
    // Equal counts give a statistic of exactly 0, where the upper incomplete gamma is 1 (and
    // statrs refuses x = 0).
    let p_value = if statistic > 0.0 {
        statrs::function::gamma::gamma_ur(df / 2.0, statistic / 2.0)
    } else {
        1.0
    };
    Some((statistic, p_value))
}

/// Holm's step-down adjustment of several p-values (same order as given):
/// adjusted p_(j) = max_{i ≤ j} min(1, (m − i + 1) · p_(i)) over the sorted p-values.
pub fn holm(p_values: &[f64]) -> Result<Vec<f64>, StatsError> {
    check_finite(p_values)?;
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (step, &index) in order.iter().enumerate() {
        running = running.max(((m - step) as f64 * p_values[index]).min(1.0));
        adjusted[index] = running;
    }
    Ok(adjusted)
}

/// Lin's (2006) significance markers for "a against b".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Marker {
    /// ▲ a better, p < 0.01.
    BetterStrong,
    /// △ a better, p < 0.05.
    Better,
    /// ^ a better, p < 0.10.
    BetterWeak,
    /// ▼ a worse, p < 0.01.
    WorseStrong,
    /// ▽ a worse, p < 0.05.
    Worse,
    /// v a worse, p < 0.10.
    WorseWeak,
    /// ◦ not significant.
    NotSignificant,
}

impl Marker {
    /// The marker for a p-value and the sign of the difference a − b.
    pub fn of(p_value: f64, difference: f64) -> Self {
        let better = difference > 0.0;
        match p_value {
            _ if difference == 0.0 => Self::NotSignificant,
            p if p < 0.01 => {
                if better {
                    Self::BetterStrong
                } else {
                    Self::WorseStrong
                }
            }
            p if p < 0.05 => {
                if better {
                    Self::Better
                } else {
                    Self::Worse
                }
            }
            p if p < 0.10 => {
                if better {
                    Self::BetterWeak
                } else {
                    Self::WorseWeak
                }
            }
            _ => Self::NotSignificant,
        }
    }

    /// The printed symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Self::BetterStrong => "▲",
            Self::Better => "△",
            Self::BetterWeak => "^",
            Self::WorseStrong => "▼",
            Self::Worse => "▽",
            Self::WorseWeak => "v",
            Self::NotSignificant => "◦",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn wilcoxon_exact_by_hand() {
        // d = [1, 2, 3, 4, −5]: R+ = 10, R− = 5, T = 5. Subsets of {1..5} summing ≤ 5:
        // {}, 1, 2, 3, 4, 5, 1+2, 1+3, 1+4, 2+3 → 10 of 32; p = 2 · 10/32 = 0.625.
        let t = wilcoxon(&[1.0, 2.0, 3.0, 4.0, 0.0], &[0.0, 0.0, 0.0, 0.0, 5.0]).unwrap();
        assert_eq!((t.statistic, t.method, t.n), (5.0, TestMethod::Exact, 5));
        assert!(close(t.p_value, 0.625, 1e-12), "{}", t.p_value);
        // All four positive: P(T ≥ 10) = 1/16, p = 1/8.
        let t = wilcoxon(&[1.0, 2.0, 3.0, 4.0], &[0.0; 4]).unwrap();
        assert!(close(t.p_value, 0.125, 1e-12));
    }

    #[test]
    fn wilcoxon_with_ties_enumerates_signs() {
        // d = [1, 1, −2]: ranks 1.5, 1.5, 3; R+ = 3. Sign patterns (8): R+ ∈
        // {0, 1.5, 1.5, 3, 3, 4.5, 4.5, 6}; P(R+ ≤ 3) = 5/8, P(R+ ≥ 3) = 5/8 → p = 1.
        let t = wilcoxon(&[1.0, 1.0, 0.0], &[0.0, 0.0, 2.0]).unwrap();
        assert_eq!(t.method, TestMethod::Enumerated);
        assert!(close(t.p_value, 1.0, 1e-12));
        // d = [1, 1, 1, 1, 1, 1] (ties): P(R+ ≥ 21) = 1/64 → p = 2/64.
        let t = wilcoxon(&[1.0; 6], &[0.0; 6]).unwrap();
        assert!(close(t.p_value, 2.0 / 64.0, 1e-12));
    }

    #[test]
    fn wilcoxon_normal_approximation_by_hand() {
        // 60 pairs, d = +1 for 40 and −1 for 20: all tied, ranks 30.5; R+ = 1220.
        // mean 60·61/4 = 915; var = (60·61·121 − (60³ − 60)/2)/24 = (442860 − 107970)/24
        // = 13953.75; z = 305 / 118.1260 = 2.58198; p = 0.0098232.
        let a: Vec<f64> = (0..60).map(|i| if i < 40 { 1.0 } else { 0.0 }).collect();
        let b: Vec<f64> = (0..60).map(|i| if i < 40 { 0.0 } else { 1.0 }).collect();
        let t = wilcoxon(&a, &b).unwrap();
        assert_eq!(t.method, TestMethod::Normal);
        let z = 305.0 / 13_953.75_f64.sqrt();
        assert!(close(t.p_value, normal_two_sided(z), 1e-15));
        assert!(close(t.p_value, 0.009_823, 1e-5), "{}", t.p_value);
    }

    #[test]
    #[expect(clippy::float_cmp, reason = "degenerate results are exact")]
    fn identical_systems_are_not_different() {
        let a = [1.0, 0.0, 1.0];
        assert_eq!(wilcoxon(&a, &a).unwrap().p_value, 1.0);
        assert_eq!(paired_t(&a, &a).unwrap().p_value, 1.0);
        assert_eq!(permutation_test(&a, &a, 1000, 1).unwrap().p_value, 1.0);
        assert_eq!(bootstrap_test(&a, &a, 1000, 1).unwrap().p_value, 1.0);
        assert_eq!(
            paired_t(&[1.0, 2.0], &[0.0, 1.0]),
            Err(StatsError::Constant)
        );
    }

    #[test]
    fn paired_t_by_hand() {
        // d = [1, 2, 3]: mean 2, sd 1, t = 2 / (1/√3) = 3.4641016, df 2
        // p = 1 − 3.4641/sqrt(2 + 12) … = 0.0741799 (scipy.stats.ttest_rel)
        let t = paired_t(&[1.0, 2.0, 3.0], &[0.0, 0.0, 0.0]).unwrap();
        assert!(close(t.statistic, 3.464_101_615_137_754_6, 1e-12));
        // With 2 df the t tail is exact: p = 1 − t / sqrt(2 + t²) = 1 − 3.4641/3.7417
        assert!(close(
            t.p_value,
            1.0 - t.statistic / (2.0 + t.statistic.powi(2)).sqrt(),
            1e-13
        ));
    }

    #[test]
    fn permutation_enumerates_small_samples() {
        // d = [1, 2, 3]: |sum| ≥ 6 only for all + and all −: p = 2/8.
        let t = permutation_test(&[1.0, 2.0, 3.0], &[0.0; 3], 10_000, 0).unwrap();
        assert_eq!(t.method, TestMethod::Enumerated);
        assert!(close(t.p_value, 0.25, 1e-12));
        // Forty identical gains cannot come from sign flips: p = 1/(1 + R).
        let t = permutation_test(&[1.0; 40], &[0.0; 40], 999, 3).unwrap();
        assert_eq!(t.method, TestMethod::Resampled);
        assert!(close(t.p_value, 1.0 / 1000.0, 1e-12));
    }

    #[test]
    fn bootstrap_test_detects_a_clear_gain() {
        let a: Vec<f64> = (0..100).map(|i| f64::from(i % 10 < 8)).collect();
        let b: Vec<f64> = (0..100).map(|i| f64::from(i % 10 < 4)).collect();
        let t = bootstrap_test(&a, &b, 2_000, 5).unwrap();
        assert!(t.p_value < 0.01, "{}", t.p_value);
        assert!(close(t.statistic, 0.4, 1e-12));
    }

    #[test]
    fn holm_by_hand() {
        // p = [0.01, 0.04, 0.03], m = 3: sorted 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 → 0.06
        let adjusted = holm(&[0.01, 0.04, 0.03]).unwrap();
        for (got, want) in adjusted.iter().zip([0.03, 0.06, 0.06]) {
            assert!(close(*got, want, 1e-12), "{adjusted:?}");
        }
        assert!(holm(&[]).unwrap().is_empty());
        assert_eq!(holm(&[0.9, 0.8]).unwrap(), vec![1.0, 1.0]);
    }

    #[test]
    fn markers_follow_lin() {
        assert_eq!(Marker::of(0.005, 0.1).symbol(), "▲");
        assert_eq!(Marker::of(0.03, -0.1).symbol(), "▽");
        assert_eq!(Marker::of(0.07, 0.1).symbol(), "^");
        assert_eq!(Marker::of(0.07, -0.1).symbol(), "v");
        assert_eq!(Marker::of(0.2, 0.1).symbol(), "◦");
        assert_eq!(Marker::of(0.0, 0.0).symbol(), "◦");
    }

    #[test]
    fn chi_square_matches_scipy() {
        // scipy.stats.chisquare(...).pvalue, scipy 1.x.
        for (counts, p) in [
            (&[10u64, 20, 30, 40][..], 0.000_169_742_435_552_826_32),
            (&[52, 48, 50, 50][..], 0.983_772_629_022_010_3),
            (&[7, 0, 0, 1][..], 0.000_706_742_392_337_028_2),
        ] {
            let (_, got) = chi_square_uniform(counts).unwrap();
            assert!(
                (got - p).abs() < 1e-12 * p.max(1e-3),
                "{counts:?}: {got} vs {p}"
            );
        }
        assert!((chi_square_uniform(&[10, 20, 30, 40]).unwrap().0 - 20.0).abs() < 1e-12);
        // Perfectly even counts: scipy.stats.chisquare([3, 3, 3, 3]) = (0.0, 1.0).
        assert_eq!(chi_square_uniform(&[3, 3, 3, 3]), Some((0.0, 1.0)));
        assert_eq!(chi_square_uniform(&[0, 0]), None);
        assert_eq!(chi_square_uniform(&[5]), None);
    }
}
