//! The paired bootstrap for right/not-right scores, for many systems against one baseline over
//! the same questions at once (METHODS.md §1).
//!
//! [`paired_bootstrap`](crate::paired_bootstrap) draws the same seeded resamples for every pair
//! of the same length; here they are drawn once and shared. With 0/1 scores x (a member) and y
//! (the baseline), a resample that draws question i c_i times sums Σ c_i (x_i − y_i) =
//! Σ c_i x_i − Σ c_i y_i, so each system needs one count per resample: how many of the drawn
//! questions it got right. A question's rights are a column of bits, one per system; a draw
//! spreads each byte of its column over the eight byte lanes of a word and adds the word, so it
//! counts for eight systems in one addition (the lanes are emptied into the counts every 255
//! draws, before a byte could overflow).
//!
//! Same draws; the means are the exact k / n where the one-pair function adds k terms of 1/n,
//! so the interval ends agree with it to the last few bits.

use crate::bootstrap::quantile;
use crate::{PairedDifference, SplitMix64, StatsError};

/// A byte of bits spread over the bytes of a word: bit k of the index is byte k of the entry.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        while k < 8 {
            if byte & (1 << k) != 0 {
                table[byte] |= 1 << (8 * k);
            }
            k += 1;
        }
        byte += 1;
    }
    table
};

/// Each member's mean(member) − mean(baseline) with its percentile bootstrap interval at
/// `level`, from `resamples` resamples of the questions seeded with `seed`: the numbers
/// [`crate::paired_bootstrap`] gives each pair as 0/1 scores, for all members at the price of
/// about one.
pub fn bootstrap_binary(
    baseline: &[bool],
    members: &[&[bool]],
    resamples: usize,
    level: f64,
    seed: u64,
) -> Result<Vec<PairedDifference>, StatsError> {
    let n = baseline.len();
    if let Some(other) = members.iter().find(|m| m.len() != n) {
        return Err(StatsError::Unpaired(other.len(), n));
    }
    if n == 0 || resamples == 0 {
        return Err(StatsError::Empty);
    }
    if members.is_empty() {
        return Ok(Vec::new());
    }
    // System 0 is the baseline; a question's column has one bit per system, 8 to a byte.
    let systems: Vec<&[bool]> = std::iter::once(baseline)
        .chain(members.iter().copied())
        .collect();
    let width = systems.len().div_ceil(8);
    let mut columns = vec![0u8; n * width];
    for (s, right) in systems.iter().enumerate() {
        for (i, _) in right.iter().enumerate().filter(|(_, r)| **r) {
            columns[i * width + s / 8] |= 1 << (s % 8);
        }
    }
    let resample = |rng: &mut SplitMix64, counts: &mut [u64], drawn: &mut Vec<usize>| {
        counts.fill(0);
        let mut left = n;
        while left > 0 {
            // At most 255 draws into a word's byte lanes before they are emptied into the
            // counts: no byte can overflow.
            drawn.clear();
            drawn.extend((0..left.min(255)).map(|_| rng.below(n) * width));
            left -= drawn.len();
            for (w, eight) in counts.chunks_mut(8).enumerate() {
                let lanes: u64 = drawn
                    .iter()
                    .map(|&at| SPREAD[usize::from(columns[at + w])])
                    .sum();
                for (k, count) in eight.iter_mut().enumerate() {
                    *count += (lanes >> (8 * k)) & 0xFF;
                }
            }
        }
    };
    // Resamples `range` from `rng`: each member's means, and the generator after them.
    let run = |range: std::ops::Range<usize>, mut rng: SplitMix64| {
        let mut counts = vec![0u64; width * 8];
        let mut drawn = Vec::with_capacity(255);
        let mut means = vec![Vec::with_capacity(range.len()); members.len()];
        for _ in range {
            resample(&mut rng, &mut counts, &mut drawn);
            let base = counts[0] as i64;
            for (k, resampled) in means.iter_mut().enumerate() {
                resampled.push((counts[k + 1] as i64 - base) as f64 / n as f64);
            }
        }
        (means, rng)
    };
    // The resamples split between the cores. Resample r starts r·n draws after the seed unless
    // an earlier draw was rejected (below()'s rare redraw, odds about n / 2^64): each part is
    // checked against where the one before it really ended, and redrawn from there if not.
    let parts = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, 4)
        .min(resamples);
    let bounds: Vec<usize> = (0..=parts).map(|p| p * resamples / parts).collect();
    let start = SplitMix64::new(seed);
    let mut done: Vec<(Vec<Vec<f64>>, SplitMix64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = bounds
            .windows(2)
            .map(|w| {
                let rng = start.skipped((w[0] * n) as u64);
                let run = &run;
                let range = w[0]..w[1];
                scope.spawn(move || run(range, rng))
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a resampling thread panicked"))
            .collect()
    });
    for p in 1..parts {
        let expected = start.skipped((bounds[p] * n) as u64);
        if done[p - 1].1 != expected {
            let from = done[p - 1].1.clone();
            done[p] = run(bounds[p]..bounds[p + 1], from);
        }
    }
    let mut means = vec![Vec::with_capacity(resamples); members.len()];
    for (part, _) in done {
        for (all, some) in means.iter_mut().zip(part) {
            all.extend(some);
        }
    }

    let tail = (1.0 - level) / 2.0;
    let score = |r: bool| f64::from(u8::from(r));
    Ok(members
        .iter()
        .zip(means)
        .map(|(member, mut resampled)| {
            resampled.sort_by(f64::total_cmp);
            PairedDifference {
                difference: member
                    .iter()
                    .zip(baseline)
                    .map(|(&x, &y)| (score(x) - score(y)) / n as f64)
                    .sum(),
                low: quantile(&resampled, tail),
                high: quantile(&resampled, 1.0 - tail),
                pairs: n,
                resamples,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paired_bootstrap;

    fn scores(seed: u64, n: usize, share: f64) -> Vec<bool> {
        let mut rng = SplitMix64::new(seed);
        (0..n).map(|_| rng.unit() <= share).collect()
    }

    fn as_scores(flags: &[bool]) -> Vec<f64> {
        flags.iter().map(|&r| f64::from(u8::from(r))).collect()
    }

    #[test]
    fn the_same_numbers_as_the_one_pair_bootstrap() {
        // One question, a few, a word's worth and past it; members beyond one 64-bit column
        // (70 of them); one member equal to the baseline.
        for (n, members, resamples) in [
            (1, 3, 500),
            (9, 5, 1_000),
            (64, 5, 2_000),
            (65, 70, 400),
            (300, 5, 3_000),
        ] {
            let base = scores(n as u64, n, 0.5);
            let others: Vec<Vec<bool>> = (0..members - 1)
                .map(|k| scores(100 + k as u64, n, 0.1 + 0.8 * k as f64 / members as f64))
                .chain([base.clone()])
                .collect();
            let slices: Vec<&[bool]> = others.iter().map(Vec::as_slice).collect();
            let batch = bootstrap_binary(&base, &slices, resamples, 0.95, 7).unwrap();
            assert_eq!(batch.len(), members);
            for (got, member) in batch.iter().zip(&slices) {
                let one =
                    paired_bootstrap(&as_scores(member), &as_scores(&base), resamples, 0.95, 7)
                        .unwrap();
                assert_eq!(got.difference.to_bits(), one.difference.to_bits());
                assert!(
                    (got.low - one.low).abs() < 1e-12,
                    "n {n}: {} vs {}",
                    got.low,
                    one.low
                );
                assert!(
                    (got.high - one.high).abs() < 1e-12,
                    "n {n}: {} vs {}",
                    got.high,
                    one.high
                );
                assert_eq!((got.pairs, got.resamples), (n, resamples));
            }
        }
    }

    #[test]
    fn refuses_unpaired_and_empty_input() {
        let (a, b) = ([true, false], [true]);
        assert_eq!(
            bootstrap_binary(&a, &[&b], 10, 0.95, 1),
            Err(StatsError::Unpaired(1, 2))
        );
        let none: [bool; 0] = [];
        assert_eq!(
            bootstrap_binary(&none, &[&none], 10, 0.95, 1),
            Err(StatsError::Empty)
        );
        assert_eq!(
            bootstrap_binary(&a, &[&a], 0, 0.95, 1),
            Err(StatsError::Empty)
        );
        assert!(bootstrap_binary(&a, &[], 10, 0.95, 1).unwrap().is_empty());
    }
}
