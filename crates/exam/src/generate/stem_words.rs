//! The words the stem writer ([`super::stem`]) and the whole-question check ([`super::whole`])
//! both read: how a fill-the-blank question opens, the prepositions a stem carries, the
//! quantifiers and determiners a question word replaces or follows.

/// How a fill-the-blank question opens.
pub const FILL_BLANK: &str = "What fills the blank in";

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
