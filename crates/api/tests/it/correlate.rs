use super::*;
use proctor_api::dto::{CorrelateRequest, LeaderboardMetric};
use std::fmt::Write as _;

fn request() -> CorrelateRequest {
    CorrelateRequest {
        exam: None,
        metric: LeaderboardMetric::Accuracy,
        leaderboard: None,
        qrels: None,
        runs: Vec::new(),
    }
}

#[test]
fn a_leaderboard_file_and_trec_runs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let project = Project::open(&path).unwrap();
    // The sample's accuracy order is Atlas > Beacon > Cobalt > … > Echo; this board swaps
    // Beacon and Cobalt: 1 discordant pair of 10 → τ = 0.8, ρ = 0.9.
    let board = write(
        dir.path(),
        "board.csv",
        "system,score\nAtlas RAG,0.9\nBeacon Search,0.6\nCobalt Assist,0.7\nDrift QA,0.5\nEcho Bot,0.1\nNobody,0.3\n",
    );
    // Runs whose MAP falls with the accuracy order: the relevant document sinks one rank
    // per system.
    let qrels = write(
        dir.path(),
        "qrels.txt",
        "t1 0 good 1\nt1 0 bad 0\nt2 0 good 1\n",
    );
    let mut runs = Vec::new();
    for (k, system) in ["Atlas_RAG", "Beacon_Search", "Drift_QA", "Echo_Bot"]
        .iter()
        .enumerate()
    {
        let mut lines = String::new();
        for query in ["t1", "t2"] {
            for rank in 0..5 {
                let doc = if rank == k {
                    "good".to_owned()
                } else {
                    format!("other{rank}")
                };
                let _ = writeln!(
                    lines,
                    "{query} Q0 {doc} {} {} {system}",
                    rank + 1,
                    10 - rank
                );
            }
        }
        runs.push(write(dir.path(), &format!("{k}.run"), &lines));
    }
    let mut req = request();
    req.leaderboard = Some(board);
    req.qrels = Some(qrels);
    req.runs = runs;
    let report = project.correlate(&req).unwrap();
    let against = |name: &str| {
        report
            .correlations
            .iter()
            .find(|c| c.against == name)
            .unwrap()
    };
    let file = against("board.csv");
    assert_eq!(file.systems, 5);
    assert!(
        (file.kendall - 0.8).abs() < 1e-12 && (file.spearman - 0.9).abs() < 1e-12,
        "{file:?}"
    );
    // MAP = 1/(k+1) per run, so the MAP leaderboard has the accuracy order exactly.
    assert_eq!(report.trec.len(), 4);
    assert_eq!(
        report.trec[0].system, "Atlas RAG",
        "tags match names with _ for spaces"
    );
    assert!((report.trec[1].map - 0.5).abs() < 1e-12);
    let map = against("MAP");
    assert!((map.kendall - 1.0).abs() < 1e-12 && map.kendall_p < 0.1);
    // Every run has P@10 = 1/10: no correlation with a constant leaderboard.
    assert!(report.constant.contains(&"P@10".to_owned()), "{report:?}");
    assert!(report.left_out.contains(&"Nobody".to_owned()));
    // Runs without qrels, or with too few shared systems, are refused with a reason.
    let mut no_qrels = request();
    no_qrels.runs = req.runs[..1].to_vec();
    let err = project.correlate(&no_qrels).unwrap_err();
    assert!(err.message.contains("qrels"), "{}", err.message);
    let mut two = request();
    two.qrels = req.qrels.clone();
    two.runs = req.runs[..2].to_vec();
    let err = project.correlate(&two).unwrap_err();
    assert!(err.message.contains("at least 3"), "{}", err.message);
}
