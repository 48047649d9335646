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
    // 22 against 21 discordant questions: McNemar's p is 1, the verdict "could be luck".
    assert!(
        compared.contains(
            "◦ Beacon Search's accuracy is 0.8 points above Cobalt Assist's: the difference \
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

#[test]
fn a_malformed_exam_prints_file_line_field_and_leaves_the_project_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("p.proctor");
    let project = project.to_str().unwrap();
    assert!(proctor(&["init", project]).status.success());
    let good = dir.path().join("good.csv");
    std::fs::write(&good, exam_csv(10)).unwrap();
    assert!(
        proctor(&["import", "exam", good.to_str().unwrap(), "-p", project])
            .status
            .success()
    );
    let before = counts(project);

    let bad = dir.path().join("bad.csv");
    let mut csv = exam_csv(50);
    csv.push_str("q50,Which one?,x,y,,z,B,T1\n");
    std::fs::write(&bad, csv).unwrap();
    let out = proctor(&["import", "exam", bad.to_str().unwrap(), "-p", project]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).trim(),
        format!(
            "error: {}:52:D: choice C is empty but choice D is filled",
            bad.display()
        )
    );
    assert_eq!(counts(project), before);
}

#[test]
fn wrong_encodings_empty_files_and_huge_cells() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("p.proctor");
    let project = project.to_str().unwrap();
    assert!(proctor(&["init", project]).status.success());

    let latin1 = dir.path().join("latin1.csv");
    std::fs::write(&latin1, b"id,question,A,B,answer\nq1,Caf\xe9?,x,y,A\n").unwrap();
    let out = proctor(&["import", "exam", latin1.to_str().unwrap(), "-p", project]);
    assert!(
        text(&out.stderr).contains("latin1.csv:2: the file is not UTF-8 text"),
        "{}",
        text(&out.stderr)
    );

    let empty = dir.path().join("empty.csv");
    std::fs::write(&empty, b"").unwrap();
    let out = proctor(&["import", "exam", empty.to_str().unwrap(), "-p", project]);
    assert_eq!(
        text(&out.stderr).trim(),
        format!("error: {}: the file is empty", empty.display())
    );

    // A 2 MB cell is a legitimate (if odd) question: it imports whole.
    let huge = dir.path().join("huge.csv");
    let stem = format!("Which of these is right? {}", "x".repeat(2 * 1024 * 1024));
    std::fs::write(
        &huge,
        format!("id,question,A,B,answer\nq1,\"{stem}\",yes,no,A\n"),
    )
    .unwrap();
    let out = proctor(&["import", "exam", huge.to_str().unwrap(), "-p", project]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(counts(project)["questions"], 1);

    // A file that is not a project is named as such.
    let out = proctor(&["check", "-p", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).ends_with("is not a Proctor project file\n"),
        "{}",
        text(&out.stderr)
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

/// SIGKILL at many moments of a large import: every time, the project opens, passes SQLite's
/// integrity check, and holds either all of the import or none of it.
#[test]
fn killing_an_import_leaves_all_or_nothing() {
    let rows = 60_000;
    let dir = tempfile::tempdir().unwrap();
    let exam = dir.path().join("big.csv");
    std::fs::write(&exam, exam_csv(rows)).unwrap();
    let mut killed_midway = 0;
    let mut completed = false;
    let mut delay = Duration::from_millis(50);
    for attempt in 0..30 {
        let project = dir.path().join(format!("p{attempt}.proctor"));
        let project = project.to_str().unwrap().to_owned();
        assert!(proctor(&["init", &project]).status.success());
        let mut child = Command::new(env!("CARGO_BIN_EXE_proctor"))
            .args(["import", "exam", exam.to_str().unwrap(), "-p", &project])
            .spawn()
            .unwrap();
        let finished = finishes_within(&mut child, delay);
        if !finished {
            child.kill().unwrap(); // SIGKILL on Unix
            child.wait().unwrap();
            killed_midway += 1;
        }
        let questions = counts(&project)["questions"].as_u64().unwrap();
        assert!(
            questions == 0 || questions == rows as u64,
            "attempt {attempt}: {questions} questions"
        );
        integrity_ok(Path::new(&project));
        if finished {
            assert_eq!(questions, rows as u64);
            completed = true;
            break;
        }
        delay = delay.mul_f64(1.4);
    }
    assert!(
        killed_midway >= 3,
        "only {killed_midway} imports were killed before finishing"
    );
    assert!(completed, "the import never finished within the attempts");
}

fn integrity_ok(project: &Path) {
    let problems = proctor_api::Project::open(project)
        .unwrap()
        .integrity_problems()
        .unwrap();
    assert!(problems.is_empty(), "{}: {problems:?}", project.display());
}

#[test]
fn irt_fit_info_and_improve_on_the_sample() {
    let dir = tempfile::tempdir().unwrap();
    let project = quick_sample(dir.path());
    let p = project.as_str();
    // Before any fit, `info` says what to run.
    let none = proctor(&["irt", "info", "-p", p]);
    assert!(!none.status.success());
    assert!(
        text(&none.stderr).contains("proctor irt fit"),
        "{}",
        text(&none.stderr)
    );

    let out = proctor(&[
        "irt",
        "fit",
        "-p",
        p,
        "--model",
        "3pl",
        "--preset",
        "paper",
        "--hierarchical",
        "--baseline",
        "retriever=closed-book",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("3PL model, joint maximum likelihood, preset \"paper\""),
        "{stdout}"
    );
    let first = stdout.lines().find(|l| l.starts_with("1 ")).unwrap();
    assert!(first.contains("Atlas RAG"), "{first}");
    assert!(stdout.contains("closed-book  baseline"), "{stdout}");

    let info = proctor(&["irt", "info", "-p", p, "--json"]);
    assert!(info.status.success(), "{}", text(&info.stderr));
    let report: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(report["items"].as_array().unwrap().len(), 120);
    assert_eq!(report["information"]["theta"].as_array().unwrap().len(), 81);

    // The improvement uses the project's setting, which the fit above made the 3PL.
    let improved = proctor(&["irt", "improve", "-p", p, "--steps", "2"]);
    assert!(improved.status.success(), "{}", text(&improved.stderr));
    let stdout = text(&improved.stdout);
    assert!(stdout.contains("Step 2: 97 questions"), "{stdout}");
    assert!(stdout.contains("3PL model"), "{stdout}");

    // Adaptive exams of half the questions, each system left out in turn.
    let cat = proctor(&["irt", "cat-check", "-p", p, "--share", "0.5", "--json"]);
    assert!(cat.status.success(), "{}", text(&cat.stderr));
    let check: serde_json::Value = serde_json::from_slice(&cat.stdout).unwrap();
    assert!(!check["rows"].as_array().unwrap().is_empty());
    assert_eq!(check["rows"][0]["used"], 60);

    let bad = proctor(&["irt", "fit", "-p", p, "--preset", "loose"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("'loose' is not an IRT preset"),
        "{}",
        text(&bad.stderr)
    );
}

/// LSAT7 (Bock & Lieberman 1970, as in R's ltm and mirt) as a wide response file: 32
/// patterns, 1,000 subjects.
fn lsat7_csv() -> String {
    let counts = [
        12, 19, 1, 7, 3, 19, 3, 17, 10, 5, 3, 7, 7, 23, 8, 28, 7, 39, 11, 34, 14, 51, 15, 90, 6,
        25, 7, 35, 18, 136, 32, 308,
    ];
    let mut out = String::from("id,Item.1,Item.2,Item.3,Item.4,Item.5\n");
    let mut k = 0;
    for (pattern, &count) in counts.iter().enumerate() {
        for _ in 0..count {
            let cells: Vec<String> = (0..5)
                .map(|bit| ((pattern >> (4 - bit)) & 1).to_string())
                .collect();
            let _ = writeln!(out, "s{k},{}", cells.join(","));
            k += 1;
        }
    }
    out
}

#[test]
fn irt_fit_on_a_response_file_without_a_project() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lsat7.csv");
    std::fs::write(&file, lsat7_csv()).unwrap();
    let params = dir.path().join("params.csv");
    let fit = proctor(&[
        "irt",
        "fit",
        "--responses",
        file.to_str().unwrap(),
        "--model",
        "2pl",
        "--preset",
        "unpenalised",
        "--out",
        params.to_str().unwrap(),
        "--json",
    ]);
    assert!(fit.status.success(), "{}", text(&fit.stderr));
    let report: serde_json::Value = serde_json::from_slice(&fit.stdout).unwrap();
    assert_eq!(report["subjects"], 1000);
    assert_eq!(report["layout"], "wide");
    // R mirt 1.41 on LSAT7, 2PL: the log-likelihood and each item's a and b.
    let ll = report["log_likelihood"].as_f64().unwrap();
    assert!((ll - -2658.8051).abs() < 0.01, "{ll}");
    let a = [0.98755, 1.08084, 1.70748, 0.76499, 0.73567];
    let b = [-1.8793, -0.7475, -1.0572, -0.6353, -2.5208];
    for i in 0..5 {
        let item = &report["items"][i];
        let (got_a, got_b) = (
            item["discrimination"].as_f64().unwrap(),
            item["difficulty"].as_f64().unwrap(),
        );
        assert!((got_a - a[i]).abs() < 0.02, "a{i}: {got_a}");
        assert!((got_b - b[i]).abs() < 0.02, "b{i}: {got_b}");
    }
    let csv = std::fs::read_to_string(&params).unwrap();
    assert_eq!(csv.lines().count(), 6);
    assert!(csv.starts_with("Question,Discrimination a"));

    // As a table, and a bad cell named by file, line and column, without a project.
    let shown = proctor(&["irt", "fit", "--responses", file.to_str().unwrap()]);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    assert!(text(&shown.stdout).contains("1000 subjects × 5 items"));
    std::fs::write(&file, "id,q1,q2\na,1,0\nb,0,x\n").unwrap();
    let bad = proctor(&["irt", "fit", "--responses", file.to_str().unwrap()]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("lsat7.csv:3:q2: 'x' is not a response"),
        "{}",
        text(&bad.stderr)
    );
    let none = proctor(&["irt", "fit"]);
    assert!(!none.status.success());
    assert!(
        text(&none.stderr).contains("--responses"),
        "{}",
        text(&none.stderr)
    );
}

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

#[test]
fn models_list_and_self_test() {
    let out = proctor(&["models", "list"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for role in ["runtime", "embedder", "embedder-int8", "tokenizer"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(role))
            .unwrap_or_else(|| panic!("{stdout}"));
        assert!(line.ends_with("ok"), "{line}");
    }
    let out = proctor(&["models", "test", "--int8"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with("— works\n"),
        "{}",
        text(&out.stdout)
    );
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(["models", "list"])
        .env("PROCTOR_MODELS", dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("scripts/install-models.sh"),
        "{}",
        text(&out.stderr)
    );
}

/// A models folder of its own (the installed ONNX Runtime, no models) and the small graphs
/// `make_tiny_models.py` writes, in `dir`.
fn scratch_models(dir: &Path) -> (PathBuf, PathBuf) {
    let out = proctor(&["models", "list", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let installed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let path_of = |role: &str| -> PathBuf {
        installed["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["role"] == role)
            .and_then(|f| f["path"].as_str())
            .map_or_else(|| panic!("no {role} in {installed}"), PathBuf::from)
    };
    let folder = dir.join("models");
    std::fs::create_dir_all(&folder).unwrap();
    let manifest = serde_json::json!({"version": 1, "files": [
        {"path": path_of("runtime"), "role": "runtime", "description": "ONNX Runtime"}
    ]});
    std::fs::write(folder.join("manifest.json"), manifest.to_string()).unwrap();
    let tiny = dir.join("tiny");
    let python = std::env::var("PROCTOR_PYTHON").unwrap_or_else(|_| "python3".into());
    let status = Command::new(python)
        .arg(
            std::path::PathBuf::from(
                std::env::var_os("CARGO_MANIFEST_DIR")
                    .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
            )
            .join("../models/tests/make_tiny_models.py"),
        )
        .arg(path_of("tokenizer"))
        .arg(&tiny)
        .status()
        .unwrap();
    assert!(status.success());
    (folder, tiny)
}

#[test]
fn models_add_test_list_and_remove_a_users_model() {
    let dir = tempfile::tempdir().unwrap();
    let (folder, tiny) = scratch_models(dir.path());
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_proctor"))
            .args(args)
            .env("PROCTOR_MODELS", &folder)
            .output()
            .unwrap()
    };
    let model = tiny.join("pair-scorer.onnx");
    let tokenizer = tiny.join("tokenizer.json");
    let (model, tokenizer) = (model.to_str().unwrap(), tokenizer.to_str().unwrap());
    let out = run(&[
        "models",
        "add",
        model,
        "--tokenizer",
        tokenizer,
        "--role",
        "pair-scorer",
        "--name",
        "tiny-ce",
        "--description",
        "a test graph",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("ok     padding in a batch does not change a score"),
        "{stdout}"
    );
    assert!(stdout.ends_with("It passed its self-test.\n"), "{stdout}");
    let listed = text(&run(&["models", "list"]).stdout);
    let line = listed
        .lines()
        .find(|l| l.starts_with("tiny-ce"))
        .unwrap_or_else(|| panic!("{listed}"));
    assert!(
        line.contains("pair-scorer") && line.contains("a test graph"),
        "{line}"
    );
    let out = run(&["models", "test", "tiny-ce", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let test: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(test["passed"], true);
    // A graph that ignores the attention mask is refused, with the check that failed.
    let out = run(&[
        "models",
        "add",
        tiny.join("no-mask.onnx").to_str().unwrap(),
        "--tokenizer",
        tokenizer,
        "--role",
        "pair-scorer",
        "--name",
        "no-mask",
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("padding in a batch does not change a score"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["models", "remove", "tiny-ce"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&run(&["models", "list"]).stdout).contains("No models of your own yet"));
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
