//! Correlation of two leaderboards (METHODS.md §2): Pearson, Spearman and Kendall τ-b with the
//! p-values scipy.stats gives, and the correlation with ties within noise broken at random.

use crate::rank::average_ranks;
use crate::special::normal_two_sided;
use crate::{SplitMix64, StatsError, check_finite};
use serde::{Deserialize, Serialize};
use statrs::function::beta::beta_reg;

/// A correlation coefficient with its two-sided p-value under "no association".
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Correlation {
    /// The coefficient, in [−1, 1].
    pub coefficient: f64,
    /// Two-sided p-value.
    pub p_value: f64,
    /// Number of pairs.
    pub n: usize,
}

fn check_pairs(x: &[f64], y: &[f64], needed: usize) -> Result<(), StatsError> {
    if x.len() != y.len() {
        return Err(StatsError::Unpaired(x.len(), y.len()));
    }
    if x.len() < needed {
        return Err(StatsError::TooFew {
            needed,
            got: x.len(),
        });
    }
    check_finite(x)?;
    check_finite(y)
}

/// p-value of a product-moment correlation r from n pairs: the t test with n − 2 degrees of
/// freedom, written as I_{1−r²}((n−2)/2, 1/2) so that |r| near 1 keeps its precision
/// (scipy's `pearsonr`, whose beta distribution is the same law).
fn product_moment_p(r: f64, n: usize) -> f64 {
    if n <= 2 {
        return 1.0;
    }
    let one_minus_r2 = ((1.0 - r) * (1.0 + r)).max(0.0);
    if one_minus_r2 == 0.0 {
        return 0.0;
    }
    beta_reg((n as f64 - 2.0) / 2.0, 0.5, one_minus_r2).clamp(0.0, 1.0)
}

/// Pearson's product-moment correlation (scipy's `pearsonr`). A constant input has no
/// correlation: [`StatsError::Constant`].
pub fn pearson(x: &[f64], y: &[f64]) -> Result<Correlation, StatsError> {
    check_pairs(x, y, 2)?;
    let n = x.len();
    // r does not change when x or y is scaled: bring both to magnitudes ≤ 1 first, so that
    // squares and sums of values near 1e308 neither overflow nor lose every digit.
    let scaled = |v: &[f64]| -> Vec<f64> {
        let largest = v.iter().fold(0.0_f64, |m, a| m.max(a.abs()));
        if largest == 0.0 {
            v.to_vec()
        } else {
            v.iter().map(|a| a / largest).collect()
        }
    };
    let (x, y) = (&scaled(x)[..], &scaled(y)[..]);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / n as f64;
    let (mx, my) = (mean(x), mean(y));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        let (dx, dy) = (a - mx, b - my);
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if sxx == 0.0 || syy == 0.0 {
        return Err(StatsError::Constant);
    }
    let r = (sxy / (sxx.sqrt() * syy.sqrt())).clamp(-1.0, 1.0);
    Ok(Correlation {
        coefficient: r,
        p_value: product_moment_p(r, n),
        n,
    })
}

/// Spearman's ρ: Pearson's r of the average ranks, with scipy's t-based p-value.
pub fn spearman(x: &[f64], y: &[f64]) -> Result<Correlation, StatsError> {
    check_pairs(x, y, 2)?;
    pearson(&average_ranks(x), &average_ranks(y))
}

/// Kendall's τ-b with scipy's p-value: exact when there are no ties and n ≤ 33 (or at most one
/// discordant or concordant pair), otherwise the normal approximation with the tie-corrected
/// variance.
#[expect(clippy::many_single_char_names, reason = "the symbols of the formulas")]
pub fn kendall_tau_b(x: &[f64], y: &[f64]) -> Result<Correlation, StatsError> {
    check_pairs(x, y, 2)?;
    let n = x.len();
    let (mut concordant, mut discordant) = (0u64, 0u64);
    let (mut x_ties, mut y_ties) = (0u64, 0u64);
    for i in 0..n {
        for j in i + 1..n {
            let dx = crate::compare_values(x[i], x[j]) as i8;
            let dy = crate::compare_values(y[i], y[j]) as i8;
            match (dx, dy) {
                (0, 0) => {
                    x_ties += 1;
                    y_ties += 1;
                }
                (0, _) => x_ties += 1,
                (_, 0) => y_ties += 1,
                _ if dx == dy => concordant += 1,
                _ => discordant += 1,
            }
        }
    }
    let total = (n * (n - 1) / 2) as u64;
    if x_ties == total || y_ties == total {
        return Err(StatsError::Constant);
    }
    let s = concordant as f64 - discordant as f64;
    let tau =
        (s / ((total - x_ties) as f64).sqrt() / ((total - y_ties) as f64).sqrt()).clamp(-1.0, 1.0);
    let exact = x_ties == 0 && y_ties == 0 && (n <= 33 || discordant.min(total - discordant) <= 1);
    let p_value = if exact {
        kendall_exact_p(n, concordant)
    } else {
        let nf = n as f64;
        let m = nf * (nf - 1.0);
        let (x0, x1) = tie_sums(x);
        let (y0, y1) = tie_sums(y);
        let variance = (m * (2.0 * nf + 5.0) - x1 - y1) / 18.0
            + 2.0 * x_ties as f64 * y_ties as f64 / m
            + x0 * y0 / (9.0 * m * (nf - 2.0));
        normal_two_sided(s / variance.sqrt())
    };
    Ok(Correlation {
        coefficient: tau,
        p_value,
        n,
    })
}

/// Σ t(t−1)(t−2) and Σ t(t−1)(2t+5) over groups of t tied values.
fn tie_sums(values: &[f64]) -> (f64, f64) {
    crate::rank::tie_groups(values)
        .into_iter()
        .map(|t| t as f64)
        .fold((0.0, 0.0), |(a, b), t| {
            (
                a + t * (t - 1.0) * (t - 2.0),
                b + t * (t - 1.0) * (2.0 * t + 5.0),
            )
        })
}

/// Two-sided exact p-value of Kendall's statistic with `concordant` concordant pairs among n
/// untied values (Kendall 1970; scipy's `_kendall_p_exact`): twice the lower tail of the
/// number of inversions of a random permutation (Mahonian numbers), normalised as it is built.
fn kendall_exact_p(n: usize, concordant: u64) -> f64 {
    let pairs = (n * (n - 1) / 2) as u64;
    let c = concordant.min(pairs - concordant) as usize;
    if n <= 2 || 4 * c == n * (n - 1) {
        return 1.0;
    }
    // After step j, tail[k] = 2 · (number of permutations of j with k inversions) / j!: the
    // Mahonian recurrence M(j, k) = Σ_{i<j} M(j − 1, k − i), divided by j at each step and
    // started from M(2, ·) = [1, 1] (so the factor 2 of the two-sided p-value is built in).
    let mut tail = vec![0.0; c + 1];
    tail[0] = 1.0;
    if c >= 1 {
        tail[1] = 1.0;
    }
    for j in 3..=n {
        let mut cumulative = tail.clone();
        for k in 1..=c {
            cumulative[k] += cumulative[k - 1];
        }
        for k in 0..=c {
            let dropped = if k >= j { cumulative[k - j] } else { 0.0 };
            tail[k] = (cumulative[k] - dropped) / j as f64;
        }
    }
    tail.iter().sum::<f64>().clamp(0.0, 1.0)
}

/// One leaderboard: each system's score and its standard error (0 when unknown), in the same
/// system order as the leaderboard it is compared with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoredBoard {
    /// Scores, higher is better.
    pub scores: Vec<f64>,
    /// Standard errors of the scores.
    pub standard_errors: Vec<f64>,
}

/// Agreement of two leaderboards over the same systems.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardAgreement {
    /// Kendall τ-b of the raw scores.
    pub kendall: Correlation,
    /// Spearman ρ of the raw scores.
    pub spearman: Correlation,
    /// Pearson r of the raw scores.
    pub pearson: Correlation,
    /// Kendall τ with ties within noise broken at random: mean over the repeats.
    pub kendall_ties_broken_mean: f64,
    /// … and its standard deviation.
    pub kendall_ties_broken_sd: f64,
    /// Spearman ρ with ties within noise broken at random: mean over the repeats.
    pub spearman_ties_broken_mean: f64,
    /// … and its standard deviation.
    pub spearman_ties_broken_sd: f64,
    /// Number of random tie-breaks.
    pub repeats: usize,
}

/// A ranking of one board in which systems within noise of each other are in random order:
/// walking down the scores, a system joins the current tie group while its score is equal to,
/// or less than the larger standard error below, the group's top system; each group is
/// shuffled.
/// Returns positions (higher = better) usable as scores.
fn noisy_positions(board: &ScoredBoard, rng: &mut SplitMix64) -> Vec<f64> {
    let n = board.scores.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| crate::compare_values(board.scores[b], board.scores[a]).then(a.cmp(&b)));
    let mut positions = vec![0.0; n];
    let mut start = 0;
    while start < n {
        let top = order[start];
        let mut end = start + 1;
        while end < n {
            let other = order[end];
            let noise = board.standard_errors[top].max(board.standard_errors[other]);
            let gap = board.scores[top] - board.scores[other];
            let tied = gap < noise || gap == 0.0;
            if tied {
                end += 1;
            } else {
                break;
            }
        }
        let group = &mut order[start..end];
        for i in (1..group.len()).rev() {
            group.swap(i, rng.below(i + 1));
        }
        start = end;
    }
    for (rank, &system) in order.iter().enumerate() {
        positions[system] = (n - rank) as f64;
    }
    positions
}

fn mean_and_sd(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let sd = if values.len() > 1 {
        (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
    } else {
        0.0
    };
    (mean, sd)
}

/// Compares two leaderboards over the same systems (METHODS.md §2): the three correlations of
/// the scores, and Kendall and Spearman after breaking ties within noise at random `repeats`
/// times (seeded).
pub fn compare_leaderboards(
    first: &ScoredBoard,
    second: &ScoredBoard,
    repeats: usize,
    seed: u64,
) -> Result<LeaderboardAgreement, StatsError> {
    for board in [first, second] {
        if board.scores.len() != board.standard_errors.len() {
            return Err(StatsError::Unpaired(
                board.scores.len(),
                board.standard_errors.len(),
            ));
        }
        check_finite(&board.standard_errors)?;
    }
    let raw_kendall = kendall_tau_b(&first.scores, &second.scores)?;
    let raw_spearman = spearman(&first.scores, &second.scores)?;
    let raw_pearson = pearson(&first.scores, &second.scores)?;
    let mut rng = SplitMix64::new(seed);
    let mut taus = Vec::with_capacity(repeats);
    let mut rhos = Vec::with_capacity(repeats);
    for _ in 0..repeats.max(1) {
        let a = noisy_positions(first, &mut rng);
        let b = noisy_positions(second, &mut rng);
        // Positions have no ties, so neither correlation can fail on them.
        taus.push(kendall_tau_b(&a, &b)?.coefficient);
        rhos.push(spearman(&a, &b)?.coefficient);
    }
    let (kendall_ties_broken_mean, kendall_ties_broken_sd) = mean_and_sd(&taus);
    let (spearman_ties_broken_mean, spearman_ties_broken_sd) = mean_and_sd(&rhos);
    Ok(LeaderboardAgreement {
        kendall: raw_kendall,
        spearman: raw_spearman,
        pearson: raw_pearson,
        kendall_ties_broken_mean,
        kendall_ties_broken_sd,
        spearman_ties_broken_mean,
        spearman_ties_broken_sd,
        repeats: taus.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn pearson_by_hand() {
        // x = 1..5, y = [2, 4, 5, 4, 5]: mean y 4, sxy = 6, sxx = 10, syy = 6
        // r = 6 / sqrt(60) = 0.7745967; t = r sqrt(3/(1−r²)) = 2.1213203, df 3,
        // p = 0.12402706 (scipy.stats.pearsonr)
        let c = pearson(&[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0, 4.0, 5.0, 4.0, 5.0]).unwrap();
        assert!(close(c.coefficient, 0.774_596_669_241_483_4, 1e-12));
        assert!(close(
            c.p_value,
            crate::special::t_two_sided(2.121_320_343_559_642, 3.0),
            1e-12
        ));
        assert!(
            close(c.p_value, 0.124_027_062_657_554_6, 1e-9),
            "{}",
            c.p_value
        );
    }

    #[test]
    fn spearman_uses_average_ranks() {
        // Ranks of y = [2, 4, 5, 4, 5] are [1, 2.5, 4.5, 2.5, 4.5]: Σ dx dy = 7,
        // Σ dx² = 10, Σ dy² = 9 → ρ = 7 / sqrt(90) = 0.7378648
        let c = spearman(&[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0, 4.0, 5.0, 4.0, 5.0]).unwrap();
        assert!(close(c.coefficient, 7.0 / 90f64.sqrt(), 1e-12));
    }

    #[test]
    fn kendall_by_hand() {
        // x = 1..4, y = [1, 3, 2, 4]: 5 concordant, 1 discordant, τ = 4/6. Exact p: the
        // permutations of 4 with ≤ 1 inversion are 1 + 3 = 4 of 24; p = 2·4/24 = 1/3.
        let c = kendall_tau_b(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]).unwrap();
        assert!(close(c.coefficient, 4.0 / 6.0, 1e-12));
        assert!(close(c.p_value, 1.0 / 3.0, 1e-12), "{}", c.p_value);
        // Perfect order of 5: p = 2/5! = 1/60
        let c = kendall_tau_b(&[1.0, 2.0, 3.0, 4.0, 5.0], &[1.0, 2.0, 3.0, 4.0, 5.0]).unwrap();
        assert!(close(c.p_value, 1.0 / 60.0, 1e-12));
        // Ties: x = [1, 1, 2, 3], y = [1, 2, 3, 3]: pairs (1,2) tie in x, (3,4) tie in y, the
        // other 4 concordant; τ-b = 4 / sqrt(5 · 5) = 0.8
        let c = kendall_tau_b(&[1.0, 1.0, 2.0, 3.0], &[1.0, 2.0, 3.0, 3.0]).unwrap();
        assert!(close(c.coefficient, 0.8, 1e-12));
    }

    #[test]
    fn degenerate_boards_are_errors_not_nan() {
        assert_eq!(
            pearson(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]),
            Err(StatsError::Constant)
        );
        assert_eq!(
            kendall_tau_b(&[2.0, 2.0], &[1.0, 2.0]),
            Err(StatsError::Constant)
        );
        assert_eq!(
            spearman(&[1.0], &[1.0]),
            Err(StatsError::TooFew { needed: 2, got: 1 })
        );
        assert_eq!(
            pearson(&[1.0, f64::NAN], &[1.0, 2.0]),
            Err(StatsError::NotFinite(1))
        );
        assert_eq!(
            pearson(&[1.0, 2.0], &[1.0]),
            Err(StatsError::Unpaired(2, 1))
        );
    }

    #[test]
    fn ties_within_noise_are_broken_at_random() {
        // Systems 0 and 1 are within noise on the first board and swapped on the second: the
        // raw τ is −1/3·… but with ties broken the mean moves toward agreement.
        let first = ScoredBoard {
            scores: vec![0.80, 0.79, 0.50],
            standard_errors: vec![0.03, 0.03, 0.03],
        };
        let second = ScoredBoard {
            scores: vec![0.60, 0.70, 0.20],
            standard_errors: vec![0.01, 0.01, 0.01],
        };
        let agreement = compare_leaderboards(&first, &second, 10, 7).unwrap();
        // Raw: pairs (0,1) discordant, (0,2) and (1,2) concordant → τ = 1/3.
        assert!(close(agreement.kendall.coefficient, 1.0 / 3.0, 1e-12));
        // Broken ties: each repeat gives τ = 1 (0 above 1) or 1/3 (1 above 0).
        assert_eq!(agreement.repeats, 10);
        assert!(agreement.kendall_ties_broken_mean > 1.0 / 3.0);
        assert!(agreement.kendall_ties_broken_mean < 1.0);
        assert!(agreement.kendall_ties_broken_sd > 0.0);
        let again = compare_leaderboards(&first, &second, 10, 7).unwrap();
        assert_eq!(agreement, again);
    }
}
