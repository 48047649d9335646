//! Integration tests of the project file: migrations, immutability, transactions.

use proctor_core::{Outcome, QuestionDraft, QuestionType, RunMode, SystemKind};
use proctor_store::{LATEST_VERSION, MIGRATIONS, NewQuestion, NewResponse, Store, StoreError};
use rusqlite::Connection;

fn question(id: &str) -> NewQuestion {
    NewQuestion {
        question: QuestionDraft {
            external_id: id.into(),
            stem: "Which one?".into(),
            choices: vec!["x".into(), "y".into()],
            key: 1,
            ..QuestionDraft::default()
        }
        .validate()
        .unwrap(),
        bloom_auto: vec![],
        question_type_auto: QuestionType::Which,
    }
}

mod migrations {
    use super::*;

    #[test]
    fn every_file_in_the_folder_is_listed_in_order() {
        let folder = std::path::PathBuf::from(
            std::env::var_os("CARGO_MANIFEST_DIR")
                .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
        )
        .join("../../migrations");
        let mut files: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sql")))
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let listed: Vec<&str> = MIGRATIONS.iter().map(|m| m.file).collect();
        assert_eq!(files, listed);
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version as usize, i + 1);
            assert!(m.file.starts_with(&format!("{:04}_", i + 1)));
        }
    }

    /// A database made by each earlier schema version — with data in it — opens, upgrades to
    /// the latest version, keeps its data and passes SQLite's integrity check.
    #[test]
    fn databases_of_every_earlier_version_upgrade() {
        for made_by in 0..LATEST_VERSION {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("old.proctor");
            {
                let conn = Connection::open(&path).unwrap();
                conn.pragma_update(None, "application_id", proctor_store::APPLICATION_ID)
                    .unwrap();
                for m in MIGRATIONS.iter().take(made_by as usize) {
                    conn.execute_batch(m.sql).unwrap();
                    conn.pragma_update(None, "user_version", m.version).unwrap();
                }
                if made_by >= 1 {
                    conn.execute_batch(
                        "INSERT INTO topics (name) VALUES ('Old topic');
                         INSERT INTO systems (name, kind) VALUES ('Old system', 'answers');",
                    )
                    .unwrap();
                }
            }
            let store = Store::open(&path).unwrap();
            assert_eq!(
                store.schema_version().unwrap(),
                LATEST_VERSION,
                "made by v{made_by}"
            );
            assert_eq!(store.integrity_check().unwrap(), vec!["ok".to_owned()]);
            if made_by >= 1 {
                assert_eq!(store.topics().unwrap(), vec!["Old topic".to_owned()]);
                assert_eq!(store.systems().unwrap()[0].name, "Old system");
            }
            assert_eq!(
                store.bloom_keywords().unwrap().len(),
                10 + 20 + 23 + 14 + 13 + 14
            );
        }
    }

    #[test]
    fn a_file_from_a_newer_proctor_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.proctor");
        drop(Store::create(&path).unwrap());
        Connection::open(&path)
            .unwrap()
            .pragma_update(None, "user_version", LATEST_VERSION + 1)
            .unwrap();
        assert!(matches!(Store::open(&path), Err(StoreError::TooNew { .. })));
    }
}

mod the_file_on_disk {
    #[test]
    fn of_four_creating_one_project_at_once_one_creates_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.proctor");
        let created: Vec<bool> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| Store::create(&path)))
                .collect();
            handles
                .into_iter()
                .map(|h| match h.join().unwrap() {
                    Ok(_) => true,
                    Err(StoreError::Exists(_)) => false,
                    Err(e) => panic!("{e}"),
                })
                .collect()
        });
        assert_eq!(created.iter().filter(|c| **c).count(), 1, "{created:?}");
        assert!(Store::open(&path).is_ok());
    }

    use super::*;

    #[test]
    fn a_path_that_reads_as_an_sqlite_uri_is_a_plain_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file:x.proctor?mode=memory");
        drop(Store::create(&path).unwrap());
        assert!(
            path.is_file(),
            "the project was not written where it was asked"
        );
        Store::open(&path).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_file_with_two_names_is_not_opened_for_writing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.proctor");
        drop(Store::create(&path).unwrap());
        let other = dir.path().join("backup.proctor");
        std::fs::hard_link(&path, &other).unwrap();
        for name in [&path, &other] {
            let err = Store::open(name).unwrap_err();
            assert!(matches!(err, StoreError::Linked { links: 2, .. }), "{err}");
            assert!(err.to_string().contains("copy it"), "{err}");
        }
        std::fs::remove_file(&other).unwrap();
        Store::open(&path).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_folder_or_file_is_named_as_such() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("shelf");
        std::fs::create_dir(&folder).unwrap();
        let path = folder.join("p.proctor");
        drop(Store::create(&path).unwrap());
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        // Root writes through permissions: nothing to check there.
        if std::fs::OpenOptions::new().write(true).open(&path).is_ok() {
            eprintln!("skipped: permissions do not bind this user (root)");
            return;
        }
        let err = Store::open(&path).unwrap_err();
        assert!(
            err.to_string().contains("the project file is read-only"),
            "{err}"
        );
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
        let err = Store::open(&path).unwrap_err();
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(
            err.to_string()
                .contains("is read-only: Proctor needs to write its journal"),
            "{err}"
        );
    }
}

mod exams {
    use super::*;

    #[test]
    fn a_frozen_version_never_changes() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::create(&dir.path().join("p.proctor")).unwrap();
        let tx = store.transaction().unwrap();
        let (_, version) = tx.create_exam("E").unwrap();
        tx.insert_questions(version, &[question("q1")], |_| {})
            .unwrap();
        tx.freeze(version).unwrap();
        tx.commit().unwrap();
        let q1 = store.questions(version).unwrap()[0].id;

        let tx = store.transaction().unwrap();
        let err = tx
            .insert_questions(version, &[question("q2")], |_| {})
            .unwrap_err();
        assert!(err.to_string().contains("exam version is frozen"), "{err}");
        drop(tx);
        // The triggers live in the file: any connection, not only ours, is refused.
        let raw = Connection::open(store.path()).unwrap();
        let edited = raw.execute("UPDATE questions SET stem = 'Changed?'", []);
        assert!(
            edited
                .unwrap_err()
                .to_string()
                .contains("exam version is frozen")
        );
        let deleted = raw.execute("DELETE FROM questions", []);
        assert!(
            deleted
                .unwrap_err()
                .to_string()
                .contains("exam version is frozen")
        );
        drop(raw);
        assert_eq!(store.questions(version).unwrap().len(), 1);

        // Categories are analysis, not content: they stay editable on a frozen version.
        let tx = store.transaction().unwrap();
        tx.set_bloom_override(q1, Some(&[proctor_core::BloomLevel::Creating]))
            .unwrap();
        tx.set_question_type_override(q1, Some(QuestionType::How))
            .unwrap();
        tx.commit().unwrap();
        let q = &store.questions(version).unwrap()[0];
        assert_eq!(q.bloom, vec![proctor_core::BloomLevel::Creating]);
        assert!(q.bloom_overridden && q.question_type_overridden);
        assert_eq!(q.question_type, QuestionType::How);
    }

    #[test]
    fn responses_are_unique_per_run_and_question() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::create(&dir.path().join("p.proctor")).unwrap();
        let tx = store.transaction().unwrap();
        let (_, version) = tx.create_exam("E").unwrap();
        let ids = tx
            .insert_questions(version, &[question("q1")], |_| {})
            .unwrap();
        let system = tx.system_id("S", SystemKind::Answers).unwrap();
        let run = tx
            .create_run(Some(system), RunMode::Answers, version, "f.csv")
            .unwrap();
        let first = NewResponse::new(ids[0], Outcome::Chosen(1), Some("B".into()));
        let again = NewResponse::new(ids[0], Outcome::Chosen(0), Some("A".into()));
        assert_eq!(tx.insert_responses(run, &[first, again]).unwrap(), 1);
        assert!(
            tx.create_run(Some(system), RunMode::Answers, version, "g.csv")
                .is_err()
        );
        assert!(matches!(
            tx.system_id("S", SystemKind::Articles),
            Err(StoreError::Conflict(_))
        ));
        tx.commit().unwrap();
        assert_eq!(store.responses(run).unwrap()[0].outcome, Outcome::Chosen(1));
    }

    #[test]
    fn a_hand_reading_wins_and_comes_back_with_the_same_reply() {
        use proctor_core::{AnswerReading, Unsure, Way};
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::create(&dir.path().join("p.proctor")).unwrap();
        let tx = store.transaction().unwrap();
        let (_, version) = tx.create_exam("E").unwrap();
        let ids = tx
            .insert_questions(version, &[question("q1"), question("q2")], |_| {})
            .unwrap();
        let system = tx.system_id("S", SystemKind::Answers).unwrap();
        let run = tx
            .create_run(Some(system), RunMode::Answers, version, "f.csv")
            .unwrap();
        let unsure = AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: vec![0, 1],
        };
        let reply = "Either x or y, hard to say.";
        let replies = [
            NewResponse::read(ids[0], unsure.clone(), reply.into()),
            // The same words to another question: a hand reading of q1 does not apply here.
            NewResponse::read(ids[1], unsure.clone(), reply.into()),
        ];
        tx.insert_responses(run, &replies).unwrap();
        tx.commit().unwrap();
        let outcomes = |store: &Store, run| {
            store
                .responses(run)
                .unwrap()
                .into_iter()
                .map(|r| r.outcome)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            outcomes(&store, run),
            [Outcome::NeedsLook, Outcome::NeedsLook]
        );

        let hand = AnswerReading::Chose {
            choice: 0,
            way: Way::Hand,
        };
        let tx = store.transaction().unwrap();
        assert!(
            tx.set_hand_reading(run, ids[0], &hand, Some("it leans to x"))
                .unwrap()
        );
        tx.commit().unwrap();
        assert_eq!(
            outcomes(&store, run),
            [Outcome::Chosen(0), Outcome::NeedsLook]
        );
        let note = store.hand_note(run, ids[0]).unwrap().unwrap();
        assert_eq!(note.original, Some(unsure.clone()));
        assert_eq!(note.reason.as_deref(), Some("it leans to x"));
        assert_eq!(store.sheet(run).unwrap()[&ids[0]].reading, Some(hand));

        // Imported again, the same reply is read by hand again; a changed reply is not.
        let tx = store.transaction().unwrap();
        tx.delete_run(Some(system), RunMode::Answers, version)
            .unwrap();
        let run = tx
            .create_run(Some(system), RunMode::Answers, version, "f.csv")
            .unwrap();
        let replies = [
            NewResponse::read(ids[0], unsure.clone(), reply.into()),
            NewResponse::read(ids[1], unsure.clone(), format!("{reply} Really.")),
        ];
        tx.insert_responses(run, &replies).unwrap();
        tx.commit().unwrap();
        assert_eq!(
            outcomes(&store, run),
            [Outcome::Chosen(0), Outcome::NeedsLook]
        );

        // Taken back, the reply needs its look again.
        let tx = store.transaction().unwrap();
        assert!(tx.clear_hand_reading(run, ids[0]).unwrap());
        assert!(!tx.clear_hand_reading(run, ids[1]).unwrap());
        tx.commit().unwrap();
        assert_eq!(
            outcomes(&store, run),
            [Outcome::NeedsLook, Outcome::NeedsLook]
        );
    }

    #[test]
    fn an_uncommitted_transaction_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::create(&dir.path().join("p.proctor")).unwrap();
        {
            let tx = store.transaction().unwrap();
            tx.create_exam("E").unwrap();
        }
        assert_eq!(store.counts().unwrap().exams, 0);
    }
}

mod corpus {
    use super::*;
    use proctor_store::{NewChunk, NewDocument};

    fn chunk(ordinal: usize, text: &str) -> NewChunk {
        NewChunk {
            ordinal,
            text: text.to_owned(),
            start: 0,
            end: text.len(),
        }
    }

    #[test]
    fn chunks_are_replaced_and_embeddings_cached_by_model_and_text() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::create(&dir.path().join("c.proctor")).unwrap();
        let tx = store.transaction().unwrap();
        let doc = tx
            .insert_document(&NewDocument {
                name: "a.md".into(),
                source_path: None,
                format: "md".into(),
                topic: Some("Ops".into()),
                text: "One. Two.".into(),
                set_aside: 0,
            })
            .unwrap()
            .unwrap();
        tx.replace_chunks(doc, &[chunk(0, "One."), chunk(1, "Two.")])
            .unwrap();
        tx.replace_chunks(doc, &[chunk(0, "One. Two.")]).unwrap();
        let hash = "a".repeat(64);
        tx.insert_embedding("m", &hash, &[0.5, -0.25]).unwrap();
        tx.set_setting("chunking", r#"{"size": 10}"#).unwrap();
        tx.commit().unwrap();
        let chunks = store.chunks().unwrap();
        assert_eq!(chunks.len(), 1);
        assert_eq!(
            (chunks[0].text.as_str(), chunks[0].topic.as_deref()),
            ("One. Two.", Some("Ops"))
        );
        let found = store.embeddings("m", &[&hash, &"b".repeat(64)]).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[&hash], vec![0.5, -0.25]);
        assert!(
            store
                .embeddings("other model", &[&hash])
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            store.setting("chunking").unwrap().as_deref(),
            Some(r#"{"size": 10}"#)
        );
        assert_eq!(store.setting("nothing").unwrap(), None);
        assert_eq!(store.document_texts().unwrap()[0].text, "One. Two.");
        // The schema refuses what is not a SHA-256 hex digest as a key.
        let tx = store.transaction().unwrap();
        assert!(tx.insert_embedding("m", "short-hash", &[1.0]).is_err());
    }
}
