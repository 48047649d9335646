//! Which sentences the offline generator asks about (METHODS.md §5): a statement long enough,
//! with its own subject and verb, not leaning on the sentence before, and not a heading, label,
//! instruction or change-log line glued to one.

mod agreement;

use super::stem_words::{PREPOSITIONS, is_determiner, plural_then_plain_verb};
use crate::lexicon;
use proctor_stats::text::is_stopword;

/// A sentence worth a question: long enough, a statement, not leaning on the one before.
pub(super) fn question_worthy(sentence: &str) -> bool {
    const LEANING: &[&str] = &[
        "it",
        "i",
        "my",
        "our",
        "me",
        "us",
        "this",
        "that",
        "these",
        "those",
        "they",
        "he",
        "she",
        "we",
        "you",
        "its",
        "their",
        "such",
        "here",
        "there",
        "then",
        "also",
        "however",
        "but",
        "and",
        "or",
        "so",
        "thus",
        "finally",
        "first",
        "second",
        "next",
        "hence",
        "therefore",
        "similarly",
        "likewise",
        "otherwise",
        "instead",
        "again",
        "still",
        "moreover",
        "furthermore",
        "additionally",
        "consequently",
        "accordingly",
        "nevertheless",
        "meanwhile",
        "later",
        "now",
    ];
    /// Openers by which a sentence continues the one before.
    const CONTINUING: &[&str] = &[
        "in other words",
        "for example",
        "for instance",
        "in this case",
        "in that case",
        "in such cases",
        "as a result",
        "on the other hand",
        "as with",
        "as above",
        "as before",
        "in addition",
        "by contrast",
        "in contrast",
        "unlike",
        // "Rather, …", "Instead, …", "Otherwise, …": the sentence answers the one before.
        "rather",
        "instead",
        "otherwise",
        "conversely",
    ];
    let chars = sentence.chars().count();
    let letters = sentence.chars().filter(|c| c.is_alphabetic()).count();
    let first = sentence
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    // "Fix a bug …", "Added the … option", "Make sure …": an instruction or a change-log line
    // has no subject to ask about.
    let mut words = sentence.split_whitespace();
    let opener = words.next().unwrap_or("");
    let second = words.next().unwrap_or("").to_lowercase();
    let instruction = (opener.len() > 3
        && opener.ends_with("ed")
        && opener.chars().skip(1).all(char::is_lowercase))
        || matches!(
            second.as_str(),
            "a" | "an" | "the" | "that" | "sure" | "your" | "all" | "any" | "each" | "every"
        )
        || imperative(opener);
    // "Tip You can …", "Note Please note …": a heading's label glued to its first sentence.
    let glued_heading = lexicon::parts(opener).is_some()
        && words_of(sentence).nth(1).is_some_and(|w| {
            w.starts_with(|c: char| c.is_uppercase())
                && (is_stopword(&w.to_lowercase())
                    || lexicon::parts(w)
                        .is_some_and(|p| !p.adjective() && (!p.noun() || p.mostly_verb())))
        });
    // "Tip ntptrace(8) in the ntp package …", "Note APT …": an admonition's label glued to a
    // sentence that opens with a name or a code word.
    let admonition = matches!(
        opener,
        "Tip" | "Note" | "Caution" | "Warning" | "Important" | "Hint" | "Attention" | "Danger"
    ) && words_of(sentence)
        .nth(1)
        .is_some_and(|w| !w.chars().all(|c| c.is_ascii_lowercase()) || lexicon::parts(w).is_none());
    // "… are controlled by by set mttics": the source's slip, which a question would copy
    // ("that that" and "had had" are English).
    // (Raw words: "When the cache is full, full pages …" repeats across a comma.)
    let doubled = sentence
        .split_whitespace()
        .zip(sentence.split_whitespace().skip(1))
        .any(|(a, b)| {
            a.eq_ignore_ascii_case(b)
                && a.chars().all(char::is_alphabetic)
                && !matches!(a.to_lowercase().as_str(), "that" | "had")
        });
    // "DeferredSeek P1 is an open index cursor …": an identifier in camel case, then a register
    // or an operand ("P1") — a reference entry's name glued to its text.
    let mut two = words_of(sentence);
    let entry_name = match (two.next(), two.next()) {
        (Some(a), Some(b)) => {
            let camel = a
                .chars()
                .zip(a.chars().skip(1))
                .any(|(x, y)| x.is_lowercase() && y.is_uppercase());
            let operand = b.len() >= 2
                && b.starts_with(|c: char| c.is_ascii_uppercase())
                && b.chars().skip(1).all(|c| c.is_ascii_digit());
            camel && operand
        }
        _ => false,
    };
    let lower = sentence.to_lowercase();
    let continuing = CONTINUING.iter().any(|c| {
        lower
            .strip_prefix(c)
            .is_some_and(|rest| rest.starts_with([' ', ',']))
    });
    // "Bug fix: …", "WHERE clause processing: …", "Note - …": a label before the statement.
    let labelled = sentence
        .split_whitespace()
        .take(5)
        .any(|w| w.ends_with(':') || w == "-" || w == "–");
    // "VOCABULARY The main archives …", "EXPERIMENTAL (details may change) …": a sidebar's
    // upper-case label glued to its text.
    let label = opener.len() >= 5
        && opener.chars().all(|c| c.is_ascii_uppercase())
        && lexicon::parts(opener).is_some()
        && words_of(sentence)
            .nth(1)
            .is_some_and(|w| !w.chars().all(|c| c.is_ascii_uppercase()));
    // "Tip Dependency resolution is …": two capitalised common words, then lower case — a
    // heading glued to its text.
    let mut first_three = words_of(sentence);
    let glued_title = match (first_three.next(), first_three.next(), first_three.next()) {
        (Some(a), Some(b), Some(c)) => {
            let capital = |w: &str| w.starts_with(|ch: char| ch.is_uppercase());
            capital(a)
                && capital(b)
                && !capital(c)
                && !b.chars().skip(1).any(char::is_uppercase)
                && lexicon::parts(a).is_some()
                && lexicon::parts(b).is_some()
        }
        _ => false,
    };
    // "Standard interfaces The material presented …": a heading run into its text, the
    // sentence's article capitalised after a lower-case word with no stop between.
    let run_in_heading = sentence
        .split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| {
            let article = w[0].chars().all(|c| c.is_ascii_lowercase())
                && matches!(
                    w[1],
                    "The" | "This" | "These" | "A" | "An" | "In" | "For" | "It"
                );
            // "… size 1024,768 Selecting default sets …": a capitalised gerund after a word
            // with no stop is the next sentence run in (no name ends in "-ing").
            let gerund = !w[0].ends_with(['.', ':', ';', '!', '?', '"', '”', ')'])
                && w[0]
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == ',')
                && w[1].len() > 4
                && w[1].ends_with("ing")
                && w[1].starts_with(|c: char| c.is_ascii_uppercase())
                && w[1].chars().skip(1).all(|c| c.is_ascii_lowercase())
                && lexicon::parts(&w[1].to_lowercase()).is_some_and(|p| p.verb());
            article || gerund
        });
    (40..=320).contains(&chars)
        && !instruction
        && !writers_slip(sentence)
        && !agreement::singular_with_plain_verb(sentence)
        && !agreement::plural_with_third_person(sentence)
        && !run_in_heading
        && has_subject_and_verb(sentence)
        && !labelled
        && !label
        && !glued_title
        && !glued_heading
        && !admonition
        && !doubled
        && !entry_name
        && !continuing
        && sentence.ends_with('.')
        && sentence.starts_with(|c: char| c.is_uppercase())
        && !sentence.contains('?')
        && letters * 10 >= chars * 6
        && !LEANING.contains(&first.as_str())
}

/// "… with headquarters in\n\nCharlotte, North Carolina and has been in business since 1992.":
/// a sentence after text that ends on a word no sentence ends on ("in", "the", "and"), with no
/// stop, is the second half of one the page's layout cut in two.
pub(super) fn continues_another(text: &str, from: usize) -> bool {
    // Articles, prepositions, conjunctions and "be": no heading or list item ends on them
    // ("Where to go from here", "- Configure it" may).
    const OPEN: &[&str] = &[
        "the", "a", "an", "of", "in", "on", "at", "to", "for", "with", "by", "from", "into", "and",
        "or", "but", "nor", "that", "which", "whose", "as", "than", "is", "are", "was", "were",
        "be", "its", "their",
    ];
    text[..from]
        .split_whitespace()
        .last()
        .is_some_and(|last| OPEN.contains(&last))
}

fn words_of(sentence: &str) -> impl Iterator<Item = &str> {
    sentence
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
}

/// Whether a sentence states something of something: it has a verb (an auxiliary, or a word
/// that is mostly a verb or a verb's third person or past, not inside brackets, not after "to"
/// and not in a relative clause), and does not open with one — "Must be one of …", "Enables
/// trace messages …" and "If set, applies to …" have lost their subject; "URI and label for the
/// logo link" and "A simple program to serve …" are headings or table cells.
fn has_subject_and_verb(sentence: &str) -> bool {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let plain = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let finite = |w: &str, previous: &str| {
        let w = plain(w);
        // "a merge", "the rank": a noun.
        // … or a preposition other than "to" ("in register P2").
        let after_determiner = matches!(
            plain(previous).as_str(),
            "a" | "an" | "the" | "its" | "their" | "each" | "every" | "this" | "that" | "no"
        ) || plain(previous) != "to"
            && PREPOSITIONS.contains(&plain(previous).as_str());
        // "like", "since", "until": prepositions WordNet also knows as verbs.
        let preposition = matches!(
            w.as_str(),
            "like" | "since" | "until" | "near" | "past" | "round" | "before" | "after" | "except"
        );
        // "More efficient handling of …": a verb's "-ing" form is no finite verb.
        let gerund = w.len() > 5 && w.ends_with("ing");
        lexicon::is_auxiliary(w.as_str())
            || (!after_determiner
                && !preposition
                && !gerund
                && lexicon::parts(&w).is_some_and(|p| {
                    p.verb()
                        && (p.mostly_verb()
                            || ((w.ends_with('s') || w.ends_with("ed")) && !p.noun()))
                }))
    };
    let opens_with_verb = |at: usize| {
        words.get(at).is_some_and(|w| {
            let w = plain(w);
            lexicon::is_auxiliary(w.as_str())
                || (w.ends_with('s') && lexicon::parts(&w).is_some_and(|p| p.verb() && !p.noun()))
        })
    };
    if opens_with_verb(0) {
        return false;
    }
    // "Causes fast-import to print …", "Treats lines with …": a verb more often than a noun,
    // in its third person, with no verb after it — a description that lost its subject.
    let first = plain(words[0]);
    if first.ends_with('s')
        && words.get(1).is_some_and(|w| !finite(w, ""))
        && lexicon::parts(&first).is_some_and(|p| p.verb() && p.verb > p.noun && !p.adjective())
    {
        return false;
    }
    // "Where NAME is the name of the diagram and FILE is …": a subordinate clause with no main
    // clause after it (no comma to end it).
    if matches!(plain(words[0]).as_str(), "where" | "whereas")
        && !words.iter().any(|w| w.ends_with(','))
    {
        return false;
    }
    // "If set, applies …": a clause without a subject, then a verb.
    if matches!(plain(words[0]).as_str(), "if" | "when" | "unless" | "once")
        && let Some(comma) = words.iter().take(8).position(|w| w.ends_with(','))
        && opens_with_verb(comma + 1)
    {
        return false;
    }
    let mut depth = 0i32;
    let mut relative = false;
    let mut after_to = false;
    let mut previous = "";
    for (at, word) in words.iter().enumerate() {
        let inside = depth > 0;
        depth += word.matches('(').count() as i32 - word.matches(')').count() as i32;
        let lower = plain(word);
        // "Rowid Store in register P2 …": a capitalised word is no verb after the first (a
        // heading glued to an instruction).
        let capital = !previous.is_empty() && word.starts_with(|c: char| c.is_uppercase());
        // "The database page size in bytes, or 1 if the page size is 65536": a verb inside a
        // relative or subordinate clause is no main clause's (a table cell with a condition).
        // (One that opens the sentence is read above.)
        let subordinate = at > 0
            && matches!(
                lower.as_str(),
                "if" | "unless" | "because" | "although" | "though" | "whereas"
            );
        if subordinate || matches!(lower.as_str(), "which" | "that" | "who" | "whose" | "whom") {
            relative = true;
        } else if !inside
            && !relative
            && !after_to
            && !capital
            && (finite(word, previous)
                || takes_an_object(word, words.get(at + 1))
                || plural_then_plain_verb(previous, word, words.get(at + 1)))
        {
            return true;
        }
        previous = word;
        if word.ends_with(',') || word.ends_with(';') {
            relative = false;
        }
        after_to = lower == "to";
    }
    false
}

/// "… answers every request": a verb's third person that is a noun too ("answers", "lists"),
/// right before a determiner of its object.
fn takes_an_object(word: &str, next: Option<&&str>) -> bool {
    let lower = word.to_lowercase();
    lower.ends_with('s')
        && !word.ends_with(',')
        && next.is_some_and(|n| {
            is_determiner(n) || matches!(n.to_lowercase().as_str(), "every" | "each" | "all")
        })
        && lexicon::parts(&lower).is_some_and(|p| p.verb())
}

/// A slip of the source's writer, which a question would copy: a clause with neither subject
/// nor participle — a word that opens a clause, then a verb's plain form and a preposition
/// ("… when change in between WAL mode …"), or "so that" and an auxiliary ("… so that is never
/// reached") — "thanks" without its "to", or "allows to". Verbs whose participle is their
/// plain form ("when set to …", "if run from …") are participles; after an article, "while" is
/// a noun ("a while loop in C").
fn writers_slip(sentence: &str) -> bool {
    const SAME_PARTICIPLE: &[&str] = &[
        "set",
        "put",
        "run",
        "cut",
        "read",
        "let",
        "hit",
        "shut",
        "split",
        "spread",
        "cast",
        "cost",
        "hurt",
        "quit",
        "reset",
        "preset",
        "upset",
        "come",
        "become",
        "rerun",
        "overrun",
        "input",
        "output",
        "broadcast",
        "bid",
        "rid",
        "shed",
        "spit",
        "thrust",
        "burst",
    ];
    let words: Vec<String> = words_of(sentence).map(str::to_owned).collect();
    // "… high enough so that is never reached": "so that" opens a clause with its subject.
    let no_subject = words.windows(3).any(|w| {
        w[0].eq_ignore_ascii_case("so")
            && w[1] == "that"
            && lexicon::is_auxiliary(&w[2].to_lowercase())
    });
    // "… a cleaner workflow thanks the well understood process": "thanks" deep in the sentence
    // is "thanks to" with its "to" dropped (as a verb it follows its subject: "The project
    // thanks the …").
    let thanks_without_to =
        words.iter().enumerate().skip(5).any(|(i, w)| {
            w == "thanks" && words.get(i + 1).is_some_and(|next| is_determiner(next))
        });
    // "What allows to reserve …": a verb of permission takes its object before "to".
    let permits_to = words.windows(2).any(|w| {
        matches!(
            w[0].as_str(),
            "allow" | "allows" | "permit" | "permits" | "enable" | "enables"
        ) && w[1] == "to"
    });
    // "… so that the step is centered on at x": a verb's own preposition, then another — the
    // first lost its object ("at least" and "at most" are no preposition's object).
    let lost_object = words.windows(4).any(|w| {
        matches!(
            w[0].as_str(),
            "centered"
                | "centred"
                | "based"
                | "focused"
                | "depends"
                | "depend"
                | "relies"
                | "rely"
                | "insists"
                | "consists"
                | "consist"
        ) && matches!(w[1].as_str(), "on" | "upon" | "of")
            && matches!(
                w[2].as_str(),
                "at" | "in" | "on" | "by" | "for" | "with" | "to"
            )
            && !matches!(w[3].as_str(), "least" | "most" | "all" | "once")
    });
    no_subject
        || thanks_without_to
        || permits_to
        || lost_object
        || words.windows(3).enumerate().any(|(i, w)| {
            let opener = w[0].to_lowercase();
            let verb = w[1].as_str();
            matches!(
                opener.as_str(),
                "when" | "whenever" | "while" | "if" | "unless" | "because" | "although"
            ) && (i == 0 || !is_determiner(&words[i - 1]))
                && verb.chars().all(|c| c.is_ascii_lowercase())
                && !verb.ends_with('s')
                && !verb.ends_with("ed")
                && !verb.ends_with("en")
                && !verb.ends_with("ing")
                && !SAME_PARTICIPLE.contains(&verb)
                && lexicon::parts(verb).is_some_and(|p| p.verb() && !p.adjective())
                && PREPOSITIONS.contains(&w[2].as_str())
        })
}

/// "Skip NULL entries …", "Write 1 into …", "Show no parents …": a verb's plain form, a verb
/// first of all (WordNet), opens an instruction.
pub(super) fn imperative(opener: &str) -> bool {
    let word = opener.trim_matches(|c: char| !c.is_alphanumeric());
    word.chars().skip(1).all(char::is_lowercase)
        && !word.ends_with('s')
        && !word.ends_with("ed")
        && !word.ends_with("ing")
        && lexicon::parts(word).is_some_and(|p| p.mostly_verb() && !p.adjective())
}

#[cfg(test)]
mod tests;
