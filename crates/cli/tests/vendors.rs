//! `proctor endpoint` as a user runs it against a vendor-like server on 127.0.0.1: add the
//! system with its key in an environment variable, try one question, run, SIGKILL the run at
//! several moments and resume — the same results as a clean run, each question asked once
//! (beyond the requests in flight at a kill), and the key in no file of the project.

use proctor_testkit::{Reply, VendorServer};
use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const KEY: &str = "sk-vendor-test-8c1e55d0a7b94f2e";

fn proctor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(args)
        .env_remove("PROCTOR_PROJECT")
        .env("VENDOR_TEST_KEY", KEY)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A letter for a question id, the same every time.
fn letter_of(id: &str) -> &'static str {
    let sum: usize = id.bytes().map(usize::from).sum();
    ["A", "B", "C", "D"][sum % 4]
}

fn vendor() -> VendorServer {
    VendorServer::start(|seen, _| {
        let body: serde_json::Value = serde_json::from_str(&seen.body).unwrap_or_default();
        let id = body["id"].as_str().unwrap_or("");
        Reply::Slow(
            Duration::from_millis(40),
            Box::new(Reply::json(format!(
                "{{\"answer\": \"{}\", \"usage\": {{\"prompt_tokens\": 50, \"completion_tokens\": 1}}}}",
                letter_of(id)
            ))),
        )
    })
}

fn add(project: &str, url: &str) {
    let out = proctor(&[
        "endpoint",
        "add",
        "Vendor",
        "-p",
        project,
        "--preset",
        "generic-rag",
        "--url",
        &format!("{url}/ask"),
        "--key-env",
        "VENDOR_TEST_KEY",
        "--concurrency",
        "2",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("(from $VENDOR_TEST_KEY)"),
        "{}",
        text(&out.stdout)
    );
}

/// The vendor's row of the leaderboard: right, wrong, unanswered, errors.
fn tally(project: &str) -> (u64, u64, u64, u64) {
    let out = proctor(&["grade", "-p", project, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let grades: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = grades["leaderboard"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["system"] == "Vendor")
        .unwrap()
        .clone();
    let n = |k: &str| row[k].as_u64().unwrap();
    (n("correct"), n("wrong"), n("unanswered"), n("errors"))
}

fn holds(dir: &Path, needle: &str) -> bool {
    std::fs::read_dir(dir).unwrap().any(|entry| {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap_or_default();
        bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
    })
}

#[test]
fn killing_an_endpoint_run_and_resuming_gives_the_clean_runs_results() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.proctor");
    let b = base.to_str().unwrap();
    assert!(proctor(&["demo", "--quick", "-p", b]).status.success());
    let copy = |name: &str| {
        let folder = dir.path().join(name);
        std::fs::create_dir(&folder).unwrap();
        let path = folder.join("p.proctor");
        std::fs::copy(&base, &path).unwrap();
        path.to_str().unwrap().to_owned()
    };

    let clean_server = vendor();
    let clean = copy("clean");
    add(&clean, clean_server.url());
    let tried = proctor(&[
        "endpoint",
        "try",
        "Vendor",
        "-p",
        &clean,
        "--question",
        "tw-002",
    ]);
    assert!(tried.status.success(), "{}", text(&tried.stderr));
    let shown = text(&tried.stdout);
    assert!(
        shown.contains("X-API-Key: ••• (from $VENDOR_TEST_KEY)"),
        "{shown}"
    );
    assert!(
        shown.contains(&format!("mapped: the letter {}", letter_of("tw-002"))),
        "{shown}"
    );
    assert!(!shown.contains(KEY));
    let out = proctor(&["endpoint", "run", "-p", &clean, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let expected = tally(&clean);
    assert_eq!(expected.0 + expected.1, 120, "{expected:?}");

    let server = vendor();
    let killed = copy("killed");
    add(&killed, server.url());
    let mut kills = 0;
    let mut delay = Duration::from_millis(700);
    loop {
        let mut child = Command::new(env!("CARGO_BIN_EXE_proctor"))
            .args(["endpoint", "run", "-p", &killed])
            .env("VENDOR_TEST_KEY", KEY)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        let finished = loop {
            if child.try_wait().unwrap().is_some() {
                break true;
            }
            if started.elapsed() >= delay {
                break false;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        if finished {
            break;
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        kills += 1;
        delay += Duration::from_millis(500);
    }
    assert!(kills >= 2, "killed only {kills} times");
    let out = proctor(&["endpoint", "run", "-p", &killed, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["sittings"][0]["asked"], 0, "{report}");
    assert_eq!(report["sittings"][0]["before"], 120, "{report}");
    assert_eq!(tally(&killed), expected);

    // Each question was asked once, but for those a kill caught unfinished: the two in flight,
    // and at most the two answered in the moment before their commit.
    let mut asked: HashMap<String, usize> = HashMap::new();
    for seen in server.seen() {
        let body: serde_json::Value = serde_json::from_str(&seen.body).unwrap();
        *asked
            .entry(body["id"].as_str().unwrap().to_owned())
            .or_default() += 1;
        assert_eq!(seen.header("x-api-key"), Some(KEY));
    }
    assert_eq!(asked.len(), 120);
    let again: usize = asked.values().map(|n| n - 1).sum();
    assert!(
        again <= 4 * kills,
        "{again} repeated requests after {kills} kills"
    );

    // The key is in no file of either project.
    for folder in ["clean", "killed"] {
        assert!(
            !holds(&dir.path().join(folder), KEY),
            "{folder} holds the key"
        );
    }

    // The exam for vendors: ids, stems and choices, no keys.
    let file = dir.path().join("for-vendors.csv");
    let out = proctor(&[
        "exam",
        "export",
        "-p",
        &clean,
        "--format",
        "vendor-csv",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = std::fs::read_to_string(&file).unwrap();
    assert!(
        csv.starts_with("question_id,question,A,B,C,D,query,answer\n"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 121);
}

#[test]
fn an_adaptive_endpoint_run_asks_only_the_questions_it_picks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.proctor");
    let p = path.to_str().unwrap();
    assert!(proctor(&["demo", "--quick", "-p", p]).status.success());
    let server = vendor();
    add(p, server.url());
    let out = proctor(&[
        "endpoint",
        "run",
        "-p",
        p,
        "--adaptive",
        "10",
        "--target-se",
        "0",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(
        shown.contains("adaptive: 10 of 120 questions, ability"),
        "{shown}"
    );
    assert!(
        shown.contains("predicted accuracy on the whole exam"),
        "{shown}"
    );
    assert_eq!(server.seen().len(), 10);
    // Run again with a larger count: it goes on from the ten answers, as JSON.
    let out = proctor(&[
        "endpoint",
        "run",
        "-p",
        p,
        "--adaptive",
        "14",
        "--target-se",
        "0",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sitting = &report["sittings"][0];
    assert_eq!(sitting["asked"], 4);
    assert_eq!(sitting["before"], 10);
    assert_eq!(sitting["adaptive"]["used"], 14);
    assert_eq!(server.seen().len(), 14);
    // --target-se without --adaptive is refused by the command line.
    let out = proctor(&["endpoint", "run", "-p", p, "--target-se", "0.2"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--adaptive"),
        "{}",
        text(&out.stderr)
    );
}

/// A reply carrying terminal escape sequences (a new window title, a cleared screen, a link,
/// hidden text) is printed by `proctor endpoint try` with them spelled out, never obeyed.
#[test]
fn escape_sequences_in_a_reply_are_shown_not_obeyed() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("p.proctor");
    let p = project.to_str().unwrap();
    assert!(proctor(&["demo", "--quick", "-p", p]).status.success());
    let server = VendorServer::start(|_, _| {
        Reply::json(
            serde_json::json!({
                "answer": "B \u{1b}]0;owned\u{7}\u{1b}[2J\u{1b}]8;;http://x\u{1b}\\link\u{1b}]8;;\u{1b}\\ \u{1b}[8mhidden\u{1b}[0m",
            })
            .to_string(),
        )
    });
    add(p, server.url());
    let tried = proctor(&["endpoint", "try", "Vendor", "-p", p, "--question", "tw-002"]);
    assert!(tried.status.success(), "{}", text(&tried.stderr));
    let shown = text(&tried.stdout);
    assert!(
        !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
        "{shown:?}"
    );
    assert!(shown.contains("⟨U+001B⟩]0;owned⟨U+0007⟩"), "{shown}");
}
