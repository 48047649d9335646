use super::*;
use proctor_api::dto::{
    AddModelRequest, GridRequest, IngestRequest, ReaderKind, Retriever, RunRequest,
};
use std::path::Path;

/// A models folder of its own: the installed runtime, embedder and tokenizer (by absolute
/// path), plus the small graphs `make_tiny_models.py` writes, added as the user's models.
fn folder_with_tiny_models(dir: &Path) -> String {
    let installed = proctor_models::ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
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

/// A language model is checked on labelled replies before it may read the replies the rules
/// leave unsure; the check is kept with the model and said in words.
#[test]
fn a_language_model_is_checked_as_a_reply_reader_and_the_check_is_kept() {
    let _turn = language_model_turn();
    let dir = tempfile::tempdir().unwrap();
    let installed = proctor_models::ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
    let folder = dir.path().join("models");
    std::fs::create_dir_all(&folder).unwrap();
    let files: Vec<serde_json::Value> = ["runtime", "embedder", "tokenizer"]
        .iter()
        .map(|role| serde_json::json!({"path": installed.file(role).unwrap(), "role": role}))
        .collect();
    std::fs::write(
        folder.join("manifest.json"),
        serde_json::json!({"version": 1, "files": files}).to_string(),
    )
    .unwrap();
    let setting = folder.to_str().unwrap().to_owned();
    let added = proctor_api::models::add(
        Some(&setting),
        &AddModelRequest {
            name: "small".into(),
            role: "llm".into(),
            description: String::new(),
            model: path_text(&installed.file("llm").unwrap()),
            tokenizer: String::new(),
            label: None,
            endpoint: None,
        },
    )
    .unwrap();
    assert!(added.passed, "{added:?}");
    let listed = proctor_api::models::list(Some(&setting)).unwrap();
    let before = listed
        .user_models
        .iter()
        .find(|m| m.name == "small")
        .unwrap();
    assert_eq!(
        before.reply_reading.as_deref(),
        Some("not checked as a reply reader")
    );
    assert!(!before.reads_replies);
    // A few of the labelled replies: some the rules leave unsure, some that give no answer,
    // some the rules read.
    let all = proctor_exam::reading::labelled_replies();
    let unsure = all.iter().filter(|r| {
        r.meant.is_some() && proctor_exam::reading::read_answer(&r.reply, &r.choices).needs_a_look()
    });
    let none = all.iter().filter(|r| r.meant.is_none());
    let read = all.iter().filter(|r| r.meant.is_some()).step_by(97);
    let replies: Vec<_> = unsure
        .take(3)
        .chain(none.take(3))
        .chain(read.take(3))
        .cloned()
        .collect();
    let checked = proctor_api::reply_model::check_reply_reader_on(
        Some(&setting),
        "small",
        &replies,
        &NoProgress,
    )
    .unwrap();
    let sentence = checked.reply_reading.clone().unwrap();
    assert!(sentence.contains("labelled replies"), "{sentence}");
    assert_eq!(
        checked.reads_replies,
        sentence.starts_with("reads replies the rules leave unsure with a margin of"),
        "{sentence}"
    );
    // Kept with the model: the list says the same.
    let listed = proctor_api::models::list(Some(&setting)).unwrap();
    let after = listed
        .user_models
        .iter()
        .find(|m| m.name == "small")
        .unwrap();
    assert_eq!(after, &checked);
}
