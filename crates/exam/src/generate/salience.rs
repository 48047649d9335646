//! What the offline generator asks for (METHODS.md §5): which spans are rare enough to ask for,
//! and the helpers that compare spans (their terms, their number, the sentence they complete).
//! Which sentences are worth a question is [`super::worthy`].

use super::parse::normalized;
use super::spans::SpanKind;
use super::stem_words::is_determiner;
use proctor_stats::text::Terms;
use std::collections::BTreeSet;

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
            (words >= 2 || text.len() >= 7)
                && documents_using <= (documents / 20).max(2)
                && !judgement_and_noun(text)
        }
        SpanKind::Path | SpanKind::Option | SpanKind::Code | SpanKind::Name => {
            documents_using <= (documents / 4).max(3)
        }
    }
}

/// Words that judge or grade rather than name a kind ("simplest", "usual", "elegant", "extra").
const JUDGEMENTS: &[&str] = &[
    "simple",
    "simpler",
    "simplest",
    "easy",
    "easier",
    "easiest",
    "good",
    "better",
    "best",
    "great",
    "elegant",
    "clean",
    "cleaner",
    "cleanest",
    "efficient",
    "effective",
    "usual",
    "common",
    "normal",
    "typical",
    "basic",
    "main",
    "primary",
    "principal",
    "essential",
    "important",
    "relevant",
    "significant",
    "various",
    "numerous",
    "several",
    "many",
    "multiple",
    "additional",
    "extra",
    "further",
    "other",
    "similar",
    "different",
    "overall",
    "global",
    "general",
    "generic",
    "specific",
    "particular",
    "certain",
    "current",
    "new",
    "old",
    "recent",
    "modern",
    "proper",
    "appropriate",
    "suitable",
    "correct",
    "right",
    "wrong",
    "nice",
    "useful",
    "powerful",
    "flexible",
    "convenient",
    "serious",
    "diligent",
    "careful",
    "strict",
    "reliable",
    "robust",
    "quick",
    "small",
    "large",
    "big",
    "huge",
    "tiny",
    "major",
    "minor",
    "full",
    "complete",
    "entire",
    "whole",
    "real",
    "actual",
    "exact",
    "precise",
    "sufficient",
    "necessary",
    "possible",
    "interesting",
    "popular",
    "excellent",
    "perfect",
    "ideal",
    "preferred",
    "recommended",
    "traditional",
    "conventional",
    "separate",
    "individual",
];

/// Whether a phrase is only judgements and one noun ("an elegant solution", "the simplest way",
/// "essential information", "extra disks"): it names nothing the documents teach, and any
/// other judgement of the same noun fits as well, so it is neither a key nor a wrong answer.
fn judgement_and_noun(text: &str) -> bool {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty() && !is_determiner(w))
        .collect();
    match words.split_last() {
        Some((_, judged)) if !judged.is_empty() => {
            judged.iter().all(|w| JUDGEMENTS.contains(&w.as_str()))
        }
        _ => false,
    }
}

/// A sentence with a span blanked, normalised: the context the span completes.
pub(super) fn blanked(sentence: &str, start: usize, end: usize) -> String {
    normalized(&format!("{}_{}", &sentence[..start], &sentence[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judgement_of_a_noun_is_no_key() {
        for judged in [
            "an elegant solution",
            "the simplest way",
            "essential information",
            "extra disks",
            "the usual case",
        ] {
            assert!(judgement_and_noun(judged), "{judged}");
            assert!(!salient(&SpanKind::Term, judged, 1, 100), "{judged}");
        }
        for named in [
            "security features",
            "default cache size",
            "the standard kernel",
            "solution",
            "usual",
        ] {
            assert!(!judgement_and_noun(named), "{named}");
        }
    }
}
