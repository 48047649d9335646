//! The `proctor` binary, run as a user runs it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn proctor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(args)
        .env_remove("PROCTOR_PROJECT")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn counts(project: &str) -> serde_json::Value {
    let out = proctor(&["summary", "-p", project, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()["counts"].clone()
}

/// The sample project (imports only) in `dir`; its path.
fn quick_sample(dir: &Path) -> String {
    let project = dir.join("s.proctor").to_str().unwrap().to_owned();
    let out = proctor(&["demo", "--quick", "-p", &project]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    project
}

fn exam_csv(rows: usize) -> String {
    let mut csv = String::from("id,question,A,B,C,D,answer,topic\n");
    for i in 0..rows {
        let _ = writeln!(
            csv,
            "q{i},Which value does setting number {i} take by default?,{i}a,{i}b,{i}c,{i}d,{},T{}",
            ["A", "B", "C", "D"][i % 4],
            i % 7
        );
    }
    csv
}

#[test]
fn demo_prints_the_sample_leaderboard() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("s.proctor");
    let out = proctor(&["demo", "--quick", "-p", project.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Tidewater product exam (version 1, frozen) — 120 questions"),
        "{stdout}"
    );
    let first = stdout.lines().find(|l| l.starts_with("1 ")).unwrap();
    assert!(first.contains("Atlas RAG"), "{first}");
    assert!(stdout.contains("Accuracy by topic"));
    let compared = proctor(&[
        "compare",
        "Beacon Search",
        "Cobalt Assist",
        "-p",
        project.to_str().unwrap(),
    ]);
    let compared = text(&compared.stdout);
    assert!(
        compared.starts_with("Beacon Search vs Cobalt Assist on the 120 active questions"),
        "{compared}"
    );
    // 22 against 21 discordant questions: McNemar's p is 1, the verdict "could be luck" —
    // asked, as every pair is, the weaker against the stronger.
    assert!(
        compared.contains(
            "◦ Cobalt Assist's accuracy is 0.8 points below Beacon Search's: the difference \
             could be luck (exact McNemar, p = 1.000, Holm over 6 comparisons: p = 1.000)."
        ),
        "{compared}"
    );
    assert!(
        compared.contains("Wilcoxon signed-rank p = 0.8788, paired t-test p = 0.8795."),
        "{compared}"
    );
    let against = proctor(&["compare", "Echo Bot", "-p", project.to_str().unwrap()]);
    let against = text(&against.stdout);
    let atlas = against
        .lines()
        .find(|l| l.starts_with("Atlas RAG"))
        .unwrap();
    assert!(
        atlas.ends_with("▲ real") && atlas.contains("+57.5"),
        "{against}"
    );
    assert!(
        against.contains("Holm's correction runs over each group on view"),
        "{against}"
    );
    // A second demo refuses to overwrite the user's file unless told to.
    let again = proctor(&["demo", "--quick", "-p", project.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).starts_with("error: creating"),
        "{}",
        text(&again.stderr)
    );
    assert!(
        proctor(&[
            "demo",
            "--quick",
            "-p",
            project.to_str().unwrap(),
            "--force"
        ])
        .status
        .success()
    );
}

/// Waits up to `limit` for `child` to exit; whether it did.
fn finishes_within(child: &mut std::process::Child, limit: Duration) -> bool {
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return true;
        }
        if started.elapsed() >= limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn integrity_ok(project: &Path) {
    let problems = proctor_api::Project::open(project)
        .unwrap()
        .integrity_problems()
        .unwrap();
    assert!(problems.is_empty(), "{}: {problems:?}", project.display());
}

mod imports;
mod irt;
mod models;
mod papers;
mod pipelines;
