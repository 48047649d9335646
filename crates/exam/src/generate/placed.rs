//! Where a stem's question word stands (METHODS.md §5.6): a question word in an opening phrase
//! or clause, or inside the sentence's subject, leaves the sentence a statement that asks
//! nothing ("Upon what, the default font is taken …?", "the arguments to what could be …?").

use super::stem_words::{OTHER_PREPOSITIONS, PREPOSITIONS, third_person};
use crate::lexicon::{self, Parts};

/// "Upon what, the default font is taken from …?": the question word in an opening phrase set
/// off by its comma (however long the phrase), the clause after it not turned into a question
/// (that is "Upon what is the default font taken …?"). Turned after a short aside ("In which
/// year, if any, did SQLite add WAL?"), or asking again after the comma ("In the release in which
/// WAL came, what is …?"), it asks.
pub(super) fn fronted_and_left(words: &[&str]) -> bool {
    let Some(first) = words.first() else {
        return false;
    };
    let first = first.to_lowercase();
    if !(PREPOSITIONS.contains(&first.as_str()) || OTHER_PREPOSITIONS.contains(&first.as_str())) {
        return false;
    }
    let Some(comma) = words.iter().position(|w| w.ends_with(',')) else {
        return false;
    };
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let asks = |w: &&str| matches!(bare(w).as_str(), "what" | "which" | "whom");
    // The clause after the comma, past an aside of a few words set off by its own comma.
    let rest = &words[comma + 1..];
    let aside = rest.iter().take(3).position(|w| w.ends_with(','));
    let clause = aside.map_or(rest, |a| &rest[a + 1..]);
    let turned = clause
        .first()
        .is_some_and(|w| lexicon::AUXILIARIES.contains(&bare(w).as_str()));
    words[1..=comma].iter().any(asks) && !turned && !rest.iter().any(asks)
}

/// Words that open a clause before the sentence's own ("Because …, the table is …").
const OPENING: &[&str] = &[
    "because", "if", "when", "since", "although", "though", "while", "unless", "once",
];

/// "The fix in the 3.25.0 release for what in the byte-code … did not work …?", "the arguments
/// to what could be literal strings …?", "Because X is smaller than what, the FTS table will be
/// updated first?": the question word left inside the sentence's subject (no auxiliary before
/// it, one after), or inside an opening clause before its comma — the sentence goes on as a
/// statement and asks nothing. A phrase fronted whole ("According to what is … done?") and a
/// question word after the opening clause ("If …, what is …?") stay.
pub(super) fn asked_inside_its_subject(words: &[&str]) -> bool {
    let lower: Vec<String> = words
        .iter()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    // (The last question word: "The function to which the pointer is passed returns what?"
    // asks at its end.)
    let Some(at) = lower
        .iter()
        .rposition(|w| matches!(w.as_str(), "what" | "which" | "whom"))
    else {
        return false;
    };
    let comma_before = words[..at].iter().any(|w| w.ends_with(','));
    // An opening clause that holds the question word before its comma — the comma that ends
    // it may follow an aside of its own ("If you want … on the page, for instance what, you'll
    // need …").
    if OPENING.contains(&lower[0].as_str()) && words[at..].iter().any(|w| w.ends_with(',')) {
        return true;
    }
    // "Whoever has what can log in?": inside a subject that is a clause of its own, before the
    // sentence's verb.
    if matches!(lower[0].as_str(), "whoever" | "whatever" | "whichever")
        && at > 0
        && lower[at + 1..]
            .iter()
            .any(|w| lexicon::AUXILIARIES.contains(&w.as_str()))
    {
        return true;
    }
    // A phrase fronted whole, up to the question word, is turned by the auxiliary after it.
    let preposition =
        |w: &str| PREPOSITIONS.contains(&w) || OTHER_PREPOSITIONS.contains(&w) || w == "than";
    let fronted = !comma_before && (preposition(&lower[0]) || at == 2 && preposition(&lower[1]));
    let after_preposition = at >= 2 && preposition(&lower[at - 1]);
    let auxiliary_after = || {
        lower[at + 1..]
            .iter()
            .any(|w| lexicon::AUXILIARIES.contains(&w.as_str()))
    };
    // "… since only a fraction of what is compiled and run?", "… before the reply to what has
    // been sent?": inside the subject of a clause that opens later in the sentence.
    if let Some(c) = inner_clause(&lower, at)
        && after_preposition
        && at > c + 2
        && !lower[c + 1..at].iter().any(|w| lexicon::is_auxiliary(w))
        && auxiliary_after()
    {
        return true;
    }
    // "The bins option to what first assigns …?": a verb of its own right after the question
    // word (past its adverbs) makes it that verb's subject — the thing the subject's phrase was
    // about, not a question.
    let verb_after = || {
        lower[at + 1..]
            .iter()
            .find(|w| !(ADVERBS.contains(&w.as_str()) || w.len() > 4 && w.ends_with("ly")))
            .is_some_and(|w| third_person(w, Parts::mostly_verb))
    };
    after_preposition
        && !fronted
        && !lower[..at].iter().any(|w| lexicon::is_auxiliary(w))
        && (auxiliary_after() || verb_after())
}

/// Adverbs that stand between a subject and its verb ("… first assigns", "… also keeps").
const ADVERBS: &[&str] = &[
    "first", "then", "also", "only", "always", "never", "often", "still", "now", "just", "again",
];

/// Where a clause opens inside the sentence before its question word at `at` ("… since only a
/// fraction of what …"): the word that opens it.
fn inner_clause(lower: &[String], at: usize) -> Option<usize> {
    (1..at).rev().find(|&i| {
        OPENING.contains(&lower[i].as_str())
            || matches!(lower[i].as_str(), "before" | "after" | "until" | "whereas")
    })
}

/// "The usual cause of what is a full outbox folder?" turned to "A full outbox folder is the
/// usual cause of what?": where the question word stands inside the subject of "is" or "was"
/// and what follows is a plain noun phrase (opening with "a", "an" or "the", no
/// verb, no comma), the two sides change places and the question asks at its end; the subject's
/// first word is put in lower case by `lower_first` where it is capitalised only for opening the
/// sentence. `None` where the stem is not of that form.
pub(super) fn turned_copula(stem: &str, lower_first: impl Fn(&str) -> String) -> Option<String> {
    let words: Vec<&str> = stem.split_whitespace().collect();
    if !asked_inside_its_subject(&words) {
        return None;
    }
    let lower: Vec<String> = words
        .iter()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let at = lower
        .iter()
        .rposition(|w| matches!(w.as_str(), "what" | "which" | "whom"))?;
    // (Only the sentence's own subject: not one inside a later clause.)
    if OPENING.contains(&lower[0].as_str())
        || words[..at].iter().any(|w| w.ends_with(','))
        || lower[..at].iter().any(|w| lexicon::is_auxiliary(w))
        || inner_clause(&lower, at).is_some()
    {
        return None;
    }
    let be = (at + 1..words.len()).find(|&j| lexicon::is_auxiliary(&lower[j]))?;
    // Only "is" and "was": "A positive number of kilobits are valid values for what?" — the
    // plural verb agreed with the subject that no longer stands before it.
    if !matches!(lower[be].as_str(), "is" | "was") {
        return None;
    }
    let complement = &words[be + 1..];
    let plain = complement.len() >= 2
        && matches!(lower[be + 1].as_str(), "a" | "an" | "the")
        && !lower[be + 1..].iter().any(|w| lexicon::is_auxiliary(w))
        && !complement
            .iter()
            .any(|w| w.contains(',') || w.contains(';'));
    if !plain {
        return None;
    }
    let complement = complement.join(" ");
    let complement = complement.trim_end_matches('?');
    let mut chars = complement.chars();
    let opening = chars.next()?.to_uppercase().collect::<String>() + chars.as_str();
    let subject = lower_first(&words[..be].join(" "));
    Some(format!("{opening} {} {subject}?", words[be]))
}

#[cfg(test)]
mod tests {
    use super::super::whole::one_question;
    use super::{fronted_and_left, turned_copula};

    #[test]
    fn a_clause_turned_after_a_short_aside_or_asking_again_is_no_fronted_phrase() {
        let split = |s: &'static str| s.split(' ').collect::<Vec<&str>>();
        assert!(!fronted_and_left(&split(
            "In which year, if any, did SQLite add WAL?"
        )));
        assert!(!fronted_and_left(&split(
            "In the release in which WAL was introduced, what is the default page size?"
        )));
        assert!(fronted_and_left(&split(
            "Upon what, the default font is taken?"
        )));
    }

    #[test]
    fn a_question_word_inside_the_subject_of_is_is_turned_to_the_end() {
        let lower = |s: &str| {
            let mut chars = s.chars();
            chars
                .next()
                .map_or(String::new(), |c| c.to_lowercase().chain(chars).collect())
        };
        let turned = |stem: &str| turned_copula(stem, lower);
        assert_eq!(
            turned("The usual cause of what is a full outbox folder?").as_deref(),
            Some("A full outbox folder is the usual cause of what?")
        );
        // Not where the other side is no plain noun phrase, nor where the stem asks already,
        // nor with a plural verb (it agreed with the subject that moves).
        for stem in [
            "The column on the left-hand side of what is considered to be on the left?",
            "The arguments to what could be literal strings?",
            "The usual cause is what?",
            "Valid values for what are a positive number of kilobits per second?",
        ] {
            assert_eq!(turned(stem), None, "{stem}");
        }
    }

    #[test]
    fn a_question_word_inside_the_subject_asks_nothing() {
        for stem in [
            "Whoever has what can login via the web interface?",
            "A locally compiled kernel can also limit the risk of security problems since only a fraction of what is compiled and run?",
            "The directive causes the message to be rejected if the sending party sends a command before the reply to what has been sent?",
            "The fix in the 3.25.0 release for what in the byte-code associated with the ORDER BY LIMIT optimization did not work for some queries involving window functions?",
            "Because \"data0_ccc_fts\" is smaller than what, the FTS table will be updated first, as required?",
            "Prior to SQLite version 3.11.0 (2016-02-15), the arguments to what could be literal strings or BLOBs?",
            "If you want something to appear only once on the page, for instance what, you'll need to put a set time/unset time pair around one of the plot commands?",
            "The bins option to what first assigns each data point to a bin?",
            "Control passes to what usually handles the signal?",
            "The column from the dataset on the left-hand side of what is considered to be on the left-hand side of the comparison operator (=) for the purposes of collation sequence and affinity precedence?",
        ] {
            assert!(!one_question(stem), "{stem}");
        }
        for stem in [
            "According to what is the default font taken?",
            "If the journal is deleted, what happens at the end of each transaction?",
            "The default page size is set by what?",
            "Prior to SQLite version 3.11.0, the arguments to fts3_tokenizer() could be what?",
            "Which option could be literal strings or BLOBs?",
            "The bins option assigns each data point to what?",
            "The bins option applies to what kind of plot?",
            "Which option first assigns each data point to a bin?",
            "The message is rejected if the sending party sends a command before the reply to the previous command?",
            "A locally compiled kernel limits the risk since only a fraction of the kernel code is compiled from what?",
        ] {
            assert!(one_question(stem), "{stem}");
        }
    }

    #[test]
    fn a_question_word_in_an_opening_phrase_needs_its_clause_turned() {
        assert!(!one_question(
            "Upon what, the default font is taken from the X11 resources as set in the system or user .Xdefaults file or on the command line?"
        ));
        assert!(!one_question(
            "In which mode, the journal is deleted at the end of each transaction?"
        ));
        assert!(!one_question(
            "For stable updates to a new upstream version that is based on what, the debian_revision component will end in ~debNuX?"
        ));
        // Turned, or with the comma further on, it stays a question.
        assert!(one_question(
            "Upon what is the default font taken from the X11 resources?"
        ));
        assert!(one_question(
            "In the default mode, what is deleted at the end of each transaction?"
        ));
    }
}
