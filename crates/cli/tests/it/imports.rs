//! Imports: file, line and field in every refusal, and all or nothing when killed.

use super::*;

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

/// Replies that need a look are listed and read by hand from the command line; the grade
/// counts them apart and follows the hand reading.
#[test]
fn replies_that_need_a_look_are_listed_and_read_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("p.proctor");
    let project = project.to_str().unwrap();
    assert!(proctor(&["init", project]).status.success());
    let exam = dir.path().join("exam.csv");
    std::fs::write(&exam, exam_csv(4)).unwrap();
    assert!(
        proctor(&["import", "exam", exam.to_str().unwrap(), "-p", project])
            .status
            .success()
    );
    let answers = dir.path().join("vendor.csv");
    std::fs::write(
        &answers,
        "question_id,answer\nq0,The answer is A.\nq1,It could be A or B; both fit.\nq2,C\nq3,I don't know.\n",
    )
    .unwrap();
    let out = proctor(&[
        "import",
        "answers",
        answers.to_str().unwrap(),
        "-p",
        project,
        "--system",
        "Vendor",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    let listed = proctor(&["replies", "list", "Vendor", "-p", project]);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let listed = text(&listed.stdout);
    assert!(listed.starts_with("1 reply of Vendor"), "{listed}");
    assert!(listed.contains("\nq1 (question 2)"), "{listed}");
    assert!(
        listed.contains("reply: It could be A or B; both fit."),
        "{listed}"
    );
    assert!(
        listed.contains("read as: needs a look: it names A and B"),
        "{listed}"
    );
    assert!(
        !listed.contains("q3"),
        "no answer is not a reply to look at: {listed}"
    );

    let grade = |project: &str| {
        let out = proctor(&["grade", "-p", project, "--json"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()["leaderboard"][0].clone()
    };
    let before = grade(project);
    assert_eq!(
        (
            before["correct"].as_u64(),
            before["needs_look"].as_u64(),
            before["unanswered"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );

    // A letter that is not a choice is refused with the question's range.
    let bad = proctor(&["replies", "read", "Vendor", "q1", "F", "-p", project]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("question q1 has choices A to D; \"F\" is not one of them"),
        "{}",
        text(&bad.stderr)
    );
    let read = proctor(&[
        "replies",
        "read",
        "Vendor",
        "q1",
        "b",
        "--reason",
        "1b is the key's value",
        "-p",
        project,
    ]);
    assert!(read.status.success(), "{}", text(&read.stderr));
    assert_eq!(
        text(&read.stdout).trim(),
        "q1: choice B by hand, was: needs a look: it names A and B and commits to none of them (0 replies still need a look)"
    );
    let after = grade(project);
    assert_eq!(
        (after["correct"].as_u64(), after["needs_look"].as_u64()),
        (Some(3), Some(0))
    );
    let listed = text(&proctor(&["replies", "list", "Vendor", "--all", "-p", project]).stdout);
    assert!(
        listed.contains("by hand at")
            && listed.contains("(1b is the key's value); before: needs a look"),
        "{listed}"
    );
}
