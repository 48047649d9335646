//! Turning a sentence and the span it states into a question (METHODS.md §5, offline generator):
//! "What …?" when the span is the sentence's subject, "… which file?" when it ends the sentence,
//! and a fill-in-the-blank stem when no rewrite reads well.

use super::spans::SpanKind;

/// What stands in the sentence where the answer was.
pub const BLANK: &str = "_____";

/// Verbs after which a subject span can become "What …?".
const SUBJECT_VERBS: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "has",
    "have",
    "can",
    "will",
    "provides",
    "contains",
    "allows",
    "uses",
    "offers",
    "handles",
    "manages",
    "stores",
    "supports",
    "defines",
    "controls",
    "describes",
    "lists",
    "runs",
    "creates",
    "sets",
    "keeps",
    "includes",
    "makes",
    "enables",
];

fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        // "Debian" stays, "The" becomes "the".
        Some(c) if c.is_uppercase() && chars.clone().next().is_some_and(char::is_lowercase) => {
            let word_end = text.find(' ').unwrap_or(text.len());
            let word = &text[..word_end];
            if matches!(
                word,
                "The" | "A" | "An" | "In" | "On" | "At" | "For" | "To" | "By" | "With" | "From"
            ) {
                c.to_lowercase().chain(chars).collect()
            } else {
                text.to_owned()
            }
        }
        _ => text.to_owned(),
    }
}

/// The question asking for `sentence[start..end]`, a span of `kind`.
pub fn write(sentence: &str, start: usize, end: usize, kind: &SpanKind) -> String {
    let key = &sentence[start..end];
    let before = tidy(&sentence[..start]);
    let after = tidy(
        sentence[end..]
            .trim_end()
            .trim_end_matches(['.', '!', ';', ':']),
    );
    let repeated = sentence[..start].contains(key) || sentence[end..].contains(key);
    let quantity = matches!(kind, SpanKind::Quantity(_) | SpanKind::Year);
    if !repeated {
        let verb = after.split(' ').next().unwrap_or("");
        if before.is_empty() && !quantity && SUBJECT_VERBS.contains(&verb) && after.len() > 20 {
            return format!("What {after}?");
        }
        if after.is_empty() && before.len() > 20 {
            let asking = kind.asking();
            // "started in" + "in which year" → "started in which year".
            let body = match asking.split_once(' ') {
                Some((preposition, _))
                    if before.ends_with(&format!(" {preposition}"))
                        && matches!(preposition, "in" | "on" | "at") =>
                {
                    before[..before.len() - preposition.len() - 1].to_owned()
                }
                _ => before,
            };
            let body = body.trim_end_matches([',', ':', ';']).trim_end();
            return format!("{body} {asking}?");
        }
    }
    let blanked = tidy(&sentence.replace(key, BLANK));
    let blanked = blanked.trim_end_matches(['.', '!', ';', ':']);
    format!("What fills the blank in “{}”?", lower_first(blanked))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(sentence: &str, key: &str, kind: &SpanKind) -> String {
        let start = sentence.find(key).unwrap();
        write(sentence, start, start + key.len(), kind)
    }

    #[test]
    fn subjects_become_what_questions() {
        assert_eq!(
            ask(
                "Aptitude is an interactive front end to the package manager.",
                "Aptitude",
                &SpanKind::Name
            ),
            "What is an interactive front end to the package manager?"
        );
    }

    #[test]
    fn final_spans_are_asked_for_by_kind() {
        assert_eq!(
            ask(
                "The list of package sources is kept in /etc/apt/sources.list.",
                "/etc/apt/sources.list",
                &SpanKind::Path
            ),
            "The list of package sources is kept in which file or directory?"
        );
        assert_eq!(
            ask(
                "The Debian project was founded in 1993.",
                "1993",
                &SpanKind::Year
            ),
            "The Debian project was founded in which year?"
        );
        assert_eq!(
            ask(
                "Security updates for a stable release are provided for 3 years.",
                "3 years",
                &SpanKind::Quantity("year".into())
            ),
            "Security updates for a stable release are provided for how many years?"
        );
    }

    #[test]
    fn otherwise_and_when_the_key_repeats_the_stem_blanks_it() {
        assert_eq!(
            ask(
                "The file lists mirrors, and dpkg reads it before dpkg unpacks anything.",
                "dpkg",
                &SpanKind::Name
            ),
            "What fills the blank in “the file lists mirrors, and _____ reads it before _____ unpacks anything”?"
        );
    }
}
