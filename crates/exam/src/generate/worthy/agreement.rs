//! A subject and its verb that disagree — the source's slip, which a question would copy
//! ("The C library routine always use …", "modules that allows …").

use super::imperative;
use crate::generate::stem_words::{PREPOSITIONS, is_determiner, third_person};
use crate::lexicon;

/// "The C library routine always use a hyphen …": a singular subject opening the sentence whose
/// verb, right after its noun (an adverb between at most), is a plain present — the source's
/// slip, which a question would copy. Not after "and", "or", a relative word, "to" or a comma
/// (a second subject, a clause, an infinitive), nor after a plural noun without "-s" ("data").
pub(super) fn singular_with_plain_verb(sentence: &str) -> bool {
    const PLURALS: &[&str] = &[
        "data",
        "media",
        "criteria",
        "people",
        "police",
        "children",
        "men",
        "women",
        "staff",
        "phenomena",
        "indices",
        "matrices",
        "sheep",
        "software",
    ];
    let words: Vec<&str> = sentence.split_whitespace().collect();
    if !words
        .first()
        .is_some_and(|w| matches!(*w, "The" | "A" | "An" | "Each" | "Every" | "This"))
    {
        return false;
    }
    // A verb's plain form, as an instruction opens with one, in lower case.
    let plain_verb = |w: &str| {
        w.len() >= 3
            && w.chars().all(|c| c.is_ascii_lowercase())
            && !lexicon::is_auxiliary(w)
            && imperative(w)
    };
    let singular_noun = |w: &str| {
        let lower = w.to_lowercase();
        !w.ends_with([',', ';', ':', ')'])
            && !lower.ends_with('s')
            && !PLURALS.contains(&lower.as_str())
            && match lexicon::parts(&lower) {
                Some(p) => p.noun() && !p.mostly_verb(),
                // A name or a code, not a pronoun ("the options you give …").
                None => w
                    .chars()
                    .any(|c| c.is_ascii_uppercase() || c.is_ascii_digit()),
            }
    };
    let adverb = |w: &str| {
        matches!(
            w,
            "always" | "now" | "also" | "often" | "never" | "usually" | "only"
        )
    };
    for (i, w) in words.iter().enumerate().skip(2).take(8) {
        let earlier = &words[1..i];
        if earlier.iter().any(|e| {
            e.ends_with(',')
                || matches!(
                    e.to_lowercase().as_str(),
                    "and" | "or" | "that" | "which" | "who" | "to" | "whose" | "where" | "when"
                )
        }) {
            return false;
        }
        if plain_verb(w) {
            let noun_at = if adverb(words[i - 1]) { i - 2 } else { i - 1 };
            return noun_at >= 1 && singular_noun(words[noun_at]);
        }
        let lower = w.to_lowercase();
        if lexicon::is_auxiliary(&lower) || third_person(&lower, lexicon::Parts::mostly_verb) {
            return false;
        }
    }
    false
}

/// "The reject_unauth_pipelining directives causes …", "… virtual tables and modules that
/// allows …": a plural noun (a regular plural, WordNet) right before a verb's third person or
/// "is", "has", "was", "does" — as the subject opening the sentence, before any preposition,
/// comma or clause ("The list of files contains …" agrees), or before "that", "which" or
/// "who" (no comma between). A verb's third person that is a plural noun too ("causes", "indexes") is a verb
/// only before its object's determiner ("The settings files contain …" is a compound).
pub(super) fn plural_with_third_person(sentence: &str) -> bool {
    let words: Vec<&str> = sentence
        .split_whitespace()
        .map(|w| w.trim_end_matches([',', ';', ':', '.']))
        .collect();
    let plural = |w: &str| {
        w.chars().all(|c| c.is_ascii_lowercase())
            && lexicon::parts(w).is_some_and(|p| p.plural && p.noun())
    };
    let singular_verb = |i: usize| {
        let lower = words[i].to_lowercase();
        if matches!(lower.as_str(), "is" | "has" | "was" | "does") {
            return true;
        }
        if !third_person(&lower, |_| true) {
            return false;
        }
        let noun_too = lexicon::parts(&lower).is_some_and(|p| p.plural);
        !noun_too || words.get(i + 1).is_some_and(|next| is_determiner(next))
    };
    let raw: Vec<&str> = sentence.split_whitespace().collect();
    // (Not after a comma: "the list of files, which is …" may be the list's clause.)
    let relative = (2..words.len()).any(|i| {
        matches!(words[i - 1], "that" | "which" | "who")
            && raw[i - 2] == words[i - 2]
            && plural(words[i - 2])
            && singular_verb(i)
    });
    if relative {
        return true;
    }
    if !words.first().is_some_and(|w| {
        matches!(
            *w,
            "The" | "These" | "Those" | "All" | "Both" | "Many" | "Several" | "Some" | "Most"
        )
    }) {
        return false;
    }
    for i in 1..words.len().min(9) {
        let lower = words[i].to_lowercase();
        if i > 1 && raw[i - 1].ends_with(',')
            || PREPOSITIONS.contains(&lower.as_str())
            || matches!(
                lower.as_str(),
                "of" | "and" | "or" | "that" | "which" | "who" | "whose" | "where" | "when" | "to"
            )
        {
            return false;
        }
        if singular_verb(i) {
            return plural(words[i - 1]);
        }
        if lexicon::is_auxiliary(&lower) {
            return false;
        }
    }
    false
}
