//! Mapping a system's answer — a letter or free text — to one choice.

use proctor_core::Choices;
use serde::Serialize;

/// How an answer was mapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Mapped {
    /// A letter ("B", "(b)", "B)", "Answer: B").
    Letter(usize),
    /// The choice's own text, after normalisation.
    ExactText(usize),
    /// Free text that contains exactly one choice's text (or one that contains all the others).
    ContainedText(usize),
    /// Empty answer.
    Empty,
    /// A letter past the last choice.
    LetterOutOfRange,
    /// Free text containing several choices, none containing the others.
    Ambiguous,
    /// Free text matching no choice.
    NoMatch,
}

impl Mapped {
    /// The chosen 0-based index, if the answer mapped to a choice.
    pub fn choice(self) -> Option<usize> {
        match self {
            Mapped::Letter(i) | Mapped::ExactText(i) | Mapped::ContainedText(i) => Some(i),
            Mapped::Empty | Mapped::LetterOutOfRange | Mapped::Ambiguous | Mapped::NoMatch => None,
        }
    }
}

/// Lower case, letters and digits only, single spaces.
pub fn normalise(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn strip_answer_prefix(text: &str) -> &str {
    let lower = text.to_ascii_lowercase();
    for prefix in [
        "the correct answer is",
        "the answer is",
        "correct answer:",
        "answer:",
        "answer is",
    ] {
        if lower.starts_with(prefix) {
            return text[prefix.len()..].trim();
        }
    }
    text
}

/// Maps an answer to a choice.
pub fn map_answer(raw: &str, choices: &[String]) -> Mapped {
    let text = strip_answer_prefix(raw.trim());
    if text.is_empty() {
        return Mapped::Empty;
    }
    let letter_only = text.trim_matches(|c: char| "()[].:".contains(c) || c.is_whitespace());
    if letter_only.chars().count() == 1
        && let Some(index) = letter_only.chars().next().and_then(Choices::letter_index)
    {
        return if index < choices.len() {
            Mapped::Letter(index)
        } else {
            Mapped::LetterOutOfRange
        };
    }
    let answer = normalise(text);
    let normalised: Vec<String> = choices.iter().map(|c| normalise(c)).collect();
    if let Some(i) = normalised.iter().position(|c| *c == answer) {
        return Mapped::ExactText(i);
    }
    // "B) the blue one" / "B. the blue one": a letter prefix with text after it.
    let mut chars = text.trim_start_matches('(').chars();
    if let (Some(first), Some(sep)) = (chars.next(), chars.next())
        && ")].:".contains(sep)
        && let Some(index) = Choices::letter_index(first).filter(|i| *i < choices.len())
    {
        return Mapped::Letter(index);
    }
    let padded = format!(" {answer} ");
    let contained: Vec<usize> = normalised
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_empty() && padded.contains(&format!(" {c} ")))
        .map(|(i, _)| i)
        .collect();
    match contained.as_slice() {
        [] => Mapped::NoMatch,
        [one] => Mapped::ContainedText(*one),
        many => many
            .iter()
            .copied()
            .find(|&i| {
                let outer = format!(" {} ", normalised[i]);
                many.iter()
                    .all(|&j| outer.contains(&format!(" {} ", normalised[j])))
            })
            .map_or(Mapped::Ambiguous, Mapped::ContainedText),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> Vec<String> {
        ["Port 443", "Port 80", "Light blue", "Blue"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn letters_in_many_spellings() {
        for raw in [
            "B",
            "b",
            "(B)",
            "B)",
            "B.",
            "Answer: B",
            "The answer is (b).",
        ] {
            assert_eq!(map_answer(raw, &choices()), Mapped::Letter(1), "{raw}");
        }
        assert_eq!(map_answer("F", &choices()), Mapped::LetterOutOfRange);
        assert_eq!(map_answer("C) something", &choices()), Mapped::Letter(2));
    }

    #[test]
    fn free_text_by_normalised_match() {
        assert_eq!(map_answer("port-443!", &choices()), Mapped::ExactText(0));
        assert_eq!(
            map_answer("It listens on port 80 by default", &choices()),
            Mapped::ContainedText(1)
        );
        assert_eq!(
            map_answer("The sky is light blue today", &choices()),
            Mapped::ContainedText(2)
        );
        assert_eq!(
            map_answer("Either port 80 or port 443", &choices()),
            Mapped::Ambiguous
        );
        assert_eq!(map_answer("I do not know", &choices()), Mapped::NoMatch);
        assert_eq!(map_answer("   ", &choices()), Mapped::Empty);
        // "a" as a word is not the letter A when more text follows.
        assert_eq!(
            map_answer("a blue thing", &choices()),
            Mapped::ContainedText(3)
        );
    }
}
