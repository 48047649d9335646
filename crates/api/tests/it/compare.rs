use super::*;
use proctor_api::dto::CompareRequest;

fn request(first: &str, second: &str) -> CompareRequest {
    CompareRequest {
        exam: None,
        first: first.into(),
        second: second.into(),
    }
}

#[test]
fn the_best_and_the_worst_sample_systems_differ_for_real() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let project = Project::open(&path).unwrap();
    let c = project.compare(&request("Atlas RAG", "Echo Bot")).unwrap();
    assert_eq!(c.pairs, 120);
    assert_eq!(c.both + c.only_first + c.only_second + c.neither, c.pairs);
    // Every count has its questions, and each question is in exactly one list.
    let q = &c.questions;
    let lens = [
        q.both.len(),
        q.only_first.len(),
        q.only_second.len(),
        q.neither.len(),
    ];
    assert_eq!(
        lens.map(|l| l as u32),
        [c.both, c.only_first, c.only_second, c.neither]
    );
    let mut all: Vec<&String> = q
        .both
        .iter()
        .chain(&q.only_first)
        .chain(&q.only_second)
        .chain(&q.neither)
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 120);
    let expected = f64::from(c.only_first) / 120.0 - f64::from(c.only_second) / 120.0;
    assert!(
        (c.difference - expected).abs() < 1e-12,
        "difference = discordant pairs / n"
    );
    assert!((c.difference - (c.first_accuracy - c.second_accuracy)).abs() < 1e-12);
    assert!(c.excludes_zero && c.low > 0.3, "{c:?}");
    assert_eq!((c.resamples, c.seed), (10_000, 20_261_122));
    assert_eq!(
        project.compare(&request("Atlas RAG", "Echo Bot")).unwrap(),
        c,
        "seeded"
    );

    // Drift QA reported 5 errors: those questions stay in the pairing, not right.
    let d = project.compare(&request("Drift QA", "Atlas RAG")).unwrap();
    assert_eq!(d.pairs, 120);
    // Beacon Search and Cobalt Assist are a point apart: the interval straddles 0.
    let close = project
        .compare(&request("Beacon Search", "Cobalt Assist"))
        .unwrap();
    assert!(
        !close.excludes_zero && close.low < 0.0 && close.high > 0.0,
        "{close:?}"
    );
    let err = project
        .compare(&request("Atlas RAG", "Nobody"))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotFound);

    // The verdict agrees with the interval: a clear gain is real, a one-point gap could be
    // luck. The test is the exact McNemar test on the discordant questions, over the
    // family of the sample's systems against the second (6 comparisons: 7 systems, none
    // a pipeline, less the baseline).
    assert_eq!(c.verdict.test, "exact McNemar");
    let mcnemar = proctor_stats::significance::mcnemar_exact(
        u64::from(c.only_first),
        u64::from(c.only_second),
    );
    assert!((c.verdict.p_value - mcnemar.p_value).abs() < 1e-15);
    assert_eq!(c.verdict.family_size, 6);
    assert!(
        c.verdict.real && c.verdict.adjusted_p_value < 0.001,
        "{c:?}"
    );
    assert_eq!(c.verdict.marker, "▲");
    assert!(
        c.verdict.sentence.contains("the difference is real"),
        "{}",
        c.verdict.sentence
    );
    assert!(c.wilcoxon_p < 0.0001, "secondary column");
    assert!(
        !close.verdict.real && close.verdict.p_value > 0.5,
        "{close:?}"
    );
    assert!(close.wilcoxon_p > 0.5 && close.t_test_p.is_some_and(|p| p > 0.5));
    assert_eq!(close.verdict.marker, "◦");
    assert!(close.verdict.sentence.contains("could be luck"));

    // In either order the pair gets one verdict: asked as the leaderboard asks it, the weaker
    // against the stronger, with the same family and adjusted p; the marker points the way
    // of the pair as asked.
    let turned = project.compare(&request("Echo Bot", "Atlas RAG")).unwrap();
    assert_eq!(turned.verdict.sentence, c.verdict.sentence);
    assert_eq!(
        turned.verdict.adjusted_p_value.to_bits(),
        c.verdict.adjusted_p_value.to_bits()
    );
    assert_eq!(turned.verdict.family, c.verdict.family);
    assert_eq!(turned.verdict.marker, "▼");
    assert!(
        c.verdict.sentence.starts_with("Echo Bot's accuracy is"),
        "{}",
        c.verdict.sentence
    );
    for (a, b) in [
        ("Beacon Search", "Cobalt Assist"),
        ("Drift QA", "Atlas RAG"),
    ] {
        let one = project.compare(&request(a, b)).unwrap();
        let other = project.compare(&request(b, a)).unwrap();
        assert_eq!(
            one.verdict.adjusted_p_value.to_bits(),
            other.verdict.adjusted_p_value.to_bits(),
            "{a} and {b}"
        );
        assert_eq!(one.verdict.sentence, other.verdict.sentence);
    }
}

#[test]
fn every_system_against_a_baseline_with_holm() {
    use proctor_api::dto::SignificanceRequest;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let project = Project::open(&path).unwrap();
    let table = project
        .significance(&SignificanceRequest {
            exam: None,
            baseline: "Beacon Search".into(),
            group: None,
        })
        .unwrap();
    assert_eq!(table.rows.len(), 6);
    assert!(table.method.contains("Holm"), "{}", table.method);
    for row in &table.rows {
        let v = &row.verdict;
        assert!(v.adjusted_p_value >= v.p_value - 1e-15, "{row:?}");
        assert!(v.adjusted_p_value <= 1.0);
        assert_eq!(v.family_size, 6);
        assert_eq!(v.real, v.adjusted_p_value < 0.05);
        // The row's verdict is the compare panel's verdict on the same pair.
        let pair = project
            .compare(&proctor_api::dto::CompareRequest {
                exam: None,
                first: row.system.clone(),
                second: "Beacon Search".into(),
            })
            .unwrap();
        assert_eq!(pair.verdict, row.verdict);
    }
    let row = |name: &str| table.rows.iter().find(|r| r.system == name).unwrap();
    assert_eq!(row("Echo Bot").verdict.marker, "▼");
    assert_eq!(row("Cobalt Assist").verdict.marker, "◦");
    // The smallest p-value is multiplied by the number of comparisons.
    let smallest = table
        .rows
        .iter()
        .min_by(|a, b| a.verdict.p_value.total_cmp(&b.verdict.p_value))
        .unwrap();
    assert!(
        (smallest.verdict.adjusted_p_value - (6.0 * smallest.verdict.p_value).min(1.0)).abs()
            < 1e-15
    );
    let missing = project
        .significance(&SignificanceRequest {
            exam: None,
            baseline: "Nobody".into(),
            group: None,
        })
        .unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);
}
