//! Turning a question around when the span ends its sentence: "The list is kept in" + "which
//! file" → "In which file is the list kept?"; "SQLite stores" + "what" → "What does SQLite
//! store?".

use super::case::{lower_first_in, tidy, upper_first};
use crate::generate::spans::{DETERMINERS, reads_as_verb};
use crate::generate::stem_words::{
    PREPOSITIONS, is_determiner, opens_object, plural_then_plain_verb,
};
use crate::lexicon;

/// Words that open a clause inside a subject: such a subject is no plain one.
pub(super) const RELATIVES: &[&str] = &[
    "that", "which", "who", "whom", "whose", "when", "where", "if", "whether", "because", "while",
];

/// "stores" → "store", "copies" → "copy", "pushes" → "push": the bare verb after "does".
fn bare_verb(verb: &str) -> Option<String> {
    let lower = verb.to_lowercase();
    if lower == "has" {
        return Some("have".into());
    }
    if lower.len() < 4 || lower.ends_with("ss") || lower.ends_with("us") || lower.ends_with("is") {
        return None;
    }
    if let Some(stem) = lower.strip_suffix("ies") {
        return Some(format!("{stem}y"));
    }
    for ending in ["sses", "shes", "ches", "xes", "zes"] {
        if lower.ends_with(ending) {
            return Some(lower[..lower.len() - 2].to_owned());
        }
    }
    lower.strip_suffix('s').map(str::to_owned)
}

/// "The list is kept in" + "which file" → "In which file is the list kept?"; "SQLite stores" +
/// "what" → "What does SQLite store?". `None` when the words before the span are no plain
/// subject and verb.
pub(super) fn fronted(before: &[&str], asking: &str, context: &str) -> Option<String> {
    if before
        .iter()
        .any(|w| w.ends_with([',', ';', ':', '(', ')']))
        || before.len() > 16
    {
        return None;
    }
    // The verb: the first auxiliary, or else a present-tense verb followed by what opens its
    // object ("stores each …"; "files contain" is a plural noun and a verb) — a plural noun
    // after its modifier is none ("… of available packages in") — or a plain verb after a
    // plural subject ("The first commands record the …").
    let plain_after_plural =
        |i: usize| i >= 1 && plural_then_plain_verb(before[i - 1], before[i], before.get(i + 1));
    let modified_plural = |i: usize| {
        let previous = before[i - 1].to_lowercase();
        lexicon::parts(before[i]).is_some_and(|p| p.plural && p.noun())
            && (is_determiner(&previous)
                || DETERMINERS.contains(&previous.as_str())
                || lexicon::parts(&previous)
                    .is_some_and(|p| p.adjective() && !p.noun() && !p.verb()))
    };
    let verb_at = before
        .iter()
        .skip(1)
        .position(|w| lexicon::AUXILIARIES.contains(w))
        .or_else(|| {
            before.iter().enumerate().skip(1).position(|(i, w)| {
                reads_as_verb(w)
                    && !modified_plural(i)
                    && before.get(i + 1).is_none_or(|next| opens_object(next))
                    || plain_after_plural(i)
            })
        })?
        + 1;
    let verb = before[verb_at];
    let subject_words = &before[..verb_at];
    // "Neither routine includes the overhead associated with X" is not turned around: a
    // subject that denies ("neither", "no", "none of", "nothing") does not take "does" ("With
    // what does neither routine include …?"; "should no other program …" reads).
    if !lexicon::AUXILIARIES.contains(&verb)
        && subject_words.first().is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "neither" | "no" | "none" | "nothing" | "nobody" | "never"
            )
        })
    {
        return None;
    }
    let mut rest: Vec<&str> = before[verb_at + 1..].to_vec();
    // "The DELETE command removes records from the table identified by …" has its verb before
    // the one taken; "Atomically release …" has no subject.
    let verb_inside = subject_words.iter().skip(1).any(|w| {
        w.ends_with('s') && lexicon::parts(w).is_some_and(|p| p.verb() && p.mostly_verb())
    }) || subject_words.windows(2).skip(1).any(|pair| {
        // "The code generator in SQLite processes …": a verb after a name inside the subject.
        pair[0].starts_with(|c: char| c.is_uppercase())
            && pair[1].ends_with('s')
            && lexicon::parts(pair[1]).is_some_and(|p| p.verb())
    }) || subject_words.len() > 2 && !lexicon::AUXILIARIES.contains(&verb) && {
        // "Tidewater reports stuck uploads with …": with no auxiliary to be the verb, a word
        // after a name that can be a verb may be it, and the subject then the name alone.
        let (first, second) = (subject_words[0], subject_words[1]);
        first.starts_with(|c: char| c.is_uppercase())
            && !DETERMINERS.contains(&first.to_lowercase().as_str())
            && second.ends_with('s')
            && lexicon::parts(second).is_some_and(|p| p.verb())
    };
    let no_subject = subject_words.first().is_some_and(|w| {
        lexicon::parts(w).is_some_and(|p| !p.noun() && !p.adjective())
            || (w.ends_with("ly") && lexicon::parts(w).is_none())
    });
    // "… compound SELECT statements using": a word the lexicon knows only as a noun is no verb.
    let no_verb =
        !lexicon::AUXILIARIES.contains(&verb) && lexicon::parts(verb).is_some_and(|p| !p.verb());
    if verb_inside
        || no_verb
        || no_subject
        || subject_words.len() > 8
        || subject_words
            .iter()
            .chain(&rest)
            .any(|w| RELATIVES.contains(w))
        || rest.iter().any(|w| lexicon::AUXILIARIES.contains(w))
        // "… is unlikely since Go hates": a second clause in what is left.
        || rest.iter().any(|w| {
            matches!(*w, "since" | "although" | "though" | "unless" | "as" | "until")
        })
        // "A daemon is a process started automatically by": "is" with a noun after it is the
        // verb, not an auxiliary ("By what is a daemon a process started?").
        || lexicon::is_auxiliary(verb)
            && matches!(verb, "is" | "are" | "was" | "were")
            && rest.first().is_some_and(|w| is_determiner(w))
        // "is internationalized and made available in": a second verb phrase.
        || rest.iter().any(|w| matches!(*w, "and" | "or" | "but"))
        // "are backports … only created from packages available in": the preposition
        // belongs to a later word, not to the verb.
        || rest.len() > 5
        // "… can be started running turnserver from": the preposition belongs to the
        // gerund's object ("From what can the server be started running turnserver?").
        || rest.windows(2).any(|pair| {
            pair[0].len() > 4
                && pair[0].ends_with("ing")
                && pair[0] != "being"
                && lexicon::parts(pair[0]).is_some_and(|p| p.verb())
        })
        // "… apply only to plots made with", "… provided through email within one": a
        // preposition inside what is left (not "to" before a verb: "used to store"); the last
        // word belongs to a later phrase, or the key was part of one.
        || rest.iter().enumerate().take(rest.len().saturating_sub(1)).any(|(i, w)| {
            (PREPOSITIONS.contains(w) || *w == "of")
                && !(*w == "to"
                    && rest.get(i + 1).is_some_and(|next| {
                        lexicon::parts(next).is_some_and(|p| p.verb() && p.mostly_verb())
                    }))
        })
        // "… within one", "… through named": a number or a modifier just before the key.
        || rest.last().is_some_and(|w| {
            !PREPOSITIONS.contains(w)
                && (w.chars().all(|c| c.is_ascii_digit())
                    || matches!(*w, "one" | "two" | "three" | "four" | "five" | "ten")
                    || w.ends_with("ed") && rest.len() >= 2)
        })
        // "is no longer under" + "what": a state after "is", not a thing the subject is
        // placed in ("Under what is the file no longer?").
        || asking == "what"
            && matches!(verb, "is" | "are" | "was" | "were")
            && rest.last().is_some_and(|w| PREPOSITIONS.contains(w))
            && !rest
                .iter()
                .any(|w| w.ends_with("ed") || lexicon::parts(w).is_some_and(|p| p.verb()))
        // "In practice many packages will …": no plain subject.
        || subject_words
            .first()
            .is_some_and(|w| PREPOSITIONS.contains(&w.to_lowercase().as_str()))
    {
        return None;
    }
    let subject = lower_first_in(&subject_words.join(" "), context);
    let preposition = rest
        .last()
        .filter(|w| PREPOSITIONS.contains(w))
        .map(|w| (*w).to_owned());
    if preposition.is_some() {
        rest.pop();
    }
    // "each column has the collation …": "has" with an object and no participle is the verb
    // itself, asked "does … have".
    let participle = |w: &str| {
        w.ends_with("ed")
            || w.ends_with("en")
            || lexicon::parts(w).is_some_and(|p| p.verb() && !p.noun())
    };
    let possessive =
        matches!(verb, "has" | "have" | "had") && !rest.first().is_some_and(|w| participle(w));
    let (auxiliary, rest) = if possessive {
        let does = match verb {
            "has" => "does",
            "have" => "do",
            _ => "did",
        };
        (does.to_owned(), tidy(&format!("have {}", rest.join(" "))))
    } else if lexicon::AUXILIARIES.contains(&verb) {
        (verb.to_owned(), rest.join(" "))
    } else {
        // (A plural subject's plain verb is its own bare form: "do the first commands record".)
        let bare = match bare_verb(verb) {
            Some(bare) => bare,
            None if plain_after_plural(verb_at) => verb.to_lowercase(),
            None => return None,
        };
        let does = if verb == "has" || verb.ends_with('s') {
            "does"
        } else {
            "do"
        };
        (does.to_owned(), tidy(&format!("{bare} {}", rest.join(" "))))
    };
    // "in which year" keeps its preposition; the rest take the sentence's.
    let asking = asking.strip_prefix("in ").unwrap_or(asking);
    let opening = match preposition {
        Some(p) => format!("{} {asking}", upper_first(&p)),
        None => upper_first(asking),
    };
    Some(tidy(&format!("{opening} {auxiliary} {subject} {rest}?")).replace(" ?", "?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_verbs() {
        assert_eq!(bare_verb("stores").as_deref(), Some("store"));
        assert_eq!(bare_verb("copies").as_deref(), Some("copy"));
        assert_eq!(bare_verb("pushes").as_deref(), Some("push"));
        assert_eq!(bare_verb("has").as_deref(), Some("have"));
        assert_eq!(bare_verb("process"), None);
    }

    #[test]
    fn a_plural_subject_takes_do_and_a_modified_plural_is_no_verb() {
        let words = |s: &'static str| s.split(' ').collect::<Vec<_>>();
        assert_eq!(
            fronted(&words("The tools record the changes in"), "which file", "").as_deref(),
            Some("In which file do the tools record the changes?")
        );
        // "packages" after "available" is a noun, not the verb ("… of available package?").
        let turned = fronted(
            &words("The first commands record the list of available packages in"),
            "what",
            "",
        );
        assert!(
            turned.as_deref().is_none_or(|t| t.contains("packages")),
            "{turned:?}"
        );
        assert_eq!(
            fronted(&words("SQLite stores the schema in"), "which table", "").as_deref(),
            Some("In which table does SQLite store the schema?")
        );
    }
}
