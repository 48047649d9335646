//! Multiple-choice questions and the rules a question must satisfy before it is stored.

use crate::BloomLevel;
use serde::{Deserialize, Serialize};

/// The fewest choices a question may have.
pub const MIN_CHOICES: usize = 2;
/// The most choices a question may have (letters A–F).
pub const MAX_CHOICES: usize = 6;

/// The choices of a question, 2 to 6 distinct non-empty texts, shown with letters A, B, C, ...
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Choices(Vec<String>);

impl Choices {
    /// The choice texts in order.
    pub fn texts(&self) -> &[String] {
        &self.0
    }

    /// How many choices there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Never true for a validated question; present for API completeness.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The letter shown for the choice at `index` (0 → 'A').
    pub fn letter(&self, index: usize) -> char {
        letter(index)
    }

    /// The 0-based index of a letter, case-insensitive ('b' → 1); `None` past 'F'.
    pub fn letter_index(letter: char) -> Option<usize> {
        let upper = letter.to_ascii_uppercase();
        ('A'..='F')
            .contains(&upper)
            .then(|| usize::from(upper as u8 - b'A'))
    }

    /// Builds choices, checking count, emptiness and distinctness.
    pub fn new(texts: Vec<String>) -> Result<Self, InvalidQuestion> {
        if !(MIN_CHOICES..=MAX_CHOICES).contains(&texts.len()) {
            return Err(InvalidQuestion::ChoiceCount(texts.len()));
        }
        for (i, text) in texts.iter().enumerate() {
            if text.trim().is_empty() {
                return Err(InvalidQuestion::EmptyChoice(i));
            }
            if let Some(j) = texts[..i]
                .iter()
                .position(|earlier| earlier.trim().eq_ignore_ascii_case(text.trim()))
            {
                return Err(InvalidQuestion::DuplicateChoice(j, i));
            }
        }
        Ok(Self(texts))
    }
}

/// The letter of a 0-based choice index ('A' for 0), '?' past 'Z'.
pub fn letter(index: usize) -> char {
    u8::try_from(index)
        .ok()
        .filter(|i| *i < 26)
        .map_or('?', |i| char::from(b'A' + i))
}

/// Why a question was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidQuestion {
    /// The id is empty.
    #[error("the question id is empty")]
    EmptyId,
    /// The stem is empty.
    #[error("the question text is empty")]
    EmptyStem,
    /// Too few or too many choices.
    #[error("a question needs {MIN_CHOICES} to {MAX_CHOICES} choices, this one has {0}")]
    ChoiceCount(usize),
    /// A choice is blank.
    #[error("choice {} is empty", letter(*.0))]
    EmptyChoice(usize),
    /// Two choices say the same.
    #[error("choices {} and {} are the same text", letter(*.0), letter(*.1))]
    DuplicateChoice(usize, usize),
    /// The key points past the last choice.
    #[error("the correct answer is choice {}, but there are only {} choices", letter(*.0), .1)]
    KeyOutOfRange(usize, usize),
}

/// A question as read from a file or typed by a user, before validation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuestionDraft {
    /// The id the question has in its source (a row id, a UUID); unique within an exam version.
    pub external_id: String,
    /// The query (EXAM mode) whose question bank this question belongs to, if any.
    pub query: Option<String>,
    /// The question text.
    pub stem: String,
    /// The choice texts, without letters.
    pub choices: Vec<String>,
    /// 0-based index of the correct choice.
    pub key: usize,
    /// Topic name, if the source names one.
    pub topic: Option<String>,
    /// Bloom levels set by the source, which override the classifier.
    pub bloom_override: Option<Vec<BloomLevel>>,
    /// The source passage the question was written from, as text.
    pub source_text: Option<String>,
    /// Who or what wrote the question (a person, a generator and its prompt).
    pub generator: Option<String>,
}

impl QuestionDraft {
    /// Checks the draft and returns the validated question parts.
    ///
    /// The id, query and topic are names: they lose invisible and control characters
    /// ([`crate::text::clean_name`]) so that no name can disguise itself as another.
    pub fn validate(self) -> Result<ValidQuestion, InvalidQuestion> {
        let external_id = crate::text::clean_name(&self.external_id);
        if external_id.is_empty() {
            return Err(InvalidQuestion::EmptyId);
        }
        if self.stem.trim().is_empty() {
            return Err(InvalidQuestion::EmptyStem);
        }
        let choices = Choices::new(self.choices)?;
        if self.key >= choices.len() {
            return Err(InvalidQuestion::KeyOutOfRange(self.key, choices.len()));
        }
        let name = |value: Option<String>| {
            value
                .map(|v| crate::text::clean_name(&v))
                .filter(|v| !v.is_empty())
        };
        Ok(ValidQuestion {
            external_id,
            query: name(self.query),
            stem: self.stem.trim().to_owned(),
            choices,
            key: self.key,
            topic: name(self.topic),
            bloom_override: self.bloom_override,
            source_text: self.source_text,
            generator: self.generator,
        })
    }
}

/// A question that passed validation and may be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidQuestion {
    /// See [`QuestionDraft::external_id`].
    pub external_id: String,
    /// See [`QuestionDraft::query`].
    pub query: Option<String>,
    /// See [`QuestionDraft::stem`].
    pub stem: String,
    /// The validated choices.
    pub choices: Choices,
    /// 0-based index of the correct choice, within range.
    pub key: usize,
    /// See [`QuestionDraft::topic`].
    pub topic: Option<String>,
    /// See [`QuestionDraft::bloom_override`].
    pub bloom_override: Option<Vec<BloomLevel>>,
    /// See [`QuestionDraft::source_text`].
    pub source_text: Option<String>,
    /// See [`QuestionDraft::generator`].
    pub generator: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(choices: &[&str], key: usize) -> QuestionDraft {
        QuestionDraft {
            external_id: "q".into(),
            stem: "What?".into(),
            choices: choices.iter().map(|c| (*c).to_owned()).collect(),
            key,
            ..QuestionDraft::default()
        }
    }

    #[test]
    fn accepts_two_to_six_choices() {
        assert!(draft(&["a", "b"], 0).validate().is_ok());
        assert!(draft(&["a", "b", "c", "d", "e", "f"], 5).validate().is_ok());
        assert_eq!(
            draft(&["a"], 0).validate(),
            Err(InvalidQuestion::ChoiceCount(1))
        );
        assert_eq!(
            draft(&["a", "b", "c", "d", "e", "f", "g"], 0).validate(),
            Err(InvalidQuestion::ChoiceCount(7))
        );
    }

    #[test]
    fn refuses_bad_keys_blank_and_duplicate_choices() {
        let err = draft(&["a", "b", "c"], 3).validate().unwrap_err();
        assert_eq!(
            err.to_string(),
            "the correct answer is choice D, but there are only 3 choices"
        );
        assert_eq!(
            draft(&["a", " "], 0).validate(),
            Err(InvalidQuestion::EmptyChoice(1))
        );
        assert_eq!(
            draft(&["Yes", "no", "yes "], 0).validate(),
            Err(InvalidQuestion::DuplicateChoice(0, 2))
        );
    }

    #[test]
    fn letters_map_both_ways() {
        let choices = Choices::new(vec!["x".into(), "y".into()]).unwrap();
        assert_eq!(choices.letter(0), 'A');
        assert_eq!(Choices::letter_index('f'), Some(5));
        assert_eq!(Choices::letter_index('G'), None);
    }
}
