use super::*;

#[test]
fn a_malformed_exam_changes_nothing_and_names_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    let before = project.summary().unwrap().counts;
    let bad = write(
        dir.path(),
        "bad.csv",
        "id,question,A,B,answer\nx1,Fine?,yes,no,A\nx2,Broken?,yes,no,C\n",
    );
    let err = project
        .import(
            &ImportRequest::new(ImportKind::Exam, bad.clone()),
            &NoProgress,
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert_eq!(
        err.message,
        format!("{bad}:3:answer: 'C' is not one of the 2 choices (A–B)")
    );
    assert_eq!(project.summary().unwrap().counts, before);
}

#[test]
fn answers_map_free_text_and_report_what_did_not_map() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    let answers = write(
        dir.path(),
        "vendor.csv",
        "question_id,answer\nq1,It uses 443.\nq2,Either A or B.\n",
    );
    let mut request = ImportRequest::new(ImportKind::Answers, answers);
    request.system = Some("Vendor".into());
    let report = project.import(&request, &NoProgress).unwrap();
    assert_eq!(report.unmapped.len(), 1);
    assert_eq!(report.unmapped[0].question_id, "q2");
    assert_eq!(report.unmapped[0].location, "line 3");
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.starts_with("1 questions have no answer")),
        "{:?}",
        report.notes
    );
    let grades = project.grades(None).unwrap();
    let row = &grades.leaderboard[0];
    // The reply that could not be read needs a look: counted apart from no answer.
    assert_eq!(
        (row.correct, row.wrong, row.unanswered, row.needs_look),
        (1, 0, 1, 1)
    );
}

#[test]
fn unknown_question_ids_refuse_the_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    let before = project.summary().unwrap().counts;
    let answers = write(dir.path(), "v.csv", "id,answer\nq1,B\nq9,A\n");
    let err = project
        .import(
            &ImportRequest::new(ImportKind::Answers, answers.clone()),
            &NoProgress,
        )
        .unwrap_err();
    assert_eq!(
        err.message,
        format!("{answers}:3: there is no question 'q9' in exam 'exam' (version 1)")
    );
    assert_eq!(project.summary().unwrap().counts, before);
}

#[test]
fn a_second_sitting_needs_replace() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    let answers = write(dir.path(), "v.csv", "id,answer\nq1,B\nq2,A\nq3,A\n");
    let request = ImportRequest::new(ImportKind::Answers, answers.clone());
    project.import(&request, &NoProgress).unwrap();
    let err = project.import(&request, &NoProgress).unwrap_err();
    assert_eq!(err.code, ErrorCode::Conflict);
    let worse = write(dir.path(), "v2.csv", "id,answer\nq1,A\nq2,A\nq3,A\n");
    let mut replace = ImportRequest::new(ImportKind::Answers, worse);
    replace.system = Some("v".into());
    replace.replace = true;
    let report = project.import(&replace, &NoProgress).unwrap();
    assert!(
        report
            .notes
            .iter()
            .any(|n| n == "replaced 3 earlier responses")
    );
    assert_eq!(project.grades(None).unwrap().leaderboard[0].correct, 2);
}

#[test]
fn documents_from_a_folder_take_topics_from_sub_folders_and_skip_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir_all(corpus.join("Billing")).unwrap();
    std::fs::write(
        corpus.join("Billing/plans.md"),
        "# Plans\n\nThe plan costs 5 euros.",
    )
    .unwrap();
    std::fs::write(corpus.join("readme.txt"), "Top-level file.").unwrap();
    std::fs::write(corpus.join("image.png"), [0u8, 1, 2]).unwrap();
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    let request = ImportRequest::new(ImportKind::Documents, corpus.display().to_string());
    let report = project.import(&request, &NoProgress).unwrap();
    assert_eq!((report.rows, report.added), (2, 2));
    let again = project.import(&request, &NoProgress).unwrap();
    assert_eq!((again.added, again.skipped), (0, 2));
    let summary = project.summary().unwrap();
    assert_eq!((summary.counts.documents, summary.counts.topics), (2, 1));
}

/// Progress whose user has asked to stop.
struct Stopped;

impl proctor_api::Progress for Stopped {
    fn start(&self, _stage: &str, _total: u64) {}
    fn advance(&self, _done: u64) {}
    fn finish(&self) {}
    fn cancelled(&self) -> bool {
        true
    }
}

#[test]
fn a_stopped_document_import_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::write(corpus.join("a.txt"), "One document.").unwrap();
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    let request = ImportRequest::new(ImportKind::Documents, corpus.display().to_string());
    let stopped = project.import(&request, &Stopped).unwrap_err();
    assert_eq!(stopped.code, ErrorCode::Cancelled);
    assert!(
        stopped.message.contains("nothing was imported"),
        "{}",
        stopped.message
    );
    assert_eq!(project.summary().unwrap().counts.documents, 0);
}

#[test]
fn opening_what_is_not_a_project_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let err = Project::open(&dir.path().join("none.proctor")).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotFound);
    let text = write(dir.path(), "notes.proctor", "hello");
    let err = Project::open(Path::new(&text)).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert!(
        err.message.ends_with("is not a Proctor project file"),
        "{}",
        err.message
    );
}

/// An answers file of free answers given without the choices (open answers): the reader answers
/// each question from its free answer, the sitting shows its mode and the reader's ceiling.
#[test]
fn open_answers_from_a_file_are_graded_by_the_reader() {
    use proctor_api::dto::{QuestionRequest, QuestionsRequest, SystemName};
    use std::fmt::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    let table = project
        .question_table(&QuestionsRequest { exam: None })
        .unwrap();
    let passages: Vec<String> = table
        .rows
        .iter()
        .map(|r| {
            project
                .question(&QuestionRequest {
                    exam: None,
                    id: r.id.clone(),
                })
                .unwrap()
                .source_text
                .unwrap_or_default()
        })
        .collect();
    // Even questions: their own passage; odd ones: a passage half the exam away.
    let mut csv = String::from("question_id,answer\n");
    for (i, r) in table.rows.iter().enumerate() {
        let own = i % 2 == 0;
        let passage = &passages[if own {
            i
        } else {
            (i + passages.len() / 2) % passages.len()
        }];
        let _ = writeln!(csv, "{},\"{}\"", r.id, passage.replace('"', "\"\""));
    }
    let file = write(dir.path(), "assistant.csv", &csv);
    let mut request = ImportRequest::new(ImportKind::Answers, file.clone());
    request.system = Some("Assistant".into());
    request.open = true;
    let report = project.import(&request, &NoProgress).unwrap();
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.starts_with("Open answers: the lexical reader answered")),
        "{:?}",
        report.notes
    );
    // Read as open answers, nothing needs a look: the reader decides.
    assert!(report.unmapped.is_empty());
    let grades = project.grades(None).unwrap();
    let row = grades
        .leaderboard
        .iter()
        .find(|s| s.system == "Assistant")
        .unwrap();
    assert_eq!(row.mode, SittingMode::Open);
    assert_eq!(row.needs_look, 0);
    // The Systems page says how it sat; the same answers as letters are no open sitting.
    let mut letters = ImportRequest::new(ImportKind::Answers, file.clone());
    letters.system = Some("Letters".into());
    project.import(&letters, &NoProgress).unwrap();
    let overview = project.systems_overview().unwrap();
    let open = |name: &str| {
        overview
            .systems
            .iter()
            .find(|s| s.name == name)
            .unwrap()
            .open
    };
    assert!(open("Assistant") && !open("Letters"));
    let ceiling = row
        .open_ceiling
        .unwrap_or_else(|| panic!("{:?} {row:?}", report.notes));
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Assistant".into(),
        })
        .unwrap();
    let own_right = sheet
        .rows
        .iter()
        .step_by(2)
        .filter(|r| r.verdict == proctor_api::dto::AnswerVerdict::Right)
        .count();
    let other_right = sheet
        .rows
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|r| r.verdict == proctor_api::dto::AnswerVerdict::Right)
        .count();
    let half = sheet.rows.len() / 2;
    assert!(
        (own_right as f64 / half as f64 - ceiling).abs() < 0.15,
        "{own_right} of {half} against a ceiling of {ceiling}"
    );
    assert!(
        other_right * 3 < half,
        "{other_right} of {half} from a wrong passage"
    );

    // Open answers are a system's own: reader outcomes cannot be imported so.
    let mut wrong = ImportRequest::new(ImportKind::ReaderOutcomes, file);
    wrong.system = Some("Other".into());
    wrong.open = true;
    let err = project.import(&wrong, &NoProgress).unwrap_err();
    assert!(
        err.message.contains("import them as answers"),
        "{}",
        err.message
    );
}

#[test]
fn a_reply_that_names_no_choice_is_read_by_its_meaning_and_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    let exam = write(
        dir.path(),
        "exam.csv",
        "id,question,A,B,C,D,answer,topic,query\n\
         p1,Which principle limits each account?,Each account gets only the minimum access its work needs,Two people must approve every payment,Several layers of defence protect the network,The system stays secure because its design is secret,A,Access,a\n\
         p2,Which port is used?,80,443,22,21,B,Net,a\n",
    );
    project
        .import(&ImportRequest::new(ImportKind::Exam, exam), &NoProgress)
        .unwrap();
    let answers = write(
        dir.path(),
        "vendor.csv",
        "question_id,answer\n\
         p1,\"Give every user the bare minimum of access required for their job, nothing more.\"\n\
         p2,\"I'm not able to say.\"\n",
    );
    // A language model that is not there stops the import before anything is stored.
    let mut request = ImportRequest::new(ImportKind::Answers, answers.clone());
    request.system = Some("Vendor".into());
    request.reply_model = Some("no-such-model".into());
    let refused = project.import(&request, &NoProgress).unwrap_err();
    assert!(refused.message.contains("no-such-model"), "{refused:?}");
    assert!(project.grades(None).unwrap().leaderboard.is_empty());
    // Without one, the reply that restates a choice in other words is read by meaning.
    request.reply_model = None;
    let report = project.import(&request, &NoProgress).unwrap();
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.starts_with("1 reply that names no choice was read by meaning")),
        "{:?}",
        report.notes
    );
    let sheet = project
        .answer_sheet(&proctor_api::dto::SystemName {
            name: "Vendor".into(),
        })
        .unwrap();
    let reading = sheet.rows[0].reading.clone().unwrap_or_default();
    assert!(reading.starts_with("choice A by meaning"), "{reading}");
    let row = &project.grades(None).unwrap().leaderboard[0];
    assert_eq!((row.correct, row.unanswered, row.needs_look), (1, 1, 0));
}

#[test]
fn page_furniture_repeated_on_most_pages_is_set_aside_and_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    let nav = "<div class=menu><a href=/>Home</a> <a href=/about>About</a> <a href=/dl>Download</a></div>\
               <div class=tagline>Small. Fast. Reliable.<br>Choose any three.</div>";
    let topics = [
        "the write-ahead log",
        "the query planner",
        "virtual tables",
        "the pager",
        "locking",
    ];
    for (i, topic) in topics.iter().enumerate() {
        let page = format!(
            "<html><head><title>Page {i}</title></head><body>{nav}<h1>About {topic}</h1>\
             <p>This page explains {topic} in detail, with its own facts and figures.</p>\
             <p>Page {i} of the manual.</p></body></html>"
        );
        std::fs::write(site.join(format!("page{i}.html")), page).unwrap();
    }
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    let request = ImportRequest::new(ImportKind::Documents, site.display().to_string());
    let report = project.import(&request, &NoProgress).unwrap();
    // The menu goes by its structure, the tagline because every page repeats it.
    assert!(
        report.notes.iter().any(|n| n.starts_with(
            "navigation left out: 5 lines of menus, breadcrumbs and “on this page” lists from 5 HTML pages"
        )),
        "{:?}",
        report.notes
    );
    assert!(
        report.notes.iter().any(|n| n
            .starts_with("page furniture set aside: 10 lines repeated on most pages (2 different")),
        "{:?}",
        report.notes
    );
    let documents = project.documents_overview().unwrap();
    assert!(
        documents.documents.iter().all(|d| d.set_aside == 3),
        "{documents:?}"
    );
    let first = &documents.documents[0];
    let view = project
        .document(&proctor_api::dto::DocumentRef { id: first.id })
        .unwrap();
    assert!(
        !view.text.contains("Small. Fast. Reliable."),
        "{}",
        view.text
    );
    assert!(view.text.contains("This page explains"), "{}", view.text);
    // Kept when asked: a second project keeps every line.
    let mut keep = Project::create(&dir.path().join("q.proctor")).unwrap();
    let mut request = ImportRequest::new(ImportKind::Documents, site.display().to_string());
    request.keep_furniture = true;
    let report = keep.import(&request, &NoProgress).unwrap();
    assert!(
        !report
            .notes
            .iter()
            .any(|n| n.starts_with("page furniture") || n.starts_with("navigation left out"))
    );
    assert!(
        keep.documents_overview()
            .unwrap()
            .documents
            .iter()
            .all(|d| d.set_aside == 0)
    );
    let first = keep.documents_overview().unwrap().documents[0].id;
    let view = keep
        .document(&proctor_api::dto::DocumentRef { id: first })
        .unwrap();
    assert!(view.text.contains("Small. Fast. Reliable."));
    assert!(view.text.contains("Download"));
}

#[test]
fn a_skipped_import_leaves_no_empty_topic_behind() {
    let dir = tempfile::tempdir().unwrap();
    for (folder, topic) in [("first", "Installation"), ("again", "Setup")] {
        let sub = dir.path().join(folder).join(topic);
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(
            sub.join("guide.txt"),
            "The agent needs 512 MB of free memory.",
        )
        .unwrap();
    }
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    for folder in ["first", "again"] {
        let request = ImportRequest::new(
            ImportKind::Documents,
            dir.path().join(folder).display().to_string(),
        );
        project.import(&request, &NoProgress).unwrap();
    }
    let overview = project.documents_overview().unwrap();
    assert_eq!(overview.documents.len(), 1);
    assert_eq!(overview.topics, vec!["Installation".to_owned()]);
}

#[test]
fn documents_are_put_under_a_topic_and_an_emptied_topic_goes() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("docs").join("Setup");
    std::fs::create_dir_all(&sub).unwrap();
    for (name, text) in [
        ("install.txt", "The agent needs 512 MB of free memory."),
        (
            "upgrade.txt",
            "Upgrades keep the configuration in /etc/agent.",
        ),
        (
            "billing.txt",
            "Invoices are sent on the first day of the month.",
        ),
    ] {
        std::fs::write(sub.join(name), text).unwrap();
    }
    let mut project = Project::create(&dir.path().join("p.proctor")).unwrap();
    let request = ImportRequest::new(
        ImportKind::Documents,
        dir.path().join("docs").display().to_string(),
    );
    project.import(&request, &NoProgress).unwrap();
    let ids = |project: &Project, name: &str| -> Vec<u32> {
        project
            .documents_overview()
            .unwrap()
            .documents
            .iter()
            .filter(|d| d.name.contains(name))
            .map(|d| d.id)
            .collect()
    };
    // One document to a new topic.
    let billing = ids(&project, "billing");
    let change = proctor_api::dto::DocumentsTopic {
        documents: billing.clone(),
        topic: Some("Billing".into()),
    };
    assert_eq!(project.set_documents_topic(&change).unwrap(), 1);
    let overview = project.documents_overview().unwrap();
    assert_eq!(
        overview.topics,
        vec!["Billing".to_owned(), "Setup".to_owned()]
    );
    // The other two out of any topic: "Setup" is left empty and goes.
    let rest: Vec<u32> = overview
        .documents
        .iter()
        .map(|d| d.id)
        .filter(|id| !billing.contains(id))
        .collect();
    let change = proctor_api::dto::DocumentsTopic {
        documents: rest,
        topic: None,
    };
    assert_eq!(project.set_documents_topic(&change).unwrap(), 2);
    let overview = project.documents_overview().unwrap();
    assert_eq!(overview.topics, vec!["Billing".to_owned()]);
    assert_eq!(
        overview
            .documents
            .iter()
            .filter(|d| d.topic.is_none())
            .count(),
        2
    );
    // A document that is not there changes nothing.
    let change = proctor_api::dto::DocumentsTopic {
        documents: vec![999],
        topic: Some("Other".into()),
    };
    assert!(project.set_documents_topic(&change).is_err());
    assert_eq!(
        project.documents_overview().unwrap().topics,
        vec!["Billing".to_owned()]
    );
}

/// Names typed two ways (composed and decomposed accents) are one name; a name that differs
/// from another only in capitals is refused for systems and merged, with a note, for topics.
#[test]
fn look_alike_names_are_one_name_or_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    let answers = write(dir.path(), "v.csv", "id,answer\nq1,B\nq2,A\nq3,A\n");
    let mut first = ImportRequest::new(ImportKind::Answers, answers.clone());
    first.system = Some("Caf\u{e9}".into());
    project.import(&first, &NoProgress).unwrap();
    let mut decomposed = ImportRequest::new(ImportKind::Answers, answers.clone());
    decomposed.system = Some("Cafe\u{301}".into());
    let err = project.import(&decomposed, &NoProgress).unwrap_err();
    assert_eq!(
        err.code,
        ErrorCode::Conflict,
        "the same name typed another way is the same system: {}",
        err.message
    );
    let mut shouted = ImportRequest::new(ImportKind::Answers, answers);
    shouted.system = Some("CAF\u{c9}".into());
    let err = project.import(&shouted, &NoProgress).unwrap_err();
    assert!(
        err.message.contains("would look the same"),
        "{}",
        err.message
    );
    assert_eq!(project.grades(None).unwrap().leaderboard.len(), 1);

    let corpus = dir.path().join("corpus");
    std::fs::create_dir_all(corpus.join("Billing")).unwrap();
    std::fs::create_dir_all(corpus.join("billing")).unwrap();
    std::fs::write(corpus.join("Billing/plans.md"), "The plan costs 5 euros.").unwrap();
    std::fs::write(corpus.join("billing/fees.md"), "The fee is 2 euros.").unwrap();
    let request = ImportRequest::new(ImportKind::Documents, corpus.display().to_string());
    let report = project.import(&request, &NoProgress).unwrap();
    assert_eq!(report.added, 2);
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.contains("under the one topic “Billing”")),
        "{:?}",
        report.notes
    );
    assert_eq!(project.summary().unwrap().counts.topics, 4);
}

/// A key outside its question's choices (a file edited by another tool) names the damaged row
/// instead of crashing the pages that read it.
#[test]
fn a_key_outside_the_choices_is_named_as_damage() {
    let dir = tempfile::tempdir().unwrap();
    drop(project_with_exam(dir.path()));
    let path = dir.path().join("p.proctor");
    // Another tool may write past the schema's checks.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(
            "PRAGMA ignore_check_constraints = ON;
             UPDATE questions SET key_index = 9 WHERE external_id = 'q2';",
        )
        .unwrap();
    let project = Project::open(&path).unwrap();
    for err in [
        project.summary().map(|_| ()).unwrap_err(),
        project.grades(None).map(|_| ()).unwrap_err(),
    ] {
        assert!(
            err.message.contains("damaged value in table questions") && err.message.contains("q2"),
            "{}",
            err.message
        );
    }
}
