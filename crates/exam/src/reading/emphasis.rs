//! A reply that names several choices and commits to none in so many words may still mark its
//! answer (METHODS.md §13, step 5): the one choice it sets in bold ("unless at least **512 MB**
//! of memory is free. The 2 GB figure you may have seen applies to a different package"), or the
//! one its conclusion names ("25 devices is the Team plan, 250 is Business and 500 is
//! Education, so Enterprise must be the unlimited one").

use super::{decide, letters, own_words, text, words};

/// Words that deny what they stand beside: a bold "not B" or a conclusion "so not C" marks no
/// answer.
const DENIALS: &[&str] = &[
    "not",
    "no",
    "never",
    "wrong",
    "incorrect",
    "false",
    "isn't",
    "aren't",
    "doesn't",
    "won't",
];

/// Where a reply's conclusion begins, the last of these in it.
const CONCLUSIONS: &[&str] = &[
    ", so ",
    "therefore",
    "thus",
    "hence",
    "that leaves",
    "which leaves",
    "only leaves",
    "survives",
];

/// The choice a reply marks as its answer, when exactly one is marked — in bold, or, where
/// `by_conclusion`, by its conclusion.
pub(super) fn marked(reply: &str, choices: &[String], by_conclusion: bool) -> Option<usize> {
    bold(reply, choices).or_else(|| by_conclusion.then(|| concluded(reply, choices)).flatten())
}

/// The one choice named in bold, none of the bold spans denying what it names.
fn bold(reply: &str, choices: &[String]) -> Option<usize> {
    let pieces: Vec<&str> = reply.split("**").collect();
    // An odd number of pieces: every "**" has its pair.
    if pieces.len() < 3 || pieces.len().is_multiple_of(2) {
        return None;
    }
    let mut named = Vec::new();
    for span in pieces.iter().skip(1).step_by(2) {
        let found = named_in(span, choices);
        if !found.is_empty() && denies(span) {
            return None;
        }
        named.extend(found);
    }
    one(named)
}

/// The one choice the conclusion names — after ", so", "therefore", "that leaves" in the
/// reply's last sentence — by its letter or text, or in its own words.
fn concluded(reply: &str, choices: &[String]) -> Option<usize> {
    let last = reply
        .trim_end()
        .rsplit(['\n'])
        .find(|line| !line.trim().is_empty())?;
    let lower = last.to_lowercase();
    let at = CONCLUSIONS
        .iter()
        .filter_map(|c| lower.rfind(c).map(|at| at + c.len()))
        .max()?;
    // The marker ends on a character boundary of the lower-cased text; find the same place in
    // the original by counting characters.
    let chars = lower[..at].chars().count();
    let clause: String = last.chars().skip(chars).collect();
    if denies(&clause) {
        return None;
    }
    let found = named_in(&clause, choices);
    if found.is_empty() {
        return own_words::restated(&words::words(&clause), choices);
    }
    one(found)
}

/// The distinct choices `text` names by letter or text.
fn named_in(text: &str, choices: &[String]) -> Vec<usize> {
    let words = words::words(text);
    let numbered = !choices.iter().any(|c| {
        words::words(c)
            .iter()
            .any(|w| w.text.chars().all(|ch| ch.is_ascii_digit()))
    });
    let by_text = text::mentions(&words, choices);
    let by_letter = letters::mentions(&words, choices.len(), numbered);
    decide::distinct(by_text.iter().chain(&by_letter).map(|m| m.choice))
}

fn denies(text: &str) -> bool {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .any(|w| DENIALS.contains(&w))
}

fn one(named: Vec<usize>) -> Option<usize> {
    match decide::distinct(named.into_iter()).as_slice() {
        [only] => Some(*only),
        _ => None,
    }
}
