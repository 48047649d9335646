//! The filters of METHODS.md §5 (paper 004, appendix A.2), each with its reason: a question
//! that points at its source; a distractor closer to the source than the key (in words: multiset
//! Jaccard, best source sentence; in meaning: embedding cosine); choices alike (n-gram Jaccard,
//! n = the choices' mean length in words; embedding cosine); and near-duplicates across the exam.
//! The four distractor thresholds are quantiles: each removes a chosen share of the questions.

mod wording;

use super::parse::normalized;
use super::vectors::Vectors;
use proctor_core::{EmbedError, Embedder, cosine};
use proctor_stats::text::{Terms, sentences};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use wording::{denied, echoed, gives_away, not_a_phrase};

/// The share each distractor check removes, unless the user sets another.
pub const DEFAULT_SHARE: f64 = 0.05;
/// Near-duplicates: stems at least this close in meaning…
pub const DUPLICATE_STEM_COSINE: f64 = 0.92;
/// …whose keys are at least this close.
pub const DUPLICATE_KEY_COSINE: f64 = 0.90;

/// Phrases by which a question leans on a text the examinee does not have, or on the order of
/// its choices.
const POINTING: &[&str] = &[
    "the documentation",
    "the document",
    "the paper",
    "the article",
    "the study",
    "the passage",
    "the text",
    "the excerpt",
    "the context",
    "the author",
    "this section",
    "this chapter",
    "described in",
    "mentioned in",
    "according to the",
    "all of the above",
    "none of the above",
    "both a and b",
];

/// A question as the filters see it.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    /// The question text.
    pub stem: &'a str,
    /// Its choices.
    pub choices: &'a [String],
    /// The key's index.
    pub key: usize,
    /// The passage it was written from.
    pub source: &'a str,
}

/// What the filters measured on one question.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Measures {
    /// The phrase by which it points at its source, if any.
    pub pointing: Option<String>,
    /// Best distractor's multiset Jaccard with a source sentence, minus the key's.
    pub distractor_words: f64,
    /// Best distractor's cosine with the source, minus the key's.
    pub distractor_meaning: f64,
    /// Largest n-gram Jaccard between the key and a distractor.
    pub alike_words: f64,
    /// Largest cosine between the key and a distractor.
    pub alike_meaning: f64,
    /// Whether a keyword lookup answers it: the lexical reader, given the one passage a BM25
    /// search for the question ranks first, picks the key. None until measured.
    #[serde(default)]
    pub lookup: Option<bool>,
    /// Whether it can be guessed: the language model picks the key closed book, in the last
    /// reading check made with it. None until such a check.
    #[serde(default)]
    pub guessable: Option<bool>,
    /// What in the question gives its answer away, if anything: the key's own words in the
    /// stem, or the words an option's letters stand for ("fast-forward" beside "--ff").
    #[serde(default)]
    pub gives_away: Option<String>,
    /// Why the key is no phrase of its own to ask for ("This", "What"), if it is not.
    #[serde(default)]
    pub not_a_phrase: Option<String>,
    /// The denial the question left out ("no matching refs"), where its source denies the key's
    /// phrase and the question asks as if it held.
    #[serde(default)]
    pub denied: Option<String>,
}

/// The checks a question can fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    /// It points at its source or at its choices' order.
    NotSelfContained,
    /// A distractor shares more words with the source than the key does.
    DistractorCloserInWords,
    /// A distractor is closer in meaning to the source than the key is.
    DistractorCloserInMeaning,
    /// A distractor repeats the key's words.
    ChoicesAlikeInWords,
    /// A distractor means nearly what the key means.
    ChoicesAlikeInMeaning,
    /// It asks what an earlier question asks.
    Duplicate,
    /// A keyword lookup answers it, and the exam aims at fewer such questions.
    KeywordLookup,
    /// It fills a blank, and a fifth of the exam's questions already do ([`MAX_BLANK_SHARE`]).
    TooManyBlanks,
    /// The question gives its answer away.
    GivesAway,
    /// The answer is no phrase of its own: a pronoun or a function word.
    NotAPhrase,
    /// The source denies what the question asks ("no matching refs" asked as "what are found").
    Denied,
}

impl Check {
    /// Every check, in the order they are shown.
    pub const ALL: [Self; 11] = [
        Self::NotSelfContained,
        Self::Denied,
        Self::GivesAway,
        Self::NotAPhrase,
        Self::DistractorCloserInWords,
        Self::DistractorCloserInMeaning,
        Self::ChoicesAlikeInWords,
        Self::ChoicesAlikeInMeaning,
        Self::Duplicate,
        Self::KeywordLookup,
        Self::TooManyBlanks,
    ];

    /// The check in plain words.
    pub fn label(self) -> &'static str {
        match self {
            Self::NotSelfContained => "not self-contained",
            Self::DistractorCloserInWords => "a wrong answer is closer to the source in words",
            Self::DistractorCloserInMeaning => "a wrong answer is closer to the source in meaning",
            Self::ChoicesAlikeInWords => "a wrong answer repeats the answer's words",
            Self::ChoicesAlikeInMeaning => "a wrong answer means nearly the same as the answer",
            Self::Duplicate => "duplicate of another question",
            Self::KeywordLookup => "a keyword lookup answers it (above the aimed share)",
            Self::TooManyBlanks => "fill-the-blank above a fifth of the exam",
            Self::GivesAway => "the question gives its answer away",
            Self::NotAPhrase => "the answer is no phrase of its own",
            Self::Denied => "the source denies what the question asks",
        }
    }
}

/// Why a filter set a question aside.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Flag {
    /// The check it failed.
    pub check: Check,
    /// What it measured, for the measured checks.
    pub value: Option<f64>,
    /// The threshold the value passed.
    pub threshold: Option<f64>,
    /// The phrase pointing at the source, or the question it duplicates.
    pub detail: Option<String>,
}

impl Flag {
    /// A flag for a value above its threshold.
    fn measured(check: Check, value: f64, threshold: f64) -> Self {
        Self {
            check,
            value: Some(value),
            threshold: Some(threshold),
            detail: None,
        }
    }

    /// A flag with a detail in words.
    pub fn noted(check: Check, detail: String) -> Self {
        Self {
            check,
            value: None,
            threshold: None,
            detail: Some(detail),
        }
    }
}

fn bag(text: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for t in (Terms {
        stem: true,
        drop_stopwords: true,
    })
    .of(text)
    {
        *out.entry(t).or_insert(0) += 1;
    }
    out
}

/// Multiset Jaccard: Σ min(counts) / Σ max(counts); 0 for two empty bags.
pub fn multiset_jaccard(a: &BTreeMap<String, usize>, b: &BTreeMap<String, usize>) -> f64 {
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let (mut low, mut high) = (0usize, 0usize);
    for k in keys {
        let (x, y) = (
            a.get(k).copied().unwrap_or(0),
            b.get(k).copied().unwrap_or(0),
        );
        low += x.min(y);
        high += x.max(y);
    }
    #[expect(clippy::cast_precision_loss, reason = "word counts far below 2^52")]
    if high == 0 {
        0.0
    } else {
        low as f64 / high as f64
    }
}

fn words(text: &str) -> Vec<String> {
    Terms {
        stem: false,
        drop_stopwords: false,
    }
    .of(text)
}

/// Jaccard of the word n-gram sets of two texts (a text shorter than n is one gram).
pub fn ngram_jaccard(first: &str, second: &str, size: usize) -> f64 {
    let grams = |text: &str| -> BTreeSet<Vec<String>> {
        let all = words(text);
        if all.len() <= size {
            return std::iter::once(all).filter(|g| !g.is_empty()).collect();
        }
        all.windows(size).map(<[String]>::to_vec).collect()
    };
    let (left, right) = (grams(first), grams(second));
    let union = left.union(&right).count();
    #[expect(clippy::cast_precision_loss, reason = "gram counts far below 2^52")]
    if union == 0 {
        0.0
    } else {
        left.intersection(&right).count() as f64 / union as f64
    }
}

/// Measures every question.
pub fn measure(
    questions: &[Candidate<'_>],
    embedder: &dyn Embedder,
) -> Result<Vec<Measures>, EmbedError> {
    let vectors = Vectors::new(embedder);
    questions
        .iter()
        .map(|q| {
            let lower = format!("{} {}", q.stem, q.choices.join(" ")).to_lowercase();
            let pointing = POINTING
                .iter()
                .find(|p| {
                    lower.match_indices(*p).any(|(at, _)| {
                        let end = at + p.len();
                        !lower[end..].starts_with(|c: char| c.is_alphanumeric())
                    })
                })
                .map(|p| (*p).to_owned())
                .or_else(|| super::stem::leans_back(q.stem));
            let key = q.choices.get(q.key).map_or("", String::as_str);
            let source_bags: Vec<_> = sentences(q.source)
                .into_iter()
                .map(|(a, b)| bag(&q.source[a..b]))
                .collect();
            let to_source = |choice: &str| {
                let b = bag(choice);
                source_bags
                    .iter()
                    .map(|s| multiset_jaccard(s, &b))
                    .fold(0.0, f64::max)
            };
            let mut texts: Vec<&str> = vec![q.source];
            texts.extend(q.choices.iter().map(String::as_str));
            let v = vectors.get(&texts)?;
            let key_vector = &v[1 + q.key];
            let distractors = || (0..q.choices.len()).filter(|&i| i != q.key);
            let best = |f: &dyn Fn(usize) -> f64| distractors().map(f).fold(f64::MIN, f64::max);
            #[expect(clippy::cast_precision_loss, reason = "word counts far below 2^52")]
            let n = ((q.choices.iter().map(|c| words(c).len()).sum::<usize>() as f64
                / q.choices.len().max(1) as f64)
                .round() as usize)
                .max(1);
            Ok(Measures {
                pointing,
                distractor_words: best(&|i| to_source(&q.choices[i]))
                    - to_source(&q.choices[q.key]),
                distractor_meaning: best(&|i| cosine(&v[0], &v[1 + i])) - cosine(&v[0], key_vector),
                alike_words: best(&|i| ngram_jaccard(&q.choices[q.key], &q.choices[i], n)),
                alike_meaning: best(&|i| cosine(key_vector, &v[1 + i])),
                lookup: None,
                guessable: None,
                gives_away: gives_away(q.stem, key).or_else(|| echoed(q.stem, q.choices, q.key)),
                not_a_phrase: not_a_phrase(key),
                denied: denied(q.stem, key, q.source),
            })
        })
        .collect()
}

/// The nearest-rank quantile at 1 − `share`: values above it are the `share` highest (ties keep
/// a question in). `None` for no values.
pub fn threshold(values: &[f64], share: f64) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "a rank between 1 and the count"
    )]
    let rank = ((1.0 - share.clamp(0.0, 1.0)) * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// The thresholds in force for one exam.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// The share each distractor check removes.
    pub share: f64,
    /// Above this a distractor is too close to the source in words…
    pub distractor_words: f64,
    /// …or in meaning.
    pub distractor_meaning: f64,
    /// Above this a distractor repeats the key's words…
    pub alike_words: f64,
    /// …or its meaning.
    pub alike_meaning: f64,
}

/// The thresholds that set aside `share` of these questions on each check.
pub fn thresholds(measures: &[Measures], share: f64) -> Thresholds {
    let of = |f: fn(&Measures) -> f64| {
        threshold(&measures.iter().map(f).collect::<Vec<_>>(), share).unwrap_or(f64::INFINITY)
    };
    Thresholds {
        share,
        distractor_words: of(|m| m.distractor_words),
        distractor_meaning: of(|m| m.distractor_meaning),
        alike_words: of(|m| m.alike_words),
        alike_meaning: of(|m| m.alike_meaning),
    }
}

/// The flags one question's measures earn under `t`.
pub fn flags(m: &Measures, t: &Thresholds) -> Vec<Flag> {
    let mut out = Vec::new();
    if let Some(phrase) = &m.pointing {
        out.push(Flag::noted(Check::NotSelfContained, phrase.clone()));
    }
    if let Some(words) = &m.gives_away {
        out.push(Flag::noted(Check::GivesAway, words.clone()));
    }
    if let Some(word) = &m.not_a_phrase {
        out.push(Flag::noted(Check::NotAPhrase, word.clone()));
    }
    if let Some(words) = &m.denied {
        out.push(Flag::noted(Check::Denied, words.clone()));
    }
    for (check, value, threshold) in [
        (
            Check::DistractorCloserInWords,
            m.distractor_words,
            t.distractor_words,
        ),
        (
            Check::DistractorCloserInMeaning,
            m.distractor_meaning,
            t.distractor_meaning,
        ),
        (Check::ChoicesAlikeInWords, m.alike_words, t.alike_words),
        (
            Check::ChoicesAlikeInMeaning,
            m.alike_meaning,
            t.alike_meaning,
        ),
    ] {
        if value > threshold {
            out.push(Flag::measured(check, value, threshold));
        }
    }
    out
}

/// The largest share of an exam's passing questions that may fill a blank: such a question
/// copies its sentence, and a keyword lookup finds it (METHODS §5).
pub const MAX_BLANK_SHARE: f64 = 0.2;

/// Which questions to set aside so that questions of one sort (keyword lookups, fill-the-blank)
/// are at most `aim` of the questions that pass every other check: `questions` holds, in the
/// order written, whether each is of the sort and whether it passes the other checks. The
/// last-written go first, so that stopping and generating again keeps the same ones.
pub fn over_the_aim(questions: &[(bool, bool)], aim: f64) -> Vec<usize> {
    let passing: Vec<usize> = (0..questions.len()).filter(|&i| questions[i].1).collect();
    let mut lookups: Vec<usize> = passing
        .iter()
        .copied()
        .filter(|&i| questions[i].0)
        .collect();
    let mut kept = passing.len();
    let mut out = Vec::new();
    #[expect(clippy::cast_precision_loss, reason = "question counts far below 2^52")]
    while let Some(&last) = lookups.last()
        && lookups.len() as f64 > aim * kept as f64
    {
        out.push(last);
        lookups.pop();
        kept -= 1;
    }
    out
}

/// For each question, the earlier one it duplicates: the same stem word for word, or stems and
/// keys both close in meaning ([`DUPLICATE_STEM_COSINE`], [`DUPLICATE_KEY_COSINE`]).
pub fn duplicates(
    questions: &[(&str, &str)],
    embedder: &dyn Embedder,
) -> Result<Vec<Option<usize>>, EmbedError> {
    let vectors = Vectors::new(embedder);
    let stems: Vec<&str> = questions.iter().map(|q| q.0).collect();
    let keys: Vec<&str> = questions.iter().map(|q| q.1).collect();
    let stem_vectors = vectors.get(&stems)?;
    let key_vectors = vectors.get(&keys)?;
    let norms: Vec<String> = stems.iter().map(|s| normalized(s)).collect();
    Ok((0..questions.len())
        .map(|i| {
            (0..i).find(|&j| {
                norms[i] == norms[j]
                    || (cosine(&stem_vectors[i], &stem_vectors[j]) >= DUPLICATE_STEM_COSINE
                        && cosine(&key_vectors[i], &key_vectors[j]) >= DUPLICATE_KEY_COSINE)
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_above_the_aim_are_set_aside_last_first() {
        // Ten passing questions, six lookups (at 0, 2, 4, 6, 8, 9); one failing lookup (10).
        let mut questions: Vec<(bool, bool)> = (0..10).map(|i| (i % 2 == 0, true)).collect();
        questions[9].0 = true;
        questions.push((true, false));
        // At most half: 6 of 10 → set aside 9 (5 of 9), then 8 (4 of 8).
        assert_eq!(over_the_aim(&questions, 0.5), vec![9, 8]);
        assert!(over_the_aim(&questions, 0.6).is_empty());
        assert_eq!(over_the_aim(&questions, 0.0).len(), 6);
    }

    #[test]
    fn jaccards_by_hand() {
        let a = bag("apt apt install");
        let b = bag("apt install install remove");
        // min: apt 1, install 1 → 2; max: apt 2, install 2, remove 1 → 5.
        assert!((multiset_jaccard(&a, &b) - 0.4).abs() < 1e-12);
        // Bigrams {a b, b c} and {b c, c d}: one shared of three.
        assert!((ngram_jaccard("a b c", "b c d", 2) - 1.0 / 3.0).abs() < 1e-12);
        // Shorter than n: the whole text is one gram.
        assert!((ngram_jaccard("one", "one", 3) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_share_sets_aside_that_many_of_the_highest() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        let t = threshold(&values, 0.05).unwrap();
        assert!((t - 95.0).abs() < 1e-12);
        assert_eq!(values.iter().filter(|v| **v > t).count(), 5);
        // Too few questions for a 5% cut: none is removed.
        assert_eq!(threshold(&[1.0, 2.0, 3.0], 0.05), Some(3.0));
        // Ties keep a question in.
        assert_eq!(threshold(&[0.0; 40], 0.05), Some(0.0));
        assert_eq!(threshold(&[], 0.05), None);
    }
}
