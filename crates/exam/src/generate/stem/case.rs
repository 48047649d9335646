//! Capitals and spaces in a question built from a sentence's words: a first word that was
//! capitalised only for opening the sentence is written in lower case inside the question.

use crate::lexicon;

pub(super) fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` with its first word in lower case where it is capitalised only for starting the
/// sentence: a function word, or a word `context` also writes in lower case ("Security updates"
/// → "security updates"; "Debian" stays).
pub(super) fn lower_first_in(text: &str, context: &str) -> String {
    let word = text.split(' ').next().unwrap_or("");
    let lower = word.to_lowercase();
    let plain = word.chars().skip(1).all(char::is_lowercase) && word.len() > 1;
    let written_lower = context
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == lower);
    // "Running ./easyrsa … will ask": a gerund opening the subject is no name.
    let gerund = lower.ends_with("ing") && lexicon::parts(&lower).is_some_and(|p| p.verb());
    if plain && (written_lower || gerund) {
        format!("{lower}{}", &text[word.len()..])
    } else {
        lower_first(text)
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        // "Debian" stays, "The" becomes "the".
        Some(c)
            if c.is_uppercase()
                && (chars.clone().next().is_some_and(char::is_lowercase)
                    || text.starts_with("A ")) =>
        {
            let word_end = text.find(' ').unwrap_or(text.len());
            let word = &text[..word_end];
            if matches!(
                word,
                "The"
                    | "A"
                    | "An"
                    | "In"
                    | "On"
                    | "At"
                    | "For"
                    | "To"
                    | "By"
                    | "With"
                    | "From"
                    | "Each"
                    | "Every"
                    | "All"
                    | "Some"
                    | "Any"
                    | "Most"
                    | "Many"
                    | "More"
                    | "Other"
                    | "Several"
                    | "Both"
                    | "Few"
                    | "Its"
                    | "Their"
                    | "Your"
                    | "Our"
                    | "Such"
                    | "Only"
                    | "Further"
                    | "Additional"
                    | "Certain"
                    | "No"
            ) {
                c.to_lowercase().chain(chars).collect()
            } else {
                text.to_owned()
            }
        }
        _ => text.to_owned(),
    }
}

pub(super) fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
