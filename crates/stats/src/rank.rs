//! Ranks with ties averaged (scipy's `rankdata(method="average")`).

/// 1-based ranks of `values`; tied values share the mean of the ranks they span.
/// The caller guarantees the values are finite.
#[expect(clippy::float_cmp, reason = "ties are exactly equal values")]
pub fn average_ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && values[order[end]] == values[order[start]] {
            end += 1;
        }
        // Positions start..end hold ranks start+1 ..= end; their mean:
        let shared = (start + end + 1) as f64 / 2.0;
        for &index in &order[start..end] {
            ranks[index] = shared;
        }
        start = end;
    }
    ranks
}

/// The sizes of the groups of tied values (groups of one included).
#[expect(clippy::float_cmp, reason = "ties are exactly equal values")]
pub fn tie_groups(values: &[f64]) -> Vec<usize> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mut groups = Vec::new();
    let mut start = 0;
    while start < sorted.len() {
        let end = start
            + sorted[start..]
                .iter()
                .take_while(|v| **v == sorted[start])
                .count();
        groups.push(end - start);
        start = end;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_the_mean_rank() {
        // scipy.stats.rankdata([10, 20, 10, 30, 20, 20]) = [1.5, 4, 1.5, 6, 4, 4]
        assert_eq!(
            average_ranks(&[10.0, 20.0, 10.0, 30.0, 20.0, 20.0]),
            vec![1.5, 4.0, 1.5, 6.0, 4.0, 4.0]
        );
        assert_eq!(
            tie_groups(&[10.0, 20.0, 10.0, 30.0, 20.0, 20.0]),
            vec![2, 3, 1]
        );
        assert!(average_ranks(&[]).is_empty());
    }
}
