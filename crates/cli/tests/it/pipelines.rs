//! The corpus prepared, the reference pipelines run, and a killed run resumed.

use super::*;

#[test]
fn ingest_chunks_embeds_and_indexes_the_sample() {
    let dir = tempfile::tempdir().unwrap();
    let project = quick_sample(dir.path());
    let p = project.as_str();
    let out = proctor(&[
        "ingest",
        "-p",
        p,
        "--int8",
        "--chunk-size",
        "300",
        "--by",
        "sentence",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("30 documents in "), "{stdout}");
    assert!(
        stdout.contains("with all-minilm-l6-v2-int8 (0 were already in the project)"),
        "{stdout}"
    );
    assert!(stdout.contains("BM25 index built"), "{stdout}");
    let again = text(&proctor(&["ingest", "-p", p, "--int8"]).stdout);
    assert!(
        again.contains("Embedded 0 chunks") && again.contains("BM25 index up to date"),
        "{again}"
    );
    // Without models, the command fails and says how to install them.
    let out = Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(["ingest", "-p", p, "--chunk-size", "200"])
        .env("PROCTOR_MODELS", dir.path().join("none"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("scripts/install-models.sh"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_full_demo_runs_the_reference_pipelines() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("s.proctor");
    let out = proctor(&["demo", "-p", project.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("34 systems"),
        "7 imported and 27 pipelines: {stdout}"
    );
    for name in [
        "closed book · lexical",
        "oracle · combined",
        "hybrid · embedding · top 3",
    ] {
        assert!(stdout.contains(name), "{name} missing: {stdout}");
    }
    let ceilings = stdout
        .lines()
        .find(|l| l.starts_with("Reader ceilings"))
        .unwrap_or_else(|| panic!("no reader ceilings: {stdout}"));
    for reader in ["lexical", "embedding", "combined"] {
        assert!(ceilings.contains(&format!(" {reader} ")), "{ceilings}");
    }
    // The reader check from the closed-book and oracle sittings: every reader reads the sample.
    let check = stdout
        .split("Reader check on")
        .nth(1)
        .unwrap_or_else(|| panic!("no reader check: {stdout}"));
    for reader in ["lexical", "embedding", "combined", "language model"] {
        assert!(check.contains(reader), "{reader} not checked: {check}");
    }
    assert_eq!(check.matches("This reader reads:").count(), 4, "{check}");
    let listed = text(&proctor(&["pipelines", "list", "-p", project.to_str().unwrap()]).stdout);
    assert!(listed.starts_with("27 built-in pipelines"), "{listed}");
}

/// The per-system tallies of `proctor grade --json`, by system.
fn tallies(project: &str) -> Vec<(String, u64, u64, u64, u64)> {
    let out = proctor(&["grade", "-p", project, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let grades: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut rows: Vec<(String, u64, u64, u64, u64)> = grades["leaderboard"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let n = |k: &str| s[k].as_u64().unwrap();
            (
                s["system"].as_str().unwrap().to_owned(),
                n("correct"),
                n("wrong"),
                n("unanswered"),
                n("questions"),
            )
        })
        .collect();
    rows.sort();
    rows
}

/// SIGKILL during `proctor run`, then run again: the run completes with exactly one response per
/// (system, question) and the same results as an uninterrupted run.
#[test]
fn killing_a_run_and_running_again_gives_the_same_results() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.proctor");
    let b = base.to_str().unwrap();
    assert!(proctor(&["demo", "--quick", "-p", b]).status.success());
    assert!(proctor(&["ingest", "-p", b]).status.success());
    // The 24 pipelines of the three small readers: what is tested is the store under SIGKILL,
    // and the language model's minutes would only make the loop below longer.
    assert!(
        proctor(&[
            "pipelines",
            "add-grid",
            "-p",
            b,
            "--reader",
            "lexical",
            "--reader",
            "embedding",
            "--reader",
            "combined"
        ])
        .status
        .success()
    );
    let copy = |name: &str| {
        let path = dir.path().join(name);
        std::fs::copy(&base, &path).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let reference = copy("reference.proctor");
    let out = proctor(&["run", "-p", &reference]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let expected = tallies(&reference);

    let killed = copy("killed.proctor");
    let mut killed_midway = 0;
    let mut delay = Duration::from_millis(300);
    loop {
        let mut child = Command::new(env!("CARGO_BIN_EXE_proctor"))
            .args(["run", "-p", &killed])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let finished = finishes_within(&mut child, delay);
        if finished {
            break;
        }
        child.kill().unwrap();
        child.wait().unwrap();
        killed_midway += 1;
        integrity_ok(Path::new(&killed));
        delay += Duration::from_millis(400);
    }
    assert!(
        killed_midway >= 2,
        "the run was killed only {killed_midway} times before it finished"
    );
    let out = proctor(&["run", "-p", &killed, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for sitting in report["sittings"].as_array().unwrap() {
        assert_eq!(sitting["answered_now"], 0, "already complete: {sitting}");
        assert_eq!(
            sitting["answered_before"], 120,
            "one response per question: {sitting}"
        );
    }
    assert_eq!(tallies(&killed), expected);
}
