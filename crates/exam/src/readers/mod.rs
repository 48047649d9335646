//! Readers (METHODS.md §6): given a question, its choices and some context passages, pick the
//! best-supported choice — or leave the question unanswered when nothing supports any choice
//! well enough. Every reader is deterministic.
//!
//! - [`LexicalReader`]: the classic IR solver. For each choice and context sentence, the
//!   idf-weighted share of the choice's terms the sentence holds, times how much of the
//!   question it is about; a choice's support is its best sentence.
//! - [`EmbeddingReader`]: the assertion reader on an embedding model: the question followed by
//!   the choice, against each context sentence by cosine; a choice's support is its best
//!   sentence. Without context (closed book) it can only compare each choice with the question.
//! - [`CombinedReader`]: both supports, each rescaled to [0, 1] within the question, averaged.
//! - [`PairReader`] and [`QaReader`] (on models): on a cross-encoder/NLI model or an
//!   extractive QA model the user adds.
//! - [`LlmReader`]: a language model scores the choices (letter, cloze, calibrated cloze).
//! - [`SlidingWindowReader`]: MCTest's no-model baseline.

mod llm;
mod models;
mod window;

pub use llm::{LlmMode, LlmReader};
pub use models::{DEFAULT_PAIR_THRESHOLD, DEFAULT_QA_THRESHOLD, PairReader, QaReader};
pub use window::SlidingWindowReader;

use proctor_core::{EmbedError, Embedder, cosine};
use proctor_stats::text::{Terms, sentences};
use std::collections::{BTreeSet, HashMap};

/// The lexical support below which a reader leaves a question unanswered, by default.
pub const DEFAULT_LEXICAL_THRESHOLD: f64 = 0.1;
/// The cosine below which the embedding reader leaves a question unanswered, by default.
pub const DEFAULT_EMBEDDING_THRESHOLD: f64 = 0.2;

/// A question as a reader sees it.
#[derive(Debug, Clone, Copy)]
pub struct ReaderQuestion<'a> {
    /// The question text.
    pub stem: &'a str,
    /// Its choices.
    pub choices: &'a [String],
}

/// What a reader made of a question.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The chosen choice, or None (unanswered).
    pub choice: Option<usize>,
    /// Each choice's support.
    pub support: Vec<f64>,
    /// The context sentence the chosen (or best) choice rests on.
    pub evidence: Option<String>,
}

/// Answers multiple-choice questions from context passages.
pub trait Reader: Send + Sync {
    /// A short name ("lexical", "embedding", "combined").
    fn name(&self) -> &'static str;
    /// Reads one question against its contexts (none for closed book).
    fn read(&self, question: &ReaderQuestion<'_>, contexts: &[&str])
    -> Result<Reading, EmbedError>;
    /// How many questions it may read at once (from several threads).
    fn concurrency(&self) -> usize {
        1
    }
}

const TERMS: Terms = Terms {
    stem: true,
    drop_stopwords: true,
};

fn term_set(text: &str) -> BTreeSet<String> {
    TERMS.of(text).into_iter().collect()
}

/// The sentences of the contexts.
fn context_sentences<'a>(contexts: &[&'a str]) -> Vec<&'a str> {
    contexts
        .iter()
        .flat_map(|c| sentences(c).into_iter().map(move |(a, b)| &c[a..b]))
        .collect()
}

/// The chosen index: the unique best support at or above `threshold`.
fn decide(support: &[f64], threshold: f64) -> Option<usize> {
    let best = support.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if best < threshold {
        return None;
    }
    let at_best: Vec<usize> = (0..support.len())
        .filter(|&i| (support[i] - best).abs() < 1e-9)
        .collect();
    (at_best.len() == 1).then(|| at_best[0])
}

/// Inverse document frequencies of stemmed, stopword-free terms over a corpus of passages.
#[derive(Debug, Clone, Default)]
pub struct Idf {
    passages: usize,
    frequency: HashMap<String, usize>,
}

impl Idf {
    /// Counts the passages each term occurs in.
    pub fn from_passages<'a>(passages: impl IntoIterator<Item = &'a str>) -> Self {
        let mut idf = Self::default();
        for passage in passages {
            idf.passages += 1;
            for term in term_set(passage) {
                *idf.frequency.entry(term).or_insert(0) += 1;
            }
        }
        idf
    }

    /// idf(t) = ln(1 + N / df(t)); a term the corpus never uses counts as seen once.
    pub fn weight(&self, term: &str) -> f64 {
        let df = self.frequency.get(term).copied().unwrap_or(0).max(1);
        (1.0 + self.passages.max(1) as f64 / df as f64).ln()
    }

    fn share(&self, wanted: &BTreeSet<String>, present: &BTreeSet<String>) -> f64 {
        let total: f64 = wanted.iter().map(|t| self.weight(t)).sum();
        if total == 0.0 {
            return 0.0;
        }
        wanted
            .intersection(present)
            .map(|t| self.weight(t))
            .sum::<f64>()
            / total
    }
}

/// The lexical (IR solver) reader.
#[derive(Debug, Clone)]
pub struct LexicalReader {
    idf: Idf,
    threshold: f64,
}

impl LexicalReader {
    /// A reader weighting terms by `idf`; a choice needs a support of at least `threshold`
    /// (in [0, 1]) to be chosen.
    pub fn new(idf: Idf, threshold: f64) -> Self {
        Self { idf, threshold }
    }

    /// Each choice's support and its best sentence.
    fn support<'a>(
        &self,
        question: &ReaderQuestion<'_>,
        sentences: &[&'a str],
    ) -> (Vec<f64>, Vec<Option<&'a str>>) {
        let asked = term_set(question.stem);
        let sentence_terms: Vec<BTreeSet<String>> = sentences.iter().map(|s| term_set(s)).collect();
        question
            .choices
            .iter()
            .map(|choice| {
                // Words the question already says give a choice no support of its own.
                let own: BTreeSet<String> = term_set(choice).difference(&asked).cloned().collect();
                if own.is_empty() {
                    return (0.0, None);
                }
                sentence_terms
                    .iter()
                    .zip(sentences)
                    .map(|(present, sentence)| {
                        let about = 0.5 + 0.5 * self.idf.share(&asked, present);
                        (self.idf.share(&own, present) * about, Some(*sentence))
                    })
                    .fold((0.0, None), |best, candidate| {
                        if candidate.0 > best.0 {
                            candidate
                        } else {
                            best
                        }
                    })
            })
            .unzip()
    }
}

impl Reader for LexicalReader {
    fn name(&self) -> &'static str {
        "lexical"
    }

    fn read(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Reading, EmbedError> {
        let sentences = context_sentences(contexts);
        let (support, evidence) = self.support(question, &sentences);
        let choice = decide(&support, self.threshold);
        let shown = choice.or_else(|| decide(&support, f64::NEG_INFINITY));
        Ok(Reading {
            choice,
            evidence: shown.and_then(|i| evidence[i]).map(str::to_owned),
            support,
        })
    }
}

/// The assertion reader on an embedding model.
#[derive(Clone, Copy)]
pub struct EmbeddingReader<'a> {
    embedder: &'a dyn Embedder,
    threshold: f64,
}

impl<'a> EmbeddingReader<'a> {
    /// A reader on `embedder`; a choice needs a cosine of at least `threshold` with some context
    /// sentence to be chosen.
    pub fn new(embedder: &'a dyn Embedder, threshold: f64) -> Self {
        Self {
            embedder,
            threshold,
        }
    }

    fn support(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<(Vec<f64>, Vec<Option<String>>), EmbedError> {
        let sentences = context_sentences(contexts);
        if sentences.is_empty() {
            // Closed book: only the choices' closeness to the question itself.
            let mut texts: Vec<&str> = vec![question.stem];
            texts.extend(question.choices.iter().map(String::as_str));
            let vectors = self.embedder.embed(&texts)?;
            let support = vectors[1..]
                .iter()
                .map(|v| cosine(&vectors[0], v))
                .collect();
            return Ok((support, vec![None; question.choices.len()]));
        }
        let assertions: Vec<String> = question
            .choices
            .iter()
            .map(|c| format!("{} {c}", question.stem))
            .collect();
        let mut texts: Vec<&str> = assertions.iter().map(String::as_str).collect();
        texts.extend(&sentences);
        let vectors = self.embedder.embed(&texts)?;
        let (claims, found) = vectors.split_at(assertions.len());
        Ok(claims
            .iter()
            .map(|claim| {
                found
                    .iter()
                    .zip(&sentences)
                    .map(|(v, s)| (cosine(claim, v), Some((*s).to_owned())))
                    .fold((f64::NEG_INFINITY, None), |best, c| {
                        if c.0 > best.0 { c } else { best }
                    })
            })
            .unzip())
    }
}

impl Reader for EmbeddingReader<'_> {
    fn name(&self) -> &'static str {
        "embedding"
    }

    fn read(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Reading, EmbedError> {
        let (support, evidence) = self.support(question, contexts)?;
        let choice = decide(&support, self.threshold);
        let shown = choice.or_else(|| decide(&support, f64::NEG_INFINITY));
        Ok(Reading {
            choice,
            evidence: shown.and_then(|i| evidence[i].clone()),
            support,
        })
    }
}

/// Both readers' supports, each rescaled to [0, 1] within the question, averaged. It answers
/// when either reader would have.
pub struct CombinedReader<'a> {
    lexical: &'a LexicalReader,
    embedding: EmbeddingReader<'a>,
}

impl<'a> CombinedReader<'a> {
    /// Combines the two readers.
    pub fn new(lexical: &'a LexicalReader, embedding: EmbeddingReader<'a>) -> Self {
        Self { lexical, embedding }
    }
}

fn rescaled(support: &[f64]) -> Vec<f64> {
    let low = support.iter().copied().fold(f64::INFINITY, f64::min);
    let high = support.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    support
        .iter()
        .map(|s| {
            if high > low {
                (s - low) / (high - low)
            } else {
                0.0
            }
        })
        .collect()
}

impl Reader for CombinedReader<'_> {
    fn name(&self) -> &'static str {
        "combined"
    }

    fn read(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Reading, EmbedError> {
        let lexical = self.lexical.read(question, contexts)?;
        let embedding = self.embedding.read(question, contexts)?;
        let support: Vec<f64> = rescaled(&lexical.support)
            .iter()
            .zip(rescaled(&embedding.support))
            .map(|(a, b)| (a + b) / 2.0)
            .collect();
        let answers = lexical.choice.is_some() || embedding.choice.is_some();
        let choice = if answers {
            decide(&support, f64::NEG_INFINITY)
        } else {
            None
        };
        let evidence = match choice {
            Some(i) if lexical.choice == Some(i) => lexical.evidence,
            _ => embedding.evidence.or(lexical.evidence),
        };
        Ok(Reading {
            choice,
            support,
            evidence,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| (*t).to_owned()).collect()
    }

    fn idf() -> Idf {
        Idf::from_passages([
            "The bandwidth cap is read from the key net.max_rate.",
            "The retention window defaults to 30 days.",
            "The log level defaults to info.",
            "Backups are encrypted with the project key.",
        ])
    }

    #[test]
    fn the_lexical_reader_finds_the_supported_choice() {
        let reader = LexicalReader::new(idf(), 0.2);
        let c = choices(&["15 days", "30 days", "90 days", "365 days"]);
        let q = ReaderQuestion {
            stem: "What does the retention window default to?",
            choices: &c,
        };
        let context = "Logs rotate weekly. The retention window defaults to 30 days.";
        let reading = reader.read(&q, &[context]).unwrap();
        assert_eq!(reading.choice, Some(1), "{reading:?}");
        assert_eq!(
            reading.evidence.as_deref(),
            Some("The retention window defaults to 30 days.")
        );
        // "days" is in every choice and in the sentence; only "30" separates them.
        assert!(reading.support[1] > reading.support[0]);
        // Closed book: no context, no support, unanswered.
        let closed = reader.read(&q, &[]).unwrap();
        assert_eq!(closed.choice, None);
        assert!(closed.support.iter().all(|s| *s == 0.0));
    }

    #[test]
    fn support_by_hand() {
        // One sentence holding the choice's only own term "info" and all question terms:
        // support = share(own) · (0.5 + 0.5 · share(question)) = 1 · 1.
        let reader = LexicalReader::new(idf(), 0.0);
        let c = choices(&["info", "debug"]);
        let q = ReaderQuestion {
            stem: "log level default",
            choices: &c,
        };
        let reading = reader
            .read(&q, &["The log level defaults to info."])
            .unwrap();
        assert!((reading.support[0] - 1.0).abs() < 1e-12, "{reading:?}");
        assert!(reading.support[1].abs() < 1e-12);
        // Tied supports leave the question unanswered.
        let tied = reader.read(&q, &["Nothing relevant."]).unwrap();
        assert_eq!(tied.choice, None);
        assert_eq!(decide(&[0.3, 0.3, 0.1], 0.0), None);
        assert_eq!(decide(&[0.3, 0.5, 0.1], 0.4), Some(1));
        assert_eq!(decide(&[0.3, 0.35], 0.4), None);
    }

    #[test]
    fn rescaling_keeps_order_and_flattens_ties() {
        assert_eq!(rescaled(&[1.0, 3.0, 2.0]), vec![0.0, 1.0, 0.5]);
        assert_eq!(rescaled(&[2.0, 2.0]), vec![0.0, 0.0]);
    }
}
