//! Question categories: Bloom levels by keyword (with lemmatisation) and question type.

use proctor_core::{BloomLevel, QuestionType};
use std::collections::HashMap;

/// The keyword lists of METHODS.md §4 (from paper 004, Table 6).
pub const STANDARD_KEYWORDS: [(BloomLevel, &[&str]); 6] = [
    (
        BloomLevel::Remembering,
        &[
            "list",
            "identify",
            "name",
            "define",
            "state",
            "mention",
            "recall",
            "label",
            "repeat",
            "recognize",
        ],
    ),
    (
        BloomLevel::Understanding,
        &[
            "explain",
            "describe",
            "summarize",
            "predict",
            "interpret",
            "paraphrase",
            "translate",
            "illustrate",
            "rephrase",
            "clarify",
            "check",
            "find",
            "experience",
            "suspect",
            "review",
            "notice",
            "assume",
            "interact",
            "observe",
            "understand",
        ],
    ),
    (
        BloomLevel::Applying,
        &[
            "demonstrate",
            "apply",
            "use",
            "write",
            "illustrate",
            "solve",
            "show",
            "execute",
            "implement",
            "operate",
            "practice",
            "set",
            "configure",
            "try",
            "follow",
            "take",
            "run",
            "serve",
            "task",
            "read",
            "work",
            "enable",
            "exist",
        ],
    ),
    (
        BloomLevel::Analyzing,
        &[
            "analyze",
            "distinguish",
            "compare",
            "differentiate",
            "examine",
            "test",
            "question",
            "inspect",
            "debate",
            "investigate",
            "manage",
            "optimize",
            "troubleshoot",
            "resolve",
        ],
    ),
    (
        BloomLevel::Evaluating,
        &[
            "evaluate",
            "rate",
            "justify",
            "critique",
            "decide",
            "rank",
            "measure",
            "validate",
            "assess",
            "choose",
            "verify",
            "monitor",
            "recommend",
        ],
    ),
    (
        BloomLevel::Creating,
        &[
            "design",
            "construct",
            "produce",
            "invent",
            "devise",
            "formulate",
            "originate",
            "assemble",
            "generate",
            "create",
            "develop",
            "compose",
            "build",
            "customize",
        ],
    ),
];

/// Irregular verb forms that suffix rules cannot undo.
const IRREGULAR: &[(&str, &str)] = &[
    ("wrote", "write"),
    ("written", "write"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("took", "take"),
    ("taken", "take"),
    ("ran", "run"),
    ("built", "build"),
    ("shown", "show"),
    ("understood", "understand"),
    ("found", "find"),
    ("undertook", "undertake"),
];

/// Words after which the next word is a noun, not a verb ("the name", "which setting").
const NOUN_CONTEXT: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "its", "their", "his", "her", "our",
    "your", "my", "each", "every", "which", "what", "whose", "no", "any",
];

/// Keyword → levels, built from a project's (editable) lists.
#[derive(Debug, Clone)]
pub struct BloomKeywords {
    by_word: HashMap<String, Vec<BloomLevel>>,
}

impl BloomKeywords {
    /// The lists of METHODS.md §4.
    pub fn standard() -> Self {
        Self::from_pairs(
            STANDARD_KEYWORDS
                .iter()
                .flat_map(|(level, words)| words.iter().map(move |w| (*level, (*w).to_owned()))),
        )
    }

    /// Lists as (level, keyword) pairs, e.g. from a project file.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (BloomLevel, String)>) -> Self {
        let mut by_word: HashMap<String, Vec<BloomLevel>> = HashMap::new();
        for (level, word) in pairs {
            let levels = by_word.entry(word.trim().to_lowercase()).or_default();
            if !levels.contains(&level) {
                levels.push(level);
            }
        }
        Self { by_word }
    }

    /// The Bloom levels of a question, in taxonomy order; `[Uncategorized]` if no verb matched.
    pub fn classify(&self, stem: &str) -> Vec<BloomLevel> {
        let words = tokens(stem);
        let mut levels: Vec<BloomLevel> = Vec::new();
        for (i, word) in words.iter().enumerate() {
            if i > 0 && NOUN_CONTEXT.contains(&words[i - 1].as_str()) {
                continue;
            }
            for lemma in lemma_candidates(word) {
                if let Some(found) = self.by_word.get(&lemma) {
                    levels.extend(found.iter().copied());
                }
            }
        }
        levels.sort();
        levels.dedup();
        if levels.is_empty() {
            levels.push(BloomLevel::Uncategorized);
        }
        levels
    }
}

/// Lower-case words of a text.
fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

fn undouble(stem: &str) -> Option<String> {
    let bytes = stem.as_bytes();
    let n = bytes.len();
    (n >= 3 && bytes[n - 1] == bytes[n - 2] && !b"aeiouls".contains(&bytes[n - 1]))
        .then(|| stem[..n - 1].to_owned())
}

/// The base forms a word may be an inflection of: "identified" → "identify", "running" → "run",
/// "describes" → "describe", "analysed" → "analyze". Over-generates on purpose; only candidates
/// that are keywords matter.
pub fn lemma_candidates(word: &str) -> Vec<String> {
    let word = word.to_lowercase();
    let mut out = vec![word.clone()];
    if let Some((_, base)) = IRREGULAR.iter().find(|(form, _)| *form == word) {
        out.push((*base).to_owned());
    }
    if let Some(stem) = word
        .strip_suffix("ies")
        .or_else(|| word.strip_suffix("ied"))
    {
        out.push(format!("{stem}y"));
    }
    for suffix in ["ing", "ed", "es"] {
        if let Some(stem) = word.strip_suffix(suffix).filter(|s| s.len() >= 2) {
            out.push(stem.to_owned());
            out.push(format!("{stem}e"));
            out.extend(undouble(stem));
        }
    }
    if let Some(stem) = word.strip_suffix('s').filter(|_| !word.ends_with("ss")) {
        out.push(stem.to_owned());
    }
    // British spellings: analyse → analyze, summarise → summarize.
    let american: Vec<String> = out
        .iter()
        .filter_map(|w| {
            w.strip_suffix("yse")
                .map(|s| format!("{s}yze"))
                .or_else(|| w.strip_suffix("ise").map(|s| format!("{s}ize")))
        })
        .collect();
    out.extend(american);
    out.sort();
    out.dedup();
    out
}

/// The question type: its first interrogative word, else `Other`.
pub fn question_type(stem: &str) -> QuestionType {
    tokens(stem)
        .iter()
        .find_map(|w| match w.as_str() {
            "what" => Some(QuestionType::What),
            "which" => Some(QuestionType::Which),
            "how" => Some(QuestionType::How),
            "when" => Some(QuestionType::When),
            "why" => Some(QuestionType::Why),
            "where" => Some(QuestionType::Where),
            "who" | "whom" | "whose" => Some(QuestionType::Who),
            _ => None,
        })
        .unwrap_or(QuestionType::Other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use BloomLevel::{
        Analyzing, Applying, Creating, Evaluating, Remembering, Uncategorized, Understanding,
    };

    #[test]
    fn inflections_hit_their_keyword() {
        let k = BloomKeywords::standard();
        for stem in [
            "Which step identifies the owner?",
            "Who identified the fault first?",
            "What is the command for identifying locks?",
        ] {
            assert_eq!(k.classify(stem), vec![Remembering], "{stem}");
        }
        assert_eq!(
            k.classify("How would you troubleshoot a stalled queue?"),
            vec![Analyzing]
        );
        assert_eq!(
            k.classify("Which option should the operator choose?"),
            vec![Evaluating]
        );
        assert_eq!(k.classify("How is the release built?"), vec![Creating]);
        assert_eq!(
            k.classify("Why does the cache expire?"),
            vec![Uncategorized]
        );
    }

    #[test]
    fn multi_label_in_taxonomy_order_and_british_spelling() {
        let k = BloomKeywords::standard();
        assert_eq!(
            k.classify("Compare the two modes and explain which one you would configure."),
            vec![Understanding, Applying, Analyzing]
        );
        assert_eq!(
            k.classify("Analyse the log and summarise it."),
            vec![Understanding, Analyzing]
        );
        // "illustrate" sits in two lists (as in 004's Table 6).
        assert_eq!(
            k.classify("Illustrate the flow."),
            vec![Understanding, Applying]
        );
    }

    #[test]
    fn nouns_after_determiners_are_not_verbs() {
        let k = BloomKeywords::standard();
        assert_eq!(
            k.classify("What is the name of the daemon?"),
            vec![Uncategorized]
        );
        assert_eq!(
            k.classify("Which setting controls retries?"),
            vec![Uncategorized]
        );
        assert_eq!(k.classify("Name the daemon."), vec![Remembering]);
    }

    #[test]
    fn edited_lists_replace_the_standard_ones() {
        let k = BloomKeywords::from_pairs([(Creating, "sketch".to_owned())]);
        assert_eq!(k.classify("Sketched plans?"), vec![Creating]);
        assert_eq!(k.classify("Define it."), vec![Uncategorized]);
    }

    #[test]
    fn lemmas_cover_common_suffixes() {
        for (form, base) in [
            ("identifies", "identify"),
            ("running", "run"),
            ("described", "describe"),
            ("checking", "check"),
            ("analyzes", "analyze"),
            ("optimising", "optimize"),
            ("written", "write"),
        ] {
            assert!(
                lemma_candidates(form).contains(&base.to_owned()),
                "{form} → {base}"
            );
        }
    }

    #[test]
    fn question_type_is_the_first_interrogative_word() {
        assert_eq!(
            question_type("In the config, which flag is read first?"),
            QuestionType::Which
        );
        assert_eq!(
            question_type("How and why does it fail?"),
            QuestionType::How
        );
        assert_eq!(
            question_type("Whose key signs the release?"),
            QuestionType::Who
        );
        assert_eq!(question_type("Name the daemon."), QuestionType::Other);
    }
}
