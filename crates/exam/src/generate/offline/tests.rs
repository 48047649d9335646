//! The offline generator on small corpora: wrong answers of the key's kind, spans that are no
//! wrong answer, seeds and the plan across topics.

use super::*;

/// Letter counts as a vector: texts with the same letters are close (a stand-in for a
/// model in a test of the code around it).
struct Letters;

impl Embedder for Letters {
    fn name(&self) -> &'static str {
        "letters"
    }
    fn dimension(&self) -> usize {
        26
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(texts
            .iter()
            .map(|t| {
                let mut v = [0f32; 26];
                for c in t
                    .to_ascii_lowercase()
                    .bytes()
                    .filter(u8::is_ascii_lowercase)
                {
                    v[usize::from(c - b'a')] += 1.0;
                }
                let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-6);
                v.iter().map(|x| x / norm).collect()
            })
            .collect())
    }
}

const TEXTS: [(&str, &str); 6] = [
    (
        "net",
        "The resolver keeps answers in /var/cache/bind for later lookups. Mail relays listen on port 25 by default and retry for 5 days.",
    ),
    (
        "net",
        "Zone transfers are configured in /etc/bind/named.conf.local on the primary. The firewall drops packets after 30 days of silence.",
    ),
    (
        "net",
        "Web proxies store pages under /var/spool/squid until they expire. A lease lasts 12 days unless the server renews it sooner.",
    ),
    (
        "net",
        "The tunnel reads its keys from /etc/wireguard/wg0.conf at start. Timeouts default to 90 days on slow links everywhere.",
    ),
    (
        "pkg",
        "The package cache lives in /var/cache/apt/archives on every system. Old kernels are kept for 2 days before removal.",
    ),
    (
        "pkg",
        "Repository keys are stored in /etc/apt/trusted.gpg.d as separate files. Snapshots are retained for 14 days by the mirror.",
    ),
];

fn corpus() -> Vec<SourceChunk<'static>> {
    TEXTS
        .iter()
        .enumerate()
        .map(|(i, (topic, text))| SourceChunk {
            id: i64::try_from(i).unwrap() + 1,
            document: i64::try_from(i).unwrap() + 1,
            topic: Some(topic),
            text,
        })
        .collect()
}

fn all_questions(seed: u64) -> Vec<(Target, Written)> {
    let chunks = corpus();
    let generator = OfflineGenerator::new(&chunks, &Letters, seed);
    generator
        .plan(false)
        .into_iter()
        .filter_map(|t| match generator.write(&t).unwrap() {
            Ok(w) => Some((t, w)),
            Err(Skip::NoDistractors | Skip::LeansOnPassage) => None,
        })
        .collect()
}

#[test]
fn distractors_are_of_the_same_kind_and_not_in_the_source_chunk() {
    let questions = all_questions(7);
    assert!(questions.len() >= 8, "{}", questions.len());
    for (target, written) in &questions {
        let draft = written.draft.as_ref().unwrap();
        let source = TEXTS[usize::try_from(target.chunk - 1).unwrap()].1;
        assert!(source.contains(&draft.choices[draft.key]), "{draft:?}");
        for (i, choice) in draft.choices.iter().enumerate() {
            if i != draft.key {
                assert!(!source.contains(choice.as_str()), "{choice} is in {source}");
            }
            match &written.kind {
                SpanKind::Path => assert!(choice.starts_with('/'), "{draft:?}"),
                SpanKind::Quantity(unit) => {
                    assert!(choice.contains(unit.as_str()), "{draft:?}");
                }
                _ => {}
            }
        }
        assert!(!draft.stem.contains(&draft.choices[draft.key]), "{draft:?}");
        // No wrong answer is the key said with more or fewer of its words.
        if !matches!(written.kind, SpanKind::Quantity(_) | SpanKind::Year) {
            let key = terms_of(&draft.choices[draft.key]);
            for (i, choice) in draft.choices.iter().enumerate() {
                let terms = terms_of(choice);
                assert!(
                    i == draft.key || !(terms.is_subset(&key) || key.is_subset(&terms)),
                    "{choice} against {draft:?}"
                );
            }
        }
    }
}

/// Each text a chunk of its own document, with no topic.
fn one_document_each<'a>(texts: &[&'a str]) -> Vec<SourceChunk<'a>> {
    texts
        .iter()
        .zip(1..)
        .map(|(text, id)| SourceChunk {
            id,
            document: id,
            topic: None,
            text,
        })
        .collect()
}

#[test]
fn a_span_that_completes_the_same_sentence_elsewhere_is_no_wrong_answer() {
    let texts = [
        "The chunk hasher is a part of the sync engine and always runs first on every client.",
        "The delta uploader is a part of the sync engine and always runs first on every client.",
        "The merge planner is a part of the sync engine and always runs first on every client.",
        "The peer finder is a part of the sync engine and always runs first on every client.",
        "The audit trail is written by the logging service every night.",
        "The crash reporter is written by the support team every night.",
    ];
    let chunks = one_document_each(&texts);
    let generator = OfflineGenerator::new(&chunks, &Letters, 1);
    let mut asked = 0;
    for target in generator.plan(false).iter().filter(|t| t.chunk == 1) {
        if let Ok(written) = generator.write(target).unwrap() {
            let draft = written.draft.unwrap();
            assert!(
                draft.choices.contains(&"chunk hasher".to_owned()),
                "{draft:?}"
            );
            for other in ["delta uploader", "merge planner", "peer finder"] {
                assert!(!draft.choices.iter().any(|c| c == other), "{draft:?}");
            }
            asked += 1;
        }
    }
    assert_eq!(asked, 1);
}

#[test]
fn the_key_said_with_more_of_its_words_is_no_wrong_answer() {
    let texts = [
        "The merge step always rewrites the auxiliary columns before each commit.",
        "The planner keeps auxiliary data columns in a shadow table.",
        "The checker reads hidden rowid values from a shadow table.",
        "The vacuum pass drops stale page checksums from every table.",
        "The optimizer counts distinct index entries for each table.",
        "The loader assigns numeric column affinities to every table.",
    ];
    let chunks = one_document_each(&texts);
    let generator = OfflineGenerator::new(&chunks, &Letters, 1);
    let mut asked = 0;
    for target in generator.plan(false).iter().filter(|t| t.chunk == 1) {
        if let Ok(written) = generator.write(target).unwrap() {
            let draft = written.draft.unwrap();
            if draft.choices[draft.key] == "auxiliary columns" {
                assert!(
                    !draft.choices.iter().any(|c| c == "auxiliary data columns"),
                    "{draft:?}"
                );
                asked += 1;
            }
        }
    }
    assert_eq!(asked, 1);
}

#[test]
fn a_seed_gives_the_same_exam_and_another_seed_another_order() {
    let first = all_questions(7);
    assert_eq!(first, all_questions(7));
    let other = all_questions(8);
    assert_ne!(
        first.iter().map(|(t, _)| t.key()).collect::<Vec<_>>(),
        other.iter().map(|(t, _)| t.key()).collect::<Vec<_>>()
    );
}

#[test]
fn the_plan_interleaves_topics_by_their_share_of_chunks() {
    let chunks = corpus();
    let generator = OfflineGenerator::new(&chunks, &Letters, 1);
    let plan = generator.plan(false);
    assert_eq!(plan.len(), generator.available());
    // "net" has 4 of 6 chunks: of the first 6 targets, 4 are from it.
    let net = plan[..6]
        .iter()
        .filter(|t| t.topic.as_deref() == Some("net"))
        .count();
    assert_eq!(net, 4, "{plan:?}");
    let equal = generator.plan(true);
    let net = equal[..4]
        .iter()
        .filter(|t| t.topic.as_deref() == Some("net"))
        .count();
    assert_eq!(net, 2);
}

#[test]
fn a_phrase_written_apart_and_a_word_glued_to_a_call_are_no_wrong_answers() {
    assert_eq!(
        squeezed("network file system"),
        squeezed("network filesystem")
    );
    assert_ne!(squeezed("file system"), squeezed("file systems"));
    assert!(glued_to_call("sqlite3_step()s"));
    assert!(!glued_to_call("sqlite3_step()"));
    assert!(!glued_to_call("f(x) and g(x)"));
}
