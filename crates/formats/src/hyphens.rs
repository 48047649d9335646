//! Words a PDF broke at a line's end ("source pack-" / "ages") and paths it broke after a
//! slash ("/usr/" / "sbin"): joined again, so a sentence reads as its author wrote it and a
//! question never asks for half a word or half a path.

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

/// `text` with every path broken after one of its slashes ("/usr/" and "sbin" on the next line,
/// or set apart by a space) joined again where the document writes the whole path elsewhere
/// ("/usr/sbin"), and how many were. "either /usr/ or /opt/" stays: no path "/usr/or" is written.
pub fn joined_paths(text: &str) -> (String, usize) {
    let bare = |token: &str| {
        token
            .trim_start_matches(['(', '[', '"', '\'', '`', '“', '‘'])
            .trim_end_matches([
                ')', ']', '"', '\'', '`', '”', '’', ',', ';', ':', '.', '!', '?',
            ])
            .to_owned()
    };
    let paths: HashSet<String> = text
        .split_whitespace()
        .map(bare)
        .filter(|t| t.contains('/') && !t.ends_with('/'))
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut joined = 0;
    let mut rest = text;
    while let Some(gap) = rest.find(char::is_whitespace) {
        let (token, after) = rest.split_at(gap);
        out.push_str(token);
        let next_at = after
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(after.len());
        let (space, next) = after.split_at(next_at);
        let next_token = next.split(char::is_whitespace).next().unwrap_or("");
        let head = bare(token);
        let broken = token.ends_with('/')
            && head.len() > 1
            && head.matches('/').count() >= 2
            && !space.contains("\n\n")
            && next_token.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
            && paths.contains(&bare(&format!("{head}{next_token}")));
        if broken {
            joined += 1;
        } else {
            out.push_str(space);
        }
        rest = next;
    }
    out.push_str(rest);
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
    fn a_path_broken_after_a_slash_is_joined_where_it_is_written_whole() {
        let text =
            "Binaries go in /usr/\nsbin for the system, and (/usr/ sbin). See /usr/sbin too.";
        let (got, joined) = joined_paths(text);
        assert_eq!(
            got,
            "Binaries go in /usr/sbin for the system, and (/usr/sbin). See /usr/sbin too."
        );
        assert_eq!(joined, 2);
        // Not a path written nowhere whole, nor across a paragraph.
        let text = "Either /usr/ or /opt/ will do.\nPut it in /usr/\n\nsbin is /usr/sbin.";
        assert_eq!(joined_paths(text), (text.to_owned(), 0));
    }

    #[test]
    fn text_without_breaks_is_unchanged() {
        let text = "\nOne line.\n\nTwo lines -- and a dash-\n";
        assert_eq!(joined_hyphens(text), (text.to_owned(), 0));
    }
}
