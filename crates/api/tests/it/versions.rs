//! Exam versions: edits go into a draft, freezing carries unchanged answers over, every
//! version stays on view; systems are deleted and put back.

use super::*;
use proctor_api::dto::{
    AnswerVerdict, ExamRef, QuestionChange, QuestionEdit, QuestionRequest, QuestionsRequest,
    Relabel, RenameTopic, SystemName, VersionRef,
};

fn answer(project: &mut Project, dir: &Path, system: &str, file: &str, rows: &str) -> Vec<String> {
    let path = write(dir, file, &format!("id,answer\n{rows}"));
    let mut request = ImportRequest::new(ImportKind::Answers, path);
    request.system = Some(system.into());
    project.import(&request, &NoProgress).unwrap().notes
}

fn edit(id: &str, stem: &str, choices: &[&str], key: u32) -> QuestionEdit {
    QuestionEdit {
        exam: None,
        id: Some(id.into()),
        stem: stem.into(),
        choices: choices.iter().map(|c| (*c).to_owned()).collect(),
        key,
        topic: None,
    }
}

fn table(project: &Project) -> proctor_api::dto::QuestionTable {
    project
        .question_table(&QuestionsRequest { exam: None })
        .unwrap()
}

#[test]
fn a_draft_freezes_into_version_2_carrying_unchanged_answers_and_version_1_stays() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    answer(
        &mut project,
        dir.path(),
        "Vendor A",
        "a.csv",
        "q1,B\nq2,A\nq3,A\n",
    );
    answer(
        &mut project,
        dir.path(),
        "Vendor B",
        "b.csv",
        "q1,A\nq2,A\nq3,B\n",
    );
    let v1 = project.grades(None).unwrap();

    // A frozen version is never edited: the key change opens draft 2.
    let change = project
        .edit_question(&edit(
            "q1",
            "Which port is used?",
            &["80", "443", "22", "21"],
            0,
        ))
        .unwrap();
    assert_eq!((change.draft.version, change.draft.frozen), (2, false));
    project
        .add_question(&QuestionEdit {
            topic: Some("Net".into()),
            ..edit("", "Which port does SSH use?", &["22", "23"], 0)
        })
        .unwrap();
    project
        .retire_question(&QuestionRequest {
            exam: None,
            id: "q3".into(),
        })
        .unwrap();
    let draft = table(&project);
    let changes = draft.changes.unwrap();
    assert_eq!(changes.edited, ["q1"]);
    assert_eq!(changes.added, ["q4"]);
    assert_eq!(changes.retired, ["q3"]);
    let kinds: Vec<_> = draft
        .rows
        .iter()
        .map(|r| (r.id.as_str(), r.change))
        .collect();
    assert_eq!(
        kinds,
        [
            ("q1", Some(QuestionChange::Edited)),
            ("q2", Some(QuestionChange::Unchanged)),
            ("q4", Some(QuestionChange::Added))
        ]
    );
    assert_eq!(draft.rows[2].number, 3);

    let frozen = project.freeze_draft(&ExamRef { exam: None }).unwrap();
    assert_eq!((frozen.version.version, frozen.version.frozen), (2, true));
    assert_eq!(
        (frozen.carried, frozen.sittings, frozen.to_answer),
        (2, 2, 2)
    );
    let systems = project.systems_overview().unwrap();
    for s in &systems.systems {
        assert_eq!(s.to_answer, 2, "{}", s.name);
        assert_eq!(s.versions, [2, 1], "{}", s.name);
    }
    // The carried answer to q2 counts; q1 and q4 wait for new answers.
    let a = systems
        .systems
        .iter()
        .find(|s| s.name == "Vendor A")
        .unwrap();
    assert_eq!((a.right, a.wrong), (1, 0));

    // A file with answers to every question fills in only what is missing.
    let notes = answer(
        &mut project,
        dir.path(),
        "Vendor A",
        "a2.csv",
        "q1,A\nq2,B\nq4,22\n",
    );
    assert!(
        notes.iter().any(|n| n.starts_with("1 answers were kept")),
        "{notes:?}"
    );
    let systems = project.systems_overview().unwrap();
    let a = systems
        .systems
        .iter()
        .find(|s| s.name == "Vendor A")
        .unwrap();
    assert_eq!((a.right, a.wrong, a.to_answer), (3, 0, 0));
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Vendor A".into(),
        })
        .unwrap();
    let marks: Vec<_> = sheet
        .rows
        .iter()
        .map(|r| {
            (
                r.id.as_str(),
                r.choice.as_deref(),
                r.verdict,
                r.reply.as_deref(),
            )
        })
        .collect();
    // q2's answer is the one carried from version 1 ("A"), not the file's "B".
    assert_eq!(
        marks,
        [
            ("q1", Some("A"), AnswerVerdict::Right, Some("A")),
            ("q2", Some("A"), AnswerVerdict::Right, Some("A")),
            ("q4", Some("A"), AnswerVerdict::Right, Some("22")),
        ]
    );
    // A complete sitting needs replace, as before.
    let path = write(dir.path(), "a3.csv", "id,answer\nq1,A\n");
    let mut again = ImportRequest::new(ImportKind::Answers, path);
    again.system = Some("Vendor A".into());
    assert_eq!(
        project.import(&again, &NoProgress).unwrap_err().code,
        ErrorCode::Conflict
    );

    // Version 1's results are still there, unchanged, through the picker.
    project
        .view_version(&VersionRef {
            exam: "exam".into(),
            version: 1,
        })
        .unwrap();
    assert_eq!(project.grades(None).unwrap(), v1);
    assert_eq!(table(&project).rows.len(), 3);
    let summary = project.summary().unwrap();
    assert_eq!(summary.on_view.unwrap().version, 1);
    assert_eq!(summary.exams.len(), 2);
}

#[test]
fn drafts_refuse_bad_edits_and_can_be_discarded() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    answer(
        &mut project,
        dir.path(),
        "Vendor",
        "a.csv",
        "q1,B\nq2,A\nq3,A\n",
    );
    let err = project
        .edit_question(&edit(
            "q2",
            "Define a quorum.",
            &["majority", "majority"],
            0,
        ))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert!(err.message.contains("the same text"), "{}", err.message);
    let err = project
        .edit_question(&edit("q2", "Define a quorum.", &["a", "b"], 5))
        .unwrap_err();
    assert!(err.message.contains("only 2 choices"), "{}", err.message);
    let err = project
        .add_question(&edit("q2", "Again?", &["a", "b"], 0))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::Conflict);
    // The failed edits opened a draft and left its questions as they were.
    let draft = table(&project);
    assert!(!draft.exam.frozen);
    assert!(
        draft
            .rows
            .iter()
            .all(|r| r.change == Some(QuestionChange::Unchanged))
    );
    project.discard_draft(&ExamRef { exam: None }).unwrap();
    let summary = project.summary().unwrap();
    assert_eq!(summary.exams.len(), 1);
    assert_eq!(summary.on_view.unwrap().version, 1);
    // The first version of an exam is edited in place while no system has sat it.
    let dir2 = tempfile::tempdir().unwrap();
    let mut fresh = project_with_exam(dir2.path());
    let change = fresh
        .edit_question(&edit(
            "q1",
            "Which port is used by HTTPS?",
            &["80", "443"],
            1,
        ))
        .unwrap();
    assert_eq!(change.draft.version, 1);
    assert_eq!(
        fresh
            .discard_draft(&ExamRef { exam: None })
            .unwrap_err()
            .code,
        ErrorCode::Conflict
    );
}

#[test]
fn labels_change_in_place_on_the_version_on_view() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    answer(
        &mut project,
        dir.path(),
        "Vendor",
        "a.csv",
        "q1,B\nq2,A\nq3,A\n",
    );
    let view = project
        .relabel_question(&Relabel {
            exam: None,
            id: "q1".into(),
            topic: Some("Networking".into()),
            bloom: Some(vec!["Analyzing".into()]),
            question_type: Some("how".into()),
        })
        .unwrap();
    assert_eq!(view.exam.version, 1, "labels open no draft");
    assert_eq!(view.row.topic.as_deref(), Some("Networking"));
    assert_eq!(view.row.bloom, ["Analyzing"]);
    assert_eq!(view.row.question_type, "how");
    let grades = project.grades(None).unwrap();
    assert!(
        grades
            .topics
            .rows
            .iter()
            .any(|r| r.category == "Networking")
    );
    let err = project
        .relabel_question(&Relabel {
            exam: None,
            id: "q1".into(),
            topic: None,
            bloom: Some(vec!["Dancing".into()]),
            question_type: None,
        })
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
}

#[test]
fn a_deleted_system_comes_back_with_every_answer() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    answer(
        &mut project,
        dir.path(),
        "Vendor",
        "a.csv",
        "q1,B\nq2,A\nq3,A\n",
    );
    answer(
        &mut project,
        dir.path(),
        "Other",
        "b.csv",
        "q1,A\nq2,A\nq3,B\n",
    );
    let before = project.grades(None).unwrap();
    let gone = project
        .delete_system(&SystemName {
            name: "Vendor".into(),
        })
        .unwrap();
    assert_eq!((gone.name.as_str(), gone.responses), ("Vendor", 3));
    assert_eq!(project.grades(None).unwrap().leaderboard.len(), 1);
    // A new system created meanwhile does not collide with the one put back.
    answer(&mut project, dir.path(), "Third", "c.csv", "q1,B\n");
    project
        .restore_system(&SystemName {
            name: "Vendor".into(),
        })
        .unwrap();
    let after = project.grades(None).unwrap();
    let row = |g: &proctor_api::dto::Grades, name: &str| {
        g.leaderboard
            .iter()
            .find(|r| r.system == name)
            .cloned()
            .unwrap()
    };
    assert_eq!(row(&after, "Vendor"), row(&before, "Vendor"));
    assert_eq!(after.leaderboard.len(), 3);
    let err = project
        .restore_system(&SystemName {
            name: "Vendor".into(),
        })
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotFound);
}

#[test]
fn topics_are_renamed_and_merged_for_documents_and_questions() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    let rename = |from: &str, to: &str| RenameTopic {
        name: from.into(),
        new_name: to.into(),
    };
    assert!(!project.rename_topic(&rename("Net", "Networking")).unwrap());
    assert!(
        project.rename_topic(&rename("Ops", "Networking")).unwrap(),
        "merged"
    );
    let topics: Vec<_> = table(&project).rows.into_iter().map(|r| r.topic).collect();
    assert_eq!(
        topics,
        [
            Some("Networking".to_owned()),
            Some("Consensus".to_owned()),
            Some("Networking".to_owned())
        ]
    );
    assert_eq!(
        project.documents_overview().unwrap().topics,
        ["Consensus", "Networking"]
    );
    let err = project.rename_topic(&rename("Nowhere", "X")).unwrap_err();
    assert_eq!(err.code, ErrorCode::Conflict);
    assert_eq!(
        project
            .rename_topic(&rename("Consensus", " "))
            .unwrap_err()
            .code,
        ErrorCode::InvalidInput
    );
}
