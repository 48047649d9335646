//! The paper methods beside EXAM: other leaderboards, ROUGE-1, nuggets, formulations.

use super::*;

#[test]
fn correlate_with_another_leaderboard() {
    let dir = tempfile::tempdir().unwrap();
    let project = quick_sample(dir.path());
    let p = project.as_str();
    let board = dir.path().join("board.csv");
    std::fs::write(
        &board,
        "system,score,standard_error\nAtlas RAG,0.9,0.01\nBeacon Search,0.6,0.01\nCobalt Assist,0.7,0.01\nDrift QA,0.5,0.01\nEcho Bot,0.1,0.01\n",
    )
    .unwrap();
    let out = proctor(&["correlate", "-p", p, "--with", board.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let row = stdout.lines().find(|l| l.starts_with("board.csv")).unwrap();
    assert!(
        row.contains("+0.800 (p 0.0833)") && row.contains("+0.900 (p 0.0374)"),
        "{stdout}"
    );
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "system,score\nAtlas RAG,high\n").unwrap();
    let out = proctor(&["correlate", "-p", p, "--with", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("bad.csv:2:score: 'high' is not a number"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn grade_rouge_sets_exam_beside_rouge_one() {
    let dir = tempfile::tempdir().unwrap();
    let project = quick_sample(dir.path());
    let out = proctor(&["grade", "--rouge", "-p", &project]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // The sample's two article writers, by EXAM, with their ROUGE-1 against the 30 gold
    // articles (Scribe keeps 85% of each document's facts, Brief 45% and skips some queries).
    let scribe = stdout
        .lines()
        .find(|l| l.starts_with("Scribe Writer"))
        .unwrap();
    assert!(
        scribe.contains("0.717 ± 0.033") && scribe.contains("0.734 ± 0.020"),
        "{stdout}"
    );
    assert!(stdout.contains("(30 queries with one)"), "{stdout}");
    assert!(
        stdout.contains("2 EXAM-mode system(s) with articles: a rank agreement needs at least 3"),
        "{stdout}"
    );
    let json = proctor(&["grade", "--rouge", "-p", &project, "--json"]);
    let table: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(table["rows"][1]["system"], "Brief Writer");
    assert_eq!(table["rows"][1]["rouge_rank"], 2);
    // The leaderboard has the column too.
    let board = text(&proctor(&["grade", "-p", &project]).stdout);
    assert!(board.contains("ROUGE-1"), "{board}");
}

#[test]
fn nuggets_and_formulations_on_the_sample() {
    let dir = tempfile::tempdir().unwrap();
    let project = quick_sample(dir.path());
    let out = proctor(&["nuggets", "-p", &project]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Every document's four facts are its query's vital nuggets, its opening sentence an okay
    // one. Scribe Writer keeps 85% of the facts, Brief Writer 45% and skips some queries.
    assert!(
        stdout.contains("150 nuggets (120 vital) for 30 queries"),
        "{stdout}"
    );
    let order: Vec<&str> = stdout
        .lines()
        .filter_map(|l| {
            ["Scribe Writer", "Brief Writer", "Gold articles"]
                .into_iter()
                .find(|s| l.starts_with(&format!("{s}  ")))
        })
        .collect();
    assert_eq!(
        order,
        ["Scribe Writer", "Brief Writer", "Gold articles"],
        "{stdout}"
    );
    assert!(
        stdout.contains("Brief Writer's nugget F(β = 3) is")
            && stdout.contains("paired randomisation over queries"),
        "{stdout}"
    );
    let json = proctor(&["nuggets", "-p", &project, "--method", "nuggeteer", "--json"]);
    assert!(json.status.success(), "{}", text(&json.stderr));
    let board: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(board["queries"].as_array().unwrap().len(), 30);
    // The gold articles are the documents themselves: every nugget found in full.
    assert!(
        (board["gold"]["mean"].as_f64().unwrap() - 1.0).abs() < 1e-9,
        "{board}"
    );

    // 60 questions asked three ways, scored by BM25 retrieval (nDCG@3 of the question's
    // document); at 0.5 the generator's own count (generate.py) is 36 ✓✓✓, 17 ✗✓✓, 3 ✓✗✓
    // and 4 ✗✗✓.
    let out = proctor(&["formulations", "-p", &project]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("60 samples at threshold 0.5; formulations: Original, Rewritten, Human"),
        "{stdout}"
    );
    for line in ["✓✓✓  36", "✗✓✓  17", "✓✗✓  3", "✗✗✓  4", "✗✗✗  0"] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
    // The first question about each document names its subject: 30 human rewrites equal the
    // original, and of the other 30 answered from the human rewrite, 9 from the original too.
    assert!(stdout.contains("✓✓✓  36 (27)"), "{stdout}");
    assert!(
        stdout.contains("answerable without rewriting: 30.0%"),
        "{stdout}"
    );
    assert!(stdout.contains("60 samples): r = "), "{stdout}");
}
