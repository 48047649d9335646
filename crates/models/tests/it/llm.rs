//! The language model set-up installs (Gemma 3 270M, GGUF) run by llama.cpp: it loads, scores
//! the same text the same way twice, keeps continuations apart while sharing their prefix, and
//! reads an easy passage.

use proctor_models::{LanguageModel, ModelError, ModelsFolder};

fn model() -> LanguageModel {
    let folder = ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
    let path = folder.file("llm").unwrap_or_else(|e| panic!("{e}"));
    LanguageModel::load(&path, 2).unwrap_or_else(|e| panic!("{e}"))
}

const PASSAGE: &str = "Passage: The Tidewater agent keeps each backup for 45 days. After that, \
     the oldest backups are deleted to free space on the server.\nQuestion: For how many days does \
     the agent keep a backup?\nAnswer:";

#[test]
fn continuations_are_deterministic_and_independent_of_their_order() {
    let model = model();
    let mut session = model.session().unwrap();
    let choices = [
        " 45 days",
        " 7 days",
        " one full year",
        " until the disk is full",
    ];
    let first = session.continuations(PASSAGE, &choices).unwrap();
    let again = session.continuations(PASSAGE, &choices).unwrap();
    assert_eq!(first, again, "the same text scores the same");
    // Reversed: were a continuation left in the cache, the ones after it would read it too.
    let mut reversed_choices = choices;
    reversed_choices.reverse();
    let mut reversed = session.continuations(PASSAGE, &reversed_choices).unwrap();
    reversed.reverse();
    for (a, b) in first.iter().zip(&reversed) {
        assert_eq!(a.tokens, b.tokens);
        assert!(
            (a.log_likelihood - b.log_likelihood).abs() < 1e-3,
            "{a:?} vs {b:?}"
        );
    }
    // A continuation scored alone, in a fresh session, scores the same too.
    let alone = model
        .session()
        .unwrap()
        .continuations(PASSAGE, &[choices[2]])
        .unwrap();
    assert!((alone[0].log_likelihood - first[2].log_likelihood).abs() < 1e-3);
    assert!(
        first
            .iter()
            .all(|c| c.tokens >= 2 && c.log_likelihood < 0.0)
    );
}

#[test]
fn reads_an_easy_passage() {
    let model = model();
    let mut session = model.session().unwrap();
    let choices = [
        " 7 days",
        " 45 days",
        " one full year",
        " until the disk is full",
    ];
    let scores = session.continuations(PASSAGE, &choices).unwrap();
    let best = (0..choices.len())
        .max_by(|&a, &b| scores[a].per_token().total_cmp(&scores[b].per_token()))
        .unwrap();
    assert_eq!(choices[best], " 45 days", "{scores:?}");
    // Without the passage the model has nothing to read the number from: the right choice
    // gains from the passage.
    let closed = session
        .continuations(
            "Question: For how many days does the agent keep a backup?\nAnswer:",
            &choices,
        )
        .unwrap();
    assert!(
        scores[1].log_likelihood - closed[1].log_likelihood > 1.0,
        "{scores:?} vs {closed:?}"
    );
    // The next token can be asked for too (letter mode): a distribution, so the letters' shares
    // differ and sum to less than one.
    let next = session
        .next_tokens(PASSAGE, &[" A", " B", " C", " D"])
        .unwrap();
    assert!(next.iter().all(|p| p.is_finite() && *p < 0.0), "{next:?}");
    assert!(next.iter().map(|p| p.exp()).sum::<f64>() < 1.0);
    assert!(
        next.windows(2).any(|w| (w[0] - w[1]).abs() > 1e-6),
        "{next:?}"
    );
    // Candidates with the same first token cannot be told apart by it: refused, by name.
    let same = session
        .next_tokens(PASSAGE, &[" 45 days", " 45 weeks"])
        .unwrap_err();
    assert!(
        same.to_string().contains("' 45 days' and ' 45 weeks'"),
        "{same}"
    );
}

#[test]
fn refuses_what_it_cannot_load_or_read() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("absent.gguf");
    assert!(matches!(
        LanguageModel::load(&missing, 1),
        Err(ModelError::Missing { .. })
    ));
    let junk = dir.path().join("junk.gguf");
    std::fs::write(&junk, b"not a model at all").unwrap();
    assert!(matches!(
        LanguageModel::load(&junk, 1),
        Err(ModelError::Incompatible { .. })
    ));
    let model = model();
    let mut session = model.session().unwrap();
    let long = "word ".repeat(5_000);
    let error = session.continuations(&long, &[" a"]).unwrap_err();
    assert!(error.to_string().contains("reads at most"), "{error}");
    // The session stays usable after a refusal.
    assert_eq!(
        session.continuations(PASSAGE, &[" 45 days"]).unwrap().len(),
        1
    );
}
