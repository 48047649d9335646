//! The formulation break-down (METHODS.md §10) on a worked example computed by hand below.

use super::write;
use proctor_api::dto::{AnswerSimilarity, FormulationRequest, ImportKind, ImportRequest};
use proctor_api::{ErrorCode, NoProgress, Project};

const SAMPLES: &str = "sample,formulation,question,score,answers\n\
s1,Original,How often?,0,d2\n\
s1,Rewritten,How often does it sync?,1,d1|d2\n\
s1,Human,How often does Tidewater sync?,1,d1\n\
s2,Original,What is the default port?,1,d5\n\
s2,Rewritten,What is the default port?,1,d5\n\
s2,Human,What is the default port?,1,d5\n\
s3,Original,Which port?,0.7,d3\n\
s3,Rewritten,Which port?,0.2,d9\n\
s3,Human,Which port does Tidewater listen on?,0.9,d3|d4\n\
s4,Original,What is it?,0,d8\n\
s4,Rewritten,What is it?,0.1,d8\n\
s4,Human,What is Tidewater's licence?,0.3,d7\n";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let sxx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let syy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    sxy / (sxx * syy).sqrt()
}

#[test]
fn the_break_down_matches_the_hand_computation() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    let path = write(dir.path(), "f.csv", SAMPLES);
    project
        .import(
            &ImportRequest::new(ImportKind::Formulations, path),
            &NoProgress,
        )
        .unwrap();
    let result = project
        .formulation_breakdown(&FormulationRequest {
            threshold: 0.5,
            similarity: AnswerSimilarity::Recall,
        })
        .unwrap();
    assert_eq!(result.formulations, ["Original", "Rewritten", "Human"]);
    assert_eq!(result.samples, 4);
    // At 0.5: s1 ✗✓✓, s2 ✓✓✓ (its human rewrite is the original), s3 ✓✗✓, s4 ✗✗✗.
    let count = |o: bool, r: bool, h: bool| {
        let p = result
            .patterns
            .iter()
            .find(|p| p.answered == [o, r, h])
            .unwrap();
        (p.count, p.unchanged)
    };
    assert_eq!(count(false, true, true), (1, 0));
    assert_eq!(count(true, true, true), (1, 1));
    assert_eq!(count(true, false, true), (1, 0));
    assert_eq!(count(false, false, false), (1, 0));
    assert_eq!(result.patterns.iter().map(|p| p.count).sum::<u32>(), 4);
    assert_eq!(result.unchanged, Some(1));
    let a = result.attribution.as_ref().unwrap();
    assert_eq!(
        (
            a.answering_errors,
            a.rewriting_errors,
            a.rewriting_needed,
            a.rewriting_not_needed
        ),
        (1, 1, 1, 1)
    );
    // Eq. 1: answered from the human rewrite s1, s2, s3, less s2 (unchanged) → 2; of them
    // answered from the original too: s3 → 1/2.
    assert!(close(a.answerable_without_rewriting.unwrap(), 0.5));
    // Means: Original (0 + 1 + 0.7 + 0) / 4, Rewritten 2.3 / 4, Human 3.2 / 4.
    assert!(
        close(result.means[0], 0.425)
            && close(result.means[1], 0.575)
            && close(result.means[2], 0.8)
    );
    // The sweep: 51 thresholds; at 0 every sample is answered everywhere; at 1 only s1 and s2
    // are answered from the human rewrite (s1 needed the rewrite, s2 did not).
    assert_eq!(result.sweep.len(), 51);
    assert!(close(result.sweep[0].shares[3], 1.0));
    assert!(close(result.sweep[50].shares[0], 0.5) && close(result.sweep[50].shares[2], 0.25));
    for point in &result.sweep {
        assert!(close(point.shares.iter().sum::<f64>(), 1.0));
    }
    // Scatter, Rewritten against Human: ROUGE-1 recall of the human question's stemmed words
    // (stopwords kept): s1 4 of {how, often, doe, tidewat, sync} → 0.8; s2 1; s3 {which, port}
    // of 6 → 1/3; s4 {what, is} of {what, is, tidewat, s, licenc} → 0.4. Answer recall of the
    // human answers: s1 1, s2 1, s3 0, s4 0.
    let s = result.scatter.as_ref().unwrap();
    assert_eq!(
        (s.formulation.as_str(), s.reference.as_str()),
        ("Rewritten", "Human")
    );
    let x: Vec<f64> = s.points.iter().map(|p| p.question).collect();
    let y: Vec<f64> = s.points.iter().map(|p| p.answer).collect();
    for (got, want) in x.iter().zip([0.8, 1.0, 1.0 / 3.0, 0.4]) {
        assert!(close(*got, want), "{x:?}");
    }
    assert_eq!(y, [1.0, 1.0, 0.0, 0.0]);
    assert!(close(
        s.r.unwrap(),
        pearson(&[0.8, 1.0, 1.0 / 3.0, 0.4], &[1.0, 1.0, 0.0, 0.0])
    ));
    // Jaccard instead: s1 {d1, d2} against {d1} → 1/2.
    let jaccard = project
        .formulation_breakdown(&FormulationRequest {
            threshold: 0.5,
            similarity: AnswerSimilarity::Jaccard,
        })
        .unwrap();
    assert!(close(jaccard.scatter.unwrap().points[0].answer, 0.5));
    let err = project
        .formulation_breakdown(&FormulationRequest {
            threshold: 2.0,
            similarity: AnswerSimilarity::Recall,
        })
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
}

#[test]
fn two_formulations_give_four_patterns_and_say_what_cannot_be_attributed() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    let path = write(
        dir.path(),
        "two.jsonl",
        "{\"sample\":\"a\",\"formulation\":\"Original\",\"question\":\"Q?\",\"score\":1}\n\
         {\"sample\":\"a\",\"formulation\":\"Human\",\"question\":\"Q?\",\"score\":0}\n\
         {\"sample\":\"b\",\"formulation\":\"Human\",\"question\":\"Full Q?\",\"score\":1}\n\
         {\"sample\":\"b\",\"formulation\":\"Original\",\"question\":\"Q?\",\"score\":1}\n",
    );
    project
        .import(
            &ImportRequest::new(ImportKind::Formulations, path),
            &NoProgress,
        )
        .unwrap();
    let result = project
        .formulation_breakdown(&FormulationRequest {
            threshold: 0.5,
            similarity: AnswerSimilarity::Recall,
        })
        .unwrap();
    assert_eq!(result.formulations, ["Original", "Human"]);
    assert_eq!(result.patterns.len(), 4);
    let counts: Vec<u32> = result.patterns.iter().map(|p| p.count).collect();
    assert_eq!(counts, [0, 1, 0, 1], "a is ✓✗, b ✓✓");
    assert_eq!(result.unchanged, Some(1));
    assert!(result.attribution.is_none() && result.scatter.is_none());
    assert_eq!(result.sweep_labels.len(), 4);
    assert!(
        result
            .notes
            .iter()
            .any(|n| n.contains("cannot be attributed"))
    );
    // A bad file leaves these samples in place.
    let bad = write(
        dir.path(),
        "bad.csv",
        "sample,formulation,question,score\nx,Original,Q,1\n",
    );
    assert!(
        project
            .import(
                &ImportRequest::new(ImportKind::Formulations, bad),
                &NoProgress
            )
            .is_err()
    );
    assert_eq!(project.summary().unwrap().counts.formulation_samples, 2);
}
