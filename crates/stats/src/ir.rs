//! Official IR measures from relevance judgements (qrels) and a ranked run, as trec_eval
//! computes them (METHODS.md §2): P@k, R-precision, average precision, nDCG@k and reciprocal
//! rank. A document is relevant when its grade is at least 1; the run is ordered by score,
//! ties broken by document id in reverse lexicographic order (trec_eval's order).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Relevance grades: query → document → grade.
pub type Qrels = BTreeMap<String, BTreeMap<String, i64>>;

/// A run: query → (document, score) pairs, in any order.
pub type Run = BTreeMap<String, Vec<(String, f64)>>;

/// The measures of one query.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct QueryMeasures {
    /// Precision of the first k documents (k given to [`evaluate`]).
    pub precision_at_k: f64,
    /// Precision of the first R documents, R = number of relevant documents.
    pub r_precision: f64,
    /// Average precision (MAP when averaged over queries).
    pub average_precision: f64,
    /// nDCG of the first k documents (gain = grade, discount log2(rank + 1)).
    pub ndcg_at_k: f64,
    /// 1 / rank of the first relevant document (0 if none).
    pub reciprocal_rank: f64,
}

/// Measures per query and their means.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// Cut-off of P@k.
    pub precision_cutoff: usize,
    /// Cut-off of nDCG@k.
    pub ndcg_cutoff: usize,
    /// Per query that has judgements and appears in the run.
    pub queries: BTreeMap<String, QueryMeasures>,
    /// Means over those queries (None when there are none).
    pub mean: Option<QueryMeasures>,
}

/// The run's documents for one query in trec_eval's order.
fn ranked(documents: &[(String, f64)]) -> Vec<&str> {
    let mut order: Vec<&(String, f64)> = documents.iter().collect();
    order.sort_by(|a, b| crate::compare_values(b.1, a.1).then_with(|| b.0.cmp(&a.0)));
    order.into_iter().map(|(d, _)| d.as_str()).collect()
}

/// The measures of one query.
pub fn measure_query(
    judged: &BTreeMap<String, i64>,
    documents: &[(String, f64)],
    precision_cutoff: usize,
    ndcg_cutoff: usize,
) -> QueryMeasures {
    let order = ranked(documents);
    let grade = |d: &str| judged.get(d).copied().unwrap_or(0);
    let relevant = judged.values().filter(|g| **g >= 1).count();
    let hits_in = |k: usize| order.iter().take(k).filter(|d| grade(d) >= 1).count();
    let mut found = 0usize;
    let mut precision_sum = 0.0;
    let mut reciprocal_rank = 0.0;
    for (i, d) in order.iter().enumerate() {
        if grade(d) >= 1 {
            found += 1;
            precision_sum += found as f64 / (i + 1) as f64;
            if found == 1 {
                reciprocal_rank = 1.0 / (i + 1) as f64;
            }
        }
    }
    let dcg = |grades: &mut dyn Iterator<Item = i64>| -> f64 {
        grades
            .take(ndcg_cutoff)
            .enumerate()
            .filter(|(_, g)| *g > 0)
            .map(|(i, g)| g as f64 / ((i + 2) as f64).log2())
            .sum()
    };
    let mut ideal: Vec<i64> = judged.values().copied().filter(|g| *g > 0).collect();
    ideal.sort_unstable_by(|a, b| b.cmp(a));
    let ideal_dcg = dcg(&mut ideal.into_iter());
    let run_dcg = dcg(&mut order.iter().map(|d| grade(d)));
    let ratio = |n: f64, d: f64| if d > 0.0 { n / d } else { 0.0 };
    QueryMeasures {
        precision_at_k: ratio(hits_in(precision_cutoff) as f64, precision_cutoff as f64),
        r_precision: ratio(hits_in(relevant) as f64, relevant as f64),
        average_precision: ratio(precision_sum, relevant as f64),
        ndcg_at_k: ratio(run_dcg, ideal_dcg),
        reciprocal_rank,
    }
}

/// Evaluates a run against qrels over the queries that have judgements and appear in the run
/// (trec_eval's default).
pub fn evaluate(
    qrels: &Qrels,
    run: &Run,
    precision_cutoff: usize,
    ndcg_cutoff: usize,
) -> Evaluation {
    let queries: BTreeMap<String, QueryMeasures> = run
        .iter()
        .filter_map(|(query, documents)| {
            let judged = qrels.get(query)?;
            Some((
                query.clone(),
                measure_query(judged, documents, precision_cutoff, ndcg_cutoff),
            ))
        })
        .collect();
    let n = queries.len() as f64;
    let mean = (!queries.is_empty()).then(|| {
        let sum = |f: fn(&QueryMeasures) -> f64| queries.values().map(f).sum::<f64>() / n;
        QueryMeasures {
            precision_at_k: sum(|m| m.precision_at_k),
            r_precision: sum(|m| m.r_precision),
            average_precision: sum(|m| m.average_precision),
            ndcg_at_k: sum(|m| m.ndcg_at_k),
            reciprocal_rank: sum(|m| m.reciprocal_rank),
        }
    });
    Evaluation {
        precision_cutoff,
        ndcg_cutoff,
        queries,
        mean,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trec_eval_by_hand() {
        // Judged: d1 = 2, d3 = 1, d4 = 1 (d2 = 0). Run order with ties by id descending:
        // d2 (2.0), d5, d3, d1 (1.0 each), d4 (0.5).
        let judged: BTreeMap<String, i64> = [("d1", 2), ("d2", 0), ("d3", 1), ("d4", 1)]
            .into_iter()
            .map(|(d, g)| (d.to_owned(), g))
            .collect();
        let docs: Vec<(String, f64)> = [
            ("d1", 1.0),
            ("d2", 2.0),
            ("d3", 1.0),
            ("d5", 1.0),
            ("d4", 0.5),
        ]
        .into_iter()
        .map(|(d, s)| (d.to_owned(), s))
        .collect();
        let m = measure_query(&judged, &docs, 5, 3);
        // AP = (1/3 + 2/4 + 3/5) / 3; R-prec = 1/3 (R = 3); RR = 1/3; P@5 = 3/5
        assert!((m.average_precision - (1.0 / 3.0 + 0.5 + 0.6) / 3.0).abs() < 1e-12);
        assert!((m.r_precision - 1.0 / 3.0).abs() < 1e-12);
        assert!((m.reciprocal_rank - 1.0 / 3.0).abs() < 1e-12);
        assert!((m.precision_at_k - 0.6).abs() < 1e-12);
        // nDCG@3 = (1/log2 4) / (2/log2 2 + 1/log2 3 + 1/log2 4)
        let ideal = 2.0 + 1.0 / 3f64.log2() + 0.5;
        assert!((m.ndcg_at_k - 0.5 / ideal).abs() < 1e-12);
    }

    #[test]
    fn queries_without_judgements_are_left_out() {
        let qrels: Qrels = [("q1".to_owned(), [("a".to_owned(), 1)].into_iter().collect())]
            .into_iter()
            .collect();
        let run: Run = [
            ("q1".to_owned(), vec![("a".to_owned(), 1.0)]),
            ("q9".to_owned(), vec![("a".to_owned(), 1.0)]),
        ]
        .into_iter()
        .collect();
        let e = evaluate(&qrels, &run, 10, 20);
        assert_eq!(e.queries.len(), 1);
        assert!((e.mean.unwrap().average_precision - 1.0).abs() < 1e-12);
        assert_eq!(evaluate(&qrels, &Run::new(), 10, 20).mean, None);
    }
}
