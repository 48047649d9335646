//! `proctor irt`: fits on a project and on any response file.

use super::*;

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
    assert!(
        check["verdict"]["sentence"]
            .as_str()
            .unwrap()
            .contains("paired randomisation over systems")
    );
    // The vendors alone (the sample has no reference pipelines, and says so), as text.
    let vendors = proctor(&["irt", "cat-check", "-p", p, "--group", "systems"]);
    assert!(vendors.status.success(), "{}", text(&vendors.stderr));
    let stdout = text(&vendors.stdout);
    assert!(
        stdout.contains("each system being judged left out in turn and the questions calibrated on the other 6 systems"),
        "{stdout}"
    );
    let none = proctor(&["irt", "cat-check", "-p", p, "--group", "pipelines"]);
    assert!(!none.status.success());
    assert!(
        text(&none.stderr).contains("no reference pipelines sat this exam"),
        "{}",
        text(&none.stderr)
    );

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
