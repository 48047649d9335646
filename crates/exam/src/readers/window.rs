//! The sliding-window reader (Richardson et al. 2013, MCTest's baseline; METHODS.md §6): no
//! model, only which words of the question and a choice stand close together in the passage.
//!
//! For each choice, a window as wide as the set S = question ∪ choice slides over the passage;
//! its score is Σ IC(w) over the window's words in S, IC(w) = ln(1 + 1/count(w)), and the best
//! window counts. From that the distance term is subtracted: the fewest words between a
//! question word and a choice word that is not in the question (both in the passage, stopwords
//! left out), over the passage's length; 1 when either set is empty.

use super::{Reader, ReaderQuestion, Reading, decide};
use proctor_core::EmbedError;
use proctor_stats::text::{Terms, is_stopword};
use std::collections::{BTreeSet, HashMap};

const WORDS: Terms = Terms {
    stem: false,
    drop_stopwords: false,
};

/// The sliding-window baseline.
#[derive(Debug, Clone, Copy, Default)]
pub struct SlidingWindowReader;

impl SlidingWindowReader {
    /// Each choice's score on `passage`.
    pub fn scores(question: &ReaderQuestion<'_>, passage: &str) -> Vec<f64> {
        let words = WORDS.of(passage);
        let mut count: HashMap<&str, usize> = HashMap::new();
        for w in &words {
            *count.entry(w.as_str()).or_insert(0) += 1;
        }
        let ic = |w: &str| count.get(w).map_or(0.0, |&c| (1.0 + 1.0 / c as f64).ln());
        let asked: BTreeSet<String> = WORDS.of(question.stem).into_iter().collect();
        let in_passage = |w: &String| count.contains_key(w.as_str()) && !is_stopword(w);
        let asked_here: Vec<&String> = asked.iter().filter(|w| in_passage(w)).collect();
        question
            .choices
            .iter()
            .map(|choice| {
                let own: BTreeSet<String> = WORDS.of(choice).into_iter().collect();
                let wanted: BTreeSet<&String> = asked.iter().chain(&own).collect();
                let width = wanted.len().max(1);
                let window = (0..words.len().max(1))
                    .map(|start| {
                        words
                            .iter()
                            .skip(start)
                            .take(width)
                            .filter(|w| wanted.contains(w))
                            .map(|w| ic(w))
                            .sum::<f64>()
                    })
                    .fold(0.0, f64::max);
                let answer_here: Vec<&String> = own
                    .iter()
                    .filter(|w| in_passage(w) && !asked.contains(*w))
                    .collect();
                let distance = if asked_here.is_empty() || answer_here.is_empty() || words.len() < 2
                {
                    1.0
                } else {
                    let at = |set: &[&String]| -> Vec<usize> {
                        (0..words.len())
                            .filter(|&i| set.iter().any(|w| **w == words[i]))
                            .collect()
                    };
                    let (q, a) = (at(&asked_here), at(&answer_here));
                    let nearest = q
                        .iter()
                        .flat_map(|i| a.iter().map(move |j| i.abs_diff(*j)))
                        .min()
                        .unwrap_or(words.len() - 1);
                    nearest as f64 / (words.len() - 1) as f64
                };
                window - distance
            })
            .collect()
    }
}

impl Reader for SlidingWindowReader {
    fn name(&self) -> &'static str {
        "sliding window"
    }

    fn read(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Reading, EmbedError> {
        let passage = contexts.join("\n\n");
        let support = Self::scores(question, &passage);
        Ok(Reading {
            choice: decide(&support, f64::NEG_INFINITY),
            support,
            evidence: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::SlidingWindowReader;
    use crate::readers::{Reader, ReaderQuestion};

    #[test]
    fn the_choice_whose_words_stand_beside_the_question_words_wins() {
        let choices = vec!["a cat".to_owned(), "a dog".into(), "a bird".into()];
        let question = ReaderQuestion {
            stem: "What did James find in the garden?",
            choices: &choices,
        };
        let passage = "James went out to play. In the garden James found a dog. \
                       His sister had a cat and a bird at home.";
        let reading = SlidingWindowReader.read(&question, &[passage]).unwrap();
        assert_eq!(reading.choice, Some(1), "{:?}", reading.support);
        // Nothing to read: every choice alike, no answer.
        let closed = SlidingWindowReader.read(&question, &[]).unwrap();
        assert_eq!(closed.choice, None);
        assert!(closed.support.iter().all(|s| (s + 1.0).abs() < 1e-12));
    }

    #[test]
    fn a_score_is_the_best_windows_information_content_minus_the_distance() {
        let choices = vec!["river".to_owned(), "town".into()];
        let question = ReaderQuestion {
            stem: "What is near?",
            choices: &choices,
        };
        // town ×3 (IC ln 4/3 each), near and river once (IC ln 2 each).
        let scores = SlidingWindowReader::scores(&question, "town town town near river");
        // river: the window "town town near river" holds near and river; one word apart of 4.
        assert!(
            (scores[0] - (2.0 * 2f64.ln() - 0.25)).abs() < 1e-12,
            "{scores:?}"
        );
        // town: the window "town town town near"; town stands one word from near.
        let town = 3.0 * (4.0f64 / 3.0).ln() + 2f64.ln() - 0.25;
        assert!((scores[1] - town).abs() < 1e-12, "{scores:?}");
    }
}
