//! trec_eval's measures against `pytrec_eval-terrier` on generated qrels and runs with graded
//! judgements, unjudged documents, queries without relevant documents and tied scores.

use crate::reference::{agree, run};
use proctor_stats::SplitMix64;
use proctor_stats::ir::{Qrels, Run, evaluate};
use serde_json::{Map, Value, json};

#[test]
fn measures_agree_with_pytrec_eval() {
    let mut rng = SplitMix64::new(77);
    let mut qrels = Qrels::new();
    let mut runs = Run::new();
    for q in 0..40 {
        let query = format!("q{q}");
        let judged = qrels.entry(query.clone()).or_default();
        for d in 0..30 {
            if rng.unit() < 0.5 {
                // Every fifth query has no relevant document at all.
                let grade = if q % 5 == 0 {
                    0
                } else {
                    (rng.unit() * 4.0) as i64
                };
                judged.insert(format!("doc{d:02}"), grade);
            }
        }
        let docs = runs.entry(query).or_default();
        for d in 0..40 {
            if rng.unit() < 0.7 {
                // One decimal: many ties, broken by document id.
                let score = (rng.unit() * 10.0).round() / 10.0;
                docs.push((format!("doc{d:02}"), score));
            }
        }
    }
    let qrels_json: Map<String, Value> = qrels.iter().map(|(q, d)| (q.clone(), json!(d))).collect();
    let run_json: Map<String, Value> = runs
        .iter()
        .map(|(q, docs)| {
            let scores: Map<String, Value> =
                docs.iter().map(|(d, s)| (d.clone(), json!(s))).collect();
            (q.clone(), Value::Object(scores))
        })
        .collect();
    let reference = run("trec.py", &json!({"qrels": qrels_json, "run": run_json}));
    let ours = evaluate(&qrels, &runs, 10, 20);
    assert_eq!(ours.queries.len(), reference.as_object().unwrap().len());
    for (query, m) in &ours.queries {
        let theirs = &reference[query];
        let value = |name: &str| theirs[name].as_f64().unwrap();
        agree(
            &format!("P_10 of {query}"),
            m.precision_at_k,
            value("P_10"),
            1e-9,
        );
        agree(
            &format!("Rprec of {query}"),
            m.r_precision,
            value("Rprec"),
            1e-9,
        );
        agree(
            &format!("map of {query}"),
            m.average_precision,
            value("map"),
            1e-9,
        );
        agree(
            &format!("ndcg_cut_20 of {query}"),
            m.ndcg_at_k,
            value("ndcg_cut_20"),
            1e-9,
        );
        agree(
            &format!("recip_rank of {query}"),
            m.reciprocal_rank,
            value("recip_rank"),
            1e-9,
        );
    }
}
