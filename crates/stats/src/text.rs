//! Words of a text as the ROUGE and nugget measures see them: lowercased, split on anything
//! that is not a letter or digit (the `rouge-score` tokenizer), optionally without stopwords,
//! optionally Porter-stemmed.

/// The Porter stem of a word, as NLTK's default `PorterStemmer` gives it.
pub use crate::porter::stem;

/// How to turn a text into terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Terms {
    /// Porter-stem words longer than three characters (as `rouge-score` does).
    pub stem: bool,
    /// Drop English stopwords.
    pub drop_stopwords: bool,
}

impl Terms {
    /// The terms of `text`.
    pub fn of(self, text: &str) -> Vec<String> {
        let lower = text.to_lowercase();
        lower
            .split(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit()))
            .filter(|w| !w.is_empty())
            .filter(|w| !(self.drop_stopwords && is_stopword(w)))
            .map(|w| {
                if self.stem && w.len() > 3 {
                    stem(w)
                } else {
                    w.to_owned()
                }
            })
            .collect()
    }
}

/// A common English stopword list (function words: articles, pronouns, auxiliaries,
/// prepositions, conjunctions).
const STOPWORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "few",
    "for",
    "from",
    "further",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "me",
    "more",
    "most",
    "my",
    "myself",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "on",
    "once",
    "only",
    "or",
    "other",
    "our",
    "ours",
    "ourselves",
    "out",
    "over",
    "own",
    "same",
    "she",
    "should",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "too",
    "under",
    "until",
    "up",
    "very",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
];

/// Whether a lowercase word is a stopword.
pub fn is_stopword(word: &str) -> bool {
    STOPWORDS.binary_search(&word).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenizes_like_rouge_score() {
        let plain = Terms {
            stem: false,
            drop_stopwords: false,
        };
        assert_eq!(
            plain.of("The cat's 2 hats—on!"),
            ["the", "cat", "s", "2", "hats", "on"]
        );
        let full = Terms {
            stem: true,
            drop_stopwords: true,
        };
        assert_eq!(
            full.of("The running dogs are in the houses"),
            ["run", "dog", "hous"]
        );
        assert!(
            STOPWORDS.windows(2).all(|w| w[0] < w[1]),
            "sorted for binary search"
        );
    }
}
