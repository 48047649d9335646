//! The language model set-up installs (Gemma 3 270M, GGUF) run by llama.cpp: it loads, scores
//! the same text the same way twice, keeps continuations apart while sharing their prefix, and
//! reads an easy passage.

use proctor_models::{LanguageModel, MAX_CONTINUATIONS, ModelError, ModelsFolder};

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
    // Reversed, the choices score exactly the same: the batch is laid out in one order.
    let mut reversed_choices = choices;
    reversed_choices.reverse();
    let mut reversed = session.continuations(PASSAGE, &reversed_choices).unwrap();
    reversed.reverse();
    assert_eq!(first, reversed);
    // Nothing is left behind in the cache: after another text and other continuations, the
    // first question scores exactly as before.
    session
        .continuations("The sky over the harbour was grey.", &[" It rained", " no"])
        .unwrap();
    assert_eq!(session.continuations(PASSAGE, &choices).unwrap(), first);
    // The continuations of one batch do not read each other. A continuation beside fourteen
    // that repeat "banana" would find its own last word far likelier (by whole nats) if it saw
    // them; beside fourteen neutral ones, or alone, it differs only by the rounding of a batch
    // of another shape (hundredths of a nat).
    let probe = " the agent keeps a banana";
    let alone = session.continuations(PASSAGE, &[probe]).unwrap()[0].log_likelihood;
    let mut beside = |other: &str| {
        let mut texts = vec![probe];
        texts.extend([other; 14]);
        session.continuations(PASSAGE, &texts).unwrap()[0].log_likelihood
    };
    let (bananas, neutral) = (
        beside(" banana banana banana banana banana"),
        beside(" weather report for the north coast"),
    );
    assert!(
        (bananas - alone).abs() < 0.2 && (bananas - neutral).abs() < 0.2,
        "alone {alone}, beside bananas {bananas}, beside neutral text {neutral}"
    );
    assert!(
        first
            .iter()
            .all(|c| c.tokens >= 2 && c.log_likelihood < 0.0)
    );
}

#[test]
fn more_continuations_than_one_batch_holds_are_scored_in_turns() {
    let model = model();
    let mut session = model.session().unwrap();
    let many: Vec<String> = (1..=MAX_CONTINUATIONS + 5)
        .map(|n| format!(" {n} days or so"))
        .collect();
    let texts: Vec<&str> = many.iter().map(String::as_str).collect();
    let all = session.continuations(PASSAGE, &texts).unwrap();
    assert_eq!(all.len(), texts.len());
    // They are decoded in groups of MAX_CONTINUATIONS, in the order of their tokens: the same
    // groups asked for one by one score exactly the same.
    let mut sorted = texts.clone();
    sorted.sort_by_key(|t| {
        model
            .tokenize(t, false)
            .iter()
            .map(|t| t.0)
            .collect::<Vec<_>>()
    });
    for group in sorted.chunks(MAX_CONTINUATIONS) {
        let scored = session.continuations(PASSAGE, group).unwrap();
        for (text, score) in group.iter().zip(scored) {
            let at = texts.iter().position(|t| t == text).unwrap();
            assert_eq!(all[at], score, "{text}");
        }
    }
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
