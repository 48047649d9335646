//! Reciprocal rank fusion (Cormack et al. 2009): a chunk's fused score is Σ 1 / (k + rank) over
//! the rankings it appears in (rank from 1), with k = 60.

use crate::Hit;
use std::collections::HashMap;

/// The constant of reciprocal rank fusion.
pub const RRF_K: f64 = 60.0;

/// Fuses rankings (each best first) into one, best first; ties by chunk id.
pub fn reciprocal_rank_fusion(rankings: &[Vec<Hit>], k: usize) -> Vec<Hit> {
    let mut scores: HashMap<i64, f64> = HashMap::new();
    for ranking in rankings {
        for (rank, hit) in ranking.iter().enumerate() {
            *scores.entry(hit.chunk).or_insert(0.0) += 1.0 / (RRF_K + (rank + 1) as f64);
        }
    }
    let mut fused: Vec<Hit> = scores
        .into_iter()
        .map(|(chunk, score)| Hit { chunk, score })
        .collect();
    fused.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.chunk.cmp(&b.chunk)));
    fused.truncate(k);
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranking(ids: &[i64]) -> Vec<Hit> {
        ids.iter().map(|&chunk| Hit { chunk, score: 0.0 }).collect()
    }

    #[test]
    fn by_hand() {
        // 7 is 1st and 2nd: 1/61 + 1/62; 8 is 2nd and 1st: the same; 9 only 3rd: 1/63.
        let fused = reciprocal_rank_fusion(&[ranking(&[7, 8, 9]), ranking(&[8, 7])], 10);
        assert_eq!(
            fused.iter().map(|h| h.chunk).collect::<Vec<_>>(),
            vec![7, 8, 9]
        );
        assert!((fused[0].score - (1.0 / 61.0 + 1.0 / 62.0)).abs() < 1e-15);
        assert!((fused[2].score - 1.0 / 63.0).abs() < 1e-15);
        assert_eq!(reciprocal_rank_fusion(&[ranking(&[1, 2, 3])], 2).len(), 2);
    }
}
