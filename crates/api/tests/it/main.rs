//! Integration tests of the facade: real project files in temporary folders.

use proctor_api::dto::{ImportKind, ImportRequest, SittingMode, UserModelChoice};
use proctor_api::{ErrorCode, NoProgress, Project};
use std::path::Path;

/// llama.cpp's threads spin while they wait for each other, so two tests running the local
/// language model at once on two cores slow each other down tenfold: they take turns.
fn language_model_turn() -> std::sync::MutexGuard<'static, ()> {
    static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());
    TURN.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn project_with_exam(dir: &Path) -> Project {
    let mut project = Project::create(&dir.join("p.proctor")).unwrap();
    let exam = write(
        dir,
        "exam.csv",
        "id,question,A,B,C,D,answer,topic,query\n\
         q1,Which port is used?,80,443,22,21,B,Net,a\n\
         q2,Define a quorum.,majority,minority,leader,log,A,Consensus,a\n\
         q3,How would you troubleshoot a crash?,read logs,reboot,ignore,panic,A,Ops,b\n",
    );
    project
        .import(&ImportRequest::new(ImportKind::Exam, exam), &NoProgress)
        .unwrap();
    project
}

mod adaptive_sittings;
mod endpoint_reader;
mod endpoint_writer;
mod generation;
mod reader_check;
mod rouge_agreement;
mod vendors;
mod versions;

mod sample {
    use super::*;

    #[test]
    fn sample_project_grades_every_system_and_exam_mode() {
        let dir = tempfile::tempdir().unwrap();
        let summary =
            proctor_api::sample::build(&dir.path().join("s.proctor"), &NoProgress).unwrap();
        assert_eq!(summary.counts.documents, 30);
        assert_eq!(summary.counts.topics, 6);
        assert_eq!(summary.counts.questions, 120);
        assert_eq!(summary.counts.systems, 7);
        let grades = summary.grades.unwrap();
        assert_eq!(grades.exam.questions, 120);
        assert!(grades.exam.frozen);
        let names: Vec<&str> = grades
            .leaderboard
            .iter()
            .map(|s| s.system.as_str())
            .collect();
        assert_eq!(names.len(), 7);
        // The generator gives Atlas RAG ≈ 90% and Echo Bot ≈ chance: they must come first and last.
        assert_eq!(names[0], "Atlas RAG", "{names:?}");
        assert_eq!(*names.last().unwrap(), "Echo Bot", "{names:?}");
        for s in &grades.leaderboard {
            let (p, lo, hi) = (
                s.accuracy.unwrap(),
                s.accuracy_low.unwrap(),
                s.accuracy_high.unwrap(),
            );
            assert!(lo < p && p < hi, "{}: {lo} {p} {hi}", s.system);
            // Errors and unanswered questions are not right: every system is out of 120.
            assert_eq!(s.correct + s.wrong + s.unanswered + s.errors, s.questions);
            assert_eq!(s.questions, 120);
            assert!(
                (p - f64::from(s.correct) / 120.0).abs() < 1e-12,
                "{}",
                s.system
            );
            assert_eq!(
                s.accuracy_on_answered.is_some(),
                s.errors > 0,
                "{}",
                s.system
            );
        }
        let scribe = grades
            .leaderboard
            .iter()
            .find(|s| s.system == "Scribe Writer")
            .unwrap();
        let brief = grades
            .leaderboard
            .iter()
            .find(|s| s.system == "Brief Writer")
            .unwrap();
        assert_eq!(scribe.mode, SittingMode::Exam);
        let (scribe, brief) = (scribe.exam.clone().unwrap(), brief.exam.clone().unwrap());
        assert_eq!(scribe.queries, 30);
        assert!(scribe.exam > brief.exam);
        assert!(brief.skipped_queries > 0);
        let gold = grades.gold.unwrap();
        assert!(gold.exam > scribe.exam);
        let n_exam = scribe.n_exam.unwrap();
        assert!(
            (n_exam - scribe.exam / gold.exam).abs() < 1e-9,
            "n-EXAM = Σ EXAM / Σ gold EXAM"
        );
        // Echo Bot leans on choice A; the topic table has 6 topics with 20 questions each.
        assert_eq!(grades.topics.rows.len(), 6);
        assert!(grades.topics.rows.iter().all(|r| r.items == 20));
        let unmapped_answers = grades.leaderboard.iter().map(|s| s.unanswered).sum::<u32>();
        assert!(unmapped_answers > 0);
        assert!(grades.bias.unwrap().best_position.accuracy < 0.4);
    }
}

mod compare {
    use super::*;
    use proctor_api::dto::CompareRequest;

    fn request(first: &str, second: &str) -> CompareRequest {
        CompareRequest {
            exam: None,
            first: first.into(),
            second: second.into(),
        }
    }

    #[test]
    fn the_best_and_the_worst_sample_systems_differ_for_real() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let project = Project::open(&path).unwrap();
        let c = project.compare(&request("Atlas RAG", "Echo Bot")).unwrap();
        assert_eq!(c.pairs, 120);
        assert_eq!(c.both + c.only_first + c.only_second + c.neither, c.pairs);
        // Every count has its questions, and each question is in exactly one list.
        let q = &c.questions;
        let lens = [
            q.both.len(),
            q.only_first.len(),
            q.only_second.len(),
            q.neither.len(),
        ];
        assert_eq!(
            lens.map(|l| l as u32),
            [c.both, c.only_first, c.only_second, c.neither]
        );
        let mut all: Vec<&String> = q
            .both
            .iter()
            .chain(&q.only_first)
            .chain(&q.only_second)
            .chain(&q.neither)
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 120);
        let expected = f64::from(c.only_first) / 120.0 - f64::from(c.only_second) / 120.0;
        assert!(
            (c.difference - expected).abs() < 1e-12,
            "difference = discordant pairs / n"
        );
        assert!((c.difference - (c.first_accuracy - c.second_accuracy)).abs() < 1e-12);
        assert!(c.excludes_zero && c.low > 0.3, "{c:?}");
        assert_eq!((c.resamples, c.seed), (10_000, 20_261_122));
        assert_eq!(
            project.compare(&request("Atlas RAG", "Echo Bot")).unwrap(),
            c,
            "seeded"
        );

        // Drift QA reported 5 errors: those questions stay in the pairing, not right.
        let d = project.compare(&request("Drift QA", "Atlas RAG")).unwrap();
        assert_eq!(d.pairs, 120);
        // Beacon Search and Cobalt Assist are a point apart: the interval straddles 0.
        let close = project
            .compare(&request("Beacon Search", "Cobalt Assist"))
            .unwrap();
        assert!(
            !close.excludes_zero && close.low < 0.0 && close.high > 0.0,
            "{close:?}"
        );
        let err = project
            .compare(&request("Atlas RAG", "Nobody"))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::NotFound);

        // The verdict agrees with the interval: a clear gain is real, a one-point gap could be
        // luck. The test is the exact McNemar test on the discordant questions, over the
        // family of the sample's systems against the second (6 comparisons: 7 systems, none
        // a pipeline, less the baseline).
        assert_eq!(c.verdict.test, "exact McNemar");
        let mcnemar = proctor_stats::significance::mcnemar_exact(
            u64::from(c.only_first),
            u64::from(c.only_second),
        );
        assert!((c.verdict.p_value - mcnemar.p_value).abs() < 1e-15);
        assert_eq!(c.verdict.family_size, 6);
        assert!(
            c.verdict.real && c.verdict.adjusted_p_value < 0.001,
            "{c:?}"
        );
        assert_eq!(c.verdict.marker, "▲");
        assert!(
            c.verdict.sentence.contains("the difference is real"),
            "{}",
            c.verdict.sentence
        );
        assert!(c.wilcoxon_p < 0.0001, "secondary column");
        assert!(
            !close.verdict.real && close.verdict.p_value > 0.5,
            "{close:?}"
        );
        assert!(close.wilcoxon_p > 0.5 && close.t_test_p.is_some_and(|p| p > 0.5));
        assert_eq!(close.verdict.marker, "◦");
        assert!(close.verdict.sentence.contains("could be luck"));
    }

    #[test]
    fn every_system_against_a_baseline_with_holm() {
        use proctor_api::dto::SignificanceRequest;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let project = Project::open(&path).unwrap();
        let table = project
            .significance(&SignificanceRequest {
                exam: None,
                baseline: "Beacon Search".into(),
                group: None,
            })
            .unwrap();
        assert_eq!(table.rows.len(), 6);
        assert!(table.method.contains("Holm"), "{}", table.method);
        for row in &table.rows {
            let v = &row.verdict;
            assert!(v.adjusted_p_value >= v.p_value - 1e-15, "{row:?}");
            assert!(v.adjusted_p_value <= 1.0);
            assert_eq!(v.family_size, 6);
            assert_eq!(v.real, v.adjusted_p_value < 0.05);
            // The row's verdict is the compare panel's verdict on the same pair.
            let pair = project
                .compare(&proctor_api::dto::CompareRequest {
                    exam: None,
                    first: row.system.clone(),
                    second: "Beacon Search".into(),
                })
                .unwrap();
            assert_eq!(pair.verdict, row.verdict);
        }
        let row = |name: &str| table.rows.iter().find(|r| r.system == name).unwrap();
        assert_eq!(row("Echo Bot").verdict.marker, "▼");
        assert_eq!(row("Cobalt Assist").verdict.marker, "◦");
        // The smallest p-value is multiplied by the number of comparisons.
        let smallest = table
            .rows
            .iter()
            .min_by(|a, b| a.verdict.p_value.total_cmp(&b.verdict.p_value))
            .unwrap();
        assert!(
            (smallest.verdict.adjusted_p_value - (6.0 * smallest.verdict.p_value).min(1.0)).abs()
                < 1e-15
        );
        let missing = project
            .significance(&SignificanceRequest {
                exam: None,
                baseline: "Nobody".into(),
                group: None,
            })
            .unwrap_err();
        assert_eq!(missing.code, ErrorCode::NotFound);
    }
}

mod imports {
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
            "question_id,answer\nq1,It uses 443.\nq2,no idea\n",
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
        assert_eq!((row.correct, row.wrong, row.unanswered), (1, 0, 2));
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
}

mod categories {
    use super::*;
    use proctor_api::dto::CategoryOverride;

    #[test]
    fn overrides_replace_the_classifier_and_auto_restores_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut project = project_with_exam(dir.path());
        let before = project.grades(None).unwrap();
        assert!(
            before.bloom.rows.iter().any(|r| r.category == "Analyzing"),
            "q3 says troubleshoot"
        );
        let change = CategoryOverride {
            exam: None,
            question_id: "q3".into(),
            bloom: Some(vec!["Creating".into(), "evaluating".into()]),
            question_type: Some("why".into()),
        };
        let now = project.override_categories(&change).unwrap();
        assert_eq!(now.bloom, ["Evaluating", "Creating"]);
        assert!(now.bloom_overridden && now.question_type_overridden);
        let after = project.grades(None).unwrap();
        assert!(!after.bloom.rows.iter().any(|r| r.category == "Analyzing"));
        assert!(
            after
                .question_types
                .rows
                .iter()
                .any(|r| r.category == "why")
        );

        let back = CategoryOverride {
            bloom: Some(vec![]),
            question_type: Some("auto".into()),
            ..change.clone()
        };
        let restored = project.override_categories(&back).unwrap();
        assert_eq!(
            (restored.bloom.as_slice(), restored.question_type.as_str()),
            (&["Analyzing".to_owned()][..], "how")
        );
        assert!(!restored.bloom_overridden);

        let bad = CategoryOverride {
            bloom: Some(vec!["Remember".into()]),
            ..change.clone()
        };
        let err = project.override_categories(&bad).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidInput);
        assert!(
            err.message.starts_with("'Remember' is not a Bloom level"),
            "{}",
            err.message
        );
        let missing = CategoryOverride {
            question_id: "q99".into(),
            ..change
        };
        assert_eq!(
            project.override_categories(&missing).unwrap_err().code,
            ErrorCode::NotFound
        );
    }
}

mod bindings {
    fn committed_and_current(relative: &str, generated: &str) {
        let root = std::path::PathBuf::from(
            std::env::var_os("CARGO_MANIFEST_DIR")
                .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
        )
        .join("../..");
        let path = root.join(relative);
        if std::env::var_os("UPDATE_BINDINGS").is_some() {
            std::fs::write(&path, generated).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "{} is stale: run `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings`",
            path.display()
        );
    }

    #[test]
    fn generated_typescript_is_committed_and_current() {
        committed_and_current(
            proctor_api::bindings::TYPES_PATH,
            &proctor_api::bindings::typescript(),
        );
    }

    #[test]
    fn generated_client_is_committed_and_current() {
        committed_and_current(
            proctor_api::doors::CLIENT_PATH,
            &proctor_api::doors::typescript_client(),
        );
    }

    /// Every line of the table reaches its facade method through the one dispatch: a request
    /// of the wrong shape is refused as malformed (not as an unknown use case), and the client
    /// names every use case once.
    #[test]
    fn every_use_case_is_dispatched_and_in_the_client() {
        let dir = tempfile::tempdir().unwrap();
        let bench = proctor_api::Workbench::new(dir.path());
        let client = proctor_api::doors::typescript_client();
        let mut seen = std::collections::BTreeSet::new();
        for case in proctor_api::doors::USE_CASES {
            assert!(seen.insert(case.name), "{} is listed twice", case.name);
            let error = bench
                .call(
                    case.name,
                    serde_json::json!({"surely": ["not", "a", "request"]}),
                )
                .unwrap_err();
            assert_ne!(
                error.code,
                ErrorCode::NotFound,
                "{}: {}",
                case.name,
                error.message
            );
            assert!(
                client.contains(&format!("send(\"{}\"", case.name)),
                "{} is missing from the client",
                case.name
            );
        }
        let unknown = bench
            .call("drop_everything", serde_json::Value::Null)
            .unwrap_err();
        assert_eq!(unknown.code, ErrorCode::NotFound);
        assert!(
            unknown.message.contains("drop_everything"),
            "{}",
            unknown.message
        );
        // A use case without a request takes JSON null.
        let none = bench.call("summary", serde_json::Value::Null).unwrap_err();
        assert_eq!(none.code, ErrorCode::NoProject, "{}", none.message);
    }

    use super::ErrorCode;
}

mod irt {
    use super::*;
    use proctor_api::dto::{
        Factor, ImproveRequest, IrtMethod, IrtModel, IrtRequest, IrtSettings, Measurable,
        SystemSelection,
    };

    fn request(method: IrtMethod, hierarchical: bool) -> IrtRequest {
        IrtRequest {
            exam: None,
            settings: Some(IrtSettings {
                model: IrtModel::ThreePl,
                method,
                preset: "paper".into(),
            }),
            hierarchical,
            baselines: vec![Factor {
                name: "retriever".into(),
                level: "closed-book".into(),
            }],
            selection: SystemSelection::default(),
        }
    }

    fn sample(dir: &Path) -> Project {
        let path = dir.join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        Project::open(&path).unwrap()
    }

    #[test]
    fn the_sample_exam_fits_orders_systems_and_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut project = sample(dir.path());
        assert_eq!(project.latest_irt(None).unwrap(), None);
        // Until one is chosen, the project's setting is the 2PL (METHODS.md §3).
        assert_eq!(project.irt_settings().unwrap(), IrtSettings::default());
        assert_eq!(IrtSettings::default().model, IrtModel::TwoPl);
        let report = project.fit_irt(&request(IrtMethod::Joint, false)).unwrap();
        // The request's setting is now the project's.
        assert_eq!(project.irt_settings().unwrap().model, IrtModel::ThreePl);
        assert_eq!(report.settings.model, IrtModel::ThreePl);
        // Abilities on screen are EAP: finite, with a posterior sd, inside (−6, 6).
        for s in &report.systems {
            assert!(s.ability.is_finite() && s.ability.abs() < 6.0, "{s:?}");
            assert!(s.standard_error > 0.0 && s.standard_error < 1.5, "{s:?}");
            assert_eq!(
                s.measurable == Measurable::Within,
                s.raw_score > 0 && s.raw_score < s.responses
            );
        }
        assert_eq!(report.items.len(), 120);
        assert_eq!(report.systems.len(), 7, "gold articles are not a system");
        for item in &report.items {
            assert!((0.1..=1.5).contains(&item.discrimination), "{item:?}");
            assert!((0.01..=1.0).contains(&item.difficulty), "{item:?}");
            assert!((0.2..=0.4).contains(&item.guessing), "{item:?}");
            // The characteristic curve on the information grid: from the guessing floor up
            // towards 1, rising, and halfway above the floor at θ = b.
            assert_eq!(item.curve.len(), report.information.theta.len());
            assert!(item.curve.windows(2).all(|w| w[1] >= w[0]), "{item:?}");
            assert!(item.curve[0] >= item.guessing && *item.curve.last().unwrap() <= 1.0);
            let (at_b, _) = report
                .information
                .theta
                .iter()
                .enumerate()
                .min_by(|x, y| {
                    (x.1 - item.difficulty)
                        .abs()
                        .total_cmp(&(y.1 - item.difficulty).abs())
                })
                .unwrap();
            let halfway = item.guessing + (1.0 - item.guessing) / 2.0;
            let step = report.information.theta[1] - report.information.theta[0];
            // Within the grid's step of b, the curve is within a·(1−c)/4·step of halfway.
            assert!(
                (item.curve[at_b] - halfway).abs()
                    <= item.discrimination * (1.0 - item.guessing) / 4.0 * step + 1e-9,
                "{item:?}"
            );
        }
        // The ability order follows the accuracy leaderboard at its ends.
        let grades = project.grades(None).unwrap();
        let answer_mode: Vec<&str> = grades
            .leaderboard
            .iter()
            .filter(|s| s.mode == SittingMode::Answers)
            .map(|s| s.system.as_str())
            .collect();
        assert_eq!(report.systems[0].system, answer_mode[0]);
        assert_eq!(
            report.systems.last().unwrap().system,
            *answer_mode.last().unwrap()
        );
        assert!(
            report.rmse < report.item_mean_rmse,
            "{} vs {}",
            report.rmse,
            report.item_mean_rmse
        );
        assert_eq!(
            report.information.theta.len(),
            report.information.mean.len()
        );
        // Kept in the project, and read back as it was.
        assert_eq!(project.latest_irt(None).unwrap(), Some(report));
    }

    #[test]
    fn factor_effects_are_reported_against_the_chosen_baseline() {
        let dir = tempfile::tempdir().unwrap();
        let mut project = sample(dir.path());
        let report = project.fit_irt(&request(IrtMethod::Joint, true)).unwrap();
        let effect = |level: &str| report.effects.iter().find(|e| e.level == level).unwrap();
        assert!(effect("closed-book").baseline);
        assert!(effect("closed-book").effect.abs() < 1e-12);
        // In the sample, retrieval helps: every retriever beats closed book.
        for level in ["bm25", "dense", "hybrid"] {
            assert!(effect(level).effect > 0.0, "{:?}", effect(level));
        }
        let mut wrong = request(IrtMethod::Joint, true);
        wrong.baselines[0].level = "grep".into();
        let err = project.fit_irt(&wrong).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidInput);
        assert!(err.message.contains("closed-book"), "{}", err.message);
    }

    #[test]
    fn marginal_fits_and_improvement_steps() {
        let dir = tempfile::tempdir().unwrap();
        let mut project = sample(dir.path());
        let mut marginal = request(IrtMethod::Marginal, false);
        marginal.settings = Some(IrtSettings {
            model: IrtModel::TwoPl,
            method: IrtMethod::Marginal,
            preset: "standard".into(),
        });
        let report = project.fit_irt(&marginal).unwrap();
        assert!(
            report
                .systems
                .iter()
                .all(|s| s.standard_error > 0.0 && s.standard_error < 1.0)
        );
        // The marginal fit's own abilities are EAP already: the same numbers.
        assert!(
            report
                .systems
                .iter()
                .all(|s| (s.fitted - s.ability).abs() < 1e-9)
        );
        // The improvement uses the project's setting: the marginal 2PL just chosen.
        let improvement = project
            .improve_exam(&ImproveRequest {
                exam: None,
                steps: 3,
                fraction: 0.1,
                selection: SystemSelection::default(),
            })
            .unwrap();
        assert_eq!(improvement.settings, report.settings);
        let dropped: Vec<usize> = improvement.steps.iter().map(|s| s.dropped.len()).collect();
        assert_eq!(dropped, vec![0, 12, 11, 10], "⌈10%⌉ of 120, 108 and 97");
        assert_eq!(improvement.steps[3].remaining, 120 - 33);
        let bad = project
            .set_irt_settings(&IrtSettings {
                preset: "nonsense".into(),
                ..IrtSettings::default()
            })
            .unwrap_err();
        assert_eq!(bad.code, ErrorCode::InvalidInput);
        let bad = project
            .improve_exam(&ImproveRequest {
                exam: None,
                steps: 1,
                fraction: 1.5,
                selection: SystemSelection::default(),
            })
            .unwrap_err();
        assert_eq!(bad.code, ErrorCode::InvalidInput);
    }
}

mod correlate {
    use super::*;
    use proctor_api::dto::{CorrelateRequest, LeaderboardMetric};
    use std::fmt::Write as _;

    fn request() -> CorrelateRequest {
        CorrelateRequest {
            exam: None,
            metric: LeaderboardMetric::Accuracy,
            leaderboard: None,
            qrels: None,
            runs: Vec::new(),
        }
    }

    #[test]
    fn a_leaderboard_file_and_trec_runs() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let project = Project::open(&path).unwrap();
        // The sample's accuracy order is Atlas > Beacon > Cobalt > … > Echo; this board swaps
        // Beacon and Cobalt: 1 discordant pair of 10 → τ = 0.8, ρ = 0.9.
        let board = write(
            dir.path(),
            "board.csv",
            "system,score\nAtlas RAG,0.9\nBeacon Search,0.6\nCobalt Assist,0.7\nDrift QA,0.5\nEcho Bot,0.1\nNobody,0.3\n",
        );
        // Runs whose MAP falls with the accuracy order: the relevant document sinks one rank
        // per system.
        let qrels = write(
            dir.path(),
            "qrels.txt",
            "t1 0 good 1\nt1 0 bad 0\nt2 0 good 1\n",
        );
        let mut runs = Vec::new();
        for (k, system) in ["Atlas_RAG", "Beacon_Search", "Drift_QA", "Echo_Bot"]
            .iter()
            .enumerate()
        {
            let mut lines = String::new();
            for query in ["t1", "t2"] {
                for rank in 0..5 {
                    let doc = if rank == k {
                        "good".to_owned()
                    } else {
                        format!("other{rank}")
                    };
                    let _ = writeln!(
                        lines,
                        "{query} Q0 {doc} {} {} {system}",
                        rank + 1,
                        10 - rank
                    );
                }
            }
            runs.push(write(dir.path(), &format!("{k}.run"), &lines));
        }
        let mut req = request();
        req.leaderboard = Some(board);
        req.qrels = Some(qrels);
        req.runs = runs;
        let report = project.correlate(&req).unwrap();
        let against = |name: &str| {
            report
                .correlations
                .iter()
                .find(|c| c.against == name)
                .unwrap()
        };
        let file = against("board.csv");
        assert_eq!(file.systems, 5);
        assert!(
            (file.kendall - 0.8).abs() < 1e-12 && (file.spearman - 0.9).abs() < 1e-12,
            "{file:?}"
        );
        // MAP = 1/(k+1) per run, so the MAP leaderboard has the accuracy order exactly.
        assert_eq!(report.trec.len(), 4);
        assert_eq!(
            report.trec[0].system, "Atlas RAG",
            "tags match names with _ for spaces"
        );
        assert!((report.trec[1].map - 0.5).abs() < 1e-12);
        let map = against("MAP");
        assert!((map.kendall - 1.0).abs() < 1e-12 && map.kendall_p < 0.1);
        // Every run has P@10 = 1/10: no correlation with a constant leaderboard.
        assert!(report.constant.contains(&"P@10".to_owned()), "{report:?}");
        assert!(report.left_out.contains(&"Nobody".to_owned()));
        // Runs without qrels, or with too few shared systems, are refused with a reason.
        let mut no_qrels = request();
        no_qrels.runs = req.runs[..1].to_vec();
        let err = project.correlate(&no_qrels).unwrap_err();
        assert!(err.message.contains("qrels"), "{}", err.message);
        let mut two = request();
        two.qrels = req.qrels.clone();
        two.runs = req.runs[..2].to_vec();
        let err = project.correlate(&two).unwrap_err();
        assert!(err.message.contains("at least 3"), "{}", err.message);
    }
}

mod ingest {
    use super::*;
    use proctor_api::Progress;
    use proctor_api::dto::{ChunkUnit, Chunking, IngestRequest};
    use std::sync::atomic::{AtomicU64, Ordering};

    fn request(chunking: Option<Chunking>) -> IngestRequest {
        IngestRequest {
            chunking,
            models: None,
            int8: true,
            threads: 0,
        }
    }

    /// Asks to stop once `limit` units of embedding are done.
    struct StopAfter {
        limit: u64,
        done: AtomicU64,
        embedding: std::sync::atomic::AtomicBool,
    }

    impl Progress for StopAfter {
        fn start(&self, stage: &str, _total: u64) {
            self.embedding.store(stage == "Embedding", Ordering::SeqCst);
        }
        fn advance(&self, done: u64) {
            if self.embedding.load(Ordering::SeqCst) {
                self.done.fetch_add(done, Ordering::SeqCst);
            }
        }
        fn finish(&self) {}
        fn cancelled(&self) -> bool {
            self.done.load(Ordering::SeqCst) >= self.limit
        }
    }

    #[test]
    fn the_sample_corpus_is_chunked_embedded_once_and_indexed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();

        // Stopped after the first batch: what was embedded is kept.
        let fine = Chunking {
            size: 200,
            overlap: 0,
            unit: ChunkUnit::Sentence,
        };
        let stop = StopAfter {
            limit: 1,
            done: AtomicU64::new(0),
            embedding: false.into(),
        };
        let err = project.ingest(&request(Some(fine)), &stop).unwrap_err();
        assert_eq!(err.code, ErrorCode::Cancelled);

        let first = project.ingest(&request(None), &NoProgress).unwrap();
        assert_eq!(first.documents, 30);
        assert_eq!(first.chunking, fine, "the settings are remembered");
        assert!(first.chunks > 64, "{first:?}");
        assert_eq!(first.embedder, "all-minilm-l6-v2-int8");
        // The 32 texts of the batch finished before the stop are reused (some texts, like a
        // page's closing line, recur in several chunks).
        assert!(
            first.cached >= 32 && first.cached < first.chunks,
            "{first:?}"
        );
        assert_eq!(first.embedded + first.cached, first.chunks);
        assert!(
            first.index_rebuilt && !first.rechunked,
            "chunked by the stopped run"
        );
        assert!(Path::new(&first.index).join("proctor-stamp.json").is_file());

        // Nothing changed: nothing is redone.
        let again = project.ingest(&request(None), &NoProgress).unwrap();
        assert_eq!((again.embedded, again.cached), (0, first.chunks));
        assert!(!again.index_rebuilt && !again.rechunked);

        // Whole paragraphs: cut again, the index rebuilt, the new texts embedded.
        let coarse = Chunking {
            size: 800,
            overlap: 100,
            unit: ChunkUnit::Paragraph,
        };
        let cut = project.ingest(&request(Some(coarse)), &NoProgress).unwrap();
        assert!(
            cut.rechunked && cut.index_rebuilt && cut.chunks < first.chunks,
            "{cut:?}"
        );
        assert!(cut.embedded > 0);

        // A deleted index is rebuilt from the database.
        std::fs::remove_dir_all(project.index_folder()).unwrap();
        assert!(
            project
                .ingest(&request(None), &NoProgress)
                .unwrap()
                .index_rebuilt
        );

        let bad = project
            .ingest(
                &request(Some(Chunking {
                    size: 100,
                    overlap: 100,
                    unit: ChunkUnit::Paragraph,
                })),
                &NoProgress,
            )
            .unwrap_err();
        assert_eq!(bad.code, ErrorCode::InvalidInput);
    }

    #[test]
    fn without_models_ingest_says_how_to_install_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        let mut req = request(None);
        req.models = Some(dir.path().join("no-models").display().to_string());
        let err = project.ingest(&req, &NoProgress).unwrap_err();
        assert_eq!(err.code, ErrorCode::ModelsMissing);
        assert!(
            err.message.contains("scripts/install-models.sh"),
            "{}",
            err.message
        );
    }
}

mod pipelines {
    use super::*;
    use proctor_api::dto::{
        Factor, GridRequest, IrtMethod, IrtModel, IrtRequest, IrtSettings, RunRequest, SittingMode,
        SystemSelection,
    };
    use std::collections::HashMap;

    #[test]
    fn the_reference_grid_on_the_sample() {
        let _turn = crate::language_model_turn();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        let started = std::time::Instant::now();
        let summary = proctor_api::sample::build_with_pipelines(&path, None, &NoProgress).unwrap();
        eprintln!("built and ran in {:?}", started.elapsed());
        let grades = summary.grades.unwrap();
        let accuracy: HashMap<&str, f64> = grades
            .leaderboard
            .iter()
            .filter(|s| s.mode == SittingMode::Answers)
            .map(|s| (s.system.as_str(), s.accuracy.unwrap_or(0.0)))
            .collect();
        for s in &grades.leaderboard {
            eprintln!(
                "{:>5.1}%  {} ({} unanswered)",
                100.0 * s.accuracy.unwrap_or(0.0),
                s.system,
                s.unanswered
            );
        }
        // Each reader's ceiling is its oracle pipeline's accuracy.
        let mut ceilings: Vec<(&str, f64)> = grades
            .reader_ceilings
            .iter()
            .map(|c| (c.reader.as_str(), c.accuracy))
            .collect();
        ceilings.sort_by(|a, b| a.0.cmp(b.0));
        let mut expected: Vec<(&str, f64)> = ["combined", "embedding", "language model", "lexical"]
            .iter()
            .map(|r| (*r, accuracy[format!("oracle · {r}").as_str()]))
            .collect();
        expected.sort_by(|a, b| a.0.cmp(b.0));
        assert_eq!(ceilings, expected);
        let mut project = Project::open(&path).unwrap();
        // The hierarchical IRT model over the pipelines' factors: the vendors carry other
        // factors, so the pipelines are chosen by their tags.
        let mut irt = IrtRequest {
            exam: None,
            settings: Some(IrtSettings {
                model: IrtModel::TwoPl,
                method: IrtMethod::Joint,
                preset: "paper".into(),
            }),
            hierarchical: true,
            baselines: vec![Factor {
                name: "retriever".into(),
                level: "closed book".into(),
            }],
            selection: SystemSelection::default(),
        };
        let mixed = project.fit_irt(&irt).unwrap_err();
        assert!(
            mixed.message.contains("7 carry llm, retriever")
                && mixed.message.contains("27 carry reader, retriever, top_k"),
            "{}",
            mixed.message
        );
        irt.selection.tagged = vec!["reader".into()];
        let fit = project.fit_irt(&irt).unwrap();
        assert_eq!(fit.systems.len(), 27);
        let effect = |level: &str| {
            fit.effects
                .iter()
                .find(|e| e.factor == "retriever" && e.level == level)
                .unwrap_or_else(|| panic!("no effect for {level}: {:?}", fit.effects))
                .effect
        };
        assert!(effect("closed book").abs() < 1e-12);
        assert!(
            effect("oracle") > 0.5 && effect("hybrid") > 0.5,
            "{:?}",
            fit.effects
        );
        let pipelines = project.pipelines().unwrap();
        assert_eq!(
            pipelines.len(),
            27,
            "3 closed book + 3 oracle + 3 × 3 × 2, and the language model behind closed book, oracle and hybrid top 1"
        );
        for reader in ["lexical", "embedding", "combined"] {
            let closed = accuracy[format!("closed book · {reader}").as_str()];
            let oracle = accuracy[format!("oracle · {reader}").as_str()];
            for k in [1, 3] {
                let hybrid = accuracy[format!("hybrid · {reader} · top {k}").as_str()];
                assert!(
                    oracle >= hybrid,
                    "{reader}: oracle {oracle} < hybrid top {k} {hybrid}"
                );
                for retriever in ["bm25", "dense", "hybrid"] {
                    let with = accuracy[format!("{retriever} · {reader} · top {k}").as_str()];
                    assert!(
                        with > closed,
                        "{retriever} top {k} {with} does not beat closed book {closed} with {reader}"
                    );
                }
            }
        }
        // The language model reads too: oracle ≥ retrieval > closed book.
        let lm = |system: &str| accuracy[system];
        let (oracle, hybrid, closed) = (
            lm("oracle · language model"),
            lm("hybrid · language model · top 1"),
            lm("closed book · language model"),
        );
        assert!(
            oracle >= hybrid && hybrid > closed + 0.2,
            "{oracle} {hybrid} {closed}"
        );
        // A second run has nothing left to do.
        let again = project
            .run_pipelines(
                &RunRequest {
                    exam: None,
                    systems: Vec::new(),
                    models: None,
                    int8: false,
                    threads: 0,
                    user_models: UserModelChoice::default(),
                    restart: false,
                },
                &NoProgress,
            )
            .unwrap();
        assert!(
            again
                .sittings
                .iter()
                .all(|s| s.answered_now == 0 && s.answered_before == 120)
        );
        // Adding the grid again adds nothing.
        let grid = project
            .add_pipeline_grid(&GridRequest {
                retrievers: Vec::new(),
                readers: Vec::new(),
                top_ks: Vec::new(),
                models: None,
            })
            .unwrap();
        assert_eq!(grid.len(), 27);
        assert_eq!(project.pipelines().unwrap().len(), 27);
    }
}

mod run_setup {
    use super::*;
    use proctor_api::Progress;
    use proctor_api::dto::{
        ChunkUnit, Chunking, GridRequest, IngestRequest, ReaderKind, Retriever, RunRequest,
    };
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Asks to stop once `limit` answers are written.
    struct StopAfter {
        limit: u64,
        done: AtomicU64,
    }

    impl Progress for StopAfter {
        fn start(&self, _stage: &str, _total: u64) {}
        fn advance(&self, done: u64) {
            self.done.fetch_add(done, Ordering::SeqCst);
        }
        fn finish(&self) {}
        fn cancelled(&self) -> bool {
            self.done.load(Ordering::SeqCst) >= self.limit
        }
    }

    fn run(restart: bool) -> RunRequest {
        RunRequest {
            exam: None,
            systems: Vec::new(),
            models: None,
            int8: true,
            threads: 0,
            user_models: UserModelChoice::default(),
            restart,
        }
    }

    fn ingest(project: &mut Project, chunking: Option<Chunking>) {
        project
            .ingest(
                &IngestRequest {
                    chunking,
                    models: None,
                    int8: true,
                    threads: 0,
                },
                &NoProgress,
            )
            .unwrap();
    }

    #[test]
    fn a_resumed_run_refuses_a_corpus_chunked_differently_and_restart_answers_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        ingest(&mut project, None);
        project
            .add_pipeline_grid(&GridRequest {
                retrievers: vec![Retriever::Bm25],
                readers: vec![ReaderKind::Lexical],
                top_ks: vec![1],
                models: None,
            })
            .unwrap();
        let stopped = project
            .run_pipelines(
                &run(false),
                &StopAfter {
                    limit: 40,
                    done: AtomicU64::new(0),
                },
            )
            .unwrap_err();
        assert_eq!(stopped.code, ErrorCode::Cancelled);
        // Chunked again by sentence: the 40 answers came from 800-character chunks, so the
        // rest may not be answered from others.
        ingest(
            &mut project,
            Some(Chunking {
                size: 300,
                overlap: 0,
                unit: ChunkUnit::Sentence,
            }),
        );
        let refused = project.run_pipelines(&run(false), &NoProgress).unwrap_err();
        assert_eq!(refused.code, ErrorCode::Conflict);
        assert!(
            refused
                .message
                .contains("'bm25 · lexical · top 1' started this exam with another set-up")
                && refused.message.contains("restart"),
            "{}",
            refused.message
        );
        let again = project.run_pipelines(&run(true), &NoProgress).unwrap();
        assert_eq!(again.sittings[0].answered_now, 120);
        assert_eq!(again.sittings[0].answered_before, 0);
        // Finished, the run may be asked again: nothing to do, nothing refused.
        let idle = project.run_pipelines(&run(false), &NoProgress).unwrap();
        assert_eq!(idle.sittings[0].answered_now, 0);
    }
}

mod articles {
    use super::*;
    use proctor_api::dto::{ReadArticlesRequest, ReaderKind};

    #[test]
    fn a_local_reader_grades_exam_mode_and_gold() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        let mut request = ReadArticlesRequest {
            exam: None,
            systems: Vec::new(),
            gold: true,
            reader: ReaderKind::Lexical,
            replace: false,
            models: None,
            int8: true,
            threads: 0,
            user_models: UserModelChoice::default(),
        };
        // The sample's EXAM systems came with imported reader outcomes: not overwritten silently.
        let err = project.read_articles(&request, &NoProgress).unwrap_err();
        assert_eq!(err.code, ErrorCode::Conflict, "{}", err.message);
        request.replace = true;
        let report = project.read_articles(&request, &NoProgress).unwrap();
        assert_eq!(report.sittings.len(), 3, "two writers and gold");
        let grades = project.grades(None).unwrap();
        let exam = |name: &str| {
            grades
                .leaderboard
                .iter()
                .find(|s| s.system == name)
                .unwrap()
                .exam
                .clone()
                .unwrap()
        };
        let gold = grades.gold.clone().unwrap();
        let (scribe, brief) = (exam("Scribe Writer"), exam("Brief Writer"));
        // The fuller articles answer more; gold answers most; n-EXAM = Σ EXAM / Σ gold EXAM.
        assert!(
            gold.exam > scribe.exam && scribe.exam > brief.exam,
            "{gold:?} {scribe:?} {brief:?}"
        );
        assert!((scribe.n_exam.unwrap() - scribe.exam / gold.exam).abs() < 1e-9);
        // Reading again with the embedding reader replaces the sitting whole.
        request.reader = ReaderKind::Embedding;
        request.systems = vec!["Scribe Writer".into()];
        request.gold = false;
        let again = project.read_articles(&request, &NoProgress).unwrap();
        assert_eq!(again.sittings.len(), 1);
        assert_eq!(again.sittings[0].answered_now, 120);
    }

    /// EXAM mode graded by the installed language model (000's method with the LLM reader): the
    /// gold articles answer more than the brief writer's, and each run records the model file
    /// (name and hash) and the scoring mode it read with.
    #[test]
    fn the_language_model_grades_exam_mode() {
        let _turn = crate::language_model_turn();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        let report = project
            .read_articles(
                &ReadArticlesRequest {
                    exam: None,
                    systems: vec!["Brief Writer".into()],
                    gold: true,
                    reader: ReaderKind::LanguageModel,
                    replace: true,
                    models: None,
                    int8: true,
                    threads: 2,
                    user_models: UserModelChoice::default(),
                },
                &NoProgress,
            )
            .unwrap();
        assert_eq!(report.sittings.len(), 2);
        assert!(report.sittings.iter().all(|s| s.answered_now == 120));
        let grades = project.grades(None).unwrap();
        let gold = grades.gold.clone().unwrap();
        let brief = grades
            .leaderboard
            .iter()
            .find(|s| s.system == "Brief Writer")
            .unwrap()
            .exam
            .clone()
            .unwrap();
        assert!(gold.exam > brief.exam, "{gold:?} {brief:?}");
        assert!((brief.n_exam.unwrap() - brief.exam / gold.exam).abs() < 1e-9);
        let db = rusqlite::Connection::open(&path).unwrap();
        let sources: Vec<String> = db
            .prepare("SELECT source FROM runs WHERE mode IN ('exam', 'gold') ORDER BY id")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let read_by_llm: Vec<&String> = sources
            .iter()
            .filter(|s| s.starts_with("local language model reader"))
            .collect();
        assert_eq!(read_by_llm.len(), 2, "{sources:?}");
        for source in read_by_llm {
            // "local language model reader, gemma-3-270m-q4_k_m (a5fd3b62) scoring by cloze-per-token"
            assert!(source.contains("scoring by cloze-per-token"), "{source}");
            assert!(
                source
                    .split(['(', ')'])
                    .any(|part| part.len() == 8 && part.chars().all(|c| c.is_ascii_hexdigit())),
                "the model's hash: {source}"
            );
        }
    }
}

mod extractive {
    use super::*;
    use proctor_api::dto::{
        ArticleBuilder, BuildArticlesRequest, ChunkUnit, Chunking, IngestRequest,
        ReadArticlesRequest, ReaderKind,
    };

    /// The quick sample, its corpus chunked by sentence (one or two sentences a chunk).
    fn sentence_chunked_sample(dir: &std::path::Path) -> (std::path::PathBuf, Project) {
        let path = dir.join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        project
            .ingest(
                &IngestRequest {
                    chunking: Some(Chunking {
                        size: 300,
                        overlap: 0,
                        unit: ChunkUnit::Sentence,
                    }),
                    models: None,
                    int8: true,
                    threads: 0,
                },
                &NoProgress,
            )
            .unwrap();
        (path, project)
    }

    #[test]
    fn extractive_articles_are_written_within_the_quota_and_graded() {
        let dir = tempfile::tempdir().unwrap();
        let (_, mut project) = sentence_chunked_sample(dir.path());
        let mut names = Vec::new();
        for (builder, lambda) in [
            (ArticleBuilder::PassageMatch, 0.0),
            (ArticleBuilder::Mmr, 0.7),
            (ArticleBuilder::Overlap, 0.0),
        ] {
            let report = project
                .build_extractive_articles(&BuildArticlesRequest {
                    exam: None,
                    builder,
                    lambda,
                    quota: 400,
                    name: None,
                    synonyms: None,
                    embedding_variants: None,
                    models: None,
                    int8: true,
                    threads: 0,
                })
                .unwrap();
            assert_eq!(report.articles, 30, "one per query");
            assert!(
                report.mean_length <= 400.0 && report.mean_length > 200.0,
                "{report:?}"
            );
            names.push(report.system);
        }
        assert_eq!(names[1], "extractive · MMR λ=0.7");
        project
            .read_articles(
                &ReadArticlesRequest {
                    exam: None,
                    systems: names.clone(),
                    gold: false,
                    reader: ReaderKind::Lexical,
                    replace: false,
                    models: None,
                    int8: true,
                    threads: 0,
                    user_models: UserModelChoice::default(),
                },
                &NoProgress,
            )
            .unwrap();
        let grades = project.grades(None).unwrap();
        for name in &names {
            let exam = grades
                .leaderboard
                .iter()
                .find(|s| &s.system == name)
                .unwrap()
                .exam
                .clone()
                .unwrap();
            eprintln!("{name}: EXAM {:.3}", exam.exam);
            // The articles hold most of what the questions ask about.
            assert!(exam.exam > 0.5, "{name}: {exam:?}");
        }
        let bad = project.build_extractive_articles(&BuildArticlesRequest {
            exam: None,
            builder: ArticleBuilder::Mmr,
            lambda: 1.5,
            quota: 400,
            name: None,
            synonyms: None,
            embedding_variants: None,
            models: None,
            int8: true,
            threads: 0,
        });
        assert_eq!(bad.unwrap_err().code, ErrorCode::InvalidInput);
    }

    /// The articles of a system, by query, read from the project file.
    fn articles_of(path: &std::path::Path, system: &str) -> Vec<(String, String)> {
        let db = rusqlite::Connection::open(path).unwrap();
        let mut statement = db
            .prepare(
                "SELECT a.query, a.text FROM articles a JOIN systems s ON s.id = a.system_id
                 WHERE s.name = ?1 ORDER BY a.query",
            )
            .unwrap();
        statement
            .query_map([system], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    fn embedding_rows(path: &std::path::Path) -> i64 {
        rusqlite::Connection::open(path)
            .unwrap()
            .query_row("SELECT count(*) FROM embeddings", [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn semantic_overlap_takes_synonyms_and_embedding_variants() {
        let dir = tempfile::tempdir().unwrap();
        let (path, mut project) = sentence_chunked_sample(dir.path());
        let request =
            |synonyms: Option<String>, embedding_variants: Option<f64>| BuildArticlesRequest {
                exam: None,
                builder: ArticleBuilder::Overlap,
                lambda: 0.0,
                quota: 300,
                name: None,
                synonyms,
                embedding_variants,
                models: None,
                int8: true,
                threads: 0,
            };
        let plain = project
            .build_extractive_articles(&request(None, None))
            .unwrap();
        let before = embedding_rows(&path);
        let close = project
            .build_extractive_articles(&request(None, Some(0.6)))
            .unwrap();
        assert_eq!(
            close.system,
            "extractive · semantic overlap · embeddings ≥ 0.6"
        );
        assert_eq!(close.articles, 30);
        // Words were embedded and kept: a second build embeds nothing new.
        let after = embedding_rows(&path);
        assert!(after > before, "{before} → {after}");
        project
            .build_extractive_articles(&request(None, Some(0.6)))
            .unwrap();
        assert_eq!(embedding_rows(&path), after);
        // Counting close words changes what some articles hold, not all of them.
        let a = articles_of(&path, &plain.system);
        let b = articles_of(&path, &close.system);
        let changed = a.iter().zip(&b).filter(|(x, y)| x.1 != y.1).count();
        assert!(
            changed > 0 && changed < 30,
            "{changed} of 30 articles changed"
        );
        // A synonym list: read with its errors located, and used.
        let list = dir.path().join("synonyms.csv");
        std::fs::write(
            &list,
            "word,synonym,similarity\nbackup,snapshot,0.9\nkey,secret,\n",
        )
        .unwrap();
        let with_list = project
            .build_extractive_articles(&request(Some(list.to_str().unwrap().to_owned()), None))
            .unwrap();
        assert_eq!(with_list.system, "extractive · semantic overlap · synonyms");
        std::fs::write(&list, "word,synonym,similarity\nbackup,snapshot,high\n").unwrap();
        let refused = project
            .build_extractive_articles(&request(Some(list.to_str().unwrap().to_owned()), None))
            .unwrap_err();
        assert!(
            refused
                .message
                .contains("synonyms.csv:2:similarity: 'high' is not a similarity"),
            "{}",
            refused.message
        );
    }
}

mod user_models {
    use super::*;
    use proctor_api::dto::{
        AddModelRequest, GridRequest, IngestRequest, ReaderKind, Retriever, RunRequest,
    };
    use std::path::Path;

    /// A models folder of its own: the installed runtime, embedder and tokenizer (by absolute
    /// path), plus the small graphs `make_tiny_models.py` writes, added as the user's models.
    fn folder_with_tiny_models(dir: &Path) -> String {
        let installed =
            proctor_models::ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
        let folder = dir.join("models");
        std::fs::create_dir_all(&folder).unwrap();
        let files: Vec<serde_json::Value> = ["runtime", "embedder", "embedder-int8", "tokenizer"]
            .iter()
            .map(|role| serde_json::json!({"path": installed.file(role).unwrap(), "role": role}))
            .collect();
        let manifest = serde_json::json!({"version": 1, "files": files});
        std::fs::write(folder.join("manifest.json"), manifest.to_string()).unwrap();
        let tiny = dir.join("tiny");
        let python = std::env::var("PROCTOR_PYTHON").unwrap_or_else(|_| "python3".into());
        let status = std::process::Command::new(python)
            .arg(
                std::path::PathBuf::from(
                    std::env::var_os("CARGO_MANIFEST_DIR")
                        .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
                )
                .join("../models/tests/make_tiny_models.py"),
            )
            .arg(installed.file("tokenizer").unwrap())
            .arg(&tiny)
            .status()
            .unwrap();
        assert!(status.success());
        let setting = folder.to_str().unwrap().to_owned();
        for (name, role, file) in [
            ("tiny-ce", "pair-scorer", "pair-scorer.onnx"),
            ("tiny-qa", "extractive-qa", "qa.onnx"),
        ] {
            let test = proctor_api::models::add(
                Some(&setting),
                &AddModelRequest {
                    name: name.into(),
                    role: role.into(),
                    description: String::new(),
                    model: path_text(&tiny.join(file)),
                    tokenizer: path_text(&tiny.join("tokenizer.json")),
                    label: None,
                    endpoint: None,
                },
            )
            .unwrap();
            assert!(test.passed, "{test:?}");
        }
        setting
    }

    fn path_text(path: &Path) -> String {
        path.to_str().unwrap().to_owned()
    }

    #[test]
    fn pipelines_on_the_users_models_rerank_and_read() {
        let dir = tempfile::tempdir().unwrap();
        let models = folder_with_tiny_models(dir.path());
        let listed = proctor_api::models::list(Some(&models)).unwrap();
        let names: Vec<&str> = listed.user_models.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["tiny-ce", "tiny-qa"]);
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        project
            .ingest(
                &IngestRequest {
                    chunking: None,
                    models: Some(models.clone()),
                    int8: false,
                    threads: 0,
                },
                &NoProgress,
            )
            .unwrap();
        // The default grid grows with the models added: six retrievers (hybrid + rerank) and
        // five readers: 5 closed book + 5 oracle + 4 × 5 × 2 = 50.
        let grid =
            |retrievers: Vec<Retriever>, readers: Vec<ReaderKind>, top_ks: Vec<u32>| GridRequest {
                retrievers,
                readers,
                top_ks,
                models: Some(models.clone()),
            };
        let other = dir.path().join("other.proctor");
        proctor_api::sample::build(&other, &NoProgress).unwrap();
        let all = Project::open(&other)
            .unwrap()
            .add_pipeline_grid(&grid(Vec::new(), Vec::new(), Vec::new()))
            .unwrap();
        assert_eq!(all.len(), 50);
        let added = project
            .add_pipeline_grid(&grid(
                vec![Retriever::HybridRerank, Retriever::Oracle],
                vec![ReaderKind::PairScorer, ReaderKind::ExtractiveQa],
                vec![2],
            ))
            .unwrap();
        let systems: Vec<String> = added.iter().map(|p| p.system.clone()).collect();
        assert_eq!(
            systems,
            [
                "hybrid + rerank · pair scorer · top 2",
                "hybrid + rerank · extractive QA · top 2",
                "oracle · pair scorer",
                "oracle · extractive QA",
            ]
        );
        let report = project
            .run_pipelines(
                &RunRequest {
                    exam: None,
                    systems: systems.clone(),
                    models: Some(models.clone()),
                    int8: false,
                    threads: 0,
                    user_models: UserModelChoice::default(),
                    restart: false,
                },
                &NoProgress,
            )
            .unwrap();
        assert!(
            report.sittings.iter().all(|s| s.answered_now == 120),
            "{report:?}"
        );
        let grades = project.grades(None).unwrap();
        for name in &systems {
            let row = grades
                .leaderboard
                .iter()
                .find(|s| &s.system == name)
                .unwrap_or_else(|| panic!("{name} is not on the leaderboard"));
            assert_eq!(row.correct + row.wrong + row.unanswered, 120, "{name}");
            assert_eq!(row.errors, 0, "{name}");
        }
        // The tiny QA graph only ever answers "thirty days", which no sample choice is: every
        // question is left unanswered, never guessed.
        let qa = grades
            .leaderboard
            .iter()
            .find(|s| s.system == "oracle · extractive QA")
            .unwrap();
        assert_eq!(qa.unanswered, 120);
        // Naming a model that is not there fails before anything runs.
        let missing = project
            .run_pipelines(
                &RunRequest {
                    exam: None,
                    systems: vec!["oracle · pair scorer".into()],
                    models: Some(models.clone()),
                    int8: false,
                    threads: 0,
                    user_models: UserModelChoice {
                        pair_scorer: Some("nope".into()),
                        ..UserModelChoice::default()
                    },
                    restart: false,
                },
                &NoProgress,
            )
            .unwrap_err();
        assert!(
            missing.message.contains("no model named 'nope'"),
            "{}",
            missing.message
        );
    }
}

mod browse {
    use super::*;
    use proctor_api::dto::{
        AnswerVerdict, DocumentRef, Factor, QuestionRequest, QuestionsRequest, RenameSystem,
        SystemGroup, SystemTags,
    };

    #[test]
    fn pages_show_documents_questions_answers_and_systems_of_the_sample() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        proctor_api::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();

        let docs = project.documents_overview().unwrap();
        assert!(!docs.documents.is_empty());
        let first = &docs.documents[0];
        let view = project.document(DocumentRef { id: first.id }).unwrap();
        assert_eq!(view.text.chars().count(), first.chars as usize);
        assert_eq!(
            project.document(DocumentRef { id: 9999 }).unwrap_err().code,
            ErrorCode::NotFound
        );

        let table = project
            .question_table(&QuestionsRequest { exam: None })
            .unwrap();
        assert_eq!(table.rows.len(), 120);
        let summary = project.summary().unwrap();
        let grades = summary.grades.unwrap();
        // The table's right counts add up to the leaderboard's.
        let right_in_table: u32 = table.rows.iter().map(|r| r.right + r.pipelines_right).sum();
        let right_on_board: u32 = grades.leaderboard.iter().map(|s| s.correct).sum();
        assert_eq!(right_in_table, right_on_board);

        let id = table.rows[0].id.clone();
        let question = project
            .question(&QuestionRequest {
                exam: None,
                id: id.clone(),
            })
            .unwrap();
        // The question's page counts the same as its row of the table (read another way).
        assert_eq!(question.row, table.rows[0]);
        assert_eq!(question.previous, None);
        assert_eq!(question.next.as_deref(), Some(table.rows[1].id.as_str()));
        assert_eq!(
            question.choices[question.key_index as usize],
            question.row.key_text
        );
        let right = question
            .answers
            .iter()
            .filter(|a| a.verdict == AnswerVerdict::Right && a.system != "gold articles")
            .count();
        assert_eq!(
            right as u32,
            question.row.right + question.row.pipelines_right
        );
        // The sample has no pipelines: every sitting but the reader over the gold articles is a
        // system being judged.
        assert!(
            question
                .answers
                .iter()
                .all(|a| (a.group == SystemGroup::Systems) == (a.system != "gold articles"))
        );
        assert!(
            question.answers.iter().any(|a| a.raw_text.is_some()),
            "{question:?}"
        );
        let missing = project
            .question(&QuestionRequest {
                exam: None,
                id: "nope".into(),
            })
            .unwrap_err();
        assert_eq!(missing.code, ErrorCode::NotFound);

        let systems = project.systems_overview().unwrap();
        assert_eq!(systems.systems.len(), grades.leaderboard.len());
        let atlas = systems
            .systems
            .iter()
            .find(|s| s.name == "Atlas RAG")
            .unwrap();
        assert_eq!(
            atlas.right + atlas.wrong + atlas.unanswered + atlas.errors + atlas.to_answer,
            120
        );
        assert_eq!(atlas.versions, vec![1]);

        let renamed = project
            .rename_system(&RenameSystem {
                name: "Atlas RAG".into(),
                new_name: "Atlas RAG 2".into(),
            })
            .unwrap();
        assert!(renamed.systems.iter().any(|s| s.name == "Atlas RAG 2"));
        let taken = project
            .rename_system(&RenameSystem {
                name: "Atlas RAG 2".into(),
                new_name: "Echo Bot".into(),
            })
            .unwrap_err();
        assert_eq!(taken.code, ErrorCode::Conflict);
        let tagged = project
            .tag_system(&SystemTags {
                name: "Echo Bot".into(),
                factors: vec![Factor {
                    name: "llm".into(),
                    level: "small".into(),
                }],
            })
            .unwrap();
        let echo = tagged
            .systems
            .iter()
            .find(|s| s.name == "Echo Bot")
            .unwrap();
        assert_eq!(
            echo.factors,
            vec![Factor {
                name: "llm".into(),
                level: "small".into()
            }]
        );
        let twice = project
            .tag_system(&SystemTags {
                name: "Echo Bot".into(),
                factors: vec![
                    Factor {
                        name: "llm".into(),
                        level: "a".into(),
                    },
                    Factor {
                        name: "llm".into(),
                        level: "b".into(),
                    },
                ],
            })
            .unwrap_err();
        assert_eq!(twice.code, ErrorCode::InvalidInput);
    }
}
