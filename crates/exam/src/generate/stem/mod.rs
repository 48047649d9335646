//! Turning a sentence and the span it states into a question (METHODS.md §5, offline generator).
//! The question is built from the sentence's structure, in the first form that fits:
//!
//! - the span is the subject: "What keeps …?", "Which pragma sets …?";
//! - the span ends the sentence after an auxiliary or a present-tense verb: the question is
//!   fronted — "In which file is the list of package sources kept?", "What does SQLite store?";
//! - elsewhere the span is asked for where it stands: "SQLite keeps what for each page?";
//! - only when the key is repeated in its own sentence, the sentence with a blank.
//!
//! A question that leans on a text the examinee does not have ("this", "it", "the above") is no
//! question: [`write`] returns `None`.

mod case;
mod fronted;
mod leaning;
mod refused;

use super::spans::SpanKind;
pub use super::stem_words::{BLANK, FILL_BLANK, fills_a_blank};
use super::stem_words::{PREPOSITIONS, QUANTIFIERS, is_determiner, opens_object};
use super::{placed, slot, whole};
use crate::lexicon;
use case::{lower_first_in, tidy, upper_first};
use fronted::{RELATIVES, fronted};
pub use leaning::{leans_back, leans_on_passage};
use refused::{half_a_phrase, refused};

/// How a question was made from its sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The span was the subject: "What keeps …?".
    Subject,
    /// The span ended the sentence and the question was turned around: "In which file is …?".
    Fronted,
    /// The span was asked for where it stands: "SQLite keeps what for each page?".
    InPlace,
    /// Fill the blank: the key is repeated in its sentence.
    Blank,
}

/// A question stem and how it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stem {
    /// The question.
    pub text: String,
    /// Its form.
    pub form: Form,
    /// The article or possessive a blank took in with its key ("the", "a", "its"): every
    /// choice is written with it ([`with_lead`]), so that the blanked sentence reads whole.
    pub lead: Option<String>,
}

/// `choice` as it fills a blank that took in `lead`: "the orientation", "an index", "its
/// header" ("a" or "an" by the choice's own first sound).
#[must_use]
pub fn with_lead(lead: &str, choice: &str) -> String {
    let lead = match lead {
        "a" | "an" => {
            let first = choice.chars().next().unwrap_or('x');
            let acronym = choice
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .is_some_and(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase()));
            let lower = choice.to_lowercase();
            let vowel = if acronym {
                "AEFHILMNORSX".contains(first)
            } else {
                "aeiou".contains(first.to_ascii_lowercase())
                    && !["uni", "use", "usu", "uti", "one", "eu"]
                        .iter()
                        .any(|p| lower.starts_with(p))
                    || ["hour", "honest", "honou", "heir"]
                        .iter()
                        .any(|p| lower.starts_with(p))
            };
            if vowel { "an" } else { "a" }
        }
        other => other,
    };
    format!("{lead} {choice}")
}

/// Nouns that name what a span is ("the `VACUUM` command", "the option `--force`"): the question
/// asks "which command".
const CATEGORIES: &[&str] = &[
    "algorithm",
    "application",
    "argument",
    "attribute",
    "class",
    "clause",
    "client",
    "column",
    "command",
    "constraint",
    "daemon",
    "database",
    "directory",
    "element",
    "extension",
    "field",
    "file",
    "flag",
    "folder",
    "format",
    "function",
    "header",
    "index",
    "interface",
    "keyword",
    "library",
    "macro",
    "method",
    "mode",
    "module",
    "operator",
    "option",
    "package",
    "parameter",
    "pragma",
    "program",
    "property",
    "protocol",
    "server",
    "service",
    "setting",
    "statement",
    "table",
    "tool",
    "trigger",
    "utility",
    "variable",
    "view",
];

/// A plain noun before a name or a code that it names the kind of ("the key net.max_rate",
/// "the user root"): the question asks "which key". Not a word mostly used as an adjective
/// ("the same foo").
fn names_a_code(word: &str, kind: &SpanKind, key: &str) -> bool {
    // A name only with a digit in it ("the code E502"): "the backup API" is no backup called
    // API.
    (matches!(kind, SpanKind::Code | SpanKind::Path | SpanKind::Option)
        || *kind == SpanKind::Name && key.chars().any(|c| c.is_ascii_digit()))
        && word.len() >= 3
        && word.chars().all(|c| c.is_ascii_lowercase())
        && crate::lexicon::parts(word)
            .is_some_and(|p| p.noun() && !p.mostly_adjective() && !p.mostly_verb())
}

/// Whether `words[at]` is the verb: an auxiliary, or a word that reads as a verb followed by what
/// opens its object.
fn is_verb_at(words: &[&str], at: usize) -> bool {
    words.get(at).is_some_and(|verb| {
        lexicon::AUXILIARIES.contains(verb)
            || (super::spans::reads_as_verb(verb)
                && words.get(at + 1).is_some_and(|w| opens_object(w)))
    })
}

/// How a question asks for a span of `kind` when no noun in the sentence names what it is.
fn asking_for(kind: &SpanKind) -> String {
    match kind {
        SpanKind::Year => "which year".into(),
        other => other.asking(),
    }
}

/// The question asking for `sentence[start..end]`, a span of `kind`, in a passage `context`;
/// `None` when it would lean on its passage.
pub fn write(
    sentence: &str,
    start: usize,
    end: usize,
    kind: &SpanKind,
    context: &str,
) -> Option<Stem> {
    if refused(sentence, start, end) {
        return None;
    }
    let mut stem = reworded(sentence, start, end, kind, context)?;
    stem.text = whole::without_references(&stem.text);
    (!leans_on_passage(&stem.text)
        && whole::balanced(&stem.text)
        && whole::one_question(&stem.text))
    .then_some(stem)
}

/// The question asking for the span in the sentence's own order; `None` when the phrase asked
/// for in place is no whole phrase ([`slot::fits_its_slot`]).
fn reworded(
    sentence: &str,
    start: usize,
    end: usize,
    kind: &SpanKind,
    context: &str,
) -> Option<Stem> {
    let mut before: Vec<&str> = sentence[..start].split_whitespace().collect();
    let tail = sentence[end..].trim_end();
    let tail = tail.trim_end_matches(['.', '!', ';', ':']);
    let mut after: Vec<&str> = tail.split_whitespace().collect();
    if half_a_phrase(&before, &after, kind) {
        return None;
    }
    // What names the span's kind: a category noun just after it ("the VACUUM command") or just
    // before it ("the function sqlite3_open()").
    let mut asking = asking_for(kind);
    let quantity = matches!(kind, SpanKind::Quantity(_));
    if !quantity {
        if let Some(noun) = after.first().filter(|w| CATEGORIES.contains(w)) {
            // "a corrupt database file": an ordinary phrase before the noun describes it and is
            // no file's name — "which file" would ask for half the phrase.
            if *kind == SpanKind::Term {
                return None;
            }
            asking = format!("which {noun}");
            after.remove(0);
        } else if after.len() >= 2
            && CATEGORIES.contains(&after[1])
            && after[0].contains('-')
            && after[0].chars().all(|c| c.is_ascii_lowercase() || c == '-')
        {
            // "the -DFOO compile-time option" asks "which compile-time option".
            asking = format!("which {} {}", after[0], after[1]);
            after.drain(..2);
        } else if let Some(noun) = before.last().filter(|w| {
            // "an alternative sqlite3_vfs" is another one, no kind called "alternative": a
            // word outside the categories names a kind only after "the".
            CATEGORIES.contains(w)
                || names_a_code(w, kind, &sentence[start..end])
                    && before.len() >= 2
                    && before[before.len() - 2].eq_ignore_ascii_case("the")
        }) && before.len() >= 2
            && is_determiner(before[before.len() - 2])
        {
            asking = format!("which {noun}");
            before.pop();
        }
    }
    // A quoted key: the quotes go with it ("named " what "" reads "named what").
    if before
        .last()
        .is_some_and(|w| matches!(*w, "\"" | "“" | "'" | "‘" | "`"))
    {
        before.pop();
    }
    // The key's determiners and quantifiers go with it: "of the tips", "a few keys" and
    // "an "ident"" ask "of what", "what", "what" …
    let mut changes_meaning = false;
    let key = &sentence[start..end];
    let number = key.starts_with(|c: char| c.is_ascii_digit())
        || matches!(
            key.split_whitespace().next().unwrap_or(""),
            "one" | "two" | "three" | "four" | "five" | "six" | "seven" | "eight" | "nine" | "ten"
        );
    let mut popped = 0;
    while let Some(w) = before.last().map(|w| w.to_lowercase()).filter(|w| {
        // "except that the circles will scale", "that SQLite is": a "that" before an article or
        // a name opens a clause whose subject the key is; it is no determiner of the key.
        !(w == "that" && (popped > 0 || *kind != SpanKind::Term))
            && (is_determiner(w)
                || QUANTIFIERS.contains(&w.as_str())
                || matches!(
                    w.as_str(),
                    "all" | "both" | "half" | "few" | "many" | "much" | "several" | "numerous"
                ))
    }) {
        popped += 1;
        // … but "in both directions", "keeps no copy", "pushed out every six hours": a
        // quantifier that changes what the phrase means, or makes a number a frequency,
        // cannot go, and "what" cannot carry it.
        changes_meaning |= matches!(w.as_str(), "both" | "no" | "half") || w == "every" && number;
        before.pop();
    }
    // … and "except that what will scale" asks inside a clause: no whole question.
    let clause = before
        .last()
        .is_some_and(|w| w.eq_ignore_ascii_case("that"));
    if changes_meaning || clause {
        return None;
    }
    // "in a great many languages" asks "in what".
    if before.len() >= 2
        && matches!(before[before.len() - 1], "great" | "good")
        && before[before.len() - 2].eq_ignore_ascii_case("a")
    {
        before.truncate(before.len() - 2);
    }
    // A subject named by the nouns after it: "the sqlite3_status() routine returns …" asks
    // "Which routine returns …?", "the X error code is …" "Which error code is …?".
    // A name is one only where it is a common word given as a name ("the Team plan": "team"
    // is tagged in SemCor) or carries a digit ("the E502 code"): "the Unix step" is no step
    // called Unix (WordNet knows "unix", but no text used it).
    let named_kind = *kind != SpanKind::Name || {
        let key = &sentence[start..end];
        key.chars().any(|c| c.is_ascii_digit())
            || !key.contains(' ')
                && lexicon::parts(&key.to_lowercase()).is_some_and(|p| p.noun.max(p.adjective) > 1)
    };
    if before.is_empty() && !quantity && asking == "what" && named_kind {
        for nouns in [1, 2] {
            let named = after.len() > nouns
                && after[..nouns].iter().all(|w| {
                    w.len() >= 3
                        && w.chars().all(|c| c.is_ascii_lowercase())
                        && !super::spans::reads_as_verb(w)
                        && !RELATIVES.contains(w)
                        && !PREPOSITIONS.contains(w)
                        && !lexicon::AUXILIARIES.contains(w)
                        && !matches!(*w, "and" | "or" | "not" | "but" | "also")
                        // "only provides" is no noun naming the subject.
                        && crate::lexicon::parts(w).is_none_or(|p| p.noun())
                })
                && is_verb_at(&after, nouns);
            if named {
                asking = format!("which {}", after[..nouns].join(" "));
                after.drain(..nouns);
                break;
            }
        }
    }
    if let Some(first) = after.first_mut() {
        let unquoted = first.trim_start_matches(['"', '”', '\'', '’', '`']);
        if unquoted.is_empty() {
            after.remove(0);
        } else {
            *first = unquoted;
        }
    }
    let rest = after.join(" ");
    // The span is the subject: "What keeps …?" (not "What is that SQLite now supports …?").
    // … nor "What is to configure …?" of "The easiest way is to configure …".
    let is_that = after.len() >= 2
        && matches!(after[0], "is" | "was")
        && matches!(after[1], "that" | "because" | "why" | "how" | "to");
    // "What assigned to each index …?": an "-ed" word before a preposition is a participle
    // whose auxiliary the sentence left out.
    let participle = after.first().is_some_and(|w| {
        w.ends_with("ed") && after.get(1).is_some_and(|next| PREPOSITIONS.contains(next))
    });
    // "The rsync process then only replaces …": adverbs may stand between the subject and its
    // verb ("What then only replaces …?").
    let adverbs = after
        .iter()
        .take_while(|w| {
            lexicon::parts(w).is_some_and(|p| p.adverb > 2 * (p.noun + p.adjective))
                && !lexicon::AUXILIARIES.contains(w)
        })
        .count();
    // After adverbs a word that can be a verb is one: "then only replaces files".
    let verb_after_adverbs = adverbs > 0
        && after.get(adverbs).is_some_and(|w| {
            super::spans::reads_as_verb(w) && lexicon::parts(w).is_some_and(|p| p.verb())
        });
    if before.is_empty()
        && (is_verb_at(&after, adverbs) || verb_after_adverbs)
        && rest.len() > 15
        && !is_that
        && !participle
    {
        return Some(Stem {
            text: format!("{} {rest}?", upper_first(&asking)),
            form: Form::Subject,
            lead: None,
        });
    }
    // The span ends the sentence: turn the question around.
    if after.is_empty()
        && let Some(text) = fronted(&before, &asking, context)
    {
        return Some(Stem {
            text,
            form: Form::Fronted,
            lead: None,
        });
    }
    // With nothing before it and a relative clause after it ("A question mark that is not
    // followed by …") or no verb at all, the span is no subject to ask "what" of: the sentence
    // is blanked.
    if before.is_empty() {
        return Some(blanked(sentence, start, end, context));
    }
    // "Since what, the nftables framework is used by default?": the question word ending the
    // sentence's opening phrase, before its comma, asks nothing of the clause after it.
    let opening = before.len() <= 4
        && before.first().is_some_and(|w| {
            let w = w.to_lowercase();
            PREPOSITIONS.contains(&w.as_str())
                || matches!(
                    w.as_str(),
                    "since"
                        | "as"
                        | "when"
                        | "while"
                        | "if"
                        | "unless"
                        | "until"
                        | "once"
                        | "although"
                        | "though"
                        | "because"
                        | "after"
                        | "before"
                )
        })
        && after.first().is_some_and(|w| w.starts_with(','))
        && !before.iter().any(|w| {
            let w = w.to_lowercase();
            lexicon::is_auxiliary(&w) || super::spans::reads_as_verb(&w)
        });
    if !slot::fits_its_slot(&before, &after, quantity) {
        return None;
    }
    let body = tidy(&format!("{} {asking} {rest}", before.join(" ")))
        .replace(" ,", ",")
        .replace(" :", ":")
        .replace(" ;", ";")
        .replace(" )", ")");
    let text = format!("{}?", upper_first(body.trim_end_matches([',', ';', ':'])));
    // A question word inside the sentence's subject or its opening phrase or clause leaves the
    // sentence a statement that asks nothing ("The usual cause of what is a full outbox
    // folder?"): the two sides of "is" change places where they can ("A full outbox folder is
    // the usual cause of what?"); otherwise the sentence is blanked, the phrase being whole.
    let words: Vec<&str> = text.split_whitespace().collect();
    if opening || placed::asked_inside_its_subject(&words) || placed::fronted_and_left(&words) {
        return Some(
            match placed::turned_copula(&text, |s| lower_first_in(s, context)) {
                Some(turned) if !opening => Stem {
                    text: turned,
                    form: Form::InPlace,
                    lead: None,
                },
                _ => blanked(sentence, start, end, context),
            },
        );
    }
    Some(Stem {
        text,
        form: Form::InPlace,
        lead: None,
    })
}

/// "What fills the blank in “…”?": the sentence with the span blanked, the article or
/// possessive before it inside the blank ("the _____" cuts the phrase, and "a _____" tells
/// which choices fit) and written with every choice.
fn blanked(sentence: &str, start: usize, end: usize, context: &str) -> Stem {
    let mut from = start;
    let mut lead = None;
    let head = sentence[..start].trim_end();
    let word_start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    if word_start < head.len() && is_determiner(&head[word_start..]) {
        from = word_start;
        lead = Some(head[word_start..].to_lowercase());
    }
    let blanked = tidy(&format!("{}{BLANK}{}", &sentence[..from], &sentence[end..]));
    let blanked = blanked.trim_end_matches(['.', '!', ';', ':']);
    Stem {
        text: format!("{FILL_BLANK} “{}”?", lower_first_in(blanked, context)),
        form: Form::Blank,
        lead,
    }
}

#[cfg(test)]
mod tests;
