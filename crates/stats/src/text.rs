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

const ABBREVIATIONS: &[&str] = &[
    "e.g.", "i.e.", "etc.", "vs.", "mr.", "mrs.", "ms.", "dr.", "prof.", "fig.", "no.", "approx.",
];

/// Whether the word `text[from..=dot]` is a middle initial: one capital letter after a
/// capitalised word ("Richard M. Stallman"), not "plan B." at the end of a sentence.
fn initial(text: &str, from: usize, dot: usize) -> bool {
    let letter = &text[from..dot];
    let previous = text[..from].trim_end().rsplit(char::is_whitespace).next();
    letter.len() == 1
        && letter.chars().all(|c| c.is_ascii_uppercase())
        && previous.is_some_and(|w| {
            w.len() > 1
                && w.starts_with(|c: char| c.is_uppercase())
                && w.chars().all(char::is_alphabetic)
        })
}

/// The sentences of `text` as byte ranges, trimmed, empty ones left out: a sentence ends after
/// `.`, `!` or `?` followed by white space and an upper-case letter, digit or quote (common
/// abbreviations such as "e.g." and a middle initial do not end one), at a blank line, and at the end of a line that
/// is a list item or heading.
pub fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let push = |from: usize, to: usize, out: &mut Vec<(usize, usize)>| {
        let piece = &text[from..to];
        let lead = piece.len() - piece.trim_start().len();
        let trail = piece.len() - piece.trim_end().len();
        if to - from > lead + trail {
            out.push((from + lead, to - trail));
        }
    };
    for (k, &(at, c)) in chars.iter().enumerate() {
        let next = chars.get(k + 1).map(|p| p.1);
        let boundary = match c {
            '\n' => {
                next == Some('\n')
                    || text[start..at].trim_end().ends_with(['.', ':', '!', '?'])
                    || {
                        // A line of a list or heading: the next line starts a new sentence.
                        let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
                        let line = text[line_start..at].trim_start();
                        line.starts_with(['-', '*', '#'])
                            || line.chars().next().is_some_and(|ch| ch.is_ascii_digit())
                    }
            }
            '.' | '!' | '?' => {
                let after = chars.get(k + 2).map(|p| p.1);
                next.is_some_and(char::is_whitespace)
                    && after.is_some_and(|a| {
                        a.is_uppercase() || a.is_ascii_digit() || a == '"' || a == '“'
                    })
                    && !{
                        let word_start = text[..at]
                            .char_indices()
                            .rev()
                            .find(|(_, ch)| ch.is_whitespace())
                            .map_or(0, |(p, ch)| p + ch.len_utf8());
                        let word = text[word_start..=at].to_lowercase();
                        ABBREVIATIONS.contains(&word.as_str()) || initial(text, word_start, at)
                    }
            }
            _ => false,
        };
        if boundary {
            let end = at + c.len_utf8();
            push(start, end, &mut out);
            start = end;
        }
    }
    push(start, text.len(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<&str> {
        sentences(text)
            .into_iter()
            .map(|(a, b)| &text[a..b])
            .collect()
    }

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

    #[test]
    fn splits_sentences_not_abbreviations() {
        assert_eq!(
            texts("Backups run nightly. Keys rotate e.g. monthly. Is it safe? Yes!"),
            [
                "Backups run nightly.",
                "Keys rotate e.g. monthly.",
                "Is it safe?",
                "Yes!"
            ]
        );
        assert_eq!(
            texts("Version 2.5 is out. 3 fixes."),
            ["Version 2.5 is out.", "3 fixes."]
        );
        assert_eq!(
            texts("# Title\nFirst line.\n\nSecond para"),
            ["# Title", "First line.", "Second para"]
        );
        assert_eq!(texts("- one\n- two"), ["- one", "- two"]);
        // A middle initial ends no sentence; a letter after a lower-case word does.
        assert_eq!(
            texts("A problem for Richard M. Stallman remains. We use plan B. It works."),
            [
                "A problem for Richard M. Stallman remains.",
                "We use plan B.",
                "It works."
            ]
        );
        assert!(texts("   ").is_empty());
        // A word after a no-break space (two bytes in UTF-8) does not split a character.
        assert_eq!(texts("a\u{a0}b. Cc"), ["a\u{a0}b.", "Cc"]);
    }
}
