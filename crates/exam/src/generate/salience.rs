//! What the offline generator asks about (METHODS.md §5): which sentences are worth a question,
//! which spans in them are rare enough to ask for, and the helpers that compare spans (their
//! terms, their number, the sentence they complete).

use super::parse::normalized;
use super::spans::SpanKind;
use proctor_stats::text::Terms;
use std::collections::BTreeSet;

/// A sentence worth a question: long enough, a statement, not leaning on the one before.
pub(super) fn question_worthy(sentence: &str) -> bool {
    const LEANING: &[&str] = &[
        "it",
        "i",
        "my",
        "our",
        "me",
        "us",
        "this",
        "that",
        "these",
        "those",
        "they",
        "he",
        "she",
        "we",
        "you",
        "its",
        "their",
        "such",
        "here",
        "there",
        "then",
        "also",
        "however",
        "but",
        "and",
        "or",
        "so",
        "thus",
        "finally",
        "first",
        "second",
        "next",
        "hence",
        "therefore",
        "similarly",
        "likewise",
        "otherwise",
        "instead",
        "again",
        "still",
        "moreover",
        "furthermore",
        "consequently",
        "accordingly",
        "nevertheless",
        "meanwhile",
        "later",
        "now",
    ];
    /// Openers by which a sentence continues the one before.
    const CONTINUING: &[&str] = &[
        "in other words",
        "for example",
        "for instance",
        "in this case",
        "in that case",
        "in such cases",
        "as a result",
        "on the other hand",
        "as with",
        "as above",
        "as before",
        "in addition",
        "by contrast",
        "in contrast",
        "unlike",
    ];
    let chars = sentence.chars().count();
    let letters = sentence.chars().filter(|c| c.is_alphabetic()).count();
    let first = sentence
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    // "Fix a bug …", "Added the … option", "Make sure …": an instruction or a change-log line
    // has no subject to ask about.
    let mut words = sentence.split_whitespace();
    let opener = words.next().unwrap_or("");
    let second = words.next().unwrap_or("").to_lowercase();
    let instruction = (opener.len() > 3
        && opener.ends_with("ed")
        && opener.chars().skip(1).all(char::is_lowercase))
        || matches!(
            second.as_str(),
            "a" | "an" | "the" | "that" | "sure" | "your" | "all" | "any" | "each" | "every"
        );
    let lower = sentence.to_lowercase();
    let continuing = CONTINUING.iter().any(|c| {
        lower
            .strip_prefix(c)
            .is_some_and(|rest| rest.starts_with([' ', ',']))
    });
    (40..=320).contains(&chars)
        && !instruction
        && !continuing
        && sentence.ends_with('.')
        && sentence.starts_with(|c: char| c.is_uppercase())
        && !sentence.contains('?')
        && letters * 10 >= chars * 6
        && !LEANING.contains(&first.as_str())
}

pub(super) fn terms_of(text: &str) -> BTreeSet<String> {
    Terms {
        stem: true,
        drop_stopwords: true,
    }
    .of(text)
    .into_iter()
    .collect()
}

pub(super) fn number_of(text: &str) -> Option<f64> {
    let digits: String = text
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
        .filter(|c| *c != ',')
        .collect();
    digits.parse().ok()
}

/// Whether a span is rare enough to be worth asking for: ordinary phrases only when few
/// documents use them, names and code when they are not everywhere.
pub(super) fn salient(
    kind: &SpanKind,
    text: &str,
    documents_using: usize,
    documents: usize,
) -> bool {
    match kind {
        SpanKind::Quantity(_) | SpanKind::Year => true,
        SpanKind::Term => {
            let words = text.split_whitespace().count();
            (words >= 2 || text.len() >= 7) && documents_using <= (documents / 20).max(2)
        }
        SpanKind::Path | SpanKind::Option | SpanKind::Code | SpanKind::Name => {
            documents_using <= (documents / 4).max(3)
        }
    }
}

/// A sentence with a span blanked, normalised: the context the span completes.
pub(super) fn blanked(sentence: &str, start: usize, end: usize) -> String {
    normalized(&format!("{}_{}", &sentence[..start], &sentence[end..]))
}
