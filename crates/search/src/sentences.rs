//! Sentences of a text: split after `.`, `!` or `?` followed by white space and an upper-case
//! letter, digit or quote, and at line breaks between non-empty lines; common abbreviations
//! ("e.g.", "Dr.") do not end a sentence.

const ABBREVIATIONS: &[&str] = &[
    "e.g.", "i.e.", "etc.", "vs.", "mr.", "mrs.", "ms.", "dr.", "prof.", "fig.", "no.", "approx.",
];

/// The sentences of `text` as byte ranges, trimmed, empty ones left out.
pub fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let push = |from: usize, to: usize, out: &mut Vec<(usize, usize)>| {
        let piece = &text[from..to];
        let lead = piece.len() - piece.trim_start().len();
        let trail = piece.len() - piece.trim_end().len();
        if to - from > lead + trail {
            out.push((from + lead, to - trail));
        }
    };
    for (k, &(at, c)) in chars.iter().enumerate() {
        let next = chars.get(k + 1).map(|p| p.1);
        let boundary = match c {
            '\n' => {
                next == Some('\n')
                    || text[start..at].trim_end().ends_with(['.', ':', '!', '?'])
                    || {
                        // A line of a list or heading: the next line starts a new sentence.
                        let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
                        let line = text[line_start..at].trim_start();
                        line.starts_with(['-', '*', '#'])
                            || line.chars().next().is_some_and(|ch| ch.is_ascii_digit())
                    }
            }
            '.' | '!' | '?' => {
                let after = chars.get(k + 2).map(|p| p.1);
                next.is_some_and(char::is_whitespace)
                    && after.is_some_and(|a| {
                        a.is_uppercase() || a.is_ascii_digit() || a == '"' || a == '“'
                    })
                    && !{
                        let word_start = text[..at].rfind(char::is_whitespace).map_or(0, |p| p + 1);
                        let word = text[word_start..=at].to_lowercase();
                        ABBREVIATIONS.contains(&word.as_str())
                    }
            }
            _ => false,
        };
        if boundary {
            let end = at + c.len_utf8();
            push(start, end, &mut out);
            start = end;
        }
    }
    push(start, text.len(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::sentences;

    fn texts(text: &str) -> Vec<&str> {
        sentences(text)
            .into_iter()
            .map(|(a, b)| &text[a..b])
            .collect()
    }

    #[test]
    fn splits_sentences_not_abbreviations() {
        assert_eq!(
            texts("Backups run nightly. Keys rotate e.g. monthly. Is it safe? Yes!"),
            [
                "Backups run nightly.",
                "Keys rotate e.g. monthly.",
                "Is it safe?",
                "Yes!"
            ]
        );
        assert_eq!(
            texts("Version 2.5 is out. 3 fixes."),
            ["Version 2.5 is out.", "3 fixes."]
        );
        assert_eq!(
            texts("# Title\nFirst line.\n\nSecond para"),
            ["# Title", "First line.", "Second para"]
        );
        assert_eq!(texts("- one\n- two"), ["- one", "- two"]);
        assert!(texts("   ").is_empty());
    }
}
