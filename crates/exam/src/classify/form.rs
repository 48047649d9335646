//! A question's form decides its Bloom level before its verbs (METHODS.md §4.1): "why …" asks
//! to understand, "what is the difference between …" to analyse, "which is the most appropriate
//! …" to evaluate, a blank to fill or "which file holds …" to remember. Quoted text (a source
//! sentence a stem quotes) is no part of the form.

use proctor_core::BloomLevel;

/// Phrases that give a level by the question's form, the more demanding forms first: the first
/// level with a phrase in the question is its level. Each phrase matches whole words.
const FORMS: &[(BloomLevel, &[&str])] = &[
    (
        BloomLevel::Creating,
        &[
            "how would you design",
            "how would you build",
            "come up with",
        ],
    ),
    (
        BloomLevel::Evaluating,
        &[
            "most appropriate",
            "most effective",
            "most suitable",
            "least appropriate",
            "best way",
            "best approach",
            "best course",
            "best choice",
            "best option",
            "best practice",
            "should be recommended",
            "would you recommend",
            "is justified",
            "should the",
            "should you",
            "should we",
            "should a",
            "should an",
            "is it ok",
            "is it okay",
            "morally",
            "permissible",
            "acceptable",
            "is it wrong",
            "most important",
            "most likely to succeed",
            "evaluate",
            "assess",
            "justify",
            "critique",
        ],
    ),
    (
        BloomLevel::Analyzing,
        &[
            "difference between",
            "differences between",
            "differ from",
            "differs from",
            "distinguish",
            "compare",
            "compared with",
            "compared to",
            "in common",
            "contrast",
            "weaken",
            "weakens",
            "strengthen",
            "strengthens",
            "undermine",
            "undermines",
            "assumption",
            "assumes",
            "presupposes",
            "flaw",
            "flawed",
            "if true",
            "can be inferred",
            "can be concluded",
            "must be true",
            "must be false",
            "could be true",
            "cannot be true",
            "logically",
            "follows from",
            "relationship between",
            "most similar",
            "the above",
            "the stem",
            "may be true",
            "hypothesis",
            "corollary",
            "refutation",
            "strongest support",
            "supports the",
            "support the",
            "not support",
            "challenge to",
            "the role of",
            "can be determined",
            "must be selected",
            "analyze",
            "analyse",
        ],
    ),
    (
        BloomLevel::Applying,
        &[
            "which command would",
            "what command would",
            "which command should",
            "which option would",
            "which setting would",
            "what would you run",
            "would you use",
            "should you use",
            "should be used to",
            "calculate",
            "compute",
            "what is the value",
            "what is the result",
            "what is the output",
            "what will be the output",
            "what is printed",
            "prevail",
            "liable",
            "recover",
            "is entitled",
            "most likely outcome",
            "the court should",
            "will the court",
            "is guilty",
            "be convicted",
            "next step",
            "first step",
            "treatment of choice",
            "line of management",
            "line of treatment",
            "diagnosis",
            "approximate",
            "drug of choice",
            "investigation of choice",
        ],
    ),
    (
        BloomLevel::Understanding,
        &[
            "why",
            "what happens",
            "what would happen",
            "what will happen",
            "what does this mean",
            "what is meant by",
            "what does the author mean",
            "best describes",
            "best explains",
            "best summarizes",
            "best summarises",
            "main idea",
            "main point",
            "the purpose of",
            "the reason",
            "is because",
            "explain",
            "describe",
            "summarize",
            "interpret",
            "predict",
            "classify",
            "is an example of",
            "is an instance of",
            "the effect of",
            "effect on",
            "most likely to",
            "likely to feel",
            "good reason",
            "reason for",
            "how can",
        ],
    ),
    (
        BloomLevel::Remembering,
        &[
            "fills the blank",
            "what is",
            "what are",
            "what was",
            "what were",
            "which is",
            "which are",
            "which was",
            "which of the following is",
            "which of the following are",
            "what does",
            "what do",
            "which file",
            "which folder",
            "which port",
            "which command",
            "which option",
            "which setting",
            "which service",
            "which version",
            "stand for",
            "stands for",
            "is called",
            "is known as",
            "who",
            "whom",
            "when",
            "where",
            "how many",
            "how much",
            "how long",
            "how often",
            "what year",
            "name the",
            "identify",
            "define",
            "list",
            "recall",
        ],
    ),
];

/// The question without quoted text ("What fills the blank in “… is created …”?" keeps "What
/// fills the blank in ?"), lower case, words separated by single spaces and padded with one.
pub(super) fn unquoted(stem: &str) -> String {
    let mut out = String::with_capacity(stem.len());
    let mut inside: Option<char> = None;
    for c in stem.chars() {
        match (inside, c) {
            (None, '“') => inside = Some('”'),
            (None, '"') => inside = Some('"'),
            (None, '«') => inside = Some('»'),
            (Some(close), c) if c == close => inside = None,
            (Some(_), _) => {}
            (None, c) => out.push(c),
        }
    }
    // A quote left open keeps its text: it was no quote.
    if inside.is_some() {
        stem.clone_into(&mut out);
    }
    let words: Vec<String> = out
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    format!(" {} ", words.join(" "))
}

/// Verbs that, opening a question, ask to create ("Design a schema …", "Write a poem …").
const CREATE: &[&str] = &[
    "design",
    "create",
    "write",
    "compose",
    "propose",
    "draft",
    "devise",
    "formulate",
    "invent",
    "construct",
    "produce",
    "build",
    "develop",
    "plan",
];

/// The level the question's form gives, if any: a phrase of [`FORMS`], or a creating verb that
/// opens it.
pub(super) fn by_form(stem: &str) -> Option<BloomLevel> {
    let text = unquoted(stem);
    if stem.contains("____") {
        return Some(BloomLevel::Remembering);
    }
    let first = text.split_whitespace().next().unwrap_or("");
    if CREATE.contains(&first) {
        return Some(BloomLevel::Creating);
    }
    FORMS.iter().find_map(|(level, phrases)| {
        phrases
            .iter()
            .any(|p| text.contains(&format!(" {p} ")))
            .then_some(*level)
    })
}

/// Words that open a question asking for a fact ("Which layer …", "In which release …").
const RECALL_OPENERS: &[&str] = &["what", "which", "who", "whom", "whose", "when", "where"];

/// Whether a question that neither its form nor its verbs place asks to recall a fact: it asks
/// "what/which/who/when/where …" (also "in which …"), it asks for a fact where the fact stands
/// ("SQLite stores each table in what?", "… kept for how many days?"), or it is a statement to
/// complete ("Fish tank granuloma is seen in -", "True about polio:").
pub(super) fn asks_to_recall(stem: &str) -> bool {
    let text = unquoted(stem).to_lowercase();
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    let in_place = stem.trim_end().ends_with('?')
        && (words
            .iter()
            .skip(1)
            .any(|w| matches!(*w, "what" | "which" | "whom"))
            || words
                .windows(2)
                .skip(1)
                .any(|w| w[0] == "how" && matches!(w[1], "many" | "much" | "long" | "often")));
    if in_place {
        return true;
    }
    let opens = |w: &[&str]| match w {
        [first, ..] if RECALL_OPENERS.contains(first) => true,
        [
            "how",
            "is" | "are" | "was" | "were" | "many" | "much" | "long" | "often",
            ..,
        ] => true,
        [_, second, ..] if matches!(*second, "which" | "what" | "whom") => true,
        _ => false,
    };
    !words.is_empty() && (opens(&words) || !stem.contains('?'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use BloomLevel::{Analyzing, Applying, Creating, Evaluating, Remembering, Understanding};

    #[test]
    fn a_fact_asked_for_where_it_stands_is_recall() {
        assert!(asks_to_recall(
            "SQLite keeps the journal in what until it commits?"
        ));
        assert!(asks_to_recall(
            "Security fixes are provided for how many years?"
        ));
        assert!(!asks_to_recall(
            "Does SQLite keep a journal until it commits?"
        ));
    }

    #[test]
    fn the_form_decides() {
        for (stem, level) in [
            (
                "What fills the blank in “the agent is created in _____”?",
                Remembering,
            ),
            ("What does TLS stand for?", Remembering),
            ("Why does the cache expire after a day?", Understanding),
            ("What happens when the disk is full?", Understanding),
            ("Which command would you use to list the queues?", Applying),
            (
                "What is the difference between a hard and a soft link?",
                Analyzing,
            ),
            (
                "Which of the following, if true, most weakens the argument?",
                Analyzing,
            ),
            (
                "Which is the most appropriate response to the incident?",
                Evaluating,
            ),
            ("Design a schema that keeps every version.", Creating),
        ] {
            assert_eq!(by_form(stem), Some(level), "{stem}");
        }
        assert_eq!(by_form("Sky blue?"), None);
        // A plain "which …" is recall, but not by its form alone (verbs may still ask more).
        assert_eq!(by_form("Which SQL statement removes a table?"), None);
        assert!(asks_to_recall("Which SQL statement removes a table?"));
        assert!(asks_to_recall("Fish tank granuloma is seen in -"));
        assert!(!asks_to_recall("Sky blue?"));
    }

    #[test]
    fn quoted_words_are_not_the_form() {
        assert_eq!(
            unquoted("What fills the blank in “why we compare the logs”?"),
            " what fills the blank in "
        );
        assert_eq!(
            by_form("What fills the blank in “why we compare the logs”?"),
            Some(Remembering)
        );
        // A quote left open is kept.
        assert_eq!(unquoted("Why “open"), " why open ");
    }
}
