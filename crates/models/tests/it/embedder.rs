//! The embedder on the real model set-up installs (the models folder from `PROCTOR_MODELS` or
//! the default place), and the models folder's errors.

use proctor_models::{Embedder, EmbedderOptions, ModelError, ModelsFolder};

fn folder() -> ModelsFolder {
    ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"))
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[test]
fn all_minilm_gives_sentence_transformers_embeddings() {
    let embedder = folder().embedder(&EmbedderOptions::default()).unwrap();
    assert_eq!(embedder.dimension(), 384);
    let texts = [
        "This is an example sentence",
        "A man is eating food.",
        "A man is eating a piece of bread.",
        "The girl is carrying a baby.",
    ];
    let vectors = embedder.embed(&texts).unwrap();
    // sentence-transformers' all-MiniLM-L6-v2 on "This is an example sentence" starts with
    // 0.0676569, 0.0634960, 0.0487132, 0.0793050, 0.0374481.
    let expected = [
        0.067_656_9,
        0.063_496_0,
        0.048_713_2,
        0.079_305_0,
        0.037_448_1,
    ];
    for (got, want) in vectors[0].iter().zip(expected) {
        assert!((got - want).abs() < 1e-4, "{:?}", &vectors[0][..5]);
    }
    for v in &vectors {
        assert!((cosine(v, v) - 1.0).abs() < 1e-5, "unit length");
    }
    let paraphrase = cosine(&vectors[1], &vectors[2]);
    let unrelated = cosine(&vectors[1], &vectors[3]);
    assert!(
        paraphrase > 0.7 && unrelated < 0.1,
        "{paraphrase} {unrelated}"
    );
}

#[test]
fn padding_to_the_longest_text_does_not_change_a_vector() {
    let embedder = folder()
        .embedder(&EmbedderOptions {
            batch_size: 8,
            ..EmbedderOptions::default()
        })
        .unwrap();
    let short = "Backups run nightly.";
    let long = "Tidewater keeps every nightly backup for thirty days and encrypts it with the project key before it leaves the machine.";
    let alone = embedder.embed(&[short]).unwrap();
    let padded = embedder.embed(&[long, short]).unwrap();
    let drift = alone[0]
        .iter()
        .zip(&padded[1])
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f32::max);
    assert!(drift < 1e-5, "{drift}");
    // Batches of one and of eight give the same vectors.
    let texts: Vec<String> = (0..10)
        .map(|i| format!("Setting number {i} controls retention."))
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let batched = embedder.embed(&refs).unwrap();
    let single = folder()
        .embedder(&EmbedderOptions {
            batch_size: 1,
            ..EmbedderOptions::default()
        })
        .unwrap()
        .embed(&refs)
        .unwrap();
    for (a, b) in batched.iter().zip(&single) {
        assert!(cosine(a, b) > 0.99999);
    }
}

#[test]
fn the_int8_copy_stays_close() {
    let texts = [
        "How do I rotate the encryption keys?",
        "Sync conflicts are resolved by the newest edit.",
    ];
    let fp32 = folder()
        .embedder(&EmbedderOptions::default())
        .unwrap()
        .embed(&texts)
        .unwrap();
    let int8 = folder()
        .embedder(&EmbedderOptions {
            int8: true,
            ..EmbedderOptions::default()
        })
        .unwrap()
        .embed(&texts)
        .unwrap();
    for (a, b) in fp32.iter().zip(&int8) {
        assert!(cosine(a, b) > 0.98, "{}", cosine(a, b));
    }
}

#[test]
fn a_missing_folder_says_how_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let err = ModelsFolder::open(&dir.path().join("nowhere")).unwrap_err();
    assert!(matches!(err, ModelError::Missing { .. }));
    let message = err.to_string();
    assert!(
        message.contains("manifest.json") && message.contains("scripts/install-models.sh"),
        "{message}"
    );
    // A manifest listing a file that is not there names the file.
    std::fs::write(
        dir.path().join("manifest.json"),
        r#"{"version": 1, "files": [{"path": "runtime/lib.so", "role": "runtime"}]}"#,
    )
    .unwrap();
    let folder = ModelsFolder::open(dir.path()).unwrap();
    let message = folder.runtime().unwrap_err().to_string();
    assert!(
        message.contains("runtime/lib.so") && message.contains("install"),
        "{message}"
    );
    let message = folder.file("embedder").unwrap_err().to_string();
    assert!(message.contains("lists no embedder"), "{message}");
    std::fs::write(dir.path().join("manifest.json"), "not json").unwrap();
    assert!(matches!(
        ModelsFolder::open(dir.path()),
        Err(ModelError::Damaged { .. })
    ));
}
