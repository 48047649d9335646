//! The model manager's plumbing, on small ONNX graphs `make_tiny_models.py` writes (run with the
//! project's venv Python): adding checks inputs, outputs and the self-test, copies the model into
//! the folder and records it; a refused model leaves nothing behind; the loaded models give
//! exactly the numbers their graphs define.

use proctor_models::{
    ExtractiveQa, ModelError, ModelsFolder, NewModel, PairScorer, QaOptions, Role, ScorerOptions,
};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tokenizers::Tokenizer;

/// The generated graphs, made once per test run.
fn tiny() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let real = ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
        let tokenizer = real.file("tokenizer").unwrap();
        let dir = std::env::temp_dir().join(format!("proctor-tiny-models-{}", std::process::id()));
        let python = std::env::var("PROCTOR_PYTHON").unwrap_or_else(|_| "python3".into());
        let script = std::path::PathBuf::from(
            std::env::var_os("CARGO_MANIFEST_DIR")
                .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
        )
        .join("tests/make_tiny_models.py");
        let status = std::process::Command::new(&python)
            .arg(&script)
            .arg(&tokenizer)
            .arg(&dir)
            .status()
            .unwrap_or_else(|e| {
                panic!("cannot run {python} (set PROCTOR_PYTHON to the venv's): {e}")
            });
        assert!(status.success(), "{} failed", script.display());
        dir
    })
}

/// An empty models folder of its own that uses the installed ONNX Runtime.
fn folder() -> (tempfile::TempDir, ModelsFolder) {
    let runtime = ModelsFolder::locate(None).unwrap().runtime().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let manifest = serde_json::json!({
        "version": 1,
        "files": [{"path": runtime, "role": "runtime", "description": "ONNX Runtime"}]
    });
    std::fs::write(dir.path().join("manifest.json"), manifest.to_string()).unwrap();
    let folder = ModelsFolder::open(dir.path()).unwrap();
    (dir, folder)
}

fn new_model<'a>(name: &'a str, role: Role, file: &'a Path) -> NewModel<'a> {
    NewModel {
        name,
        role,
        description: "generated for a test",
        model: file,
        tokenizer: Some(TOKENIZER.get_or_init(|| tiny().join("tokenizer.json"))),
        label: None,
    }
}

static TOKENIZER: OnceLock<PathBuf> = OnceLock::new();

/// w_k(id) as the generator defines it.
#[expect(clippy::cast_precision_loss, reason = "ids and the result are small")]
fn w(id: u32, k: u64) -> f32 {
    let value = (u64::from(id) * (7919 + k)) % 1000;
    (value as f64 / 1000.0 - 0.5) as f32
}

/// The logits the generated pair scorer gives for a (first, second) pair.
fn expected_logit(first: &str, second: &str) -> f32 {
    let tokenizer = unpadded();
    let encoding = tokenizer.encode((first, second), true).unwrap();
    encoding
        .get_ids()
        .iter()
        .zip(encoding.get_type_ids())
        .map(|(id, t)| w(*id, 0) + 0.25 * f32::from(u16::try_from(*t).unwrap()))
        .sum()
}

/// The tokenizer without the fixed padding to 128 it ships with.
fn unpadded() -> Tokenizer {
    let mut tokenizer = Tokenizer::from_file(tiny().join("tokenizer.json")).unwrap();
    tokenizer.with_padding(None);
    tokenizer
}

fn user_files(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("user"))
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_cross_encoder_is_added_kept_and_scores_as_its_graph_says() {
    let (dir, mut folder) = folder();
    let source = tiny().join("pair-scorer.onnx");
    let test = folder
        .add_model(&new_model("tiny-ce", Role::PairScorer, &source))
        .unwrap();
    assert!(test.passed(), "{test:?}");
    assert_eq!(test.checks.iter().filter(|c| c.required).count(), 3);
    assert_eq!(user_files(dir.path()), ["tiny-ce"]);
    // Reopened, the folder still lists it, and loads it from its own copy.
    let reopened = ModelsFolder::open(dir.path()).unwrap();
    assert_eq!(reopened.user_models().len(), 1);
    assert_eq!(reopened.user_models()[0].model, "user/tiny-ce/model.onnx");
    let scorer = reopened
        .pair_scorer(None, &ScorerOptions::default())
        .unwrap();
    let pairs = [
        (
            "How long are backups kept?",
            "Backups are kept for thirty days.",
        ),
        (
            "Backups are kept for thirty days.",
            "How long are backups kept?",
        ),
        (
            "short",
            "a much longer passage that pads the others in its batch",
        ),
    ];
    let probabilities = scorer.score(&pairs).unwrap();
    for ((a, b), got) in pairs.iter().zip(&probabilities) {
        let want = 1.0 / (1.0 + (-expected_logit(a, b)).exp());
        assert!((got - want).abs() < 1e-5, "{a} / {b}: {got} vs {want}");
    }
    // Token types make the order of a pair matter.
    assert!((probabilities[0] - probabilities[1]).abs() > 1e-4);
    assert_eq!(scorer.name(), "tiny-ce");
}

#[test]
fn an_nli_model_needs_its_entailment_label_and_reads_passage_then_claim() {
    let (_dir, mut folder) = folder();
    let source = tiny().join("nli.onnx");
    let refused = folder
        .add_model(&new_model("tiny-nli", Role::PairScorer, &source))
        .unwrap_err();
    assert!(refused.to_string().contains("3 logits"), "{refused}");
    let out_of_range = folder
        .add_model(&NewModel {
            label: Some(3),
            ..new_model("tiny-nli", Role::PairScorer, &source)
        })
        .unwrap_err();
    assert!(
        out_of_range.to_string().contains("no label 3"),
        "{out_of_range}"
    );
    folder
        .add_model(&NewModel {
            label: Some(1),
            ..new_model("tiny-nli", Role::PairScorer, &source)
        })
        .unwrap();
    let scorer = folder
        .pair_scorer(Some("tiny-nli"), &ScorerOptions::default())
        .unwrap();
    assert!(scorer.is_nli());
    let (claim, passage) = (
        "Backups are kept.",
        "Tidewater keeps backups for thirty days.",
    );
    let got = scorer.score_pairs(&[(claim, passage)]).unwrap()[0];
    // Premise (the passage) first, hypothesis (the claim) second; softmax over three labels.
    let encoding = unpadded().encode((passage, claim), true).unwrap();
    let logits: Vec<f32> = (0..3)
        .map(|k| encoding.get_ids().iter().map(|id| w(*id, k)).sum())
        .collect();
    let total: f32 = logits.iter().map(|l| l.exp()).sum();
    let want = logits[1].exp() / total;
    assert!((got - want).abs() < 1e-5, "{got} vs {want}");
}

#[test]
fn an_extractive_qa_model_finds_its_span_with_byte_offsets() {
    let (_dir, mut folder) = folder();
    let test = folder
        .add_model(&new_model(
            "tiny-qa",
            Role::ExtractiveQa,
            &tiny().join("qa.onnx"),
        ))
        .unwrap();
    // The generated graph does find "thirty days", so even the advisory check holds.
    assert!(test.checks.iter().all(|c| c.passed), "{test:?}");
    let qa = folder.extractive_qa(None, &QaOptions::default()).unwrap();
    let contexts = [
        "Señor Tidewater keeps backups for thirty days, then deletes them.",
        "Nothing here answers it.",
    ];
    let answers = qa.answer("How long are backups kept?", &contexts).unwrap();
    let span = answers[0].as_ref().expect("a span in the first context");
    assert_eq!(span.text, "thirty days");
    assert_eq!(&contexts[0][span.start..span.end], "thirty days");
    // Logits 5 + 5 against "no answer" 0 and every other span (the ones that start at
    // "thirty" or end at "days" score 5): a clear but not certain answer.
    assert!(span.score > 0.8 && span.score < 1.0, "{}", span.score);
    assert_eq!(answers[1], None);
}

#[test]
fn a_user_embedder_is_added_and_pooled_over_real_tokens() {
    let (_dir, mut folder) = folder();
    let test = folder
        .add_model(&new_model(
            "tiny-embedder",
            Role::Embedder,
            &tiny().join("embedder.onnx"),
        ))
        .unwrap();
    assert!(test.passed(), "{test:?}");
    let embedder = folder
        .user_embedder("tiny-embedder", &proctor_models::EmbedderOptions::default())
        .unwrap();
    assert_eq!(proctor_models::Embedder::dimension(&embedder), 8);
    // A scorer's name asked for as an embedder is refused by role.
    let wrong = folder
        .pair_scorer(Some("tiny-embedder"), &ScorerOptions::default())
        .unwrap_err();
    assert!(
        wrong
            .to_string()
            .contains("with the role embedder, not pair-scorer"),
        "{wrong}"
    );
}

#[test]
fn refused_models_leave_the_folder_as_it_was() {
    let (dir, mut folder) = folder();
    folder
        .add_model(&new_model(
            "kept",
            Role::PairScorer,
            &tiny().join("pair-scorer.onnx"),
        ))
        .unwrap();
    let manifest_before = std::fs::read_to_string(dir.path().join("user-models.json")).unwrap();
    let cases: [(&str, Role, &str, &str); 6] = [
        (
            "wrong-inputs.onnx",
            Role::PairScorer,
            "needs an input named input_ids",
            "inputs are x",
        ),
        (
            "nan-scorer.onnx",
            Role::PairScorer,
            "self-test",
            "scores are probabilities",
        ),
        (
            "no-mask.onnx",
            Role::PairScorer,
            "self-test",
            "padding in a batch",
        ),
        (
            "flat-qa.onnx",
            Role::ExtractiveQa,
            "start_logits",
            "has shape",
        ),
        (
            "pair-scorer.onnx",
            Role::ExtractiveQa,
            "gives start_logits and end_logits",
            "outputs are logits",
        ),
        (
            "tokenizer.json",
            Role::PairScorer,
            "cannot load it as a model",
            "tokenizer.json",
        ),
    ];
    for (file, role, first, second) in cases {
        let error = folder
            .add_model(&new_model("refused", role, &tiny().join(file)))
            .unwrap_err();
        let text = error.to_string();
        assert!(
            text.contains(first) && text.contains(second),
            "{file}: {text}"
        );
        assert_eq!(user_files(dir.path()), ["kept"], "{file} left files behind");
    }
    let duplicate = folder
        .add_model(&new_model(
            "kept",
            Role::PairScorer,
            &tiny().join("pair-scorer.onnx"),
        ))
        .unwrap_err();
    assert!(
        duplicate.to_string().contains("already there"),
        "{duplicate}"
    );
    let bad_name = folder
        .add_model(&new_model(
            "../escape",
            Role::PairScorer,
            &tiny().join("pair-scorer.onnx"),
        ))
        .unwrap_err();
    assert!(matches!(bad_name, ModelError::Invalid(_)), "{bad_name}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("user-models.json")).unwrap(),
        manifest_before
    );
    // Removing takes the files and the entry away.
    folder.remove_model("kept").unwrap();
    assert!(user_files(dir.path()).is_empty());
    assert!(
        ModelsFolder::open(dir.path())
            .unwrap()
            .user_models()
            .is_empty()
    );
    let gone = folder.test_model("kept").unwrap_err();
    assert!(
        gone.to_string().contains("no models have been added"),
        "{gone}"
    );
}

/// A GGUF language model of the user's (here the installed one, copied in): added after its
/// self-test with the scoring mode a base model gets, loaded by name, tested again, removed; a
/// file that is no GGUF model is refused and leaves nothing behind.
#[test]
fn a_gguf_language_model_is_added_tested_and_removed() {
    let installed = ModelsFolder::locate(None).unwrap();
    let gguf = installed.file("llm").unwrap();
    let (dir, mut folder) = folder();
    let test = folder
        .add_model(&NewModel {
            name: "my-gemma",
            role: Role::Llm,
            description: "Gemma 3 270M, copied",
            model: &gguf,
            tokenizer: None,
            label: None,
        })
        .unwrap();
    assert!(test.passed(), "{test:?}");
    assert_eq!(test.checks.len(), 3);
    assert!(test.checks[2].passed, "it reads the easy passage: {test:?}");
    let added = folder.user_model("my-gemma").unwrap().clone();
    assert_eq!(added.role, Role::Llm);
    assert_eq!(added.mode.as_deref(), Some("cloze-per-token"));
    assert_eq!(
        std::fs::metadata(dir.path().join(&added.model))
            .unwrap()
            .len(),
        std::fs::metadata(&gguf).unwrap().len()
    );
    // Reopened, the folder offers it to the LLM reader, by name or as the only one.
    let folder = ModelsFolder::open(dir.path()).unwrap();
    assert!(folder.has_language_model());
    let (model, mode) = folder.language_model_named(None, 1).unwrap();
    assert_eq!(
        (model.name(), mode.as_deref()),
        ("my-gemma", Some("cloze-per-token"))
    );
    drop(model);
    assert!(folder.test_model("my-gemma").unwrap().passed());

    let not_gguf = dir.path().join("notes.gguf");
    std::fs::write(&not_gguf, "these are notes, not weights").unwrap();
    let mut folder = folder;
    let refused = folder
        .add_model(&NewModel {
            name: "notes",
            role: Role::Llm,
            description: "",
            model: &not_gguf,
            tokenizer: None,
            label: None,
        })
        .unwrap_err();
    assert!(
        matches!(refused, ModelError::Incompatible { .. })
            && refused.to_string().contains("notes.gguf"),
        "{refused}"
    );
    assert!(!dir.path().join("user/notes").exists());
    assert!(folder.user_model("notes").is_err());
    folder.remove_model("my-gemma").unwrap();
    assert!(!dir.path().join("user/my-gemma").exists());
    assert!(!folder.has_language_model());
}
