//! Question categories: Bloom levels — by the question's form first ([`form`]), then by its
//! verbs (keyword lists, with lemmatisation) — and question type.

mod form;

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

    /// The Bloom levels of a question, in taxonomy order: the level its form gives; else those
    /// its verbs give where a verb asks something of the reader ("Explain …", "how to configure
    /// …", "would you use …"; never a verb inside quoted text, nor a verb that only tells what a
    /// thing does: "which limit applies"); else Remembering for a question asking for a fact;
    /// else `[Uncategorized]`.
    pub fn classify(&self, stem: &str) -> Vec<BloomLevel> {
        if let Some(level) = form::by_form(stem) {
            return vec![level];
        }
        let levels = self.by_verbs(&form::unquoted(stem));
        if levels.is_empty() && form::asks_to_recall(stem) {
            return vec![BloomLevel::Remembering];
        }
        if levels.is_empty() {
            return vec![BloomLevel::Uncategorized];
        }
        levels
    }

    /// The levels the keyword lists give a question's verbs that ask something of the reader:
    /// the first word as written (an imperative: "Explain …", not "Following …"), a verb after
    /// "you" or "we", and after "to" where the question speaks to the reader ("how to …", "…
    /// would you use to …"). Picking a fact is no higher level for its verb: "Choose the
    /// command that …", "Which log file would you examine …" ask to recall one.
    fn by_verbs(&self, stem: &str) -> Vec<BloomLevel> {
        let words = tokens(stem);
        let to_reader = words.first().is_some_and(|w| w == "how")
            || words.iter().any(|w| w == "you" || w == "we");
        let asks_which = words
            .first()
            .is_some_and(|w| matches!(w.as_str(), "which" | "what"));
        let mut levels: Vec<BloomLevel> = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let found: Vec<BloomLevel> = if i == 0 {
                // An imperative is the verb as written (British spelling allowed).
                let american = word
                    .strip_suffix("ise")
                    .map(|s| format!("{s}ize"))
                    .or_else(|| word.strip_suffix("yse").map(|s| format!("{s}yze")))
                    .unwrap_or_else(|| word.clone());
                self.by_word
                    .get(american.as_str())
                    .cloned()
                    .unwrap_or_default()
            } else {
                lemma_candidates(word)
                    .iter()
                    .filter_map(|lemma| self.by_word.get(lemma))
                    .flatten()
                    .copied()
                    .collect()
            };
            if found.is_empty() {
                continue;
            }
            let previous = i.checked_sub(1).map_or("", |p| words[p].as_str());
            let next = words.get(i + 1).map_or("", String::as_str);
            let asked = match previous {
                // "Choose the command that …", "Evaluate which restriction applies": picking.
                "" => {
                    !(matches!(
                        word.as_str(),
                        "choose" | "select" | "pick" | "evaluate" | "decide"
                    ) && matches!(next, "the" | "which" | "a" | "an" | "what" | "between"))
                }
                "you" | "we" => !asks_which || found.contains(&BloomLevel::Applying),
                "to" => to_reader,
                _ => false,
            };
            if asked {
                levels.extend(found);
            }
        }
        levels.sort();
        levels.dedup();
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
    fn the_form_decides_then_the_verbs_that_ask_then_recall() {
        let k = BloomKeywords::standard();
        for (stem, want) in [
            // The form.
            ("Which SQL statement removes a table?", vec![Remembering]),
            ("Why does the cache expire?", vec![Understanding]),
            (
                "What is the difference between a hard and a soft link?",
                vec![Analyzing],
            ),
            ("Which option should the operator choose?", vec![Evaluating]),
            (
                "Compare the two modes and explain which one you would configure.",
                vec![Analyzing],
            ),
            ("Design a schema that keeps every version.", vec![Creating]),
            // Verbs that ask something of the reader, inflected or British.
            ("Explain how the queue drains.", vec![Understanding]),
            (
                "How would you troubleshoot a stalled queue?",
                vec![Analyzing],
            ),
            ("Configure the proxy for the agent.", vec![Applying]),
            ("Summarise the log.", vec![Understanding]),
            ("Illustrate the flow.", vec![Understanding, Applying]),
            // A verb that only tells what a thing does, or picks a fact, asks no more than recall.
            (
                "Which device limit applies to the Team plan?",
                vec![Remembering],
            ),
            (
                "Choose the command that fixes duplicate files.",
                vec![Remembering],
            ),
            (
                "Which log file would you examine for slow first sync?",
                vec![Remembering],
            ),
            (
                "Following poisoning retards putrefaction:",
                vec![Remembering],
            ),
            (
                "Kunkel's test is done to demonstrate presence of … in blood.",
                vec![Remembering],
            ),
            // Nothing to go by.
            ("Sky blue?", vec![Uncategorized]),
        ] {
            assert_eq!(k.classify(stem), want, "{stem}");
        }
    }

    #[test]
    fn nouns_after_determiners_are_not_verbs() {
        let k = BloomKeywords::standard();
        assert_eq!(
            k.classify("Which setting do you name first?"),
            vec![Remembering]
        );
        assert_eq!(k.classify("Name the daemon."), vec![Remembering]);
        assert_eq!(
            k.classify("How do you set the name?"),
            vec![Applying],
            "'set' after 'you' asks; 'the name' is a noun"
        );
    }

    #[test]
    fn edited_lists_replace_the_standard_ones() {
        let sketch = BloomKeywords::from_pairs([(Creating, "sketch".to_owned())]);
        assert_eq!(sketch.classify("Sketch the plan?"), vec![Creating]);
        assert_eq!(
            BloomKeywords::standard().classify("Sketch the plan?"),
            vec![Uncategorized]
        );
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
