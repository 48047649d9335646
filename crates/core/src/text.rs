//! Text that is safe to show: names without the invisible characters that reorder or hide what
//! a reader sees, and imported text with those characters made visible.
//!
//! A bidirectional override (U+202E) makes "Vendor A\u{202E}B" display as another string, so a
//! name could impersonate another system or question. Names (of systems, exams, topics,
//! documents, questions' ids, factors) lose such characters when they enter a project;
//! imported *text* (stems, choices, answers, passages) is kept as written and shown with them
//! spelled out, e.g. `⟨U+202E⟩`.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Characters that change the order or visibility of what follows them: bidirectional
/// embeddings, overrides, isolates and marks, and zero-width characters.
pub fn is_invisible_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// A name in Unicode's composed form (NFC): "Café" typed with a combining accent and "Café"
/// typed with é are one name.
pub fn composed(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.nfc().collect()
}

/// Text in its compatibility form (NFKC): full-width, circled and mathematical letters and
/// digits become the plain ones ("Ａ", "ⓑ", "ℂ", "²" → "A", "b", "C", "2").
pub fn compatible(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfkc().collect()
}

/// A word without the accents of Latin letters: each letter decomposed and its accents
/// dropped ("đội" → "doi", "Schönbrunn" → "Schonbrunn", "ł" → "l", "ø" → "o"). Other
/// scripts' marks stay (a virama is part of the word).
pub fn without_accents(word: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    word.nfd()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(|c| match c {
            'đ' => 'd',
            'Đ' => 'D',
            'ł' => 'l',
            'Ł' => 'L',
            'ø' => 'o',
            'Ø' => 'O',
            c => c,
        })
        .collect()
}

/// Whether a character is a combining mark (a virama, a nukta, an accent written apart): it
/// belongs to the word it follows, though it is no letter of its own ("स्थ" is one word).
pub fn is_combining_mark(c: char) -> bool {
    unicode_normalization::char::is_combining_mark(c)
}

/// Whether two names would look alike on screen: equal once composed and in lower case
/// ("Billing" and "billing", "Café" in either form).
pub fn look_alike(a: &str, b: &str) -> bool {
    composed(a.trim()).to_lowercase() == composed(b.trim()).to_lowercase()
}

/// A name as it is stored and shown: invisible controls and other control characters removed,
/// runs of white space (tabs, line breaks) as one space, trimmed, composed ([`composed`]).
pub fn clean_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut space = false;
    for c in name.chars() {
        if is_invisible_control(c) {
            continue;
        }
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if c.is_control() {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    composed(&out)
}

/// Imported text for display: invisible controls and control characters other than line
/// breaks and tabs are spelled out as `⟨U+XXXX⟩`, so nothing hides or reorders the text.
pub fn visible(text: &str) -> Cow<'_, str> {
    let hidden =
        |c: char| is_invisible_control(c) || (c.is_control() && !matches!(c, '\n' | '\t' | '\r'));
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hidden(c) {
            let _ = write!(out, "⟨U+{:04X}⟩", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_of_latin_letters_are_dropped_and_other_marks_kept() {
        assert_eq!(without_accents("có các đội tàu"), "co cac doi tau");
        assert_eq!(without_accents("Schönbrunn łódź"), "Schonbrunn lodz");
        assert_eq!(without_accents("plain"), "plain");
        // A virama is part of a Devanagari word.
        assert_eq!(without_accents("स्थ"), "स्थ");
    }

    #[test]
    fn regression_bidi_overrides_cannot_disguise_a_name() {
        // Defect 8 of issue 9: "Atlas\u{202E}GAR" displayed as "AtlasRAG".
        assert_eq!(clean_name("Atlas\u{202E}GAR"), "AtlasGAR");
        assert_eq!(
            clean_name("\u{2066}Beacon\u{2069} \t Search\n"),
            "Beacon Search"
        );
        assert_eq!(clean_name("q\u{200B}1\u{0007}"), "q1");
        assert_eq!(clean_name("plain name"), "plain name");
    }

    #[test]
    fn names_typed_two_ways_are_one_name() {
        let decomposed = "Cafe\u{301}";
        assert_ne!(decomposed, "Caf\u{e9}");
        assert_eq!(clean_name(decomposed), "Caf\u{e9}");
        assert!(look_alike("Billing", "billing "));
        assert!(look_alike(decomposed, "CAF\u{c9}"));
        assert!(!look_alike("Billing", "Billings"));
    }

    #[test]
    fn text_shows_hidden_characters_where_they_are() {
        assert_eq!(visible("abc"), Cow::Borrowed("abc"));
        assert_eq!(
            visible("pay \u{202E}0001\u{202C} now"),
            "pay ⟨U+202E⟩0001⟨U+202C⟩ now"
        );
        assert_eq!(visible("a\nb\tc\u{0}"), "a\nb\tc⟨U+0000⟩");
    }
}
