//! The words the stem writer ([`super::stem`]) and the whole-question check ([`super::whole`])
//! both read: how a fill-the-blank question opens, the prepositions a stem carries, the
//! quantifiers and determiners a question word replaces or follows.

use super::spans::reads_as_verb;
use crate::lexicon::{self, Parts};

/// How a fill-the-blank question opens.
pub const FILL_BLANK: &str = "What fills the blank in";

/// Whether a stem asks to fill a blank in a copied sentence.
pub fn fills_a_blank(stem: &str) -> bool {
    stem.starts_with(FILL_BLANK)
}

/// What stands in the sentence where the answer was.
pub const BLANK: &str = "_____";

/// Prepositions a stem keeps with the phrase it asks for ("In which file …").
pub(super) const PREPOSITIONS: &[&str] = &[
    "in", "on", "at", "for", "to", "from", "by", "with", "into", "under", "over", "after",
    "before", "during", "within", "through", "via", "using",
];

/// Quantifiers before a span that the asking words replace ("any what" reads "what").
pub(super) const QUANTIFIERS: &[&str] = &[
    "any", "each", "every", "some", "no", "another", "this", "that",
];

/// An article or a possessive determiner ("the", "an", "their").
pub(super) fn is_determiner(word: &str) -> bool {
    matches!(
        word.to_lowercase().as_str(),
        "a" | "an" | "the" | "its" | "their" | "your" | "our"
    )
}

/// A word that can open a verb's object: a determiner, a preposition, "not", or a name.
pub(super) fn opens_object(word: &str) -> bool {
    is_determiner(word)
        || PREPOSITIONS.contains(&word)
        || matches!(
            word,
            "not"
                | "each"
                | "every"
                | "all"
                | "any"
                | "no"
                | "some"
                | "one"
                | "only"
                | "how"
                | "what"
                | "why"
                | "whether"
                | "where"
                | "when"
        )
        || word.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
}

/// Whether a word of a fill-the-blank stem is the blank, quotes and marks around it left out
/// ("“_____", "\"_____\"", "_____,").
pub(super) fn is_blank(word: &str) -> bool {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '_') == BLANK
}

/// A preposition a stem keeps, or "of" (`lower` is lower case).
pub(super) fn preposition(lower: &str) -> bool {
    PREPOSITIONS.contains(&lower) || lower == "of"
}

/// Whether "and" or "or" stands among the `within` words after word `at`: a list goes on.
pub(super) fn and_or_within(words: &[&str], at: usize, within: usize) -> bool {
    words
        .iter()
        .skip(at + 1)
        .take(within)
        .any(|w| matches!(*w, "and" | "or"))
}

/// Prepositions beyond those a stem keeps ([`PREPOSITIONS`]) after which a phrase stands whole.
pub(super) const OTHER_PREPOSITIONS: &[&str] = &[
    "of",
    "about",
    "like",
    "than",
    "as",
    "between",
    "against",
    "without",
    "per",
    "upon",
    "onto",
    "across",
    "around",
    "behind",
    "beyond",
    "except",
    "among",
    "along",
    "inside",
    "outside",
    "near",
    "since",
    "until",
    "toward",
    "towards",
    "including",
    "besides",
    "despite",
    "unlike",
];

/// Words that open a clause after a whole phrase ("… keeps what when it commits").
pub(super) const CLAUSE_OPENERS: &[&str] = &[
    "when", "if", "because", "before", "after", "unless", "while", "so", "until", "since", "once",
    "whenever", "but", "also", "only", "not", "too", "instead", "again", "then", "first", "now",
    "already", "still",
];

/// A verb's third person in "-s" ("stores", "keeps"), not a plural noun: a word (in lower case)
/// that reads as a verb and that WordNet knows as one, as surely as `sure` asks of its parts of
/// speech (`Parts::mostly_verb`, "never a noun", or any).
pub(super) fn third_person(lower: &str, sure: impl Fn(&Parts) -> bool) -> bool {
    lower.ends_with('s')
        && reads_as_verb(lower)
        && lexicon::parts(lower).is_some_and(|p| p.verb() && sure(&p))
}

/// "The restriction directives cause the server …": a verb's plain form that is a noun too
/// ("cause", "list", "return"), after a plural noun and before its object's determiner, is the
/// plural subject's verb.
pub(super) fn plural_then_plain_verb(previous: &str, word: &str, next: Option<&&str>) -> bool {
    let plain_noun_too = word.len() >= 3
        && word.chars().all(|c| c.is_ascii_lowercase())
        && !word.ends_with('s')
        && lexicon::parts(word).is_some_and(|p| p.verb() && !p.plural);
    plain_noun_too
        && previous.chars().all(|c| c.is_ascii_lowercase())
        && lexicon::parts(previous).is_some_and(|p| p.plural && p.noun())
        && next.is_some_and(|n| is_determiner(n))
}
