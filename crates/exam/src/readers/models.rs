//! Readers on models the user adds (METHODS.md §6):
//!
//! - [`PairReader`]: the assertion/entailment reader. Each choice becomes the assertion
//!   "question choice"; a cross-encoder or NLI model scores how well each context passage
//!   supports it; a choice's support is its best passage. Closed book, the model scores each
//!   choice against the question alone.
//! - [`QaReader`]: an extractive QA model finds its answer span in each passage; a choice's
//!   support is the best, over passages, of the span's probability times the token F1 of the
//!   choice and the span (stemmed, stopwords dropped). Closed book it has nothing to read.
//!
//! Both leave a question unanswered when no choice reaches the threshold or two tie.

use super::{Reader, ReaderQuestion, Reading, TERMS, decide};
use proctor_core::{EmbedError, ExtractiveQa, PairScorer};
use std::collections::HashMap;

/// The probability below which the pair reader leaves a question unanswered, by default.
pub const DEFAULT_PAIR_THRESHOLD: f64 = 0.5;
/// The support (probability × F1) below which the QA reader leaves a question unanswered, by
/// default.
pub const DEFAULT_QA_THRESHOLD: f64 = 0.1;

/// The assertion reader on a pair scorer.
pub struct PairReader<'a> {
    scorer: &'a dyn PairScorer,
    threshold: f64,
}

impl<'a> PairReader<'a> {
    /// A reader on `scorer`; a choice needs a score of at least `threshold` in some passage.
    pub fn new(scorer: &'a dyn PairScorer, threshold: f64) -> Self {
        Self { scorer, threshold }
    }
}

impl Reader for PairReader<'_> {
    fn name(&self) -> &'static str {
        "pair-scorer"
    }

    fn read(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Reading, EmbedError> {
        let assertions: Vec<String> = question
            .choices
            .iter()
            .map(|c| format!("{} {c}", question.stem))
            .collect();
        if contexts.is_empty() {
            let pairs: Vec<(&str, &str)> = question
                .choices
                .iter()
                .map(|c| (question.stem, c.as_str()))
                .collect();
            let support: Vec<f64> = self
                .scorer
                .score(&pairs)?
                .into_iter()
                .map(f64::from)
                .collect();
            return Ok(Reading {
                choice: decide(&support, self.threshold),
                support,
                evidence: None,
            });
        }
        let pairs: Vec<(&str, &str)> = assertions
            .iter()
            .flat_map(|a| contexts.iter().map(move |c| (a.as_str(), *c)))
            .collect();
        let scores = self.scorer.score(&pairs)?;
        let (support, best): (Vec<f64>, Vec<usize>) = scores
            .chunks(contexts.len())
            .map(|row| {
                row.iter()
                    .enumerate()
                    .map(|(i, s)| (f64::from(*s), i))
                    .fold((f64::NEG_INFINITY, 0), |b, c| if c.0 > b.0 { c } else { b })
            })
            .unzip();
        let choice = decide(&support, self.threshold);
        let shown = choice.or_else(|| decide(&support, f64::NEG_INFINITY));
        Ok(Reading {
            choice,
            evidence: shown.map(|i| contexts[best[i]].to_owned()),
            support,
        })
    }
}

/// The reader on an extractive QA model.
pub struct QaReader<'a> {
    qa: &'a dyn ExtractiveQa,
    threshold: f64,
}

impl<'a> QaReader<'a> {
    /// A reader on `qa`; a choice needs a support of at least `threshold`.
    pub fn new(qa: &'a dyn ExtractiveQa, threshold: f64) -> Self {
        Self { qa, threshold }
    }
}

/// SQuAD's token F1 between two bags of terms.
fn token_f1(a: &[String], b: &[String]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for t in a {
        *counts.entry(t).or_insert(0) += 1;
    }
    let mut common = 0usize;
    for t in b {
        if let Some(n) = counts.get_mut(t.as_str())
            && *n > 0
        {
            *n -= 1;
            common += 1;
        }
    }
    if common == 0 {
        return 0.0;
    }
    let precision = common as f64 / b.len() as f64;
    let recall = common as f64 / a.len() as f64;
    2.0 * precision * recall / (precision + recall)
}

impl Reader for QaReader<'_> {
    fn name(&self) -> &'static str {
        "extractive-qa"
    }

    fn read(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Reading, EmbedError> {
        let spans: Vec<_> = self
            .qa
            .answer(question.stem, contexts)?
            .into_iter()
            .flatten()
            .collect();
        let span_terms: Vec<Vec<String>> = spans.iter().map(|s| TERMS.of(&s.text)).collect();
        let (support, best): (Vec<f64>, Vec<Option<usize>>) = question
            .choices
            .iter()
            .map(|choice| {
                let terms = TERMS.of(choice);
                spans
                    .iter()
                    .zip(&span_terms)
                    .enumerate()
                    .map(|(i, (span, found))| {
                        (f64::from(span.score) * token_f1(&terms, found), Some(i))
                    })
                    .fold((0.0, None), |b, c| if c.0 > b.0 { c } else { b })
            })
            .unzip();
        let choice = decide(&support, self.threshold);
        let shown = choice.or_else(|| decide(&support, f64::MIN_POSITIVE));
        Ok(Reading {
            choice,
            evidence: shown.and_then(|i| best[i]).map(|s| spans[s].text.clone()),
            support,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proctor_core::AnswerSpan;

    /// A deterministic stand-in: the share of the claim's words the passage holds.
    struct Overlap;

    impl PairScorer for Overlap {
        fn name(&self) -> &'static str {
            "overlap"
        }

        fn score(&self, pairs: &[(&str, &str)]) -> Result<Vec<f32>, EmbedError> {
            Ok(pairs
                .iter()
                .map(|(claim, passage)| {
                    let words: Vec<String> = TERMS.of(claim);
                    let found = TERMS.of(passage);
                    let held = words.iter().filter(|w| found.contains(w)).count();
                    #[expect(clippy::cast_precision_loss, reason = "small counts")]
                    let share = held as f32 / words.len().max(1) as f32;
                    share
                })
                .collect())
        }
    }

    /// A deterministic stand-in: the first number in a context, with probability 0.8.
    struct FirstNumber;

    impl ExtractiveQa for FirstNumber {
        fn name(&self) -> &'static str {
            "first-number"
        }

        fn answer(
            &self,
            _question: &str,
            contexts: &[&str],
        ) -> Result<Vec<Option<AnswerSpan>>, EmbedError> {
            Ok(contexts
                .iter()
                .map(|c| {
                    let start = c.find(|ch: char| ch.is_ascii_digit())?;
                    let end = c[start..]
                        .find(|ch: char| !ch.is_ascii_digit())
                        .map_or(c.len(), |e| start + e);
                    Some(AnswerSpan {
                        text: c[start..end].to_owned(),
                        start,
                        end,
                        score: 0.8,
                    })
                })
                .collect())
        }
    }

    fn question(choices: &[String]) -> ReaderQuestion<'_> {
        ReaderQuestion {
            stem: "How many days are backups kept?",
            choices,
        }
    }

    #[test]
    fn the_pair_reader_takes_the_best_supported_assertion() {
        let choices: Vec<String> = ["7", "30", "90"].map(String::from).to_vec();
        let reader = PairReader::new(&Overlap, 0.5);
        let contexts = ["Logs rotate weekly.", "Backups are kept for 30 days."];
        let reading = reader.read(&question(&choices), &contexts).unwrap();
        assert_eq!(reading.choice, Some(1), "{reading:?}");
        assert_eq!(reading.evidence.as_deref(), Some(contexts[1]));
        // "day backup kept 30" of "mani day backup kept 30" (stemmed, no stopwords): 4 of 5.
        assert!(
            (reading.support[1] - 0.8).abs() < 1e-6,
            "{:?}",
            reading.support
        );
        // Below the threshold: unanswered, but the best passage is still shown.
        let strict = PairReader::new(&Overlap, 0.9)
            .read(&question(&choices), &contexts)
            .unwrap();
        assert_eq!(strict.choice, None);
        assert_eq!(strict.evidence.as_deref(), Some(contexts[1]));
    }

    #[test]
    fn the_qa_reader_matches_the_span_to_a_choice() {
        let choices: Vec<String> = ["7 days", "30 days", "90 days"].map(String::from).to_vec();
        let reader = QaReader::new(&FirstNumber, 0.1);
        let reading = reader
            .read(&question(&choices), &["Backups are kept for 30 days."])
            .unwrap();
        assert_eq!(reading.choice, Some(1));
        assert_eq!(reading.evidence.as_deref(), Some("30"));
        // F1 of {30, dai} and {30} is 2/3; times 0.8.
        assert!(
            (reading.support[1] - 0.8 * 2.0 / 3.0).abs() < 1e-6,
            "{:?}",
            reading.support
        );
        assert!(reading.support[0].abs() < 1e-12);
        // No number, no span, no answer; closed book likewise.
        assert_eq!(
            reader
                .read(&question(&choices), &["Nothing here."])
                .unwrap()
                .choice,
            None
        );
        assert_eq!(reader.read(&question(&choices), &[]).unwrap().choice, None);
        assert!(
            (token_f1(&["a".into(), "b".into()], &["b".into(), "a".into()]) - 1.0).abs() < 1e-12
        );
    }
}
