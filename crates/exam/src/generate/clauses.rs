//! Whether a question is one clause that asks (METHODS.md §5.6): not two sentences joined by
//! a comma, "and" or a colon, not a command, and a sentence to fill that has a verb.

use super::spans::reads_as_verb;
use super::stem_words::{
    CLAUSE_OPENERS, OTHER_PREPOSITIONS, is_determiner, preposition, third_person,
};
use crate::lexicon::{self, Parts};

/// Whether a sentence to fill has a verb of its own: an auxiliary, or a word that reads as a
/// finite verb ("the _____ at offset 0 indicating the page type" has none).
/// An "-ed" word before a preposition is a participle ("a number assigned to each index").
pub(super) fn has_a_verb(words: &[&str]) -> bool {
    let start = words.iter().position(|w| w.starts_with('“')).unwrap_or(0);
    let words = &words[start..];
    words.iter().enumerate().any(|(i, w)| {
        let bare = w
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        let participle = bare.ends_with("ed")
            && words
                .get(i + 1)
                .is_some_and(|next| preposition(&next.to_lowercase()));
        // A plural noun ends in "s" too: only a word used mostly as a verb counts.
        lexicon::AUXILIARIES.contains(&bare.as_str())
            || reads_as_verb(&bare)
                && !participle
                && lexicon::parts(&bare).is_none_or(|p| p.verb() && (p.mostly_verb() || !p.noun()))
    })
}

/// "What is preserved in the database file and the changes are appended …", "What is 0 and
/// if no other actions are taken, …": a second clause after "and" or "but" — a clause before
/// it with its verb, and after it a subject and a verb of its own.
pub(super) fn two_clauses(words: &[&str]) -> bool {
    let verb = |w: &str| {
        let bare = w.trim_end_matches([',', '”', ':']).to_lowercase();
        lexicon::AUXILIARIES.contains(&bare.as_str()) || third_person(&bare, |_| true)
    };
    // Before the joint a plural subject's verb counts too ("Command interpreters make …").
    let verb_before = |w: &str| {
        verb(w) || lexicon::parts(&w.to_lowercase()).is_some_and(|p| p.verb() && p.mostly_verb())
    };
    words.iter().enumerate().skip(1).any(|(k, w)| {
        // "…, so reusing what …", "…, e.g. a positive offset makes …", "… make the
        // substitution: ~/hello.txt becomes …" (the subject right after the colon).
        let after_comma = words[k - 1].ends_with(',');
        let joins = matches!(*w, "and" | "but" | "or" | "and/or" | "e.g." | "i.e.")
            || matches!(*w, "so" | "yet" | "otherwise") && after_comma;
        // "…, so use LaTeX commands …": a command after "so".
        if *w == "so"
            && after_comma
            && words.get(k + 1).is_some_and(|next| {
                let next = next.to_lowercase();
                !next.ends_with('s')
                    && lexicon::parts(&next).is_some_and(|p| p.verb() && p.mostly_verb())
            })
        {
            return true;
        }
        let colon = words[k - 1].ends_with(':');
        if !joins && !colon {
            return false;
        }
        let subject_at = if colon { k } else { k + 1 };
        let Some(raw) = words.get(subject_at) else {
            return false;
        };
        let next = raw.to_lowercase();
        // … or a code or a path ("… and xFinal() is called").
        let code =
            raw.contains(['(', '_', '/', '~']) || raw.chars().skip(1).any(char::is_uppercase);
        // A subject: an article, a pronoun, a quoted word, or a noun or adjective that is no
        // verb ("… and unwanted glyphs may be chosen").
        let opens_subject = is_determiner(&next)
            || code
            || matches!(
                next.as_str(),
                "if" | "when"
                    | "you"
                    | "we"
                    | "it"
                    | "they"
                    | "there"
                    | "one"
                    | "both"
                    | "all"
                    | "each"
                    | "some"
                    | "many"
                    | "most"
                    | "no"
            )
            || next.starts_with(['"', '“'])
            || raw.starts_with(char::is_uppercase)
            || next.chars().all(|c| c.is_ascii_lowercase())
                && lexicon::parts(&next)
                    .is_some_and(|p| (p.noun() || p.adjective()) && !p.verb() && p.adverb == 0);
        // "which file or directory" is one phrase.
        let phrase = words[k - 1] == "file" && words.get(k + 1) == Some(&"directory");
        !phrase
            && words[1..k].iter().any(|w| verb_before(w))
            && opens_subject
            && words.iter().skip(subject_at + 1).take(8).any(|w| verb(w))
    })
}

/// "Call what immediately after truncating …", "In PRAGMA … mode, call what …": a command,
/// not a question — a verb first in its clause and its object after it.
pub(super) fn imperative(words: &[&str]) -> bool {
    // "Writing updated profile for which file or directory?": a line of a log, no clause.
    let no_verb = words.first().is_some_and(|w| w.ends_with("ing"))
        && !words.iter().any(|w| {
            let bare = w.trim_end_matches(',').to_lowercase();
            lexicon::is_auxiliary(&bare) || third_person(&bare, Parts::mostly_verb)
        });
    // "… is less error prone - using symbolic names …", "… kept brief—certainly": a dash
    // before a second part; "AS SELECT ... the datatype": a cut marked as such.
    let dashed = words.iter().any(|w| {
        *w == "-" || w.contains(['–', '—', '→', '⇒', '…']) || w.contains("...") || w.contains("->")
    });
    // "…, if the first row contains labels, use what?": a bare verb after a comma, right
    // before the question word.
    let told = words.windows(3).any(|w| {
        let verb = w[1].to_lowercase();
        w[0].ends_with(',')
            && matches!(w[2].trim_end_matches([',', '?']), "what" | "which")
            && !verb.ends_with('s')
            && !verb.ends_with("ed")
            && lexicon::parts(&verb).is_some_and(|p| p.verb() && p.mostly_verb())
    });
    // "If you need … inside what, use the command set multiplot …?", "To avoid … of what being
    // tabulated (…, etc), use the keyword …?": after an opening clause, a bare verb and its
    // object after a comma is the sentence's command.
    let opened_by_clause = words.first().is_some_and(|w| {
        matches!(
            w.to_lowercase().as_str(),
            "if" | "when" | "to" | "once" | "after" | "before" | "unless" | "whenever"
        )
    });
    let commanded = opened_by_clause
        && words.windows(3).any(|w| {
            let verb = w[1].to_lowercase();
            w[0].ends_with(',')
                && matches!(
                    w[2].to_lowercase().as_str(),
                    "the" | "a" | "an" | "this" | "these" | "those" | "your" | "its"
                )
                && !verb.ends_with('s')
                && !verb.ends_with("ed")
                && !verb.ends_with("ing")
                && lexicon::parts(&verb).is_some_and(|p| p.verb() && p.verb >= p.noun)
        });
    // "… indicate which section of what discusses …": a question asks once.
    let asks = words
        .iter()
        .filter(|w| {
            matches!(
                w.trim_end_matches([',', '?']).to_lowercase().as_str(),
                "what" | "which"
            )
        })
        .count();
    if told || commanded || asks > 1 {
        return true;
    }
    if no_verb || dashed {
        return true;
    }
    // The clause starts at the first word, or after an opening phrase and its comma.
    let opening_phrase = words.first().is_some_and(|w| {
        let lower = w.to_lowercase();
        preposition(&lower) || matches!(lower.as_str(), "if" | "when" | "once" | "after" | "before")
    });
    let start = if opening_phrase {
        match words.iter().position(|w| w.ends_with(',')) {
            Some(at) => at + 1,
            None => return false,
        }
    } else {
        0
    };
    let (Some(first), Some(second)) = (words.get(start), words.get(start + 1)) else {
        return false;
    };
    if first.eq_ignore_ascii_case("note") && matches!(*second, "that" | "also") {
        return true;
    }
    // "Support for the Team plan is provided through what …": a verb before the question
    // word makes the first word its subject.
    let asked_at = words
        .iter()
        .position(|w| {
            matches!(
                w.trim_end_matches([',', '?']).to_lowercase().as_str(),
                "what" | "which" | "how"
            )
        })
        .unwrap_or(words.len());
    let clause_end = words
        .iter()
        .skip(start + 1)
        .position(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "so" | "that" | "which" | "when" | "if" | "because" | "where" | "while" | "until"
            )
        })
        .map_or(words.len(), |at| start + 1 + at);
    let subject = words
        .iter()
        .take(asked_at.min(clause_end))
        .skip(start + 1)
        .any(|w| {
            let bare = w.trim_end_matches(',').to_lowercase();
            lexicon::is_auxiliary(&bare) || third_person(&bare, |p| !p.noun())
        });
    if subject {
        return false;
    }
    let first = first.to_lowercase();
    let second = second.trim_end_matches(',').to_lowercase();
    let base = !first.ends_with('s') && !first.ends_with("ed") && !first.ends_with("ing");
    let second_is_verb = lexicon::is_auxiliary(&second)
        || reads_as_verb(&second) && lexicon::parts(&second).is_some_and(|p| p.verb());
    words.iter().any(|w| w.eq_ignore_ascii_case("please"))
        || base
            && lexicon::parts(&first).is_some_and(|p| {
                p.verb()
                    && (matches!(second.as_str(), "what" | "which")
                        || p.verb >= p.noun && !second_is_verb)
            })
}

/// "The installation is now complete, the program invites you to …": two sentences joined by
/// a comma, the second asked about.
pub(super) fn spliced(words: &[&str]) -> bool {
    // A fill-the-blank sentence is quoted: its first word follows the opening quote.
    let start = words.iter().position(|w| w.starts_with('“')).unwrap_or(0);
    // An opening adverb and its comma ("Ideally, …", "Indeed, …") leave the clause after it.
    let mut from = start;
    while words.get(from).is_some_and(|w| {
        let bare = w
            .trim_start_matches('“')
            .trim_end_matches(',')
            .to_lowercase();
        w.ends_with(',')
            && (bare.ends_with("ly")
                || matches!(
                    bare.as_str(),
                    "indeed" | "however" | "thus" | "therefore" | "also"
                ))
    }) {
        from += 1;
    }
    // "only data should be restored, …": "only" opens the subject.
    if words
        .get(from)
        .is_some_and(|w| w.trim_start_matches('“').eq_ignore_ascii_case("only"))
    {
        from += 1;
    }
    let Some(first) = words
        .get(from)
        .map(|w| w.trim_start_matches('“').to_lowercase())
    else {
        return false;
    };
    // A main clause first: it opens with a noun phrase or the blank, not "If …", "When …",
    // "In …", "Using …".
    let opens_clause = !preposition(&first)
        && !OTHER_PREPOSITIONS.contains(&first.as_str())
        && !CLAUSE_OPENERS.contains(&first.as_str())
        && !matches!(
            first.as_str(),
            "although" | "though" | "as" | "whereas" | "what" | "which" | "how" | "why" | "who"
        )
        && !first.ends_with("ing")
        && !first.ends_with("ly");
    if !opens_clause {
        return false;
    }
    let finite = |w: &&str| {
        let bare = w.trim_end_matches(',').to_lowercase();
        lexicon::AUXILIARIES.contains(&bare.as_str())
            || reads_as_verb(&bare) && lexicon::parts(&bare).is_some_and(|p| p.verb())
    };
    words.iter().enumerate().skip(from).any(|(comma, w)| {
        // The clause's verb comes after its first word (the subject: "Files, logs etc. are …").
        if !w.ends_with(',') || !words[from + 1..=comma].iter().any(finite) {
            return false;
        }
        // The second opens with a noun phrase too: an article, a pronoun, or a noun and an
        // auxiliary ("…, optional weights are taken from what?").
        let second = words.get(comma + 1).is_some_and(|w| {
            is_determiner(w)
                || matches!(
                    w.to_lowercase().as_str(),
                    "you" | "we" | "he" | "she" | "they" | "it"
                )
        }) || words.get(comma + 1).is_some_and(|w| {
            w.chars().all(|c| c.is_ascii_lowercase())
                && !preposition(w)
                && !SUBORDINATING.contains(w)
        }) && words.iter().skip(comma + 2).take(2).any(|w| {
            matches!(
                *w,
                "is" | "are" | "was" | "were" | "should" | "must" | "can"
            )
        });
        // "…, merely notifying the user ought to be enough": a subject of a few words of its
        // own, then a modal or a form of "be", with no word that would subordinate it.
        let modal = words
            .get(comma + 1)
            .is_some_and(|w| w.chars().all(|c| c.is_ascii_lowercase()) && !preposition(w))
            && words
                .iter()
                .skip(comma + 1)
                .take(5)
                .take_while(|w| !SUBORDINATING.contains(&w.to_lowercase().as_str()))
                .skip(1)
                .any(|w| {
                    matches!(
                        w.trim_end_matches(['?', ',']),
                        "is" | "are" | "should" | "must" | "ought" | "will" | "would" | "may"
                    )
                });
        modal
            || second
                && words
                    .iter()
                    .skip(comma + 2)
                    .take(4)
                    .any(|w| reads_as_verb(w.trim_end_matches(',')))
    })
}

/// Words that make what follows them a clause of another ("…, which is", "…, so it can").
const SUBORDINATING: &[&str] = &[
    "and",
    "or",
    "but",
    "nor",
    "so",
    "yet",
    "which",
    "that",
    "who",
    "whom",
    "whose",
    "where",
    "when",
    "while",
    "if",
    "unless",
    "because",
    "since",
    "as",
    "although",
    "though",
    "whether",
    "until",
    "after",
    "before",
    "once",
    "than",
    "what",
    "how",
    "why",
    "whichever",
    "whatever",
    "whenever",
    "wherever",
    "however",
    "provided",
    "assuming",
    "given",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<&str> {
        text.trim_end_matches('?').split_whitespace().collect()
    }

    #[test]
    fn two_clauses_and_a_comma_splice_are_no_question() {
        for stem in [
            "What is preserved in the database file and the changes are appended into a WAL file?",
            "The full-text search uses what, so the depth of the tree is limited?",
            "Command interpreters make the substitution: ~/hello.txt becomes which file or directory?",
            "The xStep() callback of what is never called and xFinal() is called exactly once?",
        ] {
            assert!(two_clauses(&words(stem)), "{stem}");
        }
        for stem in [
            "Files and directories are kept in what?",
            "What is stored and read by the pager?",
        ] {
            assert!(!two_clauses(&words(stem)), "{stem}");
        }
        assert!(spliced(&words(
            "The installation is now complete, the program invites you to remove what?"
        )));
        assert!(spliced(&words(
            "Values are taken from the first column, optional weights are taken from what?"
        )));
        assert!(spliced(&words(
            "Ideally, only data should be restored, the actual software should be reinstalled \
             from what?"
        )));
        assert!(!spliced(&words(
            "If the key is absent, the log level defaults to what?"
        )));
        assert!(spliced(&words(
            "Packages no longer have to ask permission to call what in postinst, merely \
             notifying the user ought to be enough?"
        )));
        for whole in [
            "The daemon reads what at start-up, especially if the file is large?",
            "The pager keeps what in memory, which is faster than the disk?",
            "The tool writes what to the log, so it can be read later?",
        ] {
            assert!(!spliced(&words(whole)), "{whole}");
        }
    }

    #[test]
    fn a_command_is_no_question() {
        for stem in [
            "Call what immediately after truncating the journal file?",
            "When computing the cost of what, take into account the fact that seeks are needed?",
            "Note also that the overlay can work with what?",
            "If you have questions on any of what, please read the manual page?",
            "If instead you need to place several complete plots next to each other on the same page, e.g. to make a panel of sub-figures or to inset a small plot inside what, use the command set multiplot to suppress generation of a new page for each plot command?",
            "To avoid any style-dependent processing of what being tabulated (smoothing, errorbar expansion, secondary range checking, etc), or to increase the number of columns that can be tabulated, use the keyword \"table\" instead of a normal plot style?",
        ] {
            assert!(imperative(&words(stem)), "{stem}");
        }
        for stem in [
            "Support for the Team plan is provided through what within two days?",
            "Files contain what?",
            "The pager keeps what until the transaction commits?",
            "If the journal is missing, the database opens in what mode?",
            "When a page is full, what splits the node?",
        ] {
            assert!(!imperative(&words(stem)), "{stem}");
        }
    }

    #[test]
    fn a_sentence_to_fill_has_a_verb() {
        let blank = |text: &str| format!("What fills the blank in “{text}”?");
        assert!(!has_a_verb(&words(&blank(
            "the _____ at offset 0 indicating the page type"
        ))));
        assert!(!has_a_verb(&words(&blank(
            "a _____ assigned to each index for tracking"
        ))));
        assert!(has_a_verb(&words(&blank(
            "the pager keeps _____ until commit"
        ))));
    }
}
