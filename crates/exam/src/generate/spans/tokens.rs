//! A sentence's words as spans are cut from them, and the shapes of the tokens that are spans of
//! their own: numbers with units, years, code identifiers, capitalised names.

use super::SpanKind;
use crate::lexicon;
use proctor_stats::text::is_stopword;

/// A whitespace-separated word with the punctuation around it removed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Word<'a> {
    pub text: &'a str,
    pub start: usize,
    pub end: usize,
    /// Punctuation followed the word (a comma, a full stop, a closing quote): phrases do not run
    /// across it. An opening quote does not stop one ("“Tape ARchive”").
    pub breaks: bool,
    /// Punctuation opened the word (a bracket, a quote): no phrase runs into it.
    pub opened: bool,
}

const OPENING: &[char] = &['(', '[', '{', '"', '\'', '“', '‘', '«', '`'];
const CLOSING: &[char] = &[
    ')', ']', '}', '"', '\'', '”', '’', '»', '`', '.', ',', ';', ':', '!', '?',
];

pub(super) fn words(sentence: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut at = 0;
    for raw in sentence.split_whitespace() {
        let start = at + sentence[at..].find(raw).unwrap_or(0);
        at = start + raw.len();
        let lead = raw.len() - raw.trim_start_matches(OPENING).len();
        let inner = &raw[lead..];
        let mut text = inner.trim_end_matches(CLOSING);
        // "get_value()" keeps its brackets.
        if text.ends_with('(') && inner[text.len()..].starts_with(')') {
            text = &inner[..=text.len()];
        }
        // "sources.list." keeps its inner dot; a final one is punctuation.
        if text.is_empty() {
            continue;
        }
        out.push(Word {
            text,
            start: start + lead,
            end: start + lead + text.len(),
            breaks: text.len() < inner.len(),
            opened: lead > 0,
        });
    }
    out
}

pub(super) fn is_number(text: &str) -> bool {
    let mut digits = 0;
    let mut last_separator = true;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits += 1;
            last_separator = false;
        } else if matches!(c, '.' | ',') && !last_separator {
            last_separator = true;
        } else {
            return false;
        }
    }
    digits > 0 && !last_separator
}

/// A unit word: letters only, short, not a function word.
pub(super) fn unit_of(word: &str) -> Option<String> {
    if word == "%" {
        return Some("%".into());
    }
    let ok = (1..=12).contains(&word.len())
        && word.chars().all(char::is_alphabetic)
        && !is_stopword(&word.to_lowercase());
    ok.then(|| {
        let lower = if word.chars().all(char::is_uppercase) || word.len() <= 3 {
            word.to_owned()
        } else {
            word.to_lowercase()
        };
        match lower.strip_suffix('s') {
            Some(single) if single.len() >= 3 && !single.ends_with('s') => single.to_owned(),
            _ => lower,
        }
    })
}

/// Whether `number unit` counts things: the unit is a plural ("30 days", "64 columns"), an
/// abbreviation ("512 MB", "4 GiB"), or the number is one. "2.8 database" and "7 different" are
/// no counts.
pub(super) fn counts(number: &str, unit: &str) -> bool {
    const SMALL_UNITS: &[&str] = &[
        "s", "ms", "us", "ns", "h", "min", "sec", "px", "pt", "em", "kb", "mb", "gb", "tb", "kib",
        "mib", "gib", "hz", "khz", "mhz", "ghz",
    ];
    // "1 gives", "3 means": a verb, not a unit.
    if lexicon::parts(unit).is_some_and(|p| !p.noun() || p.mostly_verb()) {
        return false;
    }
    let plural = unit.len() >= 3
        && unit.ends_with('s')
        && !unit.ends_with("ss")
        && !unit.ends_with("us")
        && !unit.ends_with("is");
    let abbreviation = (unit.len() <= 4 && unit.chars().any(|c| c.is_ascii_uppercase()))
        || SMALL_UNITS.contains(&unit);
    plural || abbreviation || number == "1"
}

/// "512MB", "80%": a number glued to its unit.
pub(super) fn glued_quantity(text: &str) -> Option<String> {
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))?;
    let (number, unit) = text.split_at(split);
    // "20th", "1st": an ordinal, no count.
    let ordinal = matches!(unit, "st" | "nd" | "rd" | "th");
    (is_number(number)
        && !ordinal
        && (unit == "%" || (unit.len() <= 3 && unit.chars().all(char::is_alphabetic))))
    .then(|| unit.to_owned())
}

pub(super) fn code_kind(text: &str) -> Option<SpanKind> {
    let letters = text.chars().filter(char::is_ascii_alphabetic).count();
    // "sqlite3session_", "--no-": an identifier a line break or a template cut.
    if !(3..=48).contains(&text.len())
        || letters < 2
        || text.contains("://")
        || text.ends_with(['_', '-'])
    {
        return None;
    }
    if text.starts_with('-') {
        let rest = text.trim_start_matches('-');
        return (rest.starts_with(|c: char| c.is_ascii_alphabetic())
            && rest
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .then_some(SpanKind::Option);
    }
    if text.contains('/') {
        let segments = text.split('/').filter(|s| !s.is_empty()).count();
        let pathy = text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '~' | '*'));
        // "date/time" and "read/write" are pairs of words; a path is rooted, or names a file,
        // or goes three folders deep.
        let last = text.rsplit('/').next().unwrap_or("");
        let file = last.rsplit_once('.').is_some_and(|(name, ext)| {
            !name.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
        });
        let rooted = text.starts_with('/') || text.starts_with("~/") || text.starts_with("./");
        // "fast/medium/slow" lists words; "lib/x86_64/gconv" goes folders deep.
        let words = text.split('/').all(|s| {
            s.is_empty()
                || lexicon::parts(s).is_some()
                || s.starts_with(|c: char| c.is_ascii_uppercase())
        });
        // "refs/dgit/*" is a pattern of names, not a file.
        let pattern = !rooted && text.contains('*');
        return (pathy && !pattern && (rooted || file || (segments >= 3 && !words)))
            .then_some(SpanKind::Path);
    }
    let identifier = text.chars().all(|c| {
        c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | ':' | '(' | ')' | '=' | '+')
    });
    if !identifier || text.matches('(').count() != text.matches(')').count() {
        return None;
    }
    let dotted = text.split('.').count() > 1 && text.split('.').all(|s| s.len() >= 2);
    let camel = text
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
    let codey =
        text.contains('_') || text.contains("::") || text.ends_with("()") || text.contains('=');
    (dotted || camel || codey).then_some(SpanKind::Code)
}

pub(super) fn capitalised(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(char::is_uppercase)
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '\'')
        && text.chars().any(char::is_alphabetic)
        // "Ar-" is a word a PDF hyphenated across lines.
        && !text.ends_with('-')
}

/// All capitals, two letters or more ("HEX", "ROWID", "NOTE").
pub(super) fn upper_case(text: &str) -> bool {
    text.len() >= 2
        && text
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && text.chars().any(|c| c.is_ascii_uppercase())
}

/// An upper-case English word next to another upper-case word: shouting ("ABSOLUTELY NO
/// WARRANTY"), not an acronym.
pub(super) fn shouting(words: &[Word<'_>], at: usize) -> bool {
    let upper = |w: &Word<'_>| upper_case(w.text);
    upper(&words[at])
        && lexicon::parts(words[at].text).is_some()
        && [at.wrapping_sub(1), at + 1]
            .iter()
            .any(|&n| words.get(n).is_some_and(upper))
}

/// Brackets and quotes in a span open and close inside it.
pub(super) fn balanced(text: &str) -> bool {
    text.matches('(').count() == text.matches(')').count()
        && text.matches('[').count() == text.matches(']').count()
        && text.matches('"').count().is_multiple_of(2)
}

/// Words before a number that make it a year: "in 1993", "since 2005", "until 2010".
pub(super) const YEAR_BEFORE: &[&str] = &[
    "in",
    "since",
    "until",
    "till",
    "before",
    "after",
    "by",
    "from",
    "during",
    "around",
    "circa",
    "year",
    "early",
    "late",
    "mid",
    "copyright",
    "©",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "spring",
    "summer",
    "autumn",
    "fall",
    "winter",
];
