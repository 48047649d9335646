//! ROUGE-1 and the Porter stemmer against `rouge-score` 0.1.2 (and NLTK's stemmer) on the
//! sample corpus's words and paragraphs: identical stems, scores within 1e-9.

use crate::reference::{agree, run};
use proctor_stats::rouge::rouge1;
use proctor_stats::text::Terms;
use serde_json::json;
use std::collections::BTreeSet;

fn corpus_texts() -> Vec<String> {
    let root = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
    )
    .join("../sample/data/corpus");
    let mut files = Vec::new();
    let mut pending = vec![root];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("md" | "txt" | "html")
            ) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect()
}

#[test]
fn stems_and_rouge1_agree_with_rouge_score() {
    let texts = corpus_texts();
    assert!(texts.len() >= 20, "the sample corpus is there");
    let plain = Terms {
        stem: false,
        drop_stopwords: false,
    };
    // Every distinct word of the corpus, plus words that exercise each rule of the stemmer.
    let mut words: BTreeSet<String> = texts.iter().flat_map(|t| plain.of(t)).collect();
    for extra in [
        "skies",
        "dying",
        "ies",
        "cries",
        "died",
        "spied",
        "agreed",
        "feed",
        "hopping",
        "filing",
        "happy",
        "sky",
        "analogi",
        "formalli",
        "hopefulli",
        "generalization",
        "triplicate",
        "rational",
        "controll",
        "roll",
        "yearly",
        "syzygy",
        "yyy",
        "sayings",
        "probabilities",
        "innings",
        "proceed",
        "succeeding",
        "electricity",
        "effective",
        "adoption",
        "irritant",
    ] {
        words.insert(extra.to_owned());
    }
    let words: Vec<String> = words.into_iter().collect();
    let paragraphs: Vec<&str> = texts
        .iter()
        .flat_map(|t| t.split("\n\n"))
        .filter(|p| p.split_whitespace().count() > 5)
        .collect();
    let pairs: Vec<(&str, &str)> = paragraphs
        .iter()
        .zip(paragraphs.iter().skip(1).chain(paragraphs.iter().take(1)))
        .map(|(a, b)| (*a, *b))
        .chain([
            ("", "a reference"),
            ("a candidate", ""),
            ("The cat", "the CAT!"),
        ])
        .collect();
    let reference = run("rouge.py", &json!({"words": words, "pairs": pairs}));
    for (k, word) in words.iter().enumerate() {
        let theirs = reference["stems"][k].as_str().unwrap();
        assert_eq!(proctor_stats::text::stem(word), theirs, "stem of '{word}'");
    }
    let terms = Terms {
        stem: true,
        drop_stopwords: false,
    };
    for (k, (candidate, against)) in pairs.iter().enumerate() {
        let ours = rouge1(candidate, against, terms);
        let theirs = &reference["rouge1"][k];
        let value = |i: usize| theirs[i].as_f64().unwrap();
        agree(
            &format!("ROUGE-1 precision, pair {k}"),
            ours.precision,
            value(0),
            1e-9,
        );
        agree(
            &format!("ROUGE-1 recall, pair {k}"),
            ours.recall,
            value(1),
            1e-9,
        );
        agree(&format!("ROUGE-1 F1, pair {k}"), ours.f1, value(2), 1e-9);
    }
    assert!(pairs.len() > 50, "{} pairs compared", pairs.len());
}
