//! Words a PDF broke at a line's end ("source pack-" / "ages"): joined again, so a sentence
//! reads as its author wrote it and a question never asks for half a word.

use std::collections::HashSet;

/// `text` with every word broken by a hyphen at a line's end joined to the rest of it on the
/// next line with words, and how many were. The hyphen goes when the document writes the whole word
/// elsewhere ("packages"); it stays when the word is a compound ("non-" / "developers" →
/// "non-developers"). Only a lower-case letter before the hyphen and one after the break
/// qualify: "1-" / "Jan-1970" and "US-" / "ASCII" keep their line break.
pub fn joined_hyphens(text: &str) -> (String, usize) {
    let vocabulary: HashSet<String> = text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() > 2)
        .map(str::to_lowercase)
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut joined = 0;
    for (i, line) in text.split('\n').enumerate() {
        let rest = line.trim_start();
        // A PDF's reader may set a blank line between two lines set far apart.
        let before = out.trim_end_matches('\n');
        if let Some((head, tail)) = broken(before).zip(carried_on(rest)) {
            let whole = format!("{head}{tail}").to_lowercase();
            out.truncate(before.len());
            if vocabulary.contains(&whole) {
                out.pop();
            }
            out.push_str(rest);
            joined += 1;
            continue;
        }
        if i > 0 {
            out.push('\n');
        }
        out.push_str(line);
    }
    (out, joined)
}

/// The letters of the word that `text` ends with, broken by a hyphen: "pack" for "… source
/// pack-", "pixel" for "one-pixel-".
fn broken(text: &str) -> Option<&str> {
    let body = text.strip_suffix('-')?;
    let start = body
        .char_indices()
        .rev()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(0, |(at, c)| at + c.len_utf8());
    let head = &body[start..];
    head.chars()
        .last()
        .is_some_and(char::is_lowercase)
        .then_some(head)
}

/// The letters that open `line` when it starts with a lower-case word: "ages" for "ages, or in
/// the filenames".
fn carried_on(line: &str) -> Option<&str> {
    let end = line
        .char_indices()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(line.len(), |(at, _)| at);
    let tail = &line[..end];
    tail.chars()
        .next()
        .is_some_and(char::is_lowercase)
        .then_some(tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_written_whole_elsewhere_loses_its_hyphen() {
        let text = "Epochs are not in the names of source pack-\nages, or of binary packages.";
        let (got, joined) = joined_hyphens(text);
        assert_eq!(
            got,
            "Epochs are not in the names of source packages, or of binary packages."
        );
        assert_eq!(joined, 1);
    }

    #[test]
    fn a_compound_keeps_its_hyphen_and_other_breaks_stay() {
        let text = "Examples for non-\ndevelopers.\nThe epoch 1-\nJan-1970 and US-\nASCII.\nA list -\nnot a word.";
        let (got, joined) = joined_hyphens(text);
        assert_eq!(
            got,
            "Examples for non-developers.\nThe epoch 1-\nJan-1970 and US-\nASCII.\nA list -\nnot a word."
        );
        assert_eq!(joined, 1);
    }

    #[test]
    fn a_capital_before_the_break_may_start_the_word() {
        let (got, _) = joined_hyphens("(see Sec-\ntion 4). Each section says so.");
        assert_eq!(got, "(see Section 4). Each section says so.");
    }

    #[test]
    fn text_without_breaks_is_unchanged() {
        let text = "\nOne line.\n\nTwo lines -- and a dash-\n";
        assert_eq!(joined_hyphens(text), (text.to_owned(), 0));
    }
}
