//! Question categories: Bloom's revised taxonomy levels and interrogative types (METHODS.md §4).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A level of Bloom's revised taxonomy, plus `Uncategorized` when no keyword matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BloomLevel {
    /// Recall facts: list, name, define.
    Remembering,
    /// Explain ideas: describe, summarize.
    Understanding,
    /// Use information in new situations: apply, configure.
    Applying,
    /// Draw connections: compare, troubleshoot.
    Analyzing,
    /// Justify a decision: evaluate, recommend.
    Evaluating,
    /// Produce something new: design, build.
    Creating,
    /// No keyword of any level matched.
    Uncategorized,
}

impl BloomLevel {
    /// The six levels in taxonomy order, without `Uncategorized`.
    pub const LEVELS: [BloomLevel; 6] = [
        BloomLevel::Remembering,
        BloomLevel::Understanding,
        BloomLevel::Applying,
        BloomLevel::Analyzing,
        BloomLevel::Evaluating,
        BloomLevel::Creating,
    ];

    /// The level's name as stored and shown.
    pub fn as_str(self) -> &'static str {
        match self {
            BloomLevel::Remembering => "Remembering",
            BloomLevel::Understanding => "Understanding",
            BloomLevel::Applying => "Applying",
            BloomLevel::Analyzing => "Analyzing",
            BloomLevel::Evaluating => "Evaluating",
            BloomLevel::Creating => "Creating",
            BloomLevel::Uncategorized => "Uncategorized",
        }
    }
}

impl fmt::Display for BloomLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for BloomLevel {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim();
        BloomLevel::LEVELS
            .into_iter()
            .chain([BloomLevel::Uncategorized])
            .find(|level| level.as_str().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                format!(
                    "'{wanted}' is not a Bloom level (expected one of Remembering, Understanding, \
                     Applying, Analyzing, Evaluating, Creating, Uncategorized)"
                )
            })
    }
}

/// The question's first interrogative word, or `Other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum QuestionType {
    /// "What ...?"
    What,
    /// "Which ...?"
    Which,
    /// "How ...?"
    How,
    /// "When ...?"
    When,
    /// "Why ...?"
    Why,
    /// "Where ...?"
    Where,
    /// "Who ...?"
    Who,
    /// No interrogative word.
    Other,
}

impl QuestionType {
    /// Every type, in display order.
    pub const ALL: [QuestionType; 8] = [
        QuestionType::What,
        QuestionType::Which,
        QuestionType::How,
        QuestionType::When,
        QuestionType::Why,
        QuestionType::Where,
        QuestionType::Who,
        QuestionType::Other,
    ];

    /// The type's name as stored and shown (lower case, like the word itself).
    pub fn as_str(self) -> &'static str {
        match self {
            QuestionType::What => "what",
            QuestionType::Which => "which",
            QuestionType::How => "how",
            QuestionType::When => "when",
            QuestionType::Why => "why",
            QuestionType::Where => "where",
            QuestionType::Who => "who",
            QuestionType::Other => "other",
        }
    }
}

impl fmt::Display for QuestionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for QuestionType {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim();
        QuestionType::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                format!(
                    "'{wanted}' is not a question type (expected what, which, how, when, why, \
                     where, who or other)"
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for level in BloomLevel::LEVELS
            .into_iter()
            .chain([BloomLevel::Uncategorized])
        {
            assert_eq!(level.as_str().parse::<BloomLevel>(), Ok(level));
        }
        for t in QuestionType::ALL {
            assert_eq!(t.as_str().to_uppercase().parse::<QuestionType>(), Ok(t));
        }
        assert!("Remember".parse::<BloomLevel>().is_err());
    }
}
