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

use super::spans::{DETERMINERS, SpanKind};
pub use super::stem_words::{BLANK, FILL_BLANK};
use super::stem_words::{PREPOSITIONS, QUANTIFIERS, is_determiner, opens_object};
use super::{slot, whole};
use crate::lexicon;

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

/// Words by which a question leans on a passage the examinee does not have.
const LEANING: &[&str] = &[
    "this",
    "these",
    "those",
    "it",
    "they",
    "them",
    "above",
    "below",
    "following",
    "here",
    "previous",
    "preceding",
    "former",
    "latter",
    "aforementioned",
    "such",
    "i",
    "my",
    "me",
];

/// Words that open a clause inside a subject: such a subject is no plain one.
const RELATIVES: &[&str] = &[
    "that", "which", "who", "whom", "whose", "when", "where", "if", "whether", "because", "while",
];

/// Whether `words[at]` is the verb: an auxiliary, or a word that reads as a verb followed by what
/// opens its object.
fn is_verb_at(words: &[&str], at: usize) -> bool {
    words.get(at).is_some_and(|verb| {
        lexicon::AUXILIARIES.contains(verb)
            || (super::spans::reads_as_verb(verb)
                && words.get(at + 1).is_some_and(|w| opens_object(w)))
    })
}

fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` with its first word in lower case where it is capitalised only for starting the
/// sentence: a function word, or a word `context` also writes in lower case ("Security updates"
/// → "security updates"; "Debian" stays).
fn lower_first_in(text: &str, context: &str) -> String {
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
            ) {
                c.to_lowercase().chain(chars).collect()
            } else {
                text.to_owned()
            }
        }
        _ => text.to_owned(),
    }
}

fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Whether the question leans on a passage: one of [`LEANING`] as a word of its own.
pub fn leans_on_passage(stem: &str) -> bool {
    stem.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
        .any(|w| LEANING.contains(&w.to_lowercase().as_str()))
}

/// What makes a question lean on the text before it, if anything: an opening that continues
/// an argument ("More precisely, …", "In that case, …"), a definite phrase that points back
/// ("the remaining …", "the second …"), letters that label a figure ("commits C, Z and Y"), or
/// no subject of its own ("Determines what …", "Do not list …").
pub fn leans_back(stem: &str) -> Option<String> {
    const OPENINGS: &[&str] = &[
        "more precisely",
        "similarly",
        "likewise",
        "in that case",
        "in this case",
        "in the latter case",
        "in the former case",
        "in either case",
        "otherwise",
        "therefore",
        "thus",
        "hence",
        "also",
        "however",
        "instead",
        "then",
        "at that point",
        "as a result",
        "in addition",
        "furthermore",
        "moreover",
        "again",
        "finally",
        "conversely",
        "alternatively",
        "as such",
        "if so",
        "if not",
        "do not",
        "don't",
        "does not",
    ];
    const BACK: &[&str] = &[
        "the remaining",
        "the rest of the",
        "the second",
        "the third",
        "the final result",
        "the exact list",
        "the defaults",
        "the example",
        "the examples",
        "the next",
        "the last one",
        "the other one",
        "the other ones",
        "as shown",
        "as above",
        "as before",
    ];
    let lower = stem.trim().to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
        .filter(|w| !w.is_empty())
        .collect();
    let joined = words.join(" ");
    if let Some(opening) = OPENINGS.iter().find(|o| {
        joined.starts_with(**o) && joined[o.len()..].starts_with([' ', ',']) || joined == **o
    }) {
        return Some((*opening).to_owned());
    }
    if let Some(back) = BACK.iter().find(|b| {
        joined.match_indices(**b).any(|(at, _)| {
            (at == 0 || joined.as_bytes()[at - 1] == b' ')
                && joined[at + b.len()..].starts_with([' '])
        })
    }) {
        return Some((*back).to_owned());
    }
    // Capital letters standing alone as labels ("C, Z, and Y"): at least two of them (a lone
    // "A" is the article, a lone "I" the pronoun).
    // (An option's letter, "-C", is no label.)
    let labels: Vec<&str> = stem
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|t| !t.starts_with('-'))
        .flat_map(|t| t.split('-'))
        .filter(|w| {
            w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase()) && *w != "A" && *w != "I"
        })
        .collect();
    if labels.len() >= 2 {
        return Some(labels.join(", "));
    }
    // A sentence with no subject of its own: it opens with a verb in its "-s" form, as the
    // description under a term does ("Determines what to do …").
    let first = stem.split_whitespace().next().unwrap_or("");
    let bare = first.trim_matches(|c: char| !c.is_alphanumeric());
    if bare.len() >= 5
        && bare.starts_with(|c: char| c.is_ascii_uppercase())
        && bare[1..].chars().all(|c| c.is_ascii_lowercase())
        && (bare.ends_with("es")
            || bare.ends_with("ts")
            || bare.ends_with("ds")
            || bare.ends_with("ns"))
        && !bare.ends_with("ss")
        && words.get(1).is_some_and(|w| {
            matches!(
                *w,
                "what"
                    | "which"
                    | "whether"
                    | "how"
                    | "the"
                    | "a"
                    | "an"
                    | "to"
                    | "if"
                    | "when"
                    | "that"
            )
        })
    {
        return Some(bare.to_owned());
    }
    None
}

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
    // "See … for more information", "Refer to …": a pointer to elsewhere states no fact.
    let first = sentence.split_whitespace().next().unwrap_or("");
    // … and a sentence that ends on a colon introduces what it does not hold.
    if matches!(first, "See" | "Refer" | "Consult") || sentence.trim_end().ends_with(':') {
        return None;
    }
    let key = &sentence[start..end];
    // "bypassing the filesystem altogether", "the plot title somewhere": a key that ends on an
    // adverb is no phrase.
    let last = key.split_whitespace().last().unwrap_or("").to_lowercase();
    // … or on a verb's particle ("sends the result back to …").
    if key.contains(' ')
        && (lexicon::parts(&last).is_some_and(|p| p.mostly_adverb())
            || matches!(
                last.as_str(),
                "back" | "away" | "out" | "off" | "up" | "down" | "aside" | "apart" | "ahead"
            ))
    {
        return None;
    }
    // "the way dependencies are handled": "way", "time", "reason" … take a clause with no
    // "that"; a key that runs from one into the clause's subject is no phrase.
    if key.contains(' ')
        && matches!(
            key.split_whitespace()
                .next()
                .unwrap_or("")
                .to_lowercase()
                .as_str(),
            "way" | "time" | "reason" | "place" | "manner" | "moment" | "day" | "point"
        )
    {
        return None;
    }
    // "the table content row by row": the key's last word repeated after a preposition is an
    // idiom the key cuts.
    let last_word = key.split_whitespace().last().unwrap_or("");
    let mut after_key = sentence[end..].split_whitespace();
    if let (Some(preposition), Some(again)) = (after_key.next(), after_key.next())
        && matches!(preposition, "by" | "to" | "after" | "for")
        && again.trim_end_matches(|c: char| !c.is_alphanumeric()) == last_word
    {
        return None;
    }
    // "600 by 400 pixels": a number that is one side of a size is no quantity of its own.
    if key.starts_with(|c: char| c.is_ascii_digit()) {
        let mut before = sentence[..start].split_whitespace().rev();
        let mut after = sentence[end..].split_whitespace();
        let sized = |joint: Option<&str>, other: Option<&str>| {
            matches!(joint, Some("by" | "x" | "×"))
                && other.is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()))
        };
        if sized(before.next(), before.next()) || sized(after.next(), after.next()) {
            return None;
        }
    }
    // "/etc/cron" of "/etc/cron.{hourly,daily}": a key cut inside a longer token.
    let mut rest = sentence[end..].chars();
    let cut = match rest.next() {
        None => false,
        Some('.') => rest.next().is_some_and(|c| !c.is_whitespace()),
        Some(c) => !c.is_whitespace() && !",;:)]?!\"”’'".contains(c),
    };
    if cut {
        return None;
    }
    let (whole, inside) = occurrences(sentence, key);
    // "allocation" inside "deallocation": the sentence gives the key away however it is asked.
    if inside > 0 {
        return None;
    }
    let mut stem = if whole > 1 {
        let blanked = tidy(&sentence.replace(key, BLANK));
        let blanked = blanked.trim_end_matches(['.', '!', ';', ':']);
        Stem {
            text: format!("{FILL_BLANK} “{}”?", lower_first_in(blanked, context)),
            form: Form::Blank,
        }
    } else {
        reworded(sentence, start, end, kind, context)?
    };
    stem.text = whole::without_references(&stem.text);
    (!leans_on_passage(&stem.text)
        && whole::balanced(&stem.text)
        && whole::one_question(&stem.text))
    .then_some(stem)
}

/// How often `key` stands in `sentence` as a whole word, and how often inside another word.
fn occurrences(sentence: &str, key: &str) -> (usize, usize) {
    // A hyphen joins: "Internet" in "Internet-connected" is inside a word too.
    let word_char =
        |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
    let (mut whole, mut inside) = (0, 0);
    for (at, _) in sentence.match_indices(key) {
        let before = sentence[..at].chars().next_back();
        let after = sentence[at + key.len()..].chars().next();
        if word_char(before) || word_char(after) {
            inside += 1;
        } else {
            whole += 1;
        }
    }
    (whole, inside)
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
    // What names the span's kind: a category noun just after it ("the VACUUM command") or just
    // before it ("the function sqlite3_open()").
    let mut asking = asking_for(kind);
    let quantity = matches!(kind, SpanKind::Quantity(_));
    if !quantity {
        if let Some(noun) = after.first().filter(|w| CATEGORIES.contains(w)) {
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
    while let Some(w) = before.last().map(|w| w.to_lowercase()).filter(|w| {
        is_determiner(w)
            || QUANTIFIERS.contains(&w.as_str())
            || matches!(
                w.as_str(),
                "all" | "both" | "half" | "few" | "many" | "much" | "several" | "numerous"
            )
    }) {
        // … but "in both directions", "keeps no copy", "pushed out every six hours": a
        // quantifier that changes what the phrase means, or makes a number a frequency,
        // cannot go, and "what" cannot carry it.
        changes_meaning |= matches!(w.as_str(), "both" | "no" | "half") || w == "every" && number;
        before.pop();
    }
    if changes_meaning {
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
    if before.is_empty() && !quantity && asking == "what" {
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
    if before.is_empty() && is_verb_at(&after, 0) && rest.len() > 15 && !is_that && !participle {
        return Some(Stem {
            text: format!("{} {rest}?", upper_first(&asking)),
            form: Form::Subject,
        });
    }
    // The span ends the sentence: turn the question around.
    if after.is_empty()
        && let Some(text) = fronted(&before, &asking, context)
    {
        return Some(Stem {
            text,
            form: Form::Fronted,
        });
    }
    // With nothing before it and a relative clause after it ("A question mark that is not
    // followed by …") or no verb at all, the span is no subject to ask "what" of: the sentence
    // is blanked.
    if before.is_empty() {
        let blanked = tidy(&format!(
            "{}{BLANK}{}",
            &sentence[..start],
            &sentence[end..]
        ));
        let blanked = blanked.trim_end_matches(['.', '!', ';', ':']);
        return Some(Stem {
            text: format!("{FILL_BLANK} “{}”?", lower_first_in(blanked, context)),
            form: Form::Blank,
        });
    }
    if !slot::fits_its_slot(&before, &after, quantity) {
        return None;
    }
    let body = tidy(&format!("{} {asking} {rest}", before.join(" ")))
        .replace(" ,", ",")
        .replace(" :", ":")
        .replace(" ;", ";")
        .replace(" )", ")");
    let body = body.trim_end_matches([',', ';', ':']);
    Some(Stem {
        text: format!("{}?", upper_first(body)),
        form: Form::InPlace,
    })
}

/// "The list is kept in" + "which file" → "In which file is the list kept?"; "SQLite stores" +
/// "what" → "What does SQLite store?". `None` when the words before the span are no plain
/// subject and verb.
fn fronted(before: &[&str], asking: &str, context: &str) -> Option<String> {
    if before
        .iter()
        .any(|w| w.ends_with([',', ';', ':', '(', ')']))
        || before.len() > 16
    {
        return None;
    }
    // The verb: the first auxiliary, or else a present-tense verb followed by what opens its
    // object ("stores each …"; "files contain" is a plural noun and a verb).
    let verb_at = before
        .iter()
        .skip(1)
        .position(|w| lexicon::AUXILIARIES.contains(w))
        .or_else(|| {
            before.iter().enumerate().skip(1).position(|(i, w)| {
                super::spans::reads_as_verb(w)
                    && before.get(i + 1).is_none_or(|next| opens_object(next))
            })
        })?
        + 1;
    let verb = before[verb_at];
    let subject_words = &before[..verb_at];
    let mut rest: Vec<&str> = before[verb_at + 1..].to_vec();
    // "The DELETE command removes records from the table identified by …" has its verb before
    // the one taken; "Atomically release …" has no subject.
    let verb_inside = subject_words.iter().skip(1).any(|w| {
        w.ends_with('s') && crate::lexicon::parts(w).is_some_and(|p| p.verb() && p.mostly_verb())
    }) || subject_words.windows(2).skip(1).any(|pair| {
        // "The code generator in SQLite processes …": a verb after a name inside the subject.
        pair[0].starts_with(|c: char| c.is_uppercase())
            && pair[1].ends_with('s')
            && crate::lexicon::parts(pair[1]).is_some_and(|p| p.verb())
    }) || subject_words.len() > 2 && !lexicon::AUXILIARIES.contains(&verb) && {
        // "Tidewater reports stuck uploads with …": with no auxiliary to be the verb, a word
        // after a name that can be a verb may be it, and the subject then the name alone.
        let (first, second) = (subject_words[0], subject_words[1]);
        first.starts_with(|c: char| c.is_uppercase())
            && !DETERMINERS.contains(&first.to_lowercase().as_str())
            && second.ends_with('s')
            && crate::lexicon::parts(second).is_some_and(|p| p.verb())
    };
    let no_subject = subject_words.first().is_some_and(|w| {
        crate::lexicon::parts(w).is_some_and(|p| !p.noun() && !p.adjective())
            || (w.ends_with("ly") && crate::lexicon::parts(w).is_none())
    });
    // "… compound SELECT statements using": a word the lexicon knows only as a noun is no verb.
    let no_verb = !lexicon::AUXILIARIES.contains(&verb)
        && crate::lexicon::parts(verb).is_some_and(|p| !p.verb());
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
        // "… apply only to plots made with", "… provided through email within one": a
        // preposition inside what is left (not "to" before a verb: "used to store"); the last
        // word belongs to a later phrase, or the key was part of one.
        || rest.iter().enumerate().take(rest.len().saturating_sub(1)).any(|(i, w)| {
            (PREPOSITIONS.contains(w) || *w == "of")
                && !(*w == "to"
                    && rest.get(i + 1).is_some_and(|next| {
                        crate::lexicon::parts(next).is_some_and(|p| p.verb() && p.mostly_verb())
                    }))
        })
        // "… within one", "… through named": a number or a modifier just before the key.
        || rest.last().is_some_and(|w| {
            !PREPOSITIONS.contains(w)
                && (w.chars().all(|c| c.is_ascii_digit())
                    || matches!(*w, "one" | "two" | "three" | "four" | "five" | "ten")
                    || w.ends_with("ed") && rest.len() >= 2)
        })
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
            || crate::lexicon::parts(w).is_some_and(|p| p.verb() && !p.noun())
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
        let bare = bare_verb(verb)?;
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

    fn ask(sentence: &str, key: &str, kind: &SpanKind) -> Option<Stem> {
        let start = sentence.find(key).unwrap();
        write(sentence, start, start + key.len(), kind, sentence)
    }

    fn text(sentence: &str, key: &str, kind: &SpanKind) -> String {
        ask(sentence, key, kind).unwrap().text
    }

    #[test]
    fn a_name_and_a_word_that_can_be_a_verb_is_no_plain_subject() {
        let got = ask(
            "Tidewater reports stuck uploads with the code E104.",
            "E104",
            &SpanKind::Name,
        );
        assert!(
            got.as_ref()
                .is_none_or(|s| !s.text.contains("does Tidewater reports")),
            "{got:?}"
        );
    }

    #[test]
    fn fronting_only_a_plain_subject_and_one_verb() {
        let got = text(
            "Everything is internationalized and made available in a great many languages.",
            "languages",
            &SpanKind::Term,
        );
        assert!(
            !got.contains("many what") && !got.contains("great many?"),
            "{got}"
        );
        assert!(got.ends_with("in what?"), "{got}");
        let got = text(
            "The virtual qemu-kvm package only provides an executable able to start a machine.",
            "virtual qemu-kvm package",
            &SpanKind::Term,
        );
        assert!(!got.starts_with("Which only"), "{got}");
        let got = ask(
            "In practice many packages will not need to perform an action at every step.",
            "step",
            &SpanKind::Term,
        )
        .map(|s| s.text)
        .unwrap_or_default();
        assert!(!got.starts_with("At what will in practice"), "{got}");
    }

    #[test]
    fn a_subject_before_is_that_is_not_asked_what() {
        let got = text(
            "The second major enhancement is that SQLite now supports recursive triggers.",
            "second major enhancement",
            &SpanKind::Term,
        );
        assert!(!got.starts_with("What is that"), "{got}");
        let got = ask(
            "By selecting an alternative sqlite3_vfs using the sqlite3_open_v2() interface, \
             an application can use other locking protocols.",
            "sqlite3_vfs",
            &SpanKind::Code,
        );
        assert!(
            got.as_ref()
                .is_none_or(|s| !s.text.contains("which alternative")),
            "{got:?}"
        );
        let got = ask(
            "The easiest way is to configure everything within the user account.",
            "easiest way",
            &SpanKind::Term,
        );
        assert!(
            got.as_ref()
                .is_none_or(|s| !s.text.starts_with("What is to")),
            "{got:?}"
        );
        let got = text(
            "Running ./easyrsa build-server-full nopass will ask you about the common name.",
            "common name",
            &SpanKind::Term,
        );
        assert!(got.contains("will running ./easyrsa"), "{got}");
    }

    #[test]
    fn a_key_inside_a_compound_is_not_asked() {
        let sentence = "Only two answers matter for an Internet-connected server: Internet site \
                        and Internet with smarthost.";
        let start = sentence.find("Internet site").unwrap();
        assert!(
            write(
                sentence,
                start,
                start + "Internet".len(),
                &SpanKind::Name,
                ""
            )
            .is_none()
        );
    }

    #[test]
    fn subjects_become_what_questions() {
        assert_eq!(
            text(
                "Aptitude is an interactive front end to the package manager.",
                "Aptitude",
                &SpanKind::Name
            ),
            "What is an interactive front end to the package manager?"
        );
        assert_eq!(
            text(
                "The journal_mode pragma sets how the rollback journal is kept.",
                "journal_mode",
                &SpanKind::Code
            ),
            "Which pragma sets how the rollback journal is kept?"
        );
        assert_eq!(
            text(
                "The sqlite3_db_status() routine returns an error code on failure.",
                "sqlite3_db_status()",
                &SpanKind::Code
            ),
            "Which routine returns an error code on failure?"
        );
    }

    #[test]
    fn have_with_an_object_is_the_verb() {
        let sentence = "Every ordinary table has a rowid column.";
        assert_eq!(
            text(sentence, "rowid column", &SpanKind::Term),
            "What does every ordinary table have?"
        );
        let sentence = "The journal has been written to the disk.";
        assert_eq!(
            text(sentence, "the disk", &SpanKind::Term),
            "To what has the journal been written?"
        );
    }

    #[test]
    fn broken_sentences_are_not_asked() {
        // The verb taken is not the sentence's first; a sentence without a subject; a pointer.
        let sentence = "The DELETE command removes records from the table identified by the name.";
        let stem = text(sentence, "the name", &SpanKind::Term);
        assert!(!stem.contains("does the DELETE command removes"), "{stem}");
        let sentence = "Atomically release the mutex and begin waiting on the signal.";
        let asked = ask(sentence, "signal", &SpanKind::Term).map(|s| s.text);
        assert!(
            asked
                .as_deref()
                .is_none_or(|t| !t.starts_with("On what does")),
            "{asked:?}"
        );
        let sentence = "See the Conflicting binary packages section for more information.";
        assert_eq!(ask(sentence, "Conflicting", &SpanKind::Name), None);
    }

    #[test]
    fn final_spans_are_fronted_with_their_preposition() {
        let path = "The list of package sources is kept in /etc/apt/sources.list.";
        assert_eq!(
            ask(path, "/etc/apt/sources.list", &SpanKind::Path),
            Some(Stem {
                text: "In which file or directory is the list of package sources kept?".into(),
                form: Form::Fronted
            })
        );
        assert_eq!(
            text(
                "The Debian project was founded in 1993.",
                "1993",
                &SpanKind::Year
            ),
            "In which year was the Debian project founded?"
        );
        // "Security" is lowered where its passage writes it so; "Debian" is kept.
        let sentence = "Security updates for a stable release are provided for 3 years.";
        let start = sentence.find("3 years").unwrap();
        let quantity = SpanKind::Quantity("year".into());
        let context = "Other security fixes come later.";
        assert_eq!(
            write(sentence, start, start + 7, &quantity, context).map(|s| s.text),
            Some("For how many years are security updates for a stable release provided?".into())
        );
        assert_eq!(
            write(sentence, start, start + 7, &quantity, sentence).map(|s| s.text),
            Some("For how many years are Security updates for a stable release provided?".into())
        );
        assert_eq!(
            text(
                "SQLite stores each database in a single ordinary disk file.",
                "single ordinary disk file",
                &SpanKind::Term
            ),
            "In what does SQLite store each database?"
        );
        assert_eq!(
            text(
                "An index can cover 64 columns.",
                "64 columns",
                &SpanKind::Quantity("column".into())
            ),
            "How many columns can an index cover?"
        );
        // A plural noun is no verb; a relative clause is no plain subject.
        assert_eq!(
            ask(
                "Package files contain the maintainer scripts.",
                "maintainer scripts",
                &SpanKind::Term
            )
            .map(|s| s.form),
            Some(Form::InPlace)
        );
        assert_eq!(
            ask(
                "The file that is opened first is kept in /var/lib/dpkg.",
                "/var/lib/dpkg",
                &SpanKind::Path
            )
            .map(|s| s.form),
            Some(Form::InPlace)
        );
    }

    #[test]
    fn other_spans_are_asked_for_where_they_stand() {
        assert_eq!(
            ask(
                "The pager keeps a journal file until the transaction commits.",
                "journal file",
                &SpanKind::Term
            ),
            Some(Stem {
                text: "The pager keeps what until the transaction commits?".into(),
                form: Form::InPlace
            })
        );
        assert_eq!(
            text(
                "You run the VACUUM command after deleting many rows.",
                "VACUUM",
                &SpanKind::Name
            ),
            "You run which command after deleting many rows?"
        );
        // A command is no question: "Run which command after …?".
        assert_eq!(
            ask(
                "Run the VACUUM command after deleting many rows.",
                "VACUUM",
                &SpanKind::Name
            ),
            None
        );
        // Quotes and a quantifier go with the key; punctuation keeps its place.
        assert_eq!(
            text(
                "The recovered rows go to a table named \"lost_and_found\", unless one exists.",
                "lost_and_found",
                &SpanKind::Code
            ),
            "The recovered rows go to a table named what, unless one exists?"
        );
        assert_eq!(
            text(
                "Members of the consortium can call any developer at any time of day.",
                "developer",
                &SpanKind::Term
            ),
            "Members of the consortium can call what at any time of day?"
        );
    }

    #[test]
    fn the_phrase_asked_in_place_stands_whole() {
        // After a name or a code, before a noun or a relative clause: part of a phrase.
        for (sentence, key, kind) in [
            (
                "IPsec, despite being the standard in IP VPNs, is rather involved.",
                "VPNs",
                SpanKind::Term,
            ),
            (
                "One can also use the tune2fs -o [no]acl /dev/device command to enable ACLs.",
                "/dev/device",
                SpanKind::Path,
            ),
            (
                "The size of each page is as configured by the FTS5 pgsz option.",
                "FTS5",
                SpanKind::Name,
            ),
            (
                "The variable will be set to the number of times that the X-th loop has run.",
                "X-th",
                SpanKind::Code,
            ),
            (
                "To avoid attacks from miscreants who are able to specify patterns, the length is limited.",
                "miscreants",
                SpanKind::Term,
            ),
        ] {
            assert_eq!(ask(sentence, key, &kind), None, "{sentence}");
        }
        // After a verb or a preposition, before a mark, a preposition or a verb with its
        // object: whole.
        assert_eq!(
            text(
                "A file named journal.db holds the journal.",
                "journal.db",
                &SpanKind::Code
            ),
            "A file named what holds the journal?"
        );
        assert_eq!(
            text(
                "Backups are kept for 30 days by default.",
                "30 days",
                &SpanKind::Quantity("day".into())
            ),
            "Backups are kept for how many days by default?"
        );
    }

    #[test]
    fn a_noun_is_no_verb_and_a_verb_after_a_name_is_inside_the_subject() {
        let got = ask(
            "The code generator in SQLite processes compound SELECT statements using a recursive algorithm.",
            "recursive algorithm",
            &SpanKind::Term,
        )
        .map(|s| s.text)
        .unwrap_or_default();
        assert!(!got.contains("does the code generator"), "{got}");
        assert_eq!(
            text(
                "The pager stores each page in a cache.",
                "cache",
                &SpanKind::Term
            ),
            "In what does the pager store each page?"
        );
    }

    #[test]
    fn a_key_cut_inside_a_longer_token_is_not_asked() {
        assert_eq!(
            ask(
                "Scripts are run from /etc/cron.{hourly,daily,weekly} by anacron.",
                "/etc/cron",
                &SpanKind::Path
            ),
            None
        );
        assert_eq!(
            ask(
                "It works by deleting the table content row by row.",
                "table content row",
                &SpanKind::Term
            ),
            None
        );
        assert_eq!(
            ask(
                "It changes the way dependencies are handled by apt.",
                "way dependencies",
                &SpanKind::Term
            ),
            None
        );
        // "600 by 400 pixels": one side of a size.
        for key in ["400 pixels", "600"] {
            assert_eq!(
                ask(
                    "The default size in standalone mode is 600 by 400 pixels.",
                    key,
                    &SpanKind::Quantity("pixels".into())
                ),
                None
            );
        }
        assert_eq!(
            ask(
                "The engine runs that program, then sends the result back to the application.",
                "result back",
                &SpanKind::Term
            ),
            None
        );
        // "somewhere outside": an adverb mostly, though WordNet has it as a noun once.
        assert_eq!(
            ask(
                "The at keyword allows you to place the plot title somewhere outside the key box.",
                "plot title somewhere",
                &SpanKind::Term
            ),
            None
        );
    }

    #[test]
    fn cross_references_leave_the_question_and_comma_splices_are_none() {
        assert_eq!(
            text(
                "Applications access devices by way of special files created within /dev/ (see sidebar BACK TO BASICS Device access).",
                "/dev/",
                &SpanKind::Path
            ),
            "Applications access devices by way of special files created within which file or directory?"
        );
        assert_eq!(
            ask(
                "The installation is now complete, the program invites you to remove the CD-ROM from the reader.",
                "CD-ROM",
                &SpanKind::Name
            ),
            None
        );
    }

    #[test]
    fn a_repeated_key_is_blanked_and_a_leaning_stem_is_none() {
        assert_eq!(
            ask(
                "The file lists mirrors, and dpkg reads the list before dpkg unpacks anything.",
                "dpkg",
                &SpanKind::Name
            ),
            Some(Stem {
                text: "What fills the blank in “the file lists mirrors, and _____ reads the list before _____ unpacks anything”?".into(),
                form: Form::Blank
            })
        );
        assert_eq!(
            ask(
                "The server reads this file at start-up, before any client connects to it.",
                "server",
                &SpanKind::Term
            ),
            None
        );
        // A key inside another word of its sentence gives itself away.
        assert_eq!(
            ask(
                "Lookaside allocations are fast, so the allocation and deallocation are quick.",
                "allocation",
                &SpanKind::Term
            ),
            None
        );
        assert!(leans_on_passage("What does the above example print?"));
        for (stem, why) in [
            (
                "More precisely, which option gives the exact list?",
                "more precisely",
            ),
            ("In that case, which file is read first?", "in that case"),
            (
                "The remaining features cannot be overridden on a per what?",
                "the remaining",
            ),
            ("Which file does the second .gitignore keep?", "the second"),
            (
                "The single-parent commits C, Z, and Y do not change what?",
                "C, Z, Y",
            ),
            (
                "Determines what to do about the untracked what of the index?",
                "Determines",
            ),
            (
                "Do not list one-line descriptions from what being merged?",
                "do not",
            ),
        ] {
            assert_eq!(leans_back(stem).as_deref(), Some(why), "{stem}");
        }
        for stem in [
            "Which configuration variable sets the default editor?",
            "What does git gc call to remove unreachable objects?",
            "A boolean in which section controls signing?",
            "Which option makes a merge a fast-forward when possible?",
            "Commits in which branch are shown first?",
            "If true, git gui blame uses -C instead of -C -C for what?",
        ] {
            assert_eq!(leans_back(stem), None, "{stem}");
        }
        assert!(!whole::balanced(
            "To place plot titles elsewhere, see multiple keys (p?"
        ));
        assert!(whole::balanced("Which pragma (a setting) sets it?"));
        assert!(!leans_on_passage("What is itself a database?"));
    }

    #[test]
    fn bare_verbs() {
        assert_eq!(bare_verb("stores").as_deref(), Some("store"));
        assert_eq!(bare_verb("copies").as_deref(), Some("copy"));
        assert_eq!(bare_verb("pushes").as_deref(), Some("push"));
        assert_eq!(bare_verb("has").as_deref(), Some("have"));
        assert_eq!(bare_verb("process"), None);
    }
}
